"""Assigned adjusted scores that are not one table result (Law 12C1):
weighted (Law 12C1(c): 60% of 4S= and 40% of 4S-1) or split (the two sides'
scores differ), scored as docs/reference/conventions.md "Weighted and split
adjusted scores" defines: each part is scored against the board's field as a
table with that NS score would be (the field being the real results only:
an assigned score enters no datum and no other table's comparisons), and
the points are weighted, each side by its own parts (the EBU White Book's
method for weighted scores at IMPs)."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import TYPE_CHECKING

from pbnscore.figures import number, shown
from pbnscore.model import Assigned, Outcome, Play, Points, Result

if TYPE_CHECKING:
    from pbnscore.explanation import Trace

SidePoints = tuple[Points | None, Points | None]  # (NS, EW)

# The NS points a table with this NS score would get against the field
# (None where the field scores no table: a board with too few results).
Against = Callable[[int], Points | None]


def assigned_of(play: Result | Play) -> Assigned | None:
    """The weighted or split assigned score of a table, if it has one."""
    adjusted = play.adjusted
    if play.outcome is Outcome.ADJUSTED and adjusted is not None:
        return adjusted.assigned
    return None


def assigned_points(
    assigned: Assigned,
    against: Against,
    trace: Trace | None = None,
    position: int | None = None,
) -> SidePoints:
    """(NS, EW) points of an assigned score: each side's parts scored by
    ``against`` and weighted; EW's the negation of their own parts' NS
    points. Each part is noted in ``trace`` for the table at ``position``."""
    sides: list[Points | None] = []
    for side, parts, sign in (("NS", assigned.ns, 1), ("EW", assigned.ew, -1)):
        total: Points = Fraction(0)
        for weight, score in parts:
            points = against(score)
            if points is None:
                sides.append(None)
                break
            part = sign * weight * points
            total += part
            if trace is not None and position is not None:
                trace.for_table(
                    position,
                    f"{side}: {_percent(weight)} of {score} (as an NS score): "
                    f"{shown(sign * points)} × {_percent(weight)} = {shown(part)}",
                    side=side,
                    weight=number(weight),
                    score=score,
                    points=number(sign * points),
                    weighted=number(part),
                )
        else:
            sides.append(int(total) if Fraction(total).denominator == 1 else total)
    return sides[0], sides[1]


def _percent(weight: Fraction) -> str:
    return f"{shown(weight * 100)}%"
