"""The PBN reader does each piece of work once: counted, not timed (the
reader against endplay's on real files, docs/internals/speed.md)."""

from __future__ import annotations

import contextlib
import pickle
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from conftest import shared_sample_files
from pbnscore import errors, pbn
from pbnscore.model import Outcome, Vulnerability
from pbnscore.pbn import (
    _read_analysis,
    _read_result,
    _read_score_table,
    _read_write_lexer,
    _read_write_tables,
    _reader,
)

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
    table is not read by the read, and read once when the board is first
    asked for its analysis (the first game of a deal gives it)."""
    calls = _counted(monkeypatch, _read_analysis, "_from_game")
    text = "".join(_game(t, f'{t} {t + 10} "7S" N 13 "1510"') for t in (1, 2, 3))
    event = pbn.loads(text)
    assert len(calls) == 0
    board = event.sessions[0].sections[0].boards[0]
    assert board.analysis is not None
    assert len(board.analysis.tricks) == 20
    assert board.analysis is board.analysis
    assert len(calls) == 1


def test_a_deals_analysis_comes_from_its_first_game_whose_table_reads() -> None:
    """The first game's OptimumResultTable lacks a row: the second game's
    gives the deal's analysis; a board compares, shows and pickles as the
    analysis, read or not."""
    short = _game(1, '1 11 "7S" N 13 "1510"').replace("W C 6\n", "")
    assert short.count(" C ") == 3
    text = short + _game(2, '2 12 "7S" N 13 "1510"')
    board = pbn.loads(text).sessions[0].sections[0].boards[0]
    unread = pbn.loads(text).sessions[0].sections[0].boards[0]
    assert board.analysis is not None
    assert len(board.analysis.tricks) == 20
    assert unread == board
    assert repr(pbn.loads(text).sessions[0].sections[0].boards[0]) == repr(board)
    assert pickle.loads(pickle.dumps(unread)) == board


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
    calls = _counted(monkeypatch, _read_write_tables, "unescape")
    rows = "\n".join(f'{t} {t + 10} "4S" N 10 "420"' for t in (1, 2))
    read = _read_write_tables.split_rows("ScoreTable", [(5, rows)], 6, _ignore)  # type: ignore[arg-type]
    assert list(read.tuples()) == [
        (5, ("1", "11", "4S", "N", "10", "420")),
        (6, ("2", "12", "4S", "N", "10", "420")),
    ]
    assert calls == []
    escaped = _read_write_tables.split_rows(
        "ScoreTable",
        [(5, '1 11 "4\\"S" N 10 "420"')],
        6,
        _ignore,  # type: ignore[arg-type]
    )
    assert escaped.column(2) == ['4"S']
    assert calls


def _ignore(message: str, line: int | None, severity: str) -> None:
    raise AssertionError(f"{line}: {message}")


# -- a ScoreTable read by column (_read_score_table): a play made once per spelling

PLAY_HEADER = "Table;PairId_NS;PairId_EW;Contract;Declarer;Result;Lead;Score_NS;Percentage_NS"


def _table(header: str, rows: list[str]) -> str:
    return f'[Board "1"]\n[Vulnerable "None"]\n[ScoreTable "{header}"]\n' + "\n".join(rows) + "\n"


def test_rows_that_spell_one_play_make_it_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Four rows of one contract, result, score and percentage, with their
    own pairs, tables and leads: the play is made once; each result keeps
    its own pairs, table, lead and line."""
    # each spelling is made once (quick_play; where it is not a row as
    # most are, from the cells read before or by to_play), in a process
    # that has made no play yet
    monkeypatch.setattr(_read_score_table, "PLAYS", {})
    calls = _counted(monkeypatch, _read_score_table, "quick_play")
    rows = [
        "1 1 11 4S N 10 HK 420 60",
        "2 2 12 4S N 10 SA 420 60",
        "3 3 13 4S N 10 HK 420 60",
        "4 4 14 4S N 10 - 420 60",
    ]
    results = pbn.loads(_table(PLAY_HEADER, rows)).sessions[0].sections[0].boards[0].results
    assert len(calls) == 1
    assert [(r.table, r.ns, r.ew, r.lead, r.line) for r in results] == [
        ("1", "1", "11", "HK", 4),
        ("2", "2", "12", "SA", 5),
        ("3", "3", "13", "HK", 6),
        ("4", "4", "14", None, 7),
    ]
    assert {(r.score, r.tricks, r.outcome) for r in results} == {(420, 10, Outcome.PLAYED)}


def test_a_play_is_made_once_per_vulnerability() -> None:
    """One row spelling, 4S by N making 10 with no score column, on boards
    at None, NS and None: the plays kept per spelling are kept per
    vulnerability too, or the second board would score the first's 420."""
    header = "PairId_NS;PairId_EW;Contract;Declarer;Result"
    text = "\n".join(
        f'[Board "{number}"]\n[Vulnerable "{vulnerable}"]\n[ScoreTable "{header}"]\n1 11 4S N 10\n'
        for number, vulnerable in ((1, "None"), (2, "NS"), (3, "None"))
    )
    boards = pbn.loads(text).sessions[0].sections[0].boards
    assert [[r.score for r in board.results] for board in boards] == [[420], [620], [420]]


def test_a_rows_percentages_count_where_it_gives_no_score() -> None:
    """Rows alike but their percentages, with no score: "^60" and "^40" are
    two adjustments, not one; a table with no percentages and a row spelt
    alike is not adjusted."""
    rows = ["1 1 11 - - - - - ^60", "2 2 12 - - - - - ^40", "3 3 13 - - - - - ^60"]
    plain = "Table;PairId_NS;PairId_EW;Contract;Declarer;Result;Lead;Score_NS"
    text = _table(PLAY_HEADER, rows) + "\n" + _table(plain, ["4 4 14 - - - - -"])
    results = pbn.loads(text).sessions[0].sections[0].boards[0].results
    percents = [r.adjusted.ns_percent if r.adjusted else None for r in results]
    assert percents == [60, 40, 60, None]
    assert [r.outcome for r in results] == [Outcome.ADJUSTED] * 3 + [Outcome.NOT_PLAYED]


def test_a_problem_is_reported_at_every_row_that_has_it() -> None:
    """Rows spelling the same faulty play: the play is not kept, and each
    row's problem is reported at its line."""
    rows = ["1 1 11 4Q N 10 - 420 -", "2 2 12 4S N 10 - 420 -", "3 3 13 4Q N 10 - 420 -"]
    problems = pbn.check(_table(PLAY_HEADER, rows), source="t.pbn")
    assert [str(p) for p in problems] == [
        "t.pbn:4: contract '4Q' does not parse",
        "t.pbn:6: contract '4Q' does not parse",
    ]


def test_a_score_tables_sections_take_their_rows_in_order() -> None:
    """A Section column: each section's board takes its rows, in order."""
    header = "Section;PairId_NS;PairId_EW;Contract;Declarer;Result"
    rows = ["A 1 11 4S N 10", "B 1 11 3N S 9", "A 2 12 4S N 9", "B 2 12 3N S 10"]
    sections = pbn.loads(_table(header, rows)).sessions[0].sections
    assert [
        (section.id, [(r.ns, r.score, r.line) for r in section.boards[0].results])
        for section in sections
    ] == [
        ("A", [("1", 420, 4), ("2", -50, 6)]),
        ("B", [("1", 400, 5), ("2", 430, 7)]),
    ]


_CELLS = st.tuples(
    st.sampled_from(["4S", "3NT", "Pass", "PASS", "4SX", "7C", "-", "", "?", "4Q", "x"]),
    st.sampled_from(["N", "E", "^S", "W", "-", "", "Q"]),
    st.sampled_from(["10", "9", "13", "0", "^8", "=", "+1", "-2", "-", "", "14", "x"]),
    st.sampled_from(["420", "-50", "0", "A+", "^60", "60%", "-", "", "x", None]),
    st.sampled_from(["-420", "50", "0", "A-", "-", "", None]),
)


@given(
    cells=_CELLS,
    percents=st.sampled_from([(None, None), ("60", "40"), ("^60", ""), ("", "")]),
    lead=st.sampled_from(["HK", "-", "", None]),
    vulnerability=st.sampled_from(list(Vulnerability)),
)
@example(cells=("4S", "N", "10", None, None), percents=(None, None), lead="HK",
         vulnerability=Vulnerability.NS)  # fmt: skip
def test_a_play_made_from_cells_read_before_is_to_plays(
    cells: tuple[str | None, str | None, str | None, str | None, str | None],
    percents: tuple[str | None, str | None],
    lead: str | None,
    vulnerability: Vulnerability,
) -> None:
    """A ScoreTable row's play made from what earlier rows' reads kept
    (kept_play) is the play to_play makes of the row, the slow obvious
    reference; where nothing is kept, or the row is no contract played and
    scored (or has no score and a Percentage cell), kept_play gives none."""
    problems: list[str] = []

    def report(message: str, line: int | None, severity: str = "error") -> None:
        problems.append(message)

    entry = _read_score_table.row_entry(1, (*cells, *percents, lead), report)
    play = _read_result.to_play(entry, vulnerability, report)
    kept = _read_result.kept_play(cells, percents, lead, vulnerability)
    if problems or play.outcome is not Outcome.PLAYED or entry.adjusted is not None:
        assert kept is None
    elif kept is None:  # left to to_play: a percentage might be an artificial score
        assert any(percents) and entry.score is None
    else:
        assert kept == play


_ROW_CELLS = st.tuples(
    st.sampled_from(["4S", "3NT", "3N", "4sx", "7C**", " 4S", "Pass", "-", "", "?", "4Q", None]),
    st.sampled_from(["N", "e", "S", "W", "^S", " N", "-", "", "Q", None]),
    st.sampled_from(["0", "7", "10", "13", "14", "07", "^8", "=", "+1", "-2", "-", "", "x", None]),
    st.sampled_from(["420", "+420", "-50", "0", "-0", "A+", "^60", "60%", "-", "", "x", None]),
    st.sampled_from(["-420", "50", "0", "-0", "420", "A-", "-", "", "1234567890", None]),
)


@given(
    cells=_ROW_CELLS,
    percents=st.sampled_from([(None, None), ("60", "40"), ("^60", ""), ("", ""), ("-", "-")]),
    lead=st.sampled_from(["HK", "-", "", "?", None]),
    vulnerability=st.sampled_from(list(Vulnerability)),
)
@example(cells=("4S", "N", "10", None, None), percents=(None, None), lead="HK",
         vulnerability=Vulnerability.NS)  # fmt: skip
@example(cells=("3NT", "W", "7", "0", "0"), percents=(None, None), lead=None,
         vulnerability=Vulnerability.BOTH)  # fmt: skip
@example(cells=("4S", "N", "10", "420", "-420"), percents=(None, None), lead="HK",
         vulnerability=Vulnerability.NONE)  # fmt: skip  # both sides, NS's EW's negative
@example(cells=("-", "N", "0", "420", "-"), percents=(None, None), lead="HK",
         vulnerability=Vulnerability.NONE)  # fmt: skip  # played, no contract: to_play's
@example(cells=("4S", "N", "0", "-", "-"), percents=("60", "40"), lead="HK",
         vulnerability=Vulnerability.NONE)  # fmt: skip  # a percentage, no score: to_play's
def test_a_row_played_as_most_are_is_made_as_to_play_makes_it(
    cells: tuple[str | None, str | None, str | None, str | None, str | None],
    percents: tuple[str | None, str | None],
    lead: str | None,
    vulnerability: Vulnerability,
) -> None:
    """quick_play's play of a ScoreTable row is the play row_entry and
    to_play make of it, the slow obvious reference, which reports nothing
    of it; a row it does not make (None) is every other: passed out,
    adjusted, not played, tricks not a plain 0..13, a cell that reports."""
    problems: list[str] = []

    def report(message: str, line: int | None, severity: str = "error") -> None:
        problems.append(message)

    entry = _read_score_table.row_entry(1, (*cells, *percents, lead), report)
    play = _read_result.to_play(entry, vulnerability, report)
    quick = _read_result.quick_play(cells, percents, lead, vulnerability)
    if quick is not None:
        assert not problems
        assert quick == play
        assert [type(field) for field in quick] == [type(field) for field in play]
    else:
        plain = cells[1] in tuple("NESWnesw") and cells[2] in [str(n) for n in range(14)]
        scored = [cell not in (None, "", "-", "?") for cell in cells[3:]]
        played = play.outcome is Outcome.PLAYED and play.contract is not None
        # a row it leaves is not played as most are, or has no score and
        # a Percentage cell (which might be "^60", an artificial score)
        assert problems or not plain or not played or (not any(scored) and any(percents))


def _header_step_by_step(table: str, spec: str) -> _read_write_tables.Header:
    """A header read a column spec at a time in one loop, the slow obvious
    reference for parse_header's columns kept by spec."""
    tables = _read_write_tables
    known = tables.KNOWN_COLUMNS.get(table)
    columns: list[tables.Column] = []
    problems: list[tuple[str, str]] = []
    for raw in spec.split(";"):
        match = tables.COLUMN_RE.fullmatch(raw.strip())
        if match is None:
            why = f"{table}: bad column spec {errors.excerpt(raw)} ([+|-]name[\\width[L|R]])"
            problems.append((why, "error"))
            columns.append(tables.Column(raw, raw, "", None, False))
            continue
        order, name, width = match[1], match[2].strip(), match[3]
        key = known.get(name.lower(), name) if known is not None else name
        if any(column.key == key for column in columns):
            problems.append((f"{table}: column {errors.excerpt(name)} appears twice", "error"))
        is_known = known is None or name.lower() in known
        if not is_known:
            problems.append(
                (f"{table}: unknown column {errors.excerpt(name)} is ignored", "warning")
            )
        columns.append(tables.Column(name, key, order, int(width) if width else None, is_known))
    return tables.Header(tuple(columns), tuple(problems))


_COLUMN_SPECS = st.sampled_from(
    ["Score_NS\\3R", "Score_NS\\4R", "score_ns", "+Rank", "-PairId", "Names\\19", "Odd",
     "Setion", "PairId_NS\\2L", "\\3", "", " Lead ", "MP", "TotalScoreMP\\5R", "x\\"]
)  # fmt: skip


@given(
    table=st.sampled_from(["ScoreTable", "TotalScoreTable", "OptimumResultTable"]),
    specs=st.lists(_COLUMN_SPECS, min_size=1, max_size=6),
)
@example(table="ScoreTable", specs=["Score_NS\\3R", "score_ns\\4R", "\\3", "\\3", "Odd"])
def test_a_header_read_by_its_columns_kept_is_read_step_by_step(
    table: str, specs: list[str]
) -> None:
    """parse_header, each column spec read once and kept (_column), gives
    the columns and problems, in order, of a read a spec at a time."""
    spec = ";".join(specs)
    assert _read_write_tables.parse_header.__wrapped__(table, spec) == _header_step_by_step(
        table, spec
    )


_ELEMENTS = st.sampled_from(
    [
        *("1", "23", "4S", '"420"', '""', '"a b"', '" a "', '"x\\"y"', "\\S", '"', "\f", "é"),
        *("\x00", "\x01", '"\x01"', '"\x00 1"', "\x85", '"a\u3000b"', "A+", '"A+"'),
    ]
)


@given(
    width=st.integers(1, 4),
    runs=st.lists(
        st.lists(
            st.tuples(
                st.sampled_from(["", " ", "\t"]),
                st.lists(st.tuples(_ELEMENTS, st.sampled_from([" ", "  ", "\t", ""])), max_size=5),
            ),
            min_size=1,
            max_size=3,
        ),
        min_size=1,
        max_size=3,
    ),
)
@example(
    width=2, runs=[[(" ", [('" a "', " "), ('""', "")]), ("", [("4S", "\t"), ('"4 2"', " ")])]]
)
@example(width=2, runs=[[("", [('"420"', " "), ("-", "")])], [("", [("-", ""), ('"50"', "")])]])
@example(width=1, runs=[[("", [("a", " "), ("\x00", "")]), ("", [])]])  # a line end's word
@example(width=2, runs=[[("", [("\x01", " "), ('"a b"', "")])]])  # a string's place's word
def test_rows_split_in_bulk_as_element_by_element(
    width: int, runs: list[list[tuple[str, list[tuple[str, str]]]]]
) -> None:
    """Runs of table lines split in bulk (every line a row, _whole_rows)
    give the elements the element-by-element read gives; where it cannot
    tell, it leaves the runs to that read."""
    blocks = [
        "\n".join(lead + "".join(e + s for e, s in parts) for lead, parts in lines)
        for lines in runs
    ]
    data: list[tuple[int, str]] = []
    for block in blocks:  # each run a few lines after the one before
        data.append((3 + sum(len(lines) + 5 for lines in runs[: len(data)]), block))
    rows = _read_write_tables._whole_rows(data, width)
    by_element = [
        (first + i, tuple(values))
        for first, block in data
        for i, values in enumerate(_read_write_tables._block_elements(block))
    ]
    if rows is not None:
        assert all(len(values) == width for _, values in by_element)
        assert list(rows.tuples()) == by_element
        assert [len(column) for column in rows.columns] == [len(by_element)] * width


def test_rows_as_real_files_write_them_split_in_bulk() -> None:
    """Rows as BridgeWebs, Magic Contest and BridgeComposer write them (one
    a line, strings with spaces, strings with no escape) take the bulk
    split."""
    magic = ' 3  1  3 42 4S  S 10 S9   "420"    -  67\n16  1 29 16 -  -  - -   "A+"  "A+"  60'
    data = [(4, magic), (9, '1 2 "Ann Abbott - Ben Baker" "" 4S')]
    rows = _read_write_tables._whole_rows(data[:1], 11)
    assert rows is not None
    assert rows.lines == [4, 5]
    assert rows.column(8) == ["420", "A+"]
    assert rows.column(9) == ["-", "A+"]
    assert rows.column(4) == ["4S", "-"]
    spaced = _read_write_tables._whole_rows(data[1:], 5)
    assert spaced is not None
    assert list(spaced.tuples()) == [(9, ("1", "2", "Ann Abbott - Ben Baker", "", "4S"))]


@given(st.text(alphabet="NESWntshdc 0123\t\n\r\f\x1c\x85é", max_size=60))
@example("N NT 9\n s h 13\nE  C 7 \n W D 10\r\nN S 3")
def test_optimum_rows_found_at_once_as_line_by_line(data: str) -> None:
    """An OptimumResultTable's rows found by one findall are those found
    line by line (``splitlines``, ``\\s``): other white space goes line by line."""
    by_line = [_read_analysis._ROW_RE.fullmatch(line) for line in data.splitlines()]
    assert _read_analysis._rows(data) == [(m[1], m[2], m[3]) for m in by_line if m is not None]


@pytest.mark.parametrize("sections", ["", "AB"])
def test_a_read_stopped_in_a_score_table_keeps_the_rows_before(
    monkeypatch: pytest.MonkeyPatch, sections: str
) -> None:
    """A lenient read that stops at its last problem inside a ScoreTable (the
    fifth row's contract, with three problems allowed) keeps the rows
    before that row, as a row-by-row read did: in one section or in two."""
    monkeypatch.setattr(errors, "MAX_PROBLEMS", 3)
    header = ("Section;" if sections else "") + "PairId_NS;PairId_EW;Contract;Declarer;Result"
    contracts = ["3N", "4Q", "3N", "5Q", "6Q", "3N"]
    rows = [
        (f"{sections[n % 2]} " if sections else "") + f"{n} {n + 10} {contract} N 9"
        for n, contract in enumerate(contracts, start=1)
    ]
    event, problems = pbn.read_leniently(_table(header, rows), source="t.pbn")
    assert [p.line for p in problems] == [5, 7, 8, 8]  # the last: "too many problems"
    assert event is not None
    kept = [
        (r.ns, r.line) for section in event.sessions[0].sections for r in section.boards[0].results
    ]
    assert sorted(kept, key=lambda pair: pair[1]) == [("1", 4), ("2", 5), ("3", 6), ("4", 7)]


# -- the bulk paths against the element-by-element reads, on every real file

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
PBN_FILES = sorted(
    [*FIXTURES.rglob("*.pbn"), *FIXTURES.rglob("*.PBN"), *shared_sample_files("pbn/*")]
)


def _read(data: bytes, name: str) -> tuple[object, list[str]]:
    try:
        event: object = pbn.loads(data, source=name)
    except errors.PbnscoreError as error:
        event = str(error)
    return event, [str(problem) for problem in pbn.check(data, source=name)]


@pytest.mark.parametrize("path", PBN_FILES, ids=[path.name for path in PBN_FILES])
def test_every_file_reads_as_without_the_bulk_paths(
    monkeypatch: pytest.MonkeyPatch, path: Path
) -> None:
    """Every PBN fixture and sample reads to the same event, and checks to
    the same problems, with table rows split element by element and tag
    lines found by the pattern with escapes, and no play kept from an
    earlier read, nor a game's own result's."""
    data = path.read_bytes()
    fast = _read(data, path.name)
    monkeypatch.setattr(_read_write_tables, "_whole_rows", lambda data, width: None)
    monkeypatch.setattr(_read_write_lexer, "plain", lambda text: False)
    monkeypatch.setattr(_read_score_table, "PLAYS", {})
    monkeypatch.setattr(_reader, "GAME_PLAYS", _Forgetting())
    assert _read(data, path.name) == fast


@pytest.mark.parametrize("path", PBN_FILES, ids=[path.name for path in PBN_FILES])
def test_every_file_reads_as_without_the_quick_plays(
    monkeypatch: pytest.MonkeyPatch, path: Path
) -> None:
    """Every PBN fixture and sample reads to the same event, and checks to
    the same problems, with each ScoreTable row's play made at once where
    it is played as most are (quick_play, no play kept from an earlier
    read) and with every play made by row_entry and to_play."""
    data = path.read_bytes()
    monkeypatch.setattr(_read_score_table, "PLAYS", {})
    quick = _read(data, path.name)
    monkeypatch.setattr(_read_score_table, "quick_play", lambda *cells: None)
    monkeypatch.setattr(_read_score_table, "kept_play", lambda *cells: None)
    monkeypatch.setattr(_read_score_table, "PLAYS", _ForgettingPlays())
    assert _read(data, path.name) == quick


def test_real_rows_take_the_quick_plays(monkeypatch: pytest.MonkeyPatch) -> None:
    """The quick path is the one real rows take: most of the plays the
    fixtures' and samples' ScoreTables make, with none kept, are made by
    quick_play."""
    made: list[bool] = []
    quick_play = _read_result.quick_play

    def counted(*args: Any) -> Any:
        play = quick_play(*args)
        made.append(play is not None)
        return play

    monkeypatch.setattr(_read_score_table, "quick_play", counted)
    for path in PBN_FILES:
        monkeypatch.setattr(_read_score_table, "PLAYS", {})
        with contextlib.suppress(errors.PbnscoreError):
            pbn.loads(path.read_bytes(), source=path.name)
    assert made.count(True) > 0.8 * len(made) > 400


def test_real_tables_take_the_bulk_paths(monkeypatch: pytest.MonkeyPatch) -> None:
    """The bulk paths are the ones real files take: most of the tables
    and runs of the fixtures and samples are split and found in bulk."""
    taken: list[bool] = []
    whole_rows = _read_write_tables._whole_rows

    def counted(data: Any, width: int) -> Any:
        rows = whole_rows(data, width)
        taken.append(rows is not None)
        return rows

    monkeypatch.setattr(_read_write_tables, "_whole_rows", counted)
    for path in PBN_FILES:
        with contextlib.suppress(errors.PbnscoreError):
            pbn.loads(path.read_bytes(), source=path.name)
    assert taken.count(True) > 0.9 * len(taken)
    text = "".join(path.read_text("latin-1") for path in PBN_FILES)
    runs = [m["tags"] for m in _read_write_lexer.LINE_RE.finditer(text) if m["tags"]]
    assert sum(map(_read_write_lexer.plain, runs)) > 0.9 * len(runs)


# -- a game's own result (a game per table): its play kept per spelling


class _Forgetting(dict[Any, Any]):
    """A GAME_PLAYS that keeps nothing: every game's play read from its tags."""

    def __setitem__(self, key: Any, value: Any) -> None:
        pass


class _ForgettingPlays(dict[Any, Any]):
    """A ScoreTable's PLAYS that keeps nothing: every row's play made from its row."""

    def setdefault(self, key: Any, default: Any = None) -> Any:
        return _Forgetting()


_GAME_TAGS = st.fixed_dictionaries(
    {
        "Contract": st.sampled_from(["4S", "3NT", "Pass", "PASS", "4SX", "-", "", "4Q", None]),
        "Declarer": st.sampled_from(["N", "E", "^S", "-", "", "Q", None]),
        "Score": st.sampled_from(
            ["420", "NS 420", "EW -50", "NS 420 EW -420", "NS 1 EW 2", "0", "-50", "x", "", None]
        ),
        "Result": st.sampled_from(["10", "9", "^8", "NS 10", "EW 3", "NS 20", "x", "", None]),
    }
)


def _games(tags: dict[str, str | None], auction: bool, vulnerable: str) -> bytes:
    """Two tables' games of board 1 spelling one result at ``vulnerable``,
    then the same at board 2, East-West vulnerable."""
    lines = [f'[{name} "{value}"]' for name, value in tags.items() if value is not None]
    games = [
        "\n".join(
            [f'[Board "{board}"]', f'[Vulnerable "{vulnerable if board == 1 else "EW"}"]']
            + [f'[PairNS "{table}"]', f'[PairEW "{table + 10}"]', *lines]
            + (['[Auction "N"]', "1S Pass Pass Pass"] if auction else [])
        )
        for board in (1, 2)
        for table in (1, 2)
    ]
    return ("\n\n".join(games) + "\n").encode()


@given(tags=_GAME_TAGS, auction=st.booleans(), vulnerable=st.sampled_from(["None", "NS", "All"]))
@example(tags={"Contract": "4S", "Declarer": "N", "Score": None, "Result": "10"}, auction=False,
         vulnerable="NS")  # fmt: skip
@example(tags={"Contract": "Pass", "Declarer": None, "Score": None, "Result": None}, auction=True,
         vulnerable="None")  # fmt: skip
def test_a_games_kept_play_is_the_play_its_tags_read_to(
    tags: dict[str, str | None], auction: bool, vulnerable: str
) -> None:
    """Games that spell one result, read with the plays kept (GAME_PLAYS,
    cold, then warm from the read before) and with none kept, give the
    same event and the same problems at the same lines."""
    data = _games(tags, auction, vulnerable)
    kept = _reader.GAME_PLAYS
    try:
        _reader.GAME_PLAYS = _Forgetting()
        reference = _read(data, "t.pbn")
        _reader.GAME_PLAYS = {}
        assert _read(data, "t.pbn") == reference  # cold: the second table's kept
        assert _read(data, "t.pbn") == reference  # warm: every game's kept
    finally:
        _reader.GAME_PLAYS = kept


def test_a_games_play_is_made_once_per_spelling(monkeypatch: pytest.MonkeyPatch) -> None:
    """Four games spelling one result, two at each of two vulnerabilities:
    its play is read from the tags once at each, and each game keeps its
    own line."""
    monkeypatch.setattr(_reader, "GAME_PLAYS", {})
    calls = _counted(monkeypatch, _reader, "to_play")
    data = _games({"Contract": "4S", "Declarer": "N", "Score": None, "Result": "10"}, False, "All")
    boards = pbn.loads(data).sessions[0].sections[0].boards
    assert len(calls) == 2
    assert [[(r.score, r.line) for r in board.results] for board in boards] == [
        [(620, 7), (620, 15)],  # each game's Result tag's line
        [(420, 23), (420, 31)],
    ]
