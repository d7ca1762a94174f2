"""The USEBIO writer's spliced lines (points put into lxml's serialisation)
against its tree path, the reference: byte-identical documents for every
fixture and sample, every method that scores it and every --usebio-types."""

from __future__ import annotations

import io
import itertools
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from lxml import etree

import pbnscore
from conftest import shared_sample_params
from pbnscore import usebio
from pbnscore.errors import PbnscoreError
from pbnscore.model import Event, ScoredBoard, ScoredEvent, ScoredResult
from pbnscore.usebio import _write_splice, _writer
from pbnscore.usebio._read_write_values import ref_elements
from pbnscore.usebio._reader import type_style
from pbnscore.usebio._write_profiles import PROFILES

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = sorted((ROOT / "fixtures" / "usebio").glob("*.xml"))
METHODS = ("butler", "cross-imps", "barking", "aggregate")
TYPES = (None, "old", "new")


DEFAULT_HOLLOW_FROM = _write_splice.HOLLOW_FROM
# The dialects whose writes the splice serves: the writer takes the tree path
# for any reader with edits of its own (_writer._write), so for those the two
# writes run the same code whatever the file. The fixtures hold every dialect
# to the tree's bytes (the rule itself); the samples, which bring the layouts
# the splice must cope with, only the dialects it serves.
SPLICED_DIALECTS = tuple(name for name, profile in PROFILES.items() if not profile.edits)


@pytest.fixture(autouse=True)
def players_hollowed(monkeypatch: pytest.MonkeyPatch) -> None:
    """The skeleton's players hollowed wherever the writer can: our files
    are too small for it to bother (the whole skeleton, its other path, is
    taken wherever hollowing declines)."""
    monkeypatch.setattr(_write_splice, "HOLLOW_FROM", 0)


def scorings(path: Path) -> list[ScoredEvent]:
    """The event scored by each method that scores it."""
    return scorings_of(usebio.load(path))


def scorings_of(event: Event) -> list[ScoredEvent]:
    """``event`` scored by each method that scores it."""
    found = []
    for method in METHODS:
        try:
            found.append(pbnscore.score(event, method))
        except PbnscoreError:
            continue  # a method for another kind of event
    return found


def canonical(document: bytes) -> str:
    return etree.canonicalize(from_file=io.BytesIO(document))


def assert_spliced_as_tree(path: Path, dialects: tuple[str, ...] = tuple(PROFILES)) -> None:
    scored_events = scorings(path)
    assert scored_events, f"no method scores {path.name}"
    for scored in scored_events:
        for types, dialect in itertools.product(TYPES, dialects):
            try:
                tree = _writer.write(scored, types=types, dialect=dialect, splice=False)
            except (PbnscoreError, ValueError):
                continue  # a reader that takes no such event or types
            spliced = _writer.write(scored, types=types, dialect=dialect)
            if spliced != tree:  # canonical only then: it costs more than both writes
                same = canonical(spliced) == canonical(tree)
                pytest.fail(
                    f"{scored.method}, types {types}, {dialect}: the spliced bytes are not the"
                    f" tree's ({'the same XML spelt otherwise' if same else 'other XML'})"
                )


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: p.name)
def test_fixture_writes_the_same_spliced_and_by_tree(path: Path) -> None:
    """Every fixture, every method and types: the spliced bytes are the tree's."""
    assert_spliced_as_tree(path)


@pytest.mark.parametrize("path", shared_sample_params("usebio/*.xml"))
def test_sample_writes_the_same_spliced_and_by_tree(path: Path) -> None:
    """Every real-world sample, every method and types, each dialect the
    splice serves: the same bytes."""
    assert SPLICED_DIALECTS, "no dialect takes the splice"
    assert_spliced_as_tree(path, SPLICED_DIALECTS)


def spliced(data: bytes) -> bytes | None:
    """What the splice makes of ``data`` scored with butler (None: the tree path)."""
    scored = pbnscore.score(usebio.loads(data), "butler")
    tree, locator = _writer._copy_input(scored.event)
    output = etree.tostring(tree, xml_declaration=True, encoding="UTF-8") + b"\n"
    tags = (("NS_BUTLER_POINTS", "EW_BUTLER_POINTS"),)
    root = tree.getroot()
    points_text = _writer.points_text  # type: ignore[attr-defined]
    return _write_splice.splice(output, root, locator.nodes, scored.boards, tags, points_text)


def test_a_plain_file_is_spliced() -> None:
    """The fixtures' Mitchell takes the splice, not the tree path."""
    assert spliced((ROOT / "fixtures" / "usebio" / "mitchell-pairs.xml").read_bytes())


LINE = (
    "<TRAVELLER_LINE>\n  <NS_PAIR_NUMBER>{ns}</NS_PAIR_NUMBER><EW_PAIR_NUMBER>{ew}</EW_PAIR_NUMBER>"
    "<CONTRACT>4S</CONTRACT><PLAYED_BY>N</PLAYED_BY><TRICKS>10</TRICKS>"
    "<SCORE>{score}</SCORE>{end}\n</TRAVELLER_LINE>\n"
)


def document(end: str = "", second: str = "") -> bytes:
    lines = LINE.format(ns=1, ew=2, score=420, end=end) + LINE.format(
        ns=3, ew=4, score=450, end=second or end
    )
    return (
        '<?xml version="1.0"?>\n<USEBIO Version="1.2">\n<EVENT EVENT_TYPE="MP_PAIRS">\n'
        f"<BOARD><BOARD_NUMBER>1</BOARD_NUMBER>\n{lines}</BOARD>\n</EVENT>\n</USEBIO>\n"
    ).encode()


LAYOUTS = {
    "plain": ("", ""),
    "points to replace": ("<NS_BUTLER_POINTS>1</NS_BUTLER_POINTS>", ""),
    "a field after the points": ("<NOTES>x</NOTES>", ""),
    "an unknown last field": ("<X_FIELD>x</X_FIELD>", ""),
    "a self-closed last field": ("<LEAD/>", ""),
    "a comment in a line": ("<!-- c -->", ""),
    "a comment naming a line": ("", "<SCORE>450</SCORE>"),
    "text after the last field": ("<LEAD>DT</LEAD>tail", ""),
}


@pytest.mark.parametrize("ends", LAYOUTS.values(), ids=LAYOUTS.keys())
def test_each_layout_writes_the_tree_paths_bytes(ends: tuple[str, str]) -> None:
    """Whether spliced or sent to the tree path, the bytes are the tree's."""
    data = document(*ends)
    if "naming" in repr(ends):
        data = data.replace(b"<BOARD>", b"<!-- <TRAVELLER_LINE> --><BOARD>")
    scored = pbnscore.score(usebio.loads(data), "butler")
    assert _writer.write(scored) == _writer.write(scored, splice=False)


def test_layouts_the_splice_cannot_take_go_to_the_tree() -> None:
    """Points already there, a field that goes after them, a comment in a
    line: the splice declines; a plain line it takes."""
    assert spliced(document()) is not None
    for end in ("<NS_BUTLER_POINTS>1</NS_BUTLER_POINTS>", "<NOTES>x</NOTES>", "<!-- c -->"):
        assert spliced(document(end)) is None, end


# -- the whole write without a copy of the tree (skeleton + lines) --------------


def takes_splice(obj: ScoredEvent | Event, types: str | None = None) -> bool:
    """Whether the writer writes ``obj`` by its skeleton and lines, not by a
    copy of the tree."""
    event = obj.event if isinstance(obj, ScoredEvent) else obj
    scored = obj if isinstance(obj, ScoredEvent) else None
    style = types or type_style(_writer._input_tree(event).getroot())
    return _writer._spliced(event, scored, style, PROFILES["standard"]) is not None


def assert_written_as_tree(
    obj: ScoredEvent | Event, dialects: tuple[str, ...] = tuple(PROFILES)
) -> None:
    """Every --usebio-types and --usebio-for (of ``dialects``): the bytes of
    the tree path, and the event's own tree as it was."""
    event = obj.event if isinstance(obj, ScoredEvent) else obj
    tree = event.source.tree
    before = etree.tostring(tree) if tree is not None else None  # type: ignore[call-overload]
    for types, dialect in itertools.product(TYPES, dialects):
        try:
            reference = _writer.write(obj, types=types, dialect=dialect, splice=False)
        except (PbnscoreError, ValueError):
            continue
        assert _writer.write(obj, types=types, dialect=dialect) == reference, (types, dialect)
    assert event.source.tree is tree
    if tree is not None:
        assert etree.tostring(tree) == before, "the event's tree changed"  # type: ignore[call-overload]


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: p.name)
def test_a_plain_event_writes_the_tree_paths_bytes(path: Path) -> None:
    """Unscored (the input restyled, or as it is): the tree path's bytes."""
    assert_written_as_tree(usebio.load(path))


@pytest.mark.parametrize("path", shared_sample_params("usebio/*.xml"))
def test_a_plain_sample_writes_the_tree_paths_bytes(path: Path) -> None:
    """A real-world sample unscored, each dialect the splice serves: the
    tree path's bytes."""
    assert SPLICED_DIALECTS, "no dialect takes the splice"
    assert_written_as_tree(usebio.load(path), SPLICED_DIALECTS)


@pytest.mark.parametrize(
    ("name", "methods"),
    [("mitchell-pairs.xml", ("butler", "cross-imps")), ("teams-of-four.xml", ("aggregate",))],
)
def test_the_input_file_and_the_events_tree_are_left_as_they_were(
    tmp_path: Path, name: str, methods: tuple[str, ...]
) -> None:
    """Writing reads the reader's tree and changes neither it nor the file."""
    path = tmp_path / name
    path.write_bytes((ROOT / "fixtures" / "usebio" / name).read_bytes())
    data = path.read_bytes()
    event = usebio.load(path)
    tree = event.source.tree
    assert isinstance(tree, etree._ElementTree)
    before = etree.tostring(tree)
    for method in methods:
        scored = pbnscore.score(event, method)
        assert takes_splice(scored), method
        usebio.dumps(scored, types="new")
        usebio.dumps(scored, types="old")
    usebio.dumps(event, types="new")
    assert etree.tostring(tree) == before
    assert event.source.tree is tree
    assert path.read_bytes() == data


def test_every_edit_of_the_method_is_in_the_spliced_document() -> None:
    """EVENT_TYPE, the scoring method, BOARD_AVERAGE, TOTAL_SCORE and PLACE
    (the skeleton's edits) and the lines' points, all there, as the tree
    path has them."""
    data = (ROOT / "fixtures" / "usebio" / "mitchell-pairs.xml").read_bytes()
    scored = pbnscore.score(usebio.loads(data), "butler")
    assert takes_splice(scored, "old")
    written = etree.fromstring(usebio.dumps(scored, types="old"))
    reference = etree.fromstring(_writer.write(scored, types="old", splice=False))
    event = written.find("EVENT")
    assert event is not None
    assert event.get("EVENT_TYPE") == "BUTLER_PAIRS"
    for tag in ("BOARD/BOARD_AVERAGE", "PARTICIPANTS/PAIR/TOTAL_SCORE", "PARTICIPANTS/PAIR/PLACE"):
        found = [e.text for e in event.iterfind(tag)]
        assert found and found == [e.text for e in reference.iterfind(f"EVENT/{tag}")], tag
    for tag in ("NS_BUTLER_POINTS", "EW_BUTLER_POINTS"):
        found = [e.text for e in written.iter(tag)]
        assert len(found) == len(list(written.iter("TRAVELLER_LINE")))
        assert found == [e.text for e in reference.iter(tag)]


def test_an_event_without_its_tree_is_written_from_its_document() -> None:
    """A Source with the document alone: parsed again, written the same."""
    data = (ROOT / "fixtures" / "usebio" / "howell-pairs.xml").read_bytes()
    event = usebio.loads(data)
    bare = attrs.evolve(event, source=attrs.evolve(event.source, tree=None))
    scored = pbnscore.score(bare, "butler")
    assert takes_splice(scored)
    assert _writer.write(scored) == _writer.write(pbnscore.score(event, "butler"), splice=False)
    assert_written_as_tree(scored)


def line_document(lines: list[str], head: str = "", board: str = "") -> bytes:
    """A pairs event with one board of ``lines`` (TRAVELLER_LINE elements)."""
    return (
        f'<?xml version="1.0"?>\n{head}<USEBIO Version="1.1">\n<EVENT EVENT_TYPE="MP_PAIRS">\n'
        "<PARTICIPANTS><PAIR><PAIR_NUMBER>1</PAIR_NUMBER><PLACE>1</PLACE></PAIR></PARTICIPANTS>\n"
        f"<BOARD><BOARD_NUMBER>1</BOARD_NUMBER>{board}\n" + "\n".join(lines) + "\n</BOARD>\n"
        "</EVENT>\n</USEBIO>\n"
    ).encode()


def line(
    ns: int,
    ew: int,
    score: int,
    start: str = "<TRAVELLER_LINE>",
    fields: str = "",
    indent: str = "\n  ",
    tail: str = "\n",
) -> str:
    return (
        f"{start}{indent}<NS_PAIR_NUMBER>{ns}</NS_PAIR_NUMBER>{indent}<EW_PAIR_NUMBER>{ew}"
        f"</EW_PAIR_NUMBER>{indent}<CONTRACT>4S</CONTRACT>{indent}<PLAYED_BY>N</PLAYED_BY>"
        f"{indent}<TRICKS>10</TRICKS>{indent}<SCORE>{score}</SCORE>{fields}{tail}</TRAVELLER_LINE>"
    )


def held(
    ns: int,
    ew: int,
    score: int,
    indent: str = "\n  ",
    lead: str | None = None,
    order: tuple[str, ...] = ("NS", "EW"),
    after: str = "",
    tail: str = "\n",
) -> str:
    """A line holding Butler points (a scorer's file) of the sides in
    ``order`` after its last field, ``lead`` (its indentation unless given)
    before each."""
    given = {"NS": "1", "EW": "-1"}
    before = indent if lead is None else lead
    fields = "".join(
        f"{before}<{side}_BUTLER_POINTS>{given[side]}</{side}_BUTLER_POINTS>" for side in order
    )
    return line(ns, ew, score, fields=fields + after, indent=indent, tail=tail)


PLAIN = [line(1, 2, 420), line(3, 4, 450), line(5, 6, -50)]
NS_HELD = "<NS_BUTLER_POINTS>5</NS_BUTLER_POINTS>"
HELD_IN_A_COMMENT = (
    "<!--\n  <NS_BUTLER_POINTS>1</NS_BUTLER_POINTS>\n  <EW_BUTLER_POINTS>-1</EW_BUTLER_POINTS>-->"
)
# Layouts the splice takes (True) or leaves to the tree path (False); the
# bytes are the tree path's either way.
SKELETON_LAYOUTS: dict[str, tuple[bytes, bool]] = {
    "plain": (line_document(PLAIN), True),
    "lines with other tails": (
        line_document([line(1, 2, 420), line(3, 4, 450, tail="\n "), line(5, 6, -50, tail="")]),
        True,
    ),
    "lines with other indentation": (
        line_document([line(1, 2, 420), line(3, 4, 450, indent="\n\t"), line(5, 6, -50)]),
        True,
    ),
    "no indentation at all": (
        line_document([line(1, 2, 420, indent="", tail=""), line(3, 4, 450, indent="", tail="")]),
        True,
    ),
    "a carriage return in the indentation": (
        line_document([line(1, 2, 420, indent="\n&#13;  "), line(3, 4, 450)]),
        True,
    ),
    "a line with an attribute": (
        line_document([line(1, 2, 420), line(3, 4, 450, start='<TRAVELLER_LINE X="1">')]),
        True,
    ),
    "a field that begins like a line": (
        line_document(
            [line(1, 2, 420, fields="<TRAVELLER_LINE_X>1</TRAVELLER_LINE_X>"), line(3, 4, 450)]
        ),
        False,  # an unknown last field: the tree path
    ),
    "an unknown field inside that begins like a line": (
        line_document(
            [
                line(1, 2, 420).replace("<CONTRACT>", "<TRAVELLER_LINE_X/><CONTRACT>"),
                line(3, 4, 450),
            ]
        ),
        False,  # the cut cannot tell it from a line's start
    ),
    "an element between two lines": (
        line_document([PLAIN[0], "<X_NOTE>n</X_NOTE>", PLAIN[1], PLAIN[2]]),
        True,
    ),
    "text between two lines": (line_document([PLAIN[0], "t &amp; u", PLAIN[1], PLAIN[2]]), True),
    "a comment between the lines that names one": (
        line_document([PLAIN[0], "<!-- <TRAVELLER_LINE>\n</TRAVELLER_LINE> -->", PLAIN[1]]),
        False,
    ),
    "a comment that spells the placeholder": (
        line_document([PLAIN[0], "<!-- <TRAVELLER_LINE/> -->", PLAIN[1]]),
        False,
    ),
    "a comment and a processing instruction outside the lines": (
        line_document(PLAIN, head="<!-- top -->\n", board="<?pi x?><!-- b -->"),
        True,
    ),
    "a processing instruction in a line": (
        line_document([line(1, 2, 420, fields="<?pi x?>"), line(3, 4, 450)]),
        False,
    ),
    "a PLACE in a line": (
        line_document(
            [line(1, 2, 420).replace("<CONTRACT>", "<PLACE>2=</PLACE><CONTRACT>"), line(3, 4, 450)]
        ),
        False,
    ),
    "a PLAYER in a line": (
        line_document(
            [line(1, 2, 420).replace("<CONTRACT>", "<PLAYER>x</PLAYER><CONTRACT>"), line(3, 4, 450)]
        ),
        False,
    ),
    "a BOARD in a line": (
        line_document(
            [
                line(1, 2, 420).replace(
                    "<CONTRACT>",
                    '<BOARD EVENT_TYPE="MP_PAIRS"><BOARD_NUMBER>1</BOARD_NUMBER></BOARD><CONTRACT>',
                ),
                line(3, 4, 450),
            ]
        ),
        False,
    ),
    "a line in a line": (
        line_document(
            [line(1, 2, 420).replace("<CONTRACT>", f"{line(7, 8, 10)}<CONTRACT>"), line(3, 4, 450)]
        ),
        False,
    ),
    "a line in a line, with a tail of its own": (
        line_document(
            [
                line(1, 2, 420).replace("<CONTRACT>", f"{line(7, 8, 10, tail='')}<CONTRACT>"),
                line(3, 4, 450),
            ]
        ),
        False,
    ),
    "an empty line with an attribute in a line": (
        line_document(
            [
                line(1, 2, 420).replace("<CONTRACT>", '<TRAVELLER_LINE X="1"/><CONTRACT>'),
                line(3, 4, 450),
            ]
        ),
        False,
    ),
    "an empty line": (line_document([PLAIN[0], "<TRAVELLER_LINE/>", PLAIN[1]]), False),
    "an empty line with an attribute": (
        line_document([PLAIN[0], '<TRAVELLER_LINE X="1"/>', PLAIN[1]]),
        False,
    ),
    "a DOCTYPE with an internal subset": (
        line_document(PLAIN, head="<!DOCTYPE USEBIO [\n<!ELEMENT TRAVELLER_LINE ANY>\n]>\n"),
        False,
    ),
    "a DOCTYPE whose internal subset spells a line": (
        line_document(
            PLAIN,
            head="<!DOCTYPE USEBIO [<?pi <TRAVELLER_LINE>\n</TRAVELLER_LINE> ?>"
            '<!ATTLIST USEBIO X CDATA "1">]>\n',
        ),
        False,
    ),
    "a comment before the root that spells a line": (
        line_document(PLAIN, head="<!-- <TRAVELLER_LINE>\n</TRAVELLER_LINE> -->\n"),
        False,
    ),
    "the 1.1 DTD": (
        line_document(PLAIN, head='<!DOCTYPE USEBIO SYSTEM "http://x/usebio_v1_1.dtd">\n'),
        True,
    ),
    "CRLF line ends": (line_document(PLAIN).replace(b"\n", b"\r\n"), True),
    "lines whose last fields differ": (
        line_document(
            [line(1, 2, 420), line(3, 4, 450, fields="<LEAD>H2</LEAD>"), line(5, 6, -50)]
        ),
        True,
    ),
    "lines with no indentation but a tail": (
        line_document([line(1, 2, 420, indent=""), line(3, 4, 450, indent="")]),
        True,
    ),
    "points already there": (
        line_document(
            [line(1, 2, 420, fields="<NS_BUTLER_POINTS>1</NS_BUTLER_POINTS>"), line(3, 4, 450)]
        ),
        False,
    ),
    **{
        f"points held, {name}": (line_document(lines, board=board), taken)
        for name, (lines, board, taken) in {
            "as a scorer writes them": (
                [held(1, 2, 420), held(3, 4, 450), held(5, 6, -50)],
                "",
                True,
            ),
            "by some lines": ([held(1, 2, 420), PLAIN[1], held(5, 6, -50)], "", True),
            "tab-indented": (
                [held(1, 2, 420, indent="\n\t"), held(3, 4, 450, indent="\n\t")],
                "",
                True,
            ),
            "lines with other indentation": (
                [held(1, 2, 420), held(3, 4, 450, indent="\n\t"), PLAIN[2]],
                "",
                True,
            ),
            "led as the other lines, not as its own fields": (
                [held(1, 2, 420, indent="\n\t", lead="\n  "), held(3, 4, 450)],
                "",
                False,
            ),
            "led otherwise than the line's fields": (
                [held(1, 2, 420, lead="\n    "), held(3, 4, 450)],
                "",
                False,
            ),
            "after text that follows the last field": (
                [held(1, 2, 420).replace("</SCORE>", "</SCORE>x"), held(3, 4, 450)],
                "",
                False,
            ),
            "with no indentation": (
                [held(1, 2, 420, indent="", lead="", tail=""), line(3, 4, 450, indent="", tail="")],
                "",
                True,
            ),
            "with no indentation but a tail": (
                [held(1, 2, 420, indent="", lead="\n"), held(3, 4, 450, indent="", lead="\n")],
                "",
                True,
            ),
            "with no indentation, led otherwise than the tail": (
                [held(1, 2, 420, indent="", lead=" "), held(3, 4, 450, indent="", lead=" ")],
                "",
                False,
            ),
            "one of the two": ([held(1, 2, 420, order=("NS",)), held(3, 4, 450)], "", False),
            "EW first": ([held(1, 2, 420, order=("EW", "NS")), held(3, 4, 450)], "", False),
            "before a field that goes after them": (
                [held(1, 2, 420, after="\n  <NOTES>n</NOTES>"), held(3, 4, 450)],
                "",
                False,
            ),
            "one with an attribute": (
                [
                    held(1, 2, 420).replace("<NS_BUTLER_POINTS>", "<NS_BUTLER_POINTS X='1'>"),
                    PLAIN[1],
                ],
                "",
                False,
            ),
            "one self-closed": (
                [held(1, 2, 420).replace(">1</NS_BUTLER_POINTS>", "/>")],
                "",
                False,
            ),
            "twice in a line": (
                [held(1, 2, 420).replace("<SCORE>", f"{NS_HELD}<SCORE>")],
                "",
                False,
            ),
            "outside a line too": ([held(1, 2, 420), held(3, 4, 450)], NS_HELD, False),
            # The pair's names' ending is counted, not each start tag: one
            # more found anywhere leaves the file to the tree path.
            "and an element whose name ends alike": (
                [held(1, 2, 420), held(3, 4, 450)],
                "<X_BUTLER_POINTS>5</X_BUTLER_POINTS>",
                False,
            ),
            "and the ending in a text": (
                [held(1, 2, 420), held(3, 4, 450)],
                "<X_NOTE>_BUTLER_POINTS</X_NOTE>",
                False,
            ),
            "and a comment spelling them": (
                [held(1, 2, 420), held(3, 4, 450)],
                "<!-- <NS_BUTLER_POINTS> -->",
                False,
            ),
            "and a processing instruction spelling them": (
                [held(1, 2, 420), held(3, 4, 450)],
                "<?pi <NS_BUTLER_POINTS>5</NS_BUTLER_POINTS>?>",
                False,
            ),
            # Bytes that read as a line holding points where the tree's hold none.
            "a comment in a line spelling them, none held": (
                [
                    line(1, 2, 420, fields=HELD_IN_A_COMMENT),
                    line(3, 4, 450),
                ],
                "",
                False,
            ),
            "a comment in a line spelling them, others held": (
                [
                    held(1, 2, 420),
                    line(3, 4, 450, fields=HELD_IN_A_COMMENT),
                ],
                "",
                False,
            ),
        }.items()
    },
    # A line in a namespace is no line to the reader, but its bytes spell
    # one: counted as a line by the cut, it shifted every later line's
    # points onto the one before (found by review).
    "a line in a default namespace": (
        line_document(
            [
                line(1, 2, 420),
                line(9, 9, 100, start='<TRAVELLER_LINE xmlns="urn:x">'),
                line(3, 4, 450),
                line(5, 6, -50),
            ]
        ),
        False,
    ),
    "a last field in a namespace": (
        line_document([line(1, 2, 420, fields='<SCORE xmlns="urn:x">9</SCORE>'), line(3, 4, 450)]),
        False,
    ),
}


@pytest.mark.parametrize("case", SKELETON_LAYOUTS.values(), ids=SKELETON_LAYOUTS.keys())
def test_each_layout_is_written_as_the_tree_path_writes_it(case: tuple[bytes, bool]) -> None:
    """Spliced where the layout allows, else the tree path: the same bytes,
    for every method, --usebio-types and --usebio-for, and unscored."""
    data, spliced = case
    event = usebio.loads(data)
    scored = [pbnscore.score(event, method) for method in ("butler", "cross-imps")]
    assert takes_splice(scored[0]) is spliced
    for obj in (*scored, event):
        assert_written_as_tree(obj)  # type: ignore[arg-type]


# A line's points as a scorer may have left them: none, both after the last
# field (led by the line's indentation or otherwise), one, the two the other
# way round, before a field that goes after them, one with an attribute.
HELD_ENDS: tuple[dict[str, Any], ...] = (
    {},
    {"order": ("NS", "EW")},
    {"order": ("NS", "EW"), "lead": "\n    "},
    {"order": ("EW",)},
    {"order": ("EW", "NS")},
    {"order": ("NS", "EW"), "after": "<NOTES>n</NOTES>"},
    {"order": ("NS", "EW"), "indent": "\n\t"},
    {"order": ("NS", "EW"), "indent": "", "lead": "", "tail": ""},
    {"order": ("NS", "EW"), "indent": "", "lead": "\n"},
    {"order": ("NS", "EW"), "indent": "", "lead": " "},
)


@settings(max_examples=40, deadline=None)
@given(
    ends=st.lists(st.sampled_from(range(len(HELD_ENDS))), min_size=1, max_size=5),
    scores=st.lists(st.sampled_from((420, 450, -50, 100, -620)), min_size=5, max_size=5),
)
def test_lines_holding_points_in_any_layout_write_the_tree_paths_bytes(
    ends: list[int], scores: list[int]
) -> None:
    """Whatever points the lines hold, and however: the tree path's bytes,
    spliced or not."""
    lines = [held(2 * k + 1, 2 * k + 2, scores[k], **HELD_ENDS[end]) for k, end in enumerate(ends)]
    event = usebio.loads(line_document(lines))
    for method in ("butler", "cross-imps"):
        assert_written_as_tree(pbnscore.score(event, method), SPLICED_DIALECTS)


def rewritten(path: Path, method: str) -> bytes:
    """``path`` scored by ``method`` and written: a file holding its points."""
    return usebio.dumps(pbnscore.score(usebio.load(path), method))


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: p.name)
def test_a_fixture_holding_its_points_writes_the_tree_paths_bytes(path: Path) -> None:
    """Each fixture as written by each method that scores it, read and
    scored again by each: the tree path's bytes (its points replaced)."""
    for first in scorings(path):
        event = usebio.loads(usebio.dumps(first))
        for scored in scorings_of(event):
            assert_written_as_tree(scored, SPLICED_DIALECTS)


@pytest.mark.parametrize("path", shared_sample_params("usebio/*.xml"))
def test_a_sample_holding_its_points_writes_the_tree_paths_bytes(path: Path) -> None:
    """A real-world sample written with Butler points and scored again:
    the tree path's bytes."""
    try:
        data = rewritten(path, "butler")
    except PbnscoreError:
        data = rewritten(path, "aggregate")
    for scored in scorings_of(usebio.loads(data)):
        assert_written_as_tree(scored, SPLICED_DIALECTS)


def test_a_file_holding_its_points_is_spliced() -> None:
    """A scorer's file, holding the points it is scored for again, takes
    the splice: the points replaced in place."""
    data = rewritten(ROOT / "fixtures" / "usebio" / "mitchell-pairs.xml", "butler")
    scored = pbnscore.score(usebio.loads(data), "butler")
    assert takes_splice(scored)
    assert _writer.write(scored) == data


def test_a_line_holding_points_the_method_gives_none_goes_to_the_tree_path() -> None:
    """A line the method gives no points (no result finds it) keeps the
    points it holds: the tree path's."""
    data = rewritten(ROOT / "fixtures" / "usebio" / "mitchell-pairs.xml", "butler")
    scored = pbnscore.score(usebio.loads(data), "butler")
    without_ref = rescored(
        scored,
        lambda board: tuple(
            attrs.evolve(r, result=attrs.evolve(r.result, source_ref=None)) if k == 1 else r
            for k, r in enumerate(board.results)
        ),
    )
    assert not takes_splice(without_ref)
    assert _writer.write(without_ref) == _writer.write(without_ref, splice=False)


def test_options_that_change_the_points_write_the_tree_paths_bytes() -> None:
    """Fractional points (no rounding of the datum), other datums, factoring."""
    data = (ROOT / "fixtures" / "usebio" / "howell-pairs.xml").read_bytes()
    event = usebio.loads(data)
    for options in ({"datum": "mean", "rounding": "none"}, {"datum": "median"}, {"double": True}):
        scored = pbnscore.score(event, "butler", **options)
        assert takes_splice(scored), options
        assert_written_as_tree(scored)


def rescored(
    scored: ScoredEvent, results: Callable[[ScoredBoard], tuple[ScoredResult, ...]]
) -> ScoredEvent:
    """``scored`` with each board's scored results as ``results`` makes them."""
    boards = tuple(attrs.evolve(board, results=results(board)) for board in scored.boards)
    return attrs.evolve(scored, boards=boards)


def test_results_out_of_line_order_write_the_tree_paths_bytes() -> None:
    """A board's results in another order than its lines (each result still
    finds its own line), or without a source_ref (no line for it): spliced,
    the tree path's bytes."""
    data = (ROOT / "fixtures" / "usebio" / "mitchell-pairs.xml").read_bytes()
    scored = pbnscore.score(usebio.loads(data), "butler")
    reversed_ = rescored(scored, lambda board: board.results[::-1])
    without_ref = rescored(
        scored,
        lambda board: tuple(
            attrs.evolve(r, result=attrs.evolve(r.result, source_ref=None)) if k == 1 else r
            for k, r in enumerate(board.results)
        ),
    )
    # The first and the last in place, two between them swapped.
    swapped = rescored(scored, lambda b: (b.results[0], *b.results[2:0:-1], *b.results[3:]))
    for changed in (reversed_, swapped, without_ref):
        assert takes_splice(changed)
        assert _writer.write(changed) == _writer.write(changed, splice=False)
    # The points are on the lines they belong to: the same document.
    assert _writer.write(reversed_) == _writer.write(swapped) == _writer.write(scored)
    assert _writer.write(without_ref) != _writer.write(scored)


def test_a_line_scored_twice_goes_to_the_tree_path() -> None:
    """The tree path replaces a line's points when it is scored again."""
    data = (ROOT / "fixtures" / "usebio" / "mitchell-pairs.xml").read_bytes()
    scored = pbnscore.score(usebio.loads(data), "butler")
    last = len(scored.boards) - 1
    twice = rescored(
        scored,
        lambda board: (
            board.results + board.results[:1] if board is scored.boards[last] else board.results
        ),
    )
    board_twice = attrs.evolve(scored, boards=(*scored.boards, scored.boards[0]))
    for changed in (twice, board_twice):
        assert not takes_splice(changed)
        assert _writer.write(changed) == _writer.write(changed, splice=False)


def test_seen_counts_what_the_edits_see_and_refuses_markup_naming_a_line() -> None:
    """seen() counts the elements the edits look at and every comment or
    processing instruction, and answers None where one of those names a
    line (the cut could fall in it), inside the root or beside it."""
    root = etree.fromstring(
        b"<USEBIO><EVENT><PARTICIPANTS><PAIR><PLACE>1</PLACE><X/></PAIR></PARTICIPANTS>"
        b"<!-- c --><?pi x?></EVENT></USEBIO>"
    )
    assert _write_splice.seen(root) == 5  # PARTICIPANTS, PAIR, PLACE, the comment, the PI
    for document in (
        b"<USEBIO><!-- <TRAVELLER_LINE> --></USEBIO>",
        b"<USEBIO><EVENT><?pi TRAVELLER_LINE?></EVENT></USEBIO>",
        b"<!-- TRAVELLER_LINE --><USEBIO/>",
        b"<USEBIO/><?pi TRAVELLER_LINE?>",
    ):
        assert _write_splice.seen(etree.fromstring(document)) is None, document


def test_line_places_are_each_lines_place_by_source_ref() -> None:
    """LinePlaces holds runs of lines; each source_ref answers its line's
    place, as a plain map of every line would, and None off the lines."""
    runs = [(3, 0, 2), (5, 2, 1), (9, 3, 2), (12, 5, 1)]  # (first ref, first place, lines)
    places = _write_splice.LinePlaces()
    every: dict[int, int] = {}
    for ref, place, lines in runs:
        places.add(ref, place, lines)
        every.update(zip(range(ref, ref + lines), range(place, place + lines), strict=True))
    assert len(places) == len(every) == 6
    for ref in (None, *range(-1, 15)):
        assert places.get(ref) == (every.get(ref) if ref is not None else None), ref


def players_document(players: str, board: str = "") -> bytes:
    """line_document's pair with ``players`` (PLAYER elements) after its PLACE."""
    return line_document(PLAIN, board=board).replace(
        b"<PLACE>1</PLACE></PAIR>", f"<PLACE>1</PLACE>{players}</PAIR>".encode()
    )


def player(name: str, start: str = "<PLAYER>", inside: str = "") -> str:
    return f"{start}{inside}<PLAYER_NAME>{name}</PLAYER_NAME></PLAYER>"


def cut_of(event: Event) -> tuple[etree._ElementTree, _write_splice.Cut, int]:
    """The event's tree, the cut of its serialisation and what the edits see in it."""
    tree = event.source.tree
    assert isinstance(tree, etree._ElementTree)
    found = _write_splice.cut(etree.tostring(tree, xml_declaration=True, encoding="UTF-8"))
    visible = _write_splice.seen(tree.getroot())
    assert found is not None and visible is not None
    return tree, found, visible


def assert_hollowed_and_written_as_tree(
    event: Event, found: _write_splice.Cut, hollowed: _write_splice.Hollowed | None
) -> None:
    """``hollowed`` (of ``found``'s skeleton, if any) filled back is the
    skeleton, and not where an edit changed a placeholder; the event and its
    scorings are written as the tree path writes them."""
    if hollowed is not None:
        assert hollowed.fill(hollowed.skeleton) == found.skeleton
        tag = hollowed.tag.encode()
        changed = hollowed.skeleton.replace(hollowed.placeholder, b"<%s>x</%s>" % (tag, tag), 1)
        assert hollowed.fill(changed) is None  # an edit in a placeholder: not filled
    scored = [pbnscore.score(event, method) for method in ("butler", "cross-imps")]
    assert takes_splice(scored[0])
    for obj in (*scored, event):
        assert_written_as_tree(obj)  # type: ignore[arg-type]


# (document, the runs of PLAYERs hollow() makes of its skeleton (0: it
# declines), whether the skeleton parsed with them holds all the edits
# see); the splice takes every one, hollowed or not.
PLAYER_LAYOUTS: dict[str, tuple[bytes, int, bool]] = {
    "two players": (players_document(player("A") + "\n" + player("B")), 1, True),
    "a player with an attribute": (players_document(player("A", '<PLAYER X="1">')), 1, True),
    "players with an element between": (
        players_document(player("A") + "<X_NOTE>n</X_NOTE>" + player("B")),
        2,
        True,
    ),
    "an empty player": (players_document("<PLAYER/>" + player("B")), 0, False),
    "an empty player with an attribute": (
        players_document('<PLAYER X="1"/>' + player("B")),
        0,
        False,
    ),
    "a place in a player": (players_document(player("A", inside="<PLACE>2=</PLACE>")), 1, False),
    "a comment in a player": (players_document(player("A", inside="<!-- c -->")), 1, False),
    "a player in a player": (players_document(player("A", inside=player("B"))), 0, False),
    "a comment that spells a player": (
        players_document(player("A"), board="<!-- <PLAYER>x</PLAYER> -->"),
        2,
        False,
    ),
}


@pytest.mark.parametrize("case", PLAYER_LAYOUTS.values(), ids=PLAYER_LAYOUTS.keys())
def test_players_are_hollowed_only_where_nothing_the_edits_see_is_in_one(
    case: tuple[bytes, int, bool],
) -> None:
    """The skeleton's PLAYER runs are hollowed where the cut is certain,
    kept where a PLAYER holds what the edits see (the writer then parses
    the skeleton with them); the bytes are the tree path's either way."""
    data, runs, holds = case
    event = usebio.loads(data)
    tree = event.source.tree
    assert isinstance(tree, etree._ElementTree)
    found = _write_splice.cut(etree.tostring(tree, xml_declaration=True, encoding="UTF-8"))
    assert found is not None
    players = _write_splice.hollow(found.skeleton)
    assert (len(players.runs) if players is not None else 0) == runs
    visible = _write_splice.seen(tree.getroot())
    assert visible is not None
    if players is not None:
        assert (_write_splice.parse_skeleton(found, visible, (players,)) is not None) is holds
    assert_hollowed_and_written_as_tree(event, found, players)


def test_an_individual_events_players_are_not_hollowed() -> None:
    """Its PLAYERs are the participants the method scores: the skeleton
    keeps them (else their TOTAL_SCORE and PLACE would go nowhere)."""
    event = usebio.load(ROOT / "fixtures" / "usebio" / "individual.xml")
    assert _writer._players_scored(event)
    assert not _writer._players_scored(
        usebio.load(ROOT / "fixtures" / "usebio" / "howell-pairs.xml")
    )
    assert_written_as_tree(pbnscore.score(event, "butler"))


def test_only_a_large_skeleton_has_its_players_hollowed(monkeypatch: pytest.MonkeyPatch) -> None:
    """Hollowing a small skeleton costs what it saves: the writer hollows
    from HOLLOW_FROM bytes of skeleton on."""
    event = usebio.load(ROOT / "fixtures" / "usebio" / "mitchell-pairs.xml")
    _, found, visible = cut_of(event)
    for threshold, hollowed in ((len(found.skeleton), True), (len(found.skeleton) + 1, False)):
        monkeypatch.setattr(_write_splice, "HOLLOW_FROM", threshold)
        made = _writer._parsed_skeleton(event, found, visible)
        assert made is not None
        assert any(runs.tag == "PLAYER" for runs in made[3]) is hollowed, threshold
    assert len(found.skeleton) < DEFAULT_HOLLOW_FROM  # the fixture is small


def test_the_text_between_a_runs_lines_is_found_past_a_board_of_one_line() -> None:
    """The cut's one-test-per-line needs the text between two lines of a
    run: found at the first line that follows text alone, not the second
    line whatever it is (a board of one line first: then no line would
    pass the test, and each be searched on its own)."""
    data = line_document(PLAIN).replace(
        b"<BOARD>",
        b"<BOARD><BOARD_NUMBER>2</BOARD_NUMBER>\n"
        + line(8, 9, 100).encode()
        + b"\n</BOARD>\n<BOARD>",
        1,
    )
    tree = usebio.loads(data).source.tree
    assert isinstance(tree, etree._ElementTree)
    output = etree.tostring(tree, xml_declaration=True, encoding="UTF-8")
    pieces = output.split(b"\n</TRAVELLER_LINE>")[:-1]
    head = b"<TRAVELLER_LINE>\n  <"
    assert not pieces[1].startswith(b"\n" + head)  # the second line starts a board
    assert _write_splice._between(pieces, head) == b"\n"
    assert _write_splice._between(pieces[:2], head) == b""
    assert takes_splice(pbnscore.score(usebio.loads(data), "butler"))


HAND = (
    "<HAND><DIRECTION>{seat}</DIRECTION><SPADES>AKQJ</SPADES><HEARTS>AKQ</HEARTS>"
    "<DIAMONDS>AKQ</DIAMONDS><CLUBS>AKQ</CLUBS></HAND>"
)


def handset(inside: str = "", start: str = "<HANDSET>", board: str = "<BOARD>") -> str:
    """A HANDSET of board 1's deal (North holding the top cards: enough for
    the reader), ``inside`` after its BOARD."""
    north = HAND.format(seat="North")
    return f"{start}\n{board}<BOARD_NUMBER>1</BOARD_NUMBER>{north}</BOARD>{inside}\n</HANDSET>\n"


def handset_document(*handsets: str, within: bool = False) -> bytes:
    """line_document's event with ``handsets`` after its EVENT (or at its
    end, ``within``)."""
    end = b"</EVENT>\n"
    held = "".join(handsets).encode()
    return line_document(PLAIN).replace(end, held + end if within else end + held)


# (document, the HANDSETs hollow_handsets() makes of its skeleton (0: it
# declines), whether the writer keeps them hollowed (the skeleton then
# holds all the edits see, and no edit reaches into one)); the writer takes
# the splice for each, hollowed or not.
HANDSET_LAYOUTS: dict[str, tuple[bytes, int, bool]] = {
    "a handset": (handset_document(handset()), 1, True),
    "two handsets": (handset_document(handset(), handset()), 2, True),
    "a handset with an attribute": (handset_document(handset(start='<HANDSET X="1">')), 1, True),
    "a board with an attribute": (
        handset_document(handset(board='<BOARD EVENT_TYPE="MP_PAIRS">')),
        1,
        True,
    ),
    "a board with an attribute, in the event": (
        handset_document(handset(board='<BOARD EVENT_TYPE="MP_PAIRS">'), within=True),
        1,
        False,
    ),
    "an empty handset": (handset_document("<HANDSET/>\n", handset()), 0, False),
    "an empty board in a handset": (handset_document(handset(inside="<BOARD/>")), 1, False),
    "a comment in a handset": (handset_document(handset(inside="<!-- c -->")), 1, False),
    "a place in a handset": (handset_document(handset(inside="<PLACE>1=</PLACE>")), 1, False),
    "a pair in a handset": (handset_document(handset(inside="<PAIR>1</PAIR>")), 1, False),
    "a handset in a handset": (handset_document(handset(inside=handset())), 1, False),
}


@pytest.mark.parametrize("case", HANDSET_LAYOUTS.values(), ids=HANDSET_LAYOUTS.keys())
def test_a_handset_is_hollowed_only_where_nothing_the_edits_see_is_in_it(
    case: tuple[bytes, int, bool],
) -> None:
    """The skeleton's HANDSETs (the deals, most of a club file's skeleton)
    are hollowed where they hold nothing the edits see, their BOARDs'
    source_refs standing on the placeholder; the bytes are the tree path's
    either way (the old types set the EVENT's BOARDs' EVENT_TYPE)."""
    data, runs, kept = case
    event = usebio.loads(data)
    _, found, visible = cut_of(event)
    handsets = _write_splice.hollow_handsets(found.skeleton)
    assert (len(handsets.runs) if handsets is not None else 0) == runs
    made = _writer._parsed_skeleton(event, found, visible)
    assert made is not None
    assert ("HANDSET" in [h.tag for h in made[3]]) is kept
    whole = _write_splice.parse_skeleton(found, visible)
    assert whole is not None
    # Each source_ref stands on the element the whole skeleton has there,
    # or on the placeholder of the HANDSET that holds it.
    for hollowed, element in zip(made[1], whole[1], strict=True):
        if hollowed.tag == "HANDSET":
            assert element.tag == "BOARD" and element.getparent().tag == "HANDSET"
        else:
            assert hollowed.tag == element.tag
    assert_hollowed_and_written_as_tree(event, found, handsets)


def test_a_handset_holding_a_scored_board_is_not_hollowed() -> None:
    """A board whose source_ref is a HANDSET's BOARD gets its
    BOARD_AVERAGE there on the tree path: the skeleton keeps that HANDSET."""
    event = usebio.loads(handset_document(handset()))
    tree, found, visible = cut_of(event)
    nodes = ref_elements(tree.getroot())
    dealt = next(k for k, node in enumerate(nodes) if node.getparent().tag == "HANDSET")
    for refs, hollowed in (([0, None], True), ([0, dealt], False), ([len(nodes)], True)):
        made = _writer._parsed_skeleton(event, found, visible, refs)
        assert made is not None
        assert bool(made[3]) is hollowed, refs
        assert made[1][dealt].tag == ("HANDSET" if hollowed else "BOARD")


def test_a_club_files_handset_is_hollowed() -> None:
    """The fixtures' Compscore file: its HANDSET hollowed, its writes the
    tree path's."""
    event = usebio.load(ROOT / "fixtures" / "usebio" / "compscore-mitchell.xml")
    _, found, visible = cut_of(event)
    made = _writer._parsed_skeleton(event, found, visible)
    assert made is not None and "HANDSET" in [h.tag for h in made[3]]
    assert_written_as_tree(pbnscore.score(event, "butler"))


OPEN = _write_splice._LINE_OPEN.decode()


@settings(max_examples=200, deadline=None)
@given(st.lists(st.lists(st.sampled_from(("x", ">", OPEN, OPEN + ">")), max_size=4), min_size=1))
@example([[OPEN, OPEN], ["x"]])  # as many start tags as matches, not one before each
def test_held_lines_places_are_the_start_tags_counted(texts: list[list[str]]) -> None:
    """Each match's place among the lines, taken as the k-th line where
    every line holds one and each stretch before a match starts one, is
    the line start tags counted up to it, less one (the general way)."""
    befores = ["".join(parts).encode() for parts in texts]
    total = sum(before.count(_write_splice._LINE_OPEN) for before in befores)
    counted = list(itertools.accumulate(b.count(_write_splice._LINE_OPEN) for b in befores))
    reference = [line - 1 for line in counted]
    assert _write_splice._held_places(befores, len(befores), total) == reference


@pytest.mark.parametrize(
    ("order", "needles"),
    [
        (("NS_BUTLER_POINTS", "EW_BUTLER_POINTS"), ((b"_BUTLER_POINTS", 4),)),
        (
            ("NS_BUTLER_POINTS", "EW_BUTLER_POINTS", "NS_CROSS_IMP_POINTS", "EW_CROSS_IMP_POINTS"),
            ((b"_BUTLER_POINTS", 4), (b"_CROSS_IMP_POINTS", 4)),
        ),
        (("NS_BUTLER_POINTS",), ((b"<NS_BUTLER_POINTS", 1),)),
        (("NS_X", "EW_X"), ((b"<NS_X", 1), (b"<EW_X", 1))),
    ],
)
def test_held_points_are_counted_by_their_names_ending(
    order: tuple[str, ...], needles: tuple[tuple[bytes, int], ...]
) -> None:
    """A pair whose names end alike in four or more characters is counted
    by that ending, in each start and end tag; any other by each start tag."""
    assert _write_splice._held_needles(order) == needles
