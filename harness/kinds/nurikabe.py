"""Nurikabe in the harness: its size limits, and explain over the cells without a number (used =
wall). A partial state may leave cells undecided (``_``), which is also explain's mark where
solutions differ: a ``?`` would read back as a number."""

from __future__ import annotations

from ...puzzles import grid
from . import ExplainTerms, KindLimits, common

LIMITS = KindLimits("cells", page=4096, small=100, page_side=30, cli_side=60)
TERMS = ExplainTerms("cells", "walled in every solution", "white in every one", mark="_")
read_given = common.given_from_text
backbone = common.sat_backbone


def elements(puzzle) -> list:
    clues = {c for c, _ in puzzle.clue_cells()}
    return [c for c in grid.cells(puzzle.rows, puzzle.cols) if c not in clues]


def form(puzzle, cells) -> dict:
    return {"black": [list(c) for c in sorted(cells)]}


def unused_form(puzzle, cells) -> dict:
    return {"white": [list(c) for c in sorted(cells)]}


def given_from_solution(puzzle, solution) -> dict:
    return {c: c in solution.black for c in elements(puzzle) if c not in solution.undecided}
