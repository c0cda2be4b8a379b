"""Slitherlink in OR-Tools CP-SAT, two single-loop encodings.

Rules: one closed loop along grid edges, never crossing or touching itself; a clue n = n of the
cell's four edges are on the loop; at least one edge is drawn.

``cpsat`` (``solve``) -- circuit encoding. One boolean ``inside[r, c]`` per cell. Every edge is
used iff the two cells it separates differ (outside the grid counts as outside), so the drawing
is always the boundary of the inside region. Each edge has two arc literals, one per direction,
and the direction is fixed by the colouring: the loop is walked clockwise, with the inside on the
walker's right. ``add_circuit`` over the lattice vertices, with a self-loop literal on every
vertex (true = the loop skips it), makes the arcs one single cycle. Because every arc and
self-loop is a function of the cells, each loop has exactly one assignment: the orientation
symmetry is broken exactly, not only for loops that touch the border. Redundant: vertex degree
``sum(edges at v) = 2 * (not skipped v)``; at least one inside cell.

``cpsat-lazy`` (``solve_lazy``) -- degree constraints only: edge booleans, ``sum(edges at v)`` in
{0, 2}, clue counts, at least one edge; no connectivity. Each assignment is split into its loops;
while there is more than one, every loop C (vertex set S) gets the subtour cut
``OR(not e for e in C) or OR(f for f leaving S)``, and the model is re-solved.

Why the cuts never remove a valid solution (so counting stays exact): take a valid single loop L
that contains every edge of C. C is a closed cycle and every vertex has degree at most 2, so L
can have no other edge at a vertex of S: L = C, and it uses no edge leaving S -- the cut removes
exactly this one candidate, "C alone", among valid solutions. That candidate is examined before
the cut is added: if C alone satisfies every clue it is recorded as a solution (then blocked, as
every recorded solution is). Every other assignment the cut removes contains C plus edges away
from S, i.e. more than one loop, and is not a solution.
"""

from __future__ import annotations

from gridsolve.puzzles import grid
from gridsolve.puzzles.slitherlink import SlitherlinkPuzzle, SlitherlinkSolution, subtour_cuts
from gridsolve.puzzles.solving import Deadline, Limit, SolveResult
from ortools.sat.python import cp_model

from . import _cpsat


class _Model:
    """The variables shared by both encodings: one literal per edge, clue counts, blocking."""

    def __init__(self, puzzle: SlitherlinkPuzzle) -> None:
        self.puzzle = puzzle
        self.model = cp_model.CpModel()
        self.edges = grid.edges(puzzle.rows, puzzle.cols)
        self.x: dict = {}

    def add_clue_counts(self) -> None:
        for cell, n in self.puzzle.numbered_cells():
            self.model.add(sum(self.x[e] for e in grid.cell_edges(cell)) == n)

    def read(self, solver) -> SlitherlinkSolution:
        used = frozenset(e for e in self.edges if solver.boolean_value(self.x[e]))
        return SlitherlinkSolution(self.puzzle.rows, self.puzzle.cols, used)

    def block(self, solution: SlitherlinkSolution) -> None:
        # a valid loop containing every edge of another valid loop is that loop: the negated
        # edges of the solution suffice to exclude exactly it
        self.model.add_bool_or([self.x[e].Not() for e in solution.edges])


def add_inside_colouring(m: _Model) -> dict:
    """inside[r, c]; each edge literal = XOR of the cells it separates (outside = false)."""
    p, model = m.puzzle, m.model
    inside = {cell: model.new_bool_var(f"in{cell}") for cell in grid.cells(p.rows, p.cols)}
    for e in m.edges:
        sides = grid.edge_cells(p.rows, p.cols, e)
        if len(sides) == 1:
            m.x[e] = inside[sides[0]]
            continue
        a, b = inside[sides[0]], inside[sides[1]]
        x = model.new_bool_var(f"e{e}")
        model.add_bool_or([x.Not(), a, b])
        model.add_bool_or([x.Not(), a.Not(), b.Not()])
        model.add_bool_or([x, a.Not(), b])
        model.add_bool_or([x, a, b.Not()])
        m.x[e] = x
    model.add_bool_or(list(inside.values()))  # at least one edge
    return inside


def add_single_loop_circuit(m: _Model, inside: dict) -> None:
    """Clockwise arcs determined by the colouring, then one circuit over the lattice vertices."""
    p, model = m.puzzle, m.model
    cols1 = p.cols + 1

    def node(v):
        return v[0] * cols1 + v[1]

    def cell(r, c):
        return inside.get((r, c))  # None outside the grid

    def arc_lit(into, away, name):
        """Literal for ``into`` inside and ``away`` not (None = outside the grid)."""
        if into is None:
            return None
        if away is None:
            return into
        lit = model.new_bool_var(name)
        model.add_implication(lit, into)
        model.add_implication(lit, away.Not())
        model.add_bool_or([into.Not(), away, lit])
        return lit

    arcs = []
    for e in m.edges:
        (r1, c1), (r2, c2) = u, v = e
        if r1 == r2:  # horizontal: walking east keeps the cell below on the right
            fwd = arc_lit(cell(r1, c1), cell(r1 - 1, c1), f"a{u}{v}")
            back = arc_lit(cell(r1 - 1, c1), cell(r1, c1), f"a{v}{u}")
        else:  # vertical: walking south keeps the cell to the left on the right
            fwd = arc_lit(cell(r1, c1 - 1), cell(r1, c1), f"a{u}{v}")
            back = arc_lit(cell(r1, c1), cell(r1, c1 - 1), f"a{v}{u}")
        if fwd is not None:
            arcs.append((node(u), node(v), fwd))
        if back is not None:
            arcs.append((node(v), node(u), back))
    for v in grid.vertices(p.rows, p.cols):
        skip = model.new_bool_var(f"skip{v}")
        arcs.append((node(v), node(v), skip))
        model.add(sum(m.x[e] for e in grid.vertex_edges(p.rows, p.cols, v)) == 2 * (1 - skip))
    model.add_circuit(arcs)


def add_vertex_degrees(m: _Model) -> None:
    """Degree 0 or 2 at every vertex (no dead ends, no crossings or touchings)."""
    p, model = m.puzzle, m.model
    for v in grid.vertices(p.rows, p.cols):
        used = model.new_bool_var(f"used{v}")
        model.add(sum(m.x[e] for e in grid.vertex_edges(p.rows, p.cols, v)) == 2 * used)
    model.add_bool_or(list(m.x.values()))  # at least one edge


def solve(
    puzzle: SlitherlinkPuzzle,
    limit: Limit = Limit(),
    *,
    workers: int = _cpsat.DEFAULT_WORKERS,
    enumerate_all: bool = True,
) -> SolveResult:
    """``cpsat``: the circuit encoding. Every variable is a function of the cell colouring, so
    CP-SAT's own enumeration (one worker) is exact; ``enumerate_all=False`` re-solves with
    blocking constraints instead (and may use several workers)."""
    deadline = Deadline(limit.seconds)
    m = _Model(puzzle)
    inside = add_inside_colouring(m)
    m.add_clue_counts()
    add_single_loop_circuit(m, inside)
    if enumerate_all:
        return _cpsat.enumerate("cpsat", m.model, limit, read=m.read, deadline=deadline)
    return _cpsat.search("cpsat", m.model, limit, read=m.read, block=m.block,
                         workers=workers, deadline=deadline)


def solve_lazy(
    puzzle: SlitherlinkPuzzle, limit: Limit = Limit(), *, workers: int = _cpsat.DEFAULT_WORKERS
) -> SolveResult:
    """``cpsat-lazy``: degree constraints, subtour cuts added until one loop remains."""
    deadline = Deadline(limit.seconds)
    m = _Model(puzzle)
    for e in m.edges:
        m.x[e] = m.model.new_bool_var(f"e{e}")
    m.add_clue_counts()
    add_vertex_degrees(m)
    stats = {"cuts": 0}

    def refine(candidate: SlitherlinkSolution):
        cuts = subtour_cuts(puzzle, candidate.edges)
        for cut in cuts:
            m.model.add_bool_or([m.x[e].Not() for e in cut.piece] + [m.x[f] for f in cut.leaving])
        stats["cuts"] += len(cuts)
        if not cuts:
            return [candidate]
        return [SlitherlinkSolution(puzzle.rows, puzzle.cols, c.piece) for c in cuts if c.alone_is_solution]

    return _cpsat.search("cpsat-lazy", m.model, limit, read=m.read, block=m.block, refine=refine,
                         workers=workers, deadline=deadline, stats=stats)
