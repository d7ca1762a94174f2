"""The one exception hierarchy of pbnscore, and the one problems collector
of its readers.

Every problem a user can cause (a bad file, a bad option) is a
:class:`PbnscoreError`; its ``str()`` is the one line the CLI prints,
``file:line: message``, and its class's ``exit_code`` the status the
command ends with (as click's ``ClickException.exit_code``): 1 for a file
that cannot be read, scored or written, 2 for a usage error. A plug-in's
own bug is a :class:`PluginFault` (exit 3). A lenient read (``check``)
collects its problems with :func:`collect`, up to :data:`MAX_PROBLEMS`.
"""

from __future__ import annotations

import os
from collections.abc import Sequence

from pbnscore._records import attrs

# A message longer than this, or holding a character that is not printable
# (a newline from a team id), is quoted and cut short by one_line: the last
# guard of "one line per problem", whatever a file puts into a message.
MESSAGE_LIMIT = 200
# A usage error says only what was typed: each file's name cut at
# MESSAGE_LIMIT by shown, each value at 40 by excerpt. Its guard leaves
# whole a line naming a few files (two inputs of batch in a club's deep
# folders and the output they would share).
USAGE_LIMIT = 5 * MESSAGE_LIMIT


class PbnscoreError(Exception):
    """Base of every error pbnscore raises on purpose; ``exit_code`` is the
    command line's status for it, ``line_limit`` the length past which its
    message is cut short (:func:`one_line`)."""

    exit_code = 1
    line_limit = MESSAGE_LIMIT


class ParseError(PbnscoreError, ValueError):
    """An input file could not be read into the model.

    ``source`` is the file name (or ``<stdin>``/``<string>``), ``line`` the
    1-based line where known, ``text`` the offending text where useful.
    """

    def __init__(
        self,
        message: str,
        *,
        source: str | None = None,
        line: int | None = None,
        text: str | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.source = source
        self.line = line
        self.text = text

    def __str__(self) -> str:
        where = shown(self.source or "<input>")
        if self.line is not None:
            where = f"{where}:{self.line}"
        return f"{where}: {one_line(self.message)}"

    def located(self, source: str) -> ParseError:
        """This error with ``source`` filled in where it had none."""
        if self.source is None:
            self.source = source
        return self


class PbnError(ParseError):
    """A PBN file broke a rule of the PBN standard that cannot be recovered."""


class UsebioError(ParseError):
    """A USEBIO file is not well-formed XML or not a USEBIO results file."""


class ScoringError(PbnscoreError):
    """A method cannot score this event (wrong kind of event, a strict IMP gap).
    ``reasons``: what the method warned of on the way, each (message, line),
    where that explains the refusal (every board left out, and why): said
    with the error, as warnings about the file."""

    def __init__(self, message: str, *, reasons: tuple[tuple[str, int | None], ...] = ()) -> None:
        super().__init__(message)
        self.reasons = reasons


class ProfileError(PbnscoreError):
    """The event cannot be written in a form the chosen USEBIO reader takes
    (``--usebio-for cobalt`` on a teams event); the message says why."""


class OptionError(PbnscoreError):
    """A method option has a value the method does not accept (exit 2)."""

    exit_code = 2


class CorrectionsError(OptionError):
    """A corrections file with bad rows: ``lines`` holds one
    ``file:line: message`` for each; ``str()`` is all of them, a line each."""

    def __init__(self, lines: Sequence[str], source: str) -> None:
        super().__init__("\n".join(lines))
        self.lines = tuple(lines)
        self.source = source

    def __str__(self) -> str:
        return "\n".join(self.lines)


class OutOfRange(ValueError):
    """A value that is not a number of its kind in its range; the message
    says which numbers are taken: ``takes a whole number from 1 to 100, not 1.5``
    (:class:`pbnscore.ranges.Range`; the command line and the API say it as an
    :class:`OptionError` naming the option)."""


class ContractError(ValueError):
    """Text that is neither a contract nor a pass (:func:`pbnscore.bridge.parse_contract`)."""


class UnknownMethodError(PbnscoreError):
    """No registered scoring method has this name (exit 2)."""

    exit_code = 2


class WorkerDied(PbnscoreError):
    """A batch worker process was ended from outside (SIGKILL: the OOM killer,
    a task manager) while it had a file: the batch stops, since the pool that
    ran it is gone, and says how far it got. Not a bug in pbnscore (exit 1)."""

    def __init__(self, written: int, failed: int, not_done: int) -> None:
        super().__init__(written, failed, not_done)
        self.written, self.failed, self.not_done = written, failed, not_done
        self.verb = "written"  # season: "scored"

    def __str__(self) -> str:
        failed = f", {self.failed} failed" if self.failed else ""
        return (
            "a worker process was killed (out of memory, or ended from outside): "
            f"{counted(self.written, 'file')} {self.verb}{failed}, {self.not_done} not done"
        )


class UsageError(PbnscoreError):
    """The command line asks for something that cannot be done (exit 2):
    a missing input, an output that would overwrite an input or another output.
    ``source`` is the file the message is about, where there is one."""

    exit_code = 2
    line_limit = USAGE_LIMIT

    def __init__(self, message: str, *, source: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.source = source

    def __str__(self) -> str:
        message = one_line(self.message, self.line_limit)
        return message if self.source is None else f"{shown(self.source)}: {message}"


# The errors that are the user's wording, not the file's: exit status 2.
USAGE_ERRORS = (UsageError, UnknownMethodError, OptionError)


class PluginError(PbnscoreError):
    """A registered method could not be imported or is not a strategy, or a
    plug-in's ``score()`` raised a :class:`PbnscoreError` of its own (exit 1)."""

    def __str__(self) -> str:
        return one_line(super().__str__())


class PluginFault(Exception):
    """A plug-in's ``score()`` failed in a way no method should (any other
    exception, ``sys.exit()`` too): a bug, but the plug-in's, so said as its
    own (exit 3), not as pbnscore's internal error."""

    exit_code = 3

    def __init__(self, name: str, exc: BaseException) -> None:
        super().__init__(name, exc)
        self.name, self.exc = name, exc

    def __str__(self) -> str:
        return f"plug-in {self.name} failed: {described(self.exc)}"


def described(exc: BaseException) -> str:
    """``Type: text``, the text quoted where it is not one printable line."""
    return f"{type(exc).__name__}: {excerpt(str(exc), 120, bare=True)}"


class CannotExplain(PbnscoreError):
    """The method, or the board asked for, has nothing to explain."""


class StreamError(PbnscoreError):
    """Standard output could not be written (full, closed), or standard
    input read (closed): exit 1."""


# A lenient read stops after this many problems (a file of garbage is not
# worth reading to its end); a strict read only counts warnings past it.
def install_line(extra: str) -> str:
    """How to add the optional part ``extra`` (``dd``, ``bws``,
    ``completion``), for the line that says it is missing: by name from the
    package index, and, until pbnscore is published there, from its source
    folder (docs/howto/install.md "Extras")."""
    return (
        f"pip install 'pbnscore[{extra}]'; until pbnscore is on the package index, "
        f"in its source folder: pip install '.[{extra}]'"
    )


MAX_PROBLEMS = 1000
TOO_MANY = "too many problems; the rest of the file is not read"


class TooManyProblems(Exception):
    """Raised by :func:`collect` once a lenient read has recorded
    MAX_PROBLEMS problems (and a last one saying so): reading stops. Not a
    ParseError, so that no reader's handler of a bad element catches it."""


def collect(problems: list[Problem], problem: Problem) -> None:
    """A lenient read's problem kept in ``problems``: the one collector of
    every reader. At MAX_PROBLEMS a last one says the rest is not read, and
    reading stops (:class:`TooManyProblems`); past it (what is still built
    after the stop) nothing more is kept."""
    if len(problems) > MAX_PROBLEMS:
        return
    problems.append(problem)
    if len(problems) == MAX_PROBLEMS:
        problems.append(Problem(TOO_MANY, problem.source, problem.line))
        raise TooManyProblems


def counted(count: int, noun: str) -> str:
    """``1 file``, ``12 files``: a count in a message."""
    return f"1 {noun}" if count == 1 else f"{count} {noun}s"


def excerpt(text: str, limit: int = 40, *, bare: bool = False) -> str:
    """``text`` quoted for a message, cut after ``limit`` characters: the line
    stays short whatever a file holds (a 5000-digit "board number"), and one
    line (repr shows a newline as ``\\n``). ``bare``: a short printable text
    (a pair number, a team id) as it is, unquoted; any other still quoted."""
    if bare and len(text) <= limit and text.isprintable():
        return text
    return repr(text if len(text) <= limit else text[:limit] + "...")


def one_line(message: str, limit: int = MESSAGE_LIMIT) -> str:
    """``message`` as printed: itself where short and printable, else
    through :func:`excerpt`."""
    return excerpt(message, limit, bare=True)


def shown(name: str, limit: int = MESSAGE_LIMIT) -> str:
    """A name (a file's, a player's) as every message shows it: cut after
    ``limit`` characters, and each character that is not printable spelt as
    Python spells it (``\\n``, ``\\x1b``): a newline in a file name cannot
    forge a second line, nor an escape sequence recolour a terminal."""
    cut = name if len(name) <= limit else name[:limit] + "\u2026"
    if cut.isprintable():
        return cut
    return "".join(char if char.isprintable() else repr(char)[1:-1] for char in cut)


def shown_name(name: str) -> str:
    """A file's name as text any output can hold: the bytes of a name that
    are no UTF-8 (os.fsdecode keeps them as lone surrogates, which no UTF-8
    document can encode) become U+FFFD."""
    try:
        raw = name.encode("utf-8", "surrogateescape")
    except UnicodeEncodeError:  # a surrogate no byte became: not from a file name
        raw = name.encode("utf-8", "replace")
    return raw.decode("utf-8", "replace")


def warning_line(source: str, line: int | None, message: str) -> str:
    """One warning line: ``file:line: warning: message``."""
    where = shown(source) if line is None else f"{shown(source)}:{line}"
    return f"{where}: warning: {one_line(message)}"


def wrong_type(function: str, wanted: str, value: object) -> TypeError:
    """The TypeError of a public function given the wrong kind of value
    (docs/api/index.md "Load, score, write"):
    ``pbnscore.score() takes an Event (from pbnscore.load), not str 'x.xml'``."""
    given = type(value).__name__
    if value is None:
        given = "None"
    elif isinstance(value, str | bytes | int | float):  # a value worth showing
        given = f"{given} {shown(repr(value), 40)}"
    return TypeError(f"{function} takes {wanted}, not {given}")


def check_data(function: str, data: object) -> None:
    """A TypeError unless ``data`` is a file's bytes or text."""
    if not isinstance(data, bytes | str):
        raise wrong_type(function, "a file's bytes (or text)", data)


def check_path_or_file(function: str, given: object) -> None:
    """A TypeError unless ``given`` is a path or a file open for reading:
    never an int, which ``open()`` would take as a descriptor (0 is stdin)."""
    if isinstance(given, str | os.PathLike):
        return
    if not isinstance(given, int) and callable(getattr(given, "read", None)):
        return
    raise wrong_type(function, "a file's path or an open file", given)


@attrs.frozen
class Problem:
    """One problem found by a lenient read or a check: ``file:line: message``.

    ``severity`` is "error" (the file's numbers cannot be trusted) or
    "warning" (scoring goes on)."""

    message: str
    source: str
    line: int | None = None
    severity: str = "error"

    @property
    def where(self) -> str:
        """``file:line``, or ``file`` where the line is not known."""
        source = shown(self.source)
        return source if self.line is None else f"{source}:{self.line}"

    def __str__(self) -> str:
        return f"{self.where}: {one_line(self.message)}"
