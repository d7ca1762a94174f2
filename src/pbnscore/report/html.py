"""One self-contained HTML5 page of a scored event.

No scripts, web fonts or other files: the style sheet is inline, so the page
works offline and can be mailed or put on a club web site as it is. Each
participant's number and names in the standings link to its scorecard, and
each board number on a scorecard to the board (its hand diagram and
traveller), within the page. On a screen no table is wider than its box:
cards and boards sit side by side where two fit, else one to a row, text
columns wrap, and a match grid too wide for any screen is a block per team.
On a phone or a small tablet (800 px and less) no table scrolls sideways:
each row becomes a block of labelled cells that wraps to the width (a
double-dummy table, narrow, stays a table); a print style sheet drops the
colours, sets the tables to the page's width and keeps each board on one
page. Every string from the source or the method is escaped. What is shown
comes from :mod:`pbnscore.report._view`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from html import escape
from textwrap import indent
from typing import TYPE_CHECKING, Protocol, TypeVar
from urllib.parse import quote

from pbnscore._face import File, check_options, write_file
from pbnscore._kinds import TypedDict
from pbnscore.figures import shown_as
from pbnscore.hands import SUIT_SYMBOLS
from pbnscore.model import ScoredEvent, Seat, check_scored
from pbnscore.report._assembly import build
from pbnscore.report._view import (
    BoardView,
    Column,
    Diagram,
    Grid,
    Link,
    Linked,
    Report,
    Scorecard,
    Table,
)

if TYPE_CHECKING:
    from typing import Unpack


__all__ = ["WriteOptions", "dump", "dumps", "href", "render"]

_SCREEN = """
:root { color-scheme: light; --ink: #1b1f24; --muted: #5b6570; --rule: #d0d7de;
  --band: #f4f6f8; --accent: #1f5f99; --red: #b3261e; }
* { box-sizing: border-box; }
body { margin: 0 auto; max-width: 96rem; padding: 1rem; color: var(--ink);
  font: 15px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, "Liberation Sans",
  Arial, sans-serif; overflow-wrap: break-word; }
h1 { font-size: 1.6rem; margin: 0 0 .25rem; color: var(--accent); }
h2 { font-size: 1.25rem; margin: 2rem 0 .5rem; border-bottom: 2px solid var(--accent); }
h3 { font-size: 1rem; margin: 1rem 0 .25rem; }
a { color: var(--accent); }
.facts, .method { margin: .25rem 0; color: var(--muted); }
.facts span + span::before { content: " · "; }
.note { margin: 0 0 .25rem; color: var(--muted); font-size: .9rem; }
.scroll { overflow-x: auto; -webkit-overflow-scrolling: touch; max-width: 100%; }
table { border-collapse: collapse; font-variant-numeric: tabular-nums; }
th, td { padding: .2rem .5rem; border-bottom: 1px solid var(--rule); text-align: left;
  white-space: nowrap; vertical-align: top; }
th { background: var(--band); font-weight: 600; white-space: normal; }
td.num, th.num { text-align: right; }
td.wrap { white-space: normal; }
tbody tr:nth-child(even) td { background: #fafbfc; }
.boards, .cards { display: flex; flex-wrap: wrap; gap: 0 1.5rem; }
.board, .card { flex: 1 1 auto; min-width: 0; max-width: 100%; break-inside: avoid; }
.board .note, .board .facts { contain: inline-size; }
table.grid td.self { background: var(--band); }
.deal { display: grid; grid-template-columns: repeat(3, minmax(0, max-content));
  gap: .1rem 1rem; margin: .25rem 0 .5rem; font-size: .9rem; align-items: center; }
.deal .hand { white-space: nowrap; }
.deal .n, .deal .s { grid-column: 2; }
.deal .w { grid-column: 1; }
.deal .e { grid-column: 3; }
.deal .compass { grid-column: 2; text-align: center; border: 1px solid var(--rule);
  padding: .25rem .5rem; color: var(--muted); font-size: .8rem; }
.deal .red { color: var(--red); }
nav.toc, .index, nav.steps { display: flex; flex-wrap: wrap; gap: .25rem 1rem; margin: .5rem 0; }
.index { gap: .25rem .75rem; font-size: .9rem; }
nav a { white-space: nowrap; }
.part { display: none; }
.part:target, .part:has(:target) { display: block; }
.why { display: none; border-left: 3px solid var(--accent); background: var(--band);
  padding: .25rem .5rem; margin: .5rem 0; }
.why:target { display: block; }
.why h4 { margin: 0 0 .25rem; font-size: .9rem; }
.why pre { margin: 0; font: inherit; font-size: .85rem; white-space: pre-wrap;
  overflow-wrap: break-word; }
#scoring code { white-space: nowrap; }
""".strip()

# A table shown as one block of labelled cells per row, wrapping to the
# width: every table on a phone, and a match grid too wide for any screen.
_BLOCKS = """
TABLE, TABLE tbody, TABLE tr, TABLE td, TABLE th { display: block; }
TABLE { width: 100%; }
TABLE thead { display: none; }
TABLE tbody tr { display: flex; flex-wrap: wrap; gap: 0 .75rem; padding: .3rem 0;
  border-bottom: 1px solid var(--rule); }
TABLE tbody tr:nth-child(even) td { background: none; }
TABLE tbody th, TABLE td { border: 0; padding: 0; white-space: normal; min-width: 0; }
TABLE td[data-label]::before { content: attr(data-label) " "; color: var(--muted);
  font-size: .8rem; }
TABLE td:empty { display: none; }
""".strip("\n")

# The tables a phone shows as blocks: every one but a double-dummy table,
# whose six narrow columns fit any phone and read as a grid.
_PHONE_BLOCKS = "table:not(.double-dummy)"

_PHONE = """
@media (max-width: 800px) {
  body { padding: .5rem; font-size: 14px; }
  .scroll { overflow-x: visible; }
  .boards, .cards { display: block; }
TABLE_BLOCKS
  td.wrap { flex-basis: 100%; }
  .deal { font-size: .85rem; gap: .1rem .5rem; }
}
"""

_PRINT = """
@media print {
  body { max-width: none; padding: 0; font-size: 9pt; color: #000; }
  h1, h2 { color: #000; border-color: #000; }
  a { color: #000; text-decoration: none; }
  .scroll { overflow: visible; }
  table { width: 100%; }
  th, td { padding: .1rem .25rem; white-space: normal; }
  th { background: none; }
  tbody tr:nth-child(even) td { background: none; }
  .boards, .cards { display: block; }
  .part { display: block; }
  nav, .index, .why, .why:target { display: none; }
  .board, .card, .standings { break-inside: avoid; }
}
"""


def _blocks(selector: str) -> str:
    """The style of a table shown as a block a row, its rows in columns."""
    return "\n".join(
        (
            _BLOCKS.replace("TABLE", selector),
            f"{selector} tbody th {{ flex-basis: 100%; background: none; }}",
            f"{selector} tbody {{ columns: 16rem; column-gap: 1.5rem; }}",
            f"{selector} tbody tr {{ break-inside: avoid; }}",
        )
    )


STYLE = "\n".join(
    (
        _SCREEN,
        _blocks("table.blocks"),
        # A grid of more than GRID_COLUMNS_FIT teams fits a wide screen only.
        "@media (max-width: 1200px) {",
        indent(_blocks("table.grid.wide"), "  "),
        "}",
        _PHONE.replace(
            "TABLE_BLOCKS", indent(_BLOCKS.replace("TABLE", _PHONE_BLOCKS), "  ")
        ).strip(),
        _PRINT.strip(),
    )
)

# Beyond this many teams a match grid cannot fit a desktop screen's width;
# beyond GRID_COLUMNS_FIT, one narrower than 1,200 px (a laptop, a tablet).
GRID_COLUMNS_MAX = 8
GRID_COLUMNS_FIT = 5


def render(scored: ScoredEvent, *, dd: bool = False) -> str:
    """The page as a string; ``dd``: with double-dummy tables."""
    check_scored("pbnscore.report.html.render()", scored)
    with shown_as(scored.options):
        return "\n".join(_page(build(scored, dd=dd))) + "\n"


def _page(report: Report) -> Iterator[str]:
    """The ranking first; the matches; an index of the boards and of the
    scorecards, each board and card a part of its own, shown when a link
    leads to it (CSS ``:target``: no script) with links back, to the
    boards either side and to how each figure came about; how it was
    scored last. A hand record: its boards' deals, all shown."""
    yield from opening(report)
    yield from _navigation(report)
    yield "<main>"
    yield from _section("standings", "Ranking", _tables(report.standings))
    if report.grid is not None:
        yield from _section("grid", "Match grid", _grid(report.grid))
    yield from _section("matches", "Matches", _tables(report.matches))
    boards = "Hand record" if report.hand_record else "Boards"
    yield from _section("boards", boards, _boards(report.boards, report.hand_record))
    yield from _section("scorecards", "Scorecards", _scorecards(report.scorecards))
    if not report.hand_record:
        yield from _section("scoring", "How it was scored", _scoring(report))
    yield "</main>"
    yield "</body>"
    yield "</html>"


def _navigation(report: Report) -> Iterator[str]:
    """Where each part of the page is: one line under the title."""
    parts = [
        ("standings", "Ranking", bool(report.standings)),
        ("matches", "Matches", bool(report.matches)),
        ("boards", "Boards", bool(report.boards) and not report.hand_record),
        ("scorecards", "Scorecards", bool(report.scorecards)),
        ("scoring", "How it was scored", not report.hand_record),
    ]
    links = "".join(f'<a href="#{ident}">{label}</a>' for ident, label, shown in parts if shown)
    if links:
        yield f'<nav class="toc">{links}</nav>'


def _scoring(report: Report) -> Iterator[str]:
    return scoring(report.scoring, report, report.source)


def scoring(words: Sequence[str], report: Headed, source: str | None = None) -> Iterator[str]:
    """How it was scored: in words, then the method and its exact options
    for the scorer (and the file scored)."""
    yield f"<p>{_e(' '.join(words))}</p>"
    options = ", ".join(f"<code>--{_e(name)} {_e(value)}</code>" for name, value in report.options)
    yield (
        f'<p class="note">For the scorer: <code>{_e(report.method)}</code>'
        + (f" with {options}" if options else "")
        + (f"; from {_e(source)}" if source else "")
        + ".</p>"
    )


def _e(text: str) -> str:
    return escape(text, quote=True)


def href(path: str) -> str:
    """A relative link to the file ``path`` (``/``-separated, relative to
    the page): each segment percent-encoded (RFC 3986 section 2.1), so no
    ``#``, ``?``, ``%`` or ``\\`` in a file name changes where it leads, and
    ``./`` before a first segment with a colon, which would otherwise be read
    as a scheme (``javascript:``; section 4.2). Escape it as any attribute."""
    # A name's bytes that are no UTF-8 (a Latin-1 file name, held as lone
    # surrogates) are percent-encoded as the bytes they are: the link leads
    # to that file, where U+FFFD would lead nowhere (and UTF-8 refused them).
    link = "/".join(
        quote(segment.encode("utf-8", "surrogateescape"), safe="") for segment in path.split("/")
    )
    return f"./{link}" if ":" in path.split("/", 1)[0] else link


def _fragment(anchor: str) -> str:
    return "#" + quote(anchor, safe="")


class Headed(Protocol):
    """What a page's head and header show: an event's report, or a season's."""

    @property
    def title(self) -> str:
        """The page's title."""

    @property
    def facts(self) -> tuple[tuple[str, str], ...]:
        """The facts the header lists (date, club, ...), as label and value."""

    @property
    def method(self) -> str:
        """The method the figures were scored by, as the header names it."""

    @property
    def options(self) -> tuple[tuple[str, str], ...]:
        """The method's options, as name and value, as the header shows them."""


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


_PLAIN_FACTS = ("Date", "Club", "Venue")  # facts that say what they are without a label


def _header(report: Headed) -> Iterator[str]:
    """The title, then the facts that place it (date, club)."""
    yield "<header>"
    yield f"<h1>{_e(report.title)}</h1>"
    facts = "".join(
        f'<span class="fact">{_e(value if label in _PLAIN_FACTS else f"{label}: {value}")}</span>'
        for label, value in report.facts
    )
    if facts:
        yield f'<p class="facts">{facts}</p>'
    yield "</header>"


def _section(ident: str, heading: str, body: Iterable[str]) -> Iterator[str]:
    lines = list(body)
    if not lines:
        return
    yield f'<section id="{ident}">'
    yield f"<h2>{heading}</h2>"
    yield from lines
    yield "</section>"


class _Part(Protocol):
    """A board or a scorecard: a block of its own, linked to by its anchor."""

    @property
    def anchor(self) -> str: ...
    @property
    def title(self) -> str: ...
    @property
    def heading(self) -> Linked | None: ...


_P = TypeVar("_P", bound=_Part)


def _parts(
    kind: str, parts: Sequence[_P], body: Callable[[_P], Iterator[str]], hidden: bool = True
) -> Iterator[str]:
    """Each of ``parts`` in a block of class ``kind`` under its title, the
    blocks in one of class ``kind`` + "s", after an index linking to each;
    ``hidden``: each block shown only when a link leads to it or into it
    (class ``part``). Nothing where there are no parts."""
    if not parts:
        return
    index = "".join(f'<a href="{_e(_fragment(p.anchor))}">{_e(p.title)}</a>' for p in parts)
    yield f'<p class="index">{index}</p>'
    yield f'<div class="{kind}s">'
    for part in parts:
        classes = f"{kind} part" if hidden else kind
        yield f'<div class="{classes}" id="{_e(part.anchor)}">'
        yield f"<h3>{_linked(part.title, part.heading)}</h3>"
        yield from body(part)
        yield "</div>"
    yield "</div>"


_RANKING = ("standings", "Ranking")


def _boards(boards: tuple[BoardView, ...], hand_record: bool = False) -> Iterator[str]:
    """Each board a part shown when a link leads to it; a hand record's
    deals all shown, one after the other, as a hand record is read (and
    printed): nothing but them to move between."""
    if hand_record:
        return _parts("board", boards, lambda board: _board(board, None), hidden=False)
    return _parts("board", boards, _board)


def _board(board: BoardView, home: tuple[str, str] | None = _RANKING) -> Iterator[str]:
    """A board: links back ``home`` and to the boards either side (none
    where ``home`` is None), its facts, deal, traveller, notes and analysis."""
    if home is not None:
        yield _steps(board.previous, board.next, "board", home)
    facts = "".join(f"<span>{_e(fact)}</span>" for fact in board.facts)
    yield f'<p class="facts">{facts}</p>'
    if board.traveller.note:
        yield f'<p class="note">{_e(board.traveller.note)}</p>'
    if board.diagram is not None:
        yield from _diagram(board.diagram)
    if board.traveller.rows:
        yield from _table(board.traveller)
    for why in board.whys:
        yield f'<div class="why" id="{_e(why.anchor)}">'
        yield "<h4>How it was scored</h4>"
        yield f"<pre>{_e(chr(10).join(why.lines))}</pre>"
        yield "</div>"
    for table in board.analysis:
        if table.title:
            yield f'<p class="note">{_e(table.title)}</p>'
        yield from _table(table)


def _steps(previous: str | None, following: str | None, kind: str, home: tuple[str, str]) -> str:
    """Links back to ``home`` (the ranking, or a hand record's index of
    boards: its anchor and name) and to the parts either side."""
    links = [f'<a href="#{home[0]}">{home[1]}</a>']
    if previous is not None:
        links.insert(0, f'<a href="{_e(_fragment(previous))}" rel="prev">← Previous {kind}</a>')
    if following is not None:
        links.append(f'<a href="{_e(_fragment(following))}" rel="next">Next {kind} →</a>')
    return f'<nav class="steps">{"".join(links)}</nav>'


_SEAT_CLASSES = {Seat.N: "n", Seat.W: "w", Seat.E: "e", Seat.S: "s"}


def _diagram(diagram: Diagram) -> Iterator[str]:
    """North, West and East either side of the compass, South: a grid."""
    yield f'<div class="deal" role="img" aria-label="{_e(_spoken(diagram))}">'
    for seat in (Seat.N, Seat.W):
        yield from _hand(diagram, seat)
    yield (
        f'<div class="compass">N<br>W&nbsp;&nbsp;E<br>S<br>'
        f"Dealer {_e(diagram.dealer)}<br>Vul {_e(diagram.vulnerability)}</div>"
    )
    for seat in (Seat.E, Seat.S):
        yield from _hand(diagram, seat)
    yield "</div>"


def _hand(diagram: Diagram, seat: Seat) -> Iterator[str]:
    held = diagram.hands.get(seat)
    lines = (
        ""
        if held is None
        else "<br>".join(
            f'<span class="{"red" if symbol in "♥♦" else "black"}">{symbol}</span> '
            f"{_e(cards) or '—'}"
            for symbol, cards in zip(SUIT_SYMBOLS, held, strict=True)
        )
    )
    yield f'<div class="hand {_SEAT_CLASSES[seat]}">{lines}</div>'


def _spoken(diagram: Diagram) -> str:
    """The deal for a screen reader."""
    hands = "; ".join(
        f"{seat.value}: "
        + ", ".join(f"{suit} {cards or 'void'}" for suit, cards in zip("SHDC", held, strict=True))
        for seat, held in diagram.hands.items()
    )
    return f"Dealer {diagram.dealer}, vulnerable {diagram.vulnerability}; {hands}"


def _scorecards(cards: tuple[Scorecard, ...]) -> Iterator[str]:
    def body(card: Scorecard) -> Iterator[str]:
        yield _steps(None, None, "card", _RANKING)
        yield from _table(card.table)

    return _parts("card", cards, body)


def _tables(tables: Iterable[Table], wrapper: str = "<div>") -> Iterator[str]:
    for table in tables:
        yield wrapper
        if table.title:
            yield f"<h3>{_linked(table.title, table.heading)}</h3>"
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
    for index, row in enumerate(table.rows):
        cells = "".join(
            f'<td{_class(column)} data-label="{_e(column.title)}">'
            f"{_linked(cell, table.link(index, at))}</td>"
            if cell
            else f"<td{_class(column)}></td>"
            for at, (column, cell) in enumerate(zip(table.columns, row, strict=True))
        )
        yield f"<tr>{cells}</tr>"
    yield "</tbody></table></div>"


def _linked(text: str, link: Link) -> str:
    """``text``, as a link to ``link``'s anchor, or each of its parts to its own."""
    if isinstance(link, Linked):
        return "".join(_linked(part.text, part.anchor) for part in link.parts)
    return _e(text) if link is None else f'<a href="{_e(_fragment(link))}">{_e(text)}</a>'


def _class(column: Column) -> str:
    # Numbers line up on the right; names may wrap rather than push the
    # numbers out of sight on a narrow screen.
    if column.numeric:
        return ' class="num"'
    return ' class="wrap"' if column.flexible else ""


def _grid(grid: Grid) -> Iterator[str]:
    """Teams down and across; each cell is the row team's score against the
    column team."""
    teams = len(grid.labels)
    kind = (
        "grid blocks"
        if teams > GRID_COLUMNS_MAX
        else "grid wide"
        if teams > GRID_COLUMNS_FIT
        else "grid"
    )
    yield f'<div class="scroll"><table class="{kind}">'
    # The teams across are the teams down, each linked to its scorecard.
    anchors = grid.anchors or (None,) * len(grid.names)
    head = "".join(
        f'<th scope="col" title="{_e(name)}">{_linked(label, anchor)}</th>'
        for label, name, anchor in zip(grid.labels, grid.names, anchors, strict=True)
    )
    yield f"<thead><tr><th></th>{head}</tr></thead>"
    yield "<tbody>"
    for name, anchor, row in zip(grid.names, anchors, grid.cells, strict=True):
        cells = "".join(
            '<td class="self"></td>'
            if cell is None
            else f'<td data-label="v {_e(label)}">{"<br>".join(map(_e, cell))}</td>'
            for label, cell in zip(grid.labels, row, strict=True)
        )
        yield f'<tr><th scope="row">{_linked(name, anchor)}</th>{cells}</tr>'
    yield "</tbody></table></div>"


class WriteOptions(TypedDict, total=False):
    """``dd`` (default False): with each board's double-dummy table and par."""

    dd: bool


def dumps(obj: ScoredEvent, **options: Unpack[WriteOptions]) -> str:
    """The page (:func:`render`). Options: :class:`WriteOptions`."""
    check_options("pbnscore.report.html.dumps()", options, WriteOptions.__annotations__)
    return render(obj, **options)


def dump(obj: ScoredEvent, fp: File, **options: Unpack[WriteOptions]) -> None:
    """Write :func:`dumps` to a path (whole or not at all, UTF-8), a text
    file or a binary file (UTF-8)."""
    check_options("pbnscore.report.html.dump()", options, WriteOptions.__annotations__)
    write_file("pbnscore.report.html.dump()", dumps(obj, **options), fp)
