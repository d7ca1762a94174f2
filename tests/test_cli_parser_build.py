"""The parser as pbnscore builds it (one formatter checks every argument's
metavar, argparse's words looked up once) held to the parser argparse's own
way builds: the same help, the same arguments, the same refusals."""

from __future__ import annotations

import argparse
import gc
import gettext
import subprocess
import sys
from typing import Any

import pytest

from pbnscore.cli import _commands
from pbnscore.cli._flags import default_methods, merged
from pbnscore.cli._usage import Parser


def described(parser: argparse.ArgumentParser) -> list[object]:
    """Everything a parse reads of ``parser``, its sub-commands' too, and its help."""
    found: list[object] = [parser.format_help(), parser.format_usage()]
    for action in parser._actions:
        found.append(
            (
                type(action),
                action.option_strings,
                action.dest,
                action.nargs,
                action.metavar,
                action.choices if not isinstance(action, argparse._SubParsersAction) else None,
                action.help,
            )
        )
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                found += [name, *described(sub)]
    return found


@pytest.mark.parametrize("command", [*_commands.COMMANDS, None])
@pytest.mark.parametrize("add_help", [True, False])
def test_each_commands_parser_is_argparses_own(
    monkeypatch: pytest.MonkeyPatch, command: str | None, add_help: bool
) -> None:
    """Built with the one metavar checker and by argparse's way (a
    formatter for each argument, the sub-commands' prog worked out, each
    word looked up): nothing differs, at a width of its own
    (the checker's is 80)."""
    monkeypatch.setenv("COLUMNS", "60")
    flags = merged(default_methods(), shared_only=False)
    ours = described(_commands.build_parser(flags, None, command, add_help=add_help))
    monkeypatch.delattr(Parser, "add_argument")
    monkeypatch.delattr(Parser, "_get_formatter")
    monkeypatch.setattr(argparse, "_", gettext.gettext)  # each word looked up each time
    add_subparsers = argparse.ArgumentParser.add_subparsers

    def prog_found(self: argparse.ArgumentParser, **kwargs: Any) -> Any:
        kwargs.pop("prog", None)  # argparse works the sub-commands' prog out
        return add_subparsers(self, **kwargs)

    monkeypatch.setattr(argparse.ArgumentParser, "add_subparsers", prog_found)
    theirs = described(_commands.build_parser(flags, None, command, add_help=add_help))
    assert ours == theirs


def test_a_metavar_that_does_not_fit_is_still_refused() -> None:
    """argparse's check of a metavar against nargs still runs."""
    parser = Parser(prog="pbnscore")
    with pytest.raises(ValueError, match="metavar"):
        parser.add_argument("--pair", nargs=2, metavar=("A", "B", "C"))
    parser.add_argument("--pair", nargs=2, metavar=("A", "B"))
    assert "--pair A B" in parser.format_usage()


@pytest.mark.parametrize("word", ["options", "positional arguments", "usage: "])
def test_argparses_words_are_gettexts_looked_up_once_by_the_command(
    monkeypatch: pytest.MonkeyPatch, word: str
) -> None:
    """In the command's process argparse's words are gettext's, each looked
    up once."""
    from pbnscore import __main__, cli

    monkeypatch.setattr(argparse, "_", gettext.gettext)  # put back after
    lookups: list[Any] = []

    def main() -> int:
        lookups.append(argparse._)  # type: ignore[attr-defined]
        return 0

    monkeypatch.setattr(cli, "main", main)
    monkeypatch.setattr(sys, "argv", ["pbnscore", "methods"])
    try:
        assert __main__.run() == 0
    finally:
        gc.unfreeze()
    (lookup,) = lookups
    assert lookup(word) == gettext.gettext(word)
    before = lookup.cache_info().hits
    lookup(word)
    assert lookup.cache_info().hits == before + 1


def test_importing_the_command_line_leaves_argparse_as_it_was() -> None:
    """A program that imports pbnscore.cli keeps argparse's own look-up."""
    code = "import argparse; f = argparse._; import pbnscore.cli; print(argparse._ is f)"
    ran = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert ran.stdout == "True\n"
