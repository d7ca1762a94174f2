"""USEBIO read + Butler + write, as ratios to a bare lxml parse + serialise.

    .venv/bin/python bench/bench_usebio.py [--tables 10 60 1000] [--boards 30] [--repeats 7]

For each size it generates a pairs event (``--tables`` tables, every board
at every table: 60 x 30 = 1800 traveller lines with Compscore-style fields
and matchpoints) and times, best of ``--repeats`` (fewer for files above
60 tables, but at least 5; runs alternating, so a busy spell on a shared
machine hits them alike):

- the floor: ``etree.tostring(etree.fromstring(data))`` with the same parser;
- read ``usebio.loads``, score ``pbnscore.score(event, "butler")``, write
  ``usebio.dumps`` and the whole ``usebio.dumps(score(loads(data)))``, each
  as a ratio to the floor;

then ../shared/samples/usebio/mp_pairs_mitchell.xml (when present), the
start-up of ``python -m pbnscore --version`` and of the ``pbnscore`` script
beside ``python -c pass``, and the peak RSS of a process that reads a
6,810-line (2.8 MB) file, beside one that only imports pbnscore.usebio
(POSIX only: ``resource``).

Target: the whole within 3x the floor at 60 and at 1,000 tables.
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
import tempfile
from pathlib import Path

from _timing import best_of
from lxml import etree

import pbnscore
from pbnscore import usebio
from pbnscore.model import Event, ScoredEvent

SAMPLE = (
    Path(__file__).resolve().parents[2] / "shared" / "samples" / "usebio" / "mp_pairs_mitchell.xml"
)
TARGET = 3.0
# The fewest runs of any size (a 1,000-table run of the five takes ~1 s).
MIN_REPEATS = 5
# The memory figure's file: 227 x 30 = 6,810 lines, 2.8 MB.
MEMORY_TABLES = 227

# (contract, declarer, tricks, NS score) a club field produces on one deal.
OUTCOMES = (
    ("4S", "S", 10, 420), ("4S", "N", 11, 450), ("4S", "S", 9, -50), ("3NT", "N", 9, 400),
    ("5DX", "E", 9, 300), ("2S", "S", 9, 140), ("PASS", "N", 0, 0), ("3H", "W", 9, -140),
)  # fmt: skip
LEADS = ("DT", "H7", "S2", "CA", "KD")


def generate(tables: int, boards: int, seed: int = 1) -> bytes:
    """A Compscore-style old-style MP event: PARTICIPANTS and BOARDs under EVENT."""
    rng = random.Random(seed)
    root = etree.Element("USEBIO", Version="1.2")
    club = etree.SubElement(root, "CLUB")
    etree.SubElement(club, "CLUB_NAME").text = "Bench Club"
    event = etree.SubElement(root, "EVENT", EVENT_TYPE="MP_PAIRS")
    for tag, text in (("EVENT_DESCRIPTION", "Bench"), ("DATE", "09/03/2026"), ("WINNER_TYPE", "2")):
        etree.SubElement(event, tag).text = text
    participants = etree.SubElement(event, "PARTICIPANTS", EVENT_TYPE="MP_PAIRS")
    for direction in ("NS", "EW"):
        for table in range(1, tables + 1):
            pair = etree.SubElement(participants, "PAIR")
            for tag, text in (("PAIR_NUMBER", f"{table}{direction}"), ("DIRECTION", direction),
                              ("TOTAL_SCORE", "0"), ("PLACE", "1")):  # fmt: skip
                etree.SubElement(pair, tag).text = text
            for seat in (1, 2):
                player = etree.SubElement(pair, "PLAYER")
                etree.SubElement(player, "PLAYER_NAME").text = f"Player {table}{direction}{seat}"
                etree.SubElement(player, "NATIONAL_ID_NUMBER").text = f"9{table:03d}{seat}"
    for number in range(1, boards + 1):
        board = etree.SubElement(event, "BOARD", EVENT_TYPE="MP_PAIRS")
        etree.SubElement(board, "BOARD_NUMBER").text = str(number)
        for table in range(1, tables + 1):
            contract, by, tricks, score = rng.choice(OUTCOMES)
            line = etree.SubElement(board, "TRAVELLER_LINE")
            fields = (
                ("NS_PAIR_NUMBER", f"{table}NS"),
                ("EW_PAIR_NUMBER", f"{(table + number) % tables + 1}EW"),
                ("CONTRACT", contract), ("PLAYED_BY", by), ("LEAD", rng.choice(LEADS)),
                ("TRICKS", str(tricks)), ("SCORE", str(score)),
                ("NS_MATCH_POINTS", "1"), ("EW_MATCH_POINTS", "1"),
            )  # fmt: skip
            for tag, text in fields:
                etree.SubElement(line, tag).text = text
    etree.indent(root, space="  ")
    return etree.tostring(root, xml_declaration=True, encoding="UTF-8")


METHOD = "butler"


def score(event: Event) -> ScoredEvent:
    return pbnscore.score(event, METHOD)


def measure(name: str, data: bytes, repeats: int) -> float:
    """Print one file's figures; return the whole's ratio to the floor."""
    event = usebio.loads(data)
    scored = score(event)
    floor, read, scoring, write, whole = best_of(
        repeats,
        lambda: etree.tostring(etree.fromstring(data, usebio.PARSER)),
        lambda: usebio.loads(data),
        lambda: score(event),
        lambda: usebio.dumps(scored),
        lambda: usebio.dumps(score(usebio.loads(data))),
    )
    print(f"{name}: {len(data) / 1e6:.2f} MB, {event.result_count()} lines, method {METHOD}")
    for label, seconds in (
        ("lxml parse+serialise", floor),
        ("read", read),
        ("score", scoring),
        ("write", write),
        ("read+score+write", whole),
    ):
        print(f"  {label:<22}{seconds * 1e3:9.1f} ms  ({seconds / floor:.2f}x)")
    return whole / floor


def startup(repeats: int) -> None:
    """``--version`` of the module and of the script beside ``python -c pass``."""
    script = Path(sys.executable).with_name("pbnscore")
    commands = {
        "python -c pass": [sys.executable, "-c", "pass"],
        "python -m pbnscore --version": [sys.executable, "-m", "pbnscore", "--version"],
        "pbnscore --version": [str(script), "--version"],
    }
    runs = [
        (lambda c=command: subprocess.run(c, check=True, capture_output=True))
        for command in commands.values()
    ]
    times = best_of(repeats, *runs)
    for label, seconds in zip(commands, times, strict=True):
        print(f"  {label:<30}{seconds * 1e3:7.1f} ms  ({seconds / times[0]:.2f}x python -c pass)")


# Run in a fresh process so that its peak is the read's alone. VmHWM (Linux)
# starts afresh at exec; ru_maxrss, the fallback, can carry the peak of the
# forked parent.
_RSS = """
import sys
from pbnscore import usebio
if sys.argv[1] == "read":
    usebio.load(sys.argv[2])
try:
    with open("/proc/self/status") as status:
        print(next(int(l.split()[1]) for l in status if l.startswith("VmHWM:")))
except OSError:
    import resource
    print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
"""


def peak_rss(path: Path) -> None:
    """Peak RSS (KiB) of reading ``path``, beside the import alone."""
    if sys.platform == "win32":  # neither /proc nor resource
        print("peak RSS: not measured on Windows")
        return
    peaks = {
        job: int(
            subprocess.run(
                [sys.executable, "-c", _RSS, job, str(path)],
                check=True,
                capture_output=True,
                text=True,
            ).stdout
        )
        for job in ("import", "read")
    }
    size = path.stat().st_size / 1e6
    print(
        f"peak RSS reading {size:.1f} MB: {peaks['read'] / 1024:.0f} MB"
        f" (importing pbnscore.usebio alone: {peaks['import'] / 1024:.0f} MB)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, nargs="+", default=[10, 60, 1000])
    parser.add_argument("--boards", type=int, default=30)
    parser.add_argument("--repeats", type=int, default=7)
    args = parser.parse_args()
    verdicts = []
    for tables in args.tables:
        data = generate(tables, args.boards)
        # Big files repeat fewer times, so that the whole bench stays short,
        # but at least MIN_REPEATS: best of 2 let one busy spell on a shared
        # machine move the 1,000-table ratio by 0.3x or more.
        repeats = max(MIN_REPEATS, args.repeats * 60 // max(tables, 60))
        ratio = measure(f"generated {tables} tables x {args.boards} boards", data, repeats)
        if tables >= 60:
            verdicts.append((tables, ratio))
    if SAMPLE.is_file():
        measure(SAMPLE.name, SAMPLE.read_bytes(), args.repeats)
    else:
        print(f"{SAMPLE.name}: not here, skipped")
    print("start-up:")
    startup(args.repeats)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "memory.xml"
        path.write_bytes(generate(MEMORY_TABLES, 30))
        peak_rss(path)
    for tables, ratio in verdicts:
        verdict = "met" if ratio <= TARGET else "MISSED"
        print(f"target read+score+write <= {TARGET:.0f}x lxml at {tables} tables: {verdict}")


if __name__ == "__main__":
    main()
