"""``pbnscore._kinds`` makes typing's NamedTuple and TypedDict and enum's
Enum as the standard library makes them.

The slow obvious reference is the library itself: each such class of
pbnscore is made again by typing or enum from the same body (for an
enumeration, its source), and the two are held equal; property tests do
the same on random bodies.
"""

from __future__ import annotations

import copy
import enum
import functools
import importlib
import inspect
import pickle
import pkgutil
import sys
import textwrap
import types
import typing
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import pbnscore
from pbnscore import _kinds
from test_records import _outcome

# -- NamedTuple -------------------------------------------------------------------


def _tuples() -> list[type]:
    found: dict[type, None] = {}
    for info in pkgutil.walk_packages(pbnscore.__path__, "pbnscore."):
        for value in vars(importlib.import_module(info.name)).values():
            if isinstance(value, type) and issubclass(value, tuple) and hasattr(value, "_fields"):
                annotations = getattr(value, "__annotations__", {})
                if annotations and all(isinstance(a, str) for a in annotations.values()):
                    found[value] = None
    return list(found)


TUPLES = _tuples()


def _typing_tuple(name: str, fields: list[tuple[str, str]], defaults: dict[str, Any]) -> Any:
    def body(namespace: dict[str, Any]) -> None:
        namespace["__annotations__"] = dict(fields)
        namespace["__module__"] = __name__
        namespace.update(defaults)

    return types.new_class(name, (typing.NamedTuple,), exec_body=body)


def _ours_tuple(name: str, fields: list[tuple[str, str]], defaults: dict[str, Any]) -> Any:
    namespace = {"__annotations__": dict(fields), "__module__": __name__, **defaults}
    return type(name, (_kinds.NamedTuple,), namespace)


def _from_source(cls: Any, **library: Any) -> Any:
    """The class made from ``cls``'s source, run in its module with the
    names ``library`` gives (the standard library's own classes)."""
    module = sys.modules[cls.__module__]
    namespace = {**vars(module), **library}
    exec(textwrap.dedent(inspect.getsource(cls)), namespace)
    return namespace[cls.__name__]


def _parameters(function: Any) -> list[tuple[str, Any, Any]]:
    """A signature's parameters, their annotations aside (kept as written
    here, a ForwardRef each in typing's)."""
    found = inspect.signature(function).parameters.values()
    return [(p.name, p.kind, p.default) for p in found]


def _same_tuple_class(ours: Any, theirs: Any) -> None:
    assert ours._fields == theirs._fields
    assert ours._field_defaults == theirs._field_defaults
    assert ours.__annotations__ == {
        k: getattr(v, "__forward_arg__", v) for k, v in theirs.__annotations__.items()
    }
    values = [(i, "v") for i in range(len(ours._fields))]
    a, b = ours(*values), theirs(*values)
    assert repr(a) == repr(b) and a == b and hash(a) == hash(b)
    assert a._asdict() == b._asdict()
    assert a._replace() == b._replace()
    if ours._field_defaults:
        mandatory = len(ours._fields) - len(ours._field_defaults)
        assert ours(*values[:mandatory]) == theirs(*values[:mandatory])
    # The class itself: its namespace, docstrings, signatures and refusals.
    # (typing's bases are resolved from a function's __mro_entries__, which
    # Python notes as __orig_bases__, these derive from a class; pickling
    # notes __slotnames__ on a class it copied an instance of.)
    noted = {"__orig_bases__", "__slotnames__"}
    assert [k for k in ours.__dict__ if k not in noted] == [
        k for k in theirs.__dict__ if k not in noted
    ]
    for name in ("__doc__", "__match_args__", "__slots__", "__module__", "__qualname__"):
        assert getattr(ours, name) == getattr(theirs, name), name
    for name in ("__new__", "_make", "_replace", "__repr__", "_asdict", "__getnewargs__"):
        mine, typings = getattr(ours, name), getattr(theirs, name)
        for part in ("__doc__", "__name__", "__qualname__", "__defaults__"):
            assert getattr(mine, part, None) == getattr(typings, part, None), (name, part)
        assert _parameters(mine) == _parameters(typings), name
    for field in ours._fields:
        assert ours.__dict__[field].__doc__ == theirs.__dict__[field].__doc__
    assert _outcome(lambda: a._replace(unknown=1)) == _outcome(lambda: b._replace(unknown=1))
    assert _outcome(lambda: ours._make([*values, 1])) == _outcome(
        lambda: theirs._make([*values, 1])
    )


@pytest.mark.parametrize("cls", TUPLES, ids=lambda c: f"{c.__module__}.{c.__qualname__}")
def test_each_named_tuple_is_typing_s(cls: Any) -> None:
    """pbnscore's NamedTuples built by ``_kinds`` (on ``score``'s path)
    against typing's built from the same source."""
    _same_tuple_class(cls, _from_source(cls, NamedTuple=typing.NamedTuple))
    assert pickle.loads(pickle.dumps(cls(*range(len(cls._fields))))) == tuple(
        range(len(cls._fields))
    )


def test_the_named_tuples_are_found() -> None:
    """The walk finds the model's Play among them (a test over none holds nothing)."""
    assert "Play" in {c.__name__ for c in TUPLES}


@given(st.lists(st.sampled_from(["int", "str | None", "tuple[int, ...]"]), max_size=5), st.data())
def test_random_named_tuples_are_typing_s(annotations: list[str], data: st.DataObject) -> None:
    """A random NamedTuple (fields, some with defaults, a default before a
    field without one) built by both: the same refusal, or the same class."""
    fields = [(f"f{i}", a) for i, a in enumerate(annotations)]
    defaults = {n: data.draw(st.integers(0, 3)) for n, _ in fields if data.draw(st.booleans())}
    ours = _outcome(lambda: _ours_tuple("T", fields, defaults))
    theirs = _outcome(lambda: _typing_tuple("T", fields, defaults))
    assert ours[0] == theirs[0]
    if ours[1] is not None:
        _same_tuple_class(ours[1], theirs[1])


# -- Enum -------------------------------------------------------------------------


def _enums() -> list[Any]:
    found: dict[Any, None] = {}
    for info in pkgutil.walk_packages(pbnscore.__path__, "pbnscore."):
        for value in vars(importlib.import_module(info.name)).values():
            if (
                isinstance(value, enum.EnumType)
                and value.__module__ == info.name
                and value.__bases__ == (enum.Enum,)
            ):
                found[value] = None
    return list(found)


ENUMS = _enums()


def _checked_enum(cls: Any) -> Any:
    """The class ``enum.Enum`` makes from ``cls``'s definition."""
    return _from_source(cls, Enum=enum.Enum)


@pytest.mark.parametrize("cls", ENUMS, ids=lambda c: f"{c.__module__}.{c.__qualname__}")
def test_each_enum_is_the_one_enum_makes(cls: Any) -> None:
    """Each enumeration of pbnscore (built by ``_kinds.Enum``) against the
    class ``enum.Enum`` makes from the same body: the standard library's own
    comparison of the two, and its members' behaviour."""
    checked = _checked_enum(cls)
    for key, value in cls.__dict__.items():
        if isinstance(value, (classmethod, staticmethod)):  # not compared by the library
            theirs = checked.__dict__[key]
            assert type(theirs) is type(value)
            assert theirs.__func__.__code__.co_code == value.__func__.__code__.co_code
            type.__setattr__(checked, key, value)
    enum._test_simple_enum(checked, cls)  # type: ignore[attr-defined]
    assert [m.name for m in cls] == [m.name for m in checked]
    # each member where EnumType puts it: the member itself in the class, or
    # a redirect (enum.property) where a base has a descriptor of its name
    assert {name: type(vars(cls)[name]).__name__ for name in cls.__members__} == {
        name: type(vars(checked)[name]).__name__.replace(checked.__name__, cls.__name__)
        for name in checked.__members__
    }
    for member in cls:
        assert cls(member.value) is member is cls[member.name]
        assert repr(member).replace(cls.__qualname__, "") == repr(checked[member.name]).replace(
            checked.__qualname__, ""
        )
        assert str(member) == str(checked[member.name])
        assert hash(member) == hash(checked[member.name])
        assert pickle.loads(pickle.dumps(member)) is member
        assert copy.copy(member) is member
    with pytest.raises(ValueError, match="is not a valid"):
        cls(object())
    assert type(cls) is enum.EnumType and cls.__bases__ == (enum.Enum,)


def test_the_enums_are_found() -> None:
    """The walk finds the model's Direction (a test over none holds nothing)."""
    assert "Direction" in {c.__name__ for c in ENUMS}
    assert len(ENUMS) > 20


def test_an_enum_of_pbnscore_derives_from_enum_alone() -> None:
    """A mix-in or a base enumeration is refused as the class is made (what
    ``_kinds.Enum`` builds is a plain enumeration)."""
    with pytest.raises(TypeError, match="from Enum alone"):
        type("Mixed", (int, _kinds.Enum), {"__module__": __name__, "A": 1})


# -- TypedDict --------------------------------------------------------------------


def _typed_dicts() -> list[Any]:
    found: dict[Any, None] = {}
    for info in pkgutil.walk_packages(pbnscore.__path__, "pbnscore."):
        for value in vars(importlib.import_module(info.name)).values():
            if type(value) is type(_kinds.TypedDict) and value is not _kinds.TypedDict:
                found[value] = None
    return list(found)


TYPED_DICTS = _typed_dicts()


def _typing_dict(name: str, annotations: dict[str, str], total: bool, base: Any = None) -> Any:
    def body(namespace: dict[str, Any]) -> None:
        namespace["__annotations__"] = dict(annotations)
        namespace["__module__"] = __name__

    bases = (typing.TypedDict,) if base is None else (base,)
    return types.new_class(name, bases, {"total": total}, exec_body=body)


def _ours_dict(name: str, annotations: dict[str, str], total: bool, base: Any = None) -> Any:
    namespace = {"__annotations__": dict(annotations), "__module__": __name__}
    bases = (_kinds.TypedDict,) if base is None else (base,)
    return types.new_class(name, bases, {"total": total}, exec_body=lambda ns: ns.update(namespace))


def _same_dict_class(ours: Any, theirs: Any) -> None:
    assert ours.__annotations__ == {
        k: getattr(v, "__forward_arg__", v) for k, v in theirs.__annotations__.items()
    }
    assert ours.__required_keys__ == theirs.__required_keys__
    assert ours.__optional_keys__ == theirs.__optional_keys__
    assert ours.__total__ == theirs.__total__
    keys = {key: i for i, key in enumerate(ours.__annotations__)}
    made, typed = ours(**keys), theirs(**keys)
    assert type(made) is type(typed) is dict and made == typed
    assert _outcome(functools.partial(issubclass, dict, ours)) == _outcome(
        functools.partial(issubclass, dict, theirs)
    )
    assert _outcome(functools.partial(isinstance, {}, ours)) == _outcome(
        functools.partial(isinstance, {}, theirs)
    )


@pytest.mark.parametrize("cls", TYPED_DICTS, ids=lambda c: f"{c.__module__}.{c.__qualname__}")
def test_each_typed_dict_is_typing_s(cls: Any) -> None:
    """pbnscore's TypedDicts (a format's reading and writing options) built
    by ``_records`` against typing's from the same annotations and total."""
    theirs = _typing_dict(cls.__name__, cls.__annotations__, cls.__total__)
    _same_dict_class(cls, theirs)


def test_the_typed_dicts_are_found() -> None:
    """The walk finds USEBIO's reading options (a test over none holds nothing)."""
    assert "pbnscore.usebio.ReadOptions" in {
        f"{c.__module__}.{c.__qualname__}" for c in TYPED_DICTS
    }


@given(
    st.dictionaries(st.sampled_from(["a", "b", "c"]), st.sampled_from(["int", "str"])),
    st.dictionaries(st.sampled_from(["b", "c", "d"]), st.sampled_from(["int", "bool"])),
    st.booleans(),
    st.booleans(),
)
def test_random_typed_dicts_are_typing_s(
    base: dict[str, str], own: dict[str, str], base_total: bool, total: bool
) -> None:
    """A random TypedDict and one built on it (keys, total or not, keys
    given again) built by both: the same keys required and optional."""
    ours_base = _ours_dict("Base", base, base_total)
    theirs_base = _typing_dict("Base", base, base_total)
    _same_dict_class(ours_base, theirs_base)
    _same_dict_class(
        _ours_dict("Own", own, total, ours_base), _typing_dict("Own", own, total, theirs_base)
    )


def test_a_named_tuple_without_the_c_getter_is_typing_s(monkeypatch: pytest.MonkeyPatch) -> None:
    """On a Python whose ``_collections`` has no ``_tuplegetter`` (as
    collections allows for) the fields are properties, as collections
    makes them there: the same class otherwise."""
    monkeypatch.delattr("_collections._tuplegetter")
    fields = [("a", "int"), ("b", "str")]
    ours = _ours_tuple("Pair", fields, {"b": "x"})
    assert type(ours.__dict__["a"]) is property
    _same_tuple_class(ours, _typing_tuple("Pair", fields, {"b": "x"}))
    assert ours(1).b == "x" and ours(1, "y")[1] == "y"
