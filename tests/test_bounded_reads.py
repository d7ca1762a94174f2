"""Every file pbnscore reads is bounded: the files options name (``--vp
FILE.csv``, ``--aliases FILE.csv``) as results files are
(docs/reference/bad-input.md "Bounded size")."""

from __future__ import annotations

import io
import os
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from pbnscore import _bounded_read, batch
from pbnscore.cli import main
from pbnscore.errors import ParseError
from pbnscore.imps import read_scale

FIXTURES = Path(__file__).parent.parent / "fixtures"
CLUB = FIXTURES / "season" / "club"
TEAMS = FIXTURES / "usebio" / "teams-of-four.xml"


class Endless(io.RawIOBase):
    """A stream that never ends (``/dev/zero``): counts what is asked of it,
    and raises KeyboardInterrupt (a Ctrl-C) at its ``stop_at``-th read."""

    def __init__(self, stop_at: int | None = None) -> None:
        self.asked: list[int] = []
        self.stop_at = stop_at

    def readable(self) -> bool:
        return True

    def read(self, size: int | None = -1) -> bytes:
        assert size is not None and size >= 0, "an unbounded read"
        self.asked.append(size)
        if len(self.asked) == self.stop_at:
            raise KeyboardInterrupt
        return b"\0" * size


def test_an_endless_stream_is_read_in_pieces_up_to_the_cap(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """No more than the cap and one byte is read, a piece at a time."""
    monkeypatch.setattr(_bounded_read, "MAX_INPUT_BYTES", 5 * _bounded_read.PIECE_BYTES)
    stream = Endless()
    with pytest.raises(ParseError, match="too large to be a results file"):
        batch.read_limited(stream, "zero")  # type: ignore[arg-type]
    assert sum(stream.asked) == 5 * _bounded_read.PIECE_BYTES + 1
    assert max(stream.asked) <= _bounded_read.PIECE_BYTES


def test_ctrl_c_stops_a_read_between_pieces() -> None:
    """A signal's exception (here raised by the third read) ends the read there."""
    stream = Endless(stop_at=3)
    with pytest.raises(KeyboardInterrupt):
        batch.read_limited(stream, "zero")  # type: ignore[arg-type]
    assert len(stream.asked) == 3


def _sparse(path: Path, size: int) -> Path:
    """A file of ``size`` zero bytes that takes no room on disk."""
    with path.open("wb") as stream:
        stream.truncate(size)
    return path


def _one_line(status: int, expected: int, err: str) -> None:
    assert status == expected, err
    assert err.count("\n") == 1 and "Traceback" not in err, err


@pytest.mark.parametrize(
    ("words", "what"),
    [
        (["season", str(CLUB), "--aliases"], "an aliases file"),
        (["score", str(TEAMS), "--vp"], "a VP scale"),
    ],
    ids=["aliases", "vp"],
)
def test_an_option_file_over_the_cap_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], words: list[str], what: str
) -> None:
    """A file past 64 MiB named by an option: exit 1, one line, as a results file."""
    big = _sparse(tmp_path / "big.csv", _bounded_read.MAX_INPUT_BYTES + 1)
    status = main([*words, str(big), "-q", "-o", str(tmp_path / "out.txt")])
    err = capsys.readouterr().err
    _one_line(status, 1, err)
    assert f"big.csv:1: over 64 MiB: too large to be {what}" in err


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero")
def test_aliases_from_dev_zero_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A link to /dev/zero is read up to the cap, then refused."""
    link = tmp_path / "aliases.csv"
    link.symlink_to("/dev/zero")
    status = main(["season", str(CLUB), "--aliases", str(link), "-q"])
    _one_line(status, 1, capsys.readouterr().err)


@pytest.mark.parametrize(
    ("words", "row"),
    [
        (["season", str(CLUB), "--aliases"], "name,same_as\n{long},Kate Kerr\n"),
        (["score", str(TEAMS), "--vp"], "*,0,10,10\n*,1,11,9\n*,{long},12,8\n"),
    ],
    ids=["aliases", "vp"],
)
def test_a_field_over_the_csv_limit_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], words: list[str], row: str
) -> None:
    """A 200,000-character field (past the csv module's limit): one line at
    its line, a usage error as any bad row of an option's file."""
    path = tmp_path / "option.csv"
    path.write_text(row.format(long='"' + "k" * 200_000 + '"'), encoding="utf-8")
    status = main([*words, str(path), "-q", "-o", str(tmp_path / "out.txt")])
    err = capsys.readouterr().err
    _one_line(status, 2, err)
    assert f"option.csv:{row.count(chr(10))}: not CSV: field larger than field limit" in err


def _cpu(task: Callable[[], object]) -> float:
    """The least CPU time of three runs of ``task``."""
    times = []
    for _ in range(3):
        start = time.process_time()
        task()
        times.append(time.process_time() - start)
    return min(times)


def test_a_long_vp_scale_costs_each_match_the_same(tmp_path: Path) -> None:
    """Looking a margin up costs the same on a scale of 500 rows and one of
    4,000 (it once made a list of the rows for every match: matches x rows)."""

    def scale(rows: int) -> Callable[[], object]:
        path = tmp_path / f"scale-{rows}.csv"
        lines = (f"*,{i},{10 + i / rows:.4f},{10 - i / rows:.4f}" for i in range(rows))
        path.write_text("\n".join(lines), encoding="utf-8")
        read = read_scale(str(path))
        return lambda: [read.vps(margin % rows, 16) for margin in range(10_000)]

    small, large = _cpu(scale(500)), _cpu(scale(4_000))
    assert large < 3 * small + 0.05  # x8 the rows: x8 the time, were it per row


def test_a_vp_scale_is_read_once_while_unchanged(tmp_path: Path) -> None:
    """``score`` checks the options, then scores: one read of the file."""
    path = tmp_path / "scale.csv"
    path.write_text("*,0,10,10\n*,1,11,9\n", encoding="utf-8")
    first = read_scale(str(path))
    assert read_scale(str(path)) is first
    path.write_text("*,0,10,10\n*,2,12,8\n", encoding="utf-8")
    os.utime(path, ns=(0, 0))
    assert read_scale(str(path)).bands != first.bands


@pytest.mark.parametrize(
    ("content", "status"), [("boards,min_imps\nx\n", 2), (None, 1)], ids=["bad-row", "too-large"]
)
def test_a_season_s_vp_scale_is_checked_once_before_any_work(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str | None, status: int
) -> None:
    """``season -m aggregate --vp FILE.csv``: a bad scale is one line, as
    ``score`` says it, not a failure of every file."""
    path = tmp_path / "scale.csv"
    if content is None:
        _sparse(path, _bounded_read.MAX_INPUT_BYTES + 1)
    else:
        path.write_text(content, encoding="utf-8")
    league = FIXTURES / "season" / "league"
    words = ["season", str(league), "-m", "aggregate", "--vp", str(path), "-q", "--no-progress"]
    assert main(words) == status
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "scale.csv" in err and "league-round" not in err
