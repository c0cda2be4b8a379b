"""Slitherlink glue between the registry and the seed's generator: the declarative uniqueness
test of the generator's ``sat`` mode (new beside the paper's normal and hard modes)."""

from __future__ import annotations

from collections.abc import Callable

from gridsolve.puzzles.slitherlink import KIND, SlitherlinkPuzzle
from gridsolve.puzzles.solving import Limit

from . import registry
from .run import run


def uniqueness_counter(backend: str = "sat", seconds: float | None = None) -> Callable:
    """``--mode sat``: a declarative backend that counts up to 2 solutions; unique = exactly one,
    proved (a timeout counts as not unique, so the number stays). ValueError for a backend that
    is not declarative or not available here."""
    b = registry.get(KIND, backend)
    if b.family not in ("sat", "cpsat"):
        raise ValueError(f"--counter {backend}: choose a declarative backend (sat, cpsat, ...)")
    ok, why = b.available()
    if not ok:
        raise ValueError(f"backend {backend} is not available here: {why}")

    def unique(puzzle: SlitherlinkPuzzle) -> bool:
        r = run(b, puzzle, Limit(seconds=seconds, solutions=2))
        if r.error:
            raise RuntimeError(f"{backend}: {r.error}")
        return r.unique is True

    return unique
