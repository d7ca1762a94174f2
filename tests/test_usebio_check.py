"""``usebio.check``: the lenient USEBIO read behind ``pbnscore check``.

Strict ``loads`` stops at a file's first problem; the lenient read records a
problem for each traveller line, board, participant and match it cannot read,
skips it and reads on; ``validate.check_bytes`` (the command) adds the whole
event's checks of what it read.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given

from pbnscore import errors, usebio, validate
from pbnscore.cli import main
from pbnscore.errors import Problem, UsebioError
from test_fuzz import FUZZ, mutated
from test_hostile_input import CASES

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "usebio"


def every_problem(document: str | bytes, source: str = "<string>") -> list[Problem]:
    """What ``pbnscore check`` reports: the reader's problems and the event's."""
    data = document.encode() if isinstance(document, str) else document
    return validate.check_bytes(data, source, "usebio")


# A Mitchell of three tables, one element a line so that each problem's line
# is known: a pair without a number, a score and a trick count that do not
# parse, a board whose number does not, a declarer that is no seat. The
# scores are right for their contracts (4S= by S: board 1 none, board 2 NS,
# board 4 all vulnerable), so the whole-event checks find nothing more.
PAIRS = """<?xml version="1.0" encoding="UTF-8"?>
<USEBIO Version="1.2">
<EVENT EVENT_TYPE="BUTLER_PAIRS">
<PARTICIPANTS>
<PAIR><PAIR_NUMBER>1</PAIR_NUMBER><DIRECTION>NS</DIRECTION></PAIR>
<PAIR><PAIR_NUMBER>2</PAIR_NUMBER><DIRECTION>NS</DIRECTION></PAIR>
<PAIR><PAIR_NUMBER>3</PAIR_NUMBER><DIRECTION>NS</DIRECTION></PAIR>
<PAIR><PAIR_NUMBER>1</PAIR_NUMBER><DIRECTION>EW</DIRECTION></PAIR>
<PAIR><PAIR_NUMBER>2</PAIR_NUMBER><DIRECTION>EW</DIRECTION></PAIR>
<PAIR><PAIR_NUMBER>3</PAIR_NUMBER><DIRECTION>EW</DIRECTION></PAIR>
<PAIR><PAIR_NUMBER></PAIR_NUMBER><DIRECTION>EW</DIRECTION></PAIR>
</PARTICIPANTS>
<BOARD>
<BOARD_NUMBER>1</BOARD_NUMBER>
{line:1:1:4S:S:10:12x}
{line:2:2:4S:S:10:420}
{line:3:3:4S:S:10:420}
</BOARD>
<BOARD>
<BOARD_NUMBER>2</BOARD_NUMBER>
{line:1:2:4S:S:14:620}
{line:2:3:4S:S:10:620}
{line:3:1:4S:S:10:620}
</BOARD>
<BOARD>
<BOARD_NUMBER>abc</BOARD_NUMBER>
{line:1:3:4S:S:10:420}
</BOARD>
<BOARD>
<BOARD_NUMBER>4</BOARD_NUMBER>
{line:1:1:4S:S:10:620}
{line:2:2:4S:Q:10:620}
{line:3:3:4S:S:10:620}
</BOARD>
</EVENT>
</USEBIO>
"""

# Teams of four: a team without an id, a match whose round does not parse
# (skipped whole), a line of the other match whose score does not.
TEAMS = """<?xml version="1.0" encoding="UTF-8"?>
<USEBIO Version="1.2">
<EVENT EVENT_TYPE="TEAMS">
<SESSION SESSION_ID="1">
<PARTICIPANTS>
<TEAM TEAM_ID="1"/>
<TEAM TEAM_ID="2"/>
<TEAM TEAM_NAME="Nameless"/>
</PARTICIPANTS>
<MATCH>
<ROUND_NUMBER>x</ROUND_NUMBER>
<TEAM>1</TEAM><OPPOSING_TEAM>2</OPPOSING_TEAM>
<BOARD><BOARD_NUMBER>1</BOARD_NUMBER>
<TRAVELLER_LINE><DIRECTION>NS</DIRECTION><SCORE>420</SCORE></TRAVELLER_LINE>
<TRAVELLER_LINE><DIRECTION>EW</DIRECTION><SCORE>-50</SCORE></TRAVELLER_LINE>
</BOARD>
</MATCH>
<MATCH>
<ROUND_NUMBER>2</ROUND_NUMBER>
<TEAM>2</TEAM><OPPOSING_TEAM>1</OPPOSING_TEAM>
<BOARD><BOARD_NUMBER>2</BOARD_NUMBER>
<TRAVELLER_LINE><DIRECTION>NS</DIRECTION><SCORE>-1x</SCORE></TRAVELLER_LINE>
<TRAVELLER_LINE><DIRECTION>EW</DIRECTION><SCORE>-100</SCORE></TRAVELLER_LINE>
</BOARD>
<BOARD><BOARD_NUMBER>3</BOARD_NUMBER>
<TRAVELLER_LINE><DIRECTION>NS</DIRECTION><SCORE>110</SCORE></TRAVELLER_LINE>
<TRAVELLER_LINE><DIRECTION>EW</DIRECTION><SCORE>-110</SCORE></TRAVELLER_LINE>
</BOARD>
</MATCH>
</SESSION>
</EVENT>
</USEBIO>
"""


def _traveller_line(spec: str) -> str:
    ns, ew, contract, by, tricks, score = spec.split(":")
    return (
        f"<TRAVELLER_LINE><NS_PAIR_NUMBER>{ns}</NS_PAIR_NUMBER><EW_PAIR_NUMBER>{ew}"
        f"</EW_PAIR_NUMBER><CONTRACT>{contract}</CONTRACT><PLAYED_BY>{by}</PLAYED_BY>"
        f"<TRICKS>{tricks}</TRICKS><SCORE>{score}</SCORE></TRAVELLER_LINE>"
    )


def _document(template: str) -> str:
    return "\n".join(
        _traveller_line(text[len("{line:") : -1]) if text.startswith("{line:") else text
        for text in template.split("\n")
    )


def _line_of(document: str, text: str) -> int:
    """The one line of ``document`` that holds ``text``."""
    (line,) = [n for n, row in enumerate(document.split("\n"), 1) if text in row]
    return line


def _errors(problems: list[Problem]) -> list[tuple[int | None, str]]:
    return [(p.line, p.message) for p in problems if p.severity == "error"]


def _expected(document: str) -> list[tuple[int, str]]:
    if "TEAMS" in document:
        return [
            (_line_of(document, "Nameless"), "TEAM without a TEAM_ID"),
            (_line_of(document, ">x<"), "ROUND_NUMBER 'x' is not a whole number"),
            (_line_of(document, "-1x"), "SCORE '-1x' is not a whole number"),
        ]
    return [
        (_line_of(document, "<PAIR_NUMBER></"), "PAIR without a PAIR_NUMBER"),
        (_line_of(document, ">12x<"), "SCORE '12x' is not a whole number"),
        (_line_of(document, ">14<"), "tricks must be 0..13, not 14"),
        (_line_of(document, ">abc<"), "BOARD_NUMBER 'abc' is not a whole number"),
        (_line_of(document, ">Q<"), "PLAYED_BY 'Q' is not N, E, S or W"),
    ]


@pytest.mark.parametrize("template", [PAIRS, TEAMS], ids=["pairs", "teams"])
def test_every_bad_element_is_a_problem_at_its_line(template: str) -> None:
    """Each bad line, board, participant and match is reported once, with
    the message strict ``loads`` raises for it, in line order."""
    document = _document(template)
    problems = usebio.check(document, source="night.xml")
    assert _errors(problems) == _expected(document)
    assert {p.source for p in problems} == {"night.xml"}
    with pytest.raises(UsebioError) as strict:
        usebio.loads(document, source="night.xml")
    assert (strict.value.line, strict.value.message) == _expected(document)[0]


@pytest.mark.parametrize("template", [PAIRS, TEAMS], ids=["pairs", "teams"])
def test_the_command_lists_every_problem_and_exits_1(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, template: str
) -> None:
    """``pbnscore check``: one stdout line per problem, in line order, exit 1."""
    document = _document(template)
    path = tmp_path / "night.xml"
    path.write_text(document)
    assert main(["check", str(path)]) == 1
    captured = capsys.readouterr()
    assert captured.err == ""
    errors = [row for row in captured.out.splitlines() if ": warning: " not in row]
    assert errors == [f"{path}:{line}: {message}" for line, message in _expected(document)]


def test_what_is_skipped_is_left_out_and_the_rest_is_checked_whole() -> None:
    """The whole-event checks run on what was read: pair 2 NS put in two
    results of every board is found on boards 1 and 2; board 3 was not read,
    nor board 4's line with declarer Q, which leaves it one result of 2 NS."""
    document = _document(PAIRS).replace(
        "<NS_PAIR_NUMBER>3</NS_PAIR_NUMBER>", "<NS_PAIR_NUMBER>2</NS_PAIR_NUMBER>"
    )
    twice = [p for p in every_problem(document) if "in two results" in p.message]
    assert [p.message for p in twice] == [
        "board 1: pair 2 NS is in two results",
        "board 2: pair 2 NS is in two results",
    ]


CLEAN = [
    "club-night.xml",
    "flat-butler-old-style.xml",
    "howell-pairs.xml",
    "individual-three-tables.xml",
    "mitchell-pairs.xml",
    "teams-of-eight-one-match.xml",
    "teams-of-eight-three-matches.xml",
    "teams-of-eight-two-matches.xml",
    "teams-of-four-two-matches.xml",
    "teams-of-four.xml",
    "tied-places.xml",
]


@pytest.mark.parametrize("name", CLEAN)
def test_a_clean_fixture_has_no_problems(name: str) -> None:
    assert usebio.check((FIXTURES / name).read_bytes(), source=name) == []


@pytest.mark.parametrize("path", sorted(FIXTURES.glob("*.xml")), ids=lambda p: p.name)
def test_the_command_reports_every_reader_problem_on_every_fixture(path: Path) -> None:
    """Whatever the reader finds, ``pbnscore check`` reports too (some
    fixtures break the Law 77 scores on purpose: those come from the event's
    checks, not the reader's)."""
    data = path.read_bytes()
    assert set(usebio.check(data, source="f")) <= set(every_problem(data, "f"))


def test_a_lenient_read_stops_after_too_many_problems(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(errors, "MAX_PROBLEMS", 3)
    document = _document(PAIRS)
    problems = usebio.check(document, source="night.xml")
    assert [p.message for p in problems] == [
        "PAIR without a PAIR_NUMBER",
        "SCORE '12x' is not a whole number",
        "tricks must be 0..13, not 14",
        "too many problems; the rest of the file is not read",
    ]
    assert problems[-1].line == _line_of(document, ">14<")


@pytest.mark.parametrize(
    ("name", "data", "line"),
    [
        pytest.param(name, data, line, id=name)
        for name, data, line, _ in CASES
        if name.endswith(".xml")
    ],
)
def test_hostile_usebio_is_a_problem_never_an_exception(name: str, data: bytes, line: int) -> None:
    """Every hostile USEBIO case of test_hostile_input: at least one error,
    one of them at the line ``score`` reports."""
    problems = every_problem(data, source=name)
    assert line in {p.line for p in problems if p.severity == "error"}, problems[:3]


@FUZZ
@given(data=mutated("usebio"))
def test_check_never_raises_and_finds_the_strict_error(data: bytes) -> None:
    """On any mutated fixture ``check`` returns problems, never raises; where
    strict ``loads`` fails, ``check`` has an error at the same line."""
    problems = usebio.check(data, source="fuzz")
    try:
        usebio.loads(data, source="fuzz")
    except UsebioError as strict:
        assert strict.line in {p.line for p in problems if p.severity == "error"}


def test_a_passed_out_line_with_a_score_is_a_warning_and_scores_0() -> None:
    """The contract decides: a pass-out scores 0 whatever its SCORE says, as
    the PBN reader has it, and `check` says so."""
    document = _document(PAIRS.replace("{line:3:3:4S:S:10:420}", "{line:3:3:PASS:N::-400}", 1))
    line = _line_of(document, "<CONTRACT>PASS</CONTRACT>")
    warnings = [(p.line, p.message) for p in every_problem(document) if p.severity == "warning"]
    assert (line, "passed out, but the score is NS -400; a pass-out scores 0") in warnings
