"""The USEBIO reader on hand-written fixtures (fixtures/usebio/), one per
layout or notation, and on hostile input."""

from __future__ import annotations

import datetime as dt
import functools
import io
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from lxml import etree

from cost import assert_cheap, cpu_cost
from pbnscore import usebio
from pbnscore.errors import UsebioError
from pbnscore.model import (
    AdjustedKind,
    Board,
    Contract,
    Direction,
    Event,
    EventKind,
    Outcome,
    ParticipantKind,
    Result,
    Risk,
    Scoring,
    Seat,
    Strain,
)
from pbnscore.usebio._reader import type_style

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "usebio"


def fixture(name: str) -> Event:
    return usebio.load(FIXTURES / name)


def all_boards(event: Event) -> list[Board]:
    boards: list[Board] = []
    for session in event.sessions:
        for section in session.sections:
            boards.extend(section.boards)
        for match in session.matches:
            boards.extend(match.boards)
    return boards


def results(event: Event) -> list[Result]:
    return [r for board in all_boards(event) for r in board.results]


def doc(body: str, event_type: str = "MP_PAIRS", header: str = "") -> str:
    """A minimal USEBIO document around ``body`` (the EVENT's content)."""
    return (
        '<?xml version="1.0"?>\n<USEBIO Version="1.2">\n'
        f'<EVENT EVENT_TYPE="{event_type}">\n{header}{body}\n</EVENT>\n</USEBIO>\n'
    )


def one_line(line: str, number: str = "1") -> str:
    """A document with one board (line 4) holding one traveller line (line 5)."""
    return doc(
        f"<BOARD><BOARD_NUMBER>{number}</BOARD_NUMBER>\n"
        f"<TRAVELLER_LINE>{line}</TRAVELLER_LINE></BOARD>"
    )


def read_line(line: str) -> Result:
    return (
        usebio.loads(one_line("<NS_PAIR_NUMBER>1</NS_PAIR_NUMBER>" + line))
        .sessions[0]
        .sections[0]
        .boards[0]
        .results[0]
    )


# -- layouts ------------------------------------------------------------------


def shape(event: Event) -> list[tuple[object, ...]]:
    return [
        (
            s.id,
            [(sec.id, len(sec.participants), [b.number for b in sec.boards]) for sec in s.sections],
            [t.id for t in s.teams],
            [(m.team, m.opponent, m.round, [len(b.results) for b in m.boards]) for m in s.matches],
        )
        for s in event.sessions
    ]


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        pytest.param(
            "flat-butler-old-style.xml", [(None, [(None, 4, [1, 2])], [], [])], id="A-flat"
        ),
        pytest.param(
            "session-section-layout.xml",
            [("1", [("A", 2, [1]), ("B", 2, [1])], [], [])],
            id="B-session-section",
        ),
        pytest.param(
            "teams-of-four.xml",
            [("1", [], ["1", "2"], [("1", "2", 1, [2, 2])])],
            id="C-teams-session",
        ),
        pytest.param(
            "event-section-no-session.xml",
            [(None, [("A", 2, [1]), ("B", 2, [1])], [], [])],
            id="D-section-no-session",
        ),
        pytest.param(
            "event-participants-match.xml",
            [(None, [], ["7", "9"], [("7", "9", 3, [2])])],
            id="E-participants-match",
        ),
        pytest.param(
            "teams-of-eight-two-matches.xml",
            [("1", [], ["1", "2", "3", "4"], [("1", "2", 1, [4, 4]), ("3", "4", 1, [4, 4])])],
            id="C-teams-of-eight",
        ),
        pytest.param("individual.xml", [(None, [(None, 4, [1])], [], [])], id="A-individual"),
    ],
)
def test_layouts(name: str, expected: list[tuple[object, ...]]) -> None:
    """Every body layout gives sessions, sections, teams and matches as written."""
    assert shape(fixture(name)) == expected


def test_section_ids_reach_participants() -> None:
    """Pairs inside a SECTION carry its SECTION_ID; pair numbers stay as written."""
    event = fixture("event-section-no-session.xml")
    pairs = [p for s in event.sessions for sec in s.sections for p in sec.participants]
    assert [(p.id, p.section, p.direction) for p in pairs] == [
        ("(A) 1 NS", "A", Direction.NS),
        ("(A) 1 EW", "A", Direction.EW),
        ("(B) 1 NS", "B", Direction.NS),
        ("(B) 1 EW", "B", Direction.EW),
    ]


def test_pairs_and_players() -> None:
    """PAIR_NUMBER, DIRECTION and PLAYERs; an empty or missing id is None."""
    event = fixture("flat-butler-old-style.xml")
    first, second = event.sessions[0].sections[0].participants[:2]
    assert (first.id, first.kind, first.direction) == ("1NS", ParticipantKind.PAIR, Direction.NS)
    assert first.names == ("Ann North", "Bob South")
    assert first.players[0].national_id == "900001"
    assert [(p.name, p.national_id) for p in second.players] == [
        ("Cath O'Neill", None),
        ("Dan Smith", None),
    ]


def test_empty_direction_is_none() -> None:
    """A one-field event's empty DIRECTION (and a missing one) is None."""
    participants = fixture("tied-places.xml").sessions[0].sections[0].participants
    assert [p.direction for p in participants] == [None] * 4


def test_teams_and_members() -> None:
    """TEAM_ID/TEAM_NAME attributes (spaces around '=' too), member PAIRs
    marked with their team, empty names None."""
    teams = fixture("teams-of-four.xml").sessions[0].teams
    assert [(t.id, t.kind, t.name) for t in teams] == [
        ("1", ParticipantKind.TEAM, "HOLLIES"),
        ("2", ParticipantKind.TEAM, None),
    ]
    assert [(m.id, m.team, m.kind) for m in teams[0].members] == [
        ("1-1-2", "1", ParticipantKind.PAIR),
        ("1-3-4", "1", ParticipantKind.PAIR),
    ]
    assert teams[0].members[0].names == ("Al Ash", "Bo Birch")


def test_teams_lines_home_direction() -> None:
    """A teams line's DIRECTION is where the match's TEAM sat."""
    event = fixture("teams-of-eight-two-matches.xml")
    board = event.sessions[0].matches[1].boards[0]
    assert [(r.home_direction, r.ns, r.ew) for r in board.results] == [
        (Direction.NS, "3-1-2", "4-1-2"),
        (Direction.EW, "4-3-4", "3-3-4"),
        (Direction.NS, "3-5-6", "4-5-6"),
        (Direction.EW, "4-7-8", "3-7-8"),
    ]


def test_individual_players() -> None:
    """PLAYER participants and the four players of each line (N, E, S, W)."""
    event = fixture("individual.xml")
    section = event.sessions[0].sections[0]
    assert event.kind is EventKind.INDIVIDUAL
    assert [(p.id, p.kind, p.names) for p in section.participants][:2] == [
        ("1", ParticipantKind.PLAYER, ("Ann One",)),
        ("2", ParticipantKind.PLAYER, ("Ben Two",)),
    ]
    line = section.boards[0].results[0]
    assert (line.players, line.ns, line.ew, line.score) == (("1", "2", "3", "4"), None, None, 80)


# -- event header -------------------------------------------------------------


def test_header() -> None:
    """Title, date, club, version and the verbatim document."""
    event = fixture("session-section-layout.xml")
    assert event.title == "Thursday Pairs"
    assert event.date == dt.date(2025, 1, 2)
    assert event.club is not None
    assert (event.club.name, event.club.id) == ("Café Bridge", "00987654")
    assert event.source.version == "1.2"
    assert event.source.format == "usebio"
    assert event.source.document == (FIXTURES / "session-section-layout.xml").read_bytes()
    assert isinstance(event.source.tree, etree._ElementTree)
    assert event.sessions[0].sections[0].participants[0].names[0] == "Zoë Brown"


def test_title_falls_back_to_title_element() -> None:
    """Without EVENT_DESCRIPTION the TITLE element names the event."""
    assert usebio.loads(doc("", header="<TITLE>Monday</TITLE>")).title == "Monday"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param("09/03/2026", dt.date(2026, 3, 9), id="dd/mm/yyyy"),
        pytest.param("5/12/2015", dt.date(2015, 12, 5), id="d/m/yyyy"),
        pytest.param("09-03-2026", dt.date(2026, 3, 9), id="dd-mm-yyyy"),
        pytest.param("2026-03-09", dt.date(2026, 3, 9), id="iso"),
        pytest.param("31/02/2026", None, id="no-such-day"),
        pytest.param("March 9th", None, id="words"),
        pytest.param("", None, id="empty"),
    ],
)
def test_dates(text: str, expected: dt.date | None) -> None:
    """DATE in every spelling seen; anything else is no date, not an error."""
    assert usebio.loads(doc("", header=f"<DATE>{text}</DATE>")).date == expected


@pytest.mark.parametrize(
    ("event_type", "header", "kind", "style", "scoring"),
    [
        pytest.param("MP_PAIRS", "", EventKind.PAIRS, "old", Scoring.MATCHPOINTS, id="mp-pairs"),
        pytest.param("butler_pairs", "", EventKind.PAIRS, "old", Scoring.BUTLER, id="butler-lower"),
        pytest.param("CROSS_IMP", "", EventKind.PAIRS, "old", Scoring.CROSS_IMPS, id="cross-imp"),
        pytest.param("CROSS_IMPS", "", EventKind.PAIRS, "old", Scoring.CROSS_IMPS, id="cross-imps"),
        pytest.param("AGGREGATE", "", EventKind.TEAMS, "old", Scoring.AGGREGATE, id="aggregate"),
        pytest.param("TEAMS_OF_FOUR", "", EventKind.TEAMS, "old", Scoring.IMPS, id="teams-of-four"),
        pytest.param("SWISS_TEAMS", "", EventKind.TEAMS, "old", None, id="swiss-teams"),
        pytest.param(
            "SWISS_PAIRS_BUTLER_IMPS", "", EventKind.PAIRS, "old", Scoring.BUTLER, id="swiss-butler"
        ),
        pytest.param("INDIVIDUAL", "", EventKind.INDIVIDUAL, "old", None, id="individual"),
        pytest.param(
            "PAIRS",
            "<BOARD_SCORING_METHOD>CROSS_IMPS</BOARD_SCORING_METHOD>",
            EventKind.PAIRS,
            "new",
            Scoring.CROSS_IMPS,
            id="new-pairs",
        ),
        pytest.param(
            "Teams",
            "<BOARD_SCORING_METHOD>imps</BOARD_SCORING_METHOD>",
            EventKind.TEAMS,
            "new",
            Scoring.IMPS,
            id="new-teams-mixed-case",
        ),
        pytest.param("PAIRS", "", EventKind.PAIRS, "new", None, id="new-pairs-no-method"),
        pytest.param("NOTSUP", "", EventKind.PAIRS, "old", None, id="unknown-type"),
        pytest.param(
            "MP_PAIRS",
            "<BOARD_SCORING_METHOD>CHOCOLATE</BOARD_SCORING_METHOD>",
            EventKind.PAIRS,
            "new",
            None,
            id="unknown-method-not-the-types",
        ),
    ],
)
def test_event_types(
    event_type: str, header: str, kind: EventKind, style: str, scoring: Scoring | None
) -> None:
    """Old- and new-style EVENT_TYPE values, case-insensitive:
    the kind and scoring in the model, the style kept by the USEBIO package."""
    document = doc("", event_type, header)
    event = usebio.loads(document)
    assert (event.kind, event.source.scoring) == (kind, scoring)
    assert type_style(etree.fromstring(document.encode("utf-8"))) == style


@pytest.mark.parametrize(
    ("body", "scoring"),
    [
        pytest.param(
            '<PARTICIPANTS EVENT_TYPE="CROSS_IMP"/>',
            Scoring.CROSS_IMPS,
            id="participants-attribute",
        ),
        pytest.param(
            '<BOARD EVENT_TYPE="BUTLER_PAIRS"><BOARD_NUMBER>1</BOARD_NUMBER></BOARD>',
            Scoring.BUTLER,
            id="board-attribute",
        ),
        pytest.param(
            "<BOARD><BOARD_NUMBER>1</BOARD_NUMBER><TRAVELLER_LINE><SCORE>1</SCORE>"
            "<NS_BUTLER_POINTS>1</NS_BUTLER_POINTS></TRAVELLER_LINE></BOARD>",
            Scoring.BUTLER,
            id="line-points",
        ),
    ],
)
def test_scoring_from_content(body: str, scoring: Scoring) -> None:
    """Without a telling EVENT_TYPE, the points fields find the scoring."""
    assert usebio.loads(doc(body, "PAIRS")).source.scoring == scoring


def test_kind_from_content_when_type_unknown() -> None:
    """An unknown EVENT_TYPE with teams in it is a teams event."""
    data = (FIXTURES / "teams-of-four.xml").read_bytes().replace(b'"TEAMS"', b'"WHATEVER"')
    assert usebio.loads(data).kind is EventKind.TEAMS


# -- traveller lines ----------------------------------------------------------


@pytest.mark.parametrize(
    ("index", "contract"),
    [
        pytest.param(0, Contract(3, Strain.NOTRUMP), id="NT"),
        pytest.param(1, Contract(3, Strain.NOTRUMP), id="N"),
        pytest.param(2, Contract(4, Strain.HEARTS, Risk.DOUBLED), id="X"),
        pytest.param(3, Contract(4, Strain.HEARTS, Risk.DOUBLED), id="x"),
        pytest.param(4, Contract(4, Strain.HEARTS, Risk.DOUBLED), id="star"),
        pytest.param(5, Contract(2, Strain.SPADES, Risk.REDOUBLED), id="spaced-xx"),
        pytest.param(6, Contract(2, Strain.SPADES, Risk.REDOUBLED), id="XX"),
        pytest.param(7, Contract(2, Strain.SPADES, Risk.REDOUBLED), id="double-star"),
        pytest.param(8, None, id="garbage-42"),
        pytest.param(9, Contract(1, Strain.CLUBS), id="lower-case"),
    ],
)
def test_contract_spellings(index: int, contract: Contract | None) -> None:
    """Every producer's contract spelling; the raw text is kept."""
    line = results(fixture("contract-spellings.xml"))[index]
    assert line.contract == contract
    assert line.outcome is Outcome.PLAYED
    assert line.contract_text is not None


def test_garbage_contract_trusts_score() -> None:
    """A CONTRACT of "42" (a real Pianola file) keeps its text; SCORE is used."""
    line = results(fixture("contract-spellings.xml"))[8]
    assert (line.contract, line.contract_text, line.score, line.tricks) == (None, "42", 480, 12)


@pytest.mark.parametrize(
    ("index", "lead", "tricks"),
    [
        pytest.param(0, "DT", 10, id="rank-first-T"),
        pytest.param(1, "DT", 10, id="suit-first-10-and-equals"),
        pytest.param(2, "DT", 11, id="rank-first-10-and-plus"),
        pytest.param(3, "DT", 8, id="lower-case-and-minus"),
        pytest.param(4, "H7", None, id="empty-tricks"),
        pytest.param(5, "H7", 10, id="spaces"),
        pytest.param(6, "xyz", 10, id="unknown-kept"),
    ],
)
def test_leads_and_tricks(index: int, lead: str, tricks: int | None) -> None:
    """Leads in either order become suit then rank with T; relative TRICKS
    (=, +1, -2) count from the contract."""
    line = results(fixture("leads-and-tricks.xml"))[index]
    assert (line.lead, line.tricks) == (lead, tricks)


def test_declarer_and_line_numbers() -> None:
    """PLAYED_BY is a seat; each result knows its source line."""
    first = results(fixture("flat-butler-old-style.xml"))[0]
    assert (first.declarer, first.score, first.line) == (Seat.S, 420, 76)


@pytest.mark.parametrize(
    ("index", "code", "ns", "ew", "percents"),
    [
        pytest.param(0, "A6040", "AVERAGE_PLUS", "AVERAGE_MINUS", (60, 40), id="A6040"),
        pytest.param(1, "A5050", "AVERAGE", "AVERAGE", (50, 50), id="A5050"),
        pytest.param(2, "A4060", "AVERAGE_MINUS", "AVERAGE_PLUS", (40, 60), id="A4060"),
        pytest.param(3, "a6060", "AVERAGE_PLUS", "AVERAGE_PLUS", (60, 60), id="lower-a6060"),
    ],
)
def test_adjusted(index: int, code: str, ns: str, ew: str, percents: tuple[int, int]) -> None:
    """A<ns%><ew%> scores are adjusted results with the code as written."""
    line = results(fixture("adjusted-a6040.xml"))[index]
    assert line.outcome is Outcome.ADJUSTED
    assert line.score is None
    assert line.adjusted is not None
    assert line.adjusted.code == code
    assert (line.adjusted.ns, line.adjusted.ew) == (AdjustedKind[ns], AdjustedKind[ew])
    assert (line.adjusted.ns_percent, line.adjusted.ew_percent) == percents


@pytest.mark.parametrize(
    ("index", "outcome", "score"),
    [
        pytest.param(0, Outcome.NOT_PLAYED, None, id="NP-contract"),
        pytest.param(1, Outcome.PASSED_OUT, 0, id="PASS"),
        pytest.param(2, Outcome.PASSED_OUT, 0, id="Pass"),
        pytest.param(3, Outcome.PASSED_OUT, 0, id="PASSED-empty-tricks"),
        pytest.param(4, Outcome.PASSED_OUT, 0, id="P"),
        pytest.param(5, Outcome.NOT_PLAYED, None, id="no-score"),
        pytest.param(6, Outcome.NOT_PLAYED, None, id="empty-score"),
        pytest.param(7, Outcome.NOT_PLAYED, None, id="NP-score"),
    ],
)
def test_not_played_and_passed_out(index: int, outcome: Outcome, score: int | None) -> None:
    """NP, every pass spelling, and lines without a score."""
    line = results(fixture("np-and-pass.xml"))[index]
    assert (line.outcome, line.score) == (outcome, score)
    if outcome is Outcome.PASSED_OUT:
        assert (line.declarer, line.tricks) == (None, None)  # PLAYED_BY N means nothing


@pytest.mark.parametrize(
    "spelling", ["PASS", "All Pass", "AP", "Passed out", "pass-out"], ids=str.lower
)
def test_pass_spellings_as_pbn_reads_them(spelling: str) -> None:
    """The pass spellings PBN files use (one grammar for both readers) are
    passed out here too, not a played line with an unreadable contract."""
    line = read_line(f"<CONTRACT>{spelling}</CONTRACT><PLAYED_BY>N</PLAYED_BY><SCORE>0</SCORE>")
    assert (line.outcome, line.score, line.contract, line.declarer) == (
        Outcome.PASSED_OUT,
        0,
        None,
        None,
    )
    assert line.contract_text == spelling


def test_result_counts_match_traveller_lines() -> None:
    """Every TRAVELLER_LINE of every fixture is one result."""
    paths = sorted(FIXTURES.glob("*.xml"))
    assert paths, f"no fixture in {FIXTURES}"
    for path in paths:
        lines = sum(1 for _ in etree.parse(str(path), usebio.PARSER).iter("TRAVELLER_LINE"))
        assert usebio.load(path).result_count() == lines, path.name


def test_empty_and_missing_elements_tolerated() -> None:
    """Empty pair numbers, contracts, leads and an empty PLAYED_BY read as None."""
    line = read_line(
        "<EW_PAIR_NUMBER></EW_PAIR_NUMBER><CONTRACT></CONTRACT><PLAYED_BY/><LEAD></LEAD>"
        "<SCORE>-50</SCORE>"
    )
    assert (line.ew, line.contract, line.contract_text, line.declarer, line.lead) == (
        None,
        None,
        None,
        None,
        None,
    )
    assert (line.outcome, line.score) == (Outcome.PLAYED, -50)


# -- source_ref ----------------------------------------------------------------


@pytest.mark.parametrize(
    "name", ["flat-butler-old-style.xml", "teams-of-four.xml", "event-section-no-session.xml"]
)
def test_source_refs_index_document_order(name: str) -> None:
    """source_ref is the element's index among the BOARD, TRAVELLER_LINE,
    PAIR, TEAM, PLAYER and MATCH elements, in document order."""
    event = fixture(name)
    tree = event.source.tree
    assert isinstance(tree, etree._ElementTree)
    nodes = list(tree.getroot().iter("BOARD", "TRAVELLER_LINE", "PAIR", "TEAM", "PLAYER", "MATCH"))
    for board in all_boards(event):
        assert board.source_ref is not None
        assert nodes[board.source_ref].tag == "BOARD"
        assert nodes[board.source_ref].findtext("BOARD_NUMBER") == str(board.number)
        for result in board.results:
            assert result.source_ref is not None
            element = nodes[result.source_ref]
            assert element.tag == "TRAVELLER_LINE"
            assert element.sourceline == result.line
            assert element.findtext("NS_PAIR_NUMBER") == result.ns
    for participant in event.participants():
        assert participant.source_ref is not None
        element = nodes[participant.source_ref]
        assert (
            element.tag
            == {"pair": "PAIR", "team": "TEAM", "player": "PLAYER"}[participant.kind.value]
        )
    for session in event.sessions:
        for match in session.matches:
            assert match.source_ref is not None
            assert nodes[match.source_ref].tag == "MATCH"


# -- input forms ---------------------------------------------------------------


def test_load_path_file_and_text() -> None:
    """load takes a path or a binary file; loads takes bytes or text (whatever
    encoding the text's declaration names)."""
    path = FIXTURES / "session-section-layout.xml"
    data = path.read_bytes()
    from_path = usebio.load(path)
    from_file = usebio.load(io.BytesIO(data))
    from_text = usebio.loads(data.decode("latin-1"))
    assert from_path.sessions == from_file.sessions == from_text.sessions
    assert from_path.source.name == str(path)
    assert from_text.club == from_path.club


# -- errors --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("data", "line", "words"),
    [
        pytest.param(one_line("<SCORE>12x</SCORE>"), 5, "SCORE '12x'", id="score-12x"),
        pytest.param(one_line("<SCORE>1</SCORE>", "abc"), 4, "BOARD_NUMBER 'abc'", id="board-abc"),
        pytest.param(one_line("<SCORE>1</SCORE>", "0"), 4, "number", id="board-zero"),
        pytest.param(
            one_line("<SCORE>" + "9" * 5000 + "</SCORE>"), 5, "not a whole number", id="huge-score"
        ),
        pytest.param(
            one_line("<SCORE>1</SCORE>", "1" * 5000), 4, "not a whole number", id="huge-board"
        ),
        pytest.param(
            one_line("<CONTRACT>4S</CONTRACT><TRICKS>14</TRICKS><SCORE>1</SCORE>"),
            5,
            "tricks",
            id="14-tricks",
        ),
        pytest.param(
            one_line("<PLAYED_BY>Q</PLAYED_BY><SCORE>1</SCORE>"), 5, "PLAYED_BY", id="bad-seat"
        ),
        pytest.param(
            doc("<PARTICIPANTS>\n<PAIR><PLAYER/></PAIR></PARTICIPANTS>"),
            5,
            "PAIR_NUMBER",
            id="pair-without-number",
        ),
        pytest.param(
            doc("<PARTICIPANTS>\n<PAIR><PAIR_NUMBER>1</PAIR_NUMBER><DIRECTION>NE</DIRECTION>"
                "</PAIR></PARTICIPANTS>"),
            5,
            "DIRECTION 'NE'",
            id="bad-direction",
        ),
        pytest.param(
            doc("<SESSION>\n<MATCH><TEAM>1</TEAM></MATCH></SESSION>"),
            5,
            "OPPOSING_TEAM",
            id="match-without-opponent",
        ),
        pytest.param(
            doc("<SESSION><MATCH><TEAM>1</TEAM><OPPOSING_TEAM>2</OPPOSING_TEAM>\n"
                "<ROUND_NUMBER>one</ROUND_NUMBER></MATCH></SESSION>"),
            5,
            "ROUND_NUMBER",
            id="bad-round",
        ),
    ],
)  # fmt: skip
def test_bad_values_are_located(data: str, line: int, words: str) -> None:
    """A value that cannot be read is one UsebioError at its line."""
    with pytest.raises(UsebioError) as caught:
        usebio.loads(data, source="night.xml")
    assert caught.value.line == line
    assert words in caught.value.message
    assert str(caught.value).startswith(f"night.xml:{line}: ")
    assert "\n" not in str(caught.value)


BILLION_LAUGHS = b"""<?xml version="1.0"?>
<!DOCTYPE USEBIO [
 <!ENTITY lol "lol">
 <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
 <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
 <!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">
 <!ENTITY lol6 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;">
 <!ENTITY lol7 "&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;">
 <!ENTITY lol8 "&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;">
 <!ENTITY lol9 "&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;">
]>
<USEBIO Version="1.2"><EVENT><EVENT_DESCRIPTION>&lol9;</EVENT_DESCRIPTION></EVENT></USEBIO>
"""
# One small internal entity: libxml2 would not stop it; we refuse it.
SMALL_ENTITY = b"""<?xml version="1.0"?>
<!DOCTYPE USEBIO [
 <!ENTITY club "Entity Club">
]>
<USEBIO Version="1.2"><EVENT><EVENT_DESCRIPTION>&club;</EVENT_DESCRIPTION></EVENT></USEBIO>
"""
EXTERNAL_ENTITY = b"""<?xml version="1.0"?>
<!DOCTYPE USEBIO [<!ENTITY x SYSTEM "file:///etc/passwd">]>
<USEBIO Version="1.2"><EVENT><EVENT_DESCRIPTION>&x;</EVENT_DESCRIPTION></EVENT></USEBIO>
"""


def external_dtd(tmp_path: Path) -> bytes:
    """A document whose external DTD (a real file) defines the entity it uses."""
    dtd = tmp_path / "evil.dtd"
    dtd.write_text('<!ENTITY secret "from the DTD">\n')
    return (
        f'<?xml version="1.0"?>\n<!DOCTYPE USEBIO SYSTEM "{dtd.as_uri()}">\n'
        '<USEBIO Version="1.2"><EVENT>\n<EVENT_DESCRIPTION>&secret;</EVENT_DESCRIPTION>'
        "</EVENT></USEBIO>\n"
    ).encode()


HOSTILE = [
    pytest.param(BILLION_LAUGHS, id="billion-laughs"),
    pytest.param(SMALL_ENTITY, id="internal-entity"),
    pytest.param(EXTERNAL_ENTITY, id="external-entity"),
    pytest.param(b'<?xml version="1.0"?>\n<USEBIO>\n<EVENT>\n<BOARD>', id="truncated"),
    pytest.param(bytes(range(256)) * 4, id="binary-junk"),
    pytest.param(b"", id="empty"),
    pytest.param(b"  \n\t ", id="whitespace"),
    pytest.param(b'<?xml version="1.0"?>\n<html><body>no</body></html>', id="not-usebio"),
    pytest.param(b'<USEBIO Version="1.2">\n<CLUB/>\n</USEBIO>', id="no-event"),
    pytest.param(b"\xef\xbb\xbf<USEBIO><EVENT></USEBIO>", id="mismatched-tags"),
]


@functools.cache
def honest_read() -> float:
    """The CPU seconds reading a real-sized club night (a Mitchell) takes."""
    data = (FIXTURES / "mitchell-pairs.xml").read_bytes()
    return cpu_cost(functools.partial(usebio.loads, data, source="mitchell-pairs.xml"))[1]


@pytest.mark.parametrize("data", HOSTILE)
def test_hostile_input_is_a_located_error(data: bytes) -> None:
    """Hostile or broken input is one UsebioError with a line, at once: in
    no more CPU time than an honest club night takes to read."""
    with pytest.raises(UsebioError) as caught:
        assert_cheap(functools.partial(usebio.loads, data, source="evil.xml"), honest_read())
    assert caught.value.line is not None and caught.value.line >= 1
    assert str(caught.value).startswith("evil.xml:")
    assert "/etc/passwd" not in caught.value.message or "root:" not in caught.value.message


def test_external_dtd_is_never_loaded(tmp_path: Path) -> None:
    """An external DTD is not read: its entity is refused, not expanded."""
    with pytest.raises(UsebioError) as caught:
        usebio.loads(external_dtd(tmp_path), source="evil.xml")
    assert caught.value.line == 4
    assert "from the DTD" not in str(caught.value)


def test_real_files_external_dtd_is_ignored() -> None:
    """The EBU DTD URL of real files is neither fetched nor needed."""
    event = fixture("flat-butler-old-style.xml")  # names http://www.ebu.co.uk/...dtd
    assert event.title == "Wednesday Butler"


@given(
    data=st.binary(max_size=60).map(
        lambda b: b.translate(bytes(b"<!EN\n"[i % 5] for i in range(256)))
    ),
    tries=st.integers(0, 3),
)
def test_the_entity_scan_finds_what_find_finds(data: bytes, tries: int) -> None:
    """The scan for "<!ENTITY" jumps between "!" bytes, then finds the rest
    plainly: the first declaration either way (here a two-byte "<!E"
    and few tries, so that both ways are taken)."""
    from pbnscore.usebio._read_write_intake import find_by_rare_byte

    for needle in (b"<!E", b"E<!", b"!"):
        assert find_by_rare_byte(data, needle, b"!", tries) == data.find(needle)


def test_an_entity_declaration_after_many_exclamation_marks_is_refused_at_its_line() -> None:
    """Sixty-five "!" before the DOCTYPE: the scan's plain find takes over."""
    data = (
        '<?xml version="1.0"?>\n<!--' + "!" * 65 + "-->\n"
        '<!DOCTYPE USEBIO [\n<!ENTITY a "b">]>\n<USEBIO/>\n'
    ).encode()
    with pytest.raises(UsebioError, match="entity declarations are not allowed") as raised:
        usebio.loads(data, source="bang.xml")
    assert raised.value.line == 4


# -- the walk for entity references, spared where the bytes show none


def referencing(text: str, encoding: str = "utf-8") -> bytes:
    """A document whose DOCTYPE names an external DTD, which is not read:
    libxml2 then keeps an undeclared entity's reference as a node (without
    a DOCTYPE it refuses it), which only the walk finds."""
    return (
        f'<?xml version="1.0" encoding="{encoding}"?>\n'
        '<!DOCTYPE USEBIO SYSTEM "http://www.ebu.co.uk/usebio.dtd">\n'
        '<USEBIO Version="1.2"><EVENT>\n'
        f"<EVENT_DESCRIPTION>{text}</EVENT_DESCRIPTION></EVENT></USEBIO>\n"
    ).encode(encoding)


REPLACED = ["&amp;", "&lt;", "&gt;", "&quot;", "&apos;", "&#38;", "&#x26;"]


@given(
    pieces=st.lists(st.sampled_from([*REPLACED, "&foo;", "&ampx;", "&a;", "x"]), max_size=6),
    tries=st.integers(0, 3),
)
def test_the_reference_scan_spares_the_walk_only_where_no_reference_can_be(
    pieces: list[str], tries: int
) -> None:
    """The walk is spared exactly where every "&" begins a reference
    libxml2 replaces, and there are no more than ``tries`` of them: never
    where the tree holds an entity reference."""
    from pbnscore.usebio._read_write_intake import PARSER, _may_hold_entity_references

    data = referencing("".join(pieces))
    tree = etree.fromstring(data, PARSER).getroottree()
    held = next(tree.getroot().iter(etree.Entity), None) is not None
    spared = not _may_hold_entity_references(tree, data, tries)
    replaced = [piece for piece in pieces if piece != "x"]
    assert spared == (all(piece in REPLACED for piece in replaced) and len(replaced) <= tries)
    assert not (spared and held)


def test_an_entity_reference_after_many_replaced_ones_is_refused_at_its_line() -> None:
    """Sixty-five "&amp;" before it: the walk takes over and finds it."""
    with pytest.raises(UsebioError, match="entity reference &foo; is not allowed") as raised:
        usebio.loads(referencing("&amp;" * 65 + "&foo;"), source="amp.xml")
    assert raised.value.line == 4


def test_an_entity_reference_without_an_ampersand_byte_is_refused_at_its_line() -> None:
    """UTF-7 may write "&" as "+ACY-": a reference without an "&" byte.
    Only the encodings that write "&" as itself are scanned."""
    data = referencing("&foo;", "utf-7").replace(b"&", b"+ACY-")
    assert b"&" not in data
    with pytest.raises(UsebioError, match="entity reference &foo; is not allowed") as raised:
        usebio.loads(data, source="utf7.xml")
    assert raised.value.line == 4


@pytest.mark.parametrize("path", sorted(FIXTURES.glob("*.xml")), ids=lambda p: p.name)
def test_no_fixture_needs_the_walk_for_entity_references(path: Path) -> None:
    """Real files (these name the EBU DTD) have no "&" but predefined ones."""
    from pbnscore.usebio._read_write_intake import PARSER, _may_hold_entity_references

    data = path.read_bytes()
    assert not _may_hold_entity_references(etree.fromstring(data, PARSER).getroottree(), data)


def test_a_bad_direction_is_placed_once() -> None:
    """A DIRECTION that is no side: ``file:line: message`` with the place
    said once, strictly and leniently (the model's ValueError handler
    had wrapped the reader's own error again: ``f:85: f:85: ...``)."""
    text = (FIXTURES / "teams-of-four.xml").read_text(encoding="utf-8")
    bad = text.replace("<DIRECTION>NS</DIRECTION>", "<DIRECTION>Q</DIRECTION>", 1)
    # Reported at its line's start tag, as every problem of a line is.
    line = bad[: bad.rindex("<TRAVELLER_LINE", 0, bad.index("<DIRECTION>Q"))].count("\n") + 1
    with pytest.raises(UsebioError) as raised:
        usebio.loads(bad.encode("utf-8"), source="bad.xml")
    assert str(raised.value) == f"bad.xml:{line}: DIRECTION 'Q' is not NS or EW"
    (problem,) = [p for p in usebio.check(bad.encode("utf-8"), source="bad.xml") if p.line == line]
    assert str(problem) == f"bad.xml:{line}: DIRECTION 'Q' is not NS or EW"
