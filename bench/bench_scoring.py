"""Scoring speed against brute force, as ratios.

    python bench/bench_scoring.py [--seed N]

- cross-imps: one board of 2,000 results, and 24 boards of 200, against the
  double loop (every result IMPed against every other with pbnscore.imps.imps);
- barking: 60 tables (15 teams-of-eight matches) × 24 boards, against
  enumerating every term;
- butler zero-sum: 24 boards of 500 results, against scanning every par.

Brute force too slow to run whole is timed on a measured fraction and scaled
(said so on its line). Two fast figures: ``core``, the method's own work on
the fields (what brute force computes), and ``whole``, the ``pbnscore.score``
call, which adds cutting the event into fields, the scored boards and the
standings; event building is excluded from both. Each fast figure is the best
of five runs, each started after a full garbage collection: otherwise the
collection owed for building the event (9 ms for 2,000 results) lands in
whichever single run comes next.
"""

from __future__ import annotations

import argparse
import itertools
import random
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from _timing import best_of

import model_events as build
import pbnscore
from pbnscore import registry
from pbnscore.imps import imps
from pbnscore.model import Event
from pbnscore.strategies import _field_layout

# Results on a board cluster: a few contracts, made or going off by a trick or two.
OUTCOMES = (-1430, -800, -620, -500, -450, -420, -300, -200, -170, -140, -110, -100, -50,
            0, 50, 90, 100, 110, 140, 170, 200, 300, 420, 450, 480, 500, 620, 650, 800,
            980, 1430, 1440, 2210)  # fmt: skip


def board_scores(rng: random.Random, tables: int, distinct: int = 8) -> list[int]:
    choices = rng.sample(OUTCOMES, distinct)
    weights = [rng.random() for _ in choices]
    return rng.choices(choices, weights, k=tables)


def timed(job: Callable[[], object], runs: int = 1) -> float:
    """The best of ``runs`` runs of ``job``, each after a full collection."""
    return best_of(runs, job, collect=True)[0]


def line(
    label: str, event: Event, method: str, slow: float, note: str = "", **options: object
) -> None:
    """One row: the method's own work on the fields (what brute force does),
    the whole ``pbnscore.score`` call (adds the layout, scored boards and
    standings), brute force, and the ratios."""
    strategy = registry.get(method)()
    parsed = strategy.Options(**options)
    lay = _field_layout.layout(event)
    core = timed(lambda: [strategy.score_field(f, parsed) for f in lay.fields], runs=5)
    whole = timed(lambda: pbnscore.score(event, method, **options), runs=5)
    print(
        f"{label:<40} core {core * 1000:7.1f} ms  whole {whole * 1000:7.1f} ms  "
        f"brute {slow:7.2f} s   core x{slow / core:,.0f}  whole x{slow / whole:,.0f}{note}"
    )


# -- brute force ------------------------------------------------------------------


def cross_imps_brute(scores: Sequence[int], rows: int) -> list[int]:
    """The double loop for the first ``rows`` results."""
    return [sum(imps(s - o) for o in scores) for s in scores[:rows]]


def barking_brute(scores: Sequence[int], rows: int) -> list[int]:
    """Every term enumerated, for the first ``rows`` tables."""
    out = []
    for a in range(rows):
        total = 0
        others = [t for t in range(len(scores)) if t != a]
        for b in others:
            rest = [t for t in others if t != b]
            for k, m in itertools.combinations(rest, 2):
                total += imps(scores[a] + scores[b] - scores[k] - scores[m])
        out.append(total)
    return out


def zero_sum_scan(scores: Sequence[int]) -> int:
    low, high = min(scores) - 4010, max(scores) + 4010
    pars = range(low - low % 10, high + 10, 10)
    return min(pars, key=lambda p: (abs(sum(imps(s - p) for s in scores)), abs(p)))


# -- benches ----------------------------------------------------------------------


def bench_cross_imps(rng: random.Random) -> None:
    scores = board_scores(rng, 2000, distinct=20)
    event = build.pairs_event([scores])
    rows = 200
    slow = timed(lambda: cross_imps_brute(scores, rows)) * len(scores) / rows
    line(
        "cross-imps: 1 board of 2,000", event, "cross-imps", slow, f"  (brute: {rows} rows, scaled)"
    )

    boards = [board_scores(rng, 200) for _ in range(24)]
    event = build.pairs_event(boards)
    slow = timed(lambda: [cross_imps_brute(b, len(b)) for b in boards])
    line("cross-imps: 24 boards of 200", event, "cross-imps", slow)


def bench_barking(rng: random.Random) -> None:
    # Every match plays the same boards: draw each board's 60 scores once.
    fields = [board_scores(rng, 60) for _ in range(24)]
    matches = [[fields[b][m * 4 : m * 4 + 4] for b in range(24)] for m in range(15)]
    event = build.teams_event(matches)
    rows = 2
    slow = timed(lambda: barking_brute(fields[0], rows)) * 60 * 24 / rows
    line(
        "barking: 60 tables x 24 boards",
        event,
        "barking",
        slow,
        f"  (brute: {rows} tables, scaled)",
    )

    wide = [[rng.randrange(-300, 300) * 10 for _ in range(60)] for _ in range(24)]
    event = build.teams_event([[wide[b][m * 4 : m * 4 + 4] for b in range(24)] for m in range(15)])
    slow = timed(lambda: barking_brute(wide[0], rows)) * 60 * 24 / rows
    line(
        "barking: same, all scores differ",
        event,
        "barking",
        slow,
        f"  (brute: {rows} tables, scaled)",
    )


def bench_zero_sum(rng: random.Random) -> None:
    boards = [board_scores(rng, 500, distinct=15) for _ in range(24)]
    event = build.pairs_event(boards)
    slow = timed(lambda: zero_sum_scan(boards[0])) * len(boards)
    line("butler zero-sum: 24 boards of 500", event, "butler", slow, "  (brute: 1 board, scaled)")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    bench_cross_imps(rng)
    bench_barking(rng)
    bench_zero_sum(rng)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
