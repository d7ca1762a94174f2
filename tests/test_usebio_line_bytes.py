"""The USEBIO reader's line fields read from the bytes (one pattern over
the lines) against the general path (one XPath per field): the same texts
wherever the bytes path answers, on every fixture, sample and generated
document, and the event the element walk reads."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from conftest import shared_sample_files
from pbnscore.usebio import _read_columns, _read_write_intake
from test_usebio_columns import assert_same_event, read_outcome

ROOT = Path(__file__).resolve().parents[1]
FILES = sorted((ROOT / "fixtures" / "usebio").glob("*.xml")) + shared_sample_files("usebio/*.xml")


def both_paths(data: bytes) -> tuple[object, object]:
    """The line fields' texts by the bytes (None where that path does not
    answer) and by the XPaths; (None, None) where the lines cannot be
    counted (no bytes path is tried)."""
    tree = _read_write_intake.parse(data, "<test>")
    root = tree.getroot()
    event_el = root.find("EVENT")
    assert event_el is not None
    boards = _read_columns._READ_BOARDS(event_el)
    counted = _read_columns._RefLayout.by_count(root, boards, data)  # type: ignore[arg-type]
    if counted is None:
        return None, None
    count = len(counted.line_refs)
    by_bytes = _read_columns.texts_by_bytes(data, tree.docinfo.encoding, count)
    by_xpath = _read_columns.texts_by_xpath(
        root,
        event_el,
        data,
        boards,  # type: ignore[arg-type]
        count,
        counted=True,
    )
    return by_bytes, by_xpath


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_every_file_reads_its_fields_from_the_bytes_as_the_xpaths_do(path: Path) -> None:
    by_bytes, by_xpath = both_paths(path.read_bytes())
    assert by_bytes is None or by_bytes == by_xpath


def test_the_club_files_take_the_bytes_path() -> None:
    """Files as producers write them (one shape of line, some fields
    missing on some lines): the bytes path answers, with every field."""
    for name in ("club-night.xml", "two-section-mitchell.xml", "individual.xml"):
        by_bytes, by_xpath = both_paths((ROOT / "fixtures" / "usebio" / name).read_bytes())
        assert by_bytes is not None, name
        assert by_bytes == by_xpath


# A line's field as a file may hold it: forms the bytes path reads, and forms
# that send the file to the XPaths (each read by the walk as ever).
FORMS = {
    "plain": "<{tag}>{text}</{tag}>",
    "missing": "",
    "empty": "<{tag}></{tag}>",
    "padded": "<{tag}>\n  {text} </{tag}>",
    "text before": "junk > x<{tag}>{text}</{tag}>",
    "self-closed": "<{tag}/>",
    "twice": "<{tag}>9</{tag}><{tag}>{text}</{tag}>",
    "commented": "<!-- <{tag}>{text}</{tag}> -->",
    "after a comment": "<!-- x --><{tag}>{text}</{tag}>",
    "an attribute": '<{tag} at="1">{text}</{tag}>',
    "spaced end tag": "<{tag}>{text}</{tag} >",
    "CDATA": "<{tag}><![CDATA[{text}]]></{tag}>",
    "a reference": "<{tag}>{text}&amp;</{tag}>",
    "a character reference": "<{tag}>&#52;{text}</{tag}>",
    "a carriage return": "<{tag}>{text}\r\n</{tag}>",
    "inner carriage return": "<{tag}>{text}\r\nx</{tag}>",
    "an element inside": "<{tag}><B>{text}</B></{tag}>",
    "a processing instruction": "<{tag}><?pi x?>{text}</{tag}>",
    "not ASCII": "<{tag}>{text}\u00e9</{tag}>",
}
TEXTS = {
    "NS_PAIR_NUMBER": "1",
    "EW_PAIR_NUMBER": "2",
    "CONTRACT": "4S",
    "PLAYED_BY": "N",
    "LEAD": "DT",
    "TRICKS": "10",
    "SCORE": "420",
    "DIRECTION": "NS",
    "N_PLAYER_NUMBER": "7",
    "NS_MATCH_POINTS": "3",  # fields the reader does not read
    "NOTES": "x",
}
FIELD = st.tuples(st.sampled_from(sorted(TEXTS)), st.sampled_from(sorted(FORMS)))


def line_of(fields: list[tuple[str, str]]) -> str:
    return "".join(FORMS[form].format(tag=tag, text=TEXTS[tag]) for tag, form in fields)


def document_of(lines: list[list[tuple[str, str]]], encoding: str, start_tag: str) -> bytes:
    body = "".join(f"{start_tag}\n  {line_of(line)}\n</TRAVELLER_LINE>\n" for line in lines)
    text = (
        f'<?xml version="1.0" encoding="{encoding}"?>\n<USEBIO Version="1.2">\n'
        '<EVENT EVENT_TYPE="MP_PAIRS">\n'
        f"<BOARD><BOARD_NUMBER>1</BOARD_NUMBER>\n{body}</BOARD>\n</EVENT>\n</USEBIO>\n"
    )
    return text.encode(encoding)


PLAIN_LINE = [(tag, "plain") for tag in TEXTS if tag != "NOTES"]


@settings(max_examples=400, deadline=None)
@example([PLAIN_LINE, PLAIN_LINE[1:]], "utf-8", "<TRAVELLER_LINE>")
@example([PLAIN_LINE, [("LEAD", "a carriage return")]], "utf-8", "<TRAVELLER_LINE>")
@example([PLAIN_LINE, [("LEAD", "inner carriage return")]], "utf-8", "<TRAVELLER_LINE>")
@example([PLAIN_LINE, [("LEAD", "a reference")]], "utf-8", "<TRAVELLER_LINE>")
@example([[("LEAD", "not ASCII")]], "windows-1252", "<TRAVELLER_LINE>")
@example([PLAIN_LINE[::-1], PLAIN_LINE], "utf-8", "<TRAVELLER_LINE>")
@given(
    st.lists(st.lists(FIELD, max_size=8), min_size=1, max_size=4),
    st.sampled_from(("utf-8", "iso-8859-1", "windows-1252")),
    st.sampled_from(("<TRAVELLER_LINE>", '<TRAVELLER_LINE at="1">', "<TRAVELLER_LINE >")),
)
def test_generated_lines_read_from_the_bytes_as_the_xpaths_read_them(
    lines: list[list[tuple[str, str]]], encoding: str, start_tag: str
) -> None:
    """Lines whose fields are missing, empty, padded, repeated, reordered,
    commented, given attributes, references, carriage returns or letters
    beyond ASCII: where the bytes path answers, its texts are the XPaths';
    the event (or the failure) is the walk's either way."""
    data = document_of(lines, encoding, start_tag)
    by_bytes, by_xpath = both_paths(data)
    assert by_bytes is None or by_bytes == by_xpath
    assert read_outcome(data, columns=True) == read_outcome(data, columns=False)


def test_plain_lines_of_one_shape_take_the_bytes_path() -> None:
    """The generated lines the bytes path is for: it answers."""
    for encoding in ("utf-8", "iso-8859-1"):
        lines = [PLAIN_LINE, PLAIN_LINE[2:], [*PLAIN_LINE[:3], ("LEAD", "padded")]]
        by_bytes, by_xpath = both_paths(document_of(lines, encoding, "<TRAVELLER_LINE>"))
        assert by_bytes is not None
        assert by_bytes == by_xpath


def test_a_first_line_that_lacks_fields_takes_the_next_lines_shape() -> None:
    """The first line adjusted (no contract, lead or tricks), a later one
    with a field no line before it has: the shape tried grows with each
    line not matched, and the bytes path answers."""
    notes = [*PLAIN_LINE[:7], ("NOTES", "plain"), *PLAIN_LINE[7:]]
    lines = [[PLAIN_LINE[0], PLAIN_LINE[6]], PLAIN_LINE, PLAIN_LINE, notes]
    by_bytes, by_xpath = both_paths(document_of(lines, "utf-8", "<TRAVELLER_LINE>"))
    assert by_bytes is not None
    assert by_bytes == by_xpath


@pytest.mark.parametrize(
    ("shape", "other", "merged"),
    [
        (("A", "D"), ("A", "B", "C", "D"), ("A", "B", "C", "D")),
        (("B", "C"), ("A", "C", "D"), ("A", "B", "C", "D")),
        (("A", "B"), ("B", "A"), ("A", "B")),
        ((), ("A", "B", "A"), ("A", "B")),
    ],
)
def test_a_shape_takes_the_fields_it_lacks_in_their_place(
    shape: tuple[str, ...], other: tuple[str, ...], merged: tuple[str, ...]
) -> None:
    assert _read_columns._merged(shape, other) == merged


WALKED = {
    "a carriage return inside a field": [("LEAD", "inner carriage return")],
    "a reference": [("CONTRACT", "a reference")],
    "a field before its place": [("SCORE", "plain"), ("NS_PAIR_NUMBER", "plain")],
    "an attribute": [("TRICKS", "an attribute")],
    "CDATA": [("SCORE", "CDATA")],
}


@pytest.mark.parametrize("line", WALKED.values(), ids=WALKED.keys())
def test_lines_the_bytes_do_not_show_plainly_go_to_the_xpaths(
    line: list[tuple[str, str]],
) -> None:
    """A line the pattern would misread (the parser replaces references and
    carriage returns) or cannot match: the bytes path declines, and the
    event is the walk's."""
    data = document_of([PLAIN_LINE, line], "utf-8", "<TRAVELLER_LINE>")
    by_bytes, by_xpath = both_paths(data)
    assert by_bytes is None and by_xpath is not None
    assert_same_event(data)


def test_a_start_tag_in_a_comment_is_never_read_as_a_line() -> None:
    """The lines cannot be counted: neither path by the bytes is tried."""
    data = document_of([PLAIN_LINE], "utf-8", "<TRAVELLER_LINE>").replace(
        b"<BOARD>", b"<!-- <TRAVELLER_LINE><SCORE>1</SCORE></TRAVELLER_LINE> --><BOARD>"
    )
    assert both_paths(data) == (None, None)
    assert_same_event(data)


def test_one_pattern_per_shape() -> None:
    """The pattern of a shape is made once (the process keeps it)."""
    shape = ("NS_PAIR_NUMBER", "SCORE", "NS_MATCH_POINTS")
    assert _read_columns._line_pattern(shape) is _read_columns._line_pattern(shape)
    assert _read_columns._line_pattern(shape).groups == 2
