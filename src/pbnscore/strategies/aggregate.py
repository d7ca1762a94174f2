"""Aggregate teams scoring: add the team's scores over its tables, then IMP.

For each board of a match, the home team's signed scores are added over all
the match's tables (a table's NS score if the home team sat NS there, minus
it if it sat EW) and the sum converted to IMPs: teams of four, teams of
eight, any number of tables. Match IMPs convert to VPs on the WBF 2013
continuous scale for the match's number of boards (``--vp wbf``), or stay
IMPs (``--vp none``).

Rules chosen here (docs/reference/choices.md "Scoring"):

- A board with an adjusted table is not compared: each team scores the
  artificial IMPs of its own side at the adjusted table(s), added
  (Law 12C2: average 0, average-plus +N, average-minus -N). These need not
  balance: each team's VPs come from its own IMP total, so both teams can
  gain from an average-plus each.
- A board with a table not played (and none adjusted), or missing from the
  file, is not played in that match: no IMPs either way, and it is left out
  of the match's board list. A match's tables are as many as its fullest
  board has lines; a board is compared only where every one of them has a
  real result and the home team sat NS at half of them (else one table
  would be IMPed against nothing). A board left out that was played at some
  table is a warning.
- A match in which no board was played has no VPs (and adds nothing to
  either team's total or matches), with a warning: never a 10-10 draw.
- ``imps``/``opponent_imps`` of a match are the IMPs the home team gained
  and lost, board by board from its own side, and ``opponent_view`` the
  away team's where an artificial board does not balance; with ``--factor``
  both are factored, so that gained less lost is always the margin the
  team's VPs come from (docs/reference/choices.md "Match IMPs from each side").
- Team totals are VPs (or net IMPs with ``--vp none``); ``boards`` is the
  boards the team played.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, ClassVar

from pbnscore._kinds import Enum
from pbnscore._records import attrs
from pbnscore.errors import ScoringError, excerpt
from pbnscore.figures import number, shown
from pbnscore.imps import (
    ImpForm,
    ScaleFile,
    continuous_imps,
    imps,
    read_scale,
    wbf_discrete_vps,
    wbf_vps,
)
from pbnscore.model import (
    Assigned,
    Board,
    BoardImps,
    Direction,
    Event,
    EventKind,
    Match,
    Notice,
    Outcome,
    Participant,
    ParticipantKind,
    Play,
    Points,
    PointsStyle,
    ScoredEvent,
    ScoredMatch,
    Session,
)
from pbnscore.strategies import _assigned, _base, _field_assembly, _field_layout

if TYPE_CHECKING:
    from pbnscore.explanation import BoardExplanation, Explanation, Trace


class VpScale(Enum):
    """How a match's IMPs become victory points, if at all."""

    WBF = "wbf"  # WBF 2013 continuous 20-VP scale for the match's board count
    WBF_DISCRETE = "wbf-discrete"  # the WBF's integer scale derived from it
    NONE = "none"  # stay in IMPs


def to_vp(value: object) -> VpScale | ScaleFile:
    """An option value for --vp: a scale's name, or a CSV file of one."""
    if isinstance(value, VpScale | ScaleFile):
        return value
    text = str(value).strip()
    if text.lower() in {v.value for v in VpScale}:
        return VpScale(text.lower())
    if text.lower().endswith(".csv"):
        return read_scale(text)
    names = ", ".join(v.value for v in VpScale)
    raise ValueError(f"--vp takes {names} or FILE.csv, not {excerpt(str(value))}")


class ImpScale(Enum):
    """The IMP scale a board's added scores are converted on: Law 78B, or
    every row boundary times k (EBU, teams of eight added then IMPed)."""

    NORMAL = "1"
    TWICE = "2"
    ROOT_TWO = "sqrt2"

    @property
    def stretch(self) -> int:
        """k squared, for :func:`pbnscore.imps.imps`."""
        return {"1": 1, "2": 4, "sqrt2": 2}[self.value]


def to_vp_boards(value: object) -> str | None:
    """--vp-boards: a board count (``16``) or a multiple of the match's (``2x``)."""
    if value is None:
        return None
    text = str(value).strip().lower()
    try:
        number = Fraction(text[:-1] if text.endswith("x") else text)
    except (ValueError, ZeroDivisionError):
        number = Fraction(0)
    if number <= 0 or number > 1000 or (not text.endswith("x") and number.denominator != 1):
        raise ValueError(f"--vp-boards takes N or a multiple Kx (2x), not {excerpt(text)}")
    return text


def vp_length(spec: str | None, boards: int) -> int:
    """The board count a match of ``boards`` is converted to VPs on: its own,
    N, or K times its own rounded to the nearest whole board (a half up)."""
    if spec is None:
        return boards
    if spec.endswith("x"):
        return max(1, math.floor(Fraction(spec[:-1]) * boards + Fraction(1, 2)))
    return int(spec)


class Tables(Enum):
    """Which tables of a match are compared with which."""

    ALL = "all"  # every table of the match added, then IMPed
    PAIRED = "paired"  # two teams-of-four matches (tables 1-2, 3-4 ...), IMPs added


@attrs.frozen
class AggregateOptions(_base.ImpOptions):
    """The aggregate method's options (each becomes a command-line flag)."""

    vp: VpScale | ScaleFile = _base.option(
        VpScale.WBF,
        "wbf: WBF 2013 continuous 20-VP scale for the match's boards; wbf-discrete: the "
        "WBF's whole-VP scale; FILE.csv: rows boards,min_imps,winner_vp,loser_vp; none: IMPs",
        converter=to_vp,
        metavar="SCALE",
    )
    vp_boards: str | None = _base.option(
        None,
        "convert on the VP scale for N boards, or for K times the match's boards (Kx: "
        "Garden Cities, 2x: an 8-board match on the 16-board scale); default: its own",
        converter=to_vp_boards,
        metavar="N|Kx",
    )
    imp_scale: ImpScale = _base.choice(
        ImpScale.NORMAL,
        "IMP scale for the added scores: 1 (Law 78B), 2 or sqrt2 (every row boundary "
        "times 2 or sqrt 2)",
        applies=_base.applies_with("tables", Tables.ALL),
    )
    # The continuous scale is Law 78B's (its rows are not stretched).
    imps: ImpForm = _base.choice(
        ImpForm.STEPS, _base.IMPS_HELP, applies=_base.applies_with("imp_scale", ImpScale.NORMAL)
    )
    tables: Tables = _base.choice(
        Tables.ALL,
        "all: add every table then IMP; paired: score tables 1-2, 3-4 ... as teams-of-four "
        "matches and add their IMPs",
    )
    factor: bool = _base.option(
        False,
        "scale a match's IMPs from the boards it played to the boards it was scheduled "
        "to play before VPs are taken (EBUScore's Factor IMPs)",
        converter=_base.to_bool,
    )


class Aggregate:
    """Teams: the team's scores added over its tables, then IMPed; VPs."""

    name: ClassVar[str] = "aggregate"
    description: ClassVar[str] = "teams: scores added over the team's tables, IMPed, then VPs"
    kinds: ClassVar[frozenset[EventKind]] = frozenset({EventKind.TEAMS})
    Options: ClassVar[type[AggregateOptions]] = AggregateOptions

    def score(self, event: Event, options: AggregateOptions) -> ScoredEvent:
        """``event`` scored: each match's boards and IMPs (and VPs, on a scale given)."""
        return self._score(event, options)[0]

    def explain(self, event: Event, options: AggregateOptions, board: int) -> Explanation:
        """The event scored as :meth:`score` does, each match's board
        number ``board`` with a :class:`Trace` of its steps."""
        # Here, not at the top: a plain score imports no explain (start-up).
        from pbnscore.explanation import Explanation

        scored, lay, matches = self._score(event, options, board)
        explained = []
        for (session, match), score in zip(_matches(event), matches, strict=True):
            for played in match.boards:
                if played.number == board and score.traces.get(id(played)) is not None:
                    explained.append(_explained(lay, session, match, played, score))
        return Explanation(scored, board, tuple(explained))

    def _score(
        self, event: Event, options: AggregateOptions, traced: int | None = None
    ) -> tuple[ScoredEvent, _field_layout.Layout, list[MatchScore]]:
        _field_layout.check_kind(event, self.name, self.kinds)
        lay = _field_layout.layout(event)
        matches = [
            score_match(session, match, options, traced, names)
            for session, names, match in _named_matches(event)
        ]
        totals: list[Points] = [0] * len(lay.participants)
        played = [0] * len(lay.participants)
        for match in matches:
            if not match.played:
                continue  # no VPs, and not a match either team played
            for team, total in match.team_totals():
                at = lay.position(Participant(team, ParticipantKind.TEAM))
                assert at is not None  # the layout knows every match's teams
                totals[at] += total
                played[at] += match.played
        # No per-table points: an aggregate's IMPs belong to the match board.
        blank = [_field_layout.FieldScore(((None, None),) * len(field)) for field in lay.fields]
        # Built here rather than by ``_field_assembly.assemble``, whose standings add
        # per-table points (all None here) and would be thrown away.
        scored = ScoredEvent(
            event=event,
            method=self.name,
            style=PointsStyle.AGGREGATE,
            options=_base.options_dict(options),
            boards=_field_assembly.scored_boards(lay, blank),
            standings=_field_assembly.ranked(lay, totals, played, kind=ParticipantKind.TEAM),
            matches=tuple(m.scored for m in matches),
            warnings=tuple(notice for m in matches for notice in m.notices),
        )
        return scored, lay, matches


def _matches(event: Event) -> list[tuple[Session, Match]]:
    return [(session, match) for session in event.sessions for match in session.matches]


def _named_matches(event: Event) -> list[tuple[Session, Mapping[str, str], Match]]:
    """Each match with its session and the session's team names, worked out
    once per session (a scan of the session's teams per match was quadratic)."""
    named: list[tuple[Session, Mapping[str, str], Match]] = []
    for session in event.sessions:
        names = team_names(session)
        named.extend((session, names, match) for match in session.matches)
    return named


def team_names(session: Session) -> dict[str, str]:
    """The session's named teams: id to name."""
    return {team.id: team.name for team in session.teams if team.name}


def _explained(
    lay: _field_layout.Layout, session: Session, match: Match, board: Board, score: MatchScore
) -> BoardExplanation:
    """One match's board as the scored match has it: each team's IMPs."""
    from pbnscore.explanation import BoardExplanation, Figure, Line  # explain only (start-up)

    trace = score.traces[id(board)]
    net = next((n for n in score.nets if n.board is board), None)
    figures = []
    home, away = (None, None) if net is None else (net.home, net.away)
    for team, points in ((match.team, home), (match.opponent, away)):
        at = lay.position(Participant(team, ParticipantKind.TEAM))
        assert at is not None  # the layout knows every match's teams
        figures.append(Figure(lay.participants[at], points, None))
    lines = tuple(
        Line(result, trace.table_steps(position, None))
        for position, result in enumerate(board.results)
    )
    return BoardExplanation(
        session.id,
        None,
        board.number,
        None,
        tuple(trace.steps),
        lines,
        tuple(figures),
        title=f"{match.team} v {match.opponent}",
    )


@attrs.frozen
class MatchScore:
    """One match as aggregate scored it: the boards played and each team's net IMPs."""

    scored: ScoredMatch
    played: int  # boards played
    home_imps: Points  # each team's net IMPs, from its own side
    away_imps: Points
    nets: tuple[BoardNet, ...] = ()
    traces: dict[int, Trace] = attrs.field(factory=dict)  # by id() of a traced Board
    notices: tuple[Notice, ...] = ()  # boards left out, a match not played

    def team_totals(self) -> list[tuple[str, Points]]:
        """What each team adds to its total: VPs, or net IMPs without a scale."""
        s = self.scored
        if s.vp is not None and s.opponent_vp is not None:
            return [(s.team, s.vp), (s.opponent, s.opponent_vp)]
        return [(s.team, self.home_imps), (s.opponent, self.away_imps)]


@attrs.frozen
class BoardNet:
    """One board of a match: IMPs each team scored on it, from its own side."""

    number: int
    home: Points
    away: Points
    board: Board | None = attrs.field(default=None, eq=False, repr=False)


def score_match(
    session: Session,
    match: Match,
    options: AggregateOptions,
    traced: int | None = None,
    names: Mapping[str, str] | None = None,
) -> MatchScore:
    """The scored match, with its boards played and each team's net IMPs;
    the steps of board number ``traced`` noted in a :class:`Trace`.
    ``names`` is :func:`team_names` of the session, where the caller has it."""
    if names is None:
        names = team_names(session)
    traces: dict[int, Trace] = {}
    if traced is not None:  # explain asks: a plain score imports no explain (start-up)
        from pbnscore.explanation import Trace

        traces = {id(b): Trace() for b in match.boards if b.number == traced}
    tables = max((len(board.columns) for board in match.boards), default=0)
    title = f"{names.get(match.team, match.team)} v {names.get(match.opponent, match.opponent)}"
    nets: list[BoardNet] = []
    notices: list[Notice] = []
    for board in match.boards:
        trace = traces.get(id(board))
        short = _short_of_tables(match, board, tables)
        if short is not None:
            notices.append(Notice(f"board {board.number} of {title} {short}", _line(board)))
            if trace is not None:
                trace.note(f"{short}: no IMPs in {match.team} v {match.opponent}")
        elif net := board_net(match, board, options, trace):
            nets.append(net)
    if not nets:
        unscored = "no IMPs" if options.vp is VpScale.NONE else "no VPs for either team"
        first = _line(match.boards[0]) if match.boards else None
        notices.append(Notice(f"match {title}: no board was played; {unscored}", first))
    scheduled = len(match.boards)
    rate = Fraction(1)
    if options.factor and nets and len(nets) < scheduled:
        # EBUScore's Factor IMPs: the match as if every scheduled board had
        # been played at the rate of those that were.
        rate = Fraction(scheduled, len(nets))
    home_view = _gained_and_lost([n.home for n in nets], rate)
    away_view = _gained_and_lost([n.away for n in nets], rate)
    home_total, away_total = home_view[0] - home_view[1], away_view[0] - away_view[1]
    vp = opponent_vp = None
    if options.vp is not VpScale.NONE and nets:
        length = vp_length(options.vp_boards, scheduled)
        vp = match_vps(options.vp, home_total, length)
        opponent_vp = match_vps(options.vp, away_total, length)
    elif away_view != home_view[::-1]:
        notices.append(_one_view_notice(names, match, title, nets, home_view, away_view))
    scored = ScoredMatch(
        session.id,
        match.round,
        match.team,
        match.opponent,
        tuple(BoardImps(n.number, n.home, None if n.away == -n.home else n.away) for n in nets),
        *home_view,
        vp,
        opponent_vp,
        match.source_ref,
        None if away_view == home_view[::-1] else away_view,
    )
    return MatchScore(
        scored, len(nets), home_total, away_total, tuple(nets), traces, tuple(notices)
    )


def _gained_and_lost(imps_by_board: list[Points], rate: Fraction) -> tuple[Fraction, Fraction]:
    """One team's IMPs gained and lost, board by board from its own side
    (an artificial board: its own artificial IMPs, Law 12C2), times the
    --factor rate: gained less lost is the margin its VPs come from."""
    if all(i.denominator == 1 for i in imps_by_board):
        # Whole IMPs (the usual case): added as integers, not as Fractions
        # one at a time (each addition a gcd); the same Fractions.
        wholes = [i.numerator for i in imps_by_board]
        gained = Fraction(sum(i for i in wholes if i > 0))
        lost = Fraction(-sum(i for i in wholes if i < 0))
    else:
        gained = sum((Fraction(i) for i in imps_by_board if i > 0), Fraction(0))
        lost = sum((Fraction(-i) for i in imps_by_board if i < 0), Fraction(0))
    if rate == 1:
        return gained, lost
    return gained * rate, lost * rate


def _one_view_notice(
    names: Mapping[str, str],
    match: Match,
    title: str,
    nets: Sequence[BoardNet],
    home_view: tuple[Fraction, Fraction],
    away_view: tuple[Fraction, Fraction],
) -> Notice:
    """Without VPs a USEBIO MATCH's TEAM_SCORE and OPPOSING_TEAM_SCORE hold
    one view of the match, the home team's IMPs gained and lost; where an
    artificial board does not balance (Law 12C2) the away team's own
    differs, and the scorer is told (its TEAM's TOTAL_SCORE is its own)."""
    unbalanced = [n for n in nets if n.away != -n.home]
    boards = ", ".join(str(n.number) for n in unbalanced)
    views = " and ".join(
        f"{_called(names, team)} {shown(gained)}–{shown(lost)}"
        for team, (gained, lost) in ((match.team, home_view), (match.opponent, away_view))
    )
    message = (
        f"match {title}: the artificial IMPs of board {boards} do not balance, so the teams "
        f"see the match differently ({views}, each from its own side); a USEBIO MATCH holds "
        f"the first"
    )
    return Notice(message, _line(unbalanced[0].board) if unbalanced[0].board else None)


def _called(names: Mapping[str, str], team: str) -> str:
    """A team in a sentence: its name, else "team 2"."""
    name = names.get(team, team)
    return name if name != team else f"team {team}"


def _line(board: Board) -> int | None:
    return next((result.line for result in board.results if result.line), None)


def _short_of_tables(match: Match, board: Board, tables: int) -> str | None:
    """Why a board played at some table cannot be compared (it is left out
    of the match, as a board not played is), or None: a board every table
    played, or none did (not played), or one with an adjusted table (scored
    with artificial IMPs)."""
    # The board's columns: no Result is made (nor its line found) to score it.
    columns = board.columns
    plays = columns.plays
    real = [at for at, play in enumerate(plays) if play.is_real]
    if not real or any(play.outcome is Outcome.ADJUSTED for play in plays):
        return None
    # The home team sits NS at half a match's tables: they are even, two at least.
    needed = max(2, tables + tables % 2)
    if len(real) < needed:
        at = "one table" if len(real) == 1 else f"{len(real)} of its {needed} tables"
        return f"was played at {at}; left out of the match"
    homes = columns.homes
    home_ns = sum(_home_direction(match, board, homes[at]) is Direction.NS for at in real)
    if 2 * home_ns != len(real):
        return f"has the home team NS at {home_ns} of its {len(real)} tables; left out of the match"
    return None


def match_vps(scale: VpScale | ScaleFile, imps_won: Points, boards: int) -> Fraction:
    """A team's VPs on ``scale`` for a net of ``imps_won`` over ``boards``."""
    if isinstance(scale, ScaleFile):
        return scale.vps(imps_won, boards)[0]
    if scale is VpScale.WBF_DISCRETE:
        return wbf_discrete_vps(imps_won, boards)[0]
    return wbf_vps(imps_won, boards)[0]


def board_net(
    match: Match, board: Board, options: AggregateOptions, trace: Trace | None = None
) -> BoardNet | None:
    """The board's IMPs for each team; None when the board was not played."""
    # The board's columns: Results are made (and their lines found) only
    # for an assigned or adjusted score, which the trace tells of by table.
    columns = board.columns
    plays = columns.plays
    parts = [_assigned.assigned_of(play) for play in plays]
    if any(parts):
        return _assigned_net(match, board, parts, options, trace)
    if any(play.outcome is Outcome.ADJUSTED for play in plays):
        results = board.results
        adjusted = [r for r in results if r.outcome is Outcome.ADJUSTED]
        home = away = Fraction(0)
        for result in adjusted:
            ns, ew = _field_assembly.adjusted_points(result, options.artificial_imps) or (0, 0)
            home_ns = _home_direction(match, board, result.home_direction) is Direction.NS
            home += ns if home_ns else ew
            away += ew if home_ns else ns
            if trace is not None:
                trace.for_table(
                    results.index(result),
                    f"adjusted ({result.adjusted and result.adjusted.code}): "
                    f"{match.team} {shown(ns if home_ns else ew)}, "
                    f"{match.opponent} {shown(ew if home_ns else ns)} artificial IMPs",
                    home=number(ns if home_ns else ew),
                    away=number(ew if home_ns else ns),
                )
        if trace is not None:
            trace.note(
                f"an adjusted table: the board is not compared; {match.team} "
                f"{shown(home)}, {match.opponent} {shown(away)} IMPs",
                home=number(home),
                away=number(away),
            )
        return BoardNet(board.number, home, away, board)
    if not plays or any(not play.is_real for play in plays):
        if trace is not None:
            trace.note(f"not played at every table: no IMPs in {match.team} v {match.opponent}")
        return None
    signed = []
    for position, (play, sat) in enumerate(zip(plays, columns.homes, strict=True)):
        home_ns = _home_direction(match, board, sat) is Direction.NS
        signed.append(_signed(play, home_ns))
        if trace is not None:
            trace.for_table(
                position,
                f"team {match.team} sat {'NS' if home_ns else 'EW'}: {signed[-1]:+d}",
                home_direction="NS" if home_ns else "EW",
                score=signed[-1],
            )
    groups = [signed] if options.tables is Tables.ALL else _paired(match, board, signed)
    net = _groups_imps(groups, options)
    if trace is not None:
        sums = ", ".join(f"{sum(group):+d}" for group in groups)
        trace.note(
            f"sum for team {match.team}: {sums}: {shown(net)} IMPs to team {match.team}",
            sum=sum(signed) if len(groups) == 1 else [sum(group) for group in groups],
            imps=number(net),
        )
    return BoardNet(board.number, net, -net, board)


def _groups_imps(groups: list[list[int]], options: AggregateOptions) -> Fraction:
    """The home team's IMPs on a board: each group's added scores converted."""
    if options.imps is ImpForm.CONTINUOUS:
        return sum((continuous_imps(sum(group), options.imp_cap) for group in groups), Fraction(0))
    stretch = options.imp_scale.stretch
    return Fraction(
        sum(imps(sum(group), options.imp_gaps, options.imp_cap, stretch) for group in groups)
    )


def _assigned_net(
    match: Match,
    board: Board,
    parts: list[Assigned | None],
    options: AggregateOptions,
    trace: Trace | None,
) -> BoardNet:
    """A board with a weighted or split assigned score (docs/reference/
    conventions.md "Weighted and split adjusted scores"): each team's IMPs
    are the board's IMPs with every choice of the assigned tables' parts
    (its own side's parts), weighted; the two teams' need not balance."""
    results = board.results
    if any(p is None and not r.is_real for p, r in zip(parts, results, strict=True)):
        raise ScoringError(
            f"match {match.team} v {match.opponent}, board {board.number}: a weighted or "
            "split score cannot be compared beside an artificial score or a table not played"
        )
    home_ns = [_home_direction(match, board, r.home_direction) is Direction.NS for r in results]
    nets = []
    for home in (True, False):
        choices: list[tuple[tuple[Fraction, int], ...]] = []
        for at, (result, assigned) in enumerate(zip(results, parts, strict=True)):
            if assigned is None:
                assert result.score is not None  # real
                choices.append(((Fraction(1), result.score),))
            else:
                team_ns = home_ns[at] is home  # where this team sat at the table
                choices.append(assigned.ns if team_ns else assigned.ew)
        net = Fraction(0)
        for choice in itertools.product(*choices):
            weight = math.prod((w for w, _ in choice), start=Fraction(1))
            signed = [s if ns else -s for (_, s), ns in zip(choice, home_ns, strict=True)]
            groups = [signed] if options.tables is Tables.ALL else _paired(match, board, signed)
            net += weight * _groups_imps(groups, options)
        nets.append(net if home else -net)
    if trace is not None:
        codes = ", ".join(
            f"table {at + 1}: {assigned.code}" for at, assigned in enumerate(parts) if assigned
        )
        trace.note(
            f"an assigned score ({codes}): each team's IMPs weighted over its own side's "
            f"parts: {match.team} {shown(nets[0])}, {match.opponent} {shown(nets[1])}",
            home=number(nets[0]),
            away=number(nets[1]),
        )
    return BoardNet(board.number, nets[0], nets[1], board)


def _signed(play: Play, home_ns: bool) -> int:
    """A real table's score from the home team's side."""
    assert play.score is not None  # real
    return play.score if home_ns else -play.score


def _paired(match: Match, board: Board, signed: list[int]) -> list[list[int]]:
    """The board's tables as teams-of-four matches: in the file's order (by
    table number where every table has one), first with second, third with
    fourth ..."""
    numbers = board.columns.tables
    order = list(range(len(signed)))
    if all(n is not None and n.isdigit() for n in numbers):
        order.sort(key=lambda i: int(numbers[i] or 0))
    if len(order) % 2:
        raise ScoringError(
            f"match {match.team} v {match.opponent}, board {board.number}: --tables paired "
            f"needs an even number of tables, not {len(order)}"
        )
    return [[signed[order[i]], signed[order[i + 1]]] for i in range(0, len(order), 2)]


def _home_direction(match: Match, board: Board, direction: Direction | None) -> Direction:
    if direction is None:
        raise ScoringError(
            f"match {match.team} v {match.opponent}, board {board.number}: a table does not "
            "say which way the home team sat"
        )
    return direction
