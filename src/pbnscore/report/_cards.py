"""Board pages and personal scorecards, for :func:`pbnscore.report._assembly.build`.

Each scored board is matched with the event's board it came from (methods
give one scored board per input board, in input order: sessions, then each
section's boards, or each match's in a teams event), which holds its deal,
dealer and vulnerability and, in a teams event, the match it was played in.

A scorecard lists every board a participant played, in that order, as the
scored event has it: its direction, opponents, contract, score and the datum
from its own side (an EW pair's +420 is NS's -420), its points and the
running total, which ends at its standings total. A team scored by a pairs
method (barking, cross-IMPs) gets, board by board, its pairs' points and
their mean (the team's figure, as in the standings); a team scored by
aggregate, each match's boards with the team's scores at its tables, its
IMPs, and after each match its VPs and the running total.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Hashable, Iterable, Iterator, Mapping
from fractions import Fraction
from typing import Any

from pbnscore import bridge
from pbnscore._records import attrs
from pbnscore.errors import counted
from pbnscore.figures import sentence_text
from pbnscore.model import (
    Board,
    BoardImps,
    DatumRecord,
    Direction,
    Event,
    EventKind,
    Match,
    Participant,
    ParticipantKind,
    Points,
    ScoredBoard,
    ScoredEvent,
    ScoredMatch,
    Standing,
)
from pbnscore.report import _travellers, _view
from pbnscore.report._view import Identity, identity


@attrs.frozen
class Place:
    """Where a scored board came from: its event board and match (teams)."""

    board: Board | None
    match: Match | None


def places(scored: ScoredEvent) -> list[Place]:
    """One Place per scored board; empty ones where the method's boards do
    not follow the input's (a plug-in may give fewer)."""
    found = list(_event_places(scored.event))
    same = len(found) == len(scored.boards) and all(
        place.board is not None and place.board.number == board.number
        for place, board in zip(found, scored.boards, strict=True)
    )
    return found if same else [Place(None, None) for _ in scored.boards]


def _event_places(event: Event) -> Iterator[Place]:
    for session in event.sessions:
        if event.kind is EventKind.TEAMS:
            for match in session.matches:
                yield from (Place(board, match) for board in match.boards)
        else:
            for section in session.sections:
                yield from (Place(board, None) for board in section.boards)


def board_anchors(boards: Iterable[ScoredBoard]) -> list[str]:
    """``board-7``; ``board-7-2`` for the second board 7 (another section,
    session or match)."""
    seen: Counter[int] = Counter()
    anchors = []
    for board in boards:
        seen[board.number] += 1
        count = seen[board.number]
        anchors.append(f"board-{board.number}" + (f"-{count}" if count > 1 else ""))
    return anchors


def participant_anchors(standings: Iterable[Standing]) -> dict[Identity, str]:
    """Each standing's scorecard anchor, ``card-1`` ... in standings order."""
    anchors: dict[Identity, str] = {}
    for standing in standings:
        anchors.setdefault(identity(standing.participant), f"card-{len(anchors) + 1}")
    return anchors


# -- a board's facts --------------------------------------------------------------


def diagram(place: Place, number: int) -> _view.Diagram | None:
    board = place.board
    deal = board.deal if board is not None else None
    if deal is None:
        return None
    dealer, vulnerability = facts_of(board, number)
    return _view.Diagram(deal.holdings, dealer, vulnerability)


def facts_of(board: Board | None, number: int) -> tuple[str, str]:
    """Dealer and vulnerability as the file gives them, else those of the
    board number in the standard cycle (Law 2), as USEBIO files never say."""
    dealer = board.dealer if board is not None and board.dealer else bridge.dealer_for_board(number)
    vulnerable = board.vulnerability if board is not None else None
    vulnerable = vulnerable or bridge.vulnerability_for_board(number)
    return dealer.value, vulnerable.value


def datum_fact(board: ScoredBoard) -> str | None:
    """``Datum 420: zero-sum par of 7 scores (their IMPs add up to 0)``: the
    figure and how it was formed, from the method's record of the board
    (docs/reference/reports.md "Board headers"); the figure alone where the method keeps none."""
    if board.datum is None:
        return None
    figure = str(board.datum)
    if board.exact_datum is not None:
        figure = f"{_view.points(board.exact_datum)} (shown {board.datum})"
    record = board.datum_record
    return f"Datum {figure}" + (f": {datum_label(record)}" if record is not None else "")


def datum_label(record: DatumRecord) -> str:
    """What the method did on the board, in words: the rule over the real
    scores, what it dropped and rounded, and the sum their IMPs reach."""
    of = f"of {counted(record.scores, 'score')}"
    total = _signed(record.points_sum)
    if record.rule == "zero-sum":
        if record.points_sum == 0:
            return f"zero-sum par {of} (their IMPs add up to 0)"
        return (
            f"zero-sum par {of} (no par makes their IMPs add up to 0; the closest sums to {total})"
        )
    parts = [f"{record.rule.replace('-', ' ')} {of}"]
    if record.rule == "trimmed-mean":
        parts.append(_dropped(record))
    if record.rule == "median" and record.averaged == 2:
        parts.append("an even count: the mean of the middle two")
    if record.mean is not None:
        mean = sentence_text(record.mean)
        rounded = (
            "kept exact" if record.rounding == "none" else f"rounded to 10 ({record.rounding})"
        )
        parts.append(f"{mean} {rounded}")
    return f"{', '.join(parts)}; their IMPs add up to {total}"


def _dropped(record: DatumRecord) -> str:
    if record.dropped == record.wanted:
        return f"{record.dropped} dropped at each end" if record.dropped else "none dropped"
    few = f"too few scores to drop {record.wanted} at each end"
    return f"{record.dropped or 'none'} dropped ({few})"


def _signed(value: Points) -> str:
    """A sum as the header states it: ``0``, ``+2``, ``-1.50``."""
    shown = sentence_text(value)
    return shown if value <= 0 else f"+{shown}"


def field_key(board: ScoredBoard, teams: bool) -> Hashable:
    return (board.session, board.number) if teams else (board.session, board.section, board.number)


# -- scorecards -------------------------------------------------------------------

_PAIR_COLUMNS = (
    _view.Column("Board"),
    _view.Column("Dir"),
    _view.Column("Opponents", flexible=True),
    _view.Column("Contract"),
    _view.Column("By"),
    _view.Column("Score", numeric=True),
    _view.Column("Datum", numeric=True),
    # Barking: the board's terms for the pair and their sum (the points
    # are the sum normalised), from the method's record of the board.
    _view.Column("Terms", numeric=True),
    _view.Column("Sum", numeric=True),
    _view.Column("Points", numeric=True),
    _view.Column("Total", numeric=True),
)
_TEAM_PAIRS_COLUMNS = (
    _view.Column("Board"),
    _view.Column("Pairs", flexible=True),
    _view.Column("Points", numeric=True),
    _view.Column("Total", numeric=True),
)
_MATCH_COLUMNS = (
    _view.Column("Round"),
    _view.Column("Board"),
    _view.Column("Opponents", flexible=True),
    _view.Column("Scores"),
    _view.Column("IMPs", numeric=True),
    _view.Column("Match", flexible=True),
    _view.Column("Total", numeric=True),
)


@attrs.frozen
class Sources:
    """What every scorecard is built from."""

    scored: ScoredEvent
    places: list[Place]
    boards: list[str]  # board anchors, by scored board
    cards: dict[Identity, str]  # participant anchors
    teams: Mapping[str, str]  # team names
    # (section, id) -> (board, result) positions where that number sat, in
    # play order: each scorecard looks only at its own tables.
    seats: Mapping[tuple[str | None, str], list[tuple[int, int]]] = attrs.field(factory=dict)
    # (section, id) -> how many participants the event lists with that number.
    listed: Mapping[tuple[str | None, str], int] = attrs.field(factory=dict)
    # By scored board, how each figure came about (pbnscore.report._why).
    whys: list[dict[int, Any]] = attrs.field(factory=list)
    # A number seen at a table -> its scorecard, by (section, number,
    # direction) and (section, number): the opponents' cards.
    seat_cards: Mapping[tuple[Any, ...], str] = attrs.field(factory=dict)  # and teams': _assembly


def seat_index(
    boards: Iterable[ScoredBoard],
) -> dict[tuple[str | None, str], list[tuple[int, int]]]:
    index: dict[tuple[str | None, str], list[tuple[int, int]]] = defaultdict(list)
    for at, board in enumerate(boards):
        for position, line in enumerate(board.results):
            result = line.result
            for number in dict.fromkeys((result.ns, result.ew, *result.players)):
                if number is not None:
                    index[board.section, number].append((at, position))
    return index


def scorecards(sources: Sources) -> tuple[_view.Scorecard, ...]:
    listed = Counter((p.section, p.id) for p in sources.scored.event.participants())
    sources = attrs.evolve(sources, seats=seat_index(sources.scored.boards), listed=listed)
    cards: list[_view.Scorecard] = []
    for standing in sources.scored.standings:
        participant = standing.participant
        anchor = sources.cards[identity(participant)]
        if any(card.anchor == anchor for card in cards):
            continue
        if participant.kind is ParticipantKind.TEAM and sources.scored.matches:
            table = _match_card(participant, sources)
        elif participant.kind is ParticipantKind.TEAM:
            table = _team_pairs_card(participant, sources)
        else:
            table = _pair_card(participant, sources)
        heading = card_heading(participant, sources.teams, sources.seat_cards)
        cards.append(_view.Scorecard(anchor, str(heading), table, heading))
    return tuple(cards)


def card_heading(
    participant: Participant,
    teams: Mapping[str, str],
    cards: Mapping[tuple[Any, ...], str] | None = None,
) -> _view.Linked:
    """A scorecard's title: who it is, then the players' (or the team's)
    names; a pair's team linked to the team's scorecard (``cards``)."""
    who = _view.names(participant) or teams.get(participant.id, "")
    return _view.join_heading(participant_heading(participant, cards), who or None)


def participant_title(participant: Participant) -> str:
    """Who a participant is, as a scorecard or an explanation heads it: kind
    and number, direction, section and team (``Pair 3 · NS · Section A``)."""
    return str(participant_heading(participant))


def participant_heading(
    participant: Participant, cards: Mapping[tuple[Any, ...], str] | None = None
) -> _view.Linked:
    """:func:`participant_title`, its team linked to the team's scorecard."""
    team = participant.team
    return _view.join_heading(
        f"{_view.kind_name(participant)} {participant.id}",
        participant.direction.value if participant.direction else None,
        _view.labelled("Section", participant.section),
        None
        if team is None
        else _view.Linked((_view.Part("Team "), _view.Part(team, _view.team_card(cards, team)))),
    )


def _seated(
    participant: Participant, sources: Sources
) -> Iterator[tuple[int, int, Direction, tuple[str, ...]]]:
    """(board index, result index, direction sat, opponents' numbers: a
    pair, or an individual's two players) for each result at which
    ``participant`` sat, in play order. A team's pair sits in its session's
    fields, which have no section."""
    p = participant
    for at, index in sources.seats.get((p.section if p.team is None else None, p.id), ()):
        place = sources.places[at]
        result = sources.scored.boards[at].results[index].result
        if p.kind is ParticipantKind.PLAYER:
            players = (*result.players, None, None, None, None)[:4]
            if p.id in (players[0], players[2]):
                yield at, index, Direction.NS, _present(players[1], players[3])
            elif p.id in (players[1], players[3]):
                yield at, index, Direction.EW, _present(players[0], players[2])
            continue
        for side, mine, theirs in (
            (Direction.NS, result.ns, result.ew),
            (Direction.EW, result.ew, result.ns),
        ):
            if mine != p.id or not _sits(p, side, sources):
                continue
            if p.team is not None and not _team_sat(
                place.match, result.home_direction, side, p.team
            ):
                continue
            yield at, index, side, _present(theirs)


def _sits(participant: Participant, side: Direction, sources: Sources) -> bool:
    """Whether a number seen at ``side`` is ``participant``, as the methods
    find a pair (strategies/_field_layout.py, _PairLookup): the pair listed with
    that direction or with none, else the only pair listed with that number
    (a Mitchell's arrow switch seats an NS pair EW: its points count to it)."""
    p = participant
    return p.direction in (None, side) or sources.listed.get((p.section, p.id)) == 1


def _present(*numbers: str | None) -> tuple[str, ...]:
    return tuple(number for number in numbers if number)


def _opponents(
    participant: Participant, side: Direction, numbers: tuple[str, ...], sources: Sources
) -> _view.Linked:
    """``2 & 4``, each number linked to the scorecard of who sat under it
    (the other side's pair, or each of an individual's two players)."""
    section = participant.section if participant.team is None else None
    other = (Direction.EW if side is Direction.NS else Direction.NS).value
    cards = sources.seat_cards
    parts: list[_view.Part] = []
    for number in numbers:
        if parts:
            parts.append(_view.Part(" & "))
        card = (
            cards.get((ParticipantKind.PLAYER, section, number))
            if participant.kind is ParticipantKind.PLAYER
            else cards.get((section, number, other)) or cards.get((section, number))
        )
        parts.append(_view.Part(number, card))
    return _view.Linked(tuple(parts))


def _team_sat(match: Match | None, home: Direction | None, side: Direction, team: str) -> bool:
    """Whether ``team`` sat ``side`` at this table (unknown: assumed so)."""
    if match is None or home is None:
        return True
    return (match.team if home is side else match.opponent) == team


def _own(value: Points | None, side: Direction) -> Points | None:
    if value is None:
        return None
    return value if side is Direction.NS else -value


def _pair_card(participant: Participant, sources: Sources) -> _view.Table:
    rows: list[tuple[_view.Cell, ...]] = []
    links: list[tuple[str | None, ...]] = []
    total: Points = 0
    for at, index, side, opponents in _seated(participant, sources):
        board, anchor = sources.scored.boards[at], sources.boards[at]
        line = board.results[index]
        won = line.ns_points if side is Direction.NS else line.ew_points
        if won is not None:
            total += won
        result = line.result
        why = sources.whys[at].get(index) if sources.whys else None
        terms, terms_sum = _terms(why, side)
        rows.append(
            (
                str(board.number),
                side.value,
                _opponents(participant, side, opponents, sources),
                result.contract_text or "",
                result.declarer.value if result.declarer else "",
                _travellers.outcome_text(result)
                if result.score is None
                else str(_own(result.score, side)),
                # The datum the points were taken from: exact where it was
                # kept so (--rounding none), formatted with its column.
                _own(board.datum if board.exact_datum is None else board.exact_datum, side),
                terms,
                terms_sum,
                won,
                total if won is not None else None,
            )
        )
        note = why.anchor if why is not None else None
        links.append((anchor, *(None,) * (len(_PAIR_COLUMNS) - 3), note, None))
    return _view.make_table(
        "scorecard",
        None,
        _PAIR_COLUMNS,
        rows,
        optional=frozenset({"Contract", "By", "Datum", "Terms", "Sum"}),
        links=links,
    )


def _terms(why: Any, side: Direction) -> tuple[str, str]:
    """Barking's terms on the board and their sum, from the pair's side
    (the record is the NS table's: an EW pair's sum is its negation)."""
    figures = why.figures if why is not None else {}
    count, total = figures.get("terms"), figures.get("sum")
    if not isinstance(count, int) or not isinstance(total, int):
        return "", ""
    return str(count), str(total if side is Direction.NS else -total)


def _team_pairs_card(team: Participant, sources: Sources) -> _view.Table:
    """A team scored by a pairs method: per field, its pairs' points and
    their mean (how the team's total is made)."""
    members = [
        s.participant
        for s in sources.scored.standings
        if s.participant.team == team.id and s.participant.kind is ParticipantKind.PAIR
    ]
    by_field: dict[Hashable, list[tuple[str, str, Points]]] = defaultdict(list)
    first: dict[Hashable, tuple[int, str]] = {}
    seated = sorted(
        (at, index, member.id, side, sources.cards[identity(member)])
        for member in members
        for at, index, side, _ in _seated(member, sources)
    )
    for at, index, member_id, side, card in seated:
        board = sources.scored.boards[at]
        key = field_key(board, teams=True)
        line = board.results[index]
        won = line.ns_points if side is Direction.NS else line.ew_points
        if won is not None:
            by_field[key].append((member_id, card, won))
            first.setdefault(key, (board.number, sources.boards[at]))
    rows: list[tuple[_view.Cell, ...]] = []
    links: list[tuple[str | None, ...]] = []
    total: Points = 0
    for key, values in by_field.items():
        mean = Fraction(sum(v for _, _, v in values), len(values))
        total += mean
        # "Bears-1 -3.91, Bears-2 12.36", each pair linked to its scorecard.
        listed = _view.Linked(
            tuple(
                part
                for at, (pid, card, v) in enumerate(values)
                for part in (
                    _view.Part(", " if at else ""),
                    _view.Part(pid, card),
                    _view.Part(f" {_view.points(v)}"),
                )
                if part.text
            )
        )
        number, anchor = first[key]
        rows.append((str(number), listed, mean, total))
        links.append((anchor, None, None, None))
    return _view.make_table("scorecard", None, _TEAM_PAIRS_COLUMNS, rows, links=links)


def _match_card(team: Participant, sources: Sources) -> _view.Table:
    """A team scored by aggregate: each match's boards, its VPs after it."""
    anchors: dict[tuple[int, int], str] = {}
    notes: dict[str, str] = {}  # a board's anchor -> its note of the match's IMPs
    for at, (board, place, anchor) in enumerate(
        zip(sources.scored.boards, sources.places, sources.boards, strict=True)
    ):
        if place.match is not None:
            anchors.setdefault((id(place.match), board.number), anchor)
        why = sources.whys[at].get(_view.BOARD_NOTE) if sources.whys else None
        if why is not None:
            notes[anchor] = why.anchor
    event_matches = [m for s in sources.scored.event.sessions for m in s.matches]
    rows: list[tuple[_view.Cell, ...]] = []
    links: list[tuple[str | None, ...]] = []
    total: Points = 0
    for match, event_match in _paired(sources.scored.matches, event_matches):
        if team.id not in (match.team, match.opponent):
            continue
        home = match.team == team.id
        opponent = match.opponent if home else match.team
        played = {b.number: b for b in match.boards}
        boards = event_match.boards if event_match is not None else ()
        for position, dealt in enumerate(boards):
            imps = played.get(dealt.number)
            won = None if imps is None else _team_imps(imps, home)
            # A match not played has no summary and adds nothing: its
            # boards say "not played" once a line.
            last = position == len(boards) - 1 and bool(match.boards)
            summary, figure = _match_summary(match, team.id) if last else ("", 0)
            total += figure
            rows.append(
                (
                    "" if match.round is None else str(match.round),
                    str(dealt.number),
                    _view.team_label(opponent, sources.teams),
                    _team_scores(dealt, event_match, home),
                    won,
                    summary,
                    total if last else None,
                )
            )
            board_anchor = anchors.get((id(event_match), dealt.number))
            note = notes.get(board_anchor) if board_anchor is not None else None
            theirs = _view.team_card(sources.seat_cards, opponent)
            links.append((None, board_anchor, theirs, None, note, None, None))
    return _view.make_table(
        "scorecard",
        None,
        _MATCH_COLUMNS,
        rows,
        optional=frozenset({"Round", "Scores"}),
        links=links,
    )


def _paired(
    scored: Iterable[ScoredMatch], event: list[Match]
) -> Iterator[tuple[ScoredMatch, Match | None]]:
    """Scored matches with the event's, in the same order where they line up."""
    scored = list(scored)
    same = len(scored) == len(event) and all(
        (s.team, s.opponent) == (e.team, e.opponent) for s, e in zip(scored, event, strict=True)
    )
    for index, match in enumerate(scored):
        yield match, event[index] if same else None


def _match_summary(match: ScoredMatch, team: str) -> tuple[str, Points]:
    """After a match's last board: the IMPs the team gained and lost, from
    its own side, and its VPs (the figure its total adds; its net IMPs,
    gained less lost, without a VP scale)."""
    gained, lost = match.imps_of(team)
    shown = _view.column([gained, lost])
    summary = f"IMPs {shown[0]}–{shown[1]}"
    vp = match.vps_of(team)[0]
    if vp is not None:
        return f"{summary}, VP {_view.points(vp)}", vp
    return summary, gained - lost


def _team_imps(board: BoardImps, home: bool) -> Points:
    """A team's IMPs on a match board; an adjusted board need not balance."""
    if home:
        return board.imps
    return -board.imps if board.opponent_imps is None else board.opponent_imps


def _team_scores(board: Board, match: Match | None, home: bool) -> str:
    """The team's scores at its tables, from its own side: ``+420 −50``."""
    if match is None:
        return ""
    shown = []
    for result in board.results:
        if result.score is None or result.home_direction is None:
            shown.append(_travellers.outcome_text(result))
            continue
        home_ns = result.home_direction is Direction.NS
        sign = 1 if home_ns == home else -1
        shown.append(f"{sign * result.score:+d}")
    if len(set(shown)) == 1 and not shown[0].startswith(("+", "-")):
        return shown[0]  # "not played" at every table: said once
    return " ".join(shown)
