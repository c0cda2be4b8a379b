"""The Slitherlink engine's two routes agree: interpreted on plain Python lists (a small job, which
imports no numpy) and compiled on int32 arrays reach the same states, stats, hints and grades on
the repository's samples and on generated small puzzles; a run whose entry turns compiled in the
middle of a puzzle (``kernels.Tiered``: its interpreted budget spent) ends where both do."""

from __future__ import annotations

import random
import time

import pytest
from gridsolve.native_rules.slitherlink import deduce as D
from gridsolve.native_rules.slitherlink import engine as E
from gridsolve.native_rules.slitherlink.generate import grow_loop, numbers
from gridsolve.puzzles.formats import read
from gridsolve.puzzles.slitherlink import SlitherlinkPuzzle

from ..helpers import ROOT
from ..support.routes import COMPILED, INTERPRETED, route, same_on_both_routes

ENTRIES = (E.run,)  # the engine's tiered entries


def generated(rows: int, cols: int, seed: int, keep: float) -> SlitherlinkPuzzle:
    """The clues of a random loop, each kept with probability ``keep``."""
    rng = random.Random(seed)
    full = numbers(rows, cols, grow_loop(rows, cols, rng))
    rows_kept = [[v if rng.random() < keep else None for v in row] for row in full.clues]
    return SlitherlinkPuzzle.from_rows(rows_kept)


def small_puzzles(n: int, seed: int) -> list[SlitherlinkPuzzle]:
    """Random 2x2 .. 7x7 puzzles: unique, with many solutions, or (a clue changed) with none."""
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        r, c = rng.randint(2, 7), rng.randint(2, 7)
        full = numbers(r, c, grow_loop(r, c, rng))
        keep = 0.3 + 0.7 * rng.random()
        rows = [[v if rng.random() < keep else None for v in row] for row in full.clues]
        if rng.random() < 0.2:
            rows[rng.randrange(r)][rng.randrange(c)] = rng.randrange(4)
        out.append(SlitherlinkPuzzle.from_rows(rows))
    return out


def samples() -> list[SlitherlinkPuzzle]:
    return [e.puzzle for path in sorted((ROOT / "puzzles" / "samples" / "slitherlink").glob("*.txt"))
            for e in read(str(path))]


def outcome(puzzle: SlitherlinkPuzzle, deepest: int = 2) -> dict:
    """What the engine makes of ``puzzle``: the whole state and the stats after ``deduce`` at depth
    1, then (when few edges are left: depth 2 runs a depth-1 probe per trial) at depth 2 with the
    grade; the hint from the start; or the contradiction met."""
    out: dict = {"hint": D.hint(puzzle)}
    for depth in range(1, deepest + 1):
        try:
            eng = D.deduce(puzzle, depth)
        except D.Contradiction as exc:
            return {**out, depth: str(exc), "grade": D.grade(puzzle)}
        out[depth] = ([int(x) for x in eng.s], eng.stats(), eng.lines(), eng.crosses(), eng.complete())
        if eng.unknown > 16:
            return out
    return {**out, "grade": D.grade(puzzle)}


def test_the_interpreted_route_runs_on_lists_and_the_compiled_one_on_arrays(monkeypatch):
    puzzle = samples()[0]
    route(monkeypatch, ENTRIES, INTERPRETED)
    eng = D.Engine(puzzle)
    assert not eng.run.runs_compiled and all(type(x) is list for x in (eng.s, eng.g, eng.w))
    route(monkeypatch, ENTRIES, COMPILED)
    eng = D.Engine(puzzle)
    assert eng.run.runs_compiled and all(x.dtype.name == "int32" for x in (eng.s, eng.g, eng.w))


def test_interpreted_on_lists_and_compiled_reach_the_same_states(monkeypatch):
    puzzles = samples() + small_puzzles(150, seed=45)
    interpreted = same_on_both_routes(monkeypatch, ENTRIES, puzzles, outcome)
    # the sample covers what the engine meets: contradictions, completions, depth 2, every grade
    assert sum(isinstance(a[1], str) for a in interpreted) >= 10
    assert sum(isinstance(a[1], tuple) and a[1][-1] for a in interpreted) >= 50
    assert sum(2 in a for a in interpreted) >= 50
    assert {a["grade"]["tier"] for a in interpreted if "grade" in a} >= {
        "counting", "corners", "chains", "colouring", "search", "no solution"}


@pytest.mark.parametrize("rows, cols, seed, keep", [(4, 5, 141, 0.45), (5, 5, 4, 0.45)])
def test_a_run_that_turns_compiled_mid_puzzle_ends_where_both_routes_do(monkeypatch, rows, cols, seed, keep):
    """Probing at depth 2 on a puzzle it takes a second interpreted: the entry switches after
    budgets from its first call to a third of the run, in different steps of it (propagation,
    probing, a depth-2 trial in flight), and the engine ends on arrays in the state both routes
    reach."""
    puzzle = generated(rows, cols, seed, keep)
    route(monkeypatch, ENTRIES, COMPILED)
    expected = D.deduce(puzzle, 2)
    assert expected.unknown  # depth 2 leaves some edges: its trials ran on every unknown edge
    route(monkeypatch, ENTRIES, INTERPRETED)
    t0 = time.perf_counter()
    assert D.deduce(puzzle, 2).s == expected.s.tolist()
    took = time.perf_counter() - t0  # what the budgets below are spent against
    for budget in (1e-9, took / 30, took / 10, took / 5, took / 3):
        route(monkeypatch, ENTRIES, budget)
        eng = D.deduce(puzzle, 2)
        assert eng.run.runs_compiled, budget  # the switch happened
        assert eng.s.tolist() == expected.s.tolist(), budget
        assert (eng.stats(), eng.lines(), eng.crosses()) == (expected.stats(), expected.lines(),
                                                            expected.crosses()), budget
