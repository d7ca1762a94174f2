"""``pbnscore methods``: every registered method with its options."""

from __future__ import annotations

import argparse
from collections.abc import Mapping

from pbnscore import registry
from pbnscore.cli import _parser
from pbnscore.cli._flags import flags_of
from pbnscore.cli._io import writing_stdout
from pbnscore.errors import shown

NAME = "methods"
DESCRIPTION = "List every scoring method (built-in and plug-in) with its options."
METHOD_OPTIONS = False


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """``methods`` takes no arguments."""


def run(command_line: _parser.Line, method: str | None) -> int:
    _parser.parse(command_line, (), None)  # --help; nothing else is taken
    with writing_stdout():
        _print_methods()
    return 0


# An option's help is a sentence or two; a plug-in's is cut past this.
HELP_LIMIT = 1000


def _print_methods() -> None:
    for entry, loaded in registry.load_all():
        if isinstance(loaded, registry.PluginError):
            print(loaded)
            continue
        origin = "built-in" if entry.name in registry.BUILTINS else f"plug-in {entry.target}"
        # A plug-in's own words, one line each whatever they hold.
        print(f"{entry.name}: {shown(str(loaded.description))} [{origin}]")
        try:
            flags = flags_of(loaded)
        except Exception as exc:  # a plug-in's Options may be broken in any way
            print(f"  (its options cannot be read: {shown(f'{type(exc).__name__}: {exc}')})")
            continue
        for flag in flags:
            print(f"  {flag.spelling}  ({flag.noted})")
            if flag.help:
                print(f"      {shown(flag.help, HELP_LIMIT)}")
        _print_presets(getattr(loaded, "presets", None))


def _print_presets(presets: object) -> None:
    """A method's presets, each with the options it sets and its source."""
    from pbnscore.strategies._base import Preset  # not at import: --version stays light

    if not isinstance(presets, Mapping) or not presets:
        return
    print("  presets (--preset NAME; an explicit option overrides it):")
    for name, preset in presets.items():
        if isinstance(preset, Preset):
            print(f"    {name}: {preset.flags()}  [{preset.source}]")
