"""``pbnscore score INPUT``: score one event."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from pbnscore import outputs, pipeline
from pbnscore._records import attrs
from pbnscore._scoring import default_method
from pbnscore.cli import _io, _parser
from pbnscore.errors import UsageError

if TYPE_CHECKING:
    from pbnscore.model import Event
    from pbnscore.pipeline import Settings

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
    parser.add_argument(
        "input", metavar="INPUT", nargs="?", help="a .pbn, .xml or .bws file, or - for stdin"
    )
    parser.add_argument(
        "--example",
        action="store_true",
        help="score the club night shipped with pbnscore instead of INPUT",
    )
    parser.add_argument("-o", "--output", metavar="OUTPUT", help="file to write, - for stdout")
    _parser.add_output_arguments(parser, several="each written as OUTPUT's name with its extension")
    _parser.add_from_argument(parser)
    _parser.add_event_arguments(parser)
    _parser.add_quiet_argument(parser)


def run(command_line: _parser.Line, method: str | None) -> int:
    args, flags = _parser.parse_with_method(command_line, method)
    if args.example == (args.input is not None):
        raise UsageError("score takes INPUT or --example (one of them)")
    if args.example:
        from pbnscore.examples import CLUB_NIGHT  # pathlib: not on a file's start-up

        args.input = str(CLUB_NIGHT)
    data, source = _io.read_input(args.input)
    formats = tuple(dict.fromkeys(args.to or ()))
    if len(formats) > 1:
        targets = _targets(args.output, args.input, formats, _io.option_files(args))
    else:
        to = formats[0] if formats else outputs.DEFAULT
        output = _io.output_path(args.output, args.input, to, _io.option_files(args))
        # A person at a terminal reads the text report; a pipe or a file gets
        # USEBIO, what other programs read.
        shown = "text" if args.output is None and sys.stdout.isatty() else outputs.DEFAULT
        formats = formats or (_io.format_of(output, default=shown),)
        targets = [output]
    settings = _parser.settings(args, flags, method, formats)

    def settings_for(event: Event) -> Settings:
        """The event's own method, and its options: read again, strictly
        with its flags, where any was given."""
        own = default_method(event)
        if settings.options:
            return _parser.settings(*_parser.parse_with_method(command_line, own), own, settings.to)
        return attrs.evolve(settings, method=own)

    def documents(warn: Callable[[str], None]) -> list[bytes]:
        done = pipeline.run(data, source, settings, settings_for=settings_for, warn=warn)
        return list(done.documents.values())

    return _io.answer_one(source, targets, documents, quiet=args.quiet)


def _targets(
    output: str | None, input_name: str, formats: Sequence[str], also_read: Sequence[str]
) -> list[str | None]:
    """The file of each format where ``--to`` is given several times: -o's
    name, less an extension that names a format, with each format's
    extension (``-o night --to html --to json``: night.html, night.json;
    ``-o Web/``: the input's name in Web). Standard output takes one format:
    without -o it is a usage error that says so."""
    if output is None or output == _io.STDIO:
        listed = " and ".join(f"--to {name}" for name in formats)
        named = ", ".join(f"NAME.{outputs.FORMATS[name].extension}" for name in formats)
        raise UsageError(
            f"{listed} make {len(formats)} files and standard output takes one:"
            f" give -o NAME to write {named}"
        )
    first = _io.output_path(output, input_name, formats[0], also_read)
    assert first is not None  # -o names a file
    stem = os.path.splitext(first)[0] if outputs.named_by(first) else first
    return [
        _io.output_path(f"{stem}.{outputs.FORMATS[name].extension}", input_name, name, also_read)
        for name in formats
    ]
