"""Brute-force Nurikabe for the tests: every colouring of the unclued cells through the
independent checker, and random small puzzles (some with `?` clues, some without a solution)."""

from __future__ import annotations

import random
from functools import cache
from itertools import product

from gridsolve.encoding.regions import components
from gridsolve.puzzles import grid
from gridsolve.puzzles.check.nurikabe import check
from gridsolve.puzzles.nurikabe import QUESTION, NurikabePuzzle, NurikabeSolution


@cache
def brute_force(puzzle: NurikabePuzzle) -> frozenset:
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
