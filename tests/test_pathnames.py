"""``pbnscore._pathnames`` gives a path's name, stem and suffix as pathlib
does (the command's start-up imports no pathlib)."""

from __future__ import annotations

import os
from pathlib import PurePath

from hypothesis import example, given
from hypothesis import strategies as st

from pbnscore import _pathnames

# Names of the kind a command line gives: separators, dots, drive-like colons.
PATHS = st.text(alphabet=["a", "b", ".", "/", "\\", ":", " ", "C", "é"], max_size=12)


@given(PATHS)
@example("night.xml")
@example("out/night.tar.gz")
@example("a/b.xml/")
@example("a/./.")
@example(".bashrc")
@example("night.")
@example("..")
@example("")
@example("/")
@example("C:night.xml")
def test_name_stem_and_suffix_are_pathlibs(path: str) -> None:
    pure = PurePath(path)
    assert _pathnames.name(path) == pure.name
    assert _pathnames.stem(path) == pure.stem
    assert _pathnames.suffix(path) == pure.suffix


def test_the_separator_is_the_systems() -> None:
    """``a\\b.xml`` is one name where the separator is ``/``, two on Windows."""
    expected = "b.xml" if os.sep == "\\" else "a\\b.xml"
    assert _pathnames.name("a\\b.xml") == expected
