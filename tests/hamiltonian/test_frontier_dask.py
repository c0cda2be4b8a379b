"""The frontier DP partitioned by state hash across Dask workers: the same counts as the
single-machine DPs, on a LocalCluster."""

from __future__ import annotations

import pytest
from gridsolve.native_rules.hamiltonian import frontier
from gridsolve.puzzles.hamiltonian import HamiltonianPuzzle as HP

distributed = pytest.importorskip("distributed")


@pytest.fixture(scope="module")
def client():
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                                  dashboard_address=None) as cluster, distributed.Client(cluster) as c:
        yield c


@pytest.mark.parametrize("puzzle,parts", [(HP.square(7), 1), (HP.square(7), 4), (HP.rect(3, 8), 2),
                                          (HP(5, 5, (2, 2), (0, 4), frozenset({(3, 3), (4, 0)})), 4),
                                          (HP.square(7).with_prefix([(0, 0), (0, 1)]), 2)])
def test_partitioned_counts_equal_the_numpy_dp(client, puzzle, parts):
    from gridsolve.native_rules.hamiltonian.frontier import distributed as frontier_dask

    assert frontier_dask.count(client, puzzle, parts=parts) == frontier.count(puzzle)


def test_parts_must_be_a_power_of_two(client):
    from gridsolve.native_rules.hamiltonian.frontier import distributed as frontier_dask

    with pytest.raises(ValueError, match="power of two"):
        frontier_dask.count(client, HP.square(5), parts=3)
