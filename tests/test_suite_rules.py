"""Rules the test suite keeps, checked on its own source
(docs/internals/tests.md).

The suite must give a busy machine the answer a quiet one gets, and must not
pass on nothing: these tests read ``tests/*.py`` with ``ast`` and hold each
file to that.
"""

from __future__ import annotations

import ast
import functools
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

import conftest
from cost import assert_cheap, assert_linear, cpu_cost

TESTS = Path(__file__).resolve().parent
SOURCES = sorted(TESTS.glob("*.py"))


@functools.cache
def parsed(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"), filename=str(path))


def test_there_are_test_sources() -> None:
    assert len(SOURCES) > 10 and Path(__file__) in SOURCES


# -- one place knows where the shared samples are --------------------------------------


def works_out_the_shared_folder(tree: ast.Module) -> list[int]:
    """Lines that name the ``shared`` folder as a path part (``... / "shared"``)."""
    return [
        node.lineno
        for node in ast.walk(tree)
        if isinstance(node, ast.BinOp)
        and isinstance(node.op, ast.Div)
        and isinstance(node.right, ast.Constant)
        and node.right.value in ("shared", "samples")
    ]


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: p.name)
def test_only_conftest_knows_where_the_samples_are(path: Path) -> None:
    """Tests take the ``shared_samples`` fixture or conftest's helpers; no
    test works the folder out from its own location again."""
    found = works_out_the_shared_folder(parsed(path))
    if path.name == "conftest.py":
        assert len(found) == 2  # SHARED_SAMPLES itself
    else:
        assert found == [], f"{path.name} builds the shared samples' path at lines {found}"


def test_absent_samples_are_one_visible_skip(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Without ../shared, a parametrized test over the samples is one skipped
    case saying why, not an empty (silently passing) set."""
    monkeypatch.setattr(conftest, "SHARED_SAMPLES", tmp_path / "absent")
    assert conftest.shared_sample_files("usebio/*.xml") == []
    (param,) = conftest.shared_sample_params("usebio/*.xml", "pbn/*")
    (mark,) = param.marks
    assert mark.name == "skip" and mark.kwargs["reason"] == conftest.no_shared_samples()
    assert str(tmp_path / "absent") in mark.kwargs["reason"]


def test_present_samples_are_one_case_each(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Each sample is a case named by its file; an excluded one is left out."""
    (tmp_path / "pbn").mkdir()
    for name in ("b.pbn", "a.pbn", "errors.pbn"):
        (tmp_path / "pbn" / name).write_text("")
    monkeypatch.setattr(conftest, "SHARED_SAMPLES", tmp_path)
    params = conftest.shared_sample_params("pbn/*", exclude=("errors.pbn",))
    assert [(p.id, p.values, p.marks) for p in params] == [
        ("a.pbn", (tmp_path / "pbn" / "a.pbn",), ()),
        ("b.pbn", (tmp_path / "pbn" / "b.pbn",), ()),
    ]
    empty = conftest.shared_sample_params("usebio/*.xml")
    assert [p.id for p in empty] == ["no-samples"]
    assert "no usebio/*.xml in" in empty[0].marks[0].kwargs["reason"]  # type: ignore[index]


# -- no test asserts a wall-clock time ---------------------------------------------------

CLOCKS = frozenset(
    name + suffix for name in ("time", "perf_counter", "monotonic") for suffix in ("", "_ns")
)


def _clock_names(tree: ast.Module) -> set[str]:
    """Names under which this module can call a wall clock: ``time.x`` for an
    ``import time`` (or ``as``), ``x`` for a ``from time import x``."""
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {
                f"{alias.asname or alias.name}.{clock}"
                for alias in node.names
                if alias.name == "time"
                for clock in CLOCKS
            }
        elif isinstance(node, ast.ImportFrom) and node.module == "time":
            names |= {alias.asname or alias.name for alias in node.names if alias.name in CLOCKS}
    return names


def _dotted(node: ast.AST) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute) and (base := _dotted(node.value)) is not None:
        return f"{base}.{node.attr}"
    return None


def _reads_a_clock(node: ast.AST, clocks: set[str], tainted: set[str]) -> bool:
    """Whether ``node`` calls a clock, or reads a name (a variable, or a
    function's result) whose value came from one."""
    for inner in ast.walk(node):
        if isinstance(inner, ast.Call) and _dotted(inner.func) in clocks | tainted:
            return True
        if isinstance(inner, ast.Name) and inner.id in tainted:
            return True
    return False


def _targets(node: ast.AST) -> list[str]:
    """The names an assignment, a loop or a ``with ... as`` binds."""
    match node:
        case ast.Assign(targets=targets):
            return [n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name)]
        case (
            ast.AnnAssign(target=target)
            | ast.AugAssign(target=target)
            | ast.NamedExpr(target=target)
        ):
            return [n.id for n in ast.walk(target) if isinstance(n, ast.Name)]
    return []


def _value(node: ast.AST) -> ast.AST | None:
    """What an assignment binds (None for anything else)."""
    if isinstance(node, ast.Assign | ast.AnnAssign | ast.AugAssign | ast.NamedExpr):
        return node.value
    return None


def clock_assertions(tree: ast.Module) -> list[int]:
    """Lines of ``assert`` statements whose value comes from a wall clock, by
    way of any chain of assignments or of functions returning it."""
    clocks = _clock_names(tree)
    if not clocks:  # no clock to call: nothing can be tainted, no walk needed
        return []
    tainted: set[str] = set()
    while True:
        before = len(tainted)
        for node in ast.walk(tree):
            value = _value(node)
            if value is not None and _reads_a_clock(value, clocks, tainted):
                tainted.update(_targets(node))
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and any(
                isinstance(inner, ast.Return)
                and inner.value is not None
                and _reads_a_clock(inner.value, clocks, tainted)
                for inner in ast.walk(node)
            ):
                tainted.add(node.name)
        if len(tainted) == before:
            break
    return [
        node.lineno
        for node in ast.walk(tree)
        if isinstance(node, ast.Assert) and _reads_a_clock(node, clocks, tainted)
    ]


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: p.name)
def test_no_assertion_reads_a_wall_clock(path: Path) -> None:
    """On a busy machine anything takes longer: a test measures work (see
    cost.py), or waits for a reaction with a deadline and checks what happened."""
    found = clock_assertions(parsed(path))
    assert found == [], f"{path.name} asserts a wall-clock time at lines {found}"


@pytest.mark.parametrize(
    "source",
    [
        "import time\nstart = time.perf_counter()\nd = time.perf_counter() - start\nassert d < 1",
        "import time as t\nassert t.time() < 5",
        "from time import monotonic as now\nsent = now()\nx = now() - sent\nassert x < 1.0",
        "import time\ndef f():\n    return 1, time.monotonic()\na, b = f()\nassert b < 1",
        "import time\nseconds = 0\nseconds += time.monotonic_ns()\nassert seconds",
    ],
    ids=["inline", "aliased", "from-import", "through-a-function", "augmented"],
)
def test_the_clock_rule_finds_each_way_of_asserting_a_time(source: str) -> None:
    assert clock_assertions(ast.parse(source)) != []


def test_the_clock_rule_lets_a_deadline_and_cpu_time_be() -> None:
    source = (
        "import time\ndeadline = time.monotonic() + 60\n"
        "while time.monotonic() < deadline:\n    pass\n"
        "spent = time.process_time()\nassert spent >= 0\nassert done()"
    )
    assert clock_assertions(ast.parse(source)) == []


# -- the measures of work stand in for the clock -----------------------------------------


def _pairs(size: int) -> Callable[[], int]:
    """Work quadratic in ``size``: every item against every other."""
    return lambda: sum(1 for a in range(size) for b in range(size) if a < b)


def test_linear_work_passes_the_linear_measure() -> None:
    assert assert_linear(lambda size: functools.partial(sum, range(size)), 100_000) == sum(
        range(800_000)
    )


def test_quadratic_work_fails_the_linear_measure_saying_how_much_it_grew() -> None:
    with pytest.raises(AssertionError, match=r"8x the input \(200 to 1600\) took \d+x"):
        assert_linear(_pairs, 200)


def test_a_run_far_costlier_than_its_baseline_fails_the_cheap_measure() -> None:
    honest = cpu_cost(_pairs(50))[1]
    assert assert_cheap(_pairs(50), honest) == 50 * 49 // 2
    with pytest.raises(AssertionError, match=r"took \d+x the CPU time of the honest run"):
        assert_cheap(_pairs(800), honest)


# -- a hang names itself; hypothesis is the same every CI run ---------------------------


def test_a_hang_fails_one_test_after_a_generous_limit(request: pytest.FixtureRequest) -> None:
    """pytest-timeout is on, with minutes per test (a busy machine is slow)."""
    assert request.config.pluginmanager.hasplugin("timeout")
    assert float(request.config.getini("timeout")) >= 300


def test_hypothesis_is_derandomized_in_ci_and_searches_locally() -> None:
    assert settings.get_profile("pbnscore-ci").derandomize
    assert not settings.get_profile("pbnscore").derandomize
    for name in ("pbnscore", "pbnscore-ci"):
        profile = settings.get_profile(name)
        assert profile.deadline is None and HealthCheck.too_slow in profile.suppress_health_check
    assert settings.default.derandomize == conftest.IN_CI


@pytest.mark.parametrize(
    ("value", "in_ci"),
    [("true", True), ("1", True), ("True", True), ("", False), ("false", False), (None, False)],
)
def test_ci_is_told_by_the_ci_variable(value: str | None, in_ci: bool) -> None:
    """CI=true (as .ci/run and CI services set it) is CI; unset, empty or false is not."""
    assert conftest.ci_is_set({} if value is None else {"CI": value}) is in_ci
