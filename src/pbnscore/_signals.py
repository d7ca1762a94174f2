"""Termination by signal, and batch workers whose parent is gone.

SIGTERM (``kill``, a service manager) and SIGHUP (the terminal closed) are
handled as Ctrl-C is: the exception unwinds, so that a file being written
is removed rather than left as ``.part``, and the command exits 128 + the
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
"""

from __future__ import annotations

import _thread
import contextlib
import os
import signal
import threading
import time
from collections.abc import Iterator
from types import FrameType

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

    @property
    def status(self) -> int:
        """The exit status a shell gives a process the signal ended."""
        return 128 + self.signum

    @property
    def name(self) -> str:
        return signal.Signals(self.signum).name


def _raise(signum: int, frame: FrameType | None) -> None:
    if _worker.active and not _worker.busy:
        os._exit(128 + signum)  # an idle worker has nothing to clean up
    raise Terminated(signum)


@contextlib.contextmanager
def handled() -> Iterator[None]:
    """SIGTERM and SIGHUP raise :class:`Terminated` while inside; the
    handlers before are put back after. Only the main thread can set
    handlers: elsewhere (main() called from a thread) nothing changes."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    before = {signum: signal.signal(signum, _raise) for signum in SIGNALS}
    try:
        yield
    finally:
        for signum, handler in before.items():
            signal.signal(signum, handler)


class _Worker:
    """What a batch worker process knows of itself."""

    active = False  # this process is a batch worker
    busy = False  # scoring or writing a file
    orphaned = False  # its parent is gone


_worker = _Worker()


def start_worker() -> None:
    """A batch worker's initializer: handle the signals, watch the parent."""
    import multiprocessing

    _worker.active = True
    for signum in SIGNALS:
        signal.signal(signum, _raise)
    parent = multiprocessing.parent_process()
    sentinel = parent.sentinel if parent is not None else None
    watcher = threading.Thread(
        target=_watch_parent, args=(os.getppid(), sentinel), name="parent-watcher", daemon=True
    )
    watcher.start()


@contextlib.contextmanager
def task() -> Iterator[None]:
    """Around one file's work in a worker: a stop request then unwinds it
    (the file being written is removed); an orphan then exits, as nobody
    is left to hear about the file."""
    _worker.busy = True
    try:
        yield
    except (Terminated, KeyboardInterrupt):
        if _worker.orphaned:
            os._exit(1)
        raise
    finally:
        _worker.busy = False


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
