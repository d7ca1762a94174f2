"""A season (:class:`pbnscore.Season`) as text, HTML, JSON or CSV.

What is shown is decided once in :func:`build` (tables of display strings,
as :mod:`pbnscore.report._view` does for an event); the text and HTML pages
lay the tables out with the event reports' own code, so a season reads like
an event. JSON is the ``pbnscore-season/1`` document (docs/reference/json.md,
"Season JSON"); CSV is the ranking with the spreadsheet conventions of
:mod:`pbnscore.report._spreadsheet`.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from fractions import Fraction
from html import escape
from pathlib import PurePath
from typing import Any

from pbnscore._records import attrs
from pbnscore.errors import shown_name
from pbnscore.figures import shown_as
from pbnscore.formats import REPORTS
from pbnscore.model import Points
from pbnscore.report import _spreadsheet, _view
from pbnscore.report._view import Column, Table
from pbnscore.report.json import number

# The season's types from the modules that define them, not the package,
# whose season() reads files through the pipeline that renders this report.
from pbnscore.seasons._combine import Season
from pbnscore.seasons._event_figures import By, MatchFigures, SeasonEvent
from pbnscore.seasons._ranking import Entry, Figure, RankOn

__all__ = ["FORMATS", "SCHEMA", "build", "csv", "dumps", "html", "render", "text", "to_dict"]

SCHEMA = "pbnscore-season/1"
FORMATS = REPORTS  # a season page is written in each report format


def render(season: Season, to: str) -> str:
    """``season`` as a ``text``, ``html``, ``json`` or ``csv`` document."""
    renderers = {"text": text, "html": html, "json": dumps, "csv": csv}
    if to not in renderers:
        raise ValueError(f"unknown season format {to!r}; choose from: {', '.join(FORMATS)}")
    with shown_as(_common_options(season.events)):
        return renderers[to](season)


# -- what a person sees -------------------------------------------------------------


@attrs.frozen
class SeasonReport:
    """What a person sees of a season, in reading order: title, facts, events and the
    ranking's tables."""

    title: str
    facts: tuple[tuple[str, str], ...]
    method: str
    options: tuple[tuple[str, str], ...]
    events: Table
    ranking: Table
    unranked: Table | None
    grid: Table | None  # None: nobody to show
    league: Table | None
    matches: Table | None
    reports: tuple[str | None, ...]  # each event's own report, for links


_WHO = {By.PLAYER: "Player", By.PAIR: "Pair", By.TEAM: "Team"}


def build(season: Season) -> SeasonReport:
    """Everything a person sees of ``season``, in reading order."""
    dates = [event.date for event in season.events if event.date]
    facts = [("Events", str(len(season.events)))]
    if dates:
        facts.append(("From", f"{min(dates).isoformat()} to {max(dates).isoformat()}"))
    ranked_on = "average per board" if season.rank_on is RankOn.AVERAGE else "total"
    facts.append(("Ranked", f"by {season.by.value}, on {ranked_on}"))
    if season.best is not None:
        facts.append(("Counting", f"the best {season.best} events of each"))
    return SeasonReport(
        title=season.title or "Season",
        facts=tuple(facts),
        method=season.method,
        options=_view.options_shown(_common_options(season.events)),
        events=_events(season.events),
        ranking=_ranking("ranking", None, season, season.ranking),
        unranked=_unranked(season),
        grid=_grid(season),
        league=_league(season),
        matches=_matches(season),
        reports=tuple(event.report for event in season.events),
    )


def _common_options(events: Sequence[SeasonEvent]) -> dict[str, Any]:
    """The options every event was scored with (each event lists its own in JSON)."""
    if not events:
        return {}
    first = events[0].options
    return {k: v for k, v in first.items() if all(e.options.get(k) == v for e in events)}


def event_label(number: int, event: SeasonEvent, title: bool = False) -> str:
    """A column head: the event's number and date (and title: the HTML
    page and CSV have room for it; text lists titles in its events table)."""
    date = event.date.isoformat() if event.date else None
    return " ".join(p for p in (f"#{number}", date, event.title if title else None) if p)


def _events(events: Sequence[SeasonEvent]) -> Table:
    columns = (
        Column("#", numeric=True),
        Column("Date"),
        Column("Title", flexible=True),
        Column("File", flexible=True),
        Column("Method"),
    )
    rows = tuple(
        (
            str(number),
            event.date.isoformat() if event.date else "",
            event.title or "",
            PurePath(event.source).name or event.source,
            event.method,
        )
        for number, event in enumerate(events, start=1)
    )
    return Table("season-events", None, columns, rows)


def _ranking(kind: str, title: str | None, season: Season, entries: Sequence[Entry]) -> Table:
    best = season.best is not None
    columns = [
        Column("Rank", numeric=True),
        Column(_WHO[season.by], flexible=True),
        Column("Events", numeric=True),
        Column("Boards", numeric=True),
        Column("Total", numeric=True),
        Column("Average", numeric=True),
    ]
    if best:
        columns[4:4] = [Column("Counted"), Column("Boards counted", numeric=True)]
    totals = _view.column([e.total for e in entries])
    averages = _view.column([e.average for e in entries], decimals=True)
    rows = []
    for entry, total, average in zip(entries, totals, averages, strict=True):
        row = [
            _place(entry.rank, entry.tied),
            _who(entry),
            str(entry.events),
            str(entry.boards_played),
            total,
            average,
        ]
        if best:
            row[4:4] = [" ".join(f"#{n + 1}" for n in entry.counted), str(entry.boards)]
        rows.append(tuple(row))
    return Table(kind, title, tuple(columns), tuple(rows))


def _place(rank: int | None, tied: bool) -> str:
    return "" if rank is None else f"{rank}=" if tied else str(rank)


def _who(entry: Entry) -> str:
    if entry.kind is not By.TEAM and entry.team:
        return f"{entry.label} ({entry.team})"
    return entry.label


def _unranked(season: Season) -> Table | None:
    if not season.unranked:
        return None
    needs = []
    if season.min_events:
        needs.append(f"{season.min_events} events")
    if season.min_boards:
        needs.append(f"{season.min_boards} boards")
    title = f"Not ranked: fewer than {' or '.join(needs)}"
    return _ranking("season-unranked", title, season, season.unranked)


# A grid of more cells (participants x events) is listed participant by
# participant instead: a season where most play a few of many events would
# otherwise grow with the square of its events (600 events of new players:
# 3,600 rows of 600 columns).
GRID_CELLS = 100_000


def _grid(season: Season) -> Table | None:
    """Each participant's total in each event; an event not counted under
    --best is in parentheses."""
    entries = [*season.ranking, *season.unranked]
    if not entries:
        return None
    if len(entries) * len(season.events) > GRID_CELLS:
        return _played_list(season, entries)
    # Names first: text lays a wide grid out in blocks, each led by the first column.
    columns = [Column(_WHO[season.by], flexible=True)]
    cells: list[list[str]] = [[] for _ in entries]
    for at, event in enumerate(season.events):
        columns.append(Column(event_label(at + 1, event), numeric=True))
        figures: list[Figure | None] = [entry.figures.get(at) for entry in entries]
        shown = _view.column([f.total if f else None for f in figures])
        for row, entry, cell in zip(cells, entries, shown, strict=True):
            counted = at in entry.counted or not cell
            row.append(cell if counted else f"({cell})")
    rows = tuple((_who(e), *row) for e, row in zip(entries, cells, strict=True))
    note = "( ) not counted" if season.best is not None else None
    return Table("season-grid", None, tuple(columns), rows, note=note, sideways=True)


def _played_list(season: Season, entries: Sequence[Entry]) -> Table:
    """The grid too large to lay out: each participant's events, listed."""
    rows = []
    for entry in entries:
        shown = _view.column([f.total for f in entry.figures.values()])
        played = (
            f"#{n + 1} {cell}" if n in entry.counted else f"#{n + 1} ({cell})"
            for n, cell in zip(entry.figures, shown, strict=True)
        )
        rows.append((_who(entry), ", ".join(played)))
    columns = (Column(_WHO[season.by], flexible=True), Column("Events played", flexible=True))
    note = f"{len(entries)} × {len(season.events)}: too many for a grid; each one's events"
    if season.best is not None:
        note += "; ( ) not counted"
    return Table("season-grid", None, columns, tuple(rows), note=note)


def _league(season: Season) -> Table | None:
    if not season.league:
        return None
    columns = (
        Column("Rank", numeric=True),
        Column("Team", flexible=True),
        Column("Played", numeric=True),
        Column("Won", numeric=True),
        Column("Drawn", numeric=True),
        Column("Lost", numeric=True),
        Column("IMPs for", numeric=True),
        Column("IMPs against", numeric=True),
        Column("VPs", numeric=True),
    )
    rows = season.league
    imps_for = _view.column([r.imps_for for r in rows])
    against = _view.column([r.imps_against for r in rows])
    vps = _view.column([r.vp for r in rows], decimals=True)
    return Table(
        "season-league",
        None,
        columns,
        tuple(
            (_place(r.rank, r.tied), r.team, *map(str, (r.played, r.won, r.drawn, r.lost)), f, a, v)
            for r, f, a, v in zip(rows, imps_for, against, vps, strict=True)
        ),
    )


def _matches(season: Season) -> Table | None:
    if not season.matches:
        return None
    columns = (
        Column("Round", numeric=True),
        Column("Date"),
        Column("Home", flexible=True),
        Column("Away", flexible=True),
        Column("IMPs"),
        Column("VPs"),
    )
    rows = []
    for played in season.matches:
        m, event = played.match, season.events[played.round - 1]
        imps = "–".join(_view.column([m.imps, m.opponent_imps]))
        if m.opponent_view is not None:  # an artificial board that does not balance
            imps += f" ({m.opponent}: {'–'.join(_view.column(list(m.opponent_view)))})"
        vps = "" if m.vp is None else "–".join(_view.column([m.vp, m.opponent_vp], decimals=True))
        date = event.date.isoformat() if event.date else ""
        rows.append((str(played.round), date, m.team, m.opponent, imps, vps))
    return Table("season-matches", None, columns, tuple(rows))


def _sections(report: SeasonReport) -> list[tuple[str, str, list[Table]]]:
    """(id, heading, tables) in reading order, leaving out what is empty:
    the standings first, then the events they come from."""
    ranking = [report.ranking] + ([report.unranked] if report.unranked else [])
    found = [
        ("league", "League table", [report.league] if report.league else []),
        ("ranking", "Ranking", ranking),
        ("events", "Events", [report.events]),
        ("grid", "Event by event", [report.grid] if report.grid else []),
        ("matches", "Matches", [report.matches] if report.matches else []),
    ]
    return [section for section in found if section[2]]


# -- text -------------------------------------------------------------------------------


def text(season: Season) -> str:
    """The season as text, in the event report's layout."""
    from pbnscore.report import text as layout

    report = build(season)

    def lines() -> Iterator[str]:
        yield from layout._heading(report.title, "=")
        yield from layout._wrap("   ".join(f"{label}: {value}" for label, value in report.facts))
        for _, heading, tables in _sections(report):
            yield ""
            yield from layout._heading(heading, "-")
            for table in tables:
                yield ""
                yield from layout._table(table)
        yield ""
        yield from layout._heading("How it was scored", "-")
        yield ""
        yield from layout._wrap(
            " ".join(_view.how_scored(report.method, _common_options(season.events)))
        )
        options = ", ".join(f"{name} {value}" for name, value in report.options)
        yield from layout._wrap(f"Options: {report.method}" + (f" ({options})" if options else ""))

    return "\n".join(line.rstrip() for line in lines()) + "\n"


# -- HTML -------------------------------------------------------------------------------


def html(season: Season) -> str:
    """One self-contained page, in the event report's style; each event's
    own report linked where it was written (``--report-dir``)."""
    from pbnscore.report import html as layout

    report = build(season)

    def page() -> Iterator[str]:
        yield from layout.opening(report)
        yield "<main>"
        for ident, heading, tables in _sections(report):
            if ident == "events":
                body = _linked_events(report)
            else:
                body = layout._tables([_with_titles(t, season) for t in tables])
            yield from layout._section(ident, heading, body)
        words = _view.how_scored(report.method, _common_options(season.events))
        yield from layout._section("scoring", "How it was scored", layout.scoring(words, report))
        yield "</main>"
        yield "</body>"
        yield "</html>"

    return "\n".join(page()) + "\n"


def _with_titles(table: Table, season: Season) -> Table:
    """A table for the page: the grid's event columns headed with their
    titles too, and no sideways blocks (the page scrolls)."""
    if table.kind == "season-grid" and table.sideways:  # a grid, not the list
        heads = [event_label(n, e, title=True) for n, e in enumerate(season.events, start=1)]
        events = zip(table.columns[1:], heads, strict=True)
        columns = (table.columns[0], *(attrs.evolve(c, title=h) for c, h in events))
        table = attrs.evolve(table, columns=columns)
    return attrs.evolve(table, sideways=False)


def _linked_events(report: SeasonReport) -> Iterator[str]:
    """The events table, each title a link to the event's report where
    there is one (a relative link: the season page sits beside them)."""
    from pbnscore.report import html as layout

    table = report.events
    yield '<div class="scroll"><table class="season-events">'
    head = "".join(f'<th scope="col">{escape(c.title)}</th>' for c in table.columns)
    yield f"<thead><tr>{head}</tr></thead>"
    yield "<tbody>"
    for row, link in zip(table.rows, report.reports, strict=True):
        # Labelled as every table's cells are, for the phone's blocks.
        cells = [
            f'<td data-label="{escape(c.title, quote=True)}">{escape(cell)}</td>'
            for c, cell in zip(table.columns, row, strict=True)
        ]
        if link:
            target = escape(layout.href(link), quote=True)
            cells[2] = (
                f'<td data-label="{escape(table.columns[2].title, quote=True)}">'
                f'<a href="{target}">{escape(row[2] or link)}</a></td>'
            )
        number = escape(table.columns[0].title, quote=True)
        cells[0] = f'<td class="num" data-label="{number}">{escape(row[0])}</td>'
        yield f"<tr>{''.join(cells)}</tr>"
    yield "</tbody></table></div>"


# -- JSON -------------------------------------------------------------------------------


def dumps(season: Season) -> str:
    """The ``pbnscore-season/1`` document, ending with a newline."""
    return json.dumps(to_dict(season), ensure_ascii=False, indent=2) + "\n"


def to_dict(season: Season) -> dict[str, Any]:
    """The document as plain Python values: numbers unrounded, as in ``pbnscore/1``."""
    from pbnscore.report.json import plain_options

    common = dict(_common_pairs(season.events))
    return {
        "schema": SCHEMA,
        "method": {"name": season.method, "options": plain_options(common)},
        "season": {
            "by": season.by.value,
            "rank": season.rank_on.value,
            "best": season.best,
            "min_events": season.min_events,
            "min_boards": season.min_boards,
        },
        "events": [
            {
                "number": number,
                "source": event.source,
                "title": event.title,
                "date": event.date.isoformat() if event.date else None,
                "kind": event.kind.value,
                "method": event.method,
                "options": plain_options(dict(event.options)),
                # a name in no UTF-8 (Latin-1 bytes) as text, U+FFFD for its bytes
                "report": None if event.report is None else shown_name(event.report),
            }
            for number, event in enumerate(season.events, start=1)
        ],
        "participants": [_entry(entry) for entry in (*season.ranking, *season.unranked)],
        "league": [
            {
                "rank": row.rank,
                "tied": row.tied,
                "team": row.team,
                "played": row.played,
                "won": row.won,
                "drawn": row.drawn,
                "lost": row.lost,
                "imps_for": number(row.imps_for),
                "imps_against": number(row.imps_against),
                "vp": number(row.vp),
            }
            for row in season.league
        ],
        "matches": [
            {
                "round": played.round,
                "team": played.match.team,
                "opponent": played.match.opponent,
                "boards": played.match.boards,
                "imps": number(played.match.imps),
                "opponent_imps": number(played.match.opponent_imps),
                "vp": number(played.match.vp),
                "opponent_vp": number(played.match.opponent_vp),
                "opponent_view": _opponent_view(played.match),
            }
            for played in season.matches
        ],
        "warnings": list(season.warnings),
    }


def _opponent_view(match: MatchFigures) -> dict[str, Any]:
    """The match from the opponent's side, as in ``pbnscore/1``."""
    gained, lost = match.away
    return {"imps": number(gained), "opponent_imps": number(lost)}


def _common_pairs(events: Sequence[SeasonEvent]) -> Iterator[tuple[str, object]]:
    if events:
        for key, value in events[0].options.items():
            if all(e.options.get(key) == value for e in events):
                yield key, value


def _entry(entry: Entry) -> dict[str, Any]:
    played = list(entry.figures.values())
    total_played = sum((f.total for f in played), Fraction(0))
    boards_played = entry.boards_played
    return {
        "rank": entry.rank,
        "tied": entry.tied,
        "kind": entry.kind.value,
        "name": entry.label,
        "team": entry.team,
        "players": [
            {"name": p.name, "national_id": p.national_id, "spellings": list(p.spellings)}
            for p in entry.players
        ],
        "events": entry.events,
        "boards": boards_played,
        "total": number(total_played),
        "average": number(Fraction(total_played, boards_played) if boards_played else 0),
        "counted": {
            "events": [n + 1 for n in entry.counted],
            "boards": entry.boards,
            "total": number(entry.total),
            "average": number(entry.average),
        },
        "figures": [
            {
                "event": n + 1,
                "total": number(f.total),
                "boards": f.boards,
                "average": number(f.average),
                "counted": n in entry.counted,
            }
            | ({} if f.normalised is None else {"normalised": number(f.normalised)})
            | ({} if f.factored is None else {"factored": number(f.factored)})
            for n, f in entry.figures.items()
        ],
    }


# -- CSV --------------------------------------------------------------------------------


def _per_event(entries: Sequence[Entry], events: int) -> list[dict[int, str]]:
    """Each event's column: its figures by entry, formatted together, the
    events played only."""
    found: list[list[tuple[int, Points]]] = [[] for _ in range(events)]
    for at, entry in enumerate(entries):
        for n, figure in entry.figures.items():
            found[n].append((at, figure.total))
    columns = []
    for played in found:
        shown = _view.column([total for _, total in played])
        columns.append({at: cell for (at, _), cell in zip(played, shown, strict=True)})
    return columns


def csv(season: Season) -> str:
    """The ranking (then those not ranked, with no rank), one row each,
    with a column per event: BOM, RFC 4180, formula-safe names."""
    entries = [*season.ranking, *season.unranked]
    header = [
        "Rank", "Tied", "Kind", "Name", "Team", "National ids", "Events", "Boards",
        "Total", "Average", "Counted events", "Counted boards", "Counted total",
        "Counted average",
    ]  # fmt: skip
    header += [event_label(n, e, title=True) for n, e in enumerate(season.events, start=1)]
    played_totals = [sum((f.total for f in e.figures.values()), Fraction(0)) for e in entries]
    columns = [
        _view.column(played_totals),
        _view.column(
            [Fraction(t, e.boards_played) if e.boards_played else 0
             for t, e in zip(played_totals, entries, strict=True)],
            decimals=True,
        ),
        _view.column([e.total for e in entries]),
        _view.column([e.average for e in entries], decimals=True),
    ]  # fmt: skip
    per_event = _per_event(entries, len(season.events))
    blank = _spreadsheet.Number("")  # one for every event not played: most cells, in a long season

    def rows() -> Iterator[list[str]]:  # one at a time: a row has a cell per event
        N = _spreadsheet.Number
        for at, entry in enumerate(entries):
            yield (
                [
                    N("" if entry.rank is None else str(entry.rank)),
                    "yes" if entry.tied else "",
                    entry.kind.value,
                    entry.label,
                    entry.team or "",
                    " ".join(p.national_id for p in entry.players if p.national_id),
                    N(str(entry.events)),
                    N(str(entry.boards_played)),
                    N(columns[0][at]),
                    N(columns[1][at]),
                    " ".join(str(n + 1) for n in entry.counted),
                    N(str(entry.boards)),
                    N(columns[2][at]),
                    N(columns[3][at]),
                    *(N(cell) if (cell := column.get(at)) else blank for column in per_event),
                ]
            )

    return _spreadsheet.document(header, rows())
