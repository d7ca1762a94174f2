"""A method's options as command-line flags.

Each field of a method's attrs ``Options`` class becomes one :class:`Flag`:
a bool a switch, an enum (or ``choices`` metadata) a choice, a number a
number, anything else text. The CLI only turns fields into flags; what an
option means and when it applies stays with the method.
"""

from __future__ import annotations

import argparse
import enum
import typing
from collections.abc import Callable
from fractions import Fraction
from typing import Any

from pbnscore import registry
from pbnscore._records import attrs
from pbnscore._scoring import default_method
from pbnscore.ranges import OutOfRange, Range


@attrs.frozen
class Flag:
    """One field of a method's ``Options`` as a command-line flag."""

    field: str
    flag: str  # "--imp-gaps"
    help: str
    default: object  # the field's default, as the user would write it
    switch: bool = False  # a bool: given means True (or --no-... for a True default)
    parse: Callable[[str], object] = str
    choices: tuple[str, ...] | None = None
    to_option: Callable[[Any], object] = lambda value: value
    needs: str | None = None  # what it applies to, where not always ("--datum trimmed-mean")
    metavar: str = "N"  # what a value is called where there are no choices ("SCALE")

    @property
    def dest(self) -> str:
        return f"option_{self.field}"

    @property
    def spelling(self) -> str:
        """The flag as ``methods`` and help show it."""
        if self.switch:
            return f"{self.flag} / --no-{self.flag[2:]}" if self.default is True else self.flag
        return (
            f"{self.flag} {{{','.join(self.choices)}}}"
            if self.choices
            else f"{self.flag} {self.metavar}"
        )

    @property
    def shown_default(self) -> str:
        if self.switch:
            return "on" if self.default else "off"
        return "none" if self.default is None else str(self.default)

    @property
    def noted(self) -> str:
        """Its default, and what it applies to where it does not always."""
        applies = f"; applies to {self.needs}" if self.needs else ""
        return f"default: {self.shown_default}{applies}"

    def same_as(self, other: Flag) -> bool:
        """The same flag taking the same values (what two methods may share)."""
        mine = (self.flag, self.switch, self.choices, self.parse)
        return mine == (other.flag, other.switch, other.choices, other.parse)


@attrs.frozen
class InRange:
    """An argparse type: a number in ``bounds``, refused with its range
    (the one check :func:`pbnscore.score` makes too). Equal for equal
    bounds, so that two methods' ``--imp-cap`` are one flag."""

    bounds: Range

    def __call__(self, text: str) -> int | Fraction:
        try:
            return self.bounds.parse(text)
        except OutOfRange as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None


def _fraction(text: str) -> Fraction:
    try:
        return Fraction(text)
    except (ValueError, ZeroDivisionError):
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None


def _field_type(field: attrs.Attribute[Any], hints: dict[str, Any]) -> object:
    """The field's type, from its annotation, else from its default;
    ``X | None`` is X."""
    hint = hints.get(field.name)
    if hint is None:
        return type(_default(field))
    arguments = [a for a in typing.get_args(hint) if a is not type(None)]
    if typing.get_origin(hint) in (typing.Union, _UNION_TYPE) and len(arguments) == 1:
        return arguments[0]
    return hint


_UNION_TYPE = type(int | None)


# attrs' stubs type ``Factory`` as a function; the class is what isinstance needs.
_FACTORY: type[Any] = type(attrs.Factory(list))


def _default(field: attrs.Attribute[Any]) -> object:
    default: Any = field.default
    if isinstance(default, _FACTORY):
        return None if default.takes_self else default.factory()
    return None if default is attrs.NOTHING else default


def _shown(value: object) -> object:
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, Fraction) and value.denominator == 1:
        return int(value)
    return value


def flag_for(field: attrs.Attribute[Any], hints: dict[str, Any]) -> Flag:
    """The flag for one options field: bool -> switch; enum or metadata choices
    -> choices; int, Fraction, float -> a number; anything else -> text."""
    from pbnscore.strategies import _base  # not at import: --version loads no method code

    kind = _field_type(field, hints)
    default = _default(field)
    common: dict[str, Any] = {
        "field": field.name,
        "flag": _base.flag_name(field.name),
        "help": str(field.metadata.get("help", "")),
        "default": _shown(default),
        "metavar": str(field.metadata.get("metavar", "N")),
    }
    rule = field.metadata.get("applies")
    if isinstance(rule, _base.Applies):
        common["needs"] = rule.needs
    choices = field.metadata.get("choices")
    if kind is bool:
        return Flag(**common, switch=True)
    if isinstance(kind, type) and issubclass(kind, enum.Enum):
        members = {str(member.value): member for member in kind}
        return Flag(
            **common,
            choices=tuple(choices or members),
            to_option=lambda value: members.get(value, value),
        )
    if choices:
        return Flag(**common, choices=tuple(str(choice) for choice in choices))
    bounds = field.metadata.get("range")
    if isinstance(bounds, Range):
        return Flag(**common, parse=InRange(bounds))
    parse: Callable[[str], object] = {int: int, float: float, Fraction: _fraction}.get(
        kind,  # type: ignore[call-overload]
        str,
    )
    return Flag(**common, parse=parse)


def flags_of(strategy: type[Any]) -> tuple[Flag, ...]:
    """Every option of a strategy as a flag, in field order."""
    options = strategy.Options
    try:
        # Annotations are strings under ``from __future__ import annotations``.
        hints = typing.get_type_hints(options)
    except Exception:  # a plug-in's annotation may name what it never imports
        hints = {}
    return tuple(flag_for(field, hints) for field in attrs.fields(options))


def flags_of_method(name: str) -> tuple[Flag, ...]:
    return flags_of(registry.get(name))


def default_methods() -> list[str]:
    """The methods ``default_method`` can pick, one per kind of event."""
    from pbnscore.model import Event, EventKind, Source

    empty = Source(name="", format="")
    return list(dict.fromkeys(default_method(Event(kind, (), empty)) for kind in EventKind))


def merged(methods: list[str], *, shared_only: bool) -> tuple[Flag, ...]:
    """The flags of several methods: all of them (first wins), or only those
    every method takes alike (``shared_only``)."""
    per_method = [flags_of_method(name) for name in methods]
    by_flag: dict[str, Flag] = {}
    for flags in per_method:
        for flag in flags:
            by_flag.setdefault(flag.flag, flag)
    if shared_only:
        return tuple(
            flag
            for flag in by_flag.values()
            if all(any(flag.same_as(other) for other in flags) for flags in per_method)
        )
    return tuple(by_flag.values())
