"""Signals and dying processes: SIGTERM and SIGHUP are handled as Ctrl-C is
(no ``.part`` file left, exit 128 + the signal), and batch workers whose
parent was killed (SIGKILL, as the OOM killer does) stop and exit rather
than score on and wait for ever."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import strategies as build
from pbnscore import _atomic, usebio
from pbnscore.cli import main

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
NIGHT = FIXTURES / "usebio" / "flat-butler-old-style.xml"
SIGNALS = [signal.SIGTERM, *([signal.SIGHUP] if hasattr(signal, "SIGHUP") else [])]

posix_only = pytest.mark.skipif(os.name != "posix", reason="signals sent with os.kill")


def _signalled_at_rename(monkeypatch: pytest.MonkeyPatch, signum: int) -> None:
    """The signal arrives while the output is written: as the finished
    temporary file is about to be renamed into place."""
    rename = os.replace

    def replace(source: str, target: str) -> None:
        os.kill(os.getpid(), signum)
        time.sleep(1)  # the handler runs here
        rename(source, target)

    monkeypatch.setattr(_atomic.os, "replace", replace)


@posix_only
@pytest.mark.parametrize("signum", SIGNALS, ids=lambda s: signal.Signals(s).name)
@pytest.mark.parametrize("command", ["score", "batch"])
def test_a_signal_during_a_write_leaves_no_part_file(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    signum: int,
    command: str,
) -> None:
    """SIGTERM or SIGHUP while the output is written: the temporary file is
    removed, nothing is written, exit 143 or 129, one line on stderr."""
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
    name = signal.Signals(signum).name
    assert capsys.readouterr().err == f"pbnscore: stopped by {name}\n"
    assert list(out.iterdir()) == []
    assert signal.getsignal(signum) is signal.SIG_DFL or callable(signal.getsignal(signum))


def _slow_files(folder: Path, count: int) -> None:
    """Teams files whose barking field of 300 different scores takes a
    second or so to score."""
    scores = [(n * n * 37) % 100_003 - 50_000 for n in range(300)]  # few pair sums alike
    event = build.teams_event([[scores[i : i + 4]] for i in range(0, len(scores), 4)])
    document = usebio.dumps(event)
    for n in range(count):
        (folder / f"slow-{n}.xml").write_bytes(document)


def _children(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (Linux: from /proc)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(entry.name))
    return found


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def _batch(tmp_path: Path, files: int) -> tuple[subprocess.Popen[bytes], list[int], Path]:
    """A real batch of slow files on two workers, once both are working."""
    inputs, out = tmp_path / "in", tmp_path / "out"
    inputs.mkdir()
    _slow_files(inputs, files)
    argv = [sys.executable, "-m", "pbnscore", "batch", str(inputs), "--out-dir", str(out)]
    argv += ["-m", "barking", "-j", "2", "--no-progress"]
    parent = subprocess.Popen(argv, stderr=subprocess.PIPE, start_new_session=True)
    deadline = time.monotonic() + 60
    workers: list[int] = []
    while len(workers) < 2 and time.monotonic() < deadline:
        time.sleep(0.2)
        workers = _children(parent.pid)
    assert len(workers) >= 2, "the workers never started"
    time.sleep(1.5)  # both busy with a file
    assert parent.poll() is None, "the batch ended before the test could stop it"
    return parent, workers, out


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_workers_exit_when_their_parent_is_killed(tmp_path: Path) -> None:
    """kill -9 of the batch parent: both workers notice within seconds and
    exit, leaving no temporary file (they went on scoring every file, then
    waited for ever holding their memory)."""
    parent, workers, out = _batch(tmp_path, files=12)
    os.kill(parent.pid, signal.SIGKILL)
    parent.wait()
    deadline = time.monotonic() + 20
    while any(map(_alive, workers)) and time.monotonic() < deadline:
        time.sleep(0.2)
    still = [pid for pid in workers if _alive(pid)]
    for pid in still:
        os.kill(pid, signal.SIGKILL)
    assert still == []
    assert not [path.name for path in out.rglob("*.part")]
    assert len(list(out.rglob("*.xml"))) < 12  # they stopped, not finished the batch


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_sigterm_to_a_batch_finishes_the_files_being_written_and_exits_143(
    tmp_path: Path,
) -> None:
    """SIGTERM to the batch parent: the files in hand are finished, no more
    are started, no temporary file stays, exit 143 with one line."""
    parent, workers, out = _batch(tmp_path, files=12)
    os.kill(parent.pid, signal.SIGTERM)
    _, err = parent.communicate(timeout=60)
    assert parent.returncode == 143
    assert err.decode().splitlines() == ["pbnscore: stopped by SIGTERM"]
    assert not [path.name for path in out.rglob("*.part")]
    assert len(list(out.rglob("*.xml"))) < 12
    assert not any(map(_alive, workers))
