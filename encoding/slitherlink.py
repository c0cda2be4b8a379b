"""Slitherlink's lazy single loop, shared by ``cpsat-lazy`` and ``sat``: the subtour cuts of a
candidate drawing (every vertex of degree 0 or 2), and the valid loops among its pieces."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..puzzles import grid
from ..puzzles.slitherlink import SlitherlinkPuzzle, SlitherlinkSolution
from .loops import SubtourCut, cut_candidate, subtour_cuts


def loop_cuts(puzzle: SlitherlinkPuzzle, edges) -> list[SubtourCut]:
    """The subtour cuts of a drawing: none if it is one loop, else one per loop."""
    return subtour_cuts(edges, lambda v: grid.vertex_edges(puzzle.rows, puzzle.cols, v))


def clue_counts_hold(puzzle: SlitherlinkPuzzle, edges) -> bool:
    """Every numbered cell has its number of edges among ``edges``."""
    return all(sum(side in edges for side in grid.cell_edges(cell)) == n
               for cell, n in puzzle.numbered_cells())


def refine_single_loop(puzzle: SlitherlinkPuzzle, candidate: SlitherlinkSolution,
                       add_cut: Callable[[SubtourCut], Any], stats: dict) -> list[SlitherlinkSolution]:
    """The lazy models' refinement: ``[candidate]`` when it is one loop; else the cut of every loop
    goes to ``add_cut`` (counted in ``stats["cuts"]``) and the loops that alone satisfy every clue
    are returned -- each cut removes exactly that one valid solution, so it is recorded first."""
    def solution_of(cut: SubtourCut) -> SlitherlinkSolution | None:
        keeps = clue_counts_hold(puzzle, cut.piece)
        return SlitherlinkSolution(puzzle.rows, puzzle.cols, cut.piece) if keeps else None

    return cut_candidate(candidate, loop_cuts(puzzle, candidate.edges), add_cut, stats, solution_of)
