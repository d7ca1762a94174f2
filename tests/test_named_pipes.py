"""Files named on the command line may be pipes (``batch <(cat x.xml)``) or
devices: ``batch`` and ``season`` read them as ``score`` does, with the size
cap; only folders are walked (a walk still takes regular files only)."""

from __future__ import annotations

import json
import os
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from pbnscore.cli import main

FIXTURES = Path(__file__).parent.parent / "fixtures"
NIGHT = FIXTURES / "usebio" / "club-night.xml"

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")


@pytest.fixture
def pipe(tmp_path: Path) -> Iterator[Path]:
    """A named pipe that gives the club night once to whoever opens it."""
    path = tmp_path / "night-pipe"
    os.mkfifo(path)

    def feed() -> None:
        with open(path, "wb") as stream:
            stream.write(NIGHT.read_bytes())

    writer = threading.Thread(target=feed, daemon=True)
    writer.start()
    yield path
    if writer.is_alive():  # nobody read it: let the writer go
        with open(path, "rb") as stream:
            stream.read()
    writer.join(timeout=5)


def test_batch_reads_a_named_pipe(
    pipe: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The pipe is scored and written like a file of its name."""
    out = tmp_path / "out"
    words = ["batch", str(pipe), "--out-dir", str(out), "-j", "1", "--to", "json"]
    assert main(words) == 0, capsys.readouterr().err
    scored = json.loads((out / "night-pipe.json").read_text(encoding="utf-8"))
    assert scored["participants"]


def test_season_reads_a_named_pipe(pipe: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The season of one piped night ranks its pairs."""
    assert main(["season", str(pipe), "-j", "1", "--to", "json"]) == 0, capsys.readouterr().err
    assert len(json.loads(capsys.readouterr().out)["events"]) == 1


@pytest.mark.skipif(not Path("/dev/null").exists(), reason="no /dev/null")
def test_a_device_named_is_read_not_missing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """/dev/null is read (empty: not a results file, exit 1), never "no such
    file or folder" (exit 2)."""
    assert main(["batch", "/dev/null", "--out-dir", str(tmp_path / "out")]) == 1
    err = capsys.readouterr().err
    assert "no such file" not in err and "/dev/null" in err
