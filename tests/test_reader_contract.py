"""One reader contract and one error hierarchy (pbnscore.errors): both
readers' ``load``/``loads`` take ``strict`` and ``warnings``; one problems
collector, one ``TooManyProblems``, one limit; every user-facing error in
``pbnscore.errors``, each carrying the exit status the command line ends
with."""

from __future__ import annotations

from pathlib import Path

import pytest

from pbnscore import errors, pbn, usebio
from pbnscore.cli import main
from pbnscore.errors import Problem, UsebioError

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
CLUB = FIXTURES / "usebio" / "club-night.xml"
MITCHELL = FIXTURES / "pbn" / "mitchell-pairs.pbn"


def test_both_readers_take_strict_and_warnings() -> None:
    assert set(pbn.ReadOptions.__annotations__) == {"strict", "warnings"}
    assert set(usebio.ReadOptions.__annotations__) == {"strict", "warnings"}


def _one_bad_score() -> bytes:
    """club-night.xml with its first traveller line's score no number."""
    return CLUB.read_bytes().replace(b"<SCORE>-50</SCORE>", b"<SCORE>-5x</SCORE>", 1)


def test_a_strict_usebio_read_fails_at_a_bad_line() -> None:
    with pytest.raises(UsebioError, match="-5x"):
        usebio.loads(_one_bad_score(), source="night.xml")
    with pytest.raises(UsebioError, match="-5x"):
        usebio.loads(_one_bad_score(), source="night.xml", strict=True)


def test_a_lenient_usebio_read_skips_a_bad_line_as_pbn_s_does() -> None:
    """``strict=False``: the line is skipped, the rest read; what is
    warned of goes to ``warnings``, as for PBN."""
    whole = usebio.loads(CLUB.read_bytes())
    warnings: list[Problem] = []
    event = usebio.loads(_one_bad_score(), source="night.xml", strict=False, warnings=warnings)
    assert event.result_count() == whole.result_count() - 1
    assert all(problem.severity == "warning" for problem in warnings)
    assert pbn.loads(MITCHELL.read_bytes(), strict=False, warnings=[]).result_count() > 0


def test_a_lenient_usebio_read_of_nothing_readable_raises() -> None:
    with pytest.raises(UsebioError):
        usebio.loads(b"<NOT_USEBIO/>", source="x.xml", strict=False)


@pytest.mark.parametrize("module", [pbn, usebio], ids=["pbn", "usebio"])
def test_one_limit_stops_both_lenient_reads(
    monkeypatch: pytest.MonkeyPatch, module: object
) -> None:
    """pbnscore.errors.MAX_PROBLEMS is the one limit: lowered, both readers'
    lenient reads stop there with the one closing line."""
    monkeypatch.setattr(errors, "MAX_PROBLEMS", 2)
    if module is usebio:
        data = CLUB.read_bytes().replace(b"<SCORE>", b"<SCORE>x")
        _, problems = usebio.read_leniently(data, source="night.xml")
    else:
        data = MITCHELL.read_bytes().replace(b'[Board "', b'[Board "x')
        _, problems = pbn.read_leniently(data, source="night.pbn")
    assert len(problems) == 3
    assert problems[-1].message == errors.TOO_MANY
    from pbnscore.pbn import _reader as pbn_reader
    from pbnscore.usebio import _reader as usebio_reader

    for reader in (pbn_reader, usebio_reader, pbn, usebio):
        one = errors.TooManyProblems
        assert getattr(reader, "TooManyProblems", one) is one
        assert getattr(reader, "MAX_PROBLEMS", 2) == 2


def test_every_user_facing_error_lives_in_errors() -> None:
    """The old names keep working, as the same classes."""
    from pbnscore import registry
    from pbnscore.cli._io import StreamError
    from pbnscore.errors import CannotExplain

    assert registry.PluginError is errors.PluginError
    assert registry.PluginFault is errors.PluginFault
    assert CannotExplain is errors.CannotExplain
    assert StreamError is errors.StreamError


@pytest.mark.parametrize(
    ("error", "status"),
    [
        (errors.PbnscoreError, 1),
        (errors.ParseError, 1),
        (errors.PbnError, 1),
        (errors.UsebioError, 1),
        (errors.ScoringError, 1),
        (errors.ProfileError, 1),
        (errors.PluginError, 1),
        (errors.CannotExplain, 1),
        (errors.StreamError, 1),
        (errors.WorkerDied, 1),
        (errors.UsageError, 2),
        (errors.OptionError, 2),
        (errors.UnknownMethodError, 2),
        (errors.PluginFault, 3),
    ],
)
def test_each_error_carries_its_exit_status(error: type[Exception], status: int) -> None:
    assert error.exit_code == status  # type: ignore[attr-defined]


def test_the_command_line_ends_with_the_error_s_own_status(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """An error class with its own status: the command line reads it, not a
    list of classes it knows."""

    class Refused(errors.PbnscoreError):
        exit_code = 2

    def refuse(*args: object, **kwargs: object) -> object:
        raise Refused("refused on purpose")

    from pbnscore import pipeline

    monkeypatch.setattr(pipeline, "read", refuse)
    assert main(["score", str(CLUB), "-o", "-"]) == 2
    assert "refused on purpose" in capsys.readouterr().err
