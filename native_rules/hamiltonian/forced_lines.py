"""Forced lines (``large`` set, group ``forced-lines``): the port's own check, not one of the
author's rules -- an improvement beside the port, under its own name.

The seed's early chapters draw "future lines": an empty cell with only two free neighbours must
be passed through them, and such lines "can not only extend at each step but connect too" (5 x 5
chapter); the author later dropped them as drawn aids ("future lines are treated as a visible
aid"). Here they are a check on a candidate move: with the move's cell as the new live end, every
empty cell needs two path edges, the end corner (n, n) and the new live end one; a cell whose
free edges just suffice takes them all, a cell that has its edges loses the others, and the
propagation runs to a fixpoint. A cell left with fewer free edges than it needs proves the move
dead (every step is implied by any completion, so the check never forbids a completable move).

It forbids the early diagonal-stair failures on 13 x 13 (the live end at the foot of its own
diagonal stair: the zigzag under the stair is forced and strands a cell at the border; the
proof by hand in ``docs/labyrinth-rules.md``, "The early stair on 13x13"), which no stair rule of
the author's engines sees: their corner discovery finds the stair's open corners only behind the
live end.
"""

from __future__ import annotations

import numpy as np

from .walker import DIRS, EMPTY, M_N, OFF, njit

FORCED_LINES = 57


@njit(cache=True)
def _popcount(m):
    return (m & 1) + ((m >> 1) & 1) + ((m >> 2) & 1) + ((m >> 3) & 1)


@njit(cache=True)
def line_dead(g, n, hx, hy):
    """With the empty cell (hx, hy) taken as the new live end (not the end corner): True when the
    degree propagation of the empty cells' path edges finds a cell that can no longer get the
    edges it needs. ``g`` is the board's grid (``walker``), not changed."""
    size = g.shape[0]
    avail = np.zeros((size, size), dtype=np.int64)  # bit d: the edge to the neighbour in DIRS[d]
    used = np.zeros((size, size), dtype=np.int64)
    need = np.zeros((size, size), dtype=np.int64)
    queue = np.empty(12 * n * n + 8, dtype=np.int64)
    nodes = 0
    for y in range(1, n + 1):
        for x in range(1, n + 1):
            if g[y + OFF, x + OFF] == EMPTY:
                nodes += 1
                need[y + OFF, x + OFF] = 2
    if nodes <= 2:
        return False  # the end of the walk: the area rules and the end cell decide
    ex, ey = n + OFF, n + OFF
    need[ey, ex] = 1
    need[hy + OFF, hx + OFF] = 1
    qn = 0
    for y in range(1, n + 1):
        for x in range(1, n + 1):
            cy, cx = y + OFF, x + OFF
            if need[cy, cx] == 0:
                continue
            for d in range(4):
                ny, nx = cy + DIRS[d, 1], cx + DIRS[d, 0]
                if need[ny, nx] == 0:
                    continue
                head_end = (x == hx and y == hy and nx == ex and ny == ey) \
                    or (cx == ex and cy == ey and nx == hx + OFF and ny == hy + OFF)
                if not head_end:  # the live end meets the end corner only when all else is full
                    avail[cy, cx] |= 1 << d
            queue[qn] = cy * size + cx
            qn += 1
    while qn > 0:
        qn -= 1
        cy, cx = queue[qn] // size, queue[qn] % size
        free = avail[cy, cx] & ~used[cy, cx]
        k = need[cy, cx] - _popcount(used[cy, cx])
        nfree = _popcount(free)
        if k < 0 or nfree < k:
            return True
        if nfree == 0 or (k > 0 and nfree > k):
            continue
        for d in range(4):
            if free & (1 << d):
                ny, nx = cy + DIRS[d, 1], cx + DIRS[d, 0]
                back = (d + 2) % 4
                if k == 0:  # the cell has its edges: the others are gone
                    avail[cy, cx] &= ~(1 << d)
                    avail[ny, nx] &= ~(1 << back)
                else:  # just enough: all are taken
                    used[cy, cx] |= 1 << d
                    used[ny, nx] |= 1 << back
                queue[qn] = ny * size + nx
                qn += 1
    return False


@njit(cache=True)
def check_forced_lines(board, f, cand, fb):
    """Forbid each still allowed candidate whose cell, taken as the new live end, leaves the
    forced lines no way to give every empty cell its path edges (``line_dead``); only while two
    or more candidates are allowed."""
    left = 0
    for d in range(4):
        if cand[d] and fb[d] == 0:
            left += 1
    if left < 2:
        return
    g = board[0]
    n = board[1][M_N]
    for d in range(4):
        if cand[d] and fb[d] == 0:
            x, y = f[0] + DIRS[d, 0], f[1] + DIRS[d, 1]
            if not (x == n and y == n):
                g[y + OFF, x + OFF] = board[1][1]
                dead = line_dead(g, n, x, y)
                g[y + OFF, x + OFF] = EMPTY
                if dead:
                    fb[d] = FORCED_LINES + 1
