"""Options given by a user are checked in one place: an option of another
method, a value outside its choices, or one that does nothing under the other
options is an OptionError naming the fix, from Python as from the command line."""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

import attrs
import pytest

import pbnscore
from pbnscore.cli import main
from pbnscore.model import Event
from pbnscore.strategies import _base

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
        pbnscore.OptionError, match=r"^--rounding applies to --datum trimmed-mean, mean or median$"
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
    mode: str = _base.option("plain", "how", choices=["plain", "scaled"])
    scale: int = _base.option(
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
    assert _base.checked_options(_Plugin, {"mode": "scaled", "scale": 3}).scale == 3
    with pytest.raises(pbnscore.OptionError, match=r"^--scale applies to --mode scaled$"):
        _base.checked_options(_Plugin, {"scale": 3})
    assert "scale" not in _base.options_dict(_PluginOptions())


# -- on the command line -------------------------------------------------------------


def test_cli_drop_without_trimmed_mean_is_a_usage_error(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """`score night.xml --drop 3` under the default zero-sum datum: exit 2 with the fix."""
    night = FIXTURES / "usebio" / "mitchell-pairs.xml"
    assert main(["score", str(night), "--drop", "3"]) == 2
    captured = capsys.readouterr()
    assert captured.err == "pbnscore: --drop applies to --datum trimmed-mean\n"
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
