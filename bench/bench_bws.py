"""Scoring a Bridgemate BWS, beside the Access library's bare read of the
tables it needs, in one run.

    .venv/bin/python bench/bench_bws.py [--repeat N] [FILE.bws ...]

Default files: the two BWS samples in ../shared/samples/bws (skipped where
absent). For each file, interleaved:

- ``bare read``: access-parser (the ``bws`` extra) opening a copy of the
  file and parsing the tables pbnscore reads (Section, Session, RoundData,
  ReceivedData, PlayerNumbers, HandRecord), nothing else;
- ``pbnscore.bws.loads``: the same tables, into the model;
- ``score --to json``: the command as a user runs it, a whole process
  (Python's start-up included), and its in-process equivalent
  (read, Butler, JSON).

Figures are CPU and wall time, minimum and median of ``--repeat`` runs, and
the ratio to the bare read. The machine's load is printed first and last.
"""

from __future__ import annotations

import argparse
import contextlib
import logging
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from _timing import interleaved, load_average, row

import pbnscore
from pbnscore import bws

TABLES = ("Section", "Session", "RoundData", "ReceivedData", "PlayerNumbers", "HandRecord")
SAMPLES = Path(__file__).resolve().parents[2] / "shared" / "samples" / "bws"


def bare_read(data: bytes) -> None:
    """What the library costs alone: open a copy, parse the tables used."""
    from access_parser import AccessParser

    logging.getLogger("access_parser").disabled = True
    with tempfile.TemporaryDirectory() as folder:
        copy = os.path.join(folder, "night.bws")
        with open(copy, "wb") as stream:
            stream.write(data)
        parser = AccessParser(copy)
    for name in TABLES:
        # a fault is what pbnscore reads as a warning (T12's PlayerNumbers)
        if name in parser.catalog:
            with contextlib.suppress(Exception):
                parser.parse_table(name)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("files", nargs="*", type=Path)
    args = parser.parse_args()
    files = args.files or sorted(SAMPLES.glob("*.bws"))
    print(load_average())
    if not files:
        print(f"no BWS files (looked in {SAMPLES})")
        return
    for path in files:
        data = path.read_bytes()
        command = [sys.executable, "-m", "pbnscore", "score", str(path), "--to", "json", "-q"]

        def process(command: list[str] = command) -> None:
            subprocess.run(command, check=True, stdout=subprocess.DEVNULL)

        def in_process(data: bytes = data, name: str = path.name) -> None:
            event = bws.loads(data, source=name)
            pbnscore.dumps(pbnscore.score(event, "butler"), "json")

        bare, loaded, whole, scored = interleaved(
            args.repeat,
            lambda data=data: bare_read(data),
            lambda data=data, name=path.name: bws.loads(data, source=name),
            process,
            in_process,
        )
        print(f"\n{path.name} ({len(data) / 1024:.0f} KiB)")
        print(row("access-parser: bare read of the tables used", bare))
        print(row("pbnscore.bws.loads", loaded, bare))
        print(row("read + butler + JSON, in process", scored, bare))
        print(row("pbnscore score FILE --to json (a process)", whole, bare))
    print(f"\n{load_average()}")


if __name__ == "__main__":
    main()
