"""The one road from a results file to its outputs: **read** it (PBN or
USEBIO, by the name's extension or the content), **check** it (the problems
found are collected, a pair that cannot be scored refuses it), **score** it
(the method, its options and preset) and **render** every format asked for.

Every front end takes this road: ``pbnscore score``, ``batch`` (which adds
finding the files, naming the outputs and the worker pool), ``watch``,
``season``, and any other (a local page that scores an uploaded file)::

    from pbnscore import pipeline

    settings = pipeline.Settings(method="butler", to=("html", "json"), writing={"dd": True})
    done = pipeline.run(data, "thursday.pbn", settings)  # or run_path(path, settings)
    done.documents["html"]  # the bytes of each format asked for, in that order
    done.warnings           # one line each, "thursday.pbn:12: ..."
    done.scored             # the ScoredEvent

A file that cannot be read, checked or scored raises a
:class:`~pbnscore.errors.PbnscoreError` (a :class:`~pbnscore.errors.ParseError`
for bad input); :func:`failure` turns any exception into the one line a
person is shown. Nothing here prints or writes a file.
"""

from __future__ import annotations

import datetime as dt
import os
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING

from pbnscore import _pathnames
from pbnscore._records import attrs
from pbnscore.errors import (
    ParseError,
    PbnscoreError,
    PluginFault,
    Problem,
    ScoringError,
    UsageError,
    excerpt,
    one_line,
    shown,
    shown_name,
    warning_line,
)

if TYPE_CHECKING:
    from pbnscore.corrections import Corrections
    from pbnscore.model import Event, ScoredEvent

Warn = Callable[[str], None]


def _formats(to: str | Sequence[str]) -> tuple[str, ...]:
    """``to`` as a tuple of format names: one name is a tuple of one."""
    return (to,) if isinstance(to, str) else tuple(to)


@attrs.frozen
class Settings:
    """How a file is read, scored and written. ``to`` is the formats to
    render, in order (one name, or none at all: scored, not rendered)."""

    method: str | None = None  # None: each event's default method
    options: Mapping[str, object] = attrs.field(factory=dict)
    to: tuple[str, ...] = attrs.field(default=("usebio",), converter=_formats)
    source_format: str | None = None  # None: from the name, else the content
    # The writers' options given, by keyword (pbnscore.formats.WRITER_OPTIONS:
    # dd, dialect, types, keep_awards); each format gets those its writer takes.
    writing: Mapping[str, object] = attrs.field(factory=dict)
    date: dt.date | None = None  # the event's date where the file gives none
    title: str | None = None  # the event's title where the file gives none
    corrections: Corrections | None = None  # the director's rulings, applied on read
    # Where ``corrections`` is None: a NIGHT.corrections.csv beside the file
    # read from disk is its rulings (docs/reference/corrections.md).
    beside: bool = False


# The rulings kept beside a night: NIGHT.corrections.csv.
CORRECTIONS_SUFFIX = ".corrections.csv"


def load_rulings(path: str) -> Corrections:
    """The corrections file at ``path``; named ``NIGHT.corrections.csv``
    (wherever it is kept), its name says its night: the night of each row
    whose ``night`` cell is empty (docs/reference/corrections.md)."""
    from pbnscore.corrections import load_corrections

    corrections = load_corrections(path)
    name = os.path.basename(path)
    if name.casefold().endswith(CORRECTIONS_SUFFIX) and len(name) > len(CORRECTIONS_SUFFIX):
        return attrs.evolve(corrections, night=name[: -len(CORRECTIONS_SUFFIX)])
    return corrections


@attrs.frozen
class Outcome:
    """What the road made of one file: the event read, the event scored,
    the bytes of each format asked for (in the order asked) and every
    warning found on the way, a line each (``file:line: message``)."""

    event: Event
    scored: ScoredEvent
    documents: Mapping[str, bytes]
    warnings: tuple[str, ...]

    @property
    def results(self) -> int:
        """How many results the file held."""
        return self.event.result_count()

    def shown_warnings(self) -> list[str]:
        """The warnings as a person is shown them: :func:`warning_lines`."""
        return warning_lines(self.warnings, self.event.source.name)


def run(
    data: bytes,
    source: str,
    settings: Settings,
    *,
    settings_for: Callable[[Event], Settings] | None = None,
    warn: Warn | None = None,
    live: bool = False,
) -> Outcome:
    """Read, check, score and render the file ``data``, named ``source``
    (the name the user knows it by: its extension says PBN, USEBIO or BWS
    where ``settings.source_format`` does not). Where ``settings.method`` is
    None the event's default method scores it, with ``settings_for(event)``'s
    settings where given (the command line reads its flags again for that
    method). Each warning also goes to ``warn`` as it is found: where the
    method refuses the event (:class:`~pbnscore.errors.ScoringError`), what
    was found on the way says why. ``live``: read as a night being saved
    (:func:`read_live`, as ``watch`` reads)."""
    found: list[str] = []

    def said(line: str) -> None:
        found.append(line)
        if warn is not None:
            warn(line)

    event = (read_live if live else read)(data, source, settings, said)
    if settings.method is None and settings_for is not None:
        settings = settings_for(event)
    scored = score(event, settings, said)
    documents = render(scored, settings, said)
    return Outcome(event, scored, documents, tuple(found))


def run_path(path: str | os.PathLike[str], settings: Settings) -> Outcome:
    """:func:`run` on the file at ``path``, read with the size cap
    (:func:`pbnscore._bounded_read.read_limited`)."""
    from pbnscore import _bounded_read

    source = os.fspath(path)
    with open(path, "rb") as stream:
        data = _bounded_read.read_limited(stream, source)
    return run(data, source, settings)


def read(data: bytes, source: str, settings: Settings, warn: Warn | None = None) -> Event:
    """The event, refused (ParseError) where a pair in its results is not
    among its participants: scored, its points would be lost or unnamed.
    Problems it is scored in spite of go to ``warn``, a line each, by line
    as ``check`` lists them."""
    from pbnscore._reading import loads
    from pbnscore.validate import vet

    said: list[Problem] = []
    if settings.beside and settings.corrections is None:
        settings = _with_rulings_beside(source, settings)
    event = loads(data, source=shown_name(source), format=settings.source_format, warnings=said)
    if settings.corrections is not None:
        event, applied = settings.corrections.apply(event)
        said += [Problem(line, event.source.name, None, "warning") for line in applied]
    vetting = vet(event)
    for problem in vetting.refused:
        raise ParseError(problem.message, source=source, line=problem.line)
    _refuse_teams_of_pairs(event, settings.method)
    event = _given(event, settings, said)
    if warn is not None:
        found = sorted([*said, *vetting.warned], key=lambda p: (p.line is None, p.line or 0))
        for problem in found:
            warn(warning_line(source, problem.line, problem.message))
    return event


def read_live(data: bytes, source: str, settings: Settings, warn: Warn | None = None) -> Event:
    """What ``watch`` reads of a night as it is saved: :func:`read`, with
    the rulings of ``NIGHT.corrections.csv`` beside ``NIGHT.*`` where
    ``--corrections`` names none, and a Bridgemate file whose movement still
    has results to come titled provisional (how many results are in, which
    round is under way); a complete one is final."""
    event = read(data, source, attrs.evolve(settings, beside=True), warn)
    if event.source.format != "bws":
        return event
    from pbnscore import bws

    return bws.provisional(event, bws.progress(data, source=source))


def _with_rulings_beside(source: str, settings: Settings) -> Settings:
    """``settings`` with the rulings of ``NIGHT.corrections.csv`` beside
    ``source`` (``NIGHT.*``), where there is one."""
    named = os.path.basename(source)
    if named and named == _pathnames.name(source):  # a file's name, at the path's end
        # Looked for without pathlib (a twentieth of score's start-up): the
        # same file as pathlib's name for it below, which messages show.
        stem = _pathnames.stem(source)
        if not os.path.isfile(os.path.join(os.path.dirname(source), stem + CORRECTIONS_SUFFIX)):
            return settings
    from pathlib import Path

    beside = Path(source).with_suffix(CORRECTIONS_SUFFIX)
    # os.path.isfile is False on any OSError (ENAMETOOLONG: a night's name
    # near the limit has no room for one), where Path.is_file raises some.
    if not os.path.isfile(beside):
        return settings
    return attrs.evolve(settings, corrections=load_rulings(str(beside)))


def _refuse_teams_of_pairs(event: Event, method: str | None) -> None:
    """A teams method asked of a BWS: the file says which pairs sat where,
    not which tables form a match, so it is read as pairs; the refusal says
    what is missing rather than that the event is of pairs."""
    if method is None or event.source.format != "bws":
        return
    from pbnscore.model import EventKind
    from pbnscore.registry import get

    kinds = getattr(get(method), "kinds", None)
    if kinds is not None and EventKind.PAIRS not in kinds:
        raise ScoringError(
            f"{method} scores teams, and a Bridgemate file does not say which tables "
            "form a match: it is read as pairs (score it with butler or cross-imps)"
        )


def score(event: Event, settings: Settings, warn: Warn | None = None) -> ScoredEvent:
    """The scored event; what the method warns of (a board it left out ...)
    goes to ``warn``, a line each; so does, where the method refuses the
    event, what it warned of on the way (ScoringError.reasons)."""
    from pbnscore._scoring import default_method
    from pbnscore._scoring import score as scored_by

    try:
        scored = scored_by(event, settings.method or default_method(event), **settings.options)
    except ScoringError as exc:
        if warn is not None:
            for message, line in exc.reasons:
                warn(warning_line(event.source.name, line, message))
        raise
    if warn is not None:
        for notice in scored.warnings:
            warn(warning_line(event.source.name, notice.line, notice.message))
    return scored


def render(scored: ScoredEvent, settings: Settings, warn: Warn | None = None) -> dict[str, bytes]:
    """The bytes of ``scored`` in each format of ``settings.to``; what a
    writer warns of goes to ``warn`` as a warning line about the file (a
    line two writers say alike, once)."""
    from pbnscore import outputs

    source = scored.event.source.name
    documents: dict[str, bytes] = {}
    said: list[str] = []
    for to in settings.to:
        own: list[str] = []
        documents[to] = outputs.render(scored, to, settings.writing, own.append)
        said += [line for line in own if line not in said or len(documents) == 1]
    if warn is not None:
        for message in said:
            warn(warning_line(source, None, message))
    return documents


def _given(event: Event, settings: Settings, said: list[Problem]) -> Event:
    """The event with the --date and --title it lacks; where its file gives
    its own, that one stays and a problem says the option was not used."""
    for flag, value, own in (
        ("--date", settings.date, event.date),
        ("--title", settings.title, event.title),
    ):
        if value is not None and own is not None and own != value:
            message = f"{flag} {_spelt(value)} not used: the file gives {_spelt(own)}"
            said.append(Problem(message, event.source.name, None, "warning"))
    return attrs.evolve(
        event,
        date=event.date if event.date is not None else settings.date,
        title=event.title if event.title is not None else settings.title,
    )


def _spelt(value: object) -> str:
    """A date as ISO, a title quoted (cut short, one line: errors.excerpt)."""
    return value.isoformat() if isinstance(value, dt.date) else excerpt(str(value), 60)


# Past this many warnings about one file the rest are counted, not printed:
# a file with a problem on every board would bury its scores' messages.
MAX_WARNINGS = 20


def warning_lines(found: Sequence[str], source: str) -> list[str]:
    """What ``score``, ``batch`` and ``season`` print of the warnings found
    about one file: at most :data:`MAX_WARNINGS`, then how many more there
    are and where to see them all."""
    if len(found) <= MAX_WARNINGS:
        return list(found)
    more = len(found) - MAX_WARNINGS
    tail = f"… and {more} more warnings (pbnscore check {shown(source)} lists them all)"
    return [*found[:MAX_WARNINGS], tail]


def describe(exc: PbnscoreError, source: str) -> str:
    """The one line for an error about ``source``: ``file:line: message``."""
    if isinstance(exc, ParseError):
        return str(exc.located(source))
    if isinstance(exc, UsageError):
        # Its str() is already one line, with the file it names: shortened
        # again, a long message came out quoted twice, and "a: a: ...".
        return f"{shown(exc.source or source)}: {one_line(exc.message)}"
    return f"{shown(source)}: {one_line(str(exc))}"


def failure(exc: Exception, source: str) -> str:
    """The one line for a file the road could not take: ``file:line:
    message`` for bad input, the system's reason for a file it could not
    read or write, and an internal error (a bug) said as one."""
    if isinstance(exc, PbnscoreError):
        return describe(exc, source)
    if isinstance(exc, PluginFault):  # the plug-in's bug, said as its own
        return f"{shown(source)}: {exc}"
    if isinstance(exc, OSError):
        name, why = str(exc.filename or source), str(exc.strerror or exc)
        if isinstance(exc, PermissionError) and os.path.isdir(name):
            why = f"cannot read this folder: {why}"  # a folder a walk could not list
        return f"{shown(name)}: {one_line(why)}"
    return f"{shown(source)}: internal error: {type(exc).__name__}: {one_line(str(exc))}"


__all__ = [
    "MAX_WARNINGS",
    "Outcome",
    "Settings",
    "describe",
    "failure",
    "read",
    "read_live",
    "render",
    "run",
    "run_path",
    "score",
    "shown_name",
    "warning_lines",
]
