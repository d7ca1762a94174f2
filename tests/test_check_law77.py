"""The Law 77 check of ``check`` and ``score``, which looks each score up
once a process and says nothing of a play it agrees with at once, held to
the general way: ns_score worked out, and every problem of the play listed."""

from __future__ import annotations

import itertools

from hypothesis import example, given, settings
from hypothesis import strategies as st

from pbnscore.bridge import ns_score
from pbnscore.model import (
    Adjusted,
    AdjustedKind,
    Contract,
    Outcome,
    Play,
    Risk,
    Seat,
    Strain,
    Vulnerability,
)
from pbnscore.validate import _play_problems, _play_problems_of, law_77_score

CONTRACTS = [
    Contract(level, strain, risk)
    for level, strain, risk in itertools.product(range(1, 8), Strain, Risk)
]


def test_every_score_looked_up_is_ns_scores() -> None:
    """Every contract, declarer, tricks and vulnerability: the score looked
    up (twice: worked out, then found) is ns_score's."""
    for contract, declarer, tricks, vulnerability in itertools.product(
        CONTRACTS, Seat, range(14), Vulnerability
    ):
        expected = ns_score(contract, declarer, tricks, vulnerability)
        assert law_77_score(contract, declarer, tricks, vulnerability) == expected
        assert law_77_score(contract, declarer, tricks, vulnerability) == expected


ADJUSTED = Adjusted("A5050", AdjustedKind.AVERAGE, AdjustedKind.AVERAGE, 50, 50)
plays = st.builds(
    Play,
    outcome=st.sampled_from(Outcome),
    score=st.none() | st.sampled_from((0, 420, -50, 620, -100, 90, 110)),
    contract=st.none() | st.sampled_from(CONTRACTS),
    contract_text=st.none() | st.just("4S"),
    declarer=st.none() | st.sampled_from(Seat),
    tricks=st.none() | st.integers(0, 13),
    adjusted=st.none() | st.just(ADJUSTED),
)


@settings(max_examples=500, deadline=None)
@given(plays, st.sampled_from(Vulnerability))
@example(
    Play(Outcome.PLAYED, 420, Contract(4, Strain.SPADES), "4S", Seat.N, None, 10),
    Vulnerability.NONE,
)
@example(
    Play(Outcome.PLAYED, 450, Contract(4, Strain.SPADES), "4S", Seat.N, None, 10),
    Vulnerability.NONE,
)
def test_a_plays_problems_are_the_general_ways(play: Play, vulnerability: Vulnerability) -> None:
    """A play the Law's score agrees with has none; any other play, what
    the general way lists."""
    assert _play_problems_of(play, vulnerability) == tuple(_play_problems(play, vulnerability))
