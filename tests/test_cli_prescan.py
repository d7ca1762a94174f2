"""The first look at a command line for its method (``prescan``), which
builds no parser where no word could be ``-m``, held to the parser's
reading of every line (``method_given``)."""

from __future__ import annotations

import contextlib
import io

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from pbnscore.cli import _commands

WORDS = (
    "-m",
    "--method",
    "-mbarking",
    "--method=cross-imps",
    "--method=",
    "butler",
    "aggregate",
    "night.xml",
    "-o",
    "--",
    "-q",
    "--to",
    "json",
    "--me",
    "--meth",
    "-qm",
    "-xm",
    "--mode",
    "-",
    "-mm",
    "--methods",
    "m",
    "-M",
)


def parsed(argv: list[str]) -> tuple[str, object]:
    """What a call gives, or the exit it makes (argparse's usage error)."""
    with contextlib.redirect_stderr(io.StringIO()):
        try:
            return ("method", _commands.method_given(argv))
        except SystemExit as exc:
            return ("exit", exc.code)


def prescanned(argv: list[str]) -> tuple[str, object]:
    with contextlib.redirect_stderr(io.StringIO()):
        try:
            command, method = _commands.prescan(argv)
        except SystemExit as exc:
            return ("exit", exc.code)
    assert command == "score"
    return ("method", method)


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(WORDS), max_size=6))
@example(["-o", "-mbutler"])
@example(["--", "-m", "butler"])
@example(["-qm", "butler"])
@example(["--meth", "butler"])
def test_prescan_reads_the_method_as_the_parser_does(words: list[str]) -> None:
    argv = ["score", *words]
    assert prescanned(argv) == parsed(argv)


@pytest.mark.parametrize(
    ("words", "method"),
    [
        (["night.xml", "-o", "out.xml"], None),
        (["night.xml", "-m", "barking"], "barking"),
        (["night.xml", "--method=cross-imps"], "cross-imps"),
        (["night.xml", "-maggregate"], "aggregate"),
    ],
)
def test_prescan_finds_the_method(words: list[str], method: str | None) -> None:
    assert _commands.prescan(["score", *words]) == ("score", method)
