"""Answering a shell that asks what completes its line: the call back
the script of ``pbnscore completion SHELL`` makes (docs/howto/completion.md).

The script runs ``pbnscore`` with ``_ARGCOMPLETE`` set and the line
being completed in ``COMP_LINE`` (the cursor at ``COMP_POINT``); the
answer is argcomplete's (the ``completion`` extra), from the parser that
reads the same line when it is run: the command's own arguments and the
options of the method ``-m`` names.
"""

from __future__ import annotations

import argparse
import os
import shlex
from collections.abc import Sequence
from typing import TYPE_CHECKING

from pbnscore import registry
from pbnscore.cli import _parser
from pbnscore.cli._commands import LISTED, command_module, command_word, prescan
from pbnscore.errors import PbnscoreError

if TYPE_CHECKING:
    from pbnscore.cli._flags import Flag


def complete() -> int:
    """Answer the shell's request for the words that complete its line, as
    argcomplete's protocol has it (on the descriptor or in the file the
    script named), and end the process. Without argcomplete, or with a line
    that cannot be read, nothing is offered (status 1): the shell falls back
    to its own completion (file names), never to running a command."""
    try:
        import argcomplete
    except ImportError:
        return 1
    parser = parser_for(_words_before_cursor())
    argcomplete.autocomplete(parser)  # answers and exits where the request is well-formed
    return 1


def _words_before_cursor() -> list[str]:
    line = os.environ.get("COMP_LINE", "")
    try:
        point = int(os.environ.get("COMP_POINT", len(line)))
    except ValueError:
        point = len(line)
    try:
        words = shlex.split(line[:point])
    except ValueError:  # an open quote: the word being typed
        words = line[:point].split()
    return words[1:]  # the program's own name


def parser_for(words: list[str]) -> argparse.ArgumentParser:
    """The parser that reads ``words`` (a command line without the program's
    name, maybe unfinished) when it is run: every command listed, the one it
    names with its arguments, and, for a command that takes a method's
    options, those of the method it names (of every default method where it
    names none, or one not known), with ``-m`` offering the methods."""
    module = command_module(command_word(words))
    method: str | None = None
    flags: Sequence[Flag] = ()
    if module is not None and module.METHOD_OPTIONS:
        try:
            _, method = prescan(words)
            flags = _flags(method)
        except (PbnscoreError, SystemExit):  # -m naming no method (yet): the default methods'
            method, flags = None, _flags(None)
    parser = _parser.build_parser(_parser.Line(words, LISTED, module), flags, method)
    names = list(registry.entries())
    for action in _actions(parser):
        if "--method" in action.option_strings:
            action.completer = lambda **_: names  # type: ignore[attr-defined]
    return parser


def _flags(method: str | None) -> Sequence[Flag]:
    from pbnscore.cli._flags import default_methods, flags_of_method, merged

    if method is not None:
        return flags_of_method(method)
    return merged(default_methods(), shared_only=False)


def _actions(parser: argparse.ArgumentParser) -> list[argparse.Action]:
    """Every action of ``parser`` and of its sub-commands' parsers."""
    found = list(parser._actions)
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub in action.choices.values():
                found.extend(_actions(sub))
    return found
