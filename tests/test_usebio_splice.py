"""The USEBIO writer's spliced lines (points put into lxml's serialisation)
against its tree path, the reference: byte-identical documents for every
fixture and sample, every method that scores it and every --usebio-types."""

from __future__ import annotations

import io
import itertools
from pathlib import Path

import pytest
from lxml import etree

import pbnscore
from pbnscore import usebio
from pbnscore.errors import PbnscoreError
from pbnscore.model import ScoredEvent
from pbnscore.usebio import _splice, _writer
from pbnscore.usebio._profiles import PROFILES

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = sorted((ROOT / "fixtures" / "usebio").glob("*.xml"))
SAMPLES_DIR = ROOT.parent / "shared" / "samples" / "usebio"
SAMPLES = sorted(SAMPLES_DIR.glob("*.xml")) if SAMPLES_DIR.is_dir() else []
METHODS = ("butler", "cross-imps", "barking", "aggregate")
TYPES = (None, "old", "new")


def scorings(path: Path) -> list[ScoredEvent]:
    """The event scored by each method that scores it."""
    event = usebio.load(path)
    found = []
    for method in METHODS:
        try:
            found.append(pbnscore.score(event, method))
        except PbnscoreError:
            continue  # a method for another kind of event
    return found


def canonical(document: bytes) -> str:
    return etree.canonicalize(from_file=io.BytesIO(document))


def assert_spliced_as_tree(path: Path) -> None:
    scored_events = scorings(path)
    assert scored_events, f"no method scores {path.name}"
    for scored in scored_events:
        for types, dialect in itertools.product(TYPES, PROFILES):
            try:
                tree = _writer.write(scored, types=types, dialect=dialect, splice=False)
            except (PbnscoreError, ValueError):
                continue  # a reader that takes no such event or types
            spliced = _writer.write(scored, types=types, dialect=dialect)
            assert spliced == tree, (scored.method, types, dialect)
            assert canonical(spliced) == canonical(tree)


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: p.name)
def test_fixture_writes_the_same_spliced_and_by_tree(path: Path) -> None:
    """Every fixture, every method and types: the spliced bytes are the tree's."""
    assert_spliced_as_tree(path)


@pytest.mark.skipif(not SAMPLES, reason="../shared/samples absent (a fresh clone)")
@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.name)
def test_sample_writes_the_same_spliced_and_by_tree(path: Path) -> None:
    """Every real-world sample, every method and types: the same bytes."""
    assert_spliced_as_tree(path)


def spliced(data: bytes) -> bytes | None:
    """What the splice makes of ``data`` scored with butler (None: the tree path)."""
    scored = pbnscore.score(usebio.loads(data), "butler")
    tree, locator = _writer._copy_input(scored.event)
    output = etree.tostring(tree, xml_declaration=True, encoding="UTF-8") + b"\n"
    tags = (("NS_BUTLER_POINTS", "EW_BUTLER_POINTS"),)
    root = tree.getroot()
    return _splice.splice(output, root, locator.nodes, scored.boards, tags, _writer.format_points)


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
