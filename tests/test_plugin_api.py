"""What a plug-in method is given: options it declares as a plain attrs class,
the IMP options only as a mix-in it takes when it compares scores in IMPs,
a public base class for per-board points (scorecards and ``explain``), and
a points style of its own.
"""

from __future__ import annotations

import copy
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest

import pbnscore
from pbnscore import registry
from pbnscore.cli import flags_of, main
from pbnscore.errors import ScoringError
from pbnscore.model import Direction, EventKind, PointsStyle, ScoredEvent
from pbnscore.strategies import (
    FactorOptions,
    Field,
    FieldScore,
    ImpOptions,
    PairsOptions,
    PerBoardMethod,
)
from pbnscore.strategies.aggregate import Aggregate
from pbnscore.strategies.barking import Barking
from pbnscore.strategies.butler import Butler
from pbnscore.strategies.cross_imps import CrossImps
from pbnscore.testing import MethodConformance, pairs_event
from test_plugins import install

FIXTURES = Path(__file__).parent.parent / "fixtures"
PAIRS_FILE = FIXTURES / "usebio" / "flat-butler-old-style.xml"
IMP_FLAGS = ("--imp-gaps", "--artificial-imps", "--imp-cap")

# A plug-in that ranks on totals (and so takes --factor) but compares no
# scores in IMPs: it takes the factor mix-in, and no IMP option.
PLAIN = """
from __future__ import annotations

import attrs

from pbnscore.model import Direction, EventKind, PointsStyle, ScoredEvent
from pbnscore.strategies import FactorOptions, option, options_dict, rank


@attrs.frozen
class PlainOptions(FactorOptions):
    bonus: int = option(0, "added to every total", converter=int)


class Plain:
    name = "plain"
    description = "every pair's bonus: a toy method that compares nothing"
    Options = PlainOptions
    kinds = frozenset({EventKind.PAIRS})

    def score(self, event, options):
        rows = [(p, options.bonus, 1) for p in event.participants()]
        return ScoredEvent(event=event, method=self.name, style=PointsStyle.BUTLER,
                           options=options_dict(options), boards=(),
                           standings=rank(rows, factor=options.factor))
"""


def installed(
    folder: Path, monkeypatch: pytest.MonkeyPatch, name: str, target: str, source: str
) -> Iterator[type[Any]]:
    """Method ``name`` installed (a dist-info on sys.path) from ``source``
    as module ``target``'s module, and loaded; forgotten afterwards."""
    module = target.partition(":")[0]
    install(folder, module, {name: target}, {module: source})
    monkeypatch.syspath_prepend(str(folder))
    registry.refresh()
    yield registry.get(name)
    registry.refresh()
    sys.modules.pop(module, None)


@pytest.fixture
def plain(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[type[Any]]:
    """The plain plug-in, installed."""
    yield from installed(tmp_path, monkeypatch, "plain", "pbnscore_plain:Plain", PLAIN)


def test_a_method_without_imps_gets_no_imp_flag(plain: type[Any]) -> None:
    """Options built on the factor mix-in alone become --factor and the
    method's own flags: no IMP option it would not use."""
    assert [flag.flag for flag in flags_of(plain)] == ["--factor", "--bonus"]


@pytest.mark.parametrize("flag", [*IMP_FLAGS])
def test_the_cli_refuses_an_imp_flag_to_a_method_without_imps(
    plain: type[Any], flag: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """``-m plain --imp-gaps lower``: a usage error of one line naming the
    methods that take it, as for any option the chosen method lacks."""
    value = {"--imp-gaps": "lower", "--artificial-imps": "2", "--imp-cap": "17"}[flag]
    assert main(["score", str(PAIRS_FILE), "-m", "plain", flag, value]) == 2
    error = capsys.readouterr().err.strip()
    assert "\n" not in error
    assert f"{flag} is an option of " in error
    assert "not plain" in error


def test_the_mix_ins_keep_the_built_ins_flags_in_their_order() -> None:
    """PairsOptions is the IMP mix-in and the factor mix-in, in that order
    (the built-ins' --help lists their flags in field order)."""
    names = [field.name for field in attrs.fields(PairsOptions)]
    imp = [field.name for field in attrs.fields(ImpOptions)]
    factor = [field.name for field in attrs.fields(FactorOptions)]
    assert names == [*imp, *factor]
    assert issubclass(PairsOptions, ImpOptions)
    assert issubclass(PairsOptions, FactorOptions)
    assert not set(imp) & set(factor)


@pytest.mark.parametrize("method", [Butler, CrossImps, Aggregate, Barking], ids=lambda m: m.name)
def test_every_built_in_compares_in_imps_and_takes_the_imp_options(method: type[Any]) -> None:
    """The four built-ins compare scores in IMPs: each takes the IMP mix-in."""
    assert issubclass(method.Options, ImpOptions)
    assert {flag.flag for flag in flags_of(method)} >= set(IMP_FLAGS)


# -- a points style of its own ---------------------------------------------------------

MATCHPOINTS = PointsStyle("matchpoints", unit="MP")


def _restyled(path: Path, method: str) -> ScoredEvent:
    """A fixture scored by ``method``, its points relabelled as a plug-in's
    own style (the figures do not matter to where the writers put them)."""
    scored = pbnscore.score(pbnscore.load(path), method)
    return attrs.evolve(scored, method="plain", style=MATCHPOINTS)


def test_a_plugin_declares_its_own_points_style() -> None:
    """A style is a value a plug-in makes: its name, and the unit PBN's
    [Scoring] names first; the built-ins' styles are predefined ones."""
    assert PointsStyle("matchpoints", unit="MP") == MATCHPOINTS
    assert MATCHPOINTS != PointsStyle.BUTLER
    styles = (PointsStyle.BUTLER, PointsStyle.CROSS_IMPS, PointsStyle.AGGREGATE)
    assert {style.unit for style in (*styles, PointsStyle.BARKING)} == {"IMP"}
    with pytest.raises(ValueError):
        PointsStyle("matchpoints", unit="M;P")  # would split PBN's [Scoring] value


def test_pbn_names_a_plugin_style_s_unit() -> None:
    """PBN's [Scoring] (§3.4.12) starts with the unit the style declares,
    then the plug-in's name."""
    written = pbnscore.dumps(_restyled(PAIRS_FILE, "butler"), "pbn").decode()
    assert '[Scoring "MP;plain"]' in written
    assert "IMP" not in re.findall(r'\[Scoring "([^"]*)"\]', written)[0]


@pytest.mark.parametrize(
    ("name", "method", "totals"),
    [("pbn/mitchell-pairs.pbn", "butler", True), ("pbn/teams-of-four.pbn", "cross-imps", False)],
    ids=["pairs", "teams"],
)
def test_usebio_writes_a_plugin_style_without_a_built_in_s_elements(
    name: str, method: str, totals: bool
) -> None:
    """USEBIO has no element for a plug-in's own points: its lines carry
    none and nothing claims a built-in's scoring (BUTLER_IMPS, CROSS_IMPS);
    a pairs event's standings carry their totals (a teams event has no
    place for its pairs' totals, whatever the method)."""
    scored = _restyled(FIXTURES / name, method)
    written = pbnscore.dumps(scored, "usebio").decode()
    for built_in in ("BUTLER", "CROSS_IMP", "PAIRWISE_SCORING_METHOD"):
        assert built_in not in written
    assert ("<TOTAL_SCORE>" in written) is totals


@pytest.mark.parametrize("to", ["pbn", "usebio"])
def test_a_built_in_style_made_again_is_written_the_same(to: str) -> None:
    """A style made again (a plug-in's ``PointsStyle("butler")``, a copy)
    is the predefined one: compared by value, not identity."""
    scored = pbnscore.score(pbnscore.load(PAIRS_FILE), "butler")
    copied = attrs.evolve(scored, style=copy.copy(scored.style))
    assert copied.style == scored.style
    assert pbnscore.dumps(copied, to) == pbnscore.dumps(scored, to)


# -- per-board points from the public base class ---------------------------------------

# A per-board plug-in: each table's NS points are its NS score's hundreds,
# noted for explain; it compares nothing, so it takes no IMP option.
PER_BOARD = """
from __future__ import annotations

import attrs

from pbnscore.model import EventKind, PointsStyle
from pbnscore.strategies import FieldScore, PerBoardMethod, option


@attrs.frozen
class HundredsOptions:
    weight: int = option(1, "points for each hundred", converter=int)


class Hundreds(PerBoardMethod):
    name = "hundreds"
    description = "each table's NS score in hundreds: a toy per-board method"
    kinds = frozenset({EventKind.PAIRS})
    style = PointsStyle("hundreds", unit="H")
    Options = HundredsOptions

    def score_field(self, field, options, trace=None):
        points = []
        for position, play in enumerate(field.plays):
            if play.score is None:
                points.append((None, None))
                continue
            ns = options.weight * (play.score // 100)
            if trace is not None:
                trace.for_table(position, f"{play.score} // 100 = {ns}", points=ns)
            points.append((ns, -ns))
        return FieldScore(tuple(points))
"""


@pytest.fixture
def hundreds(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[type[Any]]:
    """The per-board plug-in, installed."""
    target = "pbnscore_hundreds:Hundreds"
    yield from installed(tmp_path, monkeypatch, "hundreds", target, PER_BOARD)


MITCHELL = FIXTURES / "pbn" / "mitchell-pairs.pbn"


def test_a_per_board_plugin_s_points_reach_every_board_and_the_totals(
    hundreds: type[Any],
) -> None:
    """The base class puts the plug-in's points on every board, in the
    input's order, and sums them into the standings."""
    event = pbnscore.load(MITCHELL)
    scored = pbnscore.score(event, "hundreds", weight=2)
    boards = [board for session in event.sessions for s in session.sections for board in s.boards]
    assert [done.number for done in scored.boards] == [board.number for board in boards]
    NS, EW = str(Direction.NS), str(Direction.EW)
    summed: dict[tuple[str | None, str], int] = {}
    for board, done in zip(boards, scored.boards, strict=True):
        for result, line in zip(board.results, done.results, strict=True):
            expected = None if result.score is None else 2 * (result.score // 100)
            assert line.ns_points == expected
            if expected is not None:
                summed[result.ns, NS] = summed.get((result.ns, NS), 0) + expected
                summed[result.ew, EW] = summed.get((result.ew, EW), 0) - expected
    # A Mitchell: every pair sat one way (its direction is in its key).
    totals = {(s.participant.id, str(s.participant.direction)): s.total for s in scored.standings}
    assert any(totals.values())
    assert totals == summed


def test_a_per_board_plugin_gets_scorecards_and_explain(
    hundreds: type[Any], capsys: pytest.CaptureFixture[str]
) -> None:
    """Scorecards and ``explain`` work for it as for a built-in: the
    report's scorecards carry its points, explain its own steps."""
    assert main(["score", str(MITCHELL), "-m", "hundreds", "--to", "text"]) == 0
    report = capsys.readouterr().out
    assert "Scorecards" in report
    assert main(["explain", str(MITCHELL), "-m", "hundreds", "--board", "1"]) == 0
    explained = capsys.readouterr().out
    assert "// 100 =" in explained


@pytest.mark.parametrize("method", [Butler, CrossImps, Barking], ids=lambda m: m.name)
def test_the_built_in_per_board_methods_stand_on_the_public_base(method: type[Any]) -> None:
    """What a plug-in subclasses is what butler, cross-imps and barking are."""
    assert issubclass(method, PerBoardMethod)


def test_points_for_too_few_tables_are_refused() -> None:
    """A score_field that misses a table is refused with one line naming
    the method and board: its points would land on the wrong tables."""

    class Short(PerBoardMethod):
        name = "short"
        description = "points for all tables but the last"
        kinds = frozenset({EventKind.PAIRS})
        style = PointsStyle.BUTLER
        Options = FactorOptions

        def score_field(self, field: Field, options: Any, trace: Any = None) -> FieldScore:
            return FieldScore(tuple((0, 0) for _ in range(len(field) - 1)))

    with pytest.raises(ScoringError, match=r"^short: board 1 has \d+ tables, but score_field"):
        Short().score(pbnscore.load(MITCHELL), FactorOptions())


def test_conformance_asks_for_a_points_style() -> None:
    """A method whose scores name their style as a bare string (what the
    closed enum's value was) fails the conformance tests."""

    class Spelled(PerBoardMethod):
        name = "spelled"
        description = "a style given by its name"
        kinds = frozenset({EventKind.PAIRS})
        style = "butler"  # type: ignore[assignment]
        Options = FactorOptions

        def score_field(self, field: Field, options: Any, trace: Any = None) -> FieldScore:
            return FieldScore(tuple((0, 0) for _ in range(len(field))))

    class Check(MethodConformance):
        method = Spelled
        events = (pairs_event(),)

    with pytest.raises(AssertionError, match="style 'butler'"):
        Check().test_standings_ranks_are_consistent()
