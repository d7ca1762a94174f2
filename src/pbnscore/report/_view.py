"""What a person sees of a scored event, decided once for text and HTML:
the report's shape, its tables' figures and the names it shows.

:func:`pbnscore.report._assembly.build` turns a :class:`ScoredEvent` into a
:class:`Report` (headings, tables of display strings and a teams grid) from
the standings (:mod:`._standings`), the travellers (:mod:`._travellers`) and
the matches (:mod:`._matches`), each made here with :func:`make_table`. The
text and HTML renderers only lay these out, so both show the same rows,
labels and numbers.

Numbers as scorers write them (:func:`column`): a column of points (IMPs,
totals, averages) whose values are all whole shows them whole (``3``,
``-12``); a column with any fraction shows two decimals throughout; VPs
always two decimals; the datum as an integer. Exact halves round away from
zero.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Iterable, Mapping
from fractions import Fraction
from typing import Any

from pbnscore._records import attrs
from pbnscore.figures import points_text
from pbnscore.model import (
    Event,
    Participant,
    ParticipantKind,
    Points,
    Seat,
    Standing,
)

# Tabs, newlines, escape sequences and other control characters in a source
# string (a title, a pair id, a name) would break the layout or reach the
# terminal: every text output shows each run of them as one space.
_CONTROL_RE = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]+")


def clean(text: str) -> str:
    """``text`` without control characters (each run one space): the one
    rule of the text report and the text explanation."""
    return _CONTROL_RE.sub(" ", text)


Identity = tuple[str, str, str | None, str | None, str | None]


def identity(participant: Participant) -> Identity:
    p = participant
    direction = p.direction.value if p.direction else None
    return (p.kind.value, p.id, direction, p.section, p.team)


# -- number formats -----------------------------------------------------------


def points(value: Fraction | int | float | None) -> str:
    """IMPs, totals and VPs with two decimals (:func:`pbnscore.figures.points_text`);
    empty for None."""
    return "" if value is None else points_text(value)


def column(values: Iterable[Points | float | None], decimals: bool = False) -> list[str]:
    """A column of figures as it is shown: whole numbers whole where every
    value is whole (and ``decimals`` is not asked for), else two decimals
    throughout; None shows empty."""
    values = list(values)
    whole = not decimals and all(v is None or Fraction(v).denominator == 1 for v in values)
    if whole:
        return ["" if v is None else str(int(v)) for v in values]
    return [points(v) for v in values]


@attrs.frozen
class Part:
    """Some of a cell's text, linked to ``anchor`` in the page (or not)."""

    text: str
    anchor: str | None = None


@attrs.frozen
class Linked:
    """A cell of several parts, each linked to its own place: an
    individual's opponents ``2 & 4``, each number to that player's
    scorecard. Text shows the parts' text as one string."""

    parts: tuple[Part, ...]

    def __str__(self) -> str:
        return "".join(part.text for part in self.parts)


Plain = str | Fraction | int | None
Cell = Plain | Linked
"""A cell as a table is built: a display string, a :class:`Linked` one, or
a figure (a point figure, None where there is none) that :func:`_table`
formats with the rest of its column."""

Link = str | Linked | None
"""Where a cell leads in the page: one anchor for the whole cell, a cell's
parts each with its own, or nowhere."""


def rank_label(standing: Standing) -> str:
    """``3=`` for a shared place; ``–`` for who did not play (no rank)."""
    if standing.rank is None:
        return NO_RANK
    return f"{standing.rank}=" if standing.tied else str(standing.rank)


NO_RANK = "–"
# Where a board's notes of how its figures came about keep the one note of
# the whole board (a teams match's IMPs on it), beside each table's.
BOARD_NOTE = -1
DID_NOT_PLAY = "did not play"  # in place of the total of who scored no board


# -- the report's shape ---------------------------------------------------------


@attrs.frozen
class Column:
    title: str
    numeric: bool = False
    # Text narrows a flexible column first (names), wrapping it between words.
    flexible: bool = False
    decimals: bool = False  # figures always with two decimals (VPs)


@attrs.frozen
class Table:
    """A titled table of display strings. ``kind`` names what it shows
    (``standings``, ``traveller``, ``matches``, ``match-boards``)."""

    kind: str
    title: str | None
    columns: tuple[Column, ...]
    rows: tuple[tuple[str, ...], ...]
    note: str | None = None  # shown under the title, e.g. "Datum 420"
    # A wide table laid out sideways (one column a board): text may break
    # its columns into blocks, each led by the first column.
    sideways: bool = False
    # Per row, per column: the anchor a cell links to in the page (a
    # standing's scorecard, a scorecard's board), its parts where each
    # links its own (Linked), or None. Empty: no links.
    links: tuple[tuple[Link, ...], ...] = ()
    heading: Linked | None = None  # the title's parts, where some link

    def link(self, row: int, column: int) -> Link:
        return self.links[row][column] if self.links else None


@attrs.frozen
class Grid:
    """Teams x teams: ``cells[i][j]`` is team i's results against team j, one
    line per match ("IMPs 12.00–4.00", "VP 13.50–6.50"); None on the diagonal."""

    labels: tuple[str, ...]  # short, for column heads
    names: tuple[str, ...]  # long, for row heads
    cells: tuple[tuple[tuple[str, ...] | None, ...], ...]
    # Each row's team's scorecard in the page (None: it has none).
    anchors: tuple[str | None, ...] = ()


@attrs.frozen
class Report:
    title: str
    facts: tuple[tuple[str, str], ...]  # ("Date", "2026-03-09"), ("Club", ...)
    method: str
    options: tuple[tuple[str, str], ...]
    standings: tuple[Table, ...]
    grid: Grid | None
    matches: tuple[Table, ...]
    boards: tuple[BoardView, ...]
    scorecards: tuple[Scorecard, ...] = ()
    # How it was scored, in words a club member reads (shown last).
    scoring: tuple[str, ...] = ()
    source: str = ""
    # Deals and no results: the boards alone, nothing scored to show.
    hand_record: bool = False


@attrs.frozen
class Diagram:
    """A deal as four hands (spades first; a seat absent where not given),
    with the board's dealer and vulnerability."""

    hands: Mapping[Seat, tuple[str, str, str, str]]
    dealer: str
    vulnerability: str


@attrs.frozen
class BoardView:
    """One board: its facts (dealer, vulnerability, datum and how it was
    formed), its deal where the file gives one, its traveller and any
    analysis (double-dummy tables)."""

    anchor: str
    title: str
    facts: tuple[str, ...]
    diagram: Diagram | None
    traveller: Table
    analysis: tuple[Table, ...] = ()
    # How each figure came about (pbnscore.report._why.Why), in table order.
    whys: tuple[Any, ...] = ()
    previous: str | None = None  # the boards before and after, by anchor
    next: str | None = None
    heading: Linked | None = None  # the title's parts: the teams linked


@attrs.frozen
class Scorecard:
    """One participant's boards, in play order, with a running total."""

    anchor: str
    title: str
    table: Table
    heading: Linked | None = None  # the title's parts: the team linked


# -- header ---------------------------------------------------------------------


def event_facts(event: Event) -> tuple[tuple[str, str], ...]:
    """What heads the page under the title: the date, the club, the venue."""
    facts = [
        ("Date", event.date.isoformat() if event.date else None),
        ("Club", event.club.name if event.club else None),
        ("Venue", event.venue),
    ]
    return tuple((label, value) for label, value in facts if value)


def how_scored(method: str, options: Mapping[str, object]) -> tuple[str, ...]:
    """How the figures were worked out, in words a club member reads (the
    exact options follow them for the scorer)."""
    value = {name: option_value(v) for name, v in options.items()}
    said = _METHOD_WORDS.get(method)
    if said is None:
        return (f"Scored by {method}.",)
    if value.get("imps") == "continuous":
        said = said.replace("the standard scale", _CONTINUOUS_WORDS)
    words = [said]
    if method == "butler":
        words.append(_datum_words(value))
        if value.get("double") == "yes":
            words.append("Each difference counts double.")
        if value.get("halve") == "yes":
            words.append("The IMPs are then halved.")
        if value.get("normalised") == "yes":
            words.append(
                "Normalised Butler: a pair's (or player's) IMPs over the boards it played "
                f"against the same opponents count in full up to {value['cutoff']}"
                f"{' a board' if value.get('cutoff_per') == 'board' else ''} either way "
                f"and {value['cutoff_rate']} of any more; {value['opponent_factor']} of the "
                "opponents' average IMPs a board over the event is added for each of those "
                "boards. Pairs are ranked on the sum."
            )
    elif method in ("cross-imps", "barking"):
        words.append(_NORMALISE_WORDS[method].get(value.get("normalise", ""), ""))
    elif method == "aggregate":
        words.append(
            "Teams are ranked on their net IMPs."
            if value.get("vp") == "none"
            else "Each match's IMPs become Victory Points (20 between the two teams)"
            + _vp_length_words(value.get("vp_boards", "none"))
            + "."
        )
    if "artificial_imps" in value:
        words.append(
            f"An adjusted score of average plus is worth {value['artificial_imps']} IMPs, "
            "average minus the same taken away."
        )
    return tuple(w for w in words if w)


_METHOD_WORDS = {
    "butler": "Butler: on each board every score is compared with a datum, a par score "
    "for the board, and the difference turned into IMPs on the standard scale.",
    "cross-imps": "Cross-IMPs: on each board every score is compared with the score at "
    "each other table, and each difference turned into IMPs on the standard scale.",
    "aggregate": "Aggregate: on each board a team's scores at its tables are added and the "
    "sum turned into IMPs on the standard scale.",
    "barking": "Barking: on each board a pair's score and a team-mate's at another table "
    "are set against the scores at every two further tables (A + B − C − D), each such "
    "comparison turned into IMPs on the standard scale. Pairs are ranked on their total; "
    "a team's figure is the mean of its pairs'.",
}
_CONTINUOUS_WORDS = (
    "De Wael's continuous IMP scale (the IMP table's half-way points joined by straight "
    "lines, not rounded to whole IMPs)"
)


def _datum_words(value: Mapping[str, str]) -> str:
    """The Butler datum as the options made it (docs/reference/conventions.md)."""
    datum = value.get("datum", "")
    rounded = "kept exact" if value.get("rounding") == "none" else "rounded to 10"
    if datum == "zero-sum":
        return "The datum is the score that makes the board's IMPs add up to zero."
    if datum == "mean":
        return f"The datum is the average score, {rounded}."
    if datum == "median":
        middle = {
            "upper": "the higher of the two middle ones",
            "lower": "the lower of the two middle ones",
        }.get(value.get("median", ""), f"the mean of the two middle ones, {rounded}")
        return f"The datum is the middle score (with an even number of scores, {middle})."
    if datum != "trimmed-mean":
        return ""
    return f"The datum is the average score {_drop_words(value)}, {rounded}."


def _drop_words(value: Mapping[str, str]) -> str:
    """Which scores a trimmed mean leaves out, by --drop, --drop-rounding and --drop-from."""
    drop = value.get("drop", "1")
    if drop.isdigit():
        many = int(drop)
        left = (
            "the highest and the lowest score"
            if many == 1
            else f"the {many} highest and the {many} lowest scores"
        )
    elif drop.endswith("%") or "/" in drop:
        rounding = {"up": "up", "down": "down", "nearest": "to the nearest whole score"}
        whole = rounding.get(value.get("drop_rounding", "up"), "up")
        left = f"{drop} of the scores at each end (rounded {whole})".replace(
            "rounded to the", "to the"
        )
    else:
        left = f"the highest and lowest scores as the {drop} rule counts them"
    since = value.get("drop_from", "1")
    threshold = "" if since == "1" else f" (none where a board has fewer than {since} scores)"
    return f"after {left} are left out{threshold}"


def _vp_length_words(vp_boards: str) -> str:
    """--vp-boards in words: the scale for N boards, or K times the match's."""
    if vp_boards == "none":
        return ""
    if vp_boards.endswith("x"):
        return f" on the scale for {vp_boards[:-1]} times its boards"
    return f" on the scale for {vp_boards} boards"


_NORMALISE_WORDS = {
    "cross-imps": {
        "average": "A pair's figure on a board is the average of its comparisons.",
        "total": "A pair's figure on a board is the sum of its comparisons.",
        "results": "A pair's figure on a board is the sum of its comparisons over the "
        "number of results.",
        "sqrt-2rc": "A pair's figure on a board is the sum of its comparisons over "
        "√(2rc) (r results, c comparisons), to the hundredth.",
    },
    "barking": {
        "match": "A board's sum is scaled to one match's three comparisons.",
        "total": "A board's figure is the plain sum of the comparisons.",
    },
}


def options_shown(options: Mapping[str, object]) -> tuple[tuple[str, str], ...]:
    # Shown as the CLI spells them: --imp-gaps lower, --double yes.
    return tuple((name.replace("_", "-"), option_value(value)) for name, value in options.items())


def option_value(value: object) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, enum.Enum):
        value = value.value
    if isinstance(value, Fraction):
        return str(value.numerator) if value.denominator == 1 else str(float(value))
    return str(value)


# -- tables ---------------------------------------------------------------------


def make_table(
    kind: str,
    title: str | Linked | None,
    columns: tuple[Column, ...],
    rows: Iterable[tuple[Cell, ...]],
    *,
    optional: frozenset[str] = frozenset(),
    drop: frozenset[str] = frozenset(),
    note: str | None = None,
    sideways: bool = False,
    links: Iterable[tuple[Link, ...]] = (),
) -> Table:
    """A table without the ``optional`` columns that hold nothing (no
    tricks in the file, no tables named, a method without VPs) and without
    the ``drop`` columns; figures formatted column by column. A
    :class:`Linked` cell shows its text, its parts kept as its link."""
    built, link_rows = _unlinked(list(rows), list(links), len(columns))
    rows = _formatted(columns, built, by_row=sideways)
    keep = [
        index
        for index, column in enumerate(columns)
        if column.title not in drop
        and (column.title not in optional or any(row[index] for row in rows))
    ]
    return Table(
        kind,
        str(title) if isinstance(title, Linked) else title,
        tuple(columns[i] for i in keep),
        tuple(tuple(row[i] for i in keep) for row in rows),
        note,
        sideways,
        tuple(tuple(row[i] for i in keep) for row in link_rows),
        title if isinstance(title, Linked) else None,
    )


def _unlinked(
    rows: list[tuple[Cell, ...]], links: list[tuple[Link, ...]], width: int
) -> tuple[list[tuple[Plain, ...]], list[tuple[Link, ...]]]:
    """The rows with each :class:`Linked` cell as its text, and the links
    with that cell's parts in its place."""
    texts = [tuple(str(c) if isinstance(c, Linked) else c for c in row) for row in rows]
    if not any(isinstance(cell, Linked) for row in rows for cell in row):
        return texts, list(links)
    links = links or [(None,) * width for _ in rows]
    merged = [
        tuple(c if isinstance(c, Linked) else link for c, link in zip(row, linked, strict=True))
        for row, linked in zip(rows, links, strict=True)
    ]
    return texts, merged


def _formatted(
    columns: tuple[Column, ...], rows: list[tuple[Plain, ...]], by_row: bool
) -> list[tuple[str, ...]]:
    """Display strings: each column's figures by :func:`column` (each
    row's, in a sideways table, whose columns are boards)."""
    if by_row:
        return [
            (str(row[0] or ""), *column(c for c in row[1:] if not isinstance(c, str)))
            if _has_figures(row[1:])
            else _strings(row)
            for row in rows
        ]
    shown: list[list[str]] = []
    for index, col in enumerate(columns):
        cells = [row[index] for row in rows]
        if _has_figures(cells):
            figures = iter(column([c for c in cells if not isinstance(c, str)], col.decimals))
            shown.append([c if isinstance(c, str) else next(figures) for c in cells])
        else:
            shown.append(list(_strings(cells)))
    return [tuple(cells) for cells in zip(*shown, strict=True)] if shown else []


def _has_figures(cells: Iterable[Plain]) -> bool:
    return any(cell is None or not isinstance(cell, str) for cell in cells)


def _strings(cells: Iterable[Plain]) -> tuple[str, ...]:
    return tuple(cell if isinstance(cell, str) else "" for cell in cells)


def several(sessions: Iterable[str | None]) -> bool:
    """Whether more than one session is shown: the one session of most
    events is not worth a column or a word in every title."""
    return len(set(sessions)) > 1


def join_title(*parts: str | None) -> str:
    return " · ".join(part for part in parts if part)


def join_heading(*parts: str | Linked | None) -> Linked:
    """:func:`join_title` of parts some of which link (a team to its card)."""
    joined: list[Part] = []
    for part in parts:
        if part is None or not str(part):
            continue
        if joined:
            joined.append(Part(" · "))
        joined.extend(part.parts if isinstance(part, Linked) else (Part(part),))
    return Linked(tuple(joined))


def team_card(cards: Mapping[tuple[Any, ...], str] | None, team: str) -> str | None:
    """The anchor of ``team``'s scorecard, where it has one (``cards``, by
    (ParticipantKind.TEAM, None, team): :func:`pbnscore.report._assembly.build`)."""
    return None if cards is None else cards.get((ParticipantKind.TEAM, None, team))


def team_heading(
    team: str, teams: Mapping[str, str], cards: Mapping[tuple[Any, ...], str] | None
) -> Linked:
    """:func:`team_label`, its team number linked to the team's scorecard."""
    name = f" {teams[team]}" if team in teams else ""
    return Linked(tuple(p for p in (Part(team, team_card(cards, team)), Part(name)) if p.text))


def labelled(label: str, value: str | None) -> str | None:
    return f"{label} {value}" if value is not None else None


# -- names and orders shown -------------------------------------------------------

# Per participant kind: the word for a field of them, and for one.
KIND_WORDS = {
    ParticipantKind.PAIR: ("Pairs", "Pair"),
    ParticipantKind.TEAM: ("Teams", "Team"),
    ParticipantKind.PLAYER: ("Players", "Player"),
}


def kind_name(participant: Participant) -> str:
    """``Pair``, ``Team`` or ``Player``."""
    return KIND_WORDS[participant.kind][1]


def names(participant: Participant) -> str:
    return " & ".join(participant.names)


def team_name(participant: Participant) -> str:
    """A team's name where it says more than its id (PBN teams are
    identified by their names: "Lions Lions" would say it twice)."""
    if participant.kind is not ParticipantKind.TEAM or participant.name == participant.id:
        return ""
    return participant.name or ""


def team_names(event: Event) -> dict[str, str]:
    """Team id -> its name, for teams whose name says more than the id."""
    return {p.id: name for p in event.participants() if (name := team_name(p))}


def team_label(team: str, teams: Mapping[str, str]) -> str:
    return f"{team} {teams[team]}" if team in teams else team


def natural(text: str) -> tuple[int, int, str]:
    """A table number's place in order: 2 before 10, names after numbers."""
    return (0, int(text), "") if text.isdecimal() else (1, 0, text)
