"""Every hint to install an optional part (``pip install 'pbnscore[bws]'``)
also says what works until pbnscore is on the package index: the same
extra from the source folder, ``pip install '.[bws]'``, as
docs/howto/install.md "Extras" has it, on the pages and in the messages."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from pbnscore.errors import install_line

ROOT = Path(__file__).resolve().parent.parent
PAGES = sorted([ROOT / "README.md", *(ROOT / "docs").rglob("*.md")])
SOURCES = sorted((ROOT / "src" / "pbnscore").rglob("*.py"))
BY_NAME_RE = re.compile(r"pbnscore\[(\w+)\]")


def _hinted(paths: list[Path]) -> list[tuple[Path, str]]:
    return [
        (path, extra)
        for path in paths
        for extra in sorted(set(BY_NAME_RE.findall(path.read_text(encoding="utf-8"))))
    ]


def test_the_hints_are_found() -> None:
    """The search below sees the hints (it would pass on none)."""
    extras = {extra for _, extra in _hinted(PAGES)}
    assert {"dd", "bws"} <= extras
    assert {extra for _, extra in _hinted(SOURCES)} >= {"dd"}


@pytest.mark.parametrize("where", ["pages", "sources"])
def test_each_hint_by_name_says_the_source_folder_s_line_too(where: str) -> None:
    """A page or module naming ``pbnscore[EXTRA]`` names ``'.[EXTRA]'`` too."""
    missing = [
        f"{path.relative_to(ROOT)}: pbnscore[{extra}] without '.[{extra}]'"
        for path, extra in _hinted(PAGES if where == "pages" else SOURCES)
        if f"'.[{extra}]'" not in path.read_text(encoding="utf-8")
    ]
    assert missing == []


def test_the_message_s_line_gives_both_ways() -> None:
    assert install_line("bws") == (
        "pip install 'pbnscore[bws]'; until pbnscore is on the package index, "
        "in its source folder: pip install '.[bws]'"
    )


def test_dd_s_message_gives_both_ways(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--dd`` without endplay: one line with both install lines."""
    from pbnscore.cli import main

    monkeypatch.setitem(sys.modules, "endplay", None)
    monkeypatch.setitem(sys.modules, "endplay.dds", None)
    night = ROOT / "fixtures" / "usebio" / "mitchell-pairs.xml"
    assert main(["score", str(night), "--dd", "--to", "text"]) == 2
    assert capsys.readouterr().err == (
        "pbnscore score: --dd needs the double-dummy solver, endplay: pip install "
        "'pbnscore[dd]'; until pbnscore is on the package index, in its source folder: "
        "pip install '.[dd]' (pbnscore score --help)\n"
    )
