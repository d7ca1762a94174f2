"""Options given by a user are checked in one place: an option of another
method, a value outside its choices, or one that does nothing under the other
options is an OptionError naming the fix, from Python as from the command line."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any, ClassVar

import attrs
import pytest

import pbnscore
from pbnscore import _scoring
from pbnscore.cli import main
from pbnscore.model import Event
from pbnscore.strategies import _base, option

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


@pytest.fixture(scope="module")
def night() -> Event:
    return pbnscore.load(FIXTURES / "usebio" / "mitchell-pairs.xml")


@pytest.mark.parametrize(
    "options",
    [{"drop": 3}, {"datum": "zero-sum", "drop": 1}, {"datum": "mean", "drop": 2}],
    ids=["default-datum", "zero-sum-default-drop", "mean"],
)
def test_drop_without_trimmed_mean_is_refused(night: Event, options: dict[str, Any]) -> None:
    """--drop does nothing but with the trimmed mean: given elsewhere (even at
    its default value) it is refused with what it needs."""
    with pytest.raises(pbnscore.OptionError) as caught:
        pbnscore.score(night, "butler", **options)
    assert str(caught.value) == "--drop applies to --datum trimmed-mean"


def test_rounding_is_refused_with_zero_sum(night: Event) -> None:
    """A zero-sum par is a multiple of 10 already: --rounding does nothing there."""
    with pytest.raises(
        pbnscore.OptionError,
        match=r"^--rounding applies to --datum trimmed-mean, mean or median \(--median mean\)$",
    ):
        pbnscore.score(night, "butler", rounding="half-even")


@pytest.mark.parametrize("datum", ["trimmed-mean", "mean", "median"])
def test_rounding_is_taken_by_the_datums_that_round(night: Event, datum: str) -> None:
    """The datums that round take --rounding, and the report names it."""
    scored = pbnscore.score(night, "butler", datum=datum, rounding="half-even")
    assert scored.options["rounding"] == "half-even"


def test_defaults_never_trip_the_check_nor_reach_the_report(night: Event) -> None:
    """Options not given are not checked, and one that does not apply is not
    reported as though it was used (no 'drop' under the zero-sum datum)."""
    scored = pbnscore.score(night, "butler")
    assert scored.options["datum"] == "zero-sum"
    assert "drop" not in scored.options and "rounding" not in scored.options
    trimmed = pbnscore.score(night, "butler", datum="trimmed-mean")
    assert trimmed.options["drop"] == 1


def test_a_bad_choice_lists_the_valid_ones(night: Event) -> None:
    """From Python as on the command line, a misspelt value lists the choices."""
    with pytest.raises(pbnscore.OptionError) as caught:
        pbnscore.score(night, "butler", datum="zerosum")
    assert str(caught.value) == (
        "butler: --datum 'zerosum' is not one of: zero-sum, trimmed-mean, mean, median"
    )


def test_an_option_of_other_methods_names_them(night: Event) -> None:
    """An option the method lacks names the methods that take it."""
    with pytest.raises(pbnscore.OptionError) as caught:
        pbnscore.score(night, "butler", normalise="total")
    assert str(caught.value) == "--normalise is an option of cross-imps and barking, not butler"


def test_an_option_of_no_method_lists_the_methods_own(night: Event) -> None:
    """An option no method takes lists the chosen method's own."""
    with pytest.raises(
        pbnscore.OptionError,
        match=r"^method butler does not take --carry \(its options: --imp-gaps, ",
    ):
        pbnscore.score(night, "butler", carry=2)


@attrs.frozen
class _PluginOptions(_base.ImpOptions):
    mode: str = option("plain", "how", choices=["plain", "scaled"])
    scale: int = option(
        1,
        "the scale for --mode scaled",
        applies=_base.Applies(lambda o: o.mode == "scaled", "--mode scaled"),
        converter=int,
    )


class _Plugin:
    name: ClassVar[str] = "plugin-example"
    Options: ClassVar[type[_PluginOptions]] = _PluginOptions


def test_a_plug_in_declares_when_its_options_apply() -> None:
    """The rule is the field's metadata, so a plug-in's options are checked alike."""
    assert _scoring.checked_options(_Plugin, {"mode": "scaled", "scale": 3}).scale == 3
    with pytest.raises(pbnscore.OptionError, match=r"^--scale applies to --mode scaled$"):
        _scoring.checked_options(_Plugin, {"scale": 3})
    assert "scale" not in _base.options_dict(_PluginOptions())


# -- on the command line -------------------------------------------------------------


def test_cli_drop_without_trimmed_mean_is_a_usage_error(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """`score night.xml --drop 3` under the default zero-sum datum: exit 2 with the fix."""
    night = FIXTURES / "usebio" / "mitchell-pairs.xml"
    assert main(["score", str(night), "--drop", "3"]) == 2
    captured = capsys.readouterr()
    assert captured.err == (
        "pbnscore score: --drop applies to --datum trimmed-mean (pbnscore score --help)\n"
    )
    assert captured.out == ""
    assert main(["score", str(night), "--datum", "trimmed-mean", "--drop", "3"]) == 0


def test_cli_batch_refuses_before_any_work(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """With -m the options are checked before any file is read: exit 2, no output folder."""
    night = FIXTURES / "usebio" / "mitchell-pairs.xml"
    out = tmp_path / "out"
    assert main(["batch", str(night), "-m", "butler", "--drop", "3", "--out-dir", str(out)]) == 2
    assert "--drop applies to --datum trimmed-mean" in capsys.readouterr().err
    assert not out.exists()


def test_methods_says_when_an_option_applies(capsys: pytest.CaptureFixture[str]) -> None:
    """`methods` shows each option's rule beside its default."""
    assert main(["methods"]) == 0
    out = capsys.readouterr().out
    assert "--drop N|P%|RULE  (default: 1; applies to --datum trimmed-mean)" in out
    assert "--double  (default: off)\n" in out


# -- numbers out of range (bad-input.md "Numbers you give") -----------------------------

TEAMS = FIXTURES / "usebio" / "teams-of-four.xml"
ADJUSTED = FIXTURES / "usebio" / "adjusted-a6040.xml"
ARTIFICIAL = "--artificial-imps takes a number from 0 to 100, not "
CAP = "--imp-cap takes a whole number from 1 to 100, not "


@pytest.mark.parametrize(
    ("options", "says"),
    [
        ({"artificial_imps": float("inf")}, ARTIFICIAL + "inf"),
        ({"artificial_imps": float("nan")}, ARTIFICIAL + "nan"),
        ({"artificial_imps": 1e300}, ARTIFICIAL + "1e+300"),
        ({"artificial_imps": -1}, ARTIFICIAL + "-1"),
        ({"artificial_imps": True}, ARTIFICIAL + "True"),
        ({"imp_cap": 1.5}, CAP + "1.5"),
        ({"imp_cap": 0}, CAP + "0"),
        ({"imp_cap": [17]}, CAP + "[17]"),
    ],
    ids=["inf", "nan", "huge-float", "negative", "bool", "cap-1.5", "cap-0", "cap-list"],
)  # fmt: skip
def test_a_number_out_of_range_is_an_option_error_with_the_range(
    options: dict[str, Any], says: str
) -> None:
    """From Python: an OptionError naming the option and its range, never an
    OverflowError, and never 1.5 taken as 1."""
    event = pbnscore.load(ADJUSTED)
    with pytest.raises(pbnscore.OptionError) as caught:
        pbnscore.score(event, "butler", **options)
    assert str(caught.value) == f"butler: {says}"


@pytest.mark.parametrize(
    ("options", "expected"),
    [
        ({"artificial_imps": 2.5}, {"artificial_imps": "5/2"}),
        ({"artificial_imps": Fraction(1, 10)}, {"artificial_imps": "1/10"}),
        ({"imp_cap": 17.0}, {"imp_cap": 17}),
    ],
    ids=["float", "fraction", "whole-float"],
)
def test_a_number_in_range_is_taken_exactly(
    options: dict[str, Any], expected: dict[str, Any]
) -> None:
    """Within the range a number is taken as written: 0.1 is a tenth."""
    from fractions import Fraction

    parsed = _scoring.checked_options(pbnscore.registry.get("butler"), options)
    for name, value in expected.items():
        assert getattr(parsed, name) == (Fraction(value) if isinstance(value, str) else value)


@pytest.mark.parametrize(
    ("options", "says"),
    [
        ({"artificial_imps": "3"}, "--artificial-imps takes a number from 0 to 100 as an int, "
         "a Fraction or a float, not str '3'"),
        ({"imp_cap": "5"}, "--imp-cap takes a whole number from 1 to 100 as an int, not str '5'"),
        ({"imp_cap": "1.5"}, "--imp-cap takes a whole number from 1 to 100 as an int, "
         "not str '1.5'"),
    ],
    ids=["artificial-imps", "imp-cap", "imp-cap-1.5"],
)  # fmt: skip
@pytest.mark.parametrize("method", ["cross-imps", "butler"])
def test_a_number_as_text_is_refused_from_python(
    options: dict[str, Any], says: str, method: str
) -> None:
    """The command line parses its text; the Python API takes numbers only,
    and says which option wanted which type."""
    with pytest.raises(pbnscore.OptionError) as caught:
        pbnscore.score(pbnscore.load(ADJUSTED), method, **options)
    assert str(caught.value) == f"{method}: {says}"


@pytest.mark.parametrize(
    ("words", "says"),
    [
        (["--artificial-imps", "1e309"], "takes a number from 0 to 100, not '1e309'"),
        (["--artificial-imps", "1e999999999"], "takes a number from 0 to 100, not '1e999999999'"),
        (["--artificial-imps", "inf"], "takes a number from 0 to 100, not 'inf'"),
        (["--imp-cap", "1.5"], "takes a whole number from 1 to 100, not '1.5'"),
        (["--datum", "trimmed-mean", "--drop", "1e-300%"], "--drop takes N, P%, A/B or one of"),
        (["--datum", "trimmed-mean", "--drop", "1e309%"], "--drop takes N, P%, A/B or one of"),
    ],
    ids=["1e309", "huge-exponent", "inf", "cap-1.5", "drop-1e-300%", "drop-1e309%"],
)
def test_a_number_out_of_range_on_the_command_line_is_usage(
    words: list[str], says: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """The command line says the same range, exit 2, one line."""
    assert main(["score", str(ADJUSTED), *words]) == 2
    err = capsys.readouterr().err
    assert says in err and "Traceback" not in err


@pytest.mark.parametrize(
    ("row", "says"),
    [
        ("2,0,1e309,1e309", "winner_vp takes a number from 0 to 1000, not '1e309'"),
        ("2,0,inf,0", "winner_vp takes a number from 0 to 1000, not 'inf'"),
        ("2,1e309,20,0", "min_imps takes a whole number from 0 to 10000, not '1e309'"),
        ("1e309,0,20,0", "boards takes a whole number from 1 to 1000, not '1e309'"),
        ("2.5,0,20,0", "boards takes a whole number from 1 to 1000, not '2.5'"),
    ],
    ids=["vps-1e309", "vps-inf", "imps-1e309", "boards-1e309", "boards-2.5"],
)
def test_a_vp_scale_value_out_of_range_names_its_line_and_range(
    row: str, says: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A VP scale CSV row: exit 2 on the command line, an OptionError from
    Python, both ``file:line: column takes RANGE, not VALUE``."""
    scale = tmp_path / "scale.csv"
    scale.write_text(f"boards,min_imps,winner_vp,loser_vp\n{row}\n", encoding="utf-8")
    assert main(["score", str(TEAMS), "-m", "aggregate", "--vp", str(scale)]) == 2
    assert f"{scale}:2: {says}" in capsys.readouterr().err
    with pytest.raises(pbnscore.OptionError, match="takes"):
        pbnscore.score(pbnscore.load(TEAMS), "aggregate", vp=str(scale))


@pytest.mark.parametrize(
    ("options", "says"),
    [
        ({"best": 1.5}, "--best takes a whole number from 1 to 100000, not 1.5"),
        ({"best": float("inf")}, "--best takes a whole number from 1 to 100000, not inf"),
        ({"min_events": -1}, "--min-events takes a whole number from 0 to 100000, not -1"),
        ({"min_boards": "x"}, "--min-boards takes a whole number from 0 to 10000000, not 'x'"),
    ],
    ids=["best-1.5", "best-inf", "min-events-negative", "min-boards-text"],
)
def test_a_season_number_out_of_range_is_an_option_error(
    options: dict[str, Any], says: str
) -> None:
    """The season's numbers are checked the same way, from Python."""
    with pytest.raises(pbnscore.OptionError) as caught:
        pbnscore.season([pbnscore.load(ADJUSTED)], **options)
    assert str(caught.value) == says


@pytest.mark.parametrize(
    ("words", "says"),
    [
        (["--best", "1e309"], "takes a whole number from 1 to 100000, not '1e309'"),
        (["--min-events", "1.5"], "takes a whole number from 0 to 100000, not '1.5'"),
    ],
    ids=["best-1e309", "min-events-1.5"],
)
def test_a_season_number_out_of_range_on_the_command_line_is_usage(
    words: list[str], says: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["season", str(ADJUSTED), *words]) == 2
    assert says in capsys.readouterr().err


JOBS = "--jobs takes a whole number from 1 to 1024, not '5000'"


@pytest.mark.parametrize(
    ("words", "says"),
    [
        (["batch", str(ADJUSTED), "--out-dir", "{out}", "-j", "5000"], JOBS),
        (["season", str(ADJUSTED), "-j", "5000"], JOBS),
        (
            ["explain", str(ADJUSTED), "--board", "1e309"],
            "--board takes a whole number from 1 to 999999999, not '1e309'",
        ),
    ],
    ids=["batch-jobs", "season-jobs", "explain-board"],
)
def test_the_command_s_own_numbers_are_checked_the_same_way(
    words: list[str], says: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """-j and --board name their range too (5000 workers were started)."""
    assert main([word.format(out=tmp_path / "out") for word in words]) == 2
    assert says in capsys.readouterr().err


def test_explain_s_board_from_python_is_checked() -> None:
    from pbnscore import explain

    with pytest.raises(pbnscore.OptionError, match="board takes a whole number from 1 to"):
        explain(pbnscore.load(ADJUSTED), 1.5)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "name",
    [
        "factor", "datum", "drop", "preset", "rounding", "imp_gaps", "field", "rank",
        "artificial_imps", "imp_cap", "vp", "x" * 10_000,
    ],
)  # fmt: skip
@pytest.mark.parametrize("method", ["butler", "aggregate"])
def test_an_option_error_from_python_is_cut_like_every_message(
    night: Event, name: str, method: str
) -> None:
    """factor="x" * 10000 was a 10,034-character message: the value (or an
    option's name) is cut as every message cuts what it quotes."""
    with pytest.raises(pbnscore.OptionError) as caught:
        pbnscore.score(night, method, **{name: "x" * 10_000})
    said = str(caught.value)
    # What is quoted is cut; the method's own options listed after it grow
    # with the method (butler's are 18), a few hundred characters.
    quoted = said.split(" (its options:")[0]
    assert len(quoted) <= 300 and len(said) <= 600 and "x" * 50 not in said, said[:300]
