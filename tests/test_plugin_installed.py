"""The plug-in guide's example, installed by pip as its own distribution.

The files the guide (``docs/api/plugins.md``) shows under a title (the
module, its ``pyproject.toml``, its conformance test) are written to a
folder exactly as a reader would copy them, ``pip install --target`` builds
and installs it once for the session, and the installed plug-in is run from
that folder on ``PYTHONPATH``: its own conformance tests under pytest, then
``pbnscore methods``, ``score`` and ``explain`` (in turn, in one new
process). pip builds it with this
environment's setuptools where that can build a wheel (the test extra
brings one), having checked it against what the example's pyproject.toml
asks for to build it; elsewhere in an isolated environment it fetches
setuptools into, as ``pip install`` does by default (a second or two of
CPU more). Where pip cannot build the package (no network for its build
backend, say), the tests are skipped and say why.
"""

from __future__ import annotations

import importlib.metadata
import itertools
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from packaging.version import Version

from in_turn import Said, in_turn

ROOT = Path(__file__).resolve().parent.parent
GUIDE = ROOT / "docs" / "api" / "plugins.md"
MITCHELL = ROOT / "fixtures" / "pbn" / "mitchell-pairs.pbn"
TITLED_RE = re.compile(r'^```\w+ title="([^"]+)"\n(.*?)^```', re.MULTILINE | re.DOTALL)
NAME = "matchpoints"
# What pip says where it cannot reach an index for the build backend (the
# example's own faults fail the test instead).
OFFLINE_RE = re.compile(
    r"installing build dependencies|No matching distribution|Could not find a version|"
    r"connection|network|Temporary failure in name resolution",
    re.IGNORECASE,
)
# setuptools builds wheels by itself from 70.1 (before, the wheel package did).
BUILDS_WHEELS = Version("70.1")


def builds_here() -> bool:
    """Whether this environment's setuptools can build the example's wheel,
    so that pip need not make a build environment and download one into it."""
    try:
        return Version(importlib.metadata.version("setuptools")) >= BUILDS_WHEELS
    except importlib.metadata.PackageNotFoundError:
        return False


def guide_files() -> dict[str, str]:
    """The guide's titled blocks, by the file name each is shown as."""
    return dict(TITLED_RE.findall(GUIDE.read_text(encoding="utf-8")))


@pytest.fixture(scope="session")
def installed(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """The environment to run the installed example in (its folder first
    on PYTHONPATH); skipped where pip cannot install it."""
    files = guide_files()
    assert "pyproject.toml" in files, "the guide shows no package to install"
    folder = tmp_path_factory.mktemp("plugin")
    package, site = folder / "package", folder / "site"
    for name, text in files.items():
        path = package / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    # pip gives up on an unreachable index well inside pytest's 300 s per test.
    command = [sys.executable, "-m", "pip", "install", "--no-deps", "--retries", "1"]
    command += ["--timeout", "30", "--target", str(site)]
    if builds_here():
        command += ["--no-build-isolation", "--check-build-dependencies"]
    try:
        done = subprocess.run(
            [*command, "--quiet", str(package)],
            capture_output=True,
            text=True,
            timeout=240,
            check=False,
        )
    except subprocess.TimeoutExpired:
        pytest.skip("pip took over four minutes to install the example (no network?)")
    if done.returncode != 0 and OFFLINE_RE.search(done.stderr):
        said = (done.stderr.strip().splitlines() or ["no message"])[-1]
        pytest.skip(f"pip could not fetch what builds the guide's example: {said}")
    assert done.returncode == 0, f"pip could not install the guide's example:\n{done.stderr}"
    environment = dict(os.environ)
    environment["PYTHONPATH"] = os.pathsep.join(
        filter(None, [str(site), environment.get("PYTHONPATH")])
    )
    environment["PBNSCORE_TEST_SITE"] = str(site)
    return environment


def run(environment: dict[str, str], *arguments: str) -> subprocess.CompletedProcess[str]:
    """``python -m ARGUMENTS`` in the installed example's environment, from a
    folder that holds no copy of its source (what runs is what pip put)."""
    return subprocess.run(
        [sys.executable, "-m", *arguments],
        capture_output=True,
        text=True,
        env=environment,
        cwd=Path(environment["PBNSCORE_TEST_SITE"]).parent,
        timeout=240,
        check=False,
    )


def test_the_guide_shows_a_whole_package() -> None:
    """The guide's titled files are a module, its pyproject.toml registering
    it in pbnscore's entry-point group, and a conformance test."""
    files = guide_files()
    assert set(files) == {"pbnscore_matchpoints.py", "pyproject.toml", "tests/test_matchpoints.py"}
    assert '[project.entry-points."pbnscore.methods"]' in files["pyproject.toml"]
    assert "MethodConformance" in files["tests/test_matchpoints.py"]


def test_the_installed_example_passes_its_conformance_tests(installed: dict[str, str]) -> None:
    """The example's own tests, as its author runs them: pytest on the
    guide's test module against the installed distribution."""
    site = Path(installed["PBNSCORE_TEST_SITE"])
    tests = site.parent / "package" / "tests"
    done = run(installed, "pytest", "-q", "-p", "no:cacheprovider", str(tests))
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    passed = re.search(r"(\d+) passed", done.stdout)
    assert passed is not None and int(passed.group(1)) >= 6, done.stdout[-1000:]


COMMANDS = {
    "methods": ["methods"],
    "score": ["score", str(MITCHELL), "-m", NAME, "--to", "json"],
    "explain": ["explain", str(MITCHELL), "-m", NAME, "--board", "1"],
    "refused": ["score", str(MITCHELL), "-m", NAME, "--imp-cap", "17"],
}


@pytest.fixture(scope="module")
def said(installed: dict[str, str]) -> dict[str, Said]:
    """What each of COMMANDS did in the installed example's environment: one
    after the other in one new process, from a folder that holds no copy of
    its source (what runs is what pip put)."""
    folder = Path(installed["PBNSCORE_TEST_SITE"]).parent
    ran = in_turn(list(COMMANDS.values()), env=installed, cwd=folder)
    return dict(zip(COMMANDS, ran, strict=True))


def test_methods_lists_the_installed_example_with_its_own_flags(said: dict[str, Said]) -> None:
    """``pbnscore methods`` names the plug-in's entry point, and offers its
    flags and --factor, and no IMP option it would not use."""
    done = said["methods"]
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    start = next(at for at, line in enumerate(lines) if line.startswith(f"{NAME}: "))
    own = itertools.takewhile(lambda line: line.startswith(" "), lines[start + 1 :])
    flags = [line.split()[0] for line in own if line.startswith("  --")]
    assert lines[start].endswith("[plug-in pbnscore_matchpoints:Matchpoints]")
    assert flags == ["--factor", "--per-win"]


def test_score_and_explain_run_the_installed_example(said: dict[str, Said]) -> None:
    """``score -m matchpoints`` ranks the fixture on matchpoints that add up
    to the top on every board; ``explain`` shows its steps; an IMP option
    is refused as for any option the method does not take."""
    done = said["score"]
    assert done.returncode == 0, done.stderr
    document = json.loads(done.stdout)
    assert document["method"]["name"] == NAME
    assert any(participant["total"] for participant in document["participants"])
    explained = said["explain"]
    assert explained.returncode == 0, explained.stderr
    assert "results compared, top" in explained.stdout
    refused = said["refused"]
    assert refused.returncode == 2
    assert len(refused.stderr.strip().splitlines()) == 1
    assert "--imp-cap" in refused.stderr
