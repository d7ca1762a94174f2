"""Pairs known only by the numbers on their results (a USEBIO file with no
PARTICIPANTS, a PBN file with no TotalScoreTable): one rule,
``pbnscore._numbering``, says who each number is. A Mitchell numbered 1..n
each way is 2n pairs, not n pairs each playing against itself; a Howell is
one pair a number."""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

import pytest
from lxml import etree

import pbnscore
from pbnscore import usebio, validate
from pbnscore._numbering import numbering
from pbnscore.cli import main
from pbnscore.model import Board, Direction, Outcome, Result, ScoredEvent

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
MITCHELL_XML = FIXTURES / "usebio" / "mitchell-pairs.xml"
MITCHELL_NO_PARTICIPANTS = FIXTURES / "usebio" / "mitchell-no-participants.xml"
HOWELL_XML = FIXTURES / "usebio" / "howell-pairs.xml"
MITCHELL_PBN = FIXTURES / "pbn" / "mitchell-pairs.pbn"
HOWELL_PBN = FIXTURES / "pbn" / "howell-pairs.pbn"

Row = tuple[str, Direction | None, Fraction, int | None, int]


def _standings(scored: ScoredEvent) -> list[Row]:
    """Each pair's number, direction, total, place and boards, by pair."""
    rows = [
        (s.participant.id, s.participant.direction, Fraction(s.total), s.rank, s.boards)
        for s in scored.standings
    ]
    assert rows, "no standings"
    return sorted(rows, key=lambda row: (row[0], str(row[1])))


def _scored(path: Path, method: str = "butler") -> ScoredEvent:
    return pbnscore.score(pbnscore.load(path), method)


def _edited(path: Path, tmp_path: Path, *cuts: str, name: str = "") -> Path:
    """``path`` with each ``cuts`` pattern's matches (and the blank they
    leave) taken out."""
    text = path.read_text(encoding="latin-1")
    for cut in cuts:
        text, count = re.subn(cut, "", text, flags=re.S)
        assert count, f"{cut} not in {path.name}"
    out = tmp_path / (name or f"cut-{path.name}")
    out.write_text(text, encoding="latin-1")
    return out


NO_PARTICIPANTS = r"[ \t]*<PARTICIPANTS>.*?</PARTICIPANTS>\n"
NO_WINNER_TYPE = r"[ \t]*<WINNER_TYPE>.*?</WINNER_TYPE>\n"
NO_TOTAL_SCORE_TABLE = r"\[TotalScoreTable [^\n]*\n(?: [^\n]*\n)*"


# -- USEBIO -----------------------------------------------------------------


@pytest.mark.parametrize("method", ["butler", "cross-imps"])
def test_a_mitchell_without_participants_ranks_as_with_them(method: str) -> None:
    """mitchell-pairs.xml, NS and EW both numbered 1-4, WINNER_TYPE 2: its
    eight pairs in two fields, with or without its PARTICIPANTS."""
    listed = _standings(_scored(MITCHELL_XML, method))
    unlisted = _standings(_scored(MITCHELL_NO_PARTICIPANTS, method))
    assert len(listed) == 8
    assert unlisted == listed


def test_a_mitchell_without_participants_or_winner_type_ranks_as_with_them(
    tmp_path: Path,
) -> None:
    """No WINNER_TYPE either: NS 1 and EW 1 are numbers that name a pair
    only within its direction, two fields as the listed file's."""
    path = _edited(MITCHELL_NO_PARTICIPANTS, tmp_path, NO_WINNER_TYPE)
    assert _standings(_scored(path)) == _standings(_scored(MITCHELL_XML))


def _one_field(tmp_path: Path) -> Path:
    """mitchell-no-participants.xml with WINNER_TYPE 1: one field."""
    path = _edited(MITCHELL_NO_PARTICIPANTS, tmp_path, NO_WINNER_TYPE)
    text = path.read_text(encoding="latin-1")
    text = text.replace("<PAIRS>", "<WINNER_TYPE>1</WINNER_TYPE>\n      <PAIRS>", 1)
    path.write_text(text, encoding="latin-1")
    return path


def test_a_one_field_mitchell_without_participants_has_every_pair(tmp_path: Path) -> None:
    """WINNER_TYPE 1 (one field): still eight pairs, each with the total it
    has in the listed file; ranked together."""
    listed = {row[:3] + row[4:] for row in _standings(_scored(MITCHELL_XML))}
    scored = _scored(_one_field(tmp_path))
    assert {row[:3] + row[4:] for row in _standings(scored)} == listed
    ranks = sorted(s.rank for s in scored.standings if s.rank is not None)
    assert ranks[-1] > 4  # one field of eight, not two of four
    assert all(s.boards == 8 for s in scored.standings)  # none played itself


def test_a_howell_without_participants_is_one_pair_a_number(tmp_path: Path) -> None:
    path = _edited(HOWELL_XML, tmp_path, NO_PARTICIPANTS)
    listed = _standings(_scored(HOWELL_XML))
    unlisted = _standings(_scored(path))
    assert [row[0] for row in unlisted] == ["1", "2", "3", "4"]
    assert all(row[1] is None for row in unlisted)
    assert [row[2:] for row in unlisted] == [row[2:] for row in listed]


def test_winner_type_two_does_not_split_a_howell(tmp_path: Path) -> None:
    """WINNER_TYPE 2 with no pairs listed and results that read as a
    Howell: the results win (as the USEBIO converter's "probably a double
    howell"), and ``check`` says so."""
    path = _edited(HOWELL_XML, tmp_path, NO_PARTICIPANTS)
    text = path.read_text(encoding="latin-1").replace(">1</WINNER_TYPE>", ">2</WINNER_TYPE>")
    path.write_text(text, encoding="latin-1")
    assert [row[1] for row in _standings(_scored(path))] == [None] * 4
    problems = validate.check_bytes(path.read_bytes(), path.name)
    assert [(p.severity, p.line) for p in problems] == [("warning", 15)]
    assert "WINNER_TYPE 2" in problems[0].message and "Howell" in problems[0].message


def test_the_written_file_keeps_both_pairs_of_a_number(tmp_path: Path) -> None:
    """USEBIO out of a one-field Mitchell without participants: NS 1 and
    EW 1 are written as two pairs (their DIRECTIONs), so reading the file
    back gives the eight pairs their totals."""
    scored = _scored(_one_field(tmp_path))
    document = usebio.dumps(scored)
    pairs = etree.fromstring(document).findall(".//PARTICIPANTS/PAIR")
    shown = {(p.findtext("PAIR_NUMBER"), p.findtext("DIRECTION")) for p in pairs}
    assert len(shown) == 8
    again = pbnscore.score(usebio.loads(document), "butler")
    totals = {row[:3] for row in _standings(again)}
    assert totals == {row[:3] for row in _standings(scored)}


# -- PBN (the same rule) ----------------------------------------------------


@pytest.mark.parametrize("names", [True, False], ids=["names", "numbers-only"])
def test_a_pbn_mitchell_without_total_score_table_ranks_as_with_it(
    tmp_path: Path, names: bool
) -> None:
    cuts = [NO_TOTAL_SCORE_TABLE]
    if not names:
        cuts += [r' "[^"\n]*" "[^"\n]*"(?=\n)', ";Names_NS;Names_EW"]
    text = MITCHELL_PBN.read_text()
    for cut in cuts:
        text, count = re.subn(cut, "", text)
        assert count
    path = tmp_path / "mitchell.pbn"
    path.write_text(text)
    assert _standings(_scored(path)) == _standings(_scored(MITCHELL_PBN))


STATIONARY_XML = r"<NS_PAIR_NUMBER>([34])</NS_PAIR_NUMBER>(\s*)<EW_PAIR_NUMBER>1<"
STATIONARY_PBN = r"^ ([34])  1 "


def _stationary_howell(tmp_path: Path) -> tuple[Path, Path]:
    """howell-pairs.xml with no PARTICIPANTS and howell-pairs.pbn with no
    names, pair 1 keyed NS on boards 3-6 (where it sat EW): pairs 1 and 4
    sit one way only, 2 and 3 both ways. The same results in each format."""
    xml = _edited(HOWELL_XML, tmp_path, NO_PARTICIPANTS).read_text(encoding="latin-1")
    xml, count = re.subn(
        STATIONARY_XML, r"<NS_PAIR_NUMBER>1</NS_PAIR_NUMBER>\2<EW_PAIR_NUMBER>\1<", xml
    )
    assert count == 4
    pbn = HOWELL_PBN.read_text().replace(";Names_NS;Names_EW", "")
    pbn = re.sub(r' "[^"\n]*" "[^"\n]*"(?=\n)', "", pbn)
    pbn, count = re.subn(STATIONARY_PBN, r" 1  \1 ", pbn, flags=re.M)
    assert count == 4
    (tmp_path / "stationary.xml").write_text(xml, encoding="latin-1")
    (tmp_path / "stationary.pbn").write_text(pbn)
    return tmp_path / "stationary.xml", tmp_path / "stationary.pbn"


def test_a_howells_stationary_pair_is_the_same_pair_in_both_formats(tmp_path: Path) -> None:
    """A Howell known by its numbers only is one field of one pair a
    number, none with a direction, from either format: a pair that happened
    to sit one way throughout (a stationary pair) is not "NS" from USEBIO
    and undirected from PBN."""
    xml, pbn = _stationary_howell(tmp_path)
    from_usebio = _standings(_scored(xml, "cross-imps"))
    assert [row[:2] for row in from_usebio] == [(n, None) for n in ("1", "2", "3", "4")]
    assert from_usebio == _standings(_scored(pbn, "cross-imps"))
    listed = {(p.id, p.direction) for p in pbnscore.load(pbn).participants()}
    assert listed == {row[:2] for row in from_usebio}


def test_a_pbn_howell_without_names_is_one_pair_a_number(tmp_path: Path) -> None:
    """howell-pairs.pbn has no TotalScoreTable; without its names either,
    its pairs are known by their numbers alone."""
    assert "TotalScoreTable" not in HOWELL_PBN.read_text()
    text = HOWELL_PBN.read_text().replace(";Names_NS;Names_EW", "")
    text, count = re.subn(r' "[^"\n]*" "[^"\n]*"(?=\n)', "", text)
    assert count
    path = tmp_path / "howell.pbn"
    path.write_text(text)
    rows = _standings(_scored(path, "cross-imps"))
    assert [row[:2] for row in rows] == [(n, None) for n in ("1", "2", "3", "4")]
    assert rows == _standings(_scored(HOWELL_PBN, "cross-imps"))


# -- the rule -----------------------------------------------------------------


def _board(number: int, *tables: tuple[str | None, str | None]) -> Board:
    results = tuple(
        Result(ns, ew, Outcome.PLAYED, score=0, line=10 * number + at)
        for at, (ns, ew) in enumerate(tables)
    )
    return Board(number, results)


@pytest.mark.parametrize(
    ("tables", "apart", "pairs", "direction_of_1_ns", "line"),
    [
        # NS 1 meets EW 1 at table 1: numbered apart
        ([[("1", "1"), ("2", "2")], [("1", "2"), ("2", "1")]], True, 4, Direction.NS, 10),
        # NS 1 at table 1, EW 1 at table 2 of one board: numbered apart
        ([[("1", "2"), ("3", "1")], [("2", "3"), ("1", "4")]], True, 7, Direction.NS, 11),
        # each number both ways, never on both sides of a board: a Howell
        ([[("1", "2"), ("3", "4")], [("2", "3"), ("4", "1")]], False, 4, None, None),
        # each number one way: a Mitchell numbered across directions
        ([[("1", "4"), ("2", "5")], [("1", "5"), ("2", "4")]], False, 4, Direction.NS, None),
    ],
    ids=["meets-itself", "both-sides", "howell", "one-way"],
)
def test_the_rule(
    tables: list[list[tuple[str, str]]],
    apart: bool,
    pairs: int,
    direction_of_1_ns: Direction | None,
    line: int | None,
) -> None:
    found = numbering([_board(at + 1, *board) for at, board in enumerate(tables)])
    assert (found.apart, found.pairs) == (apart, pairs)
    assert found.direction("1", Direction.NS) is direction_of_1_ns
    assert found.first_line == line


def test_the_first_line_is_not_a_row_without_pairs() -> None:
    """A row with no pair numbers either way (None NS and EW) is no number
    on both sides: the line is that of EW 1, seen NS at the table before."""
    board = _board(1, (None, None), ("1", "3"), ("2", "1"))
    found = numbering([board])
    assert found.apart
    assert found.first_line == 12


# -- check ------------------------------------------------------------------


def _check(path: Path, capsys: pytest.CaptureFixture[str]) -> list[str]:
    status = main(["check", str(path)])
    out = capsys.readouterr().out
    assert status == 0, out
    return [line.replace(str(path), "FILE") for line in out.splitlines()]


def test_check_says_how_it_numbered_the_pairs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    mitchell = (
        "FILE: 1 section, 8 pairs (from the results: NS and EW numbered apart, a Mitchell: "
        "board 1 has a number on both sides), 8 boards, 32 results; no problems"
    )
    assert _check(MITCHELL_NO_PARTICIPANTS, capsys) == [mitchell]
    assert _check(_one_field(tmp_path), capsys) == [mitchell]
    assert _check(_edited(HOWELL_XML, tmp_path, NO_PARTICIPANTS), capsys) == [
        "FILE: 1 section, 4 pairs (from the results: one pair a number, some sitting "
        "both ways, a Howell), 6 boards, 12 results; no problems"
    ]
    assert _check(FIXTURES / "usebio" / "pairs-no-participants.xml", capsys) == [
        "FILE: 1 section, 6 pairs (from the results: each number sitting one way), "
        "2 boards, 6 results; no problems"
    ]
    assert _check(MITCHELL_XML, capsys) == [
        "FILE: 1 section, 8 pairs, 8 boards, 32 results; no problems"
    ]


def test_check_warns_of_numbering_apart_shown_by_one_board(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A Howell with pair 1 keyed EW at table 2 of board 1, where it sat NS
    at table 1: the one board that says "numbered apart"."""
    path = _edited(HOWELL_XML, tmp_path, NO_PARTICIPANTS)
    text = path.read_text(encoding="latin-1")
    slip = text.replace(
        "<EW_PAIR_NUMBER>4</EW_PAIR_NUMBER>", "<EW_PAIR_NUMBER>1</EW_PAIR_NUMBER>", 1
    )
    assert slip != text
    path.write_text(slip, encoding="latin-1")
    lines = _check(path, capsys)
    assert lines[0] == (
        "FILE:30: warning: pairs not listed: NS and EW taken as numbered apart (a Mitchell) "
        "from board 1 only, where a number sits on both sides; 5 boards do not show it"
    )
    assert lines[1].endswith("; 1 warning")
