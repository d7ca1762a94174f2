"""Golden outputs: every fixture and shared sample, scored by every method
that applies, written in every output format (and text/HTML with --dd, by the default method), each
board-1 explanation, every `check` and the fixture seasons, with each run's
exit status and stderr, into one folder.

Run it before a refactoring and after it, then compare the folders
(``diff -r before after``): a refactoring changes no byte.

    python bench/golden.py OUT_DIR
"""

from __future__ import annotations

import argparse
import contextlib
import io
from pathlib import Path

from pbnscore.cli import main

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT.parent.parent / "shared" / "samples"
if not SAMPLES.is_dir():
    SAMPLES = Path("/work/shared/samples")
METHODS = ("butler", "cross-imps", "aggregate", "barking")
FORMATS = ("usebio", "pbn", "json", "text", "html", "csv")


def inputs() -> list[Path]:
    found = [
        path
        for folder in (ROOT / "fixtures", SAMPLES)
        for path in sorted(folder.rglob("*"))
        if path.suffix.lower() in (".pbn", ".xml") and "season" not in path.parts
    ]
    assert found, "no inputs"
    return found


def run(out: Path, name: str, argv: list[str]) -> None:
    """One command line: its exit status and stderr beside what it wrote."""
    stderr = io.StringIO()
    stdout = io.StringIO()
    with contextlib.redirect_stderr(stderr), contextlib.redirect_stdout(stdout):
        status = main(argv)
    log = f"{' '.join(argv)}\nexit {status}\n{stderr.getvalue()}{stdout.getvalue()}"
    (out / f"{name}.log").write_text(log.replace(str(out), "OUT"), encoding="utf-8")


def main_(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    for path in inputs():
        stem = f"{path.parent.name}-{path.name}"
        run(out, f"{stem}.check", ["check", str(path)])
        for fmt in ("text", "html"):  # the double-dummy tables: the default method's
            run(
                out,
                f"{stem}.dd.{fmt}",
                ["score", str(path), "--dd", "--to", fmt, "-o", str(out / f"{stem}.dd.{fmt}")],
            )
        for method in METHODS:
            base = f"{stem}.{method}"
            for fmt in FORMATS:
                target = out / f"{base}.{fmt}"
                run(
                    out,
                    f"{base}.{fmt}",
                    ["score", str(path), "-m", method, "--to", fmt, "-o", str(target)],
                )
            for fmt in ("text", "json"):
                target = out / f"{base}.explain.{fmt}"
                run(
                    out,
                    f"{base}.explain.{fmt}",
                    [
                        "explain",
                        str(path),
                        "-m",
                        method,
                        "--board",
                        "1",
                        "--to",
                        fmt,
                        "-o",
                        str(target),
                    ],
                )
    for season in sorted((ROOT / "fixtures" / "season").iterdir()):
        for fmt in ("text", "html", "json", "csv"):
            target = out / f"season-{season.name}.{fmt}"
            run(
                out,
                f"season-{season.name}.{fmt}",
                ["season", str(season), "--no-progress", "-j", "1", "--to", fmt, "-o", str(target)],
            )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", type=Path, help="the folder to write every output into")
    main_(parser.parse_args().out.resolve())
