"""The seat checks of ``check`` and ``score`` (a pair number too long, a
pair that is not a participant, a pair in two results of a board), which
work out each pair number's seat key once per section and direction, held
to the obvious way: every line's key worked out again, NS then EW."""

from __future__ import annotations

from hypothesis import example, given, settings
from hypothesis import strategies as st

from pbnscore.errors import Problem, excerpt
from pbnscore.model import (
    Board,
    Direction,
    Event,
    EventKind,
    Outcome,
    Participant,
    Result,
    Section,
    Session,
    Source,
    Vulnerability,
)
from pbnscore.validate import LONG_NUMBER_RE, _section_seats, check, section_seats

NUMBERS = ("1", "2", "3", "12", "1234567890", "X")
SEAT_WORDS = ("has more than nine digits", "is not a participant", "is in two results")

numbers = st.sampled_from(NUMBERS)
listed = st.lists(
    st.tuples(numbers, st.sampled_from((None, Direction.NS, Direction.EW))),
    max_size=6,
    unique=True,
)
lines = st.lists(st.tuples(st.none() | numbers, st.none() | numbers), min_size=1, max_size=6)


Lines = list[tuple[str | None, str | None]]


def event_of(pairs: list[tuple[str, Direction | None]], boards: list[Lines]) -> Event:
    participants = tuple(Participant(n, direction=d, section="A") for n, d in pairs)
    made = []
    line = 1
    for number, tables in enumerate(boards, start=1):
        results = []
        for ns, ew in tables:
            results.append(Result(ns, ew, Outcome.PASSED_OUT, score=0, line=line))
            line += 1
        made.append(Board(number, tuple(results), vulnerability=Vulnerability.NONE))
    section = Section("A", participants, tuple(made))
    return Event(EventKind.PAIRS, (Session("1", (section,)),), Source("seats.pbn", "pbn"))


def slow_seat_problems(event: Event) -> list[tuple[str, int | None]]:
    """Each line's pairs, NS then EW, each key worked out where it is read."""
    found = []
    section = event.sessions[0].sections[0]
    seat = _section_seats(section.participants)
    for board in section.boards:
        label = f"section A board {board.number}"
        taken: set[tuple[str, ...]] = set()
        for result in board.results:
            for pair, sat in ((result.ns, Direction.NS), (result.ew, Direction.EW)):
                if pair is None:
                    continue
                key = seat(pair, sat)
                if LONG_NUMBER_RE.search(pair):
                    message = f"pair number {excerpt(pair)} has more than nine digits"
                elif key is None:
                    message = f"pair {excerpt(pair, bare=True)} {sat.value} is not a participant"
                elif key in taken:
                    message = f"pair {excerpt(' '.join(key), bare=True)} is in two results"
                else:
                    if key:
                        taken.add(key)
                    continue
                found.append((f"{label}: {message}", result.line))
    return found


def seat_problems(problems: list[Problem]) -> list[tuple[str, int | None]]:
    return [(p.message, p.line) for p in problems if any(w in p.message for w in SEAT_WORDS)]


@settings(max_examples=300, deadline=None)
@given(listed, st.lists(lines, min_size=1, max_size=4))
@example([("1", Direction.NS)], [[("1", "1"), ("1", "2")], [("1234567890", None)]])
@example([], [[("1", "1"), ("1", "1")]])
# Every pair met on an earlier board (their keys known): the later board's
# keys are compared in bulk, and a pair twice is still said.
@example(
    [("1", Direction.NS), ("2", Direction.EW), ("3", None)],
    [[("1", "2"), ("3", "3")], [("1", "2"), ("1", "2")], [("3", "2"), ("1", "3")]],
)
def test_seat_checks_match_every_line_worked_out(
    pairs: list[tuple[str, Direction | None]], boards: list[Lines]
) -> None:
    event = event_of(pairs, boards)
    assert seat_problems(check(event)) == slow_seat_problems(event)


def test_a_pair_twice_on_a_board_is_said_at_its_second_line() -> None:
    event = event_of([("1", None), ("2", None)], [[("1", "2"), ("2", "1")]])
    assert seat_problems(check(event)) == [
        ("section A board 1: pair 2 is in two results", 2),
        ("section A board 1: pair 1 is in two results", 2),
    ]


def test_section_seats_unchanged_for_corrections() -> None:
    # section_seats (the corrections' check) keeps its plain keys.
    event = event_of([("1", Direction.NS), ("1", Direction.EW)], [[("1", "1")]])
    seat = section_seats(event.sessions[0].sections[0])
    assert seat("1", Direction.NS) == ("1", "NS")
    assert seat("2", Direction.NS) is None
