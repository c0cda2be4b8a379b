"""Every registered backend, on every golden fixture of its kind (tests/data/<kind>/*.txt):
the solution found equals the golden one and uniqueness is proved -- or, when the fixture has a
comment line ``# count: N``, exactly N solutions are found (the golden one among them).
Parametrized from the registry, so a new backend is tested here at once."""

from __future__ import annotations

import re
import time

import pytest
from gridsolve.harness import registry
from gridsolve.harness.run import run
from gridsolve.puzzles.formats import read
from gridsolve.puzzles.slitherlink import SlitherlinkPuzzle
from gridsolve.puzzles.solving import Limit, Status

from ..helpers import FIXTURES


def golden_cases():
    for b in registry.BACKENDS:
        for path in sorted((FIXTURES / b.kind).glob("*.txt")):
            yield pytest.param(b, path, id=f"{b.kind}-{b.name}-{path.stem}")


@pytest.mark.parametrize(("backend", "path"), list(golden_cases()))
def test_backend_finds_the_golden_solution_and_proves_uniqueness(backend, path):
    [entry] = read(str(path))
    cells = entry.puzzle.rows * entry.puzzle.cols
    if backend.max_cells and cells > backend.max_cells:
        pytest.skip(f"{backend.name} is exponential: fixtures up to {backend.max_cells} cells")
    m = re.search(r"^#\s*count:\s*(\d+)", path.read_text(), re.M)
    expected = int(m.group(1)) if m else 1
    r = run(backend, entry.puzzle, Limit(seconds=120, solutions=expected + 1))
    if not backend.complete and r.status == Status.STUCK:
        pytest.skip(f"{backend.name} is a rule solver and got stuck (allowed)")
    if expected == 0:
        assert (r.status, r.exhausted) == (Status.UNSAT, True), r.stats
        return
    assert r.status == Status.SOLVED, r.stats
    assert r.exhausted and r.count == expected, (r.count, r.stats)
    if entry.solution is not None:
        assert entry.solution in r.solution_set()
    if expected == 1:
        assert r.solutions[0] == entry.solution and r.unique is True


@pytest.mark.parametrize(
    "backend", [b for b in registry.for_kind("slitherlink") if b.complete], ids=lambda b: b.name
)
def test_no_solution_is_unsat_and_exhausted(backend):
    # a lone 3: the only loop around one cell uses all four of its edges
    r = run(backend, SlitherlinkPuzzle.from_rows([[3]]), Limit(seconds=60, solutions=2))
    assert (r.status, r.count, r.exhausted, r.unique) == (Status.UNSAT, 0, True, False)


@pytest.mark.parametrize(
    "backend", [b for b in registry.for_kind("slitherlink") if b.complete], ids=lambda b: b.name
)
def test_limit_stops_enumeration_without_claiming_exhaustion(backend):
    r = run(backend, SlitherlinkPuzzle.empty(3, 3), Limit(seconds=60, solutions=5))
    assert (r.status, r.count, r.exhausted, r.unique) == (Status.SOLVED, 5, False, False)
    assert len(r.solution_set()) == 5


@pytest.mark.parametrize(
    "backend", [b for b in registry.for_kind("slitherlink") if b.complete], ids=lambda b: b.name
)
def test_time_limit_really_stops_the_solver(backend):
    # an empty 40x40 grid has astronomically many loops: enumerating them cannot finish
    t0 = time.perf_counter()
    r = run(backend, SlitherlinkPuzzle.empty(40, 40), Limit(seconds=1.0, solutions=10**9))
    took = time.perf_counter() - t0
    assert r.status == Status.TIMEOUT and not r.exhausted and r.unique is not True
    assert took < 15, f"asked to stop after 1 s, took {took:.1f} s"
