"""``pbnscore check INPUT...``: read and validate only, every problem a line."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from pbnscore.cli import _io, _parser
from pbnscore.errors import ParseError, UsageError

if TYPE_CHECKING:
    from pbnscore.errors import Problem

NAME = "check"
DESCRIPTION = "Read and validate files; one line per problem, file:line: message."
METHOD_OPTIONS = False


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("inputs", nargs="+", metavar="INPUT")
    _parser.add_from_argument(parser)


def run(words: list[str], method: str | None) -> int:
    args = _parser.parse(words, (), None)
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
        problems = validate.check_bytes(data, source, source_format)
        for problem in problems:
            print(problem_line(problem))
        if any(problem.severity == "error" for problem in problems):
            status = max(status, 1)
    return status


def problem_line(problem: Problem) -> str:
    if problem.severity == "error":
        return str(problem)
    return f"{problem.where}: {problem.severity}: {problem.message}"
