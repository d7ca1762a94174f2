"""PBN writing speed, against reading the same file and writing it as USEBIO.

    .venv/bin/python bench/bench_pbn_write.py [--repeat N] [FILE...]

For each file (default: the RealBridge PBN sample, written back plus its
scores, and a USEBIO sample, written as PBN games), the best of N runs of
``pbnscore.pbn.dumps`` on the scored event beside ``pbnscore.loads`` of the
file and ``pbnscore.usebio.dumps`` of the same scored event, and the ratios.
The runs alternate, so a busy spell of the machine slows all three.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from _timing import best_of

import pbnscore
from pbnscore import pbn, usebio

SAMPLES = Path(__file__).resolve().parents[2] / "shared" / "samples"
DEFAULT = [
    SAMPLES / "pbn" / "realbridge_2021_online_qual_open_r2.pbn",
    SAMPLES / "usebio" / "public_multi-section-pairs.xml",
]


def measure(path: Path, repeat: int) -> None:
    event = pbnscore.load(path)
    scored = pbnscore.score(event)
    write, read, xml = best_of(
        repeat,
        lambda: pbn.dumps(scored),
        lambda: pbnscore.load(path),
        lambda: usebio.dumps(scored),
    )
    print(f"{path.name} ({scored.method}, {event.result_count()} results)")
    print(f"  pbn.dumps     {write * 1000:8.2f} ms")
    print(f"  read          {read * 1000:8.2f} ms   write/read  {write / read:5.2f}")
    print(f"  usebio.dumps  {xml * 1000:8.2f} ms   pbn/usebio  {write / xml:5.2f}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="*", type=Path, default=DEFAULT)
    parser.add_argument("--repeat", type=int, default=10, help="runs of each (best is kept)")
    args = parser.parse_args(argv)
    for path in args.files:
        if not path.exists():
            print(f"no such file: {path}", file=sys.stderr)
            return 2
        measure(path, args.repeat)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
