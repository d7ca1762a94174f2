"""The argument parser, and the arguments the commands share.

A command module has ``NAME``, ``DESCRIPTION``, ``METHOD_OPTIONS`` (whether it
takes ``-m`` and the method's flags), ``add_arguments(parser)`` for its own
arguments and ``run(line, method) -> int``. The commands are listed, and the
one being run is loaded by name, in :mod:`pbnscore.cli._commands`; it hands
the command a :class:`Line` that carries the loaded module and every
command's help line. So each command imports this module, and this module
imports no command: no import goes round.

A method's flags depend on the method, so a command that takes them is parsed
twice: :func:`prescan` finds the command and ``-m`` first, then :func:`parse`
reads the whole line strictly with that method's flags.
"""

from __future__ import annotations

import argparse
import datetime as dt
import itertools
import os
import sys
from collections.abc import Mapping, Sequence
from types import ModuleType
from typing import TYPE_CHECKING

from pbnscore import outputs, registry
from pbnscore._kinds import NamedTuple
from pbnscore._records import attrs
from pbnscore._version import __version__
from pbnscore.cli._usage import Parser, forgiven
from pbnscore.errors import OptionError, UsageError
from pbnscore.formats import READABLE, WRITER_OPTIONS
from pbnscore.pipeline import Settings

# The method flags (pbnscore.cli._flags) are imported where a method's
# options are read: a line that gives none builds no Flag (start-up).
if TYPE_CHECKING:
    from _typeshed import SupportsWrite

    from pbnscore.cli._flags import Flag
    from pbnscore.corrections import Corrections


class Line(NamedTuple):
    """A command line as the command it runs parses it: its words, each
    command's line in ``pbnscore --help`` (in that order), and the module of
    the command it runs, loaded (None where its first word names none)."""

    words: Sequence[str]
    listed: Mapping[str, str]
    command: ModuleType | None


FROM_HELP = "input format (default: from the extension, else the content)"
# Where the documentation is published: pyproject.toml's Documentation
# address, a placeholder under example.org (a name reserved for examples)
# until pbnscore has a public home (docs/howto/install.md).
DOCS_URL = "https://pbnscore.example.org/"


def where_the_docs_are() -> str:
    """``pbnscore --help``'s closing paragraph: where the pages are, on the
    web and on this machine (a source folder's or an editable install's
    docs/; a wheel installs none)."""
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(__file__))))
    docs = os.path.join(os.path.abspath(root), "docs")
    here = f" (here: {docs})" if os.path.isfile(os.path.join(docs, "index.md")) else ""
    return (
        f"Documentation: {DOCS_URL} (a placeholder until pbnscore is published); the same "
        f"pages, as Markdown, are in docs/ in pbnscore's source folder and its sdist{here}. "
        "Each command's options: pbnscore COMMAND --help. Completion of commands and "
        "options in bash, zsh or PowerShell: pbnscore completion --help."
    )


class _Parser(Parser):
    """pbnscore's parser, and a failed write of --help or --version is raised (for
    one line and exit 1), not swallowed as argparse does."""

    def _print_message(self, message: str, file: SupportsWrite[str] | None = None) -> None:
        if message:
            from pbnscore.cli._io import writing_stdout

            with writing_stdout():
                (file or sys.stderr).write(message)


def build_parser(
    line: Line,
    flags: Sequence[Flag] = (),
    method: str | None = None,
    *,
    add_help: bool = True,
) -> argparse.ArgumentParser:
    """The parser; the sub-command of ``line``'s command has its arguments
    (and, where it takes method options, ``flags``: those of ``method``, or
    of the default methods where no method is named). The other commands
    are listed with their help line only, their modules not loaded
    (``pbnscore --help`` loads none). Without ``add_help``, ``-h`` is left
    over, not answered, and the other commands are left out (only the help
    lists them)."""
    parser = _Parser(
        prog="pbnscore",
        description="Score duplicate-bridge results (PBN, USEBIO) with IMP methods.",
        epilog=where_the_docs_are() if add_help else None,
        allow_abbrev=False,
        add_help=add_help,
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    # prog given: argparse would format the usage so far to find it (a help
    # formatter, the terminal asked its width), and that usage is the name.
    commands = parser.add_subparsers(
        dest="command", required=True, metavar="COMMAND", prog=parser.prog
    )
    module = line.command
    for name, help_line in line.listed.items():
        if module is None or name != module.NAME:
            if add_help:
                commands.add_parser(name, help=help_line, allow_abbrev=False)
            continue
        sub = commands.add_parser(
            name,
            help=help_line,
            description=module.DESCRIPTION,
            allow_abbrev=False,
            add_help=add_help,
        )
        module.add_arguments(sub)
        if module.METHOD_OPTIONS:
            # A command may define a method option's flag for itself (season's
            # --rank): there the method's is not offered.
            own: frozenset[str] = getattr(module, "OWN_FLAGS", frozenset())
            add_method_arguments(sub, [f for f in flags if f.flag not in own], method)
            if method is None:
                sub.appendix = each_method_s_options
    return parser


def each_method_s_options() -> str:
    """Every method's flags, by method: what ``-m`` opens up."""
    from textwrap import fill

    from pbnscore.cli._flags import flags_of

    lines = ["options of each method (-m METHOD; pbnscore methods says what each does):"]
    for entry, loaded in registry.load_all():
        if not isinstance(loaded, registry.PluginError):
            flags = " ".join(flag.flag for flag in flags_of(loaded))
            lines.append(
                # a flag is one word: never cut at its hyphens (--imp-/scale)
                fill(
                    f"{entry.name}: {flags}",
                    78,
                    initial_indent="  ",
                    subsequent_indent="    ",
                    break_on_hyphens=False,
                )
            )
    return "\n".join(lines) + "\n"


def add_output_arguments(parser: argparse.ArgumentParser, *, several: str) -> None:
    """``--to`` (a list: every format given is written, ``several`` says
    where) and the writers' options, for commands that write a scored event."""
    parser.add_argument(
        "--to",
        choices=tuple(outputs.FORMATS),
        action="append",
        help=f"output format (or the extension that names it: xml, txt, htm ...); "
        f"repeat it for several, {several}",
    )
    for option in WRITER_OPTIONS:  # declared once, as data (pbnscore.formats)
        if option.choices is None:
            parser.add_argument(option.flag, action="store_true", help=option.help)
        else:
            parser.add_argument(option.flag, choices=option.choices, help=option.help)


def add_event_arguments(parser: argparse.ArgumentParser) -> None:
    """``--date`` and ``--title``: what the file lacks, given (docs/reference/usebio-out.md "A
    date or title given")."""
    parser.add_argument(
        "--date",
        type=event_date,
        metavar="YYYY-MM-DD",
        help="the event's date where the file gives none (the file's own wins)",
    )
    parser.add_argument(
        "--title",
        metavar="TEXT",
        help="the event's title where the file gives none (the file's own wins)",
    )
    add_corrections_argument(parser)


def add_corrections_argument(parser: argparse.ArgumentParser) -> None:
    """``--corrections FILE.csv``: the director's rulings, applied as each night is read."""
    parser.add_argument(
        "--corrections",
        metavar="FILE.csv",
        help="the director's rulings (CSV: board, table or ns/ew, contract/declarer/result "
        "or adjusted, reason), applied to the results read",
    )


def corrections_of(args: argparse.Namespace) -> Corrections | None:
    """The corrections file ``--corrections`` names, read now (every bad
    row a line, nothing applied: a usage error before any input is read)."""
    path: str | None = getattr(args, "corrections", None)
    if path is None:
        return None
    from pbnscore.pipeline import load_rulings

    return load_rulings(path)


def for_nights(settings: Settings, command: str, sources: Sequence[str] | None) -> Settings:
    """``settings`` for ``command``, which scores the nights ``sources``
    (None: not known yet): ``--corrections`` for several nights must say
    which night each ruling is for (docs/reference/corrections.md)."""
    if settings.corrections is None:
        return settings
    return attrs.evolve(settings, corrections=settings.corrections.for_nights(command, sources))


def event_date(text: str) -> dt.date:
    """An argparse type: a calendar date written YYYY-MM-DD."""
    try:
        if len(text) == 10:
            return dt.date.fromisoformat(text)
    except ValueError:
        pass
    raise argparse.ArgumentTypeError(f"not a date written YYYY-MM-DD: {text!r}")


def add_quiet_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "-q", "--quiet", action="store_true", help="no warnings about files scored all the same"
    )


def add_parallel_arguments(parser: argparse.ArgumentParser) -> None:
    """``-j`` and ``--no-progress``, of the commands that score many files at once."""
    from pbnscore.batch import JOBS
    from pbnscore.cli._flags import InRange

    parser.add_argument(
        "-j", "--jobs", type=InRange(JOBS), metavar="JOBS", help="default: all cores"
    )
    parser.add_argument("--no-progress", action="store_true", help="no progress bar")


def add_from_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--from", dest="source_format", choices=READABLE, help=FROM_HELP)


def add_method_arguments(
    parser: argparse.ArgumentParser, flags: Sequence[Flag], method: str | None
) -> None:
    """``-m`` and a group of the method's own flags."""
    parser.add_argument("-m", "--method", metavar="METHOD", help="see `pbnscore methods`")
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
    help_text = f"{flag.help} ({flag.noted})".replace("%", "%%")
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
        metavar=None if flag.choices else flag.metavar,
        help=help_text,
    )


def parse(line: Line, flags: Sequence[Flag], method: str | None) -> argparse.Namespace:
    """Parse strictly: an argument nobody takes is a usage error that names
    the method whose options were on offer."""
    argv = line.words
    _refuse_others_values(argv, flags, method)
    args, extra = build_parser(line, flags, method).parse_known_args(argv)
    if extra:
        unknown = " ".join(extra)
        option = next((word for word in extra if word.startswith("--")), None)
        if option:
            from pbnscore import _scoring

            # The same message as pbnscore.score(): which methods take it.
            name = option[2:].partition("=")[0].replace("-", "_")
            message = _scoring.not_an_option(registry.get(method) if method else None, name)
            if message:
                raise OptionError(message)
        if method and any(word.startswith("-") for word in extra):
            offered = ", ".join(flag.flag for flag in flags) or "none"
            raise OptionError(f"method {method} does not take {unknown} (its options: {offered})")
        raise UsageError(f"unrecognized arguments: {unknown}")
    return args


def _refuse_others_values(argv: Sequence[str], flags: Sequence[Flag], method: str | None) -> None:
    """A value that another method's flag of the same name takes (``--preset
    kops`` under butler: a preset of cross-imps) is one line naming that
    method, as a misplaced option is, not argparse's usage and invalid choice."""
    for flag in flags:
        for value in _values_given(argv, flag.flag):
            if flag.choices is None or forgiven(value, flag.choices) in flag.choices:
                continue
            takers = [name for name in _methods_offering(flag.flag, value) if name != method]
            if takers:
                what = "a preset" if flag.field == "preset" else "a value"
                listed = " and ".join(filter(None, (", ".join(takers[:-1]), takers[-1])))
                whose = f", not {method}" if method else ": choose one with -m"
                raise OptionError(f"{flag.flag} {value} is {what} of {listed}{whose}")


def _methods_offering(flag: str, value: str) -> list[str]:
    """The registered methods (that load) whose ``flag`` takes ``value``;
    looked for only when a value is refused."""
    from pbnscore.cli._flags import flags_of

    takers = []
    for name, entry in registry.entries().items():
        try:
            offered = flags_of(entry.load())
        except registry.PluginError:
            continue
        if any(
            f.flag == flag and forgiven(value, f.choices or ()) in (f.choices or ())
            for f in offered
        ):
            takers.append(name)
    return takers


def _values_given(argv: Sequence[str], flag: str) -> list[str]:
    """The values given to ``flag`` (``--preset kops``, ``--preset=kops``)."""
    values = [word.partition("=")[2] for word in argv if word.startswith(f"{flag}=")]
    values += [after for word, after in itertools.pairwise(argv) if word == flag]
    return values


def parse_with_method(
    line: Line, method: str | None
) -> tuple[argparse.Namespace, tuple[Flag, ...]]:
    """(arguments, flags) of a command that takes a method's flags: strictly
    with ``method``'s; without -m, with every default method's (any may be
    there until the event says which method it gets), but nothing else, so
    that a misspelt flag is a usage error even when the input then fails to
    read. Called again with the default method once the event is read.
    A line that gives no method option is read with no method's flags (none
    are returned)."""
    if method is None:
        plain = _parsed_without_method_options(line)
        if plain is not None:
            return plain, ()
    from pbnscore.cli._flags import default_methods, flags_of_method, merged

    if method:
        flags = flags_of_method(method)
        return parse(line, flags, method), flags
    flags = merged(default_methods(), shared_only=False)
    return parse(line, flags, None), flags


def _parsed_without_method_options(line: Line) -> argparse.Namespace | None:
    """The arguments of a line that gives no method option, read without
    any method's flags: they would all be left out of it (a flag not given
    has no default in the arguments). None where anything is left over or
    refused (a method's flag, a mistake, ``-h``, which this parser does not
    answer): :func:`parse` then reads the line with the default methods'
    flags and answers or refuses it as ever. This way a plain ``score
    night.xml`` loads no method to build its parser, nor aggregate at all
    on a pairs event (start-up)."""
    parser = build_parser(line, add_help=False)
    try:
        args, extra = parser.parse_known_args(line.words)
    except UsageError:
        return None
    return None if extra else args


def options(args: argparse.Namespace, flags: Sequence[Flag]) -> dict[str, object]:
    """The options given on the command line, by field name."""
    return {
        flag.field: flag.to_option(getattr(args, flag.dest))
        for flag in flags
        if hasattr(args, flag.dest)
    }


def settings(
    args: argparse.Namespace,
    flags: Sequence[Flag],
    method: str | None,
    to: str | Sequence[str],
) -> Settings:
    """How a run reads, scores and writes (the formats ``to``), from its
    parsed command line. With the method known, its options are checked
    now, before any input is read: one that does nothing there is a usage
    error, not a failure per file. A writer's option applies where one of
    the formats takes it."""
    formats = (to,) if isinstance(to, str) else tuple(to)
    given = options(args, flags)
    if method is not None:
        from pbnscore import _scoring

        _scoring.checked_options(registry.get(method), given)
    return Settings(
        method,
        given,
        formats,
        args.source_format,
        writing=writing(args, formats),
        date=getattr(args, "date", None),
        title=getattr(args, "title", None),
        corrections=corrections_of(args),
        beside=True,
    )


def writing(args: argparse.Namespace, formats: Sequence[str]) -> dict[str, object]:
    """The writer options given (:data:`pbnscore.formats.WRITER_OPTIONS`),
    by keyword; one that applies to none of ``formats`` is a usage error,
    not an option silently dropped."""
    found: dict[str, object] = {}
    for option in WRITER_OPTIONS:
        value = getattr(args, option.dest, None)
        if not value:
            continue
        if not set(formats) & set(option.formats):
            takers, asked = " or ".join(option.formats), " and ".join(formats)
            raise UsageError(f"{option.flag} applies to --to {takers}, not --to {asked}")
        found[option.keyword] = value
    types, dialect = found.get("types"), found.get("dialect", "standard")
    if types and dialect != "standard":
        raise UsageError(
            f"--usebio-types applies to --usebio-for standard: {dialect} writes the types it reads"
        )
    if found.get("dd"):
        from pbnscore.report import _dd

        _dd.require_solver()
    return found
