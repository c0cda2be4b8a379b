"""The compiled count drops states that cannot be completed (``cover`` and
``kernel.closes_loop``): the counts stay those of the numpy DP, and it writes fewer rows."""

from __future__ import annotations

import random

import pytest
from gridsolve.native_rules.hamiltonian import frontier
from gridsolve.native_rules.hamiltonian.frontier import compiled as fc
from gridsolve.native_rules.hamiltonian.frontier import kernel as K
from gridsolve.puzzles.hamiltonian import HamiltonianPuzzle as HP

from ..support.hamiltonian_brute import random_puzzle


@pytest.mark.parametrize("seed", range(40))
def test_every_row_checked_counts_the_same(seed):
    """Checked in every row (blocked cells, general endpoints, prefixes, both pass shapes), no
    completable state is dropped."""
    rng = random.Random(seed)
    p = random_puzzle(rng, rng.randint(2, 8), rng.randint(2, 8), 5, 3)
    want = frontier.count(p)
    for fuse in (False, True):
        assert fc.count(p, run=fc.Run(cover_rows=100, fuse=fuse))[0] == want


def test_fewer_rows_written_for_the_same_count():
    p = HP.square(11)
    plain = fc.count(p, run=fc.Run(prune=False))
    loops = fc.count(p, run=fc.Run(cover_rows=0))
    both = fc.count(p)
    assert plain[0] == loops[0] == both[0] == frontier.count(p)
    assert loops[1].written < 0.97 * plain[1].written  # "()" in the next cell
    assert both[1].written < 0.9 * loops[1].written  # the last rows' plug patterns


def test_the_last_row_takes_runs_of_two_or_more_cells():
    """Before the last row of a 5x5 grid ending in its last corner, a plug pattern is coverable
    iff the row splits into runs of two or more cells with a plug at each end, but for the last
    run, which ends at the path's end: a plug at its first cell only (it may be that cell)."""
    plan = fc.Plan.of(HP(5, 5, (0, 0), (4, 4)))
    prune = plan.pruning(2)
    assert prune.first == 15 and prune.row(14) == -1
    row_end = prune.tables[prune.row(19)]  # the successors of row 3's last cell, before the row change
    allowed = {m for m in range(1 << plan.plugs) if (row_end[m >> 3] >> (m & 7)) & 1}

    def pattern(cols):
        return sum(1 << c for c in cols)  # slot c: the down plug of column c

    assert allowed == {pattern(p) for p in ([0], [0, 1, 2], [0, 2, 3], [0, 3, 4], [0, 1, 2, 3, 4])}
    assert not K.closes_loop(0b1001 << 4, 1) and K.closes_loop(0b1001 << 4, 2)
