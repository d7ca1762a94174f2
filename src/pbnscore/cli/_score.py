"""``pbnscore score INPUT``: score one event."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING

import attrs

from pbnscore import batch, outputs
from pbnscore._scoring import default_method
from pbnscore.cli import _io, _parser

if TYPE_CHECKING:
    from pbnscore.model import Event

NAME = "score"
DESCRIPTION = (
    "Score one event. The output format is --to, else OUTPUT's extension, else "
    "text on a terminal and usebio to a pipe or file. Formats and extensions: "
    + ", ".join(
        f"{name} ({', '.join(f'.{ext}' for ext in output.extensions)})"
        for name, output in outputs.FORMATS.items()
    )
    + ". Without -m: butler for a pairs event, aggregate for teams."
)
METHOD_OPTIONS = True


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("input", metavar="INPUT", help="a .pbn, .xml or .bws file, or - for stdin")
    parser.add_argument("-o", "--output", metavar="OUTPUT", help="file to write, - for stdout")
    _parser.add_output_arguments(parser)
    _parser.add_from_argument(parser)
    _parser.add_event_arguments(parser)
    _parser.add_quiet_argument(parser)


def run(command_line: _parser.Line, method: str | None) -> int:
    args, flags = _parser.parse_with_method(command_line, method)
    data, source = _io.read_input(args.input)
    to = args.to or outputs.DEFAULT
    output = _io.output_path(args.output, args.input, to, _io.option_files(args))
    # A person at a terminal reads the text report; a pipe or a file gets
    # USEBIO, what other programs read.
    shown = "text" if args.output is None and sys.stdout.isatty() else outputs.DEFAULT
    settings = _parser.settings(
        args, flags, method, args.to or _io.format_of(output, default=shown)
    )

    def scored(event: Event, warn: Callable[[str], None]) -> bytes:
        chosen = settings
        if method is None:  # the event's own method, and its options
            own = default_method(event)
            if settings.options:  # read again, strictly with own's flags
                own_args, own_flags = _parser.parse_with_method(command_line, own)
                chosen = _parser.settings(own_args, own_flags, own, settings.to)
            else:  # no option given: nothing to read again or check
                chosen = attrs.evolve(settings, method=own)
        return batch.render(batch.score_event(event, chosen, warn), chosen, warn)

    return _io.answer_one(data, source, output, settings, scored, quiet=args.quiet)
