"""Brute-force Slitherlink for the tests: every loop of a small grid through the independent
checker, and random small puzzles read off a loop (some perturbed to have no solution)."""

from __future__ import annotations

import random
from functools import cache

from gridsolve.puzzles.check.slitherlink import check
from gridsolve.puzzles.slitherlink import SlitherlinkPuzzle, SlitherlinkSolution


@cache
def all_loops(rows: int, cols: int) -> tuple[SlitherlinkSolution, ...]:
    empty = SlitherlinkPuzzle.empty(rows, cols)
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    out = []
    for mask in range(1, 1 << len(cells)):
        inside = [cells[i] for i in range(len(cells)) if mask >> i & 1]
        sol = SlitherlinkSolution.from_inside(rows, cols, inside)
        if not check(empty, sol):
            out.append(sol)
    return tuple(out)


def brute_force(puzzle: SlitherlinkPuzzle) -> frozenset:
    return frozenset(s for s in all_loops(puzzle.rows, puzzle.cols) if not check(puzzle, s))


def random_puzzle(rng: random.Random, rows: int, cols: int) -> SlitherlinkPuzzle:
    """Clues read off a random loop (so a solution exists), some cells left blank, sometimes
    one clue perturbed (so some puzzles have no solution)."""
    loop = rng.choice(all_loops(rows, cols))
    from gridsolve.puzzles import grid

    clues = [
        [sum(e in loop.edges for e in grid.cell_edges((r, c))) for c in range(cols)] for r in range(rows)
    ]
    keep = rng.uniform(0.45, 0.85)
    grid_rows = [[v if rng.random() < keep else None for v in row] for row in clues]
    if rng.random() < 0.25:
        r, c = rng.randrange(rows), rng.randrange(cols)
        grid_rows[r][c] = rng.randrange(4)
    return SlitherlinkPuzzle.from_rows(grid_rows)
