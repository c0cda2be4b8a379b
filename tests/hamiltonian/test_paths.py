"""Hamiltonian paths (the one-way labyrinth): exact counts, every backend against an independent
brute force, the completion oracle, uniform sampling, formats, checker."""

from __future__ import annotations

import math
import random
from collections import Counter

import pytest
from gridsolve.harness import registry
from gridsolve.harness.run import count as count_solutions
from gridsolve.harness.run import run
from gridsolve.native_rules.hamiltonian import frontier
from gridsolve.native_rules.hamiltonian.tools import oracle, sampling
from gridsolve.puzzles.check.hamiltonian import check
from gridsolve.puzzles.hamiltonian import HamiltonianPuzzle as HP
from gridsolve.puzzles.hamiltonian import HamiltonianSolution
from gridsolve.puzzles.solving import Limit, Status

from ..support.hamiltonian_brute import all_paths, completions_by_move, random_puzzle

A001184 = {1: 1, 3: 2, 5: 104, 7: 111_712, 9: 2_688_307_514}
BACKENDS = registry.for_kind("hamiltonian")


# ------------------------------------------------------------------ exact counts


@pytest.mark.parametrize("n", sorted(A001184))
def test_dp_counts_a001184(n):
    assert frontier.count(HP.square(n)) == A001184[n]


def test_dp_count_only_mode_through_the_harness():
    r = count_solutions(registry.get("hamiltonian", "dp"), HP.square(9), Limit(solutions=1))
    assert (r.status, r.exhausted, r.count, r.unique) == (Status.SOLVED, True, A001184[9], False)
    assert r.solutions == ()


def test_nine_by_nine_first_step_right_is_the_authors_left_half():
    counts = oracle.completion_counts(HP.square(9))
    assert counts == {(0, 1): 1_344_153_757, (1, 0): 1_344_153_757}
    assert frontier.count(HP.square(9).with_prefix([(0, 0), (0, 1)])) == 1_344_153_757


def test_even_and_rectangular_grids():
    assert frontier.count(HP.square(4)) == 0  # both corners the same colour, even cell count
    assert frontier.count(HP.rect(5, 9)) == frontier.count(HP.rect(9, 5))  # transposed DP


@pytest.mark.parametrize("name", ["cpsat", "sat"])
@pytest.mark.parametrize("n", [1, 3, 5])
def test_cpsat_and_sat_count_the_small_labyrinths(name, n):
    r = run(registry.get("hamiltonian", name), HP.square(n), Limit(seconds=60, solutions=1000))
    assert r.status == Status.SOLVED and r.exhausted and r.count == A001184[n], r.stats


# ------------------------------------------------------------------ against brute force


def small_puzzle(rng: random.Random) -> HP:
    """Up to 4 x 5 cells, a quarter of them blocked at most, a prefix of up to half the rest."""
    return random_puzzle(rng, rng.randint(1, 4), rng.randint(2, 5), 4, 2)


CASES = [small_puzzle(random.Random(i)) for i in range(40)]


@pytest.mark.parametrize("backend", BACKENDS, ids=lambda b: b.name)
def test_every_backend_finds_exactly_the_brute_force_paths(backend):
    for p in CASES:
        want = {HamiltonianSolution(x) for x in all_paths(p)}
        r = run(backend, p, Limit(seconds=60, solutions=10_000))
        if not backend.complete and r.status == Status.STUCK:
            continue  # e.g. rules-dfs: the author's rules are for his n x n labyrinth only
        assert r.status in (Status.SOLVED, Status.UNSAT) and r.exhausted, (p, r.stats)
        assert r.solution_set() == want, p


def test_sat_cuts_keep_every_path_of_an_open_grid():
    # 5x6 from a corner to an inner cell: many cycle-laden models are cut on the way
    p = HP(5, 6, (0, 0), (2, 3))
    want = {HamiltonianSolution(x) for x in all_paths(p)}
    r = run(registry.get("hamiltonian", "sat"), p, Limit(seconds=120, solutions=10**6))
    assert r.exhausted and r.solution_set() == want and r.stats["cuts"] > 0


def test_dp_lists_paths_by_rank_without_repeats():
    r = run(registry.get("hamiltonian", "dp"), HP.square(7), Limit(solutions=500))
    assert r.status == Status.SOLVED and not r.exhausted and r.count == 500
    assert len(r.solution_set()) == 500 and r.stats["total"] == A001184[7]


# ------------------------------------------------------------------ the completion oracle


def test_oracle_agrees_with_brute_force_on_every_5x5_prefix():
    paths = all_paths(HP.square(5))
    prefixes = {p[:k] for p in paths for k in range(1, 24)}
    # add dead prefixes: every one-step extension that no path takes
    for pre in list(prefixes):
        for m in HP.square(5).neighbours(pre[-1]):
            if m not in pre:
                prefixes.add(pre + (m,))
    for pre in sorted(prefixes):
        puzzle = HP.square(5).with_prefix(pre) if len(pre) > 1 else HP.square(5)
        want = Counter(p[len(pre)] for p in paths if p[: len(pre)] == pre)
        got = oracle.completion_counts(puzzle)
        assert {m: n for m, n in got.items() if n} == dict(want), pre
        assert oracle.completable_moves(puzzle) == set(want)
        if not want and len(pre) < 25:
            assert all(n == 0 for n in got.values())


def random_prefix(n: int, length: int, rng: random.Random) -> HP:
    p = HP.square(n)
    walk = [(0, 0)]
    while len(walk) < length:
        moves = [m for m in p.neighbours(walk[-1]) if m not in walk and m != p.end]
        if not moves:
            break
        walk.append(rng.choice(moves))
    return p.with_prefix(walk)


@pytest.mark.parametrize("seed", range(24))
def test_oracle_agrees_with_brute_force_on_7x7_prefixes(seed):
    rng = random.Random(seed)
    puzzle = random_prefix(7, rng.randint(14, 34), rng)
    want = completions_by_move(puzzle)
    got = oracle.completion_counts(puzzle)
    assert {m: n for m, n in got.items() if n} == want
    assert oracle.quick_infeasible(puzzle) is False or not want  # the quick tests are sound


def test_oracle_fallback_finder_agrees_with_the_dp():
    from gridsolve.harness.hamiltonian import make_oracle

    rng = random.Random(5)
    for _ in range(15):
        puzzle = random_prefix(7, rng.randint(5, 30), rng)
        orc = make_oracle()
        orc.dp_width = 0  # force the SAT path
        assert orc.moves(puzzle) == oracle.completable_moves(puzzle)


# ------------------------------------------------------------------ sampling


def chi_square_p_value(observed: list[int], expected: float) -> float:
    """Upper tail of chi-square (Wilson-Hilferty normal approximation)."""
    stat = sum((o - expected) ** 2 / expected for o in observed)
    k = len(observed) - 1
    z = ((stat / k) ** (1 / 3) - (1 - 2 / (9 * k))) / math.sqrt(2 / (9 * k))
    return 0.5 * math.erfc(z / math.sqrt(2))


def test_uniform_sampler_passes_chi_square_over_all_104_paths():
    paths = sampling.uniform(HP.square(5), 104 * 60, seed=2024)
    seen = Counter(p.path for p in paths)
    assert set(seen) == set(all_paths(HP.square(5)))
    observed = [seen[p] for p in all_paths(HP.square(5))]
    assert chi_square_p_value(observed, 60.0) > 0.001


def test_walk_mode_is_not_uniform_and_the_test_sees_it():
    # the same test on the seed's walk mode (uniform among completable moves) must fail
    class MemoOracle(oracle.Oracle):  # the walk revisits the same prefixes: remember answers
        memo: dict = {}

        def moves(self, puzzle):
            if puzzle.prefix not in self.memo:
                self.memo[puzzle.prefix] = super().moves(puzzle)
            return self.memo[puzzle.prefix]

    rng = random.Random(7)
    orc = MemoOracle()
    seen = Counter(sampling.walk(HP.square(5), rng, orc).path for _ in range(104 * 60))
    observed = [seen[p] for p in all_paths(HP.square(5))]
    assert chi_square_p_value(observed, 60.0) < 1e-6


def test_samples_are_valid_seeded_and_reproducible():
    p = HP.square(9).with_prefix([(0, 0), (0, 1), (0, 2), (1, 2)])
    a = sampling.uniform(p, 5, seed=11)
    assert a == sampling.uniform(p, 5, seed=11)
    assert all(not check(p, s) for s in a)
    w = sampling.walk(p, seed=3)
    assert not check(p, w) and w == sampling.walk(p, seed=3)
    assert 0 < sampling.walk_probability(HP.square(5), sampling.walk(HP.square(5), seed=1)) < 1


def test_walk_with_sat_fallback_draws_a_valid_large_labyrinth():
    from gridsolve.harness.hamiltonian import sample

    s = sample(HP.square(15), 1, seed=4, mode="walk")
    assert s.mode == "walk" and not check(HP.square(15), s.paths[0])


def test_sampling_a_puzzle_without_paths_says_so():
    with pytest.raises(sampling.NoPath):
        sampling.uniform(HP.square(4), 1, seed=1)


def test_sat_oracle_agrees_with_the_dp_at_every_step_of_walks():
    # witness reuse, splicing, the quick refutations and the incremental SAT check, step by step
    from gridsolve.harness.hamiltonian import make_oracle

    class Checked:  # the walk's oracle, checked against the DP at every step
        witness = None

        def __init__(self, inner):
            self.inner, self.steps = inner, 0

        def moves(self, puzzle):
            got = self.inner.moves(puzzle)
            assert got == oracle.completable_moves(puzzle), puzzle.prefix
            self.steps += 1
            return got

    for seed in range(4):
        orc = make_oracle()
        checked = Checked(orc)
        path = sampling.walk(HP.square(7), random.Random(seed), checked)
        assert not check(HP.square(7), path) and checked.steps == 48
    assert orc.calls["witness"] and orc.calls["pruned"] and orc.calls["finder"]
