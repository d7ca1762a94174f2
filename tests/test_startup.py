"""``pbnscore --version`` answers before anything heavy is imported."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import pbnscore
from pbnscore.cli._commands import COMMANDS

HEAVY = ("attr", "attrs", "lxml", "pbnscore.model", "pbnscore.cli", "pbnscore.errors")

# Runs the module as ``python -m pbnscore`` does, or the script's entry point.
PROBE = """
import runpy, sys
sys.argv = ["pbnscore", "--version"]
try:
    if sys.argv0 == "module":
        runpy.run_module("pbnscore", run_name="__main__", alter_sys=True)
    else:
        from pbnscore.__main__ import run
        sys.exit(run())
except SystemExit as exit:
    assert not exit.code, exit.code
heavy = [m for m in sys.modules if m.split(".")[0] in ("attr", "attrs", "lxml") or m.startswith(
    ("pbnscore.model", "pbnscore.cli", "pbnscore.errors"))]
print(sorted(heavy), file=sys.stderr)
"""


@pytest.mark.parametrize("how", ["module", "script"])
def test_version_imports_neither_attrs_nor_the_model_nor_the_cli(how: str) -> None:
    """python -m pbnscore --version and the pbnscore script's entry point
    print the version with attrs, lxml, the model and the CLI unimported."""
    probe = PROBE.replace("sys.argv0", repr(how))
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert done.stdout == f"pbnscore {pbnscore.__version__}\n"
    assert done.stderr.strip() == "[]"


def test_the_public_names_are_there_when_asked_for() -> None:
    """The classes pbnscore's __init__ imports lazily are the real ones."""
    from pbnscore import errors, model

    assert pbnscore.Event is model.Event
    assert pbnscore.UsebioError is errors.UsebioError
    assert all(hasattr(pbnscore, name) for name in pbnscore.__all__)
    with pytest.raises(AttributeError):
        _ = pbnscore.NoSuchThing


def test_season_is_the_function_and_seasons_the_package() -> None:
    """``import pbnscore.seasons`` gives the package, every documented name
    in it works with no import first, ``pbnscore.season(...)`` is its
    function (a folder of events too) and ``pbnscore.Season`` its class, and
    ``pbnscore.report.season`` is there unasked."""
    probe = (
        "import pbnscore, sys, types\n"
        "import pbnscore.seasons as s\n"
        "assert s is sys.modules['pbnscore.seasons'] and s is pbnscore.seasons\n"
        "assert all(getattr(s, name) is not None for name in s.__all__)\n"
        "assert pbnscore.season is s.season and isinstance(s.season, types.FunctionType)\n"
        "ranking = pbnscore.season(sys.argv[1])\n"
        "assert isinstance(ranking, pbnscore.Season) and ranking.ranking\n"
        "print(pbnscore.report.season.render(ranking, 'text').splitlines()[0])\n"
    )
    club = Path(__file__).resolve().parent.parent / "fixtures" / "season" / "club"
    done = subprocess.run(
        [sys.executable, "-c", probe, str(club)], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip()


SCORE_PROBE = """
import sys
from pbnscore.cli import main
status = main(["score", sys.argv[1], "--to", "json", "-o", sys.argv[2]])
others = sorted(m for m in sys.modules if m in {OTHERS})
print(status, others)
"""


def _score_imports(fixture: str, modules: set[str], tmp_path: Path) -> str:
    """``score fixtures/usebio/FIXTURE --to json`` in a fresh interpreter: its
    exit status and which of ``modules`` it imported, as the probe prints them."""
    probe = SCORE_PROBE.replace("{OTHERS}", repr(modules))
    night = Path(__file__).parents[1] / "fixtures" / "usebio" / fixture
    args = [sys.executable, "-c", probe, str(night), str(tmp_path / "night.json")]
    return subprocess.run(args, capture_output=True, text=True, check=True).stdout


def test_score_imports_no_other_command(tmp_path: Path) -> None:
    """``score`` builds its own sub-command only: season, batch's command,
    check, explain and methods, and the season's model and page, are not
    imported (season alone cost score a fifth of its start-up)."""
    others = {
        "pbnscore.seasons",
        "pbnscore.report.season",
        *(command.module for name, command in COMMANDS.items() if name != "score"),
    }
    assert _score_imports("club-night.xml", others, tmp_path) == "0 []\n"


@pytest.mark.parametrize(
    "fixture",
    ["mitchell-pairs.xml", "club-night.xml"],
    ids=["own-scoring-butler", "own-scoring-matchpoints"],
)
def test_installed_methods_are_read_without_importlib_metadata(
    tmp_path: Path, fixture: str
) -> None:
    """Scoring a file whose own scoring a built-in reproduces (Butler) reads
    no distribution's entry points, and one whose own scoring may be a
    plug-in's (matchpoints) reads their ``entry_points.txt`` only, where
    none names it (registry.registered): importlib.metadata, a third of a
    small file's start-up, is imported by neither."""
    assert _score_imports(fixture, {"importlib.metadata"}, tmp_path) == "0 []\n"


def test_a_json_report_of_a_usebio_file_imports_no_writer_and_no_layout(tmp_path: Path) -> None:
    """``score night.xml --to json`` reads USEBIO and writes JSON: the USEBIO
    writer, its reader profiles and the text/HTML tables' layout (``_view``,
    seven attrs classes) are not imported."""
    unused = {
        "pbnscore.usebio._writer",
        "pbnscore.usebio._write_profiles",
        "pbnscore.usebio._write_splice",
        "pbnscore.report._view",
        "pbnscore.report._standings",
    }
    assert _score_imports("mitchell-pairs.xml", unused, tmp_path) == "0 []\n"


def test_a_plain_score_imports_no_explain(tmp_path: Path) -> None:
    """A method notes its steps only when ``explain`` asks: scoring alone
    imports no ``pbnscore.explanation`` (six attrs classes) and no explain report."""
    unused = {"pbnscore._explaining", "pbnscore.explanation", "pbnscore.report.explain"}
    assert _score_imports("mitchell-pairs.xml", unused, tmp_path) == "0 []\n"


def test_a_pairs_event_scored_without_options_imports_no_other_method(tmp_path: Path) -> None:
    """``score night.xml`` with no -m and no method option reads its line
    with no method's flags (the parser's plain reading), so aggregate, the
    teams default, is not imported for a pairs event, nor any other method."""
    others = {"pbnscore.strategies.aggregate", "pbnscore.strategies.cross_imps",
              "pbnscore.strategies.barking"}  # fmt: skip
    assert _score_imports("mitchell-pairs.xml", others, tmp_path) == "0 []\n"


STDOUT_PROBE = """
import sys
from pbnscore.cli import main
status = main(["score", sys.argv[1], "--to", "json"])
print(status, sorted(m for m in sys.modules if m in {OTHERS}), file=sys.stderr)
"""


def test_score_to_standard_output_imports_only_what_json_needs() -> None:
    """``score night.xml --to json`` to standard output imports no other
    output (text, HTML, CSV, explain), no PBN, no season and none of what
    only a file written (tempfile), an option's CSV file or the help's
    layout need; ``json`` itself it does import (the probe's teeth)."""
    unused = {
        "pbnscore.report.text", "pbnscore.report.html", "pbnscore.report.csv",
        "pbnscore.report.explain", "pbnscore.pbn", "pbnscore.seasons", "pbnscore.watch",
        "tempfile", "csv", "textwrap", "importlib.metadata", "tqdm", "watchdog",
    }  # fmt: skip
    probe = STDOUT_PROBE.replace("{OTHERS}", repr({*unused, "pbnscore.report.json"}))
    night = Path(__file__).parents[1] / "fixtures" / "usebio" / "mitchell-pairs.xml"
    done = subprocess.run(
        [sys.executable, "-c", probe, str(night)], capture_output=True, text=True, check=True
    )
    assert done.stdout.startswith("{")
    assert done.stderr == "0 ['pbnscore.report.json']\n"


def test_a_line_without_method_options_builds_no_flag(tmp_path: Path) -> None:
    """The method flags (``pbnscore.cli._flags``: Flag, InRange) are
    imported where a method's options are read; ``score night.xml`` gives
    none. ``pbnscore.cli.Flag`` is still there when asked for."""
    assert _score_imports("mitchell-pairs.xml", {"pbnscore.cli._flags"}, tmp_path) == "0 []\n"
    from pbnscore import cli
    from pbnscore.cli import _flags

    assert cli.Flag is _flags.Flag
    assert cli.flags_of is _flags.flags_of


def test_score_of_one_file_imports_no_other_command_or_format(tmp_path: Path) -> None:
    """``score night.xml --to json -o night.json`` reads one USEBIO file:
    batch (its workers and job counts), the PBN and BWS readers (looked up
    only for an option the USEBIO reader does not take), watch, serve,
    season and corrections are not imported; nor are tempfile and shutil
    (the file is written, and the command line parsed, without them) with
    the compression modules shutil brings, nor pathlib (with the urllib and
    ipaddress it brings: a twentieth of the start-up), which only a failed
    write, a folder to make or a rulings file beside the input need."""
    unused = {
        "pbnscore.batch", "pbnscore.pbn", "pbnscore.bws", "pbnscore.watch", "pbnscore.serve",
        "pbnscore.seasons", "pbnscore.corrections", "tempfile", "shutil", "bz2", "lzma",
        "pathlib", "urllib.parse", "ipaddress",
    }  # fmt: skip
    assert _score_imports("mitchell-pairs.xml", unused, tmp_path) == "0 []\n"


def test_score_imports_no_attrs(tmp_path: Path) -> None:
    """The model's classes are built by ``pbnscore._records``, as attrs
    builds them: ``score`` imports attrs not at all (importing it and
    building the classes with it were a third of the start-up); nor signal's
    enumerations and threading, which only a batch's workers need."""
    modules = {"attr", "attrs", "attr._make", "attrs.exceptions", "signal", "threading"}
    assert _score_imports("club-night.xml", modules, tmp_path) == "0 []\n"


def test_a_command_run_once_runs_with_the_collector_paused(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``score``, ``check``, ``explain`` and ``methods`` run with the cyclic
    collector paused (their start-up makes no garbage); ``watch`` and
    ``serve`` keep it running; after either it runs again."""
    import gc

    from pbnscore import __main__, cli

    seen: list[bool] = []

    def main() -> int:
        seen.append(gc.isenabled())
        return 0

    monkeypatch.setattr(cli, "main", main)
    lines = [["score", "x.xml"], ["watch", "folder"], ["-q", "check", "x.xml"], ["serve"]]
    try:
        for argv in lines:
            monkeypatch.setattr(sys, "argv", ["pbnscore", *argv])
            assert __main__.run() == 0
            assert gc.isenabled()
    finally:
        gc.unfreeze()
    assert seen == [False, True, False, True]


@pytest.mark.parametrize("status", [0, 1, 130])
def test_a_ctrl_c_as_the_kept_code_is_saved_keeps_the_command_s_status(
    monkeypatch: pytest.MonkeyPatch, status: int
) -> None:
    """The command is done before its compiled code is kept: a Ctrl-C then
    (a second one, after a batch's first) is no traceback, and the
    command's own status stands. After a Ctrl-C (130) a further one is
    ignored before the code is kept."""
    import signal

    from pbnscore import __main__, _records, cli

    handlers: list[object] = []

    def save() -> None:
        handlers.append(signal.getsignal(signal.SIGINT))
        raise KeyboardInterrupt

    monkeypatch.setattr(cli, "main", lambda: status)
    monkeypatch.setattr(_records, "save", save)
    monkeypatch.setattr(sys, "argv", ["pbnscore", "batch", "folder"])
    before = signal.getsignal(signal.SIGINT)
    try:
        assert __main__.run() == status
    finally:
        signal.signal(signal.SIGINT, before)
    assert handlers == [signal.SIG_IGN if status == 130 else before]
