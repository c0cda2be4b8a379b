"""Brute-force Slitherlink for the tests: every loop of a small grid through the independent
checker, and random small puzzles read off a loop (some perturbed to have no solution).

Two shortcuts keep the checker's verdicts and skip most of its calls (the brute force was the
largest cost of the Slitherlink tests): a loop's inside is one edge-connected set of cells, so
``all_loops`` checks only those; and a solution of a puzzle draws each number's count of lines
round its cell, so ``brute_force`` checks only the loops that do. ``every_loop`` and
``every_loop_checked`` are the same without the shortcuts, for the tests that compare them.
"""

from __future__ import annotations

import random
from functools import cache

from gridsolve.puzzles import grid
from gridsolve.puzzles.check.slitherlink import check
from gridsolve.puzzles.slitherlink import QUESTION, SlitherlinkPuzzle, SlitherlinkSolution


@cache
def all_loops(rows: int, cols: int) -> tuple[SlitherlinkSolution, ...]:
    """Every loop of a blank rows x cols grid, by its inside (a set of cells, in the order of
    their bit masks): the edge-connected sets the checker accepts."""
    empty = SlitherlinkPuzzle.empty(rows, cols)
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    out = []
    for mask in range(1, 1 << len(cells)):
        if not _connected(mask, rows, cols):
            continue  # the inside of a loop is one piece: this one would draw two loops or none
        inside = [cells[i] for i in range(len(cells)) if mask >> i & 1]
        sol = SlitherlinkSolution.from_inside(rows, cols, inside)
        if not check(empty, sol):
            out.append(sol)
    return tuple(out)


def _connected(mask: int, rows: int, cols: int) -> bool:
    """Whether the cells of ``mask`` (bit r * cols + c) are one edge-connected piece."""
    seen = todo = mask & -mask
    while todo:
        bit = todo & -todo
        todo ^= bit
        i = bit.bit_length() - 1
        r, c = divmod(i, cols)
        for nr, nc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if 0 <= nr < rows and 0 <= nc < cols:
                near = 1 << (nr * cols + nc)
                if mask & near and not seen & near:
                    seen |= near
                    todo |= near
    return seen == mask


def every_loop(rows: int, cols: int) -> tuple[SlitherlinkSolution, ...]:
    """``all_loops`` the slow way: every set of cells through the checker."""
    empty = SlitherlinkPuzzle.empty(rows, cols)
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    out = []
    for mask in range(1, 1 << len(cells)):
        inside = [cells[i] for i in range(len(cells)) if mask >> i & 1]
        sol = SlitherlinkSolution.from_inside(rows, cols, inside)
        if not check(empty, sol):
            out.append(sol)
    return tuple(out)


@cache
def brute_force(puzzle: SlitherlinkPuzzle) -> frozenset:
    """Every solution: the loops with each number's count of lines round its cell (a `?` any),
    those the checker accepts (once per puzzle: the tests ask for it per backend)."""
    numbers = [(grid.cell_edges((r, c)), v) for r, row in enumerate(puzzle.clues)
               for c, v in enumerate(row) if v is not None and v != QUESTION]
    return frozenset(s for s in all_loops(puzzle.rows, puzzle.cols)
                     if all(sum(e in s.edges for e in edges) == v for edges, v in numbers)
                     and not check(puzzle, s))


def every_loop_checked(puzzle: SlitherlinkPuzzle) -> frozenset:
    """``brute_force`` the slow way: every loop through the checker."""
    return frozenset(s for s in all_loops(puzzle.rows, puzzle.cols) if not check(puzzle, s))


def random_puzzle(rng: random.Random, rows: int, cols: int) -> SlitherlinkPuzzle:
    """Clues read off a random loop (so a solution exists), some cells left blank, sometimes
    one clue perturbed (so some puzzles have no solution)."""
    loop = rng.choice(all_loops(rows, cols))
    clues = [
        [sum(e in loop.edges for e in grid.cell_edges((r, c))) for c in range(cols)] for r in range(rows)
    ]
    keep = rng.uniform(0.45, 0.85)
    grid_rows = [[v if rng.random() < keep else None for v in row] for row in clues]
    if rng.random() < 0.25:
        r, c = rng.randrange(rows), rng.randrange(cols)
        grid_rows[r][c] = rng.randrange(4)
    return SlitherlinkPuzzle.from_rows(grid_rows)
