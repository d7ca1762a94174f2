"""``pbnscore._records`` builds the model's classes as attrs builds them.

The slow obvious reference is attrs itself: every record class of pbnscore
is built again by attrs from the same definition (its class body and its
fields' definitions, kept by ``_records``), and the two are held equal in
behaviour on instances: construction (defaults, factories, converters,
validators, the exceptions' types), ``repr``, ``==``/``!=``, ``hash``,
frozen refusal, ``evolve``, pickling's state, ``__match_args__``,
``__slots__`` and the fields. A property test does the same on random
definitions.
"""

from __future__ import annotations

import copy
import functools
import importlib
import pickle
import pkgutil
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, cast

import attrs as real
import pytest
from hypothesis import example, given
from hypothesis import strategies as st

import pbnscore
from pbnscore import _records
from pbnscore._records import attrs

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"


def _record_classes() -> list[type]:
    found: dict[type, None] = {}
    for info in pkgutil.walk_packages(pbnscore.__path__, "pbnscore."):
        module = importlib.import_module(info.name)
        for value in vars(module).values():
            if isinstance(value, type) and "__records_spec__" in value.__dict__:
                found[value] = None
    return sorted(found, key=lambda c: f"{c.__module__}.{c.__qualname__}")


RECORDS = _record_classes()
_REFERENCES: dict[type, type] = {}


def reference(cls: type) -> Any:
    """attrs' class from ``cls``'s definition (made once a class)."""
    if cls not in _REFERENCES:
        _REFERENCES[cls] = _records.attrs_class(cls)
    return _REFERENCES[cls]


def test_every_class_is_found() -> None:
    """The walk finds the package's records (the model's among them): a
    test over none would hold nothing."""
    names = {f"{c.__module__}.{c.__qualname__}" for c in RECORDS}
    assert {"pbnscore.model.Result", "pbnscore.model.Board", "pbnscore.model.Event"} <= names
    assert len(RECORDS) > 100


def test_no_class_of_pbnscore_is_built_by_attrs() -> None:
    """Every attrs-style class of the package is built by ``_records`` (a
    module importing attrs itself would put attrs back on the command's
    path, and its classes outside these tests)."""
    built_by_attrs = []
    for info in pkgutil.walk_packages(pbnscore.__path__, "pbnscore."):
        for value in vars(importlib.import_module(info.name)).values():
            if (
                isinstance(value, type)
                and value.__module__ == info.name
                and "__attrs_attrs__" in value.__dict__
                and "__records_spec__" not in value.__dict__
            ):
                built_by_attrs.append(f"{info.name}.{value.__qualname__}")
    assert built_by_attrs == []


def _outcome(make: Callable[[], Any]) -> tuple[str, Any]:
    try:
        return "made", make()
    except Exception as exc:  # the type compared: what attrs' class raises, this raises
        return type(exc).__name__, None


def _kwargs_sets(fields: tuple[Any, ...]) -> Iterator[dict[str, Any]]:
    """Arguments for a class's ``__init__``: none, then each family of
    plain values for every field (a class takes some, refuses others)."""
    init = [a for a in fields if a.init]
    yield {}
    for family in (
        lambda i: i + 1,
        lambda i: f"s{i}",
        lambda i: None,
        lambda i: (i, "x"),
        lambda i: 0,
    ):
        yield {a.alias: family(i) for i, a in enumerate(init)}
        mandatory = [a for a in init if a.default is _records.NOTHING]
        yield {a.alias: family(i) for i, a in enumerate(mandatory)}


def _same_instance(ours: Any, theirs: Any) -> None:
    """Two instances made from the same arguments behave alike (where a
    method of the class body refuses the values, both refuse alike)."""
    assert _outcome(lambda: repr(ours)) == _outcome(lambda: repr(theirs))
    assert type(ours).__match_args__ == type(theirs).__match_args__
    names = [a.name for a in real.fields(type(theirs))]
    assert _outcome(lambda: [getattr(ours, n) for n in names]) == _outcome(
        lambda: [getattr(theirs, n) for n in names]
    )
    assert _outcome(lambda: ours == ours) == _outcome(lambda: theirs == theirs)
    assert _outcome(lambda: ours != ours) == _outcome(lambda: theirs != theirs)
    assert ours.__eq__(object()) is theirs.__eq__(object()) is NotImplemented
    assert ours.__ne__(object()) is theirs.__ne__(object()) is NotImplemented
    assert ours.__eq__(theirs) is NotImplemented  # another class: never equal
    assert (ours == theirs) is False
    if type(theirs).__hash__ is None:
        assert type(ours).__hash__ is None
    else:
        assert _outcome(lambda: hash(ours)) == _outcome(lambda: hash(theirs))
    if getattr(type(theirs).__attrs_props__, "is_frozen", None):
        for name in [*names, "unknown"]:
            with pytest.raises(real.exceptions.FrozenInstanceError):
                setattr(ours, name, 1)
            with pytest.raises(real.exceptions.FrozenInstanceError):
                delattr(ours, name)
    if "__getstate__" in type(theirs).__dict__:
        assert _outcome(ours.__getstate__) == _outcome(theirs.__getstate__)


@pytest.mark.parametrize("cls", RECORDS, ids=lambda c: f"{c.__module__}.{c.__qualname__}")
def test_each_class_is_the_class_attrs_builds(cls: Any) -> None:
    """Each record class against attrs' class from the same definition."""
    theirs_cls = reference(cls)
    assert ("__slots__" in cls.__dict__) == ("__slots__" in theirs_cls.__dict__)
    if "__slots__" in theirs_cls.__dict__:
        assert cls.__slots__ == theirs_cls.__slots__
    assert cls.__match_args__ == theirs_cls.__match_args__
    assert (cls.__hash__ is None) == (theirs_cls.__hash__ is None)
    assert [k for k in theirs_cls.__dict__ if k not in cls.__dict__] == []
    ours_fields, theirs_fields = attrs.fields(cls), real.fields(theirs_cls)
    assert [a.name for a in ours_fields] == [a.name for a in theirs_fields]
    for ours_a, theirs_a in zip(ours_fields, theirs_fields, strict=True):
        for name in ("alias", "init", "kw_only", "eq", "eq_key", "hash", "repr", "inherited"):
            assert getattr(ours_a, name) == getattr(theirs_a, name), name
        assert ours_a.converter is theirs_a.converter
        assert ours_a.validator is theirs_a.validator
        assert dict(ours_a.metadata) == dict(theirs_a.metadata)
        assert ours_a.type == theirs_a.type
        if isinstance(theirs_a.default, real.Factory):  # type: ignore[arg-type]
            assert isinstance(ours_a.default, _records.Factory)
            assert ours_a.default.factory is theirs_a.default.factory
            assert ours_a.default.takes_self == theirs_a.default.takes_self
        elif theirs_a.default is real.NOTHING:
            assert ours_a.default is _records.NOTHING
        else:
            assert ours_a.default is theirs_a.default
    made = 0
    for kwargs in _kwargs_sets(ours_fields):
        ours = _outcome(functools.partial(cls, **kwargs))
        theirs = _outcome(functools.partial(theirs_cls, **kwargs))
        assert ours[0] == theirs[0], kwargs
        if ours[1] is not None:
            made += 1
            _same_instance(ours[1], theirs[1])
    assert made or any(a.init for a in ours_fields)  # a class of no fields is made


def _pickled(value: object) -> object:
    return pickle.loads(pickle.dumps(value))


def _instances(value: object, seen: dict[int, Any]) -> None:
    """Every record instance reachable from ``value``."""
    if id(value) in seen or isinstance(value, (str, bytes, int, float)) or value is None:
        return
    if type(value).__dict__.get("__records_spec__") is not None:
        seen[id(value)] = value
        for a in attrs.fields(cast(Any, type(value))):
            _instances(getattr(value, a.name), seen)
        for name in ("results", "deal", "analysis"):  # made from columns when asked for
            if isinstance(getattr(type(value), name, None), property):
                _instances(getattr(value, name), seen)
    elif isinstance(value, (tuple, list, frozenset, set)):
        seen[id(value)] = None
        for item in value:
            _instances(item, seen)
    elif isinstance(value, dict):
        seen[id(value)] = None
        for item in value.values():
            _instances(item, seen)


@pytest.mark.parametrize(
    ("fixture", "method"),
    [("usebio/club-night.xml", "butler"), ("usebio/mitchell-pairs.xml", "cross-imps")],
)
def test_a_real_event_s_records_are_attrs_records(fixture: str, method: str) -> None:
    """Every record in a read and scored event (the model's own values:
    results, boards, deals, contracts, standings ...) made again by attrs'
    class from the same fields: the same repr, hash, equality, state; and
    each evolves, pickles and copies to an equal record."""
    event = pbnscore.load(FIXTURES / fixture)
    scored = pbnscore.score(event, method)
    seen: dict[int, Any] = {}
    _instances(scored, seen)
    found = [v for v in seen.values() if v is not None]
    assert {type(v).__name__ for v in found} >= {"Event", "Board", "Result", "Standing"}
    pickled = 0
    for ours in found:
        cls = type(ours)
        theirs_cls = reference(cls)
        given = {a.alias: getattr(ours, a.name) for a in real.fields(theirs_cls) if a.init}
        theirs = theirs_cls(**given)
        _same_instance(ours, theirs)
        assert attrs.evolve(ours) == ours == real.evolve(ours)
        assert copy.copy(ours) == ours
        done, back = _outcome(functools.partial(_pickled, ours))
        if done == "made":  # the event's source holds lxml's tree: no pickle
            pickled += 1
            assert back == ours
            assert cls.__hash__ is None or hash(back) == hash(ours)
    assert pickled > len(found) / 2


def test_attrs_own_functions_read_the_records() -> None:
    """attrs' ``fields``, ``has``, ``evolve``, ``asdict`` on a record work as
    on an attrs class (``__attrs_attrs__`` made when first read)."""
    from pbnscore.model import Contract, Strain
    from pbnscore.model import Player as Made

    Player: Any = Made
    player = Player("Ann", national_id="7")
    assert [a.name for a in real.fields(Player)] == ["name", "national_id"]
    assert real.evolve(player, name="Bo") == Player("Bo", national_id="7")
    assert real.asdict(player) == {"name": "Ann", "national_id": "7"} == attrs.asdict(player)
    assert real.fields_dict(Contract)["level"].validator is attrs.fields(Contract).level.validator
    with pytest.raises(ValueError, match="'level' must be in range"):
        Contract(8, Strain.SPADES)
    assert not attrs.has(int) and not real.has(cast(Any, int))
    assert real.has(Player) and attrs.has(Player)
    with pytest.raises(real.exceptions.NotAnAttrsClassError):
        attrs.fields(cast(Any, int))


def test_a_plug_in_s_attrs_options_read_as_a_record_s() -> None:
    """A class attrs built (a plug-in's options, on pbnscore's mix-in) gives
    its fields, inherited ones too, with this module's NOTHING and Factory."""
    from pbnscore.strategies import ImpOptions, option

    @real.frozen
    class Mine(ImpOptions):
        weight: int = option(1, "how heavy")
        names: tuple[str, ...] = real.field(factory=tuple)
        needed: int = real.field(default=0, kw_only=True)

    fields = attrs.fields(Mine)
    assert [a.name for a in fields] == [a.name for a in real.fields(Mine)]
    assert fields.weight.metadata["help"] == "how heavy" and fields.weight.default == 1
    assert isinstance(fields.names.default, _records.Factory)
    assert attrs.evolve(Mine(), weight=3) == Mine(weight=3)
    assert attrs.fields_dict(Mine)["needed"].kw_only


# -- random definitions ---------------------------------------------------------


def _identity(value: object) -> object:
    return value


def _shown(value: object) -> str:
    return f"<{value}>"


def _key(value: object) -> object:
    return str(value)


_VALUES = st.one_of(st.integers(-3, 3), st.text(max_size=2), st.none(), st.just(float("nan")))


_Definitions = tuple[dict[str, Any], list[tuple[str, dict[str, Any]]]]


@st.composite
def _definitions(draw: st.DrawFn, like: _Definitions | None = None) -> _Definitions:
    """A class's decorator options and its fields' definitions (``like``'s
    options, mostly, and as many fields, where given)."""
    frozen = draw(st.booleans())
    options = {
        "frozen": frozen,
        "slots": draw(st.booleans()),
        "kw_only": draw(st.booleans()),
        "cache_hash": frozen and draw(st.booleans()),
    }
    if like is not None and draw(st.integers(0, 3)):
        options = dict(like[0])
    fields = []
    for i in range(draw(st.integers(0, 5)) if like is None else len(like[1])):
        given: dict[str, Any] = {}
        kind = draw(st.sampled_from(["none", "default", "factory", "takes_self"]))
        if kind == "default":
            given["default"] = draw(st.integers(0, 3))
        elif kind == "factory":
            given["factory"] = draw(st.sampled_from([list, tuple, dict]))
        elif kind == "takes_self":
            given["default"] = _records.Factory(repr, takes_self=True)
        if kind != "none" and draw(st.booleans()):
            given["init"] = False
        for name, choices in (
            ("converter", [_identity, str, repr]),
            ("validator", [attrs.validators.ge(0), attrs.validators.in_([0, 1, "a", ""])]),
            ("eq", [False, _key]),
            ("repr", [False, _shown]),
            ("hash", [False, True]),
            ("kw_only", [True, False]),
            ("alias", [f"given_{i}"]),
            ("metadata", [{"help": str(i)}]),
        ):
            if draw(st.integers(0, 3)) == 0:
                given[name] = draw(st.sampled_from(choices))
        name = f"{'_' if draw(st.booleans()) else ''}f{i}" if like is None else like[1][i][0]
        fields.append((name, given))
    return options, fields


def _build(
    options: dict[str, Any], fields: list[tuple[str, dict[str, Any]]], *, ours: bool
) -> tuple[str, Any]:
    namespace: dict[str, Any] = {"__annotations__": {name: "object" for name, _ in fields}}
    namespace["__module__"] = __name__
    namespace["__qualname__"] = "Random"
    for name, spec in fields:
        definition = _records._Definition(dict(spec))
        namespace[name] = _records.field(**spec) if ours else _records.attrs_field(definition)
    kwargs = {k: v for k, v in options.items() if k != "frozen"}
    if ours:
        decorate: Any = attrs.frozen if options["frozen"] else attrs.define
    else:
        decorate = real.frozen if options["frozen"] else real.define
    return _outcome(lambda: decorate(**kwargs)(type("Random", (), namespace)))


@given(
    _definitions(),
    st.lists(_VALUES, min_size=5, max_size=5),
    st.lists(st.booleans(), min_size=5, max_size=5),
)
@example(  # a takes_self factory's repr sees the field not yet set: attrs' NOTHING
    (
        {"frozen": False, "slots": False, "kw_only": False, "cache_hash": False},
        [
            (
                "f0",
                {"default": _records.Factory(repr, takes_self=True), "init": False, "repr": _shown},
            )
        ],
    ),
    [0, 0, 0, 0, 0],
    [False] * 5,
)
def test_random_definitions_build_as_attrs_builds(
    definition: _Definitions,
    values: list[object],
    chosen: list[bool],
) -> None:
    """A random class definition (defaults, factories, converters,
    validators, kw_only, eq/repr/hash switched off or keyed, aliases, frozen
    or not, slots or not, a kept hash) built by both: the same refusal, or
    classes whose instances behave alike."""
    options, fields = definition
    theirs_made = _build(options, fields, ours=False)
    # Built twice: laid out from the definition, then from what was kept of it.
    for ours_made in (_build(options, fields, ours=True), _build(options, fields, ours=True)):
        _alike(ours_made, theirs_made, values, chosen)


@given(_definitions(), st.data(), st.lists(_VALUES, min_size=5, max_size=5))
def test_what_is_kept_of_another_definition_is_not_taken(
    definition: _Definitions, data: st.DataObject, values: list[object]
) -> None:
    """A class of the same name built after another definition (mostly the
    same options and fields' names, what each field is given drawn again:
    what is kept is that one's) is the class attrs builds from its own
    definition: a kept layout is taken only for the definition it was
    written for."""
    _build(*data.draw(_definitions(like=definition)), ours=True)
    _alike(_build(*definition, ours=True), _build(*definition, ours=False), values, [True] * 5)


def _alike(
    ours_made: tuple[str, Any],
    theirs_made: tuple[str, Any],
    values: list[object],
    chosen: list[bool],
) -> None:
    assert ours_made[0] == theirs_made[0]
    if ours_made[1] is None:
        return
    ours_cls, theirs_cls = ours_made[1], theirs_made[1]
    assert ours_cls.__match_args__ == theirs_cls.__match_args__
    assert getattr(ours_cls, "__slots__", None) == getattr(theirs_cls, "__slots__", None)
    init = [a for a in real.fields(theirs_cls) if a.init]
    given_ = {a.alias: values[i] for i, a in enumerate(init) if chosen[i]}
    ours = _outcome(lambda: ours_cls(**given_))
    theirs = _outcome(lambda: theirs_cls(**given_))
    assert ours[0] == theirs[0]
    if ours[1] is None:
        return
    _same_instance(ours[1], theirs[1])
    other = {a.alias: values[-1 - i] for i, a in enumerate(init)}
    ours_other = _outcome(lambda: ours_cls(**other))
    theirs_other = _outcome(lambda: theirs_cls(**other))
    assert ours_other[0] == theirs_other[0]
    if ours_other[1] is not None:
        assert (ours[1] == ours_other[1]) == (theirs[1] == theirs_other[1])
        assert (ours[1] != ours_other[1]) == (theirs[1] != theirs_other[1])
        changed = {a.alias: values[0] for a in init[:1]}
        assert repr(_outcome(lambda: attrs.evolve(ours[1], **changed))[1]) == repr(
            _outcome(lambda: real.evolve(theirs[1], **changed))[1]
        )


# -- the kept code ----------------------------------------------------------------


@pytest.fixture
def kept_in(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The methods' code kept in a file of the test's own."""
    path = tmp_path / "records-methods.bin"
    monkeypatch.setattr(_records, "_codes_path", lambda: str(path))
    monkeypatch.setattr(_records, "_kept", None)
    monkeypatch.setattr(_records, "_compiled_now", {})
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    return path


def _point() -> Any:
    namespace: dict[str, Any] = {"__module__": __name__, "__qualname__": "Point"}
    namespace["__annotations__"] = {"x": "int", "y": "int"}
    namespace["y"] = attrs.field(default=2, converter=int)
    return attrs.frozen(type("Point", (), namespace))


def test_the_methods_code_is_kept_and_taken_again(
    kept_in: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A class's methods compiled once are saved, and the next process (here:
    the module's memory emptied) takes them from the file, compiling nothing;
    the class made so is the same."""
    first = _point()
    _records.save()
    assert kept_in.exists()
    monkeypatch.setattr(_records, "_kept", None)

    def refused(*args: object, **kwargs: object) -> object:
        raise AssertionError("compiled again")

    monkeypatch.setattr(_records, "compile", refused, raising=False)
    monkeypatch.setattr(_records, "_lay_out", refused)  # nor laid out: taken as kept
    again = _point()
    assert repr(again(1, "3")) == repr(first(1, "3")) == "Point(x=1, y=3)"
    assert hash(again(1)) == hash(first(1))


@pytest.mark.parametrize("content", [b"", b"not marshal", b"\xe3\x00"])
def test_a_damaged_or_foreign_file_means_compiling(kept_in: Path, content: bytes) -> None:
    """A file that is not one this Python wrote is no code: the methods are
    compiled, and saving writes a good file over it."""
    kept_in.write_bytes(content)
    assert repr(_point()(1)) == "Point(x=1, y=2)"
    _records.save()
    assert _records._read_codes(str(kept_in))


def test_a_file_kept_by_another_records_module_is_not_read(
    kept_in: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What is kept is the code this module writes: a file written while
    the module was another (its modification time or size) is not taken."""
    _point()
    _records.save()
    assert _records._read_codes(str(kept_in))
    writer = _records._writer()
    assert writer is not None
    monkeypatch.setattr(_records, "_writer", lambda: (writer[0], writer[1] + 1, writer[2]))
    assert _records._read_codes(str(kept_in)) == {}


def test_a_class_annotated_with_objects_is_kept_without_its_layout(kept_in: Path) -> None:
    """Annotations that are not text (no ``from __future__ import
    annotations``) do not marshal: the class's code is kept, without the
    fingerprint, and the file beside it is written whole."""
    namespace: dict[str, Any] = {"__module__": __name__, "__qualname__": "Typed"}
    namespace["__annotations__"] = {"x": int}
    first = attrs.frozen(type("Typed", (), namespace))
    _point()
    _records.save()
    kept = _records._read_codes(str(kept_in))
    assert kept[f"{__name__}.Typed"][0] is None
    assert kept[f"{__name__}.Point"][0] is not None
    _records._kept = None
    again = attrs.frozen(type("Typed", (), dict(namespace)))
    assert repr(again(1)) == repr(first(1)) == "Typed(x=1)"


@pytest.mark.parametrize("through", ["class", "subclass"])
def test_a_class_s_comparison_is_made_when_first_called(kept_in: Path, through: str) -> None:
    """``__eq__`` and ``__hash__`` are made from their kept code when first
    called (through a plain subclass's instance too), then are the class's
    own: equal, unequal and hashed as attrs' are."""
    point = _point()
    made: Any = point if through == "class" else type("Sub", (point,), {"__slots__": ()})
    stubs = point.__dict__["__eq__"], point.__dict__["__hash__"]
    assert made(1) == made(1, 2) and made(1) != made(1, 3)
    assert point.__dict__["__eq__"] is not stubs[0]
    assert point.__dict__["__eq__"].__qualname__ == "Point.__eq__"
    theirs: Any = _records.attrs_class(point)
    assert hash(made(4)) == hash(theirs(4))
    assert point.__dict__["__hash__"] is not stubs[1]
    assert made(1).__eq__(object()) is NotImplemented
    assert made(1, 5).__getstate__() == {"x": 1, "y": 5}  # pickling's, through it too
    assert copy.copy(made(2, 6)) == made(2, 6)


def test_a_changed_class_is_compiled_again(kept_in: Path) -> None:
    """The kept code is a class's only while its source is the same: a class
    of the same name with other fields is compiled, and replaces it."""
    _point()
    _records.save()
    _records._kept = None
    namespace: dict[str, Any] = {"__module__": __name__, "__qualname__": "Point"}
    namespace["__annotations__"] = {"x": "int"}
    other = attrs.frozen(type("Point", (), namespace))
    assert repr(other(5)) == "Point(x=5)"
    _records.save()
    kept = _records._read_codes(str(kept_in))
    assert [entry[1][0].count("def __init__(self, x)") for entry in kept.values()] == [1]


def test_a_ctrl_c_while_the_code_is_kept_leaves_no_file(
    kept_in: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A Ctrl-C as the kept code is written leaves neither a part-written
    file nor a kept one, and is raised (the command says what it does)."""
    _point()

    def pressed(*args: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr("pbnscore._records.os.replace", pressed)
    with pytest.raises(KeyboardInterrupt):
        _records.save()
    assert list(kept_in.parent.iterdir()) == []
