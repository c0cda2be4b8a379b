"""``gridsolve.explain``: what a puzzle's solutions share and where they differ (docs/explain.md).

    p = gridsolve.read("puzzle.txt")
    e = gridsolve.explain(p)                 # e.count, e.exhausted, e.unique
    e.fixed, e.differs                       # elements used by every solution / by only some
    gridsolve.explain(p, given=state_text)   # from a partial state: e.contradiction if none completes it
"""

from __future__ import annotations

from typing import Any

from gridsolve.harness.explain import DEFAULT_LIMIT, Explanation

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
    from gridsolve.harness.explain import explain as run

    from . import _kind_of

    _kind_of(puzzle)
    if limit < 1:
        raise ValueError("explain: limit must be at least 1")
    return run(puzzle, given=given, limit=limit, seconds=timeout)
