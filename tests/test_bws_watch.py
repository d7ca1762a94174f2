"""``watch`` on a Bridgemate file during play: pages say they are
provisional (how many results are in, which round is under way) until the
movement's every result is in, then final; the director's
``NIGHT.corrections.csv`` beside the night is applied.

No tool here writes Access files. A night "in progress" is the 2014 sample
with its later entries hidden the way Access hides a deleted row (the
deleted flag on the row's offset in its data page, as the 2025 sample
keeps one): each save shows more of its rows, as the tables key them.
The watch's steps are driven with a clock of the test's own."""

from __future__ import annotations

import json
import re
import struct
import tempfile
from collections.abc import Sequence
from pathlib import Path

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
    """Untitled, the night is named by its file, as its pages name it once final."""
    event = bws.provisional(night_event(), Progress(312, 384, 7, 8))
    assert event.title == (
        "tonight.bws (provisional: 312 of 384 results in; round 7 of 8 under way)"
    )
    titled = bws.provisional(night_event("Tuesday pairs"), Progress(312, 384, 7, 8))
    assert titled.title == (
        "Tuesday pairs (provisional: 312 of 384 results in; round 7 of 8 under way)"
    )


def test_a_complete_night_is_final() -> None:
    assert bws.provisional(night_event("Tuesday"), Progress(384, 384, None, 8)).title == "Tuesday"


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


# -- a night keyed in three steps, read as it is saved ----------------------------

JET3_PAGE = 2048
DATA_PAGE = 0x01
DELETED = 0x8000  # a row offset's flag: the row was deleted


def entered_up_to(data: bytes, last: int) -> bytes:
    """The Jet 3 file ``data`` with every ReceivedData row whose ID (its
    first column, an AutoNumber: later entries have higher IDs) is past
    ``last`` marked deleted, as if the tables had not keyed it yet."""
    from access_parser import AccessParser

    copy = bytearray(data)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "night.bws"
        path.write_bytes(data)
        definition = AccessParser(str(path)).catalog["ReceivedData"]
    hidden = 0
    for start in range(0, len(copy), JET3_PAGE):
        header = struct.unpack_from("<BBHIH", copy, start)  # kind, _, free, owner, rows
        if header[0] != DATA_PAGE or header[3] != definition:
            continue
        for row in range(header[4]):
            at = start + 10 + 2 * row
            (offset,) = struct.unpack_from("<H", copy, at)
            # a row: its column count (one byte), then ID, 4 bytes
            (id_,) = struct.unpack_from("<I", copy, start + (offset & 0x1FFF) + 1)
            if id_ > last:
                struct.pack_into("<H", copy, at, offset | DELETED)
                hidden += 1
    assert hidden == len(rows_of(data)) - last
    return bytes(copy)


def rows_of(data: bytes) -> Sequence[bws.Row]:
    from pbnscore.bws._access import AccessTables

    return AccessTables(data, "night.bws").rows("ReceivedData")


def said_of(data: bytes, last: int) -> str:
    """What the page of the night keyed up to entry ``last`` says, the slow
    way: the entries in against the 288 the movement holds (the complete
    night has each once), the round under way the first of one still out."""
    entries = rows_of(data)
    out = [int(row["Round"] or 0) for row in entries if int(row["ID"] or 0) > last]
    if not out:
        return "tonight.bws"
    return (
        f"tonight.bws (provisional: {len(entries) - len(out)} of {len(entries)} results in; "
        f"round {min(out)} of 12 under way)"
    )


def test_watch_on_a_night_keyed_in_three_steps_ends_as_score_of_the_last(
    shared_samples: Path, tmp_path: Path
) -> None:
    """Each save rescored once it is quiet: provisional pages while entries
    are still out, counted from the file itself, then final, and the last
    JSON the same as ``score`` of the last save. A save of the same bytes
    is not rescored."""
    folder, out = tmp_path / "in", tmp_path / "out"
    folder.mkdir()
    night = folder / "tonight.bws"
    data = (shared_samples / TWELVE_TABLES).read_bytes()
    config = watch.Config(folder, out, batch.Settings(to=("text", "html", "json")), settle=1.0)
    now = [0.0]
    log = Quiet()
    watcher = watch.Watcher(config, watch.Log(log), clock=lambda: now[0])  # type: ignore[arg-type]

    def saved(contents: bytes) -> tuple[str, str]:
        night.write_bytes(contents)
        watcher.noticed(night)
        before = getattr(log, "text", "")
        watcher.step()
        assert getattr(log, "text", "") == before  # not yet quiet for the settle time
        now[0] += config.settle
        watcher.step()
        text = (out / "tonight.txt").read_text(encoding="utf-8").splitlines()[0]
        page = re.search(r"<title>([^<]*)</title>", (out / "tonight.html").read_text("utf-8"))
        assert page is not None
        return text, page.group(1)

    steps = (100, 250, 288)
    pages = [saved(entered_up_to(data, last) if last < 288 else data) for last in steps]
    said = [said_of(data, last) for last in steps]
    assert said[0].startswith("tonight.bws (provisional: 100 of 288 results in; round ")
    assert pages == [(line, line) for line in said]  # the text page's title, the HTML's
    by_score = tmp_path / "by-score.json"
    assert main(["score", str(night), "--to", "json", "-o", str(by_score), "-q"]) == 0
    assert json.loads((out / "tonight.json").read_text(encoding="utf-8")) == json.loads(
        by_score.read_text(encoding="utf-8")
    )
    before = log.text
    saved(data)
    assert log.text == before


def test_score_of_a_night_with_entries_still_out_is_final(
    shared_samples: Path, tmp_path: Path
) -> None:
    """The scorer who runs ``score`` has decided the night is over: no
    provisional title, whatever the movement still expects."""
    night = tmp_path / "tonight.bws"
    night.write_bytes(entered_up_to((shared_samples / TWELVE_TABLES).read_bytes(), 100))
    page = tmp_path / "tonight.txt"
    assert main(["score", str(night), "--to", "text", "-o", str(page), "-q"]) == 0
    assert page.read_text(encoding="utf-8").splitlines()[0] == "tonight.bws"
    document = tmp_path / "tonight.json"
    assert main(["score", str(night), "--to", "json", "-o", str(document), "-q"]) == 0
    results = json.loads(document.read_text(encoding="utf-8"))["boards"]
    assert sum(len(board["results"]) for board in results) == 100
