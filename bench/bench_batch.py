"""Batch throughput and start-up time, as figures against their targets.

    .venv/bin/python bench/bench_batch.py [--files 1000] [--tables 10] [--boards 24] [--repeat 2]

Writes ``--files`` club-size USEBIO pairs events (a Mitchell of ``--tables``
tables, every board at every table, lawful random results, a different seed
per file) to a temporary folder, then times ``pbnscore batch`` on them with
``-j 1`` and ``-j 2`` (the whole command, start-up included; best of
``--repeat`` alternating runs) and prints files per second and the speed-up;
then the best of several ``pbnscore --version``, and how two workers of
``batch.outcomes`` split 200 equal jobs (a few milliseconds each).

Targets: speed-up >= 1.7 on two cores; start-up < 0.3 s.
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _timing import best_of

from pbnscore import bridge, usebio
from pbnscore.model import (
    Board,
    Contract,
    Direction,
    Event,
    EventKind,
    Outcome,
    Participant,
    Player,
    Result,
    Seat,
    Section,
    Session,
    Source,
    Strain,
)

SPEED_UP_TARGET = 1.7
START_UP_TARGET = 0.3


def random_result(rng: random.Random, board: int, ns: str, ew: str) -> Result:
    """A lawful result: a contract, a declarer, tricks near the contract, its score."""
    if rng.random() < 0.02:
        return Result(ns, ew, Outcome.PASSED_OUT, score=0)
    contract = Contract(rng.randint(1, 6), rng.choice(list(Strain)))
    declarer = rng.choice(list(Seat))
    tricks = max(0, min(13, contract.level + 6 + rng.choice((-2, -1, -1, 0, 0, 0, 1, 1, 2))))
    vulnerability = bridge.vulnerability_for_board(board)
    score = bridge.ns_score(contract, declarer, tricks, vulnerability)
    return Result(ns, ew, Outcome.PLAYED, score, contract, str(contract), declarer, tricks=tricks)


def club_event(seed: int, tables: int, boards: int) -> Event:
    """One club night: pairs 1..tables NS and EW, an EW pair per table per board."""
    rng = random.Random(seed)
    pairs = tuple(
        Participant(str(n), direction=d, players=(Player(f"P{n}{d.value}a"), Player("b")))
        for d in Direction
        for n in range(1, tables + 1)
    )
    board_list = tuple(
        Board(
            number,
            tuple(
                random_result(rng, number, str(t), str((t + number) % tables + 1))
                for t in range(1, tables + 1)
            ),
        )
        for number in range(1, boards + 1)
    )
    section = Section(None, pairs, board_list)
    return Event(
        EventKind.PAIRS,
        (Session(None, (section,)),),
        Source(f"club-{seed}.xml", "usebio"),
        title=f"Club night {seed}",
    )


def write_events(folder: Path, count: int, tables: int, boards: int) -> int:
    """``count`` files in ``folder``; returns their total size in bytes."""
    size = 0
    for seed in range(count):
        data = usebio.dumps(club_event(seed, tables, boards))
        (folder / f"club-{seed:04d}.xml").write_bytes(data)
        size += len(data)
    return size


def command() -> list[str]:
    """The installed console script, as a user runs it."""
    script = Path(sys.executable).parent / "pbnscore"
    return [str(script)] if script.exists() else [sys.executable, "-m", "pbnscore"]


def time_batch(folder: Path, out: Path, jobs: int) -> float:
    shutil.rmtree(out, ignore_errors=True)
    started = time.perf_counter()
    subprocess.run(
        [*command(), "batch", str(folder), "--out-dir", str(out), "-j", str(jobs), "--no-progress"],
        check=True,
        stderr=subprocess.DEVNULL,
    )
    return time.perf_counter() - started


def start_up(runs: int = 7) -> float:
    version = [*command(), "--version"]
    return best_of(runs, lambda: subprocess.run(version, check=True, stdout=subprocess.DEVNULL))[0]


JOB_SECONDS = 0.004


def _worker_of(job: int) -> tuple[int, float]:
    """A stand-in for scoring one file: a few milliseconds; who did it, when done."""
    time.sleep(JOB_SECONDS)
    return os.getpid(), time.perf_counter()


def split(jobs: int = 200) -> tuple[list[int], float]:
    """How many of ``jobs`` equal jobs each of two workers did, and how far
    apart (in jobs) their last ones finished."""
    from pbnscore.batch import outcomes

    with outcomes(list(range(jobs)), _worker_of, 2) as done:  # type: ignore[arg-type, type-var]
        finished = list(done)
    last: dict[int, float] = {}
    for pid, at in finished:
        last[pid] = max(last.get(pid, at), at)
    counts = sorted((sum(p == pid for p, _ in finished) for pid in last), reverse=True)
    return counts, (max(last.values()) - min(last.values())) / JOB_SECONDS


def verdict(ok: bool) -> str:
    return "ok" if ok else "MISSED"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", type=int, default=1000)
    parser.add_argument("--tables", type=int, default=10)
    parser.add_argument("--boards", type=int, default=24)
    parser.add_argument("--repeat", type=int, default=2, help="runs of each; the best counts")
    args = parser.parse_args()
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    with tempfile.TemporaryDirectory(prefix="pbnscore-bench-") as temporary:
        root = Path(temporary)
        inputs = root / "in"
        inputs.mkdir()
        size = write_events(inputs, args.files, args.tables, args.boards)
        print(
            f"{args.files} files of {args.tables} tables x {args.boards} boards "
            f"({size / args.files / 1024:.0f} KiB each); {cores} cores"
        )
        # Alternating runs, best of each: a busy machine slows a run, never speeds it.
        one = two = float("inf")
        for _ in range(args.repeat):
            one = min(one, time_batch(inputs, root / "out1", 1))
            two = min(two, time_batch(inputs, root / "out2", 2))
        identical = all(
            (root / "out1" / p.name).read_bytes() == p.read_bytes()
            for p in (root / "out2").iterdir()
        )
    speed_up = one / two
    print(f"batch -j 1: {one:6.2f} s  {args.files / one:7.1f} files/s")
    print(f"batch -j 2: {two:6.2f} s  {args.files / two:7.1f} files/s")
    print(
        f"speed-up:   {speed_up:.2f} x (target >= {SPEED_UP_TARGET}: "
        f"{verdict(speed_up >= SPEED_UP_TARGET)}; "
        f"outputs identical: {identical})"
    )
    best = start_up()
    print(
        f"start-up:   {best * 1000:.0f} ms for --version, best of 7 "
        f"({best / START_UP_TARGET:.2f} of the {START_UP_TARGET} s target: "
        f"{verdict(best < START_UP_TARGET)})"
    )
    shares, apart = split()
    print(
        f"split:      two workers did {'/'.join(map(str, shares))} of {sum(shares)} equal jobs, "
        f"finishing {apart:.1f} jobs apart (target: within one: {verdict(apart <= 1)})"
    )


if __name__ == "__main__":
    main()
