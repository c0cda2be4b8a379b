"""Shared test helpers: where the fixtures and the shared data corpora are."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ROOT / "tests" / "data"
SHARED_DATA = Path(os.environ.get("GRIDSOLVE_DATA", ROOT.parent / "shared" / "data"))


def shared(*parts: str) -> Path:
    """A path inside ../shared/data; skips the test cleanly when the corpora are absent."""
    path = SHARED_DATA.joinpath(*parts)
    if not path.exists():
        pytest.skip(f"shared data not present: {path} (set GRIDSOLVE_DATA to its folder)")
    return path
