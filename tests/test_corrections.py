"""The director's corrections file (``--corrections FILE.csv``): rulings
applied to a night as it is read, for every input format; every bad row one
line; nothing applied from a file with any."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import pbnscore
from pbnscore.bridge import ns_score, parse_contract
from pbnscore.bws import csv_tables, read_tables
from pbnscore.cli import main
from pbnscore.corrections import CorrectionsError, read_corrections
from pbnscore.errors import ParseError
from pbnscore.model import AdjustedKind, Event, Outcome, Result, Seat

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
MITCHELL_PBN = FIXTURES / "pbn" / "mitchell-pairs.pbn"
MITCHELL_XML = FIXTURES / "usebio" / "mitchell-pairs.xml"


def bws_mitchell() -> Event:
    return read_tables(csv_tables(FIXTURES / "bws" / "mitchell"), source="mitchell.bws")


def results(event: Event) -> dict[tuple[int, str | None, str | None], Result]:
    """Each result by (board, NS pair, EW pair)."""
    return {
        (b.number, r.ns, r.ew): r
        for session in event.sessions
        for section in session.sections
        for b in section.boards
        for r in b.results
    }


def corrected(text: str, event: Event) -> tuple[Event, list[str]]:
    return read_corrections(text, "rulings.csv").apply(event)


# -- what a row may say -----------------------------------------------------------


@pytest.mark.parametrize(
    "path", [pytest.param(MITCHELL_PBN, id="pbn"), pytest.param(MITCHELL_XML, id="usebio")]
)
def test_an_assigned_score_replaces_the_result_by_pairs_in_any_format(path: Path) -> None:
    """Board 1, NS 4 v EW 3: 2NT-1 becomes 3NT by N making 9, scored by Law 77."""
    event = pbnscore.load(path)
    text = "board,ns,ew,contract,declarer,result,reason\n1,4,3,3NT,N,9,misinformation (Law 21B)\n"
    after, said = corrected(text, event)
    result = results(after)[(1, "4", "3")]
    assert (str(result.contract), result.declarer, result.tricks, result.score) == (
        "3NT",
        Seat.N,
        9,
        400,
    )
    assert result.ruling == "misinformation (Law 21B)"
    assert said == [
        "rulings.csv:2: board 1 NS 4 v EW 3: corrected: 3NT by N, 9 tricks "
        "(misinformation (Law 21B))"
    ]
    unchanged = {k: v for k, v in results(after).items() if k != (1, "4", "3")}
    assert unchanged == {k: v for k, v in results(event).items() if k != (1, "4", "3")}


def test_the_input_is_not_changed() -> None:
    event = bws_mitchell()
    before = results(event)
    corrected("board,table,adjusted\n1,1,60%-40%\n", event)
    assert results(event) == before


@pytest.mark.parametrize(
    ("adjusted", "ns", "ew"),
    [
        pytest.param("60%-40%", AdjustedKind.AVERAGE_PLUS, AdjustedKind.AVERAGE_MINUS, id="60-40"),
        pytest.param("40%-40%", AdjustedKind.AVERAGE_MINUS, AdjustedKind.AVERAGE_MINUS, id="split"),
        pytest.param("50-50", AdjustedKind.AVERAGE, AdjustedKind.AVERAGE, id="no-percent-signs"),
    ],
)
def test_an_artificial_score_each_side_its_own(
    adjusted: str, ns: AdjustedKind, ew: AdjustedKind
) -> None:
    """NS% then EW%: both sides at fault is 40%-40% (Law 12C2)."""
    after, _ = corrected(f"board,table,adjusted\n1,1,{adjusted}\n", bws_mitchell())
    result = results(after)[(1, "1", "1")]
    assert result.outcome is Outcome.ADJUSTED and result.adjusted is not None
    assert (result.adjusted.ns, result.adjusted.ew) == (ns, ew)


def test_not_played_and_passed_out() -> None:
    text = "board,table,contract,adjusted\n1,1,,not played\n2,1,pass,\n"
    after, _ = corrected(text, bws_mitchell())
    by = results(after)
    assert by[(1, "1", "1")].outcome is Outcome.NOT_PLAYED
    assert by[(2, "1", "1")].outcome is Outcome.PASSED_OUT and by[(2, "1", "1")].score == 0


def test_a_result_no_table_keyed_is_added_where_table_and_pairs_are_given() -> None:
    """NS 1 v EW 2 never keyed board 1 (at a table 9): the row adds it."""
    event = bws_mitchell()
    text = "board,table,ns,ew,contract,declarer,result\n1,9,1,2,4S,S,=\n"
    after, said = corrected(text, event)
    assert after.result_count() == event.result_count() + 1
    added = results(after)[(1, "1", "2")]
    assert (added.table, added.score) == ("9", 420)
    assert said == ["rulings.csv:2: board 1 table 9 NS 1 v EW 2: added: 4S by S, 10 tricks"]


def test_a_row_that_finds_no_result_is_an_error_about_the_night() -> None:
    with pytest.raises(ParseError) as raised:
        corrected("board,table,adjusted\n1,7,60%-40%\n", bws_mitchell())
    assert str(raised.value) == (
        "mitchell.bws: rulings.csv:2: board 1 table 7: no result there to correct"
    )


# -- bad rows ---------------------------------------------------------------------


def test_every_bad_row_is_one_line_and_nothing_is_applied() -> None:
    text = (
        "board,table,ns,ew,contract,declarer,result,adjusted,reason\n"
        "x,1,,,4S,N,=,,\n"
        "1,,,,4S,N,=,,\n"
        "1,1,,,4S,N,=,60%-40%,\n"
        "1,1,,,9NT,N,=,,\n"
        "1,1,,,4S,Q,=,,\n"
        "1,1,,,4S,N,+5,,\n"
        "1,1,,,,,,A+,\n"
        "1,1,,,,,,120%-40%,\n"
        "1,1,,,4S,,,,\n"
        "1,1,,,,,-1,60%-40%,\n"
        "2,1,,,4S,N,=,,fine\n"
    )
    with pytest.raises(CorrectionsError) as raised:
        read_corrections(text, "rulings.csv")
    assert raised.value.lines == (
        "rulings.csv:2: board 'x' is no board number",
        "rulings.csv:3: say which result: a table, or the ns and ew pairs",
        "rulings.csv:4: give a contract (with declarer and result) or an adjusted score",
        "rulings.csv:5: contract '9NT' cannot be read",
        "rulings.csv:6: declarer 'Q' is no seat (N, E, S, W)",
        "rulings.csv:7: 4S +5 is 15 tricks",
        "rulings.csv:8: adjusted 'A+': give NS%-EW% (60%-40%) or not played",
        "rulings.csv:9: adjusted '120%-40%': percentages are 0 to 100",
        "rulings.csv:10: 4S needs its declarer and result",
        "rulings.csv:11: an adjusted score takes no declarer or result",
    )


@pytest.mark.parametrize(
    ("text", "line"),
    [
        pytest.param("board,tabel\n1,2\n", "rulings.csv:1: unknown column 'tabel'", id="column"),
        pytest.param("table\n1\n", "rulings.csv:1: no board column", id="no-board"),
        pytest.param("", "rulings.csv:1: no header row", id="empty"),
    ],
)
def test_a_bad_header_is_one_line(text: str, line: str) -> None:
    with pytest.raises(CorrectionsError) as raised:
        read_corrections(text, "rulings.csv")
    assert raised.value.lines[0].startswith(line)


# -- a property: only the named result changes, to Law 77's score ------------------


@given(
    st.sampled_from(sorted(results(bws_mitchell()))),
    st.integers(1, 7),
    st.sampled_from(["C", "D", "H", "S", "NT"]),
    st.sampled_from(["", "X", "XX"]),
    st.sampled_from("NESW"),
    st.integers(0, 13),
)
def test_a_correction_changes_its_result_alone(
    key: tuple[int, str, str], level: int, strain: str, risk: str, seat: str, tricks: int
) -> None:
    board, ns, ew = key
    event = bws_mitchell()
    row = f"{board},{ns},{ew},{level}{strain}{risk},{seat},{tricks}"
    text = f"board,ns,ew,contract,declarer,result\n{row}\n"
    after, _ = corrected(text, event)
    before_results, after_results = results(event), results(after)
    assert {k for k in after_results if after_results[k] != before_results[k]} == {key}
    contract = parse_contract(f"{level}{strain}{risk}")
    vulnerability = next(
        b.vulnerability
        for s in event.sessions
        for x in s.sections
        for b in x.boards
        if b.number == board
    )
    assert vulnerability is not None
    assert after_results[key].score == ns_score(contract, Seat(seat), tricks, vulnerability)


# -- the command line -------------------------------------------------------------


def test_score_applies_the_file_and_the_report_shows_the_ruling(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rulings = tmp_path / "rulings.csv"
    rulings.write_text("board,ns,ew,adjusted,reason\n1,4,3,60%-40%,slow play\n", encoding="utf-8")
    out = tmp_path / "night.json"
    argv = [
        "score",
        str(MITCHELL_XML),
        "--corrections",
        str(rulings),
        "--to",
        "json",
        "-o",
        str(out),
    ]
    assert main(argv) == 0
    assert (
        "rulings.csv:2: board 1 NS 4 v EW 3: corrected: artificial score 60%-40% (slow play)"
        in (capsys.readouterr().err)
    )
    lines = {
        (r["ns"], r["ew"]): r
        for b in json.loads(out.read_text())["boards"]
        if b["board"] == 1
        for r in b["results"]
    }
    assert lines[("4", "3")]["adjusted"] == "60%-40%"
    text = tmp_path / "night.txt"
    assert (
        main(["score", str(MITCHELL_XML), "--corrections", str(rulings), "-o", str(text), "-q"])
        == 0
    )
    assert "slow play" in text.read_text(encoding="utf-8")
    assert (
        main(["explain", str(MITCHELL_XML), "--corrections", str(rulings), "--board", "1", "-q"])
        == 0
    )
    assert "  ruling: slow play" in capsys.readouterr().out


def test_a_file_with_bad_rows_stops_the_run_with_a_line_each(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rulings = tmp_path / "rulings.csv"
    rulings.write_text("board,table,adjusted\nx,1,60%-40%\n1,,60%-40%\n", encoding="utf-8")
    out = tmp_path / "night.json"
    argv = ["score", str(MITCHELL_XML), "--corrections", str(rulings), "-o", str(out)]
    assert main(argv) == 2
    assert capsys.readouterr().err.splitlines() == [
        f"{rulings}:2: board 'x' is no board number",
        f"{rulings}:3: say which result: a table, or the ns and ew pairs",
    ]
    assert not out.exists()
