"""PBN reading speed against endplay 0.5.12, on the RealBridge sample.

    .venv/bin/pip install endplay==0.5.12   # for the benchmark only
    .venv/bin/python bench/bench_pbn.py [--repeat N] [FILE]

Prints the best of N runs of ``pbnscore.pbn.loads`` (tables and results into
the model, from the file's bytes) beside ``endplay.parsers.pbn.load`` on the
same file, and their ratio; the two alternate run by run, so a busy spell of
the machine slows both. Target: pbnscore at least 5x faster. Without endplay
installed it says so and prints pbnscore's figure alone.
"""

from __future__ import annotations

import argparse
import io
import sys
from pathlib import Path

from _timing import best_of

from pbnscore import pbn

SAMPLE = (
    Path(__file__).resolve().parents[2]
    / "shared"
    / "samples"
    / "pbn"
    / "realbridge_2021_online_qual_open_r2.pbn"
)
TARGET = 5.0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file", nargs="?", type=Path, default=SAMPLE)
    parser.add_argument("--repeat", type=int, default=30, help="runs of each (best is kept)")
    args = parser.parse_args(argv)
    if not args.file.exists():
        print(f"no such file: {args.file}", file=sys.stderr)
        return 2
    data = args.file.read_bytes()
    event = pbn.loads(data, source=str(args.file))
    print(f"file: {args.file.name} ({len(data) / 1024:.0f} KiB, {event.result_count()} results)")

    def ours() -> object:
        return pbn.loads(data, source=str(args.file))

    try:
        from endplay.parsers import pbn as endplay_pbn  # type: ignore[import-not-found]
    except ImportError:
        (alone,) = best_of(args.repeat, ours)
        print(f"pbnscore.pbn.loads:          {alone * 1000:8.2f} ms  (best of {args.repeat})")
        print("endplay is not installed: pip install endplay==0.5.12 to compare")
        return 0
    text = data.decode("utf-8")  # the sample is UTF-8; endplay reads text

    def theirs() -> object:
        return endplay_pbn.load(io.StringIO(text))

    mine, other = best_of(args.repeat, ours, theirs)
    print(f"pbnscore.pbn.loads:          {mine * 1000:8.2f} ms  (best of {args.repeat})")
    print(f"endplay.parsers.pbn.load:    {other * 1000:8.2f} ms  (best of {args.repeat})")
    ratio = other / mine
    verdict = "meets" if ratio >= TARGET else "MISSES"
    print(f"ratio: pbnscore is {ratio:.1f}x faster ({verdict} the {TARGET:g}x target)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
