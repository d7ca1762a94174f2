"""Personal scorecards: every participant's boards, ending at its total.

The scorecards come from the scored event's travellers and matches; each
one's running total must end at the standings total and list exactly the
boards the participant was scored on.
"""

from __future__ import annotations

from typing import Any

import pytest

import pbnscore
import report_events as events
from pbnscore import usebio
from pbnscore.model import ParticipantKind, ScoredEvent
from pbnscore.report import _assembly, _cards


def _line(ns: int, ew: int, score: int) -> str:
    return (
        f"<TRAVELLER_LINE><NS_PAIR_NUMBER>{ns}</NS_PAIR_NUMBER><EW_PAIR_NUMBER>{ew}"
        f"</EW_PAIR_NUMBER><SCORE>{score}</SCORE></TRAVELLER_LINE>"
    )


def arrow_switch() -> ScoredEvent:
    """Pairs 1 and 3 listed NS, 2 and 4 EW; on board 2 the arrows switch, so
    pair 1 sits EW: the methods count it to pair 1 NS, the only pair 1."""
    pairs = "".join(
        f"<PAIR><PAIR_NUMBER>{n}</PAIR_NUMBER><DIRECTION>{d}</DIRECTION></PAIR>"
        for n, d in ((1, "NS"), (2, "EW"), (3, "NS"), (4, "EW"))
    )
    boards = (
        ((1, 2, 420), (3, 4, 170), (1, 4, 650)),
        ((2, 1, -100), (4, 3, 140), (2, 3, 110)),
    )
    lines = "".join(
        f"<BOARD><BOARD_NUMBER>{number}</BOARD_NUMBER>{''.join(_line(*x) for x in board)}</BOARD>"
        for number, board in enumerate(boards, start=1)
    )
    document = f"<USEBIO><EVENT><PARTICIPANTS>{pairs}</PARTICIPANTS>{lines}</EVENT></USEBIO>"
    return pbnscore.score(usebio.loads(document.encode()), "butler")


MAKERS = {
    **events.REAL,
    "arrow-switch": arrow_switch,
    "pairs-pbn": events.fixture("pbn/mitchell-pairs.pbn", "butler"),
    "howell-pbn": events.fixture("pbn/howell-pairs.pbn", "cross-imps"),
    "eight-barking-pbn": events.fixture("pbn/teams-of-eight-three-matches.pbn", "barking"),
    "eight-aggregate-pbn": events.fixture("pbn/teams-of-eight-three-matches.pbn", "aggregate"),
    "individual-hands": events.fixture("usebio/individual-with-handset.xml", "butler"),
}


@pytest.mark.parametrize("make", MAKERS.values(), ids=MAKERS.keys())
def test_each_scorecard_ends_at_the_standings_total(make: Any) -> None:
    """One scorecard per participant; its last running total is its total,
    and (pairs, players) it has a points row for each board it played."""
    scored = make()
    report = _assembly.build(scored)
    anchors = _cards.participant_anchors(scored.standings)
    cards = {card.anchor: card for card in report.scorecards}
    assert len(cards) == len(set(anchors.values()))
    for standing in scored.standings:
        card = cards[anchors[_cards.identity(standing.participant)]]  # type: ignore[attr-defined]
        titles = [c.title for c in card.table.columns]
        totals = [row[titles.index("Total")] for row in card.table.rows if row[-1]]
        if standing.boards == 0:
            continue
        assert totals, card.title
        assert totals[-1] in events.scorer_forms(standing.total), card.title
        if standing.participant.kind is not ParticipantKind.TEAM:
            points = [row[titles.index("Points")] for row in card.table.rows]
            assert sum(1 for p in points if p) == standing.boards, card.title


def test_an_ew_pair_sees_its_own_side() -> None:
    """An EW pair's score and datum are shown from its side: the
    traveller's NS -420 is its +420."""
    scored = events.fixture("pbn/mitchell-pairs.pbn", "butler")()
    report = _assembly.build(scored)
    ew = next(c for c in report.scorecards if " · EW" in c.title)
    titles = [c.title for c in ew.table.columns]
    row = ew.table.rows[0]
    board = next(b for b in scored.boards if str(b.number) == row[0])
    (line,) = [r for r in board.results if r.result.ew == ew.title.split()[1]]
    assert line.result.score is not None
    assert row[titles.index("Score")] == str(-line.result.score)
    assert row[titles.index("Datum")] == str(-(board.datum or 0))


@pytest.mark.parametrize(
    ("outcomes", "shown"),
    [
        ((None, None), "not played"),
        ((420, None), "+420 not played"),
        ((420, -50), "+420 -50"),
    ],
    ids=["none-played", "one-played", "both-played"],
)
def test_a_match_board_says_not_played_once(outcomes: tuple[int | None, ...], shown: str) -> None:
    """A team's scores on a match board: "not played" once where no table
    played it (not once a table), else each table's score or outcome."""
    from pbnscore.model import Board, Direction, Match, Outcome, Result

    results = tuple(
        Result("1", "2", Outcome.NOT_PLAYED, home_direction=Direction.NS)
        if score is None
        else Result("1", "2", Outcome.PLAYED, score=score, home_direction=Direction.NS)
        for score in outcomes
    )
    board = Board(1, results=results)
    match = Match("1", "2", boards=(board,))
    assert _cards._team_scores(board, match, home=True) == shown
