"""Individual events scored by the IMP pairs methods: each board's field is
the section's results, and a player scores the points of the side they sat
(N and S the NS points, E and W the EW points)."""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Mapping, Sequence
from fractions import Fraction as F
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lxml import etree
from lxml import html as lxml_html

import model_events as build
import pbnscore
import reference
from pbnscore import usebio, validate
from pbnscore.cli import main
from pbnscore.errors import ScoringError
from pbnscore.imps import imps
from pbnscore.model import (
    Board,
    Event,
    EventKind,
    Participant,
    ParticipantKind,
    ScoredEvent,
    Section,
    Session,
)
from pbnscore.report import html, text
from pbnscore.strategies.butler import Butler
from pbnscore.strategies.cross_imps import CrossImps
from pbnscore.testing import MethodConformance, individual_event, ranking_problems

FIXTURE = Path(__file__).resolve().parent.parent / "fixtures" / "usebio"
THREE_TABLES = FIXTURE / "individual-three-tables.xml"

# individual-three-tables.xml, line by line: (N, E, S, W, NS score); "A6040"
# is the adjusted line, None the board not played.
LINES: dict[int, list[tuple[str, str, str, str, int | str | None]]] = {
    1: [("1", "2", "3", "4", 420), ("5", "6", "7", "8", 450), ("9", "10", "11", "12", -50)],
    2: [("1", "10", "7", "4", 110), ("5", "2", "11", "8", -100), ("9", "6", "3", "12", 140)],
    3: [("1", "6", "11", "12", "A6040"), ("5", "10", "3", "4", 420), ("9", "2", "7", "8", 140)],
    4: [("1", "2", "7", "12", -620), ("5", "6", "11", "4", -600), ("9", "10", "3", "8", None)],
}


def totals_from(
    lines: dict[int, list[tuple[str, str, str, str, Any]]],
    ns_points: Mapping[int, Sequence[F | int | None]],
) -> dict[str, tuple[F, int]]:
    """Each player's (total, boards): N and S add the NS points of their
    line, E and W minus them (the EW points)."""
    total: dict[str, F] = defaultdict(F)
    boards: dict[str, int] = defaultdict(int)
    for number, board in lines.items():
        for (north, east, south, west, _), points in zip(board, ns_points[number], strict=True):
            if points is None:
                continue
            for player, side in ((north, 1), (south, 1), (east, -1), (west, -1)):
                total[player] += side * points
                boards[player] += 1
    return {player: (total[player], boards[player]) for player in total}


def standing_totals(scored: ScoredEvent) -> dict[str, tuple[F | int, int]]:
    return {s.participant.id: (s.total, s.boards) for s in scored.standings}


# -- a hand-checkable event ------------------------------------------------------------


def test_cross_imps_by_hand() -> None:
    """Cross-IMPs of the three-table fixture: each result against the other
    real ones of its board, averaged; the A6040 gives NS +3 and EW -3; the
    board not played scores nobody. Players add their side's points."""
    expected: dict[int, list[F | int | None]] = {
        1: [F(imps(420 - 450) + imps(420 + 50), 2), F(imps(450 - 420) + imps(450 + 50), 2),
            F(imps(-50 - 420) + imps(-50 - 450), 2)],
        2: [F(imps(110 + 100) + imps(110 - 140), 2), F(imps(-100 - 110) + imps(-100 - 140), 2),
            F(imps(140 - 110) + imps(140 + 100), 2)],
        3: [3, imps(420 - 140), imps(140 - 420)],
        4: [imps(-620 + 600), imps(-600 + 620), None],
    }  # fmt: skip
    assert expected[1] == [F(9, 2), 6, F(-21, 2)]  # IMPs: -1 + 10, 1 + 11, -10 - 11
    scored = pbnscore.score(pbnscore.load(THREE_TABLES), "cross-imps")
    assert [[r.ns_points for r in b.results] for b in scored.boards] == list(expected.values())
    assert [[r.ew_points for r in b.results] for b in scored.boards] == [
        [None if p is None else -p for p in points] for points in expected.values()
    ]
    assert standing_totals(scored) == totals_from(LINES, expected)
    assert standing_totals(scored)["3"] == (F(15), 3)  # 4.50 + 3.50 + 7.00, not at board 4


def test_butler_mean_by_hand() -> None:
    """Butler against the mean of each board's real scores: 270, 50, 280 and
    -610 (rounded to 10), every player adding their side's IMPs."""
    datums = {1: 270, 2: 50, 3: 280, 4: -610}
    real = {
        n: [line[4] for line in lines if isinstance(line[4], int)] for n, lines in LINES.items()
    }
    assert all(abs(F(sum(s), len(s)) - datums[n]) < 5 for n, s in real.items())
    expected: dict[int, list[F | int | None]] = {
        n: [
            imps(line[4] - datums[n]) if isinstance(line[4], int) else (3 if line[4] else None)
            for line in lines
        ]
        for n, lines in LINES.items()
    }
    scored = pbnscore.score(pbnscore.load(THREE_TABLES), "butler", datum="mean")
    assert [b.datum for b in scored.boards] == list(datums.values())
    assert [[r.ns_points for r in b.results] for b in scored.boards] == list(expected.values())
    assert standing_totals(scored) == totals_from(LINES, expected)


def test_players_are_one_ranking() -> None:
    """Every listed player is ranked, once, in one field (players have no
    direction), with names; equal totals share the better place."""
    scored = pbnscore.score(pbnscore.load(THREE_TABLES), "cross-imps")
    people = [s.participant for s in scored.standings]
    assert sorted(int(p.id) for p in people) == list(range(1, 13))
    assert {(p.kind, p.direction) for p in people} == {(ParticipantKind.PLAYER, None)}
    assert ranking_problems(scored.standings) == []
    assert scored.standings[0].rank == 1
    assert [s.rank for s in scored.standings] == sorted(s.rank for s in scored.standings)
    tied = [s for s in scored.standings if s.tied]
    assert {s.participant.id for s in tied} == {"1", "5"}  # 8.50 each
    assert {s.rank for s in tied} == {3}
    assert scored.standings[0].participant.names == ("Cal Cooper",)


# -- output ------------------------------------------------------------------------------


def test_json_through_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    """JSON participants are players (kind ``player``, no direction), and
    each result names its four players."""
    assert main(["score", str(THREE_TABLES), "-m", "cross-imps", "--to", "json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["event"]["kind"] == "individual"
    assert {(p["kind"], p["direction"], p["team"]) for p in out["participants"]} == {
        ("player", None, None)
    }
    first = next(p for p in out["participants"] if p["id"] == "3")
    shown = (first["names"], first["total"], first["boards"], first["rank"])
    assert shown == (["Cal Cooper"], 15, 3, 1)
    line = out["boards"][0]["results"][0]
    assert (line["ns"], line["ew"]) == (None, None)
    assert line["players"] == {"N": "1", "E": "2", "S": "3", "W": "4"}
    assert line["ns_points"] == 4.5


def test_text_and_html_show_players() -> None:
    """The standings are a table of players with their names; travellers
    show who sat N, S, E and W instead of pair numbers."""
    scored = pbnscore.score(pbnscore.load(THREE_TABLES), "cross-imps")
    report = text.render(scored)
    lines = report.splitlines()
    head = lines.index("Players") + 1
    assert lines[head].split() == ["Rank", "Player", "Names", "Total", "Boards", "Average"]
    assert lines[head + 2].split() == ["1", "3", "Cal", "Cooper", "15.00", "3", "5.00"]
    board = lines.index("Board 1") + 2
    assert lines[board].split()[:5] == ["N", "S", "E", "W", "Contract"]
    assert lines[board + 2].split()[:4] == ["1", "3", "2", "4"]
    page = lxml_html.document_fromstring(html.render(scored))
    rows = [[cell.text_content() for cell in row.iter("th", "td")] for row in page.iter("tr")]  # type: ignore[attr-defined]
    assert ["Rank", "Player", "Names", "Total", "Boards", "Average"] in rows
    assert ["1", "3", "Cal Cooper", "15.00", "3", "5.00"] in rows
    assert ["N", "S", "E", "W", "Contract", "By", "Tricks", "Score", "NS pts", "EW pts"] in rows
    assert ["1", "3", "2", "4", "4S", "N", "10", "420", "4.50", "-4.50"] in rows


@pytest.mark.parametrize(
    ("method", "tags"),
    [
        ("butler", ("NS_BUTLER_POINTS", "EW_BUTLER_POINTS")),
        ("cross-imps", ("NS_CROSS_IMP_POINTS", "EW_CROSS_IMP_POINTS")),
    ],
)
def test_usebio_written_back(method: str, tags: tuple[str, str]) -> None:
    """Points on every scored line, TOTAL_SCORE and PLACE on every PLAYER;
    the file reads back as the same individual event and scores the same."""
    event = pbnscore.load(THREE_TABLES)
    scored = pbnscore.score(event, method)
    root = etree.fromstring(usebio.dumps(scored))
    assert root.find("EVENT").get("EVENT_TYPE") == "INDIVIDUAL"
    for board, element in zip(scored.boards, root.iter("BOARD"), strict=True):
        for result, line in zip(board.results, element.iter("TRAVELLER_LINE"), strict=True):
            for tag, points in zip(tags, (result.ns_points, result.ew_points), strict=True):
                written = line.findtext(tag)
                assert written == (None if points is None else f"{float(points):.2f}")
    places = {s.participant.id: s for s in scored.standings}
    players = list(root.iter("PLAYER"))
    assert len(players) == 12
    for player in players:
        standing = places[player.findtext("PLAYER_NUMBER") or ""]
        assert F(player.findtext("TOTAL_SCORE") or "") == round(F(standing.total), 2)
        assert player.findtext("PLACE") == str(standing.rank)
        assert [c.tag for c in player][:3] == ["PLAYER_NUMBER", "TOTAL_SCORE", "PLACE"]
    again = usebio.loads(usebio.dumps(scored), source="again.xml")
    assert again.kind is EventKind.INDIVIDUAL
    assert again.result_count() == event.result_count()
    rescored = pbnscore.score(again, method)
    assert standing_totals(rescored) == standing_totals(scored)


# -- the EBU's example file ------------------------------------------------------------------


@pytest.fixture
def sample(shared_samples: Path) -> Path:
    """The EBU's example individual, as a producing program wrote it."""
    return shared_samples / "usebio" / "payload_individual.xml"


def sample_lines(sample: Path) -> dict[int, list[tuple[str, str, str, str, int]]]:
    """The sample's lines read with lxml alone: (N, E, S, W, score)."""
    lines: dict[int, list[tuple[str, str, str, str, int]]] = {}
    for board in etree.parse(str(sample)).iter("BOARD"):
        lines[int(board.findtext("BOARD_NUMBER") or "")] = [
            (
                *(line.findtext(f"{seat}_PLAYER_NUMBER") or "" for seat in "NESW"),
                int(line.findtext("SCORE") or ""),
            )  # type: ignore[misc]
            for line in board.iter("TRAVELLER_LINE")
        ]
    return lines


@pytest.mark.parametrize("method", ["butler", "cross-imps"])
def test_sample_scores(sample: Path, method: str) -> None:
    """payload_individual.xml: every line's points and every player's total
    (listed or not) agree with the reference methods on the scores as the
    file gives them."""
    lines = sample_lines(sample)
    assert len(lines) == 22 and all(len(board) == 6 for board in lines.values())
    expected: dict[int, list[F | int | None]] = {}
    for number, board in lines.items():
        scores = [line[4] for line in board]
        points = reference.butler(scores)[1] if method == "butler" else reference.cross_imps(scores)
        expected[number] = [ns for ns, _ in points]
    scored = pbnscore.score(pbnscore.load(sample), method)
    assert [[r.ns_points for r in b.results] for b in scored.boards] == list(expected.values())
    assert standing_totals(scored) == totals_from(lines, expected)
    assert ranking_problems(scored.standings) == []


def test_sample_through_the_command_line(tmp_path: Path, sample: Path) -> None:
    """``pbnscore score`` writes the sample back with a total and a place
    for each of its twelve PLAYERs and the 21 players its travellers alone
    name (substitutes and visitors), ties written as it writes them (3=)."""
    out = tmp_path / "scored.xml"
    assert main(["score", str(sample), "-o", str(out)]) == 0
    scored = pbnscore.score(pbnscore.load(sample), "butler")
    listed = {s.participant.id: s for s in scored.standings}
    players = list(etree.parse(str(out)).iter("PLAYER"))
    assert len(players) == len(listed) == 33
    assert sum(s.participant.source_ref is not None for s in listed.values()) == 12
    for player in players:
        standing = listed[player.findtext("PLAYER_NUMBER") or ""]
        assert F(player.findtext("TOTAL_SCORE") or "") == standing.total
        assert player.findtext("PLACE") == f"{standing.rank}{'=' if standing.tied else ''}"
    assert main(["check", str(out)]) == 0


# -- the conformance tests -----------------------------------------------------------------


class TestButlerOnIndividuals(MethodConformance):
    method = Butler

    def conformance_events(self) -> Sequence[Event]:
        return (individual_event(), individual_event(tables=5), pbnscore.load(THREE_TABLES))


class TestCrossImpsOnIndividuals(MethodConformance):
    method = CrossImps

    def conformance_events(self) -> Sequence[Event]:
        return (individual_event(), pbnscore.load(THREE_TABLES))


# -- the same results as a pairs event ---------------------------------------------------------


@st.composite
def seatings(draw: st.DrawFn) -> list[list[tuple[build.Spec, tuple[str, ...]]]]:
    """Boards of up to four tables; each board seats the players 1..16 anew
    (a random permutation), so partners change from board to board."""
    boards = draw(st.lists(build.boards(1, 4), min_size=1, max_size=4))
    seated = []
    for specs in boards:
        order = draw(st.permutations([str(n) for n in range(1, 17)]))
        seated.append([(spec, tuple(order[4 * t : 4 * t + 4])) for t, spec in enumerate(specs)])
    return seated


def individual_and_pairs(
    boards: list[list[tuple[build.Spec, tuple[str, ...]]]],
) -> tuple[Event, Event]:
    """The same results as an individual of players 1..16 (N, E, S, W as
    seated) and as a pairs event of the partnerships: NS pair "N&S", EW pair
    "E&W" (no pairs listed: each is the pair it sat as)."""
    individual, pairs = [], []
    for number, tables in enumerate(boards, start=1):
        individual.append(Board(number, tuple(
            attrs.evolve(build.result(spec, "", ""), ns=None, ew=None, players=seats)
            for spec, seats in tables
        )))  # fmt: skip
        pairs.append(Board(number, tuple(
            build.result(spec, f"{seats[0]}&{seats[2]}", f"{seats[1]}&{seats[3]}")
            for spec, seats in tables
        )))  # fmt: skip
    players = tuple(Participant(str(n), ParticipantKind.PLAYER) for n in range(1, 17))
    return (
        Event(
            EventKind.INDIVIDUAL,
            (Session(None, (Section(None, players, tuple(individual)),)),),
            build.SOURCE,
        ),
        Event(EventKind.PAIRS, (Session(None, (Section(None, (), tuple(pairs)),)),), build.SOURCE),
    )


METHODS = st.one_of(
    st.tuples(st.just("cross-imps"), st.fixed_dictionaries(
        {"normalise": st.sampled_from(["average", "total"])}
    )),
    st.tuples(st.just("butler"), st.fixed_dictionaries({
        "datum": st.sampled_from(["zero-sum", "trimmed-mean", "mean", "median"]),
        "halve": st.booleans(),
    })),
)  # fmt: skip


@settings(max_examples=80)
@given(seatings(), METHODS)
def test_players_inherit_their_pairs_points(
    boards: list[list[tuple[build.Spec, tuple[str, ...]]]], method: tuple[str, dict[str, Any]]
) -> None:
    """Each player's total and boards are those of the partnerships they
    were part of, scored as a pairs event; the players are ranked as one
    field."""
    name, options = method
    individual, pairs = individual_and_pairs(boards)
    players = pbnscore.score(individual, name, **options)
    partnerships = pbnscore.score(pairs, name, **options)
    inherited: dict[str, tuple[F, int]] = {str(n): (F(0), 0) for n in range(1, 17)}
    for standing in partnerships.standings:
        for player in standing.participant.id.split("&"):
            total, played = inherited[player]
            inherited[player] = (total + standing.total, played + standing.boards)
    assert standing_totals(players) == inherited
    assert [b.results for b in players.boards] != [b.results for b in partnerships.boards]
    assert [[(r.ns_points, r.ew_points) for r in b.results] for b in players.boards] == [
        [(r.ns_points, r.ew_points) for r in b.results] for b in partnerships.boards
    ]
    assert ranking_problems(players.standings) == []
    assert {s.participant.kind for s in players.standings} == {ParticipantKind.PLAYER}


# -- what is refused, and what is not --------------------------------------------------------


@pytest.mark.parametrize("method", ["barking", "aggregate"])
def test_teams_methods_refuse_an_individual(
    method: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Barking and aggregate score teams only: a clear error, exit 1."""
    with pytest.raises(ScoringError, match=f"^{method} scores teams events, not an individual"):
        pbnscore.score(pbnscore.load(THREE_TABLES), method)
    assert main(["score", str(THREE_TABLES), "-m", method, "--to", "json"]) == 1
    assert "not an individual event" in capsys.readouterr().err


def with_pair_numbers(data: bytes) -> bytes:
    """The fixture with table numbers written as NS/EW_PAIR_NUMBER on each
    line, as some producers might: they are not the players."""
    root = etree.fromstring(data)
    for board in root.iter("BOARD"):
        for table, line in enumerate(board.iter("TRAVELLER_LINE"), start=21):
            for tag in ("EW_PAIR_NUMBER", "NS_PAIR_NUMBER"):
                element = etree.Element(tag)
                element.text = str(table)
                line.insert(0, element)
    return etree.tostring(root, xml_declaration=True, encoding="UTF-8")


def test_check_has_no_false_alarms() -> None:
    """``check`` finds nothing wrong with the individual fixtures (but the
    one-line board of individual.xml), and pair numbers on an individual's
    lines are not taken for unknown pairs: the file still scores."""
    three = THREE_TABLES.read_bytes()
    assert validate.check_bytes(three, "three.xml") == []
    one = validate.check_bytes((FIXTURE / "individual.xml").read_bytes(), "one.xml")
    assert [(p.severity, p.message) for p in one] == [
        ("warning", "board 1: a single result, nothing to compare it with")
    ]
    numbered = with_pair_numbers(three)
    assert b"<NS_PAIR_NUMBER>21</NS_PAIR_NUMBER>" in numbered
    assert validate.check_bytes(numbered, "numbered.xml") == []
    event = pbnscore.loads(numbered, source="numbered.xml")
    assert event.sessions[0].sections[0].boards[0].results[0].ns == "21"
    assert validate.vet(event).refused == []
    scored = pbnscore.score(event, "cross-imps")
    assert standing_totals(scored) == standing_totals(
        pbnscore.score(pbnscore.load(THREE_TABLES), "cross-imps")
    )


def test_check_on_the_sample(sample: Path) -> None:
    """The EBU's example file checks clean."""
    assert validate.check_bytes(sample.read_bytes(), sample.name) == []
