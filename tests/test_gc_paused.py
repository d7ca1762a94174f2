"""The cyclic garbage collector is paused while an event is read, scored or
written (pbnscore._gc), and runs again afterwards: after a failure too, and
not where the caller had paused it."""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

import pbnscore
from pbnscore import pbn, usebio
from pbnscore.errors import PbnError, UnknownMethodError, UsebioError

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
CLUB_XML = FIXTURES / "usebio" / "club-night.xml"
CLUB_PBN = FIXTURES / "pbn" / "mitchell-pairs.pbn"


@pytest.fixture(autouse=True)
def collector_restored() -> Iterator[None]:
    """Whatever a test does, the collector runs for the next one."""
    yield
    gc.enable()


def _entry_points() -> list[tuple[str, Callable[[], object]]]:
    event = usebio.load(CLUB_XML)
    scored = pbnscore.score(event, "butler")
    pbn_event = pbn.load(CLUB_PBN)
    xml, text = CLUB_XML.read_bytes(), CLUB_PBN.read_bytes()
    return [
        ("usebio.loads", lambda: usebio.loads(xml)),
        ("usebio.load", lambda: usebio.load(CLUB_XML)),
        ("usebio.read_leniently", lambda: usebio.read_leniently(xml)),
        ("usebio.dumps", lambda: usebio.dumps(scored)),
        ("pbn.loads", lambda: pbn.loads(text)),
        ("pbn.load", lambda: pbn.load(CLUB_PBN)),
        ("pbn.read_leniently", lambda: pbn.read_leniently(text)),
        ("pbn.dumps", lambda: pbn.dumps(pbnscore.score(pbn_event, "butler"))),
        ("pbnscore.score", lambda: pbnscore.score(event, "butler")),
    ]


@pytest.mark.parametrize("name", [name for name, _ in _entry_points()])
def test_the_collector_is_paused_inside_and_running_after(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    run = dict(_entry_points())[name]
    seen: list[bool] = []
    real_disable = gc.disable

    def disable() -> None:  # the state at the moment the call pauses it
        real_disable()
        seen.append(gc.isenabled())

    monkeypatch.setattr(gc, "disable", disable)
    assert gc.isenabled()
    run()
    assert seen and not any(seen), f"{name} did not pause the collector"
    assert gc.isenabled(), f"{name} left the collector paused"


@pytest.mark.parametrize(
    "read, error",
    [
        (lambda: usebio.loads(b"<USEBIO><EVENT>"), UsebioError),
        (lambda: pbn.loads('[Event "x"\n'), PbnError),
        (lambda: pbnscore.score(usebio.load(CLUB_XML), "no-such-method"), UnknownMethodError),
    ],
)
def test_a_failure_leaves_the_collector_running(
    read: Callable[[], object], error: type[Exception]
) -> None:
    with pytest.raises(error):
        read()
    assert gc.isenabled()


def test_a_caller_who_paused_the_collector_finds_it_still_paused() -> None:
    gc.disable()
    event = usebio.loads(CLUB_XML.read_bytes())
    usebio.dumps(pbnscore.score(event, "butler"))
    assert not gc.isenabled()
