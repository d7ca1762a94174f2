"""Test-wide settings, and the one place that knows where the shared samples live.

The real files from real programs sit beside the repository in ``../shared/samples``
(``pbn/``, ``usebio/``); they are read in place, never copied in. A fresh clone has
no ``../shared``: every test that needs it then skips with the one reason below.
Tests get the folder from the ``shared_samples`` fixture, or, to parametrize at
collection time, from ``shared_sample_params`` / ``shared_sample_files``; none works
the path out for itself.
"""

from __future__ import annotations

from pathlib import Path
from typing import Final

import pytest
from _pytest.mark import ParameterSet
from hypothesis import settings

SHARED_SAMPLES: Final = Path(__file__).resolve().parents[2] / "shared" / "samples"

# No per-example deadline: property tests here check answers, not speed
# (bench/ measures speed), and a deadline fails them on a busy machine.
settings.register_profile("pbnscore", deadline=None)
settings.load_profile("pbnscore")


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
