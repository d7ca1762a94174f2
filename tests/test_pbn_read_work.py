"""The PBN reader does each piece of work once: counted, not timed (issue 29:
the reader against endplay's on real files)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from pbnscore import pbn
from pbnscore.model import Outcome
from pbnscore.pbn import _analysis, _reader, _tables

DEAL = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"
ANALYSIS = "\n".join(
    f"{seat} {strain} {7 if seat in 'NS' else 6}"
    for seat in "NSEW"
    for strain in ["NT", "S", "H", "D", "C"]
)
SCORE_HEADER = "PairId_NS\\2R;PairId_EW\\2R;Contract\\4L;Declarer\\1R;Result\\2R;Score_NS\\6R"


def _game(table: int, rows: str) -> str:
    return (
        f'[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{DEAL}"]\n'
        f'[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]\n{ANALYSIS}\n'
        f'[ScoreTable "{SCORE_HEADER}"]\n{rows}\n\n'
    )


def _counted(monkeypatch: pytest.MonkeyPatch, owner: Any, name: str) -> list[int]:
    calls: list[int] = []
    original: Callable[..., Any] = getattr(owner, name)

    def counting(*args: Any, **kwargs: Any) -> Any:
        calls.append(1)
        return original(*args, **kwargs)

    monkeypatch.setattr(owner, name, counting)
    return calls


def test_a_deals_analysis_is_read_from_its_first_game_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """Three tables' games of one deal, each with its OptimumResultTable: the
    table is read once (the first game of a deal gives its analysis), and the
    board carries it."""
    calls = _counted(monkeypatch, _analysis, "_from_game")
    text = "".join(_game(t, f'{t} {t + 10} "7S" N 13 "1510"') for t in (1, 2, 3))
    event = pbn.loads(text)
    assert len(calls) == 1
    board = event.sessions[0].sections[0].boards[0]
    assert board.analysis is not None
    assert len(board.analysis.tricks) == 20


def test_a_score_tables_board_is_found_once_per_section(monkeypatch: pytest.MonkeyPatch) -> None:
    """A ScoreTable of four rows in one section: its board (deal, dealer,
    vulnerability) is looked up once, not once a row; every row is read."""
    calls = _counted(monkeypatch, _reader.EventBuilder, "_board")
    rows = "\n".join(f'{t} {t + 10} "4S" N 10 "420"' for t in (1, 2, 3, 4))
    event = pbn.loads(_game(1, rows))
    assert len(calls) == 1
    results = event.sessions[0].sections[0].boards[0].results
    assert [r.score for r in results] == [420] * 4
    assert {r.outcome for r in results} == {Outcome.PLAYED}


def test_table_rows_with_no_escape_resolve_none(monkeypatch: pytest.MonkeyPatch) -> None:
    """Quoted cells with no backslash in the table are taken as they are
    (no escape resolved per element); a table with one still resolves it."""
    calls = _counted(monkeypatch, _tables, "unescape")
    rows = "\n".join(f'{t} {t + 10} "4S" N 10 "420"' for t in (1, 2))
    assert _tables.split_rows("ScoreTable", [(5, rows)], 6, _ignore) == [
        _tables.Row(5, ("1", "11", "4S", "N", "10", "420")),
        _tables.Row(6, ("2", "12", "4S", "N", "10", "420")),
    ]
    assert calls == []
    escaped = _tables.split_rows("ScoreTable", [(5, '1 11 "4\\"S" N 10 "420"')], 6, _ignore)
    assert escaped[0].values[2] == '4"S'
    assert calls


def _ignore(message: str, line: int | None, severity: str) -> None:
    raise AssertionError(f"{line}: {message}")
