"""Hamiltonian path (one-way labyrinth) checker.

In order, every violation found is reported:

1. ``cell-outside``: a path cell is not on the grid;
2. ``blocked-cell``: a path cell is blocked;
3. ``repeated-cell``: a cell is visited more than once;
4. ``not-adjacent``: two consecutive cells are not orthogonal neighbours (a jump or a diagonal);
5. ``wrong-start`` / ``wrong-end``: the path does not begin at the start or end at the end cell;
6. ``prefix-mismatch``: the path does not begin with the puzzle's pre-drawn prefix;
7. ``missed-cell``: a free cell is never visited.
"""

from __future__ import annotations

from ..hamiltonian import HamiltonianPuzzle, HamiltonianSolution, adjacent
from . import Violation


def check(puzzle: HamiltonianPuzzle, solution: HamiltonianSolution) -> list[Violation]:
    out: list[Violation] = []
    path = solution.path
    if not path:
        return [Violation("empty-path", "the path has no cells")]
    outside = [c for c in path if not puzzle.in_grid(c)]
    for c in outside:
        out.append(Violation("cell-outside", f"cell {c} is not on the {puzzle.size} grid", (c,)))
    if outside:
        return out
    for c in path:
        if c in puzzle.blocked:
            out.append(Violation("blocked-cell", f"the path visits blocked cell {c}", (c,)))
    seen: set = set()
    for i, c in enumerate(path):
        if c in seen:
            out.append(Violation("repeated-cell", f"cell {c} is visited again at step {i + 1}", (c,)))
        seen.add(c)
    for i, (a, b) in enumerate(zip(path, path[1:], strict=False)):
        if not adjacent(a, b):
            out.append(Violation("not-adjacent", f"step {i + 2}: {a} -> {b} is not a move to a neighbour",
                                 (a, b)))
    if path[0] != puzzle.start:
        out.append(Violation("wrong-start", f"the path begins at {path[0]}, not at {puzzle.start}",
                             (path[0],)))
    if path[-1] != puzzle.end:
        out.append(Violation("wrong-end", f"the path ends at {path[-1]}, not at {puzzle.end}", (path[-1],)))
    p = puzzle.prefix
    if p and tuple(path[: len(p)]) != p:
        k = next((i for i, (a, b) in enumerate(zip(p, path, strict=False)) if a != b), min(len(p), len(path)))
        out.append(Violation("prefix-mismatch",
                             f"the path leaves the given prefix at step {k + 1}", p[k: k + 1]))
    missed = [c for c in puzzle.free_cells() if c not in seen]
    if missed:
        shown = ", ".join(map(str, missed[:5])) + (" ..." if len(missed) > 5 else "")
        out.append(Violation("missed-cell", f"{len(missed)} free cell(s) never visited: {shown}",
                             tuple(missed)))
    return out
