"""The one place that runs a CP-SAT solver and maps its status.

``search`` is the enumeration loop every CP-SAT model uses: solve; read the assignment; let the
model *refine* it (a lazy model adds cuts for an assignment that breaks a rule its constraints
leave out, and says which valid solutions the assignment holds); record each new solution and
block it; repeat until the solution limit, infeasibility (= the space is exhausted) or the deadline.
Re-solving with a blocking constraint works with every encoding (auxiliary variables need not
be functionally determined by the solution) and keeps presolve fully enabled.

``enumerate`` is the other idiom: one solve with ``enumerate_all_solutions`` and a solution
callback that calls ``stop_search()`` at the limit. It is exact only for models in which every
variable is a function of the solution (one assignment per solution), and only with ONE worker
(with several, CP-SAT reports some solutions twice and misses others: docs/encodings.md), so
``enumerate`` forces ``num_workers = 1``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from ortools.sat.python import cp_model

from ..encoding.loops import keep_refined
from ..puzzles.solving import Deadline, Limit, SolveResult, Status, finish

DEFAULT_WORKERS = 1


def new_solver(seconds: float | None, workers: int = DEFAULT_WORKERS, **params: Any) -> cp_model.CpSolver:
    solver = cp_model.CpSolver()
    p = solver.parameters
    p.num_workers = workers
    if seconds is not None:
        p.max_time_in_seconds = max(seconds, 1e-3)
    for k, v in params.items():
        setattr(p, k, v)
    return solver


def run(model: cp_model.CpModel, deadline: Deadline, workers: int = DEFAULT_WORKERS,
        **params: Any) -> tuple[Status, cp_model.CpSolver | None]:
    """Solve once within the deadline: ``(Status.SOLVED | UNSAT | TIMEOUT, solver)``; the solver
    is None when the deadline had already passed (nothing was run, nothing can be read)."""
    remaining = deadline.remaining()
    if remaining is not None and remaining <= 0:
        return Status.TIMEOUT, None
    solver = new_solver(remaining, workers, **params)
    status = solver.solve(model)
    if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return Status.SOLVED, solver
    if status == cp_model.INFEASIBLE:
        return Status.UNSAT, solver
    if status == cp_model.MODEL_INVALID:
        raise RuntimeError(f"CP-SAT model invalid: {model.validate()}")
    return Status.TIMEOUT, solver


class _Collector(cp_model.CpSolverSolutionCallback):
    def __init__(self, read: Callable, limit: int) -> None:
        super().__init__()
        self.read, self.limit = read, limit
        self.found: list = []
        self.stopped = False

    def on_solution_callback(self) -> None:
        self.found.append(self.read(self))
        if len(self.found) >= self.limit:
            self.stopped = True
            self.stop_search()


def enumerate(
    backend: str,
    model: cp_model.CpModel,
    limit: Limit,
    *,
    read: Callable[[Any], Any],
    deadline: Deadline | None = None,
    stats: dict[str, Any] | None = None,
) -> SolveResult:
    """Enumerate with CP-SAT's own solution enumeration (see the module docstring for when this
    is exact). ``read`` receives the callback, which has ``boolean_value`` like a solver."""
    deadline = deadline or Deadline(limit.seconds)
    stats = stats if stats is not None else {}
    collector = _Collector(read, limit.solutions)
    remaining = deadline.remaining()
    solver = new_solver(remaining, 1, enumerate_all_solutions=True)
    status = solver.solve(model, collector)
    stats.update(solver_calls=1, conflicts=solver.num_conflicts)
    if status == cp_model.MODEL_INVALID:
        raise RuntimeError(f"CP-SAT model invalid: {model.validate()}")
    exhausted = status in (cp_model.OPTIMAL, cp_model.INFEASIBLE) and not collector.stopped
    timed_out = not exhausted and not collector.stopped
    if len(set(collector.found)) != len(collector.found):  # guard the one-assignment premise
        raise RuntimeError("CP-SAT enumeration returned a solution twice")
    return finish(backend, collector.found, exhausted=exhausted, timed_out=timed_out,
                  deadline=deadline, stats=stats)


Refine = Callable[[Any], Iterable[Any]]


def search(
    backend: str,
    model: cp_model.CpModel,
    limit: Limit,
    *,
    read: Callable[[cp_model.CpSolver], Any],
    block: Callable[[Any], None],
    refine: Refine | None = None,
    workers: int = DEFAULT_WORKERS,
    deadline: Deadline | None = None,
    stats: dict[str, Any] | None = None,
    params: dict[str, Any] | None = None,
) -> SolveResult:
    """Enumerate up to ``limit.solutions`` distinct solutions.

    ``read(solver)`` turns the assignment into a candidate; ``refine(candidate)`` (lazy models)
    returns the valid solutions it yields (``[candidate]`` when it is valid) after adding cuts
    to the model that exclude the candidate if it is not; ``block(solution)`` adds a constraint
    that removes exactly that solution. ``params``: CpSolver parameters for every solve (e.g. a
    lazy model re-solved many times may skip presolve).
    """
    deadline = deadline or Deadline(limit.seconds)
    stats = stats if stats is not None else {}
    stats.setdefault("solver_calls", 0)
    found: list = []
    seen: set = set()
    exhausted = timed_out = False
    while len(found) < limit.solutions:
        status, solver = run(model, deadline, workers, **(params or {}))
        if solver is None:
            timed_out = True
            break
        stats["solver_calls"] += 1
        stats["conflicts"] = stats.get("conflicts", 0) + solver.num_conflicts
        if status == Status.UNSAT:
            exhausted = True
            break
        if status == Status.TIMEOUT:
            timed_out = True
            break
        if not keep_refined(read(solver), refine, seen, block, found, limit.solutions):
            timed_out = True
            break
    return finish(backend, found, exhausted=exhausted, timed_out=timed_out, deadline=deadline,
                  stats=stats)
