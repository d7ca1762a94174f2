"""The one timer the benchmarks share: best of N runs, the least disturbed."""

from __future__ import annotations

import gc
import time
from collections.abc import Callable


def best_of(repeat: int, *runs: Callable[[], object], collect: bool = False) -> list[float]:
    """The fastest of ``repeat`` runs of each of ``runs``, in seconds. The runs
    alternate, so that a busy spell on a shared machine hits them alike;
    ``collect`` runs a full garbage collection first, so that one run does not
    pay for the garbage of the last."""
    best = [float("inf")] * len(runs)
    for _ in range(repeat):
        for i, run in enumerate(runs):
            if collect:
                gc.collect()
            start = time.perf_counter()
            run()
            best[i] = min(best[i], time.perf_counter() - start)
    return best
