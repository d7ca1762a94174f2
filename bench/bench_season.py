"""A season of many events against a batch over the same files, in one run.

    .venv/bin/python bench/bench_season.py [--events 200] [--repeat 2]

Copies the real samples (../shared/samples, where present) and this
project's pairs fixtures to a temporary folder until there are ``--events``
files, each copy with its players' names shuffled (so the season has people
to match across files), then times, best of ``--repeat`` alternating runs,
the whole command ``pbnscore season DIR -q -o season.json`` against
``pbnscore batch DIR --out-dir OUT`` (both on every core) and prints the
ratio.

Target: the season costs at most 1.2 × the batch.
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from _timing import best_of

import pbnscore

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT.parent / "shared" / "samples"
TARGET = 1.2


def candidates() -> list[Path]:
    """Files that score with their default method (butler or aggregate)."""
    found = sorted((ROOT / "fixtures" / "season").rglob("*.*"))
    found += sorted((ROOT / "fixtures").glob("*/club-night.xml"))
    if SAMPLES.is_dir():
        found += sorted(p for p in SAMPLES.rglob("*") if p.suffix.lower() in (".pbn", ".xml"))
    good = []
    for path in found:
        try:
            pbnscore.score(pbnscore.load(path))
        except (pbnscore.PbnscoreError, ValueError):
            continue
        good.append(path)
    return good


def shuffled_copy(path: Path, target: Path, rng: random.Random) -> None:
    """``path`` with every player's name swapped for another of the file's."""
    data = path.read_bytes()
    event = pbnscore.load(path)
    names = sorted({n for p in event.participants() for n in p.names if len(n) > 3})
    moved = names[:]
    rng.shuffle(moved)
    # Through placeholders, so that a swap does not undo an earlier one.
    for number, name in enumerate(names):
        data = data.replace(name.encode("utf-8"), f"\x00{number}\x00".encode())
    for number, name in enumerate(moved):
        data = data.replace(f"\x00{number}\x00".encode(), name.encode("utf-8"))
    target.write_bytes(data)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--events", type=int, default=200)
    parser.add_argument("--repeat", type=int, default=2)
    args = parser.parse_args()
    sources = candidates()
    rng = random.Random(18)
    pbnscore_cli = [sys.executable, "-m", "pbnscore"]
    with tempfile.TemporaryDirectory() as tmp:
        events = Path(tmp, "events")
        events.mkdir()
        for number in range(args.events):
            source = sources[number % len(sources)]
            shuffled_copy(source, events / f"{number:03d}-{source.name}", rng)
        out = Path(tmp, "out")

        def season() -> None:
            command = [*pbnscore_cli, "season", str(events), "-q", "-o", str(Path(tmp, "s.json"))]
            subprocess.run(command, check=False, capture_output=True)

        def batch() -> None:
            shutil.rmtree(out, ignore_errors=True)
            command = [*pbnscore_cli, "batch", str(events), "--out-dir", str(out)]
            subprocess.run(command, check=False, capture_output=True)

        season_s, batch_s = best_of(args.repeat, season, batch)
        document = json.loads(Path(tmp, "s.json").read_text(encoding="utf-8"))
    ranked = len(document["events"])
    kinds = len({p.name for p in sources})
    print(f"{args.events} events (copies of {kinds} files, names shuffled); {ranked} in the")
    print("season (the rest: teams events, which a pairs season leaves out after scoring)")
    print(f"season  {season_s:6.2f} s")
    print(f"batch   {batch_s:6.2f} s")
    ratio = season_s / batch_s
    verdict = "met" if ratio <= TARGET else "NOT met"
    print(f"season / batch = {ratio:.2f} (target <= {TARGET}: {verdict})")


if __name__ == "__main__":
    main()
