"""``pbnscore.explain``: every explained figure is the scored figure.

For each built-in method, every board of a fixture is explained and each
participant's figure compared with the points the scored event gives it on
that board (found from the scored event alone, not from the explanation);
the steps must add up to those figures where they list the parts of a sum.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

import pbnscore
from pbnscore import explain
from pbnscore.explanation import CannotExplain, Explanation, Line, Step
from pbnscore.model import Event, Outcome, Points, ScoredEvent

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"

CASES: dict[str, tuple[str, str, dict[str, Any]]] = {
    "butler-zero-sum": ("usebio/club-night.xml", "butler", {}),
    "butler-zero-sum-double": ("usebio/mitchell-pairs.xml", "butler", {"double": True}),
    "butler-trimmed-halve": (
        "usebio/club-night.xml",
        "butler",
        {"datum": "trimmed-mean", "drop": 2, "halve": True},
    ),
    "butler-mean-unrounded": (
        "usebio/mitchell-pairs.xml",
        "butler",
        {"datum": "mean", "rounding": "none"},
    ),
    "butler-median-adjusted": ("usebio/adjusted-a6040.xml", "butler", {"datum": "median"}),
    "butler-individual": ("usebio/individual-three-tables.xml", "butler", {}),
    "butler-teams": ("usebio/teams-of-eight-two-matches.xml", "butler", {}),
    "cross-imps": ("usebio/club-night.xml", "cross-imps", {}),
    "cross-imps-total-np": ("usebio/np-and-pass.xml", "cross-imps", {"normalise": "total"}),
    "barking": ("usebio/teams-of-eight-two-matches.xml", "barking", {}),
    "barking-total": ("pbn/teams-of-eight-three-matches.pbn", "barking", {"normalise": "total"}),
    "aggregate-eight": ("usebio/teams-of-eight-two-matches.xml", "aggregate", {}),
    "aggregate-four": ("usebio/teams-of-four-two-matches.xml", "aggregate", {}),
}


def scored_figures(scored: ScoredEvent, number: int) -> Counter[tuple[str, Points | None]]:
    """(participant id, points) of everyone on board ``number``, read from
    the scored event: travellers for pairs methods, matches for aggregate."""
    found: Counter[tuple[str, Points | None]] = Counter()
    if scored.method == "aggregate":  # barking's matches are the league's, beside its pairs
        for match in scored.matches:
            event_match = next(
                m
                for s in scored.event.sessions
                for m in s.matches
                if (m.team, m.opponent, m.round) == (match.team, match.opponent, match.round)
            )
            if not any(b.number == number for b in event_match.boards):
                continue
            imps = {b.number: b.imps for b in match.boards}.get(number)
            adjusted = any(
                r.outcome is Outcome.ADJUSTED
                for b in event_match.boards
                if b.number == number
                for r in b.results
            )
            found[match.team, imps] += 1
            # An adjusted board need not balance: its away figure is checked
            # against the match totals instead.
            if not adjusted:
                found[match.opponent, None if imps is None else -imps] += 1
        return found
    for board in scored.boards:
        if board.number != number:
            continue
        for line in board.results:
            result = line.result
            ns = [result.ns] if result.players == () else [result.players[0], result.players[2]]
            ew = [result.ew] if result.players == () else [result.players[1], result.players[3]]
            for ids, points in ((ns, line.ns_points), (ew, line.ew_points)):
                for pid in ids:
                    if pid is not None:
                        found[pid, points] += 1
    return found


def explained_figures(
    explained: Explanation, skip_unbalanced: bool
) -> Counter[tuple[str, Points | None]]:
    found: Counter[tuple[str, Points | None]] = Counter()
    for board in explained.boards:
        adjusted = any(line.result.outcome is Outcome.ADJUSTED for line in board.lines)
        for index, figure in enumerate(board.figures):
            if skip_unbalanced and adjusted and index == 1:
                continue
            found[figure.participant.id, figure.points] += 1
    return found


def numbers_of(event: pbnscore.Event) -> list[int]:
    numbers = {
        board.number
        for session in event.sessions
        for part in (*session.sections, *session.matches)
        for board in part.boards  # type: ignore[attr-defined]
    }
    return sorted(numbers)


@pytest.mark.parametrize(("path", "method", "options"), CASES.values(), ids=CASES.keys())
def test_every_explained_figure_is_the_scored_figure(
    path: str, method: str, options: dict[str, Any]
) -> None:
    """Each participant's figure on each board, as explained, is exactly
    what scoring the event gives it there."""
    event = pbnscore.load(FIXTURES / path)
    scored = pbnscore.score(event, method, **options)
    numbers = numbers_of(event)
    assert numbers
    for number in numbers:
        explained = explain(event, number, method, **options)
        assert explained.scored == scored
        expected = scored_figures(scored, number)
        aggregate = scored.method == "aggregate"
        assert explained_figures(explained, aggregate) == expected, number
        assert all(board.number == number for board in explained.boards)


@pytest.mark.parametrize(("path", "method", "options"), CASES.values(), ids=CASES.keys())
def test_only_one_participant(path: str, method: str, options: dict[str, Any]) -> None:
    """``only(id)`` keeps that participant's figures alone, unchanged."""
    event = pbnscore.load(FIXTURES / path)
    number = numbers_of(event)[0]
    explained = explain(event, number, method, **options)
    everyone = [f for b in explained.boards for f in b.figures]
    pid = everyone[0].participant.id
    only = explained.only(pid)
    kept = [f for b in only.boards for f in b.figures]
    assert kept == [f for f in everyone if f.participant.id == pid]
    with pytest.raises(CannotExplain, match="no participant"):
        explained.only("no such pair")


SIGNED_RE = re.compile(r"([+-]\d+) IMPs")


def _with_all_terms(
    event: Event, number: int, method: str
) -> Iterator[tuple[Line, tuple[Step, ...], tuple[Step, ...]]]:
    """(line, its steps without, its steps with every term listed) of each
    scored real table of board ``number``: each table's pair asked for."""
    for board in explain(event, number, method).boards:
        for position, line in enumerate(board.lines):
            if line.ns_points is None or not line.result.is_real:
                continue
            listed = explain(event, number, method, all_terms_for=line.result.ns).boards
            same = next(
                b for b in listed if (b.session, b.section) == (board.session, board.section)
            )
            yield line, line.steps, same.lines[position].steps


def _outcomes(won: list[int]) -> dict[str, int]:
    return {
        "won": sum(w > 0 for w in won),
        "lost": sum(w < 0 for w in won),
        "level": sum(w == 0 for w in won),
    }


def test_cross_imps_comparisons_add_up_to_the_points() -> None:
    """Each table's listed comparisons (asked for) add up to its sum, the
    sum over the divisor is its points, and the summary shown without them
    counts and bounds them rightly."""
    event = pbnscore.load(FIXTURES / "usebio/club-night.xml")
    checked = 0
    for number in numbers_of(event):
        for line, summarised, listed in _with_all_terms(event, number, "cross-imps"):
            *comparisons, summary, total = listed
            assert (summary, total) == summarised
            won = [int(step.figures["imps"]) for step in comparisons]  # type: ignore[call-overload]
            assert len(won) == summary.figures["comparisons"]
            assert sum(won) == total.figures["sum"]
            assert Fraction(sum(won), int(total.figures["divisor"])) == line.ns_points  # type: ignore[call-overload]
            assert {k: summary.figures[k] for k in ("won", "lost", "level")} == _outcomes(won)
            assert summary.figures["best"][1] == max(won)  # type: ignore[index]
            assert summary.figures["worst"][1] == min(won)  # type: ignore[index]
            checked += 1
    assert checked


def test_barking_terms_add_up_to_the_points() -> None:
    """Each table's terms (asked for), grouped by partner table, number
    (T-1)·C(T-2,2) and add up to the sum whose normalisation is its points;
    the summary shown without them counts and bounds them rightly."""
    event = pbnscore.load(FIXTURES / "usebio/teams-of-eight-two-matches.xml")
    checked = 0
    for number in numbers_of(event):
        for line, summarised, listed in _with_all_terms(event, number, "barking"):
            *groups, summary, total = listed
            assert (summary, total) == summarised
            won = [t[2] for group in groups for t in group.figures["terms"]]  # type: ignore[attr-defined]
            assert len(won) == summary.figures["terms"]
            assert sum(won) == total.figures["sum"]
            assert Fraction(int(total.figures["sum"]) * 3, len(won)) == line.ns_points  # type: ignore[call-overload]
            assert {k: summary.figures[k] for k in ("won", "lost", "level")} == _outcomes(won)
            assert summary.figures["best"][3] == max(won)  # type: ignore[index]
            assert summary.figures["worst"][3] == min(won)  # type: ignore[index]
            checked += 1
    assert checked


def test_zero_sum_par_is_explained_with_its_neighbours() -> None:
    """The zero-sum explanation names the par, the IMP sum there and at
    the pars either side, computed by the scoring's own sum."""
    event = pbnscore.load(FIXTURES / "usebio/club-night.xml")
    board = explain(event, 1).boards[0]
    par = next(s.figures["par"] for s in board.steps if "par" in s.figures)
    neighbours = next(s.figures["neighbours"] for s in board.steps if "neighbours" in s.figures)
    assert [p for p, _ in neighbours] == [par - 10, par, par + 10]  # type: ignore[attr-defined, operator]
    scores = [line.result.score for line in board.lines if line.result.is_real]
    from pbnscore.imps import imps

    for at, total in neighbours:  # type: ignore[attr-defined]
        assert total == sum(imps(s - at) for s in scores)


def test_trimmed_mean_names_the_scores_dropped() -> None:
    """The trimmed mean's explanation lists the scores dropped at each end."""
    event = pbnscore.load(FIXTURES / "usebio/club-night.xml")
    board = explain(event, 1, datum="trimmed-mean", drop=1).boards[0]
    scores = sorted(line.result.score for line in board.lines if line.result.score is not None)
    dropped = next(s.figures["dropped"] for s in board.steps if "dropped" in s.figures)
    assert dropped == [scores[0], scores[-1]]


def test_a_board_that_does_not_exist() -> None:
    """A board number the event does not have is one clear error."""
    event = pbnscore.load(FIXTURES / "usebio/club-night.xml")
    with pytest.raises(CannotExplain, match="board 99: no such board"):
        explain(event, 99)


# -- the command ------------------------------------------------------------------


def run_cli(capsys: pytest.CaptureFixture[str], *words: str) -> tuple[int, str, str]:
    from pbnscore.cli import main

    status = main(list(words))
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.parametrize(
    ("path", "method"),
    [
        ("usebio/club-night.xml", "butler"),
        ("usebio/teams-of-eight-two-matches.xml", "barking"),
        ("usebio/teams-of-eight-two-matches.xml", "aggregate"),
        ("usebio/individual-three-tables.xml", "cross-imps"),
    ],
    ids=["butler", "barking", "aggregate", "individual"],
)
def test_json_points_are_the_scored_points(
    path: str, method: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """``explain --to json`` gives, board by board, the points that
    ``score --to json`` gives the same participants."""
    source = str(FIXTURES / path)
    status, out, _ = run_cli(capsys, "score", source, "-m", method, "--to", "json")
    assert status == 0
    scored_doc = json.loads(out)
    event = pbnscore.load(FIXTURES / path)
    for number in numbers_of(event):
        status, out, _ = run_cli(
            capsys, "explain", source, "--board", str(number), "-m", method, "--to", "json"
        )
        assert status == 0
        document = json.loads(out)
        assert document["schema"] == "pbnscore-explain/1"
        explained = Counter(
            (p["id"], p["points"]) for field in document["fields"] for p in field["points"]
        )
        if method == "aggregate":
            expected: Counter[tuple[str, object]] = Counter()
            for match in scored_doc["matches"]:
                imps = {b["board"]: b["imps"] for b in match["boards"]}
                if number in imps:
                    expected[match["team"], imps[number]] += 1
            home = Counter({k: v for k, v in explained.items() if k in expected})
            assert home == expected
        else:
            expected = Counter()
            for board in scored_doc["boards"]:
                if board["board"] != number:
                    continue
                for r in board["results"]:
                    players = r.get("players")
                    ns = [players["N"], players["S"]] if players else [r["ns"]]
                    ew = [players["E"], players["W"]] if players else [r["ew"]]
                    for ids, points in ((ns, r["ns_points"]), (ew, r["ew_points"])):
                        for pid in ids:
                            if pid is not None:
                                expected[pid, points] += 1
            assert explained == expected


def test_text_for_one_pair(capsys: pytest.CaptureFixture[str]) -> None:
    """``--pair`` shows that pair's tables only, and its figure exactly as
    scored (an EW pair's points are the negation of its table's NS points)."""
    source = FIXTURES / "usebio/club-night.xml"
    scored = pbnscore.score(pbnscore.load(source), "cross-imps")
    board = next(b for b in scored.boards if b.number == 3)
    (line,) = [r for r in board.results if r.result.ew == "7"]
    status, out, _ = run_cli(
        capsys, "explain", str(source), "--board", "3", "--pair", "7", "-m", "cross-imps"
    )
    assert status == 0
    from pbnscore.report.explain import exact

    assert f"Pair 7 · EW · Section A: {exact(line.ew_points)}" in out
    tables = [text for text in out.splitlines() if text.startswith("NS ")]
    assert all(" 7 " in text or text.endswith(" 7") or "EW 7:" in text for text in tables)
    assert "sum of 6 comparisons" in out


@pytest.mark.parametrize("method", ["barking", "butler", "cross-imps"])
def test_a_team_of_a_teams_event_under_a_pairs_method_is_its_pairs(method: str) -> None:
    """``--pair 1`` on a teams event scored by a pairs method, whose figures
    are the pairs': team 1's pairs' figures, each as scored (it had been
    refused: no pair is numbered 1)."""
    event = pbnscore.load(FIXTURES / "usebio/teams-of-eight-one-match.xml")
    scored = pbnscore.score(event, method)
    whole = explain(event, 1, method)
    mine = whole.only("1")
    got = {(f.participant.id, f.points) for b in mine.boards for f in b.figures}
    board = next(b for b in scored.boards if b.number == 1)
    want = set()
    for line in board.results:
        for pair, points in ((line.result.ns, line.ns_points), (line.result.ew, line.ew_points)):
            team = next(p.team for p in event.participants() if p.id == pair)
            if team == "1":
                want.add((pair, points))
    assert want and got == want
    assert not any(f.participant.id == "1" for b in whole.boards for f in b.figures)


@pytest.mark.parametrize(
    ("words", "message"),
    [
        (["--board", "99"], "board 99: no such board in the event"),
        (["--board", "3", "--pair", "nobody"], "no participant 'nobody' played it"),
    ],
    ids=["no-board", "no-pair"],
)
def test_command_errors_are_one_line(
    words: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run_cli(capsys, "explain", str(FIXTURES / "usebio/club-night.xml"), *words)
    assert status == 1
    assert out == ""
    assert err.count("\n") == 1 and message in err


@pytest.mark.parametrize(
    ("name", "starts"),
    [("ex.json", '{\n  "schema": "pbnscore-explain/1"'), ("ex.TXT", "Board 1"), ("ex", "Board 1")],
    ids=["json", "txt", "no-extension"],
)
def test_output_extension_chooses_the_format(
    name: str, starts: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """-o's extension says the format as for score: .json JSON, .txt (or none) text."""
    output = tmp_path / name
    source = str(FIXTURES / "usebio/club-night.xml")
    assert run_cli(capsys, "explain", source, "--board", "1", "-o", str(output)) == (0, "", "")
    assert output.read_text(encoding="utf-8").startswith(starts)


@pytest.mark.parametrize("name", ["ex.html", "ex.xml", "ex.docx"])
def test_output_extension_of_no_explain_format_is_refused(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """An extension that names no format (explain writes text and
    JSON only) is a usage error, never a file of another format under that name."""
    output = tmp_path / name
    source = str(FIXTURES / "usebio/club-night.xml")
    status, out, err = run_cli(capsys, "explain", source, "--board", "1", "-o", str(output))
    assert (status, out) == (2, "")
    why = "names no explain format; use .json, .txt, or say which with --to"
    assert err == f"{output}: {output.suffix} {why}\n"
    assert list(tmp_path.iterdir()) == []
    # --to says which: the name is then the scorer's to choose.
    told = ["--board", "1", "-o", str(output), "--to", "json"]
    assert run_cli(capsys, "explain", source, *told)[0] == 0
    assert output.read_text(encoding="utf-8").startswith("{")


def _field_of(tables: int) -> list[int]:
    """``tables`` NS scores of one board, from the common ones, in a fixed order."""
    from model_events import COMMON

    return [COMMON[(7 * t) % len(COMMON)] for t in range(tables)]


def _terms_in(step: Step) -> int:
    """How many terms a step lists: barking's group of them, or one comparison."""
    terms = step.figures.get("terms")
    return len(terms) if isinstance(terms, list) else int("other" in step.figures)


def _explained_size(event: Event, method: str, **asked: Any) -> tuple[int, int]:
    """(lines of text, terms listed) explaining board 1 of ``event``."""
    explained = explain(event, 1, method, **asked)
    from pbnscore.report import explain as report

    text = report.render(explained)
    listed = sum(
        _terms_in(step) for board in explained.boards for line in board.lines for step in line.steps
    )
    return text.count("\n"), listed


@pytest.mark.parametrize("method", ["cross-imps", "barking"])
def test_explain_grows_with_the_tables_not_their_cube(method: str) -> None:
    """Four times the tables: about four times the lines, and no term
    listed unless asked for (every term was the cube of the tables:
    barking at 80 tables ran out of memory). Asked for one pair, its
    tables' terms alone are listed."""
    from model_events import pairs_event, teams_event

    def event(tables: int) -> Event:
        scores = _field_of(tables)
        if method == "cross-imps":
            return pairs_event([scores])
        return teams_event([[scores[m : m + 2]] for m in range(0, tables, 2)])

    (small, none_small), (large, none_large) = (_explained_size(event(n), method) for n in (12, 48))
    assert none_small == none_large == 0
    assert large <= 5 * small
    one = event(12)
    pair = explain(one, 1, method).boards[0].lines[0].result.ns
    _, listed = _explained_size(one, method, all_terms_for=pair)
    if method == "cross-imps":  # every table with the pair's scores: 11 comparisons each
        assert listed and listed % 11 == 0
    else:
        assert listed == 11 * 45  # (T-1)·C(T-2, 2) for its one table


def test_all_terms_needs_a_pair(capsys: pytest.CaptureFixture[str]) -> None:
    """--all-terms lists one participant's tables' terms: alone, a usage error."""
    from pbnscore.cli import main

    path = str(FIXTURES / "usebio/club-night.xml")
    assert main(["explain", path, "--board", "1", "-m", "cross-imps", "--all-terms"]) == 2
    assert capsys.readouterr().err.count("\n") == 1
    assert (
        main(["explain", path, "--board", "1", "-m", "cross-imps", "--all-terms", "--pair", "1"])
        == 0
    )
    assert " IMPs" in capsys.readouterr().out


def test_all_terms_for_a_team_lists_its_pairs_terms(capsys: pytest.CaptureFixture[str]) -> None:
    """``--pair TEAM --all-terms`` under a pairs method lists every term of
    the team's pairs' tables, as ``--pair TEAM`` keeps those tables."""
    from pbnscore.cli import main

    path = str(FIXTURES / "pbn/teams-of-four.pbn")
    for method in ("barking", "cross-imps"):
        words = ["explain", path, "-m", method, "--board", "1", "--pair", "Aces"]
        assert main(words) == 0
        summarised = capsys.readouterr().out
        assert main([*words, "--all-terms"]) == 0
        listed = capsys.readouterr().out
        assert listed != summarised and len(listed) > len(summarised), method


@pytest.mark.parametrize(
    ("path", "pair"),
    [("usebio/club-night.xml", "1"), ("pbn/teams-of-four.pbn", "Aces")],
    ids=["pair", "team"],
)
def test_all_terms_where_there_are_none_is_refused(
    path: str, pair: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """butler has no terms: --all-terms would do nothing, so it is a usage
    error (exit 2, one line saying why), and an OptionError from Python."""
    from pbnscore.cli import main

    words = ["explain", str(FIXTURES / path), "-m", "butler", "--board", "1", "--pair", pair]
    assert main([*words, "--all-terms"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--all-terms" in err and "butler" in err, err
    event = pbnscore.load(FIXTURES / path)
    with pytest.raises(pbnscore.OptionError, match="all-terms"):
        explain(event, 1, "butler", all_terms_for=pair)
