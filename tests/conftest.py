"""Test-wide settings, and the one place that knows where the shared samples live.

The real files from real programs sit beside the repository in ``../shared/samples``
(``pbn/``, ``usebio/``); they are read in place, never copied in. A fresh clone has
no ``../shared``: every test that needs it then skips with the one reason below.
Tests get the folder from the ``shared_samples`` fixture, or, to parametrize at
collection time, from ``shared_sample_params`` / ``shared_sample_files``; none works
the path out for itself.
"""

from __future__ import annotations

import gc
import os
from collections.abc import Generator, Iterator, Mapping
from pathlib import Path
from typing import Any, Final

import pytest
from _pytest.mark import ParameterSet
from hypothesis import HealthCheck, settings

SHARED_SAMPLES: Final = Path(__file__).resolve().parents[2] / "shared" / "samples"

# Property tests check answers, not speed (bench/ measures speed): no
# per-example deadline and no too-slow health check, both of which a busy
# machine fails. Locally hypothesis searches afresh each run (and replays what
# it found failing, from .hypothesis/); in CI (CI set, as .ci/run has it) it
# tries the same examples every run, so that a red build is the code's doing.
# A failure found either way is pinned with @example beside its test.
_QUIET: dict[str, Any] = {"deadline": None, "suppress_health_check": [HealthCheck.too_slow]}
settings.register_profile(
    "pbnscore", **_QUIET, derandomize=False
)  # hypothesis alone takes any CI variable, CI=false too
settings.register_profile("pbnscore-ci", **_QUIET, derandomize=True, database=None, print_blob=True)


def ci_is_set(environ: Mapping[str, str]) -> bool:
    """CI set to anything but empty, 0 or false (CI services and .ci/run say true)."""
    return environ.get("CI", "").lower() not in ("", "0", "false")


IN_CI: Final = ci_is_set(os.environ)
settings.load_profile("pbnscore-ci" if IN_CI else "pbnscore")

# PBNSCORE_LONG_PROPERTIES=1: the slowest property tests, trimmed to a budget
# for the everyday run, search as long as they once did (see ``examples``).
LONG_PROPERTIES: Final = os.environ.get("PBNSCORE_LONG_PROPERTIES") == "1"


def examples(budget: int, *, long: int) -> settings:
    """A slow property test's examples: ``budget`` in the everyday run, ``long``
    with PBNSCORE_LONG_PROPERTIES=1."""
    return settings(max_examples=long if LONG_PROPERTIES else budget)


# The shared samples known not to read, each with the line that says why.
# Tests over every sample leave them out, and test_known_samples asserts each
# is refused so: every other sample must read and score, and one that stops
# doing so fails, never skips.
REFUSED_SAMPLES: Final[Mapping[str, str]] = {
    # The PBN standard's own sample of broken files.
    "errors_20.pbn": "errors_20.pbn:117: tag pair not closed before the end of the game",
}
# The samples and fixtures known to hold no result (hand records: deals
# only), asserted so by test_known_samples; every other file holds some.
NO_RESULTS: Final = frozenset({"dealer4_hash_inheritance_RR5.pbn", "hand-record.pbn"})


def no_shared_samples() -> str:
    """The one line a test skips with where ../shared is absent."""
    return f"no shared samples at {SHARED_SAMPLES} (a fresh clone has none)"


@pytest.fixture(scope="session")
def shared_samples() -> Path:
    """The shared ``samples`` folder (``pbn/``, ``usebio/`` under it); skips where absent."""
    if not SHARED_SAMPLES.is_dir():
        pytest.skip(no_shared_samples())
    return SHARED_SAMPLES


def shared_sample_files(*patterns: str, exclude: tuple[str, ...] = ()) -> list[Path]:
    """The shared samples matching ``patterns`` (relative, e.g. ``"usebio/*.xml"``), sorted.

    Empty where the folder is absent: for lists that also hold this repository's own
    fixtures. A test over the samples alone takes ``shared_sample_params`` instead, so
    that an empty set is a visible skip rather than no test at all.
    """
    if not SHARED_SAMPLES.is_dir():
        return []
    return [
        path
        for pattern in patterns
        for path in sorted(SHARED_SAMPLES.glob(pattern))
        if path.is_file() and path.name not in exclude
    ]


def shared_sample_params(*patterns: str, exclude: tuple[str, ...] = ()) -> list[ParameterSet]:
    """``shared_sample_files`` as ``pytest.param``s named by file; one skipped case where none.

    For ``@pytest.mark.parametrize("path", shared_sample_params("pbn/*"))``. The skipped
    case carries the samples folder as its path, and the reason, so a run without the
    samples says so once per test instead of silently collecting nothing.
    """
    paths = shared_sample_files(*patterns, exclude=exclude)
    if paths:
        return [pytest.param(path, id=path.name) for path in paths]
    wanted = " or ".join(patterns)
    reason = f"no {wanted} in {SHARED_SAMPLES}" if SHARED_SAMPLES.is_dir() else no_shared_samples()
    skip = pytest.mark.skip(reason=reason)
    return [pytest.param(SHARED_SAMPLES, id="no-samples", marks=skip)]


@pytest.fixture(scope="session", autouse=True)
def children_keep_their_bytecode(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Where PYTHONDONTWRITEBYTECODE is set, each ``python -m pbnscore`` a test
    starts would compile the package afresh (about half its start-up, most of
    the suite's time in processes): the processes the tests start write their
    bytecode to a folder of this run's own instead. Nothing is written into
    the source tree, and this process's own setting is left as it is."""
    if not os.environ.get("PYTHONDONTWRITEBYTECODE"):
        yield
        return
    with pytest.MonkeyPatch.context() as patch:
        patch.delenv("PYTHONDONTWRITEBYTECODE")
        patch.setenv("PYTHONPYCACHEPREFIX", str(tmp_path_factory.mktemp("bytecode")))
        yield


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Generator[None]:
    """After a module's last test, what is still alive is set aside from the
    collector for the rest of the run (``gc.freeze``), once its garbage is
    collected. What lives that long (every test item, the imported modules,
    the samples a module caches for its cases) was otherwise walked again
    at each full collection: about a third of the collector's time, which
    is some 7% of the in-process tests' CPU. Within a module the collector
    works as ever."""
    yield
    if nextitem is None or nextitem.path != item.path:
        gc.collect()
        gc.freeze()


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--skip-install",
        metavar="REASON",
        help="skip the tests marked install (they build the wheel and install it into "
        "fresh environments); the reason is printed with each skip",
    )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    reason = config.getoption("--skip-install")
    if reason is None:
        return
    if not reason.strip():
        raise pytest.UsageError("--skip-install needs a reason")
    skip = pytest.mark.skip(reason=f"--skip-install: {reason}")
    for item in items:
        if item.get_closest_marker("install"):
            item.add_marker(skip)
