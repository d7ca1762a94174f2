"""Scoring many files in parallel worker processes, each output written
atomically; each file takes the one road (:mod:`pbnscore.pipeline`).

A batch is planned before any work starts (every input found, every output
named, clashes refused) so that a usage mistake costs nothing. Each worker
takes one input path and returns a small :class:`Done`; events never travel
between processes. Every output depends on its input alone, so a second run
writes the same bytes whatever the order the workers finish in.
"""

from __future__ import annotations

import errno
import os
import stat
import sys
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager, suppress
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, BinaryIO, TextIO, TypeVar

from pbnscore import _bounded_read, _signals, outputs, pipeline
from pbnscore._atomic import file_on_the_way, folder_error, write_bytes
from pbnscore._records import attrs
from pbnscore.errors import ScoringError, UsageError, WorkerDied, counted, shown

# What other modules and plug-ins take from here, now the one road's
# (pbnscore.pipeline): kept under their old names.
from pbnscore.pipeline import MAX_WARNINGS as MAX_WARNINGS
from pbnscore.pipeline import Settings as Settings
from pbnscore.pipeline import describe as describe
from pbnscore.pipeline import failure as failure
from pbnscore.pipeline import shown_name as shown_name
from pbnscore.pipeline import warning_lines as warning_lines
from pbnscore.ranges import Range

if TYPE_CHECKING:
    from concurrent.futures import Future, ProcessPoolExecutor
    from multiprocessing.synchronize import Event as StopEvent

INPUT_SUFFIXES = frozenset({".pbn", ".xml", ".bws"})


# The one limit is _bounded_read's; kept here for its readers.
MAX_INPUT_BYTES = _bounded_read.MAX_INPUT_BYTES


def read_limited(stream: BinaryIO, source: str) -> bytes:
    """All of ``stream``; a ParseError past the input limit, having read no
    more than that (:func:`pbnscore._bounded_read.read_limited`)."""
    return _bounded_read.read_limited(stream, source)


def convert(
    data: bytes, source: str, settings: Settings, warn: Callable[[str], None] | None = None
) -> tuple[tuple[bytes, ...], int]:
    """One file down the one road (:func:`pbnscore.pipeline.run`): (the bytes
    of each format of ``settings.to``, in order; the results scored). Its
    warnings go to ``warn`` once it is scored, at most MAX_WARNINGS; where
    the method refuses it, they say why."""
    found: list[str] = []
    try:
        done = pipeline.run(data, source, settings, warn=found.append)
    except ScoringError:
        said(found, source, warn)
        raise
    said(found, source, warn)
    return tuple(done.documents.values()), done.results


def said(found: Sequence[str], source: str, warn: Callable[[str], None] | None) -> None:
    """The warnings ``found`` about ``source`` to ``warn`` (:func:`warning_lines`)."""
    if warn is not None:
        for line in warning_lines(found, source):
            warn(line)


# -- planning ----------------------------------------------------------------


@attrs.frozen
class Job:
    """One file of a batch: the input, and the output of each format it is
    written in (``target`` the first format's, ``more`` the others', in order)."""

    source: Path
    target: Path
    more: tuple[Path, ...] = ()

    @property
    def targets(self) -> tuple[Path, ...]:
        """Every output of the input, one per format, in the order asked."""
        return (self.target, *self.more)


def plan(
    inputs: Iterable[str],
    out_dir: Path,
    to: str | Sequence[str],
    said: Callable[[str], None] | None = None,
) -> list[Job]:
    """One job per input file found, in a stable order, with an output per
    format of ``to``; raises :class:`UsageError` for a missing input or two
    jobs with one output. Each output is named by :func:`output_names`;
    ``said`` hears of names kept whole."""
    formats = tuple(dict.fromkeys((to,) if isinstance(to, str) else to))
    _check_out_dir(out_dir)
    found = list(find(inputs, out_dir))
    # Every format's names follow one rule, so a clash is said once.
    named = [
        output_names(found, out_dir, outputs.FORMATS[name].extension, said if index == 0 else None)
        for index, name in enumerate(formats)
    ]
    jobs = [
        Job(first.source, first.target, tuple(other.target for other in others))
        for first, *others in zip(*named, strict=True)
    ]
    return _distinct(jobs)


def output_names(
    found: Sequence[tuple[Path, Path]],
    out_dir: Path,
    extension: str,
    said: Callable[[str], None] | None = None,
) -> list[Job]:
    """Each input's job: its name below ``out_dir`` with the format's
    extension in place of its own (``night.xml`` -> ``night.json``). Inputs
    that would share a name (``night.xml`` and ``night.pbn``) keep their full
    names (``night.xml.json``, ``night.pbn.json``), the same every run, and
    ``said`` hears it once; so does an input whose output would be itself."""
    short = [out_dir / relative.parent / f"{relative.stem}.{extension}" for _, relative in found]
    groups: dict[str, list[int]] = {}
    for index, target in enumerate(short):
        groups.setdefault(_key(target), []).append(index)
    shared = [
        indexes
        for indexes in groups.values()
        if len({resolved(found[index][0]) for index in indexes}) > 1
    ]
    whole = {index for indexes in shared for index in indexes}
    inputs = {resolved(source) for source, _ in found}
    jobs = [
        Job(
            source,
            out_dir / relative.parent / f"{relative.name}.{extension}"
            if index in whole or _unlinked(short[index]) in inputs
            else short[index],
        )
        for index, (source, relative) in enumerate(found)
    ]
    for indexes in shared:
        sources = " and ".join(dict.fromkeys(shown(str(found[index][0])) for index in indexes))
        kept = ", ".join(dict.fromkeys(shown(jobs[index].target.name) for index in indexes))
        if said is not None:
            said(
                f"{sources} would be written to one file, {shown(str(short[indexes[0]]))}: "
                f"each keeps its full name ({kept})"
            )
    return jobs


def _unlinked(target: Path) -> Path:
    """``target`` with its folder resolved but not itself: an output in the
    input's own folder is the input; a link there to an input is refused
    later (:func:`_distinct`), not renamed around."""
    return resolved(target.parent) / target.name


def _key(target: Path) -> str:
    """A name as the file system compares it (Windows: any case)."""
    return os.path.normcase(os.path.abspath(target))


def _check_out_dir(out_dir: Path) -> None:
    """A usage error, before any work, for an out-dir that is there but is
    no folder, or a link that leads nowhere (a loop): every file would fail."""
    try:
        status = out_dir.stat()
    except (FileNotFoundError, NotADirectoryError) as exc:
        if file_on_the_way(out_dir) is not None:  # Windows: FileNotFoundError
            why = str(folder_error(out_dir, exc).strerror)
            raise UsageError(why, source=str(out_dir)) from None
        if os.path.lexists(out_dir):
            raise UsageError("is a link to nothing", source=str(out_dir)) from None
        return  # made when the first output is written
    except PermissionError:
        # A folder above it cannot be searched: each file's write fails, said
        # of the folder to fix, once (as for a folder that cannot be written)
        return
    except OSError as exc:
        raise UsageError(exc.strerror or str(exc), source=str(out_dir)) from None
    if not stat.S_ISDIR(status.st_mode):
        raise UsageError("is not a folder", source=str(out_dir))


def find(inputs: Iterable[str], out_dir: Path | None = None) -> Iterator[tuple[Path, Path]]:
    """(file, where it is below the folder named, or just its name) for
    every input file named or found in a named folder (not in ``out_dir``);
    a :class:`UsageError` for an input that does not exist. A path that
    cannot be looked at (a folder on its way that cannot be searched) or a
    folder that cannot be listed is found too, so that reading it fails as
    that file's one line (:func:`failure`): said, never skipped."""
    for name in inputs:
        path = Path(name)
        try:
            folder = stat.S_ISDIR(path.stat().st_mode)
        except OSError as exc:
            if exc.errno in _NOT_THERE:  # a link to nothing, or looping, too
                raise UsageError("no such file or folder", source=name) from None
            folder = False  # not to be looked at (EACCES): read, and said
        if folder:
            yield from ((found, _below(found, path)) for found in _scan(path, out_dir))
        else:
            # A file named, whatever it is: a pipe (`batch <(unzip -p ...)`) or a
            # device is read as score reads it, with the size cap; only a folder
            # is walked, and a walk takes regular files only (see _scan).
            yield path, Path(path.name)


# What Path.exists() takes for "not there" (pathlib's _IGNORED_ERRNOS).
_NOT_THERE = frozenset({errno.ENOENT, errno.ENOTDIR, errno.EBADF, errno.ELOOP})


def _below(found: Path, root: Path) -> Path:
    """Where ``found`` is below ``root``; the root itself (a folder named
    that cannot be listed) by its name."""
    return Path(root.name) if found == root else found.relative_to(root)


def _scan(root: Path, out_dir: Path | None) -> Iterator[Path]:
    """PBN and USEBIO files below ``root``, sorted; not following links to
    folders (no cycles), skipping hidden names and the output folder (so a
    second run does not score the first run's outputs), and skipping what
    is not a regular file (a named pipe would wait for a writer for ever).
    A link that cannot be followed (a loop, a dangling link) is kept, to be
    reported as the file that failed; so is a folder that cannot be listed
    (os.walk would pass over it in silence)."""
    skip = resolved(out_dir) if out_dir is not None else None
    unlisted: list[OSError] = []
    for folder, subfolders, files in os.walk(root, onerror=unlisted.append):
        yield from _unlisted(unlisted, root)
        subfolders[:] = sorted(
            name
            for name in subfolders
            if not name.startswith(".") and resolved(Path(folder, name)) != skip
        )
        for name in sorted(files):
            path = Path(folder, name)
            if name.startswith(".") or path.suffix.lower() not in INPUT_SUFFIXES:
                continue
            try:
                regular = stat.S_ISREG(path.stat().st_mode)
            except OSError:
                regular = True  # read, and reported, like any file that fails
            if regular:
                yield path
    yield from _unlisted(unlisted, root)


def _unlisted(errors: list[OSError], root: Path) -> Iterator[Path]:
    """The folders in ``errors`` that os.walk could not list, once each."""
    while errors:
        name = errors.pop(0).filename
        yield root if name is None else Path(os.fsdecode(name))


def resolved(path: Path) -> Path:
    """The absolute path with links followed as far as they go: unlike
    Path.resolve() (RuntimeError on a link loop in Python 3.11), never raises."""
    return Path(os.path.realpath(path))


def _distinct(jobs: list[Job]) -> list[Job]:
    """Drop a file given twice; refuse two inputs with one output, and an
    output that would overwrite an input."""
    kept: dict[str, Job] = {}
    by_target: dict[str, Job] = {}
    for job in jobs:
        for target in job.targets:
            key = os.path.normcase(os.path.abspath(target))
            seen = by_target.setdefault(key, job)
            if seen is not job and not os.path.samefile(seen.source, job.source):
                both = f"{shown(str(seen.source))} and {shown(str(job.source))}"
                raise UsageError(f"{both} would both be written to {shown(str(target))}")
        kept.setdefault(os.path.normcase(os.path.abspath(job.target)), job)
    sources = {resolved(job.source) for job in kept.values()}
    files = {_file_id(job.source) for job in kept.values()} - {None}
    for job in kept.values():
        for target in job.targets:
            if resolved(target) in sources or _file_id(target) in files:
                message = f"its output {target} is one of the inputs"
                raise UsageError(message, source=str(job.source))
    return list(kept.values())


def _file_id(path: Path) -> tuple[int, int] | None:
    """(device, inode), the same for every name of a file: a hard link too."""
    try:
        status = path.stat()
    except OSError:
        return None
    return status.st_dev, status.st_ino


# -- running -------------------------------------------------------------------


@attrs.frozen
class Done:
    """What a worker sends back about one file."""

    source: str
    results: int = 0
    error: str | None = None
    warnings: tuple[str, ...] = ()


def run_one(settings: Settings, job: Job) -> Done:
    """Score one file and write its output; every failure becomes ``Done.error``
    so that one bad file never stops the others."""
    source = str(job.source)
    warnings: list[str] = []
    try:
        with open(job.source, "rb") as stream:
            data = read_limited(stream, source)
        documents, results = convert(data, source, settings, warnings.append)
        _signals.finishing()
        # Made here, not while planning: a folder whose files all fail stays unmade.
        for target, document in zip(job.targets, documents, strict=True):
            write_bytes(target, document, make_folders=True)
    except Exception as exc:  # a bug must cost one file, not the whole batch
        # warnings there are only from a refusal: its reasons (convert)
        return Done(source, error=failure(exc, source), warnings=tuple(warnings))
    return Done(source, results, warnings=tuple(warnings))


AnyDone = TypeVar("AnyDone", bound=Done)


@attrs.frozen
class Summary:
    """What a batch did: files, results scored, failures (each one's line) and time
    taken."""

    files: int
    results: int
    failures: int
    seconds: float
    failed: tuple[str, ...] = ()  # each failed file's one line, in job order

    def __str__(self) -> str:
        files, results = counted(self.files, "file"), counted(self.results, "result")
        return f"{files}, {results}, {self.failures} failed, {self.seconds:.2f} s"

    def lines(self) -> list[str]:
        """The counts, then each failed file with its reason: what a scorer
        acts on, at the end where it is seen."""
        return [f"pbnscore: {self}", *(f"  {line}" for line in self.failed)]


# -j: worker processes (docs/reference/bad-input.md "Numbers you give"); far
# past any machine's cores.
JOBS = Range(1, 1024)


def default_jobs() -> int:
    """The cores this process may use (fewer than the machine's in a container)."""
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return os.cpu_count() or 1


def run(
    jobs: Sequence[Job],
    settings: Settings,
    *,
    workers: int | None = None,
    progress: bool = False,
    stderr: TextIO | None = None,
    quiet: bool = False,
) -> Summary:
    """Score every job, reporting each failure as one line on ``stderr``
    (and each file's warnings, unless ``quiet``)."""
    err = stderr if stderr is not None else sys.stderr
    started = time.perf_counter()
    results = failures = 0
    failed: dict[str, None] = {}  # a folder that cannot be written fails each file alike
    with (
        outcomes(jobs, partial(run_one, settings), workers or default_jobs()) as done_jobs,
        reporter(len(jobs), progress, err, quiet) as report,
    ):
        for done in done_jobs:
            results += done.results
            if done.error is not None:
                failures += 1
                failed[done.error] = None
            report(done)
    return Summary(len(jobs), results, failures, time.perf_counter() - started, tuple(failed))


@contextmanager
def outcomes(
    jobs: Sequence[Job], task: Callable[[Job], AnyDone], workers: int
) -> Iterator[Iterator[AnyDone]]:
    """``task`` of each job, in job order, in ``workers`` processes (a
    module-level function, or a partial of one: it is pickled). Ctrl-C
    raises :class:`pbnscore._signals.Interrupted` with the counts, once no
    file is being written any more; SIGTERM and SIGHUP raise
    :class:`pbnscore._signals.Terminated` with them (its ``progress``),
    once the workers have finished the files in hand."""
    workers = min(workers, len(jobs))
    guarded = partial(_unless_stopping, task)
    if workers <= 1:
        with _signals.stoppable():
            yield from _in_this_process(jobs, guarded)
        return
    with _signals.ctrl_c_put_back():
        yield from _in_workers(jobs, guarded, workers)


def _unless_stopping(task: Callable[[Job], AnyDone], job: Job) -> AnyDone | None:
    """``task(job)``, or None (not started) once Ctrl-C or SIGTERM has come."""
    if _signals.stopping():
        return None
    with _signals.task():
        return task(job)


def _in_this_process(
    jobs: Sequence[Job], guarded: Callable[[Job], AnyDone | None]
) -> Iterator[Iterator[AnyDone]]:
    finished: list[AnyDone] = []
    stopped = 0

    def in_order() -> Iterator[AnyDone]:
        nonlocal stopped
        for job in jobs:
            try:
                done = guarded(job)
            except (KeyboardInterrupt, _signals.Terminated):
                stopped = 1  # abandoned before it wrote anything (a .part is removed)
                raise
            if done is None:
                raise KeyboardInterrupt  # Ctrl-C came between two files
            finished.append(done)
            yield done

    try:
        yield in_order()
    except KeyboardInterrupt:
        not_started = len(jobs) - len(finished) - stopped
        raise _interrupted(finished, stopped, not_started) from None
    except _signals.Terminated as signalled:
        signalled.progress = _interrupted(finished, stopped, len(jobs) - len(finished) - stopped)
        raise


def _in_workers(
    jobs: Sequence[Job], guarded: Callable[[Job], AnyDone | None], workers: int
) -> Iterator[Iterator[AnyDone]]:
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor, wait
    from concurrent.futures.process import BrokenProcessPool

    try:
        context = multiprocessing.get_context()
        stop = context.Event()  # Ctrl-C: drop the files in hand, start no more
        no_more = context.Event()  # SIGTERM: finish the files in hand, start no more
        pool = ProcessPoolExecutor(
            max_workers=workers,
            mp_context=context,
            initializer=_signals.start_worker,
            initargs=(stop, no_more),
        )
    except KeyboardInterrupt:  # no worker exists yet: every file is not started
        raise _interrupted((), 0, len(jobs)) from None
    futures: list[Future[AnyDone | None]] = []
    finished: list[AnyDone] = []
    ended: BaseException | None = None  # the batch's end, once it is known

    def in_order() -> Iterator[AnyDone]:
        nonlocal ended
        try:
            for future in futures[len(finished) :]:
                done = future.result()
                if done is None:
                    raise KeyboardInterrupt  # a worker had Ctrl-C first
                finished.append(done)  # one step: what is seen is counted once
                yield done
            return
        except BrokenProcessPool:  # a worker was killed: the pool is gone
            wait(futures)  # the pool marks every pending one broken
            end: BaseException = _worker_died(futures)
        except KeyboardInterrupt:
            end = _stop_workers(stop, pool, futures, finished, len(jobs), workers)
        except _signals.Terminated as signalled:
            signalled.progress = _stop_workers(no_more, pool, futures, finished, len(jobs), workers)
            end = signalled
        ended = end
        # Files other workers finished but the caller was not yet given are
        # reported as any other: a failure counted is a failure printed.
        yield from _late(futures[len(finished) :])
        raise end

    try:
        # One file at a time: a round trip costs well under a millisecond, a
        # file several, and no worker then idles at the end while another
        # finishes a chunk (chunks of 16 split 200 files 104/96 on two workers).
        # Submitting starts every worker now, before the progress bar's thread
        # exists (forking a process that has threads is unsafe).
        with _signals.ctrl_c_held():  # until a worker can take it
            futures += (pool.submit(guarded, job) for job in jobs)
        yield in_order()
        # The caller done: the workers let go here, where a Ctrl-C as the
        # batch waits for them to exit is counted (in the finally below it
        # was a bare "interrupted", the files written not said).
        pool.shutdown(wait=True, cancel_futures=True)
    except KeyboardInterrupt:  # outside in_order: in the caller, submitting, or letting go
        if ended is not None:
            raise ended from None
        raise _stop_workers(stop, pool, futures, finished, len(jobs), workers) from None
    except _signals.Terminated as signalled:  # in the caller, or submitting
        if signalled.progress is None:  # not counted in in_order
            signalled.progress = _stop_workers(no_more, pool, futures, finished, len(jobs), workers)
        raise
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def _stop_workers(
    stop: StopEvent,
    pool: ProcessPoolExecutor,
    futures: Sequence[Future[AnyDone | None]],
    finished: Sequence[AnyDone],
    total: int,
    workers: int,
) -> _signals.Interrupted:
    """Ctrl-C or SIGTERM: tell the workers (``stop``: the event they are
    told by), have the pool cancel what it has not handed out, wait for the
    rest, and count ``total`` files of ``workers``. A worker looks at the event before each
    file: cancelling is not enough, as the pool hands a worker its next file
    before the worker asks (SIGTERM: one more file was written)."""
    from concurrent.futures import CancelledError

    _signals.ignore_ctrl_c()
    stop.set()
    # Not future.cancel() here: a pool that breaks meanwhile (its workers
    # had SIGTERM too) fails every future it holds, and one cancelled under
    # it raised InvalidStateError in its thread (Python 3.11). Waited for
    # here, not by the interpreter's exit: shutdown(wait=False) forgets the
    # pool's thread, so the final shutdown did not join it, and the exit
    # did, after the counts were said (a Ctrl-C then was a traceback).
    pool.shutdown(wait=True, cancel_futures=True)
    unseen = futures[len(finished) :]
    failed = 0  # abandoned before it wrote anything (Ctrl-C; its worker killed)
    for future in unseen:
        with suppress(CancelledError):
            failed += future.exception() is not None
    # A file in hand is one a worker: a pool that broke (its workers had
    # SIGTERM too) fails every file it holds, begun or not.
    stopped = min(failed, workers)
    done = [*finished, *_late(unseen)]
    return _interrupted(done, stopped, total - len(done) - stopped)


def _late(unseen: Sequence[Future[AnyDone | None]]) -> list[AnyDone]:
    """The files among ``unseen`` (all done) that a worker finished."""
    return [
        done
        for future in unseen
        if not future.cancelled()
        and future.exception() is None
        and (done := future.result()) is not None
    ]


def _worker_died(futures: Sequence[Future[AnyDone | None]]) -> WorkerDied:
    """The counts once the pool broke: a file counts as written if its
    worker finished it (whether or not it was reported yet)."""
    finished = _late(futures)
    failed = sum(done.error is not None for done in finished)
    return WorkerDied(len(finished) - failed, failed, len(futures) - len(finished))


def _interrupted(finished: Sequence[Done], stopped: int, not_started: int) -> _signals.Interrupted:
    failed = sum(done.error is not None for done in finished)
    return _signals.Interrupted(len(finished) - failed, failed, stopped, not_started)


@contextmanager
def reporter(
    total: int, progress: bool, err: TextIO | None, quiet: bool = False
) -> Iterator[Callable[[Done], None]]:
    """A function to call with each outcome: prints failures (and warnings,
    unless ``quiet``) on ``err`` (None: nowhere), moves the bar."""
    said: set[str] = set()
    if not progress:
        yield lambda done: _print_failure(done, err, quiet, said)
        return
    from tqdm import tqdm  # type: ignore[import-untyped]

    with tqdm(total=total, unit="file", file=err, dynamic_ncols=True) as bar:

        def report(done: Done) -> None:
            for line in _lines(done, quiet, said):
                bar.write(line, file=err)
            bar.update()

        yield report


def _print_failure(done: Done, err: TextIO | None, quiet: bool, said: set[str]) -> None:
    if err is None:  # no standard error (pythonw): print() would use stdout
        return
    for line in _lines(done, quiet, said):
        print(line, file=err)


def _lines(done: Done, quiet: bool, said: set[str]) -> tuple[str, ...]:
    """What to tell the user about one file: its warnings, then its failure.
    A failure ``said`` already is not said again: a folder that cannot be
    written fails every file with one line naming the folder."""
    warnings = () if quiet else done.warnings
    if done.error is None or done.error in said:
        return warnings
    said.add(done.error)
    return (*warnings, done.error)
