"""``pbnscore explain INPUT --board N``: how each point on a board came about."""

from __future__ import annotations

import argparse

from pbnscore import batch, default_method
from pbnscore.batch import describe
from pbnscore.cli import _io, _parser
from pbnscore.errors import USAGE_ERRORS, PbnscoreError

NAME = "explain"
HELP = "how each point on one board came about"
DESCRIPTION = (
    "Explain one board: the steps by which the method scored it (the datum and "
    "how it was chosen, each comparison or term, each team's sum), from the same "
    "code that scores it, and each participant's points. --pair keeps one "
    "participant's lines. Without -m: butler for a pairs event, aggregate for teams."
)
METHOD_OPTIONS = True


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("input", metavar="INPUT", help="a .pbn or .xml file, or - for stdin")
    parser.add_argument(
        "--board", required=True, type=_parser.positive, metavar="N", help="the board number"
    )
    parser.add_argument(
        "--pair", metavar="ID", help="only this pair's (team's, player's) lines and points"
    )
    parser.add_argument("--to", choices=("text", "json"), default="text", help="output format")
    parser.add_argument("-o", "--output", metavar="OUTPUT", help="file to write, - for stdout")
    _parser.add_from_argument(parser)
    _parser.add_quiet_argument(parser)


def run(words: list[str], method: str | None) -> int:
    from pbnscore.explain import explain
    from pbnscore.report import explain as report

    args, flags = _parser.parse_with_method(words, method)
    data, source = _io.read_input(args.input)
    output = _io.output_path(args.output, args.input)
    given = _parser.options(args, flags)
    settings = batch.Settings(method, given, "json", args.source_format)
    found: list[str] = []
    try:
        event = batch.read_event(data, source, settings, warn=found.append)
        if method is None:
            method = default_method(event)
            given = _parser.options(*_parser.parse_with_method(words, method))
        explained = explain(event, args.board, method, **given)
        render = report.dumps if args.to == "json" else report.render
        document = render(explained, args.pair)
    except PbnscoreError as exc:
        if isinstance(exc, USAGE_ERRORS):
            raise
        _io.error(describe(exc, source))
        return 1
    if not args.quiet:
        for line in batch.warning_lines(found, source):
            _io.error(line)
    _io.write_output(output, document.encode("utf-8"))
    return 0
