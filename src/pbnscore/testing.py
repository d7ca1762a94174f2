"""Conformance tests for scoring methods, for plug-in authors (and pbnscore's
own methods).

Subclass :class:`MethodConformance` in a pytest test module, name the
subclass ``Test...`` and set ``method``; set ``events`` too, or override
:meth:`MethodConformance.conformance_events` (e.g. to read your own
fixture files). Without events, the small synthetic events of this module
are used: :func:`pairs_event` for a method that scores pairs,
:func:`teams_event` for teams, :func:`individual_event` for individuals::

    from pbnscore.testing import MethodConformance, teams_event
    from my_plugin import MyMethod

    class TestMyMethod(MethodConformance):
        method = MyMethod
        events = [teams_event(tables=4)]

:class:`StrategyConformance`, the class's former name, still takes a
subclass that sets ``strategy``.

The tests need pytest only to be collected; this module imports nothing of it.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Callable, Iterator, Sequence
from fractions import Fraction
from itertools import groupby
from typing import Any, ClassVar

from pbnscore._records import attrs
from pbnscore.model import (
    Adjusted,
    AdjustedKind,
    Board,
    Contract,
    Direction,
    Event,
    EventKind,
    Match,
    Outcome,
    Participant,
    ParticipantKind,
    Player,
    PointsStyle,
    Result,
    Risk,
    ScoredEvent,
    Seat,
    Section,
    Session,
    Source,
    Standing,
    Strain,
    Vulnerability,
)

__all__ = [
    "StrategyConformance",
    "individual_event",
    "pairs_event",
    "ranking_problems",
    "teams_event",
]

# -- small synthetic events ------------------------------------------------------

# (contract, declarer, tricks, NS score) at no one vulnerable, right by Law 77.
_PLAYS: tuple[tuple[Contract | None, Seat | None, int | None, int], ...] = (
    (Contract(4, Strain.SPADES), Seat.N, 10, 420),
    (Contract(4, Strain.SPADES), Seat.N, 11, 450),
    (Contract(4, Strain.SPADES), Seat.S, 9, -50),
    (Contract(3, Strain.NOTRUMP), Seat.S, 9, 400),
    (Contract(3, Strain.NOTRUMP), Seat.N, 8, -50),
    (Contract(2, Strain.HEARTS), Seat.E, 8, -110),
    (Contract(2, Strain.HEARTS), Seat.W, 9, -140),
    (Contract(1, Strain.NOTRUMP), Seat.W, 7, -90),
    (Contract(3, Strain.CLUBS), Seat.N, 9, 110),
    (Contract(4, Strain.HEARTS, Risk.DOUBLED), Seat.E, 9, 100),
    (None, None, None, 0),  # passed out
)


def _played(board: int, table: int, ns: str | None, ew: str | None, **kw: Any) -> Result:
    """A varied but lawful result: which one depends on board and table."""
    contract, declarer, tricks, score = _PLAYS[(board * 3 + table * 5) % len(_PLAYS)]
    if contract is None:
        return Result(ns, ew, Outcome.PASSED_OUT, score=0, table=str(table), **kw)
    return Result(
        ns,
        ew,
        Outcome.PLAYED,
        score=score,
        contract=contract,
        contract_text=str(contract),
        declarer=declarer,
        tricks=tricks,
        table=str(table),
        **kw,
    )


def _players(*names: str) -> tuple[Player, ...]:
    return tuple(Player(name) for name in names)


def pairs_event(tables: int = 4, boards: int = 6) -> Event:
    """A one-section Mitchell pairs event: pairs 1..tables NS and EW, every
    board played at every table, one average-plus/minus adjustment."""
    pairs = tuple(
        Participant(str(n), direction=d, section="A", players=_players(f"{d.value}{n} a", "b"))
        for d in Direction
        for n in range(1, tables + 1)
    )

    def results(number: int) -> list[Result]:
        return [
            _played(number, table, str(table), str((table + number - 2) % tables + 1))
            for table in range(1, tables + 1)
        ]

    adjusted = Adjusted("A6040", AdjustedKind.AVERAGE_PLUS, AdjustedKind.AVERAGE_MINUS, 60, 40)
    return _one_section(EventKind.PAIRS, "pairs", pairs, results, boards, adjusted)


def individual_event(tables: int = 3, boards: int = 6) -> Event:
    """A one-section individual of ``4 * tables`` players, every board
    played at every table, one average-plus/minus adjustment. The players
    sit N, E, S and W in blocks of ``tables``; from board to board the E,
    S and W blocks move on by one, two and three tables, so partners and
    opponents change (with three tables or more)."""
    people = tuple(
        Participant(str(n), ParticipantKind.PLAYER, section="A", players=_players(f"Player {n}"))
        for n in range(1, 4 * tables + 1)
    )

    def seats(number: int, table: int) -> tuple[str, ...]:  # N, E, S, W
        return tuple(str(seat * tables + (table + number * seat) % tables + 1) for seat in range(4))

    def results(number: int) -> list[Result]:
        return [
            _played(number, table + 1, None, None, players=seats(number, table))
            for table in range(tables)
        ]

    adjusted = Adjusted("A4060", AdjustedKind.AVERAGE_MINUS, AdjustedKind.AVERAGE_PLUS, 40, 60)
    return _one_section(EventKind.INDIVIDUAL, "individual", people, results, boards, adjusted)


def _one_section(
    kind: EventKind,
    name: str,
    participants: tuple[Participant, ...],
    results: Callable[[int], list[Result]],
    boards: int,
    adjusted: Adjusted,
) -> Event:
    """Section "A" of session "1": board ``number`` holds ``results(number)``,
    no one vulnerable, but the first table of the last board is ``adjusted``."""
    board_list = []
    for number in range(1, boards + 1):
        played = results(number)
        if number == boards:
            first = played[0]
            played[0] = Result(
                first.ns, first.ew, Outcome.ADJUSTED, adjusted=adjusted, table="1",
                players=first.players,
            )  # fmt: skip
        board_list.append(Board(number, tuple(played), vulnerability=Vulnerability.NONE))
    section = Section("A", participants, tuple(board_list))
    return Event(
        kind,
        (Session("1", (section,)),),
        Source(f"synthetic-{name}.pbn", "pbn"),
        title=f"Synthetic {name}",
    )


def teams_event(teams: int = 4, tables: int = 2, boards: int = 4) -> Event:
    """A one-round teams event of ``teams`` teams (an even number) in matches
    1 v 2, 3 v 4 ...; ``tables`` tables per match (2: teams of four, 4: teams
    of eight), the home team NS at odd tables."""
    team_list = tuple(
        Participant(
            str(t),
            kind=ParticipantKind.TEAM,
            name=f"Team {t}",
            members=tuple(
                Participant(f"{t}-{p}", team=str(t), players=_players(f"T{t}P{p} a", "b"))
                for p in range(1, tables + 1)
            ),
        )
        for t in range(1, teams + 1)
    )
    matches = tuple(_match(str(home), str(home + 1), tables, boards) for home in range(1, teams, 2))
    return Event(
        EventKind.TEAMS,
        (Session("1", teams=team_list, matches=matches),),
        Source(f"synthetic-teams-{tables}.pbn", "pbn"),
        title="Synthetic teams",
    )


def _match(home: str, away: str, tables: int, boards: int) -> Match:
    board_list = []
    for number in range(1, boards + 1):
        results = []
        for table in range(1, tables + 1):
            home_ns = table % 2 == 1
            home_pair, away_pair = f"{home}-{table}", f"{away}-{table}"
            ns, ew = (home_pair, away_pair) if home_ns else (away_pair, home_pair)
            direction = Direction.NS if home_ns else Direction.EW
            results.append(_played(number + int(home), table, ns, ew, home_direction=direction))
        board_list.append(Board(number, tuple(results), vulnerability=Vulnerability.NONE))
    return Match(home, away, tuple(board_list), round=1)


# -- rankings ------------------------------------------------------------------------


def ranking_problems(standings: Sequence[Standing]) -> list[str]:
    """What is wrong with the ranks of ``standings``, read as consecutive
    fields (a new one where the rank goes down, or restarts at 1 with another
    total), each best first: rank = 1 + the number of better totals in its
    field, ``tied`` = another has the same total there."""
    problems: list[str] = []
    ranked = [s for s in standings if s.rank is not None]
    problems.extend(
        f"{s.participant.kind.value} {s.participant.id}: no rank, but {s.boards} boards played"
        for s in standings
        if s.rank is None and s.boards
    )
    for _, group in groupby(ranked, key=lambda s: (s.session, s.participant.kind)):
        for field in _fields(list(group)):
            problems.extend(_field_problems(field))
    return problems


def _fields(standings: list[Standing]) -> Iterator[list[Standing]]:
    """The ranked standings (every rank an int) cut into their fields."""
    field: list[Standing] = []
    for standing in standings:
        assert standing.rank is not None
        if field:
            last = field[-1]
            assert last.rank is not None
            restart = standing.rank == 1 and standing.total != last.total
            if standing.rank < last.rank or restart:
                yield field
                field = []
        field.append(standing)
    if field:
        yield field


def _field_problems(field: list[Standing]) -> Iterator[str]:
    for standing in field:
        better = sum(other.total > standing.total for other in field)
        equal = sum(other.total == standing.total for other in field)
        who = f"{standing.participant.kind.value} {standing.participant.id}"
        if standing.rank != better + 1:
            yield f"{who}: rank {standing.rank}, but {better} have a better total"
        if standing.tied != (equal > 1):
            yield f"{who}: tied is {standing.tied} with {equal - 1} others on its total"


# -- the conformance tests -------------------------------------------------------------

_NAME_RE = re.compile(r"^[a-z][a-z0-9-]*$")


def _tree_bytes(event: Event) -> bytes | None:
    """The reader's parsed tree, serialised: not part of attrs equality, and a
    writer that edits it in place would change the next write of the event."""
    from lxml import etree

    tree = event.source.tree
    if not isinstance(tree, (etree._Element, etree._ElementTree)):
        return None
    return etree.tostring(tree)


class MethodConformance:
    """What every scoring method must do. Subclass as ``Test<Method>``."""

    method: ClassVar[type[Any]]
    events: ClassVar[Sequence[Event]] = ()

    def conformance_events(self) -> Sequence[Event]:
        """The events to score: ``events``, else synthetic ones for the
        method's ``kinds`` (pairs if it says nothing): pairs, teams,
        individual."""
        if self.events:
            return self.events
        kinds = getattr(self.method, "kinds", frozenset({EventKind.PAIRS}))
        makers: dict[EventKind, Callable[[], Event]] = {
            EventKind.PAIRS: pairs_event,
            EventKind.TEAMS: teams_event,
            EventKind.INDIVIDUAL: individual_event,
        }
        return [make() for kind, make in makers.items() if kind in kinds]

    def score(self, event: Event) -> ScoredEvent:
        """The method's scores of ``event`` with its default options."""
        scored: ScoredEvent = self.method().score(event, self.method.Options())
        return scored

    def test_describes_itself(self) -> None:
        """A lower-case name, a one-line description, an attrs Options class
        that builds with its defaults."""
        assert _NAME_RE.match(self.method.name), self.method.name
        description = self.method.description
        assert description.strip(), "empty description"
        assert "\n" not in description.strip(), "description is more than one line"
        assert attrs.has(self.method.Options)
        self.method.Options()

    def test_options_have_help(self) -> None:
        """Every option says what it does (it becomes the flag's help)."""
        for field in attrs.fields(self.method.Options):
            assert str(field.metadata.get("help", "")).strip(), f"{field.name} has no help"

    def test_options_become_flags(self) -> None:
        """Every option can be a command-line flag, and the defaults the flags
        show build the Options back."""
        from pbnscore.cli import flags_of

        flags = flags_of(self.method)
        assert [flag.field for flag in flags] == [f.name for f in attrs.fields(self.method.Options)]
        for flag in flags:
            # A default of None is "none chosen" (--preset): not a choice to list.
            if flag.choices is not None and flag.default is not None:
                assert str(flag.default) in flag.choices, f"{flag.flag}: default not a choice"

    def test_does_not_change_the_event(self) -> None:
        """Scoring and writing the scores leave the event as it was."""
        from pbnscore import usebio

        for event in self.conformance_events():
            before, tree = copy.deepcopy(event), _tree_bytes(event)
            scored = self.score(event)
            usebio.dumps(scored)
            assert event == before, event.source.name
            assert _tree_bytes(event) == tree, f"{event.source.name}: the source tree changed"
            assert scored.event == event

    def test_is_deterministic(self) -> None:
        """The same event scored twice gives equal results."""
        for event in self.conformance_events():
            assert self.score(event) == self.score(event), event.source.name

    def test_writes_usebio_and_reads_back(self) -> None:
        """The scored event writes to USEBIO, reads back with every result,
        and scoring what was read gives the same totals."""
        from pbnscore import usebio

        for event in self.conformance_events():
            scored = self.score(event)
            again = usebio.loads(usebio.dumps(scored), source=f"{event.source.name}.xml")
            assert again.result_count() == event.result_count(), event.source.name
            totals = sorted(standing.total for standing in scored.standings)
            rescored = sorted(standing.total for standing in self.score(again).standings)
            assert rescored == totals, event.source.name

    def test_standings_ranks_are_consistent(self) -> None:
        """Ranks follow totals in each field; equal totals share the rank and
        are tied. The scores say what their points are: a
        :class:`~pbnscore.model.PointsStyle` (the formats place them by it)."""
        for event in self.conformance_events():
            scored = self.score(event)
            assert isinstance(scored.style, PointsStyle), f"style {scored.style!r}"
            assert scored.standings, f"{event.source.name}: no standings"
            assert ranking_problems(scored.standings) == [], event.source.name
            assert all(isinstance(s.total, (int, Fraction)) for s in scored.standings)


class StrategyConformance(MethodConformance):
    """:class:`MethodConformance` under its former name: a subclass sets
    ``strategy`` (the method's class), as plug-ins written before did."""

    strategy: ClassVar[type[Any]]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "strategy" in cls.__dict__:
            cls.method = cls.strategy
