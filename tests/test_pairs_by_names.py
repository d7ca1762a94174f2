"""A PBN file with no pair numbers (BBO's club-game export: the players in
[North]/[South]/[East]/[West], no ScoreTable, no TotalScoreTable) has its
pairs found by their players: a pair is the two names, whatever their seats
and direction; a section where such pairs sit both ways is a Howell, ranked
as one field (docs/howto/pbn.md, docs/reference/choices.md). ``check`` says
how the pairs were found, and ``score`` notes it once where the reading
changes the ranking (fixtures/make_names_only.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pbnscore
from pbnscore import pbn
from pbnscore._numbering import two_winner
from pbnscore.cli import main

ROOT = Path(__file__).resolve().parent.parent
HOWELL = ROOT / "fixtures" / "pbn" / "names-only-howell.pbn"
MITCHELL = ROOT / "fixtures" / "pbn" / "names-only-mitchell.pbn"
PARTNERSHIPS = {
    frozenset(pair)
    for pair in [
        ("Ann Abbott", "Ben Baker"),
        ("Cat Carter", "Dan Dixon"),
        ("Eve Ellis", "Fay Foster"),
        ("Gus Grant", "Hal Hughes"),
        ("Ida Irwin", "Jon Jones"),
        ("Kim Kemp", "Lou Lowe"),
        ("Max Moss", "Ned Noble"),
        ("Oona Owen", "Pat Price"),
    ]
}


def test_a_howell_by_names_is_eight_pairs_in_one_field() -> None:
    """8 partnerships, each sitting NS and EW in either seat order: 8 pairs,
    no direction, each played every board, ranked as one field."""
    section = pbnscore.load(HOWELL).sessions[0].sections[0]
    pairs = section.participants
    assert len(pairs) == 8
    assert {frozenset(p.names) for p in pairs} == PARTNERSHIPS
    assert all(p.direction is None for p in pairs)
    assert not two_winner(section)
    assert section.pairs_found == "names"
    scored = pbnscore.score(pbnscore.load(HOWELL), "butler")
    assert sorted(s.boards for s in scored.standings) == [14] * 8


def test_a_pair_s_id_and_names_come_in_one_order() -> None:
    """A pair's label and its players are as first seen (North first): the
    same order in both, whatever order later games name them in."""
    for pair in pbnscore.load(HOWELL).sessions[0].sections[0].participants:
        assert pair.id == " - ".join(pair.names)


def test_a_mitchell_by_names_keeps_its_directions() -> None:
    """A Mitchell whose pairs never switch: 4 NS and 4 EW pairs, ranked apart."""
    section = pbnscore.load(MITCHELL).sessions[0].sections[0]
    directions = sorted(str(p.direction and p.direction.value) for p in section.participants)
    assert directions == ["EW"] * 4 + ["NS"] * 4
    assert {frozenset(p.names) for p in section.participants} == PARTNERSHIPS
    assert two_winner(section)


def test_json_ranks_the_howell_as_one_field(capsys: pytest.CaptureFixture[str]) -> None:
    """The JSON output: 8 participants, ranks 1..8 in one sequence."""
    assert main(["score", str(HOWELL), "--to", "json", "-q"]) == 0
    participants = json.loads(capsys.readouterr().out)["participants"]
    assert len(participants) == 8
    assert sorted(p["rank"] for p in participants) == list(range(1, 9))
    assert {p["direction"] for p in participants} == {None}


@pytest.mark.parametrize(
    ("path", "said"),
    [
        pytest.param(
            HOWELL,
            "8 pairs (from the results: by the players' names, no pair numbers: "
            "some pairs sit both ways, a Howell ranked as one field)",
            id="howell",
        ),
        pytest.param(
            MITCHELL,
            "8 pairs (from the results: by the players' names, no pair numbers: "
            "each pair sits one way, a Mitchell ranked NS and EW apart)",
            id="mitchell",
        ),
    ],
)
def test_check_says_how_the_pairs_were_found(
    capsys: pytest.CaptureFixture[str], path: Path, said: str
) -> None:
    """``check``'s summary says names or numbers, Mitchell or Howell, and why."""
    assert main(["check", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.endswith("; no problems\n") and f"1 section, {said}," in out, out


def test_check_says_a_pbn_mitchell_numbered_apart(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Numbers with no TotalScoreTable: ``check`` says so, and the board that
    shows NS and EW numbered apart."""
    games = "".join(
        f'[Board "{board}"]\n[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS"]\n'
        f"1 1 3NT N 9 400\n2 2 3NT N 10 430\n\n"
        for board in (1, 3)  # NS not vulnerable on either
    )
    source = tmp_path / "night.pbn"
    source.write_text(games)
    assert main(["check", str(source)]) == 0
    assert (
        "4 pairs (from the results: by pair numbers: board 1 has a number on both sides, "
        "a Mitchell ranked NS and EW apart)" in capsys.readouterr().out
    )


def test_score_notes_the_howell_once(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """``score`` says once how it found a Howell's pairs: the reading is what
    makes 8 pairs in one field rather than 16 in two."""
    assert main(["score", str(HOWELL), "-o", str(tmp_path / "out.json")]) == 0
    err = capsys.readouterr().err.splitlines()
    assert err == [
        f"{HOWELL}: warning: pairs not listed (no TotalScoreTable), found by the players' "
        "names, no pair numbers: some pairs sit both ways, a Howell ranked as one field"
    ]


def test_score_says_nothing_of_a_mitchell_that_never_switches(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Pairs that each sit one way have no other reading: no note."""
    assert main(["score", str(MITCHELL), "-o", str(tmp_path / "out.json")]) == 0
    assert capsys.readouterr().err == ""


def _game(board: int, seats: dict[str, str], contract: str = "3NT") -> str:
    tags = "".join(f'[{seat} "{name}"]\n' for seat, name in seats.items())
    return f'[Board "{board}"]\n{tags}[Contract "{contract}"]\n[Declarer "N"]\n[Result "9"]\n\n'


@settings(max_examples=60, deadline=None)
@given(st.permutations(["North", "South"]), st.permutations(["East", "West"]), st.booleans())
def test_a_partnership_is_one_pair_whatever_its_seats(
    ns_seats: list[str], ew_seats: list[str], switch: bool
) -> None:
    """The same two players in any seats and either direction are one pair:
    two partnerships over two boards are two pairs, never more."""
    first = {ns_seats[0]: "Ann", ns_seats[1]: "Ben", ew_seats[0]: "Cat", ew_seats[1]: "Dan"}
    ns, ew = ("Cat", "Dan"), ("Ann", "Ben")
    if not switch:
        ns, ew = ew, ns
    second = {"North": ns[1], "South": ns[0], "East": ew[0], "West": ew[1]}
    text = _game(1, first) + _game(
        1, {"North": "Eve", "South": "Fay", "East": "Gil", "West": "Hal"}
    )
    text += _game(2, second) + _game(
        2, {"North": "Gil", "South": "Hal", "East": "Eve", "West": "Fay"}
    )
    pairs = pbn.loads(text).sessions[0].sections[0].participants
    assert sorted(sorted(p.names) for p in pairs) == [
        ["Ann", "Ben"],
        ["Cat", "Dan"],
        ["Eve", "Fay"],
        ["Gil", "Hal"],
    ]
