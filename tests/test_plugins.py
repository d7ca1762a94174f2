"""Plug-ins: the built-in methods pass ``pbnscore.testing``'s conformance
tests, and a third-party method installed through an entry point (a real
``*.dist-info`` on ``sys.path``) is listed, loaded lazily, given its own flags
and run by the CLI; one that fails to import is reported, not fatal.
"""

from __future__ import annotations

import json
import shutil
import sys
import textwrap
from collections.abc import Iterator, Sequence
from functools import cache
from pathlib import Path
from typing import Any

import pytest

import pbnscore
from conftest import shared_sample_files
from pbnscore import registry, usebio
from pbnscore.cli import main
from pbnscore.model import Event, ScoredEvent
from pbnscore.strategies.aggregate import Aggregate
from pbnscore.strategies.barking import Barking
from pbnscore.strategies.butler import Butler
from pbnscore.strategies.cross_imps import CrossImps
from pbnscore.testing import MethodConformance, StrategyConformance, pairs_event, teams_event

FIXTURES = Path(__file__).parent.parent / "fixtures"


@cache
def read(*names: str) -> tuple[Event, ...]:
    """The project's fixture events, by path below fixtures/."""
    return tuple(pbnscore.load(FIXTURES / name) for name in names)


@cache
def sample(name: str) -> tuple[Event, ...]:
    """A real sample from ../shared/samples/usebio, where present."""
    return tuple(usebio.load(path) for path in shared_sample_files(f"usebio/{name}"))


PAIRS = (
    "usebio/flat-butler-old-style.xml",
    "usebio/session-section-layout.xml",
    "pbn/howell-pairs.pbn",
    "pbn/bridgewebs-no-scores.pbn",
)
TEAMS_OF_EIGHT = ("usebio/teams-of-eight-two-matches.xml", "pbn/teams-of-eight-three-matches.pbn")


class TestButlerConforms(MethodConformance):
    method = Butler

    def conformance_events(self) -> Sequence[Event]:
        return (pairs_event(), *read(*PAIRS), *sample("butler_mitchell.xml"))


class TestCrossImpsConforms(MethodConformance):
    method = CrossImps

    def conformance_events(self) -> Sequence[Event]:
        return (pairs_event(), *read(*PAIRS), *sample("payload_cross-imp-pairs.xml"))


class TestAggregateConforms(MethodConformance):
    method = Aggregate

    def conformance_events(self) -> Sequence[Event]:
        teams = read("usebio/teams-of-four.xml", "pbn/teams-of-four.pbn", *TEAMS_OF_EIGHT)
        return (teams_event(), teams_event(tables=4), *teams, *sample("payload_multiple-teams.xml"))


def test_the_former_names_are_the_method_s() -> None:
    """``Strategy`` is the ``Method`` protocol under its former name, and a
    ``StrategyConformance`` subclass's ``strategy`` is its ``method``."""
    from pbnscore.strategies import Method, Strategy

    assert Strategy is Method
    assert isinstance(Butler(), Method)
    assert TestBarkingConforms.method is Barking


class TestBarkingConforms(StrategyConformance):
    """The class's former name and attribute, as plug-ins written before use them."""

    strategy = Barking
    events = (teams_event(tables=4),)

    def conformance_events(self) -> Sequence[Event]:
        return (*self.events, *read(*TEAMS_OF_EIGHT))


# -- a third-party plug-in ------------------------------------------------------------

PLUGIN = '''
from __future__ import annotations

import attrs

from pbnscore.model import Direction, EventKind, PointsStyle, ScoredEvent
from pbnscore.strategies._base import options_dict
from pbnscore.strategies._ranking import rank


@attrs.frozen
class TopOptions:
    my_flag: bool = attrs.field(default=False, metadata={"help": "count twice"})
    bonus: int = attrs.field(default=0, metadata={"help": "added to every total"})


class Top:
    """Totals of NS scores / 10: a toy method."""

    name = "myplugin"
    description = "a toy method from another package"
    Options = TopOptions
    kinds = frozenset({EventKind.PAIRS})

    def score(self, event, options):
        weight = 2 if options.my_flag else 1
        totals = {p.key: options.bonus for p in event.participants()}
        for session in event.sessions:
            for section in session.sections:
                for board in section.boards:
                    for result in board.results:
                        if result.score is None:
                            continue
                        points = weight * result.score // 10
                        for key, sign in (((result.ns, Direction.NS, section.id), 1),
                                          ((result.ew, Direction.EW, section.id), -1)):
                            if key in totals:
                                totals[key] += sign * points
        rows = [(p, totals[p.key], 1) for p in event.participants()]
        options_used = options_dict(options)
        return ScoredEvent(event=event, method=self.name, style=PointsStyle.BUTLER,
                           options=options_used, boards=(), standings=rank(rows))
'''

BROKEN = "raise ImportError('needs numpy, which is not installed')\n"


def install(
    site: Path,
    name: str,
    entry_points: dict[str, str],
    modules: dict[str, str],
    group: str = registry.GROUP,
) -> None:
    """A distribution as pip would leave it: modules and a dist-info folder."""
    for module, source in modules.items():
        (site / f"{module}.py").write_text(textwrap.dedent(source))
    info = site / f"{name}-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: 1.0\n")
    lines = "".join(f"{key} = {value}\n" for key, value in entry_points.items())
    (info / "entry_points.txt").write_text(f"[{group}]\n{lines}")


@pytest.fixture
def site(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A folder on sys.path holding third-party plug-ins; discovery re-read."""
    folder = tmp_path / "site"
    folder.mkdir()
    install(folder, "pbnscore_top", {"myplugin": "pbnscore_top:Top"}, {"pbnscore_top": PLUGIN})
    monkeypatch.syspath_prepend(str(folder))
    registry.refresh()
    yield folder
    registry.refresh()
    for module in ("pbnscore_top", "pbnscore_broken"):
        sys.modules.pop(module, None)


@pytest.fixture
def broken(site: Path) -> Path:
    install(
        site, "pbnscore_broken", {"fancy": "pbnscore_broken:Fancy"}, {"pbnscore_broken": BROKEN}
    )
    registry.refresh()
    return site


def test_a_plugin_in_the_former_group_is_found(site: Path) -> None:
    """A plug-in registered in ``pbnscore.strategies`` (the group's former
    name) is found beside one in ``pbnscore.methods``."""
    old = "from pbnscore_top import Top\n\n\nclass Old(Top):\n    name = 'oldplugin'\n"
    modules = {"pbnscore_old": old}
    install(site, "pbnscore_old", {"oldplugin": "pbnscore_old:Old"}, modules, registry.FORMER_GROUP)
    registry.refresh()
    assert (registry.GROUP, registry.FORMER_GROUP) == ("pbnscore.methods", "pbnscore.strategies")
    try:
        assert {"myplugin", "oldplugin"} <= set(registry.names())
        assert registry.entries()["oldplugin"].distribution == "pbnscore_old"
        assert registry.get("oldplugin").name == "oldplugin"
    finally:
        sys.modules.pop("pbnscore_old", None)


@pytest.mark.usefixtures("site")
def test_plugin_is_discovered_without_being_imported() -> None:
    """Discovery reads the entry point; the module is imported only when used."""
    assert "myplugin" in registry.names()
    assert "pbnscore_top" not in sys.modules
    assert registry.get("myplugin").name == "myplugin"
    assert "pbnscore_top" in sys.modules


@pytest.mark.usefixtures("site")
def test_plugin_runs_through_the_cli_with_its_own_flags(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """score -m myplugin --my-flag --bonus 5: the plug-in's options arrive."""
    fixture = FIXTURES / "usebio" / "flat-butler-old-style.xml"
    argv = ["score", str(fixture), "-m", "myplugin", "--to", "json"]
    assert main([*argv, "--my-flag", "--bonus", "5"]) == 0
    document = json.loads(capsys.readouterr().out)
    assert document["method"] == {"name": "myplugin", "options": {"my_flag": True, "bonus": 5}}
    assert main(argv) == 0
    plain = json.loads(capsys.readouterr().out)
    doubled = {(p["id"], p["direction"]): p["total"] for p in document["participants"]}
    for participant in plain["participants"]:
        key = (participant["id"], participant["direction"])
        assert doubled[key] == 2 * participant["total"] + 5
    assert any(p["total"] for p in plain["participants"]), "a toy total of zero proves nothing"


@pytest.mark.usefixtures("site")
def test_plugin_flags_are_not_offered_to_other_methods(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """--my-flag belongs to myplugin: butler refuses it, naming the plug-in."""
    fixture = FIXTURES / "usebio" / "flat-butler-old-style.xml"
    assert main(["score", str(fixture), "-m", "butler", "--my-flag"]) == 2
    assert "--my-flag is an option of myplugin, not butler" in capsys.readouterr().err


@pytest.mark.usefixtures("broken")
def test_broken_plugin_is_reported_by_methods_and_stops_nothing(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """methods lists it as failed with its error; built-ins and the good plug-in still listed."""
    assert main(["methods"]) == 0
    out = capsys.readouterr().out
    assert "fancy: failed to load: ImportError: needs numpy, which is not installed\n" in out
    assert "butler: IMPs against a datum" in out
    assert "myplugin: a toy method from another package [plug-in pbnscore_top:Top]" in out
    assert "  --bonus N  (default: 0)\n      added to every total" in out


@pytest.mark.usefixtures("broken")
def test_broken_plugin_does_not_stop_built_ins(capsys: pytest.CaptureFixture[str]) -> None:
    """Scoring with a built-in works; asking for the broken one is one line, exit 1."""
    fixture = FIXTURES / "usebio" / "flat-butler-old-style.xml"
    assert main(["score", str(fixture), "-m", "butler", "--to", "json"]) == 0
    capsys.readouterr()
    assert main(["score", str(fixture), "-m", "fancy"]) == 1
    assert capsys.readouterr().err == (
        "pbnscore: fancy: failed to load: ImportError: needs numpy, which is not installed\n"
    )


def test_a_plugin_cannot_take_a_built_in_name(
    site: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A second 'butler' is reported as a clash; the built-in is the one used."""
    install(site, "pbnscore_fake", {"butler": "pbnscore_top:Top"}, {})
    registry.refresh()
    assert registry.get("butler") is Butler
    assert main(["methods"]) == 0
    assert "butler: failed to load: pbnscore_top:Top (from pbnscore_fake)" in (
        capsys.readouterr().out
    )


def _toy_named(name: str) -> str:
    """The toy plug-in's class under another ``name``."""
    return f"from pbnscore_top import Top\n\n\nclass Named(Top):\n    name = {name!r}\n"


@pytest.mark.parametrize(
    ("class_name", "reason"),
    [
        ("butler", "its class is named 'butler', a built-in method's name"),
        ("myplugin", "its class is named 'myplugin', not 'clash' as its entry point is"),
    ],
)
def test_a_plugin_class_not_named_as_its_entry_point_fails_to_load(
    site: Path, capsys: pytest.CaptureFixture[str], class_name: str, reason: str
) -> None:
    """Entry point ``clash`` naming a class called butler (or another plug-in's
    name) would publish its scores under that name (review point 6): it
    fails to load with one line, which methods shows, and is never run."""
    install(site, "pbnscore_clash", {"clash": "pbnscore_clash:Named"}, {})
    (site / "pbnscore_clash.py").write_text(_toy_named(class_name))
    registry.refresh()
    assert main(["methods"]) == 0
    listed = capsys.readouterr().out
    assert f"clash: failed to load: {reason}\n" in listed
    assert "clash: a toy method" not in listed
    assert "myplugin: a toy method from another package [plug-in pbnscore_top:Top]" in listed
    fixture = FIXTURES / "usebio" / "flat-butler-old-style.xml"
    assert main(["score", str(fixture), "-m", "clash", "--to", "json"]) == 1
    assert capsys.readouterr() == ("", f"pbnscore: clash: failed to load: {reason}\n")
    sys.modules.pop("pbnscore_clash", None)


@pytest.mark.usefixtures("broken")
def test_unknown_name_never_offers_a_plugin_that_fails_to_load(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The broken plug-in ``fancy`` is registered but not among the choices."""
    fixture = FIXTURES / "usebio" / "flat-butler-old-style.xml"
    assert main(["score", str(fixture), "-m", "nope"]) == 2
    err = capsys.readouterr().err
    assert "choose from: aggregate, barking, butler, cross-imps, myplugin (" in err
    assert "fancy" not in err


def test_unknown_name_lists_plugins_too(site: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The list of valid names includes the installed plug-ins."""
    fixture = FIXTURES / "usebio" / "flat-butler-old-style.xml"
    assert main(["score", str(fixture), "-m", "nope"]) == 2
    assert "aggregate, barking, butler, cross-imps, myplugin" in capsys.readouterr().err


def test_conformance_catches_a_method_that_changes_its_input() -> None:
    """The conformance tests can fail: a method that edits the event in place."""

    class Mutating(Butler):
        def score(self, event: Event, options: Any) -> ScoredEvent:
            scored = super().score(event, options)
            board = event.sessions[0].sections[0].boards[0]
            object.__setattr__(board, "number", 99)
            return scored

    class Check(MethodConformance):
        method = Mutating
        events = (pairs_event(),)

    with pytest.raises(AssertionError):
        Check().test_does_not_change_the_event()


@pytest.mark.usefixtures("site")
def test_a_plugin_that_cannot_explain_says_so() -> None:
    """A plug-in without ``explain`` is told to the user, not guessed at."""
    from pbnscore import explain
    from pbnscore.errors import CannotExplain

    event = pbnscore.load(FIXTURES / "usebio" / "club-night.xml")
    with pytest.raises(CannotExplain, match="method myplugin cannot explain its figures"):
        explain(event, 1, "myplugin")


# -- a plug-in's failure is one line naming it -------------------------------------

FAILING = """
import sys

from pbnscore.errors import ScoringError
from pbnscore_top import Top


class Raises(Top):
    name = "raises"

    def score(self, event, options):
        raise ValueError("first line\\nsecond line")


class Exits(Top):
    name = "exits"

    def score(self, event, options):
        sys.exit(7)


class Refuses(Top):
    name = "refuses"

    def score(self, event, options):
        raise ScoringError("cannot score\\nthis night")
"""


@pytest.fixture
def failing(site: Path) -> Iterator[Path]:
    """Plug-ins that fail: two on import (an error with a newline, and
    sys.exit(7)), three in score() (a bug with a newline, sys.exit(7), and
    their own ScoringError with a newline)."""
    modules = {
        "pbnscore_failing": FAILING,
        "pbnscore_noimport": "raise ImportError('first line\\nsecond line')\n",
        "pbnscore_exitimport": "import sys\nsys.exit(7)\n",
    }
    points = {
        "raises": "pbnscore_failing:Raises",
        "exits": "pbnscore_failing:Exits",
        "refuses": "pbnscore_failing:Refuses",
        "noimport": "pbnscore_noimport:Fancy",
        "exitimport": "pbnscore_exitimport:Fancy",
    }
    install(site, "pbnscore_failing", points, modules)
    registry.refresh()
    yield site
    for module in modules:
        sys.modules.pop(module, None)


def _one_line_naming(text: str, name: str) -> str:
    """The one line of ``text`` (it has exactly one), which names ``name``."""
    lines = text.splitlines()
    assert len(lines) == 1, lines
    assert name in lines[0] and "second line" not in lines[0].replace("\\nsecond line", "")
    return lines[0]


@pytest.mark.usefixtures("failing")
def test_methods_lists_a_plugin_that_fails_to_import_in_one_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """An import error with a newline, and a sys.exit() on import: one line
    each in ``methods``, which goes on to list the rest."""
    assert main(["methods"]) == 0
    out = capsys.readouterr().out
    assert "noimport: failed to load: ImportError: 'first line\\nsecond line'" in out
    assert "exitimport: failed to load: SystemExit: 7" in out
    assert "\nsecond line" not in out
    assert "myplugin: a toy method from another package" in out


PLUGIN_FAILURES = [
    pytest.param("noimport", 1, "noimport: failed to load", id="import-error"),
    pytest.param("exitimport", 1, "exitimport: failed to load: SystemExit: 7", id="import-exit"),
    pytest.param("refuses", 1, "plug-in refuses: ScoringError", id="its-own-error"),
    pytest.param("raises", 3, "plug-in raises failed: ValueError", id="its-bug"),
    pytest.param("exits", 3, "plug-in exits failed: SystemExit: 7", id="its-exit"),
]


@pytest.mark.usefixtures("failing")
@pytest.mark.parametrize(("name", "status", "said"), PLUGIN_FAILURES)
def test_score_says_a_plugin_s_failure_in_one_line(
    name: str, status: int, said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """``score -m PLUGIN``: exit 1 for its error, 3 for its bug (said as the
    plug-in's, not pbnscore's), never its own exit status; one line."""
    fixture = FIXTURES / "usebio" / "flat-butler-old-style.xml"
    assert main(["score", str(fixture), "-m", name, "--to", "json"]) == status
    captured = capsys.readouterr()
    assert captured.out == ""
    assert said in _one_line_naming(captured.err, name)
    assert "internal error" not in captured.err


@pytest.mark.usefixtures("failing")
@pytest.mark.parametrize(("name", "status", "said"), PLUGIN_FAILURES)
def test_batch_and_season_say_a_plugin_s_failure_in_one_line(
    name: str, status: int, said: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``batch`` and ``season`` with a failing plug-in: each file that it
    fails is one line naming it; a plug-in's sys.exit() stops nothing."""
    folder = tmp_path / "in"
    folder.mkdir()
    shutil.copy(FIXTURES / "usebio" / "flat-butler-old-style.xml", folder)
    out = tmp_path / "out"
    for words in (["batch", str(folder), "--out-dir", str(out)], ["season", str(folder)]):
        assert main([*words, "-m", name]) in (1, 2)
        err = capsys.readouterr().err
        # The summary repeats each failed file's line, indented, at the end.
        failed = {line.strip() for line in err.splitlines() if not line.startswith("pbnscore: ")}
        assert said in _one_line_naming("\n".join(failed) or err, name)
        assert "\nsecond line" not in err and "internal error" not in err


WORDY = """
import attrs

from pbnscore_top import Top


@attrs.frozen
class WordyOptions:
    level: int = attrs.field(default=0, metadata={"help": "first line\\nsecond line"})


class Wordy(Top):
    name = "wordy"
    description = "a method\\nsecond line"
    Options = WordyOptions


class BadOptions(Top):
    name = "badoptions"
    description = "options that cannot be read"

    class Options:  # attrs.has() passes a class attrs made; this one breaks fields()
        __attrs_attrs__ = None
"""


def test_methods_says_a_plugin_s_words_one_line_each(
    site: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A plug-in's description and option help with a newline: one line
    each in ``methods``, the newline shown as ``\\n``."""
    install(site, "pbnscore_wordy", {"wordy": "pbnscore_wordy:Wordy"}, {"pbnscore_wordy": WORDY})
    registry.refresh()
    assert main(["methods"]) == 0
    out = capsys.readouterr().out
    sys.modules.pop("pbnscore_wordy", None)
    assert "wordy: a method\\nsecond line [plug-in pbnscore_wordy:Wordy]" in out
    assert "      first line\\nsecond line\n" in out
    assert "\nsecond line" not in out
