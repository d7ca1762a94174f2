"""``pbnscore watch``: each results file scored once, once it has settled.

The first tests drive :class:`pbnscore.watch.Watcher` by hand on the real file
system with a clock of their own (no sleeping); those below them run the real
watcher (watchdog's observer: native events, or polling) in a thread or in a
``pbnscore watch`` process, and wait for what it says with generous deadlines.
"""

from __future__ import annotations

import os
import plistlib
import shlex
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import attrs
import pytest

from pbnscore import batch, pipeline, watch
from pbnscore.cli import _commands, _parser, main
from pbnscore.cli._flags import default_methods, merged

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "fixtures"
NIGHT = FIXTURES / "usebio" / "mitchell-pairs.xml"
SMALL = FIXTURES / "usebio" / "tied-places.xml"  # small, and scored without a warning
SEASON_NIGHTS = [FIXTURES / "season" / "club" / name for name in ("jan05.pbn", "jan12.pbn")]
SEASON_NIGHTS.append(FIXTURES / "season" / "club" / "jan26.xml")
DEADLINE = 60.0  # seconds: generous, a busy machine is slow, never a figure asserted


class Clock:
    """A clock the test moves."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


class Lines:
    """A Log's stream: the lines said, without their time of day (only
    counted where not ``kept``), for a thread to wait on."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.count = 0
        self.scorings = 0  # lines saying where a file's outputs went
        self.kept = True
        self.said = threading.Condition()

    def write(self, text: str) -> None:
        with self.said:
            for line in text.splitlines():
                self.count += 1
                self.scorings += " → " in line and not line.startswith("watching")
                if self.kept:
                    self.lines.append(line.split(" ", 1)[1])
            self.said.notify_all()

    def flush(self) -> None:
        pass

    def wait(self, check: Callable[[], bool], what: str) -> None:
        with self.said:
            assert self.said.wait_for(check, DEADLINE), f"no {what} within {DEADLINE:g} s"

    def about(self, path: Path) -> list[str]:
        return [line for line in self.lines if line.startswith(str(path))]


def config(folder: Path, out: Path, *formats: str, **changes: object) -> watch.Config:
    settings = pipeline.Settings(to=formats or ("usebio",))
    made = watch.Config(folder, out, settings, settle=1.0)
    return attrs.evolve(made, **changes)  # type: ignore[arg-type]


def watcher(
    folder: Path, out: Path, *formats: str, **changes: object
) -> tuple[watch.Watcher, Clock, Lines]:
    clock, lines = Clock(), Lines()
    made = watch.Watcher(
        config(folder, out, *formats, **changes),
        watch.Log(lines),  # type: ignore[arg-type]
        clock=clock,
    )
    return made, clock, lines


@pytest.fixture
def folders(tmp_path: Path) -> tuple[Path, Path]:
    folder = tmp_path / "in"
    folder.mkdir()
    return folder, tmp_path / "out"


def scored_by_score(night: Path, tmp_path: Path, to: str = "usebio") -> bytes:
    """What ``pbnscore score`` writes for ``night``."""
    output = tmp_path / f"by-score.{to}"
    assert main(["score", str(night), "--to", to, "-o", str(output)]) == 0
    return output.read_bytes()


def settle(made: watch.Watcher, clock: Clock) -> None:
    """Steps until every pending file has settled and been taken."""
    made.step()
    clock.now += made.config.settle
    made.step()


# -- the watcher driven by hand ------------------------------------------------------


def test_a_file_written_in_three_parts_is_scored_once_after_the_last(
    folders: tuple[Path, Path], tmp_path: Path
) -> None:
    """Each part changes the size before the file has settled: one scoring,
    of the whole file, equal to ``score``'s output."""
    folder, out = folders
    made, clock, lines = watcher(folder, out)
    night, data = folder / "night.xml", NIGHT.read_bytes()
    third = len(data) // 3
    for part in (data[:third], data[third : 2 * third], data[2 * third :]):
        with night.open("ab") as stream:
            stream.write(part)
        made.noticed(night)
        made.step()
        clock.now += made.config.settle / 2
        made.step()
        assert not out.exists()
    clock.now += made.config.settle
    made.step()
    assert len(lines.about(night)) == 1
    assert "8 pairs, 8 boards → " in lines.about(night)[0]
    written = next(out.glob("night*"))
    assert written.read_bytes() == scored_by_score(night, tmp_path)


def test_the_same_bytes_written_again_are_not_scored_again(folders: tuple[Path, Path]) -> None:
    """Written in place twice with the same bytes, and by a watch started
    again: one scoring (the hash is kept in the output folder)."""
    folder, out = folders
    night = folder / "night.xml"
    made, clock, lines = watcher(folder, out)
    for _ in range(2):
        night.write_bytes(NIGHT.read_bytes())
        os.utime(night, ns=(time.time_ns(), time.time_ns()))  # a new time, as a save gives
        made.noticed(night)
        settle(made, clock)
    again, clock, relines = watcher(folder, out)
    assert again.scan() == 1
    settle(again, clock)
    assert len(lines.about(night)) == 1
    assert relines.about(night) == []


def test_other_options_score_the_same_bytes_again(folders: tuple[Path, Path]) -> None:
    """The kept hashes hold for the settings they were made with."""
    folder, out = folders
    (folder / "night.xml").write_bytes(NIGHT.read_bytes())
    for formats in (("json",), ("json", "html")):
        made, clock, lines = watcher(folder, out, *formats)
        made.scan()
        settle(made, clock)
        assert len(lines.about(folder / "night.xml")) == 1
    assert len([p for p in out.iterdir() if not p.name.startswith(".")]) == 2


def test_an_output_deleted_by_hand_is_written_again(folders: tuple[Path, Path]) -> None:
    folder, out = folders
    (folder / "night.xml").write_bytes(NIGHT.read_bytes())
    made, clock, _ = watcher(folder, out, "json")
    made.scan()
    settle(made, clock)
    (written,) = out.glob("night*")
    written.unlink()
    again, clock, _ = watcher(folder, out, "json")
    again.scan()
    settle(again, clock)
    assert written.is_file()


def test_a_broken_file_is_one_line_and_no_output_until_it_is_fixed(
    folders: tuple[Path, Path],
) -> None:
    """``file:line: … (waiting for the next change)``, said once however
    often the same bytes are seen; scored once fixed."""
    folder, out = folders
    night = folder / "night.xml"
    night.write_bytes(NIGHT.read_bytes()[:2000])
    made, clock, lines = watcher(folder, out)
    for _ in range(3):
        made.noticed(night)
        settle(made, clock)
    (said,) = lines.about(night)
    assert said.startswith(f"{night}:") and said.endswith(watch.WAITING)
    assert not any(out.glob("night*"))
    night.write_bytes(NIGHT.read_bytes())
    made.noticed(night)
    settle(made, clock)
    assert "8 pairs" in lines.about(night)[-1]
    assert any(out.glob("night*"))


@pytest.mark.parametrize(
    "name",
    ["~$night.xml", "night.tmp", "night.xml.part", ".~lock.night.xml#", "notes.txt", ".n.xml"],
)
def test_temporary_and_other_files_are_ignored(folders: tuple[Path, Path], name: str) -> None:
    folder, out = folders
    (folder / name).write_bytes(NIGHT.read_bytes())
    made, clock, lines = watcher(folder, out)
    assert made.scan() == 0
    made.noticed(folder / name)
    settle(made, clock)
    assert lines.lines == []


def test_its_own_outputs_are_ignored(tmp_path: Path) -> None:
    """An output folder inside the watched one, watched with its
    subfolders: the outputs (and the season page) are never nights."""
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "night.xml").write_bytes(NIGHT.read_bytes())
    made, clock, lines = watcher(folder, folder / "scored", "usebio", recursive=True)
    made.scan()
    settle(made, clock)
    (output,) = (folder / "scored").glob("*.xml")
    made.noticed(output)
    assert made.scan() == 1
    settle(made, clock)
    assert len(lines.lines) == 1


def test_a_folder_or_pipe_named_like_a_night_is_let_go(folders: tuple[Path, Path]) -> None:
    """Not a regular file: dropped once looked at, not waited on for ever."""
    folder, out = folders
    (folder / "night.xml").mkdir()
    made, clock, lines = watcher(folder, out)
    made.noticed(folder / "night.xml")
    settle(made, clock)
    assert (made.pending, lines.lines) == ({}, [])


def test_a_folder_gone_before_it_is_searched_is_no_failure(folders: tuple[Path, Path]) -> None:
    """Made and removed again before the watch looked into it."""
    folder, out = folders
    made, _, _ = watcher(folder, out, recursive=True)
    observing = watch._Observing(made, None)
    observing._take(("folder", folder / "gone"))
    assert made.pending == {}


def test_a_folder_gone_as_it_is_watched_again_is_waited_for(
    folders: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The USB stick pulled out again as the watch starts on it: no failure."""
    import errno

    folder, out = folders

    def gone(poll: float | None) -> object:
        folder.rmdir()
        raise OSError(errno.ENOENT, "No such file or directory")

    monkeypatch.setattr(watch._Observing, "_observer", staticmethod(gone))
    made, _, _ = watcher(folder, out)
    observing = watch._Observing(made, 0.5)
    assert observing.start() is False
    assert observing.folder_id is None


def test_subfolders_only_with_recursive(folders: tuple[Path, Path]) -> None:
    folder, out = folders
    (folder / "march").mkdir()
    (folder / "march" / "night.xml").write_bytes(NIGHT.read_bytes())
    flat, _, _ = watcher(folder, out)
    deep, clock, _ = watcher(folder, out, recursive=True)
    assert (flat.scan(), deep.scan()) == (0, 1)
    settle(deep, clock)
    assert [p.relative_to(out).parent.name for p in out.rglob("night*")] == ["march"]


def test_a_deleted_file_keeps_its_outputs_and_is_said_once(folders: tuple[Path, Path]) -> None:
    folder, out = folders
    night = folder / "night.xml"
    night.write_bytes(NIGHT.read_bytes())
    made, clock, lines = watcher(folder, out)
    made.scan()
    settle(made, clock)
    for _ in range(2):
        night.unlink()
        made.removed(night)
        made.removed(night)
        night.write_bytes(NIGHT.read_bytes())  # put back: not scored again
        made.noticed(night)
        settle(made, clock)
    assert lines.about(night)[1:] == 2 * [f"{night}: {watch.GONE}"]
    made.removed(folder.parent / "elsewhere.xml")  # not below the folder: nothing
    assert any(out.glob("night*"))


def test_outputs_are_named_as_batch_names_them(folders: tuple[Path, Path]) -> None:
    folder, out = folders
    (folder / "night.xml").write_bytes(NIGHT.read_bytes())
    made, clock, _ = watcher(folder, out, "json", "html")
    made.scan()
    settle(made, clock)
    planned = {job.target for to in ("json", "html") for job in batch.plan([str(folder)], out, to)}
    assert set(made.targets(folder / "night.xml")) == planned
    assert {p for p in out.iterdir() if not p.name.startswith(".")} == planned


def test_once_scores_what_is_there_and_exits(
    folders: tuple[Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    """As batch does: 0, or 1 with a broken file (the good one still written)."""
    folder, out = folders
    (folder / "good.xml").write_bytes(NIGHT.read_bytes())
    assert main(["watch", str(folder), "--out-dir", str(out), "--once", "--to", "json"]) == 0
    (folder / "bad.xml").write_bytes(b"<USEBIO")
    assert main(["watch", str(folder), "--out-dir", str(out), "--once", "--to", "json"]) == 1
    err = capsys.readouterr().err
    assert err.count("good.xml:") == 1 and "bad.xml:1: " in err
    assert len(list(out.glob("good*"))) == 1
    assert list(out.glob("bad*")) == []


def test_log_and_quiet(
    folders: tuple[Path, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """--log: the lines, dated, to the file instead of stderr; --quiet: only
    the problems."""
    folder, out = folders
    (folder / "good.xml").write_bytes(NIGHT.read_bytes())
    (folder / "bad.xml").write_bytes(b"<USEBIO")
    log = tmp_path / "watch.log"
    words = ["watch", str(folder), "--out-dir", str(out), "--once"]
    assert main([*words, "--log", str(log)]) == 1
    assert capsys.readouterr().err == ""
    logged = log.read_text(encoding="utf-8").splitlines()
    said = [line.split(" ", 2)[2] for line in logged]
    assert len(said) == 2
    assert said[0].startswith(f"{folder / 'bad.xml'}:1: ")
    assert said[1].startswith(f"{folder / 'good.xml'}: 8 pairs")
    assert all(time.strptime(line[:19], "%Y-%m-%d %H:%M:%S") for line in logged)
    (folder / "good.xml").write_bytes(NIGHT.read_bytes() + b"\n")
    assert main([*words, "--quiet"]) == 1
    (said,) = capsys.readouterr().err.splitlines()  # type: ignore[assignment]
    assert f"{folder / 'bad.xml'}:1: " in said


@pytest.mark.parametrize(
    ("words", "message"),
    [
        (["--best", "2"], "--best applies to the --season page"),
        (["--to", "json", "--usebio-for", "cobalt"], "--usebio-for applies to --to usebio"),
        (["--settle", "-1"], "not a number of seconds"),
        (["--poll", "0"], "not a number of seconds above 0"),
        (["--to", "json", "--to", "html", "--keep-awards"], "--keep-awards applies to --to usebio"),
    ],
    ids=[
        "season-option-without-season",
        "usebio-option-without-usebio",
        "negative-settle",
        "poll-0",
        "usebio-option-without-usebio-among-several",
    ],
)
def test_options_that_would_do_nothing_are_usage_errors(
    folders: tuple[Path, Path], capsys: pytest.CaptureFixture[str], words: list[str], message: str
) -> None:
    folder, out = folders
    assert main(["watch", str(folder), "--out-dir", str(out), "--once", *words]) == 2
    assert message in capsys.readouterr().err


def test_writer_options_go_to_the_formats_they_apply_to(folders: tuple[Path, Path]) -> None:
    """--usebio-for and --dd with --to usebio --to html: each to its own."""
    folder, out = folders
    (folder / "night.xml").write_bytes(NIGHT.read_bytes())
    words = ["watch", str(folder), "--out-dir", str(out), "--once", "--to", "usebio", "--to"]
    assert main([*words, "html", "--usebio-for", "cobalt", "--keep-awards"]) == 0
    assert len(list(out.glob("night*"))) == 2


def test_the_out_dir_cannot_be_the_watched_folder(
    folders: tuple[Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    folder, _ = folders
    assert main(["watch", str(folder), "--out-dir", str(folder), "--once"]) == 2
    assert "must not be the watched folder" in capsys.readouterr().err


def test_season_after_three_nights_equals_the_season_command(tmp_path: Path) -> None:
    """Three nights saved one by one: the page is ``pbnscore season`` over them."""
    folder, out = tmp_path / "in", tmp_path / "out"
    folder.mkdir()
    page = out / "season.html"
    words = ["watch", str(folder), "--out-dir", str(out), "--once", "--season", str(page)]
    for night in SEASON_NIGHTS:
        (folder / night.name).write_bytes(night.read_bytes())
        assert main([*words, "--best", "2"]) == 0
    nights = [str(folder / night.name) for night in SEASON_NIGHTS]
    expected = tmp_path / "expected.html"
    assert main(["season", *nights, "--best", "2", "-o", str(expected), "--no-progress"]) == 0
    assert page.read_bytes() == expected.read_bytes()


# -- the real watcher --------------------------------------------------------------------


def wait_for(check: Callable[[], bool], what: str) -> None:
    deadline = time.monotonic() + DEADLINE
    while not check() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert check(), f"no {what} within {DEADLINE:g} s"


@pytest.fixture
def running(folders: tuple[Path, Path]) -> Iterator[Callable[..., tuple[Lines, watch.Config]]]:
    """Starts ``watch.watch`` with the real observer in a thread; stops it after."""
    stop = threading.Event()
    threads: list[threading.Thread] = []

    def start(
        *, poll: float | None = None, settle: float = 0.2, started: str = "watching"
    ) -> tuple[Lines, watch.Config]:
        lines = Lines()
        made = config(*folders, settle=settle)
        log = watch.Log(lines)  # type: ignore[arg-type]
        thread = threading.Thread(
            target=watch.watch, args=(made, log), kwargs={"poll": poll, "stop": stop}
        )
        thread.start()
        threads.append(thread)
        wait_for(lambda: any(started in line for line in lines.lines), "start")
        return lines, made

    yield start
    stop.set()
    for thread in threads:
        thread.join(DEADLINE)


@pytest.mark.parametrize("poll", [None, 0.1], ids=["native-events", "polling"])
def test_a_rename_into_place_is_scored_once(
    running: Callable[..., tuple[Lines, watch.Config]], poll: float | None
) -> None:
    lines, made = running(poll=poll)
    temporary, night = made.folder / "night.xml.tmp", made.folder / "night.xml"
    temporary.write_bytes(NIGHT.read_bytes())
    temporary.rename(night)
    lines.wait(lambda: bool(lines.about(night)), "scoring")
    time.sleep(5 * made.settle)  # time enough for a second scoring, were there one
    assert len(lines.about(night)) == 1
    assert len(lines.lines) == 2  # "watching", then the night


def test_three_parts_with_short_pauses_are_scored_once_after_the_last(
    running: Callable[..., tuple[Lines, watch.Config]], tmp_path: Path
) -> None:
    """The pauses (0.1 s) are shorter than --settle (its default, 2 s, so
    that a busy machine's stall does not pass for a finished save): one
    scoring, of the whole file, equal to ``score``'s output."""
    lines, made = running(settle=watch.DEFAULT_SETTLE)
    night, data = made.folder / "night.xml", NIGHT.read_bytes()
    third = len(data) // 3
    for part in (data[:third], data[third : 2 * third], data[2 * third :]):
        with night.open("ab") as stream:
            stream.write(part)
        time.sleep(0.1)
    lines.wait(lambda: bool(lines.about(night)), "scoring")
    time.sleep(made.settle + 0.5)  # time enough for a second scoring, were there one
    assert len(lines.about(night)) == 1
    written = next(made.out_dir.glob("night*"))
    assert written.read_bytes() == scored_by_score(night, tmp_path)


def test_saved_again_with_the_same_bytes_is_not_scored_again(
    running: Callable[..., tuple[Lines, watch.Config]],
) -> None:
    lines, made = running()
    night = made.folder / "night.xml"
    night.write_bytes(NIGHT.read_bytes())
    lines.wait(lambda: bool(lines.about(night)), "scoring")
    night.write_bytes(NIGHT.read_bytes())
    other = made.folder / "other.xml"
    other.write_bytes(NIGHT.read_bytes())  # scored after the second save was looked at
    lines.wait(lambda: bool(lines.about(other)), "scoring")
    time.sleep(2 * made.settle)
    assert len(lines.about(night)) == 1


def test_a_broken_save_waits_for_the_next_change(
    running: Callable[..., tuple[Lines, watch.Config]],
) -> None:
    lines, made = running()
    night = made.folder / "night.xml"
    night.write_bytes(NIGHT.read_bytes()[:2000])
    lines.wait(lambda: bool(lines.about(night)), "problem line")
    assert lines.about(night)[0].endswith(watch.WAITING)
    assert not any(made.out_dir.glob("night*"))
    night.write_bytes(NIGHT.read_bytes())
    lines.wait(lambda: len(lines.about(night)) == 2, "scoring")
    assert "8 pairs" in lines.about(night)[1]
    assert any(made.out_dir.glob("night*"))


def test_without_file_events_it_polls(
    running: Callable[..., tuple[Lines, watch.Config]], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Native events refused (Linux's inotify watch limit, ENOSPC): said,
    and the folder polled instead."""
    import errno

    made_observer = watch._Observing._observer

    def refusing(poll: float | None) -> object:
        if poll is None:
            raise OSError(errno.ENOSPC, "inotify watch limit reached")
        return made_observer(poll)

    monkeypatch.setattr(watch._Observing, "_observer", staticmethod(refusing))
    lines, made = running()
    assert "no file events (inotify watch limit reached): polling" in lines.lines[0]
    night = made.folder / "night.xml"
    night.write_bytes(NIGHT.read_bytes())
    lines.wait(lambda: bool(lines.about(night)), "scoring")


def test_a_folder_not_there_at_the_start_is_waited_for(
    running: Callable[..., tuple[Lines, watch.Config]], folders: tuple[Path, Path]
) -> None:
    """The USB stick put in after the watch started (at log-in)."""
    folders[0].rmdir()
    lines, made = running(started="no such folder; waiting for it")
    made.folder.mkdir()
    lines.wait(lambda: any("back; watching" in line for line in lines.lines), "back line")
    night = made.folder / "night.xml"
    night.write_bytes(NIGHT.read_bytes())
    lines.wait(lambda: bool(lines.about(night)), "scoring")


def test_a_folder_deleted_and_back_is_watched_again(
    running: Callable[..., tuple[Lines, watch.Config]],
) -> None:
    """A USB stick pulled out and put back: said, and watched again."""
    lines, made = running()
    made.folder.rmdir()
    lines.wait(lambda: any("gone; waiting" in line for line in lines.lines), "gone line")
    made.folder.mkdir()
    lines.wait(lambda: any("back; watching" in line for line in lines.lines), "back line")
    night = made.folder / "night.xml"
    night.write_bytes(NIGHT.read_bytes())
    lines.wait(lambda: bool(lines.about(night)), "scoring")


def open_files() -> int | None:
    """This process's open descriptors, where the system lists them."""
    listed = Path("/dev/fd")
    return len(os.listdir(listed)) if listed.is_dir() else None


TRACED_FROM = 901  # the save from which Python's allocations are traced


def test_a_thousand_saves_leave_memory_and_open_files_flat(
    running: Callable[..., tuple[Lines, watch.Config]],
) -> None:
    """Open descriptors after 1,000 saves are as after the first 100, and the
    last 100 saves leave alive no more of Python's allocations (tracemalloc)
    than a generous bound. Only the last 100 are traced, as tracemalloc
    makes each allocation two to three times dearer (it traced all 1,000,
    most of this module's time): what one save leaks, each save leaks."""
    import gc
    import tracemalloc

    lines, made = running(settle=0.005)
    lines.kept = False
    night, data = made.folder / "night.xml", SMALL.read_bytes()
    files: list[int | None] = []
    try:
        for save in range(1, 1001):
            if save == TRACED_FROM:
                tracemalloc.start()
            night.write_bytes(data.replace(b"</USEBIO>", f"<!-- {save} --></USEBIO>".encode()))
            lines.wait(lambda save=save: lines.scorings >= save, f"scoring {save}")  # type: ignore[misc]
            if save in (100, 1000):
                files.append(open_files())
        gc.collect()  # what is still alive, not garbage awaiting a collection
        grown = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    assert lines.scorings == 1000
    assert grown < (1001 - TRACED_FROM) * 1024  # a leak of 1 KiB a save would fail it
    files_100, files_1000 = files
    assert files_100 is None or (files_1000 is not None and files_1000 <= files_100 + 2)


# -- a pbnscore watch process, stopped by a signal -------------------------------------------


def started(folder: Path, out: Path) -> tuple[subprocess.Popen[str], Path]:
    """``pbnscore watch`` in a process of its own, once it is watching."""
    log = out.parent / "watch.log"
    words = ["watch", str(folder), "--out-dir", str(out), "--settle", "0.2", "--log", str(log)]
    from test_signals import _default_signals  # whatever the shell handed pytest

    process = subprocess.Popen(
        [sys.executable, "-m", "pbnscore", *words],
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
        preexec_fn=_default_signals,
    )
    wait_for(lambda: log.is_file() and "watching" in log.read_text(), "start")
    return process, log


@pytest.mark.skipif(os.name == "nt", reason="Windows delivers no SIGINT or SIGTERM to a process")
@pytest.mark.parametrize(
    ("signum", "status"),
    [(signal.SIGINT, 130), (getattr(signal, "SIGTERM", 15), 143)],
    ids=["SIGINT", "SIGTERM"],
)
def test_a_signal_stops_it_with_nothing_half_written(
    folders: tuple[Path, Path], tmp_path: Path, signum: int, status: int
) -> None:
    """Sent as a save is being scored: the exit status of the signal, no
    ``.part`` file left, and each output whole (one night or the other)."""
    folder, out = folders
    process, log = started(folder, out)
    night = folder / "night.xml"
    night.write_bytes(NIGHT.read_bytes())
    wait_for(lambda: "8 pairs" in log.read_text(), "scoring")
    changed = NIGHT.read_bytes().replace(b"</USEBIO>", b"<!-- again --></USEBIO>")
    night.write_bytes(changed)
    time.sleep(0.2)  # about when the second save has settled and is scored
    process.send_signal(signum)
    try:
        assert process.wait(DEADLINE) == status
    finally:
        process.kill()
        assert process.stderr is not None
        process.stderr.close()
    assert [p.name for p in out.iterdir() if p.name.endswith(".part")] == []
    (written,) = out.glob("night*")
    expected = {scored_by_score(NIGHT, tmp_path)}
    (tmp_path / "again.xml").write_bytes(changed)
    expected.add(scored_by_score(tmp_path / "again.xml", tmp_path))
    assert written.read_bytes() in expected


# -- the start-at-log-in files of the docs ------------------------------------------------

EXAMPLES = ROOT / "examples" / "watch"
TASK = "{http://schemas.microsoft.com/windows/2004/02/mit/task}"


def readme_section() -> str:
    """The docs page on watching a folder (its setting-up part too)."""
    return (ROOT / "docs" / "tutorials" / "watch.md").read_text(encoding="utf-8")


def documented_commands() -> list[tuple[str, list[str]]]:
    """Each command line the docs give for starting a watch, as words."""
    from lxml import etree

    found = []
    service = (EXAMPLES / "pbnscore-watch.service").read_text(encoding="utf-8")
    (line,) = [line for line in service.splitlines() if line.startswith("ExecStart=")]
    found.append(("systemd", shlex.split(line.removeprefix("ExecStart=").replace("%h", "/h"))))
    agent = plistlib.loads((EXAMPLES / "org.pbnscore.watch.plist").read_bytes())
    found.append(("launchd", list(agent["ProgramArguments"])))
    task = etree.parse(str(EXAMPLES / "pbnscore-watch.xml"))
    command = task.findtext(f".//{TASK}Exec/{TASK}Command")
    arguments = task.findtext(f".//{TASK}Exec/{TASK}Arguments")
    assert command is not None and arguments is not None
    found.append(("task-scheduler", [command, *arguments.split()]))
    for line in readme_section().splitlines():
        command = line.strip().removeprefix("$ ")
        if "pbnscore watch" in command and not command.startswith(("`", "-")):
            found.append(("readme", command.split()))
    return found


DOCUMENTED = documented_commands()


def test_the_docs_give_a_start_at_log_in_file_for_each_system() -> None:
    section = readme_section()
    files = sorted(path.name for path in EXAMPLES.iterdir())
    assert files == ["org.pbnscore.watch.plist", "pbnscore-watch.service", "pbnscore-watch.xml"]
    assert all(name in section for name in files)
    assert {where for where, _ in DOCUMENTED} == {"systemd", "launchd", "task-scheduler", "readme"}


@pytest.mark.parametrize(("where", "words"), DOCUMENTED, ids=[w for w, _ in DOCUMENTED])
def test_each_documented_command_is_a_real_watch_command_line(where: str, words: list[str]) -> None:
    """``pbnscore watch`` (or ``pyw -m pbnscore watch``) with options the
    command takes: parsed by the real parser."""
    program, *rest = words
    if Path(program).name != "pbnscore":
        assert program in ("pyw", "pythonw") and rest[:2] == ["-m", "pbnscore"]
        rest = rest[2:]
    assert rest[0] == "watch"
    args = _parser.parse(_commands.line(rest), merged(default_methods(), shared_only=True), None)
    assert args.folder and args.out_dir
