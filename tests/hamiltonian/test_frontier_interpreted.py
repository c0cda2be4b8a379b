"""The interpreted frontier count (plain Python on a dict, no numpy): the same counts as the
numpy DP on every board shape it meets -- squares 1..11, rectangles both ways, other terminals,
blocked cells, prefixes -- and the ``dp`` backend's count routes narrow boards to it without
importing numpy."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from gridsolve.harness import registry
from gridsolve.harness.run import count as count_solutions
from gridsolve.native_rules.hamiltonian import frontier
from gridsolve.native_rules.hamiltonian.frontier import counting, interpreted
from gridsolve.puzzles.hamiltonian import HamiltonianPuzzle as HP
from gridsolve.puzzles.solving import Limit, Status

from ..helpers import ROOT

DP = registry.get("hamiltonian", "dp")
A001184 = {1: 1, 3: 2, 5: 104, 7: 111_712, 9: 2_688_307_514, 11: 1_445_778_936_756_068}


def plain(puzzle: HP) -> int:
    total, _peak = interpreted.count(puzzle, max_states=frontier.DEFAULT_MAX_STATES)
    return total


@pytest.mark.parametrize("n", range(1, 12))
def test_every_square_counts_as_the_numpy_dp(n):
    total = plain(HP.square(n))
    assert total == frontier.count(HP.square(n))
    assert total == A001184.get(n, 0)  # an even square has no corner-to-corner path (colouring)


@pytest.mark.parametrize("rows, cols", [(r, c) for r in range(1, 7) for c in range(1, 8) if r * c > 1])
def test_every_small_rectangle_counts_as_the_numpy_dp(rows, cols):
    p = HP.rect(rows, cols)
    assert plain(p) == frontier.count(p)


@pytest.mark.parametrize("puzzle", [
    HP(5, 6, (0, 0), (0, 5)),  # both terminals in the first row
    HP(6, 5, (2, 2), (5, 4)),  # the start inside, the grid transposed
    HP(7, 4, (3, 1), (3, 2)),  # neighbours
    HP(5, 5, (0, 0), (4, 4), frozenset({(2, 2)})),
    HP(6, 6, (0, 0), (5, 0), frozenset({(1, 1), (3, 4), (4, 2)})),
    HP(5, 7, (0, 0), (4, 6), frozenset((2, c) for c in range(1, 7))),  # a row blocked but one cell
    HP(5, 5, (0, 0), (4, 4), frozenset((2, c) for c in range(5))),  # a row blocked: no path
    HP(4, 4, (0, 0), (3, 3), frozenset({(0, 1), (1, 0)})),  # the start walled in: no path
], ids=str)
def test_terminals_and_blocked_cells_count_as_the_numpy_dp(puzzle):
    assert plain(puzzle) == frontier.count(puzzle)


@pytest.mark.parametrize("prefix", [
    [(0, 0), (0, 1)], [(0, 0), (1, 0), (1, 1), (0, 1), (0, 2)], [(0, 0), (0, 1), (1, 1), (1, 0), (2, 0)],
])
def test_prefixes_count_as_the_numpy_dp(prefix):
    p = HP.square(7).with_prefix(prefix)
    assert plain(p) == frontier.count(p) > 0


def test_a_prefix_that_reaches_the_end_of_a_one_cell_rest():
    p = HP.rect(1, 3).with_prefix([(0, 0), (0, 1)])
    assert plain(p) == frontier.count(p) == 1


def test_past_max_states_it_is_too_large():
    with pytest.raises(frontier.TooLarge):
        interpreted.count(HP.square(9), max_states=100)


def test_the_count_route_runs_it_on_narrow_boards_and_numpy_on_wide_ones(monkeypatch):
    narrow, wide = HP.square(7), HP.square(11)
    import numpy  # noqa: F401 -- loaded: then the interpreted count pays only where it is faster per row

    assert [counting.interpreting_pays(HP.rect(n, 200)) for n in (7, 8)] == [True, False]
    monkeypatch.delitem(sys.modules, "numpy")  # as a new process sees it: importing numpy to pay
    assert counting.interpreting_pays(HP.rect(8, 200)) and counting.interpreting_pays(HP.rect(18, 9))
    assert not counting.interpreting_pays(HP.rect(19, 9)) and not counting.interpreting_pays(HP.rect(10, 10))
    monkeypatch.undo()
    got = count_solutions(DP, narrow, Limit(), engine="interpreted")
    assert (got.status, got.total, got.stats["engine"]) == (Status.SOLVED, A001184[7], "interpreted")
    r = count_solutions(DP, wide, Limit())
    assert (r.total, r.stats["engine"]) == (A001184[11], "numpy")


def test_count_hamiltonian_7_imports_no_numpy():
    """The point of the interpreted count: a small ``gridsolve count`` does not pay numpy's import
    (more than the whole count costs)."""
    script = ("import sys\nfrom gridsolve.cli.main import main\n"
              "sys.argv = ['gridsolve', 'count', 'hamiltonian', '--size', '7']\n"
              "try:\n    main()\nexcept SystemExit:\n    pass\n"
              "print('numpy' in sys.modules, file=sys.stderr)\n")
    p = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT,
                       env=dict(os.environ), timeout=300, stdin=subprocess.DEVNULL)
    assert "exactly 111712 solutions" in p.stdout, p.stderr
    assert p.stderr.strip().splitlines()[-1] == "False", p.stderr
