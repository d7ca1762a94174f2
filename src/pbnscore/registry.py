"""Discovery of scoring methods through the ``pbnscore.strategies`` entry-point
group. Built-in methods are registered in ``pyproject.toml`` the same way as
third-party plug-ins; nothing is imported until a method is asked for."""

from __future__ import annotations

from functools import cache
from importlib import import_module, metadata
from typing import Any

import attrs

from pbnscore.errors import UnknownMethodError

GROUP = "pbnscore.strategies"

# Used only when the package's own entry points are missing (run from a
# source tree that was never installed).
BUILTINS: dict[str, str] = {
    "butler": "pbnscore.strategies.butler:Butler",
    "cross-imps": "pbnscore.strategies.cross_imps:CrossImps",
    "aggregate": "pbnscore.strategies.aggregate:Aggregate",
    "barking": "pbnscore.strategies.barking:Barking",
}


@attrs.frozen
class MethodEntry:
    name: str
    target: str  # "module:attribute"

    def load(self) -> type[Any]:
        module, _, attribute = self.target.partition(":")
        loaded: type[Any] = getattr(import_module(module), attribute)
        return loaded


@cache
def entries() -> dict[str, MethodEntry]:
    """Every registered method by name, without importing any of them."""
    found = {name: MethodEntry(name, target) for name, target in BUILTINS.items()}
    for point in metadata.entry_points(group=GROUP):
        found[point.name] = MethodEntry(point.name, point.value)
    return found


def names() -> list[str]:
    return sorted(entries())


def get(name: str) -> type[Any]:
    """The strategy class registered as ``name``; errors list the valid names."""
    try:
        entry = entries()[name]
    except KeyError:
        raise UnknownMethodError(
            f"unknown method {name!r}; choose from: {', '.join(names())}"
        ) from None
    return entry.load()
