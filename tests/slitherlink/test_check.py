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
