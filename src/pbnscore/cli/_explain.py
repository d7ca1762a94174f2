"""``pbnscore explain INPUT --board N``: how each point on a board came about."""

from __future__ import annotations

import argparse
from collections.abc import Callable

from pbnscore import pipeline
from pbnscore._explaining import BOARD
from pbnscore._scoring import default_method
from pbnscore.cli import _io, _parser
from pbnscore.cli._flags import InRange
from pbnscore.errors import UsageError

NAME = "explain"
DESCRIPTION = (
    "Explain one board: the steps by which the method scored it (the datum and "
    "how it was chosen, each comparison or term, each team's sum), from the same "
    "code that scores it, and each participant's points. A sum of many terms "
    "is summarised (counts by outcome, the largest each way). --pair keeps one "
    "participant's lines; --all-terms lists every term of its tables. "
    "Without -m: butler for a pairs event, aggregate for teams."
)
METHOD_OPTIONS = True
FORMATS = ("text", "json")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("input", metavar="INPUT", help="a .pbn, .xml or .bws file, or - for stdin")
    parser.add_argument(
        "--board", required=True, type=InRange(BOARD), metavar="N", help="the board number"
    )
    parser.add_argument(
        "--pair", metavar="ID", help="only this pair's (team's, player's) lines and points"
    )
    parser.add_argument(
        "--all-terms",
        action="store_true",
        help="with --pair: every term (comparison) of its tables, not a summary",
    )
    parser.add_argument(
        "--to", choices=FORMATS, help="output format (default: OUTPUT's extension, else text)"
    )
    parser.add_argument("-o", "--output", metavar="OUTPUT", help="file to write, - for stdout")
    _parser.add_from_argument(parser)
    _parser.add_corrections_argument(parser)
    _parser.add_quiet_argument(parser)


def run(command_line: _parser.Line, method: str | None) -> int:
    from pbnscore._explaining import explain
    from pbnscore.report import explain as report

    args, flags = _parser.parse_with_method(command_line, method)
    if args.all_terms and args.pair is None:
        # Every term of every table is the cube of the tables (barking).
        raise UsageError("--all-terms applies to one participant's tables: give --pair")
    output = _io.output_path(args.output, args.input, args.to or "text", _io.option_files(args))
    to = args.to or _io.format_of(output, FORMATS, "text", "explain")
    data, source = _io.read_input(args.input)
    given = _parser.options(args, flags)
    corrections = _parser.corrections_of(args)
    settings = pipeline.Settings(
        method, given, (), args.source_format, corrections=corrections, beside=True
    )

    def explained(warn: Callable[[str], None]) -> list[bytes]:
        event = pipeline.read(data, source, settings, warn)
        chosen, options = method, given
        if chosen is None:  # the event's own method, and its options
            chosen = default_method(event)
            options = _parser.options(*_parser.parse_with_method(command_line, chosen))
        render = report.dumps if to == "json" else report.render
        terms_for = args.pair if args.all_terms else None
        explained = explain(event, args.board, chosen, all_terms_for=terms_for, **options)
        return [render(explained, args.pair).encode("utf-8")]

    return _io.answer_one(source, [output], explained, quiet=args.quiet)
