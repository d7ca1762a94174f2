"""What a scored event is told whatever its method (plug-ins too): who
scored no board, and a scoring its file names for itself that no installed
method reproduces."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from pbnscore._records import attrs
from pbnscore.errors import excerpt
from pbnscore.model import (
    Notice,
    Participant,
    ScoredEvent,
)


def said_who_did_not_play(scored: ScoredEvent) -> ScoredEvent:
    """The scored event (any method's, plug-ins too) with one warning naming
    who scored no board and so has no rank (docs/reference/choices.md "Did not play"), where
    anyone did and others played."""
    absent = [s.participant for s in scored.standings if s.rank is None]
    if not absent or len(absent) == len(scored.standings):
        return scored  # nobody, or nobody played at all (said otherwise)
    named = [_who(p) for p in absent[:_NAMED]]
    more = f" and {len(absent) - _NAMED} more" if len(absent) > _NAMED else ""
    notice = Notice(f"did not play (no board scored), not ranked: {', '.join(named)}{more}")
    return attrs.evolve(scored, warnings=(*scored.warnings, notice))


_NAMED = 12  # participants the warning names before it counts the rest


def _who(p: Participant) -> str:
    """``pair 4 NS``, ``team WALES``, ``pair 1 of WALES``."""
    where = [
        p.direction.value if p.direction else None,
        f"section {excerpt(p.section, bare=True)}" if p.section else None,
        f"of {excerpt(p.team, bare=True)}" if p.team else None,
    ]
    return " ".join([p.kind.value, excerpt(p.id, bare=True), *filter(None, where)])


# Scorings, in Source.scorings' words, that an installed method reproduces
# (besides the methods' own names): the IMP and VP scorings aggregate scores.
_REPRODUCED = frozenset({"butler", "cross-imps", "aggregate", "barking", "imps", "vps"})


def said_own_scoring(
    scored: ScoredEvent, registered: Callable[[Iterable[str]], Iterable[str]]
) -> ScoredEvent:
    """The scored event with a warning for each scoring its file names for
    itself that no installed method reproduces (docs/reference/choices.md "A scoring we
    do not have"): ``the file's own scoring is point-a-board; scored here as
    aggregate``. ``registered`` (which of the names given a registered
    method has) is asked only for scorings the built-ins do not reproduce."""
    unknown = [name for name in scored.event.source.scorings if name not in _REPRODUCED]
    if unknown:
        found = set(registered(unknown))
        unknown = [name for name in unknown if name not in found]
    notices = tuple(
        Notice(
            f"the file's own scoring is {excerpt(name, bare=True)}; scored here as {scored.method}"
        )
        for name in unknown
    )
    if not notices:
        return scored
    return attrs.evolve(scored, warnings=(*notices, *scored.warnings))
