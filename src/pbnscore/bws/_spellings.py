"""Bridgemate's own spellings in a BWS file: its table and column names, and
how a result row writes a contract, a result, a seat and a remark (the
Bridgemate developer's guide, "ReceivedData"; see the docs' BWS reference
page for what each column holds in real files).
"""

from __future__ import annotations

import re

from pbnscore.model import Seat

# The tables a BWS reading needs; the rest (Clients, Settings, the recorder's
# BiddingData and PlayData ...) are never read.
SECTION = "Section"
ROUND_DATA = "RoundData"
RECEIVED_DATA = "ReceivedData"
PLAYER_NUMBERS = "PlayerNumbers"
PLAYER_NAMES = "PlayerNames"  # the roster: read only for a number keyed without a name
HAND_RECORD = "HandRecord"
SESSION = "Session"

# What makes an Access database a Bridgemate one: the results and the movement.
REQUIRED = (RECEIVED_DATA, ROUND_DATA)

# The access-parser of the ``bws`` extra names a text column of ReceivedData
# as Access stores it: the declarer's seat is the column "NS/EW".
DECLARER_SEAT = "NS/EW"

SEATS = {"N": Seat.N, "E": Seat.E, "S": Seat.S, "W": Seat.W}

# HandRecord's sixteen columns: a seat's holding suit by suit, ranks as
# letters with T for the ten (the guide writes "10" for a lead card, so a
# holding's "10" is read as T too).
HAND_COLUMNS = {
    seat: tuple(f"{word}{suit}" for suit in ("Spades", "Hearts", "Diamonds", "Clubs"))
    for seat, word in ((Seat.N, "North"), (Seat.E, "East"), (Seat.S, "South"), (Seat.W, "West"))
}
HOLDING_RE = re.compile(r"[AKQJT98765432]*")

# LeadCard: the suit letter then the rank, the ten as "10" in the guide's
# examples ("C10"); a card is kept as hand records write it, with T.
LEAD_RE = re.compile(r"\s*([SHDC])\s*(10|[2-9TJQKA])\s*", re.IGNORECASE)

# Remarks: an arbitral score as NS% then EW%, each as the scorer keyed it
# ("60%-40%", "40%-60%", "60%-60%" ...; Remarks is free text another program
# may write too, so the signs and spaces are optional: "60-40").
PERCENTAGES_RE = re.compile(r"\s*(\d{1,3})\s*%?\s*-\s*(\d{1,3})\s*%?\s*")
NOT_PLAYED = "not played"
ARBITRAL_PENDING = "arbitral score"  # the director has yet to decide
WRONG_DIRECTION = "wrong direction"

# True in a Boolean column as the library gives it (True), as mdb-export
# writes it (1) and as Access stores it (-1).
TRUE = frozenset({"1", "-1", "true", "True", "TRUE"})
