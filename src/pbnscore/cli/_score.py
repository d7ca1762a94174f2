"""``pbnscore score INPUT``: score one event."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import TYPE_CHECKING

from pbnscore import batch, default_method, outputs
from pbnscore.cli import _io, _parser

if TYPE_CHECKING:
    from pbnscore.model import Event

NAME = "score"
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
    output = _io.output_path(args.output, args.input, args.to or outputs.DEFAULT)
    settings = _parser.settings(args, flags, method, args.to or _io.format_of(output))

    def scored(event: Event, warn: Callable[[str], None]) -> bytes:
        chosen = settings
        if method is None:  # the event's own method, and its options
            own = default_method(event)
            chosen = _parser.settings(*_parser.parse_with_method(words, own), own, settings.to)
        return batch.render(batch.score_event(event, chosen, warn), chosen, warn)

    return _io.answer_one(data, source, output, settings, scored, quiet=args.quiet)
