"""The timers the benchmarks share.

``best_of`` keeps the fastest wall time of each of several jobs. ``Sample``
keeps every run's wall and CPU time (CPU of this process, and of the child
processes a run waited for), so that a figure can be read as its minimum and
its median: on a shared machine a busy neighbour triples a wall time, while
CPU time moves far less. Runs of the jobs being compared alternate, so that a
busy spell hits them alike.
"""

from __future__ import annotations

import gc
import os
import statistics
import time
from collections.abc import Callable, Sequence

import attrs


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


def cpu_seconds() -> float:
    """CPU time of this process and of its children that have been waited
    for: ``getrusage`` (microseconds) where there is one, else ``os.times``
    (clock ticks; children's figures are 0 on Windows)."""
    try:
        import resource
    except ImportError:  # Windows
        t = os.times()
        return t.user + t.system + t.children_user + t.children_system
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


@attrs.define
class Sample:
    """Every run's wall and CPU seconds of one job."""

    wall: list[float] = attrs.field(factory=list)
    cpu: list[float] = attrs.field(factory=list)

    @property
    def min_wall(self) -> float:
        return min(self.wall)

    @property
    def min_cpu(self) -> float:
        return min(self.cpu)

    @property
    def median_wall(self) -> float:
        return statistics.median(self.wall)

    @property
    def median_cpu(self) -> float:
        return statistics.median(self.cpu)


def interleaved(repeat: int, *runs: Callable[[], object]) -> list[Sample]:
    """``repeat`` runs of each of ``runs``, alternating, each run's wall and
    CPU time kept (a full collection before each, outside the timing)."""
    samples = [Sample() for _ in runs]
    for _ in range(repeat):
        for sample, run in zip(samples, runs, strict=True):
            gc.collect()
            cpu, wall = cpu_seconds(), time.perf_counter()
            run()
            sample.wall.append(time.perf_counter() - wall)
            sample.cpu.append(cpu_seconds() - cpu)
    return samples


def ratios(sample: Sample, anchor: Sample) -> str:
    """``sample`` over ``anchor``: CPU min and median, wall min and median."""
    cpu = sample.min_cpu / anchor.min_cpu, sample.median_cpu / anchor.median_cpu
    wall = sample.min_wall / anchor.min_wall, sample.median_wall / anchor.median_wall
    return (
        f"cpu {cpu[0]:5.2f}x min {cpu[1]:5.2f}x med | wall {wall[0]:5.2f}x min {wall[1]:5.2f}x med"
    )


def row(label: str, sample: Sample, anchor: Sample | None = None, target: str = "") -> str:
    """One line of a table: the figures, the ratios to the anchor and the target."""
    figures = (
        f"{label:<44} cpu {sample.min_cpu * 1e3:8.1f} ms  wall {sample.min_wall * 1e3:8.1f} ms"
    )
    if anchor is not None:
        figures += "  " + ratios(sample, anchor)
    return f"{figures}  {target}".rstrip()


def load_average() -> str:
    """The machine's load (POSIX), to print beside the figures."""
    try:
        one, five, fifteen = os.getloadavg()
    except (AttributeError, OSError):
        return "load: not available on this platform"
    return f"load average: {one:.2f} {five:.2f} {fifteen:.2f} on {os.cpu_count()} cores"


def verdict(ratio: float, target: float, *, at_most: bool = True) -> str:
    """'meets' or 'MISSES' a target ratio (at most, or at least, ``target``)."""
    ok = ratio <= target if at_most else ratio >= target
    return f"target {'≤' if at_most else '≥'} {target:g}x: {'meets' if ok else 'MISSES'}"


def median_of(values: Sequence[float]) -> float:
    return statistics.median(values)
