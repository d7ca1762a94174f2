"""``pbnscore watch``'s own files (the season page, the state file) where
what is at their names is not a file of its own: a folder named as the
season page is refused before any work, in the words ``season -o`` uses; a
state file that is a link, or no regular file, is replaced by the watch's
own and never written through (docs/reference/bad-input.md)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from pbnscore import _watch_state
from test_watch import NIGHT


def pbnscore(*words: str | Path) -> subprocess.CompletedProcess[str]:
    """The installed command, in a process of its own."""
    command = [sys.executable, "-m", "pbnscore", *map(str, words)]
    return subprocess.run(command, capture_output=True, text=True, check=False, timeout=120)


@pytest.fixture
def night_folder(tmp_path: Path) -> Path:
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "night.xml").write_bytes(NIGHT.read_bytes())
    return folder


@pytest.mark.parametrize("slash", [True, False], ids=["out-slash", "existing-folder"])
def test_a_season_page_that_names_a_folder_is_refused_before_any_work(
    night_folder: Path, tmp_path: Path, slash: bool
) -> None:
    """``--season out/`` (or ``out``, a folder there) scored every night and
    then failed with exit 1; ``season -o out/`` refuses up front. The watch
    says the same words, exit 2, and writes nothing."""
    page = tmp_path / "pages"
    page.mkdir()
    named = f"{page}{os.sep}" if slash else str(page)
    out = tmp_path / "out"
    done = pbnscore("watch", night_folder, "--out-dir", out, "--once", "--season", named)
    assert done.returncode == 2, done.stderr
    assert done.stderr == f"{named}: watch --season takes a file name, not a folder\n"
    assert not out.exists()
    assert list(page.iterdir()) == []


def test_season_says_the_same_words(night_folder: Path, tmp_path: Path) -> None:
    """The refusal the watch's words follow."""
    page = tmp_path / "pages"
    page.mkdir()
    done = pbnscore("season", night_folder, "-o", f"{page}{os.sep}")
    assert done.returncode == 2, done.stderr
    assert done.stderr == f"{page}{os.sep}: season -o takes a file name, not a folder\n"


def _not_regular(at: Path, tmp_path: Path) -> Path | None:
    """A link to /dev/zero at ``at``; what it points to (None: nothing to keep)."""
    at.symlink_to("/dev/zero")
    return None


def _link_to_a_file(at: Path, tmp_path: Path) -> Path:
    """A link to a user's file that is no state file: never written over."""
    kept = tmp_path / "letter.txt"
    kept.write_text("Dear members,\n")
    at.symlink_to(kept)
    return kept


def _fifo(at: Path, tmp_path: Path) -> None:
    """A named pipe: writing into it would wait for a reader for ever."""
    os.mkfifo(at)
    return None


@pytest.mark.skipif(not hasattr(os, "symlink") or os.name == "nt", reason="POSIX links and nodes")
@pytest.mark.parametrize(
    "make",
    [
        pytest.param(
            _not_regular,
            marks=pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero"),
        ),
        _link_to_a_file,
        pytest.param(
            _fifo, marks=pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes")
        ),
    ],
    ids=["link-to-dev-zero", "link-to-a-letter", "named-pipe"],
)
def test_a_state_file_not_the_watchs_is_replaced_not_written_through(
    night_folder: Path, tmp_path: Path, make: object
) -> None:
    """The docs said such a state file is replaced by the next night
    scored; a link to /dev/zero stayed (the state was written into
    /dev/zero) and a link to a file had that file written over. Now the
    name itself gets the watch's state, a regular file, and what a link
    pointed to is as it was; the next run reads it and scores nothing again."""
    out = tmp_path / "out"
    out.mkdir()
    state = out / _watch_state.STATE_NAME
    kept = make(state, tmp_path)  # type: ignore[operator]
    before = kept.read_bytes() if kept is not None else None
    done = pbnscore("watch", night_folder, "--out-dir", out, "--once", "--to", "json")
    assert done.returncode == 0, done.stderr
    assert _watch_state.NOT_STATE in done.stderr
    assert not state.is_symlink() and state.is_file()
    assert _watch_state.STATE_SCHEMA in state.read_text(encoding="utf-8")
    if kept is not None:
        assert kept.read_bytes() == before
    again = pbnscore("watch", night_folder, "--out-dir", out, "--once", "--to", "json")
    assert again.returncode == 0, again.stderr
    assert again.stderr == ""


@pytest.mark.skipif(os.name == "nt", reason="POSIX's words for a folder opened as a file")
def test_a_folder_at_the_state_s_name_is_said_by_its_name(
    night_folder: Path, tmp_path: Path
) -> None:
    """Not renamed over (a folder is no link): the night is written, and the
    line names the state file, not the output folder as a whole."""
    out = tmp_path / "out"
    state = out / _watch_state.STATE_NAME
    state.mkdir(parents=True)
    done = pbnscore("watch", night_folder, "--out-dir", out, "--once", "--to", "json")
    assert done.returncode == 1, done.stderr
    assert done.stderr.splitlines()[-1].endswith(f" {state}: Is a directory")
    assert (out / "night.json").is_file() and state.is_dir()
