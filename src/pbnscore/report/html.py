"""One self-contained HTML5 page of a scored event.

No scripts, web fonts or other files: the style sheet is inline, so the page
works offline and can be mailed or put on a club web site as it is. Tables
scroll sideways inside their own box on a narrow phone, and a print style
sheet drops the colours and keeps each board on one page. Every string from
the source or the method is escaped. What is shown comes from
:mod:`pbnscore.report._view`.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from html import escape
from typing import Protocol

from pbnscore.model import ScoredEvent
from pbnscore.report._view import Column, Grid, Report, Table, build

__all__ = ["render"]

STYLE = """
:root { color-scheme: light; --ink: #1b1f24; --muted: #5b6570; --rule: #d0d7de;
  --band: #f4f6f8; --accent: #1f5f99; }
* { box-sizing: border-box; }
body { margin: 0 auto; max-width: 72rem; padding: 1rem; color: var(--ink);
  font: 15px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, "Liberation Sans",
  Arial, sans-serif; }
h1 { font-size: 1.6rem; margin: 0 0 .25rem; color: var(--accent); }
h2 { font-size: 1.25rem; margin: 2rem 0 .5rem; border-bottom: 2px solid var(--accent); }
h3 { font-size: 1rem; margin: 1rem 0 .25rem; }
.facts, .method { margin: .25rem 0; color: var(--muted); }
.facts span + span::before { content: " · "; }
.note { margin: 0 0 .25rem; color: var(--muted); font-size: .9rem; }
.scroll { overflow-x: auto; -webkit-overflow-scrolling: touch; max-width: 100%; }
table { border-collapse: collapse; font-variant-numeric: tabular-nums; }
th, td { padding: .2rem .5rem; border-bottom: 1px solid var(--rule); text-align: left;
  white-space: nowrap; vertical-align: top; }
th { background: var(--band); font-weight: 600; }
td.num, th.num { text-align: right; }
td.wrap { white-space: normal; min-width: 10rem; }
tbody tr:nth-child(even) td { background: #fafbfc; }
.boards { display: grid; gap: 0 1.5rem;
  grid-template-columns: repeat(auto-fill, minmax(min(30rem, 100%), 1fr)); }
.board { break-inside: avoid; min-width: 0; }
table.grid td.self { background: var(--band); }
@media (max-width: 600px) {
  body { padding: .5rem; font-size: 14px; }
  th, td { padding: .15rem .35rem; }
  td.wrap { min-width: 7rem; }
}
@media print {
  body { max-width: none; padding: 0; font-size: 10pt; color: #000; }
  h1, h2 { color: #000; border-color: #000; }
  .scroll { overflow: visible; }
  th { background: none; }
  tbody tr:nth-child(even) td { background: none; }
  .boards { display: block; }
  .board, .standings { break-inside: avoid; }
}
""".strip()


def render(scored: ScoredEvent) -> str:
    """The page as a string."""
    return "\n".join(_page(build(scored))) + "\n"


def _page(report: Report) -> Iterator[str]:
    yield from opening(report)
    yield "<main>"
    yield from _section("standings", "Standings", _tables(report.standings))
    if report.grid is not None:
        yield from _section("grid", "Match grid", _grid(report.grid))
    yield from _section("matches", "Matches", _tables(report.matches))
    yield from _section("boards", "Boards", _boards(report.boards))
    yield "</main>"
    yield "</body>"
    yield "</html>"


def _e(text: str) -> str:
    return escape(text, quote=True)


class Headed(Protocol):
    """What a page's head and header show: an event's report, or a season's."""

    @property
    def title(self) -> str: ...
    @property
    def facts(self) -> tuple[tuple[str, str], ...]: ...
    @property
    def method(self) -> str: ...
    @property
    def options(self) -> tuple[tuple[str, str], ...]: ...


def opening(report: Headed) -> Iterator[str]:
    """The page up to its <main>: head, style sheet, header."""
    yield "<!DOCTYPE html>"
    yield '<html lang="en">'
    yield "<head>"
    yield '<meta charset="utf-8">'
    yield '<meta name="viewport" content="width=device-width, initial-scale=1">'
    yield '<meta name="generator" content="pbnscore">'
    yield f"<title>{_e(report.title)}</title>"
    yield f"<style>\n{STYLE}\n</style>"
    yield "</head>"
    yield "<body>"
    yield from _header(report)


def _header(report: Headed) -> Iterator[str]:
    yield "<header>"
    yield f"<h1>{_e(report.title)}</h1>"
    facts = "".join(
        f'<span class="fact">{_e(label)}: {_e(value)}</span>' for label, value in report.facts
    )
    yield f'<p class="facts">{facts}</p>'
    options = ", ".join(f"{_e(name)} {_e(value)}" for name, value in report.options)
    method = f"Method: <strong>{_e(report.method)}</strong>"
    yield f'<p class="method">{method}{f" ({options})" if options else ""}</p>'
    yield "</header>"


def _section(ident: str, heading: str, body: Iterable[str]) -> Iterator[str]:
    lines = list(body)
    if not lines:
        return
    yield f'<section id="{ident}">'
    yield f"<h2>{heading}</h2>"
    yield from lines
    yield "</section>"


def _boards(tables: tuple[Table, ...]) -> Iterator[str]:
    if tables:
        yield '<div class="boards">'
        yield from _tables(tables, wrapper='<div class="board">')
        yield "</div>"


def _tables(tables: Iterable[Table], wrapper: str = "<div>") -> Iterator[str]:
    for table in tables:
        yield wrapper
        if table.title:
            yield f"<h3>{_e(table.title)}</h3>"
        if table.note:
            yield f'<p class="note">{_e(table.note)}</p>'
        yield from _table(table)
        yield "</div>"


def _table(table: Table) -> Iterator[str]:
    yield f'<div class="scroll"><table class="{_e(table.kind)}">'
    head = "".join(
        f'<th scope="col"{_class(column)}>{_e(column.title)}</th>' for column in table.columns
    )
    yield f"<thead><tr>{head}</tr></thead>"
    yield "<tbody>"
    for row in table.rows:
        cells = "".join(
            f"<td{_class(column)}>{_e(cell)}</td>"
            for column, cell in zip(table.columns, row, strict=True)
        )
        yield f"<tr>{cells}</tr>"
    yield "</tbody></table></div>"


def _class(column: Column) -> str:
    # Numbers line up on the right; names may wrap rather than push the
    # numbers out of sight on a narrow screen.
    if column.numeric:
        return ' class="num"'
    return ' class="wrap"' if column.flexible else ""


def _grid(grid: Grid) -> Iterator[str]:
    """Teams down and across; each cell is the row team's score against the
    column team."""
    yield '<div class="scroll"><table class="grid">'
    head = "".join(
        f'<th scope="col" title="{_e(name)}">{_e(label)}</th>'
        for label, name in zip(grid.labels, grid.names, strict=True)
    )
    yield f"<thead><tr><th></th>{head}</tr></thead>"
    yield "<tbody>"
    for name, row in zip(grid.names, grid.cells, strict=True):
        cells = "".join(
            '<td class="self"></td>' if cell is None else f"<td>{'<br>'.join(map(_e, cell))}</td>"
            for cell in row
        )
        yield f'<tr><th scope="row">{_e(name)}</th>{cells}</tr>'
    yield "</tbody></table></div>"
