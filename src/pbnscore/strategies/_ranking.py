"""Standings from totals: the ranking every method's participants get, ties
sharing the better place, those who played no board listed unranked after
the rest (docs/reference/choices.md "Did not play"), and ``--factor``'s
totals scaled up to the most boards played."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Hashable, Iterable
from fractions import Fraction

from pbnscore.model import (
    Participant,
    Points,
    Standing,
)


def rank(
    totals: Iterable[tuple[Participant, Points, int]],
    *,
    group: Callable[[Participant], Hashable] = lambda p: None,
    session: str | None = None,
    factor: bool = False,
) -> tuple[Standing, ...]:
    """Standings from (participant, total, boards played), best first.

    Equal totals share the better rank and are marked tied. ``group`` splits
    the ranking into separate fields (e.g. NS and EW of a two-winner Mitchell);
    standings keep the order of their groups' first appearance. ``factor``
    ranks each on its total scaled up to the most boards played in its group.
    """
    groups: dict[Hashable, list[tuple[Participant, Points, int]]] = defaultdict(list)
    for row in totals:
        groups[group(row[0])].append(row)
    return tuple(s for rows in groups.values() for s in rank_field(rows, session, factor))


def rank_field(
    rows: Iterable[tuple[Participant, Points, int]],
    session: str | None = None,
    factor: bool = False,
) -> list[Standing]:
    """One field's standings from (participant, total, boards played), best
    first; equal totals keep their given order, share the better rank and
    are marked tied. With ``factor`` the figure ranked on is the total times
    most / played, most being the most boards anyone in the field played."""
    # Who scored no board did not play: not ranked (rank None), listed after
    # those who did (docs/reference/choices.md "Did not play").
    rows = list(rows)
    played = [row for row in rows if row[2]]
    absent = [row for row in rows if not row[2]]
    standings = _ranked(played, session, factor)
    standings += (
        Standing(p, total, 0, None, False, session, factored=total if factor else None)
        for p, total, _ in absent
    )
    return standings


def _ranked(
    rows: list[tuple[Participant, Points, int]], session: str | None, factor: bool
) -> list[Standing]:
    most = max((row[2] for row in rows), default=0)
    # Rows with equal figures are gathered first, by the figure's numerator and
    # denominator (a Fraction is always in lowest terms, an int is n/1): a
    # Fraction's own hash and == are Python calls, and a field of thousands
    # has few distinct totals. Only those are then sorted, floats first (they
    # order quickly), the exact value breaking their ties.
    same: dict[tuple[int, int], list[tuple[Participant, Points, int, Points]]] = defaultdict(list)
    for participant, total, boards in rows:
        figure = factored(total, boards, most) if factor else total
        same[figure.numerator, figure.denominator].append((participant, total, boards, figure))
    ordered = sorted(same.values(), key=lambda tied: (float(tied[0][3]), tied[0][3]), reverse=True)
    standings: list[Standing] = []
    for tied in ordered:
        place = len(standings) + 1
        shared = len(tied) > 1
        for participant, total, boards, figure in tied:
            standings.append(
                Standing(
                    participant,
                    total,
                    boards,
                    place,
                    shared,
                    session,
                    factored=figure if factor else None,
                )
            )
    return standings


def factored(total: Points, boards: int, most: int) -> Points:
    """``total`` scaled from ``boards`` played up to ``most`` (unchanged for
    one who played none, or the most)."""
    if boards in (0, most):
        return total
    return Fraction(total) * most / boards


def uneven_warning(what: str, played: Iterable[int]) -> str | None:
    """The warning for a ranking group whose members played different
    numbers of boards, ranked on plain totals; None where all played alike
    (those who played none are not counted)."""
    counts = {boards for boards in played if boards}
    if len(counts) < 2:
        return None
    low, most = min(counts), max(counts)
    return (
        f"{what} played different numbers of boards ({low} to {most}) and are ranked "
        f"on plain totals; --factor scales each total up to {most} boards"
    )


def by_direction(participant: Participant) -> Hashable:
    """Rank group for two-winner events: each direction of each section."""
    return (participant.section, participant.direction)
