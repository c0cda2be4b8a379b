"""The independent checker: one failing fixture per violation code, in Chapter 3 order, and the
"promising" test for partial states."""

from __future__ import annotations

from pathlib import Path

import pytest
from gridsolve.puzzles import grid
from gridsolve.puzzles.check.slitherlink import check, is_promising
from gridsolve.puzzles.formats import read
from gridsolve.puzzles.slitherlink import SlitherlinkPuzzle, SlitherlinkSolution

from ..helpers import FIXTURES

VIOLATIONS = FIXTURES / "slitherlink" / "violations"
GOLDEN = sorted((FIXTURES / "slitherlink").glob("*.txt"))


@pytest.mark.parametrize(
    "path", sorted(p for p in VIOLATIONS.iterdir() if p.suffix != ".md"), ids=lambda p: p.name
)
def test_each_violation_fixture_is_reported(path: Path):
    expected = {
        "vertex": "vertex-degree",
        "clue": "clue-count",
        "multiple": "multiple-loops",
        "no": "no-edge",
    }[path.name.split("-")[0]]
    [e] = read(str(path))
    codes = [v.code for v in check(e.puzzle, e.solution)]
    assert expected in codes
    order = ["clue-count", "vertex-degree", "multiple-loops", "no-edge"]
    assert codes == sorted(codes, key=order.index)  # Chapter 3 order


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.name)
def test_golden_solutions_are_valid(path: Path):
    [e] = read(str(path))
    assert check(e.puzzle, e.solution) == []


def test_size_mismatch_and_edge_outside():
    p = SlitherlinkPuzzle.empty(2, 2)
    assert [v.code for v in check(p, SlitherlinkSolution(3, 2, frozenset()))] == ["size-mismatch"]
    off = SlitherlinkSolution(2, 2, frozenset({((5, 5), (5, 6))}))
    assert [v.code for v in check(p, off)] == ["edge-outside"]


def test_single_cell_loop_is_valid_and_question_clues_do_not_count():
    p = SlitherlinkPuzzle.from_rows([[4, -1]])
    sol = SlitherlinkSolution.from_pairs(1, 2, grid.cell_edges((0, 0)))
    assert check(p, sol) == []


def test_promising():
    p = SlitherlinkPuzzle.from_rows([[1, None], [None, 3]])
    top, right, bottom, left = grid.cell_edges((0, 0))
    assert is_promising(p, set(), set())
    assert is_promising(p, {top}, set())
    assert not is_promising(p, {top, left}, set())  # the 1 has two lines
    assert not is_promising(p, set(), {top, right, bottom, left})  # the 1 cannot get its line
    t3, r3, b3, l3 = grid.cell_edges((1, 1))
    assert not is_promising(p, set(), {t3, r3})  # the 3 has only two unknown edges left
    # a vertex with three lines
    v = (1, 1)
    assert not is_promising(SlitherlinkPuzzle.empty(2, 2), set(grid.vertex_edges(2, 2, v)[:3]), set())


def test_the_quick_verdict_accepts_exactly_the_loops_without_violations():
    """``check`` answers a valid loop by the one-walk ``valid`` and names violations only when it
    says no: on golden solutions and on every small change of them (two loops, a dangling line,
    a wrong count, lines off the grid) they must agree."""
    import random

    from gridsolve.puzzles.check.slitherlink import valid, violations

    rng = random.Random(5)
    tried = accepted = 0
    for path in GOLDEN:
        for e in read(str(path)):
            if e.solution is None:
                continue
            p, rows, cols = e.puzzle, e.puzzle.rows, e.puzzle.cols
            every = [((r, c), (r, c + 1)) for r in range(rows + 1) for c in range(cols)] + \
                    [((r, c), (r + 1, c)) for r in range(rows) for c in range(cols + 1)]
            changed = [e.solution, SlitherlinkSolution(rows, cols, e.solution.edges | {((0, 0), (0, -1))})]
            for _ in range(60):
                edges = set(e.solution.edges)
                for _ in range(rng.choice([1, 2, 4])):
                    edges ^= {rng.choice(every)}
                changed.append(SlitherlinkSolution(rows, cols, frozenset(edges)))
            for s in changed:
                assert valid(p, s) == (violations(p, s) == []), (path.name, sorted(s.edges))
                tried += 1
                accepted += valid(p, s)
    # two separate loops: every vertex of degree 2, no clue -> only the walk can refuse them
    two = SlitherlinkPuzzle.from_rows([[None] * 4])
    loops = SlitherlinkSolution.from_pairs(1, 4, [e for c in (0, 2) for e in grid.cell_edges((0, c))])
    assert not valid(two, loops) and [v.code for v in violations(two, loops)] == ["multiple-loops"]
    assert accepted >= 1 and tried > accepted
