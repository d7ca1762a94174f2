"""Contracts, the board cycle and the duplicate score of a contract (Law 77).

Readers use these where a file gives a contract, declarer and tricks but no
score (BridgeWebs PBN), and to check a score the file gives against its
contract. Scores here are whole points; NS-signed where the name says so.
"""

from __future__ import annotations

import re
from functools import lru_cache

from pbnscore._patterns import compiled_later
from pbnscore.errors import ContractError as ContractError  # its home is errors
from pbnscore.model import Contract, Risk, Seat, Strain, Vulnerability

__all__ = [
    "ContractError",
    "dealer_for_board",
    "duplicate_score",
    "ns_score",
    "parse_contract",
    "parse_seat",
    "relative_tricks",
    "vulnerability_for_board",
]


# <level><strain><risk>, as PBN §3.4.14 writes it and as scoring programs
# bend it: N for NT (Magic Contest), * and ** for X and XX (BridgeWebs), any
# case (§3.11), spaces between the parts (hand-typed files).
CONTRACT_RE = re.compile(
    r"\s*([1-7])\s*(NT|N|S|H|D|C)\s*(XX|X|\*\*|\*)?\s*",
    re.IGNORECASE,
)
PASS_RE = re.compile(r"\s*(?:pass(?:ed)?(?:[\s-]*out)?|p|ap|all\s*pass)\s*", re.IGNORECASE)


def passed_out_with_a_score(score: int) -> str:
    """What both readers warn of a passed-out board whose file gives it a
    score: the contract decides, and a pass-out scores 0."""
    return f"passed out, but the score is NS {score}; a pass-out scores 0"


_STRAINS = {
    "NT": Strain.NOTRUMP,
    "N": Strain.NOTRUMP,
    "S": Strain.SPADES,
    "H": Strain.HEARTS,
    "D": Strain.DIAMONDS,
    "C": Strain.CLUBS,
}
_RISKS = {
    "": Risk.UNDOUBLED,
    "X": Risk.DOUBLED,
    "*": Risk.DOUBLED,
    "XX": Risk.REDOUBLED,
    "**": Risk.REDOUBLED,
}


@lru_cache(maxsize=1024)  # a file spells the same few contracts again and again
def parse_contract(text: str) -> Contract | None:
    """The contract in ``text``; None when the board was passed out.

    Accepts ``3NT``, ``3N``, ``5D*``, ``5D**``, ``3Sx``, ``3SXX``, ``Pass``,
    ``PASS``, ``AP`` in any case. Raises :class:`ContractError` for anything
    else, including ``-`` and ``?`` (no contract: a reader decides whether that
    is "not played" or "adjusted").
    """
    match = CONTRACT_RE.fullmatch(text)
    if match is not None:
        level, strain, risk = match.groups()
        return Contract(int(level), _STRAINS[strain.upper()], _RISKS[(risk or "").upper()])
    if PASS_RE.fullmatch(text):
        return None
    raise ContractError(f"not a contract: {text!r}")


# A result written against the contract: "=", "+1", "-2" (BridgeWebs PBN
# rows, the USEBIO 1.1 converter's TRICKS).
RELATIVE_TRICKS_RE = compiled_later(r"=|[+-]\d{1,2}")


def relative_tricks(contract: Contract, text: str) -> int:
    """Tricks won by declarer of ``contract`` when the result is written
    relative to it: ``text`` matches :data:`RELATIVE_TRICKS_RE`."""
    return contract.level + 6 + (0 if text == "=" else int(text))


_SEATS = {"N": Seat.N, "E": Seat.E, "S": Seat.S, "W": Seat.W}


def parse_seat(text: str) -> Seat:
    """A seat letter in any case (PBN §3.11); raises ValueError otherwise."""
    seat = _SEATS.get(text.strip().upper())
    if seat is None:
        raise ValueError(f"not a seat: {text!r}")
    return seat


# The standard 16-board cycle (Law 2): dealer rotates N E S W; vulnerability
# None NS EW All / NS EW All None / EW All None NS / All None NS EW.
_V = Vulnerability
_CYCLE_VULNERABILITY = (
    _V.NONE, _V.NS, _V.EW, _V.BOTH,
    _V.NS, _V.EW, _V.BOTH, _V.NONE,
    _V.EW, _V.BOTH, _V.NONE, _V.NS,
    _V.BOTH, _V.NONE, _V.NS, _V.EW,
)  # fmt: skip
_CYCLE_DEALER = (Seat.N, Seat.E, Seat.S, Seat.W)


def vulnerability_for_board(number: int) -> Vulnerability:
    """Vulnerability of board ``number`` in the standard 16-board cycle."""
    if number < 1:
        raise ValueError(f"board numbers start at 1, not {number}")
    return _CYCLE_VULNERABILITY[(number - 1) % 16]


def dealer_for_board(number: int) -> Seat:
    """Dealer of board ``number`` in the standard cycle (N, E, S, W, N ...)."""
    if number < 1:
        raise ValueError(f"board numbers start at 1, not {number}")
    return _CYCLE_DEALER[(number - 1) % 4]


# -- Law 77 ------------------------------------------------------------------


def _multiplier(risk: Risk) -> int:
    # not a dict: an Enum's hash is computed in Python, and this is hot
    return 1 if risk is Risk.UNDOUBLED else 2 if risk is Risk.DOUBLED else 4


def _trick_value(strain: Strain) -> int:
    return 20 if strain in (Strain.CLUBS, Strain.DIAMONDS) else 30


def _contract_points(contract: Contract) -> int:
    """Trick score for the tricks bid, doubled or redoubled: NT's first trick
    is 40, later ones 30; majors 30; minors 20."""
    points = contract.level * _trick_value(contract.strain)
    if contract.strain is Strain.NOTRUMP:
        points += 10
    return points * _multiplier(contract.risk)


def _made(contract: Contract, vulnerable: bool, overtricks: int) -> int:
    below = _contract_points(contract)
    score = below
    score += (500 if vulnerable else 300) if below >= 100 else 50  # game or part-score
    if contract.level == 6:
        score += 750 if vulnerable else 500
    elif contract.level == 7:
        score += 1500 if vulnerable else 1000
    if contract.risk is Risk.UNDOUBLED:
        score += overtricks * _trick_value(contract.strain)
    else:
        per = (200 if vulnerable else 100) * (_multiplier(contract.risk) // 2)
        score += overtricks * per
        score += 50 * (_multiplier(contract.risk) // 2)  # the "insult": 50, or 100 redoubled
    return score


def _undertrick_penalty(risk: Risk, vulnerable: bool, down: int) -> int:
    if risk is Risk.UNDOUBLED:
        return down * (100 if vulnerable else 50)
    if vulnerable:
        doubled = 200 + 300 * (down - 1)  # 200, 500, 800, 1100 ...
    else:
        # 100, 300, 500, then 300 more for the fourth and each later one
        doubled = 100 + 200 * min(down - 1, 2) + 300 * max(down - 3, 0)
    return doubled * (_multiplier(risk) // 2)


def duplicate_score(contract: Contract, vulnerable: bool, tricks: int) -> int:
    """Declarer's duplicate score (Law 77) for ``tricks`` won (0-13), positive
    when the contract made."""
    if not 0 <= tricks <= 13:
        raise ValueError(f"tricks must be 0..13, not {tricks}")
    needed = contract.level + 6
    if tricks >= needed:
        return _made(contract, vulnerable, tricks - needed)
    return -_undertrick_penalty(contract.risk, vulnerable, needed - tricks)


def ns_score(
    contract: Contract | None,
    declarer: Seat,
    tricks: int,
    vulnerability: Vulnerability,
) -> int:
    """The NS score of ``contract`` played by ``declarer``; a pass-out (None) is 0."""
    if contract is None:
        return 0
    # Seat.direction and Vulnerability.is_vulnerable, by identity: checking
    # a file calls this for every distinct play (enum properties are Python calls).
    ns = declarer is Seat.N or declarer is Seat.S
    vulnerable = vulnerability is Vulnerability.BOTH or vulnerability is (
        Vulnerability.NS if ns else Vulnerability.EW
    )
    score = duplicate_score(contract, vulnerable, tricks)
    return score if ns else -score
