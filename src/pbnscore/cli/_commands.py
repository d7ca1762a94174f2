"""The commands: each one's module, loaded by name when it runs, and the
first look at a command line that says which command and method it names.

This module loads a command's module and hands it a
:class:`~pbnscore.cli._parser.Line` with the module in it; the command then
parses its line with :mod:`pbnscore.cli._parser`. A new command is a module
and a line in :data:`COMMANDS` (with the one line ``pbnscore --help`` shows
for it): only the module of the command being run is imported, so that
``score`` does not pay for ``season``'s imports.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from importlib import import_module
from types import ModuleType
from typing import TYPE_CHECKING

from pbnscore import registry
from pbnscore._kinds import NamedTuple
from pbnscore.cli import _parser
from pbnscore.cli._usage import HelpFormatter, method_named

if TYPE_CHECKING:
    from pbnscore.cli._flags import Flag


class Command(NamedTuple):
    module: str
    help: str  # its line in ``pbnscore --help``


# Command name -> its module, in the order `pbnscore --help` lists them.
COMMANDS: dict[str, Command] = {
    "score": Command("pbnscore.cli._score", "score one event"),
    "batch": Command("pbnscore.cli._batch", "score many files in parallel"),
    "methods": Command("pbnscore.cli._methods", "list every scoring method and its options"),
    "check": Command("pbnscore.cli._check", "read and validate only"),
    "explain": Command("pbnscore.cli._explain", "how each point on one board came about"),
    "season": Command("pbnscore.cli._season", "one ranking over many events (a season, a league)"),
    "watch": Command("pbnscore.cli._watch", "score each results file as it is saved into a folder"),
    "serve": Command("pbnscore.cli._serve", "a page on this machine to drop results files on"),
    "completion": Command(
        "pbnscore.cli._completion", "print the script for shell completion (bash, zsh, PowerShell)"
    ),
}
LISTED = {name: command.help for name, command in COMMANDS.items()}


def command_module(name: str | None) -> ModuleType | None:
    """The module of command ``name``, loaded (None where no command has that name)."""
    return import_module(COMMANDS[name].module) if name in COMMANDS else None


def command_word(argv: Sequence[str]) -> str | None:
    """The command of a command line: its first word that is no option."""
    return next((word for word in argv if not word.startswith("-")), None)


def line(argv: Sequence[str]) -> _parser.Line:
    """``argv`` with the module of the command it names, for that command to parse."""
    return _parser.Line(argv, LISTED, command_module(command_word(argv)))


def build_parser(
    flags: Sequence[Flag] = (),
    method: str | None = None,
    command: str | None = None,
    *,
    add_help: bool = True,
) -> argparse.ArgumentParser:
    """The parser, ``command``'s sub-command with its arguments (and
    ``flags``), as :func:`pbnscore.cli._parser.build_parser` builds it."""
    running = _parser.Line((), LISTED, command_module(command))
    return _parser.build_parser(running, flags, method, add_help=add_help)


# The spellings of the method option: "-m X", "-mX", "--method X", "--method=X".
METHOD_WORDS = ("-m", "--method")


def prescan(argv: Sequence[str]) -> tuple[str | None, str | None]:
    """(command, -m METHOD) before the real parse, which needs the method."""
    command = command_word(argv)
    module = command_module(command)
    if module is None or not module.METHOD_OPTIONS:
        return command, None
    if not any(word.startswith(METHOD_WORDS) for word in argv):
        # No word method_given's parser could read as -m (argparse takes an
        # option only by a word that begins with one of its spellings, no
        # abbreviation allowed): no method, without building a parser.
        return command, None
    return command, method_given(argv)


def method_given(argv: Sequence[str]) -> str | None:
    """The method ``-m``/``--method`` names in ``argv`` (None where none
    does), as argparse reads it among options it does not know."""
    finder = argparse.ArgumentParser(
        prog="pbnscore", add_help=False, allow_abbrev=False, formatter_class=HelpFormatter
    )
    finder.add_argument("-m", "--method")
    found, _ = finder.parse_known_args(argv)
    method: str | None = found.method
    if method is not None and method not in registry.BUILTINS:
        method = method_named(method, registry.entries())
    return method


def command_named(argv: Sequence[str]) -> str | None:
    """The command of a command line, where its first word is one."""
    word = command_word(argv)
    return word if word in COMMANDS else None
