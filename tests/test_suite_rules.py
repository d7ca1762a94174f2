"""Rules the test suite keeps, checked on its own source (issue 23).

The suite must give a busy machine the answer a quiet one gets, and must not
pass on nothing: these tests read ``tests/*.py`` with ``ast`` and hold each
file to that.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import conftest

TESTS = Path(__file__).resolve().parent
SOURCES = sorted(TESTS.glob("*.py"))


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
    assert "no usebio/*.xml in" in empty[0].marks[0].kwargs["reason"]
