"""Writing a file so that it is either complete or not there at all.

The data goes to a temporary name in the target's own folder (so the final
``os.replace`` is a rename within one file system, which POSIX and Windows
make atomic) and is renamed over the target only once it is all written. A
failure part-way removes the temporary file and leaves any earlier output as
it was.

A failure to write into the folder (read-only, no permission, a full disk,
a folder that is not there or a path through a file) is a :class:`FolderError`
naming the folder: the temporary file's name means nothing to the user.

There is no ``fsync``: the promise is about pbnscore failing, not the machine
losing power, and a sync per file would cost a batch of a thousand small files
more than the scoring does.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import stat
from typing import TYPE_CHECKING

from pbnscore import _pathnames

if TYPE_CHECKING:
    from pathlib import Path


def _new_file_mode() -> int:
    # The temporary file is made 0600; an output file should get the mode
    # any new file would (0666 less the umask), which can only be read by
    # setting it.
    umask = os.umask(0o022)
    os.umask(umask)
    return 0o666 & ~umask


_NEW_FILE_MODE = _new_file_mode()


class FolderError(OSError):
    """Nothing could be written in a folder. ``filename`` is the folder (as
    the user named it), ``strerror`` says so and why:
    ``cannot write to this folder: Permission denied``."""


def folder_error(
    folder: str | os.PathLike[str], exc: OSError, *, making: bool = False
) -> FolderError:
    """``exc``, met writing in (or ``making``) ``folder``, said of the folder."""
    from pathlib import Path  # only when a write failed: not on start-up

    folder = Path(folder)
    blocking = file_on_the_way(folder)
    if blocking is not None:
        # out/a is a file, out/a/b.xml wanted: POSIX says NotADirectoryError,
        # Windows FileNotFoundError.
        why = "it is a file" if blocking == folder else f"{blocking} is a file"
    elif isinstance(exc, FileNotFoundError) and not making and not os.path.lexists(folder):
        why = "no such folder"
    else:
        why = exc.strerror or str(exc)
        if making:  # the folder it could not be made in is the one to fix
            folder = next((p for p in (folder, *folder.parents) if os.path.isdir(p)), folder)
    shown = os.getcwd() if str(folder) in ("", ".") else str(folder)
    return FolderError(exc.errno, f"cannot write to this folder: {why}", shown)


def file_on_the_way(folder: Path) -> Path | None:
    """The file that ``folder`` or a folder above it is, if one is."""
    # os.path.isfile, not Path.is_file: a folder that cannot be searched
    # (PermissionError from stat) has no file on the way that can be seen
    return next((p for p in (folder, *folder.parents) if os.path.isfile(p)), None)


# This process's open descriptors by name (Linux's /dev/fd is a link to
# /proc/self/fd; /dev/stdout links to /proc/self/fd/1).
_DESCRIPTOR_RE = re.compile(r"/(?:dev/fd|proc/(?:self|(?P<pid>\d+))/fd)/(?P<fd>\d+)")
_MOST_LINKS = 40  # as Linux's ELOOP: a loop of links ends, not hangs


def open_descriptor(path: str | os.PathLike[str]) -> int | None:
    """The descriptor this process has open that ``path`` names, through
    links (``/dev/stdout``, ``/dev/fd/3``), or None. Reopening it by name
    would truncate a file opened ``>> log`` and renaming over it would
    replace the file: the descriptor itself is written to, as the shell
    set it up (appending, into a pipe)."""
    hop = os.path.abspath(path)
    for _ in range(_MOST_LINKS):
        named = _DESCRIPTOR_RE.fullmatch(hop)
        if named and named["pid"] in (None, str(os.getpid())):
            return int(named["fd"])
        if not os.path.islink(hop):
            return None
        hop = os.path.abspath(os.path.join(os.path.dirname(hop), os.readlink(hop)))
    return None


# A name's longest in bytes on the file systems pbnscore writes to (POSIX's
# NAME_MAX on ext4, APFS, NTFS in UTF-16 units: never more bytes than that).
NAME_MAX = 255
_SUFFIX = ".part"
_RANDOM = 8  # the random characters between prefix and suffix


def temporary_prefix(name: str) -> str:
    """``.NAME.``: the temporary file's prefix, NAME cut (on a character)
    where the whole temporary name would pass :data:`NAME_MAX` bytes, so
    that an output whose own name is within the limit can be written."""
    room = NAME_MAX - len(".." + _SUFFIX) - _RANDOM
    while len(os.fsencode(name)) > room:
        name = name[:-1]
    return f".{name}."


# How tempfile.mkstemp opens the file it makes: a new one only (O_EXCL),
# never through a link planted at its name, not translating line ends (Windows).
_CREATE = (
    os.O_RDWR | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_BINARY", 0)
)
_ATTEMPTS = 100  # names tried before giving up (each one new with odds of 1 in 2**32)


def create_temporary(folder: str, prefix: str) -> tuple[int, str]:
    """A new file in ``folder`` named ``prefix``, :data:`_RANDOM` random
    characters and ``.part``, open, as ``tempfile.mkstemp`` makes it
    (readable and writable by its owner only), and its name. Not tempfile
    itself: importing it imports shutil and random, and shutil the bz2 and
    lzma modules, all for one name (start-up of a command that writes a
    file)."""
    for _ in range(_ATTEMPTS):
        name = os.path.join(folder, f"{prefix}{os.urandom(_RANDOM // 2).hex()}{_SUFFIX}")
        try:
            return os.open(name, _CREATE, 0o600), name
        except FileExistsError:
            continue
    raise FileExistsError(errno.EEXIST, "no unused temporary file name", str(folder))


def _write_all(descriptor: int, data: bytes) -> None:
    view = memoryview(data)
    while view:  # a pipe may take less than all at once
        view = view[os.write(descriptor, view) :]


def write_bytes(
    path: str | os.PathLike[str], data: bytes, *, make_folders: bool = False, own: bool = False
) -> None:
    """Write ``data`` to ``path`` atomically; keep the mode of a file replaced.
    With ``make_folders``, the folders on the way are made first.

    A symbolic link is written through: the file it points to is replaced
    and the link stays. A path that is not a regular file (``/dev/null``,
    a named pipe) is written into as it is: renaming over it would replace a
    device node with a plain file (run as root, for all). A name of one of
    this process's open descriptors (``/dev/stdout``) is written to that
    descriptor (see :func:`open_descriptor`).

    With ``own``, the name is pbnscore's own file (a watch's state file),
    no output a user named: whatever else is there under that name (a link,
    a named pipe, a device node) is replaced by the new regular file, and
    nothing is written through it.
    """
    descriptor = None if own else open_descriptor(path)
    if descriptor is not None:
        _write_all(descriptor, data)
        return
    if make_folders:
        from pathlib import Path  # a command that makes folders (batch, watch)

        making = Path(path).parent
        try:
            making.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise folder_error(making, exc, making=True) from None
    try:
        # The path as given, not its realpath: a link to another process's
        # /proc/N/fd/1 on a pipe has the realpath "/proc/N/fd/pipe:[…]",
        # which names nothing, though the link itself opens the pipe.
        status = os.lstat(path) if own else os.stat(path)
    except FileNotFoundError:
        mode = _NEW_FILE_MODE
    except OSError as exc:  # a file on the way, a folder that cannot be searched
        raise folder_error(_shown_folder(path, path, own=True), exc) from None
    else:
        if stat.S_ISREG(status.st_mode):
            mode = status.st_mode & 0o7777
        elif own and not stat.S_ISDIR(status.st_mode):
            # renamed over below: the link or the node goes, not what it leads to
            mode = _NEW_FILE_MODE
        else:
            with open(path, "wb") as stream:  # a folder: IsADirectoryError
                stream.write(data)
            return
    target, folder, name = _target(path, own)
    try:
        handle, temporary = create_temporary(folder, temporary_prefix(name))
    except OSError as exc:
        raise folder_error(_shown_folder(path, target, own), exc) from None
    replacing = False
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
        os.chmod(temporary, mode)
        replacing = True
        os.replace(temporary, target)
    except BaseException as exc:
        # Whatever went wrong (a full disk, Ctrl-C), no half file stays behind.
        with contextlib.suppress(FileNotFoundError):
            os.unlink(temporary)
        if not isinstance(exc, OSError):
            raise
        if replacing and isinstance(exc, PermissionError):
            # The folder took the new file: the old one refused to go
            # (Windows: open in another program, or marked read-only).
            why = f"cannot replace this file: {exc.strerror}"
            raise OSError(exc.errno, why, str(path)) from None
        raise folder_error(_shown_folder(path, target, own), exc) from None


def _target(path: str | os.PathLike[str], own: bool) -> tuple[str | Path, str, str]:
    """The file to rename the new one over, its folder and its name: where
    ``path`` leads, unless it is pbnscore's ``own``. A real path has no
    ``.`` or ``..`` parts and no separator at its end, so that its folder and
    name are ``os.path``'s as well as ``pathlib``'s."""
    if own:
        from pathlib import Path  # watch's state file: watch imports pathlib

        target = Path(path)
        return target, str(target.parent), target.name
    real = os.path.realpath(path)
    return real, os.path.dirname(real), _pathnames.name(real)


def _shown_folder(path: str | os.PathLike[str], target: str | os.PathLike[str], own: bool) -> Path:
    """The folder a failed write is said of: as the user wrote it, unless a
    link led elsewhere."""
    from pathlib import Path  # only when a write failed: not on start-up

    if not own and os.path.islink(path):
        return Path(target).parent
    return Path(path).parent
