"""Seasons: the club fixture's ranking against a table worked by hand, the
league against `score` file by file, identity across files, and a season of
one event against that event's own standings.

The club nights (fixtures/make_season.py) are three tables playing the same
boards against the same EW pair; each board's NS scores are {a, b, c} with
a - b and b - c in one row of the IMP table, so the zero-sum datum is b and
the tables score +IMP(a - b), 0, -IMP(b - c):

    A  420 170 -50    +6  0  -6        V  1430 680 -100  +13 0 -13
    B  450 420 400    +1  0  -1        W   650 620  600   +1 0  -1
    C  110 110 110     0  0   0

Night by night (NS pair at table t; the EW pair at t scores its negation):

    jan05  A(+6,0,-6) V(-13,+13,0) B(+1,0,-1)   NS1 -6  NS2 13  NS3 -7
    jan12  B(-1,+1,0) W(-1,0,+1)  A(+6,-6,--)   NS1  4  NS2 -5  NS3  1 (2 boards)
    jan19  A(0,-6,+6) V(0,-13,+13)              NS1  0  NS2 -19 NS3 19 (2 boards)
    jan26  C(0,0,0)   W(+1,-1,0)  A(-6,+6,0)    NS1 -5  NS2  5  NS3  0
    feb02  A(+6,0,-6) V(+13,-13,0) B(0,-1,+1)   NS1 19  NS2 -14 NS3 -5
    feb09  B(+1,0,-1) V(0,+13,-13) C(0,0,0)     NS1  1  NS2 13  NS3 -14

(jan12 board 3: table 3 did not play; tables 1 and 2 alone, 420 and -50,
put the datum between them at 170-200: +6 and -6.)
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from fractions import Fraction as F
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pbnscore
from model_events import boards, pairs_event
from pbnscore.errors import OptionError, ScoringError
from pbnscore.model import Direction, ParticipantKind
from pbnscore.seasons import Season, combine, figures, name_key, read_aliases

FIXTURES = Path(__file__).parent.parent / "fixtures" / "season"
CLUB = FIXTURES / "club"
LEAGUE = FIXTURES / "league"
# In date order; the file names sort otherwise (feb before jan).
NIGHTS = ["jan05.pbn", "jan12.pbn", "jan19.pbn", "jan26.xml", "feb02.xml", "feb09.xml"]

AB, CD, EF = "Alice Archer & Bob Brown", "Carol Cole & Dave Dunn", "Emma Ellis & Frank Ford"
GH, ZS, KL = "Grace Gill & Harry Hunt", "Zoë Zane & J.R. Smith", "Kate Kerr & Liam Lowe"
AC, BD = "Alice Archer & Carol Cole", "Bob Brown & Dave Dunn"
KJ, LJ = "Kate Kerr & John Smith", "Liam Lowe & John Smith"

# The hand-worked figures: pair -> {night: (total, boards)}, from the
# docstring's table (EW pairs the negation of the NS pair at their table).
BY_NIGHT: dict[str, dict[int, tuple[int, int]]] = {
    AB: {0: (-6, 3), 1: (-5, 3), 2: (19, 2)},
    CD: {0: (13, 3), 1: (-1, 2), 2: (0, 2)},
    EF: {0: (-7, 3), 1: (5, 3), 2: (0, 2), 3: (5, 3), 4: (14, 3), 5: (14, 3)},
    GH: {0: (6, 3), 1: (4, 3), 2: (19, 2), 3: (0, 3), 4: (5, 3), 5: (13, 3)},
    ZS: {0: (-13, 3), 1: (1, 2), 2: (-19, 2), 3: (0, 3), 4: (19, 3), 5: (-1, 3)},
    KL: {0: (7, 3), 1: (-4, 3), 2: (-19, 2), 4: (-5, 3)},
    AC: {3: (-5, 3), 4: (-14, 3), 5: (-13, 3)},
    BD: {3: (5, 3), 4: (-19, 3), 5: (1, 3)},
    KJ: {3: (-5, 3)},
    LJ: {5: (-14, 3)},
}

# Ranked on average per board (the default): pair, events, boards, total, average.
BY_AVERAGE = [
    (GH, 6, 17, 47, F(47, 17)),
    (EF, 6, 17, 31, F(31, 17)),
    (CD, 3, 7, 12, F(12, 7)),
    (AB, 3, 8, 8, F(1)),
    (ZS, 6, 16, -13, F(-13, 16)),
    (BD, 3, 9, -13, F(-13, 9)),
    (KJ, 1, 3, -5, F(-5, 3)),
    (KL, 4, 11, -21, F(-21, 11)),
    (AC, 3, 9, -32, F(-32, 9)),
    (LJ, 1, 3, -14, F(-14, 3)),
]

# Best 3 of 6 by average per board (more boards, then the earlier night,
# breaking ties), ranked on their total: pair, nights counted, total, boards.
#   GH: 19/2 (jan19), 13/3 (feb09), 6/3 (jan05)
#   EF: 14/3 feb02 and feb09; 5/3 jan12 and jan26, 3 boards each: jan12
#   ZS: 19/3 (feb02), 1/2 (jan12), 0/3 (jan26)
#   KL: 7/3, -4/3, -5/3 (its -19/2 left out)
BEST_3 = [
    (GH, (0, 2, 5), 38, 8),
    (EF, (1, 4, 5), 33, 9),
    (ZS, (1, 3, 4), 20, 8),
    (CD, (0, 1, 2), 12, 7),
    (AB, (0, 1, 2), 8, 8),
    (KL, (0, 1, 4), -2, 9),
    (KJ, (3,), -5, 3),
    (BD, (3, 4, 5), -13, 9),
    (LJ, (5,), -14, 3),
    (AC, (3, 4, 5), -32, 9),
]

# Every partnership of a player added up (--by player), on average:
# Alice AB + AC = 8 - 32 over 17 boards; Bob AB + BD = 8 - 13 / 17;
# Carol CD + AC = 12 - 32 / 16; Dave CD + BD = 12 - 13 / 16;
# Kate KL + KJ = -21 - 5 / 14; Liam KL + LJ = -21 - 14 / 14.
BY_PLAYER = [
    ("1=", "Grace Gill", F(47, 17)),
    ("1=", "Harry Hunt", F(47, 17)),
    ("3=", "Emma Ellis", F(31, 17)),
    ("3=", "Frank Ford", F(31, 17)),
    ("5", "Dave Dunn", F(-1, 16)),
    ("6", "Bob Brown", F(-5, 17)),
    ("7=", "J.R. Smith", F(-13, 16)),
    ("7=", "Zoë Zane", F(-13, 16)),
    ("9", "Carol Cole", F(-20, 16)),
    ("10", "Alice Archer", F(-24, 17)),
    ("11", "John Smith", F(-5, 3)),
    ("12", "Kate Kerr", F(-26, 14)),
    ("13", "Liam Lowe", F(-35, 14)),
    ("14", "John Smith", F(-14, 3)),
]


def club(**options: object) -> Season:
    # Any order in: the season puts the nights in date order.
    return pbnscore.season(sorted(CLUB.iterdir()), **options)  # type: ignore[arg-type]


def label(rank: int | None, tied: bool) -> str:
    return f"{rank}=" if tied else str(rank)


def test_each_night_scores_as_worked_by_hand() -> None:
    """The fixture is what the hand working says: each night's Butler
    standings, pair by pair."""
    for night, name in enumerate(NIGHTS):
        scored = pbnscore.score(pbnscore.load(CLUB / name))
        got = {
            frozenset(map(_known_as, s.participant.names)): (s.total, s.boards)
            for s in scored.standings
        }
        want = {
            frozenset(map(_known_as, pair.split(" & "))): by_night[night]
            for pair, by_night in BY_NIGHT.items()
            if night in by_night
        }
        assert got == want, name


def _known_as(name: str) -> str:
    # feb02.xml spells national id 1004 "David Dunn"; the tables say "Dave Dunn".
    return "dave dunn" if name == "David Dunn" else name_key(name)


def test_club_season_ranks_pairs_on_average_per_board() -> None:
    """Across PBN and USEBIO nights, names spelt differently, a partnership
    that split: the ranking is the hand-worked table."""
    season = club()
    assert [e.source.rsplit("/", 1)[-1] for e in season.events] == NIGHTS
    got = [(e.label, e.events, e.boards_played, e.total, e.average) for e in season.ranking]
    assert got == BY_AVERAGE
    assert [e.rank for e in season.ranking] == list(range(1, 11))
    first = season.ranking[0]
    assert [first.figures[n].total for n in range(6)] == [6, 4, 19, 0, 5, 13]


def test_per_event_figures_are_the_hand_worked_ones() -> None:
    """Each pair's figure in each night's column, None where it did not play."""
    ranking = club().ranking
    assert len(ranking) == len(BY_NIGHT)
    for entry in ranking:
        want = BY_NIGHT[entry.label]
        got = {n: (f.total, f.boards) for n, f in entry.figures.items()}
        assert got == want, entry.label


def test_best_three_of_six() -> None:
    """--best 3 counts each pair's three best nights and ranks on their total."""
    season = club(best=3)
    got = [(e.label, e.counted, e.total, e.boards) for e in season.ranking]
    assert got == BEST_3
    assert season.rank_on.value == "total"


def test_best_three_ranked_on_average_when_asked() -> None:
    """--rank average with --best: the counted nights' total per counted board."""
    season = club(best=3, rank_on="average")
    averages = [e.average for e in season.ranking]
    assert averages == sorted((F(total, boards) for _, _, total, boards in BEST_3), reverse=True)


def test_min_events_leaves_out_and_lists_below() -> None:
    """--min-events 2: the one-night pairs are listed, unranked; the rest close up."""
    season = club(min_events=2)
    assert [e.label for e in season.ranking] == [row[0] for row in BY_AVERAGE if row[1] >= 2]
    assert [e.rank for e in season.ranking] == list(range(1, 9))
    assert sorted(e.label for e in season.unranked) == [KJ, LJ]
    assert all(e.rank is None for e in season.unranked)


def test_min_boards() -> None:
    """--min-boards 10 leaves out those with fewer than 10 boards over the season."""
    season = club(min_boards=10)
    assert {e.label for e in season.ranking} == {GH, EF, ZS, KL}


def test_by_player_adds_every_partnership() -> None:
    """--by player: a player's total over every partner; equal averages
    share the rank; two John Smiths with two ids are two people."""
    season = club(by="player")
    got = [(label(e.rank, e.tied), e.label, e.average) for e in season.ranking]
    assert got == BY_PLAYER
    smiths = [e.players[0].national_id for e in season.ranking if e.label == "John Smith"]
    assert smiths == ["2001", "2002"]


def test_national_id_joins_spellings_and_the_name_without_one() -> None:
    """One id spelt two ways is one player shown by the commoner spelling;
    the id-less 'Dave Dunn' of the PBN nights is taken to be him."""
    season = club(by="player")
    (dave,) = [e for e in season.ranking if "Dunn" in e.label]
    person = dave.players[0]
    assert (person.name, person.national_id) == ("Dave Dunn", "1004")
    assert person.spellings == ("Dave Dunn", "David Dunn")
    assert dave.events == 6


def test_guesses_are_warned_a_line_per_merge() -> None:
    """Each spelling merged on a guess is one warning, naming the first file."""
    warnings = club().warnings
    merged = {
        "'Dave Dunn' has no national id here": "jan05.pbn",
        "'ALICE ARCHER' taken to be 'Alice Archer'": "jan12.pbn",
        "'Bob  Brown' taken to be 'Bob Brown'": "jan12.pbn",
        "'kate kerr' taken to be 'Kate Kerr'": "jan12.pbn",
        "'Zoe Zane' taken to be 'Zoë Zane'": "jan12.pbn",
        "'J. R. Smith' taken to be 'J.R. Smith'": "jan12.pbn",
        "'Archer, Alice' taken to be 'Alice Archer'": "jan19.pbn",
        "'ZANE, Zoë' taken to be 'Zoë Zane'": "jan19.pbn",
        "'JR Smith' taken to be 'J.R. Smith'": "jan19.pbn",
    }
    assert len(warnings) == len(merged)
    for text, source in merged.items():
        (line,) = [w for w in warnings if text in w]
        assert line.startswith(f"{CLUB / source}: warning: ")


def test_aliases_settle_a_guess() -> None:
    """An alias merges without a warning; an empty same_as keeps a name apart."""
    aliases = read_aliases("name,same_as\nkate kerr,Kate Kerr\nDave Dunn,\n")
    season = club(by="player", aliases=aliases)
    assert not [w for w in season.warnings if "kate kerr" in w or "Dave Dunn" in w]
    dunns = sorted((e.players[0].national_id or "", e.events) for e in season.ranking
                   if "Dunn" in e.label)  # fmt: skip
    assert dunns == [("", 3), ("1004", 3)]


def test_alias_to_a_national_id() -> None:
    """same_as may be a national id: the name is that player (Liam Lowe's
    five nights and John Smith 2001's one)."""
    season = club(by="player", aliases=read_aliases("Liam Lowe,2001"))
    (liam,) = [e for e in season.ranking if e.players[0].national_id == "2001"]
    assert (liam.label, liam.events, liam.total) == ("Liam Lowe", 6, -21 - 14 - 5)


@pytest.mark.parametrize(
    ("text", "problem"),
    [("a,b,c\n", "aliases:1: expected name,same_as"), ("x,y\n,z\n", "aliases:2:")],
    ids=["three-cells", "no-name"],
)
def test_bad_alias_rows(text: str, problem: str) -> None:
    """A row that is not name,same_as is refused with its line."""
    with pytest.raises(OptionError, match=problem):
        read_aliases(text)


@pytest.mark.parametrize(
    ("spelling", "key"),
    [
        ("Zoë Zane", "zoe zane"),
        ("ZANE, Zoe", "zoe zane"),
        ("  zoe   ZANE ", "zoe zane"),
        ("J.R. Smith", "jr smith"),
        ("J. R. Smith", "jr smith"),
        ("JR Smith", "jr smith"),
        ("Smith, J.R.", "jr smith"),
        ("Anne O'Hara", "anne ohara"),
        ("Anne O’Hara", "anne ohara"),
        ("Mary-Jane Kelly", "mary jane kelly"),
        ("Jürgen Groß", "jurgen gross"),
    ],
)
def test_name_key(spelling: str, key: str) -> None:
    """Case, accents, spacing, punctuation and initials normalised."""
    assert name_key(spelling) == key


def test_two_ids_with_a_name_keep_an_id_less_one_apart() -> None:
    """A name without an id that two ids share is nobody's: kept apart, warned."""
    smith_2001 = pbnscore.load(CLUB / "jan26.xml")
    smith_2002 = pbnscore.load(CLUB / "feb09.xml")
    plain = pbnscore.load(CLUB / "jan05.pbn")
    renamed = _rename(plain, "Liam Lowe", "John Smith")
    season = pbnscore.season([smith_2001, smith_2002, renamed], by="player")
    smiths = sorted(e.players[0].national_id or "" for e in season.ranking
                    if e.label == "John Smith")  # fmt: skip
    assert smiths == ["", "2001", "2002"]
    assert any("national ids 2001, 2002 share the name" in w for w in season.warnings)


def _rename(event: pbnscore.Event, old: str, new: str) -> pbnscore.Event:
    from pbnscore.model import Player

    def fix(players: tuple[Player, ...]) -> tuple[Player, ...]:
        return tuple(Player(new) if p.name == old else p for p in players)

    return _players_changed(event, fix)


def _players_changed(
    event: pbnscore.Event,
    fix: Callable[[tuple[pbnscore.model.Player, ...]], tuple[pbnscore.model.Player, ...]],
) -> pbnscore.Event:
    """The event with ``fix`` of each participant's players."""
    import attrs

    sessions = tuple(
        attrs.evolve(
            session,
            sections=tuple(
                attrs.evolve(
                    section,
                    participants=tuple(
                        attrs.evolve(p, players=fix(p.players)) for p in section.participants
                    ),
                )
                for section in session.sections
            ),
        )
        for session in event.sessions
    )
    return attrs.evolve(event, sessions=sessions)


# -- the league ----------------------------------------------------------------------


def league(method: str | None = None, **options: object) -> Season:
    return pbnscore.season(sorted(LEAGUE.iterdir()), method, **options)  # type: ignore[arg-type]


def test_league_vps_are_the_sum_of_each_match() -> None:
    """The league table's VPs, IMPs and W/D/L are each team's matches from
    `score -m aggregate`, file by file (PBN and USEBIO rounds)."""
    vps: dict[str, F] = defaultdict(F)
    imps: dict[str, list[F]] = defaultdict(lambda: [F(0), F(0)])
    results: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])
    paths = sorted(LEAGUE.iterdir())
    assert paths, f"no round in {LEAGUE}"
    for path in paths:
        scored = pbnscore.score(pbnscore.load(path), "aggregate")
        names = {
            p.id: p.name for p in scored.event.participants() if p.kind is ParticipantKind.TEAM
        }
        for m in scored.matches:
            for team, vp, other, won, lost in (
                (m.team, m.vp, m.opponent_vp, m.imps, m.opponent_imps),
                (m.opponent, m.opponent_vp, m.vp, m.opponent_imps, m.imps),
            ):
                assert vp is not None and other is not None and names[team]
                vps[names[team]] += vp
                imps[names[team]][0] += won
                imps[names[team]][1] += lost
                results[names[team]][0 if vp > other else 1 if vp == other else 2] += 1
    season = league()
    assert season.by.value == "team"
    table = {row.team: row for row in season.league}
    assert set(table) == {"Bears", "Hawks", "Lions", "Otters"}
    for team, row in table.items():
        assert row.vp == vps[team]
        assert [row.imps_for, row.imps_against] == imps[team]
        assert [row.won, row.drawn, row.lost] == results[team]
        assert row.played == 3
    assert [row.vp for row in season.league] == sorted(vps.values(), reverse=True)
    assert len(season.matches) == 6
    assert [m.round for m in season.matches] == [1, 1, 2, 2, 3, 3]


def test_league_team_ranking_totals_are_the_vps() -> None:
    """--by team ranks each team on its VPs over the rounds, as the league does."""
    season = league()
    assert [(e.team, e.total) for e in season.ranking] == [
        (row.team, row.vp) for row in season.league
    ]


def test_barking_season_is_the_mean_of_per_board_points() -> None:
    """Each pair's barking average over the season is the mean of its
    per-board barking points in every round's scored boards."""
    points: dict[frozenset[str], list[F]] = defaultdict(list)
    for path in sorted(LEAGUE.iterdir()):
        scored = pbnscore.score(pbnscore.load(path), "barking")
        names = {
            (p.id, p.direction): frozenset(p.names)
            for p in scored.event.participants()
            if p.kind is ParticipantKind.PAIR
        }
        names.update({(i, None): n for (i, _), n in list(names.items())})
        for board in scored.boards:
            for r in board.results:
                for pair, side, got in ((r.result.ns, Direction.NS, r.ns_points),
                                        (r.result.ew, Direction.EW, r.ew_points)):  # fmt: skip
                    if got is not None:
                        points[names.get((pair, side)) or names[pair, None]].append(F(got))
    season = league("barking")
    assert season.by.value == "pair"
    assert len(season.ranking) == 16
    for entry in season.ranking:
        mine = points[frozenset(p.name for p in entry.players)]
        assert entry.boards == len(mine) == 12
        assert entry.average == sum(mine) / len(mine)


def test_a_pairs_season_of_an_aggregate_event_is_refused() -> None:
    """--by pair over events aggregate scores as teams only would add nothing."""
    with pytest.raises(ScoringError, match="aggregate ranks no pairs"):
        league("aggregate", by="pair")


# -- one event ------------------------------------------------------------------------


@settings(max_examples=60)
@given(st.lists(boards(2, 6), min_size=1, max_size=5))
def test_a_season_of_one_event_ranks_as_score_does(specs: list[list[object]]) -> None:
    """Same totals, boards and places as the event's own standings, field
    by field (a two-winner Mitchell ranks NS and EW apart): each field's
    pairs come in the season's order with the totals and ranks `score` gave."""
    scored = pbnscore.score(pairs_event(specs), "butler")  # type: ignore[arg-type]
    season = combine([figures(scored)], by="pair", rank_on="total")
    # Who did not play is ranked by neither.
    assert len(season.ranking) == sum(s.rank is not None for s in scored.standings)
    fields: dict[object, list[tuple[str, object, int, int]]] = defaultdict(list)
    for entry in season.ranking:
        ((event, at),) = entry.sides
        standing = scored.standings[at]
        assert (event, entry.total, entry.boards) == (0, standing.total, standing.boards)
        field = fields[standing.participant.direction]
        # Its place among its own field: one more than the better totals.
        place = 1 + sum(total > entry.total for _, total, _, _ in field)  # type: ignore[operator]
        field.append((standing.participant.id, entry.total, entry.boards, place))
    for standings in _fields(scored).values():
        want = [(s.participant.id, s.total, s.boards, s.rank) for s in standings if s.boards]
        got = fields[standings[0].participant.direction]
        assert sorted(got, key=_order) == sorted(want, key=_order)
        assert [row[1] for row in got] == [row[1] for row in want]


def _fields(scored: pbnscore.ScoredEvent) -> dict[object, list[pbnscore.model.Standing]]:
    by: dict[object, list[pbnscore.model.Standing]] = defaultdict(list)
    for standing in scored.standings:
        by[standing.participant.direction].append(standing)
    return by


def _order(row: tuple[str, object, int, int]) -> tuple[int, str]:
    return (row[3], row[0])


def test_factored_totals_add_up_and_averages_stay_plain() -> None:
    """--factor: a season total adds each night's factored total (jan12's two
    boards of three scaled by 3/2: CD -1 -> -3/2, ZS 1 -> 3/2); the average
    per board is of plain totals."""
    season = club(factor=True, rank_on="total")
    got = {e.label: (e.total, e.average) for e in season.ranking}
    assert got[CD] == (F(13) - F(3, 2) + 0, F(12, 7))
    assert got[ZS] == (F(-13) + F(3, 2) - 19 + 0 + 19 - 1, F(-13, 16))
    assert got[GH] == (47, F(47, 17))


def test_a_name_of_punctuation_matches_nobody() -> None:
    """A name with no letters ("?") is no name: two of them are two players."""
    nights = [_rename(pbnscore.load(CLUB / name), "Grace Gill", "?") for name in NIGHTS[:2]]
    season = pbnscore.season(nights, by="player")
    unknown = [e for e in season.ranking if e.label == "?"]
    assert [e.events for e in unknown] == [1, 1]


def test_pairs_with_no_names_are_ranked_by_their_numbers_and_said() -> None:
    """A night whose pairs have no names (a PBN file without player tags):
    by pair, each is a line of its own, labelled with its number in that
    night, and a warning says so; by player none can be ranked, and the
    warning says they are left out (before, they were silently)."""
    night = _players_changed(pbnscore.load(CLUB / NIGHTS[0]), lambda players: ())
    scored = pbnscore.score(night, "butler")
    pairs = [s.participant for s in scored.standings]
    assert pairs and all(p.direction is not None and p.section is None for p in pairs)

    by_pair = combine([figures(scored)], by="pair")
    want = {f"pair {p.id} {p.direction.value} (no names)" for p in pairs if p.direction}
    assert {entry.label for entry in by_pair.ranking} == want
    assert len(by_pair.ranking) == len(pairs)
    source = night.source.name
    assert by_pair.warnings[0] == (
        f"{source}: warning: {len(pairs)} pairs with no player names: "
        "each ranked alone under its number in this event"
    )

    by_player = combine([figures(scored)], by="player")
    assert by_player.ranking == ()
    assert by_player.warnings[0].startswith(
        f"{source}: warning: {len(pairs)} pairs with no player names: left out of a season"
    )


def test_named_pairs_get_no_unnamed_warning() -> None:
    assert not [w for w in club().warnings if "no player names" in w]
