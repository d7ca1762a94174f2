"""``pbnscore check INPUT...``: read and validate only, every problem a line."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from pbnscore.cli import _io, _parser
from pbnscore.errors import ParseError, ScoringError, UsageError, counted, shown
from pbnscore.model import EventKind

if TYPE_CHECKING:
    from pbnscore.errors import Problem
    from pbnscore.model import Event, Section

NAME = "check"
DESCRIPTION = (
    "Read and validate files; one line per problem, file:line: message. A file "
    "without errors ends with one line of what it holds (night.xml: 1 section, "
    "14 pairs, 26 boards, 182 results; no problems)."
)
METHOD_OPTIONS = False


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("inputs", nargs="+", metavar="INPUT")
    _parser.add_from_argument(parser)


def run(command_line: _parser.Line, method: str | None) -> int:
    args = _parser.parse(command_line, (), None)
    for name in args.inputs:  # `check night.pbn >> night.pbn`: before any line
        if _io.stdout_is(name):
            shown = "<stdin>" if name == _io.STDIO else name
            raise UsageError(f"standard output is the input {shown}: it would be written into")
    with _io.writing_stdout():
        return check(args.inputs, args.source_format)


def check(inputs: list[str], source_format: str | None) -> int:
    from pbnscore import validate

    status = 0
    for name in inputs:
        try:
            data, source = _io.read_input(name)
        except UsageError as exc:
            _io.error(_io.error_line(exc))
            status = 2
            continue
        except ParseError as exc:  # too large to read: a problem of the file
            print(exc)
            status = max(status, 1)
            continue
        event, problems = validate.read_and_check(data, source, source_format)
        if event is not None and not any(problem.severity == "error" for problem in problems):
            problems += refusal(event, source)
        found, failed = lines(event, problems, source)
        for line in found:
            print(line)
        if failed:
            status = max(status, 1)
    return status


def refusal(event: Event, source: str) -> list[Problem]:
    """Why ``score`` would refuse a file that reads without an error: its
    default method's refusal (every board left out) as an error, after the
    method's warnings that say why; none where it scores."""
    from pbnscore._scoring import default_method, score
    from pbnscore.errors import Problem

    try:
        score(event, default_method(event))
    except ScoringError as exc:
        reasons = [Problem(message, source, line, "warning") for message, line in exc.reasons]
        return [*reasons, Problem(str(exc), source)]
    return []


def lines(event: Event | None, problems: list[Problem], source: str) -> tuple[list[str], bool]:
    """What ``check`` says of one file read: a line per problem, then (where
    it has no error) what it holds; and whether it has an error."""
    said = [problem_line(problem) for problem in problems]
    failed = any(problem.severity == "error" for problem in problems)
    if not failed and event is not None:
        said.append(f"{shown(source)}: {contents(event)}; {_verdict(problems)}")
    return said, failed


def contents(event: Event) -> str:
    """What a file holds, as a scorer counts it: ``1 section, 14 pairs,
    26 boards, 182 results`` (teams: matches and teams)."""
    sessions = event.sessions
    if event.kind is EventKind.TEAMS:
        teams = {team.id for session in sessions for team in session.teams}
        parts = [
            _matches(sum(len(session.matches) for session in sessions)),
            counted(len(teams), "team"),
        ]
    elif event.kind is EventKind.INDIVIDUAL:
        parts = [
            counted(sum(len(session.sections) for session in sessions), "section"),
            counted(sum(len(s.participants) for x in sessions for s in x.sections), "player"),
        ]
    else:
        parts = [counted(sum(len(session.sections) for session in sessions), "section")]
        sections = [section for session in sessions for section in session.sections]
        parts.append(_pairs(sections, event.source.format))
    boards = {  # a number once, or once a deal where sets of deals share numbers
        (at, board.number, board.deal)
        for at, session in enumerate(sessions)
        for played in (*(s.boards for s in session.sections), *(m.boards for m in session.matches))
        for board in played
    }
    parts += [counted(len(boards), "board"), counted(event.result_count(), "result")]
    return ", ".join(parts)


def _pairs(sections: list[Section], format: str) -> str:
    """The pairs, with how those of a section that lists none were found
    from its results (the rule of :mod:`pbnscore._numbering`)."""
    from pbnscore._numbering import from_results, numbering

    count, said = 0, dict[str, None]()
    for section in sections:
        count += len(section.participants)
        if section.pairs_found is not None:  # PBN: its reader found them (pbn/_read_write_pairs)
            read = numbering(section.boards)
            if read.played:
                said[read.said_by(section.pairs_found)] = None
            continue
        found = numbering(section.boards) if from_results(section, format) else None
        if found is not None and found.played:  # (a section of deals only: nothing found)
            count += 0 if section.participants else found.pairs
            said[found.said] = None
    how = f" (from the results: {'; '.join(said)})" if said else ""
    return counted(count, "pair") + how


def _matches(count: int) -> str:
    return "1 match" if count == 1 else f"{count} matches"


def _verdict(problems: list[Problem]) -> str:
    return counted(len(problems), "warning") if problems else "no problems"


def problem_line(problem: Problem) -> str:
    if problem.severity == "error":
        return str(problem)
    return f"{problem.where}: {problem.severity}: {problem.message}"
