"""Files and folders that cannot be read, folders that cannot be written, and
names as long as the system allows, through the installed command
(``python -m pbnscore``): one line naming the path, the exit status the
docs give ("Bad input"), never a traceback, never a silent skip.

Mode 000 does not stop root, and these tests may run as root (a container):
there each command runs as the unprivileged user ``nobody`` through
util-linux's ``setpriv``, so that the kernel refuses it as it refuses a
scorer (subprocess's own ``user=`` cannot start an interpreter that lives
under root's 0700 home, as pyenv's does; setpriv changes user as it
starts it). Windows has no mode bits that refuse the owner: the cases are
POSIX only.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
NIGHT = FIXTURES / "usebio" / "flat-butler-old-style.xml"
NOBODY = 65534  # the unprivileged user every POSIX system has

pytestmark = pytest.mark.skipif(
    os.name == "nt", reason="Windows has no mode bits that refuse a file's owner"
)


def _as_root() -> bool:
    return hasattr(os, "geteuid") and os.geteuid() == 0


@pytest.fixture
def place() -> Iterator[Path]:
    """A folder everyone may enter and write in (tmp_path's parents are
    root's alone, 0700), removed with whatever modes its contents were left at."""
    folder = Path(tempfile.mkdtemp(prefix="pbnscore-unreadable-"))
    folder.chmod(0o777)
    yield folder
    for path in [folder, *folder.rglob("*")]:
        if path.is_dir() and not path.is_symlink():
            path.chmod(0o755)
    shutil.rmtree(folder)


SETPRIV = shutil.which("setpriv")
if _as_root() and SETPRIV is None:
    pytestmark = pytest.mark.skip(reason="run as root without setpriv: nothing is unreadable")
elif _as_root() and SETPRIV is not None:
    # An interpreter under root's own folder (pyenv's in /root, 0700) is no
    # program user nobody can start: nothing here can then be tried as a user.
    _tried = subprocess.run(
        [SETPRIV, f"--reuid={NOBODY}", f"--regid={NOBODY}", "--clear-groups",
         sys.executable, "-c", "import pbnscore"],
        capture_output=True, check=False, timeout=60,
    )  # fmt: skip
    if _tried.returncode != 0:
        pytestmark = pytest.mark.skip(
            reason=f"user nobody cannot start {sys.executable} with pbnscore: nothing to try"
        )


def run(*argv: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """``pbnscore ARGV`` as a user whom permissions bind."""
    unprivileged: list[str] = []
    if _as_root() and SETPRIV is not None:
        user = [f"--reuid={NOBODY}", f"--regid={NOBODY}", "--clear-groups"]
        unprivileged = [SETPRIV, *user]
    return subprocess.run(
        [*unprivileged, sys.executable, "-m", "pbnscore", *argv],
        capture_output=True,
        text=True,
        cwd=cwd,
        timeout=120,
    )


def _night(folder: Path, name: str = "night.xml") -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    folder.chmod(0o755)
    path = folder / name
    path.write_bytes(NIGHT.read_bytes())
    path.chmod(0o644)
    return path


def _no_traceback(done: subprocess.CompletedProcess[str]) -> None:
    assert "Traceback" not in done.stderr, done.stderr


# -- an input that cannot be read: exit 1, as any input that could not be read --


@pytest.mark.parametrize(
    "command",
    [["score"], ["check"], ["explain", "--board", "1"]],
    ids=["score", "check", "explain"],
)
def test_an_unreadable_input_is_exit_1_not_usage(place: Path, command: list[str]) -> None:
    """A file at mode 000: one line naming it and why, exit 1 (2 is usage)."""
    night = _night(place / "in")
    night.chmod(0)
    done = run(command[0], str(night), *command[1:])
    _no_traceback(done)
    assert done.returncode == 1, done
    lines = (done.stdout + done.stderr).splitlines()
    assert lines == [f"{night}: Permission denied"]


# -- a name as long as the system allows ------------------------------------------


def test_an_output_name_as_long_as_the_system_allows_is_written(place: Path) -> None:
    """A 251-byte name is legal (the limit is 255): it is written, though
    its temporary name would be longer than the output's by 15 bytes."""
    night = _night(place / "in")
    out = place / "out"
    out.mkdir()
    out.chmod(0o777)
    output = out / ("n" * (251 - len(".json")) + ".json")
    done = run("score", str(night), "-o", str(output))
    _no_traceback(done)
    assert done.returncode == 0, done
    assert output.read_bytes().startswith(b"{")
    assert os.listdir(out) == [output.name]  # no temporary file left


def test_the_temporary_name_of_a_long_multibyte_name_keeps_within_the_limit(
    tmp_path: Path,
) -> None:
    """The limit is in bytes: a name of 125 'é' (250 bytes in UTF-8) is written
    through a temporary name cut on a character, never inside one."""
    from pbnscore._atomic import write_bytes

    output = tmp_path / ("é" * 125)
    write_bytes(output, b"data")
    assert output.read_bytes() == b"data"
    assert os.listdir(tmp_path) == [output.name]


# -- folders that cannot be read are said, not skipped ----------------------------


@pytest.fixture
def locked_inside(place: Path) -> Path:
    """in/ holding a good night and locked/ (mode 000) with a night inside."""
    folder = place / "in"
    _night(folder, "good.xml")
    _night(folder / "locked")
    (folder / "locked").chmod(0)
    return folder


def _refused(command: str, place: Path, name: Path) -> str:
    """``batch NAME --out-dir out`` or ``season NAME -o season.txt``, which
    must exit 1 with no traceback: its standard error."""
    if command == "batch":
        extra = ["--out-dir", str(place / "out"), "--no-progress"]
    else:
        extra = ["--no-progress", "-o", str(place / "season.txt")]
    done = run(command, str(name), *extra)
    _no_traceback(done)
    assert done.returncode == 1, done
    assert "internal error" not in done.stderr
    return done.stderr


@pytest.mark.parametrize("command", ["batch", "season"])
def test_a_folder_that_cannot_be_listed_is_said(
    place: Path, locked_inside: Path, command: str
) -> None:
    """batch in / season in, in/locked at mode 000: its line, exit 1; the
    rest is still done (batch: good.xml written)."""
    said = f"{locked_inside / 'locked'}: cannot read this folder: Permission denied"
    assert said in _refused(command, place, locked_inside)
    if command == "batch":
        assert (place / "out" / "good.xml").exists()


def test_a_recursive_watch_says_a_folder_that_cannot_be_listed(
    place: Path, locked_inside: Path
) -> None:
    """watch --recursive --once over in/, in/locked at mode 000: its line and
    exit 1 (it exited 0 in silence: the folder is no results file by name);
    the good night is still scored."""
    out = place / "out"
    done = run("watch", str(locked_inside), "--recursive", "--once", "--out-dir", str(out))
    _no_traceback(done)
    assert done.returncode == 1, done
    said = f"{locked_inside / 'locked'}: cannot read this folder: Permission denied"
    assert said in done.stderr, done
    assert (out / "good.xml").exists()


@pytest.mark.parametrize("command", ["batch", "season"])
def test_a_folder_named_that_cannot_be_listed_is_one_line(
    place: Path, locked_inside: Path, command: str
) -> None:
    """batch in/locked: not '0 files, 0 results, 0 failed' and exit 0."""
    locked = locked_inside / "locked"
    said = f"{locked}: cannot read this folder: Permission denied"
    assert said in _refused(command, place, locked)


@pytest.mark.parametrize("command", ["batch", "season"])
def test_a_file_in_a_folder_that_cannot_be_searched_is_one_line(place: Path, command: str) -> None:
    """locked/in/b.xml under a mode-000 locked: Path.exists() raises
    PermissionError (it was exit 3, an internal error): one line, exit 1."""
    night = _night(place / "locked" / "in", "b.xml")
    (place / "locked").chmod(0)
    assert f"{night}: Permission denied" in _refused(command, place, night)


def test_watching_a_folder_that_cannot_be_searched_is_one_line(place: Path) -> None:
    """watch locked/in under a mode-000 locked: one line naming the folder,
    exit 1 (it was exit 3: PermissionError from Path.exists())."""
    folder = _night(place / "locked" / "in", "b.xml").parent
    (place / "locked").chmod(0)
    done = run("watch", str(folder), "--out-dir", str(place / "out"), "--once")
    _no_traceback(done)
    assert done.returncode == 1, done
    assert done.stderr.strip().endswith(f"{folder}: Permission denied"), done


# -- a folder that cannot be written, said as the docs say -------------------------


@pytest.mark.parametrize(
    "command",
    [
        ["score", "{night}", "-o", "{locked}/x.json"],
        ["batch", "{night}", "--out-dir", "{locked}/out", "--no-progress"],
        ["season", "{night}", "--report-dir", "{locked}/out", "-o", "{place}/s.txt"],
    ],
    ids=["score-o", "batch-out-dir", "season-report-dir"],
)
def test_an_output_below_a_folder_that_cannot_be_searched_names_the_folder(
    place: Path, command: list[str]
) -> None:
    """-o locked/x.json, --out-dir locked/out (locked at mode 000): 'locked:
    cannot write to this folder: Permission denied', exit 1 (it was
    'locked/x.json: Permission denied', and exit 2 for batch)."""
    night = _night(place / "in")
    locked = place / "locked"
    locked.mkdir()
    locked.chmod(0)
    names = {"night": str(night), "locked": str(locked), "place": str(place)}
    done = run(*(word.format(**names) for word in command))
    _no_traceback(done)
    assert done.returncode == 1, done
    assert f"{locked}: cannot write to this folder: Permission denied" in done.stderr, done
