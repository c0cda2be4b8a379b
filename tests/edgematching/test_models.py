"""Edge matching: every backend finds the same solution set on generated boards (the seed's
generator and the E2-style one, with and without rotation, square and rectangular), the SAT
encodings are exact, counts are reported raw and up to board rotation, and the optimisation mode
reaches a full board when there is one."""

from __future__ import annotations

import itertools

import pytest
from gridsolve.cpmodels import edgematching as cpm
from gridsolve.harness import registry
from gridsolve.harness.crossval import crossval
from gridsolve.native_rules.edgematching.backtrack import seed_style
from gridsolve.puzzles.check.edgematching import check
from gridsolve.puzzles.edgematching import EdgeMatchingPuzzle, rotate
from gridsolve.puzzles.generators.edgematching import e2_style
from gridsolve.puzzles.solving import Limit, Status
from gridsolve.satmodels import edgematching as satm

BOARDS = [
    ("seed-3x3-c2-norot", lambda: seed_style(3, 3, 2, 1, False)),
    ("seed-4x4-c3-norot", lambda: seed_style(4, 4, 3, 2, False)),
    ("seed-4x4-c3-rot", lambda: seed_style(4, 4, 3, 3, True)),
    ("seed-3x4-c2-rot", lambda: seed_style(3, 4, 2, 3, True)),
    ("seed-5x5-c5-rot", lambda: seed_style(5, 5, 5, 4, True)),
    ("e2-4x4-rot", lambda: e2_style(4, 4, seed=5)),
    ("e2-4x5-rot", lambda: e2_style(4, 5, seed=6)),
    ("e2-5x5-norot", lambda: e2_style(5, 5, seed=7, rotation=False)),
]


@pytest.mark.parametrize(("name", "make"), BOARDS, ids=[b[0] for b in BOARDS])
def test_all_backends_agree_on_the_solution_set(name, make):
    puzzle, planted = make()
    rep = crossval(puzzle, ident=name, limit=Limit(seconds=120, solutions=5000), given=planted)
    assert rep.agree, rep.problems
    exhausted = [r for r in rep.results if r.exhausted]
    natives = [r for r in exhausted if r.backend.startswith("backtrack")]
    assert natives and len(exhausted) >= 4  # the port is compared with the models
    assert all(r.solution_set() == exhausted[0].solution_set() for r in exhausted)
    if puzzle.rotation:
        factor = 4 if puzzle.rows == puzzle.cols else 2
        assert exhausted[0].count % factor == 0
        assert all(r.stats["count_up_to_rotation"] * factor == r.count for r in exhausted)


def test_heule_clauses_accept_exactly_the_rotations():
    """The clause scheme of add_piece_colours, checked on its own: for every piece over 3
    colours, allowed-rotation set and join pattern, the pattern passes iff it is an allowed
    rotation of the piece."""
    for piece in itertools.product(range(3), repeat=4):
        for allowed in ((0, 1, 2, 3), (0,), (1,), (0, 2), (0, 1)):
            looks = {rotate(piece, k) for k in allowed}
            for joins in itertools.product(range(3), repeat=4):
                ok = any(t[0] == joins[0] for t in looks)
                for i, j in itertools.permutations(range(4), 2):
                    fitting = [t for t in looks if t[i] == joins[i]]
                    ok &= any(t[j] == joins[j] for t in fitting)
                for c in {v for t in looks for v in t}:
                    sides = [s for s in range(4) if any(t[s] == c for t in looks)]
                    ok &= any(joins[s] == c for s in sides)
                assert ok == (joins in looks), (piece, allowed, joins)


@pytest.mark.parametrize("fbc", [True, False])
@pytest.mark.parametrize("exp", [True, False])
def test_redundant_families_do_not_change_the_count(fbc, exp):
    puzzle, _ = seed_style(4, 4, 3, 8, True)
    ref = cpm.solve(puzzle, Limit(60, 10**4))
    r = satm.solve(puzzle, Limit(60, 10**4), fbc=fbc, exp=exp)
    assert r.exhausted and r.solution_set() == ref.solution_set()


@pytest.mark.parametrize("symmetry", [True, False])
def test_symmetry_breaking_keeps_the_raw_count(symmetry):
    puzzle, _ = seed_style(4, 4, 3, 3, True)
    a = cpm.solve(puzzle, Limit(60, 10**4), symmetry=symmetry)
    b = satm.solve(puzzle, Limit(60, 10**4), symmetry=symmetry, encoding="rotation")
    assert a.solution_set() == b.solution_set() and a.exhausted and b.exhausted
    assert a.stats["symmetry_broken"] is symmetry
    if symmetry:
        assert a.stats["count_up_to_rotation"] * 4 == a.count


def test_limit_cuts_an_orbit_without_claiming_exhaustion():
    puzzle, _ = seed_style(4, 4, 3, 3, True)
    for b in registry.for_kind("edgematching"):
        if b.name == "backtrack":
            continue
        r = b.function(puzzle, Limit(60, 2))
        assert (r.status, r.count, r.exhausted) == (Status.SOLVED, 2, False), b.name


def test_hints_are_respected_and_break_symmetry():
    puzzle, planted = e2_style(4, 4, seed=5)
    p, k = planted.at(1, 1)
    hinted = puzzle.with_changes(hints=[(1, 1, p, k)])
    for solve in (cpm.solve, satm.solve):
        r = solve(hinted, Limit(60, 100))
        assert r.exhausted and r.count == 1 and r.solutions[0] == planted
        assert not r.stats["symmetry_broken"]


def test_maximize_joins_reaches_a_full_board_and_scores_a_wrong_one():
    puzzle, planted = e2_style(4, 4, seed=5)
    r = cpm.solve(puzzle, Limit(60, 1), maximize_joins=True)
    assert r.status == Status.SOLVED and r.stats["objective"] == r.stats["total_joins"] == 24
    assert check(puzzle, r.solutions[0]) == []
    # no full board: one piece recoloured; the best board misses at least one join
    tiles = list(puzzle.tiles)
    t = list(tiles[0])
    side = next(d for d in range(4) if t[d])
    t[side] = 77
    tiles[0] = tuple(t)
    broken = EdgeMatchingPuzzle(4, 4, tuple(tiles), True)
    r = cpm.solve(broken, Limit(60, 1), maximize_joins=True)
    assert r.status == Status.UNSAT and r.exhausted and r.count == 0
    assert r.stats["objective"] == r.stats["bound"] == 23
    best = r.best
    assert [v.code for v in check(broken, best)] == ["edge-mismatch"]
