"""``watch --once`` over many small nights against ``batch -j 1`` over the same.

    .venv/bin/python bench/bench_watch.py [--files 800] [--repeat 3]

Writes ``--files`` copies of a small USEBIO night (``fixtures/usebio/
tied-places.xml``, each with a comment of its own so that no two have the
same bytes) to a temporary folder, then runs, alternating, ``pbnscore watch
DIR --out-dir OUT --once --to json`` (its state file removed first, so that
every night is scored) and ``pbnscore batch DIR --out-dir OUT -j 1 --to
json`` as whole processes, and prints their CPU time (of the child process,
which a busy neighbour moves far less than wall time) and the ratio. The
figure for half the files is printed too: a watch whose work per file does
not grow with the folder keeps the same ratio at both sizes.

Target: the watch costs at most 3 × the batch's CPU.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from _timing import interleaved, load_average

ROOT = Path(__file__).resolve().parent.parent
NIGHT = ROOT / "fixtures" / "usebio" / "tied-places.xml"
TARGET = 3.0


def nights(folder: Path, count: int) -> None:
    """``count`` small nights, each a different file."""
    folder.mkdir()
    data = NIGHT.read_bytes()
    for number in range(count):
        marked = data.replace(b"</USEBIO>", f"<!-- {number} --></USEBIO>".encode())
        (folder / f"night-{number:04d}.xml").write_bytes(marked)


def measure(tmp: Path, count: int, repeat: int) -> tuple[float, float]:
    """(watch, batch) CPU seconds, the least of ``repeat`` alternating runs."""
    folder, out = tmp / f"in-{count}", tmp / f"out-{count}"
    nights(folder, count)
    command = [sys.executable, "-m", "pbnscore"]

    def watch() -> None:
        shutil.rmtree(out, ignore_errors=True)  # the state file too: every night scored
        words = ["watch", str(folder), "--out-dir", str(out), "--once", "--to", "json", "-q"]
        subprocess.run([*command, *words], check=True, capture_output=True)

    def batch() -> None:
        shutil.rmtree(out, ignore_errors=True)
        words = ["batch", str(folder), "--out-dir", str(out), "-j", "1", "--to", "json"]
        subprocess.run([*command, *words, "--no-progress"], check=True, capture_output=True)

    watched, batched = interleaved(repeat, watch, batch)
    return watched.min_cpu, batched.min_cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--files", type=int, default=800)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    print(load_average())
    with tempfile.TemporaryDirectory() as tmp:
        for count in (args.files // 2, args.files):
            watch_s, batch_s = measure(Path(tmp), count, args.repeat)
            ratio = watch_s / batch_s
            verdict = "met" if ratio <= TARGET else "NOT met"
            print(
                f"{count:5d} nights: watch --once {watch_s:6.2f} s CPU, batch -j 1 "
                f"{batch_s:6.2f} s CPU, watch / batch = {ratio:.2f} "
                f"(target <= {TARGET:g}: {verdict})"
            )


if __name__ == "__main__":
    main()
