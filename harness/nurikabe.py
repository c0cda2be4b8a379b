"""``heuristics+sat`` for Nurikabe: the J essay's heuristics (``native_rules.nurikabe``) decide
what they can, then the SAT model (``satmodels.nurikabe``) solves and counts on the remaining
free cells -- so the benchmark shows what the hand rules buy a declarative solver. It composes
two backends, which is why it sits above them, in the harness layer.

The decided cells are imposed as unit clauses and also cut the model down: the SAT model's reaches
are computed with the partial state (``puzzles.nurikabe.reach``: no decided wall cell, no cell of or
next to another number's decided white cells, within k - |C| steps of the number's own decided
white cells C), so the cardinality and distance encodings shrink with them (janko #1055_40x57:
182 000 -> 74 000 variables, 19.4 s -> 10.5 s, one run each after the other on 2026-11-23).

The count is exact (``exhausted``) when the SAT search is exhausted and every deduction of the
heuristics is known sound for the puzzle (see ``native_rules/nurikabe/__init__.py``). Puzzles
with a "?" number, which the essay's encoding cannot hold, go to the SAT model unreduced.
"""

from __future__ import annotations

import dataclasses
import time

from native_rules.nurikabe import heuristic_state
from puzzles.nurikabe import NurikabePuzzle
from puzzles.solving import Limit, SolveResult
from satmodels.nurikabe import solve as sat_solve

BACKEND = "heuristics+sat"


def heuristics_then_sat(puzzle: NurikabePuzzle, limit: Limit = Limit(), *,
                        solver: str | None = None) -> SolveResult:
    """``solver``: as in ``satmodels.nurikabe.solve`` (by default by the grid's size)."""
    t0 = time.perf_counter()
    partial, sound = (None, True) if puzzle.has_unknown_clues() else heuristic_state(puzzle)
    took = time.perf_counter() - t0
    seconds = None if limit.seconds is None else max(1e-3, limit.seconds - took)
    r = sat_solve(puzzle, Limit(seconds, limit.solutions), solver=solver, fixed=partial, backend=BACKEND)
    stats = dict(r.stats, heuristics_seconds=round(took, 6))
    if partial is not None:
        stats["free_after_heuristics"] = len(partial.undecided)
    return dataclasses.replace(r, exhausted=r.exhausted and sound, seconds=r.seconds + took, stats=stats)
