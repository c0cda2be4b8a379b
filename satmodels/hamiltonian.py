"""Hamiltonian paths (the one-way labyrinth) as CNF (python-sat), with lazy cut clauses on one
incremental solver.

Rules: one line through every free cell exactly once, by steps to orthogonal neighbours, from the
start to the end cell, beginning with the pre-drawn prefix if there is one.

Encoding (``IDPool`` keys): ``("e", a, b)`` = the line steps between neighbouring free cells a < b.
* ``add_single_path``: the start and the end have exactly one line edge, every other free cell
  exactly two (``vocabulary.add_path_degrees``);
* ``add_prefix``: the prefix's steps are unit clauses (the degrees then exclude the rest at its
  inner cells);
* connectivity is left out. A model is a set of edges in which every cell has its degree: one
  start-end path plus possibly disjoint cycles. For every piece with cell set S (each cycle, and
  the path when there are cycles) the cut clause ``OR(edges leaving S)`` is added to the same
  solver (``encoding.loops.subtour_cuts``, ``vocabulary.subtour_clause``), and it solves again.
  Paths are enumerated with blocking clauses ``OR(not e, e in path)``.

Why the cuts never remove a solution (so counting is exact): docs/encodings.md;
``tests/hamiltonian/test_paths.py`` compares the enumerated sets with a brute force on small grids.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..encoding.loops import subtour_cuts
from ..puzzles.hamiltonian import HamiltonianPuzzle, HamiltonianSolution, path_from_edges
from ..puzzles.solving import Deadline, DeadlineExpired, Limit, SolveResult, Status, stops_at_deadline
from . import vocabulary

if TYPE_CHECKING:
    from . import backbone_search


def edge_key(a, b):
    return ("e",) + ((a, b) if a < b else (b, a))


def grid_edges(puzzle: HamiltonianPuzzle) -> list[tuple]:
    out = []
    for a in puzzle.free_cells():
        for b in ((a[0], a[1] + 1), (a[0] + 1, a[1])):
            if puzzle.is_free(b):
                out.append((a, b))
    return out


def incident_edges(puzzle: HamiltonianPuzzle, cell) -> list[tuple]:
    """The grid edges at a free cell, each as (smaller cell, larger cell)."""
    return [(cell, n) if cell < n else (n, cell) for n in puzzle.neighbours(cell)]


def add_single_path(cnf: vocabulary.Cnf, puzzle: HamiltonianPuzzle) -> None:
    """Degree 1 at the start and the end, 2 elsewhere (connectivity: the lazy cuts)."""
    vocabulary.add_path_degrees(cnf, {c: [cnf.var(edge_key(*e)) for e in incident_edges(puzzle, c)]
                                for c in puzzle.free_cells()}, (puzzle.start, puzzle.end))


def add_prefix(cnf: vocabulary.Cnf, puzzle: HamiltonianPuzzle) -> None:
    for a, b in zip(puzzle.prefix, puzzle.prefix[1:], strict=False):
        cnf.add([cnf.var(edge_key(a, b))])


def build(puzzle: HamiltonianPuzzle, deadline: Deadline) -> vocabulary.Cnf:
    """The CNF without its lazy cuts."""
    cnf = vocabulary.Cnf()
    for e in grid_edges(puzzle):
        cnf.var(edge_key(*e))
    deadline.check()
    add_single_path(cnf, puzzle)
    add_prefix(cnf, puzzle)
    deadline.check()
    return cnf


def callbacks(puzzle: HamiltonianPuzzle, cnf: vocabulary.Cnf, deadline: Deadline, stats: dict):
    """``read``, ``refine`` and ``block`` of the search loop (the lazy connectivity cuts)."""
    ids = [(e, cnf.var(edge_key(*e))) for e in grid_edges(puzzle)]

    def read(model: list[int]) -> list[tuple]:
        return [e for e, v in ids if model[v - 1] > 0]

    def refine(used: list[tuple], add_clause):
        cuts = subtour_cuts(used, lambda c: incident_edges(puzzle, c))
        deadline.check(building=False)
        if not cuts:
            return [HamiltonianSolution(path_from_edges(puzzle.start, used))]
        for cut in cuts:
            add_clause(vocabulary.subtour_clause(lambda e: cnf.var(edge_key(*e)), cut, with_piece=False))
        stats["cuts"] += len(cuts)
        return []

    def block(solution: HamiltonianSolution) -> list[int]:
        return [-cnf.var(edge_key(a, b)) for a, b in zip(solution.path, solution.path[1:], strict=False)]

    return read, refine, block


@stops_at_deadline("sat")
def solve(puzzle: HamiltonianPuzzle, limit: Limit = Limit(), *, solver: str = vocabulary.DEFAULT_SOLVER,
          backend: str = "sat") -> SolveResult:
    deadline = Deadline(limit.seconds)
    if puzzle.free_count() == 1:  # start == end, nothing to connect
        return SolveResult(backend, Status.SOLVED, (HamiltonianSolution((puzzle.start,)),), True,
                           deadline.elapsed())
    cnf = build(puzzle, deadline)
    stats = {"cuts": 0}
    read, refine, block = callbacks(puzzle, cnf, deadline, stats)
    return vocabulary.search(backend, cnf, limit, read=read, block=block, refine=refine,
                       solver_name=solver, deadline=deadline, stats=stats)


def backbone(puzzle: HamiltonianPuzzle, limit: Limit = Limit(), *, given: dict | None = None,
             solver: str = vocabulary.DEFAULT_SOLVER) -> backbone_search.Backbone:
    """The solutions up to ``limit`` and the steps (grid edges between free cells, as (smaller
    cell, larger cell)) that every path (that keeps ``given``: edge -> on the path or not) takes,
    avoids, or disagrees on."""
    from . import backbone_search  # loaded by the backbone's callers only (explain, hint, the page)

    deadline = Deadline(limit.seconds)
    if puzzle.free_count() == 1:
        return backbone_search.Backbone([HamiltonianSolution((puzzle.start,))], True)
    stats = {"cuts": 0}
    try:
        cnf = build(puzzle, deadline)
    except DeadlineExpired:
        return backbone_search.Backbone(complete=False, stats=stats)
    read, refine, block = callbacks(puzzle, cnf, deadline, stats)
    model = backbone_search.Model(cnf, {e: cnf.var(edge_key(*e)) for e in grid_edges(puzzle)}, read, block,
                            lambda s: s.edges(), refine, solver)
    return backbone_search.backbone(model, limit=limit.solutions, deadline=deadline, given=given, stats=stats)


def completable(puzzle: HamiltonianPuzzle, seconds: float | None = None) -> bool | None:
    """Has the puzzle (a partial walk) at least one completion? None if the time ran out."""
    r = solve(puzzle, Limit(seconds=seconds, solutions=1))
    if r.status == Status.SOLVED:
        return True
    if r.status == Status.UNSAT:
        return False
    return None


class WalkSolver:
    """Completion checks for a walk that only grows, on ONE incremental solver: the degree
    clauses once, the walked steps as unit clauses as the walk extends, the move under test as
    an assumption, and every cut clause kept for later checks (the cuts hold for every path of
    the base puzzle, so they stay sound as the walk grows). Used as the oracle's ``finder``.
    A few checks are hard under the assumption but easy with the move as a unit clause, so each
    call gets a conflict budget and, past it, the question goes to a fresh model (``solve``);
    both answers are exact."""

    def __init__(self, puzzle: HamiltonianPuzzle, solver: str = vocabulary.DEFAULT_SOLVER) -> None:
        from pysat.solvers import Solver

        self.base = HamiltonianPuzzle(puzzle.rows, puzzle.cols, puzzle.start, puzzle.end, puzzle.blocked)
        self.cnf = vocabulary.Cnf()
        self.ids = [(e, self.cnf.var(edge_key(*e))) for e in grid_edges(self.base)]
        add_single_path(self.cnf, self.base)
        # every check runs under a conflict budget: the solver must be stoppable
        name = vocabulary.check_solver_name(solver, limited=True)
        self.solver = Solver(name=name, bootstrap_with=self.cnf.clauses)
        self.fixed: tuple = (puzzle.start,)
        self.cuts = 0
        self.budget = 5000  # conflicts per incremental call before a fresh model decides
        self.fresh = 0
        self.adj = {a: [(b, self.cnf.var(edge_key(a, b))) for b in self.base.neighbours(a)]
                    for a in self.base.free_cells()}

    def _trace(self, model: list[int], start) -> list:
        """Follow the model's edges from ``start`` until the line ends or closes."""
        out = [start]
        prev, cur = None, start
        adj = self.adj
        while True:
            nxt = None
            for b, v in adj[cur]:
                if b != prev and model[v - 1] > 0:
                    nxt = b
                    break
            if nxt is None or nxt == start:
                return out
            out.append(nxt)
            prev, cur = cur, nxt

    def close(self) -> None:
        self.solver.delete()

    def extends(self, puzzle: HamiltonianPuzzle) -> bool:
        same = (puzzle.rows, puzzle.cols, puzzle.start, puzzle.end, puzzle.blocked) == (
            self.base.rows, self.base.cols, self.base.start, self.base.end, self.base.blocked)
        return same and puzzle.walked()[: len(self.fixed)] == self.fixed

    def completion(self, puzzle: HamiltonianPuzzle):
        """A completion of the walk (its cells), or None if it has none. The puzzle must extend
        the walk seen so far (``extends``); all but its last step become permanent."""
        walked = puzzle.walked()
        for a, b in zip(walked[len(self.fixed) - 1: -2], walked[len(self.fixed): -1], strict=True):
            self.solver.add_clause([self.cnf.var(edge_key(a, b))])
        self.fixed = walked[:-1] if len(walked) > 1 else walked
        assume = [self.cnf.var(edge_key(walked[-2], walked[-1]))] if len(walked) > 1 else []
        if self.base.free_count() == 1:
            return (self.base.start,)
        while True:
            self.solver.conf_budget(self.budget)
            ok = self.solver.solve_limited(assumptions=assume)
            if ok is None:  # hard under an assumption: decide it on a fresh model instead
                self.fresh += 1
                r = solve(puzzle, Limit(solutions=1))
                return r.solutions[0].path if r.solutions else None
            if not ok:
                return None
            model = vocabulary.model_of(self.solver)
            path = self._trace(model, self.base.start)
            if len(path) == len(self.adj):
                return tuple(path)
            parts = [set(path)]
            seen = set(path)
            for cell in self.adj:
                if cell not in seen:
                    cycle = self._trace(model, cell)
                    seen.update(cycle)
                    parts.append(set(cycle))
            for cells in parts:
                self.solver.add_clause([v for a in cells for b, v in self.adj[a] if b not in cells])
                self.cuts += 1
