"""Checks of a whole event, for ``pbnscore check``.

The readers report what breaks their format (``pbn.check``, ``usebio.check``
in lenient mode); what is checked here needs the event as a whole and holds
for every format:

- a pair number in a result that the event's participants do not have (only
  where participants are listed);
- a pair in two results of one board;
- a score that disagrees with its contract, declarer and tricks (Law 77);
- a trick count where no contract was played, and a contract that cannot be
  read;
- a board with a single result, which no IMP method can compare (warning);
- an artificial score whose percentages are not Law 12C2(a)'s 40, 50 and 60
  (a 70% session percentage), which an IMP method scores as one of those
  (warning);
- a section that lists no pairs, whose NS and EW are taken as numbered apart
  (a Mitchell, :mod:`pbnscore._numbering`) from fewer than half its boards
  (warning: a Howell's pair keyed on both sides of one board looks the same);
- a file with no results at all, a file of deals only (warning);
- sections (or matches of one round) that share some boards but not all
  (warning: a section that played fewer rounds is not wrong, but a board lost
  in a file is);
- and the format's own checks of what its reader kept (USEBIO's:
  ``pbnscore.usebio._read_checks``).

Errors mean the file's numbers cannot be trusted: ``score`` refuses the
file. What ``score`` scores in spite of (a pair in two results, a score its
contract contradicts: the file's score is used) is a warning here too, so
the two commands agree on what is an error (docs/reference/choices.md).
"""

from __future__ import annotations

import heapq
import re
from collections import Counter, defaultdict
from collections.abc import Callable, Collection, Iterable, Iterator, Sequence
from importlib import import_module

from pbnscore._numbering import from_results, numbering
from pbnscore._reading import detect_format, reader_module
from pbnscore._records import attrs
from pbnscore.bridge import ns_score, vulnerability_for_board
from pbnscore.errors import Problem, excerpt
from pbnscore.model import (
    Adjusted,
    AdjustedKind,
    Board,
    Contract,
    Direction,
    Event,
    EventKind,
    Match,
    Outcome,
    Participant,
    ParticipantKind,
    Play,
    ResultColumns,
    Seat,
    Section,
    Session,
    Vulnerability,
)

WARNING = "warning"
# What ``score`` scores in spite of (the file's score for a contract it
# disagrees with; a pair's points in each of its two results) is a warning
# in ``check`` too: the two commands agree on what is an error.
SCORED = WARNING

# Who sat in a seat, from the pair's id and the direction it sat: (id,
# direction) or (id,) for the pair; () for a team, which sits at every table;
# None for a pair the event does not list.
SeatKey = Callable[[str, Direction], tuple[str, ...] | None]


def check_bytes(data: bytes, source: str, format: str | None = None) -> list[Problem]:
    """Every problem of one file, by line: its reader's, found in the reader's
    lenient mode, then the whole event's on what the reader could read."""
    return read_and_check(data, source, format)[1]


def read_and_check(
    data: bytes, source: str, format: str | None = None
) -> tuple[Event | None, list[Problem]]:
    """What :func:`check_bytes` finds, with the event as far as it could be
    read (None where nothing could)."""
    fmt = format or detect_format(data, source)
    reader = import_module(reader_module(fmt))
    event, problems = reader.read_leniently(data, source=source)
    if event is not None:
        # Nothing to weed out: the readers leave these checks to this module.
        problems.extend(check(event))
    return event, _in_line_order(problems)


def _in_line_order(problems: list[Problem]) -> list[Problem]:
    return sorted(problems, key=lambda p: (p.line is None, p.line or 0))


def check(event: Event) -> list[Problem]:
    """The model-level problems of ``event`` (see the module's docstring)."""
    return _checked(event).problems


@attrs.frozen
class Vetting:
    """What ``score`` does about a file's problems before scoring it."""

    # Any one stops the file: a result naming a pair the participants do not
    # list (its points would go to a pair the output cannot name), a pair
    # number with more than nine digits in a row (no number pbnscore reads is
    # that long).
    refused: list[Problem]
    # Scored all the same, but the scorer is told: a pair in two results of a
    # board has its points counted for each (a keying slip the numbers show).
    warned: list[Problem]


def vet(event: Event) -> Vetting:
    """What refuses the event, and every other problem ``check`` finds in it
    (errors the file is scored in spite of, such as a score that disagrees
    with its contract, and warnings): the scorer is told of each. For an
    event read strictly: a USEBIO one gets the warnings only a lenient read
    of its reader makes (its format package's ``strict_read_warnings``)."""
    checked = _checked(event)
    refused = {id(problem) for problem in checked.refused}
    warned = [p for p in checked.problems if id(p) not in refused]
    found = _pairs_found(event)
    return Vetting(
        checked.refused, [*warned, *_format_checks(event, "strict_read_warnings"), *found]
    )


def _pairs_found(event: Event) -> list[Problem]:
    """``score``'s one note of how a file that lists no pairs had them found
    (``check`` says it in its summary line), where the reading changes the
    ranking: some number or name sits both ways, which is one pair of a
    Howell (one field) or two of a Mitchell numbered per direction (NS and
    EW apart). A section whose pairs each sit one way has no other reading."""
    said: dict[str, list[str]] = {}
    for session in event.sessions:
        for section in session.sections:
            if section.pairs_found is None:
                continue
            found = numbering(section.boards)
            if found.played and found.both_ways:
                reading = found.said_by(section.pairs_found)
                said.setdefault(reading, []).append(_shown(section.id or ""))
    if not said:
        return []
    several = len(said) > 1 or any(len(ids) > 1 for ids in said.values())
    readings = [
        f"{reading} (section{'s' if len(ids) > 1 else ''} {', '.join(ids)})" if several else reading
        for reading, ids in said.items()
    ]
    message = f"pairs not listed (no TotalScoreTable), found {'; '.join(readings)}"
    return [Problem(message, event.source.name, None, WARNING)]


def _format_checks(event: Event, name: str) -> list[Problem]:
    """The checks of the event's own format package (``tree_problems``: of
    what its reader kept; ``strict_read_warnings``: what only a lenient read
    warns of), where it has them: they know its spellings, this module does
    not."""
    checks = getattr(import_module(f"pbnscore.{event.source.format}"), name, None)
    return list(checks(event)) if checks is not None else []


LONG_NUMBER_RE = re.compile(r"\d{10}")


def _checked(event: Event) -> _Checker:
    checker = _Checker(event.source.name)
    individual = event.kind is EventKind.INDIVIDUAL
    for session in event.sessions:
        named = len(event.sessions) > 1 and session.id is not None
        prefix = f"session {_shown(session.id or '')} " if named else ""
        for section in session.sections:
            label = prefix + (f"{_section(section.id)} " if section.id is not None else "")
            seat = _Seats(_any_seat if individual else _section_seats(section.participants))
            checker.listed_once(label, section.participants)
            if not individual and from_results(section, event.source.format):
                checker.unlisted(label, section)
            for board in section.boards:
                checker.board(f"{label}board {board.number}", board, seat)
        team_ids = {team.id for team in session.teams}
        seat = _Seats(_match_seats(session.teams))
        checker.listed_once(prefix, session.teams)
        for match in session.matches:
            if match.team == match.opponent:
                # Its IMPs and VPs would be won from itself (a team that
                # wins 20 VPs against itself is no result).
                message = f"{prefix}{_match(match)}: a team cannot play itself"
                checker.add(message, _first_line(match.boards), refuse=True)
            for team in (match.team, match.opponent):
                if team_ids and team not in team_ids:
                    line = _first_line(match.boards)
                    message = f"{prefix}{_match(match)}: team {_shown(team)}"
                    checker.add(f"{message} is not a participant", line, refuse=True)
            for board in match.boards:
                label = f"{prefix}{_match(match)} board {board.number}"
                checker.board(label, board, seat)
        checker.board_sets(prefix, session)
    checker.problems.extend(_format_checks(event, "tree_problems"))
    if event.result_count() == 0:
        message = "no results to score (a file of deals only?)"
        checker.add(message, None, WARNING)
    return checker


def _shown(text: str) -> str:
    """An id from the file, as a message shows it: as it is where short and
    printable, else quoted and cut short (a 3 MB pair number, a team id
    holding a newline would make a message of many lines)."""
    return excerpt(text, bare=True)


def _section(id: str | None) -> str:
    return "section" if id is None else f"section {_shown(id)}"


def _match(match: Match) -> str:
    return f"match {_shown(match.team)} v {_shown(match.opponent)}"


def _first_line(boards: Iterable[Board]) -> int | None:
    return next((r.line for b in boards for r in b.results if r.line), None)


# -- who sat where ----------------------------------------------------------------


def _section_seats(participants: Sequence[Participant]) -> SeatKey:
    """Seat keys of a section. Where a number is listed in both directions (a
    Mitchell's 1 NS and 1 EW) a pair is its number and direction; where a
    number is listed once (a Howell, an arrow switch, or a file that lists the
    direction a pair finished in) the number alone is the pair, whichever
    way it sat. None for a pair the section does not list."""
    directions: dict[str, set[Direction | None]] = defaultdict(set)
    for participant in participants:
        directions[participant.id].add(participant.direction)

    def key(pair: str, sat: Direction) -> tuple[str, ...] | None:
        if not participants:
            return (pair, sat.value)
        listed = directions.get(pair, set()) - {None}
        if pair not in directions or (len(listed) > 1 and sat not in listed):
            return None
        return (pair, sat.value) if len(listed) > 1 else (pair,)

    return key


def section_seats(section: Section) -> SeatKey:
    """Seat keys of a pairs section, for its pairs listed or not: where none
    are listed, a number is one pair whichever way it sat unless the
    section's results number NS and EW apart (:mod:`pbnscore._numbering`)."""
    if section.participants:
        return _section_seats(section.participants)
    apart = numbering(section.boards).apart

    def key(pair: str, sat: Direction) -> tuple[str, ...]:
        return (pair, sat.value) if apart else (pair,)

    return key


def _any_seat(pair: str, sat: Direction) -> tuple[str, ...]:
    """An individual event's seats: its players sit there, so a pair number
    its lines may carry is not checked against the players listed."""
    return ()


def _match_seats(teams: Sequence[Participant]) -> SeatKey:
    """Seat keys of a teams session: its pairs by id (a pair sits at one table
    only); a team's own id is known but may sit at every table."""
    pairs = {member.id for team in teams for member in team.members}
    team_ids = {team.id for team in teams}

    def key(pair: str, sat: Direction) -> tuple[str, ...] | None:
        if not teams or pair in pairs:
            return (pair,)
        return () if pair in team_ids else None

    return key


# A pair number too long to be one (LONG_NUMBER_RE), as _Seats.verdict says it.
_LONG: tuple[str, ...] = ("",)


class _Seats:
    """A field's seat keys (a SeatKey), each pair number's worked out once
    per direction (a number sits at many tables): its key, None for a pair
    that is not a participant, :data:`_LONG` for a number of more than nine
    digits. One dict per direction: an enum's hash is a Python call."""

    __slots__ = ("ew", "key", "ns")

    def __init__(self, key: SeatKey) -> None:
        self.key = key
        # (Keyed by a line's pair, which may be None: never stored, never found.)
        self.ns: dict[str | None, tuple[str, ...] | None] = {}
        self.ew: dict[str | None, tuple[str, ...] | None] = {}

    def verdict(self, pair: str, sat: Direction) -> tuple[str, ...] | None:
        return _LONG if LONG_NUMBER_RE.search(pair) else self.key(pair, sat)


def _one_real(plays: Sequence[Play]) -> bool:
    """Whether exactly one of ``plays`` is real (looks no further than a second)."""
    real = 0
    for play in plays:
        if play.is_real:
            real += 1
            if real == 2:
                return False
    return real == 1


# -- the checks ------------------------------------------------------------------


@attrs.define
class _Checker:
    source: str
    problems: list[Problem] = attrs.field(factory=list)
    refused: list[Problem] = attrs.field(factory=list)  # see Vetting
    # Each distinct play's problems under a vulnerability (plays by identity:
    # the event, which holds them, outlives the checker).
    _known_plays: dict[Vulnerability, dict[int, tuple[str, ...]]] = attrs.field(factory=dict)

    def add(
        self,
        message: str,
        line: int | None,
        severity: str = "error",
        *,
        refuse: bool = False,
    ) -> None:
        self.problems.append(Problem(message, self.source, line, severity))
        if refuse:
            self.refused.append(self.problems[-1])

    def board(self, label: str, board: Board, seat: _Seats) -> None:
        # Worked on the board's columns: a Result is made only for a line
        # with a problem, and each distinct play is checked once (readers
        # share one Play among the lines that played it).
        columns = board.columns
        if _one_real(columns.plays):
            line = next((line for line in columns.lines if line), None)
            self.add(f"{label}: a single result, nothing to compare it with", line, WARNING)
        self._seats(label, columns, seat)
        vulnerability = board.vulnerability or vulnerability_for_board(board.number)
        # The plays checked under this vulnerability, by identity (one dict
        # per vulnerability: an enum's hash is a Python call).
        known = self._known_plays.get(vulnerability)
        if known is None:
            known = self._known_plays[vulnerability] = {}
        for at, play in enumerate(columns.plays):
            found = known.get(id(play))
            if found is None:
                found = known[id(play)] = _play_problems_of(play, vulnerability)
            for message in found:
                self.add(f"{label}: {message}", columns.lines[at], SCORED)

    def _seats(self, label: str, columns: ResultColumns, seat: _Seats) -> None:
        # As a rule every pair of a board is a participant met on an earlier
        # board, and none is in two results: each side's keys looked up in
        # bulk and compared in a set; anything else, line by line.
        # (A line with no pair, a None, finds None: the line-by-line way.)
        keys = [*map(seat.ns.get, columns.ns), *map(seat.ew.get, columns.ew)]
        if None in keys or _LONG in keys or not all(keys) or len(set(keys)) != len(keys):
            self._seats_each(label, columns, seat)

    def _seats_each(self, label: str, columns: ResultColumns, seat: _Seats) -> None:
        taken: set[tuple[str, ...]] = set()
        # Each line's NS pair, then its EW pair.
        sides = ((columns.ns, seat.ns, Direction.NS), (columns.ew, seat.ew, Direction.EW))
        for at in range(len(columns.ns)):
            for pairs, known, sat in sides:
                pair = pairs[at]
                if pair is None:
                    continue
                try:
                    key = known[pair]
                except KeyError:
                    key = known[pair] = seat.verdict(pair, sat)
                if key is _LONG:
                    message = f"{label}: pair number {excerpt(pair)} has more than nine digits"
                    self.add(message, columns.lines[at], refuse=True)
                elif key is None:
                    message = f"{label}: pair {_shown(pair)} {sat.value} is not a participant"
                    self.add(message, columns.lines[at], refuse=True)
                elif key in taken:
                    message = f"{label}: pair {_shown(' '.join(key))} is in two results"
                    self.add(message, columns.lines[at], SCORED)
                elif key:
                    taken.add(key)

    def unlisted(self, label: str, section: Section) -> None:
        """A section whose pairs are known by their numbers only: NS and EW
        taken as numbered apart (:mod:`pbnscore._numbering`) on the word
        of fewer than half its boards is a guess a scorer should see (a
        Howell's pair keyed on both sides of one board looks the same)."""
        found = numbering(section.boards)
        if found.apart and len(found.proving) * 2 < found.played:
            boards = ("board " if len(found.proving) == 1 else "boards ") + _numbers(found.proving)
            message = (
                f"{label}pairs not listed: NS and EW taken as numbered apart (a Mitchell) "
                f"from {boards} only, where a number sits on both sides; "
                f"{found.played - len(found.proving)} boards do not show it"
            )
            self.add(message, found.first_line, WARNING)

    def board_sets(self, prefix: str, session: Session) -> None:
        fields = [(_section(section.id), section.boards) for section in session.sections]
        self._compare_sets(prefix, fields)
        by_round: dict[int | None, list[tuple[str, tuple[Board, ...]]]] = defaultdict(list)
        for match in session.matches:
            by_round[match.round].append((_match(match), match.boards))
        for matches in by_round.values():
            self._compare_sets(prefix, matches)
        for name, boards in [*fields, *(f for group in by_round.values() for f in group)]:
            self._boards_once(f"{prefix}{name}", boards)

    def _boards_once(self, label: str, boards: Sequence[Board]) -> None:
        """A board twice in one section or match would be scored twice (each
        result compared with its own copy): refused, at the second one."""
        copies: dict[int, list[Board]] = defaultdict(list)
        for board in boards:
            copies[board.number].append(board)
        for number, same in sorted(copies.items()):
            if len(same) > 1:
                message = f"{label}: board {number} appears {len(same)} times"
                self.add(message, _first_line(same[1:]), refuse=True)

    def listed_once(self, label: str, participants: Sequence[Participant]) -> None:
        """A pair or team listed twice would be ranked twice, each with part
        of its results: refused."""
        counts = Counter(p.key for p in participants)
        for (number, direction, _), count in counts.items():
            if count > 1:
                kind = "team" if participants[0].kind is ParticipantKind.TEAM else "pair"
                who = _shown(f"{number} {direction.value}" if direction is not None else number)
                self.add(f"{label}{kind} {who} is listed {count} times", None, refuse=True)

    def _compare_sets(self, prefix: str, fields: list[tuple[str, tuple[Board, ...]]]) -> None:
        """Fields that share some boards should share them all (fields with
        no board in common, like sections playing different sets, are fine).
        Compared by hashing, in time near the size of the fields: each
        distinct board set once, against the union of the sets holding each
        of its boards (numbers held by the same sets share one union)."""
        sets = [(name, frozenset(board.number for board in boards)) for name, boards in fields]
        holders: dict[int, list[frozenset[int]]] = defaultdict(list)
        for numbers in dict.fromkeys(numbers for _, numbers in sets):
            for number in numbers:
                holders[number].append(numbers)
        unions: dict[tuple[int, ...], frozenset[int]] = {}
        reach: dict[int, frozenset[int]] = {}  # board -> every board a set holding it has
        for number, held_by in holders.items():
            key = tuple(map(id, held_by))
            if key not in unions:
                unions[key] = frozenset().union(*held_by)
            reach[number] = unions[key]
        missing_from: dict[frozenset[int], frozenset[int]] = {}
        for name, numbers in sets:
            if numbers not in missing_from:
                reached = {id(reach[n]): reach[n] for n in numbers}.values()
                missing_from[numbers] = frozenset().union(*reached) - numbers
            missing = missing_from[numbers]
            if missing:
                self.add(
                    f"{prefix}{name}: no board {_numbers(missing)}, which other "
                    "sections or matches have",
                    None,
                    WARNING,
                )


SHOWN_NUMBERS = 10  # board numbers a message lists before it counts the rest


def _numbers(numbers: Collection[int]) -> str:
    if len(numbers) <= SHOWN_NUMBERS:
        return ", ".join(str(number) for number in sorted(numbers))
    shown = ", ".join(str(number) for number in heapq.nsmallest(SHOWN_NUMBERS, numbers))
    return f"{shown} and {len(numbers) - SHOWN_NUMBERS} more"


def _play_problems_of(play: Play, vulnerability: Vulnerability) -> tuple[str, ...]:
    """:func:`_play_problems`, as a rule none: a contract played, no
    artificial score, and the score Law 77 gives it (:func:`law_77_score`)."""
    contract, declarer, tricks = play.contract, play.declarer, play.tricks
    if (
        play.adjusted is None
        and play.outcome is Outcome.PLAYED
        and contract is not None
        and declarer is not None
        and tricks is not None
        and play.score is not None
        and law_77_score(contract, declarer, tricks, vulnerability) == play.score
    ):
        return ()
    return tuple(_play_problems(play, vulnerability))


# Each NS score Law 77 gives, by ns_score's arguments as numbers (the level,
# each enum member's id: an enum's hash is a Python call), each worked out
# once a process by ns_score.
_LAW_77_SCORES: dict[tuple[int, int, int, int, int, int], int] = {}


def law_77_score(
    contract: Contract, declarer: Seat, tricks: int, vulnerability: Vulnerability
) -> int:
    """:func:`pbnscore.bridge.ns_score` of a contract played, looked up."""
    strain, risk = id(contract.strain), id(contract.risk)
    key = (contract.level, strain, risk, id(declarer), id(vulnerability), tricks)
    score = _LAW_77_SCORES.get(key)
    if score is None:
        score = _LAW_77_SCORES[key] = ns_score(contract, declarer, tricks, vulnerability)
    return score


def _play_problems(play: Play, vulnerability: Vulnerability) -> Iterator[str]:
    unpriced = _unpriced(play.adjusted) if play.adjusted is not None else None
    if unpriced:
        yield unpriced
    if play.outcome is not Outcome.PLAYED:
        # 0 for a passed-out board is harmless; a split score's row keeps the
        # contract played at the table, its scores the ruling's.
        assigned = play.adjusted is not None and play.adjusted.assigned is not None
        if play.tricks and not assigned:
            yield f"{play.tricks} tricks, but no contract was played"
        return
    if play.contract is None:
        if play.contract_text:
            yield f"contract {excerpt(play.contract_text)} cannot be read"
        return
    mismatch = _score_mismatch(play, vulnerability)
    if mismatch:
        yield mismatch


# Law 12C2(a): average-minus is at most 40%, average 50%, average-plus at
# least 60% of the matchpoints (a side's session percentage where better,
# as many regulations say); an IMP method scores each as one figure.
LAW_PERCENTAGES = (40, 50, 60)


def _unpriced(adjusted: Adjusted) -> str | None:
    """What an IMP method makes of an artificial score given as percentages
    the Law does not price alike (70% scores as 60% does; 55% is none of the
    Law's three), or None where each side's is one of Law 12C2(a)'s."""
    said = []
    for side, percent in (("NS", adjusted.ns_percent), ("EW", adjusted.ew_percent)):
        if percent is None or percent in LAW_PERCENTAGES:
            continue
        kind = AdjustedKind.from_percent(percent).value
        if LAW_PERCENTAGES[0] < percent < LAW_PERCENTAGES[-1]:
            laws = ", ".join(f"{p}%" for p in LAW_PERCENTAGES)
            said.append(f"{side}'s {percent}% is none of Law 12C2(a)'s {laws}: scored as {kind}")
        else:
            law = LAW_PERCENTAGES[-1] if percent > LAW_PERCENTAGES[-1] else LAW_PERCENTAGES[0]
            said.append(f"{side}'s {percent}% scores as {law}% does ({kind}: --artificial-imps)")
    return f"artificial score {adjusted.code}: {'; '.join(said)}" if said else None


def _score_mismatch(play: Play, vulnerability: Vulnerability) -> str | None:
    """Law 77: the score of the contract, declarer and tricks, where the file
    gives all of them and a score, against that score."""
    if play.contract is None or play.declarer is None or play.tricks is None:
        return None
    if play.score is None:
        return None
    expected = ns_score(play.contract, play.declarer, play.tricks, vulnerability)
    if expected == play.score:
        return None
    made = f"{play.contract} by {play.declarer.value} taking {play.tricks}"
    return f"{made} scores {expected:+d} for NS, not {play.score:+d}"
