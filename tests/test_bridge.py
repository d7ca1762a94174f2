"""Law 77 scores, contract spellings and the board cycle (pbnscore.bridge)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import examples
from pbnscore.bridge import (
    ContractError,
    dealer_for_board,
    duplicate_score,
    ns_score,
    parse_contract,
    parse_seat,
    relative_tricks,
    vulnerability_for_board,
)
from pbnscore.model import Contract, Direction, Risk, Seat, Strain, Vulnerability

C, D, H, S, NT = Strain.CLUBS, Strain.DIAMONDS, Strain.HEARTS, Strain.SPADES, Strain.NOTRUMP
U, X, XX = Risk.UNDOUBLED, Risk.DOUBLED, Risk.REDOUBLED

# (contract, vulnerable, tricks, declarer's score) from the published Law 77
# scoring table (e.g. the ACBL/EBU duplicate score charts).
PUBLISHED = [
    # part-scores
    ("1C", False, 7, 70),
    ("2D", True, 8, 90),
    ("1H", False, 7, 80),
    ("2S", False, 9, 140),
    ("1NT", False, 7, 90),
    ("1NT", True, 8, 120),
    ("2NT", False, 8, 120),
    ("3C", False, 10, 130),
    ("4D", True, 10, 130),
    # games: NT first trick 40 makes 3NT a game
    ("3NT", False, 9, 400),
    ("3NT", True, 9, 600),
    ("3NT", False, 10, 430),
    ("3NT", True, 11, 660),
    ("4H", False, 10, 420),
    ("4S", True, 10, 620),
    ("4S", True, 11, 650),
    ("5C", False, 11, 400),
    ("5D", True, 11, 600),
    ("4NT", False, 11, 460),
    # slams
    ("6C", False, 12, 920),
    ("6H", True, 12, 1430),
    ("6NT", False, 12, 990),
    ("6NT", True, 13, 1470),
    ("7S", False, 13, 1510),
    ("7NT", True, 13, 2220),
    ("7C", True, 13, 2140),
    # doubled and redoubled making: insult 50 / 100, overtricks 100/200 and 200/400
    ("1CX", False, 7, 140),
    ("1CX", False, 8, 240),
    ("1CX", True, 8, 340),
    ("2HX", False, 8, 470),
    ("2SX", True, 8, 670),
    ("1NTX", False, 7, 180),
    ("1NTXX", False, 7, 560),
    ("1CXX", False, 7, 230),
    ("1CXX", True, 7, 230),
    ("2CXX", True, 8, 760),
    ("1CXX", False, 8, 430),
    ("1CXX", True, 8, 630),
    ("4SX", False, 10, 590),
    ("4SX", True, 10, 790),
    ("4SX", True, 11, 990),
    ("4SXX", True, 10, 1080),
    ("5DX", False, 11, 550),
    ("6NTX", True, 12, 1680),
    ("7NTXX", True, 13, 2980),
    # undoubled undertricks: 50 / 100 each
    ("4S", False, 9, -50),
    ("4S", False, 6, -200),
    ("4S", True, 9, -100),
    ("7NT", True, 0, -1300),
]

# Doubled undertricks: non-vulnerable 100, 300, 500, 800, 1100, 1400 ...;
# vulnerable 200, 500, 800, 1100, 1400 ...; redoubled twice these.
DOUBLED_DOWN = {
    False: [100, 300, 500, 800, 1100, 1400, 1700, 2000, 2300, 2600, 2900, 3200, 3500],
    True: [200, 500, 800, 1100, 1400, 1700, 2000, 2300, 2600, 2900, 3200, 3500, 3800],
}


def _c(text: str) -> Contract:
    contract = parse_contract(text)
    assert contract is not None
    return contract


@pytest.mark.parametrize(
    ("text", "vulnerable", "tricks", "expected"),
    PUBLISHED,
    ids=[f"{t}-{'vul' if v else 'nv'}-{n}" for t, v, n, _ in PUBLISHED],
)
def test_published_scores(text: str, vulnerable: bool, tricks: int, expected: int) -> None:
    """The declarer's score matches the published table."""
    assert duplicate_score(_c(text), vulnerable, tricks) == expected


@pytest.mark.parametrize("vulnerable", [False, True], ids=["nv", "vul"])
@pytest.mark.parametrize("down", range(1, 14))
def test_doubled_undertrick_bands(vulnerable: bool, down: int) -> None:
    """Every undertrick band doubled, and redoubled at twice that."""
    contract = Contract(7, NT, X)
    expected = DOUBLED_DOWN[vulnerable][down - 1]
    assert duplicate_score(contract, vulnerable, 13 - down) == -expected
    redoubled = Contract(7, NT, XX)
    assert duplicate_score(redoubled, vulnerable, 13 - down) == -2 * expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("3N", Contract(3, NT)),
        ("3NT", Contract(3, NT)),
        ("3nt", Contract(3, NT)),
        ("4h", Contract(4, H)),
        ("5D*", Contract(5, D, X)),
        ("5D**", Contract(5, D, XX)),
        ("3Sx", Contract(3, S, X)),
        ("3SXX", Contract(3, S, XX)),
        ("3Sxx", Contract(3, S, XX)),
        ("2NX", Contract(2, NT, X)),
        ("7C", Contract(7, C)),
        (" 4S X ", Contract(4, S, X)),
    ],
)
def test_parse_contract_spellings(text: str, expected: Contract) -> None:
    """Every spelling real scoring programs use reads as the same contract."""
    assert parse_contract(text) == expected


@pytest.mark.parametrize("text", ["Pass", "PASS", "pass", "AP", "Passed out"])
def test_parse_contract_passed_out(text: str) -> None:
    """A pass-out is None, not an error."""
    assert parse_contract(text) is None


@pytest.mark.parametrize("text", ["-", "?", "", "8S", "0NT", "4Z", "4SXXX", "NT", "A+"])
def test_parse_contract_unparseable(text: str) -> None:
    """No contract and nonsense raise, so they stay distinct from a pass-out."""
    with pytest.raises(ContractError):
        parse_contract(text)


def test_parse_seat() -> None:
    """Seats read in either case (PBN §3.11)."""
    assert parse_seat("n") is Seat.N
    assert parse_seat("W") is Seat.W
    with pytest.raises(ValueError):
        parse_seat("X")


@pytest.mark.parametrize(
    ("text", "expected"),
    [("=", 10), ("+1", 11), ("-2", 8), ("+3", 13)],
    ids=["made", "overtrick", "down-two", "all-thirteen"],
)
def test_relative_tricks(text: str, expected: int) -> None:
    """A result written against 4H ("=", "+1", "-2") is tricks won by declarer."""
    assert relative_tricks(Contract(4, H, U), text) == expected


@pytest.mark.parametrize(
    ("board", "dealer", "vulnerability"),
    [
        (1, Seat.N, Vulnerability.NONE),
        (2, Seat.E, Vulnerability.NS),
        (3, Seat.S, Vulnerability.EW),
        (4, Seat.W, Vulnerability.BOTH),
        (5, Seat.N, Vulnerability.NS),
        (7, Seat.S, Vulnerability.BOTH),
        (8, Seat.W, Vulnerability.NONE),
        (9, Seat.N, Vulnerability.EW),
        (10, Seat.E, Vulnerability.BOTH),
        (13, Seat.N, Vulnerability.BOTH),
        (16, Seat.W, Vulnerability.EW),
        (17, Seat.N, Vulnerability.NONE),
        (32, Seat.W, Vulnerability.EW),
    ],
)
def test_board_cycle(board: int, dealer: Seat, vulnerability: Vulnerability) -> None:
    """The standard 16-board dealer and vulnerability cycle."""
    assert dealer_for_board(board) is dealer
    assert vulnerability_for_board(board) is vulnerability


def test_board_cycle_rejects_zero() -> None:
    """Board numbers start at 1."""
    with pytest.raises(ValueError):
        vulnerability_for_board(0)


def test_ns_score_signs_by_declarer() -> None:
    """NS scores are the declarer's for N/S and negated for E/W; vulnerability
    is the declaring side's."""
    four_spades = Contract(4, S)
    assert ns_score(four_spades, Seat.S, 10, Vulnerability.NS) == 620
    assert ns_score(four_spades, Seat.E, 10, Vulnerability.NS) == -420
    assert ns_score(four_spades, Seat.W, 9, Vulnerability.EW) == 100
    assert ns_score(four_spades, Seat.E, 10, Vulnerability.BOTH) == -620
    assert ns_score(four_spades, Seat.N, 10, Vulnerability.NONE) == 420
    assert ns_score(None, Seat.N, 0, Vulnerability.BOTH) == 0


contracts = st.builds(
    Contract,
    level=st.integers(1, 7),
    strain=st.sampled_from(list(Strain)),
    risk=st.sampled_from(list(Risk)),
)


@examples(80, long=200)
@given(
    contract=contracts,
    declarer=st.sampled_from(list(Seat)),
    tricks=st.integers(0, 13),
    vulnerability=st.sampled_from(list(Vulnerability)),
)
def test_ns_score_is_the_declaring_side_s_score(
    contract: Contract, declarer: Seat, tricks: int, vulnerability: Vulnerability
) -> None:
    """The declarer's score for the side's vulnerability, negated for E/W."""
    side = declarer.direction
    score = duplicate_score(contract, vulnerability.is_vulnerable(side), tricks)
    expected = score if side is Direction.NS else -score
    assert ns_score(contract, declarer, tricks, vulnerability) == expected


@given(contract=contracts, vulnerable=st.booleans(), data=st.data())
def test_making_contracts_score_positive(
    contract: Contract, vulnerable: bool, data: st.DataObject
) -> None:
    """A contract that makes scores positive, and more with each overtrick."""
    tricks = data.draw(st.integers(contract.level + 6, 13))
    score = duplicate_score(contract, vulnerable, tricks)
    assert score > 0
    if tricks < 13:
        assert duplicate_score(contract, vulnerable, tricks + 1) > score


@settings(max_examples=200)
@given(contract=contracts, vulnerable=st.booleans(), data=st.data())
def test_redoubled_undertricks_twice_doubled(
    contract: Contract, vulnerable: bool, data: st.DataObject
) -> None:
    """Redoubled undertricks cost exactly twice the doubled ones, and going
    down is always negative."""
    tricks = data.draw(st.integers(0, contract.level + 5))
    doubled = Contract(contract.level, contract.strain, X)
    redoubled = Contract(contract.level, contract.strain, XX)
    assert duplicate_score(doubled, vulnerable, tricks) < 0
    assert duplicate_score(redoubled, vulnerable, tricks) == 2 * duplicate_score(
        doubled, vulnerable, tricks
    )


@given(contract=contracts, vulnerable=st.booleans(), tricks=st.integers(0, 13))
def test_scores_are_multiples_of_ten(contract: Contract, vulnerable: bool, tricks: int) -> None:
    """Every duplicate score is a multiple of 10."""
    assert duplicate_score(contract, vulnerable, tricks) % 10 == 0


def test_tricks_out_of_range() -> None:
    """Fourteen tricks is an error, not a score."""
    with pytest.raises(ValueError):
        duplicate_score(Contract(1, C), False, 14)
