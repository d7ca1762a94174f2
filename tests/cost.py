"""Work measured in a way a busy machine cannot change (docs/internals/tests.md).

A test never asserts a wall-clock time: on a shared machine a linear read can
take ten times as long as on a quiet one. What a test can hold the code to is
the *shape* of its cost, measured in this process's CPU time (which other
processes' load hardly moves) and always as a ratio taken in the same run:

- ``assert_linear``: the work at 8n costs at most 20 times the work at n (linear
  is 8, n log n about 10, quadratic 64), the guard against super-linear work;
- ``assert_cheap``: one run costs at most ``times`` a baseline run's cost, the
  guard for a hostile input that must fail at once (an entity expanded a billion
  times, a quadratic decoder) measured against reading an honest file.

Speed figures live in ``bench/``, never in a test's pass or fail.
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TypeVar

T = TypeVar("T")

# Input grows by GROWTH; the cost may grow by at most LIMIT (linear work: GROWTH).
GROWTH = 8
LIMIT = 20
# A measurement repeats a call until this much CPU time is spent, so that a call
# far shorter than the clock's resolution or a scheduler tick is still measured.
AT_LEAST = 0.02


@contextmanager
def _collector_paused() -> Iterator[None]:
    """A collection of the test process's whole heap is not the call's work."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def cpu_seconds(run: Callable[[], T]) -> tuple[T, float]:
    """What one call of ``run`` returns, and the CPU seconds it took."""
    with _collector_paused():
        start = time.process_time()
        value = run()
        return value, time.process_time() - start


def cpu_cost(run: Callable[[], T], *, at_least: float = AT_LEAST) -> tuple[T, float]:
    """What ``run`` returns, and the mean CPU seconds of a call, calls repeated
    until ``at_least`` is spent."""
    calls, spent = 0, 0.0
    while True:
        value, seconds = cpu_seconds(run)
        calls, spent = calls + 1, spent + seconds
        if spent >= at_least:
            return value, spent / calls


def assert_linear(make: Callable[[int], Callable[[], T]], n: int) -> T:
    """``make(size)`` builds an input of that size and returns the work to do on
    it: the work at ``GROWTH * n`` costs at most ``LIMIT`` times the work at ``n``.
    Returns what the work at ``GROWTH * n`` gave, for the test to check."""
    _, small = cpu_cost(make(n))
    value, large = cpu_cost(make(GROWTH * n))
    assert large <= LIMIT * small, (
        f"{GROWTH}x the input ({n} to {GROWTH * n}) took {large / small:.0f}x the CPU time"
        f" ({small:.4f} s to {large:.4f} s): the work grows faster than the input"
    )
    return value


def assert_cheap(run: Callable[[], T], baseline: float, *, times: int = LIMIT) -> T:
    """Call ``run`` once and return its value, asserting that it cost at most
    ``times`` the ``baseline`` CPU seconds (a ``cpu_cost`` of an honest run). A
    first call over the line is measured again, repeated, before it fails."""
    value, spent = cpu_seconds(run)
    if spent > times * baseline:
        _, spent = cpu_cost(run)
    assert spent <= times * baseline, (
        f"took {spent / baseline:.0f}x the CPU time of the honest run"
        f" ({spent:.4f} s against {baseline:.4f} s)"
    )
    return value
