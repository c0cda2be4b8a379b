"""Masyu checker, written from the rules alone (shares nothing with the models):

1. every cell has 0 or 2 links (no dead end, no branch)           -> ``cell-degree``
2. the loop passes through every pearl                            -> ``pearl-off-loop``
3. white pearl: the loop goes straight through it                 -> ``white-not-straight``
4. white pearl: and turns in at least one of the two cells beside -> ``white-no-turn-beside``
5. black pearl: the loop turns on it                              -> ``black-not-turning``
6. black pearl: and goes straight on through the next cell on
   both sides                                                     -> ``black-not-straight-beyond``
7. the links form one loop                                        -> ``multiple-loops``
8. at least one link is drawn                                     -> ``no-loop``

Structural problems come first (``size-mismatch``, ``link-outside``). Every violation found is
reported, in that order, each naming the cell (row, column; 0-based) where it happens. A pearl
whose own cell breaks rule 1 is not judged by rules 3-6 (its shape is undefined).
"""

from __future__ import annotations

from ..graphs import edge_components
from ..grid import STEPS, Cell
from ..masyu import BLACK, WHITE, MasyuPuzzle, MasyuSolution, link, link_in_grid
from . import Violation

DIRECTION_NAMES = {(-1, 0): "north", (0, 1): "east", (1, 0): "south", (0, -1): "west"}


def exits(links: frozenset, cell: Cell) -> list[tuple[int, int]]:
    """The steps (dr, dc) by which the loop leaves ``cell``, in north, east, south, west order."""
    r, c = cell
    out = []
    for dr, dc in STEPS:
        other = (r + dr, c + dc)
        if other[0] >= 0 and other[1] >= 0 and link(cell, other) in links:
            out.append((dr, dc))
    return out


def is_straight(steps: list[tuple[int, int]]) -> bool:
    """Two exits on one line (north-south or east-west)."""
    return len(steps) == 2 and steps[0][0] == -steps[1][0] and steps[0][1] == -steps[1][1]


def is_turn(steps: list[tuple[int, int]]) -> bool:
    return len(steps) == 2 and not is_straight(steps)


def check(puzzle: MasyuPuzzle, solution: MasyuSolution) -> list[Violation]:
    if (solution.rows, solution.cols) != (puzzle.rows, puzzle.cols):
        return [Violation("size-mismatch", f"solution is {solution.rows}x{solution.cols}, "
                                           f"puzzle is {puzzle.size}")]
    links = solution.links
    outside = sorted(e for e in links if not link_in_grid(puzzle.rows, puzzle.cols, e))
    if outside:
        return [Violation("link-outside", f"{e} is not a pair of adjacent cells of the grid", (e,))
                for e in outside]

    shape = {cell: exits(links, cell) for cell in solution.visited() | set(puzzle.pearl_cells())}
    out: list[Violation] = []
    for cell in sorted(shape):  # 1. degrees
        if len(shape[cell]) not in (0, 2):
            out.append(Violation("cell-degree", f"cell {cell} has {len(shape[cell])} links, not 0 or 2",
                                 (cell,)))
    for cell in puzzle.pearl_cells():  # 2. pearls on the loop
        if not shape[cell]:
            out.append(Violation("pearl-off-loop", f"the {puzzle.pearl(cell)} pearl at {cell} is not "
                                                   "on the loop", (cell,)))
    for cell in puzzle.pearl_cells(WHITE):  # 3, 4
        out += _white_pearl(shape, cell)
    for cell in puzzle.pearl_cells(BLACK):  # 5, 6
        out += _black_pearl(shape, cell)
    pieces = edge_components(links)  # 7. one loop
    if len(pieces) > 1:
        out.append(Violation("multiple-loops", f"the links form {len(pieces)} separate pieces, not one loop",
                             tuple(min(min(p)) for p in sorted(pieces, key=min))))
    if not links:  # 8.
        out.append(Violation("no-loop", "no link is drawn"))
    return out


def _beside(cell: Cell, step: tuple[int, int]) -> Cell:
    return (cell[0] + step[0], cell[1] + step[1])


def _white_pearl(shape: dict, cell: Cell) -> list[Violation]:
    steps = shape[cell]
    if len(steps) != 2:
        return []
    if not is_straight(steps):
        return [Violation("white-not-straight", f"the loop turns on the white pearl at {cell}", (cell,))]
    neighbours = [_beside(cell, s) for s in steps]
    if not any(is_turn(shape.get(n, [])) for n in neighbours):
        return [Violation("white-no-turn-beside", f"the loop goes straight through the white pearl at "
                          f"{cell} without turning in {neighbours[0]} or {neighbours[1]}", (cell,))]
    return []


def _black_pearl(shape: dict, cell: Cell) -> list[Violation]:
    steps = shape[cell]
    if len(steps) != 2:
        return []
    if is_straight(steps):
        return [Violation("black-not-turning", f"the loop goes straight through the black pearl at {cell}",
                          (cell,))]
    out = []
    for s in steps:
        n = _beside(cell, s)
        if shape.get(n, []) != sorted([s, (-s[0], -s[1])], key=STEPS.index):
            out.append(Violation("black-not-straight-beyond",
                                 f"the loop leaves the black pearl at {cell} {DIRECTION_NAMES[s]} but does "
                                 f"not go straight on through {n}", (cell, n)))
    return out
