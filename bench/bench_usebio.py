"""USEBIO read + Butler + write, as a ratio to a bare lxml parse + serialise.

    .venv/bin/python bench/bench_usebio.py [--tables 60] [--boards 30] [--repeats 7]

Generates a large pairs event (``--tables`` tables, every board at every
table: 60 x 30 = 1800 traveller lines with Compscore-style fields and
matchpoints), writes it to a temporary file, and times, best of
``--repeats``:

- the floor: ``etree.tostring(etree.fromstring(data))`` with the same parser;
- ours: ``usebio.dumps(butler(usebio.loads(data)))``, split into its parts;

for that file and for ../shared/samples/usebio/mp_pairs_mitchell.xml (when
present), then the peak memory (tracemalloc) of ours on the large one.

Target: ours within 3x the lxml floor on the large event. Until the butler
method exists a trivial scored event (no datum, zero points) stands in.
"""

from __future__ import annotations

import argparse
import random
import tempfile
import tracemalloc
from collections.abc import Callable
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


def best(function: Callable[[], object], repeats: int) -> float:
    return best_of(repeats, function)[0]


def measure(name: str, data: bytes, repeats: int) -> float:
    floor = best(lambda: etree.tostring(etree.fromstring(data, usebio.PARSER)), repeats)
    event = usebio.loads(data)
    scored = score(event)
    read = best(lambda: usebio.loads(data), repeats)
    scoring = best(lambda: score(event), repeats)
    write = best(lambda: usebio.dumps(scored), repeats)
    total = best(lambda: usebio.dumps(score(usebio.loads(data))), repeats)
    ratio = total / floor
    print(f"{name}: {len(data) / 1e6:.2f} MB, {event.result_count()} lines, method {METHOD}")
    print(f"  lxml parse+serialise  {floor * 1e3:8.1f} ms  (1.00x)")
    print(f"  read                  {read * 1e3:8.1f} ms  ({read / floor:.2f}x)")
    print(f"  score                 {scoring * 1e3:8.1f} ms  ({scoring / floor:.2f}x)")
    print(f"  write                 {write * 1e3:8.1f} ms  ({write / floor:.2f}x)")
    print(f"  read+score+write      {total * 1e3:8.1f} ms  ({ratio:.2f}x)")
    return ratio


def peak_memory(data: bytes) -> int:
    tracemalloc.start()
    usebio.dumps(score(usebio.loads(data)))
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return peak


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=60)
    parser.add_argument("--boards", type=int, default=30)
    parser.add_argument("--repeats", type=int, default=7)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "large.xml"
        path.write_bytes(generate(args.tables, args.boards))
        data = path.read_bytes()
    ratio = measure(f"generated {args.tables} tables x {args.boards} boards", data, args.repeats)
    if SAMPLE.is_file():
        measure(SAMPLE.name, SAMPLE.read_bytes(), args.repeats)
    else:
        print(f"{SAMPLE.name}: not here, skipped")
    peak = peak_memory(data)
    print(
        f"peak memory (large, tracemalloc): {peak / 1e6:.1f} MB ({peak / len(data):.1f}x the file)"
    )
    verdict = "met" if ratio <= TARGET else "MISSED"
    target = f"target read+score+write <= {TARGET:.0f}x lxml on the large event"
    print(f"{target}: {verdict} ({ratio:.2f}x)")


if __name__ == "__main__":
    main()
