"""The plug-in guide's example (docs/api/plugins.md) is real code: it
conforms, and it runs through the command line with the flag its Options
declare."""

from __future__ import annotations

import json
import sys
import types
from collections.abc import Iterator
from pathlib import Path

import pytest

from pbnscore import registry
from pbnscore.cli import main
from pbnscore.testing import MethodConformance

ROOT = Path(__file__).resolve().parent.parent


PLUGIN_GUIDE = ROOT / "docs" / "api" / "plugins.md"


def readme_example() -> types.ModuleType:
    """The first Python block of the plug-in guide, as a module."""
    section = PLUGIN_GUIDE.read_text(encoding="utf-8")
    code = section.split("```python\n", 1)[1].split("```", 1)[0]
    module = types.ModuleType("boards_played")
    exec(compile(code, str(PLUGIN_GUIDE), "exec"), module.__dict__)
    return module


EXAMPLE = readme_example()


class TestReadmeExampleConforms(MethodConformance):
    method = EXAMPLE.BoardsPlayed


@pytest.fixture
def installed(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The example registered as an installed package would register it."""
    monkeypatch.setitem(sys.modules, "boards_played", EXAMPLE)
    monkeypatch.setitem(registry.BUILTINS, "boards-played", "boards_played:BoardsPlayed")
    registry.refresh()
    yield
    registry.refresh()


@pytest.mark.usefixtures("installed")
def test_readme_example_runs_with_its_flag(capsys: pytest.CaptureFixture[str]) -> None:
    """`-m boards-played --weight 2`: every pair of the 14-board club night
    played 14 boards and scores 2 a board."""
    night = ROOT / "fixtures" / "usebio" / "club-night.xml"
    assert main(["score", str(night), "-m", "boards-played", "--weight", "2", "--to", "json"]) == 0
    participants = json.loads(capsys.readouterr().out)["participants"]
    assert len(participants) == 14
    assert {(p["boards"], p["total"]) for p in participants} == {(14, 28)}
