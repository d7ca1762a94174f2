"""A scored PBN input written back as itself plus the scores
(docs/reference/pbn-out.md): its lines are kept as they were (bytes, encoding, line ends) and only
what the method owns (:data:`~pbnscore.pbn._write_scores.OWNED_TAGS`,
:data:`~pbnscore.pbn._write_scores.OWNED_COLUMNS`) is set, inserted or removed."""

from __future__ import annotations

import codecs
import re
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator

from pbnscore.figures import points_text
from pbnscore.model import ScoredEvent
from pbnscore.pbn._read_write_games import Game, games
from pbnscore.pbn._read_write_lexer import Kind, Token, decode, tokens
from pbnscore.pbn._read_write_tables import ELEMENT_RE, SCORE_TABLE, TOTAL_SCORE_TABLE, parse_header
from pbnscore.pbn._write_scores import (
    DATUM_TAG,
    LINE_ROOM,
    OWNED_COLUMNS,
    Scores,
    element,
    escape,
    scoring_value,
    tag,
    total_score_table,
)

# One line and its end, as the lexer counts lines (CR, LF and CRLF, §2).
LINE_END_RE = re.compile(r"(\r\n|\r|\n)")
# A tag pair from its "[" to its value's closing quote; whitespace, lines
# included, between the tokens in import format (§3.3).
TAG_RE = r'\[[ \t\n]*{name}[ \t\n]*"((?:[^"\\\n]|\\.)*)"'
TAG_END_RE = re.compile(r"[ \t\n]*\]")
# A TotalScoreTable tag pair starting a line or after another's "]" (import
# format, §3.3); a quote inside a tag value is escaped, so none starts there.
REPEAT_RE = re.compile(rf"(?:^|(?<=\]))[ \t]*\[[ \t]*{TOTAL_SCORE_TABLE}[ \t]*\"")


class _Lines:
    """The input's lines, each with its own line end, and the edits made:
    a line's text set or removed, lines inserted after a line."""

    def __init__(self, text: str) -> None:
        # split at C speed: [line, end, line, end, ..., the rest]
        parts = LINE_END_RE.split(text)
        self.texts: list[str | None] = list(parts[0::2])
        self.ends: list[str] = [*parts[1::2], ""]
        if self.texts[-1] == "":  # the file ends with a line end: no line after it
            del self.texts[-1], self.ends[-1]
        self.newline = self.ends[0] if self.ends and self.ends[0] else "\r\n"
        self.after: dict[int, list[str]] = defaultdict(list)

    def get(self, line: int) -> str:
        return self.texts[line - 1] or ""

    def set(self, line: int, text: str) -> None:
        self.texts[line - 1] = text

    def remove(self, line: int) -> None:
        self.texts[line - 1] = None

    def insert(self, line: int, texts: Iterable[str]) -> None:
        """After ``line`` (1-based, as the lexer counts)."""
        self.after[line].extend(texts)

    def sub_tag(self, line: int, name: str, new: str | Callable[[str], str] | None) -> bool:
        """Set the value of tag ``name`` (``new`` None: remove the tag pair;
        a function: the value as written, escapes and all, to the new one)
        found from ``line`` on, over the few lines a tag pair may spread
        across in import format (§3.3); whether it was found."""
        stop = min(line + 4, len(self.texts))
        joined = "\n".join(self.get(n) for n in range(line, stop + 1))
        match = re.search(TAG_RE.format(name=re.escape(name)), joined)
        if match is None:
            return False
        if new is None:
            close = TAG_END_RE.match(joined, match.end())
            end = close.end() if close else match.end()
            joined = joined[: match.start()] + joined[end:]
        else:
            value = new(match[1]) if callable(new) else escape(new)
            joined = joined[: match.start(1)] + value + joined[match.end(1) :]
        for number, text in enumerate(joined.split("\n"), start=line):
            was = self.texts[number - 1]
            if was is not None and text != was:
                # a line left with only spaces would end the game (§3): it goes
                self.texts[number - 1] = text if text.strip() else None
        return True

    def join(self) -> str:
        pieces = [
            text + end if text is not None else ""
            for text, end in zip(self.texts, self.ends, strict=True)
        ]
        for line, inserted in self.after.items():
            block = "".join(new + self.newline for new in inserted)
            text = self.texts[line - 1]
            if text is not None and not self.ends[line - 1]:
                block = self.newline + block  # the file's last line had no end
            pieces[line - 1] += block
        return "".join(pieces)


class _Span:
    """Where a game is: its tags and its first and last line."""

    def __init__(self, game: Game, end: int) -> None:
        self.game, self.start, self.end = game, game.line, end

    def line_of(self, name: str) -> int | None:
        return self.game.line_of(name) if name in self.game.values else None

    def alone(self, name: str) -> bool:
        """Whether the tag is on a line of its own (a run of tag lines)."""
        return name in self.game.values and name not in self.game.lines

    def data_end(self, name: str) -> int | None:
        pieces = self.game.section(name)
        return max((first + text.count("\n") for first, text in pieces), default=None)


def _spans(text: str, last: int) -> list[_Span]:
    """The games of ``text`` (``last`` lines) and the line each ends on."""
    blanks: list[int] = []

    def watched(stream: Iterable[Token]) -> Iterator[Token]:
        for token in stream:
            if token.kind is Kind.BLANK:
                blanks.append(token.line)
            yield token

    spans = []
    for game in games(watched(tokens(text)), _ignore, []):
        end = blanks[-1] - 1 if blanks and blanks[-1] > game.line else last
        spans.append(_Span(game, end))
    return spans


def _ignore(message: str, line: int | None, severity: str = "error") -> None:
    """The input was read before it is written: its problems are known."""


class _Row:
    """A ScoreTable row's elements: (line, start, end) each."""

    def __init__(self, elements: list[tuple[int, int, int]]) -> None:
        self.elements = elements
        self.line = elements[0][0]


class _TableEdit:
    """One ScoreTable of the input and the IMP columns it gets."""

    def __init__(self, span: _Span, columns: list[str], rows: list[_Row]) -> None:
        self.span, self.columns, self.rows = span, columns, rows
        keys = [parse_header(SCORE_TABLE, c).columns[0].key if c.strip() else c for c in columns]
        self.keys = keys
        self.at = {name: keys.index(name) for name in OWNED_COLUMNS[SCORE_TABLE] if name in keys}
        self.cells: list[tuple[str, str]] = []


class Splicer:
    def __init__(
        self, document: bytes, scored: ScoredEvent, warn: Callable[[str], None] | None = None
    ) -> None:
        self.bom, self.encoding, text = _decoded(document)
        self.lines = _Lines(text)
        self.read = list(self.lines.texts)  # as the input has them
        self.warn = warn
        self.spans = _spans(text, len(self.lines.texts))
        self.scored = scored
        self.scores = Scores(scored)
        self.scoring = scoring_value(scored)

    def output(self) -> bytes:
        for span in self.spans:
            self.game(span)
        self.write_tables(self.score_tables())  # takes the rows' results
        self.total_scores()
        self.say_long_lines()
        text = self.lines.join()
        return self.bom + text.encode(self.encoding, "surrogateescape")

    def encodable(self, text: str) -> str:
        return text.encode(self.encoding, "replace").decode(self.encoding, "replace")

    # -- per game: [Scoring], [Datum], [ScoreIMP]

    def game(self, span: _Span) -> None:
        lines = self.lines
        results = [
            r for n in range(span.start, span.end + 1) for r in self.scores.by_line.get(n, ())
        ]
        new: list[str] = []
        values = span.game.values
        if "Scoring" in values:
            line = span.line_of("Scoring")
            assert line is not None
            lines.sub_tag(line, "Scoring", self.scoring)
        elif "Board" in values:
            new.append(tag("Scoring", self.scoring))
        self.owned_tag(span, DATUM_TAG, self.scores.datum(results), new)
        if SCORE_TABLE not in values:
            imp = self.scores.score_imp(results[0]) if len(results) == 1 else None
            self.owned_tag(span, "ScoreIMP", imp, new)
        if new:
            lines.insert(self.anchor(span), (self.encodable(t) for t in new))

    def owned_tag(self, span: _Span, name: str, value: str | None, new: list[str]) -> None:
        line = span.line_of(name)
        if line is not None:
            if span.alone(name) and value is None:
                self.lines.remove(line)
            else:
                self.lines.sub_tag(line, name, value)
        elif value is not None:
            new.append(tag(name, value))

    def anchor(self, span: _Span) -> int:
        """The line new tags go after: the Scoring, Deal or Board line where
        it is a line of its own; else the game's last line."""
        for name in ("Scoring", "Deal", "Board"):
            if span.alone(name):
                line = span.line_of(name)
                assert line is not None
                return line
        return span.end

    # -- ScoreTables: the IMP columns

    def score_tables(self) -> list[_TableEdit]:
        edits: list[_TableEdit] = []
        previous: list[str] = []
        for span in self.spans:
            spec = span.game.values.get(SCORE_TABLE)
            if spec is None:
                continue
            if spec.startswith("##"):
                spec = spec[2:]
            columns = previous if spec == "#" else spec.split(";")
            previous = columns
            edit = _TableEdit(span, columns, self.rows(span, len(columns)))
            for row in edit.rows:
                found = self.scores.by_line.get(row.line)
                scored = found.pop(0) if found else None
                ns = scored.ns_points if scored else None
                ew = scored.ew_points if scored else None
                edit.cells.append(
                    (
                        element(None if ns is None else points_text(ns)),
                        element(None if ew is None else points_text(ew)),
                    )
                )
                if found == []:
                    del self.scores.by_line[row.line]
            edits.append(edit)
        return edits

    def rows(self, span: _Span, width: int) -> list[_Row]:
        """The table's rows as the reader forms them (``split_rows``): a row
        a line; else by counting elements (§5.2)."""
        tag_line = span.line_of(SCORE_TABLE)
        last = span.data_end(SCORE_TABLE)
        if tag_line is None or last is None or width == 0:
            return []
        per_line: list[list[tuple[int, int, int]]] = []
        for line in range(tag_line, last + 1):
            text = self.lines.get(line)
            begin = 0
            if line == tag_line:
                match = re.search(TAG_RE.format(name=SCORE_TABLE), text)
                close = TAG_END_RE.match(text, match.end()) if match else None
                if close is None:
                    continue
                begin = close.end()
            if text.lstrip().startswith(("%", "{", ";")):
                continue
            found = [(line, m.start(), m.end()) for m in ELEMENT_RE.finditer(text, begin)]
            if found:
                per_line.append(found)
        if all(len(elements) == width for elements in per_line):
            return [_Row(elements) for elements in per_line]
        flat = [e for elements in per_line for e in elements]
        if len(flat) % width == 0:
            return [_Row(flat[i : i + width]) for i in range(0, len(flat), width)]
        return [_Row(elements) for elements in per_line if len(elements) == width]

    def write_tables(self, edits: list[_TableEdit]) -> None:
        # A "#" header (§4.8) is the one before it: its widths hold for both.
        groups: list[list[_TableEdit]] = []
        for edit in edits:
            inherits = edit.span.game.values[SCORE_TABLE] == "#"
            if inherits and groups:
                groups[-1].append(edit)
            else:
                groups.append([edit])
        for group in groups:
            widths = [
                max((len(cells[i]) for edit in group for cells in edit.cells), default=1)
                for i in (0, 1)
            ]
            first = group[0]
            if first.span.game.values[SCORE_TABLE] != "#":
                self.header(first, widths)
            for edit in group:
                self.table_rows(edit, widths)

    def header(self, edit: _TableEdit, widths: list[int]) -> None:
        line = edit.span.line_of(SCORE_TABLE)
        assert line is not None

        def with_imps(written: str) -> str:
            # the other columns' specs as the file wrote them (";" is never
            # escaped, so they split as the value does)
            sticky = "##" if written.startswith("##") else ""
            columns = written.removeprefix(sticky).split(";")
            for i, name in enumerate(OWNED_COLUMNS[SCORE_TABLE]):
                spec = f"{name}\\{widths[i]}R"
                if name in edit.at:
                    columns[edit.at[name]] = spec
                else:
                    columns.append(spec)
            return sticky + ";".join(columns)

        self.lines.sub_tag(line, SCORE_TABLE, with_imps)

    def table_rows(self, edit: _TableEdit, widths: list[int]) -> None:
        # Edits right to left on each line, so that earlier positions hold.
        changes: dict[int, list[tuple[int, int, str]]] = defaultdict(list)
        for row, cells in zip(edit.rows, edit.cells, strict=True):
            appended: list[str] = []
            for i, name in enumerate(OWNED_COLUMNS[SCORE_TABLE]):
                text = cells[i].rjust(widths[i])
                if name in edit.at:
                    # from the element before, so that writing again is the same
                    at = edit.at[name]
                    line, start, end = row.elements[at]
                    before = row.elements[at - 1] if at else None
                    start = before[2] if before is not None and before[0] == line else 0
                    changes[line].append((start, end, (" " if start else "") + text))
                else:
                    appended.append(text)
            if appended:
                line, _, end = row.elements[-1]
                changes[line].append((end, end, " " + " ".join(appended)))
        for line, edits in changes.items():
            text = self.lines.get(line)
            grown = len(text) + sum(len(new) - (end - start) for start, end, new in edits)
            names = [(s, e) for n, s, e in self.name_elements(edit) if n == line]
            edits += _names_cut(text, names, grown - LINE_ROOM)
            for start, end, new in sorted(edits, reverse=True):
                text = text[:start] + new + text[end:]
            self.lines.set(line, text)

    @staticmethod
    def name_elements(edit: _TableEdit) -> list[tuple[int, int, int]]:
        """The names cells of a table's rows (Names_NS, Names_EW ...): what
        is cut where a row would not fit its line."""
        at = [i for i, column in enumerate(edit.keys) if column.startswith("Names")]
        return [row.elements[i] for row in edit.rows for i in at if i < len(row.elements)]

    def say_long_lines(self) -> None:
        """Lines over 255 characters (§2.3) that no cut could bring within:
        the input's own, written back as they were, or a row pbnscore gave
        its IMP columns with no name left to cut. One warning each kind."""
        kept: list[int] = []
        grown: list[int] = []
        for number, text in enumerate(self.lines.texts, start=1):
            if text is not None and len(text) > LINE_ROOM:
                (kept if text == self.read[number - 1] else grown).append(number)
        if kept and self.warn is not None:
            self.warn(
                f"{_lines_named(kept)} of the input {_are(kept)} over 255 characters "
                "(PBN §2.3): written back as read"
            )
        if grown and self.warn is not None:
            self.warn(
                f"{_lines_named(grown)} of the input {_are(grown)} over 255 characters "
                "(PBN §2.3) with the IMP columns, the names cut as far as they go"
            )

    # -- the TotalScoreTable

    def total_scores(self) -> None:
        ours = [self.encodable(line) for line in total_score_table(self.scored)]
        placed = False
        for index, span in enumerate(self.spans):
            line = span.line_of(TOTAL_SCORE_TABLE)
            if line is None:
                continue
            self.cut_repeats(span, line)
            last = span.data_end(TOTAL_SCORE_TABLE) or line
            for n in range(line + 1, last + 1):
                self.lines.remove(n)
            if span.alone(TOTAL_SCORE_TABLE):
                if index == 0 and ours:
                    self.lines.set(line, ours[0])
                    self.lines.insert(line, ours[1:])
                    placed = True
                else:
                    self.lines.remove(line)
            else:
                self.cut_tag(line, TOTAL_SCORE_TABLE)
        if not placed and ours and self.spans:
            self.lines.insert(self.spans[0].end, ours)

    def cut_repeats(self, span: _Span, first: int) -> None:
        """A game's TotalScoreTable after its first, and its data, cut: the
        reader reads the first only (§3.4), and with the first replaced or
        gone a repeat left in would be read in its place."""
        line = first + 1
        while line <= span.end:
            text = self.lines.get(line)
            match = REPEAT_RE.search(text)
            if match is None:
                line += 1
                continue
            self.cut_from(line, match.start())
            line += 1
            # its data: the lines up to the game's next tag pair
            while line <= span.end and not self.lines.get(line).lstrip().startswith("["):
                self.lines.remove(line)
                line += 1

    def cut_tag(self, line: int, name: str) -> None:
        """A tag pair sharing its line, and its data after it, cut off."""
        text = self.lines.get(line)
        match = re.search(TAG_RE.format(name=name), text)
        if match is None:
            self.lines.sub_tag(line, name, None)
            return
        self.cut_from(line, match.start())

    def cut_from(self, line: int, start: int) -> None:
        """A line cut at ``start``: what is before it kept, if anything."""
        rest = self.lines.get(line)[:start]
        if rest.strip():
            self.lines.set(line, rest.rstrip())
        else:
            self.lines.remove(line)


def _names_cut(text: str, names: list[tuple[int, int]], excess: int) -> list[tuple[int, int, str]]:
    """The edits that cut the players' names in a row's names cells (each
    name of "A;B" on its own, §5.9) to one length, ending "...", so that
    the line is ``excess`` characters shorter: the longest names cut first,
    none below 4 characters ("N...")."""
    names = [(start, end) for start, end in names if text[start] == '"']
    if excess <= 0 or not names:
        return []
    cells = [text[start + 1 : end - 1].split(";") for start, end in names]
    lengths = [len(name) for cell in cells for name in cell]
    level = max(lengths)
    while level > 4 and sum(max(0, n - level) for n in lengths) < excess:
        level -= 1
    edits = []
    for (start, end), cell in zip(names, cells, strict=True):
        cut = ";".join(_name_cut(name, level) for name in cell)
        if cut != text[start + 1 : end - 1]:
            edits.append((start, end, f'"{cut}"'))
    return edits


def _name_cut(name: str, length: int) -> str:
    """A name as written (escapes and all) at most ``length`` characters,
    "..." at its end where cut; an escape is never split."""
    if len(name) <= length:
        return name
    kept = name[: length - 3]
    if (len(kept) - len(kept.rstrip("\\"))) % 2:
        kept = kept[:-1]  # a backslash cut from what it escapes
    return kept + "..."


def _lines_named(numbers: list[int]) -> str:
    shown = ", ".join(map(str, numbers[:5]))
    more = f" and {len(numbers) - 5} more" if len(numbers) > 5 else ""
    return f"line {shown}{more}" if len(numbers) == 1 else f"lines {shown}{more}"


def _are(numbers: list[int]) -> str:
    return "is" if len(numbers) == 1 else "are"


def _decoded(document: bytes) -> tuple[bytes, str, str]:
    """(BOM, encoding, text) of a PBN input, decoded as the reader decodes
    it (``_read_write_lexer.decode``), bytes the encoding cannot decode kept as they
    were (surrogateescape) so that they are written back unchanged."""
    boms = {
        codecs.BOM_UTF8: "utf-8",
        codecs.BOM_UTF16_LE: "utf-16-le",
        codecs.BOM_UTF16_BE: "utf-16-be",
    }
    bom = next((b for b in boms if document.startswith(b)), b"")
    encoding = boms[bom] if bom else decode(document).encoding
    body = document[len(bom) :]
    errors = "replace" if encoding.startswith("utf-16") else "surrogateescape"
    return bom, encoding, body.decode(encoding, errors)
