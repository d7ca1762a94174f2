"""Teams events written one game per table, into teams and matches.

The convention read (PBN has no field for it; docs/reference/choices.md "PBN teams seating"):

- A game with ``HomeTeam`` and ``VisitTeam`` tags is one table's result in a
  match between those two teams. The games of one match share the two teams
  (either way round) and the ``Round`` tag; a match may have any number of
  tables (two for teams of four, four for teams of eight), and several
  matches may play the same boards.
- A game with a result and no team tags plays in the match of the last game
  that named them, until the Event, Round or Match tag changes (BBO's
  LinToPbn names the teams in a match's first game only; the reader passes
  such games here with those teams).
- The match's home team (:attr:`Match.team`) is the ``HomeTeam`` of its first
  game in the file.
- Where each team sat at a table, in this order:

  1. ``[Room "Open"]``: the game's HomeTeam sits NS; ``[Room "Closed"]``:
     the HomeTeam sits EW (EBL files, where both rooms name the same
     HomeTeam);
  2. a match whose games name its teams both ways round (RealBridge:
     AUSTRIA-DENMARK at table 11, DENMARK-AUSTRIA at table 7): the game's
     HomeTeam is the team sitting NS at that table;
  3. otherwise, a numbered ``Table``: the HomeTeam sits NS at odd tables and
     EW at even ones;
  4. otherwise: NS at the board's first game in the match, EW at its second,
     and so on alternately.

- Pairs: ``PairNS``/``PairEW`` tags name them where present. Otherwise a
  team's pairs are numbered ``<team>-1``, ``<team>-2`` ... in order of first
  appearance, one pair per pair of player names (North and South, or West and
  East) or, where the names are unknown, per seat (table, room, direction).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from pbnscore._records import attrs
from pbnscore.model import (
    Deal,
    Direction,
    Match,
    Participant,
    ParticipantKind,
    Player,
    Seat,
    Vulnerability,
)
from pbnscore.pbn._read_result import Entry, Report, to_result
from pbnscore.pbn._read_write_pairs import BoardNotes


class TableGame(NamedTuple):
    """One game of a teams file: one table's result in a match."""

    entry: Entry  # its pairs are filled in when the match is known
    vulnerability: Vulnerability  # for scoring: the tag, else the board number
    number: int
    dealer: Seat | None
    board_vulnerability: Vulnerability | None  # as the game gives it
    deal: Deal | None
    home: str
    visit: str
    room: str | None
    table: str | None
    round: str | None
    ns_names: tuple[str, ...]  # North, South as written
    ew_names: tuple[str, ...]  # West, East
    pair_ns: str | None
    pair_ew: str | None


@attrs.define
class _Team:
    name: str
    pairs: dict[object, str] = attrs.field(factory=dict)  # pair key -> pair id
    players: dict[str, tuple[Player, ...]] = attrs.field(factory=dict)
    sat: dict[str, Direction | None] = attrs.field(factory=dict)  # None: both ways

    def pair(self, tag: str | None, key: object, names: tuple[str, ...], sat: Direction) -> str:
        pair = tag or self.pairs.get(key)
        if pair is None:
            pair = self.pairs[key] = f"{self.name}-{len(self.pairs) + 1}"
        if pair not in self.sat:
            self.sat[pair] = sat
            self.players[pair] = tuple(Player(name) for name in names)
        elif self.sat[pair] is not sat:
            self.sat[pair] = None
        return pair

    def participant(self) -> Participant:
        members = tuple(
            Participant(pair, direction=sat, players=self.players[pair], team=self.name)
            for pair, sat in self.sat.items()
        )
        return Participant(self.name, ParticipantKind.TEAM, name=self.name, members=members)


@attrs.define
class _Match:
    team: str
    opponent: str
    round: str | None
    games: list[TableGame] = attrs.field(factory=list)

    @property
    def swaps(self) -> bool:
        """Both teams appear as HomeTeam: HomeTeam is the team sitting NS."""
        return any(game.home == self.opponent for game in self.games)


def assemble(
    games: Sequence[TableGame], report: Report
) -> tuple[tuple[Participant, ...], tuple[Match, ...]]:
    """Teams (with their pairs) and matches from a teams file's table games."""
    matches: dict[tuple[str | None, frozenset[str]], _Match] = {}
    teams: dict[str, _Team] = {}
    for game in games:
        key = (game.round, frozenset((game.home, game.visit)))
        if key not in matches:
            matches[key] = _Match(game.home, game.visit, game.round)
        matches[key].games.append(game)
        for name in (game.home, game.visit):
            if name not in teams:
                teams[name] = _Team(name)
    built = tuple(_match(match, teams, report) for match in matches.values())
    return tuple(team.participant() for team in teams.values()), built


def with_listed_pairs(team: Participant, listed: dict[str, tuple[Player, ...]]) -> Participant:
    """``team`` with what a TotalScoreTable says of its pairs (pbnscore's
    PBN out writes a row for each): each player's national id, by position
    (the row's first player is the pair's North or West, as the games seat
    them); the players of a pair the games do not name; a pair no game has
    (it played no board), as a member with no direction."""
    if not listed:
        return team
    members = [
        attrs.evolve(pair, players=_with_ids(pair.players, listed[pair.id]))
        if pair.id in listed
        else pair
        for pair in team.members
    ]
    known = {pair.id for pair in team.members}
    members += [
        Participant(pair, players=players, team=team.id)
        for pair, players in listed.items()
        if pair not in known
    ]
    return attrs.evolve(team, members=tuple(members))


def _with_ids(played: tuple[Player, ...], listed: tuple[Player, ...]) -> tuple[Player, ...]:
    if not played:
        return listed
    return tuple(
        attrs.evolve(player, national_id=listed[i].national_id)
        if player.national_id is None and i < len(listed)
        else player
        for i, player in enumerate(played)
    )


def _match(match: _Match, teams: dict[str, _Team], report: Report) -> Match:
    boards: dict[int, BoardNotes] = {}
    swaps = match.swaps
    for game in match.games:
        number = game.number
        notes = boards.get(number)
        if notes is None:
            notes = BoardNotes(number, game.dealer, game.board_vulnerability, game.deal)
            boards[number] = notes
        home_ns = _home_ns(game, swaps, len(notes))
        ns_team, ew_team = (game.home, game.visit) if home_ns else (game.visit, game.home)
        ns = teams[ns_team].pair(game.pair_ns, _key(game, game.ns_names, "NS"), game.ns_names, NS)
        ew = teams[ew_team].pair(game.pair_ew, _key(game, game.ew_names, "EW"), game.ew_names, EW)
        home_direction = NS if ns_team == match.team else EW
        entry = game.entry.seated(ns, ew, game.table, game.room)
        notes.parts.append(to_result(entry, game.vulnerability, report, home_direction))
    return Match(
        match.team,
        match.opponent,
        tuple(boards[n].board({}) for n in sorted(boards)),  # analyses: with_analyses
        # the reader refused a Round of more than nine digits
        round=int(match.round) if match.round and match.round.isdecimal() else None,
    )


NS, EW = Direction.NS, Direction.EW


def _home_ns(game: TableGame, swaps: bool, earlier: int) -> bool:
    """Whether the game's HomeTeam sits NS (see the module docstring)."""
    room = (game.room or "").lower()
    if room in ("open", "closed"):
        return room == "open"
    if swaps:
        return True
    if game.table is not None and game.table.isdecimal():
        return int(game.table[-1]) % 2 == 1  # the last digit: any length
    return earlier % 2 == 0


def _key(game: TableGame, names: tuple[str, ...], sat: str) -> object:
    """A pair is its two players; where they are not named, its seat."""
    return names if len(names) == 2 else (game.table, game.room, sat)
