"""The README and the documentation site are tested as a user would read them.

Every ``console`` block's ``$ `` line runs, in a folder holding a copy of the
repository's fixtures and examples, and exits 0 (or the status its ``# exit N``
comment says): a line that is only ``pbnscore`` and plain words runs in this
process through :func:`pbnscore.cli.main`, what the installed script calls (a
process each would be most of the suite's time); a line the shell takes part
in (redirection, ``&&``, a glob) runs in ``bash`` with the installed
``pbnscore`` first on PATH. Every ``python`` block runs, a page's blocks in
order in one module. No text a
user reads (README, site, ``--help``, ``pbnscore methods``) names a file
the repository does not ship or the project's own process.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import types
from pathlib import Path

import pytest

from pbnscore.cli import main

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
PAGES = sorted([ROOT / "README.md", *DOCS.rglob("*.md")])
FENCE = re.compile(r"^```(\w*)[^\n]*\n(.*?)^```", re.MULTILINE | re.DOTALL)
EXIT = re.compile(r"\s+#\s*exit (\d+)\s*$")
# A page's Python blocks run as one module under this name (the plug-in
# guide's later blocks import its first as a package would).
MODULE_NAMES = {"api/plugins.md": "pbnscore_matchpoints"}
# Names a user of the package cannot follow: files not in the repository
# and the project's own process.
UNFOLLOWABLE = re.compile(r"CONTRACT\.md|\breference/|\bshared/|\bissues?\b", re.IGNORECASE)
LINK_TARGET = re.compile(r"\]\([^)]*\)")
# What makes a line the shell's to run: redirection, pipes, lists, globs,
# expansions and quoting (a line without any is ``pbnscore`` and its words).
SHELL_SYNTAX = re.compile(r"""[|&;<>()$`\\"'*?\[\]{}~#]""")


def page_name(page: Path) -> str:
    return page.relative_to(DOCS).as_posix() if page.is_relative_to(DOCS) else page.name


def blocks(page: Path, language: str) -> list[str]:
    text = page.read_text(encoding="utf-8")
    return [body for lang, body in FENCE.findall(text) if lang == language]


def commands(page: Path) -> list[tuple[str, int]]:
    """Each ``$ `` line of the page's console blocks, with its exit status."""
    found = []
    for body in blocks(page, "console"):
        for line in body.replace("\\\n", " ").splitlines():
            if line.startswith("$ "):
                expected = EXIT.search(line)
                command = EXIT.sub("", line[2:])
                found.append((command, int(expected.group(1)) if expected else 0))
    return found


COMMAND_PAGES = [pytest.param(page, id=page_name(page)) for page in PAGES if commands(page)]
PYTHON_PAGES = [pytest.param(page, id=page_name(page)) for page in PAGES if blocks(page, "python")]


@pytest.fixture
def workdir(tmp_path: Path) -> Path:
    """A folder as a clone's, with the fixtures and examples the docs use."""
    for name in ("fixtures", "examples"):
        shutil.copytree(ROOT / name, tmp_path / name)
    return tmp_path


def test_the_docs_have_commands_and_python() -> None:
    assert len(PAGES) > 20
    assert sum(len(commands(page)) for page in PAGES) > 40
    assert len(PYTHON_PAGES) >= 3


def in_process(command: str) -> list[str] | None:
    """The words after ``pbnscore`` of a line with nothing for the shell to do;
    None for a line the shell must run."""
    words = command.split()
    if words[:1] != ["pbnscore"] or SHELL_SYNTAX.search(command):
        return None
    return words[1:]


def test_a_line_runs_in_process_only_where_the_shell_adds_nothing() -> None:
    assert in_process("pbnscore score fixtures/a.xml --to text -o x.html") == [
        "score", "fixtures/a.xml", "--to", "text", "-o", "x.html"
    ]  # fmt: skip
    for line in (
        "pbnscore score - --from pbn < a.pbn",
        "pbnscore score a.pbn -o b.pbn && cmp a.pbn b.pbn",
        "pbnscore check fixtures/usebio/*.xml",
        "pbnscore score 'my night.xml'",
        "pbnscore score $HOME/a.xml",
        "printf 'x' > aliases.csv",
    ):
        assert in_process(line) is None


@pytest.mark.parametrize("page", COMMAND_PAGES)
def test_commands_run_as_shown(
    page: Path, workdir: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A page's commands run in order in one folder, as a reader types them."""
    monkeypatch.chdir(workdir)
    environment = dict(os.environ)
    environment["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{environment['PATH']}"
    failed = []
    for command, status in commands(page):
        words = in_process(command)
        if words is not None:
            returncode = main(words)
            stderr = capsys.readouterr().err
            expected = said_written(words) if status == 0 else []
            missing = [str(path) for path in expected if not path.exists()]
            if missing:
                failed.append((command, returncode, f"did not write {', '.join(missing)}"))
        else:
            done = subprocess.run(
                ["bash", "-c", command],
                cwd=workdir,
                env=environment,
                capture_output=True,
                text=True,
                timeout=240,
                check=False,
            )
            returncode, stderr = done.returncode, done.stderr
        if returncode != status or "Traceback" in stderr:
            failed.append((command, returncode, stderr[-1000:]))
    assert failed == []


def said_written(words: list[str]) -> list[Path]:
    """The files a command line says it writes, from its own words: ``-o``
    (with several ``--to``, its name less a format's extension, with each
    format's), ``--season``, and below ``--out-dir`` (``--report-dir``)
    each input's name with each format's extension (one of two inputs that
    share a name keeps its whole name: either is taken). Worked out here
    from the words, not by the code that writes them (only the inputs, the
    line's positional words, are taken from its parser)."""
    from itertools import pairwise

    from pbnscore import outputs
    from pbnscore.cli import _commands, _parser

    def given(*flags: str) -> list[str]:
        found = [after for word, after in pairwise(words) if word in flags]
        joined = [w.partition("=") for w in words if "=" in w]
        return found + [value for flag, _, value in joined if flag in flags]

    command, method = _commands.prescan(words)
    if command not in ("score", "batch", "season", "watch", "explain"):
        return []
    args, _ = _parser.parse_with_method(_commands.line(words), method)
    ext = {name: f".{known.extension}" for name, known in outputs.FORMATS.items()}
    formats = [outputs.named(to, "--to") for to in given("--to") or ["usebio"]]
    found: list[Path] = []
    for output in given("-o", "--output"):
        if output == "-":
            continue
        if output.endswith("/"):
            output = str(Path(output, Path(args.input).stem + ext[formats[0]]))
        if command in ("score", "batch", "watch") and len(formats) > 1:
            stem = output[: -len(Path(output).suffix)] if outputs.named_by(output) else output
            found += [Path(stem + ext[name]) for name in formats]
        else:
            found.append(Path(output))
    found += [Path(season) for season in given("--season")]
    reports = given("--report-dir")
    for out_dir in [*given("--out-dir"), *reports]:
        inputs = [str(args.folder)] if command == "watch" else args.inputs
        for name in inputs:
            root = Path(name)
            files = sorted(root.rglob("*")) if root.is_dir() else [root]
            for file in files:
                if file.suffix.lower() not in (".pbn", ".xml") or file.name.startswith("."):
                    continue
                below = file.relative_to(root).parent if root.is_dir() else Path()
                for name_ in ["html"] if reports else formats:
                    short = Path(out_dir, below, file.stem + ext[name_])
                    whole = Path(out_dir, below, file.name + ext[name_])
                    found.append(whole if whole.exists() else short)
    return found


def test_said_written_names_each_output_of_each_format(tmp_path: Path) -> None:
    """The docs test's own reading of a command line's outputs."""
    (tmp_path / "in").mkdir()
    for name in ("a.pbn", "b.xml", "notes.txt"):
        (tmp_path / "in" / name).write_text("")
    batch = ["batch", str(tmp_path / "in"), "--out-dir", "o", "--to", "json", "--to", "htm"]
    assert sorted(map(str, said_written(batch))) == ["o/a.html", "o/a.json", "o/b.html", "o/b.json"]
    score = ["score", "x.xml", "--to", "json", "--to", "text", "-o", "n.json"]
    assert said_written(score) == [Path("n.json"), Path("n.txt")]
    assert said_written(["score", "x.xml", "-o", "n.html"]) == [Path("n.html")]
    assert said_written(["check", "x.xml"]) == []


def test_some_lines_run_in_the_shell_with_the_installed_script() -> None:
    """The pages keep lines the shell runs, so the installed ``pbnscore`` is run too."""
    lines = [command for page in PAGES for command, _ in commands(page)]
    assert len([line for line in lines if in_process(line) is None and "pbnscore" in line]) >= 3


@pytest.mark.parametrize("page", PYTHON_PAGES)
def test_python_examples_run(
    page: Path, workdir: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(workdir)
    name = MODULE_NAMES.get(page_name(page), "docs_example")
    module = types.ModuleType(name)
    monkeypatch.setitem(sys.modules, name, module)
    for code in blocks(page, "python"):
        exec(compile(code, str(page), "exec"), module.__dict__)


def help_texts(capsys: pytest.CaptureFixture[str]) -> list[tuple[str, str]]:
    """What ``--help`` of every command and ``methods`` print."""
    texts = []
    for arguments in (
        ["--help"],
        *([command, "--help"] for command in ("score", "batch", "check", "explain")),
        *([command, "--help"] for command in ("season", "watch", "methods")),
        ["methods"],
    ):
        assert main(arguments) == 0
        texts.append((" ".join(arguments), capsys.readouterr().out))
    return texts


@pytest.mark.parametrize("page", [pytest.param(p, id=page_name(p)) for p in PAGES])
def test_page_names_nothing_a_user_cannot_follow(page: Path) -> None:
    text = LINK_TARGET.sub("]", page.read_text(encoding="utf-8"))
    assert UNFOLLOWABLE.findall(text) == []


def test_help_and_methods_name_nothing_a_user_cannot_follow(
    capsys: pytest.CaptureFixture[str],
) -> None:
    texts = help_texts(capsys)
    assert all(text.strip() for _, text in texts)
    assert [(name, UNFOLLOWABLE.findall(text)) for name, text in texts] == [
        (name, []) for name, _ in texts
    ]


def test_the_check_catches_each_word() -> None:
    for text in ("see CONTRACT.md", "in reference/x.md", "../shared/samples", "the Issue says"):
        assert UNFOLLOWABLE.search(LINK_TARGET.sub("]", text))
    assert not UNFOLLOWABLE.search(LINK_TARGET.sub("]", "[Methods](../reference/methods.md)"))


def test_the_api_reference_covers_every_public_name() -> None:
    """Each name of ``pbnscore.__all__`` has its place on the API reference page."""
    import pbnscore

    page = (DOCS / "api" / "reference.md").read_text(encoding="utf-8")
    targets = re.findall(r"^(?:::: |\s+heading: )([\w.]+)", page, re.MULTILINE)
    members = [
        name for listed in re.findall(r"members: \[(.*)\]", page) for name in listed.split(", ")
    ]
    documented = {target.rsplit(".", 1)[-1] for target in targets} | set(members)
    assert set(pbnscore.__all__) - {"__version__", "report"} - documented == set()


def test_the_readme_is_a_five_minute_read() -> None:
    """The README is the tour; the manual is the site."""
    lines = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    assert 0 < len(lines) <= 350
