"""``pbnscore serve``: a local page to check, score, explain and download
(:mod:`pbnscore.serve`)."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from pbnscore.cli import _io, _parser
from pbnscore.cli._flags import InRange
from pbnscore.ranges import Range

NAME = "serve"
DESCRIPTION = (
    "Serve a page on this machine to drop results files on: see what check finds, "
    "choose the method and its options, see the report, download any output format, "
    "explain a board, rank several files as a season or download them scored in a zip. "
    "Opens the page in the default browser; runs until Ctrl-C. -m and the method's "
    "options are the page's first choices."
)
METHOD_OPTIONS = True

if TYPE_CHECKING:
    from pbnscore.corrections import Corrections

PORT = Range(0, 65535)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--port", type=InRange(PORT), default=0, metavar="N", help="default: an unused port"
    )
    parser.add_argument(
        "--host",
        default="127.0.0.1",
        metavar="ADDR",
        help="the address to serve on (default: 127.0.0.1, this machine only); "
        "another lets others on the network use the page",
    )
    parser.add_argument("--no-browser", action="store_true", help="do not open the page")
    _parser.add_corrections_argument(parser)


def run(command_line: _parser.Line, method: str | None) -> int:
    from pbnscore.serve import is_loopback, serve
    from pbnscore.serve._api import as_typed

    args, flags = _parser.parse_with_method(command_line, method)
    given = _parser.options(args, flags)
    if method is not None:  # checked now, as score checks them: not on the page
        from pbnscore import _scoring, registry

        _scoring.checked_options(registry.get(method), given)
    chosen = {"method": method, "options": {k: as_typed(v) for k, v in given.items()}}
    if not is_loopback(args.host):
        _io.error(
            f"pbnscore serve: warning: serving on {args.host}: anyone who can reach this "
            "machine there can use the page and read the files sent to it"
        )
    with _io.writing_stdout():
        serve(
            args.host,
            args.port,
            browser=not args.no_browser,
            say=_said,
            chosen=chosen,
            corrections=_nights(_parser.corrections_of(args)),
        )
    return 0


def _said(line: str) -> None:
    print(line, flush=True)


def _nights(corrections: Corrections | None) -> Corrections | None:
    """``--corrections`` for serve, which scores every night sent to it:
    each ruling must say its night (docs/reference/corrections.md)."""
    return corrections.for_nights("serve", None) if corrections is not None else None
