"""Masyu models (``cpsat``, ``sat``): counts known by hand, both against brute force (every simple
cycle of a small grid, judged by the independent checker), the backend contract (limits, the
exhausted flag, timeouts) and a sample of the janko corpus (skipped without the data)."""

from __future__ import annotations

import json
from functools import cache

import pytest
from gridsolve.cpmodels import masyu as cpsat_model
from gridsolve.puzzles.check.masyu import check
from gridsolve.puzzles.formats import masyu as fmt
from gridsolve.puzzles.grid import neighbours
from gridsolve.puzzles.masyu import BLACK, WHITE, MasyuPuzzle, MasyuSolution, link, links
from gridsolve.puzzles.solving import Limit, Status
from gridsolve.satmodels import masyu as sat_model
from hypothesis import given, settings
from hypothesis import strategies as st

from ..helpers import shared

BACKENDS = {"cpsat": cpsat_model.solve, "sat": sat_model.solve}
VARIANTS = {**BACKENDS, "cpsat blocking": lambda p, limit: cpsat_model.solve(p, limit, enumerate_all=False)}
EXAMPLE_URL = "https://puzz.link/p?masyu/6/6/00016f769000"
ALL = Limit(seconds=60, solutions=10_000)


def puzzle_of(rows: list[str]) -> MasyuPuzzle:
    return MasyuPuzzle.from_rows([[{"w": WHITE, "b": BLACK}.get(ch) for ch in row] for row in rows])


@cache
def simple_cycles(rows: int, cols: int) -> tuple[frozenset, ...]:
    """Every simple cycle of the rows x cols grid graph, as link sets (each cycle walked from its
    smallest cell)."""
    found = set()

    def walk(start, path, on_path):
        for n in neighbours(rows, cols, path[-1]):
            if n == start and len(path) >= 4:
                found.add(frozenset(link(a, b) for a, b in zip(path, path[1:] + path[:1], strict=True)))
            elif n > start and n not in on_path:
                on_path.add(n)
                walk(start, path + [n], on_path)
                on_path.discard(n)

    for r in range(rows):
        for c in range(cols):
            walk((r, c), [(r, c)], {(r, c)})
    return tuple(sorted(found, key=sorted))


def brute_force(puzzle: MasyuPuzzle) -> frozenset:
    loops = (MasyuSolution(puzzle.rows, puzzle.cols, c) for c in simple_cycles(puzzle.rows, puzzle.cols))
    return frozenset(s for s in loops if not check(puzzle, s))


def test_the_brute_force_counts_the_known_cycles():
    assert [len(simple_cycles(2, n)) for n in (2, 3, 4)] == [1, 3, 6]
    assert len(simple_cycles(3, 3)) == 13


@pytest.mark.parametrize("name", VARIANTS)
@pytest.mark.parametrize("rows, count", [
    (["..", ".."], 1),                 # the one square
    (["...", "..."], 3),               # two squares and the 2x3 ring
    ([".w.", "..."], 1),               # straight through, turning at both corners: the ring
    (["...", ".b.", "..."], 0),        # no room to go straight on two cells beyond
    (["b..", "...", "..."], 2),        # two straight arms; back by the ring or through the centre
    (["...", ".w.", "..."], 4),        # straight through the centre, closed on either side
])
def test_counts_known_by_hand(name, rows, count):
    p = puzzle_of(rows)
    r = VARIANTS[name](p, ALL)
    assert r.exhausted and r.count == count
    assert r.status == (Status.SOLVED if count else Status.UNSAT)
    assert r.solution_set() == brute_force(p)


@settings(max_examples=25, deadline=None, derandomize=True)
@given(st.lists(st.tuples(st.integers(0, 3), st.integers(0, 4), st.sampled_from([WHITE, BLACK])),
                min_size=1, max_size=5))
def test_both_backends_find_exactly_the_brute_force_loops(pearls):
    grid = [[None] * 5 for _ in range(4)]
    for r, c, colour in pearls:
        grid[r][c] = colour
    p = MasyuPuzzle.from_rows(grid)
    expected = brute_force(p)
    for solve in BACKENDS.values():
        r = solve(p, ALL)
        assert r.exhausted and r.solution_set() == expected


@pytest.mark.parametrize("name", BACKENDS)
def test_the_example_url_is_unique_and_checked(name):
    p = fmt.from_url(EXAMPLE_URL)
    r = BACKENDS[name](p, Limit(seconds=60, solutions=2))
    assert r.status == Status.SOLVED and r.unique is True and r.backend == name
    assert check(p, r.solutions[0]) == []


@pytest.mark.parametrize("name", BACKENDS)
def test_a_solution_limit_stops_the_search_unexhausted(name):
    r = BACKENDS[name](puzzle_of(["....", "....", "...."]), Limit(seconds=60, solutions=2))
    assert r.count == 2 and not r.exhausted and r.unique is False
    assert len(r.solution_set()) == 2


@pytest.mark.parametrize("name", BACKENDS)
def test_a_time_limit_ends_in_timeout_with_checked_solutions(name):
    p = MasyuPuzzle.from_rows([[None] * 12 for _ in range(12)])  # millions of loops
    r = BACKENDS[name](p, Limit(seconds=1.0, solutions=10**9))
    assert r.status == Status.TIMEOUT and not r.exhausted and r.seconds < 10
    assert all(check(p, s) == [] for s in r.solutions)


def test_both_backends_solve_a_corpus_sample_as_given():
    path = shared("masyu")
    data = json.loads((path / "janko-puzzlekit.json").read_text())["data"]
    small = [k for k, item in data.items() if item["problem"].startswith(("6 6", "10 10"))][::25]
    assert len(small) >= 8
    for key in small:
        p, given_solution, _ = fmt.from_puzzlekit(data[key]["problem"], data[key]["solution"])
        for solve in BACKENDS.values():
            r = solve(p, Limit(seconds=60, solutions=2))
            assert r.unique is True and r.solutions == (given_solution,), key


@pytest.mark.parametrize("rows", [["...", ".w.", "..."], ["b..", "...", "..."], [".w.", "..."]])
def test_the_sat_backbone_is_what_every_loop_shares(rows):
    p = puzzle_of(rows)
    loops = [s.links for s in brute_force(p)]
    everywhere, anywhere = frozenset.intersection(*loops), frozenset.union(*loops)
    b = sat_model.backbone(p, Limit(seconds=60, solutions=2))
    assert b.complete
    assert b.fixed == everywhere and b.differs == anywhere - everywhere
    assert b.unused == frozenset(links(p.rows, p.cols)) - anywhere
