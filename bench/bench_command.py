"""What users run, timed beside its anchors in one run, interleaved.

    .venv/bin/python bench/bench_command.py [--repeat N] [--quick] [--only PART...]

Parts (``--only``; all by default):

- ``table``: the speed targets, each figure beside its anchor: ``score
  small.xml --to json`` beside ``python -c "import lxml.etree"`` and ``python
  -c pass``; the command on each real USEBIO sample beside an lxml parse +
  serialise process; read + score + write in process (the library, and the
  command's path through ``cli.main``) beside ``etree.tostring(
  etree.fromstring(b))``; 60 x 30, 1,000 x 30 and 60 x 30 with nearly every
  line a different play, beside the same round trip; ``pbn.loads`` per real
  PBN file beside endplay's reader; Butler scoring beside bridge-scorer's
  kernel where node and the module are present (a line says where not).

- ``samples``: the command ``pbnscore score FILE --to json`` and ``-o out.xml``
  as whole processes on every real sample in ../shared/samples (skipped where
  absent), beside a process that does a bare lxml parse + serialise of the
  same file (USEBIO) or reads it with endplay's PBN reader (PBN); then, in
  process, ``pbnscore.pbn.loads`` beside endplay's reader on each PBN sample.
- ``library``: ``usebio.dumps(score(usebio.loads(data)))`` on generated files
  of 10, 60, 1,000 tables x 30 boards and 1,000 and 10,000 tables x 7, as a
  ratio to the lxml floor (``etree.tostring(etree.fromstring(data))``).
- ``startup``: ``pbnscore --version`` and ``pbnscore score small.xml --to
  json`` beside ``python -c pass``, for a small matchpoint file (its own
  scoring may be a plug-in's: the installed entry points are read) and a
  small Butler file (they are not).
- ``growth``: each method's time as its event grows (aggregate over 100 to
  10,000 teams; butler, cross-imps, barking over tables), with the growth
  exponent between the smallest and the largest size.
- ``batch``: ``pbnscore batch`` of 200 small files with 1, 2 and 4 workers.

Every figure is CPU time (this process and the children it waited for) and
wall time, minimum and median of ``--repeat`` runs; the runs of a figure and
its anchor alternate, so that a busy spell hits both. Each line ends with its
target. The machine's load is printed first and last: compare ratios within
one run, not across runs.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import math
import os
import random
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

from _timing import Sample, interleaved, load_average, median_of, row, verdict
from bench_batch import write_events
from bench_usebio import generate
from lxml import etree

import pbnscore
from pbnscore import pbn, usebio
from pbnscore.model import (
    Board,
    Direction,
    Event,
    EventKind,
    Match,
    Outcome,
    Participant,
    ParticipantKind,
    Result,
    Session,
    Source,
)

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = ROOT.parent / "shared" / "samples"
SMALL = ROOT / "fixtures" / "usebio" / "club-night.xml"
# A small file whose own scoring a built-in reproduces (Butler): its score
# reads no installed distribution's entry points, as a matchpoint file's must
# (a plug-in may be the method that file names).
SMALL_BUTLER = ROOT / "fixtures" / "usebio" / "mitchell-pairs.xml"
PARTS = ("table", "samples", "library", "startup", "growth", "batch")

# The speed targets (docs/internals/speed.md "Where the targets stand").
COMMAND_VS_LXML = 4.0  # mp_pairs_mitchell.xml, CPU
LIBRARY_TARGETS = {(60, 30): 2.5, (1000, 30): 2.0}
LINEAR_GROWTH = 1.15  # 10,000 x 7 ratio over 1,000 x 7 ratio
STARTUP_TARGET = 6.0
PBN_MEDIAN_TARGET = 4.0


def pbnscore_command() -> list[str]:
    """The console script as a user runs it (else ``python -m pbnscore``)."""
    script = Path(sys.executable).parent / "pbnscore"
    return [str(script)] if script.exists() else [sys.executable, "-m", "pbnscore"]


# A user's Python caches compiled modules; a shell that sets
# PYTHONDONTWRITEBYTECODE would make every process compile pbnscore again.
CHILD_ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def process(command: list[str]) -> Callable[[], object]:
    """A run of ``command`` as a process (its exit status is not checked: a
    sample that exits 1 with a one-line reason is timed all the same). Run
    once here, untimed, so that its modules' bytecode is cached as it is
    for a user."""

    def run() -> object:
        return subprocess.run(
            command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=CHILD_ENV
        )

    run()
    return run


LXML_FLOOR = (
    "import sys; from lxml import etree; from pbnscore.usebio import PARSER; "
    "etree.tostring(etree.fromstring(open(sys.argv[1], 'rb').read(), PARSER))"
)
LXML_BARE = (
    "import sys; from lxml import etree; "
    "p = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False); "
    "etree.tostring(etree.fromstring(open(sys.argv[1], 'rb').read(), p))"
)
ENDPLAY_READ = (
    "import sys; from endplay.parsers import pbn; "
    "pbn.load(open(sys.argv[1], encoding='utf-8', errors='replace'))"
)

# One read, the first of a process (the readers' imports done, untimed), in
# that process's CPU time: what `pbnscore score FILE.pbn` pays, with none of
# the spellings a reader keeps between reads known yet.
FIRST_READS = (
    "import sys, time; from pbnscore import pbn; data = open(sys.argv[1], 'rb').read(); "
    "start = time.process_time(); pbn.loads(data, source=sys.argv[1]); "
    "print(time.process_time() - start)",
    "import io, sys, time; from endplay.parsers import pbn; "
    "text = open(sys.argv[1], 'rb').read().decode('utf-8', errors='replace'); "
    "start = time.process_time(); pbn.load(io.StringIO(text)); "
    "print(time.process_time() - start)",
)


def first_reads(repeat: int, path: Path) -> tuple[float, float]:
    """pbnscore's and endplay's least CPU time for a process's first read of
    ``path``, ``repeat`` processes of each, alternating."""
    least = [math.inf, math.inf]
    for _ in range(repeat):
        for at, code in enumerate(FIRST_READS):
            done = subprocess.run(
                [sys.executable, "-c", code, str(path)],
                capture_output=True, text=True, env=CHILD_ENV, check=True,
            )  # fmt: skip
            least[at] = min(least[at], float(done.stdout))
    return least[0], least[1]


def endplay_reads(path: Path) -> bool:
    """Whether endplay's reader reads the file at all (it fails on some real
    files: a tag it does not know, a deal of its own making)."""
    from endplay.parsers import pbn as endplay_pbn

    try:
        with path.open(encoding="utf-8", errors="replace") as file:
            endplay_pbn.load(file)
    except Exception:  # any failure of theirs means no figure to compare with
        return False
    return True


def has_endplay() -> bool:
    try:
        import endplay.parsers.pbn  # type: ignore[import-not-found]  # noqa: F401
    except ImportError:
        return False
    return True


def bench_samples(repeat: int, out: Path) -> None:
    files = sorted((SAMPLES / "usebio").glob("*.xml")) + sorted((SAMPLES / "pbn").iterdir())
    if not files:
        print("samples: ../shared/samples is absent; skipped")
        return
    endplay = has_endplay()
    print("\n## The command on every real sample (processes)")
    print(
        "anchor: a process that parses + serialises with lxml (USEBIO) or reads with endplay (PBN)"
    )
    for path in files:
        if path.suffix.lower() == ".xml":
            anchor = [sys.executable, "-c", LXML_BARE, str(path)]
        elif endplay and endplay_reads(path):
            anchor = [sys.executable, "-c", ENDPLAY_READ, str(path)]
        else:
            anchor = [sys.executable, "-c", "pass"]
        base = [*pbnscore_command(), "score", str(path)]
        floor, as_json, as_xml = interleaved(
            repeat,
            process(anchor),
            process([*base, "--to", "json", "-o", str(out / "out.json")]),
            process([*base, "-o", str(out / "out.xml")]),
        )
        target = ""
        if path.name == "mp_pairs_mitchell.xml":
            target = verdict(as_json.min_cpu / floor.min_cpu, COMMAND_VS_LXML)
        print(f"{path.name} ({path.stat().st_size / 1024:.0f} KiB)")
        print(row("  anchor", floor))
        print(row("  score --to json", as_json, floor, target))
        print(row("  score -o out.xml", as_xml, floor))
    if endplay:
        bench_pbn_reader(repeat, sorted((SAMPLES / "pbn").iterdir()))


def bench_pbn_reader(repeat: int, files: list[Path]) -> tuple[list[float], list[float]]:
    """Each file's speed-up over endplay's reader (CPU, min), printed: a
    read among many in one process, and a process's first read."""
    from endplay.parsers import pbn as endplay_pbn

    print("\n## PBN read in process: pbnscore.pbn.loads beside endplay.parsers.pbn.load")
    print("(repeated reads in one process; then each process's first read, min of processes)")
    speedups, firsts = [], []
    for path in files:
        data = path.read_bytes()
        text = data.decode("utf-8", errors="replace")
        try:
            pbn.loads(data, source=str(path))
        except pbnscore.PbnscoreError:
            print(f"{path.name}: pbnscore refuses it; not timed")
            continue
        if not endplay_reads(path):
            print(f"{path.name}: endplay cannot read it; not timed")
            continue
        ours, theirs = interleaved(
            repeat * 3,
            lambda d=data, p=path: pbn.loads(d, source=str(p)),
            lambda t=text: endplay_pbn.load(io.StringIO(t)),
        )
        speedup = theirs.min_cpu / ours.min_cpu
        speedups.append(speedup)
        print(row(f"{path.name}", ours, theirs, verdict(1 / speedup, 1.0)))
        mine, endplay = first_reads(max(3, repeat // 2), path)
        firsts.append(endplay / mine)
        print(f"  first read of a process: {mine * 1e3:.1f} ms against endplay's "
              f"{endplay * 1e3:.1f} ms, speed-up {endplay / mine:.2f}x")  # fmt: skip
    if speedups:
        median = median_of(speedups)
        print(f"median speed-up over endplay: {median:.2f}x "
              f"({verdict(median, PBN_MEDIAN_TARGET, at_most=False)}); "
              f"first reads: median {median_of(firsts):.2f}x, "
              f"least {min(firsts):.2f}x")  # fmt: skip
    return speedups, firsts


def bench_library(repeat: int, quick: bool) -> None:
    print("\n## The library on generated files: read + butler + write, ratio to the lxml floor")
    sizes = [(10, 30), (60, 30), (1000, 30), (1000, 7), (10000, 7)]
    if quick:
        sizes = [(10, 30), (60, 30), (1000, 7)]
    found: dict[tuple[int, int], float] = {}
    for tables, boards in sizes:
        data = generate(tables, boards)
        runs = max(3, repeat if tables <= 60 else repeat // 2)
        floor, whole = interleaved(
            runs,
            lambda d=data: etree.tostring(etree.fromstring(d, usebio.PARSER)),
            lambda d=data: usebio.dumps(pbnscore.score(usebio.loads(d), "butler")),
        )
        found[(tables, boards)] = whole.min_cpu / floor.min_cpu
        target = ""
        if (tables, boards) in LIBRARY_TARGETS:
            target = verdict(found[(tables, boards)], LIBRARY_TARGETS[(tables, boards)])
        print(row(f"{tables} tables x {boards} boards", whole, floor, target))
    if (1000, 7) in found and (10000, 7) in found:
        growth = found[(10000, 7)] / found[(1000, 7)]
        print(f"ratio at 10,000 x 7 over ratio at 1,000 x 7: {growth:.2f} "
              f"({verdict(growth, LINEAR_GROWTH)})")  # fmt: skip


def bench_startup(repeat: int, out: Path) -> None:
    print("\n## Start-up, beside python -c pass")
    command = pbnscore_command()
    bare, version, small, butler = interleaved(
        repeat * 2,
        process([sys.executable, "-c", "pass"]),
        process([*command, "--version"]),
        process([*command, "score", str(SMALL), "--to", "json", "-o", str(out / "small.json")]),
        process([*command, "score", str(SMALL_BUTLER), "--to", "json", "-o", str(out / "b.json")]),
    )
    print(row("python -c pass", bare))
    print(row("pbnscore --version", version, bare))
    for path, sample in ((SMALL, small), (SMALL_BUTLER, butler)):
        target = verdict(sample.min_cpu / bare.min_cpu, STARTUP_TARGET)
        print(row(f"pbnscore score {path.name} --to json", sample, bare, target))


# -- growth: events made in the model, of any size -----------------------------

SCORES = (420, 450, -50, 400, 300, 140, 0, -140, 170, -100)


def _result(rng: random.Random, ns: str, ew: str, home: Direction | None = None) -> Result:
    score = rng.choice(SCORES)
    outcome = Outcome.PASSED_OUT if score == 0 else Outcome.PLAYED
    return Result(ns, ew, outcome, score, home_direction=home)


def teams_event(teams: int, boards: int = 8, tables: int = 2, seed: int = 1) -> Event:
    """``teams`` teams in ``teams // 2`` matches of ``tables`` tables, every
    match playing boards 1..``boards``: the home team sits NS at the first
    half of the tables."""
    rng = random.Random(seed)
    members: list[Participant] = []
    matches = []
    for m in range(teams // 2):
        home, away = str(2 * m + 1), str(2 * m + 2)
        for team in (home, away):
            pairs = tuple(
                Participant(f"{team}-{t}", ParticipantKind.PAIR, team=team)
                for t in range(1, tables + 1)
            )
            members.append(
                Participant(team, ParticipantKind.TEAM, name=f"Team {team}", members=pairs)
            )
        played = []
        for number in range(1, boards + 1):
            results = []
            for t in range(1, tables + 1):
                sits_ns = t <= tables // 2
                ns, ew = (home, away) if sits_ns else (away, home)
                direction = Direction.NS if sits_ns else Direction.EW
                results.append(_result(rng, f"{ns}-{t}", f"{ew}-{t}", direction))
            played.append(Board(number, tuple(results)))
        matches.append(Match(home, away, tuple(played)))
    session = Session("1", teams=tuple(members), matches=tuple(matches))
    return Event(EventKind.TEAMS, (session,), Source("bench", "usebio"))


def growth(
    label: str, sizes: list[int], make: Callable[[int], Event], method: str, repeat: int
) -> None:
    events = [make(size) for size in sizes]
    samples = interleaved(
        repeat, *[(lambda e=event: pbnscore.score(e, method)) for event in events]
    )
    for size, sample in zip(sizes, samples, strict=True):
        print(row(f"{method}, {size} {label}", sample))
    first, last = samples[0].min_cpu, samples[-1].min_cpu
    exponent = math.log(last / first) / math.log(sizes[-1] / sizes[0])
    print(f"  {method}: growth exponent {exponent:.2f} from {sizes[0]} to {sizes[-1]} {label}")


def bench_growth(repeat: int, quick: bool) -> None:
    from bench_batch import club_event

    print("\n## Each method's growth (in process)")
    teams = [100, 1000, 3000] if quick else [100, 1000, 3000, 10000]
    growth("teams", teams, teams_event, "aggregate", max(3, repeat // 2))
    growth("teams (4 tables a match)", [50, 200, 800],
           lambda n: teams_event(n, boards=8, tables=4), "barking", 3)  # fmt: skip
    for method in ("butler", "cross-imps"):
        growth("tables", [10, 40, 160], lambda n: club_event(1, n, 24), method, 3)


def bench_batch(repeat: int, out: Path) -> None:
    print("\n## batch of 200 small files, by workers")
    folder = out / "batch-in"
    folder.mkdir()
    write_events(folder, 200, 7, 24)
    command = [*pbnscore_command(), "batch", str(folder), "--no-progress"]

    def batch(jobs: int) -> Callable[[], object]:
        target = out / f"batch-out-{jobs}"

        def run() -> object:
            shutil.rmtree(target, ignore_errors=True)
            return subprocess.run(
                [*command, "--out-dir", str(target), "-j", str(jobs)],
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                env=CHILD_ENV,
            )

        return run

    one, two, four = interleaved(max(2, repeat // 2), batch(1), batch(2), batch(4))
    print(row("batch -j 1", one))
    print(row("batch -j 2", two, one, "(CPU ratio: the cost of a second worker)"))
    print(row("batch -j 4", four, one))


# -- the speed targets: each figure beside its anchor, in one run ---------

NODE_SCORER = """
// Butler on each board of an event read from standard input (each board a
// list of NS scores, 0 a pass-out), as bridge-scorer takes it: a game per
// line, the score the declarer's (declared by N here): the least CPU
// seconds of an event, timed 100 events at a time.
const s = require('bridge-scorer');
const boards = JSON.parse(require('fs').readFileSync(0, 'utf8'));
const runs = Number(process.argv[1]);
const game = v => ({score: v, contract: {declaror: 'N'}});
let best = Infinity;
for (let r = 0; r < runs; r++) {
  const t0 = process.cpuUsage();
  for (let k = 0; k < 100; k++) for (const scores of boards) s.butler(scores.map(game));
  const t = process.cpuUsage(t0);
  best = Math.min(best, (t.user + t.system) / 1e6 / 100);
}
console.log(best);
"""


def distinct_plays(tables: int, boards: int, seed: int = 7) -> bytes:
    """``generate``'s event with every line a random contract, declarer and
    result (and its score): nearly every line a different play."""
    from pbnscore.bridge import ns_score, parse_contract, parse_seat, vulnerability_for_board

    rng = random.Random(seed)
    root = etree.fromstring(generate(tables, boards))
    for board in root.iter("BOARD"):
        vulnerability = vulnerability_for_board(int(board.findtext("BOARD_NUMBER")))
        for line in board.iter("TRAVELLER_LINE"):
            level = rng.randint(1, 7)
            strain = rng.choice(("C", "D", "H", "S", "NT"))
            text = f"{level}{strain}{rng.choice(('', '', '', 'X', 'XX'))}"
            by = rng.choice("NESW")
            tricks = max(0, min(13, level + 6 + rng.randint(-4, 2)))
            contract = parse_contract(text)
            line.find("CONTRACT").text = text
            line.find("PLAYED_BY").text = by
            line.find("TRICKS").text = str(tricks)
            line.find("SCORE").text = str(ns_score(contract, parse_seat(by), tricks, vulnerability))
    return etree.tostring(root, xml_declaration=True, encoding="UTF-8")


def _ratio_line(label: str, sample: Sample, anchor: Sample, target: float) -> str:
    return row(label, sample, anchor, verdict(sample.min_cpu / anchor.min_cpu, target))


def _summary_line(figure: str, anchor: str, found: str, target: str) -> str:
    return f"| {figure} | {anchor} | {found} | {target} |"


def _cpu_ratios(sample: Sample, anchor: Sample) -> str:
    return f"{sample.min_cpu / anchor.min_cpu:.2f}x / {sample.median_cpu / anchor.median_cpu:.2f}x"


def bench_table(repeat: int, out: Path) -> None:
    """The figures of the speed targets, each beside its anchor in this run."""
    from pbnscore.cli import main as cli_main

    print("\n## Start-up: score small.xml --to json (target <= 2x import lxml.etree)")
    command = pbnscore_command()
    bare, lxml_only, small = interleaved(
        repeat * 3,
        process([sys.executable, "-c", "pass"]),
        process([sys.executable, "-c", "import lxml.etree"]),
        process([*command, "score", str(SMALL), "--to", "json", "-o", str(out / "s.json")]),
    )
    print(row("python -c pass", bare))
    print(row('python -c "import lxml.etree"', lxml_only, bare))
    print(_ratio_line("score small.xml --to json / lxml.etree", small, lxml_only, 2.0))
    print(row("score small.xml --to json / pass", small, bare))
    summary = [
        _summary_line("figure", "anchor, same run", "CPU min / median", "target"),
        "|---|---|---|---|",
        _summary_line(
            "`score small.xml --to json`",
            '`python -c "import lxml.etree"`',
            _cpu_ratios(small, lxml_only),
            verdict(small.min_cpu / lxml_only.min_cpu, 2.0),
        ),
        _summary_line("same", "`python -c pass`", _cpu_ratios(small, bare), ""),
    ]

    usebio_files = sorted((SAMPLES / "usebio").glob("*.xml"))
    if usebio_files:
        print("\n## The command on each real USEBIO sample / an lxml parse + serialise process")
        found = []
        for path in usebio_files:
            floor, cmd = interleaved(
                repeat,
                process([sys.executable, "-c", LXML_BARE, str(path)]),
                process([*command, "score", str(path), "--to", "json", "-o", str(out / "o.json")]),
            )
            found.append(cmd.min_cpu / floor.min_cpu)
            print(row(f"  {path.name}", cmd, floor))
        print(f"median {median_of(found):.2f}x ({min(found):.2f}-{max(found):.2f})")
        summary.append(
            _summary_line(
                f"the command on {len(found)} real USEBIO files",
                "an lxml parse + serialise process",
                f"median {median_of(found):.2f}x ({min(found):.2f}-{max(found):.2f})",
                "",
            )
        )

        print("\n## read + score + write in process / etree round trip (target <= 3x)")
        lib, cmd_path = [], []
        sink = io.StringIO()
        for path in usebio_files:
            data = path.read_bytes()
            try:
                usebio.dumps(pbnscore.score(usebio.loads(data)))
            except pbnscore.PbnscoreError:
                continue
            target = out / "in-process.xml"

            def command_path(p: Path = path, t: Path = target) -> object:
                with contextlib.redirect_stderr(sink), contextlib.redirect_stdout(sink):
                    return cli_main(["score", str(p), "-o", str(t)])

            floor, whole, via = interleaved(
                repeat * 2,
                lambda d=data: etree.tostring(etree.fromstring(d, usebio.PARSER)),
                lambda d=data: usebio.dumps(pbnscore.score(usebio.loads(d))),
                command_path,
            )
            lib.append(whole.min_cpu / floor.min_cpu)
            cmd_path.append(via.min_cpu / floor.min_cpu)
            print(row(f"  {path.name} library", whole, floor))
            print(row(f"  {path.name} command path", via, floor))
        print(f"medians: library {median_of(lib):.2f}x, command path {median_of(cmd_path):.2f}x "
              f"({verdict(median_of(lib), 3.0)})")  # fmt: skip
        summary.append(
            _summary_line(
                "read + score + write in process, real club files",
                "`etree.tostring(etree.fromstring(b))`",
                f"library {median_of(lib):.2f}x, command path {median_of(cmd_path):.2f}x "
                "(medians of min)",
                verdict(median_of(lib), 3.0),
            )
        )
    else:
        print("\nreal USEBIO samples absent: their figures are skipped")

    print("\n## Generated files in process / etree round trip")
    sized = {}
    for label, data, target in (
        ("60 x 30 (club lines)", generate(60, 30), 3.0),
        ("1,000 x 30 (30,000 lines)", generate(1000, 30), 2.5),
        ("60 x 30, nearly every line a different play", distinct_plays(60, 30), 2.5),
    ):
        floor, whole = interleaved(
            max(3, repeat if len(data) < 10**6 else repeat // 2),
            lambda d=data: etree.tostring(etree.fromstring(d, usebio.PARSER)),
            lambda d=data: usebio.dumps(pbnscore.score(usebio.loads(d), "butler")),
        )
        sized[label] = whole.min_cpu
        print(_ratio_line(label, whole, floor, target))
        summary.append(
            _summary_line(
                f"{label}, in process",
                "the same round trip",
                _cpu_ratios(whole, floor),
                verdict(whole.min_cpu / floor.min_cpu, target),
            )
        )
    first, last = sized["60 x 30 (club lines)"], sized["1,000 x 30 (30,000 lines)"]
    print(
        f"growth exponent 1,800 to 30,000 lines: {math.log(last / first) / math.log(1000 / 60):.2f}"
    )

    if has_endplay():
        speedups, firsts = bench_pbn_reader(repeat, sorted((SAMPLES / "pbn").iterdir()))
        if speedups:
            summary.append(
                _summary_line(
                    f"`pbn.loads`, {len(speedups)} real files",
                    "endplay's reader",
                    f"speed-up median {median_of(speedups):.2f}x, least {min(speedups):.2f}x",
                    f"{verdict(min(speedups), 1.0, at_most=False)} (least); "
                    f"{verdict(median_of(speedups), PBN_MEDIAN_TARGET, at_most=False)} (median)",
                )
            )
            summary.append(
                _summary_line(
                    "same, each process's first read",
                    "endplay's first read",
                    f"speed-up median {median_of(firsts):.2f}x, least {min(firsts):.2f}x",
                    f"{verdict(min(firsts), 1.0, at_most=False)} (least)",
                )
            )
    else:
        print("\nendplay is not installed (pip install endplay==0.5.12): PBN figures skipped")
    slower = bench_bridge_scorer(repeat)
    if slower is not None:
        summary.append(
            _summary_line(
                "Butler, scoring only, a club file",
                "bridge-scorer's butler (node)",
                f"{slower:.1f}x slower",
                "",
            )
        )
    print(f"\n## The speed targets in this run ({load_average()})\n")
    print("\n".join(summary))


def bench_bridge_scorer(repeat: int) -> float | None:
    """How many times slower pbnscore's Butler is than bridge-scorer's (None
    where it cannot be run), printed."""
    node = shutil.which("node")
    if node is None:
        print("\nbridge-scorer: node is not installed; skipped")
        return None
    probe = subprocess.run([node, "-e", "require.resolve('bridge-scorer')"], capture_output=True)
    if probe.returncode != 0:
        print(
            "\nbridge-scorer: node is here but not the bridge-scorer module "
            "(npm install bridge-scorer; NODE_PATH=its node_modules); skipped"
        )
        return None
    print("\n## Butler, scoring only, a club file / bridge-scorer's butler (node)")
    path = SAMPLES / "usebio" / "butler_mitchell.xml"
    if not path.exists():
        print(f"bridge-scorer: {path.name} is absent; skipped")
        return None
    event = usebio.load(path)
    boards = [
        [
            r.score or 0
            for r in board.results
            if r.score is not None or r.outcome.name == "PASSED_OUT"
        ]
        for session in event.sessions
        for section in session.sections
        for board in section.boards
    ]
    ours = interleaved(repeat * 20, lambda: pbnscore.score(event, "butler"))[0]
    result = subprocess.run(
        [node, "-e", NODE_SCORER, str(repeat * 10)],
        input=json.dumps(boards),
        capture_output=True,
        text=True,
    )
    if result.returncode != 0:
        print(f"bridge-scorer: its butler did not run ({result.stderr.strip()[:200]}); skipped")
        return None
    theirs = float(result.stdout)
    lines = sum(len(b) for b in boards)
    print(
        f"pbnscore.score(event, 'butler') {ours.min_cpu * 1e3:.2f} ms (median "
        f"{ours.median_cpu * 1e3:.2f}), bridge-scorer's butler {theirs * 1e3:.3f} ms (min) on "
        f"{len(boards)} boards, {lines} lines: {ours.min_cpu / theirs:.1f}x"
    )
    return ours.min_cpu / theirs


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5, help="runs of each figure")
    parser.add_argument("--quick", action="store_true", help="smaller sizes, for a first look")
    parser.add_argument("--only", nargs="+", choices=PARTS, default=list(PARTS))
    args = parser.parse_args(argv)
    print(f"# bench_command: {load_average()}")
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp)
        jobs: dict[str, Callable[[], None]] = {
            "table": lambda: bench_table(args.repeat, out),
            "samples": lambda: bench_samples(args.repeat, out),
            "library": lambda: bench_library(args.repeat, args.quick),
            "startup": lambda: bench_startup(args.repeat, out),
            "growth": lambda: bench_growth(args.repeat, args.quick),
            "batch": lambda: bench_batch(args.repeat, out),
        }
        for part in args.only:
            jobs[part]()
    print(f"\n# {load_average()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
