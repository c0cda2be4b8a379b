"""Backtracking, van Dam (2008) Chapter 4: the edge order, the pruning (Chapter 3's promising
test, kept incrementally), both engines, and the strong pruning beside the port."""

from __future__ import annotations

import random

import pytest
from gridsolve.harness import registry
from gridsolve.harness.run import run
from gridsolve.native_rules.slitherlink.backends import solve_backtrack as solve
from gridsolve.native_rules.slitherlink.backtrack import situation_is_promising
from gridsolve.native_rules.slitherlink.board import CROSS, LINE, Board, pos_edge
from gridsolve.puzzles.check.slitherlink import check, is_promising
from gridsolve.puzzles.formats import read
from gridsolve.puzzles.slitherlink import SlitherlinkPuzzle, SlitherlinkSolution
from gridsolve.puzzles.solving import Limit, Status

from ..helpers import FIXTURES
from ..support.slitherlink_brute import brute_force, random_puzzle


def seed_pseudo_code(puzzle: SlitherlinkPuzzle) -> tuple[int, set]:
    """Chapter 4 written out literally, with the full Chapter 3 tests of puzzles.check at every
    node: the reference the fast engines must equal node for node."""
    order = [pos_edge(i, j) for i, j in Board(puzzle).edge_ij]
    lines: set = set()
    crosses: set = set()
    found: set = set()
    nodes = 0

    def solveback(t: int) -> None:
        nonlocal nodes
        nodes += 1
        e = order[t]
        lines.add(e)
        next_(t)
        lines.remove(e)
        crosses.add(e)
        next_(t)
        crosses.remove(e)

    def next_(t: int) -> None:
        if is_promising(puzzle, lines, crosses):
            if t != len(order) - 1:
                solveback(t + 1)
            else:
                sol = SlitherlinkSolution(puzzle.rows, puzzle.cols, frozenset(lines))
                if not check(puzzle, sol):
                    found.add(sol)

    solveback(0)
    return nodes, found


def test_edges_are_visited_from_0_1_in_reading_order():
    b = Board(SlitherlinkPuzzle.empty(2, 2))
    assert b.edge_ij[:6] == [(0, 1), (0, 3), (1, 0), (1, 2), (1, 4), (2, 1)]
    assert pos_edge(0, 1) == ((0, 0), (0, 1))  # the edge above the top-left entry
    assert len(b.edge_ij) == 12


@pytest.mark.parametrize("engine", ["python", "numba"])
@pytest.mark.parametrize("case", range(6))
def test_both_engines_are_the_seed_pseudo_code_node_for_node(engine, case):
    rng = random.Random(case)
    rows, cols = [(1, 1), (2, 2), (2, 3), (2, 3), (3, 2), (2, 2)][case]
    puzzle = SlitherlinkPuzzle.empty(rows, cols) if case < 2 else random_puzzle(rng, rows, cols)
    nodes, found = seed_pseudo_code(puzzle)
    r = solve(puzzle, Limit(solutions=10**6), engine=engine)
    assert r.exhausted and r.solution_set() == found == brute_force(puzzle)
    assert r.stats["nodes"] == nodes


def test_engines_agree_on_a_real_puzzle_and_stop_at_the_solution_limit():
    [e] = read(str(FIXTURES / "slitherlink" / "janko-2_4x4.txt"))
    a = solve(e.puzzle, Limit(solutions=2), engine="python")
    b = solve(e.puzzle, Limit(solutions=2), engine="numba")
    assert a.solutions == b.solutions == (e.solution,) and a.stats["nodes"] == b.stats["nodes"]
    r = solve(SlitherlinkPuzzle.empty(3, 3), Limit(solutions=3))
    assert (r.status, r.count, r.exhausted) == (Status.SOLVED, 3, False)  # maximum solutions


@pytest.mark.parametrize("seed", range(8))
def test_strong_pruning_finds_the_same_solutions_with_fewer_nodes(seed):
    puzzle = random_puzzle(random.Random(100 + seed), 3, 4)
    plain = solve(puzzle, Limit(solutions=10**6))
    strong = solve(puzzle, Limit(solutions=10**6), pruning="strong")
    assert plain.exhausted and strong.exhausted
    assert plain.solution_set() == strong.solution_set() == brute_force(puzzle)
    assert strong.stats["nodes"] <= plain.stats["nodes"]


def test_strong_pruning_solves_a_10x10_the_seed_pruning_cannot():
    [e] = read(str(FIXTURES / "slitherlink" / "janko-101_10x10.txt"))
    r = run(registry.get("slitherlink", "backtrack-strong"), e.puzzle, Limit(seconds=60, solutions=2))
    assert (r.status, r.unique, r.solutions[0]) == (Status.SOLVED, True, e.solution)
    seed = run(registry.get("slitherlink", "backtrack"), e.puzzle, Limit(seconds=1, solutions=2))
    assert seed.status == Status.TIMEOUT and seed.stats["nodes"] > 5 * r.stats["nodes"]


def test_a_bad_engine_or_pruning_is_refused():
    with pytest.raises(ValueError, match="engine"):
        solve(SlitherlinkPuzzle.empty(1, 1), engine="fortran")
    with pytest.raises(ValueError, match="pruning"):
        solve(SlitherlinkPuzzle.empty(1, 1), pruning="magic")


@pytest.mark.parametrize("seed", range(6))
def test_the_ports_promising_test_is_chapter_3s(seed):
    """``situation_is_promising`` (the port's own copy) judges random partial situations as the
    checker's Chapter 3 test does."""
    rng = random.Random(300 + seed)
    puzzle = random_puzzle(rng, 3, 4)
    board = Board(puzzle)
    edges = [pos_edge(i, j) for i, j in board.edge_ij]
    verdicts = set()
    for _ in range(60):
        b = Board(puzzle)
        density = rng.choice((0.02, 0.1, 0.3))
        lines = {e for e in edges if rng.random() < density}
        crosses = {e for e in edges if e not in lines and rng.random() < 0.4}
        for e in lines:
            b.set_edge(e, LINE)
        for e in crosses:
            b.set_edge(e, CROSS)
        expected = is_promising(puzzle, lines, crosses)
        assert situation_is_promising(b) == expected
        verdicts.add(expected)
    assert verdicts == {True, False}
