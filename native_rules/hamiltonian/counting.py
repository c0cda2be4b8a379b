"""The ``dp`` backend of the hamiltonian kind: the frontier DP (``frontier.py``) behind the
backend contract.

* ``solve(puzzle, limit)``: counts exactly, then lists the first ``limit.solutions`` paths by
  rank (unranking through the stored layers: no search, no dead ends). ``exhausted`` is True
  when every path was listed; the exact total is in ``stats["total"]`` either way.
* ``count(puzzle, limit)``: the count-only mode (DESIGN.md) used by ``gridsolve count``: the
  exact number in ``SolveResult.total``, whatever ``limit.solutions`` says; no layers are kept,
  so memory stays at two frontier layers.

Both stop with status ``timeout`` at the deadline (``stops_at_deadline``: the DP checks it at
every cell) and ``error`` when the frontier outgrows ``max_states`` (the grid is too wide for this
method).
"""

from __future__ import annotations

from gridsolve.puzzles.hamiltonian import HamiltonianPuzzle, HamiltonianSolution
from gridsolve.puzzles.solving import Deadline, Limit, SolveResult, Status, stops_at_deadline

from . import frontier

STORE_MAX_STATES = 2_000_000  # keeping every layer (for listing paths) is affordable below this


def _too_large(deadline: Deadline, exc: frontier.TooLarge) -> SolveResult:
    return SolveResult("dp", Status.ERROR, seconds=deadline.elapsed(), error=str(exc))


@stops_at_deadline("dp")
def solve(puzzle: HamiltonianPuzzle, limit: Limit = Limit(), *,
          max_states: int = STORE_MAX_STATES) -> SolveResult:
    deadline = Deadline(limit.seconds)
    try:
        table = frontier.build(puzzle, store=True, max_states=max_states, deadline=deadline)
    except frontier.TooLarge as exc:
        return _too_large(deadline, exc)
    n = min(table.total, limit.solutions)
    head = puzzle.prefix[:-1]
    sols = tuple(HamiltonianSolution(head + table.unrank(i)) for i in range(n))
    status = Status.SOLVED if sols else Status.UNSAT
    return SolveResult("dp", status, sols, exhausted=table.total <= limit.solutions,
                       seconds=deadline.elapsed(),
                       stats={"total": table.total, "peak_states": table.peak_states})


@stops_at_deadline("dp")
def count(puzzle: HamiltonianPuzzle, limit: Limit = Limit(), *,
          max_states: int = frontier.DEFAULT_MAX_STATES) -> SolveResult:
    deadline = Deadline(limit.seconds)
    try:
        table = frontier.build(puzzle, max_states=max_states, deadline=deadline)
    except frontier.TooLarge as exc:
        return _too_large(deadline, exc)
    status = Status.SOLVED if table.total else Status.UNSAT
    return SolveResult("dp", status, (), exhausted=True, seconds=deadline.elapsed(),
                       stats={"peak_states": table.peak_states}, total=table.total)
