"""An :class:`~pbnscore.explanation.Explanation` for people (``text``) and
programs (``json``, schema ``pbnscore-explain/1``).

Text: per field of the board (a section's board; a teams session's board
across its matches; one match's board for aggregate), the board's own steps
(the datum and how it was chosen), then each table with its result and its
steps, then each participant's figure. A figure is shown as the reports show
points, followed by its exact value where two decimals do not say it all
(``-3.67 (= -11/3)``). With ``--pair`` only the tables of that participant
and its own figures are shown.
"""

from __future__ import annotations

import json as _json
from collections.abc import Iterator
from fractions import Fraction
from typing import Any

from pbnscore.explanation import BoardExplanation, Explanation, Line, Step
from pbnscore.figures import shown_as
from pbnscore.model import Points
from pbnscore.report import _cards, _shared, _travellers, _view
from pbnscore.report.json import number

__all__ = ["SCHEMA", "dumps", "render"]

SCHEMA = "pbnscore-explain/1"


def exact(value: Points | None) -> str:
    """A figure as the reports show it, and exactly where that is not."""
    if value is None:
        return "no points"
    shown = _view.points(value)
    fraction = Fraction(value)
    if fraction.denominator == 1:
        return str(fraction.numerator)
    if Fraction(shown) == fraction:
        return shown
    return f"{shown} (= {fraction})"


def render(explained: Explanation, only: str | None = None) -> str:
    """The explanation as text, ending with a newline; a title, pair id or
    name holding control characters (an escape sequence, a newline) shows
    each run as one space, as the text report does (_view.clean)."""
    with shown_as(explained.scored.options):
        lines = list(_lines(explained if only is None else explained.only(only), only))
    return "\n".join(_view.clean(line) for line in lines) + "\n"


def _lines(explained: Explanation, only: str | None) -> Iterator[str]:
    scored = explained.scored
    options = ", ".join(f"{name} {value}" for name, value in _view.options_shown(scored.options))
    yield f"Board {explained.board} · {scored.event.title or _shared.source_name(scored.event)}"
    yield f"Method: {scored.method}" + (f" ({options})" if options else "")
    for board in explained.boards:
        yield ""
        yield from _board(board, only)


def _board(board: BoardExplanation, only: str | None) -> Iterator[str]:
    yield from board_lines(board)
    shown = {f.line for f in board.figures} if only is not None else None
    for position, line in enumerate(board.lines):
        if shown is None or position in shown or None in shown:
            yield from table_lines(line)
    yield from figure_lines(board)


def figure_lines(board: BoardExplanation) -> Iterator[str]:
    """Each participant's figure on the board."""
    yield "Points:"
    for figure in board.figures:
        yield f"  {_cards.participant_title(figure.participant)}: {exact(figure.points)}"


def board_lines(board: BoardExplanation) -> Iterator[str]:
    """The board's field, its datum and how it was formed, and the steps of
    the whole board (the HTML page shows them with each table's figures)."""
    yield _view.join_title(
        f"Board {board.number}",
        _view.labelled("Session", board.session),
        _view.labelled("Section", board.section),
        board.title,
    )
    if board.datum is not None:
        record = board.datum_record
        how = f": {_cards.datum_label(record)}" if record is not None else ""
        yield f"Datum shown: {board.datum}{how}"
    yield from (f"  {step.text}" for step in board.steps)


def table_lines(line: Line) -> Iterator[str]:
    """One table: its result, the steps that scored it and its points."""
    result = line.result
    seats = (
        " ".join(f"{seat} {player}" for seat, player in zip("NESW", result.players, strict=False))
        if result.players
        else f"NS {result.ns or '?'} v EW {result.ew or '?'}"
    )
    played = " ".join(
        part
        for part in (
            result.contract_text,
            f"by {result.declarer.value}" if result.declarer else None,
            f"lead {result.lead}" if result.lead else None,
            f"{result.tricks} tricks" if result.tricks is not None else None,
            _travellers.outcome_text(result),
        )
        if part
    )
    # a teams table by its room, as the travellers name it (Open, Closed)
    table = f"{result.room}: " if result.room else f"Table {result.table}: " if result.table else ""
    yield f"{table}{seats}: {played}"
    if result.ruling:
        yield f"  ruling: {result.ruling}"
    yield from (f"  {step.text}" for step in line.steps)
    if line.ns_points is not None or line.ew_points is not None:
        yield f"  NS {exact(line.ns_points)}, EW {exact(line.ew_points)}"


# -- JSON -----------------------------------------------------------------------


def dumps(explained: Explanation, only: str | None = None) -> str:
    """The explanation as a ``pbnscore-explain/1`` JSON document."""
    if only is not None:
        explained = explained.only(only)
    scored = explained.scored
    document = {
        "schema": SCHEMA,
        "source": _shared.source_name(scored.event),
        "method": {"name": scored.method, "options": _plain(dict(scored.options))},
        "board": explained.board,
        "pair": only,
        "fields": [_field(board, only) for board in explained.boards],
    }
    return _json.dumps(document, ensure_ascii=False, indent=2) + "\n"


def _field(board: BoardExplanation, only: str | None) -> dict[str, Any]:
    shown = {f.line for f in board.figures}
    return {
        "session": board.session,
        "section": board.section,
        "board": board.number,
        "match": board.title,
        "datum": board.datum,
        "steps": [_step(step) for step in board.steps],
        "tables": [
            _table(line)
            for position, line in enumerate(board.lines)
            if only is None or position in shown or None in shown
        ],
        "points": [
            {
                "id": f.participant.id,
                "kind": f.participant.kind.value,
                "direction": f.participant.direction.value if f.participant.direction else None,
                "section": f.participant.section,
                "team": f.participant.team,
                "points": number(f.points),
            }
            for f in board.figures
        ],
    }


def _table(line: Line) -> dict[str, Any]:
    result = line.result
    return {
        "table": result.table,
        "ns": result.ns,
        "ew": result.ew,
        "players": dict(zip("NESW", result.players, strict=False)) if result.players else None,
        "contract": result.contract_text,
        "declarer": result.declarer.value if result.declarer else None,
        "lead": result.lead,
        "tricks": result.tricks,
        "score": result.score,
        "adjusted": result.adjusted.code if result.adjusted else None,
        "ns_points": number(line.ns_points),
        "ew_points": number(line.ew_points),
        "ruling": result.ruling,
        "steps": [_step(step) for step in line.steps],
    }


def _step(step: Step) -> dict[str, Any]:
    return {"text": step.text, "figures": _plain(dict(step.figures))}


def _plain(value: object) -> Any:
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    if isinstance(value, Fraction):
        return number(value)
    if hasattr(value, "value"):
        return _plain(value.value)
    return value
