"""Writing a scored event in any format the table names
(:data:`pbnscore.formats.TABLE`): the one way to its bytes, which
:func:`pbnscore.dumps` and the one road (:func:`pbnscore.pipeline.render`)
both take, and the check of the options a writer is given.

A writer's options are declared once, in
:data:`pbnscore.formats.WRITER_OPTIONS`; a format module's ``WriteOptions``
lists the keywords its ``dumps`` takes (``warn`` besides them).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from importlib import import_module
from typing import TYPE_CHECKING

from pbnscore.formats import DEFAULT, TABLE, WRITER_OPTIONS, WRITTEN, Format, taken_by
from pbnscore.formats import extensions as _extensions
from pbnscore.formats import named_by as _named_by

if TYPE_CHECKING:
    from pbnscore.model import ScoredEvent

Warn = Callable[[str], None]

# The formats a scored event is written in (``--to``), by name: the rows
# of the one table that are written.
FORMATS: dict[str, Format] = {name: TABLE[name] for name in WRITTEN}


def named_by(path: str | None) -> str | None:
    """The written format whose extension ``path`` has; None where it has none of them."""
    return _named_by(path, WRITTEN)


def named(given: object, function: str, among: Iterable[str] = WRITTEN) -> str:
    """The format ``given`` names to ``function``: a format's name, or one of
    its extensions (``xml``, ``txt``, ``htm``); of the formats ``among``
    (default: those written), else any format of the table."""
    from pbnscore.errors import OptionError, wrong_type

    if not isinstance(given, str):
        raise wrong_type(function, "a format name (str)", given)
    name = given if given in TABLE else _named_by(f"x.{given}", TABLE)
    if name is None:
        listed = ", ".join(dict.fromkeys([*among, *TABLE]))
        raise OptionError(f"unknown format {given!r}; choose from: {listed}")
    return name


def options_of(name: str, kind: str) -> Mapping[str, object]:
    """The options format ``name`` takes, ``kind`` "read" or "write": its
    module's ``ReadOptions`` or ``WriteOptions``."""
    options: Mapping[str, object] = getattr(
        import_module(TABLE[name].module), f"{kind.title()}Options"
    ).__annotations__
    return options


def refuse_unused(name: str, kind: str, options: Iterable[str]) -> None:
    r"""An :class:`~pbnscore.errors.OptionError` for an option that format
    ``name`` does not take when it ``kind``\ s ("read" or "write"): it would
    silently do nothing. A writer's options are the table's
    (:data:`~pbnscore.formats.WRITER_OPTIONS`); a reader's, its module's."""
    from pbnscore.errors import OptionError

    if kind == "read":  # its own options first: no other reader is imported for them
        own = options_of(name, "read")
        options = [option for option in options if option not in own]
    else:
        options = tuple(options)
    if not options:
        return
    if kind == "write":
        takers = {option.keyword: option.formats for option in WRITER_OPTIONS}
    else:
        readers = [other for other in TABLE if TABLE[other].readable]
        takers = {}
        for other in readers:
            for option in options_of(other, "read"):
                takers[option] = (*takers.get(option, ()), other)
    for option in options:
        users = takers.get(option, ())
        if name in users:
            continue
        if users:
            raise OptionError(f"{option!r} is an option of {' and '.join(users)}, not {name}")
        doer = {"read": "reader", "write": "writer"}[kind]
        raise OptionError(f"{option!r} is no {doer} option (they are: {', '.join(takers)})")


def extensions() -> list[str]:
    """Every extension that names a written format, as ``-o``'s message lists them."""
    return _extensions(WRITTEN)


def render(
    scored: ScoredEvent, to: str, writing: Mapping[str, object], warn: Warn | None = None
) -> bytes:
    """The bytes of ``scored`` in format ``to``, by its module's ``dumps``
    (text as UTF-8), with those of the writer options ``writing`` (by
    keyword) that its writer takes; what the writer must say goes to
    ``warn``."""
    module = import_module(TABLE[to].module)
    given = {keyword: value for keyword, value in writing.items() if keyword in taken_by(to)}
    if warn is not None and "warn" in module.WriteOptions.__annotations__:
        given["warn"] = warn
    made: bytes | str = module.dumps(scored, **given)
    return made.encode("utf-8") if isinstance(made, str) else made


__all__ = [
    "DEFAULT",
    "FORMATS",
    "extensions",
    "named",
    "named_by",
    "options_of",
    "refuse_unused",
    "render",
]
