"""``--dd``: each board's double-dummy table and par, solved by endplay
where the file does not already carry them.

``fixtures/pbn/double-dummy.pbn`` deals each player one whole suit, so the
makeable contracts are known by hand: a side makes thirteen tricks with its
own or its partner's suit as trumps, none otherwise. Board 1 carries that
table in the file (shown without solving); board 2 is solved.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from lxml import html as lxml_html

import pbnscore
from pbnscore.cli import main
from pbnscore.model import Seat
from pbnscore.report import _dd

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
DD = FIXTURES / "pbn" / "double-dummy.pbn"
# By hand: board 1 N spades, E hearts, S diamonds, W clubs; board 2 N
# hearts, E diamonds, S clubs, W spades.
OWN = {1: {"NS": {"S", "D"}, "EW": {"H", "C"}}, 2: {"NS": {"H", "C"}, "EW": {"D", "S"}}}


def _has_endplay() -> bool:
    try:
        import endplay.dds  # noqa: F401
    except ImportError:
        return False
    return True


needs_endplay = pytest.mark.skipif(not _has_endplay(), reason="endplay is not installed")


def expected(board: int) -> dict[tuple[Seat, str], int]:
    return {
        (seat, strain): 13 if strain in OWN[board][seat.direction.value] else 0
        for seat in _dd.DECLARERS
        for strain in _dd.STRAINS
    }


def analyses() -> list[_dd.Analysis | None]:
    event = pbnscore.load(DD)
    boards = [b for s in event.sessions for sec in s.sections for b in sec.boards]
    facts = [(b.dealer.value, b.vulnerability.value) for b in boards]
    return _dd.analyse(boards, facts)


@needs_endplay
def test_solved_and_given_tables_are_the_known_tricks(monkeypatch: pytest.MonkeyPatch) -> None:
    """Board 1's table comes from the file, board 2's from the solver; both
    are the tricks worked out by hand."""
    solved = []
    real_solve = _dd.solve

    def counting(*args: object) -> _dd.Analysis:
        solved.append(args)
        return real_solve(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(_dd, "solve", counting)
    first, second = analyses()
    assert first is not None and second is not None
    assert first.source == "DoubleDummyTricks" and first.par == "NS 7S"
    assert first.tricks == expected(1)
    assert second.source == "endplay" and second.par
    assert second.tricks == expected(2)
    assert len(solved) == 1  # board 1 was not solved


@needs_endplay
@pytest.mark.parametrize("to", ["text", "html"])
def test_reports_show_the_makeable_contracts(to: str, tmp_path: Path) -> None:
    """``score --dd`` shows each board's table: the level each declarer
    makes in each strain (7 for all thirteen tricks, – for none) and par."""
    out = tmp_path / f"dd.{'txt' if to == 'text' else 'html'}"
    assert main(["score", str(DD), "--dd", "--to", to, "-o", str(out)]) == 0
    page = out.read_text(encoding="utf-8")
    if to == "html":
        page = lxml_html.document_fromstring(page).text_content()  # type: ignore[attr-defined]
    assert page.count("Makeable contracts") == 2
    assert "from the file's DoubleDummyTricks" in page and "Par from the file: NS 7S" in page
    assert page.count("Par worked out: ") == 1  # board 2, solved
    if to == "text":
        lines = page.splitlines()
        at = [i for i, line in enumerate(lines) if line.startswith("Makeable contracts")]
        rows = [lines[i + 3 : i + 7] for i in at]
        for board, block in zip((1, 2), rows, strict=True):
            for line in block:
                seat, *levels = line.split()
                shown = dict(zip(_dd.STRAINS, levels, strict=True))
                for strain in _dd.STRAINS:
                    made = expected(board)[Seat(seat), strain]
                    assert shown[strain] == ("7" if made == 13 else "–")


@needs_endplay
@pytest.mark.parametrize("to", ["text", "html"])
def test_a_file_table_without_a_par_gets_the_par_worked_out(to: str, tmp_path: Path) -> None:
    """A file with its own DoubleDummyTricks and no ParContract/OptimumScore
    (BridgeWebs): the par is worked out from the deal, for the board's
    dealer and vulnerability, and says so. By hand, board 1 (dealer N, none
    vulnerable): NS make 7S, EW's 7H is outranked and every 7NT fails, so
    par is 7S by N or S, NS +1510."""
    source = tmp_path / "no-par.pbn"
    source.write_text(DD.read_text(encoding="utf-8").replace('[ParContract "NS 7S"]\n', ""))
    out = tmp_path / f"dd.{'txt' if to == 'text' else 'html'}"
    assert main(["score", str(source), "--dd", "--to", to, "-o", str(out)]) == 0
    page = out.read_text(encoding="utf-8")
    if to == "html":
        page = lxml_html.document_fromstring(page).text_content()  # type: ignore[attr-defined]
    assert "Par: not given" not in page and "Par from the file" not in page
    assert page.count("Par worked out: ") == 2
    board_1 = page[page.index("from the file's DoubleDummyTricks") :].split("\n")[0]
    assert "Par worked out: 7♠N=, 7♠S=, NS +1510" in board_1


def test_without_endplay_dd_is_one_clear_error(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """With endplay not importable, ``--dd`` is a usage error saying what
    to install, before anything is read or written."""
    monkeypatch.setitem(sys.modules, "endplay", None)
    monkeypatch.setitem(sys.modules, "endplay.dds", None)
    assert main(["score", str(DD), "--dd", "--to", "text"]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.count("\n") == 1 and "pip install 'pbnscore[dd]'" in err
    # and what works before pbnscore is on the index (docs/howto/install.md)
    assert "in its source folder: pip install '.[dd]'" in err


@pytest.mark.parametrize("to", ["json", "csv", "usebio"])
def test_dd_where_it_cannot_show_is_refused(to: str, capsys: pytest.CaptureFixture[str]) -> None:
    """--dd with a format that has no board pages does nothing: refused."""
    assert main(["score", str(DD), "--dd", "--to", to]) == 2
    assert "--dd applies to --to text or html" in capsys.readouterr().err


def test_the_pbn_reader_puts_the_file_s_analysis_in_the_model() -> None:
    """The analysis a PBN game carries is on its board (the report reads it
    there, not from the PBN text again): board 1's tricks and par, board 2 none."""
    event = pbnscore.load(DD)
    first, second = (b for s in event.sessions for sec in s.sections for b in sec.boards)
    assert first.analysis is not None and second.analysis is None
    assert first.analysis.given_as == "DoubleDummyTricks"
    tricks = {(seat, strain.value): count for seat, strain, count in first.analysis.tricks}
    assert tricks == expected(1)
    assert (first.analysis.par_contract, first.analysis.par_score) == ("NS 7S", None)
