"""Masyu's pearl rules stated once for both model families, and its lazy single loop.

The variables are one boolean per **link** (a loop step between two adjacent cells, keyed by
``puzzles.masyu.link``). Each rule below returns clauses over links: a clause is a list of
``(link, polarity)`` literals, already simplified for the grid border (a link that would leave
the grid is false: its positive literals are dropped, a clause holding its negation is dropped).
The CP-SAT and CNF models turn them into ``add_bool_or`` / clauses under the same names.

* ``white_pearl_straight``: the two links on one axis are equal (N = S, E = W); with the
  degree rule that makes the loop go straight through.
* ``white_pearl_turn_beside``: going through north-south, not both the cell above continues north
  and the cell below continues south (likewise east-west).
* ``black_pearl_turn``: not both N and S, not both E and W.
* ``black_pearl_straight_beyond``: a link leaving the pearl in direction d implies the next link
  in direction d (a link that would leave the grid forbids the first).
* ``pearl_on_loop``: at least one link at every pearl (the degree rule then makes it two).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

from ..puzzles.grid import STEPS, Cell
from ..puzzles.masyu import BLACK, WHITE, Link, MasyuPuzzle, MasyuSolution, link
from .loops import SubtourCut, cut_candidate, subtour_cuts

Literal = tuple[Link, bool]
Clause = list[Literal]
NORTH, EAST, SOUTH, WEST = STEPS


def step_link(puzzle: MasyuPuzzle, cell: Cell, step: tuple[int, int], distance: int = 1) -> Link | None:
    """The link from the cell ``distance - 1`` steps away from ``cell`` to the next one in direction
    ``step``; None when it would leave the grid."""
    r, c = cell[0] + step[0] * (distance - 1), cell[1] + step[1] * (distance - 1)
    r2, c2 = r + step[0], c + step[1]
    if not all(0 <= a < puzzle.rows and 0 <= b < puzzle.cols for a, b in ((r, c), (r2, c2))):
        return None
    return link((r, c), (r2, c2))


def clause(*literals: tuple[Link | None, bool]) -> Clause | None:
    """The clause with off-grid links (None, always false) simplified away; None = always true."""
    out = []
    for e, positive in literals:
        if e is None:
            if not positive:
                return None
            continue
        out.append((e, positive))
    return out


def _clauses(*candidates: Clause | None) -> list[Clause]:
    return [c for c in candidates if c is not None]


def white_pearl_straight(puzzle: MasyuPuzzle) -> list[Clause]:
    out = []
    for cell in puzzle.pearl_cells(WHITE):
        for a, b in ((NORTH, SOUTH), (EAST, WEST)):
            x, y = step_link(puzzle, cell, a), step_link(puzzle, cell, b)
            out += _clauses(clause((x, False), (y, True)), clause((y, False), (x, True)))
    return out


def white_pearl_turn_beside(puzzle: MasyuPuzzle) -> list[Clause]:
    out = []
    for cell in puzzle.pearl_cells(WHITE):
        for a, b in ((NORTH, SOUTH), (EAST, WEST)):
            through = step_link(puzzle, cell, a)
            beyond_a, beyond_b = step_link(puzzle, cell, a, 2), step_link(puzzle, cell, b, 2)
            out += _clauses(clause((through, False), (beyond_a, False), (beyond_b, False)))
    return out


def black_pearl_turn(puzzle: MasyuPuzzle) -> list[Clause]:
    out = []
    for cell in puzzle.pearl_cells(BLACK):
        for a, b in ((NORTH, SOUTH), (EAST, WEST)):
            out += _clauses(clause((step_link(puzzle, cell, a), False), (step_link(puzzle, cell, b), False)))
    return out


def black_pearl_straight_beyond(puzzle: MasyuPuzzle) -> list[Clause]:
    out = []
    for cell in puzzle.pearl_cells(BLACK):
        for d in STEPS:
            leaving, beyond = step_link(puzzle, cell, d), step_link(puzzle, cell, d, 2)
            out += _clauses(clause((leaving, False), (beyond, True)))
    return out


def pearl_on_loop(puzzle: MasyuPuzzle) -> list[Clause]:
    return _clauses(*(clause(*((step_link(puzzle, cell, d), True) for d in STEPS))
                      for cell in puzzle.pearl_cells()))




def cell_links(puzzle: MasyuPuzzle, cell: Cell) -> list[Link]:
    """The 2-4 links at a cell."""
    return [e for e in (step_link(puzzle, cell, d) for d in STEPS) if e is not None]


def loop_cuts(puzzle: MasyuPuzzle, links) -> list[SubtourCut]:
    """The subtour cuts of a candidate (every cell of degree 0 or 2): none if it is one loop."""
    def at(cell: Any) -> list[Link]:
        return cell_links(puzzle, cell)

    return subtour_cuts(links, at)


def refine_single_loop(puzzle: MasyuPuzzle, candidate: MasyuSolution,
                       add_cut: Callable[[SubtourCut], Any], stats: dict) -> list[MasyuSolution]:
    """The lazy model's refinement: ``[candidate]`` when it is one loop; else every loop's cut goes
    to ``add_cut`` (counted in ``stats["cuts"]``), and the loops that hold every pearl are returned
    as solutions: the pearl rules are local to the loop through the pearl, so such a loop keeps
    them alone, and its own cut removes exactly that solution, so it is recorded first."""
    pearls = set(puzzle.pearl_cells())

    def solution_of(cut: SubtourCut) -> MasyuSolution | None:
        keeps = pearls <= cut.nodes
        return MasyuSolution(puzzle.rows, puzzle.cols, cast("frozenset[Link]", cut.piece)) if keeps else None

    return cut_candidate(candidate, loop_cuts(puzzle, candidate.links), add_cut, stats, solution_of)
