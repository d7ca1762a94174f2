"""Hostile and broken input through the command line: one clear line, exit 1,
no output file, bounded time and memory; nothing read that was not given;
no file damaged.

Every case runs ``main(["score", INPUT, "-o", OUTPUT])`` in-process (capsys,
tmp_path) and asserts the exit status, the whole of stderr (one line,
``file:line: message``) and that OUTPUT does not exist. A few run through a
real ``python -m pbnscore`` to show that no traceback reaches stderr, and
under an address-space limit for the large documents.
"""

from __future__ import annotations

import os
import stat
import tempfile
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from pbnscore.cli import main

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
BUTLER_XML = FIXTURES / "usebio" / "flat-butler-old-style.xml"
MITCHELL_PBN = FIXTURES / "pbn" / "mitchell-pairs.pbn"

# -- output safety: never over the input, never half a file ------------------------


def _score(*argv: str) -> int:
    return main(["score", *argv])


@pytest.fixture
def night(tmp_path: Path) -> Path:
    """A good input file in a folder of its own."""
    path = tmp_path / "in" / "night.xml"
    path.parent.mkdir()
    path.write_bytes(BUTLER_XML.read_bytes())
    return path


def _listing(folder: Path) -> list[str]:
    return sorted(path.name for path in folder.iterdir())


@pytest.mark.parametrize("link", ["symlink", "hardlink", "same-path"])
def test_output_that_is_the_input_is_usage(
    capsys: pytest.CaptureFixture[str], night: Path, link: str
) -> None:
    """-o naming the input itself, a hard link to it or a symbolic link to it:
    exit 2, one line, the input unchanged."""
    before = night.read_bytes()
    output = night.parent / "out.xml"
    if link == "symlink":
        output.symlink_to(night)
    elif link == "hardlink":
        os.link(night, output)
    else:
        output = night
    assert _score(str(night), "-o", str(output)) == 2
    assert capsys.readouterr().err == f"{output}: would overwrite the input {night}\n"
    assert night.read_bytes() == before


def test_output_through_a_symlink_writes_the_file_it_names(
    capsys: pytest.CaptureFixture[str], night: Path, tmp_path: Path
) -> None:
    """-o a symbolic link: the file it points to gets the output, the link stays."""
    real = tmp_path / "real.json"
    real.write_text("earlier")
    link = tmp_path / "link.json"
    link.symlink_to(real)
    assert _score(str(night), "-o", str(link)) == 0, capsys.readouterr().err
    assert link.is_symlink()
    assert real.read_text().startswith("{")


def test_output_to_a_named_pipe_is_written_into_not_replaced(
    capsys: pytest.CaptureFixture[str], night: Path, tmp_path: Path
) -> None:
    """-o a FIFO (as /dev/stdout or /dev/null): written into; it is still a FIFO.
    (Renaming a temporary file over it would, run as root, replace /dev/null.)"""
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    received: list[bytes] = []
    reader = threading.Thread(target=lambda: received.append(fifo.read_bytes()))
    reader.start()
    try:
        assert _score(str(night), "-o", str(fifo), "--to", "json") == 0
    finally:
        if reader.is_alive():  # the writer never opened it: unblock the reader
            with open(fifo, "wb"):
                pass
        reader.join(5)
    assert stat.S_ISFIFO(fifo.lstat().st_mode)
    assert received[0].startswith(b"{")
    assert capsys.readouterr().err == ""


@pytest.mark.skipif(os.geteuid() != 0, reason="making a device node needs root")
def test_output_to_a_full_device_is_one_line_and_leaves_the_device(
    capsys: pytest.CaptureFixture[str], night: Path, tmp_path: Path
) -> None:
    """-o a device that is full (a private /dev/full): exit 1, one line, the
    node still a device. (Before the fix, the rename replaced it with a plain
    file: root running ``-o /dev/full`` lost the machine's /dev/full.)"""
    full = tmp_path / "full"
    os.mknod(full, stat.S_IFCHR | 0o666, os.makedev(1, 7))
    assert _score(str(night), "-o", str(full)) == 1
    assert capsys.readouterr().err == f"pbnscore: {full}: No space left on device\n"
    assert stat.S_ISCHR(full.lstat().st_mode)
    assert _listing(tmp_path) == ["full", "in"]


def _full_disk(monkeypatch: pytest.MonkeyPatch) -> None:
    """Temporary files whose writes fail as on a full disk: the descriptor is
    /dev/full's (a real ENOSPC from the kernel), the name a real file."""
    real_mkstemp = tempfile.mkstemp

    def mkstemp(*args: object, **kwargs: object) -> tuple[int, str]:
        handle, name = real_mkstemp(*args, **kwargs)  # type: ignore[call-overload]
        os.close(handle)
        return os.open("/dev/full", os.O_WRONLY), name

    monkeypatch.setattr(tempfile, "mkstemp", mkstemp)


def _read_only(monkeypatch: pytest.MonkeyPatch, folder: Path) -> None:
    """``folder`` read-only: for real where permissions bind, else (root) by
    refusing to create files in it as the kernel would."""
    folder.chmod(0o555)
    if os.geteuid() != 0:
        return
    real_mkstemp = tempfile.mkstemp

    def mkstemp(*args: object, **kwargs: object) -> tuple[int, str]:
        if Path(str(kwargs.get("dir"))) == folder:
            raise PermissionError(13, "Permission denied")
        return real_mkstemp(*args, **kwargs)  # type: ignore[call-overload, no-any-return]

    monkeypatch.setattr(tempfile, "mkstemp", mkstemp)


@pytest.fixture(
    params=[
        pytest.param(
            "full-disk",
            marks=pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full"),
        ),
        "read-only",
    ]
)
def fail_writes(
    request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch
) -> Iterator[Callable[[Path], str]]:
    """A function that makes writes into a folder fail from then on (a full
    disk, or a read-only folder) and returns the message they fail with."""
    folders: list[Path] = []

    def fail(folder: Path) -> str:
        folders.append(folder)
        if request.param == "full-disk":
            _full_disk(monkeypatch)
            return "No space left on device"
        _read_only(monkeypatch, folder)
        return "Permission denied"

    yield fail
    for folder in folders:
        folder.chmod(0o755)


def test_failed_write_keeps_the_earlier_output_and_no_temporary_file(
    capsys: pytest.CaptureFixture[str],
    night: Path,
    tmp_path: Path,
    fail_writes: Callable[[Path], str],
) -> None:
    """score -o: a write that fails leaves the earlier output byte for byte
    and nothing else in its folder."""
    out_dir = tmp_path / "out"
    out_dir.mkdir()
    output = out_dir / "night.json"
    output.write_text("earlier")
    message = fail_writes(out_dir)
    assert _score(str(night), "-o", str(output)) == 1
    assert capsys.readouterr().err == f"pbnscore: {output}: {message}\n"
    assert output.read_text() == "earlier"
    assert _listing(out_dir) == ["night.json"]


def test_batch_failed_writes_keep_earlier_outputs_and_no_temporary_file(
    capsys: pytest.CaptureFixture[str],
    night: Path,
    tmp_path: Path,
    fail_writes: Callable[[Path], str],
) -> None:
    """batch: every write failing leaves each earlier output as it was, no
    temporary file, one line per file and exit 1."""
    (night.parent / "other.pbn").write_bytes(MITCHELL_PBN.read_bytes())
    out_dir = tmp_path / "out"
    argv = ["batch", str(night.parent), "--out-dir", str(out_dir), "-j", "1", "--no-progress"]
    assert main(argv) == 0
    capsys.readouterr()
    earlier = {name: (out_dir / name).read_bytes() for name in _listing(out_dir)}
    assert sorted(earlier) == ["night.xml.xml", "other.pbn.xml"]
    for name in earlier:
        (out_dir / name).write_bytes(b"earlier " + name.encode())
    message = fail_writes(out_dir)
    assert main(argv) == 1
    lines = capsys.readouterr().err.splitlines()
    assert lines[:2] == [
        f"{night}: {message}",
        f"{night.parent / 'other.pbn'}: {message}",
    ]
    assert lines[2].startswith("pbnscore: 2 files, 0 results, 2 failed")
    assert _listing(out_dir) == sorted(earlier)
    for name in earlier:
        assert (out_dir / name).read_bytes() == b"earlier " + name.encode()


@pytest.mark.parametrize("link", ["symlink", "hardlink"])
def test_batch_output_that_is_an_input_is_usage(
    capsys: pytest.CaptureFixture[str], night: Path, tmp_path: Path, link: str
) -> None:
    """batch: an output name that is a link to one of the inputs is exit 2
    before any work, the input unchanged."""
    before = night.read_bytes()
    out_dir = tmp_path / "out"
    out_dir.mkdir()
    target = out_dir / "night.xml.xml"
    if link == "symlink":
        target.symlink_to(night)
    else:
        os.link(night, target)
    argv = ["batch", str(night), "--out-dir", str(out_dir), "--no-progress"]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err == f"{night}: its output {target} is one of the inputs\n"
    assert night.read_bytes() == before
