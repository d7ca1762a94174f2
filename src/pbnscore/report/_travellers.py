"""Each board's traveller in a report: its title, its results in table
order with the points each side scored, and a teams match's IMPs on it."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from pbnscore.model import (
    Event,
    EventKind,
    Outcome,
    ParticipantKind,
    Result,
    ScoredBoard,
    ScoredEvent,
    ScoredMatch,
    ScoredResult,
)
from pbnscore.report._view import (
    BOARD_NOTE,
    Cell,
    Column,
    Linked,
    Part,
    Table,
    column,
    join_heading,
    join_title,
    labelled,
    make_table,
    natural,
    several,
    team_heading,
)

_TRAVELLER_COLUMNS = (
    # A teams table by its room (the file's Open, Closed; else "table N"),
    # pairs and individuals by table number.
    Column("Room"),
    Column("Table"),
    Column("NS"),
    Column("EW"),
    # A teams event's pairs by their players' names, where the file has them.
    Column("NS players", flexible=True),
    Column("EW players", flexible=True),
    # An individual's players, each side's two together.
    Column("N"),
    Column("S"),
    Column("E"),
    Column("W"),
    Column("Contract"),
    Column("By"),
    Column("Lead"),
    Column("Tricks", numeric=True),
    Column("Score", numeric=True),
    Column("NS pts", numeric=True),
    Column("EW pts", numeric=True),
    # The director's ruling that made the result (a corrections file's reason).
    Column("Ruling", flexible=True),
    # A teams match's board: its IMPs, beside the two rooms' scores.
    Column("Match IMPs"),
)
# Every column but the score may be empty throughout: aggregate gives IMPs
# per match, not per result (no points columns); pairs events show pair
# numbers, individual events players.
_TRAVELLER_OPTIONAL = frozenset(c.title for c in _TRAVELLER_COLUMNS) - {"Score"}


def titles(
    scored: ScoredEvent, teams: Mapping[str, str], cards: Mapping[tuple[Any, ...], str] | None
) -> list[Linked]:
    """Each board's title; the teams that played it (a teams event) linked
    to their scorecards (``cards``, by team: :func:`pbnscore.report._view.team_card`)."""
    boards = scored.boards
    with_session = several(board.session for board in boards)
    titles = [
        join_title(
            f"Board {board.number}",
            labelled("Session", board.session) if with_session else None,
            labelled("Section", board.section),
        )
        for board in boards
    ]
    # A teams event scored match by match has a "Board 1" for each match:
    # name the teams that played it.
    repeated = {title for title, count in Counter(titles).items() if count > 1}
    team_of = _pair_teams(scored.event) if repeated else {}
    return [
        join_heading(title, _teams_at(board, team_of, teams, cards) if title in repeated else None)
        for title, board in zip(titles, boards, strict=True)
    ]


def _pair_teams(event: Event) -> dict[str, str]:
    """Pair id -> the id of its team, for the pairs of a teams event."""
    team_of = {}
    for participant in event.participants():
        for member in participant.members:
            team_of[member.id] = participant.id
        if participant.team is not None:
            team_of[participant.id] = participant.team
    return team_of


def _teams_at(
    board: ScoredBoard,
    team_of: Mapping[str, str],
    teams: Mapping[str, str],
    cards: Mapping[tuple[Any, ...], str] | None,
) -> Linked:
    sides = [side for r in board.results for side in (r.result.ns, r.result.ew) if side]
    playing = dict.fromkeys(team_of[side] for side in sides if side in team_of)
    between = (Part(" v "),)
    return Linked(
        tuple(
            part
            for at, team in enumerate(playing)
            for part in (*(between if at else ()), *team_heading(team, teams, cards).parts)
        )
    )


MatchBoard = tuple[str | None, frozenset[str], int]  # session, the two teams, board number


def match_key(match: ScoredMatch, number: int) -> MatchBoard:
    """A match's board, as :func:`match_board` finds it from a traveller."""
    return match.session, frozenset((match.team, match.opponent)), number


def match_board(event: Event) -> Callable[[ScoredBoard], MatchBoard]:
    """A scored board -> the match board it is: its session, the teams its
    pairs play for and its number."""
    team_of = _pair_teams(event)

    def key(board: ScoredBoard) -> MatchBoard:
        sides = {side for r in board.results for side in (r.result.ns, r.result.ew) if side}
        return board.session, frozenset(team_of[s] for s in sides if s in team_of), board.number

    return key


MatchImps = tuple[Linked, str]  # who gained a match board's IMPs, and how many


def match_imps(
    scored: ScoredEvent,
    teams: Mapping[str, str],
    cards: Mapping[tuple[Any, ...], str] | None = None,
) -> Callable[[ScoredBoard], MatchImps | None]:
    """A teams match's board -> its IMPs for the match: the team that
    gained them (linked to its scorecard, ``cards``) and ``+4``, or no
    team and ``0``; None for a board of no one match."""
    if not scored.matches:
        return lambda board: None
    key = match_board(scored.event)
    by_board = {
        match_key(match, imps.number): (match, imps)
        for match in scored.matches
        for imps in match.boards
    }

    def imps_of(board: ScoredBoard) -> MatchImps | None:
        found = by_board.get(key(board))
        if found is None:
            return None
        match, imps = found
        gained = imps.imps
        if gained == 0:
            return Linked(()), "0"
        winner = match.team if gained > 0 else match.opponent
        (shown,) = column([gained if gained > 0 else -gained])  # whole where whole
        return team_heading(winner, teams, cards), f"+{shown}"

    return imps_of


def pair_players(event: Event) -> dict[str, str] | None:
    """A teams event's pair id -> its players' names, where the file gives
    them; None for a pairs event (its travellers name pairs by number, as
    scorers do)."""
    if event.kind is not EventKind.TEAMS:
        return None
    return {
        member.id: " & ".join(member.names)
        for team in event.participants()
        for member in team.members
        if member.names
    }


def traveller(
    board: ScoredBoard,
    title: str,
    note: str | None,
    match_imps: MatchImps | None = None,
    players: Mapping[str, str] | None = None,
    whys: Mapping[int, Any] | None = None,
    seats: Mapping[tuple[Any, ...], str] | None = None,
) -> Table:
    """A board's results in table order. In the page a pair's number and
    names, and an individual's player's number, link to its scorecard (``seats``, from
    :func:`pbnscore.report._assembly.build`) and each figure to how it came
    about (``whys``, by result position: :mod:`pbnscore.report._why`)."""
    teams = players is not None
    whys = whys or {}
    ordered = _by_table(board.results)
    rows = [_traveller_row(scored, players or {}, teams) for _, scored in ordered]
    section = None if teams else board.section
    links = []
    for index, scored in ordered:
        why = whys.get(index)
        ns = _seat(seats, section, scored.result.ns, "NS")
        ew = _seat(seats, section, scored.result.ew, "EW")
        anchor = why.anchor if why is not None else None
        linked = {"NS": ns, "EW": ew, "NS players": ns, "EW players": ew}
        linked |= {"NS pts": anchor, "EW pts": anchor}
        # An individual's players, each by the number it played under.
        seated = zip("NESW", (*scored.result.players, None, None, None, None)[:4], strict=True)
        linked |= {
            seat: (seats or {}).get((ParticipantKind.PLAYER, section, player))
            for seat, player in seated
        }
        links.append(tuple(linked.get(column.title) for column in _TRAVELLER_COLUMNS))
    if rows and match_imps is not None:
        # "DENMARK +4": the team to its scorecard, the IMPs to how they came about.
        who, figure = match_imps
        board_why = whys.get(BOARD_NOTE)
        imps = Part(figure, board_why.anchor if board_why is not None else None)
        space = (Part(" "),) if who.parts else ()
        rows[0] = (*rows[0][:-1], Linked((*who.parts, *space, imps)))
    return make_table(
        "traveller",
        title,
        _TRAVELLER_COLUMNS,
        rows,
        optional=_TRAVELLER_OPTIONAL,
        drop=frozenset({"Table"} if teams else ()),
        note=note,
        links=links if (seats or whys) else (),
    )


def _seat(
    seats: Mapping[tuple[Any, ...], str] | None, section: str | None, number: str | None, side: str
) -> str | None:
    """The scorecard of the pair that sat ``side`` with ``number``."""
    if not seats or number is None:
        return None
    return seats.get((section, number, side)) or seats.get((section, number))


def _by_table(results: Iterable[ScoredResult]) -> list[tuple[int, ScoredResult]]:
    """The results, each with its position on the board, in table order (2
    before 10) where every one names its table; else as the file gives them."""
    listed = list(enumerate(results))
    if any(scored.result.table is None for _, scored in listed):
        return listed
    return sorted(listed, key=lambda item: natural(item[1].result.table or ""))


def _traveller_row(
    scored: ScoredResult, players: Mapping[str, str], teams: bool = False
) -> tuple[Cell, ...]:
    result = scored.result
    north, east, south, west = (*result.players, None, None, None, None)[:4]
    return (
        (result.room or (f"table {result.table}" if result.table else "")) if teams else "",
        result.table or "",
        result.ns or "",
        result.ew or "",
        players.get(result.ns or "", ""),
        players.get(result.ew or "", ""),
        north or "",
        south or "",
        east or "",
        west or "",
        result.contract_text or "",
        result.declarer.value if result.declarer else "",
        result.lead or "",
        "" if result.tricks is None else str(result.tricks),
        score_text(scored),
        scored.ns_points,
        scored.ew_points,
        result.ruling or "",
        "",
    )


def score_text(scored: ScoredResult) -> str:
    return outcome_text(scored.result)


def outcome_text(result: Result) -> str:
    """A result's NS score, or what happened instead."""
    if result.score is not None:
        return str(result.score)
    if result.adjusted is not None:
        return result.adjusted.code  # the source's own spelling, e.g. A6040
    return "not played" if result.outcome is Outcome.NOT_PLAYED else ""
