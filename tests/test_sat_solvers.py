"""The python-sat solver a SAT model runs on: any solver python-sat can stop gives the same exact
answers; one it cannot stop at a time limit is refused with a clear error instead of crashing
mid-search (python-sat's Lingeling raised NotImplementedError from ``clear_interrupt``)."""

from __future__ import annotations

import pytest

import satmodels.nurikabe as sm
from puzzles.nurikabe import NurikabePuzzle
from puzzles.solving import Limit, Status
from satmodels._cnf import SOLVERS, UNSTOPPABLE, check_solver_name

# 8 solutions (the brute force of test_nurikabe_cuts agrees): a 3 in the middle of a 3x3 grid
EIGHT = NurikabePuzzle(3, 3, ((None, None, None), (None, 3, None), (None, None, None)))


def solve(name: str, seconds: float | None):
    return sm.solve(EIGHT, Limit(seconds=seconds, solutions=10), solver=name)


def test_unknown_solver_is_named():
    with pytest.raises(ValueError, match="unknown SAT solver 'nosuch'"):
        check_solver_name("nosuch")


@pytest.mark.parametrize("name", sorted(UNSTOPPABLE))
def test_solver_that_cannot_be_stopped_is_refused_with_a_time_limit(name):
    with pytest.raises(ValueError, match=f"{name!r} cannot be stopped at a time limit"):
        solve(name, 5)


@pytest.mark.parametrize("name", ["glucose4", "minisat22", "cadical195"])
def test_stoppable_solvers_agree(name):
    assert name in SOLVERS
    r = solve(name, 10)
    assert r.status == Status.SOLVED and r.exhausted and r.count == 8


def test_unstoppable_solver_runs_without_a_time_limit():
    name = sorted(UNSTOPPABLE)[-1]  # lingeling
    r = solve(name, None)
    assert r.exhausted and r.count == 8
