"""The area-counting engine (port of the author's ``CountArea``, ``../shared/reference/
hamiltonian.md`` 3.4 "CountArea", with the spec's "port shortcut"), plus the line-count bound the
seed derives its area-imbalance tables from.

**CountArea(start, end, borderFields, circleDir, type).** The author walks the wall from ``start``
to ``end`` keeping the obstacle on one side, closes the ring with the gate cells and fills it by a
row scan; the result is the enclosed cell count and its checkerboard colour counts. The port
floods instead (the spec's shortcut): the area is the connected set of empty cells reached from
the rule's count-area cells (``seeds``) without entering the cells just outside the gate
(``blocked``). The author reports a critical error when the wall walk reaches the corner (n, n):
an area with the end in it is not enclosed, and the rule's picture does not hold. The port
returns ``AREA_CORNER`` then (the rule does nothing; ``meta[D_CORNER]`` counts it). It also
checks what the pictures take for granted: the area touches the outside only at the gate cells
(``gate``; else ``AREA_LEAK``, counted in ``meta[D_LEAK]``) -- otherwise the wall walk would go
round a different boundary than the one drawn.

Return values by the author's ``type``: 0 = even, 1 = odd, 2 / 3 = colour imbalance (black = the
colour of ``start`` / the other colour), getInfo = [area % 2, black, white]. ``count_area``
returns ``(status, size, black, white)`` with black = the cells of colour ``black_parity``
((x + y) % 2), and the rules read parity and imbalance from those.

**Line-count bound** (seed, "If we enter now and exit on black, B-1 black field remains on the
border ... Hence (B-2)/2+1 = B/2 black to black line would be possible"). A completion covers an
enclosed area (no end in it) in lines that enter and leave through the gate; a line from one
colour to the same colour adds one of that colour to the imbalance, a mixed line nothing. So
``white - black`` lies between minus the most black-to-black lines and the most white-to-white
lines the gate cells allow: two gate cells per line, or one cell with two outside neighbours (a
corner field). When the walker enters now at ``c`` the first line starts at ``c``.
``line_bound`` computes this range from the flooded area's actual doors; it is never narrower
than the truth, so a rule built on it can only forbid moves that cannot be completed.
"""

from __future__ import annotations

import numpy as np

from .walker import D_CORNER, D_LEAK, EMPTY, M_N, M_STAMP, OFF, njit

AREA_OK, AREA_CORNER, AREA_LEAK, AREA_NONE = 1, 0, -1, -2
NEIGHBOURS = ((0, 1), (1, 0), (0, -1), (-1, 0))


@njit(cache=True)
def count_area(board, seeds, blocked, gate, black_parity):
    """Flood the area from ``seeds`` (absolute cells, int64[k, 2]) without entering
    ``blocked``; returns (status, size, black, white)."""
    g, meta, mark, queue = board[0], board[1], board[4], board[5]
    n = meta[M_N]
    st = meta[M_STAMP] + 2
    meta[M_STAMP] = st
    for i in range(blocked.shape[0]):
        x, y = blocked[i, 0], blocked[i, 1]
        if g[y + OFF, x + OFF] == EMPTY:
            mark[y + OFF, x + OFF] = st + 1
    head = 0
    tail = 0
    for i in range(seeds.shape[0]):
        x, y = seeds[i, 0], seeds[i, 1]
        if g[y + OFF, x + OFF] == EMPTY and mark[y + OFF, x + OFF] < st:
            mark[y + OFF, x + OFF] = st
            queue[tail] = x
            queue[tail + 1] = y
            tail += 2
    if tail == 0:
        return AREA_NONE, 0, 0, 0
    size = 0
    black = 0
    while head < tail:
        x = queue[head]
        y = queue[head + 1]
        head += 2
        if x == n and y == n:
            meta[D_CORNER] += 1
            return AREA_CORNER, 0, 0, 0
        size += 1
        if (x + y) % 2 == black_parity:
            black += 1
        for k in range(4):
            nx = x + NEIGHBOURS[k][0]
            ny = y + NEIGHBOURS[k][1]
            if g[ny + OFF, nx + OFF] == EMPTY and mark[ny + OFF, nx + OFF] < st:
                mark[ny + OFF, nx + OFF] = st
                queue[tail] = nx
                queue[tail + 1] = ny
                tail += 2
    if gate.shape[0] > 0:
        for i in range(blocked.shape[0]):
            x, y = blocked[i, 0], blocked[i, 1]
            if g[y + OFF, x + OFF] != EMPTY:
                continue
            for k in range(4):
                nx = x + NEIGHBOURS[k][0]
                ny = y + NEIGHBOURS[k][1]
                if mark[ny + OFF, nx + OFF] == st and not is_listed(gate, nx, ny):
                    meta[D_LEAK] += 1
                    return AREA_LEAK, 0, 0, 0
    return AREA_OK, size, black, size - black


@njit(cache=True)
def is_listed(cells, x, y):
    for i in range(cells.shape[0]):
        if cells[i, 0] == x and cells[i, 1] == y:
            return True
    return False


@njit(cache=True)
def in_area(board, x, y):
    """After ``count_area``: is (x, y) in the area just flooded?"""
    return board[4][y + OFF, x + OFF] == board[1][M_STAMP]


@njit(cache=True)
def door_counts(board, blocked, skip_x, skip_y, white_parity):
    """After ``count_area``: the doors of the area just flooded -- area cells next to an empty
    blocked cell -- by colour and number of outside neighbours, leaving out the cell
    (skip_x, skip_y). Returns (w1, w2, b1, b2, skip_edges): white doors with one outside
    neighbour / with two or more, the same for black, and the outside neighbours of the skipped
    cell."""
    g, meta, mark, deg, doors = board[0], board[1], board[4], board[6], board[7]
    st = meta[M_STAMP]
    nd = 0
    for i in range(blocked.shape[0]):
        x, y = blocked[i, 0], blocked[i, 1]
        if g[y + OFF, x + OFF] != EMPTY or mark[y + OFF, x + OFF] != st + 1:
            continue
        mark[y + OFF, x + OFF] = st + 2  # each blocked cell once, even if listed twice
        for k in range(4):
            nx = x + NEIGHBOURS[k][0]
            ny = y + NEIGHBOURS[k][1]
            if mark[ny + OFF, nx + OFF] == st:
                if deg[ny + OFF, nx + OFF] == 0:
                    doors[nd, 0] = nx
                    doors[nd, 1] = ny
                    nd += 1
                deg[ny + OFF, nx + OFF] += 1
    for i in range(blocked.shape[0]):  # restore the blocked marks
        x, y = blocked[i, 0], blocked[i, 1]
        if mark[y + OFF, x + OFF] == st + 2:
            mark[y + OFF, x + OFF] = st + 1
    w1 = w2 = b1 = b2 = 0
    skip_edges = 0
    for i in range(nd):
        x, y = doors[i, 0], doors[i, 1]
        e = deg[y + OFF, x + OFF]
        deg[y + OFF, x + OFF] = 0
        if x == skip_x and y == skip_y:
            skip_edges = e
            continue
        if (x + y) % 2 == white_parity:
            if e >= 2:
                w2 += 1
            else:
                w1 += 1
        else:
            if e >= 2:
                b2 += 1
            else:
                b1 += 1
    return w1, w2, b1, b2, skip_edges


@njit(cache=True)
def _most(one, two):
    """The most same-colour lines: a door with two outside neighbours alone, others in pairs."""
    return two + one // 2


@njit(cache=True)
def later_range(w1, w2, b1, b2):
    """(lo, hi) of white - black when every line enters and leaves through the doors; (1, 0)
    (empty) when there is no door at all."""
    if w1 + w2 + b1 + b2 == 0:
        return 1, 0
    return -_most(b1, b2), _most(w1, w2)


@njit(cache=True)
def now_range(w1, w2, b1, b2, entry_white, entry_edges):
    """(lo, hi) of white - black when the walker enters now at a cell of the given colour
    (``entry_edges`` of its own outside neighbours; the other doors exclude it): the first line
    runs from the entry to an exit door (or leaves at once), the others as ``later_range``."""
    first = 1 if entry_white else -1
    lo = 1 << 30
    hi = -(1 << 30)
    # exit through the entry cell itself
    if entry_edges > 0:
        lo = min(lo, first - _most(b1, b2))
        hi = max(hi, first + _most(w1, w2))
    # exit through a white door (of either kind)
    for kind in range(2):
        if (w1 if kind == 0 else w2) > 0:
            v = 1 if entry_white else 0
            r1 = w1 - (1 if kind == 0 else 0)
            r2 = w2 - (1 if kind == 1 else 0)
            lo = min(lo, v - _most(b1, b2))
            hi = max(hi, v + _most(r1, r2))
    # exit through a black door
    for kind in range(2):
        if (b1 if kind == 0 else b2) > 0:
            v = 0 if entry_white else -1
            r1 = b1 - (1 if kind == 0 else 0)
            r2 = b2 - (1 if kind == 1 else 0)
            lo = min(lo, v - _most(r1, r2))
            hi = max(hi, v + _most(w1, w2))
    return lo, hi


def cells(*pairs) -> np.ndarray:
    """Python helper for tests: an int64[k, 2] cell array."""
    return np.array(pairs, dtype=np.int64).reshape(-1, 2)
