"""The USEBIO reader's column path (traveller lines taken field by field in
bulk) against its element walk, the reference: the same event from every
fixture, every sample and every irregular document, the same first problem
from a bad one."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from lxml import etree

from conftest import shared_sample_files, shared_sample_params
from pbnscore.errors import UsebioError
from pbnscore.model import Direction, Event, Play, Result, ResultColumns, check_play
from pbnscore.usebio import _read_columns, _read_write_intake, _reader
from pbnscore.usebio._read_write_spellings import SEAT_PLAYER_TAGS
from pbnscore.usebio._read_write_values import with_lead

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = sorted((ROOT / "fixtures" / "usebio").glob("*.xml"))
SAMPLES = shared_sample_files("usebio/*.xml")


def results(event: Event) -> list[Result]:
    return [
        result
        for session in event.sessions
        for boards in (
            *(section.boards for section in session.sections),
            *(match.boards for match in session.matches),
        )
        for board in boards
        for result in board.results
    ]


def assert_same_event(data: bytes, source: str = "<test>") -> Event:
    """The column read equals the walk's, result by result (line numbers and
    source refs included), and as a whole."""
    columns = _reader.read(data, source)
    walk = _reader.read(data, source, columns=False)
    assert results(columns) == results(walk)
    assert columns == walk
    return columns


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: p.name)
def test_fixture_reads_the_same_by_columns_and_by_walk(path: Path) -> None:
    """Every fixture gives the walk's event when read by columns."""
    assert_same_event(path.read_bytes(), path.name)


@pytest.mark.parametrize("path", shared_sample_params("usebio/*.xml"))
def test_sample_reads_the_same_by_columns_and_by_walk(path: Path) -> None:
    """Every real-world sample gives the walk's event when read by columns."""
    assert_same_event(path.read_bytes(), path.name)


def test_a_uniform_file_is_read_by_columns() -> None:
    """The fixtures' Mitchell is uniform: its boards hold columns, not Results."""
    data = (ROOT / "fixtures" / "usebio" / "mitchell-pairs.xml").read_bytes()
    root = etree.fromstring(data, _read_write_intake.PARSER)
    event_el = root.find("EVENT")
    assert event_el is not None
    assert _read_columns.LineColumns.of(root, event_el, data) is not None
    board = _reader.read(data, "m.xml").sessions[0].sections[0].boards[0]
    assert isinstance(board._results, ResultColumns)


def test_a_boards_line_numbers_are_found_when_first_asked_for() -> None:
    """No line's number is looked up by the read (only reports ask): the
    board's columns find them when first asked, the walk's numbers."""
    data = (ROOT / "fixtures" / "usebio" / "mitchell-pairs.xml").read_bytes()
    board = _reader.read(data, "m.xml").sessions[0].sections[0].boards[0]
    walked = _reader.read(data, "m.xml", columns=False).sessions[0].sections[0].boards[0]
    columns = board.columns
    assert callable(columns._lines)
    assert list(columns.lines) == [result.line for result in walked.results]
    assert not callable(columns._lines)


LINE = (
    "<NS_PAIR_NUMBER>{ns}</NS_PAIR_NUMBER><EW_PAIR_NUMBER>{ew}</EW_PAIR_NUMBER>"
    "<CONTRACT>4S</CONTRACT><PLAYED_BY>N</PLAYED_BY><LEAD>DT</LEAD><TRICKS>10</TRICKS>"
    "<SCORE>420</SCORE>"
)


def document(*lines: str, board: str = "1", extra: str = "") -> bytes:
    body = "".join(f"<TRAVELLER_LINE>{line}</TRAVELLER_LINE>\n" for line in lines)
    return (
        '<?xml version="1.0"?>\n<USEBIO Version="1.2">\n<EVENT EVENT_TYPE="MP_PAIRS">\n'
        f"<BOARD><BOARD_NUMBER>{board}</BOARD_NUMBER>\n{body}</BOARD>\n{extra}"
        "</EVENT>\n</USEBIO>\n"
    ).encode()


PLAIN = LINE.format(ns=1, ew=2)
IRREGULAR = {
    "uniform": (PLAIN, LINE.format(ns=3, ew=4)),
    "empty lead": (PLAIN, PLAIN.replace("<LEAD>DT</LEAD>", "<LEAD></LEAD>")),
    "self-closed lead": (PLAIN, PLAIN.replace("<LEAD>DT</LEAD>", "<LEAD/>")),
    "missing lead": (PLAIN, PLAIN.replace("<LEAD>DT</LEAD>", "")),
    "padded text": (PLAIN, PLAIN.replace(">420<", ">  420\n <")),
    "repeated score, the last wins": (PLAIN, PLAIN + "<SCORE>450</SCORE>"),
    "score twice and tricks never": (
        PLAIN.replace("<TRICKS>10</TRICKS>", "<SCORE>450</SCORE>"),
        PLAIN.replace("<SCORE>420</SCORE>", "<TRICKS>11</TRICKS>"),
    ),
    "comment inside a field": (PLAIN, PLAIN.replace(">420<", "><!-- was 400 -->420<")),
    "comment between fields": (PLAIN, PLAIN.replace("<SCORE>", "<!-- x --><SCORE>")),
    "element inside a field": (PLAIN, PLAIN.replace(">420<", "><B>4</B>20<")),
    "direction on one line": (PLAIN, "<DIRECTION>NS</DIRECTION>" + PLAIN),
    "seat players": (
        PLAIN + "<N_PLAYER_NUMBER>1</N_PLAYER_NUMBER><S_PLAYER_NUMBER>5</S_PLAYER_NUMBER>",
        PLAIN + "<E_PLAYER_NUMBER></E_PLAYER_NUMBER>",
    ),
    "adjusted and not played": (
        PLAIN.replace("<SCORE>420</SCORE>", "<SCORE>A6040</SCORE>"),
        "<NS_PAIR_NUMBER>3</NS_PAIR_NUMBER><CONTRACT>NP</CONTRACT>",
    ),
    # A field some lines lack, where the bytes do not show which lines have it.
    "missing lead, one in a comment": (
        PLAIN,
        PLAIN.replace("<LEAD>DT</LEAD>", "<!-- <LEAD>HA</LEAD> -->"),
    ),
    "lead twice on a line, none on another": (
        PLAIN.replace("<LEAD>DT</LEAD>", "<LEAD>HA</LEAD><LEAD>DT</LEAD>"),
        PLAIN.replace("<LEAD>DT</LEAD>", ""),
        PLAIN,
    ),
    "a lead between lines": (
        PLAIN + "</TRAVELLER_LINE><LEAD>SA</LEAD><TRAVELLER_LINE>" + PLAIN,
        PLAIN.replace("<LEAD>DT</LEAD>", ""),
    ),
    "a field named like the lead": (
        PLAIN,
        PLAIN.replace("<LEAD>DT</LEAD>", "<LEADER>HA</LEADER>"),
    ),
    "missing lead, one in a text": (
        PLAIN.replace("<LEAD>DT</LEAD>", "<REMARK><![CDATA[<LEAD>HA]]></REMARK>"),
        PLAIN.replace("<LEAD>DT</LEAD>", ""),
        PLAIN,
    ),
}


@pytest.mark.parametrize("lines", IRREGULAR.values(), ids=IRREGULAR.keys())
def test_irregular_lines_read_as_the_walk_reads_them(lines: tuple[str, ...]) -> None:
    """Fields missing, empty, repeated, padded or holding comments: the
    event is the walk's, whichever path the reader took."""
    assert_same_event(document(*lines))


def read_outcome(data: bytes, *, columns: bool) -> Event | str:
    """The event read, or the message and line of the failure."""
    try:
        return _reader.read(data, "<test>", columns=columns)
    except UsebioError as error:
        return f"{error.line}: {error.message}"


# A line's field as a file may hold it, or not.
FIELD_FORMS = st.sampled_from(
    ("plain", "missing", "empty", "self-closed", "twice", "commented", "after a comment")
)


def field_in(tag: str, text: str, form: str) -> str:
    plain = f"<{tag}>{text}</{tag}>"
    return {
        "plain": plain,
        "missing": "",
        "empty": f"<{tag}></{tag}>",
        "self-closed": f"<{tag}/>",
        "twice": f"<{tag}>9</{tag}>{plain}",
        "commented": f"<!-- {plain} -->",
        "after a comment": f"<!-- x -->{plain}",
    }[form]


@settings(max_examples=150, deadline=None)
@example([{"LEAD": "missing"}, {}])
@example([{"LEAD": "commented"}, {}, {"LEAD": "missing"}])
@given(
    st.lists(
        st.dictionaries(
            st.sampled_from(("CONTRACT", "LEAD", "TRICKS", "EW_PAIR_NUMBER")), FIELD_FORMS
        ),
        min_size=1,
        max_size=5,
    )
)
def test_lines_whose_fields_vary_read_as_the_walk_reads_them(
    lines: list[dict[str, str]],
) -> None:
    """Lines that lack, empty, repeat or comment out some fields: the
    column read's event (or failure) is the walk's."""
    texts = {"CONTRACT": "4S", "LEAD": "DT", "TRICKS": "10", "EW_PAIR_NUMBER": "2"}
    data = document(
        *(
            f"<NS_PAIR_NUMBER>{at}</NS_PAIR_NUMBER>"
            + "".join(field_in(tag, text, forms.get(tag, "plain")) for tag, text in texts.items())
            + "<PLAYED_BY>N</PLAYED_BY><SCORE>420</SCORE>"
            for at, forms in enumerate(lines, start=1)
        )
    )
    assert read_outcome(data, columns=True) == read_outcome(data, columns=False)


def test_a_line_outside_the_boards_read_sends_the_file_to_the_walk() -> None:
    """A TRAVELLER_LINE the reader does not read (here straight in EVENT)
    would shift every column: the whole file is walked."""
    stray = f"<TRAVELLER_LINE>{PLAIN}</TRAVELLER_LINE>\n"
    data = document(PLAIN, LINE.format(ns=3, ew=4), extra=stray)
    root = etree.fromstring(data, _read_write_intake.PARSER)
    assert _read_columns.LineColumns.of(root, root[0], data) is None
    assert_same_event(data)


def layouts(data: bytes) -> tuple[object, object]:
    """The refs as counted (None where that path does not apply) and as walked."""
    root = etree.fromstring(data, _read_write_intake.PARSER)
    boards = _read_columns._READ_BOARDS(root[0])
    return (
        _read_columns._RefLayout.by_count(root, boards, data),  # type: ignore[arg-type]
        _read_columns._RefLayout.by_walk(root, boards),  # type: ignore[arg-type]
    )


def test_uniform_lines_take_their_refs_by_count() -> None:
    """The refs worked out from the lines' counts are the walk's."""
    by_count, by_walk = layouts(document(PLAIN, LINE.format(ns=3, ew=4), extra=PAIRS))
    assert by_count is not None
    assert by_count == by_walk


# Documents whose refs cannot be counted: each is walked for its refs, and
# read (by columns or not) as the walk reads it.
UNCOUNTED = {
    # the PLAYER's ref comes between the lines'
    "a ref element in a line": document(
        PLAIN + "<PLAYER><PLAYER_NAME>x</PLAYER_NAME></PLAYER>", LINE.format(ns=3, ew=4)
    ),
    "a board in a board": document(PLAIN + "<BOARD/>", PLAIN),
    # more "<TRAVELLER_LINE" than lines: counted, it could hide a stray line
    "a start tag in a comment": document(PLAIN, PLAIN).replace(
        b"<BOARD>", b"<!-- <TRAVELLER_LINE> --><BOARD>"
    ),
    # UTF-7 may write "<" as "+ADw-": here a stray line's start tag, which a
    # count of the bytes would miss
    "a stray line in UTF-7": document(PLAIN, PLAIN)
    .replace(b'<?xml version="1.0"?>', b'<?xml version="1.0" encoding="utf-7"?>')
    .replace(b"<BOARD>", f"+ADw-TRAVELLER_LINE>{PLAIN}</TRAVELLER_LINE>\n<BOARD>".encode()),
}


@pytest.mark.parametrize("data", UNCOUNTED.values(), ids=UNCOUNTED.keys())
def test_refs_that_cannot_be_counted_are_walked(data: bytes) -> None:
    assert layouts(data)[0] is None
    assert_same_event(data)


BAD = {
    "score": PLAIN.replace(">420<", ">42x<"),
    "tricks": PLAIN.replace(">10<", ">14<"),
    "declarer": PLAIN.replace("<PLAYED_BY>N<", "<PLAYED_BY>Q<"),
    "direction": "<DIRECTION>up</DIRECTION>" + PLAIN,
}


@pytest.mark.parametrize("line", BAD.values(), ids=BAD.keys())
def test_a_bad_line_fails_at_its_own_line_as_in_the_walk(line: str) -> None:
    """The second line is bad: the column read raises the walk's message at
    the walk's line."""
    data = document(PLAIN, line, PLAIN)
    with pytest.raises(UsebioError) as by_walk:
        _reader.read(data, "bad.xml", columns=False)
    with pytest.raises(UsebioError) as by_columns:
        _reader.read(data, "bad.xml")
    assert str(by_columns.value) == str(by_walk.value)
    assert by_columns.value.line == 6


# -- the scans of the bytes that spare an XPath ------------------------------

PAIRS = (
    "<PARTICIPANTS><PAIR><PAIR_NUMBER>1</PAIR_NUMBER><DIRECTION>NS</DIRECTION></PAIR>"
    "<PAIR><PAIR_NUMBER>2</PAIR_NUMBER><DIRECTION>EW</DIRECTION></PAIR></PARTICIPANTS>\n"
)
SEATED = PLAIN + "<DIRECTION>NS</DIRECTION><N_PLAYER_NUMBER>7</N_PLAYER_NUMBER>"


def test_lines_without_direction_beside_pairs_with_one() -> None:
    """DIRECTION only in the PAIRs before the boards: the lines' column is
    not looked for, and the event is the walk's."""
    data = document(PLAIN, LINE.format(ns=3, ew=4)).replace(b"<BOARD>", PAIRS.encode() + b"<BOARD>")
    root = etree.fromstring(data, _read_write_intake.PARSER)
    assert _read_columns._absent_optional_tags(root, data) == {"DIRECTION", *SEAT_PLAYER_TAGS}
    assert_same_event(data)


def test_a_field_empty_on_every_line() -> None:
    """Every line's LEAD empty or missing: no column, the walk's event."""
    assert_same_event(
        document(
            PLAIN.replace("<LEAD>DT</LEAD>", "<LEAD/>"),
            LINE.format(ns=3, ew=4).replace("<LEAD>DT</LEAD>", ""),
        )
    )


@pytest.mark.parametrize("encoding", ["utf-8", "iso-8859-1", "windows-1252", "utf-16", "utf-7"])
def test_direction_and_seat_players_are_read_in_any_encoding(encoding: str) -> None:
    """The scans read the bytes as ASCII: in UTF-16 they find nothing, and
    UTF-7 may spell "<" as "+ADw-" (here the fields' start tags, not the
    lines'), so that only the encodings that write ASCII as itself are
    scanned. The fields are read either way."""
    text = document(SEATED, SEATED).decode()
    text = text.replace('<?xml version="1.0"?>', f'<?xml version="1.0" encoding="{encoding}"?>')
    data = text.encode(encoding)
    if encoding == "utf-7":
        assert b"<TRAVELLER_LINE>" in data
        data = data.replace(b"<DIRECTION>", b"+ADw-DIRECTION>")
        data = data.replace(b"<N_PLAYER_NUMBER>", b"+ADw-N_PLAYER_NUMBER>")
    first = results(assert_same_event(data))[0]
    assert (first.home_direction, first.players) == (Direction.NS, ("7", None, None, None))


# The column path takes a field's text nodes, the walk its ``.text``: they
# agree only where the field holds text alone (CDATA is merged into it).
FIELD_CONTENT = {
    "processing instruction inside a field": (
        PLAIN,
        PLAIN.replace(">420<", "><?note x?>420<"),
    ),
    "comment after the text": (PLAIN, PLAIN.replace(">420<", ">420<!-- x --><")),
    # (LEAD and the pair numbers keep any text: a wrong one would not fail)
    "a comment alone in a field": (PLAIN, PLAIN.replace(">DT<", "><!-- DT --><")),
    "an element alone in a field": (PLAIN, PLAIN.replace(">1<", "><B>1</B><", 1)),
    "comment in a field the reader does not read": (
        PLAIN + "<NS_MATCH_POINTS><!-- x -->1</NS_MATCH_POINTS>",
        PLAIN,
    ),
    "CDATA, split text and an empty field": (
        PLAIN.replace(">420<", "><![CDATA[420]]><").replace(">10<", ">1<![CDATA[0]]><"),
        PLAIN.replace("<TRICKS>10</TRICKS>", "<TRICKS/>"),
    ),
}


@pytest.mark.parametrize("lines", FIELD_CONTENT.values(), ids=FIELD_CONTENT.keys())
def test_what_a_field_holds_beside_its_text(lines: tuple[str, ...]) -> None:
    """Processing instructions, comments and CDATA in the fields: the
    event is the walk's."""
    assert_same_event(document(*lines))


# -- the participants' pairs, read in bulk too -----------------------------------

PLAYER = (
    "<PLAYER><PLAYER_NAME>{name}</PLAYER_NAME>"
    "<NATIONAL_ID_NUMBER>{id}</NATIONAL_ID_NUMBER></PLAYER>"
)
PAIR = (
    "<PAIR><PAIR_NUMBER>{n}</PAIR_NUMBER><DIRECTION>NS</DIRECTION>"
    + PLAYER.format(name="Ann {n}", id="1{n}")
    + PLAYER.format(name="Bob {n}", id="2{n}")
    + "</PAIR>\n"
)
PAIR_ONE, PAIR_TWO = PAIR.format(n=1), PAIR.format(n=2)
IRREGULAR_PAIRS = {
    "uniform": (PAIR_ONE, PAIR_TWO),
    "no direction on one": (PAIR_ONE, PAIR_TWO.replace("<DIRECTION>NS</DIRECTION>", "")),
    "empty name, no id": (
        PAIR_ONE.replace(">Ann 1<", "><").replace(
            "<NATIONAL_ID_NUMBER>21</NATIONAL_ID_NUMBER>", ""
        ),
        PAIR_TWO,
    ),
    "padded, repeated number": (
        PAIR_ONE.replace(">1<", "> 1\n<").replace("<PAIR>", "<PAIR><PAIR_NUMBER>9</PAIR_NUMBER>"),
        PAIR_TWO,
    ),
    "comment alone in a name": (PAIR_ONE.replace(">Ann 1<", "><!-- Ann --><"), PAIR_TWO),
    "element in a number and a name": (
        PAIR_ONE.replace(">Ann 1<", "><B>Ann</B> 1<"),
        PAIR_TWO.replace(">2<", ">2<B/><", 1),
    ),
    "no players, three players": (
        PAIR_ONE.split("<PLAYER>")[0] + "</PAIR>\n",
        PAIR_TWO.replace("</PAIR>", "<PLAYER><PLAYER_NAME>Cy</PLAYER_NAME></PLAYER></PAIR>"),
    ),
}


def with_pairs(*pairs: str) -> bytes:
    participants = f"<PARTICIPANTS>{''.join(pairs)}</PARTICIPANTS>\n"
    return document(PLAIN, LINE.format(ns=2, ew=1)).replace(
        b"<BOARD>", participants.encode() + b"<BOARD>"
    )


@pytest.mark.parametrize("pairs", IRREGULAR_PAIRS.values(), ids=IRREGULAR_PAIRS.keys())
def test_irregular_pairs_read_as_the_walk_reads_them(pairs: tuple[str, ...]) -> None:
    """PAIRs and PLAYERs with fields missing, empty, padded, repeated or
    holding more than text: the walk's participants."""
    event = assert_same_event(with_pairs(*pairs))
    assert [pair.id for pair in event.sessions[0].sections[0].participants] == ["1", "2"]


def test_a_pair_without_a_number_fails_at_its_line_as_in_the_walk() -> None:
    data = with_pairs(PAIR_ONE, PAIR_TWO.replace("<PAIR_NUMBER>2</PAIR_NUMBER>", ""))
    with pytest.raises(UsebioError) as by_walk:
        _reader.read(data, "bad.xml", columns=False)
    with pytest.raises(UsebioError) as by_columns:
        _reader.read(data, "bad.xml")
    assert str(by_columns.value) == str(by_walk.value)
    assert "PAIR without a PAIR_NUMBER" in str(by_walk.value)


# -- the fields taken board by board ---------------------------------------------


def board_by_board_documents() -> list[bytes]:
    irregular = [document(*lines) for lines in (*IRREGULAR.values(), *FIELD_CONTENT.values())]
    assert FIXTURES and irregular
    return [path.read_bytes() for path in (*FIXTURES, *SAMPLES)] + irregular


def test_fields_taken_board_by_board_are_the_documents() -> None:
    """Every line field's nodes, taken board by board, are what one XPath
    over the whole document gives, in its order (on every fixture, sample
    and irregular document)."""
    for data in board_by_board_documents():
        root = etree.fromstring(data, _read_write_intake.PARSER)
        event_el = root.find("EVENT")
        assert event_el is not None
        boards = _read_columns._READ_BOARDS(event_el)
        by_board = _read_columns._nodes_board_by_board(boards, list(_read_columns._LINE_TAGS))  # type: ignore[arg-type]
        for tag in _read_columns._LINE_TAGS:
            assert by_board[tag] == _read_columns.line_fields()[tag][0](event_el), tag


def test_a_big_files_column_read_is_the_walks(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every fixture, sample and irregular document read as a big file is
    (its fields taken board by board): the walk's event."""
    monkeypatch.setattr(_read_columns, "BOARD_BY_BOARD_LINES", 0)
    for data in board_by_board_documents():
        assert_same_event(data)


# -- a play made at once (_Reader.played) against its steps ------------------------


def stepped(reader: _reader._Reader, key: tuple[str, str, str, str, str]) -> Play | None:
    """The play of a line's texts by bare_play, its checks and with_lead
    (the steps _Reader.played takes at once); None where they fail."""
    contract, score, played_by, lead, tricks = key
    try:
        play, led = reader.bare_play(contract, score, played_by, tricks, etree.Element("X"))
        check_play(play.outcome, play.score, play.tricks, play.adjusted)
    except (UsebioError, ValueError):
        return None
    return with_lead(play, lead) if led else play


PLAIN_PLAY = ("4S", "420", "N", "D10", "10")


# A line's CONTRACT, SCORE, PLAYED_BY, LEAD and TRICKS texts, plain and odd.
SPELLINGS = st.tuples(
    st.sampled_from(("4S", "3NTX", "7 hxx", "PASS", "NP", "zz", "")),
    st.sampled_from(("420", "-50", "+100", "A6040", "a5050", "NP", "", "1.5", "x")),
    st.sampled_from(("N", "s", "", "Q", "North")),
    st.sampled_from(("", "TD", "d10", "?", " ")),
    st.sampled_from(("10", "+1", "=", "-2", "", "14", "0", "x", "-0")),
)


@settings(max_examples=300, deadline=None)
@example(PLAIN_PLAY)
@example(("4S", "420", "N", "D10", "+1"))  # tricks relative to the contract
@given(SPELLINGS)
def test_a_play_made_at_once_is_the_one_its_steps_make(
    key: tuple[str, str, str, str, str],
) -> None:
    """Where _Reader.played makes a play, bare_play, its checks and the lead
    make the same one; a plain played line it makes."""
    reader = _reader._Reader("x")
    made = reader.played(key)
    assert made is None or made == stepped(_reader._Reader("x"), key)
    if key == PLAIN_PLAY:
        assert made is not None


@settings(max_examples=300, deadline=None)
@example([PLAIN_PLAY, PLAIN_PLAY, ("PASS", "0", "N", "", "")])
@example([("4S", "420", "N", "TD", "10"), ("4S", "420", "N", "DT", "10")])
@given(st.lists(SPELLINGS, max_size=12))
def test_plays_read_column_by_column_are_each_lines_steps(
    keys: list[tuple[str, str, str, str, str]],
) -> None:
    """Each line's play read by columns (_read_columns._plays) is the one
    its steps make (None, and the line bad, where they fail); lines spelled
    alike share one Play."""
    texts = [list(column) for column in zip(*keys, strict=True)] if keys else [[]] * 5
    bad: set[int] = set()
    plays = _read_columns._plays(_reader._Reader("x"), texts, etree.Element("X"), bad)
    expected = [stepped(_reader._Reader("x"), key) for key in keys]
    assert plays == expected
    assert bad == {at for at, play in enumerate(expected) if play is None}
    first = {key: plays[keys.index(key)] for key in keys}
    assert all(play is first[key] for key, play in zip(keys, plays, strict=True))
