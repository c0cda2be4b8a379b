"""The Nurikabe rules' two routes agree: interpreted on plain Python lists (a small job, which
imports no numpy) and compiled on arrays reach the same states, stats, hints and grades on the
repository's samples and on generated puzzles; a run whose entries turn compiled in the middle of
a puzzle (``kernels.Tiered``: the interpreted budget spent) ends where both do."""

from __future__ import annotations

import random
import time

import pytest
from gridsolve.native_rules.nurikabe import deduce as D
from gridsolve.native_rules.nurikabe.generate import number, plant
from gridsolve.native_rules.nurikabe.grade import grade, probe2
from gridsolve.native_rules.nurikabe.hint import next_step
from gridsolve.puzzles.formats import read
from gridsolve.puzzles.nurikabe import QUESTION, NurikabePuzzle

from ..helpers import ROOT
from ..support.nurikabe_brute import random_puzzle
from ..support.routes import COMPILED, INTERPRETED, route, same_on_both_routes

ENTRIES = (D._propagate, D._probe_sweep)  # the engine's tiered entries


def planted(rows: int, cols: int, seed: int) -> NurikabePuzzle | None:
    """The numbers of a random solution (unique or not)."""
    rng = random.Random(seed)
    islands = plant(rows, cols, max(1, rows * cols // 6), rng)
    return None if islands is None else number(rows, cols, islands, rng)


def generated(n: int, seed: int) -> list[NurikabePuzzle]:
    """Random 2x2 .. 7x7 puzzles (unique, with many solutions, or with none) and planted ones up to
    12x12 (above ``SWEEP_CELLS``: probing cell by cell from Python)."""
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        p = random_puzzle(rng, rng.randint(2, 7), rng.randint(2, 7))
        if not p.has_unknown_clues():
            out.append(p)
    sizes = ((6, 6), (7, 7), (8, 8), (9, 9), (10, 10), (11, 11), (12, 10), (12, 12))
    for i, (rows, cols) in enumerate(sizes):
        p = planted(rows, cols, seed + i)
        if p is not None:
            out.append(p)
    return out


def samples() -> list[NurikabePuzzle]:
    return [e.puzzle for path in sorted((ROOT / "puzzles" / "samples" / "nurikabe").glob("*.txt"))
            for e in read(str(path)) if not e.puzzle.has_unknown_clues()]


def outcome(puzzle: NurikabePuzzle) -> dict:
    """What the rules make of ``puzzle``: the state and stats of the passes alone, of probing, and
    of depth-2 probing, the grade (small grids: the larger ones' depth 2 takes minutes interpreted)
    and the first hint -- or the contradiction met."""
    small = puzzle.rows * puzzle.cols <= 25  # 26-30 cells took three quarters of the time
    out: dict = {"hint": next_step(puzzle), "grade": grade(puzzle) if small else None}
    d = D.Deducer(puzzle)
    s = d.start()
    for step in ("propagate", "probe", "probe2"):
        if step == "probe2" and not small:
            break
        try:
            if step == "probe2":
                probe2(d, s)
            else:
                getattr(d, step)(s)
        except D.Contradiction as exc:
            out[step] = str(exc)
            break
        out[step] = ([int(x) for x in s], d.stats())
    return out


def test_the_interpreted_route_runs_on_lists_and_the_compiled_one_on_arrays(monkeypatch):
    puzzle = samples()[0]
    route(monkeypatch, ENTRIES, INTERPRETED)
    d = D.Deducer(puzzle)
    assert not d.passes.runs_compiled and not d.on_arrays
    assert all(type(x) is list for x in (d.start(), d.number, d.counts, *d.work, *d.boards))
    route(monkeypatch, ENTRIES, COMPILED)
    d = D.Deducer(puzzle)
    assert d.passes.runs_compiled and d.on_arrays
    assert d.start().dtype.name == "int8" and d.nb.dtype.name == "int32"
    assert all(x.dtype.name == "int32" for x in d.work)


def test_interpreted_on_lists_and_compiled_reach_the_same_states(monkeypatch):
    puzzles = samples() + generated(150, seed=45)
    interpreted = same_on_both_routes(monkeypatch, ENTRIES, puzzles, outcome)
    # the sample covers what the rules meet: contradictions, completions, grids left open, grades
    assert sum(isinstance(a["propagate"], str) or isinstance(a.get("probe"), str) for a in interpreted) >= 10
    assert sum(isinstance(a.get("probe"), tuple) and 0 not in a["probe"][0] for a in interpreted) >= 15
    assert sum(isinstance(a.get("probe"), tuple) and 0 in a["probe"][0] for a in interpreted) >= 3
    assert sum(p.rows * p.cols > D.SWEEP_CELLS for p in puzzles) >= 3
    grades = {a["grade"]["grade"] for a in interpreted if a["grade"]}
    assert grades >= {"basic", "area", "probing-1", "search", "no solution"}


@pytest.mark.parametrize("size", [7, 11])
def test_a_run_that_turns_compiled_mid_puzzle_ends_where_both_routes_do(monkeypatch, size):
    """Probing on a puzzle it takes a while interpreted (a sweep per call at 7x7, cell by cell at
    11x11): the entries switch after budgets from the first call to a third of the run, in
    different steps of it, and the Deducer ends on arrays in the state both routes reach."""
    puzzle = next(p for seed in range(100) if (p := planted(size, size, seed)) is not None
                  and QUESTION not in [v for row in p.clues for v in row])
    route(monkeypatch, ENTRIES, COMPILED)
    d = D.Deducer(puzzle)
    expected = d.probe(d.start()).tolist(), d.stats()
    route(monkeypatch, ENTRIES, INTERPRETED)
    times = []
    for _ in range(3):  # the fastest of three: budgets set by a run a loaded machine slowed
        d = D.Deducer(puzzle)  # may never be spent by the quicker runs below (CI saw it at 7x7)
        t0 = time.perf_counter()
        assert (d.probe(d.start()), d.stats()) == expected
        times.append(time.perf_counter() - t0)
    took = min(times)  # what the budgets are spent against; one of the two entries takes half of it
    for budget in (1e-9, took / 30, took / 10, took / 5, took / 3):
        route(monkeypatch, ENTRIES, budget)
        d = D.Deducer(puzzle)
        s = d.probe(d.start())
        assert d.passes.runs_compiled or (d.sweeps is not None and d.sweeps.runs_compiled), budget  # switched
        assert d.on_arrays or budget > 1e-9  # (a last call's switch leaves the data for the next one)
        assert ([int(x) for x in s], d.stats()) == expected, budget
