"""``pbnscore completion SHELL``: the script that has bash, zsh or
PowerShell complete pbnscore's commands, options and their values
(docs/howto/completion.md).

The script is argcomplete's (the ``completion`` extra), made for the
``pbnscore`` command, not written by hand per shell: it runs ``pbnscore``
again with the line being completed in its environment, and
:mod:`pbnscore.cli._complete` answers from the parser that reads that
line when it is run. Nothing goes stale when an option is added.
"""

from __future__ import annotations

import argparse
import sys

from pbnscore.cli import _parser
from pbnscore.cli._io import writing_stdout
from pbnscore.cli._usage import HelpFormatter
from pbnscore.errors import UsageError, install_line

NAME = "completion"
DESCRIPTION = (
    "Print the script that has SHELL complete pbnscore's commands, options and their "
    'values (needs the completion extra). bash: eval "$(pbnscore completion bash)" in '
    '~/.bashrc; zsh: eval "$(pbnscore completion zsh)" in ~/.zshrc after compinit; '
    "PowerShell: pbnscore completion powershell | Out-String | Invoke-Expression in $PROFILE "
    "(docs/howto/completion.md)."
)
METHOD_OPTIONS = False
# The shell's name as its users write it -> argcomplete's.
SHELLS = {"bash": "bash", "zsh": "zsh", "powershell": "powershell"}
PROGRAM = "pbnscore"


class _WholeWords(HelpFormatter):
    """Help whose lines break between words only: a command in the text
    (``Out-String``, ``Invoke-Expression``) is never cut at its hyphen."""

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        import textwrap

        return textwrap.fill(
            " ".join(text.split()),
            width,
            initial_indent=indent,
            subsequent_indent=indent,
            break_on_hyphens=False,
        )


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.formatter_class = _WholeWords
    parser.add_argument(
        "shell", choices=tuple(SHELLS), metavar="SHELL", help="bash, zsh or powershell"
    )


def run(command_line: _parser.Line, method: str | None) -> int:
    args = _parser.parse(command_line, (), None)
    try:
        from argcomplete.shell_integration import shellcode
    except ImportError:
        raise UsageError(
            f"shell completion needs the completion extra: {install_line('completion')}"
        ) from None
    script = shellcode([PROGRAM], shell=SHELLS[args.shell])
    with writing_stdout():
        sys.stdout.write(script.lstrip("\n"))
    return 0
