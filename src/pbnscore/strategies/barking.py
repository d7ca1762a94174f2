"""Barking (Robin Barker): cross-IMPs for the pairs of a teams-of-eight event.

For the pair at table a of a board's field, with NS scores s: every other
table b and every unordered pair {k, l} of further tables (all four distinct)
gives IMP(s_a + s_b - s_k - s_l), negated for the EW pair; (T-1)·C(T-2, 2)
terms for T tables. The field is every table of the session that played the
board, across all matches.

Rules chosen here (docs/reference/choices.md "Scoring"):

- Tables with an adjusted result or none leave the board's field; their pairs
  get artificial IMPs (adjusted) or nothing (not played).
- A board with fewer than four real tables has no terms: it is not scored for
  barking (its real tables get no points and do not count as played); the
  boards so left out are named in a warning. An event none of whose boards
  has four is refused (a ScoringError saying the most tables any board has),
  never a table of zeros.
- Teams of four (every match two tables a board): scored where several
  matches played a board (four tables or more), with one note that the
  terms then compare tables of different matches.
- The teams are the league's (:func:`with_league`): the aggregate method's
  matches and standings on the same event, after the pairs ranked. (With
  one match of four tables and ``--normalise match`` a team's four pairs add
  up to 4 × its aggregate IMPs on each board: 4 × IMP(A+B+C+D).)

The sum is never enumerated. With G(x) = sum over every unordered pair {k, l}
of the field of IMP(x - s_k - s_l), the terms for table a are

    F(a) = sum_{b != a} G(s_a + s_b) - (T - 2) · sum_{l != a} IMP(s_a - s_l)

(pairs {k, l} that contain b contribute IMP(s_a - s_l); those that contain a
contribute IMP(s_b - s_l), which cancel over b by antisymmetry). G comes from
:class:`ImpSums` (or :class:`ContinuousSums`) over the sorted pair sums, memoised by x.
"""

from __future__ import annotations

import bisect
import itertools
import math
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, ClassVar

from pbnscore._kinds import Enum
from pbnscore._records import attrs
from pbnscore.errors import ScoringError
from pbnscore.figures import number, shown, signed
from pbnscore.imps import ContinuousSums, ImpForm, ImpGaps, ImpSums, first_imp, imp_value
from pbnscore.model import (
    Event,
    EventKind,
    Notice,
    ParticipantKind,
    Points,
    PointsStyle,
    ScoredEvent,
)
from pbnscore.strategies import _base, _field_assembly, _field_layout
from pbnscore.strategies._per_board import PerBoardMethod
from pbnscore.strategies.aggregate import Aggregate, AggregateOptions

if TYPE_CHECKING:
    from pbnscore.explanation import Trace

MIN_TABLES = 4  # a, b, k and l must be four different tables
# The pair sums are counted by value, so time and memory go with the
# square of a board's distinct scores, not of its tables: a board played
# at 8,000 tables with 400 scores takes a tenth of a second. A real board
# has a few dozen scores (one contract, a few results); a field of more
# than this many is refused: 300 arbitrary scores take some 2 s, 1,000 a
# minute.
MAX_SCORES = 300


class Normalise(Enum):
    """How barking's terms become a board's score: one match's formula, or the plain
    sum."""

    MATCH = "match"  # sum × 3 / number of terms: one match's three-term formula
    TOTAL = "total"  # the plain sum of the terms


@attrs.frozen
class BarkingOptions(_base.PairsOptions):
    """The barking method's options (each becomes a command-line flag)."""

    normalise: Normalise = _base.option(
        Normalise.MATCH,
        "match: sum of terms × 3 / number of terms (one match's three-term score); "
        "total: the plain sum",
        choices=[n.value for n in Normalise],
        converter=Normalise,
    )
    imps: ImpForm = _base.choice(ImpForm.STEPS, _base.IMPS_HELP)


class Barking(PerBoardMethod):
    """Barker's teams-of-eight pair scoring across the whole field."""

    name: ClassVar[str] = "barking"
    description: ClassVar[str] = "Barker's cross-IMPs for the pairs of teams of eight"
    kinds: ClassVar[frozenset[EventKind]] = frozenset({EventKind.TEAMS})
    style: ClassVar[PointsStyle] = PointsStyle.BARKING
    Options: ClassVar[type[BarkingOptions]] = BarkingOptions

    def score_field(
        self, field: _field_layout.Field, options: BarkingOptions, trace: Trace | None = None
    ) -> _field_layout.FieldScore:
        """One board's field scored by barking, its steps noted in ``trace``."""

        def real_points(scores: Sequence[int]) -> Iterable[_field_layout.SidePoints]:
            if len(scores) < MIN_TABLES:
                if trace is not None:
                    trace.note(
                        f"{len(scores)} real tables: barking needs {MIN_TABLES}; "
                        "the board is not scored",
                        tables=len(scores),
                    )
                yield from ((None, None) for _ in scores)
                return
            _check_size(field, scores)
            terms = term_count(len(scores))
            if trace is not None:
                trace.note(
                    f"{len(scores)} real tables: (T − 1) × C(T − 2, 2) = {terms} terms a table",
                    tables=len(scores),
                    terms=terms,
                )
            summary = None if trace is None else TermSummary(scores, options)
            sums = barking_sums(scores, options.imp_gaps, options.imp_cap, options.imps)
            for at, total in enumerate(sums):
                points = Fraction(total)
                if options.normalise is Normalise.MATCH:
                    points = points * 3 / terms
                if trace is not None and summary is not None:
                    if trace.lists_terms(field.tables[field.real[at]].result):
                        _trace_each_term(trace, field, at, options)
                    _trace_table(trace, field, at, summary, total, points, options)
                yield points, -points

        def against(score: int) -> Points | None:
            # A weighted or split score's part at its own table, against the
            # real tables' (the board is scored with four real tables or more).
            if len(field.scores) < MIN_TABLES:
                return None
            total, terms = assigned_sum(field.scores, score, options)
            points = Fraction(total)
            return points * 3 / terms if options.normalise is Normalise.MATCH else points

        return _field_assembly.score_tables(
            field, real_points, options.artificial_imps, against=against, trace=trace
        )

    def _assemble(
        self,
        lay: _field_layout.Layout,
        scores: Sequence[_field_layout.FieldScore],
        options: BarkingOptions,
        traces: Mapping[int, Trace] | None = None,
    ) -> ScoredEvent:
        scored = super()._assemble(lay, scores, options, traces)
        if _teams_of_four(lay.event) and any(standing.boards for standing in scored.standings):
            scored = attrs.evolve(scored, warnings=(*scored.warnings, Notice(TEAMS_OF_FOUR)))
        short = [field for field in lay.fields if 0 < len(field.scores) < MIN_TABLES]
        if short and not any(standing.boards for standing in scored.standings):
            # Every teams-of-four event: all zeros would read as a result.
            most = max(len(field.scores) for field in lay.fields)
            raise ScoringError(
                f"barking needs {_spelled(MIN_TABLES)} tables on a board; "
                f"no board here has more than {most}"
            )
        if short:
            left_out = Notice(
                f"barking needs {_spelled(MIN_TABLES)} tables on a board: "
                f"{_boards_named(short, lay.fields)} left out (fewer real tables)"
            )
            scored = attrs.evolve(scored, warnings=(*scored.warnings, left_out))
        return with_league(scored, options)


# The options barking's league passes on to aggregate (:func:`with_league`).
LEAGUE_OPTIONS = ("imps", "imp_gaps", "artificial_imps", "imp_cap")


def with_league(scored: ScoredEvent, options: BarkingOptions) -> ScoredEvent:
    """``scored`` with its teams as the league scores them: after barking's
    pairs, ranked, the teams' matches and standing from the aggregate method
    on the same event with the options the two share (its default VP scale),
    the one place teams of eight are scored (docs/reference/choices.md
    "Barking's teams"). Where aggregate cannot score the matches, the pairs
    stand alone and a warning says why."""
    shared = {name: getattr(options, name) for name in LEAGUE_OPTIONS}
    pairs = [s for s in scored.standings if s.participant.kind is not ParticipantKind.TEAM]
    try:
        league = Aggregate().score(scored.event, AggregateOptions(**shared))
    except ScoringError as error:
        unscored = Notice(f"the teams' matches are not scored: {error}")
        teams = [s for s in scored.standings if s.participant.kind is ParticipantKind.TEAM]
        return attrs.evolve(
            scored, standings=(*pairs, *teams), warnings=(*scored.warnings, unscored)
        )
    return attrs.evolve(
        scored,
        standings=(*pairs, *league.standings),
        matches=league.matches,
        warnings=(*scored.warnings, *league.warnings),
    )


# Said where the matches are teams of four (docs/tutorials/teams-of-eight.md):
# Barker's terms were made for a team of eight's own four tables.
# Within errors.MESSAGE_LIMIT, so that it is said whole.
TEAMS_OF_FOUR = (
    "barking on teams of four: a board's field is the two tables of every match, "
    "so the terms compare different matches (a team of eight's, its own four tables)"
)


def _teams_of_four(event: Event) -> bool:
    """Whether every match of the event has at most two tables a board."""
    boards = [board for s in event.sessions for match in s.matches for board in match.boards]
    return bool(boards) and all(len(board.columns) <= 2 for board in boards)


def _spelled(number: int) -> str:
    return {4: "four"}.get(number, str(number))


def _boards_named(
    fields: Sequence[_field_layout.Field], every: Sequence[_field_layout.Field]
) -> str:
    """``board 3`` or ``boards 1, 2, 5``; ``session 2 board 4 ...`` where
    the event's fields are in several sessions."""
    sessions = len({field.session for field in every}) > 1
    names = list(
        dict.fromkeys(
            f"session {f.session} board {f.number}" if sessions else str(f.number) for f in fields
        )
    )
    if sessions:
        return ", ".join(names)
    return f"board {names[0]}" if len(names) == 1 else f"boards {', '.join(names)}"


def term_count(tables: int) -> int:
    """(T-1)·C(T-2, 2): 3 for 4 tables, 105 for 8, 495 for 12."""
    return (tables - 1) * math.comb(tables - 2, 2) if tables >= MIN_TABLES else 0


def _check_size(field: _field_layout.Field, scores: Sequence[int]) -> None:
    distinct = len(set(scores))
    if distinct > MAX_SCORES:
        where = f"session {field.session} " if field.session is not None else ""
        raise ScoringError(
            f"{where}board {field.number}: {distinct} different scores at {len(scores)} "
            f"tables; barking scores a board of at most {MAX_SCORES}"
        )


def barking_sums(
    scores: Sequence[int],
    gaps: ImpGaps = ImpGaps.LOWER,
    cap: int | None = None,
    form: ImpForm = ImpForm.STEPS,
) -> list[Points]:
    """F(a) for each table a (NS side): the plain sum of its terms, each
    capped at ``cap`` (a capped IMP is still odd, so the cancellation holds,
    on either scale ``form`` names). Time and memory go with the square of
    the number of distinct scores."""
    tables = len(scores)
    counts = Counter(scores)
    summed = _summer(gaps, cap, form)
    across = summed(counts)  # sum_l IMP(x - s_l)
    pairs = summed(_pair_sums(counts))  # G
    by_score: dict[int, Points] = {}
    for value in counts:
        # sum over b != a of G(s_a + s_b): every table b, less b = a itself.
        with_b = sum(count * pairs(value + other) for other, count in counts.items())
        with_b -= pairs(2 * value)
        by_score[value] = with_b - (tables - 2) * across(value)
    return [by_score[s] for s in scores]


def assigned_sum(scores: Sequence[int], score: int, options: BarkingOptions) -> tuple[Points, int]:
    """(sum, count) of the terms of a table scored ``score`` that is not in
    the field of real ``scores`` (n of them): every real b and pair {k, l}
    of the others, n · C(n - 1, 2) terms. As for a real table, the pairs
    that contain b leave IMP(s - s_l), (n - 1) times each:
    sum_b G(s + s_b) - (n - 1) · sum_l IMP(s - s_l)."""
    counts = Counter(scores)
    gaps, cap, form = options.imp_gaps, options.imp_cap, options.imps
    summed = _summer(gaps, cap, form)
    pairs = summed(_pair_sums(counts))
    n = len(scores)
    total = sum((count * pairs(score + other) for other, count in counts.items()), Fraction(0))
    total -= (n - 1) * summed(counts)(score)
    return total, n * math.comb(n - 1, 2)


def _summer(
    gaps: ImpGaps, cap: int | None, form: ImpForm
) -> Callable[[Mapping[int, int]], Callable[[int], Points]]:
    """What sums IMP(x - v) over a multiset of values v, on the scale ``form`` names."""
    if form is ImpForm.STEPS:
        return lambda values: ImpSums(values, gaps, cap)
    return lambda values: ContinuousSums(values, cap)


def _pair_sums(counts: Counter[int]) -> Counter[int]:
    """How often each value is the sum of an unordered pair of tables' scores."""
    sums: Counter[int] = Counter()
    values = sorted(counts)
    for i, low in enumerate(values):
        sums[2 * low] += counts[low] * (counts[low] - 1) // 2
        for high in values[i + 1 :]:
            sums[low + high] += counts[low] * counts[high]
    return sums


class TermSummary:
    """A board's terms summarised table by table, in time that goes with
    the square of its distinct scores (as the scoring's own sums), not
    with the cube of its tables: how many of a table's terms it won, lost
    and drew (a term is won where ``a + b - k - m`` is worth an IMP,
    :func:`first_imp`), and its largest term each way."""

    def __init__(self, scores: Sequence[int], options: BarkingOptions) -> None:
        self.scores, self.options = scores, options
        self.counts = Counter(scores)
        self.ordered = sorted(scores)
        # On the continuous scale every difference is worth some IMPs.
        continuous = options.imps is ImpForm.CONTINUOUS
        self.step = 1 if continuous else first_imp(options.imp_gaps, options.imp_cap)
        sums = _pair_sums(self.counts)
        self.sums = sorted(sums)
        self.below = list(itertools.accumulate(sums[total] for total in self.sums))
        self.order = sorted(range(len(scores)), key=scores.__getitem__)
        self.rest_pairs = math.comb(len(scores) - 2, 2)
        self._outcomes: dict[int, tuple[int, int]] = {}

    def outcomes(self, score: int) -> tuple[int, int]:
        """(won, lost) of the terms of a table with ``score``."""
        if score not in self._outcomes:
            self._outcomes[score] = self._count(score)
        return self._outcomes[score]

    def _count(self, score: int) -> tuple[int, int]:
        if self.step is None:
            return 0, 0
        won = lost = 0
        for partner, times in self.counts.items():
            times -= partner == score  # the table itself is no partner
            if times:
                won += times * self._pairs_at_most(score + partner - self.step, score, partner)
                beaten = self._pairs_at_most(score + partner + self.step - 1, score, partner)
                lost += times * (self.rest_pairs - beaten)
        return won, lost

    def _pairs_at_most(self, most: int, a: int, b: int) -> int:
        """Pairs of tables other than a and b whose scores add to ``most``
        or less: all such pairs, less those with a or with b (a with b
        taken away twice, so added once)."""
        at = bisect.bisect_right(self.sums, most)
        every = self.below[at - 1] if at else 0
        with_a = bisect.bisect_right(self.ordered, most - a) - (2 * a <= most)
        with_b = bisect.bisect_right(self.ordered, most - b) - (2 * b <= most)
        return every - with_a - with_b + (a + b <= most)

    def largest(self, at: int, best: bool) -> tuple[int, int, int, Points]:
        """(partner b, k, m, IMPs) of table ``at``'s largest term: b the
        highest other score and k, m the two lowest left (best), or the
        other way about."""
        order = self.order[::-1] if best else self.order
        partner = next(i for i in order if i != at)
        k, m = [i for i in order[::-1] if i not in (at, partner)][:2]
        s = self.scores
        return partner, k, m, _imps(s[at] + s[partner] - s[k] - s[m], self.options)


def _imps(difference: int, options: BarkingOptions) -> Points:
    return imp_value(difference, options.imps, options.imp_gaps, options.imp_cap)


def _trace_each_term(
    trace: Trace, field: _field_layout.Field, at: int, options: BarkingOptions
) -> None:
    """Every term of the real table ``at``, grouped by its partner table b."""
    scores, position = field.scores, field.real[at]
    others = [j for j in range(len(scores)) if j != at]
    for b in others:
        rest = [j for j in others if j != b]
        terms = [
            (
                k,
                m,
                _imps(scores[at] + scores[b] - scores[k] - scores[m], options),
            )
            for k, m in itertools.combinations(rest, 2)
        ]
        listed = ", ".join(
            f"{_label(field, k)} & {_label(field, m)} {signed(won)}" for k, m, won in terms
        )
        group = sum((won for _, _, won in terms), Fraction(0))
        trace.for_table(
            position,
            f"with {_label(field, b)} ({scores[at]} + {scores[b]}): "
            f"{len(terms)} term{'s' if len(terms) != 1 else ''}, {signed(group)}: {listed}",
            partner=_label(field, b),
            terms=[[_label(field, k), _label(field, m), number(won)] for k, m, won in terms],
            sum=number(group),
        )


def _trace_table(
    trace: Trace,
    field: _field_layout.Field,
    at: int,
    summary: TermSummary,
    total: Points,
    points: Fraction,
    options: BarkingOptions,
) -> None:
    """The terms of the real table ``at`` summarised, then their sum (as
    the scoring computed it) and the normalisation."""
    scores, position = field.scores, field.real[at]
    count = term_count(len(scores))
    won, lost = summary.outcomes(scores[at])
    ends = [summary.largest(at, best) for best in (True, False)]
    named = [
        f"{signed(imps_)} (with {_label(field, b)}; "
        f"against {_label(field, k)} and {_label(field, m)})"
        for b, k, m, imps_ in ends
    ]
    trace.for_table(
        position,
        f"{count} terms: {won} won, {lost} lost, {count - won - lost} level; "
        f"best {named[0]}, worst {named[1]}",
        terms=count,
        won=won,
        lost=lost,
        level=count - won - lost,
        best=[
            _label(field, ends[0][0]),
            _label(field, ends[0][1]),
            _label(field, ends[0][2]),
            number(ends[0][3]),
        ],
        worst=[
            _label(field, ends[1][0]),
            _label(field, ends[1][1]),
            _label(field, ends[1][2]),
            number(ends[1][3]),
        ],
    )
    normalised = ""
    if options.normalise is Normalise.MATCH:
        normalised = f" × 3 / {count} = {shown(points)}"
    trace.for_table(
        position,
        f"sum of the terms: {signed(total)}{normalised}",
        sum=number(total),
        points=number(points),
    )


def _label(field: _field_layout.Field, real: int) -> str:
    """The real table at ``real`` as a person finds it: its pairs (table
    numbers repeat in every match of a teams field)."""
    result = field.tables[field.real[real]].result
    return f"{result.ns or '?'} v {result.ew or '?'}"
