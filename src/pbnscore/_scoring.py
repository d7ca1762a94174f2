"""Scoring an event with a registered method: the one path that
:func:`pbnscore.score`, ``batch``, ``season`` and ``explain`` take, and the
check of the options a user gave it (which names the methods that take an
option another method does not)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from pbnscore._gc import gc_paused

if TYPE_CHECKING:
    from pbnscore.model import Event, ScoredEvent


def default_method(event: Event) -> str:
    """``aggregate`` for a teams event, ``butler`` for anything else."""
    from pbnscore.model import EventKind

    return "aggregate" if event.kind is EventKind.TEAMS else "butler"


def score(event: Event, method: str | None = None, **options: Any) -> ScoredEvent:
    """Score ``event`` with a registered method; options by field name
    (``datum="zero-sum"``, ``double=True``). The event is not changed.

    An :class:`OptionError` where an option is not the method's, has a value
    outside its choices (they are listed) or does nothing under the others."""
    from pbnscore.errors import wrong_type
    from pbnscore.model import Event

    if not isinstance(event, Event):
        raise wrong_type("pbnscore.score()", "an Event (from pbnscore.load)", event)
    with gc_paused():
        from pbnscore.registry import running

        strategy, parsed = prepare(event, method, options)
        with running(strategy.name):
            scored: ScoredEvent = strategy.score(event, parsed)
        _check_scored(strategy.name, event, scored)
        return remarked(scored)


def remarked(scored: ScoredEvent) -> ScoredEvent:
    """``scored`` with what every scoring says beside its figures (the
    file's own scoring where no method reproduces it, who did not play):
    :func:`score`'s and :func:`pbnscore.explain`'s alike."""
    from pbnscore import registry
    from pbnscore.strategies._notices import said_own_scoring, said_who_did_not_play

    return said_who_did_not_play(said_own_scoring(scored, registry.registered))


def _check_scored(method: str, event: Event, scored: ScoredEvent) -> None:
    """A method (plug-ins too) that scored no participant of an event with
    real results has failed, whatever its table of zeros says."""
    if not scored.standings or any(standing.boards for standing in scored.standings):
        return
    boards = (
        board
        for session in event.sessions
        for held in (*(s.boards for s in session.sections), *(m.boards for m in session.matches))
        for board in held
    )
    if any(play.is_real for board in boards for play in board.columns.plays):
        from pbnscore.errors import ScoringError

        # What the method warned of (each board it left out, and why) is
        # why: it goes with the error, not lost with the scored event
        reasons = tuple((notice.message, notice.line) for notice in scored.warnings)
        raise ScoringError(f"{method} scored no participant on any board", reasons=reasons)


def prepare(event: Event, method: str | None, options: Mapping[str, Any]) -> tuple[Any, Any]:
    """The method's strategy and its checked options, as :func:`score` and
    :func:`pbnscore.explain` use them."""
    from pbnscore import registry

    strategy = registry.get(method or default_method(event))
    parsed = checked_options(strategy, options)
    return strategy(), parsed


def checked_options(strategy: type[Any], given: Mapping[str, object]) -> Any:
    """``strategy.Options`` from the options a user gave, by field name.

    An OptionError (a usage error) where one is not an option of the method
    (naming the methods that take it), has a value outside its choices
    (listing them), or does nothing under the other options (naming what it
    needs: ``--drop applies to --datum trimmed-mean``). Only the options
    given are checked: a default never trips it.
    """
    # Here, not at the top: ``pbnscore --version`` imports this module.
    import enum

    from pbnscore._records import attrs
    from pbnscore.errors import OptionError, ParseError, excerpt
    from pbnscore.ranges import Range
    from pbnscore.strategies._base import Applies, choices_of, flag_name, with_preset

    fields = attrs.fields_dict(strategy.Options)
    for name, value in given.items():
        if name not in fields:
            raise OptionError(str(not_an_option(strategy, name)))
        bounds = fields[name].metadata.get("range")
        if isinstance(bounds, Range) and value is not None:
            bounds.checked(f"{strategy.name}: {flag_name(name)}", value, text=False)
        choices = choices_of(fields[name])
        spelled = value.value if isinstance(value, enum.Enum) else value
        if choices is not None and isinstance(spelled, str) and spelled not in choices:
            listed = ", ".join(choices)
            raise OptionError(
                f"{strategy.name}: {flag_name(name)} {excerpt(spelled)} is not one of: {listed}"
            )
    try:
        # A preset's own settings are not checked for applying: an explicit
        # --datum may leave its --drop with nothing to do.
        options = strategy.Options(**with_preset(strategy, given))
    except ParseError:
        raise  # a file an option names is too large: said as a results file is
    except (TypeError, ValueError) as exc:
        raise OptionError(f"{strategy.name}: {exc}") from None
    for name in given:
        rule = fields[name].metadata.get("applies")
        if isinstance(rule, Applies) and not rule.test(options):
            raise OptionError(f"{flag_name(name)} applies to {rule.needs}")
    return options


def methods_taking(name: str) -> list[str]:
    """The registered methods (in the registry's order) with an option ``name``;
    a plug-in that cannot be loaded is passed over."""
    from pbnscore import registry
    from pbnscore._records import attrs

    takers = []
    for entry in registry.entries().values():
        try:
            options = entry.load().Options
        except registry.PluginError:
            continue
        if attrs.has(options) and name in attrs.fields_dict(options):
            takers.append(entry.name)
    return takers


def not_an_option(strategy: type[Any] | None, name: str) -> str | None:
    """The message for option ``name`` that ``strategy`` does not take: which
    registered methods do (``--normalise is an option of cross-imps and
    barking, not butler``), else the options ``strategy`` has. With no
    strategy chosen (``None``): which methods take it, or None where none does."""
    from pbnscore._records import attrs
    from pbnscore.errors import excerpt
    from pbnscore.strategies._base import flag_name

    flag = excerpt(flag_name(name), bare=True)  # a keyword may be any length
    takers = [taker for taker in methods_taking(name) if strategy is None or taker != strategy.name]
    listed = " and ".join(filter(None, (", ".join(takers[:-1]), takers[-1] if takers else "")))
    if strategy is None:
        return f"{flag} is an option of {listed}: choose one with -m" if takers else None
    if takers:
        return f"{flag} is an option of {listed}, not {strategy.name}"
    own = ", ".join(flag_name(f.name) for f in attrs.fields(strategy.Options)) or "none"
    return f"method {strategy.name} does not take {flag} (its options: {own})"
