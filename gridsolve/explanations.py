"""``gridsolve.explain``: what a puzzle's solutions share and where they differ (docs/explain.md).

    p = gridsolve.read("puzzle.txt")
    e = gridsolve.explain(p)                 # e.count, e.exhausted, e.unique
    e.fixed, e.differs                       # elements used by every solution / by only some
    gridsolve.explain(p, given=state_text)   # from a partial state: e.contradiction if none completes it
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # never run: relative to this folder, so a type checker finds harness/ on disk
    from ..harness.explain import DEFAULT_LIMIT, Explanation
else:  # the same names at run time, imported by name (docs/architecture.md, "How imports resolve")
    _harness = importlib.import_module("gridsolve.harness.explain")
    DEFAULT_LIMIT, Explanation = _harness.DEFAULT_LIMIT, _harness.Explanation

__all__ = ["explain", "Explanation"]


def explain(puzzle: Any, *, given: Any = None, limit: int = DEFAULT_LIMIT,
            timeout: float | None = None) -> Explanation:
    """Count up to ``limit`` solutions (``e.count``, exact when ``e.exhausted``) and find the
    backbone by incremental SAT: ``e.fixed`` (elements -- Slitherlink edges, Nurikabe wall cells,
    Hamiltonian steps, edge-matching (square, piece, rotation) -- used by every solution),
    ``e.unused`` (by none) and ``e.differs`` (by some); ``e.solutions`` holds two when there are
    several; ``e.to_json()`` writes the sets in the kind's solution form. ``given``: a partial
    state (text in any solution form, a solution object, or element -> used) assumed throughout;
    ``e.contradiction`` when no solution completes it. ``timeout``: seconds; when it stops the
    backbone, ``e.complete`` is False."""
    from . import _kind_of

    run = importlib.import_module("gridsolve.harness.explain").explain

    _kind_of(puzzle)
    if limit < 1:
        raise ValueError("explain: limit must be at least 1")
    return run(puzzle, given=given, limit=limit, seconds=timeout)
