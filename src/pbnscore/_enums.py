"""The model's closed vocabularies (its enumerations), re-exported by
:mod:`pbnscore.model`, where every one of them is imported from: what an
event, a side, a seat, a strain, a doubling, a vulnerability, a table's
outcome, an adjusted score, a scoring method, a participant is, and how a
section's pairs are ranked. Like the model, they hold no format's spelling:
each format maps its own onto them.
"""

from __future__ import annotations

from pbnscore._kinds import Enum


class EventKind(Enum):
    """What an event is: pairs, teams or individual."""

    PAIRS = "pairs"
    TEAMS = "teams"
    INDIVIDUAL = "individual"


class Direction(Enum):
    """The side a pair sits: North-South or East-West."""

    NS = "NS"
    EW = "EW"

    @property
    def other(self) -> Direction:
        """The other side: EW for NS, NS for EW."""
        return Direction.EW if self is Direction.NS else Direction.NS


class Seat(Enum):
    """One of the four seats at a table: North, East, South, West."""

    N = "N"
    E = "E"
    S = "S"
    W = "W"

    @property
    def direction(self) -> Direction:
        """The side this seat sits on: NS for North and South, EW for East and West."""
        return Direction.NS if self in (Seat.N, Seat.S) else Direction.EW


class Strain(Enum):
    """A contract's denomination: a trump suit or no trumps."""

    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"
    NOTRUMP = "NT"


class Risk(Enum):
    """A contract's doubling: undoubled, doubled or redoubled."""

    UNDOUBLED = ""
    DOUBLED = "X"
    REDOUBLED = "XX"


class Vulnerability(Enum):
    """Which sides are vulnerable on a board (Law 2)."""

    NONE = "None"
    NS = "NS"
    EW = "EW"
    BOTH = "All"

    def is_vulnerable(self, side: Direction) -> bool:
        """Whether ``side`` is vulnerable on a board of this vulnerability."""
        return self is Vulnerability.BOTH or self.value == side.value


class Outcome(Enum):
    """What happened at one table on one board."""

    PLAYED = "played"  # a contract was played; ``score`` is the NS score
    PASSED_OUT = "passed-out"  # all four passed; ``score`` is 0
    ADJUSTED = "adjusted"  # an artificial adjusted score; see ``Result.adjusted``
    NOT_PLAYED = "not-played"  # the table did not play the board


class AdjustedKind(Enum):
    """Law 12C2 artificial adjusted scores, seen from one side."""

    AVERAGE = "average"
    AVERAGE_PLUS = "average-plus"
    AVERAGE_MINUS = "average-minus"

    @classmethod
    def from_percent(cls, percent: int) -> AdjustedKind:
        """60% (or more) is average-plus, 40% (or less) average-minus (USEBIO's ``A6040``)."""
        if percent > 50:
            return cls.AVERAGE_PLUS
        if percent < 50:
            return cls.AVERAGE_MINUS
        return cls.AVERAGE


class Scoring(Enum):
    """A scoring method as a file names the one its results were scored by,
    whichever format names it: each format's reader maps its own spelling
    here and its writer maps it back. (The words are pbnscore's, as in
    ``Source.scorings``.)"""

    MATCHPOINTS = "matchpoints"
    BUTLER = "butler"
    CROSS_IMPS = "cross-imps"
    IMPS = "imps"
    AGGREGATE = "aggregate"
    VPS = "vps"
    BARKING = "barking"
    POINT_A_BOARD = "point-a-board"
    BOARD_A_MATCH = "board-a-match"
    HYBRID = "hybrid"
    PERCENTAGES = "percentages"
    INSTANT = "instant"
    CAVENDISH = "cavendish"
    CHICAGO = "chicago"
    RUBBER = "rubber"


class ParticipantKind(Enum):
    """What a participant is: a pair, a team or a single player."""

    PAIR = "pair"
    TEAM = "team"
    PLAYER = "player"


class Fields(Enum):
    """How a section's pairs are ranked, where its file says (Section.fields).

    One field: every pair against every other, whatever direction each sat
    or is listed in (a Howell, an arrow-switched Mitchell). By direction:
    NS and EW each ranked on its own (a two-winner Mitchell)."""

    ONE = "one"
    BY_DIRECTION = "by-direction"
