"""Masyu as CNF (python-sat) with lazy subtour cuts on one incremental solver.

Rules: one closed loop through cell centres, never crossing or branching, through every pearl;
white pearl = straight through, turning in at least one cell beside it; black pearl = a turn,
straight on through the next cell on both sides; at least one link.

Encoding (``IDPool`` keys): ``("l", link)`` = the loop steps between the link's two cells.
* ``add_single_loop``: every cell has 0 or 2 links (``vocabulary.add_cycle_degrees``), at least one
  link, and connectivity by subtour cuts added while a model has several loops
  (``encoding.masyu.refine_single_loop``: ``not all of the piece, or one link leaving it``);
* the pearl rules, clauses shared with the CP-SAT model (``encoding.masyu``):
  ``add_pearl_on_loop``, ``add_white_pearl_straight``, ``add_white_pearl_turn_beside``,
  ``add_black_pearl_turn``, ``add_black_pearl_straight_beyond``.
Solutions are counted by blocking clauses (the negated links of each solution found).
``backbone``: the links every solution draws, leaves out or disagrees on (explain, hints).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..encoding import masyu as rules
from ..puzzles import grid
from ..puzzles.masyu import MasyuPuzzle, MasyuSolution, links
from ..puzzles.solving import Deadline, DeadlineExpired, Limit, SolveResult, stops_at_deadline
from . import vocabulary

if TYPE_CHECKING:
    from . import backbone_search


def link_var(cnf: vocabulary.Cnf, e) -> int:
    return cnf.var(("l", e))


def add_clauses(cnf: vocabulary.Cnf, clauses: list[rules.Clause]) -> None:
    cnf.extend([link_var(cnf, e) if positive else -link_var(cnf, e) for e, positive in c] for c in clauses)


def add_single_loop(cnf: vocabulary.Cnf, puzzle: MasyuPuzzle) -> None:
    """Degree 0 or 2 at every cell and at least one link (connectivity: the lazy cuts)."""
    vocabulary.add_cycle_degrees(cnf, {cell: [link_var(cnf, e) for e in rules.cell_links(puzzle, cell)]
                                 for cell in grid.cells(puzzle.rows, puzzle.cols)})
    cnf.add([link_var(cnf, e) for e in links(puzzle.rows, puzzle.cols)])


def add_pearl_on_loop(cnf: vocabulary.Cnf, puzzle: MasyuPuzzle) -> None:
    add_clauses(cnf, rules.pearl_on_loop(puzzle))


def add_white_pearl_straight(cnf: vocabulary.Cnf, puzzle: MasyuPuzzle) -> None:
    add_clauses(cnf, rules.white_pearl_straight(puzzle))


def add_white_pearl_turn_beside(cnf: vocabulary.Cnf, puzzle: MasyuPuzzle) -> None:
    add_clauses(cnf, rules.white_pearl_turn_beside(puzzle))


def add_black_pearl_turn(cnf: vocabulary.Cnf, puzzle: MasyuPuzzle) -> None:
    add_clauses(cnf, rules.black_pearl_turn(puzzle))


def add_black_pearl_straight_beyond(cnf: vocabulary.Cnf, puzzle: MasyuPuzzle) -> None:
    add_clauses(cnf, rules.black_pearl_straight_beyond(puzzle))


def build(puzzle: MasyuPuzzle, deadline: Deadline) -> vocabulary.Cnf:
    """The CNF without its lazy cuts (link variables first: 1..number of links)."""
    cnf = vocabulary.Cnf()
    for e in links(puzzle.rows, puzzle.cols):
        link_var(cnf, e)
    add_single_loop(cnf, puzzle)
    deadline.check()
    for add_rule in (add_pearl_on_loop, add_white_pearl_straight, add_white_pearl_turn_beside,
                     add_black_pearl_turn, add_black_pearl_straight_beyond):
        add_rule(cnf, puzzle)
    deadline.check()
    return cnf


def callbacks(puzzle: MasyuPuzzle, cnf: vocabulary.Cnf, stats: dict):
    """``read``, ``refine`` and ``block`` of the search loop (the lazy single loop)."""
    ids = [(e, link_var(cnf, e)) for e in links(puzzle.rows, puzzle.cols)]

    def read(model: list[int]) -> MasyuSolution:
        return MasyuSolution(puzzle.rows, puzzle.cols, frozenset(e for e, v in ids if model[v - 1] > 0))

    def refine(candidate: MasyuSolution, add_clause):
        def add_cut(cut):
            add_clause(vocabulary.subtour_clause(lambda e: link_var(cnf, e), cut))

        return rules.refine_single_loop(puzzle, candidate, add_cut, stats)

    def block(solution: MasyuSolution) -> list[int]:
        return [-link_var(cnf, e) for e in solution.links]

    return read, refine, block


@stops_at_deadline("sat")
def solve(puzzle: MasyuPuzzle, limit: Limit = Limit(), *, solver: str = vocabulary.DEFAULT_SOLVER,
          backend: str = "sat") -> SolveResult:
    """``sat``: the lazy single loop on one incremental solver (``limit.solutions=2`` settles
    uniqueness)."""
    deadline = Deadline(limit.seconds)
    cnf = build(puzzle, deadline)
    stats = {"cuts": 0}
    read, refine, block = callbacks(puzzle, cnf, stats)
    return vocabulary.search(backend, cnf, limit, read=read, block=block, refine=refine,
                       solver_name=solver, deadline=deadline, stats=stats)


def backbone(puzzle: MasyuPuzzle, limit: Limit = Limit(), *, given: dict | None = None,
             solver: str = vocabulary.DEFAULT_SOLVER) -> backbone_search.Backbone:
    """The solutions up to ``limit`` and the links every solution (that keeps ``given``: link ->
    on the loop or not) draws, leaves out, or disagrees on."""
    from . import backbone_search  # loaded by the backbone's callers only (explain, hint, the page)

    deadline = Deadline(limit.seconds)
    stats = {"cuts": 0}
    try:
        cnf = build(puzzle, deadline)
    except DeadlineExpired:
        return backbone_search.Backbone(complete=False, stats=stats)
    read, refine, block = callbacks(puzzle, cnf, stats)
    model = backbone_search.Model(cnf, {e: link_var(cnf, e) for e in links(puzzle.rows, puzzle.cols)},
                            read, block, lambda s: s.links, refine, solver)
    return backbone_search.backbone(model, limit=limit.solutions, deadline=deadline, given=given, stats=stats)
