"""What every command shares: its input, its output and its error lines."""

from __future__ import annotations

import contextlib
import errno
import io
import os
import stat
import sys
from collections.abc import Callable, Iterator, Sequence

from pbnscore import _bounded_read, _pathnames, outputs, pipeline
from pbnscore.errors import (
    ParseError,
    PbnscoreError,
    ScoringError,
    UsageError,
    one_line,
    shown,
)
from pbnscore.errors import StreamError as StreamError  # its old home: the name keeps working

STDIO = "-"


class ClosedOutput:
    """Standard output where the shell closed it (``>&-``): a write fails as
    a write to a closed descriptor does (said in one line, exit 1), rather
    than print() dropping the text without a word."""

    def __init__(self) -> None:
        self.buffer = self
        self.refused = False

    def write(self, data: object) -> int:
        self.refused = True
        raise OSError(errno.EBADF, "closed")

    def isatty(self) -> bool:
        """No terminal: ``score`` writes its usual USEBIO, and fails writing it."""
        return False

    def flush(self) -> None:
        """Nothing is held; fails again where a write failed (argparse's
        --help and --version swallow the error of their write)."""
        if self.refused:
            raise OSError(errno.EBADF, "closed")

    def fileno(self) -> int:
        raise io.UnsupportedOperation("closed")


@contextlib.contextmanager
def standard_streams() -> Iterator[None]:
    """Standard output as a command writes it: text that its encoding cannot
    hold written with backslash escapes (``PYTHONIOENCODING=ascii``), a
    closed one a :class:`ClosedOutput`, and a failed write (a full disk) one
    line, exit 1, with the exit's flush made quiet. A closed descriptor 0, 1
    or 2 is held on the null device meanwhile, so that no input file opened
    later takes its number."""
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper):
            stream.reconfigure(errors="backslashreplace")
    held = _hold_closed_descriptors()
    if sys.stdout is None:
        sys.stdout = ClosedOutput()
    try:
        try:
            yield
        finally:
            with writing_stdout():  # the last of print()'s text: failing here, not at exit
                sys.stdout.flush()
    except OSError as exc:
        # A reader that stopped (`| head`) is no failure: main says nothing.
        if isinstance(exc, BrokenPipeError) or not _is_stdout_error(exc):
            raise
        _quiet_stdout()
        raise StreamError(f"standard output: {exc.strerror or exc}") from None
    finally:
        for descriptor in held:
            os.close(descriptor)


def _is_stdout_error(exc: OSError) -> bool:
    return getattr(exc, "stdout", False) is True


@contextlib.contextmanager
def writing_stdout() -> Iterator[None]:
    """Marks an OSError raised here as standard output's (see
    :func:`standard_streams`)."""
    try:
        yield
    except OSError as exc:
        exc.stdout = True  # type: ignore[attr-defined]
        raise


def _hold_closed_descriptors() -> list[int]:
    held: list[int] = []
    with contextlib.suppress(OSError):
        while True:
            descriptor = os.open(os.devnull, os.O_RDWR)
            if descriptor > 2:
                os.close(descriptor)
                return held
            held.append(descriptor)
    return held


def _quiet_stdout() -> None:
    """Point descriptor 1 at the null device: the text still held is
    dropped at exit without a second complaint."""
    with contextlib.suppress(OSError, ValueError):
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    if isinstance(sys.stdout, ClosedOutput):
        sys.stdout.refused = False  # said once
        return
    with contextlib.suppress(OSError, ValueError):
        sys.stdout.flush()


class ClosedErrors:
    """Standard error where the shell closed it (``2>&-``): what pbnscore
    would say there is dropped, never sent to standard output (where print()
    sends it when ``sys.stderr`` is None), and remembered, so that the
    command does not end with status 0 (see :func:`standard_error`)."""

    def __init__(self) -> None:
        self.dropped = False

    def write(self, data: str) -> int:
        self.dropped = self.dropped or bool(data.strip())
        return len(data)

    def flush(self) -> None:
        """Nothing is held."""

    def isatty(self) -> bool:
        """No terminal: no progress bar."""
        return False


@contextlib.contextmanager
def standard_error() -> Iterator[Callable[[], bool]]:
    """Standard error as a command writes it: a closed one a
    :class:`ClosedErrors` meanwhile. Yields whether a warning or error was
    dropped there (the exit status is then at least 1)."""
    closed = ClosedErrors() if sys.stderr is None else None
    if closed is not None:
        sys.stderr = closed
    try:
        yield lambda: closed is not None and closed.dropped
    finally:
        if closed is not None and sys.stderr is closed:
            sys.stderr = None


def error(line: str) -> None:
    """``line`` on standard error: the one way pbnscore says a warning or an
    error. Where standard error is closed the line is dropped."""
    if sys.stderr is not None:
        print(line, file=sys.stderr)


def error_line(exc: PbnscoreError) -> str:
    """``file:line: message`` where the error is about a file, else the
    message after the program's name."""
    return str(exc) if getattr(exc, "source", None) else f"pbnscore: {one_line(str(exc))}"


def read_input(name: str) -> tuple[bytes, str]:
    """The input's bytes and the name messages call it by."""
    if name == STDIO:
        if sys.stdin is None:
            raise StreamError("standard input is closed")
        try:
            return _bounded_read.read_limited(sys.stdin.buffer, "<stdin>"), "<stdin>"
        except OSError as exc:
            raise StreamError(f"standard input: {exc.strerror or exc}") from None
    try:
        with open(name, "rb") as stream:
            return _bounded_read.read_limited(stream, name), name
    except FileNotFoundError:
        raise UsageError("no such file", source=name) from None
    except IsADirectoryError:
        raise UsageError("is a folder (`pbnscore batch` takes folders)", source=name) from None
    except OSError as exc:  # there, but not to be read (permissions): exit 1, as batch
        raise ParseError(str(exc.strerror or exc), source=name) from None


def option_files(args: object) -> list[str]:
    """The files a command line's options name (``--vp FILE.csv``,
    ``--aliases FILE.csv``): inputs too, never to be written over."""
    return [
        str(value)
        for name, value in vars(args).items()
        if name.startswith(("option_", "aliases", "corrections"))
        and isinstance(value, str | os.PathLike)
        and str(value).lower().endswith(".csv")
    ]


def refuse_over_option_files(output: str | None, files: Sequence[str]) -> None:
    """A usage error where the output (None: standard output) is a file an
    option names (``score teams.xml --vp scale.csv -o scale.csv``)."""
    for named in files:
        if output is None and stdout_is(named):
            raise UsageError(f"standard output is {named}, which an option reads")
        if output is not None and same_file(output, named):
            raise UsageError(f"would overwrite {named}, which an option reads", source=output)


def output_path(
    output: str | None,
    input_name: str,
    to: str = outputs.DEFAULT,
    also_read: Sequence[str] = (),
) -> str | None:
    """None for stdout; refuses to overwrite the input (or a file an option
    reads, ``also_read``), and an empty name. A name ending in a separator
    is a folder (docs/reference/bad-input.md "Outputs never collide"): the input's name with
    the extension of the format ``to``, in it."""
    if output == "":
        raise UsageError("-o needs a file name (or - for standard output)")
    if output is not None and names_folder(output):
        output = _in_folder(output, input_name, to)
    refuse_over_option_files(None if output == STDIO else output, also_read)
    if output is None or output == STDIO:
        if stdout_is(input_name):
            shown = "<stdin>" if input_name == STDIO else input_name
            raise UsageError(f"standard output is the input {shown}: it would be written into")
        return None
    if input_name != STDIO and same_file(output, input_name):
        raise UsageError(f"would overwrite the input {input_name}", source=output)
    if input_name == STDIO and _is_stdin(output):
        raise UsageError("would overwrite the input <stdin>", source=output)
    return output


def names_folder(output: str) -> bool:
    """Whether ``-o output`` names a folder: it ends in a separator."""
    return output.endswith(tuple(sep for sep in ("/", os.sep, os.altsep) if sep))


def refuse_a_folder(output: str, option: str) -> None:
    """A usage error, before any work, where ``option`` (``season -o``,
    ``watch --season``), which takes one file's name, names a folder: one
    ending in a separator, or one that is there."""
    if names_folder(output) or os.path.isdir(output):
        raise UsageError(f"{option} takes a file name, not a folder", source=output)


def _in_folder(folder: str, input_name: str, to: str) -> str:
    if input_name == STDIO:
        raise UsageError(
            "is a folder, and standard input has no name to give a file in it", source=folder
        )
    if not os.path.isdir(folder):
        raise PbnscoreError(f"{folder}: no such folder")
    return os.path.join(folder, f"{_pathnames.stem(input_name)}.{outputs.FORMATS[to].extension}")


def stdout_is(path: str) -> bool:
    """Whether standard output is the file ``path`` (``-`` for the file
    standard input reads): ``score night.pbn >> night.pbn`` by any name, the
    same device and inode. False where either cannot be looked at."""
    try:
        stdout = os.fstat(sys.stdout.fileno())
        given = os.fstat(sys.stdin.fileno()) if path == STDIO else os.stat(path)
    except (OSError, ValueError, AttributeError):  # closed, not a file, no such file
        return False
    return stat.S_ISREG(stdout.st_mode) and os.path.samestat(given, stdout)


def _is_stdin(path: str) -> bool:
    """Whether ``path`` is the file standard input reads (``- < night.xml``),
    by any name: the same device and inode."""
    try:
        given, stdin = os.stat(path), os.fstat(sys.stdin.fileno())
    except (OSError, ValueError, AttributeError):  # no such file yet; no stdin
        return False
    return stat.S_ISREG(given.st_mode) and os.path.samestat(given, stdin)


def same_file(first: str, second: str) -> bool:
    if os.path.realpath(first) == os.path.realpath(second):  # as batch.resolved
        return True
    try:
        return os.path.samefile(first, second)  # hard links, bind mounts
    except OSError:
        return False  # the output does not exist yet


def format_of(
    output: str | None,
    writes: Sequence[str] = tuple(outputs.FORMATS),
    default: str = outputs.DEFAULT,
    what: str = "output",
) -> str:
    """The format ``-o OUTPUT``'s extension names, of those a command
    ``writes``; ``default`` for stdout or a name without an extension. Any
    other extension is a usage error: ``night.docx`` must not get a USEBIO
    file, nor ``ex.json`` a text file, under another format's name."""
    if output is None or not _pathnames.suffix(output):
        return default
    named = outputs.named_by(output)
    if named is not None and named in writes:
        return named
    listed = ", ".join(
        f".{extension}"
        for name, known in outputs.FORMATS.items()
        if name in writes
        for extension in known.extensions
    )
    message = (
        f"{_pathnames.suffix(output)} names no {what} format; use {listed}, or say which with --to"
    )
    raise UsageError(message, source=output)


def write_output(output: str | None, document: bytes) -> None:
    """``document`` to the file ``output`` (atomically), or to stdout for None."""
    if output is None:
        with writing_stdout():
            sys.stdout.flush()
            sys.stdout.buffer.write(document)
            sys.stdout.buffer.flush()
        return
    from pbnscore._atomic import FolderError, write_bytes

    sys.stdout.flush()  # -o /dev/stdout writes to descriptor 1 after it
    try:
        write_bytes(output, document)
    except OSError as exc:
        # A folder that cannot be written is named, not the file (nor the
        # temporary file) that could not be made in it.
        where = exc.filename if isinstance(exc, FolderError) else output
        raise PbnscoreError(f"{shown(str(where))}: {exc.strerror or exc}") from None


def answer_one(
    source: str,
    targets: Sequence[str | None],
    documents_of: Callable[[Callable[[str], None]], Sequence[bytes]],
    *,
    quiet: bool,
) -> int:
    """What ``score`` and ``explain`` do with their one input: make
    ``documents_of(warn)`` (the input read, vetted and made into a document
    per target: :mod:`pbnscore.pipeline`), print the warnings found (at
    most :func:`pipeline.warning_lines`) and write each document to its
    target (None: standard output); the exit status. A file that cannot be
    read or scored is one line and exit 1; a usage error is raised."""
    found: list[str] = []  # warnings, printed once the documents are made
    try:
        documents = documents_of(found.append)
    except PbnscoreError as exc:
        if exc.exit_code == 2:  # a usage error: main says it
            raise
        if isinstance(exc, ScoringError) and not quiet:  # its reasons, then it
            for line in pipeline.warning_lines(found, source):
                error(line)
        error(pipeline.describe(exc, source))
        return 1
    if not quiet:
        for line in pipeline.warning_lines(found, source):
            error(line)
    for target, document in zip(targets, documents, strict=True):
        write_output(target, document)
    return 0
