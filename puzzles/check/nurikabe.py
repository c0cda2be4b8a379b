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
    if valid(puzzle, solution):
        return []
    return violations(puzzle, solution)


def valid(puzzle: NurikabePuzzle, solution: NurikabeSolution) -> bool:
    """Whether ``solution`` keeps every rule above, in one sweep over flat cell indices (the
    common case -- a backend's solution -- costs tens of microseconds, not the named analysis);
    the rules exactly as ``violations`` reads them, which names what is broken when this is
    False."""
    rows, cols = puzzle.rows, puzzle.cols
    if (solution.rows, solution.cols) != (rows, cols) or solution.undecided:
        return False
    n = rows * cols
    wall = bytearray(n)
    for r, c in solution.black:
        if not (0 <= r < rows and 0 <= c < cols):
            return False
        wall[r * cols + c] = 1
    number = [v for row in puzzle.clues for v in row]
    for i in range(n - cols):  # 1. no 2x2 wall
        if wall[i] and wall[i + cols] and i % cols != cols - 1 and wall[i + 1] and wall[i + cols + 1]:
            return False
    seen = bytearray(n)
    wall_pieces = 0
    for start in range(n):
        if seen[start]:
            continue
        colour = wall[start]
        seen[start] = 1
        stack, size, numbers, clue = [start], 0, 0, None
        while stack:
            i = stack.pop()
            size += 1
            if number[i] is not None:
                if colour:  # a numbered cell walled
                    return False
                numbers += 1
                clue = number[i]
            r, c = divmod(i, cols)
            for j, inside in ((i - cols, r > 0), (i + cols, r < rows - 1), (i - 1, c > 0),
                              (i + 1, c < cols - 1)):
                if inside and not seen[j] and wall[j] == colour:
                    seen[j] = 1
                    stack.append(j)
        if colour:
            wall_pieces += 1
            if wall_pieces > 1:  # 3. one wall
                return False
        elif numbers != 1 or (clue != QUESTION and size != clue):  # 2., 4., 5. the islands
            return False
    return True


def violations(puzzle: NurikabePuzzle, solution: NurikabeSolution) -> list[Violation]:
    """Every violation, named and placed, in the order of the checklist above."""
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
