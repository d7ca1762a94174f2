"""Watching a folder: each results file scored once it has been saved.

A scoring program saves a night in several steps, some in place, so a file
is scored only once it has *settled*: its size and modification time the
same for ``settle`` seconds, and its bytes read without error. A file whose
bytes are those it had when last scored is not scored again; the hashes are
kept in a small state file in the output folder, so a restart does not
rescore the folder either.

:class:`Watcher` is the logic, driven by hand: :meth:`Watcher.noticed` and
:meth:`Watcher.removed` for what the file system reports, :meth:`Watcher.step`
to score what has settled, with an explicit clock, so that it is tested
without sleeping. :func:`watch` runs it on the events of a ``watchdog``
observer (native events, or polling with ``poll``). Scoring, naming and
writing are :mod:`pbnscore.batch`'s; this module knows no command line.
"""

from __future__ import annotations

import contextlib
import datetime as _dt
import errno
import hashlib
import json
import os
import queue
import stat
import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from pbnscore import batch, pipeline
from pbnscore._atomic import write_bytes
from pbnscore._records import attrs
from pbnscore._version import __version__
from pbnscore._watch_state import MAX_STATE_BYTES as MAX_STATE_BYTES
from pbnscore._watch_state import NOT_STATE as NOT_STATE
from pbnscore._watch_state import STATE_NAME, State
from pbnscore._watch_state import STATE_SCHEMA as STATE_SCHEMA
from pbnscore.errors import PbnscoreError, ScoringError, counted, shown, warning_line

if TYPE_CHECKING:
    from watchdog.events import FileSystemEvent, FileSystemEventHandler
    from watchdog.observers.api import BaseObserver

    from pbnscore.model import ScoredEvent
    from pbnscore.seasons import EventFigures

DEFAULT_SETTLE = 2.0
# How long the loop waits for an event at most: Ctrl-C on Windows (where a
# wait cannot be interrupted) and a folder that went away are seen this often.
TICK_SECONDS = 0.25
FOLDER_CHECK_SECONDS = 1.0
FALLBACK_POLL_SECONDS = 1.0  # where the system gives no file events
WAITING = "(waiting for the next change)"
RETRYING = "(tried again at the next save)"
GONE = "deleted or moved away; its outputs are kept"
DELETED = "deleted while it was being scored: nothing written"

# Temporary and lock files of common programs (Office's ``~$``, LibreOffice's
# ``.~lock``, browsers' ``.part``, editors' ``.tmp``); the last two never end
# in .pbn or .xml, but are named so that the rule is read in one place.
TEMPORARY_PREFIXES = ("~$", ".~lock", ".")
TEMPORARY_SUFFIXES = (".tmp", ".part")


CORRECTIONS_SUFFIX = pipeline.CORRECTIONS_SUFFIX


def results_name(name: str) -> bool:
    """Whether a file of this name is one a watch scores: ``*.pbn`` and
    ``*.xml`` (as ``batch`` finds them), not hidden, not a temporary file."""
    lowered = name.lower()
    return (
        Path(lowered).suffix in batch.INPUT_SUFFIXES
        and not lowered.startswith(TEMPORARY_PREFIXES)
        and not lowered.endswith(TEMPORARY_SUFFIXES)
    )


@attrs.frozen
class Page:
    """A season page made: its bytes (None where no night could be
    ranked), the lines to say about it, and how many nights it counts."""

    document: bytes | None
    lines: Sequence[str] = ()
    nights: int = 0


@attrs.frozen
class SeasonPage:
    """``--season``: where the page goes and how it is made from the
    figures of every night scored so far."""

    path: Path
    render: Callable[[Sequence[EventFigures]], Page]


@attrs.frozen
class Config:
    """What a watch watches, and how each file is scored and written (the
    formats of ``settings.to``, in the order given)."""

    folder: Path
    out_dir: Path
    settings: pipeline.Settings
    recursive: bool = False
    settle: float = DEFAULT_SETTLE
    season: SeasonPage | None = None
    ignored: tuple[Path, ...] = ()  # further files of ours (the log)

    @property
    def state_path(self) -> Path:
        """The file in the output folder that keeps what was scored."""
        return self.out_dir / STATE_NAME


class Log:
    """The lines a watch says: one per event, each after the time of day, to
    ``stream`` (default: stderr) or, given one, to ``log_file`` instead
    (appended, with the date too: a service's stderr may go nowhere, or to a
    journal that dates it itself). ``quiet`` silences the events and
    warnings, never a problem."""

    def __init__(
        self,
        stream: TextIO | None = None,
        log_file: Path | None = None,
        *,
        quiet: bool = False,
        now: Callable[[], _dt.datetime] = _dt.datetime.now,
    ) -> None:
        self.stream = stream
        self.quiet = quiet
        self.now = now
        self.problems = 0
        # Opened once for the run: months of saves must not open a file each.
        # Closed by close(), at the end of the run.
        self._file = (
            # A name that is no UTF-8 is written as stderr writes it, not refused.
            open(log_file, "a", encoding="utf-8", errors="backslashreplace", buffering=1)  # noqa: SIM115
            if log_file
            else None
        )

    def event(self, text: str) -> None:
        """Say what happened (a file scored), unless quiet."""
        if not self.quiet:
            self._say(text)

    warning = event

    def problem(self, text: str) -> None:
        """Say a problem (a file that could not be scored), even when quiet, and count it."""
        self.problems += 1
        self._say(text)

    def _say(self, text: str) -> None:
        moment = self.now()
        if self._file is not None:
            self._file.write(f"{moment:%Y-%m-%d %H:%M:%S} {text}\n")
            return
        stream = self.stream if self.stream is not None else sys.stderr
        if stream is not None:  # pythonw (a Startup-folder shortcut) has none
            stream.write(f"{moment:%H:%M:%S} {text}\n")  # one write: one whole line
            stream.flush()

    def close(self) -> None:
        """Close the log file, at the end of the run."""
        if self._file is not None:
            self._file.close()


def fingerprint(config: Config) -> str:
    """What the outputs depend on besides the input's bytes."""
    described = attrs.asdict(config.settings)
    text = json.dumps([__version__, described], sort_keys=True, default=repr)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


# -- the logic -------------------------------------------------------------------


@attrs.define
class _Pending:
    since: float  # when the file was last seen to change
    signature: tuple[int, int] | None = None  # (size, mtime in ns)


def place(path: Path) -> tuple[int, int] | None:
    """(device, inode) of ``path``, the same under each of its names (a
    link, a bind mount, a mapped drive and its network path), or None where
    it is not there."""
    try:
        status = path.stat()
    except OSError:
        return None
    if not status.st_ino:  # a file system that gives no file ids (some network shares)
        return None
    return status.st_dev, status.st_ino


def same_place(first: Path, second: Path) -> bool:
    """Whether two names name one file or folder: by identity where both
    are there, else by their paths with links followed."""
    found = place(first), place(second)
    if None not in found:
        return found[0] == found[1]
    return batch.resolved(first) == batch.resolved(second)


def _key(path: Path) -> str:
    """A name as the file system compares it (Windows: any case)."""
    return os.path.normcase(os.path.abspath(path))


def planned(config: Config, files: Sequence[Path]) -> dict[str, list[Path]]:
    """Each file's outputs, one per format, by :func:`_key` of its name:
    named as ``batch`` names them given ``files`` (a recursive watch: given
    the folder). Planned once for all the files of a step, not once a file:
    each plan looks at every file of the folder."""
    inputs = [str(config.folder)] if config.recursive else [str(path) for path in files]
    return {
        _key(job.source): list(job.targets)
        for job in batch.plan(inputs, config.out_dir, config.settings.to)
    }


class _Gone(Exception):
    """The file is no longer among the folder's: deleted while it was scored."""


def _unlistable(path: Path) -> bool:
    """A folder that cannot be listed (batch.find keeps it so that it is
    said, as docs/reference/bad-input.md promises, never skipped)."""
    try:
        with os.scandir(path):
            return False
    except OSError:
        return path.is_dir()


def _locked(exc: OSError) -> bool:
    """Windows: the file is open in the program still writing it (a
    sharing or lock violation): looked at again later, not refused."""
    return os.name == "nt" and getattr(exc, "winerror", None) in (32, 33)


class Watcher:
    """Scores each results file of ``config.folder`` once it has settled.

    Single-threaded: the file system's reports are handed in by whoever
    receives them, and :meth:`step` is called with the time given by
    ``clock`` (seconds, any origin). ``final``: a single look (``--once``),
    so that nothing waits for a next change."""

    def __init__(
        self,
        config: Config,
        log: Log,
        *,
        clock: Callable[[], float] = time.monotonic,
        final: bool = False,
    ) -> None:
        self.config = config
        self.log = log
        self.clock = clock
        self.final = final
        self.state = State.load(config.state_path, fingerprint(config), log.warning)
        self.pending: dict[Path, _Pending] = {}
        # A file that failed: what failed (its bytes' hash, or the line said
        # where it could not be read), so that the same failure is said once.
        self.refused: dict[Path, str] = {}
        self.unwritten: set[Path] = set()  # its outputs failed: tried again at the next save
        self.figures: dict[str, EventFigures] = {}  # the season's nights, by name
        self.season_due = False
        self.gone: set[str] = set()  # deleted, and said so
        self.plans = 0  # how often the folder was planned (counted by the tests, not timed)
        self._left: set[str] = set()  # taken off the season page when deleted
        self._season_said: frozenset[str] = frozenset()
        self._state_said = False
        self._out_dir = batch.resolved(config.out_dir)
        self._ours = {batch.resolved(path) for path in self._own_files()}
        self._our_places = {found for path in self._own_files() if (found := place(path))}
        self._plan: dict[str, list[Path]] | None = None

    def _own_files(self) -> Iterator[Path]:
        yield self.config.state_path
        if self.config.season is not None:
            yield self.config.season.path
        yield from self.config.ignored

    # -- what the file system says ----------------------------------------------

    def wanted(self, path: Path) -> bool:
        """Whether ``path`` (below the folder) is a results file to score."""
        try:
            relative = path.relative_to(self.config.folder)
        except ValueError:
            return False
        if not relative.parts:
            return False
        if not results_name(relative.name) and not (self.config.recursive and _unlistable(path)):
            return False
        if len(relative.parts) > 1 and not self.config.recursive:
            return False
        if any(part.startswith(".") for part in relative.parts[:-1]):
            return False  # as batch: no hidden folders
        found = batch.resolved(path)
        if found in self._ours or self._out_dir in found.parents:
            return False
        if self._our_places and place(path) in self._our_places:
            return False  # one of ours under another name
        return len(relative.parts) == 1 or not self._in_out_dir(path)

    def _in_out_dir(self, path: Path) -> bool:
        """Whether a subfolder ``path`` is in is the output folder under
        another name (a bind mount of it, a mapped drive): compared by
        identity, which no path comparison sees."""
        out = place(self.config.out_dir)
        folder = path.parent
        while out is not None and folder != self.config.folder and folder != folder.parent:
            if place(folder) == out:
                return True
            folder = folder.parent
        return False

    def _nights_ruled_by(self, path: Path) -> list[Path]:
        """The nights ``path`` holds the rulings of, where it is a
        ``NIGHT.corrections.csv`` and ``--corrections`` names none
        (docs/reference/corrections.md): a change to it is a change to them."""
        if self.config.settings.corrections is not None:
            return []
        if not path.name.endswith(CORRECTIONS_SUFFIX):
            return []
        stem = path.name[: -len(CORRECTIONS_SUFFIX)]
        return [
            path.with_name(stem + suffix)
            for suffix in sorted(batch.INPUT_SUFFIXES)
            if os.path.lexists(path.with_name(stem + suffix))
            and self.wanted(path.with_name(stem + suffix))
        ]

    def _rulings_digest(self, path: Path) -> str:
        """The content of the corrections beside night ``path`` (empty where
        there are none, or ``--corrections`` names the file), part of what
        says that the night changed."""
        if self.config.settings.corrections is not None:
            return ""
        try:
            return hashlib.sha256(path.with_suffix(CORRECTIONS_SUFFIX).read_bytes()).hexdigest()
        except FileNotFoundError:
            return ""
        except OSError as exc:  # said when the night is read
            if exc.errno == errno.ENAMETOOLONG:  # no room beside a long name: none there
                return ""
            return f"unreadable: {exc.errno}"

    def noticed(self, path: Path) -> None:
        """``path`` was created, changed or renamed into place: score it once
        it has settled. A save is also when the outputs that could not be
        written are tried again (the disk may have room by now). A night's
        corrections file changed is its night changed."""
        for night in self._nights_ruled_by(path):
            self.noticed(night)
        if self.wanted(path):
            self.pending[path] = _Pending(self.clock())
            self.gone.discard(self._name(path))
            self._plan = None
            for unwritten in self.unwritten:
                self.pending.setdefault(unwritten, _Pending(self.clock()))
            self.unwritten.clear()

    def removed(self, path: Path) -> None:
        """``path`` was deleted or renamed away: its outputs stay, said once;
        it leaves the season page at once."""
        for night in self._nights_ruled_by(path):
            self.noticed(night)  # its rulings withdrawn
        self.pending.pop(path, None)
        self.refused.pop(path, None)
        self.unwritten.discard(path)
        if not self.wanted(path):
            return
        self._plan = None
        name = self._name(path)
        if self.figures.pop(name, None) is not None:
            self._left.add(name)
            self.season_due = True
        if name in self.state.files and name not in self.gone:
            # Kept in the state: saved back with the same bytes, it is not
            # scored again (its outputs are still there).
            self.gone.add(name)
            self.log.event(f"{shown(str(path))}: {GONE}")

    def scan(self) -> int:
        """Notice every results file there is now (at the start, and when the
        folder comes back); how many."""
        found = [path for path in self._files() if self.wanted(path)]
        for path in found:
            self.noticed(path)
        return len(found)

    def _files(self) -> list[Path]:
        folder = self.config.folder
        if self.config.recursive:
            try:
                return [path for path, _ in batch.find([str(folder)], self.config.out_dir)]
            except PbnscoreError:  # the folder went away meanwhile
                return []
        with contextlib.suppress(OSError):
            # A link that leads nowhere is kept: it is said, as batch says it.
            return sorted(path for path in folder.iterdir() if not path.is_dir())
        return []

    # -- scoring what has settled ------------------------------------------------

    def step(self) -> float | None:
        """Score every pending file that has settled (and the season, if one
        was scored); the seconds until the next may have, or None."""
        now = self.clock()
        settled = [path for path in list(self.pending) if self._settled(path, now)]
        try:
            for path in settled:
                self._score(path)
        finally:  # Ctrl-C too: what was written is remembered
            self._save_state()
        if self.season_due:
            self._write_season()
        waits = [p.since + self.config.settle - now for p in self.pending.values()]
        return max(0.0, min(waits)) if waits else None

    def _save_state(self) -> None:
        try:
            self.state.save()
        except OSError as exc:  # kept in memory, and tried again after the next night
            if not self._state_said:
                self.log.problem(pipeline.failure(exc, str(self.state.path)))
            self._state_said = True
        else:
            self._state_said = False

    def _settled(self, path: Path, now: float) -> bool:
        """Whether ``path`` has kept its size and time for ``settle`` seconds;
        one that is gone is forgotten. A link that cannot be followed (a
        loop, or to nothing) settles as itself, to be said when read."""
        pending = self.pending[path]
        status: os.stat_result | None
        try:
            status = path.stat()
        except OSError:
            try:
                status = path.lstat()
            except FileNotFoundError:
                del self.pending[path]
                return False
            except OSError:
                status = None  # its folder cannot be searched: tried again later
        else:
            unlisted = stat.S_ISDIR(status.st_mode) and _unlistable(path)  # to be said
            if not stat.S_ISREG(status.st_mode) and not unlisted:
                # A folder named x.xml; a pipe would wait for ever (as batch).
                del self.pending[path]
                return False
        signature = None if status is None else (status.st_size, status.st_mtime_ns)
        if signature is None or signature != pending.signature:
            pending.signature, pending.since = signature, now
        if signature is None or now - pending.since < self.config.settle:
            return False
        del self.pending[path]
        return True

    def _name(self, path: Path) -> str:
        return path.relative_to(self.config.folder).as_posix()

    def _score(self, path: Path) -> None:
        try:
            with open(path, "rb") as stream:
                data = batch.read_limited(stream, str(path))
        except FileNotFoundError as exc:
            if os.path.lexists(path):  # a link to nothing (deleted meanwhile: no line)
                self._unreadable(path, exc)
            return
        except PbnscoreError as exc:  # too large
            self._refuse(path, "", pipeline.describe(exc, str(path)))
            return
        except OSError as exc:
            if _locked(exc) and not self.final:
                self.pending[path] = _Pending(self.clock())  # once more later
                return
            self._unreadable(path, exc)
            return
        digest = hashlib.sha256(data).hexdigest()
        rulings = self._rulings_digest(path)
        if rulings:
            digest = f"{digest}+{rulings}"
        name = self._name(path)
        if self.state.unchanged(name, digest):
            if self.config.season is not None and name not in self.figures:
                self._remember_figures(path, data)  # a restart: the night is in the season
            return
        if self.refused.get(path) == digest:
            return  # said already; tried again when it changes
        self._convert(path, name, data, digest)

    def _unreadable(self, path: Path, exc: OSError) -> None:
        """A file that cannot be opened (no permission, a link loop): said
        once while it stays so, and tried again when it changes."""
        line = pipeline.failure(exc, str(path))
        self._refuse(path, line, line)

    def _convert(self, path: Path, name: str, data: bytes, digest: str) -> None:
        source = str(path)
        try:
            done = pipeline.run(data, source, self.config.settings, live=True)
            scored = done.scored
            if not os.path.lexists(path):
                raise _Gone
            targets = self.targets(path)
        except _Gone:
            self.log.event(f"{shown(source)}: {DELETED}")
            return
        except Exception as exc:  # a bug must cost one file, not the watch
            if isinstance(exc, ScoringError):  # its reasons first, as score says them
                for message, at in exc.reasons:
                    self.log.warning(warning_line(source, at, message))
            self._refuse(path, digest, pipeline.failure(exc, source))
            return
        target = targets[0]
        try:
            for document, target in zip(done.documents.values(), targets, strict=True):
                write_bytes(target, document, make_folders=True)
        except Exception as exc:  # not the night's fault: tried again at the next save
            self.refused.pop(path, None)
            self.unwritten.add(path)
            line = f"{shown(source)}: not written: {pipeline.failure(exc, str(target))}"
            self.log.problem(line if self.final else f"{line} {RETRYING}")
            return
        self.state.record(name, digest, targets)
        self.refused.pop(path, None)
        for line in done.shown_warnings():
            self.log.warning(line)
        written = ", ".join(shown(str(target)) for target in targets)
        self.log.event(f"{shown(source)}: {summary(scored)} → {written}")
        if self.config.season is not None:
            from pbnscore.seasons import figures

            self.figures[name] = figures(scored)
            self.season_due = True

    def _scored(self, data: bytes, source: str) -> ScoredEvent:
        """The file scored, its outputs not made (they were, before a restart)."""
        settings = attrs.evolve(self.config.settings, to=())
        return pipeline.run(data, source, settings, live=True).scored

    def _refuse(self, path: Path, key: str, line: str) -> None:
        """Say that ``path`` failed, unless this failure (``key``) was said already."""
        if self.refused.get(path) == key:
            return
        self.refused[path] = key
        self.log.problem(line if self.final else f"{line} {WAITING}")

    def _remember_figures(self, path: Path, data: bytes) -> None:
        from pbnscore.seasons import figures

        try:
            scored = self._scored(data, str(path))
        except Exception:  # scored before, so not expected: left out of the season
            return
        name = self._name(path)
        self.figures[name] = figures(scored)
        page = self.config.season
        back = name in self._left  # deleted and saved back: on the page again
        self._left.discard(name)
        self.season_due = self.season_due or back or (page is not None and not page.path.exists())

    def targets(self, path: Path) -> list[Path]:
        """The outputs of ``path``, one per format, named as ``batch`` names
        them when given the folder's files (its own planning, so that the
        names follow it); planned once for every file that settled together."""
        key = _key(path)
        if self._plan is None or key not in self._plan:
            inputs = [] if self.config.recursive else list(filter(self._plannable, self._files()))
            self._plan = planned(self.config, inputs)
            self.plans += 1
        found = self._plan.get(key)
        if found is None:
            raise _Gone
        for target in found:
            if batch.resolved(target) in self._ours or place(target) in self._our_places:
                raise PbnscoreError(f"its output {target} is the --season page or the --log")
        return found

    def _plannable(self, path: Path) -> bool:
        # A link that cannot be followed has no outputs, and batch's
        # planning refuses it as missing: it is said on its own.
        return self.wanted(path) and os.path.exists(path)

    # -- the season ----------------------------------------------------------------

    def _write_season(self) -> None:
        self.season_due = False
        page = self.config.season
        if page is None or not self.figures:
            return
        nights = [self.figures[name] for name in sorted(self.figures)]
        try:
            made = page.render(nights)
            if made.document is not None:
                write_bytes(page.path, made.document, make_folders=True)
        except Exception as exc:  # a bug must cost the page, not the watch
            self.log.problem(pipeline.failure(exc, str(page.path)))
            return
        # Each rewrite finds the same warnings again: said once, while they last.
        for line in made.lines:
            if line not in self._season_said:
                self.log.warning(line)
        self._season_said = frozenset(made.lines)
        if made.document is not None:
            self.log.event(f"season: {counted(made.nights, 'night')} → {shown(str(page.path))}")


def summary(scored: ScoredEvent) -> str:
    """``14 pairs, 26 boards``: who was ranked and how many boards."""
    kinds: dict[str, set[object]] = {}
    for standing in scored.standings:
        participant = standing.participant
        kinds.setdefault(participant.kind.value, set()).add(
            (participant.id, participant.direction, participant.section)
        )
    # A board played in two sections is one board; in two sessions, two.
    boards = {(board.session, board.number) for board in scored.boards}
    parts = [counted(len(ids), kind) for kind, ids in kinds.items()]
    return ", ".join([*parts, counted(len(boards), "board")])


# -- running on a real file system -------------------------------------------------

Report = tuple[str, Path]  # ("noticed" | "removed" | "folder", path)


def _handler(reports: queue.SimpleQueue[Report], root: str, folder: Path) -> FileSystemEventHandler:
    """A watchdog handler that hands each report over, as a path below
    ``folder`` as the user named it (watchdog names them below ``root``)."""
    from watchdog.events import FileSystemEventHandler

    def below(raw: bytes | str) -> Path:
        return folder / os.path.relpath(os.fsdecode(raw), root)

    class Handler(FileSystemEventHandler):
        def on_any_event(self, event: FileSystemEvent) -> None:
            kind = event.event_type
            if event.is_directory:
                if kind in ("created", "moved"):  # a folder moved in holds files
                    reports.put(("folder", below(event.dest_path or event.src_path)))
                elif kind == "deleted" and os.path.normcase(os.fsdecode(event.src_path)) == root:
                    reports.put(("folder", folder))
                return
            if kind in ("deleted", "moved"):
                reports.put(("removed", below(event.src_path)))
            if kind == "moved":
                reports.put(("noticed", below(event.dest_path)))
            elif kind in ("created", "modified", "closed"):
                reports.put(("noticed", below(event.src_path)))

    return Handler()


def _folder_id(folder: Path) -> tuple[int, int] | None:
    """(device, inode) of the folder, or None where it is not there."""
    try:
        status = folder.stat()
    except OSError:
        return None
    return (status.st_dev, status.st_ino) if os.path.isdir(folder) else None


class _Observing:
    """The watchdog observer of one run, started again on a folder that
    came back (a USB stick put back in)."""

    def __init__(self, watcher: Watcher, poll: float | None) -> None:
        self.watcher = watcher
        self.poll = poll
        self.reports: queue.SimpleQueue[Report] = queue.SimpleQueue()
        self.observer: BaseObserver | None = None
        self.folder_id: tuple[int, int] | None = None

    def start(self) -> bool:
        """Watch the folder, if it is there, and notice what it holds."""
        folder = self.watcher.config.folder
        self.folder_id = _folder_id(folder)
        if self.folder_id is None:
            return False
        root = os.path.normcase(os.path.abspath(folder))
        handler = _handler(self.reports, root, folder)
        try:
            self.observer = self._observer(self.poll)
            self.observer.schedule(handler, root, recursive=self.watcher.config.recursive)
            self.observer.start()
        except OSError as exc:
            self.stop()
            if _folder_id(folder) is None:  # gone again already: waited for
                self.folder_id = None
                return False
            if self.poll is not None:
                raise PbnscoreError(f"{folder}: cannot watch: {exc.strerror or exc}") from None
            # Native events refused (Linux's inotify watch limit): polling
            # sees the same changes, later.
            self.watcher.log.warning(
                f"{shown(str(folder))}: no file events ({exc.strerror}): polling"
            )
            self.poll = FALLBACK_POLL_SECONDS
            return self.start()
        self.watcher.scan()
        return True

    @staticmethod
    def _observer(poll: float | None) -> BaseObserver:
        if poll is not None:
            from watchdog.observers.polling import PollingObserver

            return PollingObserver(timeout=poll)
        from watchdog.observers import Observer

        return Observer(timeout=TICK_SECONDS)

    def stop(self) -> None:
        if self.observer is not None:
            self.observer.stop()
            self.observer.join(timeout=1.0)
            self.observer = None

    def still_there(self) -> bool:
        """Whether the folder watched is still the one there."""
        return (
            self.folder_id is not None and _folder_id(self.watcher.config.folder) == self.folder_id
        )

    def hand_over(self, timeout: float) -> None:
        """Wait up to ``timeout`` for reports, then hand all there are over."""
        try:
            report = self.reports.get(timeout=timeout)
        except queue.Empty:
            return
        while True:
            self._take(report)
            try:
                report = self.reports.get_nowait()
            except queue.Empty:
                return

    def _take(self, report: Report) -> None:
        kind, path = report
        if kind == "noticed":
            self.watcher.noticed(path)
        elif kind == "removed":
            self.watcher.removed(path)
        elif path == self.watcher.config.folder:
            self.folder_id = None  # the folder itself went: checked at once
        elif self.watcher.config.recursive:
            # A folder moved in brings files that no event names.
            with contextlib.suppress(PbnscoreError):  # gone again already
                for found, _ in batch.find([str(path)], self.watcher.config.out_dir):
                    self.watcher.noticed(found)


def watch(
    config: Config,
    log: Log,
    *,
    poll: float | None = None,
    once: bool = False,
    clock: Callable[[], float] = time.monotonic,
    stop: threading.Event | None = None,
) -> int:
    """Score the folder's files as they are saved, until stopped: Ctrl-C and
    SIGTERM raise on up through here, with nothing half-written; ``stop``
    (set from another thread) returns 0. With ``once``, score what is there
    and return: 1 if a file failed, else 0."""
    if once:
        watcher = Watcher(attrs.evolve(config, settle=0.0), log, clock=clock, final=True)
        watcher.scan()
        watcher.step()
        return 1 if log.problems else 0
    watcher = Watcher(config, log, clock=clock)
    observing = _Observing(watcher, poll)
    try:
        _loop(observing, clock, stop or threading.Event())
    finally:
        observing.stop()
    return 0


def _loop(observing: _Observing, clock: Callable[[], float], stop: threading.Event) -> None:
    watcher, folder = observing.watcher, observing.watcher.config.folder
    where = "its subfolders too" if watcher.config.recursive else "not its subfolders"
    if observing.start():
        watcher.log.event(
            f"watching {shown(str(folder))} ({where}) → {shown(str(watcher.config.out_dir))}"
        )
    else:
        watcher.log.problem(f"{shown(str(folder))}: no such folder; waiting for it")
    checked = clock()
    while not stop.is_set():
        wait = watcher.step()
        observing.hand_over(TICK_SECONDS if wait is None else min(wait, TICK_SECONDS))
        if clock() - checked < FOLDER_CHECK_SECONDS and observing.folder_id is not None:
            continue
        checked = clock()
        if observing.still_there():
            continue
        if observing.observer is not None:
            observing.stop()
            watcher.pending.clear()
            watcher.log.problem(f"{shown(str(folder))}: gone; waiting for it to come back")
        if observing.start():
            watcher.log.event(f"{shown(str(folder))}: back; watching it again")
