"""Commands a newcomer gets right first time, and usage errors that say in
one line what was wrong with what was typed (docs/reference/commands.md
"Output format and names")."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

from pbnscore import outputs, registry
from pbnscore.cli import main
from pbnscore.cli._commands import COMMANDS

NIGHT = Path(__file__).parent.parent / "fixtures" / "usebio" / "club-night.xml"


def scored_to_stdout(capsys: pytest.CaptureFixture[str], *words: str) -> str:
    assert main(["score", str(NIGHT), *words]) == 0
    captured = capsys.readouterr()
    return captured.out


START = {
    "usebio": "<?xml",
    "text": "Monday Pairs\n====",
    "html": "<!DOCTYPE html>",
    "json": "{",
}


@pytest.mark.parametrize(
    ("given", "format"),
    [
        ("xml", "usebio"),
        ("txt", "text"),
        ("htm", "html"),
        ("XML", "usebio"),
        ("Text", "text"),
        ("HTML", "html"),
        ("js", "json"),
    ],
)
def test_to_takes_extensions_any_case_and_prefixes(
    given: str, format: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """--to xml / txt / htm name the formats their extensions name; any case
    and a unique prefix are the format too."""
    assert scored_to_stdout(capsys, "--to", given).startswith(START[format])


@pytest.mark.parametrize("given", ["Butler", "BUTLER", "butl", "CROSS-IMPS", "cross", "Cr"])
def test_a_method_is_named_in_any_case_or_by_a_unique_prefix(
    given: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """-m Butler and -m cross score with butler and cross-imps, and the
    output names the method by its own name."""
    document = json.loads(scored_to_stdout(capsys, "-m", given, "--to", "json"))
    expected = next(name for name in registry.names() if name.lower().startswith(given.lower()))
    assert document["method"]["name"] == expected


def test_an_ambiguous_prefix_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    """-m b could be barking or butler: refused, listing the methods."""
    assert main(["score", str(NIGHT), "-m", "b", "--to", "json"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "barking, butler" in err


def test_an_option_s_choice_in_any_case(capsys: pytest.CaptureFixture[str]) -> None:
    """--datum MEDIAN is --datum median; --datum trim is trimmed-mean."""
    upper = json.loads(scored_to_stdout(capsys, "--datum", "MEDIAN", "--to", "json"))
    lower = json.loads(scored_to_stdout(capsys, "--datum", "median", "--to", "json"))
    assert upper == lower
    trimmed = json.loads(scored_to_stdout(capsys, "--datum", "trim", "--to", "json"))
    assert trimmed["method"]["options"]["datum"] == "trimmed-mean"


def test_a_terminal_gets_the_text_report(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """With neither -o nor --to, a terminal shows the text report."""
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    assert scored_to_stdout(capsys).startswith(START["text"])


def test_a_pipe_gets_usebio(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """To a pipe (and with -o -) the output is USEBIO, as other programs read it."""
    monkeypatch.setattr(sys.stdout, "isatty", lambda: False)
    assert scored_to_stdout(capsys).startswith(START["usebio"])
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    assert scored_to_stdout(capsys, "-o", "-").startswith(START["usebio"])


@pytest.mark.parametrize(
    ("words", "message"),
    [
        (
            ["score", str(NIGHT), "--imp-cap", "0"],
            "--imp-cap takes a whole number from 1 to 100, not '0'",
        ),
        (
            ["score", str(NIGHT), "--artificial-imps", "-1"],
            "--artificial-imps takes a number from 0 to 100, not '-1'",
        ),
        (
            ["batch", str(NIGHT), "--out-dir", "x", "-j", "x"],
            "--jobs takes a whole number from 1 to 1024, not 'x'",
        ),
        (
            ["score", str(NIGHT), "--to", "docx"],
            "--to must be one of usebio, pbn, json, text, html, csv, not docx",
        ),
        (["score", str(NIGHT), "--to"], "--to needs a value"),
        (["score"], "score takes INPUT or --example (one of them)"),
        (["batch", str(NIGHT), "--out-dir", "x", "-j", "0"], None),
    ],
    ids=["range", "range-zero", "type", "choice", "no-value", "missing", "jobs"],
)
def test_a_usage_error_is_one_line_and_a_pointer(
    words: list[str], message: str | None, capsys: pytest.CaptureFixture[str]
) -> None:
    """One line naming the option as typed and where to read more: never
    argparse's usage, never an internal name (imp_cap)."""
    assert main(words) == 2
    err = capsys.readouterr().err
    command = words[0]
    assert err.count("\n") == 1, err
    assert err.startswith(f"pbnscore {command}: ")
    assert err.endswith(f" (pbnscore {command} --help)\n")
    assert "usage:" not in err and not re.search(r"\b[a-z]+_[a-z]+\b", err)
    if message is not None:
        assert err == f"pbnscore {command}: {message} (pbnscore {command} --help)\n"


def help_of(command: str, capsys: pytest.CaptureFixture[str]) -> str:
    assert main([command, "--help"]) == 0
    return capsys.readouterr().out


# The project's own work, which a user of the program never saw. A bridge
# contract (--corrections' contract/declarer/result) is the game's word; the
# project's CONTRACT document is named in capitals.
OWN_WORK_RE = re.compile(r"(?i:\bissues?\b|review point)|\bCONTRACT\b")


@pytest.mark.parametrize("command", COMMANDS)
def test_help_speaks_of_programs_not_of_the_project(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """No --help and not ``methods`` speaks of the project's issues."""
    text = help_of(command, capsys)
    assert text.startswith("usage:")
    assert not OWN_WORK_RE.search(text)
    assert main(["methods"]) == 0
    listed = capsys.readouterr().out
    assert listed and not OWN_WORK_RE.search(listed)


def test_score_help_lists_every_format_and_each_method_s_options(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Every output format with its extensions, and under each method its
    options (--normalise too, an option of no default method)."""
    text = " ".join(help_of("score", capsys).split())
    for name, output in outputs.FORMATS.items():
        extensions = ", ".join(f".{extension}" for extension in output.extensions)
        assert f"{name} ({extensions})" in text
    assert "text on a terminal and usebio to a pipe or file" in text
    from pbnscore.cli._flags import flags_of_method

    for method in registry.names():
        listed = re.search(rf" {re.escape(method)}: ((?:--[a-z-]+ ?)+)", text)
        assert listed is not None, method
        assert listed[1].split() == [flag.flag for flag in flags_of_method(method)]
    assert "--normalise" in text
