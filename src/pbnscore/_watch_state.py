"""What a watch has scored, kept in a small state file in its output
folder (:mod:`pbnscore.watch`): each night's content hash and outputs, so
that a restart does not score the folder again."""

from __future__ import annotations

import json
import stat
from collections.abc import Callable, Sequence
from pathlib import Path

from pbnscore._atomic import write_bytes
from pbnscore._records import attrs
from pbnscore.errors import shown

STATE_NAME = ".pbnscore-watch.json"
STATE_SCHEMA = "pbnscore-watch/1"
# A state file is a line or two per night: far past any season's, and a
# link to /dev/zero or a stray large file is not read to its end.
MAX_STATE_BYTES = 16 * 1024 * 1024
NOT_STATE = "not a state file of pbnscore watch: ignored, every night is scored again"


@attrs.define
class Scored:
    """A file the watcher has scored: the hash of its bytes and the outputs written from
    it."""

    sha256: str
    outputs: list[str]  # relative to the output folder, POSIX style


class State:
    """Each scored file's content hash and outputs, by its name below the
    watched folder. Valid only for the settings it was made with: other
    options or formats (or another pbnscore) score every file again.
    Changes are kept in memory and written by :meth:`save`, once for all
    the files scored together (once per file, a folder of n nights cost
    n writes of a file of n lines)."""

    def __init__(self, path: Path, settings: str) -> None:
        self.path = path
        self.settings = settings
        self.files: dict[str, Scored] = {}
        self.changed = False
        self.writes = 0  # how often it was saved (counted by the tests, not timed)

    @classmethod
    def load(cls, path: Path, settings: str, warn: Callable[[str], None] | None = None) -> State:
        """The state kept at ``path`` for these settings; empty where there
        is none or it was made with other settings. A file there that is
        not one (not a regular file, too large, not JSON of its shape) is
        ignored, and said to ``warn``."""
        state = cls(path, settings)
        try:
            state.files = _kept_files(path, settings)
        except _NotState as exc:
            if warn is not None:
                warn(f"{shown(str(path))}: warning: {exc.why}: {NOT_STATE}")
        return state

    def unchanged(self, name: str, digest: str) -> bool:
        """Scored already with these bytes, and its outputs are all there."""
        entry = self.files.get(name)
        return (
            entry is not None
            and entry.sha256 == digest
            and all((self.path.parent / output).is_file() for output in entry.outputs)
        )

    def record(self, name: str, digest: str, outputs: Sequence[Path]) -> None:
        """Remember ``name`` scored with these bytes into ``outputs`` (kept
        on disk by the next :meth:`save`)."""
        relative = [target.relative_to(self.path.parent).as_posix() for target in outputs]
        self.files[name] = Scored(digest, relative)
        self.changed = True

    def save(self) -> None:
        """Write what changed since the last save, if anything did."""
        if not self.changed:
            return
        document = {
            "schema": STATE_SCHEMA,
            "settings": self.settings,
            "files": {key: attrs.asdict(entry) for key, entry in sorted(self.files.items())},
        }
        # own: a link or a node found at the state's name (ignored when
        # loaded) is replaced, never written through (docs/reference/bad-input.md)
        data = json.dumps(document, indent=1).encode("utf-8")
        write_bytes(self.path, data, make_folders=True, own=True)
        self.changed = False
        self.writes += 1


class _NotState(Exception):
    def __init__(self, why: str) -> None:
        super().__init__(why)
        self.why = why


def _kept_files(path: Path, settings: str) -> dict[str, Scored]:
    """The files the state at ``path`` holds, if it holds ``settings``'s;
    :class:`_NotState` saying why where what is there is no state."""
    try:
        status = path.stat()
    except FileNotFoundError:
        return {}
    except OSError as exc:
        raise _NotState(f"cannot be read ({exc.strerror or exc})") from None
    if not stat.S_ISREG(status.st_mode):
        raise _NotState("not a regular file")  # a link to /dev/zero: never read
    try:
        with open(path, "rb") as stream:
            data = stream.read(MAX_STATE_BYTES + 1)
    except OSError as exc:
        raise _NotState(f"cannot be read ({exc.strerror or exc})") from None
    if len(data) > MAX_STATE_BYTES:
        raise _NotState(f"larger than {MAX_STATE_BYTES // (1024 * 1024)} MiB")
    try:
        # RecursionError: JSON nested deeper than the parser goes.
        kept = json.loads(data)
    except (ValueError, RecursionError):
        raise _NotState("not JSON") from None
    if not isinstance(kept, dict) or kept.get("schema") != STATE_SCHEMA:
        raise _NotState(f"not of the schema {STATE_SCHEMA}")
    if kept.get("settings") != settings:
        return {}  # other options, or another pbnscore: every night scored afresh
    try:
        return {
            str(name): Scored(str(entry["sha256"]), [str(o) for o in entry["outputs"]])
            for name, entry in kept["files"].items()
        }
    except (TypeError, KeyError, AttributeError):
        raise _NotState(f"not of the schema {STATE_SCHEMA}") from None
