"""One event, two formats: PBN and USEBIO give the same event and the same scores.

A scorer pointing pbnscore at the PBN or the USEBIO file of an event
gets the same event, and the same scores. Two kinds of twin are checked:

- the project's fixtures written both ways (``fixtures/pbn/X.pbn`` and its
  USEBIO twin, written as the producers of real files write them);
- every PBN fixture scored and written as USEBIO by ``pbnscore score``,
  then read back with the USEBIO reader.

What the formats genuinely say differently is mapped, not ignored:

- identities: PBN names teams (``Lions``) and numbers pairs by team
  (``Lions-1``); a USEBIO teams file numbers teams (TEAM_ID ``1``, TEAM_NAME
  ``Lions``) and pairs by their players (``1-1-2``). Teams are matched by
  name, a team's pairs by their team and players, other pairs by number and
  direction (the same in both formats);
- a USEBIO teams event is always in a SESSION (``SESSION_ID="1"``); PBN
  has no sessions;
- USEBIO has no table numbers (and the USEBIO twins no HANDSET), and
  codes artificial scores as ``A6040`` where PBN writes ``A+``/``A-``: the
  kinds of adjustment are compared, not the spelling.
"""

from __future__ import annotations

from collections.abc import Hashable
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import pbnscore
from pbnscore import registry, usebio
from pbnscore.cli import main
from pbnscore.errors import ScoringError
from pbnscore.model import (
    Direction,
    Event,
    EventKind,
    Participant,
    ParticipantKind,
    Result,
    ScoredEvent,
)

FIXTURES = Path(__file__).parent.parent / "fixtures"
PBN_FIXTURES = sorted((FIXTURES / "pbn").glob("*.pbn"))

TWINS = [
    pytest.param("teams-of-four.pbn", "teams-of-four-two-matches.xml", id="teams-of-four"),
    pytest.param("teams-of-eight-one-match.pbn", "teams-of-eight-one-match.xml", id="eight-one"),
    pytest.param(
        "teams-of-eight-three-matches.pbn", "teams-of-eight-three-matches.xml", id="eight-three"
    ),
    pytest.param("mitchell-pairs.pbn", "mitchell-pairs.xml", id="mitchell"),
    pytest.param("howell-pairs.pbn", "howell-pairs.xml", id="howell"),
]


def methods_for(kind: EventKind) -> list[str]:
    """Every built-in method that scores events of ``kind``."""
    return [name for name in registry.BUILTINS if kind in registry.get(name).kinds]


def test_methods_for_each_kind() -> None:
    """The built-ins compared below: all four for teams, the pairs methods for pairs."""
    assert sorted(methods_for(EventKind.TEAMS)) == ["aggregate", "barking", "butler", "cross-imps"]
    assert sorted(methods_for(EventKind.PAIRS)) == ["butler", "cross-imps"]


def twins(pbn_name: str, usebio_name: str) -> tuple[Event, Event]:
    return (
        pbnscore.load(FIXTURES / "pbn" / pbn_name),
        pbnscore.load(FIXTURES / "usebio" / usebio_name),
    )


# -- views of an event that both formats can give -----------------------------


class Identity:
    """Names for one event's participants that mean the same in both formats."""

    def __init__(self, event: Event) -> None:
        self.team_names = {
            team.id: team.name or team.id for session in event.sessions for team in session.teams
        }
        self.pairs: dict[tuple[str, str | None], Participant] = {}  # (id, team) -> pair
        for session in event.sessions:
            for team in session.teams:
                for member in team.members:
                    self.pairs[(member.id, team.id)] = member

    def team(self, team_id: str) -> str:
        return self.team_names[team_id]

    def participant(self, participant: Participant) -> Hashable:
        if participant.kind is ParticipantKind.TEAM:
            return ("team", self.team(participant.id))
        if participant.team is not None:
            return ("team pair", self.team(participant.team), tuple(sorted(participant.names)))
        direction = participant.direction.value if participant.direction else None
        return (participant.kind.value, participant.id, direction, participant.section)

    def pair(self, number: str | None, team: str | None) -> Hashable:
        """A traveller line's pair: in a teams event, the team's pair of that number."""
        if team is None:
            return number
        return self.participant(self.pairs[(number or "", team)])


def session_id(event: Event, session: str | None) -> str | None:
    """A USEBIO teams event's one session is "1"; PBN has none (see above)."""
    if event.kind is EventKind.TEAMS and session is None and len(event.sessions) == 1:
        return "1"
    return session


def result_view(result: Result) -> tuple[object, ...]:
    adjusted = result.adjusted
    return (
        result.outcome,
        result.score,
        result.contract,
        result.declarer,
        result.tricks,
        result.lead,
        None if adjusted is None else (adjusted.ns, adjusted.ew),
    )


View = dict[Hashable, tuple[object, ...]]


def results_view(event: Event) -> View:
    """Every result of the event by (session, board, NS pair, EW pair), with
    the teams sat NS and EW in a teams event."""
    who = Identity(event)
    found: View = {}
    count = 0
    for session in event.sessions:
        sid = session_id(event, session.id)
        for section in session.sections:
            for board in section.boards:
                for result in board.results:
                    found[(sid, section.id, board.number, result.ns, result.ew)] = result_view(
                        result
                    )
                    count += 1
        for match in session.matches:
            for board in match.boards:
                for result in board.results:
                    home_ns = result.home_direction is Direction.NS
                    ns_team, ew_team = (
                        (match.team, match.opponent) if home_ns else (match.opponent, match.team)
                    )
                    ns, ew = who.pair(result.ns, ns_team), who.pair(result.ew, ew_team)
                    teams = (who.team(ns_team), who.team(ew_team), match.round)
                    found[(sid, board.number, ns, ew)] = (*result_view(result), teams)
                    count += 1
    assert len(found) == count, "two results of one event have the same identity"
    return found


def participants_view(event: Event) -> View:
    who = Identity(event)
    found: View = {
        who.participant(p): (p.kind, p.names, p.direction, who.team(p.team) if p.team else None)
        for p in event.participants()
    }
    assert len(found) == sum(1 for _ in event.participants())
    return found


def event_view(event: Event) -> dict[str, Any]:
    return {
        "kind": event.kind,
        "title": event.title,
        "date": event.date,
        # where it was: PBN's Site (a venue) is written as USEBIO's club by
        # the programs that made the twins
        "where": event.venue or (event.club.name if event.club else None),
        "participants": participants_view(event),
        "results": results_view(event),
    }


# -- views of a scored event ---------------------------------------------------


def scores_view(scored: ScoredEvent) -> dict[str, View]:
    """Standings, each result's points and each match, keyed by identity."""
    event = scored.event
    who = Identity(event)
    standings: View = {
        who.participant(s.participant): (
            s.total,
            s.boards,
            s.rank,
            s.tied,
            session_id(event, s.session),
        )
        for s in scored.standings
    }
    assert len(standings) == len(scored.standings)
    # Results are matched to their points through the event: a scored
    # board's results are the input board's, in its order.
    lines = list(results_view(event))
    points: View = {}
    for board in scored.boards:
        for scored_result in board.results:
            points[lines[len(points)]] = (
                scored_result.result.score,
                scored_result.ns_points,
                scored_result.ew_points,
                board.datum,
                board.exact_datum,
                session_id(event, board.session),
                board.section,
            )
    assert len(points) == len(lines)
    matches: View = {
        (session_id(event, m.session), m.round, who.team(m.team), who.team(m.opponent)): (
            m.imps,
            m.opponent_imps,
            m.vp,
            m.opponent_vp,
            tuple((b.number, b.imps) for b in m.boards),
        )
        for m in scored.matches
    }
    assert len(matches) == len(scored.matches)
    return {"standings": standings, "points": points, "matches": matches}


def test_results_view_follows_scored_board_order() -> None:
    """scores_view pairs points with results by order: the scored boards hold
    the input's results, board by board, in the input's order."""
    assert PBN_FIXTURES, "no PBN fixture"
    for path in PBN_FIXTURES:
        event = pbnscore.load(path)
        scored = pbnscore.score(event)
        boards = [b for s in event.sessions for sec in s.sections for b in sec.boards]
        boards += [b for s in event.sessions for m in s.matches for b in m.boards]
        inputs = [result for board in boards for result in board.results]
        assert [r.result for b in scored.boards for r in b.results] == inputs


# -- the twin fixtures ---------------------------------------------------------


@pytest.mark.parametrize(("pbn_name", "usebio_name"), TWINS)
def test_twins_are_the_same_event(pbn_name: str, usebio_name: str) -> None:
    """Both readers give the same teams, pairs, boards, contracts, declarers,
    tricks, scores and seating."""
    from_pbn, from_usebio = twins(pbn_name, usebio_name)
    assert from_pbn.source.format == "pbn" and from_usebio.source.format == "usebio"
    pbn_view, usebio_view = event_view(from_pbn), event_view(from_usebio)
    assert pbn_view["participants"] == usebio_view["participants"]
    assert pbn_view["results"] == usebio_view["results"]
    assert pbn_view == usebio_view


@pytest.mark.parametrize(("pbn_name", "usebio_name"), TWINS)
def test_twins_check_clean(
    pbn_name: str, usebio_name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """``pbnscore check`` finds nothing wrong in either file: no pair plays a
    board twice, every score is its contract's."""
    pbn_path, usebio_path = FIXTURES / "pbn" / pbn_name, FIXTURES / "usebio" / usebio_name
    assert main(["check", str(pbn_path), str(usebio_path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert [line.split(": ", 1)[0] for line in out] == [str(pbn_path), str(usebio_path)]
    assert all(line.endswith("; no problems") for line in out)  # not even a warning


@pytest.mark.parametrize(("pbn_name", "usebio_name"), TWINS)
def test_twins_score_the_same(pbn_name: str, usebio_name: str) -> None:
    """Every built-in method for the event's kind gives the same standings
    (totals, boards, ranks), the same points on every result and the same
    matches from either file."""
    from_pbn, from_usebio = twins(pbn_name, usebio_name)
    methods = methods_for(from_pbn.kind)
    assert methods
    for method in methods:
        pbn_scores = scores_view(pbnscore.score(from_pbn, method))
        usebio_scores = scores_view(pbnscore.score(from_usebio, method))
        for part in ("standings", "points", "matches"):
            assert pbn_scores[part] == usebio_scores[part], (method, part)
        assert pbn_scores["standings"], method


@pytest.mark.parametrize(("pbn_name", "usebio_name"), TWINS)
def test_twins_json_the_same(
    pbn_name: str, usebio_name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Through the command line, the JSON standings agree once each format's
    own ids are put aside: same names, totals, boards, ranks, in the same
    order."""
    import json

    def standings(path: Path, method: str) -> list[tuple[object, ...]]:
        assert main(["score", str(path), "-m", method, "--to", "json"]) == 0
        document = json.loads(capsys.readouterr().out)
        return [
            (p["kind"], p["names"], p["total"], p["boards"], p["rank"], p["tied"])
            for p in document["participants"]
        ]

    kind = pbnscore.load(FIXTURES / "pbn" / pbn_name).kind
    for method in methods_for(kind):
        in_pbn = standings(FIXTURES / "pbn" / pbn_name, method)
        in_usebio = standings(FIXTURES / "usebio" / usebio_name, method)
        assert sorted(in_pbn, key=repr) == sorted(in_usebio, key=repr), method


def test_a_pass_out_has_no_declarer_in_either_format() -> None:
    """BridgeWebs writes "PASS N -" and USEBIO producers PLAYED_BY N on a
    passed-out board; neither reader keeps the seat."""
    event = pbnscore.load(FIXTURES / "pbn" / "bridgewebs-no-scores.pbn")
    passes = [
        result
        for session in event.sessions
        for section in session.sections
        for board in section.boards
        for result in board.results
        if result.outcome.value == "passed-out"
    ]
    assert passes
    assert {(r.declarer, r.tricks, r.score) for r in passes} == {(None, None, 0)}
    xml = (FIXTURES / "usebio" / "teams-of-eight-one-match.xml").read_bytes()
    assert b"<CONTRACT>PASS</CONTRACT>\n" in xml and b"<PLAYED_BY>N</PLAYED_BY>" in xml
    (match,) = usebio.loads(xml).sessions[0].matches
    passed = match.boards[2].results[1]
    assert (passed.outcome.value, passed.declarer, passed.tricks) == ("passed-out", None, None)


# -- PBN scored, written as USEBIO, read back -------------------------------------


def written(path: Path, method: str, out_dir: Path) -> Path:
    out = out_dir / f"{path.stem}.{method}.xml"
    assert main(["score", str(path), "-m", method, "-o", str(out)]) == 0
    return out


def pbn_write_methods(path: Path) -> list[str]:
    kind = pbnscore.load(path).kind
    return ["butler", "aggregate"] if kind is EventKind.TEAMS else ["butler"]


@pytest.mark.parametrize("path", PBN_FIXTURES, ids=lambda p: p.stem)
def test_pbn_written_as_usebio_reads_back(path: Path, tmp_path: Path) -> None:
    """``pbnscore score X.pbn -m butler -o X.xml`` (and ``-m aggregate`` for
    teams): the USEBIO reader finds the same event in X.xml, with its pair
    and team ids kept, and every method scores it the same."""
    original = pbnscore.load(path)
    for method in pbn_write_methods(path):
        back = pbnscore.load(written(path, method, tmp_path))
        assert back.source.format == "usebio"
        assert event_view(back) == event_view(original), method
        # Ids survive the trip: the same participants, not just look-alikes.
        assert [(p.kind, p.id, p.direction, p.team, p.names) for p in back.participants()] == [
            (p.kind, p.id, p.direction, p.team, p.names) for p in original.participants()
        ]
        for again in methods_for(original.kind):
            assert scored_or_refused(back, again) == scored_or_refused(original, again), (
                method,
                again,
            )


def scored_or_refused(event: Event, method: str) -> dict[str, View] | str:
    """The scores, or why the method refuses the event (barking, one match
    of two tables a board)."""
    try:
        return scores_view(pbnscore.score(event, method))
    except ScoringError as refused:
        return str(refused)


@pytest.mark.parametrize("path", PBN_FIXTURES, ids=lambda p: p.stem)
def test_pbn_written_as_usebio_carries_the_scores(path: Path, tmp_path: Path) -> None:
    """The written file holds the method's own scores: per pair or team its
    TOTAL_SCORE and PLACE (butler on pairs, aggregate on teams)."""
    from lxml import etree

    original = pbnscore.load(path)
    method = "aggregate" if original.kind is EventKind.TEAMS else "butler"
    scored = pbnscore.score(original, method)
    root = etree.parse(str(written(path, method, tmp_path))).getroot()
    tag = "TEAM" if original.kind is EventKind.TEAMS else "PAIR"
    in_file = {
        (
            element.get("TEAM_ID") or element.findtext("PAIR_NUMBER"),
            element.findtext("DIRECTION"),
        ): (
            element.findtext("TOTAL_SCORE"),
            element.findtext("PLACE"),
        )
        for participants in root.iter("PARTICIPANTS")
        for element in participants.iterchildren(tag)
    }
    expected = {
        (s.participant.id, s.participant.direction.value if s.participant.direction else None): (
            two_places(s.total),
            str(s.rank),
        )
        for s in scored.standings
        if s.participant.team is None
    }
    assert in_file == expected


def two_places(value: Fraction | int) -> str:
    """Hundredths, halves away from zero (docs/reference/reports.md "Numbers as
    scorers write them")."""
    hundredths = abs(Fraction(value)) * 100
    whole = int(hundredths + Fraction(1, 2))
    sign = "-" if value < 0 and whole else ""
    return f"{sign}{whole // 100}.{whole % 100:02d}"


# -- PBN -> USEBIO -> score: one file, one answer ---------------------------------

ROW = st.tuples(
    st.sampled_from(["Pass", "4S N 10", "3NT S 8", "2HX E 7"]),
    st.integers(-76, 76).map(lambda n: n * 10),
)


@given(st.lists(st.lists(ROW, min_size=2, max_size=4), min_size=1, max_size=3))
def test_pbn_and_its_usebio_score_the_same(boards: list[list[tuple[str, int]]]) -> None:
    """Any pairs PBN, passed-out rows with a score of their own included,
    scores the same read directly and read back from pbnscore's USEBIO of it."""
    games = []
    for number, rows in enumerate(boards, 1):
        lines = [f'[Board "{number}"]', '[Vulnerable "None"]']
        lines.append('[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS"]')
        for table, (play, score) in enumerate(rows, 1):
            contract, declarer, tricks = play.split() if play != "Pass" else ("Pass", "-", "-")
            lines.append(f"{table} {table} {contract} {declarer} {tricks} {score}")
        games.append("\n".join(lines))
    event = pbnscore.loads(("\n\n".join(games) + "\n").encode(), source="p.pbn")
    again = usebio.loads(usebio.dumps(event), source="p.xml")
    direct, round_trip = pbnscore.score(event, "butler"), pbnscore.score(again, "butler")
    assert scores_view(direct) == scores_view(round_trip)
