"""``compiled_later`` patterns behave as ``re.compile``'s, compiled on first use."""

from __future__ import annotations

import re

from hypothesis import example, given
from hypothesis import strategies as st

from pbnscore._patterns import compiled_later

PATTERNS = [r"(\d+)", r"=|[+-]\d{1,2}", r"([SHDC])(10|[2-9TJQKA])", r"A(\d\d)(\d\d)"]


@given(st.sampled_from(PATTERNS), st.text(alphabet="0123456789AS=+-HT ", max_size=8))
@example(r"(\d+)", "a12b3")
def test_a_later_pattern_answers_as_the_compiled_one(pattern: str, text: str) -> None:
    later, now = compiled_later(pattern), re.compile(pattern)
    for method in ("match", "fullmatch", "search"):
        found, expected = getattr(later, method)(text), getattr(now, method)(text)
        assert (found and found.groups()) == (expected and expected.groups())
    assert later.split(text) == now.split(text)
    assert later.sub("x", text) == now.sub("x", text)
    assert (later.pattern, later.flags, repr(later)) == (now.pattern, now.flags, repr(now))


def test_the_pattern_is_compiled_when_first_used() -> None:
    """Nothing is compiled at import: a bad pattern fails where it is used."""
    later = compiled_later("(")
    try:
        later.match("x")
    except re.error:
        pass
    else:
        raise AssertionError("compiled a bad pattern")
    fine = compiled_later(r"\d")
    assert "match" not in vars(fine)
    assert fine.match("1")
    assert vars(fine)["match"] == re.compile(r"\d").match  # kept for the next use
