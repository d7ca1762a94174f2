"""Every format module has one face (API reference, "One signature for every
format"): ``load``, ``loads``, ``dump`` and ``dumps`` with the same
parameters, each format's own options keyword-only, an unknown one a
TypeError naming the format; a module offers the verbs it supports and no
others (a report has no ``load``/``loads``), and the package refuses to read
what the table of formats says is written only.
The package's ``load``/``loads`` take a format by name with the same
arguments for every format."""

from __future__ import annotations

import inspect
import io
from pathlib import Path
from types import ModuleType

import pytest

import pbnscore
from pbnscore import pbn, report, usebio
from pbnscore.errors import Problem

ROOT = Path(__file__).resolve().parent.parent
CLUB = ROOT / "fixtures" / "usebio" / "club-night.xml"
MITCHELL = ROOT / "fixtures" / "pbn" / "mitchell-pairs.pbn"

MODULES: dict[str, ModuleType] = {
    "pbn": pbn,
    "usebio": usebio,
    "json": report.json,
    "text": report.text,
    "html": report.html,
    "csv": report.csv,
}
READERS = ("pbn", "usebio")  # the formats that read back into an event
WRITTEN_ONLY = ("json", "text", "html", "csv")
FUNCTIONS = ("load", "loads", "dump", "dumps")

# Each format's own options, as documented (the API reference lists them).
READ_OPTIONS = {"pbn": {"strict", "warnings"}, "usebio": {"strict", "warnings"}}
WRITE_OPTIONS = {
    "pbn": {"warn"},
    "usebio": {"types", "dialect", "keep_awards", "warn"},
    "text": {"dd"},
    "html": {"dd"},
}


@pytest.fixture(scope="module")
def scored() -> pbnscore.ScoredEvent:
    return pbnscore.score(pbnscore.load(CLUB), "butler")


def shape(function: object) -> list[tuple[str, object, object, object]]:
    """A function's parameters: name, kind, default and annotation; the
    object written is a ScoredEvent for a report and may be a plain Event
    for PBN and USEBIO, so its annotation is left out."""
    parameters = inspect.signature(function).parameters.values()  # type: ignore[arg-type]
    return [
        (p.name, p.kind, p.default, None if p.name == "obj" else p.annotation) for p in parameters
    ]


@pytest.mark.parametrize("function", FUNCTIONS)
def test_every_format_module_has_one_signature(function: str) -> None:
    offering = {
        name: module
        for name, module in MODULES.items()
        if name in READERS or function in ("dump", "dumps")
    }
    shapes = {name: shape(getattr(module, function)) for name, module in offering.items()}
    assert len(shapes) == (2 if function in ("load", "loads") else 6)
    assert all(found == shapes["pbn"] for found in shapes.values()), shapes
    (*_, options) = inspect.signature(getattr(pbn, function)).parameters.values()
    assert options.kind is inspect.Parameter.VAR_KEYWORD


def test_what_each_function_returns() -> None:
    """An event from each reader; bytes from PBN and USEBIO (the encoding
    is theirs), text from the reports (as ``json.dumps`` gives text)."""
    for name, module in MODULES.items():
        verbs = FUNCTIONS if name in READERS else ("dump", "dumps")
        returns = {f: inspect.signature(getattr(module, f)).return_annotation for f in verbs}
        wanted = {"dump": "None", "dumps": "bytes" if name in READERS else "str"}
        if name in READERS:
            wanted |= {"load": "Event", "loads": "Event"}
        assert returns == wanted


@pytest.mark.parametrize("name", sorted(MODULES))
def test_each_module_declares_its_options(name: str) -> None:
    module = MODULES[name]
    if name in READERS:
        assert set(module.ReadOptions.__annotations__) == READ_OPTIONS[name]
    assert set(module.WriteOptions.__annotations__) == WRITE_OPTIONS.get(name, set())


@pytest.mark.parametrize("name", sorted(MODULES))
def test_the_writer_options_table_is_what_each_writer_takes(name: str) -> None:
    """The one declaration of the writers' options (pbnscore.formats) names
    for each format the keywords its ``WriteOptions`` lists (``warn`` aside)."""
    from pbnscore import formats

    declared = set(MODULES[name].WriteOptions.__annotations__) - {"warn"}
    assert set(formats.taken_by(name)) == declared


@pytest.mark.parametrize("name", sorted(MODULES))
def test_an_unknown_option_is_a_type_error_naming_the_format(
    name: str, scored: pbnscore.ScoredEvent
) -> None:
    module = MODULES[name]
    named = f"pbnscore.{'report.' if name in WRITTEN_ONLY else ''}{name}"
    calls = [
        lambda: module.dumps(scored, colour=True),
        lambda: module.dump(scored, io.BytesIO(), colour=True),
    ]
    if name in READERS:
        calls += [
            lambda: module.loads(CLUB.read_bytes(), colour=True),
            lambda: module.load(CLUB, colour=True),
        ]
    for call in calls:
        with pytest.raises(TypeError, match=rf"{named}\.\w+\(\).*'colour'"):
            call()


@pytest.mark.parametrize("name", WRITTEN_ONLY)
def test_a_report_offers_no_verb_that_only_refuses(name: str) -> None:
    """A report is written, never read: its module has no load or loads."""
    assert not hasattr(MODULES[name], "load")
    assert not hasattr(MODULES[name], "loads")
    assert not hasattr(MODULES[name], "ReadOptions")


@pytest.mark.parametrize("name", sorted(MODULES))
def test_dump_writes_dumps_to_a_path_or_a_binary_file(
    name: str, scored: pbnscore.ScoredEvent, tmp_path: Path
) -> None:
    module = MODULES[name]
    made = module.dumps(scored)
    data = made.encode("utf-8") if isinstance(made, str) else made
    target = tmp_path / "out"
    module.dump(scored, target)
    assert target.read_bytes() == data
    stream = io.BytesIO()
    module.dump(scored, stream)
    assert stream.getvalue() == data


@pytest.mark.parametrize("name", WRITTEN_ONLY)
def test_a_report_is_written_to_a_text_file_as_text(
    name: str, scored: pbnscore.ScoredEvent
) -> None:
    stream = io.StringIO()
    MODULES[name].dump(scored, stream)
    assert stream.getvalue() == MODULES[name].dumps(scored)


@pytest.mark.parametrize("name", READERS)
def test_a_format_of_bytes_refuses_a_text_file(name: str, scored: pbnscore.ScoredEvent) -> None:
    with pytest.raises(TypeError, match=rf"pbnscore\.{name}\.dump\(\) writes bytes.*binary"):
        MODULES[name].dump(scored, io.StringIO())


def test_the_format_options_reach_the_writer(scored: pbnscore.ScoredEvent) -> None:
    assert report.text.dumps(scored, dd=True) == report.text.render(scored, dd=True)
    assert report.html.dumps(scored, dd=True) == report.html.render(scored, dd=True)
    assert report.csv.dumps(scored) == report.csv.render(scored)
    old = usebio.dumps(scored, types="old")
    assert old != usebio.dumps(scored, types="new")
    stream = io.BytesIO()
    usebio.dump(scored, stream, types="old")
    assert stream.getvalue() == old


def test_the_readers_take_the_same_arguments(tmp_path: Path) -> None:
    """A path or an open file, a ``source`` name, ``warnings`` (a list the
    reader adds its warnings to); PBN's own ``strict``."""
    for name, path in (("pbn", MITCHELL), ("usebio", CLUB)):
        module = MODULES[name]
        warnings: list[Problem] = []
        by_path = module.load(path, source="night", warnings=warnings)
        with path.open("rb") as file:
            by_file = module.load(file, source="night", warnings=warnings)
        with path.open(encoding="utf-8") as text:
            by_text = module.load(text, source="night")
        assert by_path == by_file == by_text == module.loads(path.read_bytes(), source="night")
        assert by_path.source.name == "night"
    assert pbn.load(MITCHELL, strict=False) == pbn.load(MITCHELL)


def test_the_package_loads_a_format_by_name_with_its_options() -> None:
    data = MITCHELL.read_bytes()
    assert pbnscore.loads(data, "pbn", strict=False) == pbn.loads(data, strict=False)
    assert pbnscore.load(MITCHELL, "pbn", source="x") == pbn.load(MITCHELL, source="x")
    assert pbnscore.load(CLUB, "xml") == usebio.load(CLUB)
    assert pbnscore.load(CLUB, strict=False) == usebio.load(CLUB)
    with pytest.raises(
        pbnscore.OptionError, match="'strict' is an option of usebio and pbn, not bws"
    ):
        pbnscore.loads(b"x", "bws", strict=False)
    with pytest.raises(pbnscore.OptionError, match="'colour' is no reader option"):
        pbnscore.loads(data, colour=True)
    with pytest.raises(pbnscore.OptionError, match="unknown format 'docx'"):
        pbnscore.loads(data, "docx")


@pytest.mark.parametrize("name", WRITTEN_ONLY)
def test_the_package_refuses_to_read_an_output_by_name(name: str) -> None:
    with pytest.raises(NotImplementedError, match="never read"):
        pbnscore.loads(b"{}", name)


def test_the_package_s_dump_says_to_open_a_text_file_in_binary_mode(
    scored: pbnscore.ScoredEvent,
) -> None:
    """``pbnscore.dump`` writes bytes, the reports' as UTF-8: a text file
    is refused with what to do, not Python's own message about its type."""
    with pytest.raises(TypeError, match=r"pbnscore\.dump\(\) writes bytes.*binary mode"):
        pbnscore.dump(scored, io.StringIO(), "csv")
