"""The methods attrs writes for pbnscore's classes, compiled once and kept.

attrs writes each class's ``__init__``, ``__eq__``, ``__hash__``,
``__repr__`` ... as Python source when the class is defined, and compiles
it: for the 50-odd classes ``score`` imports, that compiling was a quarter
of the instructions of ``pbnscore score small.xml`` (docs/internals/speed.md).
Python compiles a module once and keeps the code in ``__pycache__``; this
does the same for the code attrs compiles. The command (``pbnscore.__main__``,
never a program that imports the library) hands attrs a ``compile`` that
looks the source up in a file in the package's ``__pycache__`` and compiles
only what it does not find there. The source itself is the key, so the code
taken is what compiling that source gives; a file from another Python (each
version has its own, as ``.pyc`` files do), a damaged or missing file, or a
folder that cannot be written to means compiling, as attrs does.

Only pbnscore's own classes are kept (attrs names the source after the
class's module); anyone else's is compiled as attrs compiles it.
"""

from __future__ import annotations

import contextlib
import marshal
import os
import sys
from collections.abc import Callable
from types import CodeType

# attrs names a class's source "<attrs generated methods pbnscore.model.Result>"
# (one name a method before attrs 25): what it is, the class's module and name.
_GENERATED = "<attrs generated "
_OURS = ("pbnscore.", "attr.", "attrs.")

# Stands for the salted number in the source kept; never in a source attrs writes.
_MARK = "1234567890123456789"

# attrs' file name -> (the source compiled, its code). The file holds them
# with the Python that compiled them (sys.version: its release and build), as
# a .pyc's magic number keeps one Python's bytecode from another's.
_Codes = dict[str, tuple[str, CodeType]]


class CachedCompile:
    """``compile`` for attrs: pbnscore's classes' methods from the file at
    ``path`` where their source is there, compiled (and kept for
    :meth:`save`) where not."""

    def __init__(self, path: str, compile_: Callable[..., CodeType]) -> None:
        self.path = path
        self.compile = compile_
        self.codes: _Codes | None = None
        self.added = False

    def read(self) -> _Codes:
        try:
            with open(self.path, "rb") as file:
                found = marshal.loads(file.read())
        except (OSError, ValueError, EOFError, TypeError):
            return {}  # none yet, or not one this Python reads: compile
        if not isinstance(found, tuple) or len(found) != 2 or found[0] != sys.version:
            return {}  # another build's code (its bytecode may differ): compile
        codes = found[1]
        return codes if isinstance(codes, dict) else {}

    def __call__(
        self, source: object, filename: object, mode: str, *args: object, **keywords: object
    ) -> CodeType:
        # Whatever else asks while the builtin is this one (the import system
        # compiles a module without its .pyc with keywords) is compiled as asked.
        if args or keywords or not isinstance(source, str) or not isinstance(filename, str):
            return self.compile(source, filename, mode, *args, **keywords)
        _, generated, named = filename.partition(_GENERATED)
        named = named.partition(" ")[2]  # after what is made: the class
        if not generated or not named.startswith(_OURS) or mode != "exec" or _MARK in source:
            return self.compile(source, filename, mode)
        # A class's hash begins with a number that changes from one process
        # to the next (attrs hashes the string "<attrs generated hash
        # module.Class>", and Python salts a string's hash): the source is
        # kept with a mark in its place, and its code with the mark made this
        # process's number.
        salted = str(hash(f"{_GENERATED}hash {named}"))
        count = source.count(salted)
        if count > 1 or (count == 0 and "hash((" in source):
            return self.compile(source, filename, mode)  # not the hash this knows
        kept_source = source.replace(salted, _MARK)
        if self.codes is None:
            self.codes = self.read()
        kept = self.codes.get(filename)
        if kept is None or kept[0] != kept_source:
            kept = (kept_source, self.compile(kept_source, filename, mode))
            self.codes[filename] = kept
            self.added = True
        return _swapped(kept[1], int(_MARK), int(salted)) if salted in source else kept[1]

    def save(self) -> None:
        """Keep what was compiled this time, beside what the file held (a
        class's new source replaces its old)."""
        if not self.added or self.codes is None or sys.dont_write_bytecode:
            return
        self.added = False
        codes = {**self.read(), **self.codes}
        temporary = f"{self.path}.{os.getpid()}.tmp"
        try:
            os.makedirs(os.path.dirname(self.path), exist_ok=True)
            with open(temporary, "wb") as file:
                file.write(marshal.dumps((sys.version, codes)))
            os.replace(temporary, self.path)  # whole or not at all, for a reader beside
        except OSError:  # a read-only install: compiled each time, as attrs does
            with contextlib.suppress(OSError):
                os.remove(temporary)


def cache_path() -> str | None:
    """The file beside the package's ``.pyc`` files (None where Python keeps
    them elsewhere, or keeps none)."""
    tag = sys.implementation.cache_tag
    if tag is None or sys.pycache_prefix:
        return None
    folder = os.path.join(os.path.dirname(os.path.abspath(__file__)), "__pycache__")
    return os.path.join(folder, f"attrs-methods.{tag}.bin")


def install() -> CachedCompile | None:
    """attrs compiles pbnscore's classes' methods through the cache from now
    on; the cache, to :meth:`CachedCompile.save` when the command is done."""
    path = cache_path()
    if path is None:
        return None
    import builtins

    cached = CachedCompile(path, compile)
    # attrs' own classes are made as it is imported, with the builtin; then
    # its module's global, which ``compile`` in it finds first.
    builtins.compile = cached  # type: ignore[assignment]
    try:
        import attr._make as make
    finally:
        builtins.compile = cached.compile  # type: ignore[assignment]
    make.compile = cached  # type: ignore[attr-defined]
    return cached


def _swapped(code: CodeType, old: int, new: int) -> CodeType:
    """``code`` with the constant ``old`` made ``new``, in the functions it
    defines too."""
    consts = tuple(
        _swapped(c, old, new)
        if isinstance(c, CodeType)
        else new
        if type(c) is int and c == old
        else c
        for c in code.co_consts
    )
    return code.replace(co_consts=consts)
