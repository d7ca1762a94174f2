"""The package's one face (docs/api/index.md "One signature for every format"): ``dump`` and
``dumps`` write every output format, named or by extension, by the same path
as the command line; ``dir(pbnscore)`` is exactly ``__all__``."""

from __future__ import annotations

import io
import pkgutil
import types
from pathlib import Path

import pytest

import pbnscore
from pbnscore import outputs

CLUB = Path(__file__).resolve().parent.parent / "fixtures" / "usebio" / "club-night.xml"


@pytest.fixture(scope="module")
def scored() -> pbnscore.ScoredEvent:
    return pbnscore.score(pbnscore.load(CLUB), "butler")


def test_dir_shows_exactly_the_documented_names() -> None:
    assert sorted(dir(pbnscore)) == sorted(pbnscore.__all__)
    assert all(hasattr(pbnscore, name) for name in pbnscore.__all__)


@pytest.mark.parametrize("name", sorted(outputs.FORMATS))
def test_dumps_is_each_format_s_writer(scored: pbnscore.ScoredEvent, name: str) -> None:
    """By name and by each extension, the bytes the format's own writer makes."""
    if name == "usebio":
        own = pbnscore.usebio.dumps(scored)
    elif name == "pbn":
        own = pbnscore.pbn.dumps(scored)
    else:
        own = pbnscore.report.render(scored, name).encode("utf-8")
    assert pbnscore.dumps(scored, name) == own
    for extension in outputs.FORMATS[name].extensions:
        assert pbnscore.dumps(scored, extension) == own


def test_dump_takes_the_format_from_the_extension(
    scored: pbnscore.ScoredEvent, tmp_path: Path
) -> None:
    target = tmp_path / "night.html"
    pbnscore.dump(scored, target, dd=False)
    assert target.read_bytes() == pbnscore.dumps(scored, "html")
    stream = io.BytesIO()
    pbnscore.dump(scored, stream, "csv")
    assert stream.getvalue() == pbnscore.dumps(scored, "csv")


def test_an_option_the_format_does_not_use_is_refused(scored: pbnscore.ScoredEvent) -> None:
    with pytest.raises(pbnscore.OptionError, match="'dd' is an option of text and html, not json"):
        pbnscore.dumps(scored, "json", dd=True)
    with pytest.raises(pbnscore.OptionError, match="'types' is an option of usebio, not pbn"):
        pbnscore.dumps(scored, "pbn", types="old")
    with pytest.raises(pbnscore.OptionError, match="no writer option"):
        pbnscore.dumps(scored, "usebio", colour=True)
    with pytest.raises(pbnscore.OptionError, match="unknown format 'docx'"):
        pbnscore.dumps(scored, "docx")
    with pytest.raises(pbnscore.OptionError, match="no format given"):
        pbnscore.dump(scored, io.BytesIO())


def test_wrong_types_name_what_was_expected(scored: pbnscore.ScoredEvent) -> None:
    with pytest.raises(TypeError, match="a ScoredEvent"):
        pbnscore.dumps("night.xml", "json")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="a path or a file open for writing"):
        pbnscore.dump(scored, 3, "json")  # type: ignore[arg-type]


def test_a_scored_event_is_built_with_keywords(scored: pbnscore.ScoredEvent) -> None:
    """A plug-in names each part of what it returns: a positional build,
    which a new field would silently shift, is a TypeError."""
    from pbnscore.model import PointsStyle, ScoredEvent

    parts: tuple[object, ...] = (scored.event, "m", PointsStyle.BUTLER, {}, (), ())
    with pytest.raises(TypeError):
        ScoredEvent(*parts)  # type: ignore[call-arg]
    built = ScoredEvent(
        event=scored.event,
        method="m",
        style=PointsStyle.BUTLER,
        options={},
        boards=(),
        standings=(),
    )
    assert built.method == "m" and built.matches == ()


def test_explain_is_on_the_face() -> None:
    """``pbnscore.explain(event, board, method, **options)``, in a fresh
    interpreter (no prior import), is the function; the types it answers
    with are the module ``pbnscore.explanation``'s."""
    import subprocess
    import sys

    program = (
        "import pbnscore, types\n"
        f"event = pbnscore.load({str(CLUB)!r})\n"
        "made = pbnscore.explain(event, 1, 'butler')\n"
        "assert made.boards, made\n"
        "assert isinstance(pbnscore.explain, types.FunctionType)\n"
        "assert isinstance(made, pbnscore.explanation.Explanation)\n"
        "assert pbnscore.explanation.Trace.__name__ == 'Trace'\n"
    )
    done = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert "explain" in pbnscore.__all__


def names_shared_with_submodules(package: types.ModuleType) -> list[str]:
    """The names of ``package.__all__`` that are a submodule's name but not
    that plain module: a function or class named as a module beside it (the
    one hides the other, whichever is imported last), or a module swapped for
    a callable one."""
    submodules = {found.name for found in pkgutil.iter_modules(package.__path__)}
    shared = []
    for name in package.__all__:
        if name not in submodules:
            continue
        value = getattr(package, name)
        if not isinstance(value, types.ModuleType) or callable(value):
            shared.append(f"{package.__name__}.{name}: {type(value).__name__}")
    return shared


def test_no_public_function_or_class_is_named_as_a_module() -> None:
    """``pbnscore.explain`` is a function and ``pbnscore.explanation`` the
    module of its types; ``pbnscore.season`` a function, ``pbnscore.Season``
    a class and ``pbnscore.seasons`` the package."""
    assert names_shared_with_submodules(pbnscore) == []


class _Callable(types.ModuleType):
    def __call__(self) -> None:
        """What a module swapped for a callable one answers."""


@pytest.mark.parametrize(
    ("value", "said"), [(len, "builtin_function_or_method"), (_Callable("tool"), "_Callable")]
)
def test_a_planted_function_named_as_a_module_is_named(
    tmp_path: Path, value: object, said: str
) -> None:
    """The rule's teeth: a package whose ``tool`` is a function (or a
    callable module) beside its module ``tool.py``; a plain module passes."""
    (tmp_path / "tool.py").write_text("")
    planted = types.ModuleType("planted")
    planted.__path__ = [str(tmp_path)]
    planted.__all__ = ["tool"]  # type: ignore[attr-defined]
    planted.tool = value  # type: ignore[attr-defined]
    assert names_shared_with_submodules(planted) == [f"planted.tool: {said}"]
    planted.tool = types.ModuleType("planted.tool")  # type: ignore[attr-defined]
    assert names_shared_with_submodules(planted) == []


REPORT = Path(pbnscore.__file__).parent / "report"
REPORT_MODULES = sorted(p.stem for p in REPORT.glob("*.py") if not p.stem.startswith("_"))


def test_the_report_modules_are_found() -> None:
    assert {"json", "explain"} <= set(REPORT_MODULES)


@pytest.mark.parametrize("name", REPORT_MODULES)
def test_every_report_module_works_without_an_import(name: str) -> None:
    """``pbnscore.report.X`` for each public module X, in a fresh interpreter."""
    import subprocess
    import sys

    program = f"import pbnscore\nassert pbnscore.report.{name}.__name__ == 'pbnscore.report.{name}'"
    done = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
