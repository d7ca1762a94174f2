"""``watch`` on a Bridgemate file during play: pages say they are
provisional (how many results are in, which round is under way) until the
movement's every result is in, then final; the director's
``NIGHT.corrections.csv`` beside the night is applied.

No tool here writes Access files, so a night "in progress" is the 2014
sample saved three times (empty pages appended make the bytes differ, as a
save does) with the reader's count of results in taken from a fake at the
first two saves; the last is the real, complete count."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from pbnscore import batch, bws, watch
from pbnscore.bws import Progress
from pbnscore.cli import main
from pbnscore.model import Event, EventKind, Source

TWELVE_TABLES = "bws/bridgemate_ui_12tables_1section.bws"


class Quiet:
    def write(self, text: str) -> None:
        self.text = getattr(self, "text", "") + text

    def flush(self) -> None:
        pass


def night_event(title: str | None = None) -> Event:
    return Event(EventKind.PAIRS, (), Source("tonight.bws", "bws"), title=title)


def test_a_night_with_results_to_come_is_titled_provisional() -> None:
    event = bws.provisional(night_event(), Progress(312, 384, 7, 8))
    assert event.title == "tonight (provisional: 312 of 384 results in; round 7 of 8 under way)"
    titled = bws.provisional(night_event("Tuesday pairs"), Progress(312, 384, 7, 8))
    assert titled.title == (
        "Tuesday pairs (provisional: 312 of 384 results in; round 7 of 8 under way)"
    )


def test_a_complete_night_is_final() -> None:
    assert bws.provisional(night_event("Tuesday"), Progress(384, 384, None, 8)).title == "Tuesday"


@pytest.fixture
def saves(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Progress]]:
    """The counts the first saves report, in order; past them, the real one."""
    counts: list[Progress] = []
    real = bws.progress

    def progress(data: bytes, *, source: str = "<string>") -> Progress:
        return counts.pop(0) if counts else real(data, source=source)

    monkeypatch.setattr(bws, "progress", progress)
    yield counts


def test_watch_says_provisional_then_final_and_ends_as_score_does(
    shared_samples: Path, tmp_path: Path, saves: list[Progress]
) -> None:
    folder, out = tmp_path / "in", tmp_path / "out"
    folder.mkdir()
    night = folder / "tonight.bws"
    data = (shared_samples / TWELVE_TABLES).read_bytes()
    config = watch.Config(folder, out, batch.Settings(to=("text", "json")), settle=1.0)
    now = [0.0]
    watcher = watch.Watcher(config, watch.Log(Quiet()), clock=lambda: now[0])  # type: ignore[arg-type]
    saves += [Progress(96, 288, 5, 12), Progress(264, 288, 12, 12)]
    titles = []
    for pages in (2, 1, 0):
        night.write_bytes(data + bytes(2048 * pages))
        watcher.noticed(night)
        watcher.step()
        now[0] += config.settle
        watcher.step()
        titles.append((out / "tonight.txt").read_text(encoding="utf-8").splitlines()[0])
    assert titles == [
        "tonight (provisional: 96 of 288 results in; round 5 of 12 under way)",
        "tonight (provisional: 264 of 288 results in; round 12 of 12 under way)",
        "tonight.bws",
    ]
    by_score = tmp_path / "by-score.json"
    assert main(["score", str(night), "--to", "json", "-o", str(by_score), "-q"]) == 0
    assert json.loads((out / "tonight.json").read_text(encoding="utf-8")) == json.loads(
        by_score.read_text(encoding="utf-8")
    )


def test_watch_applies_the_corrections_beside_the_night(
    shared_samples: Path, tmp_path: Path
) -> None:
    folder, out = tmp_path / "in", tmp_path / "out"
    folder.mkdir()
    (folder / "tonight.bws").write_bytes((shared_samples / TWELVE_TABLES).read_bytes())
    (folder / "tonight.corrections.csv").write_text(
        "board,table,adjusted,reason\n1,1,60%-40%,slow play\n", encoding="utf-8"
    )
    argv = ["watch", str(folder), "--out-dir", str(out), "--once", "--to", "json", "-q"]
    assert main(argv) == 0
    document = json.loads((out / "tonight.json").read_text(encoding="utf-8"))
    board = next(b for b in document["boards"] if b["board"] == 1)
    # the night's own arbitral score on board 1 (40%-60%), and the ruling's
    assert sorted(r["adjusted"] for r in board["results"] if r["adjusted"]) == [
        "40%-60%",
        "60%-40%",
    ]
