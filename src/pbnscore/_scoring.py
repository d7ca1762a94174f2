"""Scoring an event with a registered method: the one path that
:func:`pbnscore.score`, ``batch``, ``season`` and ``explain`` take."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from pbnscore._gc import gc_paused

if TYPE_CHECKING:
    from pbnscore.model import Event, ScoredEvent


def default_method(event: Event) -> str:
    """``aggregate`` for a teams event, ``butler`` for anything else."""
    from pbnscore.model import EventKind

    return "aggregate" if event.kind is EventKind.TEAMS else "butler"


def score(event: Event, method: str | None = None, **options: Any) -> ScoredEvent:
    """Score ``event`` with a registered method; options by field name
    (``datum="zero-sum"``, ``double=True``). The event is not changed.

    An :class:`OptionError` where an option is not the method's, has a value
    outside its choices (they are listed) or does nothing under the others."""
    from pbnscore.errors import wrong_type
    from pbnscore.model import Event

    if not isinstance(event, Event):
        raise wrong_type("pbnscore.score()", "an Event (from pbnscore.load)", event)
    with gc_paused():
        from pbnscore import registry
        from pbnscore.registry import running

        strategy, parsed = prepare(event, method, options)
        with running(strategy.name):
            scored: ScoredEvent = strategy.score(event, parsed)
        _check_scored(strategy.name, event, scored)
        from pbnscore.strategies._base import said_own_scoring, said_who_did_not_play

        scored = said_own_scoring(scored, registry.entries())
        return said_who_did_not_play(scored)


def _check_scored(method: str, event: Event, scored: ScoredEvent) -> None:
    """A method (plug-ins too) that scored no participant of an event with
    real results has failed, whatever its table of zeros says."""
    if not scored.standings or any(standing.boards for standing in scored.standings):
        return
    boards = (
        board
        for session in event.sessions
        for held in (*(s.boards for s in session.sections), *(m.boards for m in session.matches))
        for board in held
    )
    if any(result.is_real for board in boards for result in board.results):
        from pbnscore.errors import ScoringError

        raise ScoringError(f"{method} scored no participant on any board")


def prepare(event: Event, method: str | None, options: Mapping[str, Any]) -> tuple[Any, Any]:
    """The method's strategy and its checked options, as :func:`score` and
    :func:`pbnscore.explain.explain` use them."""
    from pbnscore import registry
    from pbnscore.strategies._base import checked_options

    strategy = registry.get(method or default_method(event))
    parsed = checked_options(strategy, options)
    return strategy(), parsed
