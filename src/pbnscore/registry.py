"""Discovery of scoring methods through the ``pbnscore.methods`` entry-point
group (and ``pbnscore.strategies``, its former name, which keeps working).

Built-in methods are registered in ``pyproject.toml`` the same way as
third-party plug-ins. Nothing is imported until a method is asked for, and a
built-in name is found without reading the installed distributions at all
(``importlib.metadata`` alone costs tens of milliseconds of start-up). For the
same reason a plug-in cannot take over a built-in name: where one tries, the
built-in is used and ``methods`` reports the clash. A class whose ``name`` is
not its entry point's (a built-in's, say) fails to load: its scores would be
labelled with a name ``-m`` does not take.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from functools import cache
from importlib import import_module
from importlib.machinery import PathFinder
from typing import Any

from pbnscore._records import attrs
from pbnscore.errors import PbnscoreError, UnknownMethodError, described

# The plug-in errors live with every other (pbnscore.errors); their names
# here keep working.
from pbnscore.errors import PluginError as PluginError
from pbnscore.errors import PluginFault as PluginFault

GROUP = "pbnscore.methods"
# The group's name before "method" was the one word for the idea: a plug-in
# registered there is found as before (docs/api/plugins.md).
FORMER_GROUP = "pbnscore.strategies"

BUILTINS: dict[str, str] = {
    "butler": "pbnscore.strategies.butler:Butler",
    "cross-imps": "pbnscore.strategies.cross_imps:CrossImps",
    "aggregate": "pbnscore.strategies.aggregate:Aggregate",
    "barking": "pbnscore.strategies.barking:Barking",
}


@contextmanager
def running(name: str) -> Iterator[None]:
    """Around a method's own code: a plug-in's failure becomes one line that
    names it, and its ``sys.exit(7)`` cannot end pbnscore with status 7. A
    built-in's failure is left as it is (a bug in pbnscore is said as one)."""
    if name in BUILTINS:
        yield
        return
    try:
        yield
    except PbnscoreError as exc:
        raise PluginError(f"plug-in {name}: {_describe(exc)}") from exc
    except (Exception, SystemExit) as exc:  # a plug-in may fail in any way
        raise PluginFault(name, exc) from exc


@attrs.frozen
class MethodEntry:
    """One registration: ``target`` is the entry point's ``module:attribute``."""

    name: str
    target: str
    distribution: str | None = None  # who registered it; None for the built-in table

    def load(self) -> type[Any]:
        """Import the strategy class; any failure becomes a :class:`PluginError`."""
        module_name, _, attribute = self.target.partition(":")
        try:
            loaded: Any = import_module(module_name.strip())
            for part in attribute.strip().split("."):
                loaded = getattr(loaded, part)
        except (Exception, SystemExit) as exc:  # a plug-in may fail in any way while importing
            raise PluginError(f"{self.name}: failed to load: {_describe(exc)}") from exc
        check_strategy(self.name, loaded)
        strategy: type[Any] = loaded
        return strategy


_describe = described


def check_strategy(name: str, candidate: object) -> None:
    """Raise :class:`PluginError` unless ``candidate`` looks like a strategy class:
    a ``name``, a ``description``, an attrs ``Options`` class and ``score``."""
    missing = [
        attribute
        for attribute in ("name", "description", "Options", "score")
        if not hasattr(candidate, attribute)
    ]
    if missing:
        raise PluginError(f"{name}: failed to load: not a method (no {', '.join(missing)})")
    if not attrs.has(getattr(candidate, "Options")):  # noqa: B009 - checked above
        raise PluginError(f"{name}: failed to load: its Options is not an attrs class")
    _check_name(name, getattr(candidate, "name"))  # noqa: B009 - checked above


def _check_name(name: str, labelled: object) -> None:
    """A class's ``name`` labels its scores (JSON ``method.name``, USEBIO's
    scoring method): it must be the name ``-m`` took it by, and a plug-in
    that calls itself a built-in would publish its scores as that one's."""
    if labelled == name:
        return
    if isinstance(labelled, str) and labelled in BUILTINS:
        raise PluginError(
            f"{name}: failed to load: its class is named {labelled!r}, a built-in method's name"
        )
    raise PluginError(
        f"{name}: failed to load: its class is named {labelled!r}, not {name!r} as its entry "
        "point is"
    )


@attrs.frozen
class Discovery:
    """Every registration found: the winners by name, and those that clashed."""

    entries: dict[str, MethodEntry]
    clashes: tuple[tuple[MethodEntry, MethodEntry], ...]  # (loser, winner)


@cache
def discover() -> Discovery:
    """Read the entry points of every installed distribution (cached)."""
    from importlib import metadata  # costly; only when a non-built-in is wanted

    found = {name: MethodEntry(name, target) for name, target in BUILTINS.items()}
    clashes: list[tuple[MethodEntry, MethodEntry]] = []
    points = [p for group in (GROUP, FORMER_GROUP) for p in metadata.entry_points(group=group)]
    for point in points:
        dist = point.dist.name if point.dist is not None else None
        entry = MethodEntry(point.name, point.value, dist)
        known = found.get(point.name)
        if known is None:
            found[point.name] = entry
        elif known.target != entry.target and dist != "pbnscore":
            # pbnscore's own registrations are what BUILTINS mirrors.
            clashes.append((entry, known))
    return Discovery(found, tuple(clashes))


def refresh() -> None:
    """Forget what was discovered (after installing a plug-in, or in tests)."""
    discover.cache_clear()
    _entry_point_texts.cache_clear()


def registered(names: Iterable[str]) -> set[str]:
    """Which of ``names`` a registered method has. The installed
    distributions are read (:func:`discover`) only where one's entry points
    mention one of the names that is not built in: a file whose own scoring
    no built-in reproduces asks this, and importing ``importlib.metadata``
    and reading every distribution's metadata cost the command on such a
    file (``mp_pairs_mitchell.xml``) a tenth of its CPU time
    (docs/internals/speed.md)."""
    wanted = set(names)
    others = [name.encode("utf-8", "surrogatepass") for name in wanted if name not in BUILTINS]
    if not others:
        return wanted & BUILTINS.keys()  # every discovery holds the built-ins
    if not discover.cache_info().currsize:
        texts = _entry_point_texts(tuple(sys.path))
        if texts is not None and not any(name in text for name in others for text in texts):
            return wanted & BUILTINS.keys()
    return {name for name in wanted if name in entries()}


@cache
def _entry_point_texts(path: tuple[object, ...]) -> tuple[bytes, ...] | None:
    """The ``entry_points.txt`` of every distribution :func:`discover` may
    find, as bytes (a name anywhere in one may be an entry point's), read
    where ``importlib.metadata`` looks for them: each folder on ``path``
    (``sys.path``, the cache keyed by its value so that a folder added since
    is read, as a fresh discovery would; the current folder for ""), its
    ``*.dist-info`` and ``*.egg-info``, an ``*.egg`` folder's ``EGG-INFO``.
    None where distributions may be found otherwise (a zip file on
    ``sys.path``, a finder of distributions of its own): :func:`discover` is
    asked then."""
    finders = [finder for finder in sys.meta_path if hasattr(finder, "find_distributions")]
    if any(finder is not PathFinder for finder in finders):
        return None
    texts: list[bytes] = []
    for root in path:
        if not isinstance(root, str):
            return None
        try:
            children = os.listdir(root or ".")
        except NotADirectoryError:
            return None  # a zip file, read by importlib.metadata as one
        except OSError:
            continue  # absent or unreadable: importlib.metadata finds nothing there either
        egg = os.path.basename(root).lower().endswith(".egg")
        for child in children:
            low = child.lower()
            if low.endswith((".dist-info", ".egg-info")) or (egg and low == "egg-info"):
                try:
                    with open(os.path.join(root, child, "entry_points.txt"), "rb") as file:
                        texts.append(file.read())
                except (FileNotFoundError, IsADirectoryError, NotADirectoryError, PermissionError):
                    continue  # what importlib.metadata takes for no entry points
    return tuple(texts)


def entries() -> dict[str, MethodEntry]:
    """Every registered method by name, without importing any of them."""
    return discover().entries


def names() -> list[str]:
    """The registered methods' names, sorted."""
    return sorted(entries())


def get(name: str) -> type[Any]:
    """The strategy class registered as ``name``; errors list the valid names."""
    if name in BUILTINS:
        return MethodEntry(name, BUILTINS[name]).load()
    try:
        entry = entries()[name]
    except KeyError:
        raise UnknownMethodError(
            f"unknown method {name!r}; choose from: {', '.join(usable_names())}"
        ) from None
    return entry.load()


def usable_names() -> list[str]:
    """The methods that load, in name order: what a user may choose from
    (one that fails to load is reported by ``methods``, never offered)."""
    return [entry.name for entry, loaded in load_all() if not isinstance(loaded, PluginError)]


def load_all() -> list[tuple[MethodEntry, type[Any] | PluginError]]:
    """Every registered method loaded, in name order; a method that fails to
    load comes with its error instead of stopping the others."""
    loaded: list[tuple[MethodEntry, type[Any] | PluginError]] = []
    for _, entry in sorted(entries().items()):
        try:
            loaded.append((entry, entry.load()))
        except PluginError as exc:
            loaded.append((entry, exc))
    for loser, winner in discover().clashes:
        error = PluginError(
            f"{loser.name}: failed to load: {loser.target} (from {loser.distribution}) "
            f"has the name of {winner.target}, which is used"
        )
        loaded.append((loser, error))
    return loaded
