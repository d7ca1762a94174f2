"""docs/reference/methods.md lists every option of every built-in method,
each of its values and each preset (as ``pbnscore methods`` prints them),
and docs/reference/presets.md gives every preset its source: a new option
or preset missing from the page fails here."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pbnscore import registry
from pbnscore.cli._flags import flags_of

DOCS = Path(__file__).resolve().parents[1] / "docs" / "reference"
PAGE = (DOCS / "methods.md").read_text(encoding="utf-8")
PRESETS_PAGE = (DOCS / "presets.md").read_text(encoding="utf-8")
# Said once for every method, under the table.
COMMON = PAGE[PAGE.index("The pairs methods") : PAGE.index("An option given where")]


def row(method: str) -> str:
    found = re.search(rf"^\| `{re.escape(method)}`.*$", PAGE, re.MULTILINE)
    assert found, f"methods.md has no row for {method}"
    return found.group(0)


def said(flag: str, value: str, span: str) -> bool:
    """``--imp-gaps lower|upper|strict``, ``--datum median``: the value beside its flag."""
    words = re.split(r"[\s|·]+", span)
    return flag in words and value in words


@pytest.mark.parametrize("method", sorted(registry.BUILTINS))
def test_every_option_and_value_is_listed(method: str) -> None:
    listed = row(method)
    strategy = registry.get(method)
    missing = []
    for flag in flags_of(strategy):
        where = listed if flag.flag in listed else COMMON
        if flag.flag not in where:
            missing.append(flag.flag)
            continue
        spans = re.findall(r"`([^`]*)`", where)
        missing += [
            f"{flag.flag} {value}"
            for value in flag.choices or ()
            if not any(span == value or said(flag.flag, value, span) for span in spans)
        ]
    assert not missing, f"{method}: methods.md lacks {missing}"


@pytest.mark.parametrize("method", sorted(registry.BUILTINS))
def test_every_preset_is_listed_with_its_source(method: str) -> None:
    presets = getattr(registry.get(method), "presets", {}) or {}
    spans = re.findall(r"`([^`]*)`", row(method))
    assert [p for p in presets if not any(s == p or said("--preset", p, s) for s in spans)] == []
    sourced = [p for p in presets if f"| `{method}` | `{p}` |" in PRESETS_PAGE]
    assert sourced == list(presets)
