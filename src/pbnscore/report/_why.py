"""How each figure on a board came about, for the HTML page: the method's
own record of the board (:func:`pbnscore.explain.explain`, the code path
that scored it), in the words ``pbnscore explain`` prints
(:mod:`pbnscore.report.explain`), cut into one note per table of the board
(its points), or one for the board where the method's figures are the
board's (a teams match's IMPs).

A note is kept only where the explanation's figures are the scored event's
own: a scored event built some other way (a plug-in's, or by hand) gets
none rather than a wrong one.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from pbnscore.errors import PbnscoreError
from pbnscore.model import ScoredEvent
from pbnscore.report._view import BOARD_NOTE as BOARD
from pbnscore.report.explain import board_lines, figure_lines, table_lines


@attrs.frozen
class Why:
    """One note: its anchor in the page and its lines, as ``explain`` prints
    them; ``figures``, the figures of the table's steps (barking's ``terms``
    and their ``sum``), for a scorecard's columns."""

    anchor: str
    lines: tuple[str, ...]
    figures: Mapping[str, object] = attrs.field(factory=dict)


def whys(scored: ScoredEvent, anchors: Sequence[str]) -> list[dict[int, Why]]:
    """For each scored board (its anchor in ``anchors``), the note of each
    result by its position on the board, and :data:`BOARD`'s note."""
    found: list[dict[int, Why]] = [{} for _ in scored.boards]
    if not any(line.result.score is not None for b in scored.boards for line in b.results):
        return found
    from pbnscore.explain import explain

    explained = {}
    for number in dict.fromkeys(board.number for board in scored.boards):
        try:
            options: dict[str, Any] = dict(scored.options)
            explanation = explain(scored.event, number, scored.method, **options)
        except (PbnscoreError, ValueError, TypeError):
            return found  # the method cannot explain (a plug-in), or not these options
        for field in explanation.boards:
            head = tuple(board_lines(field))
            for line in field.lines:
                explained[id(line.result)] = (field, line, head)
    for at, board in enumerate(scored.boards):
        notes = found[at]
        for index, scored_line in enumerate(board.results):
            match = explained.get(id(scored_line.result))
            if match is None:
                continue
            field, line, head = match
            if (line.ns_points, line.ew_points) != (scored_line.ns_points, scored_line.ew_points):
                continue
            if line.ns_points is None and line.ew_points is None:
                if BOARD not in notes and any(f.line is None for f in field.figures):
                    tables = (text for each in field.lines for text in table_lines(each))
                    notes[BOARD] = Why(f"why-{anchors[at]}", (*head, *tables, *figure_lines(field)))
                continue
            figures = {name: value for step in line.steps for name, value in step.figures.items()}
            notes[index] = Why(
                f"why-{anchors[at]}-{index + 1}", (*head, *table_lines(line)), figures
            )
    return found
