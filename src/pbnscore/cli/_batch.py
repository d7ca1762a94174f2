"""``pbnscore batch INPUT... --out-dir DIR``: score many files in parallel."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from pbnscore import batch, outputs
from pbnscore.cli import _io, _parser
from pbnscore.cli._flags import default_methods, flags_of_method, merged
from pbnscore.errors import UsageError

NAME = "batch"
DESCRIPTION = (
    "Score every file (folders: every *.pbn, *.xml and *.bws below them) into "
    "DIR/<name>.<ext> (night.xml -> night.json; night.xml and night.pbn side by side "
    "keep their full names: night.xml.json, night.pbn.json). Without -m each file "
    "gets its default method and only the options every default method takes are "
    "accepted. The run ends with the counts and each failed file with its reason."
)
METHOD_OPTIONS = True


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("inputs", nargs="+", metavar="INPUT", help="files and folders")
    parser.add_argument("--out-dir", required=True, type=Path, metavar="DIR")
    _parser.add_parallel_arguments(parser)
    _parser.add_output_arguments(parser, several="each in DIR")
    _parser.add_from_argument(parser)
    _parser.add_event_arguments(parser)
    _parser.add_quiet_argument(parser)


def run(command_line: _parser.Line, method: str | None) -> int:
    # Without -m each file gets its own default method: only options that
    # every default method takes can apply to every file.
    flags = flags_of_method(method) if method else merged(default_methods(), shared_only=True)
    args = _parser.parse(command_line, flags, method)
    if _io.STDIO in args.inputs:
        raise UsageError("batch reads files and folders, not standard input")
    formats = tuple(dict.fromkeys(args.to or [outputs.DEFAULT]))
    jobs = batch.plan(
        args.inputs, args.out_dir, formats, said=lambda line: _io.error(f"pbnscore: {line}")
    )
    progress = not args.no_progress and sys.stderr.isatty()
    settings = _parser.settings(args, flags, method, formats)
    summary = batch.run(
        jobs,
        _parser.for_nights(settings, "batch", [str(job.source) for job in jobs]),
        workers=args.jobs,
        progress=progress,
        quiet=args.quiet,
    )
    for line in summary.lines():
        _io.error(line)
    return 1 if summary.failures else 0
