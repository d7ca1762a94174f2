"""PBN lexer: bytes to text, text to line-numbered tokens.

One pass over the text with precompiled regexes. The lines of real files
are matched a run at a time by one alternative of ``LINE_RE`` each: a run of
``[Name "value"]`` lines and section lines (table rows, calls, cards; rows
with string elements too, such as Magic Contest's ``"420"``) -- most often
a whole game --, a run of section lines, a blank line, a ``%``
line. Any other line (several tags on a line, comments, a tag pair spread
over lines, a brace comment over lines) is scanned token by token with
``TOKEN_RE``. The per-token work is Python's; the per-line work is the regex
engine's.

Tokens (:class:`Token`): a run of tag-pair lines and section lines (its
(name, value) pairs, in order, from one C-level ``findall``; the reader finds
a tag's line and section data in its text when it needs them), a single tag
pair, a run of section data (split into elements only by the reader that
wants them), a comment, a ``%`` directive, a semi-empty line (which ends a
game once the game has a tag), and lexical errors, which the reader reports
(strict: raised; lenient: collected). The lexer never raises on bad input.

Sections of the standard cited are those of PBN 2.1.
"""

from __future__ import annotations

import codecs
import enum
import re
from collections.abc import Generator, Iterator, Sequence
from typing import NamedTuple

__all__ = ["PLAIN_ROW_RE", "Decoded", "Kind", "Token", "decode", "tokens", "unescape"]


class Kind(enum.IntEnum):
    TAG = 1  # text: tag name, value: tag value (escapes resolved)
    DATA = 2  # text: section data as written, one or more lines (line = first)
    COMMENT = 3  # text: the comment without ; or braces
    DIRECTIVE = 4  # text: the line after the % in column 1
    BLANK = 5  # a semi-empty line (§3): the game boundary
    ERROR = 6  # text: what is wrong, value: the offending text, tag: the tag pair it is in
    TAGS = 7  # text: [Name "value"] lines and section lines as written; pairs: the tags


class Token(NamedTuple):
    kind: Kind
    line: int
    text: str
    value: str = ""
    pairs: Sequence[tuple[str, str]] = ()  # TAGS: (name, value), escapes resolved
    # ERROR: the name of the tag pair it is in ("" where the pair has no
    # name yet); None where it is in no tag pair
    tag: str | None = None


# -- decoding (§2.2) -----------------------------------------------------------

# A `%Content-type: text/x-pbn; charset=ISO-8859-1` line before the first tag
# (BridgeComposer, BridgeWebs); not in the standard, but the only declaration
# real files carry.
CHARSET_RE = re.compile(rb"^%[^\n]*?charset\s*=\s*[\"']?([A-Za-z0-9_.:-]+)", re.M | re.I)
FIRST_TAG_RE = re.compile(rb"^[ \t]*\[", re.M)


# The charsets a declaration may name: text encodings whose decoders take
# time in proportion to the bytes, by Python's canonical codec name. Python
# knows other codecs that are no text encoding for a file: punycode (its
# decoder is quadratic: 400 KB took 34 s), idna, utf-7, unicode_escape
# (which would read the suit symbol \S as an escape), charmap, rot13.
TEXT_ENCODINGS = frozenset(
    ["ascii", "utf-8", "utf-16", "utf-16-le", "utf-16-be", "utf-32", "utf-32-le", "utf-32-be"]
    + [f"iso8859-{n}" for n in (*range(1, 12), *range(13, 17))]
    + [f"cp{n}" for n in range(1250, 1259)]
    + ["cp437", "cp850", "cp852", "cp855", "cp857", "cp858", "cp860", "cp861", "cp862"]
    + ["cp863", "cp865", "cp866", "cp869", "cp874", "koi8-r", "koi8-u"]
    + ["mac-roman", "mac-latin2", "mac-cyrillic"]
    + ["gb2312", "gbk", "gb18030", "big5", "big5hkscs", "cp950"]
    + ["shift_jis", "cp932", "euc_jp", "iso2022_jp", "euc_kr", "cp949"]
)


class Decoded(NamedTuple):
    text: str
    encoding: str
    unknown_charset: str | None = None  # a declared charset Python does not know


def _declared_charset(data: bytes) -> str | None:
    first_tag = FIRST_TAG_RE.search(data)
    head = data[: first_tag.start()] if first_tag else data[:4096]
    match = CHARSET_RE.search(head)
    return match.group(1).decode("ascii") if match else None


def _text_encoding(charset: str) -> str | None:
    """Python's name for ``charset`` where it is on TEXT_ENCODINGS."""
    try:
        name = codecs.lookup(charset).name
    except LookupError:
        return None
    return name if name in TEXT_ENCODINGS else None


def decode(data: bytes) -> Decoded:
    """Text of a PBN file: a BOM decides; else the declared charset; else
    UTF-8 if the bytes are UTF-8; else Latin-1 (the standard's own charset,
    §2.2), which never fails. Undecodable bytes never raise."""
    if data.startswith(codecs.BOM_UTF8):
        return Decoded(data[3:].decode("utf-8", "replace"), "utf-8")
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return Decoded(data.decode("utf-16", "replace"), "utf-16")
    declared = _declared_charset(data)
    unknown = None
    if declared is not None:
        name = _text_encoding(declared)
        if name is not None:
            return Decoded(data.decode(name, "replace"), name)
        unknown = declared
    try:
        return Decoded(data.decode("utf-8"), "utf-8", unknown)
    except UnicodeDecodeError:
        return Decoded(data.decode("latin-1"), "latin-1", unknown)


# -- strings (§3.2) --------------------------------------------------------------

# Only \" and \\ are escapes; any other backslash is kept as written (suit
# symbols \S \H \D \C, §3.8, are text for whoever displays them).
ESCAPE_RE = re.compile(r'\\(["\\])')
ESCAPED_RE = re.compile(r'\\["\\]')


def unescape(text: str) -> str:
    return ESCAPE_RE.sub(r"\1", text) if "\\" in text else text


# -- lines and tokens ------------------------------------------------------------

# A tag pair alone on its line, the common case of §3.3 (values with \" and
# \\ escapes; the loop unrolled, which sre runs fast). Matched in "\n" + a
# run of lines: a line with anything else on it is not one, and the literal
# "\n[" lets sre skip to the next candidate at C speed.
TAG_LINE_RE = re.compile(r'\n\[([A-Za-z0-9_]+) "([^"\\\n]*(?:\\.[^"\\\n]*)*)"\](?=\n)')
# The same in text with no escape (``plain``: most runs; "PairId_NS\4R" is
# none): each backslash and the character after it, which is no quote,
# are two characters of a value as they are one escape of TAG_LINE_RE's,
# and a value ends at its first quote in both. Half the work for sre.
PLAIN_TAG_LINE_RE = re.compile(r'\n\[([A-Za-z0-9_]++) "([^"\n]*+)"\](?=\n)')


def plain(text: str) -> bool:
    """Whether ``text`` has no escape: no \\" and no \\\\ (§3.2)."""
    return '\\"' not in text and "\\\\" not in text


# The white space of ``\s`` (str.isspace) other than " ", "\t" and "\n", as a
# character class's escapes: a row with strings is the ``quoted`` lines'
# elements (no such character between them) written as one unrolled loop.
_ODD_SPACE = "".join(
    f"\\u{code:04x}" for code in range(0x3001) if chr(code).isspace() and chr(code) not in " \t\n"
)

# Matched where a line starts, in text whose line ends are all "\n"; every
# alternative consumes whole lines, so consecutive matches tile the text.
# Repeats are possessive (*+, ++) where nothing after them could want a
# character back: sre keeps a backtracking point per iteration of a plain
# one, which took 8 GB for a 30 MiB tag value that does not close.
LINE_RE = re.compile(
    r"""
      (?P<tags>\[[^\n]*\]\n(?:\[[^\n]*\]\n|[ \t]*[^\s\[\]{};"%][^\[\]{};"%\n]*\n  # a run
        |[ \t]*+(?:[^\s\[\]{};"%]|"[^"\\\n]*+(?:\\.[^"\\\n]*+)*+")[^\[\]{};"%\n{odd}]*+
          (?:"[^"\\\n]*+(?:\\.[^"\\\n]*+)*+"[^\[\]{};"%\n{odd}]*+)*+\n)*+)  # (quoted)
    | (?P<tag>[ \t]*\[[ \t]*(?P<name>[A-Za-z0-9_]+)[ \t]*
        "(?P<value>(?:[^"\\\n]++|\\.)*+)"[ \t]*\][ \t]*\n)    # with more spaces (§3.3)
    | (?P<data>(?:[ \t]*[^\s\[\]{};"%][^\[\]{};"%\n]*\n)++)      # plain section lines (§5.1)
    | (?P<quoted>(?:[ \t]*+(?:(?:[^\s\[\]{};"%]++|"(?:[^"\\\n]++|\\.)*+")[ \t]*+)++\n)++)
    | (?P<blank>[ \t\v\f]*\n)                                      # semi-empty line (§3)
    | (?P<escape>%[^\n]*\n)                                        # escape line (§2.4)
    | [ \t]*;(?P<comment>[^\n]*)\n                                 # a ; comment line (§3.8)
    | (?P<other>[^\n]*\n)                                          # anything else: scanned
    """.replace("{odd}", _ODD_SPACE),
    re.X,
)
_TAGS, _TAG, _DATA, _QUOTED, _BLANK, _ESCAPE, _COMMENT = (
    LINE_RE.groupindex[name]
    for name in ("tags", "tag", "data", "quoted", "blank", "escape", "comment")
)

# One token of a line that is not a plain line (§3.2, §3.8).
TOKEN_RE = re.compile(
    r"""
      (?P<space>[ \t\v\f]+)
    | (?P<newline>\n)
    | (?P<open>\[)
    | (?P<close>\])
    | (?P<string>"(?:[^"\\\n]++|\\.)*+")
    | (?P<badstring>"[^\n]*)
    | (?P<semi>;[^\n]*)
    | (?P<brace>\{)
    | (?P<word>[^\s\[\]{};"%]+)
    | (?P<bad>[^\n])
    """,
    re.X,
)
NAME_RE = re.compile(r"[A-Za-z0-9_]+")
# A section line with no string element: LINE_RE's ``data`` lines.
PLAIN_ROW_RE = re.compile(r'[ \t]*[^\s\[\]{};"%][^\[\]{};"%\n]*\n')
BLANK_LINE_RE = re.compile(r"[ \t\v\f]*\n")


def normalise(text: str) -> str:
    """One line end ("\\n") for CRLF, CR and LF files; no BOM; a final newline."""
    if text.startswith("\ufeff"):
        text = text[1:]
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    if not text.endswith("\n"):
        text += "\n"
    return text


def tokens(text: str) -> Iterator[Token]:
    """Tokens of PBN ``text``, each with its 1-based (first) line number."""
    text = normalise(text)
    pos, line = 0, 1
    while pos < len(text):
        for m in LINE_RE.finditer(text, pos):
            group = m.lastindex
            if group == _TAGS:
                block = m[group]
                unescaped = plain(block)
                pairs = (PLAIN_TAG_LINE_RE if unescaped else TAG_LINE_RE).findall("\n" + block)
                if len(pairs) != block.count("\n[") + 1:
                    # a line of the run that starts with "[" is not a lone
                    # tag pair: the run is taken line by line, here, so that
                    # no line of it is matched again
                    pos, line = yield from _mixed_run(text, m.start(), m.end(), line)
                    break  # and match on from there, with no line scanned
                if not unescaped:
                    pairs = _unescaped(block, pairs)
                yield Token(Kind.TAGS, line, block, "", pairs)
                line += block.count("\n")
                continue
            if group in (_DATA, _QUOTED):
                block = m[group]
                yield Token(Kind.DATA, line, block[:-1])
                line += block.count("\n")
                continue
            if group == _BLANK:
                yield Token(Kind.BLANK, line, "")
            elif group == _ESCAPE:
                yield Token(Kind.DIRECTIVE, line, m[group][1:-1])
            elif group == _COMMENT:  # a whole line: the scanner's per-token pace is slow
                yield Token(Kind.COMMENT, line, m[group])
            elif group == _TAG:
                yield Token(Kind.TAG, line, m["name"], unescape(m["value"]))
            else:
                pos = m.start()
                break
            line += 1
        else:
            return
        if m.lastindex == _TAGS:
            continue
        scanner = _Scanner(text, pos, line)
        yield from scanner.run()
        pos, line = scanner.pos, scanner.line


def _mixed_run(
    text: str, start: int, end: int, line: int
) -> Generator[Token, None, tuple[int, int]]:
    """Tokens of the lines from ``start`` to ``end`` (a run ``LINE_RE``
    matched as tag lines and rows) where some line starting with "[" is not
    a lone tag pair: lone tag pairs and the rows after them as TAGS, rows
    before any as DATA, each other line through the scanner. Returns where
    to go on (position, line). Each line is looked at once: a run matched
    again after each such line took 35 s for 378 KB."""
    chunk, chunk_line = start, line  # the lines since the last scanned one
    pos = start
    while pos < end:
        newline = text.index("\n", pos)
        if text.startswith("[", pos) and not TAG_LINE_RE.match(text, pos - 1, newline + 1):
            yield from _chunk(text[chunk:pos], chunk_line)
            scanner = _Scanner(text, pos, line)
            yield from scanner.run()
            # on from the line where the scanner stopped: a tag pair left
            # open takes it over lines, perhaps past the run
            pos, line = scanner.pos, scanner.line
            chunk, chunk_line = pos, line
        else:
            pos, line = newline + 1, line + 1
    yield from _chunk(text[chunk:pos], chunk_line)
    return pos, line


def _chunk(lines: str, line: int) -> Iterator[Token]:
    """The lone tag pairs and rows of ``lines`` (at ``line``): rows before
    the first tag pair as DATA, the rest as TAGS."""
    tags = 0 if lines.startswith("[") else lines.find("\n[") + 1
    if tags == 0 and not lines.startswith("["):
        tags = len(lines)  # rows only
    if tags:
        yield Token(Kind.DATA, line, lines[: tags - 1])
        line += lines.count("\n", 0, tags)
    run = lines[tags:]
    if run:
        yield Token(Kind.TAGS, line, run, "", _unescaped(run, TAG_LINE_RE.findall("\n" + run)))


def _unescaped(block: str, pairs: list[tuple[str, str]]) -> list[tuple[str, str]]:
    if ESCAPED_RE.search(block) is None:  # backslashes in "Result\\2R" are not escapes
        return pairs
    return [(name, unescape(value)) for name, value in pairs]


class _PendingTag:
    __slots__ = ("held", "line", "name", "value")

    def __init__(self, line: int, held: int) -> None:
        self.line = line
        self.name: str | None = None
        self.value: str | None = None
        # where, in the scanner's output, the tokens found while this pair is
        # open start: the pair's own token (dated by its "[") goes before them
        self.held = held


class _Scanner:
    """Token-by-token scanning from a line start until a line ends with no
    tag pair open. Used for the lines ``LINE_RE`` has no fast path for."""

    def __init__(self, text: str, pos: int, line: int) -> None:
        self.text, self.pos, self.line = text, pos, line
        self.out: list[Token] = []
        # An open tag pair; in import format one may span lines (§3.3).
        self.pending: _PendingTag | None = None
        self.data_start = self.data_end = -1

    def run(self) -> Iterator[Token]:
        """Tokens as they are found (a reader may stop early on bad input)."""
        text = self.text
        while self.pos < len(text):
            m = TOKEN_RE.match(text, self.pos)
            assert m is not None  # `bad` matches any character but a newline
            self.pos = m.end()
            if m.lastgroup == "newline":
                self._flush_data()
                self.line += 1
                if self.pending is None or not self._continue_tag():
                    break
            else:
                getattr(self, "_" + str(m.lastgroup))(m)
            if self.out:
                yield from self._ready()
        self._flush_data()
        yield from self.out
        self.out.clear()

    # -- helpers

    def _ready(self) -> list[Token]:
        """The tokens found that may go: those found while a tag pair is
        open are held, so that the pair's token, dated by its "[", comes
        before those of its later lines."""
        pending = self.pending
        ready = len(self.out) if pending is None else pending.held
        found = self.out[:ready]
        del self.out[:ready]
        if pending is not None:
            pending.held = 0
        return found

    def _error(self, message: str, offending: str = "") -> None:
        pending = self.pending
        tag = None if pending is None else pending.name or ""
        self.out.append(Token(Kind.ERROR, self.line, message, offending, (), tag))

    def _flush_data(self) -> None:
        if self.data_start >= 0:
            chunk = self.text[self.data_start : self.data_end]
            self.out.append(Token(Kind.DATA, self.line, chunk))
            self.data_start = -1

    def _element(self, m: re.Match[str]) -> None:
        if self.data_start < 0:
            self.data_start = m.start()
        self.data_end = m.end()

    def _continue_tag(self) -> bool:
        """At a new line with a tag pair open: an escape line is skipped
        (§2.4 applies to every physical line); a semi-empty line ends the
        game, so the tag pair is broken."""
        text, pos = self.text, self.pos
        while text.startswith("%", pos):
            newline = text.index("\n", pos)
            self.out.append(Token(Kind.DIRECTIVE, self.line, text[pos + 1 : newline]))
            self.pos = pos = newline + 1
            self.line += 1
        if pos < len(text) and not BLANK_LINE_RE.match(text, pos):
            return True
        message = "tag pair not closed before the end of the game"
        pending = self._pending()
        self._close_pending(Token(Kind.ERROR, pending.line, message, "[", (), pending.name or ""))
        return False

    def _pending(self) -> _PendingTag:
        assert self.pending is not None
        return self.pending

    def _close_pending(self, token: Token) -> None:
        """End the open tag pair with ``token`` (dated by its "["), placed
        before the tokens found since it opened: lines never go backwards."""
        self.out.insert(self._pending().held, token)
        self.pending = None

    # -- one handler per TOKEN_RE group

    def _space(self, m: re.Match[str]) -> None:
        pass

    def _open(self, m: re.Match[str]) -> None:
        self._flush_data()
        if self.pending is not None:
            self._error("'[' inside a tag pair", "[")
        self.pending = _PendingTag(self.line, len(self.out))

    def _close(self, m: re.Match[str]) -> None:
        pending = self.pending
        if pending is None:
            self._flush_data()
            self._error("']' without a tag pair", "]")
            return
        if pending.name is None or pending.value is None:
            message = "tag pair without a name and a quoted value"
            self._close_pending(
                Token(Kind.ERROR, pending.line, message, "]", (), pending.name or "")
            )
            return
        self._close_pending(Token(Kind.TAG, pending.line, pending.name, pending.value))

    def _string(self, m: re.Match[str]) -> None:
        pending = self.pending
        if pending is None:
            self._element(m)  # a string token in section data (§5.1)
        elif pending.name is not None and pending.value is None:
            pending.value = unescape(m.group()[1:-1])
        else:
            self._error('tag pair out of order: expected [Name "value"]', m.group())

    def _badstring(self, m: re.Match[str]) -> None:
        # A string token cannot hold a newline (§3.2): the closing quote is
        # missing (or escaped away, as in "Call\"]"). Recover the value up to
        # a final "] so that a lenient read goes on.
        rest = m.group()
        self._error("string not closed on its line", rest)
        pending = self.pending
        if pending is not None and pending.name is not None and pending.value is None:
            value = rest[1:].rstrip()
            value = value[:-1].rstrip() if value.endswith("]") else value
            pending.value = unescape(value[:-1] if value.endswith('"') else value)
            self._close(m)

    def _semi(self, m: re.Match[str]) -> None:
        self._comment(m.group()[1:], m)

    def _brace(self, m: re.Match[str]) -> None:
        # A brace comment runs to the next "}", over lines if need be (§3.8);
        # semi-empty lines and % in column 1 inside it are plain text.
        close = self.text.find("}", m.end())
        if close < 0:
            self._flush_data()
            self._error("comment '{' not closed before the end of the file", "{")
            self.pos = len(self.text)
            return
        body = self.text[m.end() : close]
        self._comment(body, m)
        self.line += body.count("\n")
        self.pos = close + 1

    def _comment(self, body: str, m: re.Match[str]) -> None:
        self._flush_data()
        if self.pending is not None:
            self._error("comment inside a tag pair (§3.8)", m.group())
        self.out.append(Token(Kind.COMMENT, self.line, body))

    def _word(self, m: re.Match[str]) -> None:
        pending = self.pending
        if pending is None:
            self._element(m)
        elif pending.name is None and NAME_RE.fullmatch(m.group()):
            pending.name = m.group()
        elif pending.name is not None and pending.value is None:
            self._error("tag value must be a quoted string", m.group())
        else:
            self._error('tag pair out of order: expected [Name "value"]', m.group())

    def _bad(self, m: re.Match[str]) -> None:
        self._flush_data()
        char = m.group()
        if char == "%":
            self._error("'%' is only an escape in column 1; not allowed in section data", char)
        else:
            self._error(f"character {char!r} not allowed here", char)
