"""The deduction engine, then the SAT model, for Slitherlink: ``rules+sat``. The engine
(``native_rules.slitherlink.deduce``) decides what it can; the SAT model (``satmodels.slitherlink``)
solves and counts on the edges it leaves unknown, which are imposed as unit clauses. It composes
two backends, which is why it sits above them, in the combined layer.

Every deduction of the engine holds in every solution (docs/slitherlink.md), so the count is exact.
When the engine decides every edge, its loop is the only solution and the SAT model is not
called; when it meets a contradiction there is none.
"""

from __future__ import annotations

import dataclasses
import time
from typing import Any

from ..native_rules.slitherlink.deduce import Contradiction, deduce
from ..puzzles.slitherlink import SlitherlinkPuzzle
from ..puzzles.solving import Limit, SolveResult, Status

BACKEND = "rules+sat"
# probing trials per edge before the SAT model takes over: the janko puzzles the engine completes
# need fewer (docs/slitherlink.md), so more would only delay SAT on the puzzles it does not
PROBE_BUDGET = 1.2
PROBE_SHARE = 0.5  # the share of the time limit probing may take before the SAT model gets the rest


def front(puzzle: SlitherlinkPuzzle, seconds: float | None = None, depth: int = 1):
    """The engine as ``rules+sat`` runs it before SAT: probing to ``depth`` within PROBE_BUDGET
    trials per edge and PROBE_SHARE of ``seconds``. Raises ``Contradiction`` (no solution)."""
    stop = None if seconds is None else time.perf_counter() + seconds * PROBE_SHARE
    return deduce(puzzle, depth, stop, int(PROBE_BUDGET * (puzzle.rows + 1) * (puzzle.cols + 1) * 2))


def rules_then_sat(puzzle: SlitherlinkPuzzle, limit: Limit = Limit(), *, solver: str | None = None,
                   depth: int = 1) -> SolveResult:
    """``solver``: as in ``satmodels.slitherlink.solve``; ``depth``: the engine's probing depth
    (0-2) before the SAT model takes over."""
    t0 = time.perf_counter()
    try:
        eng = front(puzzle, limit.seconds, depth)
        done = eng.complete()
    except Contradiction as exc:
        return SolveResult(BACKEND, Status.UNSAT, exhausted=True, seconds=time.perf_counter() - t0,
                           note=f"contradiction: {exc}")
    took = time.perf_counter() - t0
    stats = {f"rules_{k}": v for k, v in eng.stats().items()}
    stats.update(rules_seconds=round(took, 6), unknown_after_rules=eng.unknown)
    if done:  # every edge decided: the engine's loop is the only solution
        return SolveResult(BACKEND, Status.SOLVED, (eng.solution(),), exhausted=True, seconds=took,
                           stats=stats)
    # imported here: a puzzle the engine completes needs no SAT model (nor pysat)
    from ..satmodels.slitherlink import solve as sat_solve

    seconds = None if limit.seconds is None else max(1e-3, limit.seconds - took)
    options: dict[str, Any] = {} if solver is None else {"solver": solver}
    r = sat_solve(puzzle, Limit(seconds, limit.solutions), fixed=(eng.lines(), eng.crosses()),
                  backend=BACKEND, **options)
    return dataclasses.replace(r, seconds=r.seconds + took, stats=dict(r.stats, **stats))
