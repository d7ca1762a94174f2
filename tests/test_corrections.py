"""The director's corrections file (``--corrections FILE.csv``): rulings
applied to a night as it is read, for every input format; every bad row one
line; nothing applied from a file with any."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import pbnscore
from pbnscore.bridge import ns_score, parse_contract
from pbnscore.bws import MemoryTables, csv_tables, read_tables
from pbnscore.cli import main
from pbnscore.corrections import CorrectionsError, read_corrections
from pbnscore.errors import ParseError
from pbnscore.model import AdjustedKind, Event, Outcome, Result, Seat

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
MITCHELL_PBN = FIXTURES / "pbn" / "mitchell-pairs.pbn"
MITCHELL_XML = FIXTURES / "usebio" / "mitchell-pairs.xml"


def bws_mitchell(*, unkeyed: str | None = None) -> Event:
    """The Mitchell fixture; ``unkeyed``: the ID of a ReceivedData row its
    table never keyed (left out)."""
    return bws_fixture("mitchell", unkeyed=unkeyed)


def bws_fixture(name: str, *, unkeyed: str | None = None) -> Event:
    tables = csv_tables(FIXTURES / "bws" / name)
    source = f"{name}.bws"
    if unkeyed is None:
        return read_tables(tables, source=source)
    folder = FIXTURES / "bws" / name
    rows = {t.stem: tables.rows(t.stem) for t in folder.glob("*.csv")}
    rows["ReceivedData"] = [r for r in rows["ReceivedData"] if r["ID"] != unkeyed]
    return read_tables(MemoryTables(rows), source=source)


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


@pytest.mark.parametrize(
    ("adjusted", "said"),
    [
        pytest.param("60%-40%", None, id="law"),
        pytest.param("40%-40%", None, id="both-at-fault"),
        pytest.param(
            "70%-40%",
            "artificial score 70%-40%: NS's 70% scores as 60% does "
            "(average-plus: --artificial-imps)",
            id="session-percentage",
        ),
        pytest.param(
            "60%-25%",
            "artificial score 60%-25%: EW's 25% scores as 40% does "
            "(average-minus: --artificial-imps)",
            id="below-40",
        ),
        pytest.param(
            "55%-45%",
            "artificial score 55%-45%: NS's 55% is none of Law 12C2(a)'s 40%, 50%, 60%: "
            "scored as average-plus; EW's 45% is none of Law 12C2(a)'s 40%, 50%, 60%: "
            "scored as average-minus",
            id="between",
        ),
    ],
)
def test_an_artificial_score_the_law_does_not_price_is_said(
    adjusted: str, said: str | None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Law 12C2(a): average-plus is at least 60% and average-minus at most
    40% (a side's session percentage where it is better, in many
    regulations), so 70%-40% is the Law's; but every IMP method has one
    average-plus, so 70% scores as 60% does: said, as is 55%, none of the
    Law's three."""
    rulings = tmp_path / "rulings.csv"
    rulings.write_text(f"board,ns,ew,adjusted\n1,4,3,{adjusted}\n", encoding="utf-8")
    argv = [
        "score",
        str(MITCHELL_XML),
        "--corrections",
        str(rulings),
        "-o",
        str(tmp_path / "o.json"),
    ]
    assert main(argv) == 0
    err = capsys.readouterr().err.splitlines()
    warned = [line for line in err if "artificial score" in line and "corrected:" not in line]
    if said is None:
        assert warned == []
    else:
        (line,) = warned
        assert line.endswith(f": board 1: {said}")


def test_not_played_and_passed_out() -> None:
    text = "board,table,contract,adjusted\n1,1,,not played\n2,1,pass,\n"
    after, _ = corrected(text, bws_mitchell())
    by = results(after)
    assert by[(1, "1", "1")].outcome is Outcome.NOT_PLAYED
    assert by[(2, "1", "1")].outcome is Outcome.PASSED_OUT and by[(2, "1", "1")].score == 0


def test_a_result_no_table_keyed_is_added_where_table_and_pairs_are_given() -> None:
    """Table 3 never keyed board 1 (NS 3 v EW 2, row 11): the row adds it."""
    event = bws_mitchell(unkeyed="11")
    text = "board,table,ns,ew,contract,declarer,result\n1,3,3,2,4S,S,=\n"
    after, said = corrected(text, event)
    assert after.result_count() == event.result_count() + 1
    added = results(after)[(1, "3", "2")]
    assert (added.table, added.score) == ("3", 420)
    assert said == ["rulings.csv:2: board 1 table 3 NS 3 v EW 2: added: 4S by S, 10 tricks"]


@pytest.mark.parametrize(
    ("row", "message"),
    [
        pytest.param("1,9,1,2", "pair 1 NS would be in two results (table 1 has one)", id="ns"),
        pytest.param("1,9,4,3", "pair 3 EW would be in two results (table 2 has one)", id="ew"),
        pytest.param(
            "1,3,1,2", "pair 1 NS would be in two results (table 1 has one)", id="pairs-mistyped"
        ),
    ],
)
def test_a_row_that_gives_a_pair_two_results_on_a_board_is_an_error(row: str, message: str) -> None:
    """Every pair played board 1: a row adding NS 1 v EW 2 would score NS 1
    twice on it (a pair plays a board once), so the
    row is refused rather than warned of."""
    text = f"board,table,ns,ew,contract,declarer,result\n{row},4S,S,=\n"
    with pytest.raises(ParseError) as raised:
        corrected(text, bws_mitchell())
    where = "board 1 table {} NS {} v EW {}".format(*row.split(",")[1:])
    assert str(raised.value) == f"mitchell.bws: rulings.csv:2: {where}: {message}"


def test_a_howell_pair_is_one_pair_whichever_way_it_sits() -> None:
    """Table 2 never keyed board 1 (NS 3 v EW 4, row 3). Pair 1 played it NS
    at table 1: in a Howell it is one pair either way, so adding it EW is
    two results for it; NS 3 v EW 4 is the result that is missing."""
    event = bws_fixture("howell", unkeyed="3")
    text = "board,table,ns,ew,contract,declarer,result\n1,2,4,1,4S,S,=\n"
    with pytest.raises(ParseError) as raised:
        corrected(text, event)
    assert str(raised.value).endswith(": pair 1 would be in two results (table 1 has one)")
    after, _ = corrected(text.replace("1,2,4,1", "1,2,3,4"), event)
    assert after.result_count() == event.result_count() + 1


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


def test_two_rows_for_one_result_are_refused_naming_both_lines() -> None:
    """The same board and table twice: which ruling stands is the
    director's to say, not the file's order."""
    text = "board,table,adjusted,reason\n1,1,60%-40%,slow play\n2,1,50%-50%,\n1,1,40%-60%,revoke\n"
    with pytest.raises(CorrectionsError) as raised:
        read_corrections(text, "rulings.csv")
    assert raised.value.lines == (
        "rulings.csv:4: board 1 table 1: line 2 corrects this result too (one ruling a result)",
    )


def test_two_rows_naming_one_result_two_ways_are_refused_naming_both_lines() -> None:
    """Board 1 at table 1 is NS 1 v EW 1: a row by the table and one by the
    pairs are rulings on one result."""
    text = "board,table,ns,ew,adjusted\n1,1,,,60%-40%\n1,,1,1,40%-60%\n"
    with pytest.raises(ParseError) as raised:
        corrected(text, bws_mitchell())
    assert str(raised.value) == (
        "mitchell.bws: rulings.csv:3: board 1 NS 1 v EW 1: "
        "line 2 corrects this result too (one ruling a result)"
    )


def written(rows: list[list[str]], delimiter: str) -> str:
    """``rows`` as a spreadsheet saves them with that separator."""
    stream = io.StringIO()
    csv.writer(stream, delimiter=delimiter, lineterminator="\r\n").writerows(rows)
    return stream.getvalue()


RULINGS = [
    ["Board", "Table", "Contract", "Declarer", "Result", "Adjusted", "Reason"],
    ["1", "1", "3NT", "N", "9", "", "misinformation; Law 21B, as ruled"],
    ["2", "1", "", "", "", "60%-40%", "slow play"],
]


@pytest.mark.parametrize(
    "delimiter",
    [pytest.param(";", id="semicolon"), pytest.param("\t", id="tab")],
)
def test_a_file_saved_with_semicolons_or_tabs_reads_as_with_commas(delimiter: str) -> None:
    """Excel in a European locale saves "CSV" with ``;`` between cells (the
    comma is the decimal mark there); a tab-separated export is as common."""
    assert read_corrections(written(RULINGS, delimiter), "rulings.csv") == read_corrections(
        written(RULINGS, ","), "rulings.csv"
    )


@given(
    st.sampled_from([",", ";", "\t"]),
    st.text(st.characters(codec="utf-8", exclude_categories=("Cs", "Cc")), max_size=30),
)
def test_any_reason_reads_back_whatever_the_separator(delimiter: str, reason: str) -> None:
    rows = [["board", "table", "adjusted", "reason"], ["3", "2", "50%-50%", reason]]
    (row,) = read_corrections(written(rows, delimiter), "rulings.csv").rows
    assert row.reason == (reason.strip() or None)


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
    assert lines[("4", "3")]["ruling"] == "slow play"
    assert [key for key, line in lines.items() if "ruling" in line] == [("4", "3")]
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
    argv = ["explain", str(MITCHELL_XML), "--corrections", str(rulings), "--board", "1"]
    assert main([*argv, "--to", "json", "-q"]) == 0
    (field,) = json.loads(capsys.readouterr().out)["fields"]
    rulings_shown = {(t["ns"], t["ew"]): t["ruling"] for t in field["tables"]}
    assert rulings_shown.pop(("4", "3")) == "slow play"
    assert set(rulings_shown.values()) == {None}


def test_score_refuses_a_pair_in_two_results_and_writes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rulings = tmp_path / "rulings.csv"
    rulings.write_text("board,table,ns,ew,contract,declarer,result\n1,9,4,2,4S,S,=\n")
    out = tmp_path / "night.json"
    argv = ["score", str(MITCHELL_XML), "--corrections", str(rulings), "-o", str(out)]
    assert main(argv) == 1
    err = capsys.readouterr().err.splitlines()
    assert err == [
        f"{MITCHELL_XML}: {rulings}:2: board 1 table 9 NS 4 v EW 2: "
        "pair 4 NS would be in two results (NS 4 v EW 3 has one)"
    ]
    assert not out.exists()


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


def test_a_section_is_named_in_any_case(shared_samples: Path) -> None:
    """A scorer keys the section as it comes (b for B); the night's own
    spelling wins where two differ only so."""
    from pbnscore import bws

    night = bws.load(shared_samples / "bws" / "palo_alto_2025-12-23.bws")
    after, said = corrected("section,board,table,adjusted\nb,1,1,60%-40%\n", night)
    ruled = [
        (section.id, board.number, result.table, result.adjusted.code)
        for session in after.sessions
        for section in session.sections
        for board in section.boards
        for result in board.results
        if result.adjusted is not None
    ]
    assert ruled == [("B", 1, "1", "60%-40%")]
    assert said == ["rulings.csv:2: section b board 1 table 1: corrected: artificial score 60%-40%"]
