"""The ``pbnscore`` command line: ``main([...])`` with capsys and tmp_path.

The first part runs against fake methods and a fake reader, so that it tests
the command line alone: flags made from a method's options, the default
method, output formats, exit codes, error lines. The end-to-end part at the
bottom uses the real readers, methods and writers on the project's fixtures.
"""

from __future__ import annotations

import enum
import io
import json
import os
import re
import subprocess
import sys
from collections.abc import Callable, Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any, ClassVar

import attrs
import pytest

import pbnscore
from conftest import shared_sample_params
from pbnscore import pipeline, registry
from pbnscore.cli import main
from pbnscore.errors import ParseError
from pbnscore.model import Event, EventKind, PointsStyle, ScoredEvent
from pbnscore.strategies import option
from pbnscore.strategies._base import ImpOptions, options_dict
from pbnscore.strategies._ranking import rank
from pbnscore.testing import pairs_event, teams_event

# -- fakes ---------------------------------------------------------------------


class Datum(enum.Enum):
    ZERO_SUM = "zero-sum"
    MEAN = "mean"


@attrs.frozen
class PairsOptions(ImpOptions):
    datum: Datum = option(Datum.ZERO_SUM, "how each board's datum is found")
    double: bool = option(False, "IMP twice the difference")
    drop: int = option(1, "results dropped at each end")
    normalise: str = option("average", "how totals are scaled", ("average", "total"))


@attrs.frozen
class TeamsOptions(ImpOptions):
    vp: str = option("wbf", "victory points", ("wbf", "none"))
    normalise: str = option("match", "how totals are scaled", ("match", "total"))
    carry: int = option(0, "IMPs carried forward")


def _scored(event: Event, name: str, options: Any) -> ScoredEvent:
    """Standings whose totals depend on the options, so tests can see them."""
    weight = Fraction(len(options_dict(options)))
    totals = [(p, weight * len(p.id), 1) for p in event.participants()]
    return ScoredEvent(
        event=event,
        method=name,
        style=PointsStyle.BUTLER,
        options=options_dict(options),
        boards=(),
        standings=rank(totals),
    )


class FakeButler:
    name: ClassVar[str] = "butler"
    description: ClassVar[str] = "fake Butler pairs"
    Options: ClassVar[type[Any]] = PairsOptions
    kinds: ClassVar[frozenset[EventKind]] = frozenset({EventKind.PAIRS})

    def score(self, event: Event, options: PairsOptions) -> ScoredEvent:
        assert isinstance(options.datum, Datum)  # the CLI converts enum values
        return _scored(event, self.name, options)


class FakeAggregate:
    name: ClassVar[str] = "aggregate"
    description: ClassVar[str] = "fake aggregate teams"
    Options: ClassVar[type[Any]] = TeamsOptions
    kinds: ClassVar[frozenset[EventKind]] = frozenset({EventKind.TEAMS})

    def score(self, event: Event, options: TeamsOptions) -> ScoredEvent:
        return _scored(event, self.name, options)


def fake_read(
    data: bytes,
    source: str,
    settings: pipeline.Settings,
    warn: Callable[[str], None] | None = None,
) -> Event:
    """PAIRS... or TEAMS... files; anything else fails on its line 2."""
    kinds: dict[bytes, Callable[[], Event]] = {b"PAIRS": pairs_event, b"TEAMS": teams_event}
    made = kinds.get(data[:5])
    if made is None:
        raise ParseError("not a results file", source=source, line=2)
    event = made()
    return attrs.evolve(event, source=attrs.evolve(event.source, name=source))


@pytest.fixture
def fakes(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setitem(registry.BUILTINS, "butler", f"{__name__}:FakeButler")
    monkeypatch.setitem(registry.BUILTINS, "aggregate", f"{__name__}:FakeAggregate")
    monkeypatch.setattr(pipeline, "read", fake_read)
    registry.refresh()
    yield
    registry.refresh()


@pytest.fixture
def pairs_file(tmp_path: Path) -> Path:
    path = tmp_path / "monday.pbn"
    path.write_bytes(b"PAIRS\n")
    return path


@pytest.fixture
def teams_file(tmp_path: Path) -> Path:
    path = tmp_path / "league.pbn"
    path.write_bytes(b"TEAMS\n")
    return path


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, Any]:
    assert main([*argv, "--to", "json"]) == 0, capsys.readouterr().err
    document: dict[str, Any] = json.loads(capsys.readouterr().out)
    return document


# -- version and start-up ------------------------------------------------------------


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    """--version prints the program's name and version and exits 0."""
    assert main(["--version"]) == 0
    assert capsys.readouterr().out == f"pbnscore {pbnscore.__version__}\n"


def test_version_imports_no_lxml_strategy_or_metadata() -> None:
    """--version stays quick: no lxml, no method, no entry-point scan."""
    probe = (
        "import sys\n"
        "from pbnscore.cli import main\n"
        "main(['--version'])\n"
        "heavy = [m for m in sys.modules if m.startswith(('lxml', 'pbnscore.strategies.', "
        "'importlib.metadata', 'tqdm', 'concurrent'))]\n"
        "print(heavy, file=sys.stderr)\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert done.stdout.startswith("pbnscore ")
    assert done.stderr.strip() == "[]"


# -- method options as flags -------------------------------------------------------


@pytest.mark.usefixtures("fakes")
def test_method_options_become_flags(capsys: pytest.CaptureFixture[str], pairs_file: Path) -> None:
    """Enum, bool, int and Fraction fields become flags whose values reach the method."""
    document = run_json(
        capsys, "score", str(pairs_file), "-m", "butler", "--datum", "mean", "--double",
        "--drop", "2", "--imp-gaps", "upper", "--artificial-imps", "5/2",
    )  # fmt: skip
    assert document["method"] == {
        "name": "butler",
        "options": {
            "imp_gaps": "upper",
            "artificial_imps": 2.5,
            "datum": "mean",
            "double": True,
            "drop": 2,
            "normalise": "average",
        },
    }


@pytest.mark.usefixtures("fakes")
def test_options_not_given_keep_the_method_defaults(
    capsys: pytest.CaptureFixture[str], pairs_file: Path
) -> None:
    """No flag: the Options class's defaults, not argparse's."""
    document = run_json(capsys, "score", str(pairs_file), "-m", "butler")
    assert document["method"]["options"]["datum"] == "zero-sum"
    assert document["method"]["options"]["double"] is False


@pytest.mark.usefixtures("fakes")
@pytest.mark.parametrize(
    ("method", "value", "status"),
    [
        ("butler", "total", 0),
        ("butler", "match", 2),
        ("aggregate", "match", 0),
        ("aggregate", "average", 2),
    ],
    ids=["butler-total", "butler-match", "aggregate-match", "aggregate-average"],
)
def test_same_flag_has_each_methods_choices(
    capsys: pytest.CaptureFixture[str], pairs_file: Path, method: str, value: str, status: int
) -> None:
    """--normalise exists for both methods, with each method's own choices;
    the other's value is one line naming who takes it."""
    assert main(["score", str(pairs_file), "-m", method, "--normalise", value, "--to", "json"]) == (
        status
    )
    if status:
        err = capsys.readouterr().err
        assert err.startswith(f"pbnscore score: --normalise {value} is a value of ")
        assert err.endswith(f", not {method} (pbnscore score --help)\n") and err.count("\n") == 1


@pytest.mark.parametrize(
    ("words", "message"),
    [
        (
            ["-m", "butler", "--preset", "kops"],
            "--preset kops is a preset of cross-imps, not butler",
        ),
        (["-m", "butler", "--preset=kops"], "--preset kops is a preset of cross-imps, not butler"),
        (["--preset", "kops"], "--preset kops is a preset of cross-imps: choose one with -m"),
        (
            ["-m", "cross-imps", "--normalise", "match"],
            "--normalise match is a value of barking, not cross-imps",
        ),
    ],
    ids=["butler", "butler-equals", "default-method", "cross-imps"],
)
def test_another_method_s_value_is_one_line(
    words: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """A value of another method's flag of that name (a cross-imps preset
    under butler) names the method, in one line as a misplaced option does,
    not argparse's usage and "invalid choice"."""
    night = Path(__file__).parent.parent / "fixtures" / "usebio" / "club-night.xml"
    assert main(["score", str(night), *words]) == 2
    assert capsys.readouterr() == ("", f"pbnscore score: {message} (pbnscore score --help)\n")
    assert main(["score", str(night), "-m", "cross-imps", "--preset", "kops", "--to", "json"]) == 0


@pytest.mark.usefixtures("fakes")
def test_unknown_method_lists_the_valid_ones(
    capsys: pytest.CaptureFixture[str], pairs_file: Path
) -> None:
    """Exit 2 with one line naming every registered method."""
    assert main(["score", str(pairs_file), "-m", "matchpoints"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "unknown method 'matchpoints'" in err
    assert "aggregate, barking, butler, cross-imps" in err


@pytest.mark.usefixtures("fakes")
def test_option_the_method_does_not_take(
    capsys: pytest.CaptureFixture[str], pairs_file: Path
) -> None:
    """An option of another method is a usage error naming the methods that
    take it; one of no method names the chosen method's own."""
    assert main(["score", str(pairs_file), "-m", "butler", "--vp", "none"]) == 2
    assert capsys.readouterr().err == (
        "pbnscore score: --vp is an option of aggregate, not butler (pbnscore score --help)\n"
    )
    assert main(["score", str(pairs_file), "-m", "butler", "--nonesuch=1"]) == 2
    err = capsys.readouterr().err
    assert "method butler does not take --nonesuch" in err
    assert "--datum" in err


def test_a_pair_in_two_results_is_scored_with_a_warning(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A keying slip that counts a pair's points twice is scored (its numbers are
    the file's) but the scorer is told, with file and line; batch says it too."""
    slip = FIXTURES / "usebio" / "leads-and-tricks.xml"
    assert main(["score", str(slip), "-o", str(tmp_path / "out.json")]) == 0
    warnings = capsys.readouterr().err.splitlines()
    expected = rf"{re.escape(str(slip))}:\d+: warning: board 9: pair \S+ is in two results"
    # Its points counted twice, the pair has played a board more than the
    # others: the unfactored-totals warning says so too.
    uneven = rf"{re.escape(str(slip))}: warning: .* played different numbers of boards .*"
    assert any(re.fullmatch(expected, line) for line in warnings)
    assert all(re.fullmatch(expected, line) or re.fullmatch(uneven, line) for line in warnings)
    assert (tmp_path / "out.json").exists()
    out_dir = tmp_path / "batch"
    assert main(["batch", str(slip), "--out-dir", str(out_dir), "--no-progress", "-j", "1"]) == 0
    assert set(warnings) <= set(capsys.readouterr().err.splitlines())


def test_negative_artificial_imps_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    """Average-plus is a gain (Law 12C2(b)): a negative --artificial-imps is refused."""
    night = FIXTURES / "usebio" / "club-night.xml"
    assert main(["score", str(night), "-m", "butler", "--artificial-imps", "-3"]) == 2
    assert capsys.readouterr().err == (
        "pbnscore score: --artificial-imps takes a number from 0 to 100, not '-3'"
        " (pbnscore score --help)\n"
    )


@pytest.mark.usefixtures("fakes")
@pytest.mark.parametrize(
    ("fixture", "method"),
    [("pairs_file", "butler"), ("teams_file", "aggregate")],
    ids=["pairs-butler", "teams-aggregate"],
)
def test_default_method_follows_the_event(
    capsys: pytest.CaptureFixture[str], request: pytest.FixtureRequest, fixture: str, method: str
) -> None:
    """Without -m: butler for pairs, aggregate for teams."""
    path = request.getfixturevalue(fixture)
    assert run_json(capsys, "score", str(path))["method"]["name"] == method


@pytest.mark.usefixtures("fakes")
def test_default_method_takes_its_own_flags(
    capsys: pytest.CaptureFixture[str], pairs_file: Path, teams_file: Path
) -> None:
    """Without -m, --vp is fine for a teams event and wrong for a pairs event."""
    assert run_json(capsys, "score", "--vp", "none", str(teams_file))["method"]["options"][
        "vp"
    ] == ("none")
    assert main(["score", "--vp", "none", str(pairs_file), "--to", "json"]) == 2
    assert "--vp is an option of aggregate, not butler" in capsys.readouterr().err


@pytest.mark.usefixtures("fakes")
@pytest.mark.parametrize(
    ("flag", "status"),
    [("--imp-gaps=upper", 0), ("--drop=2", 2), ("--carry=2", 2), ("--normalise=total", 2)],
    ids=["shared", "butler-only", "aggregate-only", "same-name-other-choices"],
)
def test_batch_without_method_takes_only_shared_options(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, pairs_file: Path, flag: str, status: int
) -> None:
    """Each file gets its own default method, so only options every default
    method takes alike (same flag, same values) are accepted."""
    assert main(["batch", str(pairs_file), "--out-dir", str(tmp_path / "out"), flag]) == status
    if status:
        err = capsys.readouterr().err
        assert "unrecognized arguments" in err or "choose one with -m" in err


# -- outputs ------------------------------------------------------------------------


@pytest.mark.usefixtures("fakes")
@pytest.mark.parametrize(
    ("name", "looks_like"),
    [("out.json", '{\n  "schema"'), ("out.txt", "Synthetic pairs"), ("out.HTML", "<!DOCTYPE")],
    ids=["json", "text", "html"],
)
def test_output_format_from_extension(
    tmp_path: Path, pairs_file: Path, name: str, looks_like: str
) -> None:
    """-o's extension picks the format when --to is not given."""
    output = tmp_path / name
    assert main(["score", str(pairs_file), "-o", str(output)]) == 0
    assert output.read_text(encoding="utf-8").lstrip().startswith(looks_like)


@pytest.mark.usefixtures("fakes")
def test_to_wins_over_extension(tmp_path: Path, pairs_file: Path) -> None:
    """--to json writes JSON even to a .txt file."""
    output = tmp_path / "out.txt"
    assert main(["score", str(pairs_file), "-o", str(output), "--to", "json"]) == 0
    assert json.loads(output.read_text(encoding="utf-8"))["schema"] == "pbnscore/1"


@pytest.mark.usefixtures("fakes")
def test_stdin_to_stdout(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """'-' reads standard input; no -o writes standard output."""
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"PAIRS\n")))
    document = run_json(capsys, "score", "-", "-o", "-")
    assert document["source"] == "<stdin>"


@pytest.mark.usefixtures("fakes")
def test_never_overwrites_the_input(capsys: pytest.CaptureFixture[str], pairs_file: Path) -> None:
    """-o naming the input (by another spelling, or a hard link) is exit 2."""
    spelled = pairs_file.parent / "." / pairs_file.name
    linked = pairs_file.parent / "link.json"
    os.link(pairs_file, linked)
    for output in (spelled, linked):
        assert main(["score", str(pairs_file), "-o", str(output)]) == 2
        assert "would overwrite the input" in capsys.readouterr().err
    assert pairs_file.read_bytes() == b"PAIRS\n"


@pytest.mark.usefixtures("fakes")
def test_failed_write_keeps_the_earlier_output(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, pairs_file: Path
) -> None:
    """A write that fails at the rename leaves the old output and no temporary file."""
    output = pairs_file.parent / "out.json"
    output.write_text("earlier")

    def broken_replace(source: str, target: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken_replace)
    assert main(["score", str(pairs_file), "-o", str(output)]) == 1
    err = capsys.readouterr().err
    why = "cannot write to this folder: No space left on device"
    assert err == f"pbnscore: {output.parent}: {why}\n"
    assert output.read_text() == "earlier"
    assert sorted(p.name for p in pairs_file.parent.iterdir()) == ["monday.pbn", "out.json"]


# -- errors ----------------------------------------------------------------------------


@pytest.mark.usefixtures("fakes")
def test_bad_input_is_one_line_and_exit_1(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A file that cannot be read: file:line: message, nothing written."""
    bad = tmp_path / "bad.pbn"
    bad.write_bytes(b"garbage\n")
    output = tmp_path / "out.json"
    assert main(["score", str(bad), "-o", str(output)]) == 1
    assert capsys.readouterr().err == f"{bad}:2: not a results file\n"
    assert not output.exists()


@pytest.mark.usefixtures("fakes")
def test_unknown_flag_is_usage_before_the_input_is_read(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A flag no method takes is exit 2 and named, even with an input that
    would fail to read (the read's error hid the typo, exit 1)."""
    bad = tmp_path / "bad.pbn"
    bad.write_bytes(b"garbage\n")
    assert main(["score", str(bad), "--dautm", "mean"]) == 2
    assert capsys.readouterr().err == (
        "pbnscore score: unrecognized arguments: --dautm mean (pbnscore score --help)\n"
    )


@pytest.mark.usefixtures("fakes")
def test_missing_input_is_usage(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """A missing input file is exit 2, one line."""
    missing = tmp_path / "nowhere.pbn"
    assert main(["score", str(missing)]) == 2
    assert capsys.readouterr().err == f"{missing}: no such file\n"


@pytest.mark.usefixtures("fakes")
@pytest.mark.parametrize(
    ("error", "status", "line"),
    [
        (pbnscore.ScoringError("15 is between rows"), 1, "{file}: 15 is between rows"),
        (KeyError("oops"), 3, "pbnscore: internal error: KeyError: 'oops'"),
    ],
    ids=["scoring-error-names-the-file", "bug-is-internal-error"],
)
def test_method_failure_is_one_line(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    pairs_file: Path,
    error: Exception,
    status: int,
    line: str,
) -> None:
    """A method that cannot score the event: exit 1, the file named; a bug in
    one: exit 3. One line either way, never a traceback."""

    def fail(self: FakeButler, event: Event, options: Any) -> ScoredEvent:
        raise error

    monkeypatch.setattr(FakeButler, "score", fail)
    assert main(["score", str(pairs_file), "--to", "json"]) == status
    assert capsys.readouterr().err == line.format(file=pairs_file) + "\n"


def test_no_command_is_usage(capsys: pytest.CaptureFixture[str]) -> None:
    """Nothing to do: one line and where to read more, exit 2."""
    assert main([]) == 2
    assert capsys.readouterr().err == "pbnscore: missing COMMAND (pbnscore --help)\n"


# -- methods -------------------------------------------------------------------------


@pytest.mark.usefixtures("fakes")
def test_methods_lists_options_with_choices_defaults_and_help(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Each method's description, then each flag with its choices, default and help."""
    assert main(["methods"]) == 0
    out = capsys.readouterr().out
    assert "butler: fake Butler pairs [built-in]" in out
    assert "  --datum {zero-sum,mean}  (default: zero-sum)\n      how each board's datum" in out
    assert "  --double  (default: off)" in out
    assert "  --drop N  (default: 1)" in out
    assert "  --vp {wbf,none}  (default: wbf)" in out


# -- end to end: real readers, methods and writers -----------------------------------

FIXTURES = Path(__file__).parent.parent / "fixtures"
BUTLER_FIXTURE = FIXTURES / "usebio" / "flat-butler-old-style.xml"


@pytest.mark.parametrize(
    ("name", "method"),
    [
        ("flat-butler-old-style.xml", "butler"),
        ("teams-of-four.xml", "aggregate"),
        ("teams-of-eight-two-matches.xml", "aggregate"),
        ("../pbn/howell-pairs.pbn", "butler"),
        ("../pbn/teams-of-four.pbn", "aggregate"),
    ],
    ids=["pairs", "teams-of-four", "teams-of-eight", "pbn-pairs", "pbn-teams"],
)
def test_default_method_of_real_files(
    capsys: pytest.CaptureFixture[str], name: str, method: str
) -> None:
    """The fixtures score with their event's default method."""
    document = run_json(capsys, "score", str(FIXTURES / "usebio" / name))
    assert document["method"]["name"] == method
    assert document["participants"]


@pytest.mark.parametrize("name", ["out.xml", "out", "-"], ids=["xml", "no-extension", "stdout"])
def test_usebio_is_the_default_output(
    capsysbinary: pytest.CaptureFixture[bytes], tmp_path: Path, name: str
) -> None:
    """.xml, a name without an extension, or stdout: USEBIO that reads back."""
    output = name if name == "-" else str(tmp_path / name)
    assert main(["score", str(BUTLER_FIXTURE), "-o", output]) == 0
    data = capsysbinary.readouterr().out if name == "-" else Path(output).read_bytes()
    assert data.startswith(b"<?xml")
    again = pbnscore.usebio.loads(data, source=name)
    assert again.result_count() == pbnscore.load(BUTLER_FIXTURE).result_count()


@pytest.mark.parametrize(("types", "event_type"), [(None, b"BUTLER_PAIRS"), ("new", b"PAIRS")])
def test_usebio_types_reaches_the_writer(
    capsysbinary: pytest.CaptureFixture[bytes], types: str | None, event_type: bytes
) -> None:
    """Old-style input stays old-style unless --usebio-types new."""
    extra = ["--usebio-types", types] if types else []
    assert main(["score", str(BUTLER_FIXTURE), *extra]) == 0
    assert b'<EVENT EVENT_TYPE="' + event_type + b'">' in capsysbinary.readouterr().out


def test_method_options_change_real_scores(capsys: pytest.CaptureFixture[str]) -> None:
    """--halve halves every pair's Butler total of a real file."""
    argv = ("score", str(BUTLER_FIXTURE), "-m", "butler", "--datum", "mean")
    plain = run_json(capsys, *argv)["participants"]
    halved = run_json(capsys, *argv, "--halve")["participants"]
    totals = {(p["id"], p["direction"]): p["total"] for p in plain}
    assert any(totals.values())
    assert {(p["id"], p["direction"]): 2 * p["total"] for p in halved} == pytest.approx(totals)


def test_wrong_method_for_the_event_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    """Aggregate on a pairs event: the method's reason, the file named, exit 1."""
    assert main(["score", str(BUTLER_FIXTURE), "-m", "aggregate"]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"{BUTLER_FIXTURE}: ") and err.count("\n") == 1


def test_broken_xml_is_one_line_with_its_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Not well-formed USEBIO: file:line: message, exit 1."""
    bad = tmp_path / "cut.xml"
    bad.write_bytes(BUTLER_FIXTURE.read_bytes()[:900])
    assert main(["score", str(bad)]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"{bad}:") and err.count("\n") == 1


@pytest.mark.parametrize("path", shared_sample_params("pbn/*", "usebio/*.xml"))
def test_every_real_sample_scores_or_says_why(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, path: Path
) -> None:
    """Each real PBN and USEBIO sample: exit 0 with JSON written, or exit 1
    and one line naming the file."""
    output = tmp_path / "out.json"
    status = main(["score", str(path), "-o", str(output)])
    err = capsys.readouterr().err
    if status == 0:
        assert json.loads(output.read_text(encoding="utf-8"))["schema"] == "pbnscore/1"
    else:
        assert status == 1 and err.startswith(f"{path}:") and err.count("\n") == 1
        assert not output.exists()


@pytest.mark.parametrize(("given", "status"), [("usebio", 0), ("pbn", 1)])
def test_from_overrides_the_detected_format(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, given: str, status: int
) -> None:
    """--from decides the reader, whatever the name or content says."""
    unnamed = tmp_path / "night.dat"
    unnamed.write_bytes(BUTLER_FIXTURE.read_bytes())
    assert main(["score", str(unnamed), "--from", given, "--to", "json"]) == status
    if status:
        assert capsys.readouterr().err.startswith(f"{unnamed}:")


def test_a_file_without_results_scores_empty_with_a_warning(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A hand-record file (deals, no results) is no error, but the scorer is
    told that there was nothing to score."""
    deals = tmp_path / "deals.pbn"
    deals.write_text('[Event "Hand records"]\n[Board "1"]\n[Dealer "N"]\n\n[Board "2"]\n')
    assert main(["score", str(deals), "--to", "json", "-o", str(tmp_path / "out.json")]) == 0
    assert capsys.readouterr().err.splitlines() == [
        f"{deals}: warning: no results to score (a file of deals only?)"
    ]
