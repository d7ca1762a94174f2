"""Signals and dying processes: SIGTERM and SIGHUP are handled as Ctrl-C is
(no ``.part`` file left, exit 128 + the signal), and batch workers whose
parent was killed (SIGKILL, as the OOM killer does) stop and exit rather
than score on and wait for ever.

The tests hold whatever the shell handed pytest: each signal a test sends
is at its default disposition where it lands (``nohup`` starts pytest with
SIGHUP ignored, a background job with SIGINT ignored, and a child inherits
both). They wait for a process's reaction with a generous deadline (a busy
machine may take many times as long) and check what it did, not how soon."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

import model_events as build
from pbnscore import _atomic, usebio
from pbnscore.cli import main

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
NIGHT = FIXTURES / "usebio" / "flat-butler-old-style.xml"
SIGNALS = [signal.SIGTERM, *([signal.SIGHUP] if hasattr(signal, "SIGHUP") else [])]
SENT = [signal.SIGINT, *SIGNALS]  # every signal these tests send but SIGKILL
WAIT = 60  # seconds a process may take to react before the test gives up on it

posix_only = pytest.mark.skipif(os.name != "posix", reason="signals sent with os.kill")


def _default_signals() -> None:
    """In a child, before it runs: the signals the tests send at their default
    disposition and not held, whatever pytest inherited from its shell."""
    for signum in SENT:
        signal.signal(signum, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, SENT)


def _start(argv: list[str]) -> subprocess.Popen[bytes]:
    """``argv`` in a session of its own (a Ctrl-C to its group reaches it
    alone), its stderr piped, no terminal for its other streams (under nohup
    there is none), the signals it will get at their defaults."""
    return subprocess.Popen(
        argv,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        start_new_session=True,
        preexec_fn=_default_signals,
    )


@pytest.fixture
def default_disposition(signum: int) -> Iterator[None]:
    """This process's ``signum`` at its default while a test sends it to
    itself (under nohup SIGHUP is ignored), put back after."""
    before = signal.signal(signum, signal.SIG_DFL)
    try:
        yield
    finally:
        signal.signal(signum, before)


def _signalled_at_rename(monkeypatch: pytest.MonkeyPatch, signum: int) -> None:
    """The signal arrives while the output is written: as the finished
    temporary file is about to be renamed into place."""
    rename = os.replace

    def replace(source: str, target: str) -> None:
        os.kill(os.getpid(), signum)
        time.sleep(1)  # the handler runs here
        rename(source, target)

    monkeypatch.setattr(_atomic.os, "replace", replace)  # type: ignore[attr-defined]


@posix_only
@pytest.mark.parametrize("signum", SIGNALS, ids=lambda s: signal.Signals(s).name)
@pytest.mark.parametrize("command", ["score", "batch"])
@pytest.mark.usefixtures("default_disposition")
def test_a_signal_during_a_write_leaves_no_part_file(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    signum: int,
    command: str,
) -> None:
    """SIGTERM or SIGHUP while the output is written: the temporary file is
    removed, nothing is written, exit 143 or 129, one line on stderr (a
    batch's with its counts)."""
    source = tmp_path / "night.xml"
    source.write_bytes(NIGHT.read_bytes())
    out = tmp_path / "out"
    out.mkdir()
    _signalled_at_rename(monkeypatch, signum)
    if command == "score":
        status = main(["score", str(source), "-o", str(out / "night.json")])
    else:
        status = main(["batch", str(source), "--out-dir", str(out), "--no-progress", "-j", "1"])
    assert status == 128 + signum
    line = f"pbnscore: stopped by {signal.Signals(signum).name}"
    if command == "batch":
        line += ": 0 files written, 1 stopped before anything was written, 0 not started"
    assert capsys.readouterr().err == f"{line}\n"
    assert list(out.iterdir()) == []
    assert signal.getsignal(signum) is signal.SIG_DFL  # the handler before, put back


def _slow_files(folder: Path, count: int, boards: int = 1, field_size: int = 300) -> None:
    """Teams files whose barking fields of 300 different scores take a
    second or so a board to score (of 200, a third of a second)."""
    scores = [
        [((n + 7919 * b) ** 2 * 37) % 100_003 - 50_000 for n in range(field_size)]  # few sums alike
        for b in range(boards)
    ]
    event = build.teams_event(
        [[board[i : i + 4] for board in scores] for i in range(0, field_size, 4)]
    )
    document = usebio.dumps(event)
    for n in range(count):
        (folder / f"slow-{n}.xml").write_bytes(document)


def _workers_of(pid: int) -> list[int]:
    """The batch ``pid``'s worker processes (Linux: from /proc): its
    descendants that have no children of their own, but for
    multiprocessing's resource tracker. With forkserver (Linux's default
    from Python 3.14) the workers are the forkserver's children, not the
    batch's."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            parents[int(entry.name)] = int(stat.rsplit(")", 1)[1].split()[1])
    descendants, frontier = set(), {pid}
    while frontier:
        frontier = {child for child, parent in parents.items() if parent in frontier}
        descendants |= frontier
    has_children = set(parents.values())
    return sorted(
        child
        for child in descendants
        if child not in has_children and b"resource_tracker" not in _command_line(child)
    )


def _spawned_workers_of(pid: int) -> list[int]:
    """The batch ``pid``'s spawned workers: those running spawn's entry. A
    child forked a moment ago still shows its parent's command line until
    it runs its own (the resource tracker, before it is one), and a Ctrl-C
    then came before the pool existed."""
    return [child for child in _workers_of(pid) if b"spawn_main" in _command_line(child)]


def _command_line(pid: int) -> bytes:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return b""


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def _cpu_seconds(pid: int) -> float:
    """The CPU time ``pid`` has used (Linux: from /proc); 0 once it is gone."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # utime + stime


# CPU seconds a worker spends on a slow file before the test stops the batch:
# well into it (reading the file takes milliseconds), whatever the load.
INTO_A_FILE = 0.1


def _batch(
    tmp_path: Path, files: int, not_xml: int = 0, field_size: int = 300
) -> tuple[subprocess.Popen[bytes], list[int], Path]:
    """A real batch of slow files on two workers, once both are working;
    with ``not_xml`` files after them (in name order) that fail at once."""
    inputs, out = tmp_path / "in", tmp_path / "out"
    inputs.mkdir()
    # With files that fail at once the slow one must outlast the test's wait;
    # else two boards: a file of one, scored faster than it was, ended in the
    # moment between a test's reading of the CPU and its signal.
    _slow_files(inputs, files, boards=4 if not_xml else 2, field_size=field_size)
    for n in range(not_xml):
        (inputs / f"word-{n}.xml").write_bytes(b"PK\x03\x04 a Word document")
    argv = [sys.executable, "-m", "pbnscore", "batch", str(inputs), "--out-dir", str(out)]
    argv += ["-m", "barking", "-j", "2", "--no-progress"]
    parent = _start(argv)
    deadline = time.monotonic() + WAIT
    workers: list[int] = []
    while len(workers) < 2 and time.monotonic() < deadline:
        time.sleep(0.2)
        workers = _workers_of(parent.pid)
    assert len(workers) >= 2, "the workers never started"
    # Both busy with a file: CPU time spent, not time on the clock, which a
    # busy machine stretches. With files that fail at once, one worker goes
    # idle after them and the slow one alone runs the count up, by when the
    # other (scheduled alike) has long finished its quick failures.
    busy = 2 * INTO_A_FILE
    while sum(map(_cpu_seconds, workers)) < busy and time.monotonic() < deadline:
        time.sleep(0.05)
    if not_xml:
        _until_one_is_idle(workers, deadline)
    _still_running(parent)
    spent = sum(map(_cpu_seconds, workers))
    assert spent >= busy, f"the workers used {spent:.2f} s of CPU in {WAIT} s, not {busy} s"
    return parent, workers, out


def _until_one_is_idle(workers: list[int], deadline: float, still: float = 1.0) -> None:
    """Until some worker has used no CPU for ``still`` seconds: the one that
    took the quick failures has run out of files. CPU time alone did not
    tell (a parent slow to hand out the last failures, on a machine busy
    with other tests, left two of them not started)."""
    seen = [_cpu_seconds(pid) for pid in workers]
    since = [time.monotonic()] * len(workers)
    while time.monotonic() < deadline:
        time.sleep(0.05)
        now = time.monotonic()
        for at, pid in enumerate(workers):
            spent = _cpu_seconds(pid)
            if spent != seen[at]:
                seen[at], since[at] = spent, now
        if any(now - began >= still for began in since):
            return


def _said(lines: list[str]) -> str:
    """A failed assertion's message: the process's whole stderr, unabridged."""
    return "its stderr:\n" + "\n".join(lines)


def _still_running(parent: subprocess.Popen[bytes]) -> None:
    """Fails, showing what the batch said, if it has ended already."""
    if parent.poll() is not None:
        _, err = parent.communicate()
        pytest.fail(
            f"the batch ended (status {parent.returncode}) before the test could stop it; "
            + _said(err.decode(errors="replace").splitlines())
        )


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_workers_exit_when_their_parent_is_killed(tmp_path: Path) -> None:
    """kill -9 of the batch parent: both workers notice and exit, leaving no
    temporary file (they went on scoring every file, then waited for ever
    holding their memory)."""
    parent, workers, out = _batch(tmp_path, files=12)
    os.kill(parent.pid, signal.SIGKILL)
    parent.wait()
    deadline = time.monotonic() + WAIT
    while any(map(_alive, workers)) and time.monotonic() < deadline:
        time.sleep(0.2)
    still = [pid for pid in workers if _alive(pid)]
    for pid in still:
        os.kill(pid, signal.SIGKILL)
    assert still == []
    assert not [path.name for path in out.rglob("*.part")]
    assert len(list(out.rglob("*.xml"))) < 12  # they stopped, not finished the batch


# CPU seconds each worker has used before the test sends SIGTERM: past the
# start-up (a worker started by forkserver or spawn imports pbnscore, a
# fifth of a second) and into its first file (of a second or so), far from
# its end, so that the files in hand are one a worker.
INTO_A_LONG_FILE = 0.4


def _each_into_a_file(parent: subprocess.Popen[bytes], workers: list[int]) -> None:
    """Wait until each worker of :func:`_batch` (files of a second or so) is
    well into its first file."""
    deadline = time.monotonic() + WAIT
    while min(map(_cpu_seconds, workers)) < INTO_A_LONG_FILE and time.monotonic() < deadline:
        time.sleep(0.05)
    _still_running(parent)
    least = min(map(_cpu_seconds, workers))
    assert least >= INTO_A_LONG_FILE, (
        f"a worker used {least:.2f} s of CPU in {WAIT} s, not {INTO_A_LONG_FILE} s"
    )


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_sigterm_to_a_batch_finishes_the_files_in_hand_and_starts_no_more(
    tmp_path: Path,
) -> None:
    """SIGTERM to the batch parent while each worker is into its first
    file: those two are finished, no more are started (the pool started the
    files it had queued: 3 to 5 outputs), no temporary file stays, exit 143
    with one line saying so."""
    parent, workers, out = _batch(tmp_path, files=12)
    _each_into_a_file(parent, workers)
    os.kill(parent.pid, signal.SIGTERM)
    _, err = parent.communicate(timeout=WAIT)
    lines = err.decode().splitlines()
    assert sorted(path.name for path in out.iterdir()) == ["slow-0.xml", "slow-1.xml"], _said(lines)
    assert lines == ["pbnscore: stopped by SIGTERM: 2 files written, 10 not started"], _said(lines)
    assert parent.returncode == 143, _said(lines)
    assert not any(map(_alive, workers))


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_sigterm_to_a_batch_s_process_group_is_one_line(tmp_path: Path) -> None:
    """SIGTERM to the batch's process group (a service manager stopping
    it): each worker has it too and drops its file (docs/reference/bad-input.md "Stopped,
    not broken"), nothing more is started, and the batch says so in one line
    (a future cancelled under the pool these workers broke printed an
    InvalidStateError traceback from the pool's thread)."""
    parent, workers, out = _batch(tmp_path, files=12)
    _each_into_a_file(parent, workers)
    os.killpg(parent.pid, signal.SIGTERM)
    _, err = parent.communicate(timeout=WAIT)
    lines = err.decode().splitlines()
    assert lines == [
        "pbnscore: stopped by SIGTERM: 0 files written, "
        "2 stopped before anything was written, 10 not started"
    ], _said(lines)  # not 3 or 12 stopped: the files the broken pool failed unbegun
    assert parent.returncode == 143, _said(lines)
    assert not out.exists() or list(out.rglob("*")) == [], _said(lines)
    assert not any(map(_alive, workers))


# -- Ctrl-C in a batch ---------------------------------------------------------------

INTERRUPTED_RE = re.compile(
    r"pbnscore: interrupted: (\d+) files? written"
    r"(?:, (\d+) stopped before anything was written)?, (\d+) not started"
)


def _interrupted_batch(
    tmp_path: Path, inputs: Path, jobs: str, *, after: int, group: bool
) -> tuple[subprocess.Popen[bytes], list[str]]:
    """Start a real batch, send SIGINT once ``after`` outputs are written (to
    the batch alone, or to its process group as a terminal's Ctrl-C does):
    the batch, once it has exited, and its stderr lines."""
    out = tmp_path / "out"
    argv = [sys.executable, "-m", "pbnscore", "batch", str(inputs), "--out-dir", str(out)]
    argv += ["-j", jobs, "--no-progress", "-q"]
    batch = _start(argv)
    deadline = time.monotonic() + WAIT
    while len(list(out.glob("*.xml"))) < after and time.monotonic() < deadline:
        _still_running(batch)
        time.sleep(0.01)
    if group:
        os.killpg(batch.pid, signal.SIGINT)
    else:
        batch.send_signal(signal.SIGINT)
    _, err = batch.communicate(timeout=WAIT)
    return batch, err.decode().splitlines()


def _counts(lines: list[str]) -> tuple[int, int, int]:
    """(written, stopped, not started) from the batch's one line."""
    assert len(lines) == 1, _said(lines)
    found = INTERRUPTED_RE.fullmatch(lines[0])
    assert found, _said(lines)
    written, stopped, not_started = found.groups()
    return int(written), int(stopped or 0), int(not_started)


@posix_only
@pytest.mark.parametrize("group", [False, True], ids=["kill-INT", "terminal"])
@pytest.mark.parametrize("jobs", ["1", "2"])
def test_ctrl_c_stops_a_batch_and_says_how_far_it_got(
    tmp_path: Path, jobs: str, group: bool
) -> None:
    """SIGINT to a batch of 200 files once some are written: exit 130 with
    files not started, one line whose counts add up and match the outputs on
    disk, no temporary file left. (It used to say a bare `interrupted`, and a
    terminal's Ctrl-C to two workers hung the batch: still there at 600 s.)"""
    inputs = tmp_path / "in"
    inputs.mkdir()
    night = (FIXTURES / "usebio" / "club-night.xml").read_bytes()
    for n in range(200):
        (inputs / f"night-{n:03}.xml").write_bytes(night)
    batch, lines = _interrupted_batch(tmp_path, inputs, jobs, after=5, group=group)
    assert batch.returncode == 130, _said(lines)
    written, stopped, never_begun = _counts(lines)
    out = tmp_path / "out"
    assert sorted(path.name for path in out.iterdir()) == sorted(
        path.name for path in out.glob("night-*.xml")
    ), _said(lines)  # nothing hidden, no .part
    assert len(list(out.iterdir())) == written >= 5, _said(lines)
    assert written + stopped + never_begun == 200, _said(lines)
    assert never_begun > 0, _said(lines)


@posix_only
def test_ctrl_c_pressed_again_and_again_is_still_one_line(tmp_path: Path) -> None:
    """A terminal's Ctrl-C to a batch on two workers, then again every 20 ms
    until it has exited: one line with its counts and exit 130. A second one
    as the parent waited for its pool at exit printed a KeyboardInterrupt
    traceback from concurrent.futures' _python_exit after the counts, or
    (later, in the interpreter's teardown) ended it by SIGINT."""
    inputs, out = tmp_path / "in", tmp_path / "out"
    inputs.mkdir()
    night = (FIXTURES / "usebio" / "club-night.xml").read_bytes()
    for n in range(200):
        (inputs / f"night-{n:03}.xml").write_bytes(night)
    argv = [sys.executable, "-m", "pbnscore", "batch", str(inputs), "--out-dir", str(out)]
    batch = _start([*argv, "-j", "2", "--no-progress", "-q"])
    deadline = time.monotonic() + WAIT
    while len(list(out.glob("*.xml"))) < 5 and time.monotonic() < deadline:
        _still_running(batch)
        time.sleep(0.01)
    pressed = 0
    while batch.poll() is None and time.monotonic() < deadline + WAIT:
        os.killpg(batch.pid, signal.SIGINT)  # reaped only by poll(): the group is there
        pressed += 1
        time.sleep(0.02)
    _, err = batch.communicate(timeout=WAIT)
    lines = err.decode().splitlines()
    assert pressed >= 2, _said(lines)  # else nothing here was tested
    assert batch.returncode == 130, _said(lines)
    written, stopped, not_started = _counts(lines)
    assert written + stopped + not_started == 200, _said(lines)
    assert len(list(out.glob("*.xml"))) == written, _said(lines)


@posix_only
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_ctrl_c_abandons_the_files_being_scored(tmp_path: Path) -> None:
    """SIGINT while both workers are into a slow file: they drop it
    (nothing written for it, counted as stopped) rather than finish it, no
    other file is started, and no worker outlives the batch."""
    parent, workers, out = _batch(tmp_path, files=12)
    _each_into_a_file(parent, workers)
    parent.send_signal(signal.SIGINT)
    _, err = parent.communicate(timeout=WAIT)
    lines = err.decode().splitlines()
    assert parent.returncode == 130, _said(lines)
    assert _counts(lines) == (0, 2, 10), _said(lines)
    assert list(out.rglob("*")) == [], _said(lines)  # no output, no .part
    assert not any(map(_alive, workers))


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_a_killed_worker_ends_the_batch_with_one_line_and_its_counts(tmp_path: Path) -> None:
    """kill -9 of one worker (what the OOM killer does): the batch stops with
    one line saying what happened and how far it got, exit 1, no temporary
    file; not `internal error: BrokenProcessPool` and exit 3, as a bug."""
    parent, workers, out = _batch(tmp_path, files=12)
    os.kill(workers[0], signal.SIGKILL)
    _, err = parent.communicate(timeout=WAIT)
    lines = err.decode().splitlines()
    assert parent.returncode == 1, _said(lines)
    assert len(lines) == 1, _said(lines)
    found = re.fullmatch(
        r"pbnscore: a worker process was killed \(out of memory, or ended from outside\): "
        r"(\d+) files? written, (\d+) not done",
        lines[0],
    )
    assert found, _said(lines)
    written, not_done = map(int, found.groups())
    assert written + not_done == 12, _said(lines)
    # A file finished in the milliseconds before the pool noticed may be on
    # disk uncounted (bad-input.md "A worker killed from outside").
    assert written <= len(list(out.rglob("*.xml"))) <= written + 1, _said(lines)
    assert not [path.name for path in out.rglob("*.part")]
    assert not any(map(_alive, workers))


NOT_XML_RE = re.compile(r".*word-\d\.xml:1: not an XML document.*")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
@pytest.mark.parametrize("how", ["ctrl-c", "worker-killed"])
def test_files_that_failed_while_the_parent_waited_are_said_when_the_batch_stops(
    tmp_path: Path, how: str
) -> None:
    """One slow file, then four that fail at once on the other worker: the
    parent, waiting for the slow one in order, had not reported them when
    the batch stopped. They were counted as failed, and their lines never
    printed; now each is said, then the counts."""
    parent, workers, out = _batch(tmp_path, files=1, not_xml=4)
    if how == "ctrl-c":
        parent.send_signal(signal.SIGINT)
    else:
        os.kill(workers[0], signal.SIGKILL)
    _, err = parent.communicate(timeout=WAIT)
    lines = err.decode().splitlines()
    failures = [line for line in lines if NOT_XML_RE.fullmatch(line)]
    assert len(failures) == 4, _said(lines)
    assert lines[: len(failures)] == failures  # before the count, in file order
    assert sorted(failures) == failures
    if how == "ctrl-c":
        assert parent.returncode == 130, _said(lines)
        assert lines[4:] == [
            "pbnscore: interrupted: 0 files written, 4 failed, "
            "1 stopped before anything was written, 0 not started"
        ], _said(lines)
    else:
        assert parent.returncode == 1, _said(lines)
        assert lines[4:] == [
            "pbnscore: a worker process was killed (out of memory, or ended from "
            "outside): 0 files written, 4 failed, 1 not done"
        ], _said(lines)
    assert list(out.rglob("*")) == [], _said(lines)


SPAWNED_BATCH = """
import multiprocessing, sys
from pbnscore.cli import main
multiprocessing.set_start_method("spawn")  # macOS's and Windows's start method
sys.exit(main(sys.argv[1:]))
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
@pytest.mark.parametrize("delay", [0.0, 0.1, 0.2])
def test_ctrl_c_while_spawned_workers_start_is_one_line(tmp_path: Path, delay: float) -> None:
    """A terminal's Ctrl-C while spawned workers are still importing: they
    printed their KeyboardInterrupt tracebacks and broke the pool; now they
    start with Ctrl-C held and take it once they can."""
    inputs, out = tmp_path / "in", tmp_path / "out"
    inputs.mkdir()
    night = (FIXTURES / "usebio" / "club-night.xml").read_bytes()
    for n in range(40):
        (inputs / f"night-{n:02}.xml").write_bytes(night)
    argv = [sys.executable, "-c", SPAWNED_BATCH, "batch", str(inputs), "--out-dir", str(out)]
    batch = _start([*argv, "-j", "2", "--no-progress", "-q"])
    deadline = time.monotonic() + WAIT
    while not _spawned_workers_of(batch.pid) and time.monotonic() < deadline:
        time.sleep(0.01)
    time.sleep(delay)  # ``delay`` into the first worker's start-up
    os.killpg(batch.pid, signal.SIGINT)
    _, err = batch.communicate(timeout=WAIT)
    lines = err.decode().splitlines()
    if batch.returncode == 0:  # finished before the signal: nothing to see
        pytest.skip("the batch ended before Ctrl-C")
    assert batch.returncode == 130, _said(lines)
    assert len(lines) == 1, _said(lines)
    written, stopped, not_started = _counts(lines)
    assert written + stopped + not_started == 40, _said(lines)
    assert len(list(out.glob("*.xml"))) == written if out.exists() else written == 0, _said(lines)
