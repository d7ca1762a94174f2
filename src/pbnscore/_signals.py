"""Termination by signal, and batch workers whose parent is gone.

SIGTERM (``kill``, a service manager) and SIGHUP (the terminal closed)
unwind as Ctrl-C does: the exception unwinds, so that a file being written
is removed rather than left as ``.part`` (a batch's Ctrl-C, below, lets a
file being written finish instead), and the command exits 128 + the
signal's number (143, 129). Windows has no SIGHUP, and there SIGTERM only
comes from a C library's raise(): the handler is installed where the signal
exists.

A batch worker watches its parent: killed with SIGKILL (what the OOM killer
sends) the parent can clean nothing up, and its workers went on scoring and
then waited for ever for work. A worker notices the parent is gone through
multiprocessing's parent sentinel (a pipe that closes when the parent dies:
POSIX and Windows alike) and, on POSIX, a change of ``os.getppid()`` (the
worker is handed to init or a subreaper); it then stops as if terminated,
removing the file it was writing, and exits. Linux's prctl(PR_SET_PDEATHSIG)
is not needed for this and is not used.

Ctrl-C in a batch stops it at once, leaving nothing half-written. A file
being read or scored is abandoned (it has written nothing yet); a file being
written is finished, as a write takes milliseconds and a rename cannot be
half done; no more files are started. The parent tells its workers through
a shared event (a terminal's Ctrl-C reaches them too, a ``kill -INT`` of
the parent alone does not) and reports the counts as :class:`Interrupted`.

SIGTERM or SIGHUP to a batch's parent lets its workers finish the files in
hand and start no more: a second shared event, which a worker looks at
before each file. Cancelling the pool's futures is not enough, as the pool
hands a worker its next file before it asks (one was written after the
signal). The counts go with :class:`Terminated`.
"""

from __future__ import annotations

import _thread
import contextlib
import os
import sys
import time
from collections.abc import Iterator
from types import FrameType
from typing import TYPE_CHECKING

from pbnscore.errors import counted

if TYPE_CHECKING:
    import signal
    from multiprocessing.synchronize import Event
else:
    # signal's C module: the same functions and numbers, without the
    # enumerations signal.py builds as it is imported (with threading,
    # which only a thread's start needs here: a thirtieth of ``score``'s
    # start-up, docs/internals/speed.md).
    import _signal as signal

# SIGHUP is POSIX only.
SIGNALS = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name))
POLL_SECONDS = 0.5  # how often a worker looks for its parent
GRACE_SECONDS = 5.0  # a worker told to stop that has not, is ended


class Terminated(BaseException):
    """Raised where SIGTERM or SIGHUP arrived. A BaseException, as
    KeyboardInterrupt is: ``except Exception`` (a file's failure) must not
    catch it."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum
        self.progress: Interrupted | None = None  # a batch's counts, once it stopped

    @property
    def status(self) -> int:
        """The exit status a shell gives a process the signal ended."""
        return 128 + self.signum

    @property
    def name(self) -> str:
        import signal as named

        return named.Signals(self.signum).name


class Interrupted(KeyboardInterrupt):
    """Ctrl-C stopped a batch: how many of its files were written (or
    failed) by then, abandoned while being read or scored, not started."""

    def __init__(self, written: int, failed: int, stopped: int, not_started: int) -> None:
        super().__init__(written, failed, stopped, not_started)
        self.written, self.failed = written, failed
        self.stopped, self.not_started = stopped, not_started
        self.verb = "written"

    def __str__(self) -> str:
        return f"interrupted: {self.counts()}"

    def counts(self) -> str:
        """``12 files written, 2 stopped before anything was written, 186 not started``."""
        parts = [f"{counted(self.written, 'file')} {self.verb}"]
        if self.failed:
            parts.append(f"{self.failed} failed")
        if self.stopped:
            parts.append(f"{self.stopped} stopped before anything was written")
        parts.append(f"{self.not_started} not started")
        return ", ".join(parts)


def _in_main_thread() -> bool:
    """Whether this runs in the main thread (only it can set handlers).
    Whatever starts a thread imports threading (serve, watch, a program
    calling main() from one): where it is not imported, this is the main
    thread."""
    threading = sys.modules.get("threading")
    return threading is None or bool(threading.current_thread() is threading.main_thread())


def _raise(signum: int, frame: FrameType | None) -> None:
    if _worker.active and not _worker.busy:
        os._exit(128 + signum)  # an idle worker has nothing to clean up
    raise Terminated(signum)


@contextlib.contextmanager
def handled() -> Iterator[None]:
    """SIGTERM and SIGHUP raise :class:`Terminated` while inside; the
    handlers before are put back after. Only the main thread can set
    handlers: elsewhere (main() called from a thread) nothing changes."""
    if not _in_main_thread():
        yield
        return
    before = {signum: signal.signal(signum, _raise) for signum in SIGNALS}
    try:
        yield
    finally:
        for signum, handler in before.items():
            signal.signal(signum, handler)


class _Worker:
    """What a batch worker process (or a batch run without workers) knows
    of itself."""

    active = False  # this process is a batch worker
    busy = False  # scoring or writing a file
    orphaned = False  # its parent is gone
    stopping = False  # Ctrl-C: start no more files
    no_more: Event | None = None  # set by the parent on SIGTERM: start no more files
    interruptible = False  # reading or scoring a file: Ctrl-C abandons it


_worker = _Worker()


def _interrupt(signum: int, frame: FrameType | None) -> None:
    """Ctrl-C in a batch: no more files; the one read or scored now is
    abandoned, the one written now is finished."""
    _worker.stopping = True
    if _worker.interruptible:
        raise KeyboardInterrupt


def stopping() -> bool:
    """Whether Ctrl-C, or SIGTERM to the batch, asked this process to start
    no more files."""
    return _worker.stopping or (_worker.no_more is not None and _worker.no_more.is_set())


def _catch_ctrl_c() -> None:
    # Where SIGINT is ignored (a background job, nohup) it stays ignored.
    if signal.getsignal(signal.SIGINT) is signal.default_int_handler:
        signal.signal(signal.SIGINT, _interrupt)


@contextlib.contextmanager
def stoppable() -> Iterator[None]:
    """Around a batch run in this process (no workers): Ctrl-C as a worker
    takes it. Only the main thread can set handlers: elsewhere Ctrl-C
    stays a KeyboardInterrupt wherever it lands."""
    if not _in_main_thread():
        yield
        return
    before = signal.getsignal(signal.SIGINT)
    _worker.stopping = False
    _catch_ctrl_c()
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, before)
        _worker.stopping = False


@contextlib.contextmanager
def ctrl_c_put_back() -> Iterator[None]:
    """Around a batch's pool of workers: the Ctrl-C handler before, put
    back once the pool is gone (:func:`ignore_ctrl_c` may change it)."""
    before = signal.getsignal(signal.SIGINT)
    try:
        yield
    finally:
        changed = before is not None and signal.getsignal(signal.SIGINT) is not before
        if changed and _in_main_thread():
            signal.signal(signal.SIGINT, before)


def ignore_ctrl_c() -> None:
    """A batch's parent, once it stops: a further Ctrl-C (a terminal's,
    pressed again, reaches the parent too) is ignored until the pool is
    gone. Raised while the parent waited for its workers, or as the
    interpreter's exit joined the pool's thread, it printed a traceback
    after the counts, or ended the batch by SIGINT instead of exit 130.
    SIG_IGN exists for SIGINT everywhere (Windows too); only the main
    thread can set handlers."""
    if not _in_main_thread():
        return
    while True:
        try:
            signal.signal(signal.SIGINT, signal.SIG_IGN)
            return
        except KeyboardInterrupt:  # one pending, run as the handler changed
            continue  # the same request to stop


# Where signals can be held (POSIX): a held signal waits, pending, until let go.
_CAN_HOLD = hasattr(signal, "pthread_sigmask")


@contextlib.contextmanager
def ctrl_c_held() -> Iterator[None]:
    """Around starting batch workers: a process inherits its parent's held
    signals, so a worker starts with Ctrl-C held and lets it go once it can
    take it (:func:`start_worker`). Without this a Ctrl-C while a worker
    imports (spawn, the start method of macOS and Windows, takes a second
    or more there) printed its traceback and broke the pool. The parent's
    own Ctrl-C comes when let go. Windows cannot hold signals
    (docs/reference/bad-input.md "Ctrl-C on macOS and Windows")."""
    if not _CAN_HOLD:
        yield
        return
    before = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


def start_worker(stop: Event | None = None, no_more: Event | None = None) -> None:
    """A batch worker's initializer: handle the signals, watch the parent
    and the parent's ``stop`` (set on Ctrl-C); look at ``no_more`` (set on
    SIGTERM) before each file."""
    import multiprocessing

    _worker.active = True
    _worker.no_more = no_more
    for signum in SIGNALS:
        signal.signal(signum, _raise)
    _catch_ctrl_c()
    if _CAN_HOLD:  # held by the parent as it started this worker
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    import threading

    parent = multiprocessing.parent_process()
    sentinel = parent.sentinel if parent is not None else None
    watcher = threading.Thread(
        target=_watch_parent, args=(os.getppid(), sentinel), name="parent-watcher", daemon=True
    )
    watcher.start()
    if stop is not None:
        threading.Thread(target=_watch_stop, args=(stop,), name="stop-watcher", daemon=True).start()


def _watch_stop(stop: Event) -> None:
    stop.wait()
    _worker.stopping = True
    # Into the main thread, which may be in the middle of a file.
    if os.name == "posix":
        os.kill(os.getpid(), signal.SIGINT)
    else:
        _thread.interrupt_main()


@contextlib.contextmanager
def task() -> Iterator[None]:
    """Around one file's work: a stop request then unwinds it (the file
    being written is removed); an orphan then exits, as nobody is left to
    hear about the file. Ctrl-C abandons it until :func:`finishing`."""
    _worker.busy = True
    try:
        _worker.interruptible = True
        if _worker.stopping:  # Ctrl-C came as the file was handed over
            raise KeyboardInterrupt
        yield
    except (Terminated, KeyboardInterrupt) as exc:
        if _worker.orphaned:
            os._exit(1)
        if _worker.active and isinstance(exc, Terminated):
            # The file in hand is cleaned up by now. Raised on, the pool's
            # worker loop would take it for the task's failure and start the
            # next file queued for it: a pool that broke (another worker was
            # killed) terminates its workers, and one wrote a file nobody
            # counted 1.7 s later.
            os._exit(exc.status)
        raise
    finally:
        _worker.interruptible = False
        _worker.busy = False


def finishing() -> None:
    """Called as a task starts writing its output: from here Ctrl-C waits
    for the task (a write takes milliseconds), so that a file counted as
    not written is not on disk and one counted as written is whole.
    SIGTERM still removes a file being written, as before."""
    _worker.interruptible = False


def _watch_parent(first_parent: int, sentinel: int | None) -> None:
    from multiprocessing.connection import wait

    while True:
        if sentinel is not None:
            if wait([sentinel], timeout=POLL_SECONDS):
                break
        else:
            time.sleep(POLL_SECONDS)
        if os.name == "posix" and os.getppid() != first_parent:
            break
    _worker.orphaned = True
    if not _worker.busy:
        os._exit(1)
    if os.name == "posix":
        os.kill(os.getpid(), signal.SIGTERM)  # interrupts a blocking call, too
    else:
        _thread.interrupt_main()
    time.sleep(GRACE_SECONDS)
    os._exit(1)
