"""The package, and every test module, import and score with what Windows
lacks taken away: the POSIX-only modules (resource, fcntl, termios, pwd,
grp), os's POSIX-only calls and SIGHUP. A stand-in for a Windows run,
which CI does not have: it catches a POSIX-only name used unguarded."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CLUB_NIGHT = ROOT / "fixtures" / "usebio" / "club-night.xml"

WINDOWS_LIKE = """
import os, signal, sys
for name in ("geteuid", "getuid", "getpgid", "killpg", "mkfifo", "fork", "setsid",
             "sched_getaffinity", "pthread_sigmask", "getloadavg", "nice"):
    if hasattr(os, name):
        delattr(os, name)
for name in ("SIGHUP", "SIGKILL", "SIGQUIT", "pthread_sigmask", "SIG_BLOCK", "SIG_SETMASK"):
    if hasattr(signal, name):
        delattr(signal, name)
for module in ("resource", "fcntl", "termios", "pwd", "grp"):
    sys.modules[module] = None  # import fails, as on Windows
"""

IMPORT_ALL = """
import importlib, pkgutil
import pbnscore
for module in pkgutil.walk_packages(pbnscore.__path__, "pbnscore."):
    importlib.import_module(module.name)
sys.path[:0] = [sys.argv[1], str(Path(sys.argv[1], "tests"))]  # as pytest has them
for path in sorted(Path(sys.argv[1], "tests").glob("*.py")):
    importlib.import_module(f"tests.{path.stem}")
from pbnscore.cli import main
sys.exit(main(["score", sys.argv[2], "--to", "json", "-o", sys.argv[3]]))
"""


def test_everything_imports_and_scores_without_posix_only_names(tmp_path: Path) -> None:
    output = tmp_path / "night.json"
    probe = WINDOWS_LIKE + "from pathlib import Path\n" + IMPORT_ALL
    done = subprocess.run(
        [sys.executable, "-c", probe, str(ROOT), str(CLUB_NIGHT), str(output)],
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert output.read_bytes().startswith(b"{")
