"""The USEBIO writer: method-owned elements set in place or inserted where
they belong, everything else kept; documents built from PBN-style events;
round trips through the reader.

Scored events are built by hand here (:func:`hand_scored`) so that these
tests do not depend on the scoring methods."""

from __future__ import annotations

import datetime as dt
import io
from collections import defaultdict
from collections.abc import Iterable
from fractions import Fraction
from pathlib import Path

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lxml import etree

from pbnscore import usebio
from pbnscore._numbering import natural_key, with_pairs
from pbnscore.figures import points_text
from pbnscore.imps import imps, wbf_vps
from pbnscore.model import (
    Adjusted,
    AdjustedKind,
    Board,
    BoardImps,
    Club,
    Contract,
    Direction,
    Event,
    EventKind,
    Match,
    Outcome,
    Participant,
    ParticipantKind,
    Player,
    Points,
    PointsStyle,
    Result,
    Risk,
    ScoredBoard,
    ScoredEvent,
    ScoredMatch,
    ScoredResult,
    Seat,
    Section,
    Session,
    Source,
    Strain,
)
from pbnscore.strategies._ranking import rank
from pbnscore.usebio._writer import AWARDS

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "usebio"

# -- a scored event by hand ----------------------------------------------------


def datum_of(results: Iterable[Result]) -> int | None:
    """A simple datum: the mean of the real scores, down to a multiple of 10."""
    real = [r.score for r in results if r.is_real and r.score is not None]
    return sum(real) // len(real) // 10 * 10 if real else None


def scored_board(
    session: str | None, section: str | None, board: Board, field: list[Result]
) -> ScoredBoard:
    datum = datum_of(field)
    scored = []
    for result in board.results:
        if result.is_real and datum is not None and result.score is not None:
            ns = Fraction(imps(result.score - datum))
            scored.append(ScoredResult(result, ns, -ns))
        elif result.outcome is Outcome.ADJUSTED:
            scored.append(ScoredResult(result, Fraction(3), Fraction(-3)))
        else:
            scored.append(ScoredResult(result, None, None))
    return ScoredBoard(session, section, board.number, datum, tuple(scored), board.source_ref)


def pair_totals(
    event: Event, boards: Iterable[ScoredBoard]
) -> list[tuple[Participant, Points, int]]:
    """Each pair's sum of points, found by (section, id, direction)."""
    by_key: dict[tuple[str | None, str, Direction | None], Participant] = {}
    for participant in event.participants():
        if participant.kind is not ParticipantKind.TEAM:
            by_key[(participant.section, participant.id, participant.direction)] = participant
    totals: dict[Participant, Points] = defaultdict(Fraction)
    played: dict[Participant, int] = defaultdict(int)
    for board in boards:
        for scored in board.results:
            sides = ((scored.result.ns, Direction.NS, scored.ns_points),
                     (scored.result.ew, Direction.EW, scored.ew_points))  # fmt: skip
            for pair_id, direction, points in sides:
                pair = by_key.get((board.section, pair_id or "", direction)) or by_key.get(
                    (board.section, pair_id or "", None)
                )
                if pair is not None and points is not None:
                    totals[pair] += points
                    played[pair] += 1
    return [(p, totals[p], played[p]) for p in by_key.values()]


def scored_matches(event: Event, vp: bool) -> list[ScoredMatch]:
    """Aggregate: each board's home-signed scores summed, then IMPed."""
    out = []
    for session in event.sessions:
        for match in session.matches:
            boards = []
            for board in match.boards:
                total = sum(
                    (r.score if r.home_direction is Direction.NS else -r.score)
                    for r in board.results
                    if r.score is not None
                )
                boards.append(BoardImps(board.number, Fraction(imps(total))))
            ours = sum((b.imps for b in boards if b.imps > 0), Fraction(0))
            theirs = -sum((b.imps for b in boards if b.imps < 0), Fraction(0))
            vps = wbf_vps(ours - theirs, len(boards)) if vp else (None, None)
            out.append(
                ScoredMatch(session.id, match.round, match.team, match.opponent, tuple(boards),
                            ours, theirs, vps[0], vps[1], match.source_ref)
            )  # fmt: skip
    return out


def hand_scored(
    event: Event, style: PointsStyle = PointsStyle.BUTLER, *, vp: bool = True
) -> ScoredEvent:
    """A ScoredEvent made without any scoring method: a mean datum per field,
    IMPs against it, totals and ranks from those (teams: aggregate IMPs)."""
    boards: list[ScoredBoard] = []
    for session in event.sessions:
        for section in session.sections:
            for board in section.boards:
                boards.append(scored_board(session.id, section.id, board, list(board.results)))
        field: dict[int, list[Result]] = defaultdict(list)
        for match in session.matches:
            for board in match.boards:
                field[board.number].extend(board.results)
        for match in session.matches:
            for board in match.boards:
                boards.append(scored_board(session.id, None, board, field[board.number]))
    if style is PointsStyle.AGGREGATE:
        matches = scored_matches(event, vp)
        team_totals: dict[str, Points] = defaultdict(Fraction)
        for m in matches:
            team_totals[m.team] += m.vp if m.vp is not None else m.imps
            team_totals[m.opponent] += (
                m.opponent_vp if m.opponent_vp is not None else m.opponent_imps
            )
        teams = [t for s in event.sessions for t in s.teams]
        standings = rank((t, team_totals[t.id], 1) for t in teams)
        return ScoredEvent(
            event=event,
            method="aggregate",
            style=style,
            options={},
            boards=tuple(boards),
            standings=standings,
            matches=tuple(matches),
        )
    standings = rank(pair_totals(event, boards))
    return ScoredEvent(
        event=event,
        method=style.name,
        style=style,
        options={},
        boards=tuple(boards),
        standings=standings,
        matches=(),
        datum_label="mean",
    )


# -- helpers -------------------------------------------------------------------


def fixture(name: str) -> Event:
    return usebio.load(FIXTURES / name)


def tree_of(data: bytes) -> etree._Element:
    return etree.fromstring(data, usebio.PARSER)


def texts(root: etree._Element, path: str) -> list[str | None]:
    return [e.text for e in root.iterfind(path)]


def child_tags(element: etree._Element) -> list[str]:
    return [c.tag for c in element if isinstance(c.tag, str)]


# With the input's awards, which the method drops where its places differ.
BUTLER_OWNED = frozenset(
    {"BOARD_AVERAGE", "NS_BUTLER_POINTS", "EW_BUTLER_POINTS", "TOTAL_SCORE", "PLACE",
     "BOARD_SCORING_METHOD", "SCORING_METHOD", *AWARDS}
)  # fmt: skip


def without_owned(data: bytes, owned: frozenset[str]) -> str:
    """The canonical form of a document less what a method owns: its
    elements, EVENT_TYPE attributes and the Version."""
    root = tree_of(data)
    for element in [e for e in root.iter() if e.tag in owned]:
        parent = element.getparent()
        assert parent is not None
        parent.remove(element)
    root.attrib.pop("Version", None)
    for element in root.iter("EVENT", "PARTICIPANTS", "BOARD"):
        element.attrib.pop("EVENT_TYPE", None)
    return etree.canonicalize(root, with_comments=True, strip_text=True)


def assert_kept(before: bytes, after: bytes, owned: frozenset[str] = BUTLER_OWNED) -> None:
    """Everything of the input the method does not own is in the output, in order."""
    assert without_owned(after, owned) == without_owned(before, owned)


# -- format --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "text"),
    [
        pytest.param(Fraction(6), "6.00", id="whole"),
        pytest.param(Fraction(-1, 4), "-0.25", id="quarter"),
        pytest.param(Fraction(76, 7), "10.86", id="sevenths"),
        pytest.param(Fraction(1, 200), "0.01", id="half-cent-up"),
        pytest.param(Fraction(-1, 200), "-0.01", id="half-cent-away"),
        pytest.param(Fraction(-1, 1000), "0.00", id="no-minus-zero"),
        pytest.param(Fraction(-123, 1), "-123.00", id="negative"),
    ],
)
def test_points_text(value: Fraction, text: str) -> None:
    """Points have two decimals, halves away from zero, no "-0.00"."""
    assert points_text(value) == text


def test_declaration_version_and_encoding() -> None:
    """Output is UTF-8 with a declaration and Version 1.2, whatever came in
    (here iso-8859-1, version 1.1 DOCTYPE)."""
    event = fixture("session-section-layout.xml")
    out = usebio.dumps(hand_scored(event))
    assert out.startswith(b"<?xml version='1.0' encoding='UTF-8'?>")
    root = tree_of(out)
    assert root.get("Version") == "1.2"
    assert "Café Bridge" in out.decode("utf-8")
    old = usebio.loads((FIXTURES / "individual.xml").read_bytes().replace(b"1.1", b"1.1"))
    assert b'<USEBIO Version="1.2">' in usebio.dumps(old)


def test_doctype_names_the_12_dtd() -> None:
    """A 1.0/1.1 DOCTYPE becomes the 1.2 DTD now that the file says 1.2."""
    data = (FIXTURES / "flat-butler-old-style.xml").read_bytes().replace(b"v1_2", b"v1_1")
    out = usebio.dumps(usebio.loads(data))
    assert b'<!DOCTYPE USEBIO SYSTEM "http://www.ebu.co.uk/usebio/usebio_v1_2.dtd">' in out


def test_crlf_input_keeps_crlf() -> None:
    """A CRLF file is written back with CRLF line ends."""
    data = (FIXTURES / "tied-places.xml").read_bytes().replace(b"\n", b"\r\n")
    out = usebio.dumps(hand_scored(usebio.loads(data)))
    assert out.count(b"\r\n") == out.count(b"\n")
    assert b"\r\n" in out


# -- Butler on USEBIO input ----------------------------------------------------


def test_butler_old_style_replaces_in_place() -> None:
    """Old-style Butler input: every owned element is replaced where it stands."""
    event = fixture("flat-butler-old-style.xml")
    before = (FIXTURES / "flat-butler-old-style.xml").read_bytes()
    out = usebio.dumps(hand_scored(event))
    root = tree_of(out)
    assert root.find("EVENT").get("EVENT_TYPE") == "BUTLER_PAIRS"
    assert texts(root, ".//BOARD/BOARD_AVERAGE") == ["280", "-150"]
    assert texts(root, ".//NS_BUTLER_POINTS") == ["4.00", "-4.00", "6.00", "-6.00"]
    assert texts(root, ".//EW_BUTLER_POINTS") == ["-4.00", "4.00", "-6.00", "6.00"]
    assert texts(root, ".//PAIR/TOTAL_SCORE") == ["10.00", "-10.00", "2.00", "-2.00"]
    assert texts(root, ".//PAIR/PLACE") == ["1", "4", "2", "3"]
    assert len(out.splitlines()) == len(before.splitlines())
    assert_kept(before, out)


def test_butler_on_matchpoint_input_inserts_canonically() -> None:
    """An MP file gets BOARD_AVERAGE after BOARD_NUMBER, the points after the
    MP points, and TOTAL_SCORE before PLACE; EVENT_TYPE attributes move to
    BUTLER_PAIRS (old style)."""
    data = (
        (FIXTURES / "tied-places.xml")
        .read_bytes()
        .replace(b"<PARTICIPANTS>", b'<PARTICIPANTS EVENT_TYPE="MP_PAIRS">')
    )
    event = usebio.loads(data)
    root = tree_of(usebio.dumps(hand_scored(event)))
    event_el = root.find("EVENT")
    assert event_el is not None
    assert event_el.get("EVENT_TYPE") == "BUTLER_PAIRS"
    assert event_el.find("BOARD_SCORING_METHOD") is None  # old style: no 1.2 element
    assert root.find(".//PARTICIPANTS").get("EVENT_TYPE") == "BUTLER_PAIRS"
    assert child_tags(root.find(".//BOARD"))[:3] == [
        "BOARD_NUMBER",
        "BOARD_AVERAGE",
        "TRAVELLER_LINE",
    ]
    assert child_tags(root.find(".//TRAVELLER_LINE")) == [
        "NS_PAIR_NUMBER", "EW_PAIR_NUMBER", "CONTRACT", "PLAYED_BY", "TRICKS", "SCORE",
        "NS_BUTLER_POINTS", "EW_BUTLER_POINTS",
    ]  # fmt: skip
    assert child_tags(root.find(".//PAIR")) == ["PAIR_NUMBER", "DIRECTION", "TOTAL_SCORE", "PLACE"]


def test_inserted_elements_follow_the_indentation() -> None:
    """New elements borrow their siblings' indentation; the closing tag keeps its own."""
    out = usebio.dumps(hand_scored(fixture("tied-places.xml"))).decode()
    assert (
        "      <SCORE>400</SCORE>\n"
        "      <NS_BUTLER_POINTS>0.00</NS_BUTLER_POINTS>\n"
        "      <EW_BUTLER_POINTS>0.00</EW_BUTLER_POINTS>\n"
        "    </TRAVELLER_LINE>"
    ) in out
    assert (
        "    <BOARD_NUMBER>1</BOARD_NUMBER>\n"
        "    <BOARD_AVERAGE>410</BOARD_AVERAGE>\n"
        "    <TRAVELLER_LINE>"
    ) in out


def test_minified_input_stays_minified() -> None:
    """A one-line file gets no whitespace."""
    out = usebio.dumps(hand_scored(fixture("event-section-no-session.xml")))
    body = out.split(b"\n", 1)[1]
    assert body.strip().count(b"\n") == 0
    assert b"<SCORE>-200</SCORE><NS_MATCH_POINTS>0</NS_MATCH_POINTS>" in body


def test_tied_places_keep_the_inputs_equals() -> None:
    """Ties get "=" only where the input wrote "=" in some PLACE."""
    root = tree_of(usebio.dumps(hand_scored(fixture("tied-places.xml"))))
    places = texts(root, ".//PAIR/PLACE")
    assert "=" in "".join(p or "" for p in places)
    assert set(places) <= {"1", "1=", "2", "2=", "3", "3=", "4"}


@pytest.mark.parametrize(
    ("name", "types", "event_type", "method"),
    [
        pytest.param("tied-places.xml", None, "BUTLER_PAIRS", None, id="old-stays-old"),
        pytest.param("tied-places.xml", "new", "PAIRS", "BUTLER_IMPS", id="old-to-new"),
        pytest.param(
            "session-section-layout.xml", None, "PAIRS", "BUTLER_IMPS", id="new-stays-new"
        ),
        pytest.param(
            "session-section-layout.xml", "old", "BUTLER_PAIRS", "BUTLER_IMPS", id="new-to-old"
        ),
    ],
)
def test_event_type_style(
    name: str, types: str | None, event_type: str, method: str | None
) -> None:
    """The input's EVENT_TYPE style is kept unless ``types`` says otherwise."""
    root = tree_of(usebio.dumps(hand_scored(fixture(name)), types=types))
    event_el = root.find("EVENT")
    assert event_el is not None
    assert event_el.get("EVENT_TYPE") == event_type
    assert event_el.findtext("BOARD_SCORING_METHOD") == method
    if method is not None:
        assert child_tags(event_el)[0] == "BOARD_SCORING_METHOD"


@pytest.mark.parametrize(
    ("types", "event_type", "method"),
    [
        pytest.param(None, "CROSS_IMP", None, id="old"),
        pytest.param("new", "PAIRS", "CROSS_IMPS", id="new"),
    ],
)
def test_cross_imps(types: str | None, event_type: str, method: str | None) -> None:
    """Cross-IMPs: CROSS_IMP (old) / CROSS_IMPS (new) and NS/EW_CROSS_IMP_POINTS."""
    event = fixture("flat-butler-old-style.xml")
    before = (FIXTURES / "flat-butler-old-style.xml").read_bytes()
    out = usebio.dumps(hand_scored(event, PointsStyle.CROSS_IMPS), types=types)
    root = tree_of(out)
    assert root.find("EVENT").get("EVENT_TYPE") == event_type
    assert root.find("EVENT").findtext("BOARD_SCORING_METHOD") == method
    assert texts(root, ".//NS_CROSS_IMP_POINTS") == ["4.00", "-4.00", "6.00", "-6.00"]
    assert texts(root, ".//NS_BUTLER_POINTS") == ["7", "0", "7", "-7"]  # the input's, kept
    owned = BUTLER_OWNED | {"NS_CROSS_IMP_POINTS", "EW_CROSS_IMP_POINTS"}
    assert_kept(before, out, owned - {"NS_BUTLER_POINTS", "EW_BUTLER_POINTS"})


def test_cross_imps_go_before_lin_data() -> None:
    """Points elements are inserted before LIN_DATA (the producers' order)."""
    event = fixture("event-participants-match.xml")
    root = tree_of(usebio.dumps(hand_scored(event, PointsStyle.CROSS_IMPS)))
    line = root.find(".//TRAVELLER_LINE")
    assert line is not None
    assert child_tags(line)[-3:] == ["NS_CROSS_IMP_POINTS", "EW_CROSS_IMP_POINTS", "LIN_DATA"]
    # A pairs method on a teams event is the pairwise scoring, not the event's.
    event_el = root.find("EVENT")
    assert event_el is not None
    assert event_el.get("EVENT_TYPE") == "TEAMS"
    assert event_el.findtext("PAIRWISE_SCORING_METHOD") == "CROSS_IMPS"


# -- teams ---------------------------------------------------------------------


@pytest.mark.parametrize(("vp", "scoring"), [(True, "VPS"), (False, "IMPS")])
def test_aggregate_teams_of_four(vp: bool, scoring: str) -> None:
    """Aggregate: IMPS per match board, TEAM_SCORE/OPPOSING_TEAM_SCORE (VPs
    or IMPs), TOTAL_SCORE and PLACE per team; the rest kept."""
    before = (FIXTURES / "teams-of-four.xml").read_bytes()
    out = usebio.dumps(hand_scored(usebio.loads(before), PointsStyle.AGGREGATE, vp=vp))
    root = tree_of(out)
    assert texts(root, ".//MATCH/BOARD/IMPS") == ["0.00", "1.00"]
    expected = ["10.86", "9.14"] if vp else ["1.00", "0.00"]
    assert texts(root, ".//MATCH/TEAM_SCORE") + texts(root, ".//OPPOSING_TEAM_SCORE") == expected
    assert texts(root, ".//TEAM/TOTAL_SCORE") == expected
    assert texts(root, ".//TEAM/PLACE") == ["1", "2"]
    assert root.find("EVENT").findtext("MATCH_SCORING_METHOD") == scoring
    owned = frozenset({"IMPS", "TEAM_SCORE", "OPPOSING_TEAM_SCORE", "TOTAL_SCORE", "PLACE",
                       "BOARD_SCORING_METHOD", "MATCH_SCORING_METHOD",
                       "BOARD_AVERAGE"})  # fmt: skip
    assert_kept(before, out, owned)


def test_barking_teams_of_eight() -> None:
    """Barking: PAIRWISE_SCORING_METHOD BARKING, PAIR_IMPS and PLACE (its
    barking rank) per pair; the teams' own totals are left alone."""
    before = (FIXTURES / "teams-of-eight-two-matches.xml").read_bytes()
    out = usebio.dumps(hand_scored(usebio.loads(before), PointsStyle.BARKING))
    root = tree_of(out)
    event_el = root.find("EVENT")
    assert event_el is not None
    assert event_el.findtext("PAIRWISE_SCORING_METHOD") == "BARKING"
    assert event_el.get("EVENT_TYPE") == "TEAMS"
    pair = root.find(".//TEAM/PAIR")
    assert pair is not None
    assert child_tags(pair) == ["PAIR_NUMBER", "PAIR_IMPS", "PLACE", "PLAYER", "PLAYER"]
    assert len(texts(root, ".//PAIR/PAIR_IMPS")) == 16
    assert len(texts(root, ".//TEAM/PAIR/PLACE")) == 16
    assert root.find(".//TEAM/TOTAL_SCORE") is None
    assert root.find(".//TEAM/PLACE") is None
    owned = frozenset({"PAIRWISE_SCORING_METHOD", "PAIR_IMPS", "PLACE", "BOARD_AVERAGE"})
    assert_kept(before, out, owned)


# -- every fixture: kept and read back -----------------------------------------


@pytest.mark.parametrize("path", sorted(FIXTURES.glob("*.xml")), ids=lambda p: p.stem)
def test_fixtures_keep_everything_butler_does_not_own(path: Path) -> None:
    """Butler-scored fixtures are the input plus the scores, and read back."""
    before = path.read_bytes()
    event = usebio.loads(before)
    style = PointsStyle.BUTLER
    out = usebio.dumps(hand_scored(event, style))
    owned = BUTLER_OWNED | {"PAIRWISE_SCORING_METHOD", "PAIR_IMPS"}
    unlisted = tree_of(before).find(".//PARTICIPANTS") is None
    if unlisted:
        # a file that lists no participants gains the list of those scored,
        # in rank order (usebio/_write_unlisted.py): the writer's own, like the scores
        owned |= {"PARTICIPANTS"}
    assert_kept(before, out, owned)
    again = usebio.loads(out)
    if unlisted:
        assert by_number(strip(again)) == by_number(strip(event))
    else:
        assert strip(again) == strip(event)


def by_number(event: Event) -> Event:
    """The event with each section's participants by direction, then number."""

    def key(p: Participant) -> tuple[str, tuple[object, ...]]:
        return (p.direction.value if p.direction else "", natural_key(p.id))

    return attrs.evolve(
        event,
        sessions=tuple(
            attrs.evolve(
                s,
                sections=tuple(
                    attrs.evolve(x, participants=tuple(sorted(x.participants, key=key)))
                    for x in s.sections
                ),
            )
            for s in event.sessions
        ),
    )


def test_plain_event_is_written_unchanged() -> None:
    """An unscored event writes the input back, only the Version set."""
    before = (FIXTURES / "adjusted-a6040.xml").read_bytes()
    out = usebio.dumps(usebio.loads(before))
    assert b'Version="1.2"' in out
    assert etree.canonicalize(tree_of(out).getroottree(), with_comments=True) == etree.canonicalize(
        tree_of(before.replace(b'Version="1.1"', b'Version="1.2"')).getroottree(),
        with_comments=True,
    )


def test_dump_writes_to_a_binary_file() -> None:
    """dump writes what dumps returns."""
    event = fixture("tied-places.xml")
    buffer = io.BytesIO()
    usebio.dump(event, buffer)
    assert buffer.getvalue() == usebio.dumps(event)


def test_bad_types_value() -> None:
    """types is "old", "new" or None."""
    with pytest.raises(ValueError, match="types"):
        usebio.dumps(fixture("tied-places.xml"), types="newest")


# -- events that did not come from USEBIO (PBN input) --------------------------

PBN = Source(name="night.pbn", format="pbn")


def pbn_pairs_event() -> Event:
    players = (Player("Ann North", "900001"), Player(None, None))
    pairs = (
        Participant("1", direction=Direction.NS, players=players),
        Participant("2", direction=Direction.NS),
        Participant("1", direction=Direction.EW, players=(Player("Eve East"),)),
        Participant("2", direction=Direction.EW),
    )
    four_hearts_x = Contract(4, Strain.HEARTS, Risk.DOUBLED)
    board1 = Board(
        1,
        (
            Result("1", "1", Outcome.PLAYED, 590, four_hearts_x, "4HX", Seat.S, "DT", 10),
            Result("2", "2", Outcome.PLAYED, -100, Contract(3, Strain.NOTRUMP), "3NT", Seat.N,
                   None, 8),
        ),
    )  # fmt: skip
    plus = Adjusted("A+", AdjustedKind.AVERAGE_PLUS, AdjustedKind.AVERAGE_MINUS)
    board2 = Board(
        2,
        (
            Result("1", "2", Outcome.ADJUSTED, adjusted=plus),
            Result("2", "1", Outcome.PASSED_OUT, 0, contract_text="Pass"),
        ),
    )
    section = Section(None, pairs, (board1, board2))
    return Event(
        EventKind.PAIRS,
        (Session(None, (section,)),),
        PBN,
        title="Monday Butler",
        date=dt.date(2026, 3, 9),
        club=Club("Riverside", None),
    )


EXPECTED_PBN_PAIRS = """<USEBIO Version="1.2">
<CLUB><CLUB_NAME>Riverside</CLUB_NAME></CLUB>
<EVENT EVENT_TYPE="PAIRS">
  <BOARD_SCORING_METHOD>BUTLER_IMPS</BOARD_SCORING_METHOD>
  <PROGRAM_NAME>pbnscore</PROGRAM_NAME><PROGRAM_VERSION>{version}</PROGRAM_VERSION>
  <EVENT_DESCRIPTION>Monday Butler</EVENT_DESCRIPTION><DATE>09/03/2026</DATE>
  <PARTICIPANTS>
    <PAIR><PAIR_NUMBER>1</PAIR_NUMBER><DIRECTION>NS</DIRECTION>
      <TOTAL_SCORE>11.00</TOTAL_SCORE><PLACE>1</PLACE>
      <PLAYER><PLAYER_NAME>Ann North</PLAYER_NAME>
        <NATIONAL_ID_NUMBER>900001</NATIONAL_ID_NUMBER></PLAYER>
      <PLAYER><PLAYER_NAME></PLAYER_NAME><NATIONAL_ID_NUMBER></NATIONAL_ID_NUMBER></PLAYER></PAIR>
    <PAIR><PAIR_NUMBER>2</PAIR_NUMBER><DIRECTION>NS</DIRECTION>
      <TOTAL_SCORE>-8.00</TOTAL_SCORE><PLACE>3</PLACE></PAIR>
    <PAIR><PAIR_NUMBER>1</PAIR_NUMBER><DIRECTION>EW</DIRECTION>
      <TOTAL_SCORE>-8.00</TOTAL_SCORE><PLACE>3</PLACE>
      <PLAYER><PLAYER_NAME>Eve East</PLAYER_NAME>
        <NATIONAL_ID_NUMBER></NATIONAL_ID_NUMBER></PLAYER></PAIR>
    <PAIR><PAIR_NUMBER>2</PAIR_NUMBER><DIRECTION>EW</DIRECTION>
      <TOTAL_SCORE>5.00</TOTAL_SCORE><PLACE>2</PLACE></PAIR>
  </PARTICIPANTS>
  <BOARD><BOARD_NUMBER>1</BOARD_NUMBER><BOARD_AVERAGE>240</BOARD_AVERAGE>
    <TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>1</EW_PAIR_NUMBER>
      <CONTRACT>4HX</CONTRACT><PLAYED_BY>S</PLAYED_BY><LEAD>DT</LEAD><TRICKS>10</TRICKS>
      <SCORE>590</SCORE><NS_BUTLER_POINTS>8.00</NS_BUTLER_POINTS><EW_BUTLER_POINTS>-8.00</EW_BUTLER_POINTS>
    </TRAVELLER_LINE>
    <TRAVELLER_LINE><NS_PAIR_NUMBER>2</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER>
      <CONTRACT>3NT</CONTRACT><PLAYED_BY>N</PLAYED_BY><TRICKS>8</TRICKS>
      <SCORE>-100</SCORE><NS_BUTLER_POINTS>-8.00</NS_BUTLER_POINTS><EW_BUTLER_POINTS>8.00</EW_BUTLER_POINTS>
    </TRAVELLER_LINE>
  </BOARD>
  <BOARD><BOARD_NUMBER>2</BOARD_NUMBER><BOARD_AVERAGE>0</BOARD_AVERAGE>
    <TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER>
      <SCORE>A6040</SCORE><NS_BUTLER_POINTS>3.00</NS_BUTLER_POINTS><EW_BUTLER_POINTS>-3.00</EW_BUTLER_POINTS>
    </TRAVELLER_LINE>
    <TRAVELLER_LINE><NS_PAIR_NUMBER>2</NS_PAIR_NUMBER><EW_PAIR_NUMBER>1</EW_PAIR_NUMBER>
      <CONTRACT>Pass</CONTRACT><SCORE>0</SCORE>
      <NS_BUTLER_POINTS>0.00</NS_BUTLER_POINTS><EW_BUTLER_POINTS>0.00</EW_BUTLER_POINTS>
    </TRAVELLER_LINE>
  </BOARD>
</EVENT>
</USEBIO>"""


def canonical(data: str | bytes) -> str:
    return etree.canonicalize(etree.fromstring(data), strip_text=True)


def test_pbn_pairs_event_is_built() -> None:
    """A PBN event becomes a flat new-style USEBIO event in canonical order."""
    import pbnscore

    out = usebio.dumps(hand_scored(pbn_pairs_event()))
    assert out.startswith(b"<?xml version='1.0' encoding='UTF-8'?>\n<USEBIO")
    expected = EXPECTED_PBN_PAIRS.format(version=pbnscore.__version__)
    assert canonical(out) == canonical(expected)


def test_pbn_old_style_types() -> None:
    """types="old" gives PBN input the old-style value."""
    root = tree_of(usebio.dumps(hand_scored(pbn_pairs_event()), types="old"))
    event_el = root.find("EVENT")
    assert event_el is not None
    assert event_el.get("EVENT_TYPE") == "BUTLER_PAIRS"
    assert event_el.find("BOARD_SCORING_METHOD") is None


def test_pbn_plain_event_has_no_scores() -> None:
    """An unscored event is written without any points, datum or place."""
    root = tree_of(usebio.dumps(pbn_pairs_event()))
    for tag in (
        "BOARD_AVERAGE",
        "NS_BUTLER_POINTS",
        "TOTAL_SCORE",
        "PLACE",
        "BOARD_SCORING_METHOD",
    ):
        assert root.find(f".//{tag}") is None
    assert root.find("EVENT").get("EVENT_TYPE") == "PAIRS"


def pbn_sections_event() -> Event:
    def section(name: str) -> Section:
        pairs = (Participant(f"{name}1", section=name), Participant(f"{name}2", section=name))
        line = Result(f"{name}1", f"{name}2", Outcome.PLAYED, 420, Contract(4, Strain.SPADES),
                      "4S", Seat.N, "HK", 10)  # fmt: skip
        return Section(name, pairs, (Board(1, (line, attrs.evolve(line, score=450, tricks=11))),))

    return Event(EventKind.PAIRS, (Session("1", (section("A"), section("B"))),), PBN)


def pbn_teams_event() -> Event:
    teams = []
    for team in ("1", "2"):
        # Each pair has the direction it sits below, as both readers record it.
        members = tuple(
            Participant(f"{team}-{s}", direction=sat, team=team, players=(Player(f"P{team}{s}"),))
            for s, sat in (("A", Direction.NS), ("B", Direction.EW))
        )
        teams.append(Participant(team, ParticipantKind.TEAM, name=f"Team {team}", members=members))
    lines = (
        Result("1-A", "2-B", Outcome.PLAYED, 620, Contract(4, Strain.HEARTS), "4H", Seat.S,
               home_direction=Direction.NS, tricks=10),
        Result("2-A", "1-B", Outcome.PLAYED, 170, Contract(2, Strain.HEARTS), "2H", Seat.N,
               home_direction=Direction.EW, tricks=9),
    )  # fmt: skip
    match = Match("1", "2", (Board(3, lines),), round=1)
    return Event(EventKind.TEAMS, (Session("1", teams=tuple(teams), matches=(match,)),), PBN)


def pbn_individual_event() -> Event:
    players = tuple(
        Participant(str(n), ParticipantKind.PLAYER, players=(Player(f"Solo {n}", f"9{n}"),))
        for n in range(1, 5)
    )
    line = Result(None, None, Outcome.PLAYED, -50, Contract(2, Strain.CLUBS), "2C", Seat.E,
                  players=("1", "2", "3", "4"), tricks=9)  # fmt: skip
    section = Section(None, players, (Board(1, (line,)),))
    return Event(EventKind.INDIVIDUAL, (Session(None, (section,)),), PBN)


def test_pbn_sections_use_session_and_section() -> None:
    """Several sections (or a session id) give SESSION/SECTION elements."""
    root = tree_of(usebio.dumps(hand_scored(pbn_sections_event())))
    assert [s.get("SECTION_ID") for s in root.iterfind("EVENT/SESSION/SECTION")] == ["A", "B"]
    assert root.find("EVENT/SESSION").get("SESSION_ID") == "1"
    assert texts(root, ".//SECTION/BOARD/BOARD_AVERAGE") == ["430", "430"]
    assert texts(root, ".//PAIR/PLACE") == ["1", "3", "1", "3"]  # one field: ties across sections


def test_pbn_teams_layout() -> None:
    """Teams: SESSION/PARTICIPANTS/TEAM/PAIR and SESSION/MATCH."""
    root = tree_of(usebio.dumps(hand_scored(pbn_teams_event(), PointsStyle.AGGREGATE)))
    team = root.find("EVENT/SESSION/PARTICIPANTS/TEAM")
    assert team is not None
    assert (team.get("TEAM_ID"), team.get("TEAM_NAME")) == ("1", "Team 1")
    assert child_tags(team) == ["TOTAL_SCORE", "PLACE", "PAIR", "PAIR"]
    match = root.find("EVENT/SESSION/MATCH")
    assert match is not None
    assert child_tags(match) == [
        "ROUND_NUMBER", "TEAM", "OPPOSING_TEAM", "TEAM_SCORE", "OPPOSING_TEAM_SCORE", "BOARD",
    ]  # fmt: skip
    board = match.find("BOARD")
    assert board is not None
    assert child_tags(board) == [
        "BOARD_NUMBER",
        "BOARD_AVERAGE",
        "IMPS",
        "TRAVELLER_LINE",
        "TRAVELLER_LINE",
    ]
    assert texts(board, "TRAVELLER_LINE/DIRECTION") == ["NS", "EW"]
    assert root.find("EVENT").get("EVENT_TYPE") == "TEAMS"


# -- round trips ---------------------------------------------------------------


def strip(event: Event) -> Event:
    """The event without what no format keeps: source, refs and lines."""

    def participant(p: Participant) -> Participant:
        return attrs.evolve(p, source_ref=None, members=tuple(participant(m) for m in p.members))

    def board(b: Board) -> Board:
        results = tuple(attrs.evolve(r, source_ref=None, line=None) for r in b.results)
        return attrs.evolve(b, source_ref=None, results=results)

    sessions = tuple(
        attrs.evolve(
            s,
            sections=tuple(
                attrs.evolve(
                    sec,
                    participants=tuple(participant(p) for p in sec.participants),
                    boards=tuple(board(b) for b in sec.boards),
                )
                for sec in s.sections
            ),
            teams=tuple(participant(t) for t in s.teams),
            matches=tuple(
                attrs.evolve(m, source_ref=None, boards=tuple(board(b) for b in m.boards))
                for m in s.matches
            ),
        )
        for s in event.sessions
    )
    return attrs.evolve(event, sessions=sessions, source=PBN)


@pytest.mark.parametrize(
    "build",
    [pbn_sections_event, pbn_teams_event, pbn_individual_event],
    ids=["sections", "teams", "individual"],
)
def test_round_trip_of_built_events(build: object) -> None:
    """What is written from a model reads back to the same model."""
    assert callable(build)
    event = build()
    assert strip(usebio.loads(usebio.dumps(event))) == strip(event)


def test_round_trip_pairs_with_adjusted_code() -> None:
    """The round trip holds apart from an adjusted code USEBIO cannot hold
    ("A+"): it is written, and read back, as A<ns%><ew%>."""
    event = pbn_pairs_event()
    back = strip(usebio.loads(usebio.dumps(hand_scored(event))))
    written = Adjusted("A6040", AdjustedKind.AVERAGE_PLUS, AdjustedKind.AVERAGE_MINUS, 60, 40)
    section = event.sessions[0].sections[0]
    adjusted, passed = section.boards[1].results
    board = attrs.evolve(
        section.boards[1], results=(attrs.evolve(adjusted, adjusted=written), passed)
    )
    section = attrs.evolve(section, boards=(section.boards[0], board))
    assert back == strip(attrs.evolve(event, sessions=(Session(None, (section,)),)))


CONTRACTS = st.builds(
    Contract, st.integers(1, 7), st.sampled_from(list(Strain)), st.sampled_from(list(Risk))
)
LEADS = st.one_of(
    st.none(),
    st.builds(lambda s, r: s + r, st.sampled_from("SHDC"), st.sampled_from("23456789TJQKA")),
)
PAIR_IDS = st.sampled_from(["1", "2", "3NS", "(A) 4 EW", "1-1-2"])


@st.composite
def results_strategy(draw: st.DrawFn) -> Result:
    outcome = draw(st.sampled_from(list(Outcome)))
    ns, ew = draw(PAIR_IDS), draw(PAIR_IDS)
    if outcome is Outcome.PLAYED:
        contract = draw(CONTRACTS)
        return Result(ns, ew, outcome, draw(st.integers(-7600, 7600)), contract, str(contract),
                      draw(st.sampled_from(list(Seat))), draw(LEADS),
                      draw(st.one_of(st.none(), st.integers(0, 13))))  # fmt: skip
    if outcome is Outcome.PASSED_OUT:
        return Result(ns, ew, outcome, 0, contract_text="PASS")
    if outcome is Outcome.ADJUSTED:
        ns_pct, ew_pct = draw(st.sampled_from([40, 50, 60])), draw(st.sampled_from([40, 50, 60]))
        code = Adjusted(f"A{ns_pct}{ew_pct}", AdjustedKind.from_percent(ns_pct),
                        AdjustedKind.from_percent(ew_pct), ns_pct, ew_pct)  # fmt: skip
        return Result(ns, ew, outcome, adjusted=code)
    return Result(ns, ew, outcome)


@st.composite
def pbn_events(draw: st.DrawFn) -> Event:
    boards = draw(st.lists(st.lists(results_strategy(), max_size=4), min_size=1, max_size=4))
    built = tuple(Board(n, tuple(rs)) for n, rs in enumerate(boards, start=1))
    names = st.one_of(
        st.none(), st.text("abc O'É&<>", min_size=1, max_size=8).map(str.strip).filter(bool)
    )
    pairs = tuple(
        Participant(pid, direction=draw(st.sampled_from([None, Direction.NS, Direction.EW])),
                    players=(Player(draw(names), draw(st.one_of(st.none(), st.just("0042")))),))
        for pid in draw(st.lists(PAIR_IDS, unique=True, max_size=3))
    )  # fmt: skip
    title = draw(st.one_of(st.none(), st.just("Café & <Friends>")))
    return Event(
        EventKind.PAIRS, (Session(None, (Section(None, pairs, built),)),), PBN, title=title
    )


@settings(max_examples=60)
@given(pbn_events())
def test_round_trip_property(event: Event) -> None:
    """Any pairs event written from the model reads back to itself, a
    section that listed no pairs with those its numbers show listed, as the
    USEBIO reader reads a file without PARTICIPANTS (_numbering.with_pairs:
    NS 1 and EW 1 are two pairs)."""
    listed = attrs.evolve(
        event,
        sessions=tuple(
            attrs.evolve(s, sections=tuple(with_pairs(x, None) for x in s.sections))
            for s in event.sessions
        ),
    )
    assert strip(usebio.loads(usebio.dumps(event))) == strip(listed)
