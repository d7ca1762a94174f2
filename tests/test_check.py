"""``pbnscore check`` and the model-level checks of ``pbnscore.validate``.

Each check is shown on a small event built from ``pbnscore.testing``'s
synthetic ones with one thing broken, so that a problem is reported exactly
where it was put and nowhere else.
"""

from __future__ import annotations

import functools
import re
from pathlib import Path
from typing import Any

import attrs
import pytest

from cost import assert_linear
from pbnscore import validate
from pbnscore.cli import main
from pbnscore.errors import Problem
from pbnscore.model import (
    Board,
    Contract,
    Direction,
    Event,
    Outcome,
    Participant,
    Result,
    Risk,
    Seat,
    Section,
    Strain,
)
from pbnscore.testing import pairs_event, teams_event
from test_hostile_input import _usebio, _usebio_teams


def messages(event: Event) -> list[str]:
    return [
        f"{p.severity}: {p.message}" if p.severity != "error" else p.message
        for p in validate.check(event)
    ]


def section_of(event: Event) -> Section:
    return event.sessions[0].sections[0]


def with_section(event: Event, section: Section) -> Event:
    session = attrs.evolve(event.sessions[0], sections=(section,))
    return attrs.evolve(event, sessions=(session,))


def with_result(event: Event, board: int, index: int, **changes: Any) -> Event:
    """``event`` with one result of one board changed."""
    section = section_of(event)
    boards = list(section.boards)
    results = list(boards[board - 1].results)
    results[index] = attrs.evolve(results[index], **changes)
    boards[board - 1] = attrs.evolve(boards[board - 1], results=tuple(results))
    return with_section(event, attrs.evolve(section, boards=tuple(boards)))


def first_played(event: Event, board: int) -> tuple[int, Result]:
    results = section_of(event).boards[board - 1].results
    return next((i, r) for i, r in enumerate(results) if r.outcome is Outcome.PLAYED)


# -- model checks ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "event", [pairs_event(), teams_event(), teams_event(tables=4)], ids=["pairs", "teams", "t8"]
)
def test_a_sound_event_has_no_problems(event: Event) -> None:
    """The synthetic events are clean: no false alarms."""
    assert validate.check(event) == []


def test_a_pair_that_is_not_a_participant() -> None:
    """A result's NS pair 9 in a section whose pairs are 1..4."""
    event = with_result(pairs_event(), 1, 0, ns="9", line=40)
    assert validate.check(event) == [
        Problem("section A board 1: pair 9 NS is not a participant", "synthetic-pairs.pbn", 40)
    ]


def test_no_participants_listed_means_no_membership_check() -> None:
    """Where a file lists no pairs, any pair number is accepted."""
    event = pairs_event()
    event = with_section(event, attrs.evolve(section_of(event), participants=()))
    assert validate.check(with_result(event, 1, 0, ns="9")) == []


def test_a_pair_twice_on_one_board() -> None:
    """Pair 2 NS at tables 1 and 2 of board 1 (a Mitchell: 2 EW is another pair)."""
    event = with_result(pairs_event(), 1, 0, ns="2")
    assert messages(event) == ["warning: section A board 1: pair 2 NS is in two results"]


def test_a_number_listed_once_is_one_pair_either_way() -> None:
    """Unique pair numbers (arrow switch, or the direction a pair finished in):
    a pair listed EW may sit NS, but not twice on a board."""
    event = pairs_event(tables=2)
    numbered = tuple(
        attrs.evolve(p, id=str(n)) for n, p in enumerate(section_of(event).participants, 1)
    )
    passed = Result("1", "3", Outcome.PASSED_OUT, 0)
    switched = Board(1, (passed, attrs.evolve(passed, ns="4", ew="2")))
    event = with_section(event, Section("A", numbered, (switched,)))
    assert [(p.direction, p.id) for p in numbered][2:] == [(Direction.EW, "3"), (Direction.EW, "4")]
    assert messages(event) == []
    twice = attrs.evolve(switched, results=(passed, attrs.evolve(passed, ns="4", ew="1")))
    assert messages(with_section(event, Section("A", numbered, (twice,)))) == [
        "warning: section A board 1: pair 1 is in two results"
    ]


def test_a_howell_pair_twice_in_either_direction() -> None:
    """A pair without a direction is one pair whether it sits NS or EW."""
    event = pairs_event()
    howell = tuple(Participant(str(n), section="A") for n in range(1, 5))
    board = Board(
        1, (Result("1", "2", Outcome.PASSED_OUT, 0), Result("3", "1", Outcome.PASSED_OUT, 0))
    )
    event = with_section(event, Section("A", howell, (board,)))
    assert messages(event) == ["warning: section A board 1: pair 1 is in two results"]


def test_a_score_that_disagrees_with_its_contract() -> None:
    """Law 77: the file's score against contract, declarer and tricks."""
    four_hearts_doubled = {"contract": Contract(4, Strain.HEARTS, Risk.DOUBLED), "tricks": 9}
    event = with_result(pairs_event(), 1, 0, score=-100, declarer=Seat.E, **four_hearts_doubled)
    expected = "warning: section A board 1: 4HX by E taking 9 scores +100 for NS, not -100"
    assert messages(event) == [expected]


@pytest.mark.parametrize(("score", "problems"), [(620, 0), (420, 1)], ids=["right", "wrong"])
def test_vulnerability_from_the_board_number_where_not_given(score: int, problems: int) -> None:
    """Board 2 is NS vulnerable in the standard cycle: 4S= by N is 620."""
    four_spades = Result(
        "1", "1", Outcome.PLAYED, score, Contract(4, Strain.SPADES), declarer=Seat.N, tricks=10
    )
    board = Board(2, (four_spades, Result("2", "2", Outcome.PLAYED, score=100)))
    event = with_section(pairs_event(), attrs.evolve(section_of(pairs_event()), boards=(board,)))
    expected = ["warning: section A board 2: 4S by N taking 10 scores +620 for NS, not +420"]
    assert messages(event) == expected[:problems]


def test_a_contract_that_does_not_parse() -> None:
    """contract_text given, no contract read, but played: an error."""
    event = with_result(pairs_event(), 1, 0, contract=None, contract_text="4Z")
    assert messages(event) == ["warning: section A board 1: contract '4Z' cannot be read"]


def test_tricks_where_no_contract_was_played() -> None:
    """A board not played cannot have taken tricks."""
    event = with_result(
        pairs_event(), 1, 0, outcome=Outcome.NOT_PLAYED, score=None, contract=None, tricks=8
    )
    assert messages(event) == ["warning: section A board 1: 8 tricks, but no contract was played"]


def test_a_board_with_a_single_result_is_a_warning() -> None:
    """One real result: nothing to compare; scoring goes on."""
    event = pairs_event()
    board = section_of(event).boards[0]
    lone = attrs.evolve(board, results=board.results[:1])
    section = attrs.evolve(section_of(event), boards=(lone, *section_of(event).boards[1:]))
    problems = validate.check(with_section(event, section))
    assert [(p.severity, p.message) for p in problems] == [
        ("warning", "section A board 1: a single result, nothing to compare it with")
    ]


def test_sections_that_share_some_boards_but_not_all() -> None:
    """Section B lacks board 3 that A has: a warning, naming only what the
    sections it shares boards with have; section C's own set is fine."""
    event = pairs_event()
    section_a = section_of(event)
    section_b = attrs.evolve(section_a, id="B", boards=section_a.boards[:2] + section_a.boards[3:])
    renumbered = tuple(attrs.evolve(b, number=b.number + 10) for b in section_a.boards)
    section_c = attrs.evolve(section_a, id="C", boards=renumbered)
    session = attrs.evolve(event.sessions[0], sections=(section_a, section_b, section_c))
    problems = validate.check(attrs.evolve(event, sessions=(session,)))
    assert [(p.severity, p.message) for p in problems] == [
        ("warning", "section B: no board 3, which other sections or matches have")
    ]
    disjoint = attrs.evolve(session, sections=(section_a, section_c))
    assert validate.check(attrs.evolve(event, sessions=(disjoint,))) == []


def test_a_board_twice_in_one_section() -> None:
    """Two boards numbered 1 in one section."""
    event = pairs_event()
    section = section_of(event)
    doubled = attrs.evolve(section, boards=(*section.boards, section.boards[0]))
    assert "section A: board 1 appears 2 times" in messages(with_section(event, doubled))


def test_teams_pairs_must_be_members_and_sit_once() -> None:
    """In a match, pairs are the teams' members, each at one table."""
    event = teams_event()
    match = event.sessions[0].matches[0]
    board = match.boards[0]
    results = (attrs.evolve(board.results[0], ew="7-1"), attrs.evolve(board.results[1], ew="1-1"))
    match = attrs.evolve(match, boards=(attrs.evolve(board, results=results), *match.boards[1:]))
    session = attrs.evolve(event.sessions[0], matches=(match, *event.sessions[0].matches[1:]))
    assert messages(attrs.evolve(event, sessions=(session,))) == [
        "match 1 v 2 board 1: pair 7-1 EW is not a participant",
        "warning: match 1 v 2 board 1: pair 1-1 is in two results",
    ]


def test_team_ids_in_results_are_accepted() -> None:
    """PBN teams files name the teams, not pairs, at each table."""
    event = teams_event()
    match = event.sessions[0].matches[0]
    board = match.boards[0]
    results = tuple(
        attrs.evolve(r, ns="1" if r.home_direction is Direction.NS else "2", ew=None)
        for r in board.results
    )
    match = attrs.evolve(match, boards=(attrs.evolve(board, results=results), *match.boards[1:]))
    session = attrs.evolve(event.sessions[0], matches=(match, *event.sessions[0].matches[1:]))
    assert validate.check(attrs.evolve(event, sessions=(session,))) == []


def test_problems_come_in_line_order() -> None:
    """check_bytes lists a file's problems in line order."""
    problems = [Problem("b", "f", 9), Problem("c", "f"), Problem("a", "f", 2)]
    assert [p.message for p in validate._in_line_order(problems)] == ["a", "b", "c"]


# -- the command ------------------------------------------------------------------------


def test_check_missing_file_is_usage(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """A missing input: exit 2, one line; the other inputs are still checked."""
    assert main(["check", str(tmp_path / "nowhere.xml")]) == 2
    assert capsys.readouterr().err == f"{tmp_path / 'nowhere.xml'}: no such file\n"


def test_check_prints_problems_and_fails_on_errors(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """One line per problem, file:line:, warnings marked; exit 1 only for errors."""
    path = tmp_path / "night.pbn"
    path.write_text("x")
    found = [Problem("board 3: a single result", str(path), 12, "warning")]
    monkeypatch.setattr(validate, "read_and_check", lambda data, source, fmt: (None, list(found)))
    assert main(["check", str(path)]) == 0
    assert capsys.readouterr().out == f"{path}:12: warning: board 3: a single result\n"
    found.append(Problem("board 4: pair 9 NS is not a participant", str(path), 20))
    assert main(["check", str(path)]) == 1
    assert capsys.readouterr().out.splitlines()[1] == (
        f"{path}:20: board 4: pair 9 NS is not a participant"
    )


# -- real files ------------------------------------------------------------------------------

FIXTURES = Path(__file__).parent.parent / "fixtures"


@pytest.mark.parametrize(
    "name",
    ["usebio/teams-of-four.xml", "usebio/teams-of-eight-two-matches.xml", "pbn/howell-pairs.pbn"],
)
def test_sound_fixtures_pass(capsys: pytest.CaptureFixture[str], name: str) -> None:
    """Files without problems: one line of what they hold, exit 0."""
    assert main(["check", str(FIXTURES / name)]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    assert re.fullmatch(rf"{re.escape(str(FIXTURES / name))}: [^\n]+; no problems\n", out)


def test_unreadable_xml_is_one_problem_with_its_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A cut-off USEBIO file: its parse error, file:line:, exit 1."""
    cut = tmp_path / "cut.xml"
    cut.write_bytes((FIXTURES / "usebio" / "teams-of-four.xml").read_bytes()[:700])
    assert main(["check", str(cut)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 1 and out[0].startswith(f"{cut}:")


def test_pbn_format_problems_come_from_the_lenient_reader(
    capsys: pytest.CaptureFixture[str], shared_samples: Path
) -> None:
    """errors_20.pbn (PbnJVeri's bad file): every problem, in line order, exit 1."""
    path = shared_samples / "pbn" / "errors_20.pbn"
    assert main(["check", str(path)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert (
        f"{path}:97: warning: string not closed on its line; outside any result, so skipped" in out
    )
    lines = [int(line.split(":")[1]) for line in out if line.split(":")[1].isdigit()]
    assert len(out) > 5 and lines == sorted(lines)


def test_real_scores_that_disagree_with_their_contracts(
    capsys: pytest.CaptureFixture[str], shared_samples: Path
) -> None:
    """A converter's sample with two hand-keyed travellers that Law 77 contradicts."""
    path = shared_samples / "usebio" / "converted_multi-section-multi-movement-pairs.xml"
    assert main(["check", str(path)]) == 0  # scored in spite of them, as score does
    out = capsys.readouterr().out
    assert out.startswith(
        f"{path}:1: warning: section B board 16: 6NT by W taking 7 scores +500 for NS, not -250\n"
        f"{path}:1: warning: section C board 18: 6NT by N taking 0 scores -1200 for NS, not -170\n"
    )


@pytest.mark.parametrize(
    "name",
    [
        "pbn/open2dn1nationalfinaledirecte21-22-sance1.pbn",
        "usebio/butler_mitchell.xml",
        "usebio/payload_multiple-teams.xml",
        "pbn/etc99_A1A10101.PBN",
    ],
)
def test_real_events_raise_no_false_alarms(
    capsys: pytest.CaptureFixture[str], shared_samples: Path, name: str
) -> None:
    """Real club and teams files (unique pair numbers, Mitchells, teams) check clean."""
    assert main(["check", str(shared_samples / name)]) == 0
    assert capsys.readouterr().out.endswith("; no problems\n")


# -- refused by score and batch as check calls them errors -------------------------


def _usebio_pairs(pairs: str, boards: str) -> str:
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n<USEBIO Version="1.2">\n'
        f'<EVENT EVENT_TYPE="BUTLER_PAIRS">\n<PARTICIPANTS>\n{pairs}</PARTICIPANTS>\n'
        f"{boards}</EVENT>\n</USEBIO>\n"
    )


def _pair(number: str, direction: str) -> str:
    return f"<PAIR><PAIR_NUMBER>{number}</PAIR_NUMBER><DIRECTION>{direction}</DIRECTION></PAIR>\n"


def _board(number: int) -> str:
    lines = "".join(
        f"<TRAVELLER_LINE><NS_PAIR_NUMBER>{n}</NS_PAIR_NUMBER><EW_PAIR_NUMBER>{n}"
        f"</EW_PAIR_NUMBER><SCORE>{score}</SCORE></TRAVELLER_LINE>\n"
        for n, score in (("1", "420"), ("2", "-50"))
    )
    return f"<BOARD>\n<BOARD_NUMBER>{number}</BOARD_NUMBER>\n{lines}</BOARD>\n"


FOUR_PAIRS = "".join(_pair(n, d) for d in ("NS", "EW") for n in ("1", "2"))

UNSCORABLE = [
    pytest.param(
        _usebio_teams(opponent="1").decode(),
        10,
        "match 1 v 1: a team cannot play itself",
        id="self-match",
    ),
    pytest.param(
        _usebio_pairs(FOUR_PAIRS, _board(1) + _board(2) + _board(1)),
        22,
        "section: board 1 appears 2 times",
        id="board-twice",
    ),
    pytest.param(_usebio(pair="2").decode(), None, "pair 2 NS is listed 2 times", id="pair-twice"),
]


@pytest.mark.parametrize(("document", "line", "message"), UNSCORABLE)
def test_score_batch_and_check_refuse_what_cannot_be_scored(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    document: str,
    line: int | None,
    message: str,
) -> None:
    """A team against itself, a board twice in a section, a pair listed twice:
    check reports an error, and score and batch refuse the file (exit 1, the
    same one line, no output)."""
    source = tmp_path / "night.xml"
    source.write_text(document)
    where = f"{source}:{line}" if line is not None else f"{source}"
    assert main(["check", str(source)]) == 1
    assert f"{where}: {message}\n" in capsys.readouterr().out
    assert main(["score", str(source), "-o", str(tmp_path / "out.json")]) == 1
    assert capsys.readouterr().err == f"{where}: {message}\n"
    argv = ["batch", str(source), "--out-dir", str(tmp_path / "out"), "--no-progress"]
    assert main(argv) == 1
    assert capsys.readouterr().err.startswith(f"{where}: {message}\n")
    assert not (tmp_path / "out.json").exists()
    assert list((tmp_path / "out").rglob("*.*")) == []


def many_sections(count: int, short: int | None = None) -> Event:
    """A pairs event of ``count`` sections of the same three boards (but
    section ``short``, one board short)."""
    section = section_of(pairs_event(tables=2, boards=3))
    sections = [attrs.evolve(section, id=str(n)) for n in range(count)]
    if short is not None:
        sections[short] = attrs.evolve(sections[short], boards=section.boards[:2])
    event = pairs_event()
    session = attrs.evolve(event.sessions[0], sections=tuple(sections))
    return attrs.evolve(event, sessions=(session,))


@pytest.mark.parametrize("shape", ["same-boards", "one-short"])
def test_comparing_many_sections_takes_time_in_proportion(shape: str) -> None:
    """Sections' board sets are compared by hashing, not each with every
    other (20,000 sections, a 10 MB file, took 217 s before): the check's
    work grows with the sections, and a section short of a board is still
    found among them."""
    short = 7 if shape == "one-short" else None
    problems = assert_linear(
        lambda count: functools.partial(validate.check, many_sections(count, short)), 500
    )
    expected = ["section 7: no board 3, which other sections or matches have"]
    compared = [p.message for p in problems if "which other sections" in p.message]
    assert compared == (expected if shape == "one-short" else [])


def test_a_long_list_of_missing_boards_is_cut_short() -> None:
    """A section missing many boards others have names ten and counts the rest."""
    event = pairs_event(boards=30)
    section_a = section_of(event)
    section_b = attrs.evolve(section_a, id="B", boards=section_a.boards[:1])
    session = attrs.evolve(event.sessions[0], sections=(section_a, section_b))
    problems = validate.check(attrs.evolve(event, sessions=(session,)))
    assert [p.message for p in problems if "which other" in p.message] == [
        "section B: no board 2, 3, 4, 5, 6, 7, 8, 9, 10, 11 and 19 more, which other "
        "sections or matches have"
    ]


def test_a_good_file_is_one_line_of_what_it_holds(capsys: pytest.CaptureFixture[str]) -> None:
    """check on a good file says what it read, in one line a scorer can act
    on: sections, pairs, boards, results (counted here from the XML itself)."""
    from lxml import etree

    night = FIXTURES / "usebio" / "club-night.xml"
    root = etree.parse(str(night)).getroot()
    pairs, boards = len(root.findall(".//PAIR")), len(root.findall(".//BOARD"))
    results = len(root.findall(".//TRAVELLER_LINE"))
    assert pairs and boards and results
    assert main(["check", str(night)]) == 0
    assert capsys.readouterr() == (
        f"{night}: 1 section, {pairs} pairs, {boards} boards, {results} results; no problems\n",
        "",
    )


def test_a_teams_file_counts_matches_and_teams(capsys: pytest.CaptureFixture[str]) -> None:
    """A teams file: its matches and teams, then boards and results."""
    four = FIXTURES / "pbn" / "teams-of-four.pbn"
    assert main(["check", str(four)]) == 0
    out = capsys.readouterr().out
    assert re.fullmatch(
        rf"{re.escape(str(four))}: \d+ match(es)?, \d+ teams, \d+ boards, \d+ results;"
        r" no problems\n",
        out,
    )
