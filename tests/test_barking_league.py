"""Barking's teams: after barking's one ranking of every pair, each output
shows the teams' match results and standing as the league scores them
(the aggregate method's IMPs and VPs on the same event), and each pair's
barking rank is its place in USEBIO and PBN (docs/reference/choices.md
"Barking's teams", docs/tutorials/teams-of-eight.md).

The match figures are worked out here from the file itself, read without
pbnscore's readers (``test_barking_files``): per board the home team's
signed scores at the match's four tables added, then looked up in the
Law's rows (``reference.imp``), board by board.
"""

from __future__ import annotations

import csv
import io
import re
from collections import defaultdict
from fractions import Fraction
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from lxml import etree
from lxml import html as lxml_html

import model_events as build
import pbnscore
import reference
from pbnscore.errors import ScoringError
from pbnscore.imps import wbf_vps
from pbnscore.model import ParticipantKind, ScoredEvent
from pbnscore.report import json as report_json
from test_barking_files import FIXTURES, by_board, tables_of

THREE = FIXTURES / "usebio" / "teams-of-eight-three-matches.xml"
FILES = [
    pytest.param("usebio/teams-of-eight-three-matches.xml", id="usebio-three"),
    pytest.param("pbn/teams-of-eight-three-matches.pbn", id="pbn-three"),
    pytest.param("usebio/teams-of-eight-one-match.xml", id="usebio-one"),
    pytest.param("pbn/teams-of-eight-one-match.pbn", id="pbn-one"),
]


def written(scored: ScoredEvent, to: str) -> str:
    """The document ``to`` of ``scored``, as text (UTF-8, a CSV's BOM left out)."""
    return pbnscore.dumps(scored, to).decode("utf-8-sig")


def barking(path: Path) -> ScoredEvent:
    return pbnscore.score(pbnscore.load(path), "barking")


def aggregate(path: Path) -> ScoredEvent:
    return pbnscore.score(pbnscore.load(path), "aggregate")


# -- the figures, by plain loops -----------------------------------------------------


@pytest.mark.parametrize("name", FILES)
def test_match_results_and_standing_by_plain_loops(name: str) -> None:
    """Each match's IMPs gained and lost (the home team's NS-signed scores at
    its four tables added, then IMPed, board by board), its WBF VPs for its
    length, and each team's VPs over its matches, ranked best first."""
    path = FIXTURES / name
    tables = tables_of(path)
    document = report_json.to_dict(barking(path))
    teams = [p for p in document["participants"] if p["kind"] == "team"]
    named = {team["id"]: team["names"][0] for team in teams}

    expected: dict[tuple[str, str], tuple[int, int, int]] = {}
    for home, visit in dict.fromkeys(t.match for t in tables):
        gained = lost = 0
        match_boards = by_board([t for t in tables if t.match == (home, visit)])
        for played in match_boards.values():
            assert len(played) == 4
            added = 0
            for table in played:
                added += table.score if table.ns_team == home else -table.score
            won = reference.imp(added)
            if won > 0:
                gained += won
            else:
                lost -= won
        expected[home, visit] = (gained, lost, len(match_boards))

    got = {(named[m["team"]], named[m["opponent"]]): m for m in document["matches"]}
    assert got.keys() == expected.keys()
    vps: dict[str, Fraction] = defaultdict(Fraction)
    for (home, visit), (gained, lost, boards) in expected.items():
        match = got[home, visit]
        assert (match["imps"], match["opponent_imps"]) == (gained, lost)
        home_vp, away_vp = wbf_vps(gained - lost, boards)
        assert match["vp"] == pytest.approx(float(home_vp))
        assert match["opponent_vp"] == pytest.approx(float(away_vp))
        vps[home] += home_vp
        vps[visit] += away_vp

    assert {named[t["id"]]: t["total"] for t in teams} == pytest.approx(
        {team: float(vp) for team, vp in vps.items()}
    )
    assert [t["total"] for t in teams] == sorted((t["total"] for t in teams), reverse=True)
    assert [t["rank"] for t in teams if not t["tied"]] == [
        at for at, t in enumerate(teams, 1) if not t["tied"]
    ]
    for team in teams:
        own = [m for key, m in got.items() if named[team["id"]] in key]
        assert team["matches"] == len(own)


# -- one source of truth: the aggregate method -------------------------------------------

# Teams of eight: four tables a match, one to four matches on the same boards.
matches_of_eight = st.lists(
    st.lists(build.boards(4, 4), min_size=1, max_size=3), min_size=1, max_size=4
).map(lambda matches: [boards[: min(len(b) for b in matches)] for boards in matches])


@settings(max_examples=60, deadline=None)
@given(
    matches_of_eight,
    st.sampled_from([2, 3]),
    st.sampled_from([None, 12]),
    st.sampled_from(["steps", "continuous"]),
)
def test_teams_are_what_aggregate_gives(
    matches: list[list[list[build.Spec]]], artificial: int, cap: int | None, form: str
) -> None:
    """On any teams-of-eight event (adjusted and unplayed tables mixed in)
    barking's matches and teams' standings are exactly aggregate's with the
    options they share; its pairs' points are barking's own, and its
    standings lead with the pairs ranked, then the teams as aggregate
    ranks them."""
    event = build.teams_event(matches)
    options: dict[str, Any] = {"artificial_imps": artificial, "imp_cap": cap, "imps": form}
    try:
        scored = pbnscore.score(event, "barking", **options)
    except ScoringError:
        assume(False)  # no board with four real tables: barking refuses
        raise
    try:
        league = pbnscore.score(event, "aggregate", **options)
    except ScoringError:  # aggregate scores nobody: no match played at every table
        assert scored.matches and all(not match.boards for match in scored.matches)
        return
    assert scored.matches == league.matches
    kinds = [s.participant.kind for s in scored.standings]
    pairs = kinds.count(ParticipantKind.PAIR)
    assert kinds == [ParticipantKind.PAIR] * pairs + [ParticipantKind.TEAM] * (len(kinds) - pairs)
    assert scored.standings[pairs:] == league.standings
    ranks = [s.rank for s in scored.standings[:pairs] if s.rank is not None]
    assert ranks == sorted(ranks)
    assert scored.style == pbnscore.score(event, "barking", **options).style


def test_a_matchless_barking_event_keeps_its_pairs() -> None:
    """Aggregate cannot score a match whose tables do not say which way the
    home team sat: barking still ranks its pairs, and says the teams' matches
    are not scored, once."""
    event = build.teams_event([[[420, 450, -100, 100]]])
    session = event.sessions[0]
    (match,) = session.matches
    (board,) = match.boards
    unseated = tuple(attrs.evolve(r, home_direction=None) for r in board.results)
    board = attrs.evolve(board, results=unseated)
    event = attrs.evolve(
        event,
        sessions=(attrs.evolve(session, matches=(attrs.evolve(match, boards=(board,)),)),),
    )
    # The layout seats a table's pairs by their teams: without a home
    # direction the pairs' own numbers say where they sat.
    scored = pbnscore.score(event, "barking")
    assert scored.matches == ()
    said = [n.message for n in scored.warnings if "matches" in n.message]
    assert len(said) == 1, scored.warnings


# -- every output ------------------------------------------------------------------------


def _section(text: str, heading: str) -> str:
    """A text report's section: from its heading to the next one."""
    found = re.search(rf"^{heading}\n-+\n(.*?)(?=^\S[^\n]*\n-+\n|\Z)", text, re.M | re.S)
    assert found is not None, heading
    return found[1]


def _teams_table(text: str) -> str:
    found = re.search(r"^Teams .*?(?=\n\n|\Z)", text, re.M | re.S)
    assert found is not None
    return found[0]


def test_text_shows_the_pairs_then_the_league() -> None:
    """Text: the pairs ranked 1 to 24, then the teams' standing and the
    matches exactly as aggregate's report shows them."""
    ours = written(barking(THREE), "text")
    theirs = written(aggregate(THREE), "text")
    ranking = _section(ours, "Ranking")
    assert ranking.index("\nPairs\n") < ranking.index("\nTeams ")
    ranks = re.findall(r"^(\d+)=?\s+\d-\d-\d", ranking, re.M)
    assert [int(r) for r in ranks] == list(range(1, 25))
    assert _teams_table(ranking) == _teams_table(_section(theirs, "Ranking"))
    assert "IMPs for" in _teams_table(ranking) and " VP " in _teams_table(ranking)
    assert _section(ours, "Matches") == _section(theirs, "Matches")


def _html_tables(text: str) -> dict[str, list[list[str]]]:
    root: Any = lxml_html.document_fromstring(text)
    found: dict[str, list[list[str]]] = {}
    for table in root.iter("table"):
        heading = table.getparent().getprevious()
        while heading is not None and heading.tag != "h3":
            heading = heading.getprevious()
        title = heading.text_content() if heading is not None else ""
        rows = [[c.text_content() for c in row.iter("th", "td")] for row in table.iter("tr")]
        found.setdefault(title, rows)
    return found


def test_html_shows_the_pairs_then_the_league() -> None:
    """HTML: the first table is every pair ranked 1 to N; then the teams'
    standing (IMPs for and against, VPs) and the match list, as aggregate's
    page shows them."""
    ours = written(barking(THREE), "html")
    theirs = written(aggregate(THREE), "html")
    root: Any = lxml_html.document_fromstring(ours)
    first = next(root.iter("table"))
    ranks = [row.findtext("td") for row in first.iterfind("tbody/tr")]
    assert ranks == [str(n) for n in range(1, 25)]
    mine, league = _html_tables(ours), _html_tables(theirs)
    assert mine["Teams"] == league["Teams"]
    assert "VP" in mine["Teams"][0] and "IMPs for" in mine["Teams"][0]
    assert mine[""] == league[""]  # the list of matches (untitled)
    assert root.find(".//section[@id='matches']") is not None


def test_csv_teams_rows_are_the_league_standing() -> None:
    """CSV: the 24 pairs ranked, then the six teams with their VPs as total,
    matches played and IMPs for and against (empty on a pair's row)."""
    text = written(barking(THREE), "csv")
    rows = list(csv.DictReader(io.StringIO(text)))
    assert [r["Kind"] for r in rows] == ["pair"] * 24 + ["team"] * 6
    assert [r["Rank"] for r in rows[:24]] == [str(n) for n in range(1, 25)]
    league = {s.participant.id: s for s in aggregate(THREE).standings}
    for row in rows[24:]:
        standing = league[row["Id"]]
        assert Fraction(row["Total"]) == pytest.approx(standing.total, abs=0.005)
        assert row["Rank"] == str(standing.rank)
        assert row["Matches"] == "1"
        assert row["IMPs for"] != "" and row["IMPs against"] != ""
    assert all(row["Matches"] == "" for row in rows[:24])


def test_json_matches_and_teams_are_aggregates() -> None:
    """JSON: the pairs first, ranked; the teams and the matches as
    ``-m aggregate`` writes them."""
    ours = report_json.to_dict(barking(THREE))
    theirs = report_json.to_dict(aggregate(THREE))
    assert ours["matches"] == theirs["matches"] != []
    pairs = [p for p in ours["participants"] if p["kind"] == "pair"]
    assert [p["rank"] for p in pairs] == list(range(1, 25))
    assert ours["participants"][: len(pairs)] == pairs
    assert ours["participants"][len(pairs) :] == theirs["participants"]
    assert ours["method"]["name"] == "barking"


# -- places: USEBIO and PBN ----------------------------------------------------------------


def test_usebio_places_are_the_pairs_barking_ranks(tmp_path: Path) -> None:
    """Each TEAM/PAIR's PLACE is the pair's barking rank; PAIR_IMPS stays
    its total; the file reads back and scores the same."""
    scored = barking(THREE)
    ranks = {
        s.participant.id: (s.rank, s.tied)
        for s in scored.standings
        if s.participant.kind is ParticipantKind.PAIR
    }
    out = tmp_path / "out.xml"
    pbnscore.dump(scored, out, "usebio")
    root = etree.parse(str(out), pbnscore.usebio.PARSER).getroot()
    places = {
        pair.findtext("PAIR_NUMBER"): pair.findtext("PLACE")
        for pair in root.iterfind("EVENT/SESSION/PARTICIPANTS/TEAM/PAIR")
    }
    assert places == {pair: str(rank) for pair, (rank, _) in ranks.items()}
    again = barking(out)
    assert [(s.participant.id, s.rank) for s in again.standings] == [
        (s.participant.id, s.rank) for s in scored.standings
    ]


def test_pbn_ranking_table_leads_with_the_pairs(tmp_path: Path) -> None:
    """PBN: the TotalScoreTable's first rows are the pairs ranked 1 to 24,
    in order; then the teams, with their VPs."""
    text = written(barking(THREE), "pbn").replace("\r\n", "\n")
    header = re.search(r'^\[TotalScoreTable "([^"]*)"\]\n(.*?)\n\n', text, re.M | re.S)
    assert header is not None
    columns = [c.split("\\")[0] for c in header[1].split(";")]
    rows = [re.findall(r'"[^"]*"|\S+', line) for line in header[2].splitlines()]
    cells = [dict(zip(columns, row, strict=True)) for row in rows]
    assert [c["PairId"] != "-" for c in cells] == [True] * 24 + [False] * 6
    assert [c["Rank"] for c in cells[:24]] == [str(n) for n in range(1, 25)]
    league = {s.participant.id: s for s in aggregate(THREE).standings}
    assert "TotalVP" in columns
    for team in cells[24:]:
        assert Fraction(team["TotalVP"]) == pytest.approx(league[team["TeamId"]].total, abs=0.005)
    # Read back: the same points.
    out = tmp_path / "out.pbn"
    out.write_text(text, encoding="utf-8")
    again = barking(out)
    assert sorted((s.participant.id, s.total) for s in again.standings) == sorted(
        (s.participant.id, s.total) for s in barking(THREE).standings
    )
