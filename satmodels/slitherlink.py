"""Slitherlink as CNF (python-sat) with lazy subtour cuts on one incremental solver.

Rules: one closed loop along grid edges, never crossing or touching itself; a clue n = n of the
cell's four edges are on the loop; at least one edge is drawn.

Encoding (variables named in an ``IDPool``): ``("e", edge)`` = the edge is on the loop.
* ``add_vertex_degrees``: every vertex has 0 or 2 loop edges -- no edge without a neighbour
  (``e -> OR(other edges at v)``) and no three edges at a vertex (one clause per triple);
* ``add_clue_counts``: exactly n of the cell's four edges, by ``CardEnc.equals``;
* ``add_inside_colouring`` (on by default): ``("in", cell)`` per cell and
  ``edge = in(a) XOR in(b)`` for the two cells it separates (outside the grid = false), so the
  drawing is the boundary of a region; this prunes most multi-loop drawings before any cut;
* at least one edge.

Connectivity is left out and enforced lazily: each model is split into its loops; while there
is more than one, every loop C with vertex set S gets the subtour cut
``OR(not e for e in C) or OR(f for f leaving S)``, added to the same solver (no rebuild), and
the solver runs again. Solutions are counted by blocking clauses ``OR(not e for e in loop)``.

Why the cuts never remove a valid solution (so counting is exact): let L be a valid single loop
containing every edge of C. C is a closed cycle and every vertex has degree <= 2, so no other
edge of L touches S and L is C itself, which uses no edge leaving S. So among valid solutions the
cut removes only "C alone" -- and that candidate is checked before the cut is added: if it
satisfies every clue it is recorded (and then blocked like every recorded solution). Every other
assignment the cut removes holds C plus edges away from S: two or more loops, never a solution.
The same holds with the colouring, which every single loop satisfies (its inside is determined).
``tests/test_slitherlink_cuts.py`` checks this by exhaustive comparison on small grids.
"""

from __future__ import annotations

from itertools import combinations

from gridsolve.puzzles import grid
from gridsolve.puzzles.slitherlink import SlitherlinkPuzzle, SlitherlinkSolution, subtour_cuts
from gridsolve.puzzles.solving import Deadline, Limit, SolveResult

from . import _cnf


def edge_var(cnf: _cnf.Cnf, e) -> int:
    return cnf.var(("e", e))


def add_vertex_degrees(cnf: _cnf.Cnf, puzzle: SlitherlinkPuzzle) -> None:
    for v in grid.vertices(puzzle.rows, puzzle.cols):
        lits = [edge_var(cnf, e) for e in grid.vertex_edges(puzzle.rows, puzzle.cols, v)]
        for x in lits:
            cnf.add([-x] + [y for y in lits if y != x])
        for a, b, c in combinations(lits, 3):
            cnf.add([-a, -b, -c])


def add_clue_counts(cnf: _cnf.Cnf, puzzle: SlitherlinkPuzzle) -> None:
    for cell, n in puzzle.numbered_cells():
        cnf.equals([edge_var(cnf, e) for e in grid.cell_edges(cell)], n)


def add_inside_colouring(cnf: _cnf.Cnf, puzzle: SlitherlinkPuzzle) -> None:
    for e in grid.edges(puzzle.rows, puzzle.cols):
        x = edge_var(cnf, e)
        sides = [cnf.var(("in", c)) for c in grid.edge_cells(puzzle.rows, puzzle.cols, e)]
        if len(sides) == 1:
            (a,) = sides
            cnf.extend([[-x, a], [x, -a]])
        else:
            a, b = sides
            cnf.extend([[-x, a, b], [-x, -a, -b], [x, -a, b], [x, a, -b]])


def add_at_least_one_edge(cnf: _cnf.Cnf, puzzle: SlitherlinkPuzzle) -> None:
    cnf.add([edge_var(cnf, e) for e in grid.edges(puzzle.rows, puzzle.cols)])


def solve(
    puzzle: SlitherlinkPuzzle,
    limit: Limit = Limit(),
    *,
    solver: str = _cnf.DEFAULT_SOLVER,
    colouring: bool = True,
    backend: str = "sat",
) -> SolveResult:
    deadline = Deadline(limit.seconds)
    cnf = _cnf.Cnf()
    edges = grid.edges(puzzle.rows, puzzle.cols)
    for e in edges:  # edge variables first: 1..len(edges)
        edge_var(cnf, e)
    add_vertex_degrees(cnf, puzzle)
    add_clue_counts(cnf, puzzle)
    if colouring:
        add_inside_colouring(cnf, puzzle)
    add_at_least_one_edge(cnf, puzzle)
    ids = [(e, edge_var(cnf, e)) for e in edges]
    stats = {"cuts": 0}

    def read(model: list[int]) -> SlitherlinkSolution:
        used = frozenset(e for e, v in ids if model[v - 1] > 0)
        return SlitherlinkSolution(puzzle.rows, puzzle.cols, used)

    def refine(candidate: SlitherlinkSolution, add_clause):
        cuts = subtour_cuts(puzzle, candidate.edges)
        for cut in cuts:
            add_clause([-edge_var(cnf, e) for e in cut.piece] + [edge_var(cnf, f) for f in cut.leaving])
        stats["cuts"] += len(cuts)
        if not cuts:
            return [candidate]
        return [SlitherlinkSolution(puzzle.rows, puzzle.cols, c.piece) for c in cuts if c.alone_is_solution]

    def block(solution: SlitherlinkSolution) -> list[int]:
        return [-edge_var(cnf, e) for e in solution.edges]

    return _cnf.search(backend, cnf, limit, read=read, block=block, refine=refine,
                       solver_name=solver, deadline=deadline, stats=stats)
