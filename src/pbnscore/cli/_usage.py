"""The command line's manners: names forgiven, usage errors in one line.

A choice (``--to``, ``--datum``, ``--from`` ...) and a method's name may be
given in any case or by a unique prefix (``--to HTML``, ``-m cross``);
``--to`` also takes the extensions that name its formats (``xml``, ``txt``,
``htm``). A usage error is one line that names the option as the user typed
it (``--imp-cap must be at least 1, not 0``), never argparse's usage dump.
"""

from __future__ import annotations

import argparse
import functools
import os
import sys
from collections.abc import Callable, Collection, Iterable, Mapping
from typing import Any, ClassVar, NoReturn

from pbnscore import outputs
from pbnscore._patterns import compiled_later
from pbnscore.errors import UsageError, excerpt, shown


def forgiven(text: str, choices: Iterable[object], aliases: Mapping[str, str] = {}) -> str:
    """``text`` as the one of ``choices`` it names: itself, the same in
    another case, an alias, or a unique prefix of one; else ``text`` itself,
    for the caller to refuse."""
    named = [choice for choice in choices if isinstance(choice, str)]
    if text in named:
        return text
    spellings = {choice.lower(): choice for choice in named}
    spellings.update({alias: name for alias, name in aliases.items() if name in named})
    wanted = text.lower()
    if wanted in spellings:
        return spellings[wanted]
    hits = {name for spelling, name in spellings.items() if spelling.startswith(wanted)}
    return hits.pop() if wanted and len(hits) == 1 else text


class _Once(argparse._StoreAction):
    """An option that takes one value: given twice, it is refused, rather
    than the last value silently winning over the first."""

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: Any,
        option_string: str | None = None,
    ) -> None:
        given: dict[str, Any] = namespace.__dict__.setdefault(_GIVEN, {})
        if option_string is not None and self.dest in given:
            first, then = (shown(str(value)) for value in (given[self.dest], values))
            raise argparse.ArgumentError(self, f"takes one value, given {first} and {then}")
        given[self.dest] = values
        super().__call__(parser, namespace, values, option_string)


_GIVEN = "_pbnscore_given"  # the single-value options seen, while parsing


def look_words_up_once() -> None:
    """argparse looks each of its own words up with gettext for every
    parser it builds ("positional arguments", "options", the -h help), and
    gettext searches the locale folders for a catalogue each time (a file
    system stat per language it tries): 39 searches, 0.8 ms, for a parser
    that lists every command. In the command's own process
    (pbnscore.__main__), each word is looked up once: the same text, as
    the command never changes its locale settings. Not on import: a
    program that imports pbnscore.cli keeps its argparse as it was."""
    lookup = getattr(argparse, "_", None)
    if callable(lookup) and not hasattr(lookup, "cache_info"):
        argparse._ = functools.cache(lookup)  # type: ignore[attr-defined]


def terminal_columns() -> int:
    """The terminal's width as ``shutil.get_terminal_size().columns`` gives
    it: $COLUMNS where it is a positive number, else the width of the
    terminal standard output is, else 80."""
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns > 0:
        return columns
    if sys.__stdout__ is None:  # no standard output at all (pythonw)
        return 80
    try:
        return os.get_terminal_size(sys.__stdout__.fileno()).columns or 80
    except (ValueError, OSError):  # not a terminal, or closed
        return 80


class HelpFormatter(argparse.HelpFormatter):
    """argparse's help layout at the width argparse gives it. argparse
    asks shutil for the width, and ``add_argument`` makes a formatter for
    every argument (to check its metavar): shutil would be imported by
    every command, and with it the bz2 and lzma modules (start-up)."""

    def __init__(
        self,
        prog: str,
        indent_increment: int = 2,
        max_help_position: int = 24,
        width: int | None = None,
    ) -> None:
        if width is None:
            width = terminal_columns() - 2  # as argparse leaves two columns free
        super().__init__(prog, indent_increment, max_help_position, width)


@functools.cache
def _metavar_checker() -> argparse.HelpFormatter:
    """The formatter :class:`Parser` checks its arguments' metavars with
    (argparse's ``_format_args``, which reads no width and keeps nothing)."""
    return HelpFormatter("pbnscore", width=80)


class Parser(argparse.ArgumentParser):
    """argparse, forgiving a choice's case and a unique prefix of it,
    refusing a single-value option given twice, and raising a usage error
    of one line instead of printing the usage."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", HelpFormatter)
        super().__init__(*args, **kwargs)
        self.register("action", None, _Once)
        self.register("action", "store", _Once)

    # argparse checks each argument's metavar as it is added by formatting
    # it with a new help formatter, which asks the terminal its width: some
    # 15 formatters and terminal queries a command line, 0.1 ms. The check
    # needs no width, so one formatter, made once, serves them all.
    _adding = False

    def add_argument(self, *args: Any, **kwargs: Any) -> argparse.Action:
        self._adding = True
        try:
            return super().add_argument(*args, **kwargs)
        finally:
            self._adding = False

    def _get_formatter(self) -> argparse.HelpFormatter:
        if self._adding:
            return _metavar_checker()
        return super()._get_formatter()

    def parse_known_args(  # type: ignore[override]
        self, args: Any = None, namespace: argparse.Namespace | None = None
    ) -> tuple[argparse.Namespace, list[str]]:
        parsed, extra = super().parse_known_args(args, namespace)
        vars(parsed).pop(_GIVEN, None)
        return parsed, extra

    # The aliases of an argument's choices, by its dest: --to takes the
    # extensions that name its formats (xml, txt, htm).
    aliases: ClassVar[Mapping[str, Mapping[str, str]]] = {
        "to": {ext: name for name, known in outputs.FORMATS.items() for ext in known.extensions}
    }

    def _get_value(self, action: argparse.Action, arg_string: str) -> Any:
        # argparse converts each value here before checking it against the
        # choices: the one place a value can be spelt out before the check.
        if action.choices is not None and not isinstance(action, argparse._SubParsersAction):
            arg_string = forgiven(arg_string, action.choices, self.aliases.get(action.dest, {}))
        return super()._get_value(action, arg_string)

    # Text after the help, made only when the help is asked for (each
    # method's options: every method has to be loaded for it).
    appendix: Callable[[], str] | None = None

    def error(self, message: str) -> NoReturn:
        raise UsageError(plain(message))

    def format_help(self) -> str:
        text = super().format_help()
        return text if self.appendix is None else f"{text}\n{self.appendix()}"


_CHOICE_RE = compiled_later(
    r"argument (?P<arg>[^:]+): invalid choice: (?P<value>.*) \(choose from (?P<choices>.*)\)$"
)
_TYPE_RE = compiled_later(r"argument (?P<arg>[^:]+): invalid (?P<kind>\S+) value: (?P<value>.*)$")
_ARGUMENT_RE = compiled_later(r"argument (?P<arg>[^:]+): (?P<rest>.*)$")
_REQUIRED_RE = compiled_later(r"the following arguments are required: (?P<names>.*)$")

# What a value of an argparse type is called.
_KINDS = {"int": "a whole number", "float": "a number"}


def plain(message: str) -> str:
    """argparse's message said in the user's terms: the option as typed
    (its long spelling), what it takes, and the value given."""
    if found := _CHOICE_RE.match(message):
        choices = ", ".join(_unquoted(c) for c in found["choices"].split(", "))
        value = shown(_unquoted(found["value"]))
        return f"{_flag(found['arg'])} must be one of {choices}, not {value}"
    if found := _TYPE_RE.match(message):
        kind = _KINDS.get(found["kind"], "a valid value")
        return f"{_flag(found['arg'])} must be {kind}, not {shown(_unquoted(found['value']))}"
    if found := _REQUIRED_RE.match(message):
        return f"missing {found['names']}"
    if found := _ARGUMENT_RE.match(message):
        rest = found["rest"]
        if rest.startswith("expected one argument"):
            return f"{_flag(found['arg'])} needs a value"
        said = rest.startswith(("must ", "takes "))  # a sentence about the option
        return f"{_flag(found['arg'])}{'' if said else ':'} {rest}"
    return message


def _flag(spellings: str) -> str:
    """``-o/--output`` as ``--output``: the long spelling the help lists."""
    return spellings.split("/")[-1]


def _unquoted(text: str) -> str:
    return text[1:-1] if len(text) >= 2 and text[0] == text[-1] and text[0] in "'\"" else text


def method_named(text: str | None, names: Collection[str]) -> str | None:
    """The method ``-m text`` names, of ``names``: forgiven its case and a
    unique prefix; ``text`` itself where it names none (refused later,
    listing the methods). A prefix of several (``-m b``: barking, butler) is
    refused here, naming them: no guess at which was meant."""
    if text is None or text in names:
        return text
    wanted = text.lower()
    hits = sorted(name for name in names if name.lower().startswith(wanted))
    if wanted and len(hits) > 1 and wanted not in (name.lower() for name in names):
        raise UsageError(f"-m {excerpt(text)} is ambiguous: {', '.join(hits)}")
    return forgiven(text, names)


def usage_line(message: str, command: str | None) -> str:
    """A usage error's one line, and where to read more."""
    program = f"pbnscore {command}" if command else "pbnscore"
    return f"{program}: {message} ({program} --help)"
