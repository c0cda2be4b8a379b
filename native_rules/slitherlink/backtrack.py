"""Solving with backtracking: a port of van Dam (2008), Chapter 4 (pruning from Chapter 3).

The seed's pseudo-code, kept as two mutually recursive functions::

    solveback(i, j)
      if (this edge has no line or cross)
        put a line at this edge;  next(i, j);
        put a cross at this edge; next(i, j);
        mark this edge as unknown
      else
        next(i, j);
    next(i, j)
      if (situationIsPromising())
        if (this is not the last edge) solveback(next edge);
        else if (isFinished()) copy situation to solutions;

Edges are visited in the seed's absolute coordinates (``board.py``), starting at (0, 1), the
edge above the top-left entry; "next edge" is the next edge position in reading order of the
lattice (row i by row i, j increasing): the horizontal edges of a grid line, then the vertical
edges below it, and so on. ``t`` below is the position of (i, j) in that order.

``situationIsPromising()`` is Chapter 3's test (every number has at most its value in lines and
enough unknown edges left to reach it; every vertex has at most 2 lines). It is evaluated
incrementally with counters per number (lines, unknown edges) and per vertex (lines): the search
only goes on from promising situations, and putting one edge changes only its two entries and
two vertices, so ``bad`` = how many of those four became violated is 0 exactly when the full test
passes. The full test (``situation_is_promising``) checks the starting situation.
``isFinished()`` is Chapter 3's solved check (``Board.is_finished``). The seed's
maximum-solutions option is ``Limit.solutions``; the clock is read every few thousand nodes.

The seed's test never looks at dead ends (a vertex with one line and no undecided edge left), so
they are only found at the last edge, by isFinished(): the search is exponential already on
5x5 puzzles. ``pruning="strong"`` (backends ``backtrack-strong``, ``rules+backtrack-strong``) is
an improvement beside the port, not the seed's algorithm: the same search, but a situation is
also not promising when a vertex whose edges are all decided has exactly one line, or when a
line closes a loop while other lines lie elsewhere.

The search is ``backtrack_fast.kernel``: solveback/next as an explicit-stack loop, compiled with
numba (engine ``numba``, default) or run as plain Python (engine ``python``, the same function);
``stats["nodes"]`` counts solveback calls.
"""

from __future__ import annotations

from ...puzzles.solving import Deadline, Limit
from .board import LINE, UNKNOWN, Board

ENGINES = ("numba", "python")
# "seed": Chapter 3's promising test, as the seed. "strong" (beside the port, not the seed's):
# also a vertex whose edges are all decided must have 0 or 2 lines (no dead ends), and a line
# may not close a loop while other lines lie elsewhere.
PRUNINGS = ("seed", "strong")


def situation_is_promising(board: Board) -> bool:
    """Chapter 3, the end, "promising": 1. every number has at most its value in lines, and
    enough unknown edges around it to reach it; 2. every vertex has at most 2 lines."""
    val, s = board.val, board.stride
    for k in board.entries:  # 1.
        n = val[k]
        if n >= 0:
            around = (val[k - s], val[k + s], val[k - 1], val[k + 1])
            lines = around.count(LINE)
            if lines > n or lines + around.count(UNKNOWN) < n:
                return False
    for i in range(0, board.height, 2):  # 2. vertices at (even, even)
        for j in range(0, board.width, 2):
            k = board.index(i, j)
            if (val[k - s] == LINE) + (val[k + s] == LINE) + (val[k - 1] == LINE) + (val[k + 1] == LINE) > 2:
                return False
    return True


def tables(board: Board):
    """Per edge (in the seed's order) its two entries and two end vertices; per numbered entry its
    number, lines and unknown edges; per vertex its lines (all indexed by flat board index)."""
    val, s = board.val, board.stride
    sides, ends = [], []
    for k, (i, _j) in zip(board.edges, board.edge_ij, strict=True):
        if i % 2 == 0:  # horizontal: entries above and below, vertices left and right
            sides.append((k - s, k + s))
            ends.append((k - 1, k + 1))
        else:
            sides.append((k - 1, k + 1))
            ends.append((k - s, k + s))
    num = [-1] * len(val)
    lines = [0] * len(val)
    unknown = [0] * len(val)
    deg = [0] * len(val)
    for k in board.entries:
        if val[k] >= 0:
            num[k] = val[k]
            around = (val[k - s], val[k + s], val[k - 1], val[k + 1])
            lines[k] = around.count(LINE)
            unknown[k] = around.count(UNKNOWN)
    for t, k in enumerate(board.edges):
        if val[k] == LINE:
            for v in ends[t]:
                deg[v] += 1
    return sides, ends, num, lines, unknown, deg


def backtrack(board: Board, limit: Limit, deadline: Deadline, stats: dict,
              engine: str = "numba", pruning: str = "seed") -> tuple[list, bool, bool]:
    """All solutions reachable from ``board`` (its lines and crosses are kept), up to the limit.
    Returns (solutions, exhausted, timed_out); ``board`` is left as it was. ``pruning="strong"``
    is the improvement beside the port (see PRUNINGS)."""
    if engine not in ENGINES:
        raise ValueError(f"engine must be one of {', '.join(ENGINES)}, got {engine!r}")
    if pruning not in PRUNINGS:
        raise ValueError(f"pruning must be one of {', '.join(PRUNINGS)}, got {pruning!r}")
    stats.setdefault("nodes", 0)
    if not situation_is_promising(board):
        return [], True, False  # the first next() prunes both branches at once
    if not board.edges:
        return [], True, False
    return _loop(board, limit, deadline, stats, engine == "numba", pruning == "strong")


def _loop(board: Board, limit: Limit, deadline: Deadline, stats: dict, compiled: bool, strong: bool):
    from . import backtrack_fast as fast

    a = fast.arrays(board, tables(board))
    kernel = fast.kernel if compiled else getattr(fast.kernel, "py_func", fast.kernel)
    solutions: list = []
    while True:
        code = kernel(a["val"], a["order"], a["sides"], a["ends"], a["num"], a["lines"],
                      a["unknown"], a["deg"], a["phase"], a["state"],
                      fast.SLICE if compiled else 1 << 14, a["entries"], a["vertices"],
                      a["stride"], strong, a["vunk"])
        stats["nodes"] = int(a["state"][1])
        if code == fast.EXHAUSTED:
            return solutions, True, False
        if code == fast.FOUND:
            val = board.val
            saved = [val[k] for k in board.edges]
            for k in board.edges:
                val[k] = int(a["val"][k])
            solutions.append(board.solution())
            for k, v in zip(board.edges, saved, strict=True):
                val[k] = v
            if len(solutions) >= limit.solutions:
                return solutions, False, False
        if deadline.expired():
            return solutions, False, True


def check_options(options: dict) -> None:
    """ValueError for an unknown engine or pruning (before any solving)."""
    if options.get("engine", "numba") not in ENGINES:
        raise ValueError(f"engine must be one of {', '.join(ENGINES)}, got {options['engine']!r}")
    if options.get("pruning", "seed") not in PRUNINGS:
        raise ValueError(f"pruning must be one of {', '.join(PRUNINGS)}, got {options['pruning']!r}")
