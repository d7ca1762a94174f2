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

import codecs
import contextlib
import functools
import io
import json
import os
import re
import socket
import stat
import subprocess
import sys
import tempfile
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from cost import assert_cheap, cpu_cost
from in_turn import in_turn
from pbnscore import _atomic, _bounded_read
from pbnscore.cli import main
from pbnscore.errors import one_line

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
BUTLER_XML = FIXTURES / "usebio" / "flat-butler-old-style.xml"
MITCHELL_PBN = FIXTURES / "pbn" / "mitchell-pairs.pbn"
SEASON = FIXTURES / "season" / "club"
# Root writes in read-only folders and makes device nodes (os.geteuid: POSIX only).
_AS_ROOT = hasattr(os, "geteuid") and os.geteuid() == 0

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
    reader = threading.Thread(target=lambda: received.append(fifo.read_bytes()), daemon=True)
    reader.start()
    try:
        assert _score(str(night), "-o", str(fifo), "--to", "json") == 0
    finally:
        # If pbnscore never opened the pipe, open it once to unblock the
        # reader. Non-blocking: the reader may be done and only finishing,
        # and a plain open() with no reader left would wait for ever.
        with contextlib.suppress(OSError):  # ENXIO: no reader left to unblock
            os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
        reader.join(5)
    assert stat.S_ISFIFO(fifo.lstat().st_mode)
    assert received[0].startswith(b"{")
    assert capsys.readouterr().err == ""


@pytest.mark.skipif(not Path("/dev/stdout").exists(), reason="no /dev/stdout (Windows)")
@pytest.mark.parametrize(
    ("command", "starts"),
    [
        (["score", str(BUTLER_XML), "--to", "json"], b"{"),
        (["explain", str(BUTLER_XML), "--board", "1"], b"Board 1"),
        (["season", str(SEASON), "-j", "1", "--to", "json"], b"{"),
        (["season", str(SEASON), "-j", "1"], f"{SEASON.name}\n".encode()),
    ],
)
def test_output_to_dev_stdout_on_a_pipe_is_written_into(command: list[str], starts: bytes) -> None:
    """-o /dev/stdout with stdout a real pipe: /dev/stdout links to
    /proc/self/fd/1, whose realpath ("pipe:[…]") names no file: the pipe
    itself is written, not a temporary file made beside a non-file. (season
    without --to: a name without an extension is text.)"""
    done = subprocess.run(
        [sys.executable, "-m", "pbnscore", *command, "-q", "-o", "/dev/stdout"],
        capture_output=True,  # stdout a pipe, not a file
        timeout=120,
        check=False,
    )
    assert (done.returncode, done.stderr) == (0, b"")
    assert done.stdout.startswith(starts)


@pytest.mark.skipif(not Path("/dev/fd").exists(), reason="no /dev/fd (Windows)")
@pytest.mark.parametrize("by_name", ["/dev/stdout", "/dev/fd/N"])
def test_output_to_a_descriptor_appending_to_a_file_keeps_what_was_there(
    by_name: str, tmp_path: Path
) -> None:
    """`-o /dev/stdout >> log` (or `-o /dev/fd/3 3>> log`): the descriptor the
    shell opened for appending is written to; reopening the name would
    truncate the log, renaming over it would replace it (a new inode)."""
    log = tmp_path / "log"
    log.write_bytes(b"earlier\n")
    inode = log.stat().st_ino
    with open(log, "ab") as stream:
        name = by_name.replace("N", str(stream.fileno()))
        done = subprocess.run(
            [
                sys.executable,
                "-m",
                "pbnscore",
                "score",
                str(BUTLER_XML),
                "--to",
                "json",
                "-o",
                name,
            ],
            stdout=stream if by_name == "/dev/stdout" else subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            pass_fds=(stream.fileno(),),
            timeout=120,
            check=False,
        )
    assert (done.returncode, done.stderr) == (0, b"")
    assert log.read_bytes().startswith(b"earlier\n{\n")
    assert log.stat().st_ino == inode


@pytest.mark.skipif(not _AS_ROOT, reason="making a device node needs root")
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
    real_create = _atomic.create_temporary

    def create(folder: str, prefix: str) -> tuple[int, str]:
        handle, name = real_create(folder, prefix)
        os.close(handle)
        return os.open("/dev/full", os.O_WRONLY), name

    monkeypatch.setattr(_atomic, "create_temporary", create)


def _read_only(monkeypatch: pytest.MonkeyPatch, folder: Path) -> None:
    """``folder`` read-only: for real where permissions bind, else (root) by
    refusing to create files in it as the kernel would."""
    folder.chmod(0o555)
    if not _AS_ROOT:
        return
    real_create = _atomic.create_temporary

    def create(target: str, prefix: str) -> tuple[int, str]:
        if Path(target) == folder:
            raise PermissionError(13, "Permission denied")
        return real_create(target, prefix)

    monkeypatch.setattr(_atomic, "create_temporary", create)


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
    err = capsys.readouterr().err
    assert err == f"pbnscore: {out_dir}: cannot write to this folder: {message}\n"
    assert output.read_text() == "earlier"
    assert _listing(out_dir) == ["night.json"]


def test_batch_failed_writes_keep_earlier_outputs_and_no_temporary_file(
    capsys: pytest.CaptureFixture[str],
    night: Path,
    tmp_path: Path,
    fail_writes: Callable[[Path], str],
) -> None:
    """batch: every write failing leaves each earlier output as it was, no
    temporary file, exit 1, and one line naming the folder (not one per file,
    nor a temporary file's name)."""
    (night.parent / "other.pbn").write_bytes(MITCHELL_PBN.read_bytes())
    out_dir = tmp_path / "out"
    argv = ["batch", str(night.parent), "--out-dir", str(out_dir), "-j", "1", "--no-progress"]
    assert main(argv) == 0
    capsys.readouterr()
    earlier = {name: (out_dir / name).read_bytes() for name in _listing(out_dir)}
    assert sorted(earlier) == ["night.xml", "other.xml"]
    for name in earlier:
        (out_dir / name).write_bytes(b"earlier " + name.encode())
    message = fail_writes(out_dir)
    assert main(argv) == 1
    lines = capsys.readouterr().err.splitlines()
    assert lines[0] == f"{out_dir}: cannot write to this folder: {message}"
    assert lines[1].startswith("pbnscore: 2 files, 0 results, 2 failed")
    assert lines[2:] == [f"  {lines[0]}"]  # the folder's line once, after the counts
    assert _listing(out_dir) == sorted(earlier)
    for name in earlier:
        assert (out_dir / name).read_bytes() == b"earlier " + name.encode()


@pytest.mark.parametrize(
    ("output", "folder", "why"),
    [
        ("a-file/night.json", "a-file", "it is a file"),
        ("a-file/sub/night.json", "a-file/sub", "{tmp}/a-file is a file"),
        ("no-folder/night.json", "no-folder", "no such folder"),
    ],
)
def test_score_into_a_folder_that_cannot_be_written_names_the_folder(
    capsys: pytest.CaptureFixture[str],
    night: Path,
    tmp_path: Path,
    output: str,
    folder: str,
    why: str,
) -> None:
    """-o into a folder that is a file, under a file, or not there: exit 1,
    one line naming the folder (as root too), nothing written anywhere."""
    (tmp_path / "a-file").write_text("a file")
    assert _score(str(night), "-o", str(tmp_path / output)) == 1
    err = capsys.readouterr().err
    why = why.format(tmp=tmp_path)
    # Cut as any long message is (one_line): xdist's temporary folders are longer.
    message = f"{tmp_path / folder}: cannot write to this folder: {why}"
    assert err == f"pbnscore: {one_line(message)}\n"
    assert _listing(tmp_path) == ["a-file", "in"]
    assert (tmp_path / "a-file").read_text() == "a file"


@pytest.mark.skipif(os.name != "posix" or _AS_ROOT, reason="root writes in a read-only folder")
def test_score_and_batch_into_a_read_only_folder_name_the_folder(
    capsys: pytest.CaptureFixture[str], night: Path, tmp_path: Path
) -> None:
    """A real read-only folder (no monkeypatching): one line naming it,
    never the temporary file's name, and nothing left in it."""
    (night.parent / "other.pbn").write_bytes(MITCHELL_PBN.read_bytes())
    out_dir = tmp_path / "out"
    out_dir.mkdir(mode=0o555)
    try:
        assert _score(str(night), "-o", str(out_dir / "night.xml")) == 1
        err = capsys.readouterr().err
        assert err == f"pbnscore: {out_dir}: cannot write to this folder: Permission denied\n"
        argv = ["batch", str(night.parent), "--out-dir", str(out_dir / "sub"), "--no-progress"]
        assert main(argv) == 1
        lines = capsys.readouterr().err.splitlines()
        # sub could not be made: out is the folder to fix
        assert lines[0] == f"{out_dir}: cannot write to this folder: Permission denied"
        assert lines[1].startswith("pbnscore: 2 files, 0 results, 2 failed")
        assert len(lines) == 2
        assert _listing(out_dir) == []
    finally:
        out_dir.chmod(0o755)


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_batch_into_a_sub_folder_that_is_a_file_names_it_once(
    capsys: pytest.CaptureFixture[str], night: Path, tmp_path: Path, jobs: str
) -> None:
    """A sub-folder of the out-dir that is a file: the files for it fail with
    one line naming it (not one per file); the others are written."""
    inputs = night.parent
    (inputs / "a").mkdir()
    for name in ("one.xml", "two.xml"):
        (inputs / "a" / name).write_bytes(night.read_bytes())
    out_dir = tmp_path / "out"
    out_dir.mkdir()
    (out_dir / "a").write_text("a file")
    argv = ["batch", str(inputs), "--out-dir", str(out_dir), "--no-progress", "-j", jobs]
    assert main(argv) == 1
    lines = capsys.readouterr().err.splitlines()
    assert lines[0] == f"{out_dir / 'a'}: cannot write to this folder: it is a file"
    assert lines[1].startswith("pbnscore: 3 files, 4 results, 2 failed")
    assert lines[2:] == [f"  {lines[0]}"]  # the folder's line once, after the counts
    assert _listing(out_dir) == ["a", "night.xml"]
    assert (out_dir / "a").read_text() == "a file"


def test_season_reports_into_a_folder_that_cannot_be_written_name_it_once(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, fail_writes: Callable[[Path], str]
) -> None:
    """season --report-dir: the events whose reports cannot be written are
    left out with one line naming the folder; no temporary file stays, and
    with no event left no season is written (docs/reference/bad-input.md
    "No output for a failed file")."""
    report_dir = tmp_path / "reports"
    report_dir.mkdir()
    message = fail_writes(report_dir)
    argv = ["season", str(SEASON), "--report-dir", str(report_dir), "-j", "1", "-q"]
    assert main([*argv, "--no-progress", "--to", "json"]) == 1
    out, err = capsys.readouterr()
    assert err == (
        f"{report_dir}: cannot write to this folder: {message}\n"
        "pbnscore: no event could be scored: no season written\n"
    )
    assert out == ""
    assert _listing(report_dir) == []


def test_batch_out_dir_under_a_file_is_usage(
    capsys: pytest.CaptureFixture[str], night: Path, tmp_path: Path
) -> None:
    """--out-dir below a file: exit 2 before any work, naming the file."""
    out_dir = _out_dir_below_a_file(tmp_path)
    _assert_batch_names_the_file(capsys, night, out_dir)


def _out_dir_below_a_file(tmp_path: Path) -> Path:
    (tmp_path / "a-file").write_text("a file")
    return tmp_path / "a-file" / "out"


def _assert_batch_names_the_file(
    capsys: pytest.CaptureFixture[str], night: Path, out_dir: Path
) -> None:
    """batch into ``out_dir`` (below a file): exit 2, naming that file."""
    assert main(["batch", str(night), "--out-dir", str(out_dir), "--no-progress"]) == 2
    expected = f"{out_dir}: cannot write to this folder: {out_dir.parent} is a file\n"
    assert capsys.readouterr().err == expected


def test_batch_out_dir_under_a_file_is_usage_where_the_system_says_no_such_file(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    night: Path,
    tmp_path: Path,
) -> None:
    """Windows says FileNotFoundError, not NotADirectoryError, for a path
    through a file: still exit 2 before any work, naming the file (it was
    taken for an out-dir still to be made, and every file failed)."""
    out_dir = _out_dir_below_a_file(tmp_path)
    stat_of = Path.stat

    def windows_stat(path: Path, **kwargs: object) -> os.stat_result:
        if path == out_dir:
            raise FileNotFoundError(2, "The system cannot find the path specified")
        return stat_of(path, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(Path, "stat", windows_stat)
    _assert_batch_names_the_file(capsys, night, out_dir)


def test_a_file_that_refuses_to_be_replaced_is_named_not_its_folder(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    night: Path,
    tmp_path: Path,
) -> None:
    """The folder took the new file, the old one would not go (Windows: open
    in Excel, or read-only): the file is named, the folder was fine."""
    output = tmp_path / "night.json"
    output.write_text("earlier")

    def refused(source: str, target: str) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(os, "replace", refused)
    assert _score(str(night), "-o", str(output)) == 1
    err = capsys.readouterr().err
    assert err == f"pbnscore: {output}: cannot replace this file: Permission denied\n"
    assert output.read_text() == "earlier"
    assert _listing(tmp_path) == ["in", "night.json"]


def test_the_current_folder_is_named_by_its_path_not_a_dot(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    night: Path,
    tmp_path: Path,
) -> None:
    """-o night.json in a folder that cannot be written: its path, not '.'."""
    monkeypatch.chdir(tmp_path)

    def refused(*args: object, **kwargs: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(_atomic, "create_temporary", refused)
    assert _score(str(night), "-o", "night.json") == 1
    err = capsys.readouterr().err
    assert err == f"pbnscore: {os.getcwd()}: cannot write to this folder: Permission denied\n"


def test_a_folder_that_cannot_be_made_names_the_folder_it_was_to_be_made_in(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    night: Path,
    tmp_path: Path,
) -> None:
    """batch --out-dir ro/out/sub where ro cannot be written: ro is the
    folder to fix, not ro/out/sub, which is not there."""
    ro = tmp_path / "ro"
    ro.mkdir()
    make = Path.mkdir

    def refused(path: Path, *args: object, **kwargs: object) -> None:
        if ro in path.parents:
            raise PermissionError(13, "Permission denied", str(path))
        make(path, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(Path, "mkdir", refused)
    out_dir = ro / "out" / "sub"
    assert main(["batch", str(night), "--out-dir", str(out_dir), "--no-progress"]) == 1
    lines = capsys.readouterr().err.splitlines()
    assert lines[0] == f"{ro}: cannot write to this folder: Permission denied"


@pytest.mark.parametrize("link", ["symlink", "hardlink"])
def test_batch_output_that_is_an_input_is_usage(
    capsys: pytest.CaptureFixture[str], night: Path, tmp_path: Path, link: str
) -> None:
    """batch: an output name that is a link to one of the inputs is exit 2
    before any work, the input unchanged."""
    before = night.read_bytes()
    out_dir = tmp_path / "out"
    out_dir.mkdir()
    target = out_dir / "night.xml"
    if link == "symlink":
        target.symlink_to(night)
    else:
        os.link(night, target)
    argv = ["batch", str(night), "--out-dir", str(out_dir), "--no-progress"]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err == f"{night}: its output {target} is one of the inputs\n"
    assert night.read_bytes() == before


# -- bad input: one line, exit 1, no output ---------------------------------------

# A small Butler night each case spoils in one place; the line of each
# placeholder is fixed, so each case knows the line its message names.
USEBIO = """<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE USEBIO SYSTEM "http://www.ebu.co.uk/usebio/usebio_v1_2.dtd">
<USEBIO Version="1.2">
<EVENT EVENT_TYPE="BUTLER_PAIRS">
<PARTICIPANTS>
<PAIR><PAIR_NUMBER>{pair}</PAIR_NUMBER><DIRECTION>NS</DIRECTION></PAIR>
<PAIR><PAIR_NUMBER>2</PAIR_NUMBER><DIRECTION>NS</DIRECTION></PAIR>
<PAIR><PAIR_NUMBER>1</PAIR_NUMBER><DIRECTION>EW</DIRECTION></PAIR>
<PAIR><PAIR_NUMBER>2</PAIR_NUMBER><DIRECTION>EW</DIRECTION></PAIR>
</PARTICIPANTS>
<BOARD>
<BOARD_NUMBER>{board}</BOARD_NUMBER>
<TRAVELLER_LINE>
<NS_PAIR_NUMBER>{ns}</NS_PAIR_NUMBER><EW_PAIR_NUMBER>1</EW_PAIR_NUMBER>
<CONTRACT>{contract}</CONTRACT><PLAYED_BY>S</PLAYED_BY>
<TRICKS>{tricks}</TRICKS><SCORE>{score}</SCORE>
</TRAVELLER_LINE>
<TRAVELLER_LINE>
<NS_PAIR_NUMBER>2</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER>
<CONTRACT>2S</CONTRACT><PLAYED_BY>S</PLAYED_BY><TRICKS>9</TRICKS><SCORE>140</SCORE>
</TRAVELLER_LINE>
</BOARD>
</EVENT>
</USEBIO>
"""
USEBIO_DEFAULTS = {"pair": "1", "board": "1", "ns": "1", "contract": "4S", "tricks": "10"}
USEBIO_DEFAULTS["score"] = "420"

USEBIO_TEAMS = """<?xml version="1.0" encoding="UTF-8"?>
<USEBIO Version="1.2">
<EVENT EVENT_TYPE="TEAMS">
<SESSION SESSION_ID="1">
<PARTICIPANTS><TEAM TEAM_ID="1"/><TEAM TEAM_ID="2"/></PARTICIPANTS>
<MATCH>
<ROUND_NUMBER>{round}</ROUND_NUMBER>
<TEAM>1</TEAM><OPPOSING_TEAM>{opponent}</OPPOSING_TEAM>
<BOARD><BOARD_NUMBER>1</BOARD_NUMBER>
<TRAVELLER_LINE><DIRECTION>NS</DIRECTION><CONTRACT>4S</CONTRACT><PLAYED_BY>S</PLAYED_BY>
<TRICKS>10</TRICKS><SCORE>420</SCORE></TRAVELLER_LINE>
<TRAVELLER_LINE><DIRECTION>EW</DIRECTION><CONTRACT>4S</CONTRACT><PLAYED_BY>S</PLAYED_BY>
<TRICKS>9</TRICKS><SCORE>-50</SCORE></TRAVELLER_LINE>
</BOARD>
</MATCH>
</SESSION>
</EVENT>
</USEBIO>
"""

PBN = """% PBN 2.1
[Event "Hostile"]
[Board "{board}"]
[Dealer "N"]
[Vulnerable "None"]
[TotalScoreTable "PairId;Direction"]
{pair} "NS"
2 "NS"
1 "EW"
2 "EW"
[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS"]
{ns} 1 {contract} S {tricks} {score}
2 2 2S S 9 140
"""
PBN_DEFAULTS = USEBIO_DEFAULTS

PBN_TEAMS = """[Event "Hostile teams"]
[Board "1"]
[HomeTeam "A"]
[VisitTeam "B"]
[Round "{round}"]
[Room "Open"]
[Contract "4S"]
[Declarer "S"]
[Result "{result}"]
[Score "{score}"]

[Board "1"]
[HomeTeam "A"]
[VisitTeam "B"]
[Round "{round}"]
[Room "Closed"]
[Contract "4S"]
[Declarer "N"]
[Result "9"]
[Score "NS -50"]
"""
PBN_TEAMS_DEFAULTS = {"round": "1", "result": "10", "score": "NS 420"}

DIGITS = "9" * 5000  # over int()'s 4300-digit limit
SHOWN = repr("9" * 40 + "...")  # how a message quotes it
WIDE_SPEC = repr("Score_NS\\" + "9" * 31 + "...")


def _usebio(**changes: str) -> bytes:
    return USEBIO.format_map({**USEBIO_DEFAULTS, **changes}).encode()


def _usebio_teams(**changes: str) -> bytes:
    return USEBIO_TEAMS.format_map({"round": "1", "opponent": "2", **changes}).encode()


def _pbn(**changes: str) -> bytes:
    return PBN.format_map({**PBN_DEFAULTS, **changes}).encode()


def _pbn_teams(**changes: str) -> bytes:
    return PBN_TEAMS.format_map({**PBN_TEAMS_DEFAULTS, **changes}).encode()


def _bomb() -> bytes:
    """Billion laughs: ten entities, each ten of the one before."""
    entities = ['<!ENTITY lol0 "lol">']
    entities += [f'<!ENTITY lol{i} "{f"&lol{i - 1};" * 10}">' for i in range(1, 10)]
    return (
        '<?xml version="1.0"?>\n<!DOCTYPE USEBIO [\n'
        + "\n".join(entities)
        + "\n]>\n<USEBIO><EVENT><TITLE>&lol9;</TITLE></EVENT></USEBIO>\n"
    ).encode()


def _quadratic() -> bytes:
    """Quadratic blowup: one 50 kB entity used 50 000 times."""
    return (
        f'<?xml version="1.0"?>\n<!DOCTYPE USEBIO [<!ENTITY a "{"A" * 50_000}">]>\n'
        f"<USEBIO><EVENT><TITLE>{'&a;' * 50_000}</TITLE></EVENT></USEBIO>\n"
    ).encode()


def _deep(depth: int = 100_000) -> bytes:
    return b"<USEBIO>\n" + b"<a>" * depth + b"</a>" * depth + b"\n</USEBIO>\n"


NOT_WHOLE = "is not a whole number"
NOT_TEXT = "not a PBN or USEBIO file (it holds bytes that are not text)"
PBN_NOT_SCORE = "is not a score; an artificial score is an average (A+, AVE-) or a percentage (^60)"

# (file name, bytes, line, message): the message a regular expression where
# it is libxml2's (its wording varies between versions), else exact.
CASES = [
    # -- USEBIO: XML that must never be expanded, fetched or trusted
    ("billion-laughs.xml", _bomb(), 3, re.escape("entity declarations are not allowed")),
    ("quadratic-blowup.xml", _quadratic(), 2, re.escape("entity declarations are not allowed")),
    ("deep.xml", _deep(), 2, r"Excessive depth in document: \d+.*"),
    ("truncated.xml", _usebio()[:700], 18, r".+"),
    ("binary-junk.xml", bytes(range(256)) * 8, 1, r".+"),
    ("empty.xml", b"", 1, r"Document is empty|.*empty.*"),
    ("invalid-utf8.xml", _usebio(contract="4S \xff\xfe").replace(b"\xc3\xbf", b"\xff"), 15, r".+"),
    (
        "latin1-declared-utf8.xml",
        _usebio(contract="4S").replace(b"4S", "caf\xe9".encode("latin-1"), 1),
        15,
        r".+",
    ),
    (
        "unknown-encoding.xml",
        _usebio().replace(b"UTF-8", b"KLINGON", 1),
        1,
        r"Unsupported encoding.*",
    ),
    (
        "not-usebio.xml",
        b'<?xml version="1.0"?>\n<html><body/></html>\n',
        2,
        re.escape("not a USEBIO file: the root element is <html>"),
    ),
    (
        "no-event.xml",
        b'<?xml version="1.0"?>\n<USEBIO Version="1.2">\n<CLUB/>\n</USEBIO>\n',
        2,
        re.escape("not a USEBIO results file: no EVENT element"),
    ),
    # -- USEBIO: numbers and values that do not parse or cannot be
    (
        "board-digits.xml",
        _usebio(board=DIGITS),
        12,
        re.escape(f"BOARD_NUMBER '{'9' * 20}...' {NOT_WHOLE}"),
    ),
    ("board-zero.xml", _usebio(board="0"), 12, re.escape("BOARD_NUMBER 0 is not a board number")),
    (
        "score-digits.xml",
        _usebio(score=DIGITS),
        13,
        re.escape(f"SCORE '{'9' * 20}...' {NOT_WHOLE}"),
    ),
    ("score-12x.xml", _usebio(score="12x"), 13, re.escape(f"SCORE '12x' {NOT_WHOLE}")),
    (
        "tricks-digits.xml",
        _usebio(tricks=DIGITS),
        13,
        re.escape(f"TRICKS '{'9' * 20}...' {NOT_WHOLE}"),
    ),
    ("tricks-14.xml", _usebio(tricks="14"), 13, re.escape("tricks must be 0..13, not 14")),
    (
        "round-digits.xml",
        _usebio_teams(round=DIGITS),
        7,
        re.escape(f"ROUND_NUMBER '{'9' * 20}...' {NOT_WHOLE}"),
    ),
    ("round-x.xml", _usebio_teams(round="x"), 7, re.escape(f"ROUND_NUMBER 'x' {NOT_WHOLE}")),
    # -- USEBIO: pairs and teams that are not the event's
    (
        "pair-nowhere-else.xml",
        _usebio(ns="77"),
        13,
        re.escape("board 1: pair 77 NS is not a participant"),
    ),
    (
        "pair-digits.xml",
        _usebio(pair=DIGITS, ns=DIGITS),
        13,
        re.escape(f"board 1: pair number {SHOWN} has more than nine digits"),
    ),
    (
        "team-nowhere-else.xml",
        _usebio_teams(opponent="99"),
        10,
        re.escape("match 1 v 99: team 99 is not a participant"),
    ),
    # -- PBN
    ("empty.pbn", b"", 1, re.escape("no PBN games: the input has no tag pairs")),
    ("binary-junk.pbn", bytes(range(256)) * 8, None, re.escape(NOT_TEXT)),
    ("truncated.pbn", _pbn()[:-30], 12, re.escape("ScoreTable row has 1 elements for 6 columns")),
    (
        "tag-not-closed.pbn",
        _pbn().replace(b'"None"]', b'"None"'),
        6,
        re.escape("'[' inside a tag pair"),
    ),
    (
        "string-not-closed.pbn",
        _pbn().replace(b'"None"]', b'"None]'),
        5,
        re.escape("string not closed on its line"),
    ),
    ("row-short.pbn", _pbn(score=""), 12, re.escape("ScoreTable row has 5 elements for 6 columns")),
    (
        "row-long.pbn",
        _pbn(score="420 7"),
        12,
        re.escape("ScoreTable row has 7 elements for 6 columns"),
    ),
    ("board-digits.pbn", _pbn(board=DIGITS), 3, re.escape(f"Board {SHOWN} is not a board number")),
    ("board-zero.pbn", _pbn(board="0"), 3, re.escape("Board '0' is not a board number")),
    ("board-superscript.pbn", _pbn(board="²"), 3, re.escape("Board '²' is not a board number")),
    ("score-digits.pbn", _pbn(score=DIGITS), 12, re.escape(f"Score_NS {SHOWN} {PBN_NOT_SCORE}")),
    ("score-12x.pbn", _pbn(score="12x"), 12, re.escape(f"Score_NS '12x' {PBN_NOT_SCORE}")),
    (
        "tricks-digits.pbn",
        _pbn(tricks=DIGITS),
        12,
        re.escape(f"result {SHOWN} is not a number of tricks"),
    ),
    ("tricks-14.pbn", _pbn(tricks="14"), 12, re.escape("impossible trick count '14'")),
    (
        "contract-digits.pbn",
        _pbn(contract=DIGITS + "S"),
        12,
        re.escape(f"contract {SHOWN} does not parse"),
    ),
    ("contract-8nt.pbn", _pbn(contract="8NT"), 12, re.escape("contract '8NT' does not parse")),
    (
        "score-tag-digits.pbn",
        _pbn_teams(score="NS " + DIGITS),
        10,
        re.escape(f"Score {'NS ' + '9' * 37 + '...'!r} does not parse"),
    ),
    (
        "result-tag-digits.pbn",
        _pbn_teams(result="NS " + DIGITS),
        10,
        re.escape(f"result {'NS ' + '9' * 37 + '...'!r} is not a number of tricks"),
    ),
    (
        "result-tag-20.pbn",
        _pbn_teams(result="EW 20"),
        10,
        re.escape("impossible trick count 'EW 20'"),
    ),
    (
        "round-digits.pbn",
        _pbn_teams(round=DIGITS),
        5,
        re.escape(f"Round {SHOWN} is not a round number"),
    ),
    (
        "pair-digits.pbn",
        _pbn(pair=DIGITS, ns=DIGITS),
        12,
        re.escape(f"board 1: pair number {SHOWN} has more than nine digits"),
    ),
    (
        "column-width-digits.pbn",
        _pbn().replace(b"Score_NS", b"Score_NS\\" + DIGITS.encode()),
        11,
        re.escape(f"ScoreTable: bad column spec {WIDE_SPEC} ") + r"\(.*",
    ),
    (
        "unknown-charset.pbn",
        b"%Content-type: text/x-pbn; charset=rot13\n" + _pbn(board="0"),
        4,
        re.escape("Board '0' is not a board number"),
    ),
    # -- encodings the entity scan and the BOM check must know
    (
        "utf32-entity.xml",
        _bomb()
        .decode()
        .replace('version="1.0"', 'version="1.0" encoding="UTF-32"')
        .encode("utf-32"),
        3,
        re.escape("entity declarations are not allowed"),
    ),
    (
        "utf32be-entity.xml",
        _bomb().decode().encode("utf-32-be"),
        3,
        re.escape("entity declarations are not allowed"),
    ),
    (
        "utf16-bom-declares-utf8.xml",
        _usebio().decode().encode("utf-16"),
        1,
        re.escape("the byte-order mark says UTF-16 but the XML declaration says 'UTF-8'"),
    ),
    (
        "utf8-bom-declares-latin1.xml",
        codecs.BOM_UTF8 + _usebio().replace(b'encoding="UTF-8"', b'encoding="ISO-8859-1"'),
        1,
        re.escape("the byte-order mark says UTF-8 but the XML declaration says 'ISO-8859-1'"),
    ),
]


@functools.cache
def _honest_cost(command: str, suffix: str) -> float:
    """The CPU seconds ``command`` (score or check) takes on the unspoilt
    document each case spoils, warmed first (lazy imports are no part of it)."""
    assert suffix in (".xml", ".pbn"), suffix
    with tempfile.TemporaryDirectory() as folder:
        source = Path(folder) / f"night{suffix}"
        source.write_bytes(_usebio() if suffix == ".xml" else _pbn())
        argv = [command, str(source)] + (
            ["-o", str(Path(folder) / "out.json")] * (command == "score")
        )
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            assert main(argv) == 0
            return cpu_cost(lambda: main(argv))[1]


@pytest.mark.parametrize(
    ("name", "data", "line", "message"), [pytest.param(*case, id=case[0]) for case in CASES]
)
def test_bad_input_is_one_line_exit_1_and_no_output(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    name: str,
    data: bytes,
    line: int | None,
    message: str,
) -> None:
    """Each broken file: exit 1 at once (no more CPU time than the honest
    document takes to score), ``file:line: message`` alone on stderr, nothing
    on stdout, no output file (nor a temporary one)."""
    source = tmp_path / name
    source.write_bytes(data)
    output = tmp_path / "out.xml"
    honest = _honest_cost("score", source.suffix)
    capsys.readouterr()
    status = assert_cheap(lambda: _score(str(source), "-o", str(output)), honest)
    captured = capsys.readouterr()
    assert (status, captured.out) == (1, ""), captured.err
    where = f"{source}:" if line is None else f"{source}:{line}:"
    assert re.fullmatch(re.escape(f"{where} ") + f"(?:{message})\n", captured.err), captured.err[
        :300
    ]
    assert _listing(tmp_path) == [name]


@pytest.mark.parametrize(
    "document",
    [_usebio(), _usebio_teams(), _pbn(), _pbn_teams()],
    ids=["usebio", "usebio-teams", "pbn", "pbn-teams"],
)
def test_the_unspoilt_documents_score(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, document: bytes
) -> None:
    """Each case spoils one thing: the documents as they stand score cleanly."""
    suffix = ".xml" if document.startswith(b"<") else ".pbn"
    source = tmp_path / f"night{suffix}"
    source.write_bytes(document)
    assert _score(str(source), "-o", str(tmp_path / "out.json")) == 0, capsys.readouterr().err
    assert (tmp_path / "out.json").read_text().startswith("{")


def test_a_pbn_pair_only_in_results_is_a_participant(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """PBN lists no pairs but in an optional TotalScoreTable (real files list
    fewer than played): a pair found only in a ScoreTable row is a participant,
    scored and named in the output, not refused."""
    source = tmp_path / "night.pbn"
    source.write_bytes(_pbn(ns="77"))
    assert _score(str(source), "--to", "json") == 0
    document = json.loads(capsys.readouterr().out)
    assert ("77", "NS") in {(p["id"], p["direction"]) for p in document["participants"]}


@pytest.mark.parametrize(
    ("name", "data"), [pytest.param(case[0], case[1], id=case[0]) for case in CASES]
)
def test_check_reports_each_bad_file_and_exits_1(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, name: str, data: bytes
) -> None:
    """``check`` on the same files: exit 1 at once (no more CPU time than the
    honest document takes to check), every line on stdout ``file:...:
    message``, nothing on stderr."""
    source = tmp_path / name
    source.write_bytes(data)
    honest = _honest_cost("check", source.suffix)
    capsys.readouterr()
    assert assert_cheap(lambda: main(["check", str(source)]), honest) == 1
    captured = capsys.readouterr()
    assert captured.err == ""
    lines = captured.out.splitlines()
    assert lines
    assert all(line.startswith(f"{source}:") and len(line) < 400 for line in lines), lines[:3]


# -- nothing read that was not given -------------------------------------------------

SECRET = "SECRET-b7f3c1-never-to-be-read"


def _everything_written(tmp_path: Path, printed: str) -> str:
    """What was printed and every file under ``tmp_path`` but the secret itself."""
    files = (
        path.read_text(errors="replace")
        for path in tmp_path.rglob("*")
        if path.is_file() and path.parent.name != "secret"
    )
    return printed + "".join(files)


def _external_documents(target: str) -> dict[str, bytes]:
    """USEBIO documents that would pull ``target`` (a path or URL) in."""
    body = (
        '<USEBIO Version="1.2"><EVENT EVENT_TYPE="BUTLER_PAIRS"><TITLE>{}</TITLE></EVENT></USEBIO>'
    )
    return {
        "general-entity.xml": (
            f'<?xml version="1.0"?>\n<!DOCTYPE USEBIO [<!ENTITY s SYSTEM "{target}">]>\n'
            + body.format("&s;")
        ).encode(),
        "parameter-entity.xml": (
            f'<?xml version="1.0"?>\n<!DOCTYPE USEBIO [<!ENTITY % s SYSTEM "{target}"> %s;]>\n'
            + body.format("x")
        ).encode(),
        "utf16-entity.xml": (
            '<?xml version="1.0" encoding="UTF-16"?>\n'
            f'<!DOCTYPE USEBIO [<!ENTITY s SYSTEM "{target}">]>\n' + body.format("&s;")
        ).encode("utf-16"),
    }


def _secret(tmp_path: Path) -> Path:
    secret = tmp_path / "secret" / "secret.txt"
    secret.parent.mkdir()
    secret.write_text(SECRET)
    return secret


@pytest.mark.parametrize("command", ["score", "check"])
def test_an_external_entity_is_never_read(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, command: str
) -> None:
    """External entities (general, parameter, in UTF-16) naming a local file:
    refused at the declaration's line; the file's text appears nowhere."""
    secret = _secret(tmp_path)
    for name, data in _external_documents(secret.as_uri()).items():
        source = tmp_path / name
        source.write_bytes(data)
        argv = ["score", str(source), "-o", str(tmp_path / "out.xml")]
        assert main(argv if command == "score" else ["check", str(source)]) == 1
        captured = capsys.readouterr()
        line = f"{source}:2: entity declarations are not allowed\n"
        assert (captured.err if command == "score" else captured.out) == line
        assert SECRET not in _everything_written(tmp_path, captured.out + captured.err)
        assert not (tmp_path / "out.xml").exists()


def test_an_xinclude_is_kept_as_text_never_followed(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """An XInclude of a local file is an unknown element like any other: kept
    in the scored USEBIO as written, the file never read into it."""
    secret = _secret(tmp_path)
    include = (
        f'<xi:include xmlns:xi="http://www.w3.org/2001/XInclude" href="{secret}" parse="text"/>'
    )
    source = tmp_path / "xinclude.xml"
    source.write_bytes(_usebio().replace(b"<PARTICIPANTS>", include.encode() + b"<PARTICIPANTS>"))
    output = tmp_path / "out.xml"
    assert _score(str(source), "-o", str(output)) == 0
    assert "xi:include" in output.read_text()
    captured = capsys.readouterr()
    assert SECRET not in _everything_written(tmp_path, captured.out + captured.err)


def _fifo(tmp_path: Path, name: str) -> Path:
    """A named pipe nobody writes to: whoever opens it to read waits forever,
    so a run that ends shows that nothing opened it."""
    fifo = tmp_path / name
    os.mkfifo(fifo)
    return fifo


def _run(
    *argv: str, limit: int | None = None, timeout: float = 120
) -> subprocess.CompletedProcess[str]:
    """``python -m pbnscore ARGV`` in a process of its own (address space
    limited to ``limit`` bytes where given, and CPU time then to a minute, a
    budget no load on the machine can use up). ``timeout`` is wall-clock, only
    a hang's end: generous, since a busy machine may take many times as long."""

    def limit_memory() -> None:
        import resource  # POSIX only: imported here so that the module imports on Windows

        if limit is not None:
            resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
            resource.setrlimit(resource.RLIMIT_CPU, (60, 60))

    return subprocess.run(
        [sys.executable, "-m", "pbnscore", *argv],
        capture_output=True,
        text=True,
        timeout=timeout,
        preexec_fn=None if limit is None else limit_memory,
        check=False,
    )


def test_a_system_dtd_is_never_opened(tmp_path: Path) -> None:
    """The DOCTYPE's SYSTEM DTD, a local file: never opened (a pipe that would
    block the reader), and a DTD that does not parse is no error. The commands
    run in a process of their own: a read blocked on the pipe ends in its
    timeout, not in a test run that waits for ever."""
    blocking = _fifo(tmp_path, "usebio.dtd")
    broken = tmp_path / "broken.dtd"
    broken.write_text(f"<!ELEMENT oops (((( {SECRET}")
    argvs = []
    for dtd in (blocking, broken):
        source = tmp_path / f"{dtd.stem}-night.xml"
        source.write_bytes(
            _usebio().replace(b"http://www.ebu.co.uk/usebio/usebio_v1_2.dtd", str(dtd).encode())
        )
        argvs.append(["score", str(source), "-o", str(tmp_path / f"{dtd.stem}.json")])
    argvs.append(["check", str(tmp_path / "broken-night.xml")])
    assert [(said.returncode, said.stderr) for said in in_turn(argvs)] == [(0, "")] * 3
    for dtd in (blocking, broken):
        assert SECRET not in (tmp_path / f"{dtd.stem}.json").read_text()


def test_an_external_entity_naming_a_pipe_is_refused_without_opening_it(tmp_path: Path) -> None:
    """The pipe test for entities: refused at once, not blocked on the pipe."""
    fifo = _fifo(tmp_path, "entity")
    sources = []
    for name, data in _external_documents(str(fifo)).items():
        sources.append(tmp_path / name)
        sources[-1].write_bytes(data)
    assert len(sources) == 3
    said = in_turn([["score", str(source)] for source in sources])
    assert [(done.returncode, done.stderr) for done in said] == [
        (1, f"{source}:2: entity declarations are not allowed\n") for source in sources
    ]


def test_no_network_address_is_ever_contacted(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A DTD and entities on a loopback web address: the listening socket
    gets no connection, whether the document is refused or scored."""
    with socket.create_server(("127.0.0.1", 0)) as server:
        url = f"http://127.0.0.1:{server.getsockname()[1]}/usebio.dtd"
        documents = _external_documents(url)
        documents["dtd.xml"] = _usebio().replace(
            b"http://www.ebu.co.uk/usebio/usebio_v1_2.dtd", url.encode()
        )
        for name, data in documents.items():
            source = tmp_path / name
            source.write_bytes(data)
            assert _score(str(source), "-o", str(tmp_path / "out.json")) == (
                0 if name == "dtd.xml" else 1
            )
            assert main(["check", str(source)]) in (0, 1)
        capsys.readouterr()
        server.settimeout(0.5)
        with pytest.raises(TimeoutError):
            server.accept()


# -- real processes: no traceback, bounded memory ------------------------------------

SUBPROCESS_CASES = [
    "billion-laughs.xml",
    "deep.xml",
    "binary-junk.pbn",
    "board-digits.pbn",
    "pair-nowhere-else.xml",
]


@pytest.mark.parametrize("name", SUBPROCESS_CASES)
def test_a_real_process_prints_one_line_and_no_traceback(tmp_path: Path, name: str) -> None:
    """``python -m pbnscore score``: exit 1, one line on stderr, no traceback,
    nothing on stdout and no output file."""
    case = next(case for case in CASES if case[0] == name)
    source = tmp_path / name
    source.write_bytes(case[1])
    done = _run("score", str(source), "-o", str(tmp_path / "out.xml"))
    assert (done.returncode, done.stdout) == (1, "")
    where = f"{source}:" if case[2] is None else f"{source}:{case[2]}:"
    assert re.fullmatch(re.escape(f"{where} ") + f"(?:{case[3]})\n", done.stderr)
    assert "Traceback" not in done.stderr
    assert _listing(tmp_path) == [name]


# file name: (its bytes, made when its test runs, not held for the whole run; message)
LARGE: dict[str, tuple[Callable[[], bytes], str]] = {
    "many-elements.xml": (
        lambda: b"<USEBIO><EVENT>" + b"<x/>\n" * (6 << 20) + b"</EVENT></USEBIO>\n",
        r"1: more than 2,000,000 tags: larger than any results file",
    ),
    "huge-text.xml": (
        lambda: b"<USEBIO><EVENT><TITLE>" + b"A" * (30 << 20) + b"</TITLE></EVENT></USEBIO>\n",
        r"1: .*(?:[Tt]ext node|huge text).*",
    ),
    "deep.xml": (lambda: _deep(900_000), r"2: Excessive depth in document.*"),
    "huge-tag.pbn": (
        lambda: b'[Board "' + b"x" * (30 << 20) + b"\n",
        r"1: string not closed on its line",
    ),
    "no-games.pbn": (
        lambda: b"{" + b"x\n" * (10 << 20),
        r" not a PBN or USEBIO file \(no tag pair in its first 64 KiB\)",
    ),
}


@pytest.mark.skipif(os.name != "posix", reason="address-space limits (resource) are POSIX")
@pytest.mark.parametrize("name", sorted(LARGE))
def test_large_documents_fail_in_bounded_time_and_memory(tmp_path: Path, name: str) -> None:
    """30 MiB documents (six million elements, one 30 MiB text, a million
    levels deep, a 30 MiB tag, a comment never closed): exit 1, one line,
    in a 512 MiB address space and a minute of CPU time (six million elements
    took 3.4 GB before the tag count was capped; each takes about a second)."""
    source = tmp_path / name
    made, message = LARGE[name]
    source.write_bytes(made())
    done = _run("score", str(source), "-o", str(tmp_path / "out.xml"), limit=512 << 20)
    assert done.returncode == 1, done.stderr[-300:]  # not -SIGXCPU: within its CPU budget
    assert re.fullmatch(re.escape(f"{source}:") + message + "\n", done.stderr), done.stderr[:300]
    assert _listing(tmp_path) == [name]


def test_an_input_past_the_size_limit_is_not_read_whole(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, night: Path, tmp_path: Path
) -> None:
    """Over ``MAX_INPUT_BYTES`` (64 MiB; 1000 bytes here): score, standard
    input, batch and check each say so in one line; exit 1."""
    monkeypatch.setattr(_bounded_read, "MAX_INPUT_BYTES", 1000)
    message = f"{night}:1: over 0 MiB: too large to be a results file"
    assert _score(str(night), "-o", str(tmp_path / "out.xml")) == 1
    assert capsys.readouterr().err == message + "\n"
    with open(night, "rb") as stream:
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(stream))
        assert _score("-") == 1
    assert capsys.readouterr().err == message.replace(str(night), "<stdin>") + "\n"
    assert main(["batch", str(night), "--out-dir", str(tmp_path / "out"), "--no-progress"]) == 1
    assert capsys.readouterr().err.startswith(message + "\n")
    assert main(["check", str(night)]) == 1
    assert capsys.readouterr().out == message + "\n"
    assert not (tmp_path / "out.xml").exists()
    assert not (tmp_path / "out").exists()


def test_control_characters_in_pbn_text_are_written_as_replacement_characters(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A NUL or ESC in a PBN name (XML cannot hold them; the writer raised):
    the USEBIO output has U+FFFD in their place, as for undecodable bytes."""
    source = tmp_path / "night.pbn"
    source.write_bytes(_pbn().replace(b'"Hostile"', b'"Hos\x00ti\x1ble"'))
    output = tmp_path / "out.xml"
    assert _score(str(source), "-o", str(output)) == 0, capsys.readouterr().err
    assert "<EVENT_DESCRIPTION>Hos\ufffdti\ufffdle</EVENT_DESCRIPTION>" in output.read_text()


@pytest.mark.parametrize("percentage", ["9" * 400, "inf", "-inf", "nan", "1e999"])
def test_a_percentage_that_is_no_number_is_ignored(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, percentage: str
) -> None:
    """Percentage_NS beside an A+ score, 400 digits or "inf" (round(float())
    raised OverflowError, found by the fuzz tests): read as no percentage."""
    document = _pbn(contract="-", tricks="-", score="A+")
    document = document.replace(b"Score_NS", b"Score_NS;Percentage_NS")
    source = tmp_path / "night.pbn"
    document = document.replace(b" A+\n", f" A+ {percentage}\n".encode())
    source.write_bytes(document.replace(b" 140\n", b" 140 -\n"))
    assert main(["check", str(source)]) == 0, capsys.readouterr().out
    assert "warning: board 1: a single result" in capsys.readouterr().out
    assert _score(str(source), "--to", "json") == 0
    results = json.loads(capsys.readouterr().out)["boards"][0]["results"]
    assert [result["adjusted"] for result in results] == ["A+", None]


def test_a_pbn_file_of_mixed_encodings_reads_as_latin1(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """UTF-8 and Latin-1 bytes in one undeclared PBN file: not UTF-8, so the
    whole file is Latin-1 (PBN's own charset, which never fails): scored,
    the UTF-8 name shown as its two Latin-1 characters."""
    source = tmp_path / "night.pbn"
    title = b'"' + "Ä".encode() + "-é".encode("latin-1") + b'"'
    source.write_bytes(_pbn().replace(b'"Hostile"', title))
    assert _score(str(source), "--to", "json") == 0
    assert json.loads(capsys.readouterr().out)["event"]["title"] == "Ã\x84-é"


# -- file-system oddities: one line, exit 1 or 2, never an internal error ---------


@pytest.mark.skipif(not hasattr(os, "symlink") or os.name == "nt", reason="POSIX links")
def test_a_symlink_loop_in_a_batch_folder_is_one_failed_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, night: Path
) -> None:
    """``loop.xml -> loop.xml`` beside a good file: the loop is reported on
    one line, the good file written, exit 1 (was exit 3, nothing written)."""
    loop = night.parent / "loop.xml"
    loop.symlink_to(loop.name)
    out = tmp_path / "out"
    assert main(["batch", str(night.parent), "--out-dir", str(out), "--no-progress"]) == 1
    err = capsys.readouterr().err
    assert _listing(out) == ["night.xml"]
    assert [line for line in err.splitlines() if line.startswith(str(loop))] == [
        f"{loop}: Too many levels of symbolic links"
    ]
    assert "internal error" not in err


@pytest.mark.skipif(os.name == "nt", reason="POSIX links")
@pytest.mark.parametrize("where", ["output", "out-dir"])
def test_a_looping_output_link_is_one_line_never_an_internal_error(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, night: Path, where: str
) -> None:
    """``-o`` a looping link, or ``--out-dir`` one: one line, exit 1 or 2."""
    loop = tmp_path / ("loop.json" if where == "output" else "loop")
    loop.symlink_to(loop.name)
    if where == "output":
        status = _score(str(night), "-o", str(loop))
    else:
        status = main(["batch", str(night), "--out-dir", str(loop), "--no-progress"])
    err = capsys.readouterr().err
    assert status in (1, 2), err
    assert len(err.splitlines()) == 1 and "symbolic links" in err, err
    assert loop.is_symlink()


@pytest.mark.skipif(sys.platform in ("win32", "darwin"), reason="names are bytes on Linux")
@pytest.mark.parametrize("to", ["json", "text", "html", "usebio"])
def test_an_input_name_that_is_not_utf8_is_scored(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, night: Path, to: str
) -> None:
    """A file named with a Latin-1 "é": scored, the name shown with U+FFFD
    for the byte that is no UTF-8 (was exit 3 for json, text, html)."""
    name = os.fsdecode(bytes(tmp_path) + b"/caf\xe9.xml")
    Path(name).write_bytes(night.read_bytes())
    assert _score(name, "--to", to) == 0, capsys.readouterr().err
    out = capsys.readouterr().out
    if to == "json":
        assert json.loads(out)["source"].endswith("caf\ufffd.xml")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
def test_a_named_pipe_in_a_batch_folder_is_skipped(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, night: Path
) -> None:
    """A folder walk takes regular files only: a pipe named ``*.xml`` in the
    folder is left alone (the batch hung opening it), the good file written."""
    os.mkfifo(night.parent / "pipe.xml")
    out = tmp_path / "out"
    done: list[int] = []
    argv = ["batch", str(night.parent), "--out-dir", str(out), "--no-progress", "-j", "1"]
    worker = threading.Thread(target=lambda: done.append(main(argv)), daemon=True)
    worker.start()
    worker.join(30)
    if worker.is_alive():  # unblock the open so that the test run ends
        with open(night.parent / "pipe.xml", "wb"):
            pass
        worker.join(10)
    assert done == [0], capsys.readouterr().err
    assert _listing(out) == ["night.xml"]


@pytest.mark.parametrize("link", ["same-path", "symlink", "hardlink"])
def test_an_output_that_is_standard_input_is_usage(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    night: Path,
    link: str,
) -> None:
    """``score - -o night.xml < night.xml`` replaced its input: the output
    is refused when it is the file standard input reads, by any name."""
    output = night
    if link != "same-path":
        output = night.parent / "other.xml"
        (output.symlink_to if link == "symlink" else output.hardlink_to)(night)
    before = night.read_bytes()
    with open(night) as stdin:
        monkeypatch.setattr(sys, "stdin", stdin)
        assert _score("-", "-o", str(output)) == 2
    assert capsys.readouterr().err == f"{output}: would overwrite the input <stdin>\n"
    assert night.read_bytes() == before


# -- every message one short line -----------------------------------------------

MESSAGE_LIMIT = 300

# Documents whose messages once quoted the file at length or over lines:
# what a message says of them is not asserted here, only its shape.
LOUD = {
    "long-pair.xml": _usebio(ns="P" * 3_000_000),
    "pair-newline.xml": _usebio(ns="7\nforged: line"),
    "team-newline.xml": _usebio_teams(opponent="2\nforged: line"),
    "nul.xml": _usebio(contract="4S\x00 forged"),
    "huge-attribute.xml": _usebio().replace(
        b'EVENT_TYPE="BUTLER_PAIRS"', b'EVENT_TYPE="' + b"A" * 30_000_000 + b'"'
    ),
    "ebcdic.xml": b'<?xml version="1.0" encoding="EBCDIC-US"?>\n'
    + "<USEBIO><EVENT>forged: line</EVENT></USEBIO>\n".encode("cp500"),
    "latin1-comment.xml": _usebio().replace(
        b"<USEBIO ", "<!-- caf\xe9 forged\n".encode("latin-1"), 1
    ),
    "long-section.pbn": _pbn(pair="2").replace(
        b'[Event "Hostile"]', b'[Section "' + b"S" * 500_000 + b'"]'
    ),
}


def _message_lines(text: str, source: Path) -> list[str]:
    return [line for line in text.splitlines() if line]


@pytest.mark.parametrize("name", sorted(LOUD))
def test_every_message_is_one_short_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, name: str
) -> None:
    """score: one line on stderr for a file it refuses (and its warnings
    for one it scores); check: a line a problem; every line about the file
    and under 300 characters, whatever the file holds."""
    source = tmp_path / name
    source.write_bytes(LOUD[name])
    status = _score(str(source), "-o", str(tmp_path / "out.json"))
    lines = _message_lines(capsys.readouterr().err, source)
    assert status in (0, 1) and lines
    assert status == 0 or len(lines) == 1, lines[:3]
    main(["check", str(source)])
    lines += _message_lines(capsys.readouterr().out, source)
    for line in lines:
        assert line.startswith(f"{source}:") and len(line) < MESSAGE_LIMIT, line[:1000]


def test_a_long_section_name_is_cut_short_in_a_method_warning(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """The --factor warning names the section cut short and still says
    what is wrong (not the whole message quoted and cut by the guard)."""
    source = tmp_path / "long-section.pbn"
    source.write_bytes(LOUD["long-section.pbn"])
    _score(str(source), "-o", str(tmp_path / "out.json"))
    warned = [line for line in capsys.readouterr().err.splitlines() if "different numbers" in line]
    assert warned and all("'SSSS" in line and "--factor" in line for line in warned), warned[:1]
