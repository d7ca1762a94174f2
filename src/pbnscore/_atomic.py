"""Writing a file so that it is either complete or not there at all.

The data goes to a temporary name in the target's own folder (so the final
``os.replace`` is a rename within one file system, which POSIX and Windows
make atomic) and is renamed over the target only once it is all written. A
failure part-way removes the temporary file and leaves any earlier output as
it was.

There is no ``fsync``: the promise is about pbnscore failing, not the machine
losing power, and a sync per file would cost a batch of a thousand small files
more than the scoring does.
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from pathlib import Path


def _new_file_mode() -> int:
    # mkstemp creates 0600; an output file should get the mode any new file
    # would (0666 less the umask), which can only be read by setting it.
    umask = os.umask(0o022)
    os.umask(umask)
    return 0o666 & ~umask


_NEW_FILE_MODE = _new_file_mode()


def write_bytes(path: str | os.PathLike[str], data: bytes) -> None:
    """Write ``data`` to ``path`` atomically; keep the mode of a file replaced.

    A symbolic link is written through: the file it points to is replaced
    and the link stays. A path that is not a regular file (``/dev/null``,
    ``/dev/stdout``, a named pipe) is written into as it is: renaming over it
    would replace a device node with a plain file (run as root, for all).
    """
    target = Path(os.path.realpath(path))
    try:
        status = target.stat()
    except FileNotFoundError:
        mode = _NEW_FILE_MODE
    else:
        if not stat.S_ISREG(status.st_mode):
            with open(target, "wb") as stream:  # a folder: IsADirectoryError
                stream.write(data)
            return
        mode = status.st_mode & 0o7777
    handle, temporary = tempfile.mkstemp(
        prefix=f".{target.name}.", suffix=".part", dir=target.parent
    )
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
        os.chmod(temporary, mode)
        os.replace(temporary, target)
    except BaseException:
        # Whatever went wrong (a full disk, Ctrl-C), no half file stays behind.
        with contextlib.suppress(FileNotFoundError):
            os.unlink(temporary)
        raise
