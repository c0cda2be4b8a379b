"""The Slitherlink deduction engine is sound: on small grids every deduction agrees with every
solution of a brute-force enumeration (and a contradiction only when there is none); on the janko
corpus it agrees with the given solutions. Its tiers are monotone, every loop it returns passes
the independent checker, and ``rules+sat`` counts what ``sat`` counts."""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest
from gridsolve.harness import registry
from gridsolve.harness.run import run
from gridsolve.native_rules.slitherlink import deduce as D
from gridsolve.native_rules.slitherlink import engine as E
from gridsolve.puzzles.check.slitherlink import check
from gridsolve.puzzles.formats import read
from gridsolve.puzzles.slitherlink import SlitherlinkPuzzle
from gridsolve.puzzles.solving import Limit

from ..helpers import FIXTURES, ROOT, shared
from ..support.slitherlink_brute import brute_force, random_puzzle

# (rows, cols, puzzles): 3x4 and 4x4 enumerate 4096 / 65536 cell sets once, cached
SMALL = [(2, 3, 60), (3, 3, 80), (3, 4, 60), (4, 4, 25)]


def steps(puzzle):
    """The engine taken through its tiers: (tier, engine) after each, or (tier, exception)."""
    eng = D.Engine(puzzle)
    for tier, step in eng.tier_steps():
        try:
            step()
        except D.Contradiction as exc:
            yield tier, exc
            return
        yield tier, eng


def assert_sound(puzzle, solutions):
    """Each tier's state agrees with every solution; a contradiction only without solutions; a
    completed state is the one solution; decided edges only grow from tier to tier."""
    before_on, before_off = frozenset(), frozenset()
    for tier, eng in steps(puzzle):
        if isinstance(eng, D.Contradiction):
            assert not solutions, f"{tier}: contradiction {eng} but {len(solutions)} solutions"
            return
        on, off = eng.lines(), eng.crosses()
        assert before_on <= on and before_off <= off, f"{tier} lost a deduction"
        before_on, before_off = on, off
        for sol in solutions:
            assert on <= sol.edges, f"{tier}: a line off the loop of a solution"
            assert not off & sol.edges, f"{tier}: a cross on the loop of a solution"
        try:
            done = eng.complete()
        except D.Contradiction:
            assert not solutions
            return
        if done:
            assert solutions == {eng.solution()}, f"{tier} completed, solutions: {len(solutions)}"
            assert not check(puzzle, eng.solution())
            return


@pytest.mark.parametrize("rows, cols, n", SMALL)
def test_every_deduction_holds_in_every_solution(rows, cols, n):
    rng = random.Random(rows * 100 + cols)
    for _ in range(n):
        puzzle = random_puzzle(rng, rows, cols)
        assert_sound(puzzle, brute_force(puzzle))


@pytest.mark.parametrize("rows, cols", [(1, 1), (1, 3), (2, 2), (3, 3)])
def test_blank_grids_decide_nothing_wrong(rows, cols):
    puzzle = SlitherlinkPuzzle.empty(rows, cols)
    assert_sound(puzzle, brute_force(puzzle))


@pytest.mark.parametrize("rows, text", [
    (["4"], "the single square"),
    (["33"], "a closed 2x1 loop is the whole solution"),
    (["3.", ".3"], "diagonal 3s"),
    (["0"], "no loop at all"),
    (["3", "3", "3"], "three 3s in a column"),
    (["000", "0.0", "000"], "no solution: the blank cell's edges all touch a 0"),
])
def test_hand_picked(rows, text):
    puzzle = SlitherlinkPuzzle.from_rows([[None if ch == "." else int(ch) for ch in r] for r in rows])
    assert_sound(puzzle, brute_force(puzzle))


def test_probing_knows_that_a_line_is_drawn():
    """A blank 1x1 grid: crossing any edge crosses them all (the cell is inside or outside),
    which draws no line -- a contradiction, so probing draws the square."""
    g = D.grade(SlitherlinkPuzzle.empty(1, 1))
    assert g["tier"] == "probing-1" and g["unknown_edges"] == 0


def test_the_chains_tier_decides_the_diagonal_chain():
    """A diagonal chain 3, 2, 3 in the middle of a blank 5x5 grid fixes the outer corners of both
    3s by the corner flags of units with no decided edge (``chains``), not before."""
    rows = [[None] * 5 for _ in range(5)]
    rows[1][1], rows[2][2], rows[3][3] = 3, 2, 3
    outer = {((1, 1), (1, 2)), ((1, 1), (2, 1)), ((4, 3), (4, 4)), ((3, 4), (4, 4))}
    eng = D.Engine(SlitherlinkPuzzle.from_rows(rows))
    eng.propagate(E.L_CORNERS)
    assert eng.unknown == eng.ne
    eng.propagate(E.L_CHAINS)
    assert outer <= eng.lines()


def test_the_corners_tier_uses_flags_beside_a_decided_edge():
    """Counting leaves edges of this 2x3 puzzle unknown; the corner flags of units beside the
    edges it decided complete it."""
    eng = D.Engine(SlitherlinkPuzzle.from_rows([[None, None, 0], [1, None, 1]]))
    eng.propagate(E.L_COUNTING)
    assert eng.unknown
    eng.propagate(E.L_CORNERS)
    assert eng.complete()


def test_the_counting_tier_closes_no_premature_loop():
    """Three lines of a 2x2 block's square drawn beside another line: loop closure crosses the
    fourth at the counting tier already."""
    puzzle = SlitherlinkPuzzle.empty(3, 3)
    eng = D.Engine(puzzle)
    eng.set_edges([((0, 0), (0, 1)), ((0, 1), (1, 1)), ((0, 0), (1, 0)), ((3, 2), (3, 3))], [])
    eng.propagate(E.L_COUNTING)
    assert ((1, 0), (1, 1)) in eng.crosses()


def janko(n: int | None, seed: int = 5):
    entries = [e for e in read(str(shared("slitherlink", "janko-puzzlekit.json"))) if e.solution]
    return entries if n is None else random.Random(seed).sample(entries, n)


def assert_agrees_with_given(entries, depth):
    done = 0
    for e in entries:
        eng = D.deduce(e.puzzle, depth)
        sol = e.solution.edges
        assert eng.lines() <= sol, e.id
        assert not eng.crosses() & sol, e.id
        if eng.complete():
            assert eng.solution() == e.solution and not check(e.puzzle, eng.solution())
            done += 1
    return done


def test_janko_sample_agrees_with_the_given_solutions():
    entries = janko(40)
    assert assert_agrees_with_given(entries, 1) >= 30  # most janko puzzles need no search


@pytest.mark.slow
def test_janko_all_agree_with_the_given_solutions():
    assert_agrees_with_given(janko(None), 1)


def test_tiers_are_monotone_and_named():
    for e in janko(15, seed=9):
        g = D.grade(e.puzzle)
        assert g["tier"] in D.TIERS
        rank = D.TIERS.index(g["tier"])
        # a weaker engine never completes what the grade says needs a stronger tier
        eng = D.Engine(e.puzzle)
        for i, (_, step) in enumerate(eng.tier_steps()[:len(D.LEVELS) + 1]):
            step()
            assert eng.complete() == (i >= rank), (e.id, g["tier"], i)


def test_rules_sat_counts_agree_with_sat():
    """Small puzzles with none, one or many solutions: the same solution sets (the engine's
    deductions, imposed as unit clauses, cut no solution); janko puzzles: the same verdicts."""
    sat, combined = registry.get("slitherlink", "sat"), registry.get("slitherlink", "rules+sat")
    rng = random.Random(26)
    for _ in range(40):
        puzzle = random_puzzle(rng, 3, 4)
        a, b = (run(x, puzzle, Limit(seconds=60, solutions=1000)) for x in (sat, combined))
        assert b.exhausted and a.solution_set() == b.solution_set() == brute_force(puzzle)
    for e in janko(12, seed=26):
        a, b = (run(x, e.puzzle, Limit(seconds=60, solutions=2)) for x in (sat, combined))
        assert (a.count, a.unique) == (b.count, b.unique) == (1, True), e.id
        assert b.solutions[0] == e.solution and not check(e.puzzle, b.solutions[0])


def test_rules_sat_hands_the_rest_to_sat():
    """A blank grid leaves the engine nothing to deduce: the SAT model counts all its loops."""
    r = run(registry.get("slitherlink", "rules+sat"), SlitherlinkPuzzle.empty(3, 3), Limit(solutions=1000))
    assert r.exhausted and r.count == 213 and r.stats["unknown_after_rules"] == 24


def test_hint_names_the_rule_of_the_weakest_productive_tier():
    """From the puzzle, a 0 is crossed out by clue counting; from the state the colouring tier
    leaves on a puzzle that needs probing, the hint is a probe."""
    h = D.hint(SlitherlinkPuzzle.from_rows([[None, None], [None, 0]]))
    assert h.tier == "counting" and h.rule == "clue count" and not h.on
    assert h.edge in {((1, 1), (1, 2)), ((1, 1), (2, 1)), ((1, 2), (2, 2)), ((2, 1), (2, 2))}
    e = next(e for e in janko(None) if D.grade(e.puzzle)["tier"] == "probing-1")
    eng = D.Engine(e.puzzle)
    eng.propagate()
    h = D.hint(e.puzzle, eng.lines(), eng.crosses())
    assert h.tier == "probing-1" and h.rule.startswith("probing")
    assert (h.edge in e.solution.edges) == h.on  # the hint agrees with the solution


def test_hint_reports_a_contradiction_of_the_given_state():
    puzzle = SlitherlinkPuzzle.from_rows([[None, None], [None, 0]])
    h = D.hint(puzzle, on=[((1, 1), (1, 2))])
    assert h.edge is None and h.contradiction


def gridsolve(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "gridsolve.cli.main", *args], capture_output=True,
                          text=True, cwd=ROOT, timeout=300)


def test_cli_grade_by_engine_and_hint():
    pz = str(FIXTURES / "slitherlink" / "pzprjs-5x5.txt")
    p = gridsolve("grade", pz, "--by", "engine", "--format", "json")
    assert p.returncode == 0, p.stderr
    assert json.loads(p.stdout)["tier"] == D.grade(read(pz)[0].puzzle)["tier"]
    p = gridsolve("grade", pz, "--hint")
    assert p.returncode == 0 and " the loop (" in p.stdout and "tier counting" in p.stdout, p.stdout
    url = "https://puzz.link/p?slither/5/5/cbcbcddad"  # no solution given: the same next step
    p, h = gridsolve("grade", url, "--hint"), gridsolve("hint", url)
    assert h.returncode == 0 and " the loop (" in h.stdout and h.stdout == p.stdout, (h.stdout, p.stdout)


def test_probing_keeps_the_time_limit():
    """A blank 120x120 grid gives probing tens of thousands of trials: the engine checks the
    deadline between compiled chunks of them and stops with a sound partial state."""
    limit = Limit(seconds=0.5)
    r = run(registry.get("slitherlink", "deduce"), SlitherlinkPuzzle.empty(120, 120), limit)
    assert r.status.value in ("timeout", "stuck") and r.seconds < 0.5 + 1.0, (r.status, r.seconds)
    r = run(registry.get("slitherlink", "rules+sat"), SlitherlinkPuzzle.empty(120, 120), Limit(seconds=2))
    assert r.seconds < 2 + 1.2, r.seconds
