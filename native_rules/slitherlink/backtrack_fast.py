"""The seed's solveback/next (``backtrack.py``, van Dam 2008 Chapter 4) as a numba-compiled loop.

The same search, with an explicit stack instead of recursion so that it can stop and resume
(numba code cannot read the clock or call back into Python cheaply). The recursion depth is the
edge position ``t`` itself (solveback(t) calls solveback(t + 1)), so the stack is one ``phase``
per edge: 0 = solveback(t) not entered yet, 1 = inside the line branch, 2 = inside the cross
branch, 3 = the edge was already set (the ``else next(i, j)`` branch). Edges are visited in the
same order, lines before crosses, the promising test and isFinished() are the same (counters as
in ``backtrack.py``), and ``nodes`` counts solveback calls exactly as the Python version does.
The kernel returns at each finished situation (the caller copies it to the solutions), at
exhaustion, or after a budget of nodes, so the caller can watch the clock.

Without numba installed the same functions run as plain Python (slowly).
"""

from __future__ import annotations

import numpy as np

from ..kernels import njit
from .board import CROSS, LINE, UNKNOWN

FOUND, EXHAUSTED, BUDGET = 0, 1, 2
SLICE = 1 << 22  # work per kernel call: about 0.1 s


@njit(cache=True)
def _violated(lines, unknown, n):
    return lines > n or unknown < n - lines


@njit(cache=True)
def is_finished(val, entries, vertices, order, ends, stride):
    """Board.is_finished: numbers, vertex degrees 0/2, one loop (and at least one line)."""
    s = stride
    for k in entries:
        n = val[k]
        if n >= 0:
            c = (val[k - s] == LINE) + (val[k + s] == LINE) + (val[k - 1] == LINE) + (val[k + 1] == LINE)
            if c != n:
                return False
    for k in vertices:
        d = (val[k - s] == LINE) + (val[k + s] == LINE) + (val[k - 1] == LINE) + (val[k + 1] == LINE)
        if d != 0 and d != 2:
            return False
    total = 0
    first = -1
    for t in range(len(order)):
        if val[order[t]] == LINE:
            total += 1
            if first < 0:
                first = t
    if total == 0:
        return False
    # follow the loop from the first line
    start = order[first]
    vertex, prev, count = ends[first, 1], start, 1
    while True:
        nxt = -1
        found = 0
        for d in (-s, s, -1, 1):
            e = vertex + d
            if val[e] == LINE and e != prev:
                nxt = e
                found += 1
        if found != 1:
            return False
        if nxt == start:
            return count == total
        count += 1
        prev = nxt
        vertex = nxt + (nxt - vertex)


@njit(cache=True)
def _closes_early(val, ends, t, k, s, nlines):
    """Does the line just put at edge t (flat index k) close a loop that leaves other lines
    out? Walk from one end along the lines (every vertex has at most 2)."""
    v = ends[t, 0]
    target = ends[t, 1]
    prev = k
    length = 1
    while True:
        nxt = -1
        for d in (-s, s, -1, 1):
            e = v + d
            if e != prev and val[e] == LINE:
                nxt = e
                break
        if nxt < 0:
            return False
        length += 1
        v = nxt + (nxt - v)
        prev = nxt
        if v == target:
            return length < nlines


@njit(cache=True)
def kernel(val, order, sides, ends, num, lines, unknown, deg, phase, state, budget,
           entries, vertices, stride, strong, vunk):
    """Run the search from ``state = [t, nodes, lines on the board]`` for a ``budget`` of work
    (solveback calls; an isFinished() call counts as many as its size). ``strong`` adds the
    pruning beside the seed (``backtrack.py``): a vertex whose edges are all decided has 0 or 2
    lines, and no loop closes while other lines exist (``vunk`` = unknown edges per vertex)."""
    last = len(order) - 1
    t = state[0]
    nodes = state[1]
    nlines = state[2]
    s = stride
    work = 0  # nodes, plus the size of the board for every isFinished() call
    leaf_cost = 1 + (len(order) + len(vertices)) // 8
    while True:
        if t < 0:
            state[0], state[1], state[2] = t, nodes, nlines
            return EXHAUSTED
        k = order[t]
        ph = phase[t]
        bad = 0
        if ph == 0:  # enter solveback(t)
            if work >= budget:
                state[0], state[1], state[2] = t, nodes, nlines
                return BUDGET
            nodes += 1
            work += 1
            if val[k] == UNKNOWN:  # put a line at this edge; next(i, j)
                val[k] = LINE
                for c in (sides[t, 0], sides[t, 1]):
                    n = num[c]
                    if n >= 0:
                        lines[c] += 1
                        unknown[c] -= 1
                        bad += _violated(lines[c], unknown[c], n)
                for v in (ends[t, 0], ends[t, 1]):
                    deg[v] += 1
                    bad += deg[v] == 3
                    if strong:
                        vunk[v] -= 1
                        bad += vunk[v] == 0 and deg[v] == 1
                nlines += 1
                if strong and bad == 0 and _closes_early(val, ends, t, k, s, nlines):
                    bad += 1
                phase[t] = 1
            else:  # else next(i, j)
                phase[t] = 3
        elif ph == 1:  # back from the line: put a cross at this edge; next(i, j)
            for c in (sides[t, 0], sides[t, 1]):
                if num[c] >= 0:
                    lines[c] -= 1  # unknown stays one less: the edge is now a cross
                    bad += _violated(lines[c], unknown[c], num[c])
            for v in (ends[t, 0], ends[t, 1]):
                deg[v] -= 1
                if strong:
                    bad += vunk[v] == 0 and deg[v] == 1
            nlines -= 1
            val[k] = CROSS
            phase[t] = 2
        elif ph == 2:  # back from the cross: mark this edge as unknown, return
            for c in (sides[t, 0], sides[t, 1]):
                if num[c] >= 0:
                    unknown[c] += 1
            if strong:
                vunk[ends[t, 0]] += 1
                vunk[ends[t, 1]] += 1
            val[k] = UNKNOWN
            phase[t] = 0
            t -= 1
            continue
        else:  # back from next(i, j) of an edge that was set already
            phase[t] = 0
            t -= 1
            continue
        # next(i, j)
        if bad == 0:  # situationIsPromising()
            if t != last:
                t += 1
                phase[t] = 0
            else:
                work += leaf_cost
                if not is_finished(val, entries, vertices, order, ends, stride):
                    continue
                state[0], state[1], state[2] = t, nodes, nlines
                return FOUND


def arrays(board, backtrack_tables):
    """The kernel's arrays for a board (``backtrack_tables`` = the Python version's tables)."""
    sides, ends, num, lines, unknown, deg = backtrack_tables
    s = board.stride
    vertices = [board.index(i, j) for i in range(0, board.height, 2) for j in range(0, board.width, 2)]
    vunk = [0] * len(board.val)
    for k, (v, w) in zip(board.edges, ends, strict=True):
        if board.val[k] == UNKNOWN:
            vunk[v] += 1
            vunk[w] += 1
    state = [0, 0, sum(board.val[k] == LINE for k in board.edges)]
    as64 = lambda x: np.asarray(x, dtype=np.int64)  # noqa: E731
    return dict(
        val=as64(board.val), order=as64(board.edges), sides=as64(sides).reshape(-1, 2),
        ends=as64(ends).reshape(-1, 2), num=as64(num), lines=as64(lines), unknown=as64(unknown),
        deg=as64(deg), phase=np.zeros(len(board.edges), dtype=np.int64),
        state=as64(state), entries=as64(board.entries), vertices=as64(vertices),
        stride=s, vunk=as64(vunk),
    )
