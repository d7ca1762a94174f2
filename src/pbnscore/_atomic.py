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
    """Write ``data`` to ``path`` atomically; keep the mode of a file replaced."""
    target = Path(path)
    try:
        mode = target.stat().st_mode & 0o7777
    except FileNotFoundError:
        mode = _NEW_FILE_MODE
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
