"""``python -m pbnscore``, the ``pbnscore`` script (:func:`run`) and the
``pbnscore-gui`` one (:func:`gui`).

``--version`` alone is answered here, before the command line and the
model are imported (they are most of the start-up); anything else goes to
:func:`pbnscore.cli.main`, which answers ``--version`` the same way.
"""

from __future__ import annotations

import os
import sys

from pbnscore._version import __version__


def run() -> int:
    if "_ARGCOMPLETE" in os.environ:  # the shell's completion script asking (completion extra)
        from pbnscore.cli._complete import complete

        return complete()
    if sys.argv[1:] == ["--version"] and None not in (sys.stdout, sys.stderr):  # main says so
        try:
            print(f"pbnscore {__version__}")
            sys.stdout.flush()
        except OSError as exc:  # a full disk: one line, as main says it
            print(f"pbnscore: standard output: {exc.strerror or exc}", file=sys.stderr)
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            return 1
        return 0
    import gc

    once = _runs_once(sys.argv[1:])
    if once:
        gc.disable()
    from pbnscore.cli import main
    from pbnscore.cli._usage import look_words_up_once

    look_words_up_once()
    status = main()
    if once:
        # What the command made stays until the process ends: the
        # collections as the interpreter shuts down need not walk it.
        gc.freeze()
        gc.enable()
    if status == 130:  # Ctrl-C, taken and said
        from pbnscore._signals import ignore_ctrl_c

        # Another while the code is kept or the interpreter tears down (a
        # tenth of a second on a busy machine, SIGINT at its default by
        # then) was a traceback, or ended it by SIGINT, not exit 130.
        ignore_ctrl_c()
    from contextlib import suppress

    from pbnscore._records import save

    # A Ctrl-C while the code is kept: the command is done and said, its
    # status stands, and the code is compiled again next time.
    with suppress(KeyboardInterrupt):
        save()  # the model's methods' code, compiled this time, kept for the next
    return status


# The commands that run once and end. Their start-up (some fifty modules
# imported, their classes built) makes no garbage cycles, yet the collector
# walked the young objects every 700 of them: a sixteenth of the
# instructions of ``score small.xml`` (docs/internals/speed.md). The
# commands that keep running (watch, serve, batch's workers) keep it.
_ONCE = frozenset({"score", "check", "explain", "methods"})


def _runs_once(argv: list[str]) -> bool:
    """Whether the command line's command is one that runs once and ends."""
    return next((word for word in argv if not word.startswith("-")), None) in _ONCE


def gui() -> None:
    """``pbnscore-gui``: ``pbnscore serve`` with its page opened, for a
    shortcut or a menu (a gui-script: on Windows no console window, and no
    standard output or error to write to)."""
    from pbnscore.cli import main

    if sys.stdout is None:
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - for the life of the process
    sys.exit(main(["serve", *sys.argv[1:]]))


if __name__ == "__main__":
    sys.exit(run())
