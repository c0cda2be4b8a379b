"""Lazy subtour cuts never remove a valid solution: every backend's exhaustive enumeration equals
a brute-force enumeration of all single loops on small grids.

The brute force is independent of every model: a single loop is the boundary of the set of
cells it encloses, so it enumerates the 2^(rows*cols) cell sets (those in one piece: an inside
in two pieces draws no single loop) and keeps those whose boundary the checker accepts as one
loop (and, with clues, whose clue counts hold: the loops that miss a count are not checked).
"""

from __future__ import annotations

import random

import pytest
from gridsolve.harness import registry
from gridsolve.harness.run import run
from gridsolve.puzzles.slitherlink import QUESTION, SlitherlinkPuzzle
from gridsolve.puzzles.solving import Limit, Status

from ..support.slitherlink_brute import all_loops, brute_force, every_loop, every_loop_checked, random_puzzle

BACKENDS = [b for b in registry.for_kind("slitherlink") if b.complete]


def test_brute_force_matches_known_cycle_counts():
    # cycles of the (n+1) x (n+1) grid graph, OEIS A140517: 1, 13, 213, 9349
    assert [len(all_loops(n, n)) for n in (1, 2, 3, 4)] == [1, 13, 213, 9349]
    # the shortcuts skip no loop and no solution: the same as every cell set / every loop checked
    assert all_loops(3, 4) == every_loop(3, 4) and all_loops(2, 5) == every_loop(2, 5)
    rng = random.Random(7)
    puzzles = [random_puzzle(rng, rows, cols) for rows, cols in ((3, 3), (3, 4)) for _ in range(15)]
    puzzles.append(SlitherlinkPuzzle.from_rows([[3, QUESTION, None], [None, 2, None], [None, None, 1]]))
    sets = [brute_force(p) for p in puzzles]
    assert sets == [every_loop_checked(p) for p in puzzles]
    assert any(len(s) >= 2 for s in sets) and any(not s for s in sets) and sets[-1]


def enumerate_all(backend, puzzle) -> frozenset:
    r = run(backend, puzzle, Limit(seconds=120, solutions=100_000))
    assert r.status in (Status.SOLVED, Status.UNSAT), r.stats
    assert r.exhausted
    return r.solution_set()


@pytest.mark.parametrize("backend", BACKENDS, ids=lambda b: b.name)
@pytest.mark.parametrize(("rows", "cols"), [(1, 1), (1, 3), (2, 2), (2, 3), (3, 3)])
def test_empty_grid_counts_every_loop(backend, rows, cols):
    assert enumerate_all(backend, SlitherlinkPuzzle.empty(rows, cols)) == brute_force(
        SlitherlinkPuzzle.empty(rows, cols)
    )


@pytest.mark.parametrize("backend", BACKENDS, ids=lambda b: b.name)
@pytest.mark.parametrize(
    ("rows", "cols", "seed"),
    [(3, 3, s) for s in range(6)] + [(3, 4, s) for s in range(4)] + [(4, 4, s) for s in range(4)],
)
def test_random_clues_exact_solution_sets(backend, rows, cols, seed):
    puzzle = random_puzzle(random.Random(seed * 7919 + rows * 31 + cols), rows, cols)
    assert enumerate_all(backend, puzzle) == brute_force(puzzle)


@pytest.mark.parametrize("backend", [b for b in BACKENDS if b.family == "sat"], ids=lambda b: b.name)
def test_empty_4x4_counts_9349_loops(backend):
    # the heaviest cut workload: no clue prunes anything, so every multi-loop drawing is cut
    assert len(enumerate_all(backend, SlitherlinkPuzzle.empty(4, 4))) == 9349
