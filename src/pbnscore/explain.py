"""How a method got its figures on one board: ``pbnscore.explain``.

A method that can explain itself takes a :class:`Trace` in the code that
scores a board and notes its steps there as it goes (the datum chosen, the
scores dropped, each comparison): the explanation is a record of the
computation that produced the scored figures, never a second implementation
that could drift from it. Scoring without a trace records nothing.

A method explains a board through ``explain(event, options, board)``
returning an :class:`Explanation`; a plug-in without that method cannot
explain, and :func:`explain` says so (:class:`CannotExplain`).
"""

from __future__ import annotations

import sys
import types
from collections import defaultdict
from collections.abc import Callable, Mapping
from contextvars import ContextVar
from typing import Any

import attrs

from pbnscore.errors import PbnscoreError
from pbnscore.figures import number, shown
from pbnscore.model import DatumRecord, Event, Participant, Points, Result, ScoredEvent
from pbnscore.ranges import Range

__all__ = [
    "BoardExplanation",
    "CannotExplain",
    "Explanation",
    "Figure",
    "Line",
    "Step",
    "Trace",
    "explain",
    "number",
    "shown",
]


class CannotExplain(PbnscoreError):
    """The method, or the board asked for, has nothing to explain."""


@attrs.frozen
class Step:
    """One step of a computation: a sentence for people, and the figures in
    it for programs (JSON values: numbers, strings, lists of them)."""

    text: str
    figures: Mapping[str, object] = attrs.field(factory=dict)


@attrs.define
class _TermsAsked:
    """The participant whose tables have every term listed (explain's
    ``all_terms_for``), the ids of the pairs that stand for it (a team's),
    and whether any term was listed: an ``all_terms_for`` that lists none
    would silently do nothing, and is refused."""

    asked: str
    ids: frozenset[str]
    listed: bool = False


# Set by :func:`explain` while the method explains.
_ALL_TERMS_FOR: ContextVar[_TermsAsked | None] = ContextVar("all_terms_for", default=None)


class Trace:
    """The steps a method notes while it scores one board, asked for by
    :func:`explain` only: ``note`` for the board (its datum), ``for_table``
    for one table of the board's field (by its position there) and
    ``for_score`` for every table with that NS score (methods that work
    score by score).

    A method whose figure is a sum of many terms (a comparison with every
    other table, barking's cube of them) notes a bounded summary of them
    (counts by outcome, the largest each way), and lists every term only
    at the tables :meth:`lists_terms` names: those of the participant
    ``explain(..., all_terms_for=ID)`` asked for."""

    def __init__(self) -> None:
        self._asked = _ALL_TERMS_FOR.get()
        self.terms_for = None if self._asked is None else self._asked.asked
        self.steps: list[Step] = []
        self.tables: dict[int, list[Step]] = defaultdict(list)
        self.scores: dict[int, list[Step]] = defaultdict(list)

    def note(self, text: str, /, **figures: object) -> None:
        """Note a step of the whole board (its datum, the scores dropped), with its figures."""
        self.steps.append(Step(text, figures))

    def for_table(self, position: int, text: str, /, **figures: object) -> None:
        """Note a step of the table at ``position`` in the board's field."""
        self.tables[position].append(Step(text, figures))

    def for_score(self, score: int, text: str, /, **figures: object) -> None:
        """Note a step of every table whose NS score is ``score``."""
        self.scores[score].append(Step(text, figures))

    def lists_terms(self, result: Result) -> bool:
        """Whether every term of ``result``'s table is to be listed: a table
        of the participant asked for (or of a team's pairs, asked by the
        team's id)."""
        asked = self._asked
        if asked is None or asked.ids.isdisjoint((result.ns, result.ew)):
            return False
        asked.listed = True
        return True

    def table_steps(self, position: int, score: int | None) -> tuple[Step, ...]:
        """What was noted for the table at ``position`` (with NS ``score``)."""
        by_score = self.scores.get(score, []) if score is not None else []
        return (*self.tables.get(position, ()), *by_score)


@attrs.frozen
class Line:
    """One table of the board: its result and the steps that scored it."""

    result: Result
    steps: tuple[Step, ...]
    ns_points: Points | None = None
    ew_points: Points | None = None


@attrs.frozen
class Figure:
    """What one participant got on the board, as the scored event has it;
    ``line`` is the position of its table in the board's ``lines`` (None
    for a figure of the whole board, such as a team's IMPs)."""

    participant: Participant
    points: Points | None
    line: int | None


@attrs.frozen
class BoardExplanation:
    """One board's field (or one match's board, for teams methods)."""

    session: str | None
    section: str | None
    number: int
    datum: int | None  # as shown in the scored event
    steps: tuple[Step, ...]
    lines: tuple[Line, ...]
    figures: tuple[Figure, ...]
    title: str | None = None  # "1 v 3" for a match's board
    # How the datum was formed: the record the board header reads too.
    datum_record: DatumRecord | None = None


@attrs.frozen
class Explanation:
    """How a method scored the boards asked for: the scored event and one
    :class:`BoardExplanation` per board."""

    scored: ScoredEvent
    board: int
    boards: tuple[BoardExplanation, ...]

    def only(self, participant_id: str) -> Explanation:
        """The boards ``participant_id`` has a figure on, with only its
        figures; where no participant of that id has one, the figures of a
        team of that id's pairs (a teams event scored by a pairs method,
        whose figures are its pairs')."""
        boards = self._kept(lambda p: p.id == participant_id) or self._kept(
            lambda p: p.team == participant_id
        )
        if not boards:
            raise CannotExplain(f"board {self.board}: no participant {participant_id!r} played it")
        return attrs.evolve(self, boards=boards)

    def _kept(self, wanted: Callable[[Participant], bool]) -> tuple[BoardExplanation, ...]:
        """The boards with a figure of a ``wanted`` participant, with only those figures."""
        boards = []
        for board in self.boards:
            figures = tuple(f for f in board.figures if wanted(f.participant))
            if figures:
                boards.append(attrs.evolve(board, figures=figures))
        return tuple(boards)


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
    is summarised (:class:`Trace`); ``all_terms_for`` lists every term of
    that participant's tables."""
    from pbnscore._scoring import prepare, remarked

    board = int(BOARD.checked("board", board))
    from pbnscore.registry import running

    strategy, parsed = prepare(event, method, options)
    explainer = getattr(strategy, "explain", None)
    if explainer is None:
        raise CannotExplain(f"method {strategy.name} cannot explain its figures")
    asked = None if all_terms_for is None else _terms_asked(event, all_terms_for)
    token = _ALL_TERMS_FOR.set(asked)
    try:
        with running(strategy.name):
            explained: Explanation = explainer(event, parsed, board)
    finally:
        _ALL_TERMS_FOR.reset(token)
    if not explained.boards:
        raise CannotExplain(f"board {board}: no such board in the event")
    if asked is not None and not asked.listed:
        _refuse_all_terms(explained, strategy.name, asked.asked)
    # What score says beside its figures, said the same way (the same scored event).
    return attrs.evolve(explained, scored=remarked(explained.scored))


def _terms_asked(event: Event, asked: str) -> _TermsAsked:
    """``all_terms_for=asked``: that participant, and where it is a team
    (a teams event scored by a pairs method), its pairs, as
    :meth:`Explanation.only` keeps their tables."""
    members = (participant.id for participant in event.participants() if participant.team == asked)
    return _TermsAsked(asked, frozenset((asked, *members)))


def _refuse_all_terms(explained: Explanation, method: str, asked: str) -> None:
    """``all_terms_for`` that listed no term: a participant not on the board
    is said as ``only`` says it; else the method has no terms there."""
    from pbnscore.errors import OptionError

    explained.only(asked)
    raise OptionError(
        f"--all-terms lists nothing here: {method} noted no terms for {asked!r} "
        f"on board {explained.board} (cross-imps and barking list each comparison)"
    )


class _CallableModule(types.ModuleType):
    """This module, callable: ``pbnscore.explain(...)`` is :func:`explain`
    (the package offers the function under the module's name, as it does
    ``pbnscore.season``), and :class:`Trace` and every other name here work
    as a module's do."""

    def __call__(
        self,
        event: Event,
        board: int,
        method: str | None = None,
        *,
        all_terms_for: str | None = None,
        **options: Any,
    ) -> Explanation:
        return explain(event, board, method, all_terms_for=all_terms_for, **options)


sys.modules[__name__].__class__ = _CallableModule
