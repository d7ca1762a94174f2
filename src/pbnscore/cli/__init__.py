"""The ``pbnscore`` command: ``score``, ``batch``, ``methods``, ``check``.

One module per command (:data:`pbnscore.cli._commands.COMMANDS`); the flags a
method's options become are in :mod:`pbnscore.cli._flags`, the parser in
:mod:`pbnscore.cli._parser`, what commands share (input, output, error lines)
in :mod:`pbnscore.cli._io`.

Exit status: 0 all good; 1 an input could not be read, scored or written (for
``check``: an error was found), or a batch worker was killed from outside; 2
wrong usage (unknown method or option, missing input, an output that would
overwrite the input); 3 a bug in pbnscore
(one line on stderr, no traceback); 130 interrupted (batch and season say how
many files were written and how many not started); 143 and 129 stopped by
SIGTERM and SIGHUP (a file being written is removed; batch and season say
how far they got).

Only what a command needs is imported: ``--version`` loads no strategy and no
lxml, and no plug-in is imported until it is asked for.
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Sequence
from importlib import import_module
from typing import TYPE_CHECKING

from pbnscore import _signals
from pbnscore.cli import _io
from pbnscore.cli._commands import build_parser, command_named, line, prescan
from pbnscore.cli._io import error, error_line
from pbnscore.cli._parser import parse
from pbnscore.cli._usage import usage_line
from pbnscore.errors import PbnscoreError, PluginFault, one_line

if TYPE_CHECKING:
    from typing import Any

    from pbnscore.cli._flags import Flag, flags_of

__all__ = ["Flag", "build_parser", "flags_of", "main"]


def __getattr__(name: str) -> Any:
    # Imported when first asked for: a command line that gives no method
    # option builds no Flag (start-up).
    if name in ("Flag", "flags_of"):
        return getattr(import_module("pbnscore.cli._flags"), name)
    raise AttributeError(f"module 'pbnscore.cli' has no attribute {name!r}")


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line ``argv`` (default ``sys.argv[1:]``); the exit status."""
    words = list(sys.argv[1:] if argv is None else argv)
    with _io.standard_error() as dropped:
        status = _run(words)
    # A warning or error that could not be said: no silent exit 0.
    return 1 if status == 0 and dropped() else status


def _run(words: list[str]) -> int:
    try:
        with _io.standard_streams(), _signals.handled():
            return _dispatch(words)
    except SystemExit as exc:  # argparse: --help, --version
        return exc.code if isinstance(exc.code, int) else 1
    except PbnscoreError as exc:
        # Each error class carries its exit status (pbnscore.errors); a
        # usage error about no file is said with where to read more.
        if exc.exit_code == 2 and getattr(exc, "source", None) is None:
            error(usage_line(one_line(str(exc), exc.line_limit), command_named(words)))
        else:
            error(error_line(exc))
        return exc.exit_code
    except KeyboardInterrupt as exc:  # a batch says how far it got
        error(
            f"pbnscore: {exc}" if isinstance(exc, _signals.Interrupted) else "pbnscore: interrupted"
        )
        return 130
    except _signals.Terminated as exc:  # SIGTERM, SIGHUP: as Ctrl-C is
        counts = "" if exc.progress is None else f": {exc.progress.counts()}"
        error(f"pbnscore: stopped by {exc.name}{counts}")
        return exc.status
    except BrokenPipeError:
        # Whoever read the output stopped (`pbnscore score x | head`): not a
        # bug to report. Point stdout at /dev/null so the exit's flush is quiet.
        with contextlib.suppress(OSError, ValueError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    except PluginFault as exc:  # a plug-in's bug, said as its own
        error(f"pbnscore: {exc}")
        return exc.exit_code
    except Exception as exc:  # a bug: one line, not a traceback
        error(f"pbnscore: internal error: {type(exc).__name__}: {one_line(str(exc))}")
        return 3


def _dispatch(words: list[str]) -> int:
    _, method = prescan(words)
    given = line(words)
    if given.command is None:
        parse(given, (), None)  # --help, --version, or argparse's usage error
        return 2
    status: int = given.command.run(given, method)
    return status
