"""The interface every scoring method implements, and what methods share.

A strategy is a class with a ``name``, a one-line ``description``, an attrs
``Options`` class and ``score(event, options) -> ScoredEvent``. Each field of
``Options`` becomes a CLI flag (``imp_gaps`` -> ``--imp-gaps``); its
``metadata["help"]`` is the flag's help and ``metadata["choices"]`` (or an
enum type) its choices.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Hashable, Iterable
from fractions import Fraction
from typing import Any, ClassVar, Protocol, runtime_checkable

import attrs

from pbnscore.imps import ImpGaps
from pbnscore.model import (
    AdjustedKind,
    Event,
    EventKind,
    Participant,
    Points,
    Result,
    ScoredEvent,
    Standing,
)


def option(default: Any, help: str, choices: Iterable[str] | None = None, **kw: Any) -> Any:
    """An options field with CLI help (and choices)."""
    metadata: dict[str, object] = {"help": help}
    if choices is not None:
        metadata["choices"] = tuple(choices)
    return attrs.field(default=default, metadata=metadata, **kw)


_TRUE = frozenset({"true", "yes", "on", "1"})
_FALSE = frozenset({"false", "no", "off", "0", ""})


def to_bool(value: object) -> bool:
    """A switch option's value: a bool, or its usual spellings from a config
    or a script ("yes", "no" ...). ``bool("no")`` would be True."""
    if isinstance(value, bool):
        return value
    spelled = str(value).strip().lower()
    if spelled in _TRUE or spelled in _FALSE:
        return spelled in _TRUE
    raise ValueError(f"expected yes or no, not {value!r}")


@attrs.frozen
class ImpOptions:
    """Options every IMP method takes."""

    imp_gaps: ImpGaps = option(
        ImpGaps.LOWER,
        "how a difference between two rows of the IMP table (15, 45 ...) scores",
        converter=ImpGaps,
    )
    artificial_imps: Fraction = option(
        Fraction(3),
        "IMPs for average-plus (average-minus scores minus this)",
        converter=Fraction,
        # Law 12C2(b): average-plus is a gain; a negative value would turn it into a loss.
        validator=attrs.validators.ge(0),
    )


@runtime_checkable
class Strategy(Protocol):
    name: ClassVar[str]
    description: ClassVar[str]
    Options: ClassVar[type[Any]]
    kinds: ClassVar[frozenset[EventKind]]

    def score(self, event: Event, options: Any) -> ScoredEvent: ...


def options_dict(options: Any) -> dict[str, object]:
    """Options as plain JSON values (enums by value, fractions as numbers)."""
    out: dict[str, object] = {}
    for field in attrs.fields(type(options)):
        value = getattr(options, field.name)
        if hasattr(value, "value"):
            value = value.value
        elif isinstance(value, Fraction):
            value = int(value) if value.denominator == 1 else float(value)
        out[field.name] = value
    return out


def artificial_points(kind: AdjustedKind, artificial_imps: Points) -> Points:
    """Law 12C2(b) at IMPs: average 0, average-plus +N, average-minus -N."""
    if kind is AdjustedKind.AVERAGE_PLUS:
        return Fraction(artificial_imps)
    if kind is AdjustedKind.AVERAGE_MINUS:
        return -Fraction(artificial_imps)
    return Fraction(0)


def adjusted_points(result: Result, artificial_imps: Points) -> tuple[Points, Points] | None:
    """(NS, EW) points for an adjusted result, None for any other result."""
    if result.adjusted is None:
        return None
    return (
        artificial_points(result.adjusted.ns, artificial_imps),
        artificial_points(result.adjusted.ew, artificial_imps),
    )


def rank(
    totals: Iterable[tuple[Participant, Points, int]],
    *,
    group: Callable[[Participant], Hashable] = lambda p: None,
    session: str | None = None,
) -> tuple[Standing, ...]:
    """Standings from (participant, total, boards played), best first.

    Equal totals share the better rank and are marked tied. ``group`` splits
    the ranking into separate fields (e.g. NS and EW of a two-winner Mitchell);
    standings keep the order of their groups' first appearance.
    """
    groups: dict[Hashable, list[tuple[Participant, Points, int]]] = defaultdict(list)
    for row in totals:
        groups[group(row[0])].append(row)
    return tuple(s for rows in groups.values() for s in rank_field(rows, session))


def rank_field(
    rows: Iterable[tuple[Participant, Points, int]], session: str | None = None
) -> list[Standing]:
    """One field's standings from (participant, total, boards played), best
    first; equal totals keep their given order, share the better rank and
    are marked tied."""
    # Rows with equal totals are gathered first, by the total's numerator and
    # denominator (a Fraction is always in lowest terms, an int is n/1): a
    # Fraction's own hash and == are Python calls, and a field of thousands
    # has few distinct totals. Only those are then sorted, floats first (they
    # order quickly), the exact value breaking their ties.
    same: dict[tuple[int, int], list[tuple[Participant, Points, int]]] = defaultdict(list)
    for row in rows:
        total = row[1]
        same[total.numerator, total.denominator].append(row)
    ordered = sorted(same.values(), key=lambda tied: (float(tied[0][1]), tied[0][1]), reverse=True)
    standings: list[Standing] = []
    for tied in ordered:
        place = len(standings) + 1
        shared = len(tied) > 1
        for participant, total, boards in tied:
            standings.append(Standing(participant, total, boards, place, shared, session))
    return standings


def by_direction(participant: Participant) -> Hashable:
    """Rank group for two-winner events: each direction of each section."""
    return (participant.section, participant.direction)
