"""The files that start ``watch`` at log-in and ``serve`` from a menu reach
a scorer who installed pbnscore from a wheel or the index, with no source
folder: the tutorials show each file whole on the documentation site (a
snippet of ``examples/``, so page and file cannot drift), and each starts
the command the install made, where that install puts it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
TUTORIALS = {"watch": ROOT / "docs/tutorials/watch.md", "serve": ROOT / "docs/tutorials/serve.md"}
FILES = sorted(
    (kind, path.name) for kind in TUTORIALS for path in (ROOT / "examples" / kind).iterdir()
)
# Where each install puts its commands: pipx's folder (~/.local/bin), or the
# name alone (on PATH), or Windows' py launcher (`pyw -m pbnscore`).
COMMAND = re.compile(r"(?:[\w%/\\.~-]*[/\\])?pbnscore(?:-gui)?(?:\.exe)?\b|\bpyw -m pbnscore\b")


def test_each_file_is_found() -> None:
    """The search below sees them (it would pass on none)."""
    assert len(FILES) == 6


def test_the_site_builds_snippets_and_fails_on_a_missing_one() -> None:
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    assert re.search(r"- pymdownx\.snippets:\n\s+check_paths: true\n", config)


@pytest.mark.parametrize(("kind", "name"), FILES, ids=[name for _, name in FILES])
def test_the_tutorial_shows_each_file_whole(kind: str, name: str) -> None:
    """Inside a fenced block, so the site shows it as written."""
    lines = TUTORIALS[kind].read_text(encoding="utf-8").splitlines()
    line = f'--8<-- "examples/{kind}/{name}"'
    (at,) = [number for number, text in enumerate(lines) if text.strip() == line]
    assert lines[at - 1].strip().startswith("```") and lines[at + 1].strip() == "```"


@pytest.mark.parametrize(("kind", "name"), FILES, ids=[name for _, name in FILES])
def test_each_file_starts_what_the_install_made(kind: str, name: str) -> None:
    text = (ROOT / "examples" / kind / name).read_text(encoding="utf-8")
    started = {match.group(0) for match in COMMAND.finditer(text)}
    wanted = "pbnscore-gui" if kind == "serve" else "pbnscore"
    assert any(
        word.removesuffix(".exe").rsplit("/", 1)[-1].rsplit("\\", 1)[-1] == wanted
        or word == "pyw -m pbnscore"
        for word in started
    ), started
    # No place only a developer has: a checkout's environment or source.
    assert not re.search(r"\.venv|site-packages|/src/|python3?\s", text)
