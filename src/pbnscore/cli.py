"""The ``pbnscore`` command: ``score``, ``batch``, ``methods``, ``check``.

A method's options become flags from its attrs ``Options`` class, so which
flags exist depends on the method, and the command line is read twice: first
to find ``-m`` (or, without it, the input whose kind of event picks the
default method), then strictly with that method's flags.

Exit status: 0 all good; 1 an input could not be read, scored or written (for
``check``: an error was found); 2 wrong usage (unknown method or option,
missing input, an output that would overwrite the input); 3 a bug in pbnscore
(one line on stderr, no traceback); 130 interrupted.

Only what a command needs is imported: ``--version`` loads no strategy and no
lxml, and no plug-in is imported until it is asked for.
"""

from __future__ import annotations

import argparse
import contextlib
import enum
import os
import sys
import typing
from collections.abc import Callable, Sequence
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any

import attrs

from pbnscore import __version__, batch, default_method, registry
from pbnscore.batch import EXTENSIONS, Settings, describe
from pbnscore.errors import (
    OptionError,
    ParseError,
    PbnscoreError,
    UnknownMethodError,
    UsageError,
)

if TYPE_CHECKING:
    from pbnscore.errors import Problem

FORMATS = tuple(EXTENSIONS)
USAGE_ERRORS = (UsageError, UnknownMethodError, OptionError)
STDIO = "-"


# -- method options as flags ------------------------------------------------


@attrs.frozen
class Flag:
    """One field of a method's ``Options`` as a command-line flag."""

    field: str
    flag: str  # "--imp-gaps"
    help: str
    default: object  # the field's default, as the user would write it
    switch: bool = False  # a bool: given means True (or --no-... for a True default)
    parse: Callable[[str], object] = str
    choices: tuple[str, ...] | None = None
    to_option: Callable[[Any], object] = lambda value: value

    @property
    def dest(self) -> str:
        return f"option_{self.field}"

    @property
    def spelling(self) -> str:
        """The flag as ``methods`` and help show it."""
        if self.switch:
            return f"{self.flag} / --no-{self.flag[2:]}" if self.default is True else self.flag
        return f"{self.flag} {{{','.join(self.choices)}}}" if self.choices else f"{self.flag} N"

    @property
    def shown_default(self) -> str:
        if self.switch:
            return "on" if self.default else "off"
        return str(self.default)

    def same_as(self, other: Flag) -> bool:
        """The same flag taking the same values (what two methods may share)."""
        mine = (self.flag, self.switch, self.choices, self.parse)
        return mine == (other.flag, other.switch, other.choices, other.parse)


def _fraction(text: str) -> Fraction:
    try:
        return Fraction(text)
    except (ValueError, ZeroDivisionError):
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None


def _field_type(field: attrs.Attribute[Any], hints: dict[str, Any]) -> object:
    """The field's type, from its annotation, else from its default;
    ``X | None`` is X."""
    hint = hints.get(field.name)
    if hint is None:
        return type(_default(field))
    arguments = [a for a in typing.get_args(hint) if a is not type(None)]
    if typing.get_origin(hint) in (typing.Union, _UNION_TYPE) and len(arguments) == 1:
        return arguments[0]
    return hint


_UNION_TYPE = type(int | None)


# attrs' stubs type ``Factory`` as a function; the class is what isinstance needs.
_FACTORY: type[Any] = type(attrs.Factory(list))


def _default(field: attrs.Attribute[Any]) -> object:
    default: Any = field.default
    if isinstance(default, _FACTORY):
        return None if default.takes_self else default.factory()
    return None if default is attrs.NOTHING else default


def _shown(value: object) -> object:
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, Fraction) and value.denominator == 1:
        return int(value)
    return value


def flag_for(field: attrs.Attribute[Any], hints: dict[str, Any]) -> Flag:
    """The flag for one options field: bool -> switch; enum or metadata choices
    -> choices; int, Fraction, float -> a number; anything else -> text."""
    kind = _field_type(field, hints)
    default = _default(field)
    common: dict[str, Any] = {
        "field": field.name,
        "flag": "--" + field.name.replace("_", "-"),
        "help": str(field.metadata.get("help", "")),
        "default": _shown(default),
    }
    choices = field.metadata.get("choices")
    if kind is bool:
        return Flag(**common, switch=True)
    if isinstance(kind, type) and issubclass(kind, enum.Enum):
        members = {str(member.value): member for member in kind}
        return Flag(
            **common,
            choices=tuple(choices or members),
            to_option=lambda value: members.get(value, value),
        )
    if choices:
        return Flag(**common, choices=tuple(str(choice) for choice in choices))
    parse: Callable[[str], object] = {int: int, float: float, Fraction: _fraction}.get(
        kind,  # type: ignore[call-overload]
        str,
    )
    return Flag(**common, parse=parse)


def flags_of(strategy: type[Any]) -> tuple[Flag, ...]:
    """Every option of a strategy as a flag, in field order."""
    options = strategy.Options
    try:
        # Annotations are strings under ``from __future__ import annotations``.
        hints = typing.get_type_hints(options)
    except Exception:  # a plug-in's annotation may name what it never imports
        hints = {}
    return tuple(flag_for(field, hints) for field in attrs.fields(options))


def _flags_of_method(name: str) -> tuple[Flag, ...]:
    return flags_of(registry.get(name))


def _default_methods() -> list[str]:
    """The methods ``default_method`` can pick, one per kind of event."""
    from pbnscore.model import Event, EventKind, Source

    empty = Source(name="", format="")
    return list(dict.fromkeys(default_method(Event(kind, (), empty)) for kind in EventKind))


def _merged(methods: list[str], *, shared_only: bool) -> tuple[Flag, ...]:
    """The flags of several methods: all of them (first wins), or only those
    every method takes alike (``shared_only``)."""
    per_method = [_flags_of_method(name) for name in methods]
    merged: dict[str, Flag] = {}
    for flags in per_method:
        for flag in flags:
            merged.setdefault(flag.flag, flag)
    if shared_only:
        return tuple(
            flag
            for flag in merged.values()
            if all(any(flag.same_as(other) for other in flags) for flags in per_method)
        )
    return tuple(merged.values())


# -- the parser ------------------------------------------------------------


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"not a positive whole number: {text!r}")
    return value


def build_parser(flags: Sequence[Flag] = (), method: str | None = None) -> argparse.ArgumentParser:
    """The full parser; ``score`` and ``batch`` take ``flags`` (those of
    ``method``, or of the default methods where no method is named)."""
    parser = argparse.ArgumentParser(
        prog="pbnscore",
        description="Score duplicate-bridge results (PBN, USEBIO) with IMP methods.",
        allow_abbrev=False,
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    score = commands.add_parser(
        "score", help="score one event", allow_abbrev=False, description=_SCORE_HELP
    )
    score.add_argument("input", metavar="INPUT", help="a .pbn or .xml file, or - for stdin")
    score.add_argument("-o", "--output", metavar="OUTPUT", help="file to write, - for stdout")
    _add_run_arguments(score, flags, method)
    many = commands.add_parser(
        "batch", help="score many files in parallel", allow_abbrev=False, description=_BATCH_HELP
    )
    many.add_argument("inputs", nargs="+", metavar="INPUT", help="files and folders")
    many.add_argument("--out-dir", required=True, type=Path, metavar="DIR")
    many.add_argument("-j", "--jobs", type=_positive, metavar="JOBS", help="default: all cores")
    many.add_argument("--no-progress", action="store_true", help="no progress bar")
    _add_run_arguments(many, flags, method)
    commands.add_parser("methods", help="list every scoring method and its options")
    check = commands.add_parser(
        "check", help="read and validate only", allow_abbrev=False, description=_CHECK_HELP
    )
    check.add_argument("inputs", nargs="+", metavar="INPUT")
    check.add_argument("--from", dest="source_format", choices=("pbn", "usebio"), help=_FROM_HELP)
    return parser


_SCORE_HELP = (
    "Score one event. The output format is --to, else OUTPUT's extension "
    "(.xml usebio, .json, .txt text, .html), else usebio. Without -m: butler for "
    "a pairs event, aggregate for teams."
)
_BATCH_HELP = (
    "Score every file (folders: every *.pbn and *.xml below them) into "
    "DIR/<file name>.<ext>. Without -m each file gets its default method and "
    "only the options every default method takes are accepted."
)
_FROM_HELP = "input format (default: from the extension, else the content)"
_CHECK_HELP = "Read and validate files; one line per problem, file:line: message."


def _add_run_arguments(
    parser: argparse.ArgumentParser, flags: Sequence[Flag], method: str | None
) -> None:
    parser.add_argument("-m", "--method", metavar="METHOD", help="see `pbnscore methods`")
    parser.add_argument("--to", choices=FORMATS, help="output format")
    parser.add_argument("--from", dest="source_format", choices=("pbn", "usebio"), help=_FROM_HELP)
    parser.add_argument(
        "--usebio-types",
        choices=("old", "new"),
        help="USEBIO EVENT_TYPE style (default: the input's; new for PBN input)",
    )
    title = f"options of {method}" if method else "method options (of the default methods)"
    group = parser.add_argument_group(title)
    for flag in flags:
        try:
            _add_flag(group, flag)
        except argparse.ArgumentError:
            raise registry.PluginError(
                f"{method}: option {flag.field!r} clashes with pbnscore's own {flag.flag}"
            ) from None


def _add_flag(group: argparse._ArgumentGroup, flag: Flag) -> None:
    # Defaults stay with the Options class: a flag not given is not passed on.
    help_text = f"{flag.help} (default: {flag.shown_default})".replace("%", "%%")
    if flag.switch:
        action = argparse.BooleanOptionalAction if flag.default is True else "store_true"
        group.add_argument(
            flag.flag, dest=flag.dest, action=action, default=argparse.SUPPRESS, help=help_text
        )
        return
    group.add_argument(
        flag.flag,
        dest=flag.dest,
        type=flag.parse,
        choices=flag.choices,
        default=argparse.SUPPRESS,
        metavar=None if flag.choices else "N",
        help=help_text,
    )


def _parse(argv: Sequence[str], flags: Sequence[Flag], method: str | None) -> argparse.Namespace:
    """Parse strictly: an argument nobody takes is a usage error that names
    the method whose options were on offer."""
    args, extra = build_parser(flags, method).parse_known_args(argv)
    if extra:
        unknown = " ".join(extra)
        if method and any(word.startswith("-") for word in extra):
            offered = ", ".join(flag.flag for flag in flags) or "none"
            raise OptionError(f"method {method} does not take {unknown} (its options: {offered})")
        raise UsageError(f"unrecognized arguments: {unknown}")
    return args


def _options(args: argparse.Namespace, flags: Sequence[Flag]) -> dict[str, object]:
    """The options given on the command line, by field name."""
    return {
        flag.field: flag.to_option(getattr(args, flag.dest))
        for flag in flags
        if hasattr(args, flag.dest)
    }


def _prescan(argv: Sequence[str]) -> tuple[str | None, str | None]:
    """(command, -m METHOD) before the real parse, which needs the method."""
    command = next((word for word in argv if not word.startswith("-")), None)
    if command not in ("score", "batch"):
        return command, None
    finder = argparse.ArgumentParser(prog="pbnscore", add_help=False, allow_abbrev=False)
    finder.add_argument("-m", "--method")
    found, _ = finder.parse_known_args(argv)
    method: str | None = found.method
    return command, method


# -- commands ------------------------------------------------------------------


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line ``argv`` (default ``sys.argv[1:]``); the exit status."""
    words = list(sys.argv[1:] if argv is None else argv)
    try:
        return _dispatch(words)
    except SystemExit as exc:  # argparse: --help, --version, a usage error
        return exc.code if isinstance(exc.code, int) else 1
    except PbnscoreError as exc:
        _error(_error_line(exc))
        return 2 if isinstance(exc, USAGE_ERRORS) else 1
    except KeyboardInterrupt:
        _error("pbnscore: interrupted")
        return 130
    except BrokenPipeError:
        # Whoever read the output stopped (`pbnscore score x | head`): not a
        # bug to report. Point stdout at /dev/null so the exit's flush is quiet.
        with contextlib.suppress(OSError, ValueError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    except Exception as exc:  # a bug: one line, not a traceback
        _error(f"pbnscore: internal error: {type(exc).__name__}: {exc}")
        return 3


def _error(line: str) -> None:
    print(line, file=sys.stderr)


def _error_line(exc: PbnscoreError) -> str:
    """``file:line: message`` where the error is about a file, else the
    message after the program's name."""
    return str(exc) if getattr(exc, "source", None) else f"pbnscore: {exc}"


def _dispatch(words: list[str]) -> int:
    command, method = _prescan(words)
    if command == "score":
        return _score(words, method)
    if command == "batch":
        return _batch(words, method)
    args = _parse(words, (), None)
    if args.command == "methods":
        return _methods()
    return _check(args.inputs, args.source_format)


def _score(words: list[str], method: str | None) -> int:
    if method:
        flags = _flags_of_method(method)
        args = _parse(words, flags, method)
    else:
        # Any default method's flags may be there: accept them all for now,
        # to find INPUT (which apply is known once the event is read), but
        # nothing else, so that a misspelt flag is a usage error even when
        # the input then fails to read.
        flags = _merged(_default_methods(), shared_only=False)
        args = _parse(words, flags, None)
    data, source = _read_input(args.input)
    output = _output_path(args.output, args.input)
    settings = _settings(args, flags, method, args.to or _format_of(output))
    try:
        event = batch.read_event(data, source, settings, warn=_error)
        if method is None:
            method = default_method(event)
            flags = _flags_of_method(method)
            settings = _settings(_parse(words, flags, method), flags, method, settings.to)
        document = batch.render(batch.score_event(event, settings), settings)
    except PbnscoreError as exc:
        if isinstance(exc, USAGE_ERRORS):
            raise
        _error(describe(exc, source))
        return 1
    _write_output(output, document)
    return 0


def _settings(
    args: argparse.Namespace, flags: Sequence[Flag], method: str | None, to: str
) -> Settings:
    return Settings(method, _options(args, flags), to, args.source_format, args.usebio_types)


def _read_input(name: str) -> tuple[bytes, str]:
    """The input's bytes and the name messages call it by."""
    if name == STDIO:
        return batch.read_limited(sys.stdin.buffer, "<stdin>"), "<stdin>"
    try:
        with open(name, "rb") as stream:
            return batch.read_limited(stream, name), name
    except FileNotFoundError:
        raise UsageError("no such file", source=name) from None
    except IsADirectoryError:
        raise UsageError("is a folder (`pbnscore batch` takes folders)", source=name) from None
    except OSError as exc:
        raise UsageError(str(exc.strerror or exc), source=name) from None


def _output_path(output: str | None, input_name: str) -> str | None:
    """None for stdout; refuses to overwrite the input."""
    if output is None or output == STDIO:
        return None
    if input_name != STDIO and _same_file(output, input_name):
        raise UsageError(f"would overwrite the input {input_name}", source=output)
    return output


def _same_file(first: str, second: str) -> bool:
    if Path(first).resolve() == Path(second).resolve():
        return True
    try:
        return os.path.samefile(first, second)  # hard links, bind mounts
    except OSError:
        return False  # the output does not exist yet


def _format_of(output: str | None) -> str:
    suffix = Path(output).suffix.lower().lstrip(".") if output else ""
    by_extension = {extension: name for name, extension in EXTENSIONS.items()}
    return by_extension.get(suffix, "usebio")


def _write_output(output: str | None, document: bytes) -> None:
    if output is None:
        sys.stdout.flush()
        sys.stdout.buffer.write(document)
        sys.stdout.buffer.flush()
        return
    from pbnscore._atomic import write_bytes

    try:
        write_bytes(output, document)
    except OSError as exc:
        raise PbnscoreError(f"{output}: {exc.strerror or exc}") from None


def _batch(words: list[str], method: str | None) -> int:
    # Without -m each file gets its own default method: only options that
    # every default method takes can apply to every file.
    flags = _flags_of_method(method) if method else _merged(_default_methods(), shared_only=True)
    args = _parse(words, flags, method)
    if STDIO in args.inputs:
        raise UsageError("batch reads files and folders, not standard input")
    to = args.to or "usebio"
    jobs = batch.plan(args.inputs, args.out_dir, to)
    progress = not args.no_progress and sys.stderr.isatty()
    summary = batch.run(
        jobs, _settings(args, flags, method, to), workers=args.jobs, progress=progress
    )
    _error(f"pbnscore: {summary}")
    return 1 if summary.failures else 0


def _methods() -> int:
    for entry, loaded in registry.load_all():
        if isinstance(loaded, registry.PluginError):
            print(loaded)
            continue
        origin = "built-in" if entry.name in registry.BUILTINS else f"plug-in {entry.target}"
        print(f"{entry.name}: {loaded.description} [{origin}]")
        try:
            flags = flags_of(loaded)
        except Exception as exc:  # a plug-in's Options may be broken in any way
            print(f"  (its options cannot be read: {type(exc).__name__}: {exc})")
            continue
        for flag in flags:
            print(f"  {flag.spelling}  (default: {flag.shown_default})")
            if flag.help:
                print(f"      {flag.help}")
    return 0


def _check(inputs: list[str], source_format: str | None) -> int:
    from pbnscore import validate

    status = 0
    for name in inputs:
        try:
            data, source = _read_input(name)
        except UsageError as exc:
            _error(_error_line(exc))
            status = 2
            continue
        except ParseError as exc:  # too large to read: a problem of the file
            print(exc)
            status = max(status, 1)
            continue
        problems = validate.check_bytes(data, source, source_format)
        for problem in problems:
            print(_problem_line(problem))
        if any(problem.severity == "error" for problem in problems):
            status = max(status, 1)
    return status


def _problem_line(problem: Problem) -> str:
    if problem.severity == "error":
        return str(problem)
    return f"{problem.where}: {problem.severity}: {problem.message}"
