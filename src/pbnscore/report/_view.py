"""What a person sees of a scored event, decided once for text and HTML.

:func:`build` turns a :class:`ScoredEvent` into a :class:`Report`: headings,
tables of display strings and a teams grid. The text and HTML renderers only
lay these out, so both show the same rows, labels and numbers.

Numbers as scorers write them (:func:`column`): a column of points (IMPs,
totals, averages) whose values are all whole shows them whole (``3``,
``-12``); a column with any fraction shows two decimals throughout; VPs
always two decimals; the datum as an integer. Exact halves round away from
zero.
"""

from __future__ import annotations

import enum
from collections import Counter, defaultdict
from collections.abc import Callable, Hashable, Iterable, Mapping
from fractions import Fraction
from pathlib import PurePath
from typing import Any, TypeVar

import attrs

from pbnscore.figures import points_text
from pbnscore.model import (
    Event,
    EventKind,
    Outcome,
    Participant,
    ParticipantKind,
    Points,
    Result,
    ScoredBoard,
    ScoredEvent,
    ScoredMatch,
    ScoredResult,
    Seat,
    Standing,
)

Identity = tuple[str, str, str | None, str | None, str | None]


def identity(participant: Participant) -> Identity:
    p = participant
    direction = p.direction.value if p.direction else None
    return (p.kind.value, p.id, direction, p.section, p.team)


# -- number formats -----------------------------------------------------------


def points(value: Fraction | int | float | None) -> str:
    """IMPs, totals and VPs with two decimals (:func:`pbnscore.figures.points_text`);
    empty for None."""
    return "" if value is None else points_text(value)


def column(values: Iterable[Points | float | None], decimals: bool = False) -> list[str]:
    """A column of figures as it is shown: whole numbers whole where every
    value is whole (and ``decimals`` is not asked for), else two decimals
    throughout; None shows empty."""
    values = list(values)
    whole = not decimals and all(v is None or Fraction(v).denominator == 1 for v in values)
    if whole:
        return ["" if v is None else str(int(v)) for v in values]
    return [points(v) for v in values]


Cell = str | Fraction | int | None
"""A cell as a table is built: a display string, or a figure (a point
figure, None where there is none) that :func:`_table` formats with the rest
of its column."""


def rank_label(standing: Standing) -> str:
    """``3=`` for a shared place; ``–`` for who did not play (no rank)."""
    if standing.rank is None:
        return NO_RANK
    return f"{standing.rank}=" if standing.tied else str(standing.rank)


NO_RANK = "–"
DID_NOT_PLAY = "did not play"  # in place of the total of who scored no board


# -- the report's shape ---------------------------------------------------------


@attrs.frozen
class Column:
    title: str
    numeric: bool = False
    # Text may truncate a flexible column to keep lines short (names).
    flexible: bool = False
    decimals: bool = False  # figures always with two decimals (VPs)


@attrs.frozen
class Table:
    """A titled table of display strings. ``kind`` names what it shows
    (``standings``, ``traveller``, ``matches``, ``match-boards``)."""

    kind: str
    title: str | None
    columns: tuple[Column, ...]
    rows: tuple[tuple[str, ...], ...]
    note: str | None = None  # shown under the title, e.g. "Datum 420"
    # A wide table laid out sideways (one column a board): text may break
    # its columns into blocks, each led by the first column.
    sideways: bool = False
    # Per row, per column: the anchor a cell links to in the page (a
    # standing's scorecard, a scorecard's board), or None. Empty: no links.
    links: tuple[tuple[str | None, ...], ...] = ()

    def link(self, row: int, column: int) -> str | None:
        return self.links[row][column] if self.links else None


@attrs.frozen
class Grid:
    """Teams x teams: ``cells[i][j]`` is team i's results against team j, one
    line per match ("IMPs 12.00–4.00", "VP 13.50–6.50"); None on the diagonal."""

    labels: tuple[str, ...]  # short, for column heads
    names: tuple[str, ...]  # long, for row heads
    cells: tuple[tuple[tuple[str, ...] | None, ...], ...]


@attrs.frozen
class Report:
    title: str
    facts: tuple[tuple[str, str], ...]  # ("Date", "2026-03-09"), ("Club", ...)
    method: str
    options: tuple[tuple[str, str], ...]
    standings: tuple[Table, ...]
    grid: Grid | None
    matches: tuple[Table, ...]
    boards: tuple[BoardView, ...]
    scorecards: tuple[Scorecard, ...] = ()


@attrs.frozen
class Diagram:
    """A deal as four hands (spades first; a seat absent where not given),
    with the board's dealer and vulnerability."""

    hands: Mapping[Seat, tuple[str, str, str, str]]
    dealer: str
    vulnerability: str


@attrs.frozen
class BoardView:
    """One board: its facts (dealer, vulnerability, datum and how it was
    formed), its deal where the file gives one, its traveller and any
    analysis (double-dummy tables)."""

    anchor: str
    title: str
    facts: tuple[str, ...]
    diagram: Diagram | None
    traveller: Table
    analysis: tuple[Table, ...] = ()


@attrs.frozen
class Scorecard:
    """One participant's boards, in play order, with a running total."""

    anchor: str
    title: str
    table: Table


# -- header ---------------------------------------------------------------------


def _facts(event: Event) -> tuple[tuple[str, str], ...]:
    facts = [
        ("Date", event.date.isoformat() if event.date else None),
        ("Club", event.club.name if event.club else None),
        ("Event", event.kind.value),
        ("Source", source_name(event)),
    ]
    return tuple((label, value) for label, value in facts if value)


def source_name(event: Event) -> str:
    """The input file's base name; ``<stdin>`` stays as it is."""
    return PurePath(event.source.name).name or event.source.name


def _options(options: Mapping[str, object]) -> tuple[tuple[str, str], ...]:
    # Shown as the CLI spells them: --imp-gaps lower, --double yes.
    return tuple((name.replace("_", "-"), option_value(value)) for name, value in options.items())


def option_value(value: object) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, enum.Enum):
        value = value.value
    if isinstance(value, Fraction):
        return str(value.numerator) if value.denominator == 1 else str(float(value))
    return str(value)


# -- tables ---------------------------------------------------------------------


def make_table(
    kind: str,
    title: str | None,
    columns: tuple[Column, ...],
    rows: Iterable[tuple[Cell, ...]],
    *,
    optional: frozenset[str] = frozenset(),
    drop: frozenset[str] = frozenset(),
    note: str | None = None,
    sideways: bool = False,
    links: Iterable[tuple[str | None, ...]] = (),
) -> Table:
    """A table without the ``optional`` columns that hold nothing (no
    tricks in the file, no tables named, a method without VPs) and without
    the ``drop`` columns; figures formatted column by column."""
    rows = _formatted(columns, list(rows), by_row=sideways)
    link_rows = list(links)
    keep = [
        index
        for index, column in enumerate(columns)
        if column.title not in drop
        and (column.title not in optional or any(row[index] for row in rows))
    ]
    return Table(
        kind,
        title,
        tuple(columns[i] for i in keep),
        tuple(tuple(row[i] for i in keep) for row in rows),
        note,
        sideways,
        tuple(tuple(row[i] for i in keep) for row in link_rows),
    )


def _formatted(
    columns: tuple[Column, ...], rows: list[tuple[Cell, ...]], by_row: bool
) -> list[tuple[str, ...]]:
    """Display strings: each column's figures by :func:`column` (each
    row's, in a sideways table, whose columns are boards)."""
    if by_row:
        return [
            (str(row[0] or ""), *column(c for c in row[1:] if not isinstance(c, str)))
            if _has_figures(row[1:])
            else _strings(row)
            for row in rows
        ]
    shown: list[list[str]] = []
    for index, col in enumerate(columns):
        cells = [row[index] for row in rows]
        if _has_figures(cells):
            figures = iter(column([c for c in cells if not isinstance(c, str)], col.decimals))
            shown.append([c if isinstance(c, str) else next(figures) for c in cells])
        else:
            shown.append(list(_strings(cells)))
    return [tuple(cells) for cells in zip(*shown, strict=True)] if shown else []


def _has_figures(cells: Iterable[Cell]) -> bool:
    return any(cell is None or not isinstance(cell, str) for cell in cells)


def _strings(cells: Iterable[Cell]) -> tuple[str, ...]:
    return tuple(cell if isinstance(cell, str) else "" for cell in cells)


def _several(sessions: Iterable[str | None]) -> bool:
    """Whether more than one session is shown: the one session of most
    events is not worth a column or a word in every title."""
    return len(set(sessions)) > 1


def join_title(*parts: str | None) -> str:
    return " · ".join(part for part in parts if part)


def labelled(label: str, value: str | None) -> str | None:
    return f"{label} {value}" if value is not None else None


# -- standings ------------------------------------------------------------------

_KINDS = {
    ParticipantKind.PAIR: ("Pairs", "Pair"),
    ParticipantKind.TEAM: ("Teams", "Team"),
    ParticipantKind.PLAYER: ("Players", "Player"),
}

# After "Rank" and the pair, team or player number.
_STANDING_COLUMNS = (
    Column("Dir"),
    Column("Name", flexible=True),
    Column("Names", flexible=True),
    Column("Total", numeric=True),
    # With --factor: the total scaled to the most boards played, ranked on.
    Column("Factored", numeric=True),
    Column("Boards", numeric=True),
    Column("Average", numeric=True),
)


def _standings(
    standings: Iterable[Standing],
    teams: Mapping[str, str],
    cards: Mapping[Any, str],
    records: Mapping[str, TeamRecord] | None = None,
) -> tuple[Table, ...]:
    """One table per separately ranked field; pairs that belong to a team
    (barking, cross-IMPs of a teams event) grouped under their team. Teams
    scored by matches (``records``) show their VPs with IMPs for and against."""
    everyone = list(standings)
    loose = [s for s in everyone if s.participant.team is None]
    several_sessions = _several(s.session for s in everyone)
    tables = [
        _teams_table(group, _field_title(group, several_sessions, split), records, cards)
        if records and group[0].participant.kind is ParticipantKind.TEAM
        else _standings_table(group, _field_title(group, several_sessions, split), not split, cards)
        for group, split in _fields(loose)
    ]
    tables += [
        _standings_table(group, join_title(f"Team {team}", teams.get(team)), cards=cards)
        for team, group in _by_team(everyone).items()
    ]
    return tuple(tables)


def standing_groups(standings: Iterable[Standing]) -> list[list[Standing]]:
    """The standings as the reports list them: each separately ranked
    field, then each team's pairs."""
    everyone = list(standings)
    loose = [s for s in everyone if s.participant.team is None]
    return [group for group, _ in _fields(loose)] + list(_by_team(everyone).values())


def _standings_table(
    group: list[Standing], title: str, directions: bool = True, cards: Mapping[Any, str] = {}
) -> Table:
    """``directions`` False: the title names the one direction of the
    field. A participant's number and names link to its scorecard."""
    number = Column(_KINDS[group[0].participant.kind][1])
    links = [
        (None, card, None, card, card, None, None, None, None)
        for card in (cards.get(identity(s.participant)) for s in group)
    ]
    return make_table(
        "standings",
        title,
        (Column("Rank"), number, *_STANDING_COLUMNS),
        (_standing_row(s) for s in group),
        optional=frozenset({"Dir", "Name", "Names", "Factored"}),
        drop=frozenset() if directions else frozenset({"Dir"}),
        links=links if cards else (),
    )


@attrs.frozen
class TeamRecord:
    """A team's matches played (a match with no board played is none) and the
    IMPs it gained and lost in them, from its own side (README "Match IMPs
    from each side"): for less against is the net its VPs come from."""

    imps_for: Points = 0
    imps_against: Points = 0
    matches: int = 0
    on_vps: bool = False  # its total is VPs (not the net IMPs of --vp none)


def team_records(matches: Iterable[ScoredMatch]) -> dict[str, TeamRecord]:
    """Each team's record over the scored matches, by team id."""
    records: dict[str, TeamRecord] = {}
    for match in matches:
        if not match.boards:
            continue
        for team in (match.team, match.opponent):
            won, lost = match.imps_of(team)
            was = records.get(team, TeamRecord())
            records[team] = TeamRecord(
                was.imps_for + won,
                was.imps_against + lost,
                was.matches + 1,
                was.on_vps or match.vp is not None,
            )
    return records


def _teams_table(
    group: list[Standing],
    title: str,
    records: Mapping[str, TeamRecord],
    cards: Mapping[Any, str],
) -> Table:
    """Teams ranked on VPs (or net IMPs with ``--vp none``): the total says
    which, IMPs for and against and their difference stand beside it, and the
    average is per match."""
    vps = any(record.on_vps for record in records.values())
    columns = (
        Column("Rank"),
        Column("Team"),
        Column("Name", flexible=True),
        Column("IMPs for", numeric=True),
        Column("IMPs against", numeric=True),
        Column("Diff", numeric=True),
        Column("Matches", numeric=True),
        Column("VP" if vps else "Net IMPs", numeric=True),
        Column("Boards", numeric=True),
        Column("Average", numeric=True),  # per match
    )
    rows = []
    for standing in group:
        record = records.get(standing.participant.id, TeamRecord())
        per_match = Fraction(standing.total) / record.matches if record.matches else None
        imps: tuple[Cell, ...] = (
            (record.imps_for, record.imps_against, record.imps_for - record.imps_against)
            if standing.rank is not None
            else ("", "", "")
        )
        rows.append(
            (
                rank_label(standing),
                standing.participant.id,
                _team_name(standing.participant),
                *imps,
                str(record.matches),
                _total(standing),
                str(standing.boards),
                per_match,
            )
        )
    links = [
        (None, card, card) + (None,) * 7
        for card in (cards.get(identity(s.participant)) for s in group)
    ]
    return make_table(
        "standings",
        title,
        columns,
        rows,
        optional=frozenset({"Name"}),
        note="Average: VP per match" if vps else "Average: net IMPs per match",
        links=links if cards else (),
    )


def _standing_row(standing: Standing) -> tuple[Cell, ...]:
    participant = standing.participant
    return (
        rank_label(standing),
        participant.id,
        participant.direction.value if participant.direction else "",
        _team_name(participant),
        names(participant),
        _total(standing),
        "" if standing.factored is None else standing.factored,
        str(standing.boards),
        standing.average if standing.rank is not None else "",
    )


def _total(standing: Standing) -> Cell:
    """The total, or what stands for it where the participant did not play."""
    return DID_NOT_PLAY if standing.rank is None else standing.total


def kind_name(participant: Participant) -> str:
    """``Pair``, ``Team`` or ``Player``."""
    return _KINDS[participant.kind][1]


def names(participant: Participant) -> str:
    return " & ".join(participant.names)


def _fields(standings: list[Standing]) -> list[tuple[list[Standing], bool]]:
    """The separately ranked fields, each with whether it is one direction
    of a two-winner movement: split by kind, session and section, and by
    direction where each direction was ranked from 1."""
    fields: list[tuple[list[Standing], bool]] = []
    for group in _group(standings, _field_key).values():
        by_direction = _group(group, lambda s: s.participant.direction)
        split = len(by_direction) > 1 and all(
            min((s.rank for s in part if s.rank is not None), default=None) == 1
            for part in by_direction.values()
        )
        fields += [(part, True) for part in by_direction.values()] if split else [(group, False)]
    return fields


def _field_key(standing: Standing) -> Hashable:
    return (standing.participant.kind, standing.session, standing.participant.section)


def _field_title(group: list[Standing], with_session: bool, by_direction: bool) -> str:
    first = group[0]
    direction = first.participant.direction
    return join_title(
        _KINDS[first.participant.kind][0],
        labelled("Session", first.session) if with_session else None,
        labelled("Section", first.participant.section),
        direction.value if by_direction and direction else None,
    )


def _by_team(everyone: list[Standing]) -> dict[str, list[Standing]]:
    """Pairs that belong to a team, by team: teams in the order of the team
    standings, then any team that was not ranked."""
    grouped = _group(
        (s for s in everyone if s.participant.team is not None),
        lambda s: s.participant.team or "",
    )
    order = [s.participant.id for s in everyone if s.participant.kind is ParticipantKind.TEAM]
    ranked = {team: grouped.pop(team) for team in order if team in grouped}
    return {**ranked, **grouped}


K = TypeVar("K", bound=Hashable)


def _group(standings: Iterable[Standing], key: Callable[[Standing], K]) -> dict[K, list[Standing]]:
    """Standings by ``key``, groups and members in their first order."""
    groups: dict[K, list[Standing]] = defaultdict(list)
    for standing in standings:
        groups[key(standing)].append(standing)
    return dict(groups)


def _team_name(participant: Participant) -> str:
    """A team's name where it says more than its id (PBN teams are
    identified by their names: "Lions Lions" would say it twice)."""
    if participant.kind is not ParticipantKind.TEAM or participant.name == participant.id:
        return ""
    return participant.name or ""


def _team_names(event: Event) -> dict[str, str]:
    """Team id -> its name, for teams whose name says more than the id."""
    return {p.id: name for p in event.participants() if (name := _team_name(p))}


def team_label(team: str, teams: Mapping[str, str]) -> str:
    return f"{team} {teams[team]}" if team in teams else team


# -- travellers -----------------------------------------------------------------

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
    # A teams match's board: its IMPs, beside the two rooms' scores.
    Column("Match IMPs"),
)
# Every column but the score may be empty throughout: aggregate gives IMPs
# per match, not per result (no points columns); pairs events show pair
# numbers, individual events players.
_TRAVELLER_OPTIONAL = frozenset(c.title for c in _TRAVELLER_COLUMNS) - {"Score"}


def _travellers(scored: ScoredEvent, teams: Mapping[str, str]) -> list[str]:
    """Each board's title."""
    boards = scored.boards
    with_session = _several(board.session for board in boards)
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
    if repeated:
        team_of = _pair_teams(scored.event)
        titles = [
            join_title(title, _teams_at(board, team_of, teams)) if title in repeated else title
            for title, board in zip(titles, boards, strict=True)
        ]
    return titles


def _pair_teams(event: Event) -> dict[str, str]:
    """Pair id -> the id of its team, for the pairs of a teams event."""
    team_of = {}
    for participant in event.participants():
        for member in participant.members:
            team_of[member.id] = participant.id
        if participant.team is not None:
            team_of[participant.id] = participant.team
    return team_of


def _teams_at(board: ScoredBoard, team_of: Mapping[str, str], teams: Mapping[str, str]) -> str:
    sides = [side for r in board.results for side in (r.result.ns, r.result.ew) if side]
    playing = dict.fromkeys(team_of[side] for side in sides if side in team_of)
    return " v ".join(team_label(team, teams) for team in playing)


def _match_imps(
    scored: ScoredEvent, teams: Mapping[str, str]
) -> Callable[[ScoredBoard], str | None]:
    """A teams match's board -> its IMPs for the match (``DENMARK +4``,
    ``no IMPs``); None for a board of no one match."""
    if not scored.matches:
        return lambda board: None
    team_of = _pair_teams(scored.event)
    by_board = {
        (match.session, frozenset((match.team, match.opponent)), imps.number): (match, imps)
        for match in scored.matches
        for imps in match.boards
    }

    def imps_of(board: ScoredBoard) -> str | None:
        sides = {side for r in board.results for side in (r.result.ns, r.result.ew) if side}
        playing = frozenset(team_of[side] for side in sides if side in team_of)
        found = by_board.get((board.session, playing, board.number))
        if found is None:
            return None
        match, imps = found
        gained = imps.imps
        if gained == 0:
            return "0"
        winner = match.team if gained > 0 else match.opponent
        (shown,) = column([gained if gained > 0 else -gained])  # whole where whole
        return f"{team_label(winner, teams)} +{shown}"

    return imps_of


def _pair_players(event: Event) -> dict[str, str] | None:
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


def _traveller(
    board: ScoredBoard,
    title: str,
    note: str | None,
    match_imps: str | None = None,
    players: Mapping[str, str] | None = None,
) -> Table:
    teams = players is not None
    rows = [_traveller_row(scored, players or {}, teams) for scored in _by_table(board.results)]
    if rows and match_imps is not None:
        rows[0] = (*rows[0][:-1], match_imps)
    return make_table(
        "traveller",
        title,
        _TRAVELLER_COLUMNS,
        rows,
        optional=_TRAVELLER_OPTIONAL,
        drop=frozenset({"Table"} if teams else ()),
        note=note,
    )


def _by_table(results: Iterable[ScoredResult]) -> list[ScoredResult]:
    """The results in table order (2 before 10) where every one names its
    table; else as the file gives them."""
    listed = list(results)
    tables = [scored.result.table for scored in listed]
    if any(table is None for table in tables):
        return listed
    return sorted(listed, key=lambda scored: _natural(scored.result.table or ""))


def _natural(text: str) -> tuple[int, int, str]:
    return (0, int(text), "") if text.isdecimal() else (1, 0, text)


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


# -- matches --------------------------------------------------------------------

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


def _in_play_order(matches: Iterable[ScoredMatch], event: Event) -> tuple[ScoredMatch, ...]:
    """Each session's matches by round, then by the lowest table the match
    played at (as a scorer's sheet lists them); in the file's order where it
    names neither."""
    tables: dict[tuple[str | None, str, str], tuple[int, int, str]] = {}
    for session in event.sessions:
        for match in session.matches:
            played = [_natural(r.table) for b in match.boards for r in b.results if r.table]
            if played:
                tables[session.id, match.team, match.opponent] = min(played)
    sessions: dict[str | None, int] = {}

    def place(match: ScoredMatch) -> tuple[int, int, tuple[int, int, str]]:
        at = sessions.setdefault(match.session, len(sessions))
        table = tables.get((match.session, match.team, match.opponent), (2, 0, ""))
        return at, match.round or 0, table

    return tuple(sorted(matches, key=place))


def _matches(matches: tuple[ScoredMatch, ...], teams: Mapping[str, str]) -> tuple[Table, ...]:
    """The list of matches, then each match's IMPs board by board."""
    if not matches:
        return ()
    with_session = _several(match.session for match in matches)
    listing = make_table(
        "matches",
        None,
        _MATCH_COLUMNS,
        (_match_row(match, teams, with_session) for match in matches),
        optional=frozenset({"Session", "Round", "VP", "Opp VP", "Opp's view"}),
    )
    return (listing, *(_match_boards(match, teams, with_session) for match in matches))


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


NOT_PLAYED = "not played"  # a match in which no board was played: no IMPs, no VPs


def _match_boards(match: ScoredMatch, teams: Mapping[str, str], with_session: bool) -> Table:
    """A match's IMPs board by board, sideways: a scorecard's two lines
    rather than a column as long as the match."""
    return make_table(
        "match-boards",
        join_title(
            f"{team_label(match.team, teams)} v {team_label(match.opponent, teams)}",
            labelled("Session", match.session) if with_session else None,
            labelled("Round", None if match.round is None else str(match.round)),
        ),
        (Column("Board"), *(Column(str(b.number), numeric=True) for b in match.boards)),
        _board_rows(match),
        sideways=True,
    )


def _board_rows(match: ScoredMatch) -> tuple[tuple[Cell, ...], ...]:
    """The home team's IMPs board by board; the away team's too where an
    artificial board does not balance (else they are the negation)."""
    home = (f"IMPs to {match.team}", *(b.imps for b in match.boards))
    if all(b.opponent_imps is None for b in match.boards):
        return (home,)
    away = [-b.imps if b.opponent_imps is None else b.opponent_imps for b in match.boards]
    return home, (f"IMPs to {match.opponent}", *away)


def _grid(matches: tuple[ScoredMatch, ...], teams: Mapping[str, str]) -> Grid | None:
    """Teams x teams, each cell seen from the row's team."""
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
