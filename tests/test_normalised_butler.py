"""Normalised ("Australian") Butler, JFR Teamy's AusButler
(docs/reference/conventions.md "Normalised Butler"): hand-worked from its
published definition, and checked against the slow reference
``reference.normalised_butler`` on random events."""

from __future__ import annotations

import json
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import model_events as build
import pbnscore
import reference
from pbnscore import explain
from pbnscore.errors import OptionError
from pbnscore.model import (
    Board,
    Direction,
    Event,
    EventKind,
    Participant,
    ParticipantKind,
    ScoredEvent,
    Section,
    Session,
    Standing,
)
from pbnscore.report import csv as csv_report
from pbnscore.report import html as html_report
from pbnscore.report import json as json_report
from pbnscore.report import season as season_report
from pbnscore.report import text as text_report
from pbnscore.report.explain import render
from pbnscore.strategies._normalised import capped

# Three tables, four boards (the Mitchell of model_events): NS 1 meets EW 2
# on boards 1 and 4, and scores 2210 there against two passes (median 0,
# 19 IMPs each way); every other score is 0.
OVER = [[2210, 0, 0], [0, 0, 0], [0, 0, 0], [2210, 0, 0]]


def score(event: Event, **options: object) -> ScoredEvent:
    return pbnscore.score(event, "butler", datum="median", **options)


def standing(scored: ScoredEvent, direction: Direction, pair: str) -> Standing:
    (found,) = (
        s
        for s in scored.standings
        if s.participant.id == pair and s.participant.direction is direction
    )
    return found


@pytest.mark.parametrize(
    ("butler", "counted"),
    [(32, 32), (38, Fraction(326, 10)), (-38, Fraction(-326, 10)), (5, 5), (-32, -32)],
    ids=["at", "over", "under", "within", "at-below"],
)
def test_cap_counts_a_tenth_beyond_32(butler: int, counted: Fraction) -> None:
    """docs/reference/conventions.md "Normalised Butler": "32 and 0.1 mean
    that 10% of the result above 32 IMP counts": 38 counts 32 + 0.6, -38 the
    same below."""
    assert capped(butler, Fraction(32), Fraction(1, 10)) == counted


def test_a_segment_over_the_cutoff() -> None:
    """NS 1 scores 19 + 19 = 38 against EW 2 (boards 1 and 4): capped 32 +
    0.1 x 6 = 32.6; EW 2's Butler is -38 over 4 boards, average -9.5; half
    of it for each of the 2 boards, -9.5: the segment is 23.1. Its other
    segments (EW 3, EW 1, all zeros) add 0. EW 2 mirrors it: -32.6 + 0.5 x
    9.5 x 2 = -23.1. NS 2 and NS 3 each meet EW 2 on one board (3, 2), at
    0 IMPs: 0.5 x -9.5 x 1 = -4.75; EW 1 and EW 3 meet NS 1 on one board
    each: 0.5 x 9.5 = 4.75."""
    scored = score(build.pairs_event(OVER), normalised=True)
    ns1 = standing(scored, Direction.NS, "1")
    assert (ns1.total, ns1.normalised) == (38, Fraction(231, 10))
    ew2 = standing(scored, Direction.EW, "2")
    assert (ew2.total, ew2.normalised) == (-38, Fraction(-231, 10))
    assert standing(scored, Direction.NS, "2").normalised == Fraction(-475, 100)
    assert standing(scored, Direction.NS, "3").normalised == Fraction(-475, 100)
    assert standing(scored, Direction.EW, "3").normalised == Fraction(475, 100)
    # Ranked on the normalised figure, which every format writes as the total.
    assert ns1.ranked_total == Fraction(231, 10)
    plain = score(build.pairs_event(OVER))
    assert all(s.normalised is None for s in plain.standings)
    assert [s.total for s in plain.standings] == [s.total for s in scored.standings]


def test_parameters_change_the_figure() -> None:
    """--cutoff 40 leaves 38 whole; --opponent-factor 0 adds nothing;
    --cutoff-rate 1 counts all of it: each option does something."""
    event = build.pairs_event(OVER)
    assert standing(score(event, normalised=True, cutoff=40), Direction.NS, "1").normalised == 28.5
    got = score(event, normalised=True, opponent_factor=0)
    assert standing(got, Direction.NS, "1").normalised == Fraction(326, 10)
    got = score(event, normalised=True, cutoff_rate=1, opponent_factor=0)
    assert standing(got, Direction.NS, "1").normalised == 38


def test_preset_is_normalised_with_the_readme_defaults() -> None:
    """--preset ausbutler sets --normalised; AusButler's 32, 0.1, 0.5 are the defaults."""
    event = build.pairs_event(OVER)
    preset = score(event, preset="ausbutler")
    assert preset.options["normalised"] is True
    assert (preset.options["cutoff"], preset.options["cutoff_rate"]) == (32, 0.1)
    assert preset.options["opponent_factor"] == 0.5
    assert preset.standings == score(event, normalised=True).standings


def test_pzbs_league_caps_the_mean_a_board() -> None:
    """The PZBS leagues: beyond 2.00 IMPs a board only 25% counts. NS 1's
    38 IMPs in 2 boards are 19 a board: 2 + 0.25 x 17 = 6.25 a board, 12.5
    for the segment; with EW 2's -9.5 added: 3."""
    scored = score(build.pairs_event(OVER), preset="pzbs-league")
    assert standing(scored, Direction.NS, "1").normalised == 3
    assert standing(scored, Direction.EW, "2").normalised == -3
    text = render(
        explain(build.pairs_event(OVER), 1, "butler", datum="median", preset="pzbs-league")
    )
    assert "Butler 38, over 4 (2 a board × 2): 4 + 0.25 × 34 = 12.50" in text


@pytest.mark.parametrize(
    "given",
    [{"cutoff": 30}, {"cutoff_rate": 0.2}, {"opponent_factor": 1}, {"cutoff_per": "board"}],
    ids=["cutoff", "cutoff-rate", "opponent-factor", "cutoff-per"],
)
def test_parameters_without_normalised_are_refused(given: dict[str, object]) -> None:
    """A parameter without --normalised would do nothing: refused, naming what it needs."""
    with pytest.raises(OptionError, match="--normalised"):
        score(build.pairs_event(OVER), **given)


@pytest.mark.parametrize("method", ["cross-imps", "barking"])
def test_other_methods_refuse_normalised(method: str) -> None:
    """--normalised is butler's: another method refuses it rather than ignore it."""
    event = build.teams_event([[[420, -50, 100, 100]]])
    with pytest.raises((OptionError, TypeError)):
        pbnscore.score(event, method, normalised=True)


def test_teams_event_normalises_the_pairs() -> None:
    """Pairs of a teams event (JFR Teamy's case): each pair's segment is its
    boards against the pair it met; the teams keep their plain figures."""
    event = build.teams_event([[[2210, 0], [0, 0]], [[0, 0], [0, 0]]])
    plain = pbnscore.score(event, "butler", datum="median")
    scored = pbnscore.score(event, "butler", datum="median", normalised=True)
    teams = [s for s in scored.standings if s.participant.kind.value == "team"]
    assert teams and all(s.normalised is None for s in teams)
    assert teams == [s for s in plain.standings if s.participant.kind.value == "team"]
    pairs = {s.participant.id: s for s in scored.standings if s.participant.kind.value == "pair"}
    seats = _teams_seats(event)
    want = reference.normalised_butler(
        [[2210, 0, 0, 0], [0, 0, 0, 0]], seats, datum="median", rounding="half-away"
    )
    assert {pid: s.normalised for pid, s in pairs.items()} == want


def _teams_seats(event: Event) -> Callable[[int, int], tuple[tuple[str | None], tuple[str | None]]]:
    """Who sat NS and EW at each table of a one-session teams event, all
    matches' tables of a board in order (the field's order)."""
    tables: dict[int, list[tuple[str | None, str | None]]] = {}
    for match in event.sessions[0].matches:
        for board in match.boards:
            tables.setdefault(board.number, []).extend((r.ns, r.ew) for r in board.results)

    def seats(number: int, table: int) -> tuple[tuple[str | None], tuple[str | None]]:
        ns, ew = tables[number][table]
        return (ns,), (ew,)

    return seats


@settings(max_examples=60, deadline=None)
@given(
    boards=st.lists(build.boards(2, 5), min_size=1, max_size=6),
    datum=st.sampled_from(["zero-sum", "median", "mean"]),
    cutoff=st.sampled_from([0, 3, Fraction(25, 2), 32]),
    rate=st.sampled_from([0, Fraction(1, 10), Fraction(1, 3), 1]),
    share=st.sampled_from([0, Fraction(1, 2), 1]),
    factor=st.booleans(),
    per=st.sampled_from(["segment", "board"]),
)
def test_matches_reference(
    boards: list[list[build.Spec]],
    datum: str,
    cutoff: Fraction,
    rate: Fraction,
    share: Fraction,
    factor: bool,
    per: str,
) -> None:
    """Random Mitchells: every participant's normalised total is the slow
    reference's, its plain total unchanged, and each direction is ranked on
    the normalised figure (factored under --factor)."""
    event = build.pairs_event(boards)
    tables = max(len(b) for b in boards)
    options = {"cutoff_rate": rate, "opponent_factor": share, "factor": factor, "cutoff_per": per}
    scored = pbnscore.score(event, "butler", datum=datum, normalised=True, cutoff=cutoff, **options)
    plain = pbnscore.score(event, "butler", datum=datum)

    def seats(number: int, table: int) -> tuple[tuple[tuple[str, str]], tuple[tuple[str, str]]]:
        return (("NS", str(table + 1)),), (("EW", str((table + number) % tables + 1)),)

    want = reference.normalised_butler(
        boards, seats, cutoff=Fraction(cutoff), rate=Fraction(rate), share=Fraction(share),
        datum=datum, per_board=per == "board",
    )  # fmt: skip
    most = {
        d: max(s.boards for s in plain.standings if s.participant.direction is d) for d in Direction
    }
    for s, before in zip(scored.standings, _in_order(plain, scored), strict=True):
        who = (s.participant.direction.value, s.participant.id)
        assert s.total == before.total and s.boards == before.boards
        if s.boards == 0:
            assert s.normalised is None and s.rank is None
            continue
        assert s.normalised == want[who]
        if factor:
            most_played = most[s.participant.direction]
            assert s.factored == reference.factored(want[who], s.boards, most_played)
    for direction in Direction:
        ranked = [s for s in scored.standings if s.participant.direction is direction and s.rank]
        figures = [s.ranked_total for s in ranked]
        assert figures == sorted(figures, reverse=True)


@st.composite
def seatings(draw: st.DrawFn) -> list[list[tuple[build.Spec, tuple[str, ...]]]]:
    """Boards of one or two tables of players 1..8 (N, E, S, W), each board
    seated as one of two permutations or as either with each table's
    partners changing seats (N and S, E and W): the same four often meet
    again in other seats."""
    boards = draw(st.lists(build.boards(1, 2), min_size=1, max_size=6))
    orders = draw(st.lists(st.permutations([str(n) for n in range(1, 9)]), min_size=1, max_size=2))
    orders += [[order[i] for i in (2, 3, 0, 1, 6, 7, 4, 5)] for order in orders]
    seated = []
    for specs in boards:
        order = draw(st.sampled_from(orders))
        seated.append([(spec, tuple(order[4 * t : 4 * t + 4])) for t, spec in enumerate(specs)])
    return seated


@settings(max_examples=40, deadline=None)
@given(boards=seatings(), share=st.sampled_from([Fraction(1, 2), 1]))
def test_individual_matches_reference(
    boards: list[list[tuple[build.Spec, tuple[str, ...]]]], share: Fraction
) -> None:
    """An individual: two players sit against each; their averages' mean is
    the opponents' average, and meeting the same two in other seats is the
    same segment."""
    built = [
        Board(number, tuple(
            attrs.evolve(build.result(spec, "", ""), ns=None, ew=None, players=seats)
            for spec, seats in tables
        ))
        for number, tables in enumerate(boards, start=1)
    ]  # fmt: skip
    players = tuple(Participant(str(n), ParticipantKind.PLAYER) for n in range(1, 9))
    event = Event(
        EventKind.INDIVIDUAL,
        (Session(None, (Section(None, players, tuple(built)),)),),
        build.SOURCE,
    )
    scored = pbnscore.score(event, "butler", normalised=True, cutoff=3, opponent_factor=share)

    def seats(number: int, table: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
        n, e, s, w = boards[number - 1][table][1]
        return (n, s), (e, w)

    specs = [[spec for spec, _ in tables] for tables in boards]
    want = reference.normalised_butler(specs, seats, cutoff=Fraction(3), share=Fraction(share))
    got = {s.participant.id: s.normalised for s in scored.standings if s.boards}
    assert got == want


def _in_order(plain: ScoredEvent, scored: ScoredEvent) -> list[Standing]:
    by = {(s.participant.direction, s.participant.id): s for s in plain.standings}
    return [by[s.participant.direction, s.participant.id] for s in scored.standings]


# -- how the figure came about, in every output ------------------------------------------


def test_explain_shows_each_segment() -> None:
    """explain's table steps say how NS 1's and EW 2's segment was normalised."""
    explained = explain(build.pairs_event(OVER), 1, "butler", datum="median", normalised=True)
    text = render(explained)
    assert (
        "normalised, pair 1 against pair 2 on boards 1, 4: Butler 38, over 32: 32 + 0.10 × 6 "
        "= 32.60; opponents' average -9.50 a board × 0.50 × 2 boards = -9.50; segment 23.10"
    ) in text
    step = next(
        st for line in explained.boards[0].lines for st in line.steps if "segment" in st.figures
    )
    segment = step.figures["segment"]
    assert isinstance(segment, dict) and segment["normalised"] == 23.1


def test_reports_show_the_normalised_total() -> None:
    """JSON adds normalised; text, HTML and CSV a Normalised column; HTML says
    how it was scored in words; USEBIO's TOTAL_SCORE and PBN's TotalIMP are it."""
    scored = score(build.pairs_event(OVER), normalised=True)
    data = json.loads(json_report.dumps(scored))
    rows = {(p["direction"], p["id"]): p for p in data["participants"]}
    assert rows["NS", "1"]["normalised"] == 23.1 and rows["NS", "1"]["total"] == 38
    assert "Normalised" in text_report.render(scored)
    page = html_report.render(scored)
    assert "Normalised Butler: a pair" in page and "<th" in page and "Normalised" in page
    # Each table's note of how its figures came about ends with its segments.
    assert "normalised, pair 1 against pair 2 on boards 1, 4" in page
    assert "segment 23.10; normalised total over 3 segments: 23.10" in page
    assert "23.10" in csv_report.render(scored).splitlines()[1]
    assert "Normalised" in csv_report.render(scored).splitlines()[0]
    usebio = pbnscore.dumps(scored, "usebio").decode()
    assert "<TOTAL_SCORE>23.10</TOTAL_SCORE>" in usebio
    pbn = pbnscore.dumps(scored, "pbn").decode("latin-1")
    assert ";Normalised-32-0.1-0.5" in pbn


CLUB = Path(__file__).parent.parent / "fixtures" / "season" / "club"


def test_season_adds_each_nights_normalised_total() -> None:
    """A season of normalised nights ranks on the normalised totals added
    up (what each night ranked on); the average per board stays plain."""
    nights = sorted(CLUB.iterdir())
    assert nights
    season = pbnscore.season(nights, method="butler", normalised=True, rank_on="total")
    plain = pbnscore.season(nights, method="butler", rank_on="total")
    scored = [pbnscore.score(pbnscore.load(n), "butler", normalised=True) for n in nights]
    every = [s.normalised for night in scored for s in night.standings if s.boards]
    assert all(figure is not None for figure in every)
    assert sum(e.total for e in season.ranking) == sum(every)
    assert sorted(e.total for e in season.ranking) != sorted(e.total for e in plain.ranking)
    averages = {e.label: e.average for e in plain.ranking}
    assert {e.label: e.average for e in season.ranking} == averages
    data = json.loads(season_report.render(season, "json"))
    figures = [f for entry in data["participants"] for f in entry["figures"]]
    assert figures and all("normalised" in f for f in figures)
