"""Masyu in OR-Tools CP-SAT: one circuit over the cells, the pearl rules as implications.

Rules: one closed loop through cell centres, never crossing or branching, through every pearl;
white pearl = straight through, turning in at least one cell beside it; black pearl = a turn,
straight on through the next cell on both sides; at least one link.

Encoding: per pair of adjacent cells two arc literals (one per direction) and a link literal
``link = arc(u, v) + arc(v, u)`` (so at most one direction: no two-cell back-and-forth).
``add_single_loop``: the arcs form one circuit over the cells with a self-loop ("skipped")
literal per cell (``vocabulary.add_single_cycle``, with the degree rule ``sum(links) = 2 * used``
as a redundant constraint); pearl cells are never skipped. The pearl rules are clauses over the
link literals (``encoding.masyu``, the same rules the CNF model states): ``add_white_pearl_straight``,
``add_white_pearl_turn_beside``, ``add_black_pearl_turn``, ``add_black_pearl_straight_beyond``.

``add_one_orientation``: the loop leaves its first cell (row-major) eastwards -- that cell has
no loop neighbour above or to its left, so the loop enters it from below -- with ``seen[i]`` =
some cell before the i-th is visited. Every variable is then a function of the loop, so CP-SAT's
own enumeration (one worker) is exact (``solving.enumerate``); ``enumerate_all=False`` re-solves
with blocking clauses instead.
"""

from __future__ import annotations

from collections.abc import Hashable

from ..encoding import masyu as rules
from ..puzzles import grid
from ..puzzles.masyu import MasyuPuzzle, MasyuSolution, links
from ..puzzles.solving import NO_DEADLINE, Deadline, Limit, SolveResult, stops_at_deadline
from . import solving, vocabulary


class _Model(vocabulary.LineModel):
    """One literal per link of the puzzle; the pearl rules arrive as clauses over them."""

    def __init__(self, puzzle: MasyuPuzzle, deadline: Deadline = NO_DEADLINE) -> None:
        super().__init__(puzzle, links(puzzle.rows, puzzle.cols), deadline)
        self.links = self.segments
        self.x = {e: self.model.new_bool_var(f"l{e}") for e in self.links}

    def add_clauses(self, clauses: list[rules.Clause]) -> None:
        for clause in self.deadline.each(clauses, every=self.BATCH):
            self.model.add_bool_or([self.x[e] if positive else self.x[e].Not() for e, positive in clause])

    def solution(self, used: frozenset) -> MasyuSolution:
        return MasyuSolution(self.puzzle.rows, self.puzzle.cols, used)

    def drawn(self, solution: MasyuSolution) -> frozenset:
        return solution.links


def add_single_loop(m: _Model) -> dict:
    """One circuit over the cells through both arc directions of every link; every pearl on it;
    at least one link. Returns the arcs (tail, head) -> literal and the skipped literals."""
    p, model = m.puzzle, m.model
    arcs = []
    for e in m.deadline.each(m.links, every=m.BATCH):
        u, v = e
        forward, backward = model.new_bool_var(f"a{u}{v}"), model.new_bool_var(f"a{v}{u}")
        model.add(m.x[e] == forward + backward)
        arcs += [(u, v, forward), (v, u, backward)]
    cells = list(grid.cells(p.rows, p.cols))
    incident: dict[Hashable, list] = {cell: [m.x[e] for e in rules.cell_links(p, cell)] for cell in cells}
    skipped = vocabulary.add_single_cycle(model, cells, arcs, incident)
    for cell in p.pearl_cells():
        model.add(skipped[cell] == 0)
    model.add_bool_or(list(m.x.values()))
    return {"arcs": {(u, v): lit for u, v, lit in arcs}, "skipped": skipped}


def add_one_orientation(m: _Model, loop: dict) -> None:
    """The loop leaves its first visited cell (row-major) eastwards: one orientation per loop."""
    model, arcs, skipped = m.model, loop["arcs"], loop["skipped"]
    seen = model.new_constant(0)  # some earlier cell is visited
    for cell in m.deadline.each(sorted(skipped), every=m.BATCH):
        visited = skipped[cell].Not()
        east = arcs.get((cell, (cell[0], cell[1] + 1)))
        model.add_bool_or([visited.Not(), seen] + ([east] if east is not None else []))
        later = model.new_bool_var(f"seen{cell}")
        model.add_implication(seen, later)
        model.add_implication(visited, later)
        model.add_bool_or([seen, visited, later.Not()])
        seen = later


def add_white_pearl_straight(m: _Model) -> None:
    m.add_clauses(rules.white_pearl_straight(m.puzzle))


def add_white_pearl_turn_beside(m: _Model) -> None:
    m.add_clauses(rules.white_pearl_turn_beside(m.puzzle))


def add_black_pearl_turn(m: _Model) -> None:
    m.add_clauses(rules.black_pearl_turn(m.puzzle))


def add_black_pearl_straight_beyond(m: _Model) -> None:
    m.add_clauses(rules.black_pearl_straight_beyond(m.puzzle))


def build(puzzle: MasyuPuzzle, deadline: Deadline = NO_DEADLINE) -> _Model:
    m = _Model(puzzle, deadline)
    add_one_orientation(m, add_single_loop(m))
    add_white_pearl_straight(m)
    add_white_pearl_turn_beside(m)
    add_black_pearl_turn(m)
    add_black_pearl_straight_beyond(m)
    return m


@stops_at_deadline("cpsat")
def solve(puzzle: MasyuPuzzle, limit: Limit = Limit(), *, workers: int = solving.DEFAULT_WORKERS,
          enumerate_all: bool = True) -> SolveResult:
    """``cpsat``: the circuit model (``limit.solutions=2`` settles uniqueness). One loop is one
    assignment, so CP-SAT's own enumeration (one worker) is exact; ``enumerate_all=False``
    re-solves with blocking clauses instead (and may use several workers)."""
    deadline = Deadline(limit.seconds)
    m = build(puzzle, deadline)
    deadline.check()
    if enumerate_all:
        return solving.enumerate("cpsat", m.model, limit, read=m.read, deadline=deadline)
    return solving.search("cpsat", m.model, limit, read=m.read, block=m.block, workers=workers,
                         deadline=deadline)
