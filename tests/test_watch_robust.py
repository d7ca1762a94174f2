"""``pbnscore watch`` run for months: its work per file, files it cannot
read or write, state files that are not its own, nights deleted or renamed,
its own files kept apart from the nights; and a night counted once in a
season, whatever its file is called.

The watcher is driven by hand with the clock of :mod:`test_watch` (no
sleeping); what is about the command runs ``pbnscore`` in a process."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from pbnscore import _watch_state, batch, pipeline, watch
from pbnscore.cli import main
from test_watch import NIGHT, SEASON_NIGHTS, SMALL, Clock, Lines, settle, watcher

_AS_ROOT = hasattr(os, "geteuid") and os.geteuid() == 0


def pbnscore(*words: str | Path) -> subprocess.CompletedProcess[str]:
    """The installed command, in a process of its own."""
    command = [sys.executable, "-m", "pbnscore", *map(str, words)]
    return subprocess.run(command, capture_output=True, text=True, check=False, timeout=120)


def said(stderr: str) -> list[str]:
    """The lines a watch said, without their time of day."""
    return [line.split(" ", 1)[1] for line in stderr.splitlines()]


def nights(folder: Path, count: int) -> list[Path]:
    """``count`` small nights, each with bytes of its own."""
    folder.mkdir(exist_ok=True)
    made = []
    for number in range(count):
        path = folder / f"night-{number:03d}.xml"
        mark = f"<!--{number}--></USEBIO>".encode()
        path.write_bytes(SMALL.read_bytes().replace(b"</USEBIO>", mark))
        made.append(path)
    return made


# -- linear in the number of files -----------------------------------------------------


@pytest.mark.parametrize("formats", [("json",), ("json", "html")], ids=["one-format", "two"])
def test_the_work_per_file_does_not_grow_with_the_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, formats: tuple[str, ...]
) -> None:
    """Each night scored used to plan the whole folder again and rewrite
    the whole state file (quadratic: 800 nights took 70 times a batch's
    time). Counted, not timed: 5 and 40 nights are planned once (every
    format at once) and the state written once, at either size."""
    counts: dict[int, tuple[int, int]] = {}
    plan, write = batch.plan, _watch_state.write_bytes  # type: ignore[attr-defined]
    for count in (5, 40):
        folder, out = tmp_path / f"in-{count}", tmp_path / f"out-{count}"
        nights(folder, count)
        plans = writes = 0

        def counted_plan(*args: object, **kwargs: object) -> list[batch.Job]:
            nonlocal plans
            plans += 1
            return plan(*args, **kwargs)  # type: ignore[arg-type]

        def counted_write(path: Path, data: bytes, **kwargs: bool) -> None:
            nonlocal writes
            writes += Path(path).name == _watch_state.STATE_NAME
            write(path, data, **kwargs)

        monkeypatch.setattr(batch, "plan", counted_plan)
        monkeypatch.setattr(_watch_state, "write_bytes", counted_write)
        made, clock, lines = watcher(folder, out, *formats)
        assert made.scan() == count
        settle(made, clock)
        assert lines.scorings == count
        assert len(json.loads((out / _watch_state.STATE_NAME).read_text())["files"]) == count
        counts[count] = plans, writes
    assert counts[5] == counts[40] == (1, 1)


# -- outputs that could not be written ---------------------------------------------------------


def test_an_output_that_failed_is_tried_again_at_the_next_save(
    folders: tuple[Path, Path],
) -> None:
    """A folder in the way of the output: the line names the night; once
    the folder is gone, the next save of another night writes it too."""
    folder, out = folders
    night, other = folder / "night.xml", folder / "other.xml"
    night.write_bytes(NIGHT.read_bytes())
    (out / "night.json").mkdir(parents=True)
    made, clock, lines = watcher(folder, out, "json")
    made.scan()
    settle(made, clock)
    (line,) = lines.about(night)
    assert line.startswith(f"{night}: not written: ") and line.endswith(watch.RETRYING)
    (out / "night.json").rmdir()
    other.write_bytes(SMALL.read_bytes())
    made.noticed(other)
    settle(made, clock)
    assert (out / "night.json").is_file() and (out / "other.json").is_file()
    assert "8 pairs" in lines.about(night)[-1]


def test_an_output_that_failed_is_written_at_the_next_start(folders: tuple[Path, Path]) -> None:
    folder, out = folders
    (folder / "night.xml").write_bytes(NIGHT.read_bytes())
    (out / "night.json").mkdir(parents=True)
    assert main(["watch", str(folder), "--out-dir", str(out), "--once", "--to", "json"]) == 1
    (out / "night.json").rmdir()
    assert main(["watch", str(folder), "--out-dir", str(out), "--once", "--to", "json"]) == 0
    assert (out / "night.json").is_file()


# -- files that cannot be read -----------------------------------------------------------------


def test_a_looping_link_is_one_line_and_exit_1_with_once(folders: tuple[Path, Path]) -> None:
    """It was taken for a file still being written: waited on in silence,
    and --once exited 0."""
    folder, out = folders
    (folder / "good.xml").write_bytes(NIGHT.read_bytes())
    loop = folder / "loop.xml"
    loop.symlink_to(loop.name)
    done = pbnscore("watch", folder, "--out-dir", out, "--once", "--to", "json")
    assert done.returncode == 1
    lines = said(done.stderr)
    (problem,) = [line for line in lines if str(loop) in line]
    assert problem.startswith(f"{loop}: ") and not problem.endswith(watch.WAITING)
    assert (out / "good.json").is_file()


@pytest.mark.skipif(_AS_ROOT or os.name == "nt", reason="root reads a file of mode 000")
def test_a_file_of_mode_000_is_one_line_and_exit_1_with_once(folders: tuple[Path, Path]) -> None:
    folder, out = folders
    locked = folder / "locked.xml"
    locked.write_bytes(NIGHT.read_bytes())
    locked.chmod(0)
    try:
        done = pbnscore("watch", folder, "--out-dir", out, "--once")
    finally:
        locked.chmod(0o644)
    assert done.returncode == 1
    assert said(done.stderr) == [f"{locked}: Permission denied"]


def looked_at_thrice(folder: Path, out: Path, path: Path) -> tuple[watch.Watcher, Clock, Lines]:
    """A watcher that saw ``path`` change three times, each time settled."""
    made, clock, lines = watcher(folder, out)
    made.scan()
    for _ in range(3):
        settle(made, clock)
        made.noticed(path)
    settle(made, clock)
    return made, clock, lines


def test_a_running_watch_says_an_unreadable_file_once_and_retries_on_change(
    folders: tuple[Path, Path],
) -> None:
    folder, out = folders
    night = folder / "night.xml"
    night.symlink_to(night.name)
    made, clock, lines = looked_at_thrice(folder, out, night)
    (line,) = lines.about(night)
    assert line.endswith(watch.WAITING)
    night.unlink()
    night.write_bytes(NIGHT.read_bytes())
    made.noticed(night)
    settle(made, clock)
    assert "8 pairs" in lines.about(night)[-1]


def test_a_file_that_refuses_to_open_is_said_once_and_once_exits_1(
    folders: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A file of mode 000, as a process that is not root meets it (root
    reads any file: the refusal is made here): it was waited on in silence
    for ever, and --once exited 0."""
    import builtins

    folder, out = folders
    locked = folder / "locked.xml"
    locked.write_bytes(NIGHT.read_bytes())

    def refusing(file: object, *args: object, **kwargs: object) -> object:
        if Path(str(file)) == locked:
            raise PermissionError(13, "Permission denied", str(file))
        return builtins.open(file, *args, **kwargs)  # type: ignore[call-overload]

    monkeypatch.setattr(watch, "open", refusing, raising=False)
    made, _, lines = looked_at_thrice(folder, out, locked)
    assert lines.about(locked) == [f"{locked}: Permission denied {watch.WAITING}"]
    log_lines = Lines()
    log = watch.Log(log_lines)  # type: ignore[arg-type]
    assert watch.watch(made.config, log, once=True) == 1
    assert log_lines.about(locked) == [f"{locked}: Permission denied"]


# -- a state file that is not the watch's --------------------------------------------------------


def _deep(path: Path) -> None:
    path.write_text("[" * 100_000 + "]" * 100_000)


def _large(path: Path) -> None:
    with path.open("wb") as stream:
        stream.truncate(watch.MAX_STATE_BYTES + 1)  # sparse: no disk used


def _zeros(path: Path) -> None:
    path.symlink_to("/dev/zero")


@pytest.mark.parametrize(
    ("make", "why"),
    [
        (_deep, "not JSON"),
        (_large, "larger than 16 MiB"),
        pytest.param(
            _zeros,
            "not a regular file",
            marks=pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero"),
        ),
        (lambda path: path.write_text('{"schema": "other"}'), "not of the schema"),
        (lambda path: path.write_text(f'{{"schema": "{watch.STATE_SCHEMA}", "settings": 1}}'), ""),
    ],
    ids=[
        "nested-100000-deep",
        "over-the-cap",
        "link-to-dev-zero",
        "other-schema",
        "other-settings",
    ],
)
def test_a_state_file_not_the_watchs_is_ignored_with_a_warning(
    folders: tuple[Path, Path], make: object, why: str
) -> None:
    """Nested 100,000 deep it was exit 3 and nothing scored; a link to
    /dev/zero was read with no end. One made with other settings is the
    watch's own: no warning, every night scored again."""
    folder, out = folders
    (folder / "night.xml").write_bytes(NIGHT.read_bytes())
    out.mkdir()
    make(out / _watch_state.STATE_NAME)  # type: ignore[operator]
    done = pbnscore("watch", folder, "--out-dir", out, "--once", "--to", "json")
    assert done.returncode == 0, done.stderr
    lines = said(done.stderr)
    warned = [line for line in lines if watch.NOT_STATE in line]
    if why:
        assert warned == [
            f"{out / _watch_state.STATE_NAME}: warning: {why}: {watch.NOT_STATE}"
        ] or (len(warned) == 1 and why in warned[0])
    else:
        assert warned == []
    assert (out / "night.json").is_file()


# -- a night deleted as it is scored ---------------------------------------------------------------


def test_a_night_deleted_while_it_is_scored_is_said_so(
    folders: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Was "internal error: StopIteration"."""
    folder, out = folders
    night = folder / "night.xml"
    night.write_bytes(NIGHT.read_bytes())
    score = pipeline.score

    def deleting(*args: object, **kwargs: object) -> object:
        night.unlink()
        return score(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(pipeline, "score", deleting)
    made, clock, lines = watcher(folder, out)
    made.scan()
    settle(made, clock)
    assert lines.about(night) == [f"{night}: {watch.DELETED}"]
    assert not out.exists() or list(out.glob("night*")) == []


# -- its own outputs under a second name --------------------------------------------------


def _paths_not_followed(monkeypatch: pytest.MonkeyPatch) -> None:
    """Paths compared as a bind mount or a mapped drive leaves them: a
    second name of a folder that following links does not undo."""
    monkeypatch.setattr(batch, "resolved", lambda path: Path(os.path.abspath(path)))


def test_the_watched_folder_under_a_second_name_is_no_out_dir(
    folders: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    folder, _ = folders
    second = folder.parent / "second-name"
    second.symlink_to(folder, target_is_directory=True)
    _paths_not_followed(monkeypatch)
    (folder / "night.xml").write_bytes(NIGHT.read_bytes())
    assert main(["watch", str(folder), "--out-dir", str(second), "--once"]) == 2
    assert "must not be the watched folder" in capsys.readouterr().err
    assert sorted(p.name for p in folder.iterdir()) == ["night.xml"]


def test_its_outputs_under_a_second_name_are_not_nights(
    folders: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A recursive watch whose output folder is one of its subfolders,
    named another way: the outputs are never scored as nights."""
    folder, _ = folders
    (folder / "scored").mkdir()
    out = folder.parent / "out"
    out.symlink_to(folder / "scored", target_is_directory=True)
    _paths_not_followed(monkeypatch)
    (folder / "night.xml").write_bytes(NIGHT.read_bytes())
    made, clock, lines = watcher(folder, out, "usebio", recursive=True)
    made.scan()
    settle(made, clock)
    assert (folder / "scored" / "night.xml").is_file()
    assert made.scan() == 1
    settle(made, clock)
    assert len(lines.lines) == 1


@pytest.fixture
def bind_mounted(tmp_path: Path) -> object:
    """``bind(source, target)``: a real second name of a folder that no
    link-following undoes (Linux, as root); unmounted after the test."""
    mounted: list[Path] = []

    def bind(source: Path, target: Path) -> None:
        target.mkdir()
        try:
            done = subprocess.run(
                ["mount", "--bind", str(source), str(target)], capture_output=True, check=False
            )
        except OSError:
            done = None
        if done is None or done.returncode != 0:
            pytest.skip("no bind mount here (Linux, as root)")
        mounted.append(target)

    yield bind
    for target in mounted:
        subprocess.run(["umount", str(target)], check=False)


def test_a_bind_mount_of_the_watched_folder_is_no_out_dir(
    folders: tuple[Path, Path], bind_mounted: object
) -> None:
    folder, _ = folders
    second = folder.parent / "mounted"
    bind_mounted(folder, second)  # type: ignore[operator]
    (folder / "night.xml").write_bytes(NIGHT.read_bytes())
    done = pbnscore("watch", folder, "--out-dir", second, "--once")
    assert done.returncode == 2 and "must not be the watched folder" in done.stderr
    assert sorted(p.name for p in folder.iterdir()) == ["night.xml"]


# -- outputs never collide ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("given", "message"),
    [
        (["--to", "html", "--season", "{out}/night.html"], "where the output of"),
        (["--season", "{out}/" + _watch_state.STATE_NAME], "is also the watch's state file"),
        (["--log", "{folder}/night.xml"], "that the watch scores as a night"),
        (["--log", "{folder}/later.pbn"], "that the watch scores as a night"),
        (["--to", "html", "--log", "{out}/night.html"], "where the output of"),
        (["--season", "{out}/s.txt", "--log", "{out}/s.txt"], "is also the --season page"),
        (["--log", "{out}/" + _watch_state.STATE_NAME], "is also the watch's state file"),
    ],
    ids=[
        "season-over-a-report",
        "season-over-the-state",
        "log-over-an-input",
        "log-named-as-a-night",
        "log-over-an-output",
        "log-over-the-season",
        "log-over-the-state",
    ],
)
def test_its_own_files_colliding_are_refused_before_any_work(
    folders: tuple[Path, Path], given: list[str], message: str
) -> None:
    folder, out = folders
    night = folder / "night.xml"
    night.write_bytes(NIGHT.read_bytes())
    words = [word.format(folder=folder, out=out) for word in given]
    done = pbnscore("watch", folder, "--out-dir", out, "--once", *words)
    assert done.returncode == 2, done.stderr
    assert message in done.stderr
    assert not out.exists()
    assert night.read_bytes() == NIGHT.read_bytes()


def test_a_night_that_comes_later_is_not_written_over_the_season_page(
    folders: tuple[Path, Path],
) -> None:
    """``--season out/late.html --to html``, refused at the start for a
    ``late.xml`` already there, holds for one saved later too: that night
    is one line, the page stays the page."""
    folder, out = folders
    page = out / "late.html"
    season = watch.SeasonPage(page, lambda nights: watch.Page(b"the page", (), len(nights)))
    made, clock, lines = watcher(folder, out, "html", season=season)
    night = folder / "night.xml"
    night.write_bytes(NIGHT.read_bytes())
    made.noticed(night)
    settle(made, clock)
    late = folder / "late.xml"
    late.write_bytes(NIGHT.read_bytes())
    made.noticed(late)
    settle(made, clock)
    (line,) = lines.about(late)
    assert f"its output {page} is the --season page or the --log" in line
    assert page.read_bytes() == b"the page"


def test_once_says_no_waiting(folders: tuple[Path, Path]) -> None:
    """``--once`` exits: no "(waiting for the next change)"."""
    folder, out = folders
    (folder / "bad.xml").write_bytes(b"<USEBIO")
    done = pbnscore("watch", folder, "--out-dir", out, "--once")
    assert done.returncode == 1
    (line,) = said(done.stderr)
    assert line.startswith(f"{folder / 'bad.xml'}:1: ") and not line.endswith(watch.WAITING)


# -- a night is counted once ---------------------------------------------------------------------


def _season_nights(page: Path) -> list[str]:
    return [event["source"] for event in json.loads(page.read_text())["events"]]


def test_a_night_renamed_while_watched_is_counted_once(folders: tuple[Path, Path]) -> None:
    """``thursday.xml`` renamed ``thursday-0721.xml``: listed twice, its
    pairs' IMPs doubled, until a restart; now the page follows at once."""
    folder, out = folders
    page = out / "season.json"
    for night in SEASON_NIGHTS:
        (folder / night.name).write_bytes(night.read_bytes())
    season = watch.SeasonPage(page, _render_json)
    made, clock, lines = watcher(folder, out, season=season)
    made.scan()
    settle(made, clock)
    first = folder / SEASON_NIGHTS[0].name
    assert str(first) in _season_nights(page)
    renamed = first.with_name("renamed-" + first.name)
    first.rename(renamed)
    made.removed(first)
    made.noticed(renamed)
    settle(made, clock)
    listed = _season_nights(page)
    assert len(listed) == 3 and str(renamed) in listed and str(first) not in listed
    assert lines.lines[-1].startswith("season: 3 nights")


def test_a_night_deleted_while_watched_leaves_the_season_at_once(
    folders: tuple[Path, Path],
) -> None:
    folder, out = folders
    page = out / "season.json"
    for night in SEASON_NIGHTS:
        (folder / night.name).write_bytes(night.read_bytes())
    made, clock, lines = watcher(folder, out, season=watch.SeasonPage(page, _render_json))
    made.scan()
    settle(made, clock)
    gone = folder / SEASON_NIGHTS[-1].name
    gone.unlink()
    made.removed(gone)
    made.step()
    assert str(gone) not in _season_nights(page) and len(_season_nights(page)) == 2
    assert lines.lines[-1].startswith("season: 2 nights")


def _render_json(found: object) -> watch.Page:
    """The season page as ``watch --season season.json`` makes it."""
    from pbnscore.cli import _commands, _parser, _watch
    from pbnscore.cli._flags import default_methods, merged

    flags = merged(default_methods(), shared_only=True)
    words = ["watch", "f", "--out-dir", "o", "--season", "season.json"]
    args = _parser.parse(_commands.line(words), flags, None)
    page = _watch._season_page(args)
    assert page is not None
    return page.render(found)  # type: ignore[arg-type]


HAND_RECORD = '[Event "Hand records"]\n[Board "1"]\n[Dealer "N"]\n\n[Board "2"]\n'


def test_a_copy_and_a_hand_record_are_no_nights_of_a_season(tmp_path: Path) -> None:
    """``season`` over a folder with a night, its copy under another name
    and a hand record: one night, a warning naming both files, one saying
    the hand record is no night."""
    folder = tmp_path / "in"
    folder.mkdir()
    first, second = SEASON_NIGHTS[:2]
    for night in (first, second):
        (folder / night.name).write_bytes(night.read_bytes())
    (folder / "zz-copy.pbn").write_bytes(first.read_bytes())
    (folder / "hands.pbn").write_text(HAND_RECORD)
    page = tmp_path / "season.json"
    done = pbnscore("season", folder, "-o", page, "--no-progress")
    assert done.returncode == 0, done.stderr
    assert _season_nights(page) == [str(folder / first.name), str(folder / second.name)]
    copy, hands = folder / "zz-copy.pbn", folder / "hands.pbn"
    assert f"{copy}: warning: the same results as {folder / first.name}: counted once" in (
        done.stderr.splitlines()
    )
    assert f"{hands}: warning: no results (a file of deals only?): not a night of the season" in (
        done.stderr.splitlines()
    )


def test_watch_counts_the_nights_its_page_lists(folders: tuple[Path, Path]) -> None:
    """The log said "season: 3 nights" of a page of 2, the third a hand record."""
    folder, out = folders
    for night in SEASON_NIGHTS[:2]:
        (folder / night.name).write_bytes(night.read_bytes())
    (folder / "hands.pbn").write_text(HAND_RECORD)
    page = out / "season.json"
    done = pbnscore("watch", folder, "--out-dir", out, "--once", "--season", page)
    assert done.returncode == 0, done.stderr
    assert len(_season_nights(page)) == 2
    assert f"season: 2 nights → {page}" in said(done.stderr)


@pytest.fixture
def folders(tmp_path: Path) -> tuple[Path, Path]:
    folder = tmp_path / "in"
    folder.mkdir()
    return folder, tmp_path / "out"


def test_a_night_s_name_cannot_forge_a_line_or_reach_the_terminal(
    folders: tuple[Path, Path],
) -> None:
    """A night named with an escape sequence and a newline: every line watch
    says spells them (``\\x1b``, ``\\n``), the output's name too; none is raw."""
    folder, out = folders
    name = "a\x1b[31mb\nforged.xml"
    (folder / name).write_bytes(NIGHT.read_bytes())
    done = pbnscore("watch", folder, "--out-dir", out, "--once")
    assert done.returncode == 0, done.stderr
    assert "\x1b" not in done.stderr
    lines = said(done.stderr)
    assert not [line for line in lines if line.startswith("forged.xml")], lines
    assert any(line.endswith("→ " + str(out / "a\\x1b[31mb\\nforged.xml")) for line in lines)


def test_a_night_named_near_the_system_s_limit_is_scored(folders: tuple[Path, Path]) -> None:
    """A night of a 244-byte name (legal; 255 is the limit): its
    NAME.corrections.csv would be too long to exist, so it has none; it was
    reported 'File name too long' and never scored."""
    folder, out = folders
    name = "n" * 240 + ".xml"
    (folder / name).write_bytes(NIGHT.read_bytes())
    done = pbnscore("watch", folder, "--out-dir", out, "--once")
    assert done.returncode == 0, done.stderr
    assert (out / name).exists()
