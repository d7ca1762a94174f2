"""A teams event's matches in a report: the list of matches in play order,
each match's IMPs board by board, and the teams-by-teams grid."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping
from fractions import Fraction
from typing import Any

from pbnscore.model import (
    Event,
    Points,
    ScoredMatch,
)
from pbnscore.report._travellers import match_key
from pbnscore.report._view import (
    Cell,
    Column,
    Grid,
    Linked,
    Part,
    Table,
    column,
    join_heading,
    labelled,
    make_table,
    natural,
    points,
    several,
    team_card,
    team_heading,
    team_label,
)

_MATCH_COLUMNS = (
    Column("Session"),
    Column("Round", numeric=True),
    Column("Team", flexible=True),
    Column("Opponent", flexible=True),
    Column("IMPs", numeric=True),
    Column("Opp IMPs", numeric=True),
    Column("VP", numeric=True, decimals=True),
    Column("Opp VP", numeric=True, decimals=True),
    # The opponent's IMPs gained and lost from its own side, where an
    # artificial board does not balance (Law 12C2): what Opp VP comes from.
    Column("Opp's view", numeric=True),
)


def in_play_order(matches: Iterable[ScoredMatch], event: Event) -> tuple[ScoredMatch, ...]:
    """Each session's matches by round, then by the lowest table the match
    played at (as a scorer's sheet lists them); in the file's order where it
    names neither."""
    tables: dict[tuple[str | None, str, str], tuple[int, int, str]] = {}
    for session in event.sessions:
        for match in session.matches:
            played = [natural(r.table) for b in match.boards for r in b.results if r.table]
            if played:
                tables[session.id, match.team, match.opponent] = min(played)
    sessions: dict[str | None, int] = {}

    def place(match: ScoredMatch) -> tuple[int, int, tuple[int, int, str]]:
        at = sessions.setdefault(match.session, len(sessions))
        table = tables.get((match.session, match.team, match.opponent), (2, 0, ""))
        return at, match.round or 0, table

    return tuple(sorted(matches, key=place))


def tables(
    matches: tuple[ScoredMatch, ...],
    teams: Mapping[str, str],
    cards: Mapping[tuple[Any, ...], str] | None = None,
    notes: Mapping[Any, str] | None = None,
) -> tuple[Table, ...]:
    """The list of matches, then each match's IMPs board by board. In the
    page each team links to its scorecard (``cards``, by
    (ParticipantKind.TEAM, None, team): :func:`pbnscore.report._assembly.build`)
    and each board's IMPs to how they came about (``notes``, by
    :func:`pbnscore.report._travellers.match_key`)."""
    if not matches:
        return ()
    with_session = several(match.session for match in matches)
    listing = make_table(
        "matches",
        None,
        _MATCH_COLUMNS,
        (_match_row(match, teams, with_session) for match in matches),
        optional=frozenset({"Session", "Round", "VP", "Opp VP", "Opp's view"}),
        links=[
            (None, None, team_card(cards, m.team), team_card(cards, m.opponent), *_NO_LINKS)
            for m in matches
        ],
    )
    return (
        listing,
        *(_match_boards(match, teams, with_session, notes or {}, cards) for match in matches),
    )


def _match_row(
    match: ScoredMatch, teams: Mapping[str, str], with_session: bool
) -> tuple[Cell, ...]:
    view = "" if match.opponent_view is None else "–".join(column(list(match.opponent_view)))
    scores: tuple[Cell, ...] = (match.imps, match.opponent_imps, match.vp, match.opponent_vp, view)
    return (
        (match.session or "") if with_session else "",
        "" if match.round is None else str(match.round),
        team_label(match.team, teams),
        team_label(match.opponent, teams),
        # Said once, where the figures would be.
        *((NOT_PLAYED, "", "", "", "") if not match.boards else scores),
    )


_NO_LINKS = (None,) * (len(_MATCH_COLUMNS) - 4)  # the figures after the two teams


NOT_PLAYED = "not played"  # a match in which no board was played: no IMPs, no VPs


def _match_boards(
    match: ScoredMatch,
    teams: Mapping[str, str],
    with_session: bool,
    notes: Mapping[Any, str],
    cards: Mapping[tuple[Any, ...], str] | None,
) -> Table:
    """A match's IMPs board by board, sideways: a scorecard's two lines
    rather than a column as long as the match; each figure linked to its
    board's note, the team each line's IMPs go to to its scorecard."""
    rows = _board_rows(match, cards)
    linked = (None, *(notes.get(match_key(match, board.number)) for board in match.boards))
    home, away = team_heading(match.team, teams, cards), team_heading(match.opponent, teams, cards)
    return make_table(
        "match-boards",
        join_heading(
            Linked((*home.parts, Part(" v "), *away.parts)),
            labelled("Session", match.session) if with_session else None,
            labelled("Round", None if match.round is None else str(match.round)),
        ),
        (Column("Board"), *(Column(str(b.number), numeric=True) for b in match.boards)),
        rows,
        sideways=True,
        links=[linked] * len(rows) if any(linked) else (),
    )


def _board_rows(
    match: ScoredMatch, cards: Mapping[tuple[Any, ...], str] | None
) -> tuple[tuple[Cell, ...], ...]:
    """The home team's IMPs board by board; the away team's too where an
    artificial board does not balance (else they are the negation)."""

    def to(team: str) -> Linked:
        return Linked((Part("IMPs to "), Part(team, team_card(cards, team))))

    home = (to(match.team), *(b.imps for b in match.boards))
    if all(b.opponent_imps is None for b in match.boards):
        return (home,)
    away = [-b.imps if b.opponent_imps is None else b.opponent_imps for b in match.boards]
    return home, (to(match.opponent), *away)


def grid(
    matches: tuple[ScoredMatch, ...],
    teams: Mapping[str, str],
    cards: Mapping[tuple[Any, ...], str] | None = None,
) -> Grid | None:
    """Teams x teams, each cell seen from the row's team; each row's team
    linked to its scorecard (``cards``, as for :func:`tables`)."""
    if not matches:
        return None
    order = sorted(
        dict.fromkeys(team for m in matches for team in (m.team, m.opponent)), key=_team_order
    )
    lines: dict[tuple[str, str], list[str]] = defaultdict(list)
    # The grid's IMPs are one column to the eye: whole only if all are.
    whole = all(_whole(m) for m in matches)
    for match in matches:
        played = bool(match.boards)
        for team, opponent in ((match.team, match.opponent), (match.opponent, match.team)):
            cell = _cell(*match.imps_of(team), *match.vps_of(team), whole=whole, played=played)
            lines[team, opponent] += cell
    return Grid(
        labels=tuple(order),
        names=tuple(team_label(team, teams) for team in order),
        anchors=tuple(team_card(cards, team) for team in order),
        cells=tuple(
            tuple(None if row == col else tuple(lines[row, col]) for col in order) for row in order
        ),
    )


def _team_order(team: str) -> tuple[int, int, str]:
    # Team numbers in numeric order (2 before 10), as on a printed grid; by
    # length then digits, as int() fails on "²" and on 5000 digits.
    digits = team.lstrip("0")
    return (0, len(digits), digits) if team.isdecimal() else (1, 0, team)


def _whole(match: ScoredMatch) -> bool:
    seen = (*match.imps_of(match.team), *match.imps_of(match.opponent))
    return all(Fraction(imps).denominator == 1 for imps in seen)


def _cell(
    imps: Points,
    opponent_imps: Points,
    vp: Points | None,
    opponent_vp: Points | None,
    *,
    whole: bool,
    played: bool = True,
) -> list[str]:
    if not played:
        return [NOT_PLAYED]
    shown = column([imps, opponent_imps], decimals=not whole)
    cell = [f"IMPs {shown[0]}–{shown[1]}"]
    if vp is not None and opponent_vp is not None:
        cell.append(f"VP {points(vp)}–{points(opponent_vp)}")
    return cell
