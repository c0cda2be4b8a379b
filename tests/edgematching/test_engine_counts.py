"""``backtrack-table`` counts exactly what the CNF model counts on a sample of the boards the
benchmarks compare them on: the seed's timing tables (``edgematching-tables``: the seed's
generator, n x n, k colours, rotation on and off) and the cross-validation boards
(``edgematching-crossval``: the seed's generator with n - 1 and n colours, the E2-style one)."""

from __future__ import annotations

import pytest
from gridsolve.native_rules.edgematching import engine as table
from gridsolve.native_rules.edgematching.backtrack import seed_style
from gridsolve.puzzles.generators.edgematching import e2_style
from gridsolve.puzzles.solving import Limit
from gridsolve.satmodels import edgematching as sat

ALL = Limit(120, 20_000)

TABLE_BOARDS = [(n, k, rotation, seed)
                for rotation, colours in ((False, (4, 8, 10)), (True, (4, 8, 10, 15, 20)))
                for n in (4, 6) for k in colours for seed in (0, 1)
                if not (rotation and n == 6 and k < 8)]  # 6x6 with 4 colours: beyond the cap
CROSSVAL_BOARDS = [(style, n, rotation) for style in ("seed-n-1", "seed-n", "e2")
                   for n in (3, 4, 5) for rotation in (False, True)]


def same_count(puzzle) -> None:
    mine, theirs = table.solve(puzzle, ALL), sat.solve(puzzle, ALL)
    assert mine.exhausted and theirs.exhausted
    assert mine.count == theirs.count
    assert mine.solution_set() == theirs.solution_set()


@pytest.mark.parametrize("n,k,rotation,seed", TABLE_BOARDS)
def test_counts_on_the_timing_table_boards(n, k, rotation, seed):
    puzzle, _ = seed_style(n, n, k, seed, rotation)
    same_count(puzzle)


@pytest.mark.parametrize("style,n,rotation", CROSSVAL_BOARDS)
def test_counts_on_the_crossval_boards(style, n, rotation):
    if style == "e2":
        puzzle, _ = e2_style(n, n, seed=0, rotation=rotation)
    else:
        puzzle, _ = seed_style(n, n, n - 1 if style == "seed-n-1" else n, 0, rotation)
    same_count(puzzle)
