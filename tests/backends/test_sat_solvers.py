"""The python-sat solver a SAT model runs on: any solver python-sat can stop gives the same exact
answers; one it cannot stop at a time limit is refused with a clear error instead of crashing
mid-search (python-sat's Lingeling raised NotImplementedError from ``clear_interrupt``), and one
that cannot solve twice is refused always (python-sat's Kissat aborts the process on its second
call, which no ``except`` can catch: these tests would die with it)."""

from __future__ import annotations

import gridsolve.satmodels.nurikabe as sm
import pytest
from gridsolve.puzzles.nurikabe import NurikabePuzzle
from gridsolve.puzzles.solving import Limit, Status
from gridsolve.satmodels.vocabulary import NOT_INCREMENTAL, UNSTOPPABLE, check_solver_name, usable_solvers

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


@pytest.mark.parametrize("seconds", [None, 5])
@pytest.mark.parametrize("name", sorted(NOT_INCREMENTAL))
def test_solver_that_cannot_solve_twice_is_refused(name, seconds):
    with pytest.raises(ValueError, match=f"{name!r} cannot solve incrementally"):
        solve(name, seconds)


@pytest.mark.parametrize("name", usable_solvers())
def test_every_solver_the_errors_offer_solves_exactly_under_a_time_limit(name):
    r = solve(name, 10)
    assert r.status == Status.SOLVED and r.exhausted and r.count == 8


def test_usable_solvers_include_the_default_and_leave_out_the_refused():
    usable = usable_solvers()
    assert "cadical195" in usable and "glucose4" in usable
    assert not (NOT_INCREMENTAL | UNSTOPPABLE) & set(usable)


def test_unstoppable_solver_runs_without_a_time_limit():
    r = solve("lingeling", None)
    assert r.exhausted and r.count == 8


@pytest.mark.parametrize("name", sorted(UNSTOPPABLE))
def test_walk_checks_refuse_a_solver_they_could_not_stop(name):
    # the Hamiltonian walk checks run every call under a conflict budget, which python-sat's
    # Lingeling does not support: refused when the checker is made, not in the middle of a walk
    from gridsolve.puzzles.hamiltonian import HamiltonianPuzzle
    from gridsolve.satmodels.hamiltonian import WalkSolver

    with pytest.raises(ValueError, match=f"{name!r} cannot be stopped"):
        WalkSolver(HamiltonianPuzzle.square(3), solver=name)
