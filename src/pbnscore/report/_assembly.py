"""The report assembled from its parts (the standings, travellers and
matches of :mod:`pbnscore.report._standings`, ``_travellers`` and
``_matches``, :mod:`pbnscore.report._cards`' board pages and scorecards, and
the double-dummy tables of :mod:`pbnscore.report._dd`), for text and HTML."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pbnscore.model import ParticipantKind, ScoredEvent
from pbnscore.report import _cards, _dd, _matches, _standings, _travellers, _why
from pbnscore.report._shared import source_name, team_records
from pbnscore.report._view import (
    BOARD_NOTE,
    BoardView,
    Column,
    Report,
    Table,
    event_facts,
    how_scored,
    make_table,
    options_shown,
    team_names,
)
from pbnscore.report._view import identity as _view_identity


def build(scored: ScoredEvent, *, dd: bool = False) -> Report:
    """Everything a person sees, in reading order; ``dd``: each board with a
    deal with its double-dummy table and par (:mod:`pbnscore.report._dd`)."""
    event = scored.event
    teams = team_names(event)
    places = _cards.places(scored)
    boards = _cards.board_anchors(scored.boards)
    cards = _cards.participant_anchors(scored.standings)
    hand_record = not any(
        line.result.score is not None for b in scored.boards for line in b.results
    )
    whys = [] if hand_record else _why.whys(scored, boards)
    if hand_record:
        return Report(
            title=event.title or source_name(event),
            facts=event_facts(event),
            method=scored.method,
            options=(),
            standings=(),
            grid=None,
            matches=(),
            boards=_board_views(scored, teams, places, boards, dd, whys),
            source=source_name(event),
            hand_record=True,
        )
    seats = _seat_cards(scored, cards)
    return Report(
        title=event.title or source_name(event),
        facts=event_facts(event),
        method=scored.method,
        options=options_shown(scored.options),
        standings=_standings.tables(scored.standings, teams, cards, team_records(scored.matches)),
        grid=_matches.grid(scored.matches, teams, seats),
        matches=_matches.tables(
            _matches.in_play_order(scored.matches, event), teams, seats, _match_notes(scored, whys)
        ),
        boards=_board_views(scored, teams, places, boards, dd, whys, seats),
        scorecards=_cards.scorecards(
            _cards.Sources(scored, places, boards, cards, teams, whys=whys, seat_cards=seats)
        ),
        scoring=how_scored(scored.method, scored.options),
        source=source_name(event),
    )


def _match_notes(scored: ScoredEvent, whys: list[dict[int, _why.Why]]) -> dict[Any, str]:
    """Each match board (:func:`pbnscore.report._travellers.match_board`)
    -> the anchor of its note of the match's IMPs."""
    if not scored.matches:
        return {}
    key = _travellers.match_board(scored.event)
    return {
        key(board): notes[BOARD_NOTE].anchor
        for board, notes in zip(scored.boards, whys, strict=True)
        if BOARD_NOTE in notes
    }


def _scored(line: Any) -> bool:
    """Whether a traveller line holds a result (a score, or an adjusted one)."""
    return line.result.score is not None or line.result.adjusted is not None


def _seat_cards(scored: ScoredEvent, cards: Mapping[Any, str]) -> dict[tuple[Any, ...], str]:
    """A number seen at a table -> its scorecard: by (section, number,
    direction), and by (section, number) where the number is one pair's; a
    player of an individual by (ParticipantKind.PLAYER, section, number), a
    team by (ParticipantKind.TEAM, None, number)."""
    found: dict[tuple[Any, ...], str] = {}
    for standing in scored.standings:
        p = standing.participant
        card = cards.get(_view_identity(p))
        if card is None:
            continue
        section = p.section if p.team is None else None
        if p.kind is ParticipantKind.TEAM:
            found.setdefault((p.kind, None, p.id), card)
            continue
        if p.kind is ParticipantKind.PLAYER:
            found.setdefault((p.kind, section, p.id), card)
        found[(section, p.id, p.direction.value if p.direction else None)] = card
        found.setdefault((section, p.id), card)
    return found


def _board_views(
    scored: ScoredEvent,
    teams: Mapping[str, str],
    places: list[Any],
    anchors: list[str],
    dd: bool = False,
    whys: list[dict[int, _why.Why]] | None = None,
    seats: Mapping[tuple[Any, ...], str] | None = None,
) -> tuple[BoardView, ...]:
    facts = [
        _cards.facts_of(place.board, board.number)
        for place, board in zip(places, scored.boards, strict=True)
    ]
    analyses: list[Any] = [None] * len(places)
    if dd:
        analyses = _dd.analyse([place.board for place in places], facts)
    views = []
    match_imps = _travellers.match_imps(scored, teams, seats)
    players = _travellers.pair_players(scored.event)
    notes = whys or [{} for _ in places]
    for at, (board, heading, place, anchor, (dealer, vulnerability), analysis) in enumerate(
        zip(
            scored.boards,
            _travellers.titles(scored, teams, seats),
            places,
            anchors,
            facts,
            analyses,
            strict=True,
        )
    ):
        datum, title = _cards.datum_fact(board), str(heading)
        traveller = _travellers.traveller(
            board, title, datum, match_imps(board), players, notes[at], seats or {}
        )
        views.append(
            BoardView(
                anchor,
                title,
                (f"Dealer {dealer}", f"Vul {vulnerability}"),
                _cards.diagram(place, board.number),
                traveller,
                () if analysis is None else (_dd_table(analysis),),
                whys=tuple(notes[at][key] for key in sorted(notes[at])),
                previous=anchors[at - 1] if at else None,
                next=anchors[at + 1] if at + 1 < len(anchors) else None,
                heading=heading,
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
