"""Module-level regular expressions compiled when first used.

Compiling a pattern costs some 0.45 M instructions: the thirteen that
``pbnscore score night.xml`` never uses (the command line's error
messages, the USEBIO reader's HANDSET, LEAD and encoding fixes ...) were
1.3% of its start-up (docs/internals/speed.md). A pattern that a module
uses on every run stays a plain ``re.compile``.
"""

from __future__ import annotations

import re
from typing import Any, cast


class _Later:
    """Stands for ``re.compile(pattern, flags)``: the pattern is compiled
    when one of its attributes is first asked for, and each attribute asked
    for is kept on this object, so that the next ``X_RE.match`` is found as
    fast as the compiled pattern's own."""

    def __init__(self, pattern: str, flags: int) -> None:
        self._arguments = (pattern, flags)

    def __getattr__(self, name: str) -> Any:  # only what is not kept yet
        value = getattr(re.compile(*self._arguments), name)
        setattr(self, name, value)
        return value

    def __repr__(self) -> str:
        return repr(re.compile(*self._arguments))


def compiled_later(pattern: str, flags: int = 0) -> re.Pattern[str]:
    """A pattern with ``re.compile``'s methods and attributes, compiled when
    first used. Not a ``re.Pattern`` to ``isinstance`` or to ``re.sub``:
    hand those ``X_RE.pattern`` or use ``X_RE.sub``."""
    return cast("re.Pattern[str]", _Later(pattern, flags))
