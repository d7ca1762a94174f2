"""The public base class of a method that gives each table of a board its
points: butler, cross-imps and barking stand on it, and so may a plug-in.

A subclass says, for one board's *field* (the tables whose results are
compared with each other, see :mod:`pbnscore.strategies._field_layout`), what each
table's NS and EW points are (:meth:`PerBoardMethod.score_field`); the base
class cuts the event into fields, puts the points on every board in the
input's order (so scorecards, travellers and the formats' per-board points
show them), sums them into ranked standings (``--factor`` where the options
have it: :class:`~pbnscore.strategies.FactorOptions`), and explains a board
from the steps ``score_field`` notes in the :class:`~pbnscore.explanation.Trace`
it is given when ``explain`` asks.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from pbnscore.errors import ScoringError
from pbnscore.model import Event, EventKind, PointsStyle, ScoredEvent
from pbnscore.strategies._field_assembly import assemble, explained_fields
from pbnscore.strategies._field_layout import (
    Field,
    FieldScore,
    Layout,
    check_kind,
    scoped_layout,
)

if TYPE_CHECKING:
    from pbnscore.explanation import Explanation, Trace

__all__ = ["PerBoardMethod"]


class PerBoardMethod:
    """A method that scores each board's field on its own: subclasses set
    ``name``, ``description``, ``kinds`` (the events it scores), ``style``
    (a :class:`~pbnscore.model.PointsStyle`) and ``Options`` (an attrs
    class), and give :meth:`score_field`; :meth:`score` and :meth:`explain`
    come from here."""

    name: ClassVar[str]
    description: ClassVar[str]
    kinds: ClassVar[frozenset[EventKind]]
    style: ClassVar[PointsStyle]
    Options: ClassVar[type[Any]]

    def score_field(self, field: Field, options: Any, trace: Trace | None = None) -> FieldScore:
        """The field's points: a :class:`FieldScore` with one (NS, EW) pair
        for each of its tables, in order (``None`` where a side scores
        nothing: a board not played). ``field.plays[i]`` is what was played
        at table ``i``; ``field.scores`` holds the NS scores of the tables
        with a real result (``field.real``, their positions). With a
        ``trace`` (``explain`` asked for this board), the steps are noted in
        it: ``trace.note(text)`` for the board, ``trace.for_table(i, text)``
        for table ``i``."""
        raise NotImplementedError

    def datum_label(self, options: Any) -> str | None:
        """What the datum is called in the outputs (``"zero-sum"``), for a
        method whose FieldScore gives one; None for a method without."""
        return None

    def score(self, event: Event, options: Any) -> ScoredEvent:
        """The event scored under ``options``; the event is not changed."""
        check_kind(event, self.name, self.kinds)
        lay = scoped_layout(event, options)
        scores = [self._checked(field, options) for field in lay.fields]
        return self._assemble(lay, scores, options)

    def explain(self, event: Event, options: Any, board: int) -> Explanation:
        """The event scored as :meth:`score` does, the fields of board
        number ``board`` with a :class:`Trace` of their steps."""
        # Here, not at the top: a plain score imports no explain (start-up).
        from pbnscore.explanation import Explanation, Trace

        check_kind(event, self.name, self.kinds)
        lay = scoped_layout(event, options)
        traces: dict[int, Trace] = {}
        scores = []
        for index, field in enumerate(lay.fields):
            if field.number == board:
                traces[index] = Trace()
                scores.append(self._checked(field, options, traces[index]))
            else:
                scores.append(self._checked(field, options))
        scored = self._assemble(lay, scores, options, traces)
        return Explanation(scored, board, explained_fields(lay, scored, traces))

    def _checked(self, field: Field, options: Any, trace: Trace | None = None) -> FieldScore:
        """:meth:`score_field`'s answer, refused where it does not give
        every table its points (they would land on the wrong tables)."""
        score = self.score_field(field, options, trace)
        if len(score.points) != len(field):
            raise ScoringError(
                f"{self.name}: board {field.number} has {len(field)} tables, "
                f"but score_field gave points for {len(score.points)}"
            )
        return score

    def _assemble(
        self,
        lay: Layout,
        scores: Sequence[FieldScore],
        options: Any,
        traces: Mapping[int, Trace] | None = None,
    ) -> ScoredEvent:
        """The scored event from every field's score; ``traces`` (by field),
        where ``explain`` asked, for a method that notes steps of the whole
        event at the tables (Butler's normalised segments)."""
        return assemble(
            lay,
            scores,
            method=self.name,
            style=self.style,
            options=options,
            datum_label=self.datum_label(options),
        )
