"""Random events, written as PBN by a small writer here, read back the same.

Compared: what PBN carries -- the event's title, date and site; each board's
number, section, dealer, vulnerability and deal; each result's pairs,
outcome, score, contract, declarer, tricks and adjustment; pairs' names and
directions; and for teams, the matches, tables and where the home team sat.
The written files must also pass ``check`` with no problem at all.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import Any

import attrs
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import examples
from pbnscore import pbn
from pbnscore.bridge import ns_score, vulnerability_for_board
from pbnscore.model import (
    Adjusted,
    AdjustedKind,
    Board,
    Contract,
    Deal,
    Direction,
    Event,
    EventKind,
    Match,
    Outcome,
    Participant,
    ParticipantKind,
    Player,
    Result,
    Risk,
    Seat,
    Section,
    Session,
    Source,
    Strain,
)
from pbnscore.pbn._read_write_deal import deal_text

RANKS = "AKQJT98765432"

# -- strategies -----------------------------------------------------------------------

contracts = st.builds(
    Contract,
    level=st.integers(1, 7),
    strain=st.sampled_from(list(Strain)),
    risk=st.sampled_from(list(Risk)),
)
names = st.from_regex(r"[A-Z][a-z]{1,6} [A-Z][a-z]{1,8}", fullmatch=True)
titles = st.text(alphabet=st.sampled_from("abcdefgh XYZ\\\"'/:é–"), min_size=1, max_size=30).filter(
    lambda t: t.strip() == t and t not in ("-", "?") and not t.startswith("#")
)


@st.composite
def deals(draw: st.DrawFn) -> Deal:
    cards = draw(st.permutations([s + r for s in "SHDC" for r in RANKS]))
    first = draw(st.sampled_from(list(Seat)))
    hands = []
    for i in range(4):
        hand = set(cards[13 * i : 13 * (i + 1)])
        spades, hearts, diamonds, clubs = (
            "".join(r for r in RANKS if s + r in hand) for s in "SHDC"
        )
        hands.append((spades, hearts, diamonds, clubs))
    return Deal(*hands, listed_from=first)  # type: ignore[arg-type, misc]


_AVERAGES = {
    "A+": AdjustedKind.AVERAGE_PLUS,
    "A-": AdjustedKind.AVERAGE_MINUS,
    "AVE": AdjustedKind.AVERAGE,
}


_COMPLEMENT = {"A+": "A-", "A-": "A+", "AVE": "AVE"}


@st.composite
def results(
    draw: st.DrawFn, ns: str, ew: str, number: int, *, adjusted: bool, one_column: bool = False
) -> Result:
    """A result; with ``one_column`` (a single signed Score_NS) an adjusted
    EW side is NS's complement, which is all one column can say."""
    outcomes = [Outcome.PLAYED, Outcome.PLAYED, Outcome.PASSED_OUT, Outcome.NOT_PLAYED]
    if adjusted:
        outcomes.append(Outcome.ADJUSTED)
    outcome = draw(st.sampled_from(outcomes))
    if outcome is Outcome.PLAYED:
        contract, declarer = draw(contracts), draw(st.sampled_from(list(Seat)))
        tricks = draw(st.integers(0, 13))
        score = ns_score(contract, declarer, tricks, vulnerability_for_board(number))
        return Result(ns, ew, outcome, score, contract, None, declarer, tricks=tricks)
    if outcome is Outcome.PASSED_OUT:
        return Result(ns, ew, outcome, 0)
    if outcome is Outcome.ADJUSTED:
        ns_code = draw(st.sampled_from(list(_AVERAGES)))
        ew_code = _COMPLEMENT[ns_code] if one_column else draw(st.sampled_from(list(_AVERAGES)))
        code = ns_code if one_column else f"{ns_code}/{ew_code}"
        marked = Adjusted(code, _AVERAGES[ns_code], _AVERAGES[ew_code])
        return Result(ns, ew, outcome, adjusted=marked)
    return Result(ns, ew, outcome)


@st.composite
def pairs_events(draw: st.DrawFn) -> tuple[Event, str]:
    """A Mitchell pairs event with NS pairs 1-9 and EW pairs 11-19, and the
    score convention to write it with."""
    convention = draw(st.sampled_from(["signed", "split", "none"]))
    section_ids = draw(st.sampled_from([[None], ["A"], ["A", "B"]]))
    tables = draw(st.integers(1, 4))
    players = {
        str(p): (draw(names), draw(names)) for p in [*range(1, tables + 1), *range(11, 11 + tables)]
    }
    sections = []
    for section_id in section_ids:  # type: ignore[attr-defined]
        numbers = draw(st.lists(st.integers(1, 36), min_size=1, max_size=4, unique=True))
        boards = []
        for number in sorted(numbers):
            tables_here = draw(st.lists(st.integers(1, tables), min_size=1, unique=True))
            played = tuple(
                draw(
                    results(
                        str(t),
                        str(10 + t),
                        number,
                        adjusted=convention != "none",
                        one_column=convention == "signed",
                    )
                )
                for t in tables_here
            )
            vulnerability = draw(st.sampled_from([None, vulnerability_for_board(number)]))
            dealer = draw(st.sampled_from([None, *Seat]))
            deal = draw(st.none() | deals())
            boards.append(Board(number, played, dealer, vulnerability, deal))
        pairs_here = {r.ns for b in boards for r in b.results} | {
            r.ew for b in boards for r in b.results
        }
        participants = tuple(
            Participant(
                pair,
                direction=Direction.NS if int(pair) < 10 else Direction.EW,
                section=section_id,
                players=tuple(Player(n) for n in players[pair]),
            )
            for pair in sorted(pairs_here, key=int)
        )
        sections.append(Section(section_id, participants, tuple(boards)))
    event = Event(
        EventKind.PAIRS,
        (Session(sections=tuple(sections)),),
        Source("<string>", "pbn", "2.1"),
        title=draw(titles),
        date=draw(st.dates(dt.date(1990, 1, 1), dt.date(2040, 12, 31))),
        venue=draw(titles),
    )
    return event, convention


# -- the writer -------------------------------------------------------------------------


def quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def spell(contract: Contract, variant: int) -> str:
    """One of the spellings real files use for the contract."""
    strain = contract.strain.value
    risk = contract.risk.value
    if variant == 1:
        strain = "N" if contract.strain is Strain.NOTRUMP else strain
        risk = {"X": "*", "XX": "**"}.get(risk, risk)
    elif variant == 2:
        risk = risk.lower()
    return f"{contract.level}{strain}{risk}"


def row(result: Result, names: dict[str, tuple[str, ...]], convention: str, variant: int) -> str:
    assert result.ns is not None and result.ew is not None
    if result.outcome is Outcome.PLAYED:
        assert result.contract and result.declarer and result.tricks is not None
        cells = [spell(result.contract, variant), result.declarer.value, str(result.tricks)]
    elif result.outcome is Outcome.PASSED_OUT:
        cells = ["PASS" if variant else "Pass", "-", "-"]
    else:
        cells = ["-", "-", "-"]
    score = result.score
    if result.adjusted is not None:
        scores = [quote(c) for c in result.adjusted.code.split("/")] + ["-"]
    elif score is None:
        scores = ["-", "-"]
    elif convention == "split" and score < 0:
        scores = ["-", str(-score)]
    else:
        scores = [str(score), "-"]
    scores = {"signed": scores[:1], "split": scores[:2], "none": []}[convention]
    pairs = [result.ns, result.ew]
    people = [quote(";".join(names[result.ns])), quote(";".join(names[result.ew]))]
    return " ".join([*pairs, *cells, *scores, *people])


def write_pairs(event: Event, convention: str) -> str:
    score_columns = {"signed": ";Score_NS\\5R", "split": ";Score_NS;Score_EW", "none": ""}
    header = (
        "PairId_NS\\2R;PairId_EW;Contract\\4L;Declarer;Result\\2R"
        + score_columns[convention]
        + ";Names_NS;Names_EW"
    )
    assert event.date is not None and event.venue is not None and event.title is not None
    games = []
    for section in event.sessions[0].sections:
        names = {p.id: p.names for p in section.participants}
        for board in section.boards:
            lines = [
                f"[Event {quote(event.title)}]",
                f"[Site {quote(event.venue)}]",
                f'[Date "{event.date:%Y.%m.%d}"]',
                f'[Board "{board.number}"]',
            ]
            if section.id:
                lines.append(f'[Section "{section.id}"]')
            if board.dealer:
                lines.append(f'[Dealer "{board.dealer.value}"]')
            if board.vulnerability:
                lines.append(f'[Vulnerable "{board.vulnerability.value}"]')
            if board.deal:
                lines.append(f'[Deal "{deal_text(board.deal)}"]')
            lines.append(f"[ScoreTable {quote(header)}]")
            lines += [row(r, names, convention, board.number % 3) for r in board.results]
            games.append("\n".join(lines))
    return "% PBN 2.1\n% EXPORT\n" + "\n\n".join(games) + "\n"


# -- comparing ------------------------------------------------------------------------------


def result_view(result: Result) -> tuple[Any, ...]:
    adjusted = result.adjusted and (result.adjusted.ns, result.adjusted.ew)
    return (
        result.ns,
        result.ew,
        result.outcome,
        result.score,
        result.contract,
        result.declarer if result.outcome is Outcome.PLAYED else None,
        result.tricks,
        adjusted,
        result.home_direction,
        result.table,
    )


def board_view(board: Board) -> tuple[Any, ...]:
    results = tuple(result_view(r) for r in board.results)
    return (board.number, board.dealer, board.vulnerability, board.deal, results)


def event_view(event: Event) -> dict[str, Any]:
    session = event.sessions[0]
    return {
        "kind": event.kind,
        "title": event.title,
        "date": event.date,
        "site": event.venue,
        "sections": [
            (s.id, [board_view(b) for b in s.boards], participants_view(s.participants))
            for s in session.sections
        ],
        "teams": [(t.id, t.kind, participants_view(t.members)) for t in session.teams],
        "matches": [
            (m.team, m.opponent, m.round, [board_view(b) for b in m.boards])
            for m in session.matches
        ],
    }


def participants_view(participants: tuple[Participant, ...]) -> list[tuple[Any, ...]]:
    return [(p.id, p.direction, p.names, p.team) for p in participants]


def round_trip(event: Event, text: str) -> None:
    assert pbn.check(text) == []
    assert event_view(pbn.loads(text)) == event_view(event)


@examples(25, long=60)
@given(pairs_events())
def test_pairs_events_round_trip(generated: tuple[Event, str]) -> None:
    """Pairs events in all three score conventions read back as written."""
    event, convention = generated
    round_trip(event, write_pairs(event, convention))


# -- teams ------------------------------------------------------------------------------------


@st.composite
def teams_events(draw: st.DrawFn) -> Event:
    """Matches of 2 or 4 tables on the same boards; the home team NS at odd
    tables; tables numbered on through the matches."""
    per_match = draw(st.sampled_from([2, 4]))
    count = draw(st.integers(1, 3))
    team_names = [f"Team {chr(ord('A') + i)}" for i in range(2 * count)]
    numbers = sorted(draw(st.lists(st.integers(1, 32), min_size=1, max_size=4, unique=True)))
    board_info = {
        n: (draw(st.sampled_from(list(Seat))), vulnerability_for_board(n), draw(deals()))
        for n in numbers
    }
    teams: list[Participant] = []
    matches: list[Match] = []
    for m in range(count):
        home, visit = team_names[2 * m], team_names[2 * m + 1]
        pairs: dict[str, list[Participant]] = {home: [], visit: []}
        seats = []
        for t in range(per_match):
            table = str(m * per_match + t + 1)
            home_ns = t % 2 == 0
            for team, direction in ((home, Direction.NS), (visit, Direction.EW)):
                sat = direction if home_ns else direction.other
                people = tuple(Player(f"{team} {table}{sat.value} {i}") for i in (1, 2))
                member = Participant(
                    f"{team}-{len(pairs[team]) + 1}", direction=sat, players=people, team=team
                )
                pairs[team].append(member)
            ns_pair, ew_pair = (pairs[home][-1], pairs[visit][-1])
            if not home_ns:
                ns_pair, ew_pair = ew_pair, ns_pair
            seats.append((table, home_ns, ns_pair, ew_pair))
        boards = []
        for n in numbers:
            played = []
            for table, home_ns, ns_pair, ew_pair in seats:
                drawn = draw(results(ns_pair.id, ew_pair.id, n, adjusted=False))
                direction = Direction.NS if home_ns else Direction.EW
                played.append(attrs.evolve(drawn, home_direction=direction, table=table))
            dealer, vulnerability, deal = board_info[n]
            boards.append(Board(n, tuple(played), dealer, vulnerability, deal))
        matches.append(Match(home, visit, tuple(boards), round=1))
        for team in (home, visit):
            teams.append(
                Participant(team, ParticipantKind.TEAM, name=team, members=tuple(pairs[team]))
            )
    return Event(
        EventKind.TEAMS,
        (Session(teams=tuple(teams), matches=tuple(matches)),),
        Source("<string>", "pbn"),
        title="Teams",
        date=dt.date(2026, 3, 17),
        venue="Club",
    )


def team_game(
    match: Match, board: Board, result: Result, players: Callable[[str], Participant]
) -> str:
    ns, ew = players(result.ns or ""), players(result.ew or "")
    tags = [
        '[Event "Teams"]',
        '[Site "Club"]',
        '[Date "2026.03.17"]',
        f'[Board "{board.number}"]',
        f'[West "{ew.names[0]}"]',
        f'[North "{ns.names[0]}"]',
        f'[East "{ew.names[1]}"]',
        f'[South "{ns.names[1]}"]',
        f'[Dealer "{board.dealer and board.dealer.value}"]',
        f'[Vulnerable "{board.vulnerability and board.vulnerability.value}"]',
        f'[Deal "{board.deal and deal_text(board.deal)}"]',
    ]
    if result.outcome is Outcome.PLAYED:
        assert result.contract and result.declarer
        tags += [
            f'[Declarer "{result.declarer.value}"]',
            f'[Contract "{result.contract}"]',
            f'[Result "{result.tricks}"]',
            f'[Score "NS {result.score}"]',
        ]
    elif result.outcome is Outcome.PASSED_OUT:
        tags += ['[Declarer ""]', '[Contract "Pass"]', '[Result ""]', '[Score "NS 0"]']
    else:  # RealBridge's way of a table that did not play
        tags += ['[Declarer ""]', '[Contract "Pass"]', '[Result ""]']
    tags += [
        f'[HomeTeam "{match.team}"]',
        f'[VisitTeam "{match.opponent}"]',
        '[Round "1"]',
        f'[Table "{result.table}"]',
    ]
    return "\n".join(tags)


def write_teams(event: Event) -> str:
    session = event.sessions[0]
    members = {m.id: m for t in session.teams for m in t.members}
    games = [
        team_game(match, board, result, members.__getitem__)
        for match in session.matches
        for board in match.boards
        for result in board.results
    ]
    return "% PBN 2.1\n" + "\n\n".join(games) + "\n"


@settings(max_examples=40)
@given(teams_events())
def test_teams_events_round_trip(event: Event) -> None:
    """Teams of four and of eight, one game per table, read back as written:
    the matches, each table's result and where the home team sat."""
    round_trip(event, write_teams(event))
