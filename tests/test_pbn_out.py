"""PBN out keeps what it read and says the same thing twice: a USEBIO teams
event written as PBN reads back with its team ids, team names and players;
scoring pbnscore's own PBN output again gives the same bytes (a tie's rows
too); and no line is longer than PBN's 255 characters (§2.3)."""

from __future__ import annotations

from pathlib import Path

import attrs
import pytest

import pbnscore
from conftest import shared_sample_files
from pbnscore import pbn
from pbnscore.model import Event, Participant

ROOT = Path(__file__).resolve().parents[1]
TEAMS = [
    ROOT / "fixtures" / "usebio" / "teams-of-four.xml",
    ROOT / "fixtures" / "usebio" / "teams-of-eight-two-matches.xml",
    *shared_sample_files("usebio/payload_multiple-teams.xml"),
]
# PBN holds no individual event, and no sessions (README "PBN out").
NOT_PBN = ("individual", "two-sessions")
FILES = [
    path
    for path in [
        *sorted((ROOT / "fixtures" / "usebio").glob("*.xml")),
        *sorted((ROOT / "fixtures" / "pbn").glob("*.pbn")),
        *shared_sample_files("usebio/*.xml", "pbn/*", exclude=("errors_20.pbn",)),
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
    try:
        first = _as_pbn(pbnscore.load(path))
    except pbnscore.PbnscoreError:
        pytest.skip(f"{path.name} does not read or score")
    assert _as_pbn(pbn.loads(first)) == first


def _named(participant: Participant, name: str) -> Participant:
    players = tuple(attrs.evolve(player, name=name) for player in participant.players)
    members = tuple(_named(member, name) for member in participant.members)
    return attrs.evolve(participant, players=players, members=members)


@pytest.mark.parametrize(
    "path",
    [ROOT / "fixtures" / "usebio" / "club-night.xml", TEAMS[0]],
    ids=["pairs", "teams"],
)
def test_no_line_is_longer_than_255_characters(path: Path) -> None:
    """A 404-character title and player name: every line within 255
    characters with its CRLF, the text cut ("..."); written again, the same."""
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
    assert b"NNN..." in written and b"TTT..." in written
    assert _as_pbn(pbn.loads(written)) == written
