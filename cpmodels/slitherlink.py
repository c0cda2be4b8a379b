"""Slitherlink in OR-Tools CP-SAT, two single-loop encodings over one literal per edge.

Rules: one closed loop along grid edges, never crossing or touching itself; a clue n = n of the
cell's four edges are on the loop; at least one edge is drawn.

``cpsat`` (``solve``): ``add_inside_colouring`` -- a boolean per cell, every edge the XOR of the
two cells it separates, so the drawing bounds the inside region -- and ``add_single_loop``: arcs
oriented by the colouring (the loop walked clockwise) in one circuit over the lattice vertices
(``vocabulary.add_single_cycle``). Every variable is a function of the cells, so each loop has one
assignment and CP-SAT's own enumeration is exact.

``cpsat-lazy`` (``solve_lazy``): ``add_single_loop_lazily`` -- vertex degrees 0 or 2
(``vocabulary.add_cycle_degrees``) and subtour cuts added while a candidate has several loops
(``encoding.slitherlink.refine_single_loop``, shared with ``sat``). docs/encodings.md argues
both encodings.
"""

from __future__ import annotations

from ..encoding.slitherlink import refine_single_loop
from ..puzzles import grid
from ..puzzles.slitherlink import SlitherlinkPuzzle, SlitherlinkSolution
from ..puzzles.solving import NO_DEADLINE, Deadline, Limit, SolveResult, stops_at_deadline
from . import solving, vocabulary


class _Model(vocabulary.LineModel):
    """The variables shared by both encodings: one literal per edge (made by the encoding), the
    clue counts."""

    def __init__(self, puzzle: SlitherlinkPuzzle, deadline: Deadline = NO_DEADLINE) -> None:
        super().__init__(puzzle, grid.edges(puzzle.rows, puzzle.cols), deadline)
        self.edges = self.segments

    def add_clue_counts(self) -> None:
        for cell, n in self.deadline.each(self.puzzle.numbered_cells(), every=self.BATCH):
            self.model.add(sum(self.x[e] for e in grid.cell_edges(cell)) == n)

    def solution(self, used: frozenset) -> SlitherlinkSolution:
        return SlitherlinkSolution(self.puzzle.rows, self.puzzle.cols, used)

    def drawn(self, solution: SlitherlinkSolution) -> frozenset:
        return solution.edges


def add_inside_colouring(m: _Model) -> dict:
    """inside[r, c]; each edge literal = XOR of the cells it separates (outside = false)."""
    p, model = m.puzzle, m.model
    inside = {cell: model.new_bool_var(f"in{cell}") for cell in grid.cells(p.rows, p.cols)}
    for e in m.deadline.each(m.edges, every=m.BATCH):
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


def incident_edges(m: _Model) -> dict:
    """Vertex -> the literals of its edges."""
    p = m.puzzle
    return {v: [m.x[e] for e in grid.vertex_edges(p.rows, p.cols, v)] for v in grid.vertices(p.rows, p.cols)}


def add_single_loop(m: _Model, inside: dict) -> None:
    """Clockwise arcs determined by the colouring (the inside on the walker's right), in one
    circuit over the lattice vertices with the degree rule as a redundant constraint."""
    p, model = m.puzzle, m.model

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
    for e in m.deadline.each(m.edges, every=m.BATCH):
        (r1, c1), (r2, c2) = u, v = e
        if r1 == r2:  # horizontal: walking east keeps the cell below on the right
            fwd = arc_lit(cell(r1, c1), cell(r1 - 1, c1), f"a{u}{v}")
            back = arc_lit(cell(r1 - 1, c1), cell(r1, c1), f"a{v}{u}")
        else:  # vertical: walking south keeps the cell to the left on the right
            fwd = arc_lit(cell(r1, c1 - 1), cell(r1, c1), f"a{u}{v}")
            back = arc_lit(cell(r1, c1), cell(r1, c1 - 1), f"a{v}{u}")
        arcs += [(u, v, fwd)] if fwd is not None else []
        arcs += [(v, u, back)] if back is not None else []
    vocabulary.add_single_cycle(model, grid.vertices(p.rows, p.cols), arcs, incident_edges(m))


def add_single_loop_lazily(m: _Model) -> None:
    """Degree 0 or 2 at every vertex and at least one edge; connectivity by the cuts."""
    vocabulary.add_cycle_degrees(m.model, incident_edges(m))
    m.model.add_bool_or(list(m.x.values()))


@stops_at_deadline("cpsat")
def solve(puzzle: SlitherlinkPuzzle, limit: Limit = Limit(), *, workers: int = solving.DEFAULT_WORKERS,
          enumerate_all: bool = True) -> SolveResult:
    """``cpsat``: the circuit encoding. Every variable is a function of the cell colouring, so
    CP-SAT's own enumeration (one worker) is exact; ``enumerate_all=False`` re-solves with
    blocking constraints instead (and may use several workers)."""
    deadline = Deadline(limit.seconds)
    m = _Model(puzzle, deadline)
    inside = add_inside_colouring(m)
    m.add_clue_counts()
    add_single_loop(m, inside)
    deadline.check()
    if enumerate_all:
        return solving.enumerate("cpsat", m.model, limit, read=m.read, deadline=deadline)
    return solving.search("cpsat", m.model, limit, read=m.read, block=m.block,
                         workers=workers, deadline=deadline)


@stops_at_deadline("cpsat-lazy")
def solve_lazy(
    puzzle: SlitherlinkPuzzle, limit: Limit = Limit(), *, workers: int = solving.DEFAULT_WORKERS
) -> SolveResult:
    """``cpsat-lazy``: degree constraints, subtour cuts added until one loop remains."""
    deadline = Deadline(limit.seconds)
    m = _Model(puzzle, deadline)
    for e in m.deadline.each(m.edges, every=m.BATCH):
        m.x[e] = m.model.new_bool_var(f"e{e}")
    m.add_clue_counts()
    add_single_loop_lazily(m)
    deadline.check()
    stats = {"cuts": 0}

    def refine(candidate: SlitherlinkSolution):
        def add_cut(cut):
            vocabulary.add_subtour_cut(m.model, m.x.__getitem__, cut)

        return refine_single_loop(puzzle, candidate, add_cut, stats)

    return solving.search("cpsat-lazy", m.model, limit, read=m.read, block=m.block, refine=refine,
                         workers=workers, deadline=deadline, stats=stats)
