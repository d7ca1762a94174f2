"""``--to csv``: the standings for a spreadsheet.

Read back with the stdlib csv reader (RFC 4180), the document holds one row
per participant with the model's rank, id, names, total, boards and average;
it starts with a UTF-8 BOM, ends its rows with CRLF, and no text field can
start a formula.
"""

from __future__ import annotations

import csv
import io
from fractions import Fraction as F
from pathlib import Path
from typing import Any

import attrs
import pytest

import pbnscore
import report_events as events
from pbnscore.cli import main
from pbnscore.model import Player, ScoredEvent
from pbnscore.report import _spreadsheet, _view
from pbnscore.report import csv as report_csv
from pbnscore.report._shared import team_records

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
ALL = pytest.mark.parametrize("make", events.EVERY.values(), ids=events.EVERY.keys())


def rows_of(document: str) -> list[dict[str, str]]:
    assert document.startswith(_spreadsheet.BOM)
    return list(csv.DictReader(io.StringIO(document[1:], newline="")))


def _average(row: dict[str, str], standing: Any, matches: dict[str, int]) -> bool:
    """The row's average: per board, or a team's per match under a header
    saying so (beside barking's pairs, a team's Average is left empty)."""
    per_match_header = any(h in row for h in ("VP per match", "Net IMPs per match"))
    team = standing.participant.kind.value == "team"
    if not (per_match_header and team and standing.participant.id in matches):
        return row["Average"] in events.scorer_forms(standing.average)
    if row.get("Average", "") != "":
        return False
    per_match = F(standing.total) / matches[standing.participant.id]
    return any(
        row.get(h) in events.scorer_forms(per_match) for h in ("VP per match", "Net IMPs per match")
    )


@ALL
def test_one_row_per_participant_as_the_model_has_it(make: Any) -> None:
    """Every standing is one row: rank, tie, id, kind, direction, names,
    total and average (as scorers write them) and boards."""
    scored = make()
    rows = rows_of(report_csv.render(scored))
    assert len(rows) == len(scored.standings)
    unmatched = list(scored.standings)
    # Teams ranked on matches average per match (docs/reference/choices.md "Teams standings").
    matches = {team: record.matches for team, record in team_records(scored.matches).items()}
    for row in rows:
        standing = next(
            s
            for s in unmatched
            if (str(s.rank), s.participant.id, str(s.boards))
            == (row["Rank"], row["Id"], row["Boards"])
            and row["Total"] in events.scorer_forms(s.total)
            and _average(row, s, matches)
        )
        unmatched.remove(standing)
        p = standing.participant
        assert row["Tied"] == ("yes" if standing.tied else "")
        assert row["Kind"] == p.kind.value
        assert row["Direction"] == (p.direction.value if p.direction else "")
        assert row["Names"] == (" & ".join(p.names) or p.name or "")
    assert events.consistent_column([row["Total"] for row in rows])


def test_rfc_4180_quoting_and_line_ends() -> None:
    """A name holding quotes, commas and '&' survives a round trip; rows end
    with CRLF; the header is the first row."""
    document = report_csv.render(events.butler_pairs())
    assert document.startswith(_spreadsheet.BOM + ",".join(report_csv.HEADER) + "\r\n")
    assert document.endswith("\r\n") and "\n" not in document.replace("\r\n", "")
    names = [row["Names"] for row in rows_of(document)]
    assert f"{events.NASTY} & Zoë Müller" in names
    # The field quoted, the quotes inside it doubled.
    assert '"<script>alert(1)</script> & ""O\'Neil"" & Zoë Müller"' in document


def renamed(scored: ScoredEvent, names: list[str]) -> ScoredEvent:
    standings = tuple(
        attrs.evolve(s, participant=attrs.evolve(s.participant, players=(Player(name),)))
        for s, name in zip(scored.standings, names, strict=False)
    )
    return attrs.evolve(scored, standings=standings + scored.standings[len(names) :])


def test_names_cannot_start_a_formula() -> None:
    """A name beginning =, +, - or @ is written after a ' so a spreadsheet
    shows it; negative totals stay numbers."""
    hostile = ['=HYPERLINK("http://x")', "+1+1", "-2+3", "@SUM(A1)", "\tTab"]
    scored = renamed(events.butler_pairs(), hostile)
    rows = rows_of(report_csv.render(scored))
    names = [row["Names"] for row in rows[: len(hostile)]]
    assert names == ["'" + name for name in hostile]
    negative = [row["Total"] for row in rows if row["Total"].startswith("-")]
    assert negative and all(F(t) < 0 for t in negative)


def test_score_writes_csv_by_flag_and_by_extension(tmp_path: Path) -> None:
    """``--to csv`` and ``-o X.csv`` write the same standings."""
    source = FIXTURES / "usebio" / "club-night.xml"
    by_extension = tmp_path / "night.csv"
    by_flag = tmp_path / "night.out"
    assert main(["score", str(source), "-o", str(by_extension)]) == 0
    assert main(["score", str(source), "--to", "csv", "-o", str(by_flag)]) == 0
    data = by_extension.read_bytes()
    assert data == by_flag.read_bytes()
    assert data.startswith(b"\xef\xbb\xbf")
    assert len(rows_of(data.decode("utf-8"))) > 1


def test_formats_keep_one_column_rule() -> None:
    """A total column of whole numbers is written whole."""
    assert _view.column([F(3), -12, None]) == ["3", "-12", ""]
    assert _view.column([F(3), F(1, 3)]) == ["3.00", "0.33"]
    assert _view.column([F(3)], decimals=True) == ["3.00"]


def test_factored_totals_get_their_column() -> None:
    """Under --factor the factored total is written after the total, as the
    model has it; without it there is no such column."""
    event = pbnscore.load(FIXTURES / "usebio" / "np-and-pass.xml")
    scored = pbnscore.score(event, "butler", factor=True)
    assert any(s.factored is not None for s in scored.standings)
    rows = rows_of(report_csv.render(scored))
    assert list(rows[0])[8:11] == ["Total", "Factored", "Boards"]
    by_id = {(r["Id"], r["Direction"]): r for r in rows}
    for standing in scored.standings:
        p = standing.participant
        row = by_id[p.id, p.direction.value if p.direction else ""]
        assert standing.factored is not None
        assert row["Factored"] in events.scorer_forms(standing.factored)
    plain = rows_of(report_csv.render(pbnscore.score(event, "butler")))
    assert "Factored" not in plain[0]
