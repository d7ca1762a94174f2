"""How a method got its figures on one board: :func:`explain`, which the
package offers as ``pbnscore.explain``.

A method that can explain itself takes a :class:`~pbnscore.explanation.Trace`
in the code that scores a board and notes its steps there as it goes (the
datum chosen, the scores dropped, each comparison): the explanation is a
record of the computation that produced the scored figures, never a second
implementation that could drift from it. Scoring without a trace records
nothing.

A method explains a board through ``explain(event, options, board)``
returning an :class:`~pbnscore.explanation.Explanation`; a plug-in without
that method cannot explain, and :func:`explain` says so (``CannotExplain``).

The types live in :mod:`pbnscore.explanation`, below the methods that note
in them; this module runs a method (through the registry, which loads the
methods).
"""

from __future__ import annotations

from typing import Any

from pbnscore._records import attrs
from pbnscore.explanation import ALL_TERMS_FOR, CannotExplain, Explanation, TermsAsked
from pbnscore.figures import shown_as
from pbnscore.model import Event
from pbnscore.ranges import Range

# A board number (docs/reference/bad-input.md "Numbers have at most nine digits").
BOARD = Range(1, 999_999_999)


def explain(
    event: Event,
    board: int,
    method: str | None = None,
    *,
    all_terms_for: str | None = None,
    **options: Any,
) -> Explanation:
    """How ``method`` (with ``options``, as :func:`pbnscore.score` takes
    them) scored board number ``board`` of ``event``. A sum of many terms
    is summarised (:class:`~pbnscore.explanation.Trace`); ``all_terms_for``
    lists every term of that participant's tables."""
    from pbnscore._scoring import prepare, remarked

    board = int(BOARD.checked("board", board))
    from pbnscore.registry import running

    strategy, parsed = prepare(event, method, options)
    explainer = getattr(strategy, "explain", None)
    if explainer is None:
        raise CannotExplain(f"method {strategy.name} cannot explain its figures")
    asked = None if all_terms_for is None else _terms_asked(event, all_terms_for)
    token = ALL_TERMS_FOR.set(asked)
    try:
        # Its sentences spell figures as the event's outputs do (pbnscore.figures).
        with running(strategy.name), shown_as(parsed):
            explained: Explanation = explainer(event, parsed, board)
    finally:
        ALL_TERMS_FOR.reset(token)
    if not explained.boards:
        raise CannotExplain(f"board {board}: no such board in the event")
    if asked is not None and not asked.listed:
        _refuse_all_terms(explained, strategy.name, asked.asked)
    # What score says beside its figures, said the same way (the same scored event).
    return attrs.evolve(explained, scored=remarked(explained.scored))


def _terms_asked(event: Event, asked: str) -> TermsAsked:
    """``all_terms_for=asked``: that participant, and where it is a team
    (a teams event scored by a pairs method), its pairs, as
    :meth:`Explanation.only` keeps their tables."""
    members = (participant.id for participant in event.participants() if participant.team == asked)
    return TermsAsked(asked, frozenset((asked, *members)))


def _refuse_all_terms(explained: Explanation, method: str, asked: str) -> None:
    """``all_terms_for`` that listed no term: a participant not on the board
    is said as ``only`` says it; else the method has no terms there."""
    from pbnscore.errors import OptionError

    explained.only(asked)
    raise OptionError(
        f"--all-terms lists nothing here: {method} noted no terms for {asked!r} "
        f"on board {explained.board} (cross-imps and barking list each comparison)"
    )
