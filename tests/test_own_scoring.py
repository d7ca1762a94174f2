"""A file scored by a method we do not have says so: each scoring the file
names for itself that no installed method reproduces is one warning
(docs/reference/choices.md "A scoring we do not have")."""

from __future__ import annotations

from pathlib import Path

import pytest

import pbnscore
from pbnscore.cli import main

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
TEAMS = (FIXTURES / "usebio" / "teams-of-four.xml").read_bytes()


def _teams(board: bytes, match: bytes) -> bytes:
    return TEAMS.replace(
        b"<BOARD_SCORING_METHOD>IMPS</BOARD_SCORING_METHOD>",
        b"<BOARD_SCORING_METHOD>" + board + b"</BOARD_SCORING_METHOD>",
    ).replace(
        b"<MATCH_SCORING_METHOD>VPS</MATCH_SCORING_METHOD>",
        b"<MATCH_SCORING_METHOD>" + match + b"</MATCH_SCORING_METHOD>",
    )


@pytest.mark.parametrize(
    ("board", "match", "said"),
    [
        (b"PAB", b"PAB", ["point-a-board"]),
        (b"BAM", b"VPS", ["board-a-match"]),
        (b"IMPS", b"PAB", ["point-a-board"]),
        (b"HYBRID", b"VPS", ["hybrid"]),
        (b"IMPS", b"VPS", []),
    ],
)
def test_usebio_scorings_no_method_reproduces_are_said(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], board: bytes, match: bytes, said: list[str]
) -> None:
    path = tmp_path / "teams.xml"
    path.write_bytes(_teams(board, match))
    assert main(["score", str(path), "--to", "json"]) == 0
    lines = [line for line in capsys.readouterr().err.splitlines() if "own scoring" in line]
    assert lines == [
        f"{path}: warning: the file's own scoring is {name}; scored here as aggregate"
        for name in said
    ]


def test_a_matchpoint_file_scored_by_butler_says_so() -> None:
    scored = pbnscore.score(pbnscore.load(FIXTURES / "usebio" / "matchpoint-awards.xml"), "butler")
    assert "the file's own scoring is matchpoints; scored here as butler" in [
        n.message for n in scored.warnings
    ]


@pytest.mark.parametrize(
    ("tag", "said"), [("BAM", ["board-a-match"]), ("IMP;Butler", []), ("MP", ["matchpoints"])]
)
def test_a_pbn_scoring_tag_is_read_the_same_way(tag: str, said: list[str]) -> None:
    text = (FIXTURES / "pbn" / "mitchell-pairs.pbn").read_text()
    assert '[Scoring "IMP;Butler"]' in text
    event = pbnscore.loads(text.replace("IMP;Butler", tag), format="pbn")
    scored = pbnscore.score(event, "butler")
    own = [n.message for n in scored.warnings if "own scoring" in n.message]
    assert own == [f"the file's own scoring is {name}; scored here as butler" for name in said]
