"""Real programs' conventions (docs/reference/conventions.md): drop
rules, the cap on each comparison, median half-up, stretched IMP scales,
paired tables, factoring and VP scales; each hand-worked from its published
definition and checked against the slow references."""

from __future__ import annotations

import itertools
import math
from fractions import Fraction
from pathlib import Path

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import model_events as build
import pbnscore
import reference
from pbnscore.errors import OptionError, PbnscoreError
from pbnscore.imps import ImpGaps, imps, read_scale, wbf_discrete_tops, wbf_discrete_vps, wbf_vps
from pbnscore.model import (
    Board,
    Deal,
    Direction,
    Event,
    EventKind,
    Match,
    Participant,
    ParticipantKind,
    ScoredEvent,
    Session,
)
from pbnscore.strategies.butler import ButlerOptions, board_datum, to_drop

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


def score(event: Event, method: str, **options: object) -> ScoredEvent:
    return pbnscore.score(event, method, **options)


# -- drop rules ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("drop", "counts"),
    [
        # bridge-scorer lib/imps.js: ceil((n - 10) / 15) + 1 when n > 3.
        ("bridge-scorer", {3: 0, 4: 1, 10: 1, 11: 2, 25: 2, 26: 3, 40: 3, 41: 4}),
        # BridgeWx calcscore.cpp: none up to 5, then ceil(10% of n).
        ("bridgewx", {5: 0, 6: 1, 10: 1, 11: 2, 20: 2, 21: 3}),
        # ACBLscore: 5% at each end, the share's ceiling as for P%.
        ("acbl", {3: 1, 20: 1, 21: 2, 40: 2, 41: 3}),
        ("10%", {7: 1, 10: 1, 11: 2}),
        ("25%", {8: 2, 9: 3}),
        ("0%", {9: 0}),
        # Never fewer than one left: 50% of 2 would drop both.
        ("50%", {2: 0, 3: 1, 4: 1}),
        ("2", {3: 1, 5: 2, 30: 2}),
    ],
    ids=["bridge-scorer", "bridgewx", "acbl", "10pc", "25pc", "0pc", "50pc", "count"],
)
def test_drop_counts_by_field_size(drop: str, counts: dict[int, int]) -> None:
    """Each rule's published count at the field sizes where it changes."""
    rule = to_drop(drop)
    assert {n: rule.count(n) for n in counts} == counts
    assert {n: min(reference.drop_count(drop, n), (n - 1) // 2) for n in counts} == counts


@pytest.mark.parametrize("bad", ["-1", "x", "101%", "%", "1.5"])
def test_a_bad_drop_is_refused(bad: str) -> None:
    """--drop takes a count, a share or a rule's name: anything else is refused."""
    with pytest.raises(OptionError, match="drop"):
        event = build.pairs_event([[100, 200, 300]])
        pbnscore.score(event, "butler", datum="trimmed-mean", drop=bad)


def test_a_drop_keeps_its_spelling_in_the_options() -> None:
    """JSON options show the drop as the user wrote it; a count stays a number."""
    event = build.pairs_event([[100, 200, 300]])
    for drop in ("10%", "acbl", 2):
        scored = score(event, "butler", datum="trimmed-mean", drop=drop)
        assert scored.options["drop"] == drop


def test_each_board_drops_by_its_own_field_size() -> None:
    """bridge-scorer: a board of 11 results drops 2 at each end, one of 10 drops 1."""
    eleven = [-100, 100, 110, 120, 130, 140, 150, 160, 170, 180, 990]
    ten = eleven[:10]
    options = ButlerOptions(datum="trimmed-mean", drop="bridge-scorer")  # type: ignore[arg-type]
    # 11: drop -100, 100 and 180, 990 -> mean of 110..170 = 140.
    assert board_datum(eleven, options) == 140
    # 10: drop -100 and 180 -> mean of 100..170 = 135 -> half away 140.
    assert board_datum(ten, options) == 140
    assert board_datum(ten, ButlerOptions(datum="trimmed-mean", drop=2)) == 140  # type: ignore[arg-type]  # 110..160


@settings(max_examples=150)
@given(
    st.lists(build.scores, min_size=1, max_size=30),
    st.sampled_from(["acbl", "bridgewx", "bridge-scorer", "10%", "33%", "5%", 0, 3]),
    st.sampled_from(["half-away", "half-even", "half-up", "none"]),
)
def test_drop_rules_match_reference(scores: list[int], drop: str | int, rounding: str) -> None:
    """Every drop rule and rounding agrees with sort, count and slice."""
    options = ButlerOptions(datum="trimmed-mean", drop=drop, rounding=rounding)  # type: ignore[arg-type]
    expected = reference.trimmed_mean(scores, drop, rounding)
    assert board_datum(scores, options) == expected


# -- median, JFR Pary ------------------------------------------------------------------


def test_median_half_up_is_jfr_pary() -> None:
    """An even count takes the mean of the two middle scores, then rounds half
    up (towards +infinity): -425 -> -420 (half away would give -430)."""
    jfr = ButlerOptions(datum="median", rounding="half-up")  # type: ignore[arg-type]
    assert board_datum([-50, 420, 430, 450], jfr) == 430  # 425 -> 430
    assert board_datum([-450, -430, -420, 50], jfr) == -420  # -425 -> -420
    assert board_datum([-450, -430, -420, 50], ButlerOptions(datum="median")) == -430  # type: ignore[arg-type]
    assert board_datum([-450, -430, -420], jfr) == -430  # odd: the middle score


# -- the cap on each comparison ------------------------------------------------------


def test_kops_cross_imps_cap_at_17() -> None:
    """2210 against -100 and 100 is 20 and 19 IMPs; capped, 17 each."""
    event = build.pairs_event([[2210, -100, 100]])
    capped = score(event, "cross-imps", imp_cap=17, normalise="total").boards[0]
    plain = score(event, "cross-imps", normalise="total").boards[0]
    assert capped.results[0].ns_points == 34
    assert plain.results[0].ns_points == 39
    # -100 v 2210: -17 (not -20); v 100: -5.
    assert capped.results[1].ns_points == -22


def test_cap_on_butler_and_aggregate() -> None:
    """Butler: 2210 against a datum of 100 is 19 IMPs, 12 with --imp-cap 12.
    Aggregate: a 1500-point board is 17 IMPs, 12 with the cap."""
    event = build.pairs_event([[2210, 100, 100]])
    board = score(event, "butler", datum="median", imp_cap=12).boards[0]
    assert [r.ns_points for r in board.results] == [12, 0, 0]
    teams = build.teams_event([[[1000, -500]]])
    assert score(teams, "aggregate", imp_cap=12, vp="none").matches[0].boards[0].imps == 12
    assert score(teams, "aggregate", vp="none").matches[0].boards[0].imps == 17


def test_imp_cap_must_be_positive() -> None:
    with pytest.raises(OptionError):
        pbnscore.score(build.pairs_event([[100]]), "butler", imp_cap=0)


CAPS = st.sampled_from([None, 1, 5, 12, 17])


@settings(max_examples=80)
@given(st.lists(build.boards(1, 10), min_size=1, max_size=3), CAPS)
def test_capped_cross_imps_match_all_pairs(boards: list[list[build.Spec]], cap: int | None) -> None:
    """Cross-IMPs with the cap agree with the all-pairs sum of capped IMPs."""
    scored = score(build.pairs_event(boards), "cross-imps", imp_cap=cap)
    for specs, board in zip(boards, scored.boards, strict=True):
        expected = reference.cross_imps(specs, cap=cap)
        assert [(r.ns_points, r.ew_points) for r in board.results] == expected


@settings(max_examples=60)
@given(
    st.lists(build.boards(1, 8), min_size=1, max_size=3),
    CAPS,
    st.sampled_from(["zero-sum", "trimmed-mean", "median"]),
    st.booleans(),
)
def test_capped_butler_matches_reference(
    boards: list[list[build.Spec]], cap: int | None, datum: str, double: bool
) -> None:
    """Butler with the cap (zero-sum par found with capped IMPs too) agrees
    with the scan and the table lookup."""
    scored = score(build.pairs_event(boards), "butler", imp_cap=cap, datum=datum, double=double)
    for specs, board in zip(boards, scored.boards, strict=True):
        datum_value, points = reference.butler(specs, datum=datum, cap=cap, double=double)
        shown = board.datum if board.exact_datum is None else board.exact_datum
        assert shown == datum_value
        assert [(r.ns_points, r.ew_points) for r in board.results] == points


@settings(max_examples=40)
@given(st.lists(st.lists(build.scores, min_size=4, max_size=4), min_size=1, max_size=2), CAPS)
def test_capped_barking_matches_enumeration(tables: list[list[int]], cap: int | None) -> None:
    """Barking with every term capped agrees with enumerating the terms."""
    # One board, len(tables) matches of four tables each: one field.
    event = build.teams_event([[specs] for specs in tables])
    scored = score(event, "barking", imp_cap=cap)
    field = [s for specs in tables for s in specs]
    expected = reference.barking(field, cap=cap)
    got = [(r.ns_points, r.ew_points) for b in scored.boards for r in b.results]
    assert got == expected


def test_imps_cap_and_stretch_agree_with_the_table() -> None:
    """Every difference 0..8000 by 5: capped and stretched IMPs agree with the
    row lookup (a stretched row's ends times k)."""
    for difference in range(-8000, 8001, 5):
        for cap in (None, 3, 17):
            assert imps(difference, ImpGaps.UPPER, cap) == reference.imp(difference, "upper", cap)
        for stretch, k in ((4, 2.0), (2, math.sqrt(2))):
            for gaps in (ImpGaps.LOWER, ImpGaps.UPPER):
                expected = reference.imp(difference, gaps.value, k=k)
                assert imps(difference, gaps, stretch=stretch) == expected


# -- teams of eight: stretched scales and paired tables -----------------------------


def eight_event(boards: list[list[int]]) -> Event:
    """One match, team 1 v 2, four tables a board, listed as two teams-of-four
    matches: team 1 NS at tables 1 and 3, EW at 2 and 4."""
    homes = [Direction.NS, Direction.EW, Direction.NS, Direction.EW]
    built = []
    for number, scores in enumerate(boards, start=1):
        results = []
        for t, (spec, home) in enumerate(zip(scores, homes, strict=True), start=1):
            ns, ew = (f"1-{t}", f"2-{t}") if home is Direction.NS else (f"2-{t}", f"1-{t}")
            results.append(attrs.evolve(build.result(spec, ns, ew, home), table=str(t)))
        built.append(Board(number, tuple(results)))
    teams = tuple(
        Participant(
            team,
            ParticipantKind.TEAM,
            members=tuple(
                Participant(f"{team}-{t}", ParticipantKind.PAIR, team=team) for t in range(1, 5)
            ),
        )
        for team in ("1", "2")
    )
    session = Session("1", teams=teams, matches=(Match("1", "2", tuple(built)),))
    return Event(EventKind.TEAMS, (session,), build.SOURCE)


HAND = [[620, 170, 420, -50]]  # team 1: +620, -170, +420, +50


@pytest.mark.parametrize(
    ("options", "imps_won"),
    [
        # All four added: 920 -> 14 IMPs on Law 78B.
        ({}, 14),
        # Every boundary doubled: 860 <= 920 < 1000 -> 10.
        ({"imp_scale": "2"}, 10),
        # Times sqrt 2: 600 sqrt 2 = 848.5 <= 920 <= 740 sqrt 2 = 1046.5 -> 12.
        ({"imp_scale": "sqrt2"}, 12),
        # Two teams of four: IMP(620 - 170) + IMP(420 + 50) = 10 + 10.
        ({"tables": "paired"}, 20),
        ({"tables": "paired", "imp_cap": 9}, 18),
    ],
    ids=["added", "twice", "root-two", "paired", "paired-capped"],
)
def test_teams_of_eight_hand_worked(options: dict[str, object], imps_won: int) -> None:
    scored = score(eight_event(HAND), "aggregate", vp="none", **options)
    assert scored.matches[0].boards[0].imps == imps_won


@settings(max_examples=60)
@given(
    st.lists(st.lists(build.scores, min_size=4, max_size=4), min_size=1, max_size=4),
    st.sampled_from(["1", "2", "sqrt2", "paired"]),
    CAPS,
)
def test_teams_of_eight_match_reference(boards: list[list[int]], how: str, cap: int | None) -> None:
    """Every board's IMPs agree with the reference's row lookup, the halves
    taken as tables 1-2 and 3-4."""
    event = eight_event(boards)
    paired = how == "paired"
    chosen = {"tables": "paired"} if paired else {"imp_scale": how}
    scored = score(event, "aggregate", vp="none", imp_cap=cap, **chosen)
    k = {"1": 1.0, "2": 2.0, "sqrt2": math.sqrt(2), "paired": 1.0}[how]
    home_ns = [True, False, True, False]
    expected = [
        reference.aggregate_board(specs, home_ns, k=k, paired=paired, cap=cap) for specs in boards
    ]
    assert [(b.imps, -b.imps) for b in scored.matches[0].boards] == expected


def test_imp_scale_applies_to_added_tables_only() -> None:
    """--imp-scale stretches the scale the added scores are IMPed on: with
    --tables paired each half-match is a teams-of-four match on Law 78B."""
    with pytest.raises(OptionError, match="--imp-scale applies to --tables all"):
        score(eight_event(HAND), "aggregate", imp_scale="2", tables="paired")


def test_paired_needs_an_even_number_of_tables() -> None:
    """Three tables cannot be paired: a match's tables are even, so the board
    is one a table of which is missing, left out with a warning."""
    event = build.teams_event([[[100, 200, 300], [100, 200, 300, 400]]])
    scored = score(event, "aggregate", tables="paired")
    assert [b.number for b in scored.matches[0].boards] == [2]
    assert [w.message for w in scored.warnings] == [
        "board 1 of 1 v 2 was played at 3 of its 4 tables; left out of the match"
    ]


def test_aggregate_factor_scales_to_the_scheduled_boards() -> None:
    """Three boards scheduled, one not played: +6 (220) and +3 (100) IMPs are 9 over 2
    boards, 13.5 over 3; the VPs are taken on 13.5 for a 3-board match."""
    # Teams of four: board IMPs are IMP(table 1 - table 2).
    event = build.teams_event([[[320, 100], [200, 100], [None, 100]]])
    plain = score(event, "aggregate").matches[0]
    factored = score(event, "aggregate", factor=True).matches[0]
    assert [b.imps for b in plain.boards] == [6, 3]
    assert plain.vp == wbf_vps(9, 3)[0]
    assert factored.vp == wbf_vps(Fraction(27, 2), 3)[0] != plain.vp
    assert factored.opponent_vp == wbf_vps(Fraction(-27, 2), 3)[0]


# -- VP scales ---------------------------------------------------------------------------


def test_wbf_discrete_sixteen_boards() -> None:
    """The 16-board discrete scale: 0-1 10-10, 2-4 11-9, 5-8 12-8, 9-12, 13-17,
    18-22, 23-28, 29-35, 36-43, 44-53 19-1, 54 up 20-0."""
    assert wbf_discrete_tops(16) == (1, 4, 8, 12, 17, 22, 28, 35, 43, 53)
    assert wbf_discrete_vps(0, 16) == (10, 10)
    assert wbf_discrete_vps(-5, 16) == (8, 12)
    assert wbf_discrete_vps(Fraction(9, 2), 16) == (11, 9)
    assert wbf_discrete_vps(54, 16) == (20, 0)


@pytest.mark.parametrize("boards", [1, 2, 4, 7, 8, 10, 12, 14, 16, 20, 24, 28, 32, 48, 64, 96])
def test_wbf_discrete_is_concave_and_near_the_continuous_scale(boards: int) -> None:
    """No band narrower than the band before (the draw band counts its
    2 top + 1 margins), and at every margin within one VP of the continuous
    scale rounded to a whole VP."""
    tops = wbf_discrete_tops(boards)
    widths = [2 * tops[0] + 1] + [b - a for a, b in itertools.pairwise(tops)]
    assert widths == sorted(widths) and tops[0] >= 0
    for margin in range(tops[-1] + 5):
        continuous = wbf_vps(margin, boards)[0]
        assert abs(wbf_discrete_vps(margin, boards)[0] - round(continuous)) <= 1


def discrete_rows(boards: int) -> list[tuple[int, Fraction, Fraction]]:
    tops = wbf_discrete_tops(boards)
    starts = [0] + [top + 1 for top in tops]
    return [(start, Fraction(10 + i), Fraction(10 - i)) for i, start in enumerate(starts)]


def write_scale(path: Path, boards: list[int]) -> None:
    lines = ["boards,min_imps,winner_vp,loser_vp"]
    for n in boards:
        lines += [f"{n},{m},{w},{lo}" for m, w, lo in discrete_rows(n)]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def test_the_sample_scale_file_is_the_wbf_16_board_table() -> None:
    """fixtures/vp/wbf-discrete-16.csv (the sample of
    docs/reference/conventions.md) is the discrete scale."""
    scale = read_scale(str(FIXTURES / "vp" / "wbf-discrete-16.csv"))
    for margin in range(-70, 71):
        assert scale.vps(margin, 16) == wbf_discrete_vps(margin, 16)


@settings(max_examples=40)
@given(
    st.lists(st.lists(st.tuples(build.scores, build.scores), min_size=1, max_size=8), max_size=3)
)
def test_a_csv_equal_to_the_wbf_table_gives_wbf_discrete(
    tmp_path_factory: pytest.TempPathFactory, matches: list[list[tuple[int, int]]]
) -> None:
    """--vp FILE.csv written from the discrete scale gives exactly --vp
    wbf-discrete's VPs, and they agree with reading the rows by hand."""
    if not matches:
        return
    path = tmp_path_factory.mktemp("vp") / "wbf.csv"
    write_scale(path, list(range(1, 9)))
    event = build.teams_event([[list(t) for t in boards] for boards in matches])
    from_file = score(event, "aggregate", vp=str(path)).matches
    discrete = score(event, "aggregate", vp="wbf-discrete").matches
    assert [(m.vp, m.opponent_vp) for m in from_file] == [(m.vp, m.opponent_vp) for m in discrete]
    for match in discrete:
        net = sum((b.imps for b in match.boards), Fraction(0))
        rows = discrete_rows(len(match.boards))
        assert match.vp == reference.vps_from_rows(
            rows, math.floor(net) if net >= 0 else -math.floor(-net)
        )


def test_a_star_row_serves_every_length(tmp_path: Path) -> None:
    """boards * is every match length; a length's own rows come first."""
    path = tmp_path / "league.csv"
    path.write_text("*,0,15,15\n*,1,18,12\n*,10,30,0\n2,0,10,10\n", encoding="utf-8")
    scale = read_scale(str(path))
    assert scale.vps(5, 4) == (18, 12)
    assert scale.vps(-12, 4) == (0, 30)
    assert scale.vps(5, 2) == (10, 10)


@pytest.mark.parametrize(
    ("text", "line", "says"),
    [
        ("boards,min_imps,winner_vp,loser_vp\n16,0,10,10\n16,x,11,9\n", 3, "whole number"),
        ("16,0,10,10\n16,2,11\n", 2, "columns"),
        ("16,1,10,10\n", 1, "start at 0"),
        ("16,0,10,10\n16,0,11,9\n", 2, "second row"),
        ("16,0,10,10\n16,3,12,8\n16,5,11,9\n", 3, "fewer VPs"),
        ("16,0,10,10\n16,3,8,12\n", 2, "winner_vp >= loser_vp"),
        ("0,0,10,10\n", 1, "boards takes a whole number from 1 to 1000"),
        ("# nothing\n", 1, "no rows"),
    ],
    ids=[
        "not-a-number",
        "columns",
        "no-zero",
        "twice",
        "falling",
        "loser-more",
        "no-boards",
        "empty",
    ],
)
def test_a_bad_scale_file_names_its_line(tmp_path: Path, text: str, line: int, says: str) -> None:
    path = tmp_path / "scale.csv"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(OptionError) as caught:
        read_scale(str(path))
    assert str(caught.value).startswith(f"{path}:{line}: ")
    assert says in str(caught.value)


def test_a_scale_without_the_match_length_is_an_error(tmp_path: Path) -> None:
    path = tmp_path / "scale.csv"
    path.write_text("16,0,10,10\n", encoding="utf-8")
    event = build.teams_event([[[100, 0]]])
    with pytest.raises(PbnscoreError, match="no rows for 1 boards"):
        score(event, "aggregate", vp=str(path))


def test_an_unknown_vp_scale_is_refused() -> None:
    with pytest.raises(OptionError, match=r"FILE\.csv"):
        score(build.teams_event([[[100, 0]]]), "aggregate", vp="wbf-2")


# -- factoring ----------------------------------------------------------------------------


def test_factor_hand_worked() -> None:
    """Three tables, two boards; NS 3 misses board 2. Butler median: board 1
    (100, 200, 300) datum 200 gives NS 1 -3, NS 2 0, NS 3 +3; board 2 (100,
    300) datum 200 gives NS 1 -3, NS 2 +3. Plain: NS 2 and NS 3 tie on 3.
    Factored: NS 3's 3 over 1 board is 6 over 2, alone first."""
    event = build.pairs_event([[100, 200, 300], [100, 300, None]])
    plain = score(event, "butler", datum="median")
    factored = score(event, "butler", datum="median", factor=True)

    def ns(scored: ScoredEvent) -> dict[str, tuple[object, object, int]]:
        return {
            s.participant.id: (s.total, s.factored, s.rank)
            for s in scored.standings
            if s.participant.direction is Direction.NS
        }

    assert ns(plain) == {"1": (-6, None, 3), "2": (3, None, 1), "3": (3, None, 1)}
    assert ns(factored) == {"1": (-6, -6, 3), "2": (3, 3, 2), "3": (3, 6, 1)}
    assert not factored.warnings
    assert [w.message for w in plain.warnings if "NS" in w.message] == [
        "section A NS participants played different numbers of boards (1 to 2) and are "
        "ranked on plain totals; --factor scales each total up to 2 boards"
    ]


@settings(max_examples=60)
@given(
    st.lists(build.boards(2, 6), min_size=1, max_size=4),
    st.sampled_from(["butler", "cross-imps"]),
)
def test_factored_totals_are_the_plain_ones_scaled(
    boards: list[list[build.Spec]], method: str
) -> None:
    """With --factor every total is the unfactored one, factored is it times
    most/played within its group (the direction), and places follow factored."""
    event = build.pairs_event(boards)
    plain = {(s.participant.id, s.participant.direction): s for s in score(event, method).standings}
    scored = score(event, method, factor=True)
    for direction in (Direction.NS, Direction.EW):
        group = [s for s in scored.standings if s.participant.direction is direction]
        most = max((s.boards for s in group), default=0)
        for s in group:
            unfactored = plain[(s.participant.id, direction)]
            assert (s.total, s.boards) == (unfactored.total, unfactored.boards)
            assert s.factored == reference.factored(Fraction(s.total), s.boards, most)
            if not s.boards:  # not ranked (docs/reference/choices.md "Did not play")
                assert s.rank is None
                continue
            played = [o for o in group if o.boards]
            better = sum(1 for o in played if o.factored is not None and o.factored > s.factored)
            assert s.rank == better + 1


def test_westwood_factored(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], shared_samples: Path
) -> None:
    """WestWood (BridgeWebs): NS 12 played 19 of 24 boards and ranks third on
    plain totals (23 IMPs), with a warning naming --factor; factored to 24
    boards (23 x 24/19 = 29.05) it is second, in JSON and in USEBIO's TOTAL_SCORE."""
    import json

    from lxml import etree

    from pbnscore.cli import main

    path = shared_samples / "pbn" / "westwood_20190625_1.pbn"
    assert main(["score", str(path), "--to", "json", "-o", str(tmp_path / "plain.json")]) == 0
    assert "played different numbers of boards (19 to 24)" in capsys.readouterr().err
    plain = json.loads((tmp_path / "plain.json").read_text(encoding="utf-8"))
    twelve = next(p for p in plain["participants"] if (p["id"], p["direction"]) == ("12", "NS"))
    assert (twelve["total"], twelve["boards"], twelve["rank"]) == (23, 19, 3)
    assert "factored" not in twelve
    out = tmp_path / "factored.json"
    assert main(["score", str(path), "--factor", "--to", "json", "-o", str(out)]) == 0
    assert "different numbers" not in capsys.readouterr().err
    document = json.loads(out.read_text(encoding="utf-8"))
    twelve = next(p for p in document["participants"] if (p["id"], p["direction"]) == ("12", "NS"))
    assert (twelve["total"], twelve["rank"]) == (23, 2)
    assert twelve["factored"] == pytest.approx(23 * 24 / 19)
    xml = tmp_path / "factored.xml"
    assert main(["score", str(path), "--factor", "-o", str(xml)]) == 0
    pairs = [p for p in etree.parse(str(xml)).iter("PAIR") if p.findtext("PAIR_NUMBER") == "12"]
    written = {p.findtext("DIRECTION"): p.findtext("TOTAL_SCORE") for p in pairs}
    assert "29.05" in written.values()


# -- presets ------------------------------------------------------------------------------


def test_preset_compscore_reproduces_compscore3_butler(
    tmp_path: Path, shared_samples: Path
) -> None:
    """--preset compscore gives every BOARD_AVERAGE, NS/EW_BUTLER_POINTS,
    TOTAL_SCORE and PLACE Compscore3 wrote, through the command line, and the
    same USEBIO as the explicit flags."""
    from lxml import etree

    from pbnscore.cli import main

    path = shared_samples / "usebio" / "butler_mitchell.xml"
    out = tmp_path / "preset.xml"
    assert main(["score", str(path), "--preset", "compscore", "-o", str(out)]) == 0
    explicit = tmp_path / "explicit.xml"
    flags = ["--datum", "trimmed-mean", "--drop", "1", "--rounding", "half-away"]
    assert main(["score", str(path), *flags, "-o", str(explicit)]) == 0
    theirs, ours = etree.parse(str(path)), etree.parse(str(out))
    for tag in ("BOARD_AVERAGE", "NS_BUTLER_POINTS", "EW_BUTLER_POINTS", "TOTAL_SCORE", "PLACE"):
        written = [Fraction(e.text or "") if tag != "PLACE" else e.text for e in theirs.iter(tag)]
        scored = [Fraction(e.text or "") if tag != "PLACE" else e.text for e in ours.iter(tag)]
        assert written == scored and len(written) >= 14, tag
    assert [e.text for e in ours.iter()] == [e.text for e in etree.parse(str(explicit)).iter()]


def test_preset_compscore_cross_imps(shared_samples: Path) -> None:
    """Cross-IMPs under --preset compscore (sum / comparisons, as Compscore3's
    cross_imp_howell.xml shows, SCORING-notes 2.6): every NS_CROSS_IMP_POINTS
    of the Pianola sample (2 dp)."""
    from lxml import etree

    path = shared_samples / "usebio" / "payload_cross-imp-pairs.xml"
    scored = score(pbnscore.load(path), "cross-imps", preset="compscore")
    lines = list(etree.parse(str(path)).iter("TRAVELLER_LINE"))
    results = [r for b in scored.boards for r in b.results]
    assert len(results) == len(lines) > 100
    for result, line in zip(results, lines, strict=True):
        assert result.ns_points is not None
        assert round(result.ns_points, 2) == Fraction(line.findtext("NS_CROSS_IMP_POINTS") or "")


@pytest.mark.parametrize(
    ("method", "preset", "options"),
    [
        ("butler", "compscore", {"datum": "trimmed-mean", "drop": 1, "rounding": "half-away"}),
        ("butler", "acbl", {"datum": "trimmed-mean", "drop": "acbl", "rounding": "half-even"}),
        ("butler", "bridgewx", {"datum": "trimmed-mean", "drop": "bridgewx"}),
        (
            "butler",
            "bridge-scorer",
            {"datum": "trimmed-mean", "drop": "bridge-scorer", "rounding": "half-up"},
        ),
        ("butler", "jfr", {"datum": "median", "rounding": "half-up"}),
        ("butler", "ebu", {"datum": "trimmed-mean", "drop": 1}),
        ("cross-imps", "kops", {"imp_cap": 17}),
        ("cross-imps", "ebu", {"normalise": "average"}),
    ],
    ids=lambda v: v if isinstance(v, str) else "",
)
def test_a_preset_is_its_flags(method: str, preset: str, options: dict[str, object]) -> None:
    """A preset scores exactly as the options it stands for, and says so."""
    event = build.pairs_event([[425, 1430, -100, 430, 420, 620], [-425, -420, -430, 50, 2210]])
    by_preset = score(event, method, preset=preset)
    by_flags = score(event, method, **options)
    assert by_preset.boards == by_flags.boards
    assert by_preset.standings == by_flags.standings
    assert by_preset.options == {**by_flags.options, "preset": preset}


def test_an_explicit_option_overrides_the_preset() -> None:
    """--preset acbl --rounding half-away: ACBL's drop with Compscore's rounding;
    --preset acbl --datum median: the preset's drop has nothing to do and is
    not an error (it was not given)."""
    event = build.pairs_event([[-100, 425, 430, 420, 5000]])
    mixed = score(event, "butler", preset="acbl", rounding="half-away")
    assert mixed.options["rounding"] == "half-away" and mixed.options["drop"] == "acbl"
    assert mixed.boards == score(event, "butler", datum="trimmed-mean", drop="acbl").boards
    median = score(event, "butler", preset="acbl", datum="median")
    assert median.options["datum"] == "median" and "drop" not in median.options


def test_an_unknown_preset_is_refused() -> None:
    with pytest.raises(OptionError, match="not one of: compscore"):
        score(build.pairs_event([[100]]), "butler", preset="nonesuch")


def test_methods_lists_every_preset(capsys: pytest.CaptureFixture[str]) -> None:
    """pbnscore methods lists each preset with the options it sets."""
    from pbnscore.cli import main

    assert main(["methods"]) == 0
    out = capsys.readouterr().out
    assert "    compscore: --datum trimmed-mean --drop 1 --rounding half-away  [" in out
    assert "    acbl: --datum trimmed-mean --drop acbl --rounding half-even  [" in out
    assert "    jfr: --datum median --rounding half-up  [" in out
    assert "    kops: --imp-cap 17  [" in out
    for name in ("bridgewx", "bridge-scorer", "ebu"):
        assert f"    {name}: --" in out


# -- the field and the ranking across sections ---------------------------------------


def two_sections(
    a: list[list[build.Spec]], b: list[list[build.Spec]], deals: bool = False
) -> Event:
    """Sections A and B of one session, as ``build.pairs_event`` makes each;
    with ``deals``, board n of section B has a different deal from A's."""
    first = build.pairs_event(a, "A").sessions[0].sections[0]
    second = build.pairs_event(b, "B").sessions[0].sections[0]
    if deals:
        deal_a, deal_b = Deal(north=("A", "", "", "")), Deal(north=("K", "", "", ""))
        first = attrs.evolve(
            first, boards=tuple(attrs.evolve(x, deal=deal_a) for x in first.boards)
        )
        second = attrs.evolve(
            second, boards=tuple(attrs.evolve(x, deal=deal_b) for x in second.boards)
        )
    return Event(EventKind.PAIRS, (Session("1", sections=(first, second)),), build.SOURCE)


def test_field_event_hand_worked() -> None:
    """Board 1: section A 100, 200; section B 300, 400. By section (median):
    datums 150 and 350, every pair 2 IMPs either way. Across the event: datum
    250, so A's NS pairs -4 (150) and -2 (50), B's +2 and +4."""
    event = two_sections([[100, 200]], [[300, 400]])
    by_section = score(event, "butler", datum="median")
    assert [r.ns_points for b in by_section.boards for r in b.results] == [-2, 2, -2, 2]
    across = score(event, "butler", datum="median", field="event")
    assert [b.datum for b in across.boards] == [250, 250]
    assert [b.section for b in across.boards] == ["A", "B"]
    assert [r.ns_points for b in across.boards for r in b.results] == [-4, -2, 2, 4]

    # Ranked by section, each section's NS pairs rank 1 and 2; across, 1 to 4.
    def ns_ranks(scored: ScoredEvent) -> list[tuple[str | None, str, int]]:
        return sorted(
            (s.participant.section, s.participant.id, s.rank)
            for s in scored.standings
            if s.participant.direction is Direction.NS
        )

    ranked = score(event, "butler", datum="median", field="event", rank="event")
    assert ns_ranks(ranked) == [("A", "1", 4), ("A", "2", 3), ("B", "1", 2), ("B", "2", 1)]
    assert ns_ranks(across) == [("A", "1", 2), ("A", "2", 1), ("B", "1", 2), ("B", "2", 1)]


def test_field_event_keeps_different_deals_apart() -> None:
    """Where the file gives deals, board 1 of two sections with different
    deals are two fields even with --field event."""
    event = two_sections([[100, 200]], [[300, 400]], deals=True)
    across = score(event, "butler", datum="median", field="event")
    assert [b.datum for b in across.boards] == [150, 350]


@settings(max_examples=60)
@given(
    st.lists(build.boards(1, 5), min_size=1, max_size=3),
    st.lists(build.boards(1, 5), min_size=1, max_size=3),
    st.sampled_from(["butler", "cross-imps"]),
)
def test_field_event_is_one_field_of_every_section(
    a: list[list[build.Spec]], b: list[list[build.Spec]], method: str
) -> None:
    """Across the event a board's points are the reference's for all the
    sections' tables of that board number taken as one field."""
    event = two_sections(a, b)
    scored = score(event, method, field="event")
    points = {
        (x.section, x.number): [(r.ns_points, r.ew_points) for r in x.results]
        for x in scored.boards
    }
    for number in range(1, max(len(a), len(b)) + 1):
        specs_a = a[number - 1] if number <= len(a) else []
        specs_b = b[number - 1] if number <= len(b) else []
        if method == "butler":
            _, expected = reference.butler(specs_a + specs_b)
        else:
            expected = reference.cross_imps(specs_a + specs_b)
        got = points.get(("A", number), []) + points.get(("B", number), [])
        assert got == expected


def test_field_and_rank_event_refused_on_teams() -> None:
    """A teams event's field is already every table of the session."""
    event = build.teams_event([[[100, 200]]])
    for option in ("field", "rank"):
        with pytest.raises(OptionError, match=f"--{option} event applies to pairs"):
            score(event, "butler", **{option: "event"})


def test_explain_shows_capped_comparisons() -> None:
    """explain's comparisons and barking terms are the capped ones the
    points come from: each within the cap, adding up to the points (every
    term listed where they are asked for a line's pair; the summary's best
    and worst within the cap too)."""
    from pbnscore import explain

    cap = 5
    pairs = pbnscore.load(FIXTURES / "usebio" / "club-night.xml")
    teams = pbnscore.load(FIXTURES / "usebio" / "teams-of-eight-two-matches.xml")
    checked = 0
    for event, method in ((pairs, "cross-imps"), (teams, "barking")):
        numbers = sorted({b.number for s in event.sessions for x in s.sections for b in x.boards})
        numbers = numbers or sorted(
            {b.number for s in event.sessions for m in s.matches for b in m.boards}
        )
        for number in numbers[:3]:
            for board in explain(event, number, method, imp_cap=cap).boards:
                for line in board.lines:
                    if line.ns_points is None or not line.result.is_real:
                        continue
                    summary = line.steps[0].figures
                    if "best" in summary:
                        assert abs(summary["best"][-1]) <= cap  # type: ignore[index]
                        assert abs(summary["worst"][-1]) <= cap  # type: ignore[index]
                    detailed = explain(
                        event, number, method, all_terms_for=line.result.ns, imp_cap=cap
                    )
                    steps = next(
                        other.steps
                        for other_board in detailed.boards
                        for other in other_board.lines
                        if other.result == line.result
                    )
                    *parts, total = steps
                    if method == "cross-imps":
                        won = [
                            int(step.figures["imps"])  # type: ignore[call-overload]
                            for step in parts
                            if "imps" in step.figures
                        ]
                    else:
                        listed = [step.figures["terms"] for step in parts]
                        won = [t[2] for terms in listed if isinstance(terms, list) for t in terms]
                    assert won
                    assert all(abs(w) <= cap for w in won)
                    assert sum(won) == total.figures["sum"]
                    checked += 1
    assert checked > 10
