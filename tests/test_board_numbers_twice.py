"""A board number used twice in one section is never merged or dropped in
silence (docs/reference/choices.md "A board number used twice"): two
different deals under one number are an error naming both lines, in
``check`` and ``score`` alike; where the file's sets are told apart by
their [Event] or [Round], each set's boards are boards of their own."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import pbnscore
from pbnscore.cli import main
from pbnscore.errors import PbnError

ROOT = Path(__file__).resolve().parent.parent
SETS = ROOT / "fixtures" / "hand-records" / "four-sets.pbn"
NAMES_HOWELL = ROOT / "fixtures" / "pbn" / "names-only-howell.pbn"

TWO_DEALS = "board 1: two different deals under one number, at lines {first} and {second}"


def _without_sets(tmp_path: Path) -> Path:
    """The four sets with nothing to tell them apart (every Event alike)."""
    text = re.sub(r'\[Event "Set \d"\]', '[Event "Hands"]', SETS.read_text(encoding="utf-8"))
    path = tmp_path / "hands.pbn"
    path.write_text(text, encoding="utf-8")
    return path


def _deal_lines(path: Path, board: int) -> list[int]:
    lines = path.read_text(encoding="utf-8").splitlines()
    found, current = [], None
    for number, line in enumerate(lines, 1):
        if line.startswith("[Board "):
            current = int(line.split('"')[1])
        elif line.startswith("[Deal ") and current == board:
            found.append(number)
    return found


def test_sets_told_apart_by_event_are_boards_of_their_own() -> None:
    """Four sets of boards 1-3, each its own Event: twelve boards, twelve
    deals, none lost."""
    event = pbnscore.load(SETS)
    boards = [b for s in event.sessions for x in s.sections for b in x.boards]
    assert len(boards) == 12
    assert len({b.deal for b in boards}) == 12
    assert sorted({x.id for s in event.sessions for x in s.sections}) == [
        "Set 1", "Set 2", "Set 3", "Set 4"
    ]  # fmt: skip


def test_check_counts_every_set_s_boards(capsys: pytest.CaptureFixture[str]) -> None:
    """``check`` says 12 boards, not 3."""
    assert main(["check", str(SETS)]) == 0
    assert "4 sections, 0 pairs, 12 boards, 0 results" in capsys.readouterr().out


def test_sets_told_apart_by_round_are_boards_of_their_own(tmp_path: Path) -> None:
    """The same with [Round] telling the sets apart (the Event alike)."""
    text = _without_sets(tmp_path).read_text(encoding="utf-8")
    games = iter(range(12))
    text = re.sub(r'\[Event "Hands"\]', lambda m: f'{m[0]}\n[Round "{next(games) // 3 + 1}"]', text)
    path = tmp_path / "rounds.pbn"
    path.write_text(text, encoding="utf-8")
    boards = [b for s in pbnscore.load(path).sessions for x in s.sections for b in x.boards]
    assert len(boards) == 12


def test_sets_not_told_apart_are_an_error_naming_both_lines(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Nothing tells the sets apart: ``check`` and ``score`` both refuse the
    file (exit 1), naming the lines of the two deals of board 1."""
    path = _without_sets(tmp_path)
    first, second = _deal_lines(path, 1)[:2]
    message = TWO_DEALS.format(first=first, second=second)
    assert main(["check", str(path)]) == 1
    assert f"{path}:{second}: {message}" in capsys.readouterr().out.splitlines()[0]
    assert main(["score", str(path), "-o", str(tmp_path / "out.json")]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"{path}:{second}: {message}"), err
    assert err.count("\n") == 1
    with pytest.raises(PbnError, match="two different deals"):
        pbnscore.load(path)


def _results_twice(tmp_path: Path, second_event: str) -> Path:
    deal_a = "N:Q953.85.J532.T42 2.Q7642.A8.AK763 AKJ4.KT9.K76.J98 T876.AJ3.QT94.Q5"
    deal_b = "N:2.Q7642.A8.AK763 Q953.85.J532.T42 AKJ4.KT9.K76.J98 T876.AJ3.QT94.Q5"
    table = '[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS"]\n'
    text = (
        f'[Event "Night"]\n[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{deal_a}"]\n'
        f"{table}1 3 3NT N 9 400\n2 4 3NT N 10 430\n\n"
        f'[Event "{second_event}"]\n[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
        f'[Deal "{deal_b}"]\n{table}5 7 4H E 10 -420\n6 8 4H E 9 50\n\n'
    )
    path = tmp_path / "night.pbn"
    path.write_text(text)
    return path


def test_a_results_file_with_two_deals_under_one_number_is_refused_by_both(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Results under board 1 with two different deals: not one datum of
    four results (``score`` exit 0 before), an error in both commands."""
    path = _results_twice(tmp_path, "Night")
    assert main(["check", str(path)]) == 1
    out = capsys.readouterr().out
    assert TWO_DEALS.format(first=5, second=14) in out, out
    assert main(["score", str(path), "--to", "json", "-o", str(tmp_path / "o.json")]) == 1
    assert TWO_DEALS.format(first=5, second=14) in capsys.readouterr().err


def test_a_results_file_s_sets_told_apart_are_scored_apart(tmp_path: Path) -> None:
    """The second set under its own Event: two boards of two results each."""
    path = _results_twice(tmp_path, "Night, second set")
    event = pbnscore.load(path)
    sections = event.sessions[0].sections
    assert [(x.id, [len(b.results) for b in x.boards]) for x in sections] == [
        ("Night", [2]),
        ("Night, second set", [2]),
    ]


def test_the_same_deal_at_every_table_is_one_board() -> None:
    """One game per table, each repeating its board's deal: no error."""
    event = pbnscore.load(NAMES_HOWELL)
    assert len(event.sessions[0].sections[0].boards) == 14


def test_the_same_hands_from_another_seat_are_one_deal(tmp_path: Path) -> None:
    """A deal listed from East in one game and North in the next is the same
    deal (docs/reference/choices.md "PBN deals"): no error."""
    path = _results_twice(tmp_path, "Night")
    text = path.read_text().replace(
        "N:2.Q7642.A8.AK763 Q953.85.J532.T42 AKJ4.KT9.K76.J98 T876.AJ3.QT94.Q5",
        "E:2.Q7642.A8.AK763 AKJ4.KT9.K76.J98 T876.AJ3.QT94.Q5 Q953.85.J532.T42",
    )
    path.write_text(text)
    assert len(pbnscore.load(path).sessions[0].sections[0].boards[0].results) == 4
