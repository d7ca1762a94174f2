"""Whether a plug-in reproduces a file's own scoring (docs/reference/choices.md "A scoring we do
not have") is answered without ``importlib.metadata`` where no installed
distribution's entry points mention the scoring, and answered alike however
the plug-in is installed: ``registry.registered`` agrees with a full
discovery for each layout ``importlib.metadata`` reads (docs/internals/speed.md)."""

from __future__ import annotations

import zipfile
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

import pbnscore
from pbnscore import registry

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
MATCHPOINTS = FIXTURES / "usebio" / "matchpoint-awards.xml"
ENTRY = "[pbnscore.strategies]\nmatchpoints = pbnscore_mp:Matchpoints\n"
WARNING = "the file's own scoring is matchpoints; scored here as butler"


def described(info: Path, metadata: str, text: str = ENTRY) -> None:
    """A distribution's metadata folder: its METADATA (or PKG-INFO) and entry points."""
    info.mkdir(parents=True)
    (info / metadata).write_text("Metadata-Version: 2.1\nName: pbnscore_mp\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(text)


def dist_info(site: Path, text: str = ENTRY) -> Path:
    described(site / "pbnscore_mp-1.0.dist-info", "METADATA", text)
    return site


def egg_info(site: Path) -> Path:
    described(site / "pbnscore_mp.egg-info", "PKG-INFO")
    return site


def egg(site: Path) -> Path:
    folder = site / "pbnscore_mp-1.0-py3.11.egg"
    described(folder / "EGG-INFO", "PKG-INFO")
    return folder


def zipped(site: Path) -> Path:
    archive = site / "plugins.zip"
    with zipfile.ZipFile(archive, "w") as zipped:
        zipped.writestr("pbnscore_mp-1.0.dist-info/METADATA", "Name: pbnscore_mp\nVersion: 1.0\n")
        zipped.writestr("pbnscore_mp-1.0.dist-info/entry_points.txt", ENTRY)
    return archive


@pytest.fixture
def on_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[[Path], None]]:
    """Put a folder (or zip) on sys.path, discovery forgotten before and after."""

    def put(entry: Path) -> None:
        monkeypatch.syspath_prepend(str(entry))
        registry.refresh()

    registry.refresh()
    yield put
    registry.refresh()


def own_scoring_said() -> bool:
    scored = pbnscore.score(pbnscore.load(MATCHPOINTS), "butler")
    return WARNING in [notice.message for notice in scored.warnings]


@pytest.mark.parametrize("layout", [dist_info, egg_info, egg, zipped])
def test_a_plugin_of_the_files_scoring_silences_the_warning_in_every_layout(
    tmp_path: Path, on_path: Callable[[Path], None], layout: Callable[[Path], Path]
) -> None:
    on_path(layout(tmp_path))
    assert registry.registered(["matchpoints", "butler"]) == {"matchpoints", "butler"}
    assert "matchpoints" in registry.discover().entries  # importlib.metadata's own answer
    assert not own_scoring_said()


def test_no_mention_anywhere_answers_without_discovery(on_path: Callable[[Path], None]) -> None:
    assert own_scoring_said()
    assert registry.discover.cache_info().currsize == 0  # importlib.metadata was not asked


@pytest.mark.parametrize(
    "text",
    [
        "[console_scripts]\nmatchpoints = pbnscore_mp:main\n",  # another group's entry point
        "[pbnscore.strategies]\nmatchpoints-plus = pbnscore_mp:Plus\n",  # a longer name
    ],
)
def test_a_mention_that_is_no_such_method_still_warns(
    tmp_path: Path, on_path: Callable[[Path], None], text: str
) -> None:
    on_path(dist_info(tmp_path, text))
    assert registry.registered(["matchpoints"]) == set()
    assert own_scoring_said()


def test_discovery_once_made_answers(
    tmp_path: Path, on_path: Callable[[Path], None], monkeypatch: pytest.MonkeyPatch
) -> None:
    """After a discovery (``methods``, ``-m`` a plug-in), the answer is its,
    as every other question about the methods is, until ``refresh``."""
    registry.discover()
    monkeypatch.syspath_prepend(str(dist_info(tmp_path)))
    assert registry.registered(["matchpoints"]) == set()
    registry.refresh()
    assert registry.registered(["matchpoints"]) == {"matchpoints"}


def test_a_plugin_put_on_the_path_after_a_scan_is_found(
    tmp_path: Path, on_path: Callable[[Path], None], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Before any discovery the scan answers for the ``sys.path`` it read:
    a folder added since is read too, as a fresh discovery would."""
    assert registry.registered(["matchpoints"]) == set()
    monkeypatch.syspath_prepend(str(dist_info(tmp_path)))
    assert registry.registered(["matchpoints"]) == {"matchpoints"}
    assert "matchpoints" in registry.discover().entries


def test_built_in_names_alone_answer_without_discovery(on_path: Callable[[Path], None]) -> None:
    assert registry.registered(["butler", "cross-imps"]) == {"butler", "cross-imps"}
    assert registry.discover.cache_info().currsize == 0
