"""Shell completion (docs/howto/completion.md): ``pbnscore completion SHELL``
prints the script, and the shells complete commands, options, their values
and file names with it, for real: bash and zsh run interactively in a
pseudo-terminal, a Tab typed as a person types it; PowerShell through its
own ``TabExpansion2``. A shell that is not on this machine is skipped,
saying so; the call back every script makes is tested everywhere.

Also ``pbnscore --help``, which says where the documentation is."""

from __future__ import annotations

import os
import re
import select
import shutil
import subprocess
import sys
import time
import tomllib
from pathlib import Path

import pytest

import pbnscore
from pbnscore.cli import main
from pbnscore.cli._complete import parser_for
from pbnscore.cli._parser import DOCS_URL

pytest.importorskip("argcomplete", reason="the completion extra (argcomplete) is not installed")

ROOT = Path(__file__).resolve().parent.parent
SCRIPTS = Path(sys.executable).parent  # where the installed pbnscore command is
POSIX = pytest.mark.skipif(os.name != "posix", reason="pseudo-terminals are POSIX's")


def _env(home: Path) -> dict[str, str]:
    """The installed command first on PATH; no one's shell start-up files."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("_ARC", "COMP_", "PYTHON"))}
    env.pop("_ARGCOMPLETE", None)
    env.update(PATH=f"{SCRIPTS}{os.pathsep}{env.get('PATH', '')}", HOME=str(home), TERM="xterm")
    for name in ("EDITOR", "VISUAL", "ZDOTDIR", "BASH_ENV", "ENV"):
        env.pop(name, None)
    return env


@pytest.fixture(autouse=True)
def _installed() -> None:
    if not (SCRIPTS / "pbnscore").exists() and not (SCRIPTS / "pbnscore.exe").exists():
        pytest.skip(f"no pbnscore command installed beside {sys.executable}")


# -- the script ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("shell", "says"),
    [
        ("bash", "complete -o nospace -o default -o bashdefault -F _python_argcomplete pbnscore"),
        ("zsh", "compdef _python_argcomplete pbnscore"),
        ("powershell", "Register-ArgumentCompleter -Native -CommandName pbnscore"),
    ],
)
def test_the_script_is_printed_for_each_shell(
    capsys: pytest.CaptureFixture[str], shell: str, says: str
) -> None:
    assert main(["completion", shell]) == 0
    out, err = capsys.readouterr()
    assert says in out and err == ""
    assert not out.startswith("\n")


def test_without_the_extra_it_is_one_line_saying_what_to_install(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "argcomplete", None)
    monkeypatch.setitem(sys.modules, "argcomplete.shell_integration", None)
    assert main(["completion", "bash"]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err == (
        "pbnscore completion: shell completion needs the completion extra: pip install "
        "'pbnscore[completion]'; until pbnscore is on the package index, in its source "
        "folder: pip install '.[completion]' (pbnscore completion --help)\n"
    )


def test_an_unknown_shell_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["completion", "fish"]) == 2
    assert "fish" in capsys.readouterr().err


# -- the parser it answers from ----------------------------------------------------------------


def _options(words: list[str]) -> set[str]:
    parser = parser_for(words)
    sub = next(a for a in parser._actions if a.dest == "command").choices[words[0]]  # type: ignore[index]
    return {option for action in sub._actions for option in action.option_strings}


def test_the_parser_has_the_named_method_s_options() -> None:
    """``-m cross-imps`` offers cross-imps' options, not butler's; no -m
    offers every default method's; a -m still being typed is no error."""
    assert "--preset" in _options(["score", "-m", "cross-imps"])
    assert "--datum" in _options(["score"])
    assert "--datum" not in _options(["score", "-m", "aggregate"])
    assert "--datum" in _options(["score", "-m"])
    assert "--datum" in _options(["score", "-m", "no-such-method"])


# -- the call back, as every script makes it ------------------------------------------------------


def _called_back(line: str, tmp_path: Path) -> list[str]:
    """What ``pbnscore`` answers when a script asks with ``line`` (the
    cursor at its end), in the file the PowerShell script names."""
    answer = tmp_path / "answer"
    env = {
        **_env(tmp_path),
        "_ARGCOMPLETE": "1",
        "_ARGCOMPLETE_SHELL": "powershell",
        "_ARGCOMPLETE_IFS": "\n",
        "_ARGCOMPLETE_SUPPRESS_SPACE": "0",
        "_ARGCOMPLETE_STDOUT_FILENAME": str(answer),
        "ARGCOMPLETE_USE_TEMPFILES": "1",
        "COMP_LINE": line,
        "COMP_POINT": str(len(line)),
    }
    done = subprocess.run(
        ["pbnscore"], env=env, cwd=tmp_path, capture_output=True, timeout=120, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout == b""  # nothing run: no command's output
    # PowerShell's script asks for no space suppressed: a word complete ends in one
    return [word.removesuffix(" ") for word in answer.read_text(encoding="utf-8").splitlines()]


@pytest.mark.parametrize(
    ("line", "offered"),
    [
        ("pbnscore s", ["score", "season", "serve"]),
        ("pbnscore score --to ", ["usebio", "pbn", "json", "text", "html", "csv"]),
        ("pbnscore score -m ", ["butler", "cross-imps", "aggregate", "barking"]),
        ("pbnscore score -m cross-imps --preset ", ["compscore", "bridge-scorer", "kops", "ebu"]),
        ("pbnscore completion p", ["powershell"]),
        ("pbnscore watch --sea", ["--season"]),
    ],
)
def test_the_call_back_offers_what_the_parser_takes(
    tmp_path: Path, line: str, offered: list[str]
) -> None:
    assert _called_back(line, tmp_path) == offered


def test_the_call_back_never_runs_the_command(tmp_path: Path) -> None:
    """A complete command line asked about is completed, not run: nothing written."""
    night = ROOT / "fixtures" / "usebio" / "mitchell-pairs.xml"
    _called_back(f"pbnscore score {night} -o {tmp_path / 'out.json'} --to js", tmp_path)
    assert not (tmp_path / "out.json").exists()


# -- the shells, for real -----------------------------------------------------------------------


def _typed(shell: list[str], setup: list[str], partial: str, home: Path) -> list[str]:
    """Type ``partial`` and a Tab into an interactive ``shell`` in a
    pseudo-terminal, then go to the line's start and make the completed
    line the words of ``show`` (defined in ``setup``), and press Enter:
    the words the line editor left, as the shell split them."""
    import pty

    leader, follower = pty.openpty()
    process = subprocess.Popen(
        shell,
        stdin=follower,
        stdout=follower,
        stderr=follower,
        env=_env(home),
        cwd=home,
        start_new_session=True,
    )
    os.close(follower)
    keys = "".join(f"{line}\r" for line in setup) + f"{partial}\t\x01show \r"
    os.write(leader, keys.encode())
    seen = b""
    found = None
    deadline = time.monotonic() + 120  # a bound on a hang, not a measure of speed
    try:
        while found is None and time.monotonic() < deadline:
            ready, _, _ = select.select([leader], [], [], 1)
            if ready:
                try:
                    seen += os.read(leader, 65536)
                except OSError:  # the shell has gone
                    break
            found = re.search(rb"SHOWN(\[[^\r\n]*\])\r?\n", seen)
    finally:
        process.kill()
        process.wait(timeout=60)
        os.close(leader)
    assert found is not None, seen.decode(errors="replace")[-2000:]
    return re.findall(r"\[([^\]]*)\]", found.group(1).decode())


# `show` prints SHOWN[word][word]...: the typed line cannot hold "SHOWN[".
SHOW_BASH = "show() { printf SHOWN; printf '[%s]' \"$@\"; printf '\\n'; }"
CASES = [
    ("pbnscore sco", ["pbnscore", "score"]),
    ("pbnscore score --to ht", ["pbnscore", "score", "--to", "html"]),
    ("pbnscore score -m cross-imps --preset ko",
     ["pbnscore", "score", "-m", "cross-imps", "--preset", "kops"]),
    ("pbnscore completion powers", ["pbnscore", "completion", "powershell"]),
]  # fmt: skip
IDS = ["command", "format", "method-preset", "shell"]


@POSIX
@pytest.mark.skipif(shutil.which("bash") is None, reason="bash is not on this machine")
@pytest.mark.parametrize(("partial", "completed"), CASES, ids=IDS)
def test_bash_completes_as_typed(tmp_path: Path, partial: str, completed: list[str]) -> None:
    setup = ["PS1='$ '", 'eval "$(pbnscore completion bash)"', SHOW_BASH]
    words = _typed(["bash", "--norc", "--noprofile", "-i"], setup, partial, tmp_path)
    assert words == completed


@POSIX
@pytest.mark.skipif(shutil.which("bash") is None, reason="bash is not on this machine")
def test_bash_completes_a_file_name(tmp_path: Path) -> None:
    """A results file's name, where no option's value is due."""
    (tmp_path / "tuesday-pairs.xml").write_bytes(b"")
    setup = ["PS1='$ '", 'eval "$(pbnscore completion bash)"', SHOW_BASH]
    words = _typed(["bash", "--norc", "--noprofile", "-i"], setup, "pbnscore check tues", tmp_path)
    assert words == ["pbnscore", "check", "tuesday-pairs.xml"]


@POSIX
@pytest.mark.skipif(shutil.which("zsh") is None, reason="zsh is not on this machine")
@pytest.mark.parametrize(("partial", "completed"), CASES, ids=IDS)
def test_zsh_completes_as_typed(tmp_path: Path, partial: str, completed: list[str]) -> None:
    setup = [
        "PS1='%% '",
        "bindkey -e",
        "autoload -Uz compinit && compinit -u",
        'eval "$(pbnscore completion zsh)"',
        "show() { printf SHOWN; printf '[%s]' \"$@\"; printf '\\n'; }",
    ]
    words = _typed(["zsh", "-f", "-i"], setup, partial, tmp_path)
    assert words == completed


@pytest.mark.skipif(
    shutil.which("pwsh") is None,
    reason="PowerShell (pwsh) is not on this machine: Debian has no package of it; "
    "the call back its script makes is tested above",
)
@pytest.mark.parametrize(("partial", "completed"), CASES, ids=IDS)
def test_powershell_completes_as_typed(tmp_path: Path, partial: str, completed: list[str]) -> None:
    """PowerShell's own completion, TabExpansion2, as a Tab in its console runs it."""
    command = (
        "pbnscore completion powershell | Out-String | Invoke-Expression; "
        f"(TabExpansion2 -inputScript '{partial}' -cursorColumn {len(partial)})"
        ".CompletionMatches | ForEach-Object { $_.CompletionText }"
    )
    done = subprocess.run(
        ["pwsh", "-NoProfile", "-NonInteractive", "-Command", command],
        env=_env(tmp_path),
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == [completed[-1]]


# -- where the documentation is --------------------------------------------------------------


def test_help_says_where_the_documentation_is(capsys: pytest.CaptureFixture[str]) -> None:
    """The address the package's metadata gives, the docs/ folder, and completion."""
    assert main(["--help"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert f"Documentation: {DOCS_URL}" in out
    assert "docs/" in out and "pbnscore completion --help" in out
    # The imported package's own folder decides: CI installs a wheel beside
    # the checkout, and a wheel carries no docs/.
    source = Path(pbnscore.__file__).resolve().parents[2]
    if (source / "docs" / "index.md").is_file():
        assert f"(here: {source / 'docs'})" in out  # run from a source folder: its pages
    else:
        assert "(here:" not in out


def test_the_address_is_the_package_s() -> None:
    metadata = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert metadata["project"]["urls"]["Documentation"] == DOCS_URL
