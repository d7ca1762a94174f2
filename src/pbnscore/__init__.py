"""pbnscore: read PBN and USEBIO bridge results, score them with IMP methods,
write USEBIO, PBN, JSON, text, HTML or CSV.

>>> import pbnscore
>>> event = pbnscore.load("night.xml")                       # doctest: +SKIP
>>> scored = pbnscore.score(event, "butler", datum="zero-sum", double=True)  # doctest: +SKIP
>>> xml = pbnscore.dumps(scored, "usebio")                   # doctest: +SKIP
>>> pbnscore.dump(scored, "night.html")                      # doctest: +SKIP
>>> steps = pbnscore.explain(event, 7, "butler", datum="zero-sum")  # doctest: +SKIP

Each format's module (``pbnscore.pbn``, ``pbnscore.usebio``,
``pbnscore.report.json``, ``.text``, ``.html``, ``.csv``) has the same
``load``/``loads``/``dump``/``dumps``; the reports are never read back.
``pbnscore.explanation`` holds the types an explanation is made of.
"""

from __future__ import annotations

from importlib import import_module

from pbnscore._reading import detect_format, load, loads
from pbnscore._scoring import default_method, score
from pbnscore._version import __version__
from pbnscore._writing import dump, dumps

# Not typing.TYPE_CHECKING: typing takes longer to import than the rest of
# ``pbnscore --version`` (mypy knows the name either way).
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from pbnscore._explaining import explain
    from pbnscore.errors import (
        OptionError,
        ParseError,
        PbnError,
        PbnscoreError,
        ProfileError,
        ScoringError,
        UnknownMethodError,
        UsebioError,
    )
    from pbnscore.model import Event, EventKind, ScoredEvent
    from pbnscore.seasons import Season, season


__all__ = [
    "Event",
    "EventKind",
    "OptionError",
    "ParseError",
    "PbnError",
    "PbnscoreError",
    "ProfileError",
    "ScoredEvent",
    "ScoringError",
    "Season",
    "UnknownMethodError",
    "UsebioError",
    "__version__",
    "default_method",
    "detect_format",
    "dump",
    "dumps",
    "explain",
    "explanation",
    "load",
    "loads",
    "pbn",
    "report",
    "score",
    "season",
    "seasons",
    "usebio",
]


# The public classes and functions, imported when first asked for:
# ``pbnscore --version`` (see __main__) then imports neither attrs nor the model.
_LAZY = {
    **dict.fromkeys(
        ("OptionError", "ParseError", "PbnError", "PbnscoreError", "ProfileError",
         "ScoringError", "UnknownMethodError", "UsebioError"),
        "pbnscore.errors",
    ),
    **dict.fromkeys(("Event", "EventKind", "ScoredEvent"), "pbnscore.model"),
    **dict.fromkeys(("Season", "season"), "pbnscore.seasons"),
    "explain": "pbnscore._explaining",
}  # fmt: skip


def __getattr__(name: str) -> Any:
    # `pbnscore.usebio`, `.pbn`, `.report`, `.explanation` and `.seasons`
    # without importing lxml or attrs at start-up.
    if name in ("usebio", "pbn", "report", "explanation", "seasons"):
        return import_module(f"pbnscore.{name}")
    if name in _LAZY:
        value = getattr(import_module(_LAZY[name]), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'pbnscore' has no attribute {name!r}")


def __dir__() -> list[str]:
    """The public names, exactly :data:`__all__`."""
    return sorted(__all__)
