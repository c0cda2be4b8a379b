"""Shared test helpers: where the fixtures and the shared data corpora are."""

from __future__ import annotations

from pathlib import Path

import pytest

from benchmarks.common import DATA as SHARED_DATA  # one place says where the shared corpora are
from benchmarks.common import ROOT

FIXTURES = ROOT / "tests" / "data"


def shared(*parts: str) -> Path:
    """A path inside ../shared/data; skips the test cleanly when the corpora are absent."""
    path = SHARED_DATA.joinpath(*parts)
    if not path.exists():
        pytest.skip(f"shared data not present: {path} (set GRIDSOLVE_DATA to its folder)")
    return path
