"""The port of the J essay reproduces the essay's published figures and displays exactly
(fixtures in tests/data/nurikabe/essay/ are copied verbatim from the essay)."""

from __future__ import annotations

import itertools
from math import comb as binomial

import numpy as np
import pytest
from gridsolve.native_rules.nurikabe import essay as E
from gridsolve.native_rules.nurikabe import heuristics as H
from gridsolve.native_rules.nurikabe.backends import check_many, heuristic_state, matrix, solve_bfh
from gridsolve.puzzles.formats import nurikabe as F
from gridsolve.puzzles.formats import read
from gridsolve.puzzles.solving import Limit, Status

from ..helpers import FIXTURES

ESSAY = FIXTURES / "nurikabe" / "essay"


@pytest.fixture(scope="module")
def puzzles():
    return {e.id: matrix(e.puzzle) for e in read(str(ESSAY / "puzzles.ijs"))}


@pytest.fixture(scope="module")
def s1():
    return np.array([[int(t.replace("_", "-")) for t in ln.split()]
                     for ln in (ESSAY / "s1.txt").read_text().splitlines()])


def test_the_essay_defines_seven_puzzles(puzzles):
    assert list(puzzles) == [f"n{i}" for i in range(1, 8)]
    assert puzzles["n6"].shape == (10, 18) and puzzles["n7"].shape == (14, 24)


def test_possibilities_after_init_h2far_h22_hislands(puzzles):
    # !/@wf&> q  ->  5985 715 55 28   (wf&.> q -> 4 21, 4 13, 2 11, 2 8)
    t = E.init(puzzles["n1"])
    t1 = H.h2far(t)
    t2 = H.h22(t1)
    t3 = H.hislands(t2)
    q = [t, t1, t2, t3]
    assert [E.wf(x) for x in q] == [(4, 21), (4, 13), (2, 11), (2, 8)]
    assert [binomial(n, m) for m, n in map(E.wf, q)] == [5985, 715, 55, 28]


def test_see_of_the_four_steps_matches_the_essay(puzzles):
    t = E.init(puzzles["n1"])
    q = [t, H.h2far(t)]
    q += [H.h22(q[1])]
    q += [H.hislands(q[2])]
    lines = (ESSAY / "n1-steps.see").read_text().splitlines()[1:-1]  # inside the outer box
    for k, state in enumerate(q):
        block = "\n".join(ln[1 + 12 * k : 12 + 12 * k] for ln in lines)
        assert E.see(state) == block


def test_heuristics_init_n7_leaves_wf_106_244_and_the_printed_grid(puzzles):
    t = H.heuristics(E.init(puzzles["n7"]))
    assert E.wf(t) == (106, 244)
    assert f"{binomial(244, 106):.5e}" == "1.77394e+71"
    assert E.see(t) == (ESSAY / "n7-heuristics.see").read_text().rstrip("\n")


def test_bf_and_bfh_solve_n1_to_s1(puzzles, s1):
    assert np.array_equal(E.bf(E.init(puzzles["n1"])), s1)
    assert np.array_equal(H.bfh(puzzles["n1"]), s1)
    assert E.check(s1) == 1


def test_check_fails_on_n1_at_the_essays_assertion(puzzles):
    with pytest.raises(E.CheckFailed, match=r"\(#c\) = 1\+\+/,0<y"):
        E.check(puzzles["n1"])
    assert not E.checks_out(E.init(puzzles["n1"]))


def test_connect_and_islands_of_s1_match_the_essay(s1):
    expected = (ESSAY / "s1-connect.txt").read_text().split()
    assert ["".join("1" if v else "0" for v in row) for row in E.connect(s1)] == expected
    boxes = (ESSAY / "s1-islands.txt").read_text().splitlines()[1].strip("│").split("│")
    want = [[int(v) for v in box.split()] for box in boxes]
    assert [list(c) for c in E.islands(s1)] == want
    assert [list(c) for c in E.islands_tc(s1)] == want


def test_bfh_n7_says_it_is_infeasible_instead_of_exhausting_memory(puzzles):
    with pytest.raises(E.Infeasible, match=r"1\.774e\+71 colourings of 244 free cells with 106 white"):
        H.bfh(puzzles["n7"])
    r = solve_bfh(next(e.puzzle for e in read(str(ESSAY / "puzzles.ijs")) if e.id == "n7"), Limit(60))
    assert r.status == Status.STUCK and "infeasible" in r.note and "1.774e+71" in r.note


def test_comb_is_every_combination_in_lexicographic_order():
    for y in range(8):
        for x in range(y + 1):
            want = list(itertools.combinations(range(y), x))
            assert [tuple(r) for r in E.comb(x, y)] == want


def test_islands_by_propagation_equal_the_transitive_closure():
    rng = np.random.default_rng(7)
    for _ in range(200):
        shape = tuple(rng.integers(1, 8, 2))
        y = rng.choice([E.FREE, E.BLACK, E.WHITE, E.WHITE, 1, 2, 3], size=shape)
        a, b = E.islands(y), E.islands_tc(y)
        assert [list(c) for c in a] == [list(c) for c in b]


def test_vectorised_check_equals_check():
    rng = np.random.default_rng(11)
    for _ in range(100):
        rows, cols = rng.integers(1, 6, 2)
        stack = rng.choice([E.BLACK, E.WHITE, E.WHITE, 1, 2, 3, E.FREE], size=(40, rows, cols),
                           p=[.3, .25, .25, .08, .05, .04, .03])
        want = [E.checks_out(s) for s in stack]
        assert list(check_many(stack.reshape(40, -1), (rows, cols))) == want


def test_every_heuristic_only_colours_free_cells_of_n6(puzzles):
    y = E.init(puzzles["n6"])
    for step in (H.h2far, H.h22, H.h2ell, H.hislands, H.hendgame):
        z = step(y)
        changed = z != y
        numbers = puzzles["n6"] > 0
        assert np.all(y[changed] == E.FREE) and np.array_equal(z[numbers], puzzles["n6"][numbers])
        y = z


def test_h2ell_blackens_the_corner_between_the_limbs():
    y = np.array([[E.FREE, E.FREE, E.BLACK], [E.FREE, 2, E.BLACK], [E.BLACK, E.BLACK, E.BLACK]])
    z = H.h2ell(y)  # the 2 has free neighbours up and left (an L): the up-left cell is black
    assert z[0, 0] == E.BLACK and np.array_equal(z[1:], y[1:]) and np.array_equal(z[0, 1:], y[0, 1:])


def test_hendgame_finishes_both_ways():
    assert np.all(H.hendgame(np.array([[1, E.FREE, E.FREE]])) == [1, E.BLACK, E.BLACK])
    assert np.all(H.hendgame(np.array([[3, E.FREE, E.FREE]])) == [3, E.WHITE, E.WHITE])


def test_hint_names_the_first_heuristic_that_colours_a_cell(puzzles):
    (r, c, colour), name = H.hint(E.init(puzzles["n1"]), np.random.default_rng(0))
    assert name == "h2far" and colour == E.BLACK
    assert H.h2far(E.init(puzzles["n1"]))[r, c] == E.BLACK and E.init(puzzles["n1"])[r, c] == E.FREE
    # from the state after h2far the next hint comes from h22
    (_, _, colour), name = H.hint(H.h2far(E.init(puzzles["n1"])))
    assert (name, colour) == ("h22", E.WHITE)
    assert H.hint(H.bfh(puzzles["n1"])) is None


def test_heuristic_state_reports_soundness(puzzles):
    p = next(e.puzzle for e in read(str(ESSAY / "puzzles.ijs")) if e.id == "n7")
    state, sound = heuristic_state(p)
    assert sound and len(state.undecided) == 244


def test_the_essay_matrix_format_round_trips(puzzles, s1):
    entry = next(e for e in read(str(ESSAY / "puzzles.ijs")) if e.id == "n1")
    text = F.format_matrix(entry.puzzle)
    assert F.from_matrix(text.splitlines())[0] == entry.puzzle
    p, state = F.from_matrix((ESSAY / "s1.txt").read_text().splitlines())
    assert F.format_matrix(p, state) == (ESSAY / "s1.txt").read_text().rstrip("\n")


def test_brute_force_on_a_huge_grid_says_infeasible_instead_of_failing():
    # 31x45 with a few numbers: the number of colourings has hundreds of digits, more than a
    # float holds; the port must stop `stuck` with the count written out, not raise
    from gridsolve.harness import registry
    from gridsolve.harness.run import run
    from gridsolve.puzzles.nurikabe import NurikabePuzzle
    from gridsolve.puzzles.solving import Limit, Status

    clues = [[None] * 45 for _ in range(31)]
    clues[0][0], clues[30][44], clues[15][22] = 300, 400, 200
    r = run(registry.get("nurikabe", "bruteforce"), NurikabePuzzle(31, 45, clues), Limit(seconds=10))
    assert r.status == Status.STUCK, r.stats
    assert "about 10^" in r.note + (r.error or "")
