"""PBN out keeps what it read and says the same thing twice: a USEBIO teams
event written as PBN reads back with its team ids, team names and players;
scoring pbnscore's own PBN output again gives the same bytes (a tie's rows
too); and no line is longer than PBN's 255 characters (§2.3)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import attrs
import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

import pbnscore
from conftest import REFUSED_SAMPLES, examples, shared_sample_files
from pbnscore import pbn
from pbnscore._numbering import two_winner as is_two_winner
from pbnscore.model import Event, Fields, Participant, Player, ScoredEvent, Source
from test_pbn_roundtrip import pairs_events

ROOT = Path(__file__).resolve().parents[1]
TEAMS = [
    ROOT / "fixtures" / "usebio" / "teams-of-four.xml",
    ROOT / "fixtures" / "usebio" / "teams-of-eight-two-matches.xml",
    *shared_sample_files("usebio/payload_multiple-teams.xml"),
]
# PBN holds no individual event (docs/reference/pbn-out.md).
NOT_PBN = ("individual",)
FILES = [
    path
    for path in [
        *sorted((ROOT / "fixtures" / "usebio").glob("*.xml")),
        *sorted((ROOT / "fixtures" / "pbn").glob("*.pbn")),
        *shared_sample_files("usebio/*.xml", "pbn/*", exclude=tuple(REFUSED_SAMPLES)),
    ]
    if not any(word in path.name for word in NOT_PBN)
]


def _as_pbn(event: Event) -> bytes:
    return pbn.dumps(pbnscore.score(event))


def _teams(event: Event) -> dict[str, tuple[str | None, frozenset[tuple[str | None, ...]]]]:
    """Each team by id: its name, and its pairs' players' names."""
    return {
        team.id: (
            team.name if team.name != team.id else None,
            frozenset(tuple(p.name for p in pair.players) for pair in team.members),
        )
        for session in event.sessions
        for team in session.teams
    }


@pytest.mark.parametrize("path", TEAMS, ids=[p.name for p in TEAMS])
def test_a_usebio_teams_event_as_pbn_keeps_its_teams_and_players(path: Path) -> None:
    """Team ids stay ids (HOLLIES was made TeamId 1's id), names stay names,
    and every pair's players come back."""
    event = pbnscore.load(path)
    back = pbn.loads(_as_pbn(event))
    assert _teams(back) == _teams(event)
    assert any(players for _, pairs in _teams(back).values() for players in pairs)


@pytest.mark.parametrize("path", FILES, ids=[f"{p.parent.name}/{p.name}" for p in FILES])
def test_scoring_pbnscore_s_own_pbn_again_gives_the_same_bytes(path: Path) -> None:
    """Written as PBN, read, scored and written again: the same bytes (the
    rows of a tie in the same order, the same team names)."""
    assert FILES
    first = _as_pbn(pbnscore.load(path))
    assert _as_pbn(pbn.loads(first)) == first


def _named(participant: Participant, name: str) -> Participant:
    players = tuple(
        attrs.evolve(player, name=name, national_id="9" * 300) for player in participant.players
    )
    members = tuple(_named(member, name) for member in participant.members)
    return attrs.evolve(participant, players=players, members=members)


@pytest.mark.parametrize(
    "path",
    [ROOT / "fixtures" / "usebio" / "club-night.xml", TEAMS[0]],
    ids=["pairs", "teams"],
)
def test_no_line_is_longer_than_255_characters(path: Path) -> None:
    """A 404-character title and player name, a 300-digit national id:
    every line within 255 characters with its CRLF, the text cut ("...");
    written again, the same."""
    event = pbnscore.load(path)
    long = "N" * 404
    sessions = tuple(
        attrs.evolve(
            session,
            sections=tuple(
                attrs.evolve(s, participants=tuple(_named(p, long) for p in s.participants))
                for s in session.sections
            ),
            teams=tuple(_named(team, long) for team in session.teams),
        )
        for session in event.sessions
    )
    written = _as_pbn(attrs.evolve(event, sessions=sessions, title="T" * 404))
    lines = written.split(b"\r\n")
    assert lines and max(len(line) + 2 for line in lines) <= 255
    assert b"NNN..." in written and b"TTT..." in written and b"999..." in written
    assert _as_pbn(pbn.loads(written)) == written


# -- every player's name and national id, and each team's own name (25.11) ----------

TEAMS_METHODS = ("butler", "aggregate")


Members = frozenset[tuple[str, tuple[Player, ...]]]


def _members(event: Event) -> dict[str, tuple[str | None, Members]]:
    """Each team by id: its name as the event has it (None where it has
    none), and its pairs with their players, names and national ids."""
    return {
        team.id: (team.name, frozenset((pair.id, pair.players) for pair in team.members))
        for session in event.sessions
        for team in session.teams
    }


@pytest.mark.parametrize("method", TEAMS_METHODS)
@pytest.mark.parametrize("path", TEAMS, ids=[p.name for p in TEAMS])
def test_a_teams_event_as_pbn_keeps_every_player_s_national_id(path: Path, method: str) -> None:
    """Every pair of every team comes back with its players' names and
    national ids, and a team with no name gets none (not its id)."""
    event = pbnscore.load(path)
    back = pbn.loads(pbn.dumps(pbnscore.score(event, method)))
    teams = _members(event).values()
    assert any(player.national_id for _, pairs in teams for _, ps in pairs for player in ps)
    assert _members(back) == _members(event)


# Teams whose pairs tie across directions, and teams with unnamed pairs.
MORE_TEAMS = [
    *TEAMS,
    ROOT / "fixtures" / "usebio" / "teams-of-four-missing-line.xml",
    ROOT / "fixtures" / "usebio" / "event-participants-match.xml",
]


@pytest.mark.parametrize("method", [*TEAMS_METHODS, "cross-imps"])
@pytest.mark.parametrize("path", MORE_TEAMS, ids=[p.name for p in MORE_TEAMS])
def test_scoring_a_teams_event_s_pbn_again_gives_the_same_bytes(path: Path, method: str) -> None:
    """The national ids the first writing had are in the second too, and a
    tie of pairs sitting NS and EW keeps its rows' order."""
    first = pbn.dumps(pbnscore.score(pbnscore.load(path), method))
    assert pbn.dumps(pbnscore.score(pbn.loads(first), method)) == first


@pytest.mark.parametrize("path", TEAMS, ids=[p.name for p in TEAMS])
def test_a_season_over_the_pbn_copy_ranks_the_same_players(path: Path) -> None:
    """By player, over the copy as over the original: the same people (their
    national ids too), teams and figures."""
    event = pbnscore.load(path)
    copy = pbn.loads(pbn.dumps(pbnscore.score(event, "aggregate")))

    def ranking(of: Event) -> list[tuple[object, ...]]:
        season = pbnscore.season([of], "butler", by="player")
        return [(e.rank, e.players, e.team, dict(e.figures)) for e in season.ranking]

    assert ranking(event)
    assert ranking(copy) == ranking(event)


# A 5-line PBN: a game with its TotalScoreTable twice; the reader reads the
# first (§3.4), which has no rows: no participants.
REPEATED_TABLE = b"""[Board "1"]
[TotalScoreTable "Rank;PairId;Direction;Names"]
[TotalScoreTable "Rank;PairId;Direction;Names"]
1 1 "N-S" "Ann;Bob"
1 2 "E-W" "Cy;Di"
"""


def _participants(event: Event) -> list[Participant]:
    return [p for s in event.sessions for section in s.sections for p in section.participants]


@pytest.mark.parametrize("games", [1, 2], ids=["first-game", "second-game"])
def test_a_repeated_total_score_table_is_not_read_back(games: int) -> None:
    """Written back, the repeated table (unread) is not read in place of the
    one pbnscore replaces: the same participants, none from nowhere."""
    head = (
        b'[Board "2"]\n[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result"]\n3 4 3NT N 9\n\n'
    )
    data = (head if games == 2 else b"") + REPEATED_TABLE
    event = pbn.loads(data)
    for method in ("butler", "cross-imps"):
        back = pbn.loads(pbn.dumps(pbnscore.score(event, method)))
        assert _participants(back) == _participants(event)


# -- a PBN input's own long lines (25.11) ----------------------------------------------

MITCHELL = ROOT / "fixtures" / "pbn" / "mitchell-pairs.pbn"


def test_a_pbn_input_s_rows_with_a_long_name_are_written_within_255() -> None:
    """A 404-character player name in a ScoreTable's rows: each row
    pbnscore gives its IMP columns fits 255 characters with its line end,
    the long name cut ("...") and the other player kept; written again, the
    same bytes."""
    data = MITCHELL.read_bytes().replace(b"Ann Abbott", b"N" * 404)
    written = pbn.dumps(pbnscore.score(pbn.loads(data)))
    lines = written.splitlines()
    assert lines and max(len(line) + 2 for line in lines) <= 255
    rows = [line for line in lines if b"NNN" in line and b"N-S" not in line]
    assert rows and all(b'N...;Ben Baker"' in row for row in rows)
    assert pbn.dumps(pbnscore.score(pbn.loads(written))) == written


def test_an_input_line_over_255_that_pbnscore_does_not_write_is_kept_and_said() -> None:
    """A comment line of 300 characters is the input's: written back as it
    was, with a warning that names its line."""
    comment = b"{" + b"c" * 300 + b"}"
    data = MITCHELL.read_bytes().replace(b"% PBN 2.1\n", b"% PBN 2.1\n" + comment + b"\n")
    said: list[str] = []
    written = pbn.dumps(pbnscore.score(pbn.loads(data)), warn=said.append)
    assert comment + b"\n" in written
    assert len(said) == 1 and "line 2 " in said[0] and "255" in said[0]


# -- an event of several sessions (25.11) ----------------------------------------------

TWO_SESSIONS = ROOT / "fixtures" / "usebio" / "two-sessions.xml"


def _sessions(event: Event) -> list[tuple[object, ...]]:
    """Each session by id: its sections by id, each with its participants
    (their keys and players)."""
    return [
        (
            session.id,
            [
                (section.id, [(p.key, p.players) for p in section.participants])
                for section in session.sections
            ],
        )
        for session in event.sessions
    ]


def _standings(event: Event) -> list[tuple[object, ...]]:
    scored = pbnscore.score(event)
    return [(s.participant.key, s.participant.players, s.total, s.boards) for s in scored.standings]


def test_an_event_of_two_sessions_as_pbn_keeps_its_sessions_and_participants() -> None:
    """Each session's sections and participants (names, national ids) come
    back, no section from the TotalScoreTable beside them; scored, the same
    participants with the same totals; and scoring the PBN again, the same
    bytes."""
    event = pbnscore.load(TWO_SESSIONS)
    assert len(event.sessions) == 2
    written = _as_pbn(event)
    back = pbn.loads(written)
    assert _sessions(back) == _sessions(event)
    assert _standings(back) == _standings(event)
    assert _as_pbn(back) == written


def _staged(data: bytes, stages: bool) -> bytes:
    """``data``'s games, the first half Stage 1 and the rest Stage 2 (or a
    tag no reader knows in its place, so that the lines stay the same), and
    two games with a board and no result, one in each stage."""
    games = (data.rstrip(b"\n") + b'\n\n[Board "30"]\n\n[Board "31"]\n').split(b"[Board ")
    half = len(games) // 2
    return games[0] + b"".join(
        b'[%s "%d"]\n' % (b"Stage" if stages else b"Phase", 1 if i <= half else 2)
        + b"[Board "
        + game
        for i, game in enumerate(games[1:], start=1)
    )


def test_stages_are_sessions_of_a_pairs_event_only() -> None:
    """A pairs file's two stages read as two sessions (pbnscore writes a
    session so); a teams file's stages change nothing: one session, its
    sections each one section, as without them."""
    pairs = pbn.loads(_staged(MITCHELL.read_bytes(), stages=True))
    assert [session.id for session in pairs.sessions] == ["1", "2"]
    data = (ROOT / "fixtures" / "pbn" / "teams-of-four.pbn").read_bytes()
    staged, plain = (pbn.loads(_staged(data, stages)) for stages in (True, False))
    assert staged.sessions[0].sections and len(staged.sessions[0].matches) == 2
    assert staged.sessions == plain.sessions


def test_a_teams_event_of_two_sessions_as_pbn_says_its_sessions_become_one() -> None:
    """PBN's teams games carry no session (the reader takes a teams file's
    matches as one): the writer says so."""
    event = pbnscore.load(TEAMS[0])
    (session,) = event.sessions
    twice = attrs.evolve(event, sessions=(session, attrs.evolve(session, id="2")))
    said: list[str] = []
    pbn.dumps(pbnscore.score(twice), warn=said.append)
    assert said == ["PBN holds the matches of 2 sessions as one"]
    pbn.dumps(pbnscore.score(event), warn=said.append)
    assert len(said) == 1


def _ranks(event: Event, directed: bool) -> dict[object, tuple[int | None, bool]]:
    """Each pair's rank and tie, by number (and direction where ``directed``)."""
    scored = pbnscore.score(event)
    return {
        (s.participant.id, s.participant.direction if directed else None): (s.rank, s.tied)
        for s in scored.standings
    }


@pytest.mark.parametrize(
    ("name", "two_winner", "ranks"),
    [
        ("pairs-no-participants.xml", False, [1, 2, 3, 4, 4, 6]),
        ("mitchell-pairs.xml", True, [1, 1, 2, 2, 3, 3, 4, 4]),
    ],
    ids=["one-field", "two-winner"],
)
def test_a_section_s_pbn_reads_back_ranked_as_it_was(
    name: str, two_winner: bool, ranks: list[int]
) -> None:
    """A Mitchell ranked as one field (a USEBIO one that lists no pairs)
    reads back as one field, a two-winner one as two, with the same ranks:
    the reader takes the ranking from the Rank column (pbn/_read_write_pairs.ranked_fields)."""
    event = pbnscore.load(ROOT / "fixtures" / "usebio" / name)
    back = pbn.loads(_as_pbn(event))
    sections = [section for session in back.sessions for section in session.sections]
    assert sections
    assert all(is_two_winner(section) is two_winner for section in sections)
    assert _ranks(back, two_winner) == _ranks(event, two_winner)
    assert sorted(rank for rank, _ in _ranks(back, two_winner).values()) == ranks


# -- a table ranking across sections (--rank event) ---------------------------------

ACROSS = [
    "usebio/ebuscore-two-sections.xml",
    "usebio/ebuscore-two-sections-cross-imps.xml",
    "usebio/event-section-no-session.xml",
    "usebio/event-two-sections.xml",
    "pbn/two-sections-pair-names.pbn",
]


def _fields(event: Event) -> list[tuple[str | None, bool]]:
    return [
        (section.id, is_two_winner(section))
        for session in event.sessions
        for section in session.sections
    ]


EBU_EVENT = ["--preset", "ebu", "--field", "event", "--rank", "event"]


@pytest.mark.parametrize("options", [EBU_EVENT, ["--rank", "event"]], ids=["ebu", "rank-event"])
@pytest.mark.parametrize("name", ACROSS)
def test_pbn_ranked_across_sections_reads_back_as_it_was_ranked(
    tmp_path: Path, name: str, options: list[str]
) -> None:
    """The EBU example (docs/howto/ebuscore.md), score F --rank event -o
    a.pbn, then the same on a.pbn: each section comes back ranked as it was
    (section A's NS and EW pairs came back ranked together) and the bytes
    are the same."""
    source = ROOT / "fixtures" / name
    first, second = tmp_path / "a.pbn", tmp_path / "b.pbn"
    for read, output in ((source, first), (first, second)):
        command = ["score", str(read), *options, "-q", "-o", str(output)]
        done = subprocess.run(
            [sys.executable, "-m", "pbnscore", *command],
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert done.returncode == 0, done.stderr
    assert _fields(pbn.loads(first.read_bytes())) == _fields(pbnscore.load(source))
    assert second.read_bytes() == first.read_bytes()


def test_another_program_s_table_ranked_across_sections_is_read_so() -> None:
    """No [Scoring] field says so, but section A's ranks have no 1 (B holds
    both): the table ranks across its sections, by direction."""
    text = (
        '[Event "x"]\n[Board "1"]\n'
        '[TotalScoreTable "Rank;Section;PairId;Direction"]\n'
        '1 B 1 "N-S"\n2 A 1 "N-S"\n3 A 2 "N-S"\n'
        '1 B 1 "E-W"\n2 A 1 "E-W"\n3 A 2 "E-W"\n'
        '[ScoreTable "Section;PairId_NS;PairId_EW;Contract;Declarer;Result"]\n'
        "A 1 2 3NT N 9\nA 2 1 3NT N 10\nB 1 1 3NT S 9\n"
    )
    event = pbn.loads(text)
    assert {section: fields for section, fields in _fields(event)} == {"A": True, "B": True}
    sections = [s for session in event.sessions for s in session.sections]
    assert all(section.fields is Fields.BY_DIRECTION for section in sections)


@examples(60, long=1000)
@given(pairs_events(), st.sampled_from(list(Fields)), st.sampled_from(["section", "event"]))
def test_random_events_ranked_across_sections_read_back_so(
    generated: tuple[Event, str], fields: Fields, field: str
) -> None:
    """Random events (one or two sections), each section ranked as
    ``fields`` says, scored --rank event and written to PBN: every section
    reads back ranked as it was, and scores the same."""
    event, _ = generated
    event = attrs.evolve(
        event,
        sessions=tuple(
            attrs.evolve(
                session,
                sections=tuple(attrs.evolve(s, fields=fields) for s in session.sections),
            )
            for session in event.sessions
        ),
    )
    scored = pbnscore.score(event, "butler", rank="event", field=field)
    # Where the Rank column can say: everyone ranked, no tie (a tie of a
    # whole direction at 1, or no rank, reads both ways: left to inference).
    assume(all(s.rank is not None and not s.tied for s in scored.standings))
    built = attrs.evolve(scored, event=attrs.evolve(scored.event, source=Source("x", "usebio")))
    back = pbn.loads(pbn.dumps(built))
    assert _fields(back) == _fields(event)
    again = pbnscore.score(back, "butler", rank="event", field=field)
    assert _places(again) == _places(scored)


def _places(scored: ScoredEvent) -> list[tuple[object, ...]]:
    """Each participant's total, rank and tie, in the standings' order."""
    return [(s.participant.key, s.total, s.rank, s.tied) for s in scored.standings]
