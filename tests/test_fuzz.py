"""Fuzzing both readers: random bytes, and the project's fixtures mutated
(bytes flipped, cut short, spliced with another file, lines doubled or
dropped, digits run to thousands).

Whatever the bytes, reading raises nothing but the ParseError family; an
event that reads is scored by every built-in method or refused with a
PbnscoreError, and what scores is written as USEBIO and JSON; ``check``
returns its problems and raises nothing.

CI runs a short, reproducible pass (``FUZZ_EXAMPLES`` examples a test,
derandomised). For a release, a long random run::

    PBNSCORE_FUZZ_EXAMPLES=20000 .venv/bin/python -m pytest tests/test_fuzz.py
"""

from __future__ import annotations

import os
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pbnscore
from pbnscore import registry, validate
from pbnscore.errors import ParseError, PbnscoreError

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
# The results fixtures: a hand record (deals, no results) has nothing to score.
DOCUMENTS = {
    fmt: [
        path.read_bytes()
        for path in sorted((FIXTURES / fmt).glob(f"*.{suffix}"))
        if not path.stem.startswith("hand-record")
    ]
    for fmt, suffix in (("usebio", "xml"), ("pbn", "pbn"))
}

_LONG_RUN = os.environ.get("PBNSCORE_FUZZ_EXAMPLES")
FUZZ_EXAMPLES = int(_LONG_RUN or 150)
FUZZ = settings(
    max_examples=FUZZ_EXAMPLES,
    deadline=None,  # a slow example is not a failure; the suite's time is bounded by the count
    derandomize=_LONG_RUN is None,  # CI: the same examples every run
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def read_score_write(data: bytes, fmt: str) -> None:
    """The property: only ParseError escapes a read; every method scores
    what reads or refuses it with a PbnscoreError; ``check`` never raises."""
    validate.check_bytes(data, "fuzz", fmt)
    try:
        event = pbnscore.loads(data, source="fuzz", format=fmt)
    except ParseError:
        return
    for method in registry.BUILTINS:
        try:
            scored = pbnscore.score(event, method)
        except PbnscoreError:
            continue
        pbnscore.usebio.dumps(scored)
        pbnscore.report.render(scored, "json")


# -- mutations ---------------------------------------------------------------------


@st.composite
def mutated(draw: st.DrawFn, fmt: str) -> bytes:
    """A fixture of ``fmt`` with one to four mutations."""
    data = bytearray(draw(st.sampled_from(DOCUMENTS[fmt])))
    for _ in range(draw(st.integers(1, 4))):
        kind = draw(st.sampled_from(MUTATIONS))
        data = bytearray(kind(draw, bytes(data)))
    return bytes(data)


def _at(draw: st.DrawFn, data: bytes) -> int:
    return draw(st.integers(0, max(0, len(data) - 1)))


def _flip(draw: st.DrawFn, data: bytes) -> bytes:
    at = _at(draw, data)
    return data[:at] + bytes([draw(st.integers(0, 255))]) + data[at + 1 :]


def _truncate(draw: st.DrawFn, data: bytes) -> bytes:
    return data[: _at(draw, data)]


def _splice(draw: st.DrawFn, data: bytes) -> bytes:
    """A piece of any fixture (either format) put in at any point."""
    other = draw(st.sampled_from(DOCUMENTS["usebio"] + DOCUMENTS["pbn"]))
    start = _at(draw, other)
    piece = other[start : start + draw(st.integers(1, 400))]
    at = _at(draw, data)
    return data[:at] + piece + data[at:]


def _lines(draw: st.DrawFn, data: bytes) -> tuple[list[bytes], int]:
    lines = data.split(b"\n")
    return lines, draw(st.integers(0, len(lines) - 1))


def _double_line(draw: st.DrawFn, data: bytes) -> bytes:
    lines, at = _lines(draw, data)
    return b"\n".join(lines[: at + 1] + lines[at:])


def _drop_line(draw: st.DrawFn, data: bytes) -> bytes:
    lines, at = _lines(draw, data)
    return b"\n".join(lines[:at] + lines[at + 1 :])


def _digit_run(draw: st.DrawFn, data: bytes) -> bytes:
    """A digit (board, score, tricks, pair, round ...) made a long number,
    or a number put where text was."""
    digits = [i for i, byte in enumerate(data) if 0x30 <= byte <= 0x39]
    at = draw(st.sampled_from(digits)) if digits else _at(draw, data)
    run = draw(st.sampled_from([b"0", b"14", b"-1", b"9" * 10, b"9" * 300, b"9" * 5000]))
    return data[:at] + run + data[at + 1 :]


MUTATIONS = (_flip, _truncate, _splice, _double_line, _drop_line, _digit_run)

# PBN's own characters, so that random text reaches the lexer's every branch.
PBN_TEXT = st.text(alphabet='[]"\\;{}%\n\r\t -+=^?#*ABCDEHNPSWXTabcd0123456789²é', max_size=400)


@FUZZ
@given(data=st.binary(max_size=2000))
def test_random_bytes_as_usebio(data: bytes) -> None:
    """Random bytes read as USEBIO: a UsebioError, or an event handled."""
    read_score_write(data, "usebio")


@FUZZ
@given(data=st.binary(max_size=2000) | PBN_TEXT.map(lambda text: text.encode("utf-8")))
def test_random_bytes_and_text_as_pbn(data: bytes) -> None:
    """Random bytes and random PBN-alphabet text read as PBN."""
    read_score_write(data, "pbn")


@FUZZ
@given(data=mutated("usebio"))
def test_mutated_usebio_fixtures(data: bytes) -> None:
    """USEBIO fixtures broken in up to four places."""
    read_score_write(data, "usebio")


@FUZZ
@given(data=mutated("pbn"))
def test_mutated_pbn_fixtures(data: bytes) -> None:
    """PBN fixtures broken in up to four places."""
    read_score_write(data, "pbn")


def test_the_fixtures_themselves_read_and_score() -> None:
    """The unmutated fixtures pass the property, and each reads (so the
    mutations start from files that work)."""
    for fmt, documents in DOCUMENTS.items():
        assert documents
        for data in documents:
            read_score_write(data, fmt)
            assert pbnscore.loads(data, source="fixture", format=fmt).result_count() > 0
