"""The CNF half of the shared encoding vocabulary, and the python-sat idioms, written once:
``IDPool``-keyed variables and ``CardEnc`` cardinalities (``Cnf``), the degree rules of a single
cycle (``add_cycle_degrees``: 0 or 2) and of a single path (``add_path_degrees``: 1 at its ends,
2 elsewhere), subtour cuts as clauses (``subtour_clause``), time limits that really stop the
solver, and the incremental enumeration / lazy-cut loop on ONE solver (``search``). What each
states and why the cuts are sound: docs/encodings.md.

Time limits: Glucose, MiniSat and friends are stopped by ``interrupt()`` from a ``Timer`` while
``solve_limited(expect_interrupt=True)`` runs. python-sat's CaDiCaL bindings do not implement
``interrupt()`` (they raise NotImplementedError), but they honour conflict budgets, so CaDiCaL is
run in slices of ``conf_budget`` conflicts with the clock checked between slices; the solver keeps
its learnt clauses across slices, and the slice size adapts to keep each slice near 50 ms (or a
longer ``slice_seconds``, at most 2 % of the time left).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from itertools import combinations
from typing import Any

from pysat.card import CardEnc, EncType
from pysat.formula import IDPool
from pysat.solvers import NoSuchSolverError, Solver, SolverNames

from ..encoding.loops import Node, SubtourCut, keep_refined
from ..puzzles.solving import NO_DEADLINE, Deadline, Limit, SolveResult, finish

DEFAULT_SOLVER = "cadical195"
SOLVERS = tuple(sorted(n for n in vars(SolverNames) if not n.startswith("_")))
# Every caller here solves one instance again and again (enumeration, lazy cuts, walk checks).
# python-sat's Kissat is not incremental: its second call aborts the whole process ("kissat:
# fatal error: calling 'kissat_solve': incremental solving not supported"), so it is refused.
NOT_INCREMENTAL = frozenset({"kissat404"})
# python-sat cannot stop Lingeling before it finishes: no ``interrupt()``, no conflict budget
# ("Limited solve is currently unsupported by Lingeling"); refused where a caller must stop it.
UNSTOPPABLE = frozenset({"lingeling"})
SLICE_SECONDS = 0.05


class Cnf:
    """A CNF under construction: keyed variables and clauses."""

    def __init__(self) -> None:
        self.pool = IDPool()
        self.clauses: list[list[int]] = []

    def var(self, key: Any) -> int:
        return self.pool.id(key)

    def add(self, clause: Iterable[int]) -> None:
        self.clauses.append(list(clause))

    def extend(self, clauses: Iterable[Iterable[int]]) -> None:
        self.clauses.extend(list(c) for c in clauses)

    def equals(self, lits: Sequence[int], k: int) -> None:
        """Exactly k of lits (CardEnc, sequential counter; trivial cases without auxiliaries)."""
        if k < 0 or k > len(lits):
            self.add([])
        elif k == 0:
            self.extend([-v] for v in lits)
        elif k == len(lits):
            self.extend([v] for v in lits)
        else:
            self.extend(CardEnc.equals(lits, bound=k, vpool=self.pool, encoding=EncType.seqcounter).clauses)

    def atmost(self, lits: Sequence[int], k: int) -> None:
        if k < len(lits):
            self.extend(CardEnc.atmost(lits, bound=k, vpool=self.pool, encoding=EncType.seqcounter).clauses)


def add_cycle_degrees(cnf: Cnf, incident: Mapping[Hashable, Sequence[int]],
                      deadline: Deadline = NO_DEADLINE) -> None:
    """Every node has 0 or 2 of its edges: an edge has a neighbour edge at each end
    (``e -> OR(other edges at v)``), and no three edges meet (one clause per triple).
    ``deadline`` is checked every 1000 nodes (a 120x120 grid's 14 641 vertices take ~0.1 s)."""
    for lits in deadline.each(incident.values(), every=1000):
        for x in lits:
            cnf.add([-x] + [y for y in lits if y != x])
        for a, b, c in combinations(lits, 3):
            cnf.add([-a, -b, -c])


def add_path_degrees(cnf: Cnf, incident: Mapping[Hashable, Sequence[int]], ends: Iterable[Hashable]) -> None:
    """A path through every node: its ends have exactly one edge, every other node exactly two."""
    ends = set(ends)
    for v, lits in incident.items():
        cnf.equals(lits, 1 if v in ends else 2)


def subtour_clause(lit: Callable[[tuple[Node, Node]], int], cut: SubtourCut[Node],
                   with_piece: bool = True) -> list[int]:
    """The cut of one piece: ``not all of piece, or one of leaving`` (a cycle), or only ``one of
    leaving`` (``with_piece=False``: a path through every node)."""
    return ([-lit(e) for e in cut.piece] if with_piece else []) + [lit(f) for f in cut.leaving]


def usable_solvers() -> list[str]:
    """The solvers this python-sat build has (some it names are not compiled in: constructing
    them raises NoSuchSolverError) that can solve incrementally and be stopped."""
    usable = []
    for n in SOLVERS:
        if n in NOT_INCREMENTAL | UNSTOPPABLE:
            continue
        try:
            Solver(name=n).delete()
        except NoSuchSolverError:
            continue
        usable.append(n)
    return usable


def check_solver_name(name: str, limited: bool = False) -> str:
    """``name`` if python-sat knows it, can solve incrementally and (``limited``: the caller stops
    it at a deadline or a conflict budget) can be stopped; else ValueError naming the solvers
    that can."""
    if name not in SOLVERS:
        raise ValueError(f"unknown SAT solver {name!r} (python-sat knows: {', '.join(SOLVERS)})")
    if name in NOT_INCREMENTAL:
        raise ValueError(f"SAT solver {name!r} cannot solve incrementally in python-sat; "
                         f"use one of: {', '.join(usable_solvers())}")
    if limited and name in UNSTOPPABLE:
        raise ValueError(f"SAT solver {name!r} cannot be stopped at a time limit by python-sat; "
                         f"run it without a limit or use one of: {', '.join(usable_solvers())}")
    return name


def limited_solve(solver: Solver, name: str, deadline: Deadline, state: dict,
                  assumptions: Sequence[int] = ()) -> bool | None:
    """True / False (under ``assumptions``), or None when the deadline passed first."""
    remaining = deadline.remaining()
    if remaining is None:
        return solver.solve(assumptions=assumptions)
    if remaining <= 0:
        return None
    if name.startswith("cadical"):
        budget = state.setdefault("budget", 2000)
        while True:
            solver.conf_budget(budget)
            t0 = time.perf_counter()
            result = solver.solve_limited(assumptions=assumptions)
            if result is not None:
                return result
            if deadline.expired():
                return None
            took = time.perf_counter() - t0
            # a slice of at most 2 % of the time left (the overshoot), at least SLICE_SECONDS
            left = deadline.remaining() or 0.0
            want = min(state.get("slice", SLICE_SECONDS), max(SLICE_SECONDS, 0.02 * left))
            budget = int(min(max(budget * want / max(took, 1e-4), 500), 200_000))
            state["budget"] = budget
    timer = threading.Timer(remaining, solver.interrupt)
    timer.start()
    try:
        result = solver.solve_limited(assumptions=assumptions, expect_interrupt=True)
    finally:
        timer.cancel()
        solver.clear_interrupt()
    return result


def model_of(solver: Solver) -> list[int]:
    """The model the solver's last call found (python-sat types it optional: None after a call
    that found none, which the callers have ruled out)."""
    model = solver.get_model()
    if model is None:
        raise RuntimeError("the solver has no model: its last call found none")
    return model


LOAD_BATCH = 100_000  # clauses handed to the solver between two looks at the clock


def load(solver: Solver, clauses: list[list[int]], deadline: Deadline) -> None:
    """The clauses into the solver, in batches with the deadline checked between them (a large
    formula takes seconds to load)."""
    for i in range(0, len(clauses), LOAD_BATCH):
        deadline.check()
        solver.append_formula(clauses[i:i + LOAD_BATCH])


def search(
    backend: str,
    cnf: Cnf,
    limit: Limit,
    *,
    read: Callable[[list[int]], Any],
    block: Callable[[Any], list[int]],
    refine: Callable[[Any, Callable[[list[int]], Any]], Iterable[Any]] | None = None,
    solver_name: str = DEFAULT_SOLVER,
    deadline: Deadline | None = None,
    stats: dict[str, Any] | None = None,
    options: dict[str, int] | None = None,
    slice_seconds: float = SLICE_SECONDS,
) -> SolveResult:
    """Enumerate up to ``limit.solutions`` distinct solutions on ONE incremental solver.

    ``read(model)`` turns a model into a candidate; ``refine(candidate, add_clause)`` (lazy
    models) adds cuts through ``add_clause`` that exclude an invalid candidate and returns the
    valid solutions it yields (``[candidate]`` when valid); ``block(solution)`` returns the
    clause that excludes exactly that solution. ``options``: CaDiCaL options (``configure``; other
    solvers ignore them); ``slice_seconds``: CaDiCaL's longest slice between two looks at the clock
    (each slice restarts its search, which costs where many rounds are long).
    """
    deadline = deadline or Deadline(limit.seconds)
    stats = stats if stats is not None else {}
    stats.update(solver=solver_name, solver_calls=0, variables=cnf.pool.top, clauses=len(cnf.clauses))
    found: list = []
    seen: set = set()
    exhausted = timed_out = False
    state: dict = {"slice": slice_seconds}
    with Solver(name=check_solver_name(solver_name, limited=deadline.remaining() is not None)) as solver:
        if options and solver_name.startswith("cadical"):
            solver.configure(options)  # before any clause
        load(solver, cnf.clauses, deadline)
        while len(found) < limit.solutions:
            result = limited_solve(solver, solver_name, deadline, state)
            stats["solver_calls"] += 1
            if result is None:
                timed_out = True
                break
            if result is False:
                exhausted = True
                break
            cuts = refine and (lambda c: refine(c, solver.add_clause))
            if not keep_refined(read(model_of(solver)), cuts, seen,
                                lambda sol: solver.add_clause(block(sol)), found, limit.solutions):
                timed_out = True
                break
        stats.update(solver.accum_stats() or {})
    return finish(backend, found, exhausted=exhausted, timed_out=timed_out, deadline=deadline,
                  stats=stats)
