"""Brute-force Nurikabe for the tests: the colourings of the unclued cells through the
independent checker, and random small puzzles (some with `?` clues, some without a solution).

``brute_force`` hands the checker only the colourings that can be solutions by counting alone:
every white cell is in the island of exactly one number, so the white cells number the sum of
the numbers (at least that, with one cell or more per `?`), and no 2x2 block is all wall. That is
the same set as every colouring through the checker (``every_colouring``, which the tests compare
it with) at a fifth of the checks: the brute force was the largest cost of the Nurikabe tests.
"""

from __future__ import annotations

import random
from functools import cache
from itertools import combinations, product

from gridsolve.encoding.regions import components
from gridsolve.puzzles import grid
from gridsolve.puzzles.check.nurikabe import check
from gridsolve.puzzles.nurikabe import QUESTION, NurikabePuzzle, NurikabeSolution


@cache
def brute_force(puzzle: NurikabePuzzle) -> frozenset:
    """Every solution: the colourings with a possible number of white cells and no 2x2 wall
    block, those the checker accepts."""
    free = [c for c in grid.cells(puzzle.rows, puzzle.cols) if puzzle.clue(c) is None]
    numbers = [v for _, v in puzzle.clue_cells()]
    known = [v for v in numbers if v != QUESTION]
    fewest = max(0, sum(known) - len(known))  # white unclued cells the known numbers need
    most = len(free) if QUESTION in numbers else fewest  # a `?` island has any size
    wall_blocks = [frozenset(b) for b in grid.blocks(puzzle.rows, puzzle.cols)]
    out = set()
    for whites in range(fewest, min(most, len(free)) + 1):
        for white in combinations(free, whites):
            black = frozenset(free).difference(white)
            if any(block <= black for block in wall_blocks):
                continue
            sol = NurikabeSolution(puzzle.rows, puzzle.cols, black)
            if not check(puzzle, sol):
                out.add(sol)
    return frozenset(out)


def every_colouring(puzzle: NurikabePuzzle) -> frozenset:
    """Every solution, the slow way: all 2^n colourings of the unclued cells through the checker
    (what ``brute_force`` must equal)."""
    free = [c for c in grid.cells(puzzle.rows, puzzle.cols) if puzzle.clue(c) is None]
    out = set()
    for bits in product((False, True), repeat=len(free)):
        black = frozenset(c for c, b in zip(free, bits, strict=True) if b)
        sol = NurikabeSolution(puzzle.rows, puzzle.cols, black)
        if not check(puzzle, sol):
            out.add(sol)
    return frozenset(out)


def random_puzzle(rng: random.Random, rows: int, cols: int) -> NurikabePuzzle:
    cells = list(grid.cells(rows, cols))
    white = {c for c in cells if rng.random() < 0.55}
    clues: dict = {}
    for island in components(white, rows, cols):
        cell = rng.choice(sorted(island))
        clues[cell] = QUESTION if rng.random() < 0.15 else len(island)
    if clues and rng.random() < 0.3:
        cell = rng.choice(sorted(clues))
        clues[cell] = rng.randint(1, 4)
    return NurikabePuzzle.from_rows([[clues.get((r, c)) for c in range(cols)] for r in range(rows)])
