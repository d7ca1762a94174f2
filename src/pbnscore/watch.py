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

import attrs

from pbnscore import batch
from pbnscore._atomic import write_bytes
from pbnscore._version import __version__
from pbnscore.errors import PbnscoreError, counted

if TYPE_CHECKING:
    from watchdog.events import FileSystemEvent, FileSystemEventHandler
    from watchdog.observers.api import BaseObserver

    from pbnscore.model import ScoredEvent
    from pbnscore.season import EventFigures

STATE_NAME = ".pbnscore-watch.json"
STATE_SCHEMA = "pbnscore-watch/1"
DEFAULT_SETTLE = 2.0
# How long the loop waits for an event at most: Ctrl-C on Windows (where a
# wait cannot be interrupted) and a folder that went away are seen this often.
TICK_SECONDS = 0.25
FOLDER_CHECK_SECONDS = 1.0
FALLBACK_POLL_SECONDS = 1.0  # where the system gives no file events
WAITING = "(waiting for the next change)"
GONE = "deleted or moved away; its outputs are kept"

# Temporary and lock files of common programs (Office's ``~$``, LibreOffice's
# ``.~lock``, browsers' ``.part``, editors' ``.tmp``); the last two never end
# in .pbn or .xml, but are named so that the rule is read in one place.
TEMPORARY_PREFIXES = ("~$", ".~lock", ".")
TEMPORARY_SUFFIXES = (".tmp", ".part")


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
class SeasonPage:
    """``--season``: where the page goes and how it is made from the
    figures of every night scored so far: (the page, or None where no night
    could be ranked; the lines to say about it)."""

    path: Path
    render: Callable[[Sequence[EventFigures]], tuple[bytes | None, Sequence[str]]]


@attrs.frozen
class Config:
    """What a watch watches, and how each file is scored and written: one
    :class:`batch.Settings` per output format, in the order given."""

    folder: Path
    out_dir: Path
    outputs: tuple[batch.Settings, ...]
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


# -- what was scored, kept in the output folder ---------------------------------


@attrs.define
class Scored:
    """A file the watcher has scored: the hash of its bytes and the outputs written from
    it."""

    sha256: str
    outputs: list[str]  # relative to the output folder, POSIX style


class State:
    """Each scored file's content hash and outputs, by its name below the
    watched folder. Valid only for the settings it was made with: other
    options or formats (or another pbnscore) score every file again."""

    def __init__(self, path: Path, settings: str) -> None:
        self.path = path
        self.settings = settings
        self.files: dict[str, Scored] = {}

    @classmethod
    def load(cls, path: Path, settings: str) -> State:
        """The state kept at ``path`` for these settings; empty where none is, or not ours."""
        state = cls(path, settings)
        try:
            kept = json.loads(path.read_bytes())
            if kept.get("schema") == STATE_SCHEMA and kept.get("settings") == settings:
                state.files = {
                    name: Scored(str(entry["sha256"]), [str(o) for o in entry["outputs"]])
                    for name, entry in kept["files"].items()
                }
        except (OSError, ValueError, TypeError, KeyError, AttributeError):
            pass  # no state, or not ours: every file is scored afresh
        return state

    def unchanged(self, name: str, digest: str) -> bool:
        """Scored already with these bytes, and its outputs are all there."""
        entry = self.files.get(name)
        return (
            entry is not None
            and entry.sha256 == digest
            and all((self.path.parent / output).is_file() for output in entry.outputs)
        )

    def record(self, name: str, digest: str, outputs: Sequence[Path]) -> None:
        """Remember ``name`` scored with these bytes into ``outputs``, and keep that on disk."""
        relative = [target.relative_to(self.path.parent).as_posix() for target in outputs]
        self.files[name] = Scored(digest, relative)
        document = {
            "schema": STATE_SCHEMA,
            "settings": self.settings,
            "files": {key: attrs.asdict(entry) for key, entry in sorted(self.files.items())},
        }
        write_bytes(self.path, json.dumps(document, indent=1).encode("utf-8"), make_folders=True)


def fingerprint(config: Config) -> str:
    """What the outputs depend on besides the input's bytes."""
    described = [attrs.asdict(settings) for settings in config.outputs]
    text = json.dumps([__version__, described], sort_keys=True, default=repr)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


# -- the logic -------------------------------------------------------------------


@attrs.define
class _Pending:
    since: float  # when the file was last seen to change
    signature: tuple[int, int] | None = None  # (size, mtime in ns)


class Watcher:
    """Scores each results file of ``config.folder`` once it has settled.

    Single-threaded: the file system's reports are handed in by whoever
    receives them, and :meth:`step` is called with the time given by
    ``clock`` (seconds, any origin)."""

    def __init__(
        self, config: Config, log: Log, *, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.config = config
        self.log = log
        self.clock = clock
        self.state = State.load(config.state_path, fingerprint(config))
        self.pending: dict[Path, _Pending] = {}
        self.refused: dict[Path, str] = {}  # a file that failed: the hash of those bytes
        self.figures: dict[str, EventFigures] = {}  # the season's nights, by name
        self.season_due = False
        self.gone: set[str] = set()  # deleted, and said so
        self._season_said: frozenset[str] = frozenset()
        self._out_dir = batch.resolved(config.out_dir)
        self._ours = {batch.resolved(path) for path in self._own_files()}

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
        if not relative.parts or not results_name(relative.name):
            return False
        if len(relative.parts) > 1 and not self.config.recursive:
            return False
        if any(part.startswith(".") for part in relative.parts[:-1]):
            return False  # as batch: no hidden folders
        found = batch.resolved(path)
        return found not in self._ours and self._out_dir not in found.parents

    def noticed(self, path: Path) -> None:
        """``path`` was created, changed or renamed into place: score it once
        it has settled."""
        if self.wanted(path):
            self.pending[path] = _Pending(self.clock())
            self.gone.discard(self._name(path))

    def removed(self, path: Path) -> None:
        """``path`` was deleted or renamed away: its outputs stay, said once."""
        self.pending.pop(path, None)
        self.refused.pop(path, None)
        if not self.wanted(path):
            return
        name = self._name(path)
        if name in self.state.files and name not in self.gone:
            # Kept in the state: saved back with the same bytes, it is not
            # scored again (its outputs are still there).
            self.gone.add(name)
            self.log.event(f"{path}: {GONE}")

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
            return sorted(path for path in folder.iterdir() if path.is_file())
        return []

    # -- scoring what has settled ------------------------------------------------

    def step(self) -> float | None:
        """Score every pending file that has settled (and the season, if one
        was scored); the seconds until the next may have, or None."""
        now = self.clock()
        settled = [path for path in list(self.pending) if self._settled(path, now)]
        for path in settled:
            self._score(path)
        if self.season_due:
            self._write_season()
        waits = [p.since + self.config.settle - now for p in self.pending.values()]
        return max(0.0, min(waits)) if waits else None

    def _settled(self, path: Path, now: float) -> bool:
        """Whether ``path`` has kept its size and time for ``settle`` seconds;
        one that is gone is forgotten."""
        pending = self.pending[path]
        try:
            status = path.stat()
        except FileNotFoundError:
            del self.pending[path]
            return False
        except OSError:
            status = None  # not readable now: looked at again later
        if status is not None and not stat.S_ISREG(status.st_mode):
            del self.pending[path]  # a folder named x.xml; a pipe would wait for ever (as batch)
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
        except FileNotFoundError:
            return
        except PbnscoreError as exc:  # too large
            self._refuse(path, "", batch.describe(exc, str(path)))
            return
        except OSError:
            # Locked by the program still writing it (Windows): once more later.
            self.pending[path] = _Pending(self.clock())
            return
        digest = hashlib.sha256(data).hexdigest()
        name = self._name(path)
        if self.state.unchanged(name, digest):
            if self.config.season is not None and name not in self.figures:
                self._remember_figures(path, data)  # a restart: the night is in the season
            return
        if self.refused.get(path) == digest:
            return  # said already; tried again when it changes
        self._convert(path, name, data, digest)

    def _convert(self, path: Path, name: str, data: bytes, digest: str) -> None:
        warnings: list[str] = []
        source = str(path)
        try:
            scored = self._scored(data, source, warnings)
            documents = [batch.render(scored, settings) for settings in self.config.outputs]
            targets = self.targets(path)
            for document, target in zip(documents, targets, strict=True):
                write_bytes(target, document, make_folders=True)
            self.state.record(name, digest, targets)
        except Exception as exc:  # a bug must cost one file, not the watch
            self._refuse(path, digest, batch.failure(exc, source))
            return
        self.refused.pop(path, None)
        for line in batch.warning_lines(warnings, source):
            self.log.warning(line)
        shown = ", ".join(str(target) for target in targets)
        self.log.event(f"{path}: {summary(scored)} → {shown}")
        if self.config.season is not None:
            from pbnscore.season import figures

            self.figures[name] = figures(scored)
            self.season_due = True

    def _scored(self, data: bytes, source: str, warnings: list[str]) -> ScoredEvent:
        first = self.config.outputs[0]
        event = batch.read_event(data, source, first, warnings.append)
        return batch.score_event(event, first, warnings.append)

    def _refuse(self, path: Path, digest: str, line: str) -> None:
        self.refused[path] = digest
        self.log.problem(f"{line} {WAITING}")

    def _remember_figures(self, path: Path, data: bytes) -> None:
        from pbnscore.season import figures

        try:
            scored = self._scored(data, str(path), [])
        except Exception:  # scored before, so not expected: left out of the season
            return
        self.figures[self._name(path)] = figures(scored)
        page = self.config.season
        self.season_due = self.season_due or (page is not None and not page.path.exists())

    def targets(self, path: Path) -> list[Path]:
        """The outputs of ``path``, one per format, named as ``batch`` names
        them when given the folder's files (its own planning, so that the
        names follow it)."""
        inputs = [str(p) for p in self._files() if self.wanted(p)]
        if self.config.recursive:
            inputs = [str(self.config.folder)]
        key = os.path.normcase(os.path.abspath(path))
        found = []
        for settings in self.config.outputs:
            jobs = batch.plan(inputs, self.config.out_dir, settings.to)
            job = next(j for j in jobs if os.path.normcase(os.path.abspath(j.source)) == key)
            found.append(job.target)
        return found

    # -- the season ----------------------------------------------------------------

    def _write_season(self) -> None:
        self.season_due = False
        page = self.config.season
        if page is None or not self.figures:
            return
        nights = [self.figures[name] for name in sorted(self.figures)]
        try:
            document, lines = page.render(nights)
            if document is not None:
                write_bytes(page.path, document, make_folders=True)
        except Exception as exc:  # a bug must cost the page, not the watch
            self.log.problem(batch.failure(exc, str(page.path)))
            return
        # Each rewrite finds the same warnings again: said once, while they last.
        for line in lines:
            if line not in self._season_said:
                self.log.warning(line)
        self._season_said = frozenset(lines)
        if document is not None:
            self.log.event(f"season: {counted(len(nights), 'night')} → {page.path}")


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
            self.watcher.log.warning(f"{folder}: no file events ({exc.strerror}): polling")
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
        watcher = Watcher(attrs.evolve(config, settle=0.0), log, clock=clock)
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
        watcher.log.event(f"watching {folder} ({where}) → {watcher.config.out_dir}")
    else:
        watcher.log.problem(f"{folder}: no such folder; waiting for it")
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
            watcher.log.problem(f"{folder}: gone; waiting for it to come back")
        if observing.start():
            watcher.log.event(f"{folder}: back; watching it again")
