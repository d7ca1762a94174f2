"""A board header says what the computation did on that board: the sum its
IMPs reach (0 only where they add up to 0), the scores it dropped, the
rounding it did; made from the method's record of the board, never from
the option's name (docs/reference/reports.md "Board
headers say what was done on the board")."""

from __future__ import annotations

import html
import json
import re
from collections import defaultdict
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

import pbnscore
from conftest import REFUSED_SAMPLES, shared_sample_params
from pbnscore import report
from pbnscore.model import ScoredEvent
from usebio_docs import mitchell

# Board headers in text ("Dealer N   Vul None   Datum 400: ...") and HTML.
# Text wraps a long header onto lines indented by two spaces (after a
# hyphen without one).
_DATUM_RE = re.compile(r"Datum -?\d[^<\n]*(?:\n  (?=\S)[^\n]*)*")
_SUM_RE = re.compile(r"add up to ([+-]?\d+(?:\.\d+)?)")
_CLOSEST_RE = re.compile(r"closest sums to ([+-]?\d+(?:\.\d+)?)")


def _headers(scored: ScoredEvent, to: str) -> list[str]:
    rendered = report.render(scored, to)
    found = _DATUM_RE.findall(html.unescape(rendered) if to == "html" else rendered)
    return [_unwrapped(header) for header in found]


def _unwrapped(header: str) -> str:
    """A header wrapped over lines as one line again."""
    lines = [line.strip() for line in header.split("\n")]
    joined = lines[0]
    for line in lines[1:]:
        joined += line if joined.endswith("-") else f" {line}"
    return joined


def _field_sums(scored: ScoredEvent) -> list[Fraction]:
    """Per board (in the JSON's order), the sum of its field's NS points
    over the real results, from the JSON."""
    document: dict[str, Any] = json.loads(report.render(scored, "json"))
    teams = document["event"]["kind"] == "teams"
    sums: dict[tuple[Any, ...], Fraction] = defaultdict(Fraction)
    keys = []
    for board in document["boards"]:
        key = (board["session"], board["board"]) + (() if teams else (board["section"],))
        keys.append(key)
        for result in board["results"]:
            if result["score"] is not None and result["adjusted"] is None:
                sums[key] += Fraction(str(result["ns_points"] or 0))
    return [sums[key] for key in keys]


def _stated(header: str) -> Fraction:
    found = _CLOSEST_RE.search(header) or _SUM_RE.search(header)
    assert found, f"no sum stated in {header!r}"
    return Fraction(found[1])


def test_a_board_whose_imps_do_not_add_up_to_zero_says_so() -> None:
    """420, 420, 450: no par makes the three IMPs add up to 0; the header
    gives the closest sum, the JSON's (old code: 'add up to 0' always)."""
    scored = pbnscore.score(pbnscore.loads(mitchell((420, 420, 450)), format="usebio"), "butler")
    total = _field_sums(scored)[0]
    assert total != 0
    for to in ("text", "html"):
        (header,) = _headers(scored, to)
        assert "no par makes their IMPs add up to 0" in header
        assert f"the closest sums to {'+' if total > 0 else ''}{total}" in header


def test_a_board_whose_imps_add_up_to_zero_says_that() -> None:
    scored = pbnscore.score(pbnscore.loads(mitchell((420, 450, -100)), format="usebio"), "butler")
    assert _field_sums(scored) == [0]
    (header,) = _headers(scored, "text")
    assert "their IMPs add up to 0" in header and "no par" not in header


def test_trimmed_mean_says_what_it_dropped_on_that_board() -> None:
    """--drop 1 on a board of two scores drops none (it never leaves fewer
    than one): the header says none, and why, not '1 dropped at each end'."""
    event = pbnscore.loads(mitchell((420, 450, 100), (420, 450)), format="usebio")
    scored = pbnscore.score(event, "butler", datum="trimmed-mean", drop=1)
    three, two = _headers(scored, "text")
    assert "1 dropped at each end" in three
    assert "1 dropped" not in two and "none dropped" in two


def test_rounding_is_said_only_where_it_rounded() -> None:
    """A mean that is a multiple of 10 already is not said to be rounded; one
    that is not says from what."""
    event = pbnscore.loads(mitchell((420, 440), (420, 450)), format="usebio")
    exact, rounded = _headers(pbnscore.score(event, "butler", datum="mean"), "text")
    assert "rounded" not in exact
    assert "435 rounded to 10 (half-away)" in rounded


def test_explain_shows_the_same_label() -> None:
    """``explain`` reads the same record as the reports' board header."""
    from pbnscore import explain
    from pbnscore.report import explain as explain_report

    event = pbnscore.loads(mitchell((420, 420, 450)), format="usebio")
    (header,) = _headers(pbnscore.score(event, "butler"), "text")
    explained = explain_report.render(explain(event, 1, "butler"))
    label = header.partition(": ")[2]
    assert label and label in explained


def _sample_runs(path: Path) -> Iterator[tuple[str, ScoredEvent]]:
    """The sample under butler with each datum rule (teams: its pairs)."""
    event = pbnscore.load(path)
    for datum in ("zero-sum", "trimmed-mean", "mean", "median"):
        yield datum, pbnscore.score(event, "butler", datum=datum)


@pytest.mark.parametrize(
    "path", shared_sample_params("pbn/*", "usebio/*.xml", exclude=tuple(REFUSED_SAMPLES))
)
def test_every_board_header_states_the_sum_of_the_json_points(path: Path) -> None:
    """On every real sample, under every datum rule, every text and HTML
    board header with a datum states the sum its field's points reach in
    the JSON."""
    runs = list(_sample_runs(path))
    checked = 0
    for datum, scored in runs:
        sums = [total for total, board in zip(_field_sums(scored), scored.boards, strict=True)
                if board.datum is not None]  # fmt: skip
        for to in ("text", "html"):
            headers = _headers(scored, to)
            assert len(headers) == len(sums), (datum, to)
            for header, total in zip(headers, sums, strict=True):
                stated = _stated(header)
                assert abs(stated - total) <= Fraction(1, 200), (datum, to, header, total)
                assert ("add up to 0" in header and "no par" not in header) == (total == 0)
                checked += 1
    if runs and any(board.datum is not None for _, s in runs for board in s.boards):
        assert checked
