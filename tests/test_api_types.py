"""The Python API says what it wants: a value of the wrong type is a
TypeError naming what was expected (docs/api/index.md "Load, score, write"), not an
AttributeError from deep inside, nor an OSError from ``open(123)``; and
``season`` takes a folder as the command line does."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

import pbnscore
import pbnscore.report.csv
import pbnscore.report.html
import pbnscore.report.json
import pbnscore.report.text
from pbnscore import pbn, usebio
from pbnscore.model import Event

FIXTURES = Path(__file__).parent.parent / "fixtures"
NIGHT = FIXTURES / "usebio" / "club-night.xml"
CLUB = FIXTURES / "season" / "club"


def _unscored() -> Event:
    return pbnscore.load(NIGHT)


def _with_unscored(shows: Callable[[Event], object]) -> Callable[[], object]:
    return lambda: shows(_unscored())


CASES: list[tuple[str, Callable[[], object], str]] = [
    ("score-a-path", lambda: pbnscore.score("night.xml"), "pbnscore.score() takes an Event"),  # type: ignore[arg-type]
    ("score-none", lambda: pbnscore.score(None), "pbnscore.score() takes an Event"),
    ("usebio-dumps-none", lambda: usebio.dumps(None), "usebio.dumps() takes an Event or a"),
    ("pbn-dumps-none", lambda: pbn.dumps(None), "pbn.dumps() takes an Event or a ScoredEvent"),
    *(
        (f"{name}-unscored", _with_unscored(shows), f"{name}.{verb}() takes a ScoredEvent")  # type: ignore[arg-type]
        for name, verb, shows in (
            ("json", "dumps", pbnscore.report.json.dumps),
            ("text", "render", pbnscore.report.text.render),
            ("html", "render", pbnscore.report.html.render),
            ("csv", "render", pbnscore.report.csv.render),
        )
    ),
    ("pbn-loads-none", lambda: pbn.loads(None), "pbn.loads() takes a file's bytes (or text)"),
    ("usebio-loads-none", lambda: usebio.loads(None), "usebio.loads() takes a file's bytes"),
    ("loads-none", lambda: pbnscore.loads(None), "pbnscore.loads() takes a file's bytes"),
    ("load-int", lambda: pbnscore.load(123), "pbnscore.load() takes a file's path or an open"),  # type: ignore[arg-type]
    ("pbn-load-stdin-fd", lambda: pbn.load(0), "pbn.load() takes a file's path or an open file"),  # type: ignore[arg-type]
    ("usebio-load-int", lambda: usebio.load(123), "usebio.load() takes a file's path or an"),  # type: ignore[arg-type]
    ("season-none", lambda: pbnscore.season(None), "pbnscore.season() takes events, files"),
    ("season-an-int", lambda: pbnscore.season([1]), "pbnscore.season() takes events, files"),  # type: ignore[list-item]
]


@pytest.mark.parametrize(
    ("call", "says"), [(call, says) for _, call, says in CASES], ids=[name for name, *_ in CASES]
)
def test_a_wrong_type_is_a_type_error_naming_what_was_expected(
    call: Callable[[], object], says: str
) -> None:
    with pytest.raises(TypeError) as caught:
        call()
    assert says in str(caught.value)


def test_the_type_error_shows_what_was_given() -> None:
    """A short value is shown with its type; an object by its type alone."""
    with pytest.raises(TypeError) as caught:
        pbnscore.score("night.xml")  # type: ignore[arg-type]
    assert str(caught.value).endswith("not str 'night.xml'")
    with pytest.raises(TypeError) as caught:
        pbnscore.report.json.dumps(_unscored())  # type: ignore[arg-type]
    assert str(caught.value).endswith("not Event")


@pytest.mark.parametrize("folder", [str(CLUB), CLUB], ids=["str", "path"])
def test_season_takes_a_folder_as_the_command_line_does(folder: str | Path) -> None:
    """``season("folder")`` reads the files in it (it iterated the string's
    characters): the same ranking as the files given one by one."""
    files = sorted(p for p in CLUB.iterdir() if p.suffix in (".pbn", ".xml"))
    assert files
    by_folder = pbnscore.season(folder)
    by_files = pbnscore.season([pbnscore.load(path) for path in files])
    assert len(by_folder.events) == len(files)
    assert by_folder.ranking == by_files.ranking


def test_season_takes_folders_among_events(tmp_path: Path) -> None:
    """A folder inside the list stands for its files, beside an event."""
    folder = tmp_path / "february"
    folder.mkdir()
    for name in ("feb02.xml", "feb09.xml"):
        shutil.copy(CLUB / name, folder)
    mixed = pbnscore.season([pbnscore.load(CLUB / "jan05.pbn"), folder])
    assert len(mixed.events) == 3
