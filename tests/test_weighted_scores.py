"""Weighted and split assigned scores (Law 12C1; docs/reference/conventions.md
"Weighted and split adjusted scores"): read from a corrections file and a
PBN ScoreTable, each part scored against the field and weighted, each side
by its own parts, left out of the datum; against the slow references."""

from __future__ import annotations

import itertools
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import model_events as build
import pbnscore
import reference
from pbnscore.cli import main
from pbnscore.corrections import CorrectionsError, read_corrections
from pbnscore.model import Adjusted, Assigned, Event, Outcome

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
MITCHELL_PBN = FIXTURES / "pbn" / "mitchell-pairs.pbn"

HALF = Fraction(1, 2)


def assigned(
    ns: list[tuple[Fraction, int]], ew: list[tuple[Fraction, int]] | None = None
) -> Adjusted:
    return Adjusted.of_parts(Assigned(tuple(ns), tuple(ew if ew is not None else ns)))


WEIGHTED = assigned([(Fraction(3, 5), 420), (Fraction(2, 5), -50)])


# -- the corrections file ---------------------------------------------------------------


def corrected(text: str) -> tuple[Event, list[str]]:
    return read_corrections(text, "rulings.csv").apply(pbnscore.load(MITCHELL_PBN))


def result_of(event: Event, board: int, ns: str) -> object:
    section = event.sessions[0].sections[0]
    found = next(b for b in section.boards if b.number == board)
    return next(r for r in found.results if r.ns == ns)


def test_weighted_rows_make_one_ruling() -> None:
    """60% of 4S= and 40% of 4S-1 by N, board 1 not vulnerable: 420 and -50."""
    text = (
        "board,ns,ew,contract,declarer,result,weight,reason\n"
        "1,4,3,4S,N,=,60%,weighted ruling\n"
        "1,4,3,4S,N,-1,40%,\n"
    )
    event, said = corrected(text)
    result = result_of(event, 1, "4")
    assert result.outcome is Outcome.ADJUSTED  # type: ignore[attr-defined]
    parts = result.adjusted.assigned  # type: ignore[attr-defined]
    weighted = ((Fraction(3, 5), 420), (Fraction(2, 5), -50))
    assert parts == Assigned(weighted, weighted)

    assert result.adjusted.code == "60% 420 + 40% -50"  # type: ignore[attr-defined]
    assert result.ruling == "weighted ruling"  # type: ignore[attr-defined]
    assert said == [
        "rulings.csv:2: board 1 NS 4 v EW 3: corrected: assigned score 60% 4S by N, "
        "10 tricks + 40% 4S by N, 9 tricks (weighted ruling)"
    ]


def test_split_rows_give_each_side_its_own() -> None:
    text = "board,ns,ew,contract,declarer,result,side\n1,4,3,3NT,N,9,ns\n1,4,3,3NT,N,8,ew\n"
    event, _ = corrected(text)
    parts = result_of(event, 1, "4").adjusted.assigned  # type: ignore[attr-defined]
    assert parts == Assigned(((Fraction(1), 400),), ((Fraction(1), -50),))
    assert parts.code == "NS 400 / EW -50"


@pytest.mark.parametrize(
    ("rows", "says"),
    [
        ("1,4,3,4S,N,=,60%,\n1,4,3,4S,N,-1,30%,\n", "weights add up to 90%, not 100%"),
        ("1,4,3,4S,N,=,60%,\n", "weights add up to 60%, not 100%"),
        ("1,4,3,4S,N,=,50%,ns\n1,4,3,4S,N,-1,50%,\n", "gives the side \\(ns or ew\\) on every row"),
        ("1,4,3,4S,N,=,,ns\n1,4,3,4S,N,-1,,ns\n", "NS's parts each need a weight"),
        ("1,4,3,4S,N,=,,ns\n", "needs the EW side's score too"),
        ("1,4,3,4S,N,=,0%,\n", "a share above 0%"),
        ("1,4,3,4S,N,=,,up\n", "side 'up': ns or ew"),
        ("1,4,3,4S,N,=,,\n1,4,3,4S,N,-1,40%,\n", "one ruling a result"),
    ],
)
def test_bad_parts_are_refused(rows: str, says: str) -> None:
    text = "board,ns,ew,contract,declarer,result,weight,side\n" + rows
    with pytest.raises(CorrectionsError, match=says):
        read_corrections(text, "rulings.csv")


def test_an_artificial_score_is_no_part() -> None:
    text = "board,ns,ew,adjusted,weight\n1,4,3,60%-40%,50%\n"
    with pytest.raises(CorrectionsError, match="a part of a weighted or split score is a contract"):
        read_corrections(text, "rulings.csv")


# -- scoring: hand-worked --------------------------------------------------------------------


def test_butler_weighted_by_hand() -> None:
    """Real scores 420, 420, 450, -50: trimmed mean (drop 1) 420. The
    assigned 60% 420 + 40% -50: 0 and -10 IMPs (-470), NS 0.6 * 0 + 0.4 * -10
    = -4; EW +4. The datum is the real results' alone."""
    event = build.pairs_event([[420, 420, 450, -50, WEIGHTED]])
    board = pbnscore.score(event, "butler", datum="trimmed-mean").boards[0]
    assert board.datum == 420
    assert (board.results[4].ns_points, board.results[4].ew_points) == (-4, 4)
    without = pbnscore.score(
        build.pairs_event([[420, 420, 450, -50]]), "butler", datum="trimmed-mean"
    )
    assert [r.ns_points for r in board.results[:4]] == [
        r.ns_points for r in without.boards[0].results
    ]


def test_a_split_score_scores_each_side_by_its_own() -> None:
    """NS scored as 450 (+1 against 420), EW as -50 (-10 for NS, so +10 for EW)."""
    split = assigned([(Fraction(1), 450)], [(Fraction(1), -50)])
    event = build.pairs_event([[420, 420, 420, split]])
    board = pbnscore.score(event, "butler", datum="mean").boards[0]
    assert (board.results[3].ns_points, board.results[3].ew_points) == (1, 10)


def test_explain_shows_the_parts() -> None:
    event = build.pairs_event([[420, 420, 450, -50, WEIGHTED]])
    explained = pbnscore.explain(event, board=1, method="butler", datum="trimmed-mean")
    steps = [s.text for s in explained.boards[0].lines[4].steps]
    assert steps == [
        "NS: 60% of 420 (as an NS score): 0 × 60% = 0",
        "NS: 40% of -50 (as an NS score): -10 × 40% = -4",
        "EW: 60% of 420 (as an NS score): 0 × 60% = 0",
        "EW: 40% of -50 (as an NS score): 10 × 40% = 4",
    ]


# -- scoring: against the references ---------------------------------------------------------

weights = st.lists(st.integers(1, 9), min_size=1, max_size=3).map(
    lambda ws: [Fraction(w, sum(ws)) for w in ws]
)


@st.composite
def parts(draw: st.DrawFn) -> list[tuple[Fraction, int]]:
    shares = draw(weights)
    return [(w, draw(build.scores)) for w in shares]


@st.composite
def assigned_scores(draw: st.DrawFn) -> Adjusted:
    ns = draw(parts())
    return assigned(ns, draw(st.one_of(st.just(ns), parts())))


@settings(max_examples=80)
@given(
    st.lists(build.scores, min_size=1, max_size=7),
    assigned_scores(),
    st.integers(0, 7),
    st.sampled_from(["trimmed-mean", "zero-sum", "median"]),
)
def test_butler_matches_reference(
    scores: list[int], adjusted: Adjusted, at: int, datum: str
) -> None:
    specs: list[build.Spec] = list(scores)
    specs.insert(min(at, len(specs)), adjusted)
    board = pbnscore.score(build.pairs_event([specs]), "butler", datum=datum).boards[0]
    value, points = reference.butler(specs, datum=datum)
    assert value is not None
    parts_of = adjusted.assigned
    assert parts_of is not None
    expected = reference.assigned_points(
        parts_of.ns, parts_of.ew, lambda s: Fraction(reference.imp(s - value))
    )
    got = [(r.ns_points, r.ew_points) for r in board.results]
    where = specs.index(adjusted)
    assert got[where] == expected
    assert [g for i, g in enumerate(got) if i != where] == [
        p for i, p in enumerate(points) if i != where
    ]


@settings(max_examples=80)
@given(st.lists(build.scores, min_size=1, max_size=7), assigned_scores())
def test_cross_imps_match_reference(scores: list[int], adjusted: Adjusted) -> None:
    board = pbnscore.score(build.pairs_event([[*scores, adjusted]]), "cross-imps").boards[0]
    parts_of = adjusted.assigned
    assert parts_of is not None
    expected = reference.assigned_points(
        parts_of.ns, parts_of.ew, lambda s: reference.cross_imps_of_outsider(scores, s)
    )
    last = board.results[-1]
    assert (last.ns_points, last.ew_points) == expected
    real = reference.cross_imps(scores)
    assert [(r.ns_points, r.ew_points) for r in board.results[:-1]] == real


@settings(max_examples=30)
@given(st.lists(build.scores, min_size=4, max_size=7), assigned_scores())
def test_barking_matches_enumeration(scores: list[int], adjusted: Adjusted) -> None:
    """One field of the real tables and the assigned one (matches of two
    tables a board, all in one session)."""
    specs: list[build.Spec] = [*scores, adjusted]
    if len(specs) % 2:
        specs.append(None)
    matches = [[[specs[i], specs[i + 1]]] for i in range(0, len(specs), 2)]
    scored = pbnscore.score(build.teams_event(matches), "barking")
    got = [(r.ns_points, r.ew_points) for b in scored.boards for r in b.results]
    parts_of = adjusted.assigned
    assert parts_of is not None
    expected = reference.assigned_points(
        parts_of.ns, parts_of.ew, lambda s: reference.barking_of_outsider(scores, s)
    )
    assert got[len(scores)] == expected
    assert got[: len(scores)] == reference.barking(scores)


@settings(max_examples=60)
@given(build.scores, assigned_scores(), st.booleans())
def test_aggregate_weights_each_teams_own_parts(
    other: int, adjusted: Adjusted, first: bool
) -> None:
    """A teams-of-four board: the home team NS at table 1 and EW at table 2.
    Each team's IMPs: its own side's parts at the assigned table, each
    board IMPed and weighted."""
    specs: list[build.Spec] = [adjusted, other] if first else [other, adjusted]
    scored = pbnscore.score(build.teams_event([[specs]]), "aggregate", vp="none")
    board = scored.matches[0].boards[0]
    parts_of = adjusted.assigned
    assert parts_of is not None
    # home sits NS at the assigned table when it is table 1, else EW there
    home_parts = parts_of.ns if first else parts_of.ew
    away_parts = parts_of.ew if first else parts_of.ns

    def home_net(s: int) -> Fraction:
        return Fraction(reference.imp(s - other if first else other - s))

    home = sum((w * home_net(s) for w, s in home_parts), Fraction(0))
    away = -sum((w * home_net(s) for w, s in away_parts), Fraction(0))
    assert board.imps == home
    assert (-home if board.opponent_imps is None else board.opponent_imps) == away


# -- PBN: a split score read and written ------------------------------------------------


def test_pbn_score_columns_that_differ_are_a_split_score() -> None:
    text = MITCHELL_PBN.read_text(encoding="utf-8").replace(
        " 4  3 2NT  S  7     -    50", " 4  3 2NT  S  7   -50   100", 1
    )
    event = pbnscore.loads(text, "pbn")
    result = result_of(event, 1, "4")
    assert result.adjusted.assigned == Assigned(  # type: ignore[attr-defined]
        ((Fraction(1), -50),), ((Fraction(1), -100),)
    )
    scored = pbnscore.score(event, "butler", datum="mean")
    # The real three 430s: datum 430. NS -50: -480, -10; EW -100 (as NS): -530, -11 for NS.
    last = scored.boards[0].results[3]
    assert (last.ns_points, last.ew_points) == (-10, 11)


def test_a_split_score_is_written_to_pbn_and_read_back() -> None:
    split = assigned([(Fraction(1), 450)], [(Fraction(1), -50)])
    scored = pbnscore.score(build.pairs_event([[420, 420, 420, split]]), "butler", datum="mean")
    again = pbnscore.loads(pbnscore.dumps(scored, "pbn"), "pbn")
    board = again.sessions[0].sections[0].boards[0]
    assert board.results[3].adjusted.assigned == split.assigned


def test_usebio_writes_no_score_for_one() -> None:
    scored = pbnscore.score(build.pairs_event([[420, 420, 420, WEIGHTED]]), "butler", datum="mean")
    xml = pbnscore.dumps(scored, "usebio").decode("utf-8")
    assert xml.count("<SCORE>") == 3
    assert "A5050" not in xml


def test_weights_in_pairs_of_parts_multiply() -> None:
    """Two assigned tables at teams: every choice of parts, the weights multiplied."""
    a = assigned([(HALF, 100), (HALF, 600)])
    scored = pbnscore.score(build.teams_event([[[a, a]]]), "aggregate", vp="none")
    # home NS at table 1 (+s1), EW at table 2 (-s2)
    expected = sum(
        (
            w1 * w2 * reference.imp(s1 - s2)
            for (w1, s1), (w2, s2) in itertools.product([(HALF, 100), (HALF, 600)], repeat=2)
        ),
        Fraction(0),
    )
    assert scored.matches[0].boards[0].imps == expected


def test_check_says_only_that_the_scores_differ(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The split row keeps the contract played at the table: no problem is
    made of its tricks; the one warning says how the scores were read."""
    text = MITCHELL_PBN.read_text(encoding="utf-8").replace(
        " 4  3 2NT  S  7     -    50", " 4  3 2NT  S  7   -50   100", 1
    )
    night = tmp_path / "split.pbn"
    night.write_text(text, encoding="utf-8")
    assert main(["check", str(night)]) == 0
    said = capsys.readouterr()
    warnings = [line for line in (said.out + said.err).splitlines() if "warning:" in line]
    assert len(warnings) == 1
    assert "differ: read as a split score, each side scored by its own" in warnings[0]
