"""USEBIO's spellings, for the reader and the writer alike: the event types,
the scoring methods' names, the seats, directions and suits, the points
elements of a traveller line, and the code of an artificial score
(docs/reference/formats.md). A spelling is looked up here, never written out
again in a reader or writer module."""

from __future__ import annotations

from pbnscore._patterns import compiled_later
from pbnscore.model import (
    AdjustedKind,
    Direction,
    EventKind,
    Fields,
    PointsStyle,
    Scoring,
    Seat,
    Vulnerability,
)

# EVENT_TYPE (upper-cased) -> (kind, type style, scoring method it implies).
# Old-style values carry the scoring; new-style ones leave it to
# BOARD_SCORING_METHOD. Style None: used in both eras.
EVENT_TYPES: dict[str, tuple[EventKind, str | None, str | None]] = {
    "MP_PAIRS": (EventKind.PAIRS, "old", "MATCH_POINTS"),
    "BUTLER_PAIRS": (EventKind.PAIRS, "old", "BUTLER_IMPS"),
    "CROSS_IMP": (EventKind.PAIRS, "old", "CROSS_IMPS"),
    "CROSS_IMPS": (EventKind.PAIRS, "old", "CROSS_IMPS"),
    "SWISS_PAIRS": (EventKind.PAIRS, None, None),
    "SWISS_PAIRS_CROSS_IMPS": (EventKind.PAIRS, "old", "CROSS_IMPS"),
    "SWISS_PAIRS_BUTLER_IMPS": (EventKind.PAIRS, "old", "BUTLER_IMPS"),
    "AGGREGATE": (EventKind.TEAMS, "old", "AGGREGATE"),
    "TEAMS_OF_FOUR": (EventKind.TEAMS, "old", "IMPS"),
    "SWISS_TEAMS": (EventKind.TEAMS, None, None),
    "KO": (EventKind.TEAMS, "old", "IMPS"),
    "INDIVIDUAL": (EventKind.INDIVIDUAL, None, None),
    "PAIRS": (EventKind.PAIRS, "new", None),
    "TEAMS": (EventKind.TEAMS, "new", None),
}

# The EVENT_TYPE written for an event of each kind, new style and old.
NEW_TYPES = {
    EventKind.PAIRS: "PAIRS",
    EventKind.TEAMS: "TEAMS",
    EventKind.INDIVIDUAL: "INDIVIDUAL",
}
OLD_TYPES = {
    EventKind.PAIRS: "MP_PAIRS",
    EventKind.TEAMS: "TEAMS_OF_FOUR",
    EventKind.INDIVIDUAL: "INDIVIDUAL",
}
# Per pairs method: (new-style BOARD_SCORING_METHOD, old-style EVENT_TYPE);
# on a teams event the first is the PAIRWISE_SCORING_METHOD.
PAIRS_TYPES: dict[PointsStyle, tuple[str, str]] = {
    PointsStyle.BUTLER: ("BUTLER_IMPS", "BUTLER_PAIRS"),
    PointsStyle.CROSS_IMPS: ("CROSS_IMPS", "CROSS_IMP"),
    PointsStyle.BARKING: ("BARKING", "BARKING"),
}
OLD_TEAMS_TYPES = frozenset({"TEAMS_OF_FOUR", "SWISS_TEAMS", "KO"})

# BOARD_SCORING_METHOD, MATCH_SCORING_METHOD and the scoring an old-style
# EVENT_TYPE implies as the model says them
# (Source.scoring; their words, Source.scorings); SCORING_NAMES back.
SCORINGS = {
    "MATCH_POINTS": Scoring.MATCHPOINTS,
    "BUTLER_IMPS": Scoring.BUTLER,
    "CROSS_IMPS": Scoring.CROSS_IMPS,
    "IMPS": Scoring.IMPS,
    "AGGREGATE": Scoring.AGGREGATE,
    "VPS": Scoring.VPS,
    "BARKING": Scoring.BARKING,
    "PAB": Scoring.POINT_A_BOARD,
    "BAM": Scoring.BOARD_A_MATCH,
    "HYBRID": Scoring.HYBRID,
    "PERCENTAGE": Scoring.PERCENTAGES,
}
SCORING_NAMES = {scoring: name for name, scoring in SCORINGS.items()}

# A traveller line's (NS, EW) points elements of each IMP method.
BUTLER_POINTS = ("NS_BUTLER_POINTS", "EW_BUTLER_POINTS")
CROSS_IMP_POINTS = ("NS_CROSS_IMP_POINTS", "EW_CROSS_IMP_POINTS")

# The traveller points fields that reveal the scoring.
POINTS_SCORING = {
    "NS_MATCH_POINTS": "MATCH_POINTS",
    "NS_BUTLER_POINTS": "BUTLER_IMPS",
    "NS_CROSS_IMP_POINTS": "CROSS_IMPS",
}

# PLAYED_BY; a traveller line's players, by seat N E S W.
SEATS = {s.value: s for s in Seat} | {
    "NORTH": Seat.N,
    "EAST": Seat.E,
    "SOUTH": Seat.S,
    "WEST": Seat.W,
}
SEAT_PLAYER_TAGS = ("N_PLAYER_NUMBER", "E_PLAYER_NUMBER", "S_PLAYER_NUMBER", "W_PLAYER_NUMBER")
# A pair's DIRECTION; a SECTION's WINNER_TYPE.
DIRECTIONS = {"NS": Direction.NS, "EW": Direction.EW, "N-S": Direction.NS, "E-W": Direction.EW}
WINNER_TYPES = {Fields.ONE: "1", Fields.BY_DIRECTION: "2"}
# A CONTRACT that says the board was not played.
NOT_PLAYED = frozenset({"NP"})

# A HANDSET's HAND DIRECTION, its suits' elements, its DEALER and VULNERABILITY.
HAND_DIRECTIONS = {Seat.N: "North", Seat.E: "East", Seat.S: "South", Seat.W: "West"}
SUIT_TAGS = ("SPADES", "HEARTS", "DIAMONDS", "CLUBS")
DEALERS = {seat.value: seat for seat in Seat}
VULNERABILITIES = {v.value.upper(): v for v in Vulnerability} | {"BOTH": Vulnerability.BOTH}

# An artificial score: A<ns%><ew%>, e.g. A6040.
ADJUSTED_RE = compiled_later(r"A(\d\d)(\d\d)")
# USEBIO has only A<ns%><ew%> codes for artificial scores.
PERCENT = {AdjustedKind.AVERAGE_PLUS: 60, AdjustedKind.AVERAGE: 50, AdjustedKind.AVERAGE_MINUS: 40}
