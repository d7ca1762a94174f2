"""The walls of the house (STYLE.md, "The shape of the house"): which part of
the package may import which, read from every module's imports with ``ast``
(function-level imports included).

The parts, by module (a package names all of its modules):

- **model**: ``model`` (with ``_enums``, its enumerations, which it
  re-exports), ``bridge``, ``imps``, ``figures``, ``errors``,
  ``hands``, ``ranges``, and the helpers every part uses: ``_gc``,
  ``_bounded_read``, ``_atomic``, ``_version``, ``_face`` (what every format
  module's load, loads, dump and dumps share), ``_numbering`` (who a pair
  number is where no list says, for both readers and the methods), ``_records``
  (the model's classes built as attrs builds them; ``_validators``, the
  validators they use), ``_kinds`` (typing's
  NamedTuple and TypedDict and enum's Enum made as the library makes them).
  The results model and the bridge
  arithmetic; no I/O format, no method, no output, no command line.
- **formats**: ``pbn``, ``usebio``, ``bws``. Each maps its own spellings to the model
  and back; none knows another.
- **methods**: ``strategies``, ``registry``, ``_scoring`` (scoring an event
  with a registered method), ``explanation`` (the record of the steps a
  method took, which every method writes as it scores) and ``_explaining``
  (which runs a method to explain a board). They score the model.
- **outputs**: ``report``, ``outputs``. They render a scored event, an
  explanation or a season.
- **command line**: ``cli``, ``batch``, ``watch``, ``serve`` (the local
  page's server), ``__main__``, ``_signals``.
- **above the parts**: ``_reading`` and ``_writing`` (what the package's
  ``__init__`` offers for reading a file of either format and writing any
  output), ``formats`` (the one table of formats, naming each one's
  module, and the writers' options), ``pipeline`` (the one road from a
  file to its outputs),
  ``seasons``, ``validate``, ``corrections`` (the director's rulings, applied
  to any format's event), ``testing`` (the plug-in conformance tests, which
  check that options become flags).

Forbidden, each failing with the file and the import that breaks it:

- the model importing a format, a method, an output, the command line or
  anything above the parts;
- a method importing a format, an output or the command line;
- one format importing the other;
- a format or an output importing the command line;
- any module importing the package's ``__init__`` (``import pbnscore``,
  ``from pbnscore import X`` where X is no submodule): it sits on top;
- any module outside a format importing one of the format's private
  modules (``pbnscore.pbn._read_write_lexer``): what a file carries reaches the others
  through the model;
- any circle of imports between modules.
"""

from __future__ import annotations

import ast
import functools
import io
import re
import tokenize
from collections.abc import Iterator
from pathlib import Path

import pytest

import pbnscore

PACKAGE = Path(pbnscore.__file__).parent

PARTS: dict[str, str] = {
    **dict.fromkeys(
        ("model", "bridge", "imps", "figures", "errors", "hands", "ranges", "_gc", "_bounded_read",
         "_atomic", "_version", "_face", "_numbering", "_enums", "examples",
         "_pathnames", "_patterns", "_records", "_validators", "_kinds"),
        "model",
    ),
    "pbn": "pbn format",
    "usebio": "usebio format",
    "bws": "bws format",
    **dict.fromkeys(("strategies", "registry", "_scoring", "_explaining", "explanation"), "method"),
    **dict.fromkeys(("report", "outputs"), "output"),
    **dict.fromkeys(
        ("cli", "batch", "watch", "serve", "__main__", "_signals"), "command line"
    ),
    "_watch_state": "command line",
    **dict.fromkeys(
        ("_reading", "_writing", "pipeline", "formats", "seasons", "validate", "testing",
         "corrections"),
        "above",
    ),
}  # fmt: skip

FORMATS = {"pbn format", "usebio format", "bws format"}

# What each part must not import.
FORBIDDEN: dict[str, set[str]] = {
    "model": {*FORMATS, "method", "output", "command line", "above"},
    "method": {*FORMATS, "output", "command line", "above"},
    "pbn format": {"usebio format", "bws format", "output", "command line", "above", "method"},
    "usebio format": {"pbn format", "bws format", "output", "command line", "above", "method"},
    "bws format": {"pbn format", "usebio format", "output", "command line", "above", "method"},
    "output": {"command line"},
}


@functools.cache
def tree_of(path: Path) -> ast.Module:
    """A module's source parsed once for the three tests that read it (none changes it)."""
    return ast.parse(path.read_text(encoding="utf-8"))


def module_name(path: Path, package: Path = PACKAGE) -> str:
    relative = path.relative_to(package.parent).with_suffix("")
    parts = relative.parts[:-1] if relative.name == "__init__" else relative.parts
    return ".".join(parts)


def modules_of(package: Path) -> dict[str, Path]:
    return {module_name(path, package): path for path in sorted(package.rglob("*.py"))}


MODULES: dict[str, Path] = modules_of(PACKAGE)


def part_of(module: str) -> str | None:
    """The part ``module`` belongs to (None: the package's ``__init__``)."""
    names = module.split(".")
    return PARTS[names[1]] if len(names) > 1 else None


def imports_of(
    module: str, path: Path, modules: dict[str, Path] = MODULES
) -> list[tuple[int, str, str]]:
    """(line, the import as written, the module it loads) for each import of
    a pbnscore module in ``path``; ``pbnscore`` itself where a name is taken
    from the package's ``__init__``."""
    found: list[tuple[int, str, str]] = []
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    for node in ast.walk(tree_of(path)):
        if isinstance(node, ast.Import):
            found += [
                (node.lineno, f"import {alias.name}", alias.name)
                for alias in node.names
                if alias.name.split(".")[0] == "pbnscore"
            ]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, *([base] if base else [])])
            if base.split(".")[0] != "pbnscore":
                continue
            for alias in node.names:
                written = f"from {'.' * node.level}{node.module or ''} import {alias.name}"
                sub = f"{base}.{alias.name}"
                found.append((node.lineno, written, sub if sub in modules else base))
    return found


# Imports by a name the code builds (``import_module(f"pbnscore.{name}")``):
# the module, the name with ``{}`` for each part filled in at run time, and
# what it can load. test_every_built_import_name_is_declared fails on one
# not listed here, naming it.
BUILT_NAMES: dict[tuple[str, str], tuple[str, ...]] = {
    ("pbnscore", "pbnscore.{}"): tuple(
        f"pbnscore.{name}" for name in ("usebio", "pbn", "report", "explanation", "seasons")
    ),
    ("pbnscore.report", "pbnscore.report.{}"): tuple(
        f"pbnscore.report.{name}" for name in ("json", "text", "html", "csv", "season", "explain")
    ),
    ("pbnscore.validate", "pbnscore.{}"): ("pbnscore.pbn", "pbnscore.usebio"),
}


def _entry_point_groups() -> dict[str, dict[str, str]]:
    """pyproject's entry points by group (``pbnscore.strategies``: name -> ``module:attr``)."""
    import tomllib

    pyproject = PACKAGE.parent.parent / "pyproject.toml"
    if not pyproject.is_file():
        return {}
    groups: dict[str, dict[str, str]] = tomllib.loads(pyproject.read_text(encoding="utf-8"))[
        "project"
    ].get("entry-points", {})
    return groups


def _docstring_nodes(tree: ast.Module) -> set[int]:
    return {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
        and node.body
        and isinstance(node.body[0], ast.Expr)
    }


def imports_by_name(
    module: str,
    path: Path,
    modules: dict[str, Path],
    groups: dict[str, dict[str, str]],
    built: dict[tuple[str, str], tuple[str, ...]],
) -> list[tuple[int, str, str]]:
    """The imports ``ast`` does not see as imports: a module that holds
    another's name as a string (a table of modules that ``import_module``
    loads, an entry point ``module:attr``) or the name of an entry-point
    group (whose entries it loads) is taken to import it; a name built at
    run time imports what ``built`` says it can."""
    found: list[tuple[int, str, str]] = []
    tree = tree_of(path)
    docstrings = _docstring_nodes(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            if id(node) in docstrings:
                continue
            name = node.value.partition(":")[0]
            # A module's own packages are loaded before it: naming one
            # (``resources.files("pbnscore.serve")``) loads nothing new.
            if "." in name and name in modules and not module.startswith(f"{name}."):
                found.append((node.lineno, f"{node.value!r} (by name)", name))
            for entry in groups.get(node.value, {}).values():
                loaded = entry.partition(":")[0].strip()
                said = f"{node.value!r} (entry point {entry})"
                found.append((node.lineno, said, loaded))
        elif isinstance(node, ast.JoinedStr):
            pattern = "".join(
                str(part.value) if isinstance(part, ast.Constant) else "{}" for part in node.values
            )
            if pattern.startswith("pbnscore.") and "{}" in pattern:
                for loaded in built.get((module, pattern), ("?",)):
                    found.append((node.lineno, f"f{pattern!r} (by name)", loaded))
    return found


def graph_of(
    package: Path,
    groups: dict[str, dict[str, str]],
    built: dict[tuple[str, str], tuple[str, ...]],
) -> dict[str, list[tuple[int, str, str]]]:
    """Each module's imports, static and by name."""
    modules = modules_of(package)
    return {
        module: [
            *imports_of(module, path, modules),
            *imports_by_name(module, path, modules, groups, built),
        ]
        for module, path in modules.items()
    }


GRAPH: dict[str, list[tuple[int, str, str]]] = graph_of(PACKAGE, _entry_point_groups(), BUILT_NAMES)


def where(module: str, line: int, written: str) -> str:
    return f"{MODULES[module].relative_to(PACKAGE.parent)}:{line}: {written}"


def test_the_modules_are_found() -> None:
    assert "pbnscore.model" in MODULES and "pbnscore.usebio._reader" in MODULES
    assert all(edges is not None for edges in GRAPH.values())


def test_every_module_belongs_to_a_part() -> None:
    unplaced = [m for m in MODULES if m != "pbnscore" and m.split(".")[1] not in PARTS]
    assert not unplaced, f"modules in no part (add them to PARTS): {unplaced}"


def forbidden_imports(graph: dict[str, list[tuple[int, str, str]]]) -> list[str]:
    wrong = []
    for module, edges in graph.items():
        part = part_of(module)
        for line, written, target in edges:
            if target == "pbnscore" and module != "pbnscore":
                wrong.append(f"{where(module, line, written)} (the package's __init__ from below)")
                continue
            if part is None or target not in MODULES:
                continue
            target_part = part_of(target)
            if target_part in FORBIDDEN.get(part, set()):
                wrong.append(f"{where(module, line, written)} ({part} imports {target_part})")
    return wrong


def test_no_part_imports_what_it_must_not_know() -> None:
    wrong = forbidden_imports(GRAPH)
    assert not wrong, "\n".join(wrong)


def private_format_imports(graph: dict[str, list[tuple[int, str, str]]]) -> list[str]:
    wrong = []
    for module, edges in graph.items():
        for line, written, target in edges:
            names = target.split(".")
            own = module.split(".")[:2] == names[:2]
            if len(names) > 2 and names[1] in ("pbn", "usebio") and names[2][0] == "_" and not own:
                wrong.append(f"{where(module, line, written)} (a format's private module)")
    return wrong


def test_no_module_reads_a_format_s_private_modules() -> None:
    wrong = private_format_imports(GRAPH)
    assert not wrong, "\n".join(wrong)


def test_a_private_format_import_is_named() -> None:
    graph = dict(GRAPH)
    added = _edges_of("from pbnscore.pbn._read_write_lexer import tokens")
    graph["pbnscore.report._dd"] = [*graph["pbnscore.report._dd"], *added]
    assert any("report/_dd.py" in line for line in private_format_imports(graph))


def circles(graph: dict[str, list[tuple[int, str, str]]]) -> list[list[str]]:
    """Each circle of imports found by a depth-first walk, as the modules
    round it."""
    found: list[list[str]] = []
    state: dict[str, int] = {}  # 1: on the walk's path, 2: done
    path: list[str] = []

    def visit(module: str) -> None:
        state[module] = 1
        path.append(module)
        for _, _, target in graph.get(module, []):
            if target not in graph or target == module:
                continue
            if state.get(target) == 1:
                found.append([*path[path.index(target) :], target])
            elif target not in state:
                visit(target)
        path.pop()
        state[module] = 2

    for module in graph:
        if module not in state:
            visit(module)
    return found


def test_no_circle_of_imports() -> None:
    """No circle, also through an import by name (a command loaded from the
    table of commands, a method from its entry point)."""
    found = circles(GRAPH)
    assert not found, "\n".join(" -> ".join(circle) for circle in found)


def test_imports_by_name_are_seen() -> None:
    """The by-name imports the package makes are edges of the graph."""
    edges = {(module, target) for module, found in GRAPH.items() for _, _, target in found}
    assert ("pbnscore.registry", "pbnscore.strategies.butler") in edges
    assert ("pbnscore.cli._commands", "pbnscore.cli._score") in edges
    assert ("pbnscore.validate", "pbnscore.usebio") in edges


def test_every_built_import_name_is_declared() -> None:
    """An import whose name is built at run time is listed in BUILT_NAMES
    with what it can load."""
    unknown = [
        where(module, line, written)
        for module, found in GRAPH.items()
        for line, written, target in found
        if target == "?"
    ]
    assert not unknown, "declare in BUILT_NAMES what these can load:\n" + "\n".join(unknown)
    built = {
        (module, match[1])
        for module, found in GRAPH.items()
        for _, written, _ in found
        if (match := re.fullmatch(r"f'(.*)' \(by name\)", written))
    }
    assert set(BUILT_NAMES) == built, "BUILT_NAMES lists a name no module builds"


@pytest.mark.parametrize(
    ("files", "groups"),
    [
        pytest.param(
            {
                "a.py": 'from importlib import import_module\nTABLE = {"b": "pbnscore.b"}\n'
                "def load(name):\n    return import_module(TABLE[name])\n",
                "b.py": "from pbnscore import a\n",
            },
            {},
            id="a table of module names",
        ),
        pytest.param(
            {
                "a.py": 'GROUP = "pbnscore.plugins"\n',
                "b.py": "from pbnscore.a import GROUP\n",
            },
            {"pbnscore.plugins": {"b": "pbnscore.b:B"}},
            id="an entry point",
        ),
        pytest.param(
            {
                "a.py": "from importlib import import_module\n"
                'def load(name):\n    return import_module(f"pbnscore.{name}")\n',
                "b.py": "import pbnscore.a\n",
            },
            {},
            id="a built name",
        ),
    ],
)
def test_a_circle_through_an_import_by_name_is_named(
    tmp_path: Path, files: dict[str, str], groups: dict[str, dict[str, str]]
) -> None:
    """A planted package whose only circle goes through an import by name."""
    package = tmp_path / "pbnscore"
    package.mkdir()
    (package / "__init__.py").write_text("")
    for name, text in files.items():
        (package / name).write_text(text)
    built: dict[tuple[str, str], tuple[str, ...]] = {("pbnscore.a", "pbnscore.{}"): ("pbnscore.b",)}
    static = {m: imports_of(m, p, modules_of(package)) for m, p in modules_of(package).items()}
    assert circles(static) == []
    found = circles(graph_of(package, groups, built))
    assert ["pbnscore.a", "pbnscore.b", "pbnscore.a"] in found, found


# The test's own teeth: each rule fails on an import the plan forbids.
@pytest.mark.parametrize(
    ("module", "statement", "said"),
    [
        ("pbnscore.model", "from pbnscore.pbn import loads", "model imports pbn format"),
        ("pbnscore.bridge", "import pbnscore.registry", "model imports method"),
        ("pbnscore.strategies.butler", "from pbnscore.report import text", "method imports output"),
        ("pbnscore.strategies._base", "from pbnscore.usebio import dumps", "method imports usebio"),
        (
            "pbnscore.pbn._writer",
            "from pbnscore.usebio._writer import write",
            "pbn format imports usebio",
        ),
        (
            "pbnscore.usebio._reader",
            "from pbnscore.pbn import _read_write_lexer",
            "usebio format imports pbn",
        ),
        ("pbnscore.report.text", "from pbnscore.cli import main", "output imports command line"),
        (
            "pbnscore.usebio",
            "from pbnscore.batch import Settings",
            "usebio format imports command line",
        ),
        ("pbnscore.seasons", "from pbnscore import score", "the package's __init__ from below"),
        ("pbnscore.watch", "import pbnscore", "the package's __init__ from below"),
    ],
)
def test_a_forbidden_import_is_named(module: str, statement: str, said: str) -> None:
    graph = dict(GRAPH)
    tree = ast.parse(statement)
    node = tree.body[0]
    assert isinstance(node, ast.Import | ast.ImportFrom)
    added = _edges_of(statement)
    graph[module] = [*graph[module], *added]
    wrong = forbidden_imports(graph)
    assert any(statement in line and said in line for line in wrong), wrong


def test_a_circle_is_named() -> None:
    graph = dict(GRAPH)
    graph["pbnscore.model"] = [
        *graph["pbnscore.model"],
        (1, "import pbnscore.bridge", "pbnscore.bridge"),
    ]
    assert any("pbnscore.bridge" in circle for circle in circles(graph))


def test_a_method_that_imports_explain_is_a_circle() -> None:
    """The explanation's types live apart from the function that runs a
    method to explain it: a method imports ``explanation``; one importing
    ``_explaining`` (which runs methods through the registry, which loads
    them by their entry points) closes a circle."""
    graph = dict(GRAPH)
    added = _edges_of("from pbnscore._explaining import explain")
    graph["pbnscore.strategies.butler"] = [*graph["pbnscore.strategies.butler"], *added]
    found = [circle for circle in circles(graph) if "pbnscore._explaining" in circle]
    assert any("pbnscore.registry" in circle for circle in found), found


def _edges_of(statement: str) -> list[tuple[int, str, str]]:
    node = ast.parse(statement).body[0]
    if isinstance(node, ast.Import):
        return [(1, statement, alias.name) for alias in node.names]
    assert isinstance(node, ast.ImportFrom) and node.module
    sub = f"{node.module}.{node.names[0].name}"
    return [(1, statement, sub if sub in MODULES else node.module)]


def test_the_builtin_methods_are_one_list_with_the_entry_points() -> None:
    """registry.BUILTINS (found without importlib.metadata) and pyproject's
    entry points (what pip installs) name the same methods in one order."""
    import tomllib

    from pbnscore import registry

    pyproject = PACKAGE.parent.parent / "pyproject.toml"
    if not pyproject.is_file():
        pytest.skip("not a source checkout")
    project = tomllib.loads(pyproject.read_text(encoding="utf-8"))["project"]
    declared = project["entry-points"][registry.GROUP]
    assert declared
    assert list(declared.items()) == list(registry.BUILTINS.items())


def test_every_public_class_and_function_says_what_it_is_for() -> None:
    """A docstring on each public class and function of the public modules
    (and on the method interface), and on each public method and property
    of their public classes (``Trace.note``, which plug-ins call), which the
    API reference is built from."""
    missing = []
    for module, path in MODULES.items():
        private = any(name.startswith("_") for name in module.split(".")[1:])
        if private and module not in ("pbnscore.strategies._base", "pbnscore.strategies._ranking"):
            continue
        for node in _public_definitions(tree_of(path).body):
            if not ast.get_docstring(node):
                missing.append(f"{path.relative_to(PACKAGE.parent)}:{node.lineno} {node.name}")
    assert not missing, "\n".join(missing)


def private_names_imported(module: str, tree: ast.Module, modules: set[str]) -> list[str]:
    """``from X import _name`` in ``module`` where ``_name`` is no module:
    a name another module takes is its interface and is spelt as one."""
    return [
        f"{module}:{node.lineno} from {node.module} import {alias.name}"
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("pbnscore")
        for alias in node.names
        if alias.name.startswith("_")
        and not alias.name.startswith("__")
        and f"{node.module}.{alias.name}" not in modules
    ]


def test_no_module_imports_another_s_private_names() -> None:
    """A private module's name is for the modules beside it; a function or
    class that one module imports from another has no underscore."""
    names = set(MODULES)
    found = [
        said
        for module, path in MODULES.items()
        for said in private_names_imported(module, tree_of(path), names)
    ]
    assert not found, "\n".join(found)


def test_a_planted_private_import_is_named() -> None:
    """The rule names an underscore function imported, not a private module."""
    planted = ast.parse("from pbnscore.report._view import _facts\nfrom pbnscore import _gc\n")
    said = private_names_imported("pbnscore.report.text", planted, set(MODULES))
    assert said == ["pbnscore.report.text:1 from pbnscore.report._view import _facts"]


ERROR_BASE = re.compile(r"(Error|Exception|Fault)$")


def errors_outside(module: str, tree: ast.Module) -> list[str]:
    """The public exception classes ``module`` defines: none but in
    ``pbnscore.errors`` (a module may re-export one under its own name). A
    private module's exceptions are its own business (a signal caught
    inside its package), as are private classes."""
    if module == "pbnscore.errors" or any(n.startswith("_") for n in module.split(".")[1:]):
        return []
    return [
        f"{module}:{node.lineno} {node.name}"
        for node in tree.body
        if isinstance(node, ast.ClassDef)
        and not node.name.startswith("_")
        and any(ERROR_BASE.search(ast.unparse(base)) for base in node.bases)
    ]


def test_every_public_error_is_in_errors() -> None:
    """Every exception a user can meet is a class of ``pbnscore.errors``,
    where the one hierarchy and the exit statuses are."""
    found = [
        said for module, path in MODULES.items() for said in errors_outside(module, tree_of(path))
    ]
    assert not found, "\n".join(found)


def test_a_planted_error_class_is_named() -> None:
    """The rule fails on an exception class in a public module."""
    planted = ast.parse("class RulingError(ValueError):\n    pass\n")
    assert errors_outside("pbnscore.corrections", planted) == ["pbnscore.corrections:1 RulingError"]
    assert errors_outside("pbnscore.pbn._reader", planted) == []


def modules_swapped(module: str, tree: ast.Module) -> list[str]:
    """Where ``module`` gives a module another class (``sys.modules[__name__].__class__
    = ...``, a module made callable): a module is a module, and a function
    of the package's face has a name no module has."""
    return [
        f"{module}:{node.lineno} {ast.unparse(target)} = ..."
        for node in ast.walk(tree)
        if isinstance(node, ast.Assign | ast.AugAssign | ast.AnnAssign)
        for target in (node.targets if isinstance(node, ast.Assign) else [node.target])
        if isinstance(target, ast.Attribute) and target.attr == "__class__"
    ]


def test_no_module_is_swapped_for_a_callable() -> None:
    """``pbnscore.explain`` is a function and ``pbnscore.explanation`` the
    module of its types; ``pbnscore.season`` is a function and
    ``pbnscore.seasons`` the package (docs/internals/architecture.md)."""
    found = [
        said for module, path in MODULES.items() for said in modules_swapped(module, tree_of(path))
    ]
    assert not found, "\n".join(found)


def test_a_planted_module_swap_is_named() -> None:
    planted = ast.parse("import sys\nsys.modules[__name__].__class__ = _Callable\n")
    assert modules_swapped("pbnscore.seasons", planted) == [
        "pbnscore.seasons:2 sys.modules[__name__].__class__ = ..."
    ]


def _public_definitions(body: list[ast.stmt]) -> Iterator[ast.ClassDef | ast.FunctionDef]:
    """The public classes and functions of a module's ``body``, and the
    public methods and properties of those classes (dunders excepted)."""
    for node in body:
        if not isinstance(node, ast.ClassDef | ast.FunctionDef) or node.name[0] == "_":
            continue
        yield node
        if isinstance(node, ast.ClassDef):
            yield from (
                member
                for member in node.body
                if isinstance(member, ast.FunctionDef) and member.name[0] != "_"
            )


# A module holds one concern whatever its length (docs/internals/architecture.md,
# "Rooms by concern"): a module is split when its concern splits, never to get under a
# number. MAX_MODULE_LINES is an alarm, not a target: a module past it is asked whether it
# still holds one concern (and listed in OVERSIZED, which may only shrink, if it does).
# A function over 80 lines is always too long.
MAX_MODULE_LINES = 1500
MAX_FUNCTION_LINES = 80
OVERSIZED: frozenset[str] = frozenset()


def test_no_room_is_too_big() -> None:
    too_big = []
    for module, path in MODULES.items():
        text = path.read_text(encoding="utf-8")
        lines = text.count("\n")
        if lines > MAX_MODULE_LINES and module not in OVERSIZED:
            too_big.append(f"{path.relative_to(PACKAGE.parent)}: {lines} lines")
        for node in ast.walk(tree_of(path)):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                length = (node.end_lineno or node.lineno) - node.lineno + 1
                if length > MAX_FUNCTION_LINES:
                    where_ = f"{path.relative_to(PACKAGE.parent)}:{node.lineno}"
                    too_big.append(f"{where_}: {node.name} is {length} lines")
    assert not too_big, "\n".join(too_big)
    grown_small = [m for m in OVERSIZED if MODULES[m].read_text().count("\n") <= MAX_MODULE_LINES]
    assert not grown_small, f"split now: take them off OVERSIZED: {grown_small}"


# -- Point only at what ships ------------------------------------------------------------
# A comment or docstring in src/, tests/ or bench/ cites a page of docs/, a Law
# or a public standard's section. Never a ticket, a file a clone does not hold
# (the project's contract, the working notes beside the repository) or a
# README section: the README is the tour, the manual is the site.
ROOT = PACKAGE.parent.parent
CITING_TREES = ("src", "tests", "bench")
README = "a README section: cite the docs page"
UNSHIPPED = (
    (re.compile(r"\bissues?\s*#?\d+", re.IGNORECASE), "a ticket"),
    (re.compile(r"\bCONTRACT(?:\.md|'s\b|\s*:|,?\s+\"[A-Z])"), "CONTRACT.md, not in a clone"),
    (
        re.compile(
            r"[\w-]+-notes\.md|\b(?:USEBIO|PBN|BWS)[ -]notes\b|notes §|§[\d.]+ of the notes"
        ),
        "notes not in a clone",
    ),
    (re.compile(r"\bREADME\b"), README),
)
DOCS_PAGE = re.compile(r"\bdocs/[\w/.-]+\.md\b")
# The tests of the README itself, and this rule, name it.
ABOUT_THE_README = frozenset(
    {"tests/test_docs.py", "tests/test_readme.py", "tests/test_architecture.py"}
)


def comments_and_docstrings(source: str) -> Iterator[tuple[int, str]]:
    """(line, text) of each comment and each line of each docstring."""
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.COMMENT:
            yield token.start[0], token.string
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            first = node.body[0] if node.body else None
            if (
                isinstance(first, ast.Expr)
                and isinstance(first.value, ast.Constant)
                and isinstance(first.value.value, str)
            ):
                for offset, line in enumerate(first.value.value.splitlines()):
                    yield first.lineno + offset, line


def unshipped_citations(root: Path) -> list[str]:
    """``file:line: why: text`` for each citation in ``root``'s trees that
    points at what a clone does not hold, or at a docs page that is not there."""
    found = []
    for tree in CITING_TREES:
        for path in sorted((root / tree).rglob("*.py")):
            name = path.relative_to(root).as_posix()
            for line, text in comments_and_docstrings(path.read_text(encoding="utf-8")):
                why = [
                    said
                    for pattern, said in UNSHIPPED
                    if pattern.search(text) and not (said == README and name in ABOUT_THE_README)
                ]
                why += [
                    f"no page {page}"
                    for page in DOCS_PAGE.findall(text)
                    if not (root / page).is_file()
                ]
                found += [f"{name}:{line}: {said}: {text.strip()}" for said in why]
    return found


def test_comments_cite_only_what_ships() -> None:
    if not (ROOT / "docs").is_dir():
        pytest.skip("not a source checkout")
    found = unshipped_citations(ROOT)
    assert not found, "\n".join(found)


@pytest.mark.parametrize(
    ("planted", "said"),
    # The planted citations are built from parts, so that this file holds no
    # citation of a ticket or a README section for a search of the tree to find.
    [
        ("# the cap (" + "issue" + " 12)", "a ticket"),
        ('"""As CONTRACT.md says."""', "CONTRACT.md"),
        ("x = 1  # (CONTRACT: one face)", "CONTRACT.md"),
        ("# section 7 of reference/USEBIO-notes.md", "notes"),
        ("# as PBN notes §4.5 say", "notes"),
        ("# (README" + ' "Did not play")', "README"),
        ("# (docs/reference/nowhere.md)", "no page docs/reference/nowhere.md"),
    ],
)
def test_a_planted_unshipped_citation_is_named(tmp_path: Path, planted: str, said: str) -> None:
    (tmp_path / "docs" / "reference").mkdir(parents=True)
    (tmp_path / "docs" / "reference" / "choices.md").write_text("# Choices\n")
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "fine.py").write_text(
        '"""A <CONTRACT> element (docs/reference/choices.md, Law 78B)."""\n'
    )
    assert unshipped_citations(tmp_path) == []
    (tmp_path / "src" / "planted.py").write_text(f"{planted}\n")
    (found,) = unshipped_citations(tmp_path)
    assert found.startswith("src/planted.py:1: ") and said in found
