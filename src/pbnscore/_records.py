"""The model's declarative classes, built as attrs builds them, without attrs.

pbnscore's classes are written as attrs classes (``@attrs.frozen``,
``attrs.field(...)``, ``attrs.evolve``) and type-checked as attrs classes:
each module imports ``attrs`` from here, which is attrs itself to a type
checker (mypy's attrs plug-in checks every constructor) and this module at
run time. Importing attrs and building 50-odd classes with it was 30% of the
instructions of ``pbnscore score small.xml`` (docs/internals/speed.md, "The
start-up"); this builds the same classes for about a quarter of that.
What it does not build (a class's own ``__init__``, ``__eq__``, ``__hash__``
or ``__repr__``, an exception, an attrs base, ``on_setattr``, ordering,
attrs' global switch for validators) it refuses with a TypeError, or takes
no keyword for, as the class is defined.

What it builds, for the part of attrs pbnscore uses (``define``, ``frozen``
with ``slots``, ``kw_only`` and ``cache_hash``; ``field`` with ``default``,
``factory``, ``converter``, ``validator``, ``init``, ``repr``, ``eq``,
``hash``, ``metadata``, ``alias`` and ``kw_only``; ``Factory``; three
validators; ``evolve``, ``fields``, ``fields_dict``, ``has``, ``asdict``),
is what attrs builds: the same ``__slots__`` (and ``__weakref__``),
``__init__``, ``__repr__``, ``__eq__``/``__ne__``, ``__hash__`` (None for a
mutable class), ``__match_args__``, pickling and frozen refusal (attrs' own
``FrozenInstanceError``, imported when first raised), cached properties made
slots. tests/test_records.py holds every class of pbnscore, and random
definitions, to what attrs builds from the same definition.

attrs itself is imported only when asked for: ``__attrs_attrs__`` (what
``attrs.fields``, ``attrs.evolve`` and ``attrs.asdict`` read) is made when
first read, by attrs, from a class built by attrs from the same definition,
so code using attrs' own functions on the model works as before.

The methods' source is written per class and compiled once: the code is
kept in the package's ``__pycache__`` (see :func:`save`) as Python keeps a
module's.
"""

from __future__ import annotations

import _thread
import contextlib
import itertools
import marshal
import os
import sys
from collections.abc import Callable, Mapping
from functools import cached_property
from types import (
    CodeType,
    FunctionType,
    GetSetDescriptorType,
    MappingProxyType,
    MemberDescriptorType,
)
from typing import TYPE_CHECKING, Any, TypeVar

from pbnscore._validators import validators as validators  # attrs.validators: its three

if TYPE_CHECKING:
    import attrs as attrs
else:
    # ``from pbnscore._records import attrs``: this module, under attrs' name.
    attrs = sys.modules[__name__]

_C = TypeVar("_C", bound=type)

_OBJ_SETATTR = object.__setattr__
_REPLACE = sys.version_info >= (3, 13)  # copy.replace calls __replace__
_HASH_CACHE_FIELD = "_attrs_cached_hash"
_CLASSVAR_PREFIXES = ("typing.ClassVar", "t.ClassVar", "ClassVar", "typing_extensions.ClassVar")


class _Nothing:
    """A field without a default (attrs' ``NOTHING``)."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "NOTHING"

    def __str__(self) -> str:
        return "_Nothing.NOTHING"  # attrs' is an enumeration's member

    def __bool__(self) -> bool:
        return False

    def __reduce__(self) -> str:
        return "NOTHING"


NOTHING: Any = _Nothing()


class Factory:
    """A default made for each instance (``takes_self``: from the instance
    as far as it is made)."""

    __slots__ = ("factory", "takes_self")

    def __init__(self, factory: Callable[..., Any], takes_self: bool = False) -> None:
        self.factory = factory
        self.takes_self = takes_self

    def __repr__(self) -> str:
        return f"Factory(factory={self.factory!r}, takes_self={self.takes_self!r})"


_EMPTY: Mapping[Any, Any] = MappingProxyType({})


class _Definition:
    """What ``field()`` was given, kept to build the field and, when asked
    for, attrs' own ``Attribute``; and its shape (:func:`_shape`)."""

    __slots__ = ("given", "shape")

    def __init__(self, given: dict[str, Any]) -> None:
        self.given = given
        self.shape = _shape(given)


_PLAIN = (bool, int, float, str, type(None))


def _shape(given: Mapping[str, Any]) -> tuple[Any, ...] | None:
    """What of a field's definition its methods' code can depend on: each
    part given, with a plain value as itself and its type (``1`` is not
    ``True`` to the code written), a ``Factory`` by whether it takes self,
    anything else by whether it is callable and true. None where a part is
    neither (no kept code then)."""
    shape: list[Any] = []
    for key, value in given.items():
        kind = type(value)
        if key == "default":  # its value is not in the code; a Factory's kind is
            shape.append(_default_shape(value))
        elif kind in _PLAIN:
            shape.append((key, kind.__name__, value))
        elif key == "alias":
            return None  # written into the code as text: only a str is known
        else:
            try:
                shape.append((key, "object", callable(value), bool(value)))
            except Exception:  # a value with no truth (an array): built each time
                return None
    return tuple(shape)


_DEFAULT_SHAPE = (("default",),)


def _default_shape(value: Any) -> tuple[Any, ...]:
    """A default's part of a shape: a ``Factory`` (taking self or not) or
    any other value."""
    if isinstance(value, Factory):
        return ("default", "Factory", bool(value.takes_self))
    return ("default",)


def field(
    *,
    default: Any = NOTHING,
    validator: Callable[[Any, Any, Any], Any] | None = None,
    repr: bool | Callable[[Any], str] = True,
    hash: bool | None = None,
    init: bool = True,
    metadata: Mapping[Any, Any] | None = None,
    converter: Callable[[Any], Any] | None = None,
    factory: Callable[[], Any] | None = None,
    kw_only: bool | None = None,
    eq: bool | Callable[[Any], Any] | None = None,
    alias: str | None = None,
) -> Any:
    """A field's definition in a class body (attrs' ``field``, the part
    pbnscore uses)."""
    given: dict[str, Any] = {}
    if factory is not None:
        if default is not NOTHING:
            raise ValueError("The `default` and `factory` arguments are mutually exclusive.")
        if not callable(factory):
            raise ValueError("The `factory` argument must be a callable.")
        given["factory"] = factory
    elif default is not NOTHING:
        given["default"] = default
    if isinstance(validator, (list, tuple)):
        raise TypeError("records (attrs' part pbnscore builds): one validator a field")
    for name, value, unset in (
        ("validator", validator, None),
        ("repr", repr, True),
        ("hash", hash, None),
        ("init", init, True),
        ("metadata", metadata, None),
        ("converter", converter, None),
        ("kw_only", kw_only, None),
        ("eq", eq, None),
        ("alias", alias, None),
    ):
        if value is not unset:
            given[name] = value
    return _Definition(given)


def attrs_field(definition: Any) -> Any:
    """What ``field()`` defined, as attrs' own field: for a class attrs
    builds (a plug-in's options class, with :func:`pbnscore.strategies.option`)."""
    import attrs

    real: Any = attrs  # its overloads want literals; these are a kept definition's
    given = dict(definition.given)
    default = given.get("default", NOTHING)
    if isinstance(default, Factory):
        given["default"] = real.Factory(default.factory, takes_self=default.takes_self)
    return real.field(**given)


class Attribute:
    """One field of a class (what ``fields()`` gives: attrs' ``Attribute``,
    with the parts pbnscore reads)."""

    __slots__ = (
        "alias",
        "converter",
        "default",
        "eq",
        "eq_key",
        "hash",
        "inherited",
        "init",
        "kw_only",
        "metadata",
        "name",
        "repr",
        "type",
        "validator",
    )

    name: str
    default: Any
    validator: Any
    repr: bool | Callable[[Any], str]
    eq: bool
    eq_key: Callable[[Any], Any] | None
    hash: bool | None
    init: bool
    kw_only: bool
    metadata: Mapping[Any, Any]
    type: Any
    converter: Any
    alias: str
    inherited: bool

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in _ATTRIBUTE_SHOWN)
        return f"Attribute({shown})"

    def evolved(self, **changes: Any) -> Attribute:
        copy = Attribute.__new__(Attribute)
        for name in Attribute.__slots__:
            setattr(copy, name, changes[name] if name in changes else getattr(self, name))
        return copy


_ATTRIBUTE_SHOWN = ("name", "default", "init", "kw_only", "alias", "inherited")


def _attribute(name: str, given: Mapping[str, Any], annotation: Any, kw_only: bool) -> Attribute:
    a = Attribute.__new__(Attribute)
    a.name = name
    a.default = Factory(given["factory"]) if "factory" in given else given.get("default", NOTHING)
    a.validator = given.get("validator")
    a.repr = given.get("repr", True)
    eq = given.get("eq")
    a.eq = True if eq is None else bool(eq)
    a.eq_key = eq if callable(eq) else None
    a.hash = given.get("hash")
    a.init = given.get("init", True)
    own_kw_only = given.get("kw_only")
    a.kw_only = kw_only if own_kw_only is None else own_kw_only
    metadata = given.get("metadata")
    a.metadata = MappingProxyType(dict(metadata)) if metadata else _EMPTY
    a.type = annotation
    a.converter = given.get("converter")
    a.alias = given.get("alias") or name.lstrip("_")
    a.inherited = False
    return a


class _Fields(tuple):  # type: ignore[type-arg]
    """A class's fields in order, each also by name (``fields(C).name``)."""

    __slots__ = ()

    def __getattr__(self, name: str) -> Attribute:
        if name.startswith("__"):  # what Python asks of any value (__set_name__ ...)
            raise AttributeError(name)
        for a in self:
            if a.name == name:
                return a  # type: ignore[no-any-return]
        raise AttributeError(name)


# A class's layout (a plain tuple, to be marshalled): its own fields' names,
# all its fields' names, the methods its code defines, __match_args__,
# __init__'s (alias, name) pairs and its annotations as (alias, type) pairs.
_Layout = tuple[
    tuple[str, ...],
    tuple[str, ...],
    tuple[str, ...],
    tuple[str, ...],
    tuple[tuple[str, str], ...],
    tuple[tuple[str, Any], ...],
]


# --- the methods' code and the classes' layouts, kept ------------------------

_CODES_FILE = "records-methods"
# What is kept of a class, by its module and qualified name: its definition's
# fingerprint (:func:`_fingerprint`; None where it has none), the source of
# its methods, their code marshalled (unmarshalled only when the class is
# built) and its layout (:class:`_Layout`). The file is read whole.
# (a class's: the source and code of its __init__ and of its comparison, each
# a pair; another part's, one source and its code)
_Entry = tuple[Any, Any, Any, _Layout]
_Kept = dict[str, _Entry]
_kept: _Kept | None = None
_compiled_now: _Kept = {}


def _codes_path() -> str | None:
    """The file beside this module's ``.pyc`` (under ``sys.pycache_prefix``
    where that is set), named as Python names its bytecode; None where
    Python keeps none."""
    try:  # the import system's own, loaded already (importlib.util is not)
        from _frozen_importlib_external import cache_from_source
    except ImportError:  # pragma: no cover - another Python
        from importlib.util import cache_from_source
    try:
        module = cache_from_source(os.path.abspath(__file__))
    except NotImplementedError:  # no cache tag: no bytecode kept
        return None
    tag = sys.implementation.cache_tag
    return os.path.join(os.path.dirname(module), f"{_CODES_FILE}.{tag}.bin")


def _writer() -> tuple[str, int, int] | None:
    """What wrote the kept layouts: this Python, and this module as Python
    tells a module's source has changed (its modification time and size).
    A layout is the code this module writes for a definition: this module
    changed, none is taken."""
    try:
        found = os.stat(__file__)
    except (OSError, NameError):  # pragma: no cover - no file (a frozen build)
        return None
    return sys.version, found.st_mtime_ns, found.st_size


def _read_codes(path: str | None) -> _Kept:
    if path is None:
        return {}
    try:
        with open(path, "rb") as file:
            found = marshal.loads(file.read())
    except (OSError, ValueError, EOFError, TypeError):
        return {}  # none yet, or not one this Python reads: compile
    writer = _writer()
    if not isinstance(found, tuple) or len(found) != 2 or writer is None or found[0] != writer:
        return {}  # another build's (its bytecode may differ), or this module's before
    codes = found[1]
    return codes if isinstance(codes, dict) else {}


def _entry(name: str) -> _Entry | None:
    """What is kept of the class ``name``: made in this process, or read."""
    global _kept
    found = _compiled_now.get(name)
    if found is not None:
        return found
    if _kept is None:
        _kept = _read_codes(_codes_path())
    return _kept.get(name)


def _code(entry: _Entry | None) -> CodeType | None:
    return None if entry is None else _loaded(entry[2])


def _loaded(data: Any) -> CodeType | None:
    """Code marshalled as kept; None where it is not (damaged: compiled again)."""
    try:
        code = marshal.loads(data)
    except (ValueError, EOFError, TypeError):
        return None
    return code if isinstance(code, CodeType) else None


_NO_LAYOUT: _Layout = ((), (), (), (), (), ())


def kept_code(name: str, source: str, mode: str = "exec") -> CodeType:
    """``source`` compiled (as ``eval`` or ``exec`` compiles a string), or
    its code as kept under ``name`` while the source is the same: for code
    another part makes at import (a named tuple's ``__new__``)."""
    entry = _entry(name)
    code = _code(entry) if entry is not None and entry[1] == source else None
    if code is None:
        code = compile(source, "<string>", mode)
        _compiled_now[name] = (None, source, marshal.dumps(code), _NO_LAYOUT)
    return code


def save() -> None:
    """Keep what was laid out and compiled in this process beside what the
    file held (a class's new entry replacing its old; the command calls this
    when it is done; a read-only install, or Python told to write no
    bytecode, lays each class out each time)."""
    path = _codes_path()
    writer = _writer()
    if not _compiled_now or path is None or writer is None or sys.dont_write_bytecode:
        return
    codes = {**_read_codes(path), **_compiled_now}
    _compiled_now.clear()
    try:
        content = marshal.dumps((writer, codes))
    except ValueError:  # an annotation that is not text: kept without its layout
        codes = {name: _plain(entry) for name, entry in codes.items()}
        content = marshal.dumps((writer, codes))
    temporary = f"{path}.{os.getpid()}.tmp"
    try:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(temporary, "wb") as file:
            file.write(content)
        os.replace(temporary, path)  # whole or not at all, for a reader beside
    except BaseException as exc:  # a full disk, or a Ctrl-C meanwhile: no file left behind
        with contextlib.suppress(OSError):
            os.remove(temporary)
        if not isinstance(exc, OSError):
            raise


def _plain(entry: _Entry) -> _Entry:
    """``entry`` if it marshals, else its source and code alone (no
    fingerprint: the class is laid out each time, its code taken again)."""
    try:
        marshal.dumps(entry)
    except ValueError:
        return (None, entry[1], entry[2], _NO_LAYOUT)
    return entry


# --- the class decorators ---------------------------------------------------


def define(
    maybe_cls: _C | None = None,
    *,
    frozen: bool = False,
    slots: bool = True,
    kw_only: bool = False,
    cache_hash: bool = False,
) -> Any:
    """attrs' ``define`` (and, with ``frozen``, ``frozen``): the class built."""

    def wrap(cls: _C) -> _C:
        return _build(cls, frozen=frozen, slots=slots, kw_only=kw_only, cache_hash=cache_hash)

    return wrap if maybe_cls is None else wrap(maybe_cls)


def frozen(
    maybe_cls: _C | None = None,
    *,
    slots: bool = True,
    kw_only: bool = False,
    cache_hash: bool = False,
) -> Any:
    """attrs' ``frozen``."""
    return define(maybe_cls, frozen=True, slots=slots, kw_only=kw_only, cache_hash=cache_hash)


class _Spec(tuple):  # type: ignore[type-arg]
    """How a class was declared: enough to build attrs' view of it (a
    tuple: made without a call into Python)."""

    __slots__ = ()

    @property
    def options(self) -> dict[str, bool]:
        """The decorator's options."""
        return self[0]  # type: ignore[no-any-return]

    @property
    def annotations(self) -> dict[str, Any]:
        """The class body's annotations."""
        return self[1]  # type: ignore[no-any-return]

    @property
    def given(self) -> dict[str, Any]:
        """Each field's definition."""
        return self[2]  # type: ignore[no-any-return]

    @property
    def body(self) -> Mapping[str, Any]:
        """The class body's namespace."""
        return self[3]  # type: ignore[no-any-return]


def _annotations(cls: type) -> dict[str, Any]:
    if sys.version_info >= (3, 14):  # pragma: no cover - as attrs reads them there
        import annotationlib

        return dict(annotationlib.get_annotations(cls, format=annotationlib.Format.FORWARDREF))
    return cls.__dict__.get("__annotations__", {})  # type: ignore[no-any-return] # noqa: RUF063 - as attrs (inspect is slow to import)


def _is_class_var(annotation: Any) -> bool:
    text = annotation if type(annotation) is str else str(annotation)
    if "ClassVar" not in text:
        return False
    if text.startswith(("'", '"')) and text.endswith(("'", '"')):
        text = text[1:-1]
    return text.startswith(_CLASSVAR_PREFIXES)


_OWN_UNSUPPORTED = ("__init__", "__eq__", "__ne__", "__hash__", "__repr__", "__attrs_pre_init__")
_REFUSED = "records (attrs' part pbnscore builds)"


def _found(cls: type, name: str, default: Any) -> Any:
    """``getattr(cls, name, default)`` for a name held in a class's own
    namespace or a base's (an attribute a class lacks costs ``getattr`` an
    exception made and dropped)."""
    for klass in cls.__mro__:
        d = klass.__dict__
        if name in d:
            return d[name]
    return default


def _refuse_unsupported(cls: type, frozen: bool, cache_hash: bool) -> None:
    if not cls.__dict__.keys().isdisjoint(_OWN_UNSUPPORTED):
        name = next(n for n in _OWN_UNSUPPORTED if n in cls.__dict__)
        raise TypeError(f"{_REFUSED}: {cls.__qualname__} writes its own {name}")
    if cache_hash and not frozen:
        raise TypeError(f"{_REFUSED}: cache_hash only on a frozen class")
    if issubclass(cls, BaseException):
        raise TypeError(f"{_REFUSED}: no exception classes")
    for base in cls.__mro__[1:-1]:
        if "__attrs_attrs__" in base.__dict__ and "__records_fields__" not in base.__dict__:
            raise TypeError(f"{_REFUSED}: {cls.__qualname__}'s base is an attrs class")


def _own_definitions(
    cd: Mapping[str, Any], own_names: tuple[str, ...]
) -> tuple[dict[str, Any], tuple[Any, ...], int]:
    """What each field of the class body was given, its shape, and how many
    were given by ``field()``."""
    given: dict[str, Any] = {}
    shapes: list[Any] = []
    defined = 0
    for name in own_names:
        value = cd.get(name, NOTHING)
        if type(value) is _Definition:
            given[name] = value.given
            shapes.append(value.shape)
            defined += 1
        elif value is NOTHING:
            given[name] = {}
            shapes.append(())
        else:
            given[name] = {"default": value}
            shapes.append(
                (_default_shape(value),) if isinstance(value, Factory) else _DEFAULT_SHAPE
            )
    return given, tuple(shapes), defined


def _base_fields(
    bases: tuple[type, ...], own: list[Attribute]
) -> tuple[list[Attribute], dict[str, type]]:
    """The fields of ``bases`` (a class's MRO between it and ``object``), as
    attrs collects them (along the MRO, the freshest definition of a name
    kept), and the base each came from."""
    taken = {a.name for a in own}
    collected: list[Attribute] = []
    origin: dict[str, type] = {}
    for base in reversed(bases):
        later = base.__dict__.get("__records_fields__")
        for a in () if later is None else later.fields():
            if a.inherited or a.name in taken:
                continue
            collected.append(a.evolved(inherited=True))
            origin[a.name] = base
    inherited: list[Attribute] = []
    seen: set[str] = set()
    for a in reversed(collected):
        if a.name not in seen:
            inherited.insert(0, a)
            seen.add(a.name)
    return inherited, origin


class _Later:
    """A class's fields (``Attribute``s), made when first asked for: by
    ``fields()``, a subclass, or a validator's message. A command's classes
    are laid out from what is kept (:func:`_build`), and few are asked for."""

    __slots__ = ("annotations", "bases", "given", "kw_only", "made")

    def __init__(
        self,
        annotations: Mapping[str, Any],
        given: Mapping[str, Any],
        kw_only: bool,
        bases: tuple[type, ...],
        made: _Fields | None = None,
    ) -> None:
        self.annotations = annotations
        self.given = given
        self.kw_only = kw_only
        self.bases = bases
        self.made = made

    def fields(self) -> _Fields:
        made = self.made
        if made is None:
            own = [
                _attribute(name, given, self.annotations[name], self.kw_only)
                for name, given in self.given.items()
            ]
            inherited, _ = _base_fields(self.bases, own)
            made = self.made = _Fields(inherited + own)
        return made

    def field(self, name: str) -> Attribute:
        found: Attribute = getattr(self.fields(), name)
        return found


_BOOL = {bool}


def _fingerprint(
    cls: type,
    annotations: Mapping[str, Any],
    options: Mapping[str, bool],
    shapes: tuple[Any, ...],
) -> Any:
    """What a class's methods' code and layout are written from: the
    decorator's options, the annotations, each field's definition's shape,
    its record bases' fingerprints and whether it has
    ``__attrs_post_init__``. Equal fingerprints, equal code (the module and
    qualified name being the kept entry's). None where one part has none."""
    switches = tuple(options.values())
    if None in shapes or set(map(type, switches)) != _BOOL:
        return None
    bases = []
    for base in cls.__mro__[1:-1]:
        d = base.__dict__
        if "__records_spec__" in d:
            key = d["__records_key__"]
            if key is None:
                return None
            bases.append((key, "__slots__" in d))
    return (
        switches,
        tuple(annotations.items()),
        shapes,
        tuple(bases),
        bool(_found(cls, "__attrs_post_init__", False)),
    )


def _build(cls: _C, *, frozen: bool, slots: bool, kw_only: bool, cache_hash: bool) -> _C:
    _refuse_unsupported(cls, frozen, cache_hash)
    annotations = _annotations(cls)
    options = {"frozen": frozen, "slots": slots, "kw_only": kw_only, "cache_hash": cache_hash}
    name = f"{cls.__module__}.{cls.__qualname__}"
    entry = _entry(name)
    laid = None if entry is None else _as_kept(cls, entry, annotations, options)
    if laid is None:
        laid = _lay_out(cls, annotations, options, name, entry)
    fingerprint, code, compared, layout, given, later = laid
    made = _methods(cls, code, compared, layout, given, later, options)
    made["__records_key__"] = fingerprint
    # The class body's namespace: a slotted class's first class is left as
    # written (its successor is a new class); a dict class is changed.
    body = cls.__dict__ if slots else dict(cls.__dict__)
    made["__records_spec__"] = _Spec((options, dict(annotations), given, body))
    made.update(_VIEWS)
    own_names, names = layout[0], layout[1]
    base_names = set(names).difference(own_names) if len(names) != len(own_names) else set()
    if slots:
        built = _slotted(cls, made, names, base_names, frozen, cache_hash)
    else:
        built = _patched(cls, made, names, base_names)
    return built


# A class laid out: its fingerprint, its __init__'s code, the source and
# code of its comparison (__eq__ and __hash__, made when first called), its
# layout, what each own field was given, its fields.
_Laid = tuple[Any, CodeType, tuple[str, bytes], _Layout, dict[str, Any], _Later]


def _as_kept(
    cls: type, entry: _Entry, annotations: dict[str, Any], options: dict[str, bool]
) -> _Laid | None:
    """The class laid out as kept, where its definition is the one the kept
    entry was written for (its fingerprint the same); else None."""
    fingerprint, _, _, layout = entry
    if fingerprint is None:
        return None
    cd = cls.__dict__
    given, shapes, defined = _own_definitions(cd, layout[0])
    if fingerprint != _fingerprint(cls, annotations, options, shapes):
        return None
    if list(map(type, cd.values())).count(_Definition) != defined:
        return None  # a field() without an annotation: refused as built anew
    code = _loaded(entry[2][0])
    if code is None:
        return None
    later = _Later(annotations, given, options["kw_only"], cls.__mro__[1:-1])
    return fingerprint, code, (entry[1][1], entry[2][1]), layout, given, later


def _filename(name: str) -> str:
    return f"<records generated methods {name}>"


def _given_along(cls: type, own: dict[str, Any]) -> dict[str, Any]:
    """What each field of ``cls`` was given, its bases' too (along the MRO,
    the freshest definition of a name kept, as :func:`_base_fields`)."""
    bases = cls.__mro__[1:-1]
    if not bases:
        return own
    given: dict[str, Any] = {}
    for base in reversed(bases):
        spec = base.__dict__.get("__records_spec__")
        if spec is not None:
            given.update(spec.given)
    given.update(own)
    return given


def _methods(
    cls: type,
    code: CodeType,
    compared: tuple[str, bytes],
    layout: _Layout,
    given: dict[str, Any],
    later: _Later,
    options: dict[str, bool],
) -> dict[str, Any]:
    """What the class is given: its methods (their code run with each
    field's definition at hand; the comparison's when first called) and
    the fields for this module's functions."""
    frozen, cache_hash = options["frozen"], options["cache_hash"]
    _, names, _, match_args, init, init_annotations = layout
    globs: dict[str, Any] = {
        "NOTHING": NOTHING,
        "_cached_setattr_get": _OBJ_SETATTR.__get__,
        "_CacheHashWrapper": _CacheHashWrapper,
        "_given": _given_along(cls, given),
        "_field": later.field,
        "__name__": cls.__module__,  # the functions' __module__
    }
    exec(code, globs)
    made: dict[str, Any] = {"__init__": globs["__init__"]}
    made["__repr__"] = _repr_of(later, cls.__qualname__)
    made["__init__"].__annotations__ = {"return": None, **dict(init_annotations)}
    made["__ne__"] = _ne
    made.update(_compared_later(globs, compared, frozen))
    if frozen:
        made["__setattr__"] = _frozen_setattrs
        made["__delattr__"] = _frozen_delattrs
    else:
        made["__hash__"] = None
    cd = cls.__dict__
    if options["slots"] and "__getstate__" not in cd and "__setstate__" not in cd:
        made["__getstate__"], made["__setstate__"] = _getstate, _setstate
        made["__records_state__"] = (
            names if "__weakref__" not in names else tuple(n for n in names if n != "__weakref__")
        )
        made["__records_kept_hash__"] = cache_hash
    if _REPLACE and "__replace__" not in cd:
        made["__replace__"] = evolve
    if "__match_args__" not in cd:
        made["__match_args__"] = match_args
    made["__records_fields__"] = later
    made["__records_init__"] = init
    return made


def _compared_later(
    globs: dict[str, Any], compared: tuple[str, bytes], frozen: bool
) -> dict[str, Any]:
    """``__eq__`` (and a frozen class's ``__hash__``) that, first called,
    make the class's own from its kept code and stand aside for them (one
    pair for every class): a command compares or hashes few of its
    classes' instances."""
    written: dict[str, Any] = {"__eq__": _eq_later, "__records_compared__": (globs, compared)}
    if frozen:
        written["__hash__"] = _hash_later
    return written


def _compare_made(owner: type) -> None:
    globs, compared = owner.__dict__["__records_compared__"]
    name = f"{owner.__module__}.{owner.__qualname__}"
    code = _loaded(compared[1]) or compile(compared[0], _filename(name), "exec")
    globs["_type_hash"] = hash(f"<attrs generated hash {name}>")
    exec(code, globs)
    type.__setattr__(owner, "__eq__", globs["__eq__"])
    if owner.__dict__.get("__hash__") is _hash_later:
        type.__setattr__(owner, "__hash__", globs["__hash__"])


def _eq_later(self: Any, other: Any) -> Any:
    """A record's ``__eq__`` until its own is made."""
    owner: Any = _defining(type(self), "__eq__", _eq_later)
    _compare_made(owner)
    return owner.__eq__(self, other)


def _hash_later(self: Any) -> int:
    """A frozen record's ``__hash__`` until its own is made."""
    _compare_made(_defining(type(self), "__hash__", _hash_later))
    return hash(self)


def _defining(klass: type, name: str, value: object) -> type:
    """The class along ``klass``'s MRO that holds ``value`` as ``name``."""
    return next(k for k in klass.__mro__ if k.__dict__.get(name) is value)


def _repr_of(later: _Later, qualname: str) -> Callable[[Any], str]:
    """``__repr__`` as attrs writes it for a class, from its fields when
    called (``...`` for an instance inside itself): one function for every
    class, its code kept with this module's."""

    def __repr__(self: Any) -> str:
        try:
            already_repring = _repr_context.already_repring
        except AttributeError:
            already_repring = {id(self)}
            _repr_context.already_repring = already_repring
        else:
            if id(self) in already_repring:
                return "..."
            already_repring.add(id(self))
        try:
            name = self.__class__.__qualname__.rsplit(">.", 1)[-1]
            shown = []
            for a in later.fields():
                if a.repr is False:
                    continue
                value = getattr(self, a.name) if a.init else getattr(self, a.name, NOTHING)
                shown.append(
                    f"{a.name}={value!r}" if a.repr is True else f"{a.name}={a.repr(value)}"
                )
            return f"{name}({', '.join(shown)})"
        finally:
            already_repring.remove(id(self))

    __repr__.__qualname__ = f"{qualname}.__repr__"
    __repr__.__doc__ = f"Method generated by attrs for class {qualname}."
    return __repr__


class _CacheHashWrapper(int):
    """A kept hash, pickled as None (so an unpickled instance computes its
    own: a string's hash differs between processes)."""

    def __reduce__(self) -> tuple[type[None], tuple[()]]:
        return type(None), ()


_repr_context = _thread._local()


def _ne(self: Any, other: Any) -> Any:
    """Check equality and either forward a NotImplemented or
    return the result negated."""
    result = self.__eq__(other)
    if result is NotImplemented:
        return NotImplemented
    return not result


def _frozen_error() -> AttributeError:
    # attrs' own exception, so ``except attrs.exceptions.FrozenInstanceError``
    # holds; attrs is imported only on this path (a bug's, or a test's).
    from attrs.exceptions import FrozenInstanceError

    return FrozenInstanceError()


def _frozen_setattrs(self: object, name: str, value: object) -> None:
    raise _frozen_error()


def _frozen_delattrs(self: object, name: str) -> None:
    raise _frozen_error()


def _getstate(self: Any) -> dict[str, Any]:
    """Automatically created by attrs."""
    d = type(self).__dict__  # the record's own class, mostly: no MRO walked
    if d.get("__getstate__") is not _getstate:
        d = _defining(type(self), "__getstate__", _getstate).__dict__
    return {name: getattr(self, name) for name in d["__records_state__"]}


def _setstate(self: Any, state: Any) -> None:
    """Automatically created by attrs."""
    d = type(self).__dict__
    if d.get("__setstate__") is not _setstate:
        d = _defining(type(self), "__setstate__", _setstate).__dict__
    state_names, cache_hash = d["__records_state__"], d["__records_kept_hash__"]
    bound_setattr = _OBJ_SETATTR.__get__(self)
    if isinstance(state, tuple):
        for name, value in zip(state_names, state, strict=False):  # as attrs
            bound_setattr(name, value)
    else:
        for name in state_names:
            if name in state:
                bound_setattr(name, state[name])
    if cache_hash:
        bound_setattr(_HASH_CACHE_FIELD, None)


def _cached_getattr(
    cached: dict[str, Callable[[Any], Any]], original: Callable[[Any, str], Any] | None
) -> Callable[[Any, str], Any]:
    def __getattr__(self: Any, item: str) -> Any:
        func = cached.get(item)
        if func is not None:
            result = func(self)
            _OBJ_SETATTR(self, item, result)
            return result
        if original is not None:
            return original(self, item)
        raise AttributeError(f"'{self.__class__.__name__}' object has no attribute '{item}'")

    return __getattr__


def _slotted(
    cls: _C,
    made: dict[str, Any],
    names: tuple[str, ...],
    base_names: set[str],
    frozen: bool,
    cache_hash: bool,
) -> _C:
    """A new class with ``__slots__``, as attrs makes one (Python lays a
    class's slots out when it is made)."""
    left = {*names, "__dict__", "__weakref__"}
    cd = {k: v for k, v in cls.__dict__.items() if k not in left}
    cd.update(made)
    if not frozen:
        cd["__attrs_own_setattr__"] = False
        for base in cls.__bases__:
            if base.__dict__.get("__attrs_own_setattr__", False):
                cd["__setattr__"] = _OBJ_SETATTR
                break
    existing: dict[str, Any] = {}
    weakref_inherited = False
    for base in cls.__mro__[1:-1]:
        if base.__dict__.get("__weakref__", None) is not None:
            weakref_inherited = True
        existing.update({name: getattr(base, name) for name in getattr(base, "__slots__", [])})
    slot_names = names
    if (
        "__weakref__" not in _found(cls, "__slots__", ())
        and "__weakref__" not in names
        and not weakref_inherited
    ):
        slot_names += ("__weakref__",)
    # What the class body holds, by kind: most bodies hold no cached
    # property, and only functions, class and static methods and
    # properties hold closures.
    kinds = set(map(type, cls.__dict__.values()))
    cached = (
        {n: v.func for n, v in cd.items() if isinstance(v, cached_property)}
        if not kinds <= _PLAIN_KINDS
        and any(map(issubclass, kinds, itertools.repeat(cached_property)))
        else {}
    )
    functions: list[Any] = []
    if cached:
        annotations = _annotations(cls)
        for name, func in cached.items():
            slot_names += (name,)
            del cd[name]
            functions.append(func)
            returned = func.__annotations__.get("return", NOTHING)
            if returned is not NOTHING:
                annotations[name] = returned
        original = cd.get("__getattr__")
        if original is not None:
            functions.append(original)
        getattr_ = _cached_getattr(cached, original)
        getattr_.__module__ = cls.__module__
        getattr_.__qualname__ = f"{cls.__qualname__}.__getattr__"
        cd["__getattr__"] = getattr_
    own_slots = [n for n in slot_names if n not in base_names] if base_names else list(slot_names)
    if existing:
        reused = {slot: descriptor for slot, descriptor in existing.items() if slot in own_slots}
        own_slots = [n for n in own_slots if n not in reused]
        cd.update(reused)
    if cache_hash:
        own_slots.append(_HASH_CACHE_FIELD)
    cd["__slots__"] = tuple(own_slots)
    cd["__qualname__"] = cls.__qualname__
    built: _C = type(cls)(cls.__name__, cls.__bases__, cd)
    _move_closures(cls, built, kinds, functions)
    return built


def _move_closures(cls: type, built: type, kinds: set[type], functions: list[Any]) -> None:
    """A method naming __class__ (or calling super()) holds the class it
    was written in: the new one ``built`` now."""
    if kinds <= _PLAIN_KINDS:  # no kind of value that may hold a closure
        held = [item for item in cls.__dict__.values() if type(item) in _CLOSING]
    else:
        held = list(cls.__dict__.values())
    for item in itertools.chain(held, functions):
        if type(item) is FunctionType:
            cells = item.__closure__
        elif isinstance(item, (classmethod, staticmethod)):
            cells = getattr(item.__func__, "__closure__", None)
        elif isinstance(item, property):
            cells = getattr(item.fget, "__closure__", None)
        else:
            continue  # only a function holds a closure
        for cell in cells or ():
            try:
                match = cell.cell_contents is cls
            except ValueError:  # an empty cell
                continue
            if match:
                cell.cell_contents = built


# The kinds of value a class body holds most, none of them a subclass of
# cached_property or of what holds a closure but those themselves.
_CLOSING = frozenset((FunctionType, classmethod, staticmethod, property))
_PLAIN_KINDS = (
    _CLOSING
    | frozenset((str, dict, tuple, frozenset, int, type(None), bool, _Definition, type(NOTHING)))
    | frozenset((GetSetDescriptorType, MemberDescriptorType))
)


def _patched(cls: _C, made: dict[str, Any], names: tuple[str, ...], base_names: set[str]) -> _C:
    """The class itself with the methods (attrs' ``slots=False``)."""
    for name in names:
        if name not in base_names and name in cls.__dict__:
            delattr(cls, name)
    wrote_setattr = "__setattr__" in made
    for name, value in made.items():
        setattr(cls, name, value)
    if not wrote_setattr and getattr(cls, "__attrs_own_setattr__", False):
        cls.__attrs_own_setattr__ = False  # type: ignore[attr-defined]
        cls.__setattr__ = _OBJ_SETATTR  # type: ignore[method-assign,assignment]
    return cls


def _lay_out(
    cls: type,
    annotations: dict[str, Any],
    options: dict[str, bool],
    name: str,
    entry: _Entry | None,
) -> _Laid:
    """The class's fields read from its definition, its methods written and
    compiled (or their code taken from ``entry`` where the source is the
    same), and what is kept of it for the next process."""
    kw_only = options["kw_only"]
    own, given, shapes = _own_fields(cls, annotations, kw_only)
    bases = cls.__mro__[1:-1]
    inherited, origin = _base_fields(bases, own)
    fields_ = _Fields(inherited + own)
    _check_order(fields_)
    fingerprint = _fingerprint(cls, annotations, options, shapes)
    source = _methods_source(cls, fields_, options, origin, _given_along(cls, given))
    kept: tuple[Any, Any] = entry[2] if entry is not None and entry[1] == source else (None, None)
    code = _loaded(kept[0])
    if code is None:
        code = compile(source[0], _filename(name), "exec")
    compared: bytes = kept[1] if _loaded(kept[1]) is not None else b""
    if not compared:
        compared = marshal.dumps(compile(source[1], _filename(name), "exec"))
    written = ("__init__", "__eq__", "__hash__") if options["frozen"] else _WRITTEN
    layout: _Layout = (
        tuple(a.name for a in own),
        tuple(a.name for a in fields_),
        written,
        tuple(a.name for a in fields_ if a.init and not a.kw_only),
        tuple((a.alias, a.name) for a in fields_ if a.init),
        tuple(
            (a.alias, a.type)
            for a in fields_
            if a.init and a.type is not None and a.converter is None
        ),
    )
    _compiled_now[name] = (fingerprint, source, (marshal.dumps(code), compared), layout)
    later = _Later(annotations, given, kw_only, bases, fields_)
    return fingerprint, code, (source[1], compared), layout, given, later


def _own_fields(
    cls: type, annotations: dict[str, Any], kw_only: bool
) -> tuple[list[Attribute], dict[str, Any], tuple[Any, ...]]:
    """The fields the class body declares (its annotations, as attrs'
    ``auto_attribs``), what each was given, and their shapes."""
    cd = cls.__dict__
    own_names = tuple(n for n, a in annotations.items() if not _is_class_var(a))
    given, shapes, _ = _own_definitions(cd, own_names)
    stray = [n for n, v in cd.items() if type(v) is _Definition and n not in given]
    if stray:
        raise TypeError(f"The following `attr.ib`s lack a type annotation: {', '.join(stray)}.")
    own = [_attribute(name, given[name], annotations[name], kw_only) for name in own_names]
    return own, given, shapes


def _check_order(fields_: tuple[Attribute, ...]) -> None:
    had_default = False
    for a in fields_:
        if a.init is not False and a.kw_only is False:
            if had_default and a.default is NOTHING:
                raise ValueError(
                    "No mandatory attributes allowed after an attribute with a default "
                    f"value or factory.  Attribute in question: {a!r}"
                )
            had_default = had_default or a.default is not NOTHING


_WRITTEN = ("__init__", "__eq__")


def _methods_source(
    cls: type,
    fields_: tuple[Attribute, ...],
    options: dict[str, bool],
    origin: dict[str, type],
    given: Mapping[str, Any],
) -> tuple[str, str]:
    """The class's methods written out: its ``__init__``, and its comparison
    (``__eq__``, and ``__hash__`` where frozen)."""
    frozen, cache_hash = options["frozen"], options["cache_hash"]
    has_post_init = bool(_found(cls, "__attrs_post_init__", False))
    need: dict[str, str] = {}
    init = _init_source(fields_, options, has_post_init, origin, given, need)
    init_source = _module_source(cls, init, need, ("__init__",))
    need = {}
    compare = _eq_source(fields_, need)
    if frozen:
        compare += _hash_source(fields_, cache_hash, need)
    compared = ("__eq__", "__hash__") if frozen else ("__eq__",)
    return init_source, _module_source(cls, compare, need, compared)


def _module_source(
    cls: type, lines: list[str], need: dict[str, str], written: tuple[str, ...]
) -> str:
    """Methods' source as run: the lines that take what they call from
    ``_given``, the methods, their names and docstrings."""
    qualname = cls.__qualname__
    doc = f"Method generated by attrs for class {qualname}."
    lines = lines + [
        f"{m}.__qualname__, {m}.__doc__ = {f'{qualname}.{m}'!r}, {doc!r}" for m in written
    ]
    taken = [f"{name} = {expression}" for name, expression in need.items()]
    return "\n".join(taken + lines) + "\n"


def _init_source(
    fields_: tuple[Attribute, ...],
    options: dict[str, bool],
    has_post_init: bool,
    origin: dict[str, type],
    given: Mapping[str, Any],
    need: dict[str, str],
) -> list[str]:
    """``__init__`` as attrs writes it: the fields set in order (converted,
    defaults and factories where not given), then validated, then
    ``__attrs_post_init__``."""
    frozen, slots, cache_hash = options["frozen"], options["slots"], options["cache_hash"]
    body: list[str] = []
    if frozen or cache_hash:
        body.append("_setattr = _cached_setattr_get(self)")
    if frozen and not slots:
        body.append("_inst_dict = self.__dict__")

    def setter(name: str, value: str) -> str:
        if not frozen:
            return f"self.{name} = {value}"
        if slots or (name in origin and "__slots__" in origin[name].__dict__):
            return f"_setattr('{name}', {value})"
        return f"_inst_dict['{name}'] = {value}"

    args: list[str] = []
    kw_args: list[str] = []
    for a in fields_:
        if not a.init and a.default is NOTHING:
            continue
        name = a.name
        value = a.alias
        if a.converter is not None:
            need[f"__attr_converter_{name}"] = f"_given[{name!r}]['converter']"
        factory = a.default if isinstance(a.default, Factory) else None
        if factory is not None:
            held = "['factory']" if "factory" in given[name] else "['default'].factory"
            need[f"__attr_factory_{name}"] = f"_given[{name!r}]{held}"
            made = f"__attr_factory_{name}({'self' if factory.takes_self else ''})"
        elif a.default is not NOTHING:
            need[f"__attr_default_{name}"] = f"_given[{name!r}]['default']"
            made = f"__attr_default_{name}"
        if a.init:
            if factory is not None:
                arg = f"{value}=NOTHING"
            elif a.default is not NOTHING:
                arg = f"{value}={made}"
            else:
                arg = value
            (kw_args if a.kw_only else args).append(arg)
        else:
            value = made
        if a.converter is not None:
            value = f"__attr_converter_{name}({value})"
        if a.init and factory is not None:
            made = made if a.converter is None else f"__attr_converter_{name}({made})"
            body += [
                f"if {a.alias} is not NOTHING:",
                f"    {setter(name, value)}",
                "else:",
                f"    {setter(name, made)}",
            ]
        else:
            body.append(setter(name, value))
    for a in fields_:
        if a.validator is not None and (a.init or a.default is not NOTHING):
            need[f"__attr_validator_{a.name}"] = f"_given[{a.name!r}]['validator']"
            need[f"__attr_{a.name}"] = f"_field({a.name!r})"
            body.append(f"__attr_validator_{a.name}(self, __attr_{a.name}, self.{a.name})")
    if has_post_init:
        body.append("self.__attrs_post_init__()")
    if cache_hash:
        body.append(f"_setattr('{_HASH_CACHE_FIELD}', None)")
    signature = ", ".join(["self", *args, *(["*", *kw_args] if kw_args else [])])
    return [f"def __init__({signature}):", *(f"    {line}" for line in body or ["pass"])]


def _keyed(a: Attribute, owner: str, need: dict[str, str]) -> str:
    """A field's value as compared and hashed (through its ``eq`` key)."""
    if a.eq_key is None:
        return f"{owner}.{a.name}"
    need[f"_{a.name}_key"] = f"_given[{a.name!r}]['eq']"
    return f"_{a.name}_key({owner}.{a.name})"


def _eq_source(fields_: tuple[Attribute, ...], need: dict[str, str]) -> list[str]:
    """``__eq__`` as attrs writes it: the same class only, field by field."""
    lines = [
        "def __eq__(self, other):",
        "    if other.__class__ is not self.__class__:",
        "        return NotImplemented",
    ]
    terms = [f"{_keyed(a, 'self', need)} == {_keyed(a, 'other', need)}" for a in fields_ if a.eq]
    if not terms:
        return [*lines, "    return True"]
    return [*lines, "    return  (", " and\n".join(f"        {t}" for t in terms), "    )"]


def _hash_source(
    fields_: tuple[Attribute, ...], cache_hash: bool, need: dict[str, str]
) -> list[str]:
    """A frozen class's ``__hash__`` as attrs writes it (a mutable one has
    none)."""
    parts = ["_type_hash"]
    parts += [
        _keyed(a, "self", need)
        for a in fields_
        if a.hash is True or (a.hash is None and a.eq is True)
    ]
    computed = "hash((" + ", ".join(parts) + ",))"
    if not cache_hash:
        return ["def __hash__(self):", f"    return {computed}"]
    return [
        "def __hash__(self):",
        f"    if self.{_HASH_CACHE_FIELD} is None:",
        f"        object.__setattr__(self, '{_HASH_CACHE_FIELD}', _CacheHashWrapper({computed}))",
        f"    return self.{_HASH_CACHE_FIELD}",
    ]


# --- attrs' view, made when asked for ---------------------------------------


class _AttrsView:
    """``__attrs_attrs__`` (or ``__attrs_props__``) of every record class:
    attrs' own, made when first read by building the class's definition
    with attrs, then the class's own."""

    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name

    def __get__(self, instance: object, owner: type | None = None) -> Any:
        found = type(instance) if owner is None else owner
        cls = next(k for k in found.__mro__ if k.__dict__.get(self.name) is self)
        shadow = _shadow(cls)
        for name in _VIEWED:
            if name in shadow.__dict__:
                type.__setattr__(cls, name, shadow.__dict__[name])
            else:  # an attrs before 25.4 has no __attrs_props__
                type.__delattr__(cls, name)
        return getattr(cls, self.name)


_VIEWED = ("__attrs_attrs__", "__attrs_props__")
_VIEWS = {name: _AttrsView(name) for name in _VIEWED}
_shadows: dict[type, type] = {}


def _shadow(cls: type) -> type:
    """The class attrs builds from ``cls``'s fields' definitions (its
    bases' too): what its ``__attrs_attrs__`` is read from."""
    found = _shadows.get(cls)
    if found is None:
        found = _shadows[cls] = attrs_class(cls, whole=False)
    return found


def attrs_class(cls: type, *, whole: bool = True) -> type:
    """The class attrs builds from ``cls``'s definition: the class body's
    methods too where ``whole`` (the reference tests/test_records.py holds
    each class to), else the fields only."""
    import attrs

    real: Any = attrs  # its overloads want literals; these are a kept definition's
    spec: _Spec = cls.__dict__["__records_spec__"]
    bases = tuple(
        (attrs_class(b, whole=whole) if whole else _shadow(b))
        if "__records_spec__" in b.__dict__
        else b
        for b in cls.__bases__
    )
    namespace: dict[str, Any] = {"__module__": cls.__module__, "__qualname__": cls.__qualname__}
    if spec.annotations or "__annotations__" in spec.body:
        namespace["__annotations__"] = dict(spec.annotations)
    if whole:
        namespace.update(
            (k, v)
            for k, v in spec.body.items()
            if k not in ("__dict__", "__weakref__", "__annotations__")
        )
    for name, given in spec.given.items():
        namespace[name] = attrs_field(_Definition(given))
    decorate = real.frozen if spec.options["frozen"] else real.define
    options = {k: v for k, v in spec.options.items() if k != "frozen"}
    made: type = decorate(**options)(type(cls.__name__, bases, namespace))
    return made


# --- the functions ----------------------------------------------------------


def _record_fields(cls: type) -> tuple[Attribute, ...] | None:
    """A class's fields: its own (or its base's, for a plain subclass), or
    a class attrs built's, as this module's attributes."""
    for klass in cls.__mro__:
        d = klass.__dict__
        if "__records_fields__" in d:
            later: _Later = d["__records_fields__"]
            return later.fields()
        if "__attrs_attrs__" in d:
            found = getattr(klass, "__attrs_attrs__", None)
            return None if found is None else _from_attrs(found)
    return None


def _owner(cls: type) -> type:
    """The first class in ``cls``'s MRO that a decorator built."""
    for klass in cls.__mro__:
        if "__records_fields__" in klass.__dict__ or "__attrs_attrs__" in klass.__dict__:
            return klass
    return object


def _from_attrs(found: Any) -> tuple[Attribute, ...]:
    """A class attrs built (a plug-in's options): its fields as this
    module's (``NOTHING`` and ``Factory`` this module's)."""
    import attrs as real

    converted = []
    for a in found:
        b = Attribute.__new__(Attribute)
        for name in Attribute.__slots__:
            setattr(b, name, getattr(a, name, None))
        if a.default is real.NOTHING:
            b.default = NOTHING
        elif isinstance(a.default, real.Factory):  # type: ignore[arg-type]
            b.default = Factory(a.default.factory, takes_self=a.default.takes_self)
        converted.append(b)
    return _Fields(converted)


def _not_a_record(cls: Any) -> Exception:
    from attrs.exceptions import NotAnAttrsClassError

    return NotAnAttrsClassError(f"{cls!r} is not an attrs-decorated class.")


def fields(cls: type) -> Any:
    """attrs' ``fields``: a class's fields, in order."""
    if not isinstance(cls, type):
        found = _record_fields(type(cls))
        if found is None:
            raise TypeError("Passed object must be a class or attrs instance.")
        return found
    found = _record_fields(cls)
    if found is None:
        raise _not_a_record(cls)
    return found


def fields_dict(cls: type) -> dict[str, Any]:
    """attrs' ``fields_dict``: a class's fields by name."""
    if not isinstance(cls, type):
        raise TypeError("Passed object must be a class.")
    found = _record_fields(cls)
    if found is None:
        raise _not_a_record(cls)
    return {a.name: a for a in found}


def has(cls: type) -> bool:
    """attrs' ``has``: whether ``cls`` is a record (or a class attrs built)."""
    return getattr(cls, "__records_fields__", None) is not None or (
        getattr(cls, "__attrs_attrs__", None) is not None
    )


def evolve(*args: Any, **changes: Any) -> Any:
    """attrs' ``evolve``: a copy of an instance with ``changes``."""
    try:
        (inst,) = args
    except ValueError:
        msg = f"evolve() takes 1 positional argument, but {len(args)} were given"
        raise TypeError(msg) from None
    cls = inst.__class__
    init = cls.__dict__.get("__records_init__")
    if init is None:  # a plain subclass's, or a class attrs built
        found = _record_fields(cls)
        if found is None or "__records_fields__" not in _owner(cls).__dict__:
            import attrs as real

            return real.evolve(inst, **changes)
        init = tuple((a.alias, a.name) for a in found if a.init)
    for alias, name in init:
        if alias not in changes:
            changes[alias] = getattr(inst, name)
    return cls(**changes)


def asdict(inst: Any) -> dict[str, Any]:
    """attrs' ``asdict`` (by attrs: only the watcher's state and settings
    are written so, off the scoring commands' path)."""
    import attrs as real

    return real.asdict(inst)
