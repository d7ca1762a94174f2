"""set_children (where the writer inserts a method's element) against the
obvious walk it replaced: step back from the last child to the last one
that comes before the new element in ORDER. Same bytes for any children,
comments and indentation."""

from __future__ import annotations

import copy
from collections.abc import Mapping

from hypothesis import given
from hypothesis import strategies as st
from lxml import etree

from pbnscore.usebio._write_elements import ORDER, replace_child, set_children

Element = etree._Element


def reference_set_children(parent: Element, texts: Mapping[str, str]) -> None:
    """The walk, one child at a time, as the writer first did it."""
    texts = {tag: text for tag, text in texts.items() if not replace_child(parent, tag, text)}
    ranks = {tag: i for i, tag in enumerate(ORDER.get(parent.tag, ()))}
    before = parent.text
    indent = before if before is not None and not before.strip() else None
    for tag, text in texts.items():
        rank = ranks.get(tag, len(ranks))
        previous = parent[-1] if len(parent) else None
        last = previous
        while previous is not None:
            previous_rank = ranks.get(previous.tag)
            if previous_rank is not None and previous_rank < rank:
                break
            previous = previous.getprevious()
        if previous is None:
            element = parent.makeelement(tag)
            parent.insert(0, element)
            element.tail = indent
        else:
            if previous is last:
                element = etree.SubElement(parent, tag)
            else:
                element = parent.makeelement(tag)
                previous.addnext(element)
            element.tail = previous.tail
            if indent is not None:
                previous.tail = indent
        element.text = text


PARENTS = (*ORDER, "UNKNOWN")
WHITESPACE = st.sampled_from([None, "", "\n  ", "\n\t", " x "])


@st.composite
def parents(draw: st.DrawFn) -> tuple[Element, dict[str, str]]:
    tag = draw(st.sampled_from(PARENTS))
    known = (*ORDER.get(tag, ()), "X_UNKNOWN")
    parent = etree.Element(tag)
    parent.text = draw(WHITESPACE)
    for child_tag in draw(st.lists(st.sampled_from((*known, "#comment")), max_size=8)):
        child = (
            etree.Comment("c") if child_tag == "#comment" else etree.SubElement(parent, child_tag)
        )
        if child_tag == "#comment":
            parent.append(child)
        child.tail = draw(WHITESPACE)
    texts = draw(st.dictionaries(st.sampled_from(known), st.sampled_from(["1", "2"]), max_size=3))
    return parent, texts


@given(parents())
def test_set_children_puts_each_element_where_the_walk_does(
    case: tuple[Element, dict[str, str]],
) -> None:
    parent, texts = case
    expected = copy.deepcopy(parent)
    reference_set_children(expected, texts)
    set_children(parent, texts)
    assert etree.tostring(parent) == etree.tostring(expected)
