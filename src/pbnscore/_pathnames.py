"""The name, stem and suffix of a path as :mod:`pathlib` gives them
(``PurePath(p).name``, ``.stem``, ``.suffix``), without importing it:
pathlib brings ``urllib.parse`` and ``ipaddress``, a twentieth of
``pbnscore score``'s start-up, for these three (docs/internals/speed.md).
"""

from __future__ import annotations

import os


def name(path: str) -> str:
    """``PurePath(path).name``: the last part, after any drive, separators
    doubled or at the end and ``.`` parts left out (``a/b.xml/`` -> ``b.xml``)."""
    rest = os.path.splitdrive(path)[1]
    if os.altsep:
        rest = rest.replace(os.altsep, os.sep)
    parts = [part for part in rest.split(os.sep) if part and part != "."]
    return parts[-1] if parts else ""


def _dot(named: str) -> int:
    # Where the suffix begins: a last dot neither first (.bashrc) nor last (a.).
    dot = named.rfind(".")
    return dot if 0 < dot < len(named) - 1 else -1


def suffix(path: str) -> str:
    """``PurePath(path).suffix``: ``.xml``, or "" where the name has none."""
    named = name(path)
    dot = _dot(named)
    return named[dot:] if dot >= 0 else ""


def stem(path: str) -> str:
    """``PurePath(path).stem``: the name less its suffix."""
    named = name(path)
    dot = _dot(named)
    return named[:dot] if dot >= 0 else named
