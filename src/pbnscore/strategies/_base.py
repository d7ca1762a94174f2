"""The interface every scoring method implements (a plug-in too): its options,
presets and the :class:`Method` protocol.

A strategy is a class with a ``name``, a one-line ``description``, an attrs
``Options`` class and ``score(event, options) -> ScoredEvent``. Each field of
``Options`` becomes a CLI flag (``imp_gaps`` -> ``--imp-gaps``); its
``metadata["help"]`` is the flag's help, ``metadata["choices"]`` (or an
enum type) its choices and ``metadata["applies"]`` (an :class:`Applies`) the
settings it does something under. :func:`checked_options` is the one place
options given by a user (the command line, ``pbnscore.score()``) are turned
into an ``Options`` and refused where they do nothing.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Mapping
from fractions import Fraction
from typing import Any, ClassVar, Protocol, runtime_checkable

from pbnscore._kinds import Enum
from pbnscore._records import attrs
from pbnscore.errors import OptionError, excerpt
from pbnscore.imps import ImpForm, ImpGaps
from pbnscore.model import (
    Event,
    EventKind,
    ScoredEvent,
)
from pbnscore.ranges import Range


@attrs.frozen
class Applies:
    """When an option does something: ``test`` over the whole options object,
    and ``needs``, what the user must also give, as they would type it
    (``"--datum trimmed-mean"``) for the message ``--drop applies to …``."""

    test: Callable[[Any], bool]
    needs: str


def applies_with(name: str, *values: enum.Enum | str) -> Applies:
    """An option that applies only while option ``name`` has one of ``values``
    (``applies_with("datum", Datum.TRIMMED_MEAN)``)."""
    wanted = frozenset(v.value if isinstance(v, enum.Enum) else v for v in values)

    def test(options: Any) -> bool:
        value = getattr(options, name)
        return (value.value if isinstance(value, enum.Enum) else value) in wanted

    spelled = [str(v.value if isinstance(v, enum.Enum) else v) for v in values]
    listed = spelled[0] if len(spelled) == 1 else f"{', '.join(spelled[:-1])} or {spelled[-1]}"
    return Applies(test, f"{flag_name(name)} {listed}")


def option(
    default: Any,
    help: str,
    choices: Iterable[str] | None = None,
    *,
    applies: Applies | None = None,
    metavar: str | None = None,
    bounds: Range | None = None,
    **kw: Any,
) -> Any:
    """An options field with CLI help (and choices, and when it applies:
    given where it does not, it is refused by :func:`checked_options`). A
    number's ``bounds`` are its kind and range: its converter, its flag's
    type, and what :func:`checked_options` names when a value is outside."""
    metadata: dict[str, object] = {"help": help}
    if bounds is not None:
        metadata["range"] = bounds
        kw["converter"] = bounds.parse if default is not None else _optional(bounds)
    if choices is not None:
        metadata["choices"] = tuple(choices)
    if applies is not None:
        metadata["applies"] = applies
    if metavar is not None:
        metadata["metavar"] = metavar  # how --help and methods name a value: "--vp SCALE"
    return attrs.field(default=default, metadata=metadata, **kw)


def _optional(bounds: Range) -> Callable[[object], int | Fraction | None]:
    def parse(value: object) -> int | Fraction | None:
        return None if value is None else bounds.parse(value)

    return parse


def choice(default: enum.Enum, help: str, *, applies: Applies | None = None) -> Any:
    """An options field taking one of an enum's values: its choices and its
    converter are the enum's."""
    kind = type(default)
    choices = [member.value for member in kind]
    return option(default, help, choices, applies=applies, converter=kind)


def flag_name(field_name: str) -> str:
    """The command-line spelling of an options field: ``imp_gaps`` -> ``--imp-gaps``."""
    return "--" + field_name.replace("_", "-")


def applies(field: attrs.Attribute[Any], options: Any) -> bool:
    """Whether ``field`` does anything under ``options`` (true where it says nothing)."""
    rule = field.metadata.get("applies")
    return not isinstance(rule, Applies) or bool(rule.test(options))


def choices_of(field: attrs.Attribute[Any]) -> tuple[str, ...] | None:
    """The values a field takes, where it is a closed list: its metadata's
    choices, else its enum converter's values."""
    listed = field.metadata.get("choices")
    if listed is not None:
        return tuple(str(choice) for choice in listed)
    converter = field.converter
    if isinstance(converter, type) and issubclass(converter, enum.Enum):
        return tuple(str(member.value) for member in converter)
    return None


_TRUE = frozenset({"true", "yes", "on", "1"})
_FALSE = frozenset({"false", "no", "off", "0", ""})


def to_bool(value: object) -> bool:
    """A switch option's value: a bool, or its usual spellings from a config
    or a script ("yes", "no" ...). ``bool("no")`` would be True."""
    if isinstance(value, bool):
        return value
    spelled = str(value).strip().lower()
    if spelled in _TRUE or spelled in _FALSE:
        return spelled in _TRUE
    raise ValueError(f"expected yes or no, not {excerpt(str(value))}")


# The mix-ins keep no __slots__: Python refuses a class two of whose bases
# lay out slots, and a method's options may take both mix-ins, or one and
# a base of their own.
@attrs.frozen(slots=False)
class ImpOptions:
    """The IMP options (``--imp-gaps``, ``--artificial-imps``, ``--imp-cap``):
    a mix-in for the options of a method that compares scores in IMPs, and
    only of one (an option that would do nothing is not offered)."""

    imp_gaps: ImpGaps = option(
        ImpGaps.LOWER,
        "how a difference between two rows of the IMP table (15, 45 ...) scores",
        converter=ImpGaps,
        # The continuous scale has no gaps between rows (a method without
        # --imps has only the steps).
        applies=Applies(
            lambda o: getattr(o, "imps", ImpForm.STEPS) is ImpForm.STEPS, "--imps steps"
        ),
    )
    artificial_imps: Fraction = option(
        Fraction(3),
        "IMPs for average-plus (average-minus scores minus this)",
        # Law 12C2(b): average-plus is a gain; a negative value would turn it into
        # a loss. No board scores more than 100 IMPs on any scale pbnscore has.
        bounds=Range(0, 100, whole=False),
    )
    imp_cap: int | None = option(
        None,
        "each single comparison scores at most N IMPs either way before it is summed "
        "or averaged (KOPS: 17)",
        bounds=Range(1, 100),
    )


# The help of ``--imps steps|continuous``: each built-in method that converts
# on either scale takes it in its own options (a plug-in's IMPs are its own),
# with the settings it works under.
IMPS_HELP = (
    "steps: Law 78B's whole IMPs; continuous: De Wael's Bastille scale, linear "
    "between the half-way points (15: 0.5, 45: 1.5 ...)"
)


@attrs.frozen(slots=False)
class FactorOptions:
    """``--factor``: a mix-in for the options of a method that ranks on
    totals, where some may have played fewer boards than others (rank with
    ``rank(factor=...)``)."""

    factor: bool = option(
        False,
        "rank on totals scaled up to the most boards played in the ranking group "
        "(most / played); JSON adds factored, USEBIO TOTAL_SCORE and PBN TotalIMP "
        "are the factored figure",
        converter=to_bool,
    )


# attrs gathers inherited fields from the most distant base in: the IMP
# options come first, then --factor, as each pairs method's flags are listed.
@attrs.frozen
class PairsOptions(FactorOptions, ImpOptions):
    """The options of the built-in pairs methods (butler, cross-imps,
    barking): the IMP options and ``--factor``."""


class Scope(Enum):
    """What --field and --rank take in: each section, or the whole event."""

    SECTION = "section"
    EVENT = "event"


@attrs.frozen
class SectionsOptions(PairsOptions):
    """Options of the pairs methods that score pairs and individual events
    by section (butler, cross-imps): how far a board's field and a ranking
    reach. A plug-in built on :class:`PerBoardMethod` may subclass it."""

    field: Scope = choice(
        Scope.SECTION,
        "section: each section's results of a board are its field; event: every section "
        "that played the same board (number, and deal where given) in a session",
    )
    rank: Scope = choice(
        Scope.SECTION, "section: rank within each section; event: across all sections"
    )


@attrs.frozen
class Preset:
    """A real program's convention for one method: the options it sets (by
    field name, as a user would give them) and where the definition comes
    from (docs/reference/presets.md)."""

    name: str
    settings: Mapping[str, object]
    source: str

    def flags(self) -> str:
        """The settings as command-line flags: ``--datum trimmed-mean --drop 1``."""
        return " ".join(
            flag_name(field) if value is True else f"{flag_name(field)} {value}"
            for field, value in self.settings.items()
        )


def preset_option(presets: Iterable[Preset]) -> Any:
    """The ``preset`` field of a method's options, choosing among ``presets``
    (the same ones as the strategy's ``presets``)."""
    names = [preset.name for preset in presets]
    return option(
        None,
        "set the options to a real program's convention (methods lists what each sets); "
        "an explicit option overrides it",
        choices=names,
    )


def with_preset(strategy: type[Any], given: Mapping[str, object]) -> dict[str, object]:
    """``given`` with its preset's settings under it: an option given
    explicitly overrides the preset's."""
    if given.get("preset") is None:
        return dict(given)
    name = str(given["preset"])
    presets: Mapping[str, Preset] = getattr(strategy, "presets", {})
    if name not in presets:
        listed = ", ".join(presets) or "none"
        raise OptionError(f"{strategy.name}: --preset {excerpt(name)} is not one of: {listed}")
    return {**presets[name].settings, **given}


@runtime_checkable
class Method(Protocol):
    """What a scoring method is (built-in or plug-in): its registered
    ``name``, a one-line ``description``, its ``Options`` (an attrs class,
    each field a command-line flag), the event ``kinds`` it scores, and
    :meth:`score`."""

    name: ClassVar[str]
    description: ClassVar[str]
    Options: ClassVar[type[Any]]
    kinds: ClassVar[frozenset[EventKind]]

    def score(self, event: Event, options: Any) -> ScoredEvent:
        """The event scored under ``options``; the event is not changed."""
        ...


# The protocol's former name, for plug-ins that import it.
Strategy = Method


def options_dict(options: Any) -> dict[str, object]:
    """The options that apply, as plain JSON values (enums by value, fractions
    as numbers): a report never names an option that did nothing."""
    out: dict[str, object] = {}
    for field in attrs.fields(type(options)):
        if not applies(field, options):
            continue
        value = getattr(options, field.name)
        if value is None and field.default is None:
            continue  # an optional setting left unset (no --imp-cap, no --preset): nothing done
        if hasattr(value, "value"):
            value = value.value
        elif isinstance(value, Fraction):
            value = int(value) if value.denominator == 1 else float(value)
        out[field.name] = value
    return out
