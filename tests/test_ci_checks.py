"""CI's lint and type lines fail on a planted error (docs/internals/tests.md,
"Lint and types in CI"): ``.ci/run``'s own ``ruff`` and ``mypy`` lines, run as
it runs them (bash stopping at the first failure, before any test), in a small
tree with the project's ``pyproject.toml`` and one planted error."""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CI = ROOT / ".ci" / "run"
CHECK = re.compile(r"python -m (ruff|mypy)\b")

# .ci/run is a bash script for a POSIX machine; the tree a wheel installs has no .ci.
pytestmark = pytest.mark.skipif(
    os.name != "posix" or not CI.is_file() or shutil.which("bash") is None,
    reason="no .ci/run, or no bash and POSIX shell, here",
)


def checks_of(script: str) -> list[str]:
    """The lines of ``script`` that run ruff or mypy before its first test run."""
    lines = script.splitlines()
    first_test = next(n for n, line in enumerate(lines) if line.startswith("python -m pytest"))
    return [line for line in lines[:first_test] if CHECK.match(line)]


def test_ci_lints_and_types_before_the_tests_and_stops_at_a_failure() -> None:
    script = CI.read_text(encoding="utf-8")
    assert checks_of(script) == [
        "python -m ruff check src tests bench",
        "python -m ruff format --check src tests bench",
        "python -m mypy --strict src/pbnscore",
        "python -m mypy tests",
    ]
    first_check = script.index("python -m ruff")
    assert "set -euo pipefail" in script[:first_check]


CLEAN = '"""A module."""\n\n\ndef one() -> int:\n    """One."""\n    return 1\n'


def run_checks(tmp_path: Path, planted: str) -> subprocess.CompletedProcess[str]:
    """``.ci/run``'s check lines in a tree whose package holds ``planted``,
    with this interpreter (and its ruff and mypy) as ``python``."""
    tree = tmp_path / "tree"
    (tree / "src" / "pbnscore").mkdir(parents=True)
    (tree / "tests").mkdir()
    (tree / "bench").mkdir()
    shutil.copy(ROOT / "pyproject.toml", tree / "pyproject.toml")
    (tree / "src" / "pbnscore" / "__init__.py").write_text('"""A package."""\n')
    (tree / "src" / "pbnscore" / "planted.py").write_text(planted)
    (tree / "tests" / "test_one.py").write_text(CLEAN)
    (tree / "bench" / "one.py").write_text(CLEAN)
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    python = bin_dir / "python"
    python.write_text(f'#!/bin/sh\nexec "{sys.executable}" "$@"\n')
    python.chmod(0o755)
    script = "set -euo pipefail\n" + "\n".join(checks_of(CI.read_text(encoding="utf-8")))
    env = {**os.environ, "PATH": f"{bin_dir}{os.pathsep}{os.environ['PATH']}"}
    return subprocess.run(
        ["bash", "-c", script], cwd=tree, env=env, capture_output=True, text=True, check=False
    )


# The dev extra's tools: CI's first run installs them; its run on the newest
# Python (the test extra only) leaves this to the first.
_TOOLS = [name for name in ("ruff", "mypy") if importlib.util.find_spec(name) is None]


@pytest.mark.skipif(bool(_TOOLS), reason=f"no {' or '.join(_TOOLS)} here (the dev extra)")
@pytest.mark.parametrize(
    ("planted", "said"),
    [
        pytest.param(f"import os\n{CLEAN}", "F401", id="a ruff error"),
        pytest.param(CLEAN.replace("1", '"one"'), "[return-value]", id="a type error"),
        pytest.param(CLEAN, "", id="none"),
    ],
)
def test_ci_fails_on_a_planted_error(tmp_path: Path, planted: str, said: str) -> None:
    """A ruff error fails the first line, a type error ``mypy --strict``;
    the same tree without either passes all four (the plant is what fails)."""
    done = run_checks(tmp_path, planted)
    output = done.stdout + done.stderr
    if said:
        assert done.returncode != 0 and said in output, output
    else:
        assert done.returncode == 0, output
