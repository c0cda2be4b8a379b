"""Nurikabe checker, with named violations, in the order of the puzz.link engine's checklist
(pzprjs ``src/variety/nurikabe.js``; its failure codes in brackets):

1. no 2x2 block of wall cells                          -> ``wall-2x2``          [cs2x2]
2. every island holds a number                          -> ``island-no-clue``    [bkNoNum]
3. the wall is one connected piece                     -> ``wall-divided``      [csDivide]
4. no island holds two numbers                          -> ``island-two-clues``  [bkNumGe2]
5. an island's size equals its number                  -> ``island-size``       [bkSizeNe]
6. every cell is decided (wall or island)              -> ``undecided``         [the engine's
   "shading decided" trigger; the essay's ``check`` asserts it first]

Structural problems come first: ``size-mismatch``, ``cell-outside``, and ``clue-walled`` (a
numbered cell is never a wall). Islands are the connected components of the white cells
(undecided cells count as neither); every violation found is reported, in that order. A grid
without any wall cell passes rule 3, as in the puzz.link engine.

This module shares no code with any backend (only the grid vocabulary).
"""

from __future__ import annotations

from .. import grid
from ..graphs import components
from ..nurikabe import QUESTION, NurikabePuzzle, NurikabeSolution
from . import Violation


def check(puzzle: NurikabePuzzle, solution: NurikabeSolution) -> list[Violation]:
    rows, cols = puzzle.rows, puzzle.cols
    if (solution.rows, solution.cols) != (rows, cols):
        return [Violation("size-mismatch",
                          f"solution is {solution.rows}x{solution.cols}, puzzle is {puzzle.size}")]
    out: list[Violation] = []
    outside = sorted(c for c in solution.black | solution.undecided
                     if not (0 <= c[0] < rows and 0 <= c[1] < cols))
    for c in outside:
        out.append(Violation("cell-outside", f"cell {c} is not on the grid", (c,)))
    if outside:
        return out
    black = solution.black
    clues = {cell: v for cell, v in puzzle.clue_cells()}
    for cell in sorted(set(clues) & (black | solution.undecided)):
        what = "a wall" if cell in black else "undecided"
        out.append(Violation("clue-walled", f"numbered cell {cell} is {what}", (cell,)))

    def nbrs(cell):
        return grid.neighbours(rows, cols, cell)

    white = set(grid.cells(rows, cols)) - black - solution.undecided
    islands = sorted((sorted(comp) for comp in components(white, nbrs)), key=lambda c: c[0])

    # 1. 2x2 walls
    for block in grid.blocks(rows, cols):
        if all(b in black for b in block):
            out.append(Violation("wall-2x2", f"the 2x2 block at {block[0]} is all wall", block))
    # 2. islands without a number
    for isl in islands:
        if not any(cell in clues for cell in isl):
            out.append(Violation("island-no-clue",
                                 f"the island of {len(isl)} cell(s) at {isl[0]} holds no number",
                                 tuple(isl)))
    # 3. one wall
    walls = sorted((sorted(comp) for comp in components(black, nbrs)), key=lambda c: c[0])
    if len(walls) > 1:
        out.append(Violation("wall-divided", f"the wall is divided into {len(walls)} pieces",
                             tuple(w[0] for w in walls)))
    # 4. two numbers in one island, 5. island sizes
    for isl in islands:
        numbered = [cell for cell in isl if cell in clues]
        if len(numbered) >= 2:
            out.append(Violation("island-two-clues",
                                 f"the island at {isl[0]} holds {len(numbered)} numbers", tuple(numbered)))
            continue
        if numbered and clues[numbered[0]] != QUESTION and len(isl) != clues[numbered[0]]:
            out.append(Violation("island-size",
                                 f"the island of number {clues[numbered[0]]} at {numbered[0]} has "
                                 f"{len(isl)} cell(s)", (numbered[0],)))
    # 6. undecided cells
    if solution.undecided:
        und = sorted(solution.undecided)
        out.append(Violation("undecided", f"{len(und)} cell(s) undecided, first {und[0]}", tuple(und)))
    return out
