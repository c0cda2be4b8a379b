"""Hand rules, then the SAT model, for Nurikabe: ``heuristics+sat`` (the J essay's heuristics,
``native_rules.nurikabe``) and ``rules+sat`` (the stronger rules with contradiction probing beside
the port, ``native_rules.nurikabe.deduce``) decide what they can, then the SAT model
(``satmodels.nurikabe``) solves and counts on the remaining free cells -- so the benchmark shows
what the hand rules buy a declarative solver. They compose two backends, which is why they sit
above them, in the combined layer.

The decided cells are imposed as unit clauses and also cut the model down: the SAT model's reaches
are computed with the partial state (``encoding.nurikabe.reach``: no decided wall cell, no cell of or
next to another number's decided white cells, within k - |C| steps of the number's own decided
white cells C), so the cardinality and distance encodings shrink with them (docs/nurikabe.md).

The count is exact (``exhausted``) when the SAT search is exhausted and every deduction of the
rules is known sound for the puzzle (see ``native_rules/nurikabe/__init__.py`` for the essay's;
the stronger rules' always are). When ``rules`` leave no free cell, their grid -- checked -- is the
only solution and the SAT model is not called; when they meet a contradiction there is none.
Puzzles with a "?" number, which neither rule set takes, go to the SAT model unreduced.
"""

from __future__ import annotations

import dataclasses
import time

from gridsolve.native_rules.nurikabe import heuristic_state
from gridsolve.native_rules.nurikabe.deduce import Contradiction, deduce, verdict
from gridsolve.puzzles.nurikabe import NurikabePuzzle
from gridsolve.puzzles.solving import Deadline, Limit, SolveResult, Status
from gridsolve.satmodels.nurikabe import solve as sat_solve

BACKEND = "heuristics+sat"
RULES_BACKEND = "rules+sat"
# the share of the time limit ``rules+sat`` lets the probing take before the SAT model gets the rest
PROBE_SHARE = 0.5


def heuristics_then_sat(puzzle: NurikabePuzzle, limit: Limit = Limit(), *,
                        solver: str | None = None) -> SolveResult:
    """``solver``: as in ``satmodels.nurikabe.solve`` (by default by the grid's size)."""
    t0 = time.perf_counter()
    partial, sound = (None, True) if puzzle.has_unknown_clues() else heuristic_state(puzzle)
    took = time.perf_counter() - t0
    stats = {"heuristics_seconds": round(took, 6)}
    if partial is not None:
        stats["free_after_heuristics"] = len(partial.undecided)
    return _then_sat(puzzle, limit, solver, partial, sound, took, stats, BACKEND)


def rules_then_sat(puzzle: NurikabePuzzle, limit: Limit = Limit(), *, solver: str | None = None,
                   probe: bool = True) -> SolveResult:
    """``solver``: as in ``satmodels.nurikabe.solve``; ``probe``: contradiction probing after the
    rules (for at most ``PROBE_SHARE`` of the time limit)."""
    t0 = time.perf_counter()
    partial, stats = None, {}
    if not puzzle.has_unknown_clues():
        budget = Deadline(None if limit.seconds is None else limit.seconds * PROBE_SHARE)
        try:
            partial, stats = deduce(puzzle, budget, probe)
        except Contradiction as exc:
            return SolveResult(RULES_BACKEND, Status.UNSAT, exhausted=True, seconds=time.perf_counter() - t0,
                               note=f"contradiction: {exc}")
    took = time.perf_counter() - t0
    stats = {f"rules_{k}": v for k, v in stats.items()}
    stats["rules_seconds"] = round(took, 6)
    if partial is not None:
        stats["free_after_rules"] = len(partial.undecided)
        status = verdict(puzzle, partial)
        if status is not None:  # a complete grid: the SAT model has nothing left to decide
            return SolveResult(RULES_BACKEND, status, (partial,) if status == Status.SOLVED else (),
                               exhausted=True, seconds=took, stats=stats)
    return _then_sat(puzzle, limit, solver, partial, True, took, stats, RULES_BACKEND)


def _then_sat(puzzle, limit, solver, partial, sound, took, stats, backend) -> SolveResult:
    """The SAT model on what ``partial`` (None: nothing) leaves free, in the time left."""
    seconds = None if limit.seconds is None else max(1e-3, limit.seconds - took)
    r = sat_solve(puzzle, Limit(seconds, limit.solutions), solver=solver, fixed=partial, backend=backend)
    stats = dict(r.stats, **stats)
    return dataclasses.replace(r, exhausted=r.exhausted and sound, seconds=r.seconds + took, stats=stats)
