"""The report assembled from its parts (the standings, travellers and
matches of :mod:`pbnscore.report._standings`, ``_travellers`` and
``_matches``, :mod:`pbnscore.report._cards`' board pages and scorecards, and
the double-dummy tables of :mod:`pbnscore.report._dd`), for text and HTML."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pbnscore.model import ScoredEvent
from pbnscore.report import _cards, _dd, _matches, _standings, _travellers
from pbnscore.report._shared import source_name, team_records
from pbnscore.report._view import (
    BoardView,
    Column,
    Report,
    Table,
    _facts,
    _options,
    make_table,
    team_names,
)


def build(scored: ScoredEvent, *, dd: bool = False) -> Report:
    """Everything a person sees, in reading order; ``dd``: each board with a
    deal with its double-dummy table and par (:mod:`pbnscore.report._dd`)."""
    event = scored.event
    teams = team_names(event)
    places = _cards.places(scored)
    boards = _cards.board_anchors(scored.boards)
    cards = _cards.participant_anchors(scored.standings)
    return Report(
        title=event.title or source_name(event),
        facts=_facts(event),
        method=scored.method,
        options=_options(scored.options),
        standings=_standings.tables(scored.standings, teams, cards, team_records(scored.matches)),
        grid=_matches.grid(scored.matches, teams),
        matches=_matches.tables(_matches.in_play_order(scored.matches, event), teams),
        boards=_board_views(scored, teams, places, boards, dd),
        scorecards=_cards.scorecards(_cards.Sources(scored, places, boards, cards, teams)),
    )


def _board_views(
    scored: ScoredEvent,
    teams: Mapping[str, str],
    places: list[Any],
    anchors: list[str],
    dd: bool = False,
) -> tuple[BoardView, ...]:
    facts = [
        _cards.facts_of(place.board, board.number)
        for place, board in zip(places, scored.boards, strict=True)
    ]
    analyses: list[Any] = [None] * len(places)
    if dd:
        analyses = _dd.analyse([place.board for place in places], facts)
    views = []
    match_imps = _travellers.match_imps(scored, teams)
    players = _travellers.pair_players(scored.event)
    for board, title, place, anchor, (dealer, vulnerability), analysis in zip(
        scored.boards,
        _travellers.titles(scored, teams),
        places,
        anchors,
        facts,
        analyses,
        strict=True,
    ):
        datum = _cards.datum_fact(board)
        views.append(
            BoardView(
                anchor,
                title,
                (f"Dealer {dealer}", f"Vul {vulnerability}"),
                _cards.diagram(place, board.number),
                _travellers.traveller(board, title, datum, match_imps(board), players),
                () if analysis is None else (_dd_table(analysis),),
            )
        )
    return tuple(views)


def _dd_table(analysis: Any) -> Table:
    """Makeable contracts: the level each declarer makes in each strain
    (tricks − 6; "–" for fewer than seven tricks), and the par."""
    rows = [
        (
            seat.value,
            *(
                str(tricks - 6) if (tricks := analysis.tricks[seat, strain]) >= 7 else "–"
                for strain in _dd.STRAINS
            ),
        )
        for seat in _dd.DECLARERS
    ]
    source = "" if analysis.source == "endplay" else f" (from the file's {analysis.source})"
    return make_table(
        "double-dummy",
        f"Makeable contracts{source}. {analysis.par_label}",
        (Column("Declarer"), *(Column(strain, numeric=True) for strain in _dd.STRAINS)),
        rows,
    )
