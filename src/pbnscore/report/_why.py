"""How each figure on a board came about, for the HTML page: the method's
own record of the board (:func:`pbnscore.explain`, the code path
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

from pbnscore._records import attrs
from pbnscore.errors import PbnscoreError
from pbnscore.explanation import BoardExplanation
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
    from pbnscore._explaining import explain

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
                    notes[BOARD] = _board_note(field, anchors[at])
                continue
            figures = {name: value for step in line.steps for name, value in step.figures.items()}
            notes[index] = Why(
                f"why-{anchors[at]}-{index + 1}", (*head, *table_lines(line)), figures
            )
    if scored.method == "barking" and scored.matches:
        _league_notes(scored, anchors, found)
    return found


def _board_note(field: BoardExplanation, anchor: str) -> Why:
    """A note of the board's figures (a match's IMPs): the field's head, each
    table's steps and the figures; anchored apart from its tables' notes
    (``why-board-1-3`` is board-1's third table's, whose board may be ``board-1-3``)."""
    tables = (text for each in field.lines for text in table_lines(each))
    return Why(f"why-match-{anchor}", (*board_lines(field), *tables, *figure_lines(field)))


def _league_notes(scored: ScoredEvent, anchors: Sequence[str], found: list[dict[int, Why]]) -> None:
    """Barking's teams are the league's, scored by aggregate with the
    options the two share (docs/reference/choices.md "Barking's teams"):
    each match board's note is aggregate's explanation of it, kept where
    its IMPs are the match's in ``scored``."""
    from pbnscore._explaining import explain
    from pbnscore.strategies.barking import LEAGUE_OPTIONS

    options: dict[str, Any] = {
        name: scored.options[name] for name in LEAGUE_OPTIONS if name in scored.options
    }
    imps = {
        (match.session, match.team, match.opponent, board.number): board.imps
        for match in scored.matches
        for board in match.boards
    }
    boards = {
        id(line.result): at for at, board in enumerate(scored.boards) for line in board.results
    }
    for number in dict.fromkeys(board.number for board in scored.boards):
        try:
            explanation = explain(scored.event, number, "aggregate", **options)
        except (PbnscoreError, ValueError, TypeError):
            return
        for field in explanation.boards:
            teams = [figure for figure in field.figures if figure.line is None]
            at = next(
                (boards[id(line.result)] for line in field.lines if id(line.result) in boards), None
            )
            if at is None or len(teams) != 2 or BOARD in found[at]:
                continue
            home, away = teams
            match = imps.get((field.session, home.participant.id, away.participant.id, number))
            if match is None or match != home.points:
                continue
            found[at][BOARD] = _board_note(field, anchors[at])
