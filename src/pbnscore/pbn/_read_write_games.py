"""Games: tokens grouped between semi-empty lines (§3), and tag-value
inheritance between games (§4.8)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from pbnscore.pbn._read_result import EMPTY, Report
from pbnscore.pbn._read_write_lexer import PLAIN_ROW_RE, Kind, Token
from pbnscore.pbn._read_write_tables import SCORE_TABLE, TOTAL_SCORE_TABLE

# §4.8: "#" and "##" are forbidden for these
NO_INHERITANCE = frozenset(
    ("Dealer", "Vulnerable", "Deal", "Declarer", "Contract", "Auction", "Play", "Note")
)
# sections whose data may carry comments (§3.8); in tables they are errors (§5.1)
ANNOTATED = frozenset(("Auction", "Play"))
# Where a lexical fault refuses the file: the sections whose rows are results,
# and the tags the reader takes a result, its board or its players from.
# Anywhere else (commentary, auctions, play, tags that carry no result) a
# fault is a warning at its line and the rest of the file is read.
RESULT_SECTIONS = frozenset((SCORE_TABLE, TOTAL_SCORE_TABLE))
RESULT_TAGS = RESULT_SECTIONS | {
    *("Board", "Section", "Vulnerable", "Contract", "Declarer", "Result", "Score"),
    *("HomeTeam", "VisitTeam", "Room", "Table", "Round", "PairNS", "PairEW"),
    *("North", "East", "South", "West"),
}
# A file with more faults than this outside the results is no PBN file to
# read on (the figure at which ``check`` stops listing problems).
MAX_SKIPPED_FAULTS = 1000


class Game:
    """One game: its tag values (the first of a repeated tag wins, §3.4), and
    where each tag and its section data are.

    Runs of tag and section lines (the lexer's TAGS tokens, most of a real
    file) are kept as text; a tag's line and section data are found in them
    only when asked for. Tags and data read one token at a time are recorded
    as they come (``lines``, ``sections``)."""

    __slots__ = ("line", "lines", "runs", "sections", "values")

    def __init__(self, line: int) -> None:
        self.line = line
        self.values: dict[str, str] = {}
        self.lines: dict[str, int] = {}
        self.runs: list[tuple[int, str]] = []  # (first line, text)
        self.sections: dict[str, list[tuple[int, str]]] = {}

    def text(self, name: str) -> str | None:
        """A tag's value, None where the game has none or it is "", "?" or "-"."""
        value = self.values.get(name)
        if not value:
            return None
        if value[0] in " \t" or value[-1] in " \t":
            value = value.strip()
        return None if value in EMPTY else value

    def texts(self, *names: str) -> list[str | None]:
        """Several tags' values as :meth:`text` gives them (one call: a game's
        tags are read by the dozen)."""
        get = self.values.get
        return [
            None if not (value := get(name)) or (value := value.strip()) in EMPTY else value
            for name in names
        ]

    def line_of(self, *names: str) -> int:
        """The line of the first of ``names`` the game has; else its first line."""
        for name in names:
            if name in self.lines:
                return self.lines[name]
            if name in self.values:
                for start, text in self.runs:
                    pos = _tag_position(text, name)
                    if pos >= 0:
                        return start + text.count("\n", 0, pos)
        return self.line

    def section(self, name: str) -> list[tuple[int, str]]:
        """A tag's section data, as (first line, text) pieces."""
        found: list[tuple[int, str]] = []
        if name in self.values and name not in self.lines:  # its first occurrence is in a run
            for start, text in self.runs:
                pos = _tag_position(text, name)
                if pos >= 0:
                    begin = text.index("\n", pos) + 1
                    stop = text.find("\n[", begin - 1)
                    data = text[begin:stop] if stop >= 0 else text[begin:-1]
                    if data:
                        found.append((start + text.count("\n", 0, begin), data))
                    break
        return found + self.sections.get(name, [])


def _tag_position(text: str, name: str) -> int:
    """Where ``[name "`` starts a line of ``text``, or -1."""
    key = f'[{name} "'
    pos = text.find(key)
    while pos > 0 and text[pos - 1] != "\n":
        pos = text.find(key, pos + 1)
    return pos


def games(
    stream: Iterable[Token],
    report: Report,
    directives: list[Token],
    skipped: list[Token] | None = None,
) -> Iterator[Game]:
    """Games from tokens; ``%`` directives are appended to ``directives``,
    the lexical faults read past (outside any result) to ``skipped``."""
    skipped = [] if skipped is None else skipped
    game: Game | None = None
    section: str | None = None  # the tag whose section data follows
    with_data = False  # the section has had an element (§5.1 comments)
    for token in stream:
        kind = token.kind
        if kind is Kind.TAGS:
            if game is None:
                game = Game(token.line)
            game.runs.append((token.line, token.text))
            section = _add_run(game, token, report)
            with_data = not token.text.endswith("]\n") and (
                bool(section) or _plain_row_after(token.text)
            )
        elif kind is Kind.TAG:
            if game is None:
                game = Game(token.line)
            section = _add_tag(game, token.text, token.value, token.line, report)
            if section:
                game.lines[section] = token.line
            with_data = False
        elif kind is Kind.DATA:
            if game is None or section is None:
                report("text outside a tag pair or a section", token.line, "error")
            elif section:
                game.sections.setdefault(section, []).append((token.line, token.text))
                with_data = True
        elif kind is Kind.BLANK:
            if game is not None:
                yield game
                game, section = None, None
        elif kind is Kind.COMMENT:
            if with_data and section not in ANNOTATED:
                report("comment after a section element (§5.1)", token.line, "warning")
        elif kind is Kind.DIRECTIVE:
            directives.append(token)
        elif _in_results(token, section) or len(skipped) == MAX_SKIPPED_FAULTS:
            report(token.text, token.line, "error")
        else:
            report(f"{token.text}; outside any result, so skipped", token.line, "warning")
            skipped.append(token)
    if game is not None:
        yield game


def _in_results(fault: Token, section: str | None) -> bool:
    """Whether a lexical fault is inside a results tag (a tag pair with no
    name may be one) or in a results section's data."""
    if fault.tag is None:
        return section in RESULT_SECTIONS
    return fault.tag in RESULT_TAGS or not fault.tag


def _plain_row_after(run: str) -> bool:
    """Whether the line after a run's last tag line is a row with no string
    element. The rows after a repeated tag are dropped; a comment after
    them is one "after a section element" where the first is such a row,
    as when a run held tag lines and rows of that kind only and a row with
    a string was a token of its own."""
    start = run.rfind("\n[") + 1  # the last tag line (rows never start with "[")
    return PLAIN_ROW_RE.match(run, run.index("\n", start) + 1) is not None


def _add_run(game: Game, token: Token, report: Report) -> str:
    """Store a run's tag pairs; returns the tag that data after the run
    belongs to ("" to drop it)."""
    values, pairs = game.values, token.pairs
    new = dict(pairs)
    repeats = len(pairs) - len(new)
    if repeats and repeats == ("\n" + token.text).count('\n[Note "') - 1:
        # only Note tags repeat, as they may (§3.5.5): the first one is kept
        new["Note"] = next(value for name, value in pairs if name == "Note")
        repeats = 0
    if not repeats and values.keys().isdisjoint(new):
        values.update(new)  # the common case, at C speed
        return pairs[-1][0]
    # a repeated tag: one pair at a time, with their lines
    lines = [token.line + i for i, text in enumerate(token.text.split("\n")) if text[:1] == "["]
    section = ""
    for (name, value), line in zip(pairs, lines, strict=True):
        section = _add_tag(game, name, value, line, report)
    return section


def _add_tag(game: Game, name: str, value: str, line: int, report: Report) -> str:
    """Store one tag pair; returns its name, or "" for a repeated one."""
    if name in game.values:
        if name != "Note":  # Note tags repeat (§3.5.5)
            report(f"tag {name} repeated; the first is used (§3.4)", line, "warning")
        return ""
    game.values[name] = value
    return name


class Inheritance:
    """§4.8: "#" takes the value of the same tag in the nearest previous game
    ("" if none); "##text" sets text for this and every later game, which
    may leave the tag out; a later real value redefines it."""

    def __init__(self, report: Report) -> None:
        self.report = report
        self.last: dict[str, str] = {}
        self.sticky: dict[str, str] = {}

    def resolve(self, game: Game) -> None:
        values = game.values
        joined = "\0".join(values.values())
        if joined.startswith("#") or "\0#" in joined:
            for name, value in list(values.items()):
                if value.startswith("#"):
                    values[name] = self._inherit(name, value, game)
        for name, value in self.sticky.items():
            if name in values:
                self.sticky[name] = values[name]
            else:
                values[name] = value
                game.lines[name] = game.line
        self.last.update(values)

    def _inherit(self, name: str, value: str, game: Game) -> str:
        if name in NO_INHERITANCE:
            self.report(f"tag {name} may not inherit with '#' (§4.8)", game.line_of(name), "error")
            return ""
        if value == "#":
            return self.last.get(name, "")
        if value.startswith("##"):
            self.sticky[name] = value[2:]
            return value[2:]
        return value  # "#3": a value that happens to start with "#"
