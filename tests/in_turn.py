"""Several ``pbnscore`` commands run one after the other in one process of
their own, for tests that need a fresh interpreter (a plug-in found by its
installed entry point) or a timeout around a read that could block for ever,
but not a process (a Python start, 0.15-0.2 s of CPU) for each command.

Tests about the process itself (its exit status as the shell sees it, its
standard streams closed or full, a signal) start ``python -m pbnscore``
for each case instead.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path

import attrs

# Runs main on each argv given (JSON, the first argument), its standard
# output and error held, and prints (JSON) the status, output and error of each.
IN_TURN = """
import contextlib, io, json, sys
from pbnscore.cli import main
said = []
for argv in json.loads(sys.argv[1]):
    out, err = io.TextIOWrapper(io.BytesIO(), encoding="utf-8"), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(argv)
    out.flush()
    said.append((status, out.buffer.getvalue().decode("utf-8"), err.getvalue()))
print(json.dumps(said))
"""


@attrs.frozen
class Said:
    """What one command did: its exit status, standard output and error."""

    returncode: int
    stdout: str
    stderr: str


def in_turn(
    argvs: Sequence[Sequence[str]],
    *,
    env: Mapping[str, str] | None = None,
    cwd: Path | None = None,
    timeout: float = 120,
) -> list[Said]:
    """``pbnscore ARGV`` for each of ``argvs``, in turn, in one new process
    (``env`` its environment, ``cwd`` its folder). ``timeout`` is wall-clock,
    only a hang's end: generous, as a busy machine may take many times as long."""
    done = subprocess.run(
        [sys.executable, "-c", IN_TURN, json.dumps([list(argv) for argv in argvs])],
        capture_output=True,
        text=True,
        env=env,
        cwd=cwd,
        timeout=timeout,
        check=False,
    )
    assert (done.returncode, done.stderr) == (0, ""), done.stderr[-2000:]
    return [Said(*said) for said in json.loads(done.stdout)]
