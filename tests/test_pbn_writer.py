"""PBN out: a PBN input comes back as itself plus the scores; any event
written as PBN reads back, in pbnscore and in endplay (a reader nobody here
wrote), with the same boards, rows and points.

The fixtures are written by this project; the real samples in ../shared are
read in place and skipped where absent.
"""

from __future__ import annotations

import functools
import json
import re
from collections import Counter
from fractions import Fraction
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pbnscore
from conftest import shared_sample_files
from pbnscore import pbn
from pbnscore.errors import ScoringError
from pbnscore.model import (
    Direction,
    Event,
    EventKind,
    Outcome,
    Participant,
    Player,
    PointsStyle,
    ScoredEvent,
    Source,
)
from pbnscore.pbn._read_write_lexer import decode, unescape
from pbnscore.pbn._write_scores import escape, ties_as_read
from pbnscore.pbn._writer import OWNED_TAGS
from pbnscore.report import json as report_json
from test_pbn_roundtrip import pairs_events, teams_events, write_pairs, write_teams

endplay_pbn = pytest.importorskip("endplay.parsers.pbn")

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ROOT / "fixtures"
PBN_FIXTURES = sorted((FIXTURES / "pbn").glob("*.pbn"))
PBN_SAMPLES = shared_sample_files("pbn/*", exclude=("errors_20.pbn",))
USEBIO_FILES = sorted((FIXTURES / "usebio").glob("*.xml")) + shared_sample_files("usebio/*.xml")
PAIRS_METHODS = ("butler", "cross-imps")
TEAMS_METHODS = ("aggregate", "barking", "butler", "cross-imps")


@functools.cache
def read_once(path: Path) -> Event:
    """A file read once for the cases below (collected by every xdist worker)."""
    return pbnscore.load(path)


@functools.cache
def scored_once(path: Path, method: str) -> ScoredEvent:
    """The file scored by ``method`` without options, once (frozen)."""
    return pbnscore.score(read_once(path), method)


def methods_for(path: Path) -> tuple[str, ...]:
    """The methods that score the file: barking refuses one none of whose
    boards has four tables in a session (a teams of four of one match)."""
    event = read_once(path)
    if event.kind is not EventKind.TEAMS:
        return PAIRS_METHODS
    try:
        scored_once(path, "barking")
    except ScoringError:
        return tuple(m for m in TEAMS_METHODS if m != "barking")
    return TEAMS_METHODS


CASES = [
    pytest.param(path, method, id=f"{path.name}-{method}")
    for path in PBN_FIXTURES + PBN_SAMPLES
    if read_once(path).result_count()
    for method in methods_for(path)
]
DEALS_ONLY = [p for p in PBN_FIXTURES + PBN_SAMPLES if not read_once(p).result_count()]


def written(path: Path, method: str, **options: object) -> tuple[ScoredEvent, bytes]:
    """The file scored by ``method`` and written as PBN. Without options the
    pair is made once and shared by every test that looks at it (frozen)."""
    return _written_plain(path, method) if not options else _write(path, method, options)


@functools.cache
def _written_plain(path: Path, method: str) -> tuple[ScoredEvent, bytes]:
    scored = scored_once(path, method)
    return scored, pbn.dumps(scored)


def _write(path: Path, method: str, options: dict[str, object]) -> tuple[ScoredEvent, bytes]:
    scored = pbnscore.score(read_once(path), method, **options)
    return scored, pbn.dumps(scored)


# -- reading the text back by hand (one row a line, as every file here writes) --------

LINE_RE = re.compile(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+$")
ELEMENT_RE = re.compile(r'"(?:[^"\\]|\\.)*"|[^\s"]+')
TAG_PAIR_RE = r'\[\s*{name}\s*"(?:[^"\\]|\\.)*"\s*\]'
IMP_COLUMNS = ("IMP_NS", "IMP_EW")
TAG_NAMES_RE = re.compile(r'(?m)(?:^|\]\s*)\[\s*([A-Za-z0-9_]+)\s*"')


def lines_of(data: bytes) -> list[str]:
    """Lines with their ends; Latin-1 keeps every byte as one character."""
    return LINE_RE.findall(data.decode("latin-1"))


def strip_owned(data: bytes) -> str:
    """The text without what the method owns: its tags, the IMP columns of
    each ScoreTable, every TotalScoreTable."""
    out: list[str] = []
    table: str | None = None
    imp_at: list[int] = []
    for line in lines_of(data):
        body = line.rstrip("\r\n")
        for name in OWNED_TAGS[:-1]:
            if name in body:  # the pattern spells the name: no need to search without it
                body = re.sub(TAG_PAIR_RE.format(name=name), "", body)
        if not body.strip() and line.strip():
            continue  # a line of owned tags only
        if body.lstrip().startswith("["):
            table = None
        if body.startswith("[TotalScoreTable"):
            table = "total"
            continue
        if body.startswith("[ScoreTable"):
            table = "score"
            spec = re.search(r'"(.*)"', body)
            assert spec is not None
            columns = spec[1].split(";")
            if spec[1] != "#":  # "#" inherits the header before (§4.8)
                imp_at = [i for i, c in enumerate(columns) if c.split("\\")[0] in IMP_COLUMNS]
            kept = ";".join(c for i, c in enumerate(columns) if i not in imp_at)
            body = body[: spec.start(1)] + kept + body[spec.end(1) :]
        elif not body.strip() or body.startswith("%"):
            table = None
        elif table == "total":
            continue
        elif table == "score" and imp_at:
            spans = [m.span() for m in ELEMENT_RE.finditer(body)]
            for i in sorted(imp_at, reverse=True):
                start, end = spans[i]
                before = len(body[:start]) - len(body[:start].rstrip())
                body = body[: start - before] + body[end:]
        out.append(body + line[len(line.rstrip("\r\n")) :])
    return "".join(out)


def games(data: bytes) -> list[list[str]]:
    text = decode(data).text.replace("\r\n", "\n")
    return [g.split("\n") for g in re.split(r"\n[ \t]*\n", text) if "[" in g]


def tag_value(game: list[str], name: str) -> str | None:
    for line in game:
        match = re.search(r"\[\s*" + name + r'\s*"((?:[^"\\]|\\.)*)"', line)
        if match:
            return unescape(match[1])
    return None


def table(
    game: list[str], name: str, previous: list[str] | None = None
) -> tuple[list[str], list[list[str]]]:
    """A table's column names ("#": ``previous``, §4.8) and rows (elements,
    quotes kept)."""
    for i, line in enumerate(game):
        if line.startswith(f"[{name} "):
            spec = tag_value([line], name) or ""
            columns = [re.sub(r"^[+-]|\\.*$", "", c) for c in spec.split(";")]
            if spec == "#" and previous is not None:
                columns = previous
            rows = []
            for row in game[i + 1 :]:
                if row.startswith("[") or not row.strip():
                    break
                if not row.lstrip().startswith(("{", "%")):
                    rows.append(ELEMENT_RE.findall(row))
            return columns, rows
    return [], []


def json_points(scored: ScoredEvent) -> Counter[tuple[int, str, str]]:
    """(board, NS points, EW points) of every result, to 2 dp, from the JSON."""
    document = json.loads(report_json.dumps(scored))
    found: Counter[tuple[int, str, str]] = Counter()
    for board in document["boards"]:
        for result in board["results"]:
            points = (two_dp(result["ns_points"]), two_dp(result["ew_points"]))
            if points != ("-", "-"):  # nothing to write: a game gets no ScoreIMP
                found[(board["board"], *points)] += 1
    return found


def two_dp(value: float | None) -> str:
    """A JSON number as the 2 dp the writer prints (halves away from zero)."""
    if value is None:
        return "-"
    exact = Fraction(value).limit_denominator(10**6)
    hundredths = int(abs(exact) * 100 + Fraction(1, 2))
    sign = "-" if exact < 0 and hundredths else ""
    return f"{sign}{hundredths // 100}.{hundredths % 100:02d}"


def match_points(scored: ScoredEvent) -> Counter[tuple[int, str, str]]:
    """An aggregate's figure at each table: the match board's IMPs from the
    JSON, seen from the team that sat NS there (both sides where the board
    balances, the home team's alone where a table was adjusted)."""
    document = json.loads(report_json.dumps(scored))
    imps = {
        (m["session"], m["round"], m["team"], m["opponent"], b["board"]): b["imps"]
        for m in document["matches"]
        for b in m["boards"]
    }
    found: Counter[tuple[int, str, str]] = Counter()
    for session in scored.event.sessions:
        for match in session.matches:
            for board in match.boards:
                key = (session.id, match.round, match.team, match.opponent, board.number)
                if key not in imps:
                    continue
                adjusted = any(r.outcome is Outcome.ADJUSTED for r in board.results)
                for result in board.results:
                    home_ns = result.home_direction is not Direction.EW
                    ns = imps[key] if home_ns else -imps[key]
                    if adjusted:
                        side = (two_dp(imps[key]), "-") if home_ns else ("-", two_dp(imps[key]))
                        found[(board.number, *side)] += 1
                    else:
                        found[(board.number, two_dp(ns), two_dp(-ns))] += 1
    return found


def written_points(data: bytes) -> Counter[tuple[int, str, str]]:
    """(board, IMP_NS, IMP_EW) of every ScoreTable row, and (board, NS, EW)
    of every ScoreIMP tag, as written."""
    found: Counter[tuple[int, str, str]] = Counter()
    board = 0
    columns: list[str] = []
    for game in games(data):
        number = tag_value(game, "Board")
        board = int(number) if number and number.isdigit() else board
        columns, rows = table(game, "ScoreTable", columns)
        if "IMP_NS" in columns:
            ns, ew = columns.index("IMP_NS"), columns.index("IMP_EW")
            for row in rows:
                found[(board, row[ns], row[ew])] += 1
        imp = tag_value(game, "ScoreIMP")
        if imp is not None and not columns:
            sides = dict(re.findall(r"(NS|EW) (\S+)", imp))
            found[(board, sides.get("NS", "-"), sides.get("EW", "-"))] += 1
    return found - Counter({key: found[key] for key in found if key[1:] == ("-", "-")})


# -- PBN input -> PBN output ---------------------------------------------------------------


@functools.cache
def input_stripped(path: Path) -> str:
    """The input file without what a method owns, once for every method's output."""
    return strip_owned(path.read_bytes())


@pytest.mark.parametrize(("path", "method"), CASES)
def test_output_minus_what_the_method_owns_is_the_input(path: Path, method: str) -> None:
    """Byte for byte, outside the owned tags, IMP columns and TotalScoreTable."""
    _, output = written(path, method)
    assert strip_owned(output) == input_stripped(path)
    assert output != path.read_bytes()


@pytest.mark.parametrize(("path", "method"), CASES)
def test_imp_columns_are_the_json_points(path: Path, method: str) -> None:
    """Each ScoreTable row's IMP_NS/IMP_EW and each ScoreIMP tag is a
    result's points as the JSON gives them, to the 2 dp printed."""
    scored, output = written(path, method)
    wanted = json_points(scored)
    if method == "aggregate":
        wanted = match_points(scored)
    assert written_points(output) == wanted


@pytest.mark.parametrize(("path", "method"), CASES)
def test_output_reads_back_and_scores_the_same(path: Path, method: str) -> None:
    """pbnscore reads what it wrote into an event that scores identically,
    and scoring that again writes the same bytes."""
    scored, output = written(path, method)
    again = pbnscore.score(pbn.loads(output, source=scored.event.source.name), method)
    assert report_json.dumps(again) == report_json.dumps(scored)
    assert pbn.dumps(again) == output


@pytest.mark.parametrize(("path", "method"), CASES)
def test_output_keeps_to_the_standard(path: Path, method: str) -> None:
    """Lines pbnscore writes are at most 255 characters with their end (§2.3),
    its numbers have a decimal point, its tags are standard but the datum
    tag, and reading finds no problem the input did not have."""
    _, output = written(path, method)
    old = input_lines(path)
    new = [line for line in lines_of(output) if line not in old]
    assert new and all(len(line) <= 255 for line in new)
    assert set(TAG_NAMES_RE.findall("".join(new))) <= {*OWNED_TAGS, "ScoreTable"}
    for _, ns, ew in written_points(output):
        assert re.fullmatch(r"-?\d+\.\d\d|-", ns) and re.fullmatch(r"-?\d+\.\d\d|-", ew)
    assert problems(output, path.name) - input_problems(path) == Counter()


def problems(document: bytes, source: str) -> Counter[str]:
    """What reading ``document`` finds wrong, by message."""
    return Counter(p.message for p in pbn.check(document, source=source))


@functools.cache
def input_lines(path: Path) -> frozenset[str]:
    """The input file's lines, once for every method's output."""
    return frozenset(lines_of(path.read_bytes()))


@functools.cache
def input_problems(path: Path) -> Counter[str]:
    """What reading the input file finds wrong, once for every method's output
    (a Counter: the callers only subtract it, never change it)."""
    return problems(path.read_bytes(), path.name)


@pytest.mark.parametrize(("path", "method"), CASES)
def test_total_score_table_in_the_first_game(path: Path, method: str) -> None:
    """One TotalScoreTable, in the first game, a row per standing, every row
    with every column, ties ranked "3=" (a tie's rows in the reader's order);
    for aggregate, which ranks teams, then a row per team's pair, unranked."""
    scored, output = written(path, method)
    found = [table(game, "TotalScoreTable") for game in games(output)]
    assert [i for i, (columns, _) in enumerate(found) if columns] == [0]
    columns, all_rows = found[0]
    rows, pairs = all_rows[: len(scored.standings)], all_rows[len(scored.standings) :]
    members = {
        pair.id for session in scored.event.sessions for t in session.teams for pair in t.members
    }
    wanted = members if scored.style is PointsStyle.AGGREGATE else set()
    assert {row[columns.index("PairId")] for row in pairs} == wanted
    assert all(row[0] == "-" and len(row) == len(columns) for row in pairs)
    names = columns.index("Names")
    for row, standing in zip(rows, ties_as_read(scored.standings), strict=True):
        assert len(row) == len(columns)
        rank = "-" if standing.rank is None else f"{standing.rank}{'=' if standing.tied else ''}"
        assert row[0] == rank
        assert unescape(row[names][1:-1]) in (
            ";".join(standing.participant.names),
            standing.participant.name or "",
        )


@functools.cache
def endplay_reads(path: Path) -> list[tuple[int | None, str, int]] | Exception:
    """What endplay reads of the input file (or how it fails), once for every
    method's output to be held to: each game's board, deal (as endplay spells
    it, which costs more than the parse) and number of ScoreTable rows."""
    try:
        games = endplay_pbn.loads(decode(path.read_bytes()).text)
    except Exception as exc:  # endplay's own limits, not ours
        return exc
    return [(game.board_num, str(game.deal), len(score_rows(game))) for game in games]


def score_rows(game: Any) -> list[Any]:
    """The rows of an endplay game's ScoreTable (none without one)."""
    rows: list[Any] = game.info.get("ScoreTable", {}).get("rows", [])
    return rows


@pytest.mark.parametrize(("path", "method"), CASES)
def test_endplay_reads_the_output(path: Path, method: str) -> None:
    """endplay parses the written file into the same games, boards, deals
    and ScoreTable rows as the input; where endplay cannot read the input
    itself (its known limits: "#" with no earlier tag, "NS 11" results),
    it fails on the output the same way."""
    _, output = written(path, method)
    text_out = decode(output).text
    before = endplay_reads(path)
    if isinstance(before, Exception):  # endplay's own limits, not ours
        with pytest.raises(type(before)):
            endplay_pbn.loads(text_out)
        return
    after = endplay_pbn.loads(text_out)
    assert len(after) == len(before)
    for (board, deal, rows), new in zip(before, after, strict=True):
        assert (new.board_num, str(new.deal)) == (board, deal)
        assert len(score_rows(new)) == rows
        new_table = new.info.get("ScoreTable", {})
        if new_table:
            headers = [h["name"] if isinstance(h, dict) else h for h in new_table["headers"]]
            assert headers[-2:] == list(IMP_COLUMNS)


@pytest.mark.parametrize("path", DEALS_ONLY, ids=lambda p: p.name)
def test_a_file_of_deals_gets_only_the_scoring(path: Path) -> None:
    """Nothing to score: the games get [Scoring] and nothing else."""
    _, output = written(path, "butler")
    assert strip_owned(output) == strip_owned(path.read_bytes())
    assert b"TotalScoreTable" not in output


# -- the scoring tag -----------------------------------------------------------------------

SCORING = [
    ("butler", {}, "IMP;Butler;ZeroSum"),
    ("butler", {"datum": "trimmed-mean"}, "IMP;Butler-2"),
    ("butler", {"datum": "trimmed-mean", "drop": 2}, "IMP;Butler-4"),
    ("butler", {"datum": "mean", "double": True}, "IMP;Butler;Mean;Double"),
    ("butler", {"datum": "median", "halve": True}, "IMP;Butler;Median;Half"),
    ("butler", {"datum": "trimmed-mean", "drop": "10%"}, "IMP;Butler;Trim-10%"),
    ("butler", {"datum": "mean", "rounding": "none"}, "IMP;Butler;Mean;Round-none"),
    ("butler", {"imp_cap": 12, "factor": True}, "IMP;Butler;ZeroSum;Cap-12;Factor"),
    ("cross-imps", {}, "IMP;Cross2"),
    ("cross-imps", {"normalise": "total"}, "IMP;Cross"),
]


@pytest.mark.parametrize(("method", "options", "value"), SCORING, ids=[s[2] for s in SCORING])
def test_scoring_tag_says_what_was_computed(
    method: str, options: dict[str, object], value: str
) -> None:
    """Every game with a board carries the method's [Scoring] value
    (docs/reference/pbn-out.md)."""
    path = FIXTURES / "pbn" / "mitchell-pairs.pbn"
    _, output = written(path, method, **options)
    values = {tag_value(game, "Scoring") for game in games(output)}
    assert values == {value}


@pytest.mark.parametrize(("method", "value"), [("aggregate", "IMP"), ("barking", "IMP;Barking")])
def test_scoring_tag_of_teams_methods(method: str, value: str) -> None:
    path = FIXTURES / "pbn" / "teams-of-eight-one-match.pbn"
    _, output = written(path, method)
    assert {tag_value(game, "Scoring") for game in games(output)} == {value}


def test_butler_datum_tag_is_the_boards_datum() -> None:
    """[Datum "NS <datum>"] on each board's game: the datum the JSON shows."""
    scored, output = written(FIXTURES / "pbn" / "mitchell-pairs.pbn", "butler", datum="mean")
    datums = {b.number: b.datum for b in scored.boards}
    assert len(games(output)) >= len(datums) > 0
    for game in games(output):
        board = tag_value(game, "Board")
        assert tag_value(game, "Datum") == f"NS {datums[int(board or 0)]}"


def test_a_table_of_two_sections_gives_each_sections_datum(shared_samples: Path) -> None:
    """ACBLscore/BridgeComposer put sections A and B in one ScoreTable: the
    Datum tag names each section's datum."""
    path = shared_samples / "pbn" / "palo_alto_2025-12-23_SPR_PBN_File_0.pbn"
    scored, output = written(path, "butler")
    datums = {(b.section, b.number): b.datum for b in scored.boards}
    assert {section for section, _ in datums} == {"A", "B"} and games(output)
    for game in games(output):
        board = int(tag_value(game, "Board") or 0)
        expected = ";".join(
            f"{section}:NS {datums[(section, board)]}"
            for section in ("A", "B")
            if datums.get((section, board)) is not None
        )
        assert tag_value(game, "Datum") == expected


def test_cross_imps_has_no_datum_and_rescoring_removes_it() -> None:
    """A method without a datum writes none; a Datum of an earlier scoring
    is owned and goes."""
    _, butler = written(FIXTURES / "pbn" / "mitchell-pairs.pbn", "butler")
    rescored = pbn.dumps(pbnscore.score(pbn.loads(butler), "cross-imps"))
    assert b"[Datum " in butler and b"[Datum " not in rescored
    _, direct = written(FIXTURES / "pbn" / "mitchell-pairs.pbn", "cross-imps")
    assert rescored == direct


# -- encodings and line ends -----------------------------------------------------------------


def test_latin1_crlf_input_stays_latin1_crlf(tmp_path: Path) -> None:
    """A Latin-1 file with CRLF line ends is written back Latin-1 CRLF, its
    accented names in the TotalScoreTable in Latin-1."""
    text = (FIXTURES / "pbn" / "mitchell-pairs.pbn").read_text("utf-8")
    text = text.replace("charset=UTF-8", "charset=ISO-8859-1").replace("Ann Abbott", "Anné Åbbott")
    path = tmp_path / "latin.pbn"
    path.write_bytes(text.replace("\n", "\r\n").encode("latin-1"))
    _, output = written(path, "butler")
    assert strip_owned(output) == strip_owned(path.read_bytes())
    assert output.count(b"\n") == output.count(b"\r\n")
    assert '"Anné Åbbott;Ben Baker"'.encode("latin-1") in output
    again = pbnscore.score(pbn.loads(output, source=path.name), "butler")
    assert report_json.dumps(again) == report_json.dumps(pbnscore.score(pbn.load(path), "butler"))


@pytest.mark.parametrize(
    ("prefix", "newline"),
    [(b"", b"\r"), (b"\xef\xbb\xbf", b"\n"), (b"", b"")],
    ids=["cr", "bom", "no-end"],
)
def test_cr_line_ends_a_bom_and_no_final_newline(
    tmp_path: Path, prefix: bytes, newline: bytes
) -> None:
    """Old Mac CR line ends stay CR, a UTF-8 BOM stays, and a file whose last
    line has no end gets what it needs for the lines added after it."""
    data = (FIXTURES / "pbn" / "howell-pairs.pbn").read_bytes()
    data = data.replace(b"\n", newline) if newline else data.rstrip(b"\n")
    path = tmp_path / "file.pbn"
    path.write_bytes(prefix + data)
    scored, output = written(path, "butler")
    assert output.startswith(prefix + b"%")
    assert strip_owned(output) == strip_owned(prefix + data)
    if newline == b"\r":
        assert b"\n" not in output
    again = pbnscore.score(pbn.loads(output, source=path.name), "butler")
    assert report_json.dumps(again) == report_json.dumps(scored)


def test_undecodable_bytes_are_written_back_unchanged(tmp_path: Path) -> None:
    """A byte the declared charset cannot decode is kept as it was."""
    data = (FIXTURES / "pbn" / "howell-pairs.pbn").read_bytes()
    data = data.replace(b"% PBN", b"%Content-type: text/x-pbn; charset=UTF-8\n{\xff\xfe}\n% PBN", 1)
    path = tmp_path / "bad.pbn"
    path.write_bytes(data)
    _, output = written(path, "butler")
    assert b"{\xff\xfe}" in output
    assert strip_owned(output) == strip_owned(data)


def test_escape_reads_back() -> None:
    """A value with quotes and backslashes reads back as it was; a column
    width's lone backslash stays single, as real files write it."""
    for value in ('a "b" \\ c', "x\\", "\\\\", 'q\\"', "Result\\2R"):
        assert unescape(escape(value)) == value
    assert escape("Result\\2R") == "Result\\2R"


def test_import_format_rows_and_tags_are_edited_in_place(tmp_path: Path) -> None:
    """Tags sharing a line, a row spread over two lines (§3.3, §5.2): the
    points still go to their row and the file still reads."""
    text = (
        '[Event "Import"] [Board "1"]\n[Dealer "N"] [Vulnerable "None"] [Scoring "MP"]\n'
        '[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result"]\n'
        "1 1 3NT N 9 2 2\n3NT S 10\n3 3 4S E 10\n"
    )
    path = tmp_path / "import.pbn"
    path.write_text(text)
    scored, output = written(path, "butler")
    rows = output.decode().split("\n")[3:6]
    assert rows == [
        "1 1 3NT N 9   6.00 -6.00 2 2",
        "3NT S 10   6.00 -6.00",
        "3 3 4S E 10 -12.00 12.00",
    ]
    again = pbnscore.score(pbn.loads(output, source=path.name), "butler")
    assert report_json.dumps(again) == report_json.dumps(scored)
    assert b'[Scoring "IMP;Butler;ZeroSum"]' in output


# -- USEBIO input -> PBN games -----------------------------------------------------------------


@functools.cache
def usebio_as_pbn(path: Path) -> tuple[Event, bytes]:
    """The USEBIO file and its PBN, scored with aggregate (teams) or butler:
    made once for the two tests that read it."""
    event = pbnscore.load(path)
    method = "aggregate" if event.kind is EventKind.TEAMS else "butler"
    return event, pbn.dumps(pbnscore.score(event, method))


@pytest.mark.parametrize("path", USEBIO_FILES, ids=lambda p: p.name)
def test_usebio_written_as_pbn_reads_in_endplay(path: Path) -> None:
    """A game per board (per board and table for teams), a ScoreTable row per
    traveller line, in a file endplay and pbnscore both read."""
    event, output = usebio_as_pbn(path)
    boards = [b for s in event.sessions for sec in s.sections for b in sec.boards]
    tables = [r for s in event.sessions for m in s.matches for b in m.boards for r in b.results]
    parsed = endplay_pbn.loads(decode(output).text)
    assert len(parsed) == len(boards) + len(tables)
    rows = sum(len(b.info.get("ScoreTable", {}).get("rows", [])) for b in parsed)
    assert rows == sum(len(b.results) for b in boards)
    assert [b.board_num for b in parsed[: len(boards)]] == [b.number for b in boards]
    pbn.loads(output)
    assert all(len(line) <= 255 for line in lines_of(output))


@pytest.mark.parametrize("path", USEBIO_FILES, ids=lambda p: p.name)
def test_usebio_written_as_pbn_is_latin1_where_it_fits(path: Path) -> None:
    """ISO-8859-1 where every character fits, else UTF-8, declared either way."""
    _, output = usebio_as_pbn(path)
    declared = re.search(rb"charset=([\w-]+)", output)
    assert declared is not None
    try:
        output.decode("ascii")
    except UnicodeDecodeError:
        assert declared[1] in (b"ISO-8859-1", b"UTF-8")
        output.decode("latin-1" if declared[1] == b"ISO-8859-1" else "utf-8")
    assert b"\r\n" in output and output.count(b"\n") == output.count(b"\r\n")


ROUND_TRIP_USEBIO = [
    ("club-night.xml", "butler"), ("mitchell-pairs.xml", "butler"),
    ("howell-pairs.xml", "cross-imps"), ("adjusted-a6040.xml", "butler"),
    ("np-and-pass.xml", "butler"), ("tied-places.xml", "butler"),
    ("session-section-layout.xml", "butler"), ("leads-and-tricks.xml", "cross-imps"),
    ("teams-of-four.xml", "aggregate"), ("teams-of-four-two-matches.xml", "aggregate"),
    ("teams-of-eight-three-matches.xml", "aggregate"),
    ("teams-of-eight-one-match.xml", "barking"),
]  # fmt: skip


@pytest.mark.parametrize(("name", "method"), ROUND_TRIP_USEBIO)
def test_usebio_event_as_pbn_scores_the_same(name: str, method: str) -> None:
    """A USEBIO event written as PBN reads back with the same results and
    standings (teams by their names: PBN's HomeTeam/VisitTeam carry them)."""
    scored = pbnscore.score(pbnscore.load(FIXTURES / "usebio" / name), method)
    again = pbnscore.score(pbn.loads(pbn.dumps(scored)), method)
    assert json_points(again) == json_points(scored)

    def standings(s: ScoredEvent) -> list[tuple[object, ...]]:
        return sorted(
            (p.name or p.id, p.direction is None, s_.total, s_.rank, s_.boards)
            for s_ in s.standings
            for p in [s_.participant]
        )

    assert standings(again) == standings(scored)
    if scored.matches:
        assert [(m.imps, m.opponent_imps, m.vp) for m in again.matches] == [
            (m.imps, m.opponent_imps, m.vp) for m in scored.matches
        ]


# -- the command line ------------------------------------------------------------------------


def test_score_writes_pbn_for_a_pbn_extension(tmp_path: Path) -> None:
    """`score -o night.pbn` writes PBN, as `--to pbn` to stdout does."""
    from pbnscore.cli import main

    source = FIXTURES / "pbn" / "mitchell-pairs.pbn"
    out = tmp_path / "night.pbn"
    assert main(["score", str(source), "-m", "cross-imps", "-o", str(out)]) == 0
    assert out.read_bytes() == written(source, "cross-imps")[1]


def test_batch_to_pbn_writes_each_file_as_pbn(tmp_path: Path) -> None:
    """`batch --to pbn`: howell-pairs.pbn -> howell-pairs.pbn (in the out-dir),
    club-night.xml -> club-night.pbn."""
    from pbnscore.cli import main

    sources = [FIXTURES / "pbn" / "howell-pairs.pbn", FIXTURES / "usebio" / "club-night.xml"]
    args = ["batch", *map(str, sources), "--out-dir", str(tmp_path), "--to", "pbn"]
    assert main([*args, "--no-progress", "-j", "1", "-m", "butler"]) == 0
    for source in sources:
        output = (tmp_path / f"{source.stem}.pbn").read_bytes()
        assert output == written(source, "butler")[1]


def test_readme_examples_are_what_pbnscore_writes() -> None:
    """The docs' PBN out examples are lines of the fixtures' output."""
    section = (ROOT / "docs" / "reference" / "pbn-out.md").read_text(encoding="utf-8")
    blocks = [b.split("```", 1)[0] for b in section.split("```\n")[1::2]]
    outputs = [
        written(FIXTURES / "pbn" / "mitchell-pairs.pbn", "butler")[1],
        written(FIXTURES / "pbn" / "teams-of-four.pbn", "aggregate")[1],
        written(FIXTURES / "usebio" / "teams-of-eight-three-matches.xml", "barking")[1],
    ]
    assert len(blocks) == len(outputs)
    for block, output in zip(blocks, outputs, strict=True):
        lines = output.decode().splitlines()
        assert block.strip() and all(line in lines for line in block.strip().split("\n"))


# -- random events ---------------------------------------------------------------------------


@settings(max_examples=30)
@given(pairs_events(), st.sampled_from(PAIRS_METHODS))
def test_random_pairs_files_written_back(generated: tuple[Event, str], method: str) -> None:
    """Random pairs files in each score convention: the output is the input
    plus the owned parts, its IMP columns are the points, it scores the same
    when read back; written from the model alone, it scores the same too."""
    event, convention = generated
    data = write_pairs(event, convention).encode("utf-8")
    scored = pbnscore.score(pbn.loads(data), method)
    output = pbn.dumps(scored)
    assert strip_owned(output) == strip_owned(data)
    assert written_points(output) == json_points(scored)
    assert report_json.dumps(pbnscore.score(pbn.loads(output), method)) == report_json.dumps(scored)
    built = pbn.dumps(
        attrs.evolve(scored, event=attrs.evolve(scored.event, source=Source("x", "usebio")))
    )
    assert json_points(pbnscore.score(pbn.loads(built), method)) == json_points(scored)


@settings(max_examples=20)
@given(teams_events(), st.sampled_from(TEAMS_METHODS))
def test_random_teams_files_written_back(event: Event, method: str) -> None:
    """Random teams files, one game per table: the same, with ScoreIMP."""
    data = write_teams(event).encode("utf-8")
    try:
        scored = pbnscore.score(pbn.loads(data), method)
    except ScoringError as exc:  # nothing the method can score: refused (test_barking)
        assert "needs four tables" in str(exc) or "scored no participant" in str(exc)
        return
    output = pbn.dumps(scored)
    assert strip_owned(output) == strip_owned(data)
    wanted = match_points(scored) if method == "aggregate" else json_points(scored)
    assert written_points(output) == wanted
    again = pbnscore.score(pbn.loads(output), method)
    assert report_json.dumps(again) == report_json.dumps(scored)


def test_a_total_score_table_sharing_its_line_is_cut_out(tmp_path: Path) -> None:
    """The input's TotalScoreTable after other tags on its line goes, with its
    rows; the tags before it stay; ours goes at the first game's end with the
    names the old one gave."""
    path = tmp_path / "shared-line.pbn"
    path.write_text(
        '[Event "Import"] [Board "1"] [TotalScoreTable "PairId;Names"]\n'
        '1 "A B;C D"\n2 "E F;G H"\n[Dealer "N"] [Vulnerable "None"]\n'
        '[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result"]\n1 2 3NT N 9\n3 4 3NT S 10\n'
    )
    scored, output = written(path, "butler")
    text = output.decode()
    assert text.startswith('[Event "Import"] [Board "1"]\n[Dealer "N"] [Vulnerable "None"]\n')
    assert (
        text.count("[TotalScoreTable ") == 1 and '"A B;C D"' in text.split("[TotalScoreTable ")[1]
    )
    assert "\n1 2 3NT N 9 0.00  0.00\n3 4 3NT S 10 1.00 -1.00\n[Scoring " in text
    again = pbnscore.score(pbn.loads(output, source=path.name), "butler")
    assert report_json.dumps(again) == report_json.dumps(scored)


def _with_players(event: Event, players: dict[str, tuple[str, ...]]) -> Event:
    """``event`` with the players of the pairs ``players`` names (by id)."""

    def renamed(pair: Participant) -> Participant:
        names = players.get(pair.id)
        if names is None:
            return pair
        return attrs.evolve(pair, players=tuple(Player(name) for name in names))

    sessions = tuple(
        attrs.evolve(
            session,
            sections=tuple(
                attrs.evolve(section, participants=tuple(map(renamed, section.participants)))
                for section in session.sections
            ),
        )
        for session in event.sessions
    )
    return attrs.evolve(event, sessions=sessions)


def test_names_holding_the_separators_read_back_whole() -> None:
    """USEBIO players 'Zane; Zoë' and 'Alice Archer - Smythe' (and a pair of
    one player 'Smith-Jones', and 'Ann;' ...) written to PBN come back as
    the same players, two a pair, not three (the writer joined with ';',
    the reader split on ';' and on ' - ')."""
    event = pbnscore.load(FIXTURES / "usebio" / "mitchell-pairs.xml")
    first = [p.id for p in event.participants()]
    players = {
        first[0]: ("Zane; Zoë", "Alice Archer - Smythe"),
        first[1]: ("Smith-Jones",),
        first[2]: ("Ann - Bob Carter",),
        first[3]: ("Ann;", ";;Bea"),
    }
    scored = pbnscore.score(_with_players(event, players), "butler")
    back = pbn.loads(pbn.dumps(scored))
    read = {p.id: p.names for p in back.participants()}
    assert {pair: read[pair] for pair in players} == players


NAME_TEXT = st.text(st.sampled_from("Ab -;é\t"), min_size=1, max_size=12)


@given(st.lists(NAME_TEXT.map(str.strip), max_size=3))
def test_any_names_survive_a_names_cell(names: list[str]) -> None:
    """Whatever the players' names hold, the TotalScoreTable's names cell
    reads back as those names (each as the reader keeps a name: stripped,
    none empty, none '-'; short enough not to be cut)."""
    from pbnscore.pbn._read_write_pairs import split_names
    from pbnscore.pbn._write_scores import names_cell

    kept = tuple(name for name in names if name and name not in ("-", "?"))
    cell = names_cell(kept)
    assert split_names(cell) == kept
