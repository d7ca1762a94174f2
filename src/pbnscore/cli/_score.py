"""``pbnscore score INPUT``: score one event."""

from __future__ import annotations

import argparse

from pbnscore import batch, default_method
from pbnscore.batch import describe
from pbnscore.cli import _io, _parser
from pbnscore.errors import USAGE_ERRORS, PbnscoreError

NAME = "score"
HELP = "score one event"
DESCRIPTION = (
    "Score one event. The output format is --to, else OUTPUT's extension "
    "(.xml usebio, .json, .txt text, .html), else usebio. Without -m: butler for "
    "a pairs event, aggregate for teams."
)
METHOD_OPTIONS = True


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("input", metavar="INPUT", help="a .pbn or .xml file, or - for stdin")
    parser.add_argument("-o", "--output", metavar="OUTPUT", help="file to write, - for stdout")
    _parser.add_output_arguments(parser)
    _parser.add_from_argument(parser)
    _parser.add_quiet_argument(parser)


def run(words: list[str], method: str | None) -> int:
    args, flags = _parser.parse_with_method(words, method)
    data, source = _io.read_input(args.input)
    output = _io.output_path(args.output, args.input)
    settings = _parser.settings(args, flags, method, args.to or _io.format_of(output))
    found: list[str] = []  # warnings, printed once the file is scored
    try:
        event = batch.read_event(data, source, settings, warn=found.append)
        if method is None:
            method = default_method(event)
            args, flags = _parser.parse_with_method(words, method)
            settings = _parser.settings(args, flags, method, settings.to)
        document = batch.render(batch.score_event(event, settings, found.append), settings)
    except PbnscoreError as exc:
        if isinstance(exc, USAGE_ERRORS):
            raise
        _io.error(describe(exc, source))
        return 1
    if not args.quiet:
        for line in batch.warning_lines(found, source):
            _io.error(line)
    _io.write_output(output, document)
    return 0
