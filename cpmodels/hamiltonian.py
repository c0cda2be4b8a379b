"""Hamiltonian paths (the one-way labyrinth) in OR-Tools CP-SAT.

Rules: one line through every free cell exactly once, by steps to orthogonal neighbours, from the
start to the end cell, beginning with the pre-drawn prefix if there is one.

Encoding: one node per free cell and two arc literals per pair of neighbouring free cells (one per
direction), except arcs into the start or out of the end. ``add_single_path`` states the path with
``vocabulary.add_single_path`` (a circuit closed by the fixed arc end -> start, no self-loops, so
every cell is visited). ``add_prefix`` fixes the prefix's arcs to true.

Every variable is a function of the path (its arcs, oriented from start to end), so each path has
exactly one assignment and CP-SAT's own enumeration (one worker, ``solving.enumerate``) counts
exactly.
"""

from __future__ import annotations

from ortools.sat.python import cp_model

from ..puzzles.hamiltonian import HamiltonianPuzzle, HamiltonianSolution
from ..puzzles.solving import Deadline, Limit, SolveResult, Status, stops_at_deadline
from . import solving, vocabulary


class _Model:
    def __init__(self, puzzle: HamiltonianPuzzle) -> None:
        self.puzzle = puzzle
        self.model = cp_model.CpModel()
        self.cells = puzzle.free_cells()
        self.arc: dict = {}
        for a in self.cells:
            if a == puzzle.end:
                continue
            for b in puzzle.neighbours(a):
                if b != puzzle.start:
                    self.arc[a, b] = self.model.new_bool_var(f"a{a}{b}")

    def read(self, solver) -> HamiltonianSolution:
        succ = {a: b for (a, b), lit in self.arc.items() if solver.boolean_value(lit)}
        path = [self.puzzle.start]
        while path[-1] in succ and len(path) <= len(self.cells):
            path.append(succ[path[-1]])
        return HamiltonianSolution(tuple(path))


def add_single_path(m: _Model) -> None:
    """One path from the start to the end through every free cell."""
    arcs = [(a, b, lit) for (a, b), lit in m.arc.items()]
    vocabulary.add_single_path(m.model, m.cells, arcs, m.puzzle.start, m.puzzle.end)


def add_prefix(m: _Model) -> None:
    for a, b in zip(m.puzzle.prefix, m.puzzle.prefix[1:], strict=False):
        m.model.add(m.arc[a, b] == 1)


@stops_at_deadline("cpsat")
def solve(puzzle: HamiltonianPuzzle, limit: Limit = Limit()) -> SolveResult:
    deadline = Deadline(limit.seconds)
    if puzzle.free_count() == 1:  # start == end: the one-cell path
        return SolveResult("cpsat", Status.SOLVED, (HamiltonianSolution((puzzle.start,)),), True,
                           deadline.elapsed())
    m = _Model(puzzle)
    deadline.check()
    add_single_path(m)
    add_prefix(m)
    deadline.check()
    return solving.enumerate("cpsat", m.model, limit, read=m.read, deadline=deadline)
