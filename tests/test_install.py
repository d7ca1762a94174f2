"""The built distribution installs and runs where the source folder is out of
reach (docs/howto/install.md): the sdist is built from the tree and the wheel
from the sdist, each extra's wheel goes into a fresh virtual environment with
nothing of the checkout but that wheel, and the commands a new user types run
there from an empty folder. Slow (a build and three installs): marked
``install``; ``--skip-install REASON`` skips it, saying why."""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
import tarfile
import urllib.request
import zipfile
from collections.abc import Sequence
from pathlib import Path

import pytest

from conftest import SHARED_SAMPLES
from pbnscore._version import __version__

pytestmark = pytest.mark.install

ROOT = Path(__file__).resolve().parent.parent
EXTRAS = ("", "dd", "bws", "completion")
PAGES = sorted([ROOT / "README.md", *(ROOT / "docs").rglob("*.md")])
INSTALL_LINE = re.compile(r"\b(pipx|pip) install ((?:'[^']*'|[^\s`'&|;)]+)(?: [^\s`'&|;)]+)*)")
# pipx's way to add an extra's package to an install already made.
INJECT_LINE = re.compile(r"\bpipx inject (pbnscore [\w.-]+)")
BY_NAME = "pbnscore by name, from the index once published (run here with the wheels as the index)"
# The install lines that need the package index, each with why; every other
# install line of the pages runs in the test below.
NEEDS_THE_INDEX = {
    "pbnscore": BY_NAME,
    "'pbnscore[dd]'": BY_NAME,
    "'pbnscore[bws]'": BY_NAME,
    "'pbnscore[completion]'": BY_NAME,
    "'.[test]'": "the test tools (pytest, playwright, ...) come from the index",
    "'.[docs]'": "mkdocs and its plug-ins come from the index",
    "endplay==0.5.12": "a pinned endplay for the benchmark, from the index",
    "pbnscore endplay": "pipx inject: endplay comes from the index",
    "pbnscore argcomplete": "pipx inject: argcomplete comes from the index",
}


def _run(
    command: Sequence[str | Path],
    cwd: Path,
    env: dict[str, str] | None = None,
    stdin: str | None = None,
) -> str:
    done = subprocess.run(
        [str(word) for word in command],
        cwd=cwd,
        env=env,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, f"{command}\n{done.stdout}\n{done.stderr}"
    return done.stdout


# What a checkout holds beside the project's own files: environments, caches
# and earlier builds, none of them part of what is built.
NOT_BUILT = (".git", ".venv*", ".ci-venv*", "build", "dist", "site", "out", "*.egg-info",
             "__pycache__", ".*_cache", ".hypothesis")  # fmt: skip


@pytest.fixture(scope="module")
def dist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The sdist and the wheel built from it, as ``python -m build`` makes
    them (without an isolated build environment: the test extra has
    setuptools, so no download is needed). Built from a copy of the tree:
    setuptools works in folders inside the tree it builds (``NAME-VERSION/``,
    ``src/NAME.egg-info``), which two builds at once (two test workers each
    with this fixture) would take from each other."""
    tree = tmp_path_factory.mktemp("tree") / "pbnscore"
    shutil.copytree(ROOT, tree, ignore=shutil.ignore_patterns(*NOT_BUILT))
    out = tmp_path_factory.mktemp("dist")
    _run([sys.executable, "-m", "build", "--no-isolation", "--outdir", out, tree], cwd=out)
    return out


@pytest.fixture(scope="module")
def wheelhouse(dist: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel and a wheel of every dependency of every extra (pip's cache
    makes a repeat cheap; a dependency published only as source is built
    once), so each environment installs with ``--no-index`` from this folder
    alone."""
    house = tmp_path_factory.mktemp("wheelhouse")
    (wheel,) = dist.glob("*.whl")
    every_extra = ",".join(extra for extra in EXTRAS if extra)
    _run(
        [sys.executable, "-m", "pip", "wheel", "-q", "-w", house, f"{wheel}[{every_extra}]"], house
    )
    assert (house / wheel.name).is_file()
    return house


def test_the_sdist_holds_the_tests_and_their_fixtures(dist: Path) -> None:
    (sdist,) = dist.glob("*.tar.gz")
    with tarfile.open(sdist) as archive:
        names = {name.split("/", 1)[1] for name in archive.getnames() if "/" in name}
    top = f"pbnscore-{__version__}"
    assert sdist.name == f"{top}.tar.gz"
    for needed in (
        "LICENSE",
        "CHANGELOG.md",
        "tests/conftest.py",
        "tests/test_install.py",
        "fixtures/usebio/club-night.xml",
        "src/pbnscore/examples/club-night.xml",
        "docs/howto/install.md",
    ):
        assert needed in names


def test_the_wheel_holds_every_file_of_the_package(dist: Path) -> None:
    """Each file under src/pbnscore (the serve page, the bundled example,
    py.typed, ...) is in the wheel: one the package data misses is found
    here, not by a user's ``serve`` without its page."""
    (wheel,) = dist.glob("*.whl")
    with zipfile.ZipFile(wheel) as archive:
        shipped = {name for name in archive.namelist() if name.startswith("pbnscore/")}
    source = ROOT / "src"
    present = {
        path.relative_to(source).as_posix()
        for path in (source / "pbnscore").rglob("*")
        if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc"
    }
    assert "pbnscore/serve/page/index.html" in present
    assert present - shipped == set()


def _served_page(command: list[str | Path], cwd: Path, env: dict[str, str]) -> str:
    """The page of ``serve`` started by ``command`` (its first line gives
    the address), then stopped."""
    process = subprocess.Popen(
        [str(word) for word in command],
        cwd=cwd,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        assert line.startswith("pbnscore serve: "), line
        url = line.removeprefix("pbnscore serve: ").split()[0]
        with urllib.request.urlopen(url, timeout=60) as answer:
            page: str = answer.read().decode("utf-8")
    finally:
        process.terminate()
        process.communicate(timeout=60)
    return page


@pytest.mark.parametrize("extra", EXTRAS, ids=[e or "plain" for e in EXTRAS])
def test_the_wheel_runs_in_a_fresh_environment(
    extra: str, dist: Path, wheelhouse: Path, tmp_path: Path
) -> None:
    venv = tmp_path / "venv"
    _run([sys.executable, "-m", "venv", "--without-pip", venv], cwd=tmp_path)
    scripts = venv / ("Scripts" if os.name == "nt" else "bin")
    python = scripts / ("python.exe" if os.name == "nt" else "python")
    requirement = f"pbnscore[{extra}]" if extra else "pbnscore"
    _run(
        [sys.executable, "-m", "pip", "--python", python, "install", "-q", "--no-index",
         "--find-links", wheelhouse, requirement],
        cwd=tmp_path,
    )  # fmt: skip
    # An empty folder, and nothing on the path but the environment's own.
    away = tmp_path / "elsewhere"
    away.mkdir()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "VIRTUAL_ENV"))}
    env["PATH"] = f"{scripts}{os.pathsep}{env.get('PATH', '')}"
    located = _run([python, "-c", "import pbnscore; print(pbnscore.__file__)"], away, env)
    assert Path(located).resolve().is_relative_to(venv.resolve())
    assert not Path(located).resolve().is_relative_to(ROOT)

    script = scripts / "pbnscore"
    assert _run([script, "--version"], away, env).split() == ["pbnscore", __version__]
    assert _run([python, "-m", "pbnscore", "--version"], away, env).split() == [
        "pbnscore", __version__
    ]  # fmt: skip
    text = _run([script, "score", "--example", "--to", "text", "-q"], away, env)
    assert "Monday Pairs" in text and "Riverside Bridge Club" in text
    assert list(away.iterdir()) == []  # nothing written beside the user

    if extra == "":
        # serve needs no extra: its page, from the command the shortcuts start
        gui = scripts / ("pbnscore-gui.exe" if os.name == "nt" else "pbnscore-gui")
        page = _served_page([gui, "--no-browser"], away, env)
        assert "<html" in page.lower() and "pbnscore" in page

    if extra == "dd":
        # The bundled night has no hands: a user's night with hands, on stdin.
        night = (ROOT / "fixtures" / "pbn" / "mitchell-pairs.pbn").read_text(encoding="utf-8")
        command: list[str | Path] = [
            script,
            "score",
            "-",
            "--from",
            "pbn",
            "--to",
            "text",
            "--dd",
            "-q",
        ]
        assert "Makeable contracts" in _run(command, away, env, stdin=night)
    if extra == "completion":
        assert "Register-ArgumentCompleter" in _run([script, "completion", "powershell"], away, env)
        # the call back the shells' scripts make, answered by the installed command
        answer = tmp_path / "answer"
        asked = {**env, "_ARGCOMPLETE": "1", "_ARGCOMPLETE_STDOUT_FILENAME": str(answer),
                 "COMP_LINE": "pbnscore sco", "COMP_POINT": "12"}  # fmt: skip
        _run([script], away, asked)
        assert answer.read_text(encoding="utf-8").split() == ["score"]
    if extra == "bws":
        _run([python, "-c", "import access_parser"], away, env)
        samples = sorted((SHARED_SAMPLES / "bws").glob("*.bws"))
        if samples:  # a real Bridgemate file read in place, where the samples are
            _run([script, "check", samples[0]], away, env)


def install_lines() -> dict[str, list[str]]:
    """What each install line of the pages (PAGES) installs (pip's
    and pipx's argument, as written), with the pages that say it."""
    found: dict[str, list[str]] = {}
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        targets = [target for _tool, target in INSTALL_LINE.findall(text)]
        for target in [*targets, *INJECT_LINE.findall(text)]:
            found.setdefault(target, []).append(page.relative_to(ROOT).as_posix())
    return found


def test_the_install_lines_are_known() -> None:
    """Each install line either runs offline (below) or is named above as
    needing the index, with why."""
    lines = install_lines()
    assert len(lines) >= 8
    offline = set(lines) - set(NEEDS_THE_INDEX)
    assert offline == {
        ".",
        "'.[dd]'",
        "'.[bws]'",
        "'.[completion]'",
        f"dist/pbnscore-{__version__}-py3-none-any.whl",
    }
    assert set(NEEDS_THE_INDEX) <= set(lines)


@pytest.mark.parametrize("target", sorted(NEEDS_THE_INDEX))
def test_each_install_line_that_needs_the_index_is_named(target: str) -> None:
    """Said in the run's summary, each with its pages and why it cannot run
    here. Those that install pbnscore by name run above as written, with
    the wheelhouse standing in for the index (``--no-index --find-links``)."""
    pages = install_lines().get(target)
    assert pages, f"{target}: named as needing the index, but no page says it"
    by_name = re.fullmatch(r"'?pbnscore(?:\[(\w+)\])?'?", target)
    if by_name:
        assert (by_name.group(1) or "") in EXTRAS
    pytest.skip(f"needs the index: {target} ({', '.join(sorted(set(pages)))}): "
                f"{NEEDS_THE_INDEX[target]}")  # fmt: skip


def test_every_install_line_without_the_index_runs(
    dist: Path, wheelhouse: Path, tmp_path: Path
) -> None:
    """From the source folder as the sdist ships it (with the wheel in its
    dist/, where ``python -m build`` leaves it), each line that does not
    need pbnscore on the index installs and runs. pipx is not on this machine: a pipx
    line's target is what pipx hands to pip, so pip installs it here."""
    (sdist,) = dist.glob("*.tar.gz")
    (wheel,) = dist.glob("*.whl")
    with tarfile.open(sdist) as archive:
        archive.extractall(tmp_path, filter="data")
    folder = tmp_path / sdist.name.removesuffix(".tar.gz")
    (folder / "dist").mkdir()
    (folder / "dist" / wheel.name).write_bytes(wheel.read_bytes())
    venv = tmp_path / "venv"
    _run([sys.executable, "-m", "venv", "--without-pip", venv], cwd=tmp_path)
    python = venv / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "VIRTUAL_ENV"))}
    # pbnscore comes from the folder or its wheel; the dependencies from the
    # wheelhouse, and the build's setuptools (pip builds a folder in an
    # environment of its own) from the index or pip's cache.
    env["PIP_FIND_LINKS"] = str(wheelhouse)
    for target in sorted(set(install_lines()) - set(NEEDS_THE_INDEX)):
        _run([sys.executable, "-m", "pip", "--python", python, "install", "-q",
              *shlex.split(target)], folder, env)  # fmt: skip
        assert __version__ in _run([python, "-m", "pbnscore", "--version"], tmp_path, env)
