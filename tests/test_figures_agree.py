"""Every figure a scorer reads is the same string in every output
(docs/reference/reports.md): USEBIO, PBN, CSV, text, HTML and ``explain`` each show a
participant's total and average, each board's points per pair, the datum,
a match's IMPs and VPs, and each figure is :func:`pbnscore.figures.points_text`
(half away from zero at two decimals) of the unrounded value JSON gives.

Each input (every fixture and shared sample) is scored once, by one method
(pairs events by butler and cross-IMPs in turn, teams events by aggregate
and barking in turn), and written in every format once; each format's test
reads its figures back by parsing (lxml for USEBIO and HTML, the tag pairs
and tables of PBN, the csv module, the text tables by their rule of dashes).

A figure of a column that is whole throughout may be shown whole (``16``
for 16: text, HTML, CSV, ``explain``; docs/reference/reports.md): it is compared as
``16.00``. Anything else must be the one rule's string exactly.

The figures are compared as a multiset per kind (totals, averages, points,
datums, VPs, match IMPs, board IMPs): a figure rounded another way in one
output, or missing from it, fails; where an output shows only some of a
kind, what it shows must be among JSON's.
"""

from __future__ import annotations

import csv
import functools
import io
import json
import re
from collections import Counter
from collections.abc import Iterable, Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any

import attrs
import lxml.html
import pytest
from _pytest.mark import ParameterSet
from lxml import etree

import pbnscore
from conftest import NO_RESULTS, REFUSED_SAMPLES, shared_sample_params
from pbnscore import explain
from pbnscore.errors import PbnscoreError
from pbnscore.figures import points_text
from pbnscore.model import EventKind, ScoredEvent
from pbnscore.report import explain as explain_report

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
# Every file but those known to be refused or to hold no result (hand
# records), which test_known_samples asserts so: no figure to compare.
OWN = sorted(
    path
    for path in [*FIXTURES.glob("pbn/*.pbn"), *FIXTURES.glob("usebio/*.xml")]
    if path.name not in NO_RESULTS
)
SAMPLES = shared_sample_params("pbn/*", "usebio/*", exclude=(*REFUSED_SAMPLES, *NO_RESULTS))
# The options that change which figure is shown: --factor's scaled totals,
# which put Hal Hunt (4 IMPs in 3 boards) above Ben Baker (4 in 4), and pair
# 4 NS (4 in 2) above pair 1 (4 in 3) in a PBN input written back as itself.
FACTORED = (
    FIXTURES / "usebio" / "individual-with-handset.xml",
    FIXTURES / "pbn" / "adjusted-rows.pbn",
)
OPTIONS: dict[Path, dict[str, Any]] = {path: {"factor": True} for path in FACTORED}
INPUTS: list[ParameterSet] = [
    *(pytest.param(path, id=path.name) for path in OWN),
    *(pytest.param((path, "butler"), id=f"{path.name}-factor") for path in FACTORED),
    *SAMPLES,
]

Figures = dict[str, Counter[str]]
Table = tuple[str, list[str], list[list[str]]]  # (kind, headers, rows)


@attrs.frozen
class Written:
    """One input scored once and written in every format."""

    scored: ScoredEvent
    outputs: dict[str, bytes]
    document: dict[str, Any]  # the JSON, its non-integers read exactly
    explained_board: int
    explained: str

    # What several tests read of the same outputs, worked out once per input.

    @functools.cached_property
    def wanted(self) -> Figures:
        """Every figure JSON gives, by the one rule."""
        return expected(self.document)

    @functools.cached_property
    def text_page(self) -> str:
        return self.outputs["text"].decode("utf-8")

    @functools.cached_property
    def text_tables(self) -> list[Table]:
        return text_tables(self.text_page)

    @functools.cached_property
    def html_root(self) -> Any:
        return lxml.html.fromstring(self.outputs["html"].decode("utf-8"))

    @functools.cached_property
    def html_tables(self) -> list[Table]:
        return html_tables(self.html_root)


def _method(path: Path, event: Any) -> str:
    """Pairs by butler and cross-IMPs in turn, teams by aggregate and
    barking in turn (by the input's place in the list), so every method's
    figures are read somewhere."""
    turn = sorted(p.name for p in OWN).index(path.name) if path in OWN else len(path.name)
    if event.kind is EventKind.TEAMS:
        return ("aggregate", "barking")[turn % 2]
    return ("butler", "cross-imps")[turn % 2]


def _scored(path: Path, method: str | None = None) -> ScoredEvent:
    event = pbnscore.load(path)
    if method is not None:
        return pbnscore.score(event, method, **OPTIONS[path])
    try:
        return pbnscore.score(event, _method(path, event))
    except PbnscoreError:
        # barking takes teams of eight and more only; aggregate scores any teams event
        return pbnscore.score(event, "aggregate")


@pytest.fixture(scope="module", params=INPUTS)
def written(request: pytest.FixtureRequest) -> Written:
    path, method = request.param if isinstance(request.param, tuple) else (request.param, None)
    scored = _scored(path, method)
    outputs = {
        name: pbnscore.dumps(scored, name)
        for name in ("usebio", "pbn", "json", "text", "html", "csv")
    }
    document = json.loads(outputs["json"], parse_float=Fraction)
    assert any(expected(document).values()), f"{path.name}: no result scored, no figure"
    board = _board_to_explain(document)
    options = OPTIONS[path] if method is not None else {}
    explained = explain(scored.event, board, scored.method, **options)
    return Written(scored, outputs, document, board, explain_report.render(explained))


def _board_to_explain(document: dict[str, Any]) -> int:
    """The board number whose figures ``explain`` is read for: the one with
    the most points that round (45/8 is 5.63, where float formatting says
    5.62), else the first with a figure on it."""
    numbers = [b["board"] for b in document["boards"]]
    numbers += [b["board"] for m in document["matches"] for b in m["boards"]]
    results: dict[int, list[dict[str, Any]]] = {}
    for b in document["boards"]:
        results.setdefault(b["board"], []).extend(b["results"])
    rounded = {
        number: sum(
            1
            for r in results.get(number, ())
            for side in ("ns_points", "ew_points")
            if r[side] is not None and (100 * Fraction(r[side])).denominator != 1
        )
        for number in dict.fromkeys(numbers)
    }
    most = max(rounded.values())
    best = [number for number, count in rounded.items() if count == most]
    # The first of the most rounded with a figure on it, else the first of
    # them: what the most by (rounded, figured) is, asking only them for figures.
    on_board = ("points", "datum", "board imps")
    figured = (n for n in best if any(expected(document, n)[kind] for kind in on_board))
    return next(figured, best[0])


# -- what JSON says, spelt by the one rule -----------------------------------------


def spelt(values: Iterable[Any]) -> Counter[str]:
    return Counter(points_text(Fraction(value)) for value in values if value is not None)


def _ranked(document: dict[str, Any]) -> list[dict[str, Any]]:
    return [p for p in document["participants"] if p["rank"] is not None]


def expected(document: dict[str, Any], board: int | None = None) -> Figures:
    """Each kind of figure, from JSON's unrounded values (``board``: that
    board number's only, as ``explain`` shows it)."""
    boards = [b for b in document["boards"] if board is None or b["board"] == board]
    played = [m for m in document["matches"] if m["boards"]]
    match_boards = [b for m in played for b in m["boards"] if board is None or b["board"] == board]
    ranked = _ranked(document)
    figures = {
        "total": spelt(p["total"] for p in ranked),
        "factored": spelt(p.get("factored") for p in ranked),
        # USEBIO's TOTAL_SCORE: the figure ranked on (conventions.md "Factoring")
        "ranked total": spelt(p.get("factored", p["total"]) for p in ranked),
        "average": spelt(_average(p) for p in ranked),
        "points": spelt(
            r[side] for b in boards for r in b["results"] for side in ("ns_points", "ew_points")
        ),
        "datum": spelt(b["datum"] for b in boards),
        "vp": spelt(m[side] for m in played for side in ("vp", "opponent_vp")),
        "match imps": spelt(m[side] for m in played for side in ("imps", "opponent_imps")),
        "board imps": spelt(b["imps"] for b in match_boards),
        "both sides' board imps": spelt(
            b[side] for b in match_boards for side in ("imps", "opponent_imps")
        ),
        "imps for": spelt(p.get("imps_for") for p in ranked),
        "imps against": spelt(p.get("imps_against") for p in ranked),
        "diff": spelt(
            p["imps_for"] - p["imps_against"] for p in ranked if p.get("imps_for") is not None
        ),
    }
    # A scorecard shows a participant's own figures again: each among JSON's.
    for kind in ("points", "total", "both sides' board imps", "match imps", "vp"):
        figures[f"scorecard {kind}"] = figures[kind]
    return figures


def _average(participant: dict[str, Any]) -> Any:
    """Per board; a team scored by matches: per match (docs/reference/reports.md)."""
    if "matches" in participant:
        matches = participant["matches"]
        return Fraction(participant["total"]) / matches if matches else None
    return participant["average"]


# -- reading each output's figures ---------------------------------------------------

WHOLE_RE = re.compile(r"-?\d+")
FIGURE_RE = re.compile(r"-?\d+(?:\.\d+)?")


def canonical(text: str) -> str:
    """A figure as the rule spells it, where the output showed a whole
    column whole; anything else as it stands."""
    text = text.strip()
    return points_text(int(text)) if WHOLE_RE.fullmatch(text) else text


def found(pairs: Iterable[tuple[str, str]]) -> Figures:
    figures: Figures = {}
    for kind, text in pairs:
        figures.setdefault(kind, Counter())[canonical(text)] += 1
    return figures


# USEBIO: what each method writes on a traveller line (model.PointsStyle).
LINE_POINTS = {
    "butler": ("NS_BUTLER_POINTS", "EW_BUTLER_POINTS"),
    "cross-imps": ("NS_CROSS_IMP_POINTS", "EW_CROSS_IMP_POINTS"),
}


def usebio_figures(written: Written) -> Figures:
    root = etree.fromstring(written.outputs["usebio"])
    style = written.scored.style.name

    def texts(path: str) -> Iterator[str]:
        yield from (el.text or "" for el in root.iterfind(path))

    pairs = [("ranked total", t) for t in texts(".//PARTICIPANTS//TOTAL_SCORE")]
    if style == "barking":  # else the input's own, kept as it was
        pairs += [("ranked total", t) for t in texts(".//PARTICIPANTS//PAIR_IMPS")]
    for tag in LINE_POINTS.get(style, ()):
        pairs += [("points", t) for t in texts(f".//TRAVELLER_LINE/{tag}")]
    if written.scored.datum_label is not None:
        pairs += [("datum", t) for t in texts(".//BOARD/BOARD_AVERAGE")]
    on_vps = any(m["vp"] is not None for m in written.document["matches"])
    for tag in ("TEAM_SCORE", "OPPOSING_TEAM_SCORE"):
        pairs += [("vp" if on_vps else "match imps", t) for t in texts(f".//MATCH/{tag}")]
    pairs += [("board imps", t) for t in texts(".//MATCH/BOARD/IMPS")]
    return found(pairs)


TAG_RE = re.compile(r'^\[(\w+) "((?:[^"\\]|\\.)*)"\]')
CELL_RE = re.compile(r'"(?:[^"\\]|\\.)*"|\S+')


def pbn_figures(written: Written) -> Figures:
    pairs: list[tuple[str, str]] = []
    teams = written.scored.event.kind is EventKind.TEAMS
    side_kind = "both sides' board imps" if written.scored.style.name == "aggregate" else "points"
    columns: list[str] = []
    # a PBN is written in its input's encoding; its figures are ASCII
    for line in written.outputs["pbn"].decode("utf-8", "replace").splitlines():
        tag = TAG_RE.match(line)
        if tag:
            name, value = tag.groups()
            columns = [c.split("\\")[0] for c in value.split(";")] if name.endswith("Table") else []
            if name == "ScoreIMP":
                pairs += [(side_kind, f) for f in FIGURE_RE.findall(value)]
            elif name == "Datum":  # "A:NS 430; B:NS 420": each after its section's id
                for part in value.split(";"):
                    pairs += [("datum", f) for f in FIGURE_RE.findall(part.rsplit(":", 1)[-1])]
            continue
        if not columns or not line.strip() or line.startswith(("%", ";", "{")):
            columns = columns if line.strip() else []
            continue
        row = dict(zip(columns, CELL_RE.findall(line), strict=False))
        for column, kind in (("IMP_NS", "points"), ("IMP_EW", "points"), ("MeanIMP", "average")):
            if row.get(column, "-") != "-":
                pairs.append((kind, row[column]))
        if row.get("TotalVP", "-") != "-":
            pairs.append(("total", row["TotalVP"]))
        if row.get("TotalIMP", "-") != "-":
            # the total ranked on, as USEBIO's TOTAL_SCORE
            # (docs/reference/conventions.md "Factoring")
            # a team ranked on VPs: its net IMPs ("-" in TotalVP: a pair
            # ranked on its IMPs, barking's beside the teams)
            kind = "diff" if row.get("TotalVP", "-") != "-" and teams else "ranked total"
            pairs.append((kind, row["TotalIMP"]))
    return found(pairs)


def csv_figures(written: Written) -> Figures:
    rows = list(csv.DictReader(io.StringIO(written.outputs["csv"].decode("utf-8-sig"))))
    pairs = []
    for row in rows:
        if not row["Rank"]:
            continue
        pairs.append(("total", row["Total"]))
        if row.get("Factored"):
            pairs.append(("factored", row["Factored"]))
        # a team's beside barking's pairs: its Average empty, per match after
        average = row.get("Average") or row.get("VP per match") or row.get("Net IMPs per match")
        if average:
            pairs.append(("average", average))
    return found(pairs)


def html_tables(root: Any) -> list[Table]:
    """Each table of the HTML report (``root``: the page as lxml.html reads it)."""
    tables = []
    for table in root.iter("table"):
        headers = [th.text_content().strip() for th in table.iterfind("thead/tr/th")]
        rows = [
            [cell.text_content().strip() for cell in tr.iterchildren("td", "th")]
            for tr in table.iterfind("tbody/tr")
        ]
        tables.append((table.get("class") or "", headers, rows))
    return tables


DASHES_RE = re.compile(r"-+")


def text_tables(page: str) -> list[Table]:
    """Each table of the text report: a line of headings over a rule of
    dashes whose runs give the columns' extents, rows to the blank line."""
    lines = page.splitlines()
    tables = []
    for at in range(1, len(lines)):
        rule = lines[at]
        if not rule.strip() or set(rule) - {"-", " "}:
            continue
        spans = [m.span() for m in DASHES_RE.finditer(rule)]
        headers = [lines[at - 1][start:end].strip() for start, end in spans]
        rows = []
        for line in lines[at + 1 :]:
            if not line.strip():
                break
            rows.append([line[start:end].strip() for start, end in spans])
        tables.append((_kind(headers, rows), headers, rows))
    return tables


def _kind(headers: list[str], rows: list[list[str]]) -> str:
    """A text table's kind, as HTML names it in its class."""
    if headers[:1] == ["Rank"]:
        return "standings"
    if "NS pts" in headers or "Match IMPs" in headers:
        return "traveller"
    if "Opp IMPs" in headers:
        return "matches"
    if headers[:1] == ["Board"] and rows and rows[0][0].startswith("IMPs to"):
        return "match-boards"
    if "Opponents" in headers or headers[:2] == ["Board", "Pairs"]:
        return "scorecard"
    return "other"


STANDING_COLUMNS = {
    "Factored": "factored",
    "Total": "total",
    "VP": "total",
    "Net IMPs": "total",
    "Average": "average",
    "IMPs for": "imps for",
    "IMPs against": "imps against",
    "Diff": "diff",
}
COLUMNS = {
    "standings": STANDING_COLUMNS,
    "traveller": {"NS pts": "points", "EW pts": "points"},
    "matches": {"IMPs": "match imps", "Opp IMPs": "match imps", "VP": "vp", "Opp VP": "vp"},
}
DATUM_RE = re.compile(r"\bDatum (-?\d+(?:\.\d+)?)")
NOT_FIGURES = {"", "did not play", "not played"}


PAIR_POINTS_RE = re.compile(r" (-?\d+(?:\.\d+)?)(?:,|$)")
MATCH_CELL_RE = re.compile(r"IMPs (-?[\d.]+)–(-?[\d.]+)(?:, VP (-?[\d.]+))?")


def scorecard_figures(headers: list[str], rows: list[list[str]]) -> Iterator[tuple[str, str]]:
    """A scorecard's points (a teams card: IMPs; a barking team's: each of its
    pairs') board by board, its match lines (``IMPs 40–14, VP 18.38``) and its
    last running total."""
    teams = "Match" in headers
    for row in rows:
        cells = dict(zip(headers, row, strict=True))
        if "Pairs" in cells:
            # the team's own Points are its pairs' mean, a figure JSON does not keep
            yield from (("scorecard points", f) for f in PAIR_POINTS_RE.findall(cells["Pairs"]))
        elif cells.get("Points"):
            yield "scorecard points", cells["Points"]
        if teams and cells.get("IMPs"):
            yield "scorecard both sides' board imps", cells["IMPs"]
        if match := MATCH_CELL_RE.search(cells.get("Match", "")):
            won, lost, vp = match.groups()
            yield from (("scorecard match imps", won), ("scorecard match imps", lost))
            if vp is not None:
                yield "scorecard vp", vp
    last = dict(zip(headers, rows[-1], strict=True)) if rows else {}
    if last.get("Total"):
        yield "scorecard total", last["Total"]


def report_figures(tables: list[Table], page: str) -> Figures:
    pairs = [("datum", datum) for datum in DATUM_RE.findall(page)]
    for kind, headers, rows in tables:
        if kind == "scorecard":
            pairs += scorecard_figures(headers, rows)
            continue
        if kind == "match-boards":
            # the home team's row; the away team's is shown only where it differs
            pairs += [("board imps", cell) for cell in rows[0][1:] if cell]
            continue
        wanted = COLUMNS.get(kind, {})
        for row in rows:
            for header, cell in zip(headers, row, strict=True):
                if header in wanted and cell not in NOT_FIGURES:
                    pairs.append((wanted[header], cell))
    return found(pairs)


EXACT = r"(?: \(= -?\d+/\d+\))?"
POINTS_LINE_RE = re.compile(rf"^  .+: (-?\d+(?:\.\d+)?){EXACT}$")
SIDES_LINE_RE = re.compile(rf"^  NS (-?\d+(?:\.\d+)?){EXACT}(?:, EW (-?\d+(?:\.\d+)?){EXACT})?$")
DATUM_SHOWN_RE = re.compile(r"^Datum shown: (-?\d+(?:\.\d+)?)")


def explain_figures(written: Written) -> Figures:
    """Each result's points (``NS 5.63 (= 45/8), EW -5.63``), or each team's
    IMPs on the board (its ``Points:`` list), and the datum."""
    pairs = []
    aggregate = written.scored.style.name == "aggregate"
    listing = False
    for line in written.explained.splitlines():
        if datum := DATUM_SHOWN_RE.match(line):
            pairs.append(("datum", datum.group(1)))
        if not aggregate and (sides := SIDES_LINE_RE.match(line)):
            pairs += [("points", figure) for figure in sides.groups() if figure is not None]
        if line == "Points:":
            listing = True
        elif listing and aggregate and (figure := POINTS_LINE_RE.match(line)):
            pairs.append(("both sides' board imps", figure.group(1)))
        elif not line.startswith("  "):
            listing = False
    return found(pairs)


# -- the comparison -------------------------------------------------------------------


def disagreements(shown: Figures, wanted: Figures, complete: set[str]) -> list[str]:
    """Each kind whose figures are not JSON's by the one rule: all of them,
    as often, where ``complete`` names the kind; else each among them."""
    wrong = []
    for kind, figures in shown.items():
        if kind in complete:
            missing, extra = wanted[kind] - figures, figures - wanted[kind]
        else:
            missing, extra = Counter(), Counter(set(figures) - set(wanted[kind]))
        if extra or missing:
            wrong.append(f"{kind}: shown but not JSON's {dict(extra)}; not shown {dict(missing)}")
    return wrong


def check(shown: Figures, wanted: Figures, complete: set[str]) -> None:
    assert sum(sum(c.values()) for c in shown.values()), "no figure found"
    wrong = disagreements(shown, wanted, complete)
    assert not wrong, "\n".join(wrong)


PAIRS_FIGURES = {"total", "average", "points", "datum"}
TEAMS_FIGURES = {"vp", "match imps", "board imps", "imps for", "imps against", "diff"}


def test_usebio_shows_json_s_figures(written: Written) -> None:
    """TOTAL_SCORE, PAIR_IMPS, the lines' points, BOARD_AVERAGE, MATCH scores and board IMPS."""
    check(usebio_figures(written), written.wanted, {"points", "datum"})


def test_pbn_shows_json_s_figures(written: Written) -> None:
    """TotalScoreTable totals and means, ScoreTable and ScoreIMP points, the Datum tag."""
    check(pbn_figures(written), written.wanted, set())


def test_csv_shows_json_s_figures(written: Written) -> None:
    """Each ranked row's total and average (VP or net IMPs per match for teams)."""
    check(csv_figures(written), written.wanted, {"total", "average"})


def test_text_shows_json_s_figures(written: Written) -> None:
    """Standings, travellers' points, datums, matches' IMPs and VPs, boards' IMPs."""
    shown = report_figures(written.text_tables, written.text_page)
    check(shown, written.wanted, PAIRS_FIGURES | TEAMS_FIGURES)


def test_html_shows_json_s_figures(written: Written) -> None:
    """The same tables as the text report, read with lxml."""
    text = written.html_root.text_content()
    shown = report_figures(written.html_tables, text)
    check(shown, written.wanted, PAIRS_FIGURES | TEAMS_FIGURES)


def test_explain_shows_json_s_figures(written: Written) -> None:
    """Each result's points (or each team's IMPs) on one board, and its datum."""
    wanted = expected(written.document, written.explained_board)
    check(explain_figures(written), wanted, {"points", "datum", "both sides' board imps"})


# -- each participant's total, in every format ---------------------------------------
#
# One event gives one answer: the figure a participant is ranked on (with
# --factor its factored total, docs/reference/conventions.md "Factoring") is the same beside its id
# in every output that ranks. Compared as (id, figure) pairs, so a tie listed
# in another order still agrees; a format showing another participant's
# figure, or the plain total where it ranks on the factored one, does not.

Shown = Counter[tuple[str, str]]  # (participant id, the figure it is ranked on)


def json_ranked_totals(document: dict[str, Any], kinds: tuple[str, ...] = ()) -> Shown:
    """Each ranked participant's figure (of ``kinds`` only, where given)."""
    return Counter(
        (p["id"], points_text(Fraction(p.get("factored", p["total"]))))
        for p in _ranked(document)
        if not kinds or p["kind"] in kinds
    )


def _pairwise(written: Written) -> bool:
    """A pairs method on a teams event: USEBIO holds each pair's PAIR_IMPS,
    and a team's TOTAL_SCORE is the match scoring's."""
    return written.scored.event.kind is EventKind.TEAMS and written.scored.style.name != "aggregate"


def usebio_ranked_totals(written: Written) -> Shown:
    """TOTAL_SCORE by its participant's number; a pairs method on a teams
    event writes each pair's PAIR_IMPS (a team's TOTAL_SCORE is the match
    scoring's)."""
    root = etree.fromstring(written.outputs["usebio"])
    tag = "PAIR_IMPS" if _pairwise(written) else "TOTAL_SCORE"
    shown: Shown = Counter()
    for figure in root.iterfind(f".//PARTICIPANTS//{tag}"):
        owner = figure.getparent()
        assert owner is not None
        # a TEAM_ID may be an attribute or an element (pbnscore's reader takes either)
        numbers = [owner.findtext(name) for name in ("PAIR_NUMBER", "PLAYER_NUMBER", "TEAM_ID")]
        number = next((n for n in [*numbers, owner.get("TEAM_ID")] if n is not None), "")
        shown[(number.strip(), canonical(figure.text or ""))] += 1
    return shown


def pbn_ranked_totals(written: Written) -> Shown:
    """The TotalScoreTable's ranked rows: TotalVP where teams are ranked on
    VPs, else TotalIMP ("-" in TotalVP: barking's pairs beside VP teams),
    by PairId (a team's row: its TeamId)."""
    shown: Shown = Counter()
    columns: list[str] = []
    for line in written.outputs["pbn"].decode("utf-8", "replace").splitlines():
        if tag := TAG_RE.match(line):
            name, value = tag.groups()
            columns = (
                [c.split("\\")[0] for c in value.split(";")] if name == "TotalScoreTable" else []
            )
            continue
        if not columns or not line.strip() or line.startswith(("%", ";", "{")):
            columns = columns if line.strip() else []
            continue
        row = {k: v.strip('"') for k, v in zip(columns, CELL_RE.findall(line), strict=False)}
        figure = row.get("TotalVP", "-")
        figure = row.get("TotalIMP", "-") if figure == "-" else figure
        if row.get("Rank", "-") != "-" and figure != "-":
            number = row["PairId"] if row.get("PairId", "-") != "-" else row["TeamId"]
            shown[(number, canonical(figure))] += 1
    return shown


def csv_ranked_totals(written: Written) -> Shown:
    rows = csv.DictReader(io.StringIO(written.outputs["csv"].decode("utf-8-sig")))
    return Counter(
        (row["Id"], canonical(row.get("Factored") or row["Total"])) for row in rows if row["Rank"]
    )


RANKED_ON = ("Factored", "VP", "Net IMPs", "Total")  # the first a standings table has


def report_ranked_totals(tables: list[Table]) -> Shown:
    """Each standings row's figure ranked on, by the number in its second column."""
    shown: Shown = Counter()
    for kind, headers, rows in tables:
        column = next((headers.index(h) for h in RANKED_ON if h in headers), None)
        if kind != "standings" or column is None:
            continue
        for row in rows:
            if row[column] not in NOT_FIGURES:
                shown[(row[1], canonical(row[column]))] += 1
    return shown


def test_each_participant_s_total_is_one_figure_in_every_format(written: Written) -> None:
    """PBN, CSV, text, HTML and USEBIO show each ranked participant's figure
    as JSON does (USEBIO a teams event's pairs' alone under a pairs method:
    a team's TOTAL_SCORE is the match scoring's), a substitute the input's
    PARTICIPANTS leave out too."""
    shown = {
        "pbn": pbn_ranked_totals(written),
        "csv": csv_ranked_totals(written),
        "text": report_ranked_totals(written.text_tables),
        "html": report_ranked_totals(written.html_tables),
    }
    wanted = json_ranked_totals(written.document)
    assert wanted, "no participant ranked"
    wrong = [
        f"{name}: shown but not JSON's {dict(figures - wanted)}; not shown {dict(wanted - figures)}"
        for name, figures in shown.items()
        if figures != wanted
    ]
    usebio = usebio_ranked_totals(written)
    in_usebio = json_ranked_totals(written.document, ("pair",) if _pairwise(written) else ())
    if usebio != in_usebio:
        extra, missing = dict(usebio - in_usebio), dict(in_usebio - usebio)
        wrong.append(f"usebio: shown but not JSON's {extra}; not shown {missing}")
    assert not wrong, "\n".join(wrong)
