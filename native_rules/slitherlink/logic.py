"""Loop avoidance and the combined rule solver: van Dam (2008), Chapter 6.

Loop avoidance "checks for every unknown edge whether or not it would create an illegal loop,
and marks it with a cross if it does". An unknown edge whose two ends are already joined by a
path of lines would close a loop. That loop is legal only if it is the whole solution: the path
holds every line on the board and, with the edge added, every number gets exactly its count.
Otherwise the edge is crossed. (Sound: a solution using the edge contains the closed loop, and a
single loop that contains a closed loop is that loop.)

The combined loop, as the seed's pseudo-code::

    do {
      apply logic rules;            (Chapter 5's do/while, rules.apply_rules)
      if (applied no rules)
        loop avoidance;
    } while (made changes)

It stops early once the lines form a finished puzzle (Chapter 3); the rest of the loop would
only cross the remaining unknown edges.

Tiny loops. Seven rules of Appendix A (#14, #23-#26, #33, #34) are valid only if the loop is not
a tiny loop closed inside their pattern (Chapter 5: "chances are extremely small that a puzzle
would consist of only this very small loop"). An exhaustive check on every loop of every grid up
to 4x4 (and 3x5, 2x6) finds their only exceptions are loops around 1 to 4 cells. So gridsolve,
to keep its counts exact, first asks ``tiny_loop_solution``: is a loop around at most 4 cells a
solution of this puzzle? Only then are the rules not trusted (see backends.py). For puzzles with
numbers spread over more than 5 rows or columns the answer is no without any search.
"""

from __future__ import annotations

from ...puzzles.slitherlink import SlitherlinkPuzzle, SlitherlinkSolution
from .board import CROSS, LINE, UNKNOWN, Board
from .rules import apply_rules

TINY = 4  # cells inside the largest loop an Appendix A rule wrongly excludes


def loop_avoidance(board: Board, trace: list | None = None) -> int:
    """Cross every unknown edge that would close an illegal loop; returns how many."""
    val, s = board.val, board.stride
    parent: dict[int, int] = {}

    def find(x: int) -> int:
        parent.setdefault(x, x)
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    ends = []
    for k, (i, _j) in zip(board.edges, board.edge_ij, strict=True):
        ends.append((k - 1, k + 1) if i % 2 == 0 else (k - s, k + s))
    size: dict[int, int] = {}
    total = 0
    for k, (u, v) in zip(board.edges, ends, strict=True):
        if val[k] == LINE:
            total += 1
            ru, rv = find(u), find(v)
            if ru != rv:
                parent[ru] = rv
                size[rv] = size.get(rv, 0) + size.get(ru, 0) + 1
            else:
                size[rv] = size.get(rv, 0) + 1
    crossed = 0
    for k, (u, v), ij in zip(board.edges, ends, board.edge_ij, strict=True):
        if val[k] != UNKNOWN or u not in parent or v not in parent:
            continue
        root = find(u)
        if root != find(v):
            continue
        if size.get(root, 0) == total and _closes_solution(board, k):
            continue  # the last edge of the one loop: legal
        val[k] = CROSS
        crossed += 1
        if trace is not None:
            trace.append(f"loop avoidance: cross ({ij[0]},{ij[1]})")
    return crossed


def _closes_solution(board: Board, k: int) -> bool:
    """Would a line at edge k make the lines a finished puzzle?"""
    val = board.val
    val[k] = LINE
    try:
        return board.is_finished()
    finally:
        val[k] = UNKNOWN


def combined(board: Board, compiled, trace: list | None = None, stats: dict | None = None,
             deadline=None) -> str:
    """Chapter 6's loop on ``board`` (changed in place; may raise Contradiction). Returns
    ``rules`` (finished by logic rules alone), ``rules+loop-avoidance``, ``stuck``, or
    ``timeout`` (the deadline passed between two rounds)."""
    stats = stats if stats is not None else {}
    stats.setdefault("rule_applications", 0)
    stats.setdefault("loop_avoidance_crosses", 0)
    used_avoidance = False
    while True:
        applied = apply_rules(board, compiled, trace)
        stats["rule_applications"] += applied
        made = applied > 0
        if board.is_finished():
            return "rules+loop-avoidance" if used_avoidance else "rules"
        if not made:  # applied no rules
            crossed = loop_avoidance(board, trace)
            stats["loop_avoidance_crosses"] += crossed
            used_avoidance = used_avoidance or crossed > 0
            made = crossed > 0
        if not made:
            return "stuck"
        if deadline is not None and deadline.expired():
            return "timeout"


def tiny_loop_solution(puzzle: SlitherlinkPuzzle) -> SlitherlinkSolution | None:
    """A solution of the puzzle that is a loop around at most TINY cells, if there is one."""
    rows, cols = puzzle.rows, puzzle.cols
    numbered = puzzle.numbered_cells()
    lit = [cell for cell, n in numbered if n > 0]
    if lit:
        rs = [r for r, _ in lit]
        cs = [c for _, c in lit]
        # a loop around <= 4 cells spans <= 4 rows / columns; numbers > 0 touch it: <= 6
        if max(rs) - min(rs) >= TINY + 2 or max(cs) - min(cs) >= TINY + 2:
            return None
    clue = dict(numbered)
    for shape in _shapes():
        h = 1 + max(r for r, _ in shape)
        w = 1 + max(c for _, c in shape)
        for r0 in range(rows - h + 1):
            for c0 in range(cols - w + 1):
                if not all(r0 - 1 <= r <= r0 + h and c0 - 1 <= c <= c0 + w for r, c in lit):
                    continue  # a number > 0 away from the loop
                inside = {(r0 + r, c0 + c) for r, c in shape}
                near = ((r, c) for r in range(r0 - 1, r0 + h + 1) for c in range(c0 - 1, c0 + w + 1))
                if all(clue.get(cell) in (None, _count(inside, *cell)) for cell in near):
                    sol = SlitherlinkSolution.from_inside(rows, cols, inside)
                    board = Board(puzzle)
                    for e in sol.edges:
                        board.set_edge(e, LINE)
                    if board.is_finished():
                        return sol
    return None


def _count(inside: set, r: int, c: int) -> int:
    mine = (r, c) in inside
    return sum(((r + dr, c + dc) in inside) != mine for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)))


def _shapes() -> list[frozenset]:
    """Fixed polyominoes of 1..TINY cells, normalised to the origin (their boundary is one loop)."""
    found = {frozenset({(0, 0)})}
    level = set(found)
    for _ in range(TINY - 1):
        nxt = set()
        for shape in level:
            for r, c in shape:
                for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0)):
                    cell = (r + dr, c + dc)
                    if cell not in shape:
                        grown = shape | {cell}
                        r0 = min(x for x, _ in grown)
                        c0 = min(y for _, y in grown)
                        nxt.add(frozenset((x - r0, y - c0) for x, y in grown))
        found |= nxt
        level = nxt
    return sorted(found, key=lambda s: (len(s), sorted(s)))
