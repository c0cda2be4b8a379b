"""Slitherlink checker, in the order of the seed's Chapter 3 ("Checking for a solved puzzle"):

1. every number has the correct amount of lines          -> ``clue-count``
2. every vertex has 2 or 0 lines touching it               -> ``vertex-degree``
3. there is only one loop (follow one, none left unvisited) -> ``multiple-loops``
4. and, beyond the seed, at least one line is drawn         -> ``no-edge``

Structural problems come first: ``size-mismatch`` and ``edge-outside``. Every violation found is
reported (not only the first), still in that order.

``is_promising`` is the Chapter 3 "promising situation" test for partial states (every number can
still get its count, and no vertex has more than 2 lines): the referee the backtracking port's own
copy is tested against.
"""

from __future__ import annotations

from collections.abc import Collection

from .. import grid
from ..graphs import degrees, edge_components
from ..grid import Edge
from ..slitherlink import SlitherlinkPuzzle, SlitherlinkSolution
from . import Violation


def check(puzzle: SlitherlinkPuzzle, solution: SlitherlinkSolution) -> list[Violation]:
    if valid(puzzle, solution):
        return []
    return violations(puzzle, solution)


def valid(puzzle: SlitherlinkPuzzle, solution: SlitherlinkSolution) -> bool:
    """Whether ``solution`` keeps every rule above, in one walk (the common case -- a backend's
    solution -- without the named analysis): every line on the grid, every vertex of degree 2,
    the walk from one vertex covering every line, every number's count. False sends ``check`` to
    ``violations``, which names what is broken (it says False on anything unusual, never True
    where ``violations`` would find one)."""
    rows, cols = puzzle.rows, puzzle.cols
    lines = solution.edges
    if (solution.rows, solution.cols) != (rows, cols) or not lines:
        return False
    ends: dict = {}
    for a, b in lines:
        if not grid.edge_in_grid(rows, cols, (a, b)):
            return False
        ends.setdefault(a, []).append(b)
        ends.setdefault(b, []).append(a)
    for near in ends.values():
        if len(near) != 2 or near[0] == near[1]:
            return False
    start = next(iter(ends))
    previous, here, walked = start, ends[start][0], 1
    while here != start:
        a, b = ends[here]
        previous, here = here, (b if a == previous else a)
        walked += 1
    if walked != len(lines):  # more than one loop
        return False
    for cell, n in puzzle.numbered_cells():
        if sum(side in lines for side in grid.cell_edges(cell)) != n:
            return False
    return True


def violations(puzzle: SlitherlinkPuzzle, solution: SlitherlinkSolution) -> list[Violation]:
    """Every violation, named and placed, in the order of the checklist above."""
    out: list[Violation] = []
    if (solution.rows, solution.cols) != (puzzle.rows, puzzle.cols):
        return [
            Violation(
                "size-mismatch",
                f"solution is {solution.rows}x{solution.cols}, puzzle is {puzzle.size}",
            )
        ]
    lines = solution.edges
    outside = sorted(e for e in lines if not grid.edge_in_grid(puzzle.rows, puzzle.cols, e))
    for e in outside:
        out.append(Violation("edge-outside", f"edge {e} is not on the grid", (e,)))
    if outside:
        return out

    # 1. clue counts
    for cell, n in puzzle.numbered_cells():
        k = sum(side in lines for side in grid.cell_edges(cell))
        if k != n:
            out.append(
                Violation("clue-count", f"cell {cell} has clue {n} but {k} lines", (cell,))
            )
    # 2. vertex degrees
    for v, d in sorted(degrees(lines).items()):
        if d not in (0, 2):
            out.append(Violation("vertex-degree", f"vertex {v} has {d} lines", (v,)))
    # 3. one loop
    pieces = edge_components(lines)
    if len(pieces) > 1:
        out.append(
            Violation(
                "multiple-loops",
                f"the lines form {len(pieces)} separate pieces, not one loop",
                tuple(min(p) for p in sorted(pieces, key=min)),
            )
        )
    # 4. at least one edge
    if not lines:
        out.append(Violation("no-edge", "no line is drawn"))
    return out


def is_promising(
    puzzle: SlitherlinkPuzzle, lines: Collection[Edge], crosses: Collection[Edge]
) -> bool:
    """Chapter 3, "promising": (1) every number has at most its value in lines and enough
    unknown edges left to reach it; (2) every vertex has at most 2 lines."""
    for cell, n in puzzle.numbered_cells():
        sides = grid.cell_edges(cell)
        k = sum(s in lines for s in sides)
        if k > n:
            return False
        if k < n:
            unknown = sum(s not in lines and s not in crosses for s in sides)
            if unknown < n - k:
                return False
    return all(d <= 2 for d in degrees(lines).values())
