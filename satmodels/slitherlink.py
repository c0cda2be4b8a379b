"""Slitherlink as CNF (python-sat) with lazy subtour cuts on one incremental solver.

Rules: one closed loop along grid edges, never crossing or touching itself; a clue n = n of the
cell's four edges are on the loop; at least one edge is drawn.

Encoding (``IDPool`` keys): ``("e", edge)`` = the edge is on the loop.
* ``add_single_loop``: every vertex has 0 or 2 loop edges (``vocabulary.add_cycle_degrees``), at least
  one edge, and the loop's connectivity by subtour cuts added while a model has several loops
  (``encoding.slitherlink.refine_single_loop``, shared with ``cpsat-lazy``);
* ``add_clue_counts``: exactly n of the cell's four edges (``CardEnc``);
* ``add_inside_colouring`` (on by default): ``("in", cell)`` per cell and ``edge = in(a) XOR
  in(b)`` for the two cells it separates, so the drawing bounds a region; it prunes most
  multi-loop drawings before any cut.
Why the cuts keep every solution: docs/encodings.md.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..encoding.slitherlink import refine_single_loop
from ..puzzles import grid
from ..puzzles.slitherlink import SlitherlinkPuzzle, SlitherlinkSolution
from ..puzzles.solving import NO_DEADLINE, Deadline, DeadlineExpired, Limit, SolveResult, stops_at_deadline
from . import vocabulary

if TYPE_CHECKING:
    from . import backbone_search


def edge_var(cnf: vocabulary.Cnf, e) -> int:
    return cnf.var(("e", e))


def add_single_loop(cnf: vocabulary.Cnf, puzzle: SlitherlinkPuzzle, deadline: Deadline = NO_DEADLINE) -> None:
    """Degree 0 or 2 at every vertex and at least one edge (connectivity: the lazy cuts)."""
    rows, cols = puzzle.rows, puzzle.cols
    vocabulary.add_cycle_degrees(cnf, {v: [edge_var(cnf, e) for e in grid.vertex_edges(rows, cols, v)]
                                       for v in grid.vertices(rows, cols)}, deadline)


def add_clue_counts(cnf: vocabulary.Cnf, puzzle: SlitherlinkPuzzle) -> None:
    for cell, n in puzzle.numbered_cells():
        cnf.equals([edge_var(cnf, e) for e in grid.cell_edges(cell)], n)


def add_inside_colouring(cnf: vocabulary.Cnf, puzzle: SlitherlinkPuzzle,
                         deadline: Deadline = NO_DEADLINE) -> None:
    for e in deadline.each(grid.edges(puzzle.rows, puzzle.cols), every=1000):  # ~10 ms each
        x = edge_var(cnf, e)
        sides = [cnf.var(("in", c)) for c in grid.edge_cells(puzzle.rows, puzzle.cols, e)]
        if len(sides) == 1:
            (a,) = sides
            cnf.extend([[-x, a], [x, -a]])
        else:
            a, b = sides
            cnf.extend([[-x, a, b], [-x, -a, -b], [x, -a, b], [x, a, -b]])


def build(puzzle: SlitherlinkPuzzle, deadline: Deadline, colouring: bool = True,
          fixed: tuple[frozenset, frozenset] | None = None) -> vocabulary.Cnf:
    """The CNF without its lazy cuts (edge variables first: 1..number of edges)."""
    cnf = vocabulary.Cnf()
    edges = grid.edges(puzzle.rows, puzzle.cols)
    for e in deadline.each(edges, every=1000):
        edge_var(cnf, e)
    add_single_loop(cnf, puzzle, deadline)
    add_clue_counts(cnf, puzzle)
    deadline.check()
    if colouring:
        add_inside_colouring(cnf, puzzle, deadline)
        deadline.check()
    cnf.add([edge_var(cnf, e) for e in edges])  # at least one edge
    if fixed is not None:
        on, off = fixed
        cnf.extend([[edge_var(cnf, e)] for e in on] + [[-edge_var(cnf, e)] for e in off])
    return cnf


def callbacks(puzzle: SlitherlinkPuzzle, cnf: vocabulary.Cnf, stats: dict):
    """``read``, ``refine`` and ``block`` of the search loop (the lazy single loop)."""
    ids = [(e, edge_var(cnf, e)) for e in grid.edges(puzzle.rows, puzzle.cols)]

    def read(model: list[int]) -> SlitherlinkSolution:
        used = frozenset(e for e, v in ids if model[v - 1] > 0)
        return SlitherlinkSolution(puzzle.rows, puzzle.cols, used)

    def refine(candidate: SlitherlinkSolution, add_clause):
        def add_cut(cut):
            add_clause(vocabulary.subtour_clause(lambda e: edge_var(cnf, e), cut))

        return refine_single_loop(puzzle, candidate, add_cut, stats)

    def block(solution: SlitherlinkSolution) -> list[int]:
        return [-edge_var(cnf, e) for e in solution.edges]

    return read, refine, block


@stops_at_deadline("sat")
def solve(
    puzzle: SlitherlinkPuzzle,
    limit: Limit = Limit(),
    *,
    solver: str = vocabulary.DEFAULT_SOLVER,
    colouring: bool = True,
    backend: str = "sat",
    fixed: tuple[frozenset, frozenset] | None = None,
) -> SolveResult:
    """``fixed``: a partial state (edges known on the loop, edges known off it), imposed as unit
    clauses -- sound deductions (``rules+sat``) leave the count unchanged."""
    deadline = Deadline(limit.seconds)
    cnf = build(puzzle, deadline, colouring, fixed)
    stats = {"cuts": 0}
    read, refine, block = callbacks(puzzle, cnf, stats)
    return vocabulary.search(backend, cnf, limit, read=read, block=block, refine=refine,
                       solver_name=solver, deadline=deadline, stats=stats)


def backbone(puzzle: SlitherlinkPuzzle, limit: Limit = Limit(), *, given: dict | None = None,
             solver: str = vocabulary.DEFAULT_SOLVER,
             fixed: tuple[frozenset, frozenset] | None = None) -> backbone_search.Backbone:
    """The solutions up to ``limit`` and the edges every solution (that keeps ``given``: edge ->
    on the loop or not) draws, leaves out, or disagrees on. ``fixed``: as in ``solve``, edges
    known in every solution of the puzzle (unit clauses, where ``given`` is assumed)."""
    from . import backbone_search  # loaded by the backbone's callers only (explain, hint, the page)

    deadline = Deadline(limit.seconds)
    stats = {"cuts": 0}
    try:
        cnf = build(puzzle, deadline, fixed=fixed)
    except DeadlineExpired:
        return backbone_search.Backbone(complete=False, stats=stats)
    read, refine, block = callbacks(puzzle, cnf, stats)
    model = backbone_search.Model(cnf, {e: edge_var(cnf, e) for e in grid.edges(puzzle.rows, puzzle.cols)},
                            read, block, lambda s: s.edges, refine, solver)
    return backbone_search.backbone(model, limit=limit.solutions, deadline=deadline, given=given, stats=stats)
