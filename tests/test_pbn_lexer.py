"""The PBN lexer and games, rule by rule (PBN 2.1 sections in the names)."""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from cost import assert_linear
from pbnscore import pbn
from pbnscore.errors import PbnError
from pbnscore.pbn import _read_write_lexer as lexer
from pbnscore.pbn._read_write_games import Game, games
from pbnscore.pbn._read_write_lexer import Kind, Token, decode, tokens
from pbnscore.pbn._read_write_tables import elements, parse_header
from pbnscore.pbn._reader import Problems


def kinds(text: str) -> list[tuple[Kind, int]]:
    return [(t.kind, t.line) for t in tokens(text)]


def tags(text: str) -> list[tuple[str, str]]:
    """Every tag pair of ``text`` in order, whichever token carried it."""
    found: list[tuple[str, str]] = []
    for token in tokens(text):
        if token.kind is Kind.TAGS:
            found.extend(token.pairs)
        elif token.kind is Kind.TAG:
            found.append((token.text, token.value))
    return found


def errors(text: str) -> list[Token]:
    return [t for t in tokens(text) if t.kind is Kind.ERROR]


def by_line(pieces: list[tuple[int, str]]) -> list[tuple[int, str]]:
    """Section data pieces as one (line, text) per line."""
    return [
        (first + offset, text)
        for first, piece in pieces
        for offset, text in enumerate(piece.split("\n"))
    ]


def read_games(text: str) -> list[Game]:
    report = Problems("<test>", strict=False)
    found = list(games(tokens(text), report, []))
    assert report.items == []
    return found


# -- §3.2 string tokens and escapes -------------------------------------------------


@pytest.mark.parametrize(
    ("line", "value"),
    [
        (r'[Event "say \"hi\""]', 'say "hi"'),
        (r'[Event "back\\slash"]', "back\\slash"),
        (r'[East "\\\"\\\"\"\\  \a"]', '\\"\\""\\  \\a'),  # PbnJVeri correct_10 game 4
        (r'[Site "Result\2R kept"]', "Result\\2R kept"),  # not an escape: kept
        ('[Event ""]', ""),
    ],
    ids=["quote", "backslash", "pbnjveri-mix", "other-backslash", "empty"],
)
def test_escapes_in_tag_values(line: str, value: str) -> None:
    """Only \\" and \\\\ are escapes in a string token (§3.2)."""
    assert tags(line + "\n") == [("Event" if "Event" in line else line[1:5], value)]


def test_escapes_in_a_run_of_tag_lines() -> None:
    """Escapes resolve in the fast path (a run of tag lines) as in the slow one."""
    text = '[Event "a \\"b\\""]\n[Site "c"]\n[Board "1"]\n'
    assert tags(text) == [("Event", 'a "b"'), ("Site", "c"), ("Board", "1")]


def test_unterminated_string_is_an_error_with_its_line() -> None:
    """A string token cannot hold a newline (§3.2): errors_20 game 12."""
    found = errors('[Board "1"]\n[ActionTable "Rank;Call\\"]\n')
    assert [(t.line, t.text) for t in found] == [(2, "string not closed on its line")]


# -- §3.3 tag pairs in import format -------------------------------------------------


def test_tag_pair_over_several_lines() -> None:
    """Import format may put [, name, value and ] on lines of their own."""
    text = '[Board "1"]\n[\n  Event\n  "spread out"\n]\n[Site "x"]\n'
    assert tags(text) == [("Board", "1"), ("Event", "spread out"), ("Site", "x")]
    assert [t.line for t in tokens(text) if t.kind is Kind.TAG] == [2]


def test_several_tag_pairs_on_a_line() -> None:
    """Import format allows several tag pairs on a line, and spaces inside."""
    text = '[Event "my event"] [Date "1998.03.21"]\n[   Site"x"   ]\n'
    assert tags(text) == [("Event", "my event"), ("Date", "1998.03.21"), ("Site", "x")]


def test_first_of_a_repeated_tag_wins() -> None:
    """§3.4: a tag pair that already occurred is ignored (with a warning)."""
    report = Problems("<test>", strict=False)
    (game,) = games(tokens('[Score "EW 110"]\n[Score "NS -150"]\n'), report, [])
    assert game.values["Score"] == "EW 110"
    assert [p.line for p in report.items] == [2]


def test_repeated_note_tags_are_not_a_problem() -> None:
    """Note tags repeat by design (§3.5.5)."""
    (game,) = read_games('[Auction "N"]\n1C =1= Pass\n[Note "1: a"]\n[Note "2: b"]\n')
    assert game.values["Note"] == "1: a"


def test_tag_not_closed_before_the_game_ends() -> None:
    """A semi-empty line inside a tag pair is an error at the [ (errors_20 game 17)."""
    found = errors('[Board "1"]\n[ActionTable "Rank;MyText"]\n1  [\n\n[Board "2"]\n')
    assert [(t.line, t.text) for t in found] == [
        (3, "tag pair not closed before the end of the game")
    ]


def test_stray_closing_bracket() -> None:
    """A ] outside a tag pair is an error (errors_20 game 18)."""
    found = errors('[ActionTable "Rank;MyText"]\n1  ]\n')
    assert [(t.line, t.value) for t in found] == [(2, "]")]


# -- §3 games and semi-empty lines ---------------------------------------------------


@pytest.mark.parametrize("blank", ["", "   ", "\t \t"], ids=["empty", "spaces", "tabs"])
def test_semi_empty_line_ends_a_game(blank: str) -> None:
    """A game starts after a semi-empty line: empty, or spaces and tabs only."""
    found = read_games(f'[Board "1"]\n{blank}\n[Board "2"]\n')
    assert [g.values["Board"] for g in found] == ["1", "2"]
    assert [g.line for g in found] == [1, 3]


def test_blank_lines_before_the_first_tag_do_not_make_games() -> None:
    """Leading blank lines and % headers do not start a game (PbnJVeri)."""
    found = read_games('% PBN 2.1\n\n\n[Board "1"]\n')
    assert len(found) == 1


@pytest.mark.parametrize("end", ["\r\n", "\r", "\n"], ids=["crlf", "cr", "lf"])
def test_line_endings(end: str) -> None:
    """CRLF (export format), CR and LF files read alike, with the same lines."""
    text = end.join(['[Board "1"]', '[ScoreTable "Score_NS"]', "420", "", '[Board "2"]', ""])
    assert kinds(text) == [(Kind.TAGS, 1), (Kind.BLANK, 4), (Kind.TAGS, 5)]
    assert read_games(text)[0].section("ScoreTable") == [(3, "420")]


# -- §3.8 comments -----------------------------------------------------------------------


def test_semicolon_comment_runs_to_the_end_of_the_line() -> None:
    """; starts a rest-of-line comment; braces inside it mean nothing."""
    text = '[Site "Amsterdam"]  ; rest-of-line { not a brace\n[Board "1"]\n'
    found = list(tokens(text))
    assert [(t.kind, t.text) for t in found if t.kind is Kind.COMMENT] == [
        (Kind.COMMENT, " rest-of-line { not a brace")
    ]
    assert tags(text) == [("Site", "Amsterdam"), ("Board", "1")]


def test_semicolon_inside_a_value_is_data() -> None:
    """Comments cannot appear inside a token (§3.8): "IMP;Butler" is one value."""
    assert tags('[Scoring "IMP;Butler"]\n') == [("Scoring", "IMP;Butler")]


def test_brace_comment_over_lines_keeps_the_game() -> None:
    """A brace comment may hold semi-empty lines and % in column 1 (2.1) without
    ending the game; lines after it keep their numbers."""
    text = '[Board "1"]\n{ a comment\n\n% not an escape\n}\n[Site "x"]\n\n[Board "2"]\n'
    found = read_games(text)
    assert [g.values.get("Site") for g in found] == ["x", None]
    assert found[0].line_of("Site") == 6
    assert found[1].line == 8
    assert [t.kind for t in tokens(text)].count(Kind.DIRECTIVE) == 0


def test_unterminated_brace_comment() -> None:
    """A { with no } before the end of the file is an error at the {."""
    found = errors('[Board "1"]\n{ never closed\n[Site "x"]\n')
    assert [(t.line, t.value) for t in found] == [(2, "{")]


def test_comment_after_a_table_element_is_reported() -> None:
    """§5.1: in a table only the tag pair may be followed by commentary."""
    text = '[ActionTable "Rank;Call"]\n; allowed here\n1 4H ; not here\n'
    problems = pbn.check(text)
    assert [(p.line, p.severity) for p in problems] == [(3, "warning")]


def test_comments_in_an_auction_are_fine() -> None:
    """Calls may carry comments (§3.8)."""
    text = '[Board "1"]\n[Auction "N"]\n1D 1S ; comment\nPass Pass Pass\n'
    assert pbn.check(text) == []


# -- §2.4 escape lines (directives) ------------------------------------------------------


def test_percent_in_column_one_is_a_directive() -> None:
    """% in the first column makes the rest of the line a directive."""
    text = '% PBN 2.1\n%Creator: BridgeWebs\n[Board "1"]\n% between tags\n[Site "x"]\n'
    found = [(t.line, t.text) for t in tokens(text) if t.kind is Kind.DIRECTIVE]
    assert found == [(1, " PBN 2.1"), (2, "Creator: BridgeWebs"), (4, " between tags")]
    assert tags(text) == [("Board", "1"), ("Site", "x")]


def test_percent_elsewhere_in_section_data_is_an_error() -> None:
    """A % not in column 1 is no escape and not allowed in a section token
    (errors_20 game 16)."""
    found = errors('[ActionTable "Rank;MyText"]\n1  %\n')
    assert [(t.line, t.value) for t in found] == [(2, "%")]


def test_directive_inside_a_tag_pair_spread_over_lines() -> None:
    """The escape check applies to every physical line (§2.4)."""
    text = '[Event\n% a directive\n"x"]\n'
    assert tags(text) == [("Event", "x")]


def test_directives_become_version_and_metadata() -> None:
    """% PBN gives Source.version; other programs' % lines are kept as metadata
    (Magic Contest META lines by name, Key: value lines by key)."""
    text = (
        "% PBN 2.0\n% EXPORT\n"
        '% <META  name=Generator                  content="Magic Contest France">\n'
        "%Creator: Bridgewebs\n% Dealer4 ver 4.82\n%\n"
        '[Event "e"]\n[Board "1"]\n'
    )
    event = pbn.loads(text)
    assert event.source.version == "2.0"
    assert event.metadata == (
        ("Generator", "Magic Contest France"),
        ("Creator", "Bridgewebs"),
        ("%", "Dealer4 ver 4.82"),
    )


# -- §5.1 section data -------------------------------------------------------------------


def test_section_data_goes_to_the_tag_before_it() -> None:
    """Section data runs from its tag pair to the next tag pair (§5.1), with
    its lines, in the fast path and after quoted lines."""
    text = (
        '[Board "1"]\n[ScoreTable "PairId_NS;Score_NS"]\n1 420\n2 "-50"\n3 100\n'
        '[Auction "N"]\n1NT Pass\n'
    )
    (game,) = read_games(text)
    assert by_line(game.section("ScoreTable")) == [(3, "1 420"), (4, '2 "-50"'), (5, "3 100")]
    assert by_line(game.section("Auction")) == [(7, "1NT Pass")]
    assert game.line_of("Auction") == 6


def test_text_before_any_tag_is_an_error() -> None:
    """Data must follow a tag pair."""
    problems = pbn.check('[Board "1"]\n\nstray words\n[Board "2"]\n')
    assert [(p.line, p.severity) for p in problems] == [(3, "error")]


# -- §4.8 inheritance ------------------------------------------------------------------


def test_hash_inherits_from_the_nearest_previous_game() -> None:
    """A "#" value takes the same tag's value in the nearest previous game that has it."""
    text = '[Event "E1"]\n[Board "1"]\n\n[Board "2"]\n\n[Event "#"]\n[Board "3"]\n'
    event = pbn.loads(text)
    assert event.title == "E1"
    found = read_games(text)
    from pbnscore.pbn._read_write_games import Inheritance

    inheritance = Inheritance(Problems("<test>", strict=True))
    for game in found:
        inheritance.resolve(game)
    assert [g.values.get("Event") for g in found] == ["E1", None, "E1"]


def test_hash_with_nothing_to_inherit_is_empty() -> None:
    """No previous value: "#" becomes "" (ETC'99's [Section "#"])."""
    from pbnscore.pbn._read_write_games import Inheritance

    (game,) = read_games('[Section "#"]\n[Board "1"]\n')
    Inheritance(Problems("<test>", strict=True)).resolve(game)
    assert game.values["Section"] == ""


def test_double_hash_carries_on_until_redefined() -> None:
    """A "##text" value holds from this game on, tag or no tag; a later real
    value redefines it for the games after (§4.8, PbnJVeri correct_20)."""
    from pbnscore.pbn._read_write_games import Inheritance

    text = (
        '[Date "##1980.10.24"]\n[West "##"]\n[Board "1"]\n\n[Board "2"]\n\n'
        '[Date "1980.10.25"]\n[Board "3"]\n\n[Board "4"]\n\n[West "#"]\n[Board "5"]\n'
    )
    found = read_games(text)
    inheritance = Inheritance(Problems("<test>", strict=True))
    for game in found:
        inheritance.resolve(game)
    assert [g.values["Date"] for g in found] == [
        "1980.10.24",
        "1980.10.24",
        "1980.10.25",
        "1980.10.25",
        "1980.10.25",
    ]
    assert [g.values["West"] for g in found] == ["", "", "", "", ""]


def test_table_header_inherits_with_hash() -> None:
    """[ScoreTable "#"] takes the previous game's header; the rows are this
    game's (PbnJVeri correct_20 game 46)."""
    text = (
        '[Board "1"]\n[ScoreTable "PairId_NS;PairId_EW;Score_NS"]\n1 2 420\n\n'
        '[Board "2"]\n[ScoreTable "#"]\n1 2 -50\n'
    )
    boards = pbn.loads(text).sessions[0].sections[0].boards
    assert [[r.score for r in b.results] for b in boards] == [[420], [-50]]


@pytest.mark.parametrize("tag", ["Dealer", "Vulnerable", "Deal", "Contract", "Declarer"])
def test_hash_is_forbidden_for_some_tags(tag: str) -> None:
    """§4.8 forbids "#" for Dealer, Vulnerable, Deal, Declarer, Contract ..."""
    text = f'[Board "1"]\n[{tag} "N"]\n\n[Board "2"]\n[{tag} "#"]\n'
    with pytest.raises(PbnError) as raised:
        pbn.loads(text, source="x.pbn")
    assert str(raised.value).startswith("x.pbn:5: tag")


# -- §5.2 column specs ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("spec", "expected"),
    [
        ("PairId_NS\\4R", [("PairId_NS", "", 4)]),
        ("-Rank\\3R;+Percentage_NS\\4R", [("Rank", "-", 3), ("Percentage_NS", "+", 4)]),
        ("Names\\45;Declarer\\1", [("Names_NS", "", 45), ("Declarer", "", 1)]),
        ("Contract\\5L;Lead", [("Contract", "", 5), ("Lead", "", None)]),
        ("score_ns;SETION", [("Score_NS", "", None), ("Section", "", None)]),
    ],
    ids=["width-align", "order", "width-no-align", "left", "case-and-alias"],
)
def test_column_specs(spec: str, expected: list[tuple[str, str, int | None]]) -> None:
    """[+|-]name[\\width[L|R]]; names match whatever the case, and known
    misspellings ("Setion", ACBLLive) map to the standard name."""
    if spec.startswith("Names"):
        spec = spec.replace("Names", "Names_NS")
    header = parse_header("ScoreTable", spec)
    assert [(c.key, c.order, c.width) for c in header.columns] == expected
    assert header.problems == ()


@pytest.mark.parametrize("spec", ["Rank;Call\\L", "Rank;Call\\", "Rank;;Call", ""])
def test_bad_column_specs(spec: str) -> None:
    """A width needs digits (errors_20 game 14); a column needs a name."""
    header = parse_header("ActionTable", spec)
    assert [severity for _, severity in header.problems] == ["error"]


def test_duplicate_and_unknown_columns() -> None:
    """A column twice is an error; an unknown one a warning (it is ignored)."""
    header = parse_header("ScoreTable", "Score_NS;Contract;score_ns;Scor_EW")
    assert [severity for _, severity in header.problems] == ["error", "warning"]


# -- §2.2 encodings and the BOM -------------------------------------------------------------


def test_declared_charset_wins() -> None:
    """A %Content-type charset line before the first tag decides (BridgeComposer)."""
    data = b'%Content-type: text/x-pbn; charset=ISO-8859-1\n[Event "Caf\xe9"]\n'
    assert decode(data).encoding == "iso8859-1"
    assert pbn.loads(data).title == "Café"


def test_undeclared_utf8() -> None:
    """Without a declaration, UTF-8 where the bytes are UTF-8 (RealBridge)."""
    data = '[Event "Séance 1 – Zürich"]\n'.encode()
    assert pbn.loads(data).title == "Séance 1 – Zürich"


def test_undeclared_latin1_fallback() -> None:
    """Bytes that are not UTF-8 fall back to Latin-1 (Magic Contest, KOPS)."""
    data = '[Event "Séance Chorzów"]\n'.encode("latin-1")
    decoded = decode(data)
    assert decoded.encoding == "latin-1"
    assert pbn.loads(data).title == "Séance Chorzów"


def test_unknown_declared_charset_is_a_warning() -> None:
    """A charset Python does not know is reported; the text is read anyway."""
    data = b'%Content-type: text/pbn; charset=x-nonsense\n[Event "e"]\n'
    assert decode(data).unknown_charset == "x-nonsense"
    assert [p.severity for p in pbn.check(data)] == ["warning"]


@pytest.mark.parametrize(
    "data",
    [b'\xef\xbb\xbf[Event "bom"]\n', '\ufeff[Event "bom"]\n'.encode("utf-16")],
    ids=["utf-8", "utf-16"],
)
def test_bom(data: bytes) -> None:
    """A byte-order mark decides the encoding and is not part of the text."""
    assert pbn.loads(data).title == "bom"


def test_bom_in_a_string() -> None:
    """A str may start with U+FEFF too."""
    assert pbn.loads('\ufeff[Event "bom"]\n').title == "bom"


@settings(max_examples=150)
@given(st.binary(max_size=300))
def test_any_bytes_decode(data: bytes) -> None:
    """Decoding never fails, whatever the bytes."""
    assert isinstance(decode(data).text, str)


@settings(max_examples=150)
@given(st.text(alphabet='[]{}";%#\\ \t\nABNSab1234-^"', max_size=200))
@example('[\n1{}"')  # a tag pair over two lines: its token (line 1) came after line 2's
def test_tokens_tile_the_text(text: str) -> None:
    """The lexer never raises; its line numbers are in the text and never go
    backwards, errors and a tag pair over lines included (§3.3: one closed
    on line 2 after a comment there is dated by its "[" on line 1, and comes
    before the comment)."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").count("\n") + 1
    previous = 1
    for token in tokens(text):
        assert previous <= token.line <= lines
        previous = token.line


def test_a_tag_pair_over_two_lines_is_dated_by_its_open_bracket() -> None:
    """The example hypothesis found: "[" on line 1, the rest on line 2 after a
    comment; the tag pair is line 1's, the comment line 2's."""
    found = [(token.kind, token.line) for token in tokens('[\n1{}"')]
    assert (Kind.TAG, 1) in found
    assert (Kind.COMMENT, 2) in found


# -- several tag pairs on a line --------------------------------------------------

PAIR_ON_LINE_RE = re.compile(r'\[(\w+) "([^"]*)"\]')


def tag_lines(text: str) -> list[tuple[str, str, int]]:
    """Every tag pair with its line, whichever token carried it."""
    found: list[tuple[str, str, int]] = []
    for token in tokens(text):
        if token.kind is Kind.TAGS:
            lines = [
                token.line + i for i, row in enumerate(token.text.split("\n")) if row[:1] == "["
            ]
            found.extend((n, v, line) for (n, v), line in zip(token.pairs, lines, strict=True))
        elif token.kind is Kind.TAG:
            found.append((token.text, token.value, token.line))
    return found


LINES = ['[A1 "v"]', '[B1 "w"][C1 "x"]', '[D1 "y"] [E1 "z"]', "1 2 420", ""]


@settings(max_examples=150)
@given(st.lists(st.sampled_from(LINES), max_size=30))
def test_several_tags_on_a_line_are_read_in_place(lines: list[str]) -> None:
    """Lines of one or several tag pairs, rows and blank lines, in any order:
    every pair is found once, at its line, and the rows stay data."""
    text = "\n".join(lines) + "\n"
    expected = [
        (name, value, number)
        for number, line in enumerate(lines, 1)
        for name, value in PAIR_ON_LINE_RE.findall(line)
    ]
    assert tag_lines(text) == expected
    assert not [t for t in tokens(text) if t.kind is Kind.ERROR]


@pytest.mark.parametrize(
    ("lines", "pairs"),
    [('[A1 "v"][B1 "w"]\n', 2), ('[ "x]\n[A1 "v"]\n', 1)],
    ids=["two-a-line", "open-then-closed"],
)
def test_a_game_of_lines_of_several_tags_lexes_in_linear_time(lines: str, pairs: int) -> None:
    """No blank line and two tag pairs on every line (378 KB took 35 s when
    the rest of the game was rescanned after each such line), or a pair
    left open that the next line closes: the work grows with the lines."""

    def game(count: int) -> str:
        return '[Event "x"]\n' + lines * count

    found = assert_linear(lambda count: functools.partial(tag_lines, game(count)), 1_000)
    assert len(found) == 1 + pairs * 8_000


@pytest.mark.parametrize(
    "charset", ["punycode", "idna", "utf-7", "unicode_escape", "raw_unicode_escape", "charmap"]
)
def test_a_codec_that_is_no_text_encoding_is_not_used(charset: str) -> None:
    """Only charsets from an explicit list of text encodings are used: others
    (punycode's decoder is quadratic: 400 KB took 34 s; unicode_escape would
    turn the suit symbol \\S into something else) read as undeclared, with
    a warning; the decoding's work grows with the text."""
    data = f'%Content-type: text/x-pbn; charset={charset}\n[Event "e\\\\S"]\n'.encode()

    def padded(size: int) -> bytes:
        return data + b"{" + b"a" * size + b"}\n"

    decoded = assert_linear(lambda size: functools.partial(decode, padded(size)), 50_000)
    assert (decoded.encoding, decoded.unknown_charset) == ("utf-8", charset)
    assert pbn.loads(padded(400_000)).title == "e\\S"


@pytest.mark.parametrize(
    ("charset", "encoding"),
    [
        ("ISO-8859-2", "iso8859-2"),
        ("windows-1250", "cp1250"),
        ("cp852", "cp852"),
        ("KOI8-R", "koi8-r"),
        ("Shift_JIS", "shift_jis"),
        ("us-ascii", "ascii"),
    ],
)
def test_text_encodings_of_real_files_are_used(charset: str, encoding: str) -> None:
    """The encodings club programs declare are on the list."""
    data = f'%Content-type: text/x-pbn; charset={charset}\n[Event "e"]\n'.encode()
    assert decode(data).encoding == encoding


# -- rows with strings in runs, against runs of plain rows -------------------------------


# A run as LINE_RE took it before rows with string elements joined runs:
# tag lines and plain rows only.
PLAIN_RUN = r'(?P<tags>\[[^\n]*\]\n(?:\[[^\n]*\]\n|[ \t]*[^\s\[\]{};"%][^\[\]{};"%\n]*\n)*+)'


def plain_runs(text: str) -> list[Token]:
    """The reference: the tokens of ``text`` where a run holds tag lines
    and plain rows only (a row with a string element is a token of its own,
    ``LINE_RE``'s ``quoted`` alternative's)."""
    pattern = lexer.LINE_RE.pattern
    start, end = pattern.index("(?P<tags>"), pattern.index("| (?P<tag>")
    kept = lexer.LINE_RE
    lexer.LINE_RE = re.compile(pattern[:start] + PLAIN_RUN + "\n    " + pattern[end:], re.X)
    try:
        return list(tokens(text))
    finally:
        lexer.LINE_RE = kept


def games_read(stream: Iterable[Token]) -> list[tuple[object, ...]]:
    """Each game's tag values, each tag's line and its section data's
    elements line by line, and every problem reported, in order."""
    problems: list[tuple[str, int | None, str]] = []

    def report(message: str, line: int | None, severity: str = "error") -> None:
        problems.append((message, line, severity))

    found: list[tuple[object, ...]] = [
        (
            dict(game.values),
            {name: game.line_of(name) for name in game.values},
            {
                name: [(line, elements(text)) for line, text in by_line(game.section(name))]
                for name in game.values
            },
        )
        for game in games(stream, report, [])
    ]
    return [*found, tuple(problems)]


ROW_PIECES = ['[A "v"]', '[B "w x"]', "1 2 420", ' 3 "4S" -  "A+"', '"P 1 - P 2" 30 ""']
ROW_PIECES += ['"x; [y]"', '"a\\"b"', "; c", "{d}", "\t\v", "%e", '"', "[", "]", " ", ""]
ROW_PIECES += ['1 "a"\x85b', '"a"\vb 2', '"a"\u3000"b"']  # white space a row may not hold


@settings(max_examples=300)
@given(st.lists(st.sampled_from(ROW_PIECES), max_size=12).map("\n".join))
@example('[A "v"]\n1 2 420\n 3 "4S" -  "A+"\n"P 1 - P 2" 30 ""\n[B "w x"]\n')
def test_rows_with_strings_in_a_run_read_as_on_their_own(text: str) -> None:
    """Runs of tag lines and rows with rows with string elements among them
    (Magic Contest's ``"420"``) give every game the values, lines, section
    data and problems that runs of plain rows and those rows on their own
    give."""
    assert games_read(tokens(text)) == games_read(plain_runs(text))


# -- tag lines with no escape, against the tag-line pattern with escapes ---------------


@settings(max_examples=400)
@given(st.lists(st.sampled_from(['[A "', '[Bc_1 "', '"]', '" ]', "\\", '"', "4R", " ", "\n", "x"])))
@example(['[A "', "x\\", '"]', "\n"])  # a backslash before the closing quote is an escape
@example(['[A "', "\\", "\\", '"]', "\n"])
@example(['[A "', "\\", "\n", '"]', "\n"])
def test_tag_lines_with_no_escape_read_as_with_escapes(pieces: list[str]) -> None:
    """In a run where ``plain`` holds (no \\" or \\\\), the plain
    tag-line pattern finds the pairs the pattern with escapes finds, and
    no value has an escape to resolve."""
    block = "\n" + "".join(pieces)
    if lexer.plain(block):
        assert lexer.PLAIN_TAG_LINE_RE.findall(block) == lexer.TAG_LINE_RE.findall(block)
        assert lexer.ESCAPED_RE.search(block) is None


def test_a_column_spec_is_no_escape() -> None:
    """A table's column specs hold backslashes ("PairId_NS\\4R") but no
    escape: their run takes the plain pattern."""
    run = '\n[Board "1"]\n[ScoreTable "PairId_NS\\4R;Contract\\5L"]\n'
    assert lexer.plain(run)
    assert lexer.PLAIN_TAG_LINE_RE.findall(run) == [
        ("Board", "1"),
        ("ScoreTable", "PairId_NS\\4R;Contract\\5L"),
    ]
