"""The methods attrs writes for pbnscore's classes, compiled once and kept
(``pbnscore._attrs_cache``): a class made from the kept code behaves as the
class attrs compiles, in a process whose string hashes are salted otherwise."""

from __future__ import annotations

import json
import marshal
import os
import shutil
import subprocess
import sys
from pathlib import Path

import attr
import attrs
import pytest

from pbnscore._attrs_cache import CachedCompile, cache_path

# Makes a frozen class named as pbnscore's are, with attrs compiling through a
# cache at argv[1] (or with the builtin when there is none), and says what
# its methods give and how many sources were compiled.
PROBE = """
import json, sys
import attr._make as make
from pbnscore._attrs_cache import CachedCompile
compiled = []
def counting(source, filename, mode, *args):
    compiled.append(filename)
    return compile(source, filename, mode, *args)
cache = CachedCompile(sys.argv[1], counting) if sys.argv[1] else None
if cache is not None:
    make.compile = cache
space = {"__name__": "pbnscore.probe"}
exec('''
import attrs
@attrs.frozen
class Probe:
    a: int
    b: str = "x"
''', space)
Probe = space["Probe"]
one = Probe(1)
salt = hash("<attrs generated hash pbnscore.probe.Probe>")
if cache is not None:
    cache.save()
print(json.dumps({
    "hash": hash(one) == hash((salt, 1, "x")),
    "eq": one == Probe(1) and one != Probe(2),
    "repr": repr(one),
    "compiled": compiled,
}))
"""


def probe(cache: Path | None, seed: str) -> dict[str, object]:
    env = {**os.environ, "PYTHONHASHSEED": seed}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    done = subprocess.run(
        [sys.executable, "-c", PROBE, "" if cache is None else str(cache)],
        capture_output=True,
        text=True,
        check=True,
        env=env,
    )
    found: dict[str, object] = json.loads(done.stdout)
    return found


def test_the_kept_code_makes_the_class_attrs_makes(tmp_path: Path) -> None:
    """The first process compiles and keeps its class's methods; a second,
    its string hashes salted otherwise, compiles nothing and its class hashes,
    compares and shows itself as attrs' own compiling gives."""
    cache = tmp_path / "methods.bin"
    plain = probe(None, "1")
    first = probe(cache, "1")
    second = probe(cache, "2")
    assert plain["hash"] and plain["eq"]
    assert first["compiled"] == ["<attrs generated methods pbnscore.probe.Probe>"]
    assert second["compiled"] == []
    for found in (first, second):
        assert found["hash"] and found["eq"]
        assert found["repr"] == plain["repr"] == "Probe(a=1, b='x')"


def test_a_changed_class_is_compiled_again(tmp_path: Path) -> None:
    """A source not the one kept under its class's name is compiled, and
    replaces it."""
    cache = CachedCompile(str(tmp_path / "methods.bin"), compile)
    name = "<attrs generated methods pbnscore.probe.Probe>"
    space: dict[str, object] = {}
    exec(cache("def f():\n    return 1\n", name, "exec"), space)
    cache.save()
    again = CachedCompile(str(tmp_path / "methods.bin"), compile)
    exec(again("def f():\n    return 2\n", name, "exec"), space)
    assert space["f"]() == 2  # type: ignore[operator]
    assert again.added


@pytest.mark.parametrize(
    "name",
    ["<attrs generated methods plugin.Options>", "<string>", "<attrs generated methods x>"],
)
def test_others_sources_are_compiled_and_not_kept(tmp_path: Path, name: str) -> None:
    """Only pbnscore's and attrs' classes' methods are kept: a plug-in's, or
    anything else compiled, is compiled each time."""
    cache = CachedCompile(str(tmp_path / "methods.bin"), compile)
    cache("x = 1\n", name, "exec")
    assert not cache.added
    cache.save()
    assert not (tmp_path / "methods.bin").exists()


def test_a_damaged_file_means_compiling(tmp_path: Path) -> None:
    """Bytes that are not a kept file are as no file: the source is compiled."""
    path = tmp_path / "methods.bin"
    path.write_bytes(b"\x00not marshal")
    cache = CachedCompile(str(path), compile)
    space: dict[str, object] = {}
    exec(cache("y = 3\n", "<attrs generated methods pbnscore.probe.P>", "exec"), space)
    assert space["y"] == 3
    assert cache.added


def test_the_file_is_beside_the_packages_compiled_modules() -> None:
    """Named for this Python, in pbnscore's own __pycache__."""
    path = cache_path()
    assert path is not None
    assert Path(path).parent.name == "__pycache__"
    assert Path(path).parent.parent.name == "pbnscore"
    assert sys.implementation.cache_tag in Path(path).name


def test_compiling_asked_with_keywords_is_compiling(tmp_path: Path) -> None:
    """Python's import system compiles a module whose ``.pyc`` it lacks by
    the builtin with keywords (``dont_inherit``, ``optimize``): asked so,
    the cache compiles as the builtin does and keeps nothing."""
    cache = CachedCompile(str(tmp_path / "methods.bin"), compile)
    space: dict[str, object] = {}
    code = cache("z = 4\n", "<attrs generated methods pbnscore.p.P>", "exec", dont_inherit=True)
    exec(code, space)
    assert space["z"] == 4
    assert not cache.added


def test_the_command_starts_where_attrs_has_no_compiled_modules(tmp_path: Path) -> None:
    """attrs imported from its sources (no ``.pyc`` beside them, none
    written) while the cache stands in for ``compile``: the classes are made."""
    for package in (attr, attrs):
        folder = Path(package.__file__).parent
        shutil.copytree(
            folder, tmp_path / folder.name, ignore=shutil.ignore_patterns("__pycache__")
        )
    env = {**os.environ, "PYTHONPATH": str(tmp_path)}
    env.pop("PYTHONPYCACHEPREFIX", None)  # the suite's: a command has none
    line = (
        "from pbnscore._attrs_cache import install; install(); "
        "import attr, attrs, pbnscore.model; print(attr.__file__)"
    )
    done = subprocess.run(
        [sys.executable, "-B", "-c", line], capture_output=True, text=True, env=env, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().startswith(str(tmp_path))


def test_a_file_kept_by_another_python_build_means_compiling(tmp_path: Path) -> None:
    """Code is kept for the Python that compiled it, as a ``.pyc`` is: a file
    another build wrote is as no file."""
    name = "<attrs generated methods pbnscore.probe.P>"
    source = "y = 3\n"
    path = tmp_path / "methods.bin"
    path.write_bytes(
        marshal.dumps(
            {"": ("another Python", None), name: (source, compile("y = 5\n", name, "exec"))}
        )
    )
    cache = CachedCompile(str(path), compile)
    space: dict[str, object] = {}
    exec(cache(source, name, "exec"), space)
    assert space["y"] == 3
