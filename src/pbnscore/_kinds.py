"""The standard library's kinds of class that pbnscore's modules declare at
import — typing's ``NamedTuple`` and ``TypedDict``, enum's ``Enum`` — made
as the library makes them, for less.

To a type checker each is the library's own (``if TYPE_CHECKING``); at run
time a metaclass takes the class body and makes the same class without the
work that costs at every start (docs/internals/speed.md, "The start-up"):
typing compiles a ``ForwardRef`` for each annotation, ``collections``
compiles a namedtuple's ``__new__`` from source, ``EnumType`` checks each
name of a body as it is written. tests/test_records.py holds each class of
pbnscore, and random ones, to the class the library makes from the same
body.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

# --- NamedTuple -----------------------------------------------------------


if TYPE_CHECKING:
    from typing import NamedTuple as NamedTuple
else:
    # typing's NamedTuple, without a ForwardRef compiled for each field: the
    # annotations (strings, under ``from __future__ import annotations``)
    # are kept as written. typing compiled each, some 0.35 M instructions a
    # field, 35 fields on ``score``'s path (docs/internals/speed.md).
    _PROHIBITED = frozenset(
        {"__new__", "__init__", "__slots__", "__getnewargs__", "_fields", "_field_defaults",
         "_make", "_replace", "_asdict", "_source"}
    )  # fmt: skip
    _SPECIAL = frozenset({"__module__", "__name__", "__annotations__"})

    class _NamedTupleMeta(type):
        def __new__(mcls, typename, bases, ns):
            if ns.get("_records_root"):
                return super().__new__(mcls, typename, bases, ns)
            if bases != (NamedTuple,):
                raise TypeError("can only inherit from a NamedTuple type")
            types = ns.get("__annotations__", {})
            default_names = []
            for field_name in types:
                if field_name in ns:
                    default_names.append(field_name)
                elif default_names:
                    raise TypeError(
                        f"Non-default namedtuple field {field_name} cannot follow default "
                        f"field{'s' if len(default_names) > 1 else ''} {', '.join(default_names)}"
                    )
            made = _namedtuple(
                typename, tuple(types), tuple(ns[n] for n in default_names), ns["__module__"]
            )
            made.__annotations__ = made.__new__.__annotations__ = dict(types)
            for key in ns:
                if key in _PROHIBITED:
                    raise AttributeError("Cannot overwrite NamedTuple attribute " + key)
                if key not in _SPECIAL and key not in made._fields:
                    setattr(made, key, ns[key])
            return made

    class NamedTuple(metaclass=_NamedTupleMeta):
        _records_root = True

    def _namedtuple(typename, field_names, defaults, module):
        """``collections.namedtuple(typename, field_names, defaults=defaults,
        module=module)``, the same class, its ``__new__`` compiled once and
        kept (collections compiles it from source each time: some 0.3 M
        instructions a class, 7 on ``score``'s path)."""
        try:
            from _collections import _tuplegetter
        except ImportError:  # a Python without it: what collections uses then
            from operator import itemgetter

            def _tuplegetter(index, doc):
                return property(itemgetter(index), doc=doc)

        from pbnscore._records import kept_code

        for name in field_names:
            if name.startswith("_"):
                raise ValueError(f"Field names cannot start with an underscore: {name!r}")
        typename = sys.intern(str(typename))
        field_names = tuple(map(sys.intern, field_names))
        field_defaults = dict(
            zip(field_names[len(field_names) - len(defaults) :], defaults, strict=True)
        )
        num_fields = len(field_names)
        arg_list = ", ".join(field_names)
        if num_fields == 1:
            arg_list += ","
        repr_fmt = "(" + ", ".join(f"{name}=%r" for name in field_names) + ")"
        namespace = {
            "_tuple_new": tuple.__new__,
            "__builtins__": {},
            "__name__": f"namedtuple_{typename}",
        }
        code = f"lambda _cls, {arg_list}: _tuple_new(_cls, ({arg_list}))"
        __new__ = eval(kept_code(f"{module}.{typename}.__new__", code, "eval"), namespace)
        __new__.__name__ = "__new__"
        __new__.__doc__ = f"Create new instance of {typename}({arg_list})"
        __new__.__defaults__ = defaults
        _make, _replace, __repr__, _asdict, __getnewargs__ = _tuple_methods(
            typename, field_names, repr_fmt
        )
        for method in (__new__, _make.__func__, _replace, __repr__, _asdict, __getnewargs__):
            method.__qualname__ = f"{typename}.{method.__name__}"

        class_namespace = {
            "__doc__": f"{typename}({arg_list})",
            "__slots__": (),
            "_fields": field_names,
            "_field_defaults": field_defaults,
            "__new__": __new__,
            "_make": _make,
            **({"__replace__": _replace} if sys.version_info >= (3, 13) else {}),
            "_replace": _replace,
            "__repr__": __repr__,
            "_asdict": _asdict,
            "__getnewargs__": __getnewargs__,
            "__match_args__": field_names,
        }
        for index, name in enumerate(field_names):
            doc = sys.intern(f"Alias for field number {index}")
            class_namespace[name] = _tuplegetter(index, doc)

        result = type(typename, (tuple,), class_namespace)
        result.__module__ = module
        return result

    def _tuple_methods(typename, field_names, repr_fmt):
        """A named tuple's methods but ``__new__``, as collections writes them."""
        tuple_new = tuple.__new__
        num_fields = len(field_names)
        _dict, _tuple, _len, _map, _zip = dict, tuple, len, map, zip

        @classmethod
        def _make(cls, iterable):
            result = tuple_new(cls, iterable)
            if _len(result) != num_fields:
                raise TypeError(f"Expected {num_fields} arguments, got {len(result)}")
            return result

        _make.__func__.__doc__ = f"Make a new {typename} object from a sequence or iterable"

        def _replace(self, /, **kwds):
            result = self._make(_map(kwds.pop, field_names, self))
            if kwds:
                raise _REPLACE_ERROR(f"Got unexpected field names: {list(kwds)!r}")
            return result

        _replace.__doc__ = (
            f"Return a new {typename} object replacing specified fields with new values"
        )

        def __repr__(self):
            "Return a nicely formatted representation string"
            return self.__class__.__name__ + repr_fmt % self

        def _asdict(self):
            "Return a new dict which maps field names to their values."
            return _dict(_zip(self._fields, self))

        def __getnewargs__(self):
            "Return self as a plain tuple.  Used by copy and pickle."
            return _tuple(self)

        return _make, _replace, __repr__, _asdict, __getnewargs__

    _REPLACE_ERROR = TypeError if sys.version_info >= (3, 13) else ValueError


# --- Enum -----------------------------------------------------------------


if TYPE_CHECKING:
    from enum import Enum as Enum
else:
    # enum's Enum, each class built as the standard library builds its own
    # on its start-up path (``enum._simple_enum``: the same class, made
    # without the class body's checks, which these bodies do not need).
    # A class of five members cost some 0.55 M instructions made by
    # ``EnumType``, 21 on ``score``'s path (docs/internals/speed.md).
    # tests/test_records.py holds each to the class ``enum.Enum`` makes
    # from the same body (``enum._test_simple_enum``).
    import enum as _enum

    class _Body:
        """A class body as ``_simple_enum`` reads a class: its name and
        namespace."""

        __slots__ = ("__dict__", "__name__")

    class _EnumMeta(type):
        def __new__(mcls, name, bases, ns):
            if ns.get("_records_root"):
                return super().__new__(mcls, name, bases, ns)
            if bases != (Enum,):
                raise TypeError("an Enum of pbnscore's derives from Enum alone")
            simple = getattr(_enum, "_simple_enum", None)
            if simple is None:  # pragma: no cover - a Python without it: enum's own way
                written = _enum.EnumType.__prepare__(name, (_enum.Enum,))
                for key, value in ns.items():
                    written[key] = value
                return _enum.EnumType(name, (_enum.Enum,), written)
            body = _Body()
            body.__name__ = name
            body.__dict__ = ns
            made = simple(_enum.Enum)(body)
            # _simple_enum puts each member behind an enum.property, whose
            # __get__ runs in Python at every ``Seat.N``; EnumType puts the
            # member itself in the class where no base has a descriptor of
            # its name (a look-up then costs a tenth). As EnumType does:
            for member_name, member in made._member_map_.items():
                if not any(member_name in vars(base) for base in made.__mro__[1:]):
                    type.__setattr__(made, member_name, member)
            return made

    class Enum(metaclass=_EnumMeta):
        _records_root = True


# --- TypedDict ------------------------------------------------------------


if TYPE_CHECKING:
    from typing import TypedDict as TypedDict
else:
    # typing's TypedDict, the annotations kept as written (no ForwardRef
    # compiled for each, as for NamedTuple above).
    class _TypedDictMeta(type):
        def __new__(mcls, name, bases, ns, total=True):
            if ns.get("_records_root"):
                return super().__new__(mcls, name, bases, ns)
            for base in bases:
                if type(base) is not _TypedDictMeta:
                    raise TypeError(
                        "cannot inherit from both a TypedDict type and a non-TypedDict base class"
                    )
            made = type.__new__(_TypedDictMeta, name, (dict,), ns)
            annotations = {}
            required: set[str] = set()
            optional: set[str] = set()
            for base in bases:
                annotations.update(base.__dict__.get("__annotations__", {}))  # noqa: RUF063 - as typing
                base_required = base.__dict__.get("__required_keys__", set())
                required |= base_required
                optional -= base_required
                base_optional = base.__dict__.get("__optional_keys__", set())
                required -= base_optional
                optional |= base_optional
            own = ns.get("__annotations__", {})
            annotations.update(own)
            for key in own:
                (required if total else optional).add(key)
                (optional if total else required).discard(key)
            made.__annotations__ = annotations
            made.__required_keys__ = frozenset(required)
            made.__optional_keys__ = frozenset(optional)
            if not hasattr(made, "__total__"):
                made.__total__ = total
            return made

        __call__ = dict  # an instance is a dict, as typing's

        def __subclasscheck__(cls, other):
            raise TypeError("TypedDict does not support instance and class checks")

        __instancecheck__ = __subclasscheck__

    class TypedDict(metaclass=_TypedDictMeta):
        _records_root = True
