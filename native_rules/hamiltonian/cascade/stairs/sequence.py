"""The labyrinth author's ``Sequence`` of his newer engine (``large`` group, ``stair-sequence``):
the last rule of his ``Path.cs ApplyRules`` (reference ``../shared/reference/hamiltonian.md`` 3.3
"Newer cascade"; the seed's "area end sequence").

A start obstacle beside the walker (three or four to the left, in the row of the live end or one
behind), its area behind balanced, forces the walk -- if it steps there -- to go on along a stair
of obstacles; the rule follows that forced line, taking its cells for the moment, and forbids the
move when a corner or close obstacle on the way closes an area the line can no longer enter.
Facts (cells, directions, which move is forbidden) read from his ``Path.cs``
(``fodorbalint/OneWayLabyrinth``, no licence: no code taken), in this port's frame terms
(``walker``: ``rel(a, b)`` at left offset a, straight offset b). It is not the 9 x 9 control set's
``CheckSequence`` (``sequence``), which his newer engine replaced by this one.
"""

from __future__ import annotations

import numpy as np

from ..walker import BACK, B, L, S, T, idx, mirror, njit, turn_right
from .corner_check import check_corner
from .gates import gate_area, near_small, take_cell, untake_cell

STAIR_SEQUENCE = 56

# per rotation index of the followed line: its step (hori, vert), its "h" and "v" unit vectors, the
# cell it adds relative to (hori, vert), the rotations of the corner and close-obstacle checks
_ROT = np.array([
    # step     h        v        added    corner nearfield closing
    [1, 1, 1, 0, 0, 1, -2, 0, 0, 0, 0],
    [-1, 1, 0, 1, -1, 0, 0, -2, 2, 1, 1],
    [-1, -1, -1, 0, 0, -1, 2, 0, 3, 3, 3],
    [1, -1, 0, -1, 1, 0, 0, 2, 1, 2, 2],
], dtype=np.int64)
# where a "far straight" turns the line: the new (hori, vert) offset
_TURN = np.array([[-1, 2], [-2, -1], [1, -2], [2, 1]], dtype=np.int64)


@njit(cache=True)
def _scan(board, view, row):
    """The first taken or border cell of the row, left of the live end: its left offset."""
    a = 1
    while not T(board, view, a, row) and not B(board, view, a, row):
        a += 1
    return a


@njit(cache=True)
def _start(board, view, j):
    """The start obstacle of frame j: (kind, hori, vert, vert_low) with kind 0 = none, 1 = an
    obstacle three or four to the left (its line running on behind it), 2 = a stair start (a
    C-shape one step ahead on the left), 3 = the second stair start (2024_0724_1)."""
    if j < 2:
        a = _scan(board, view, 0)
        if a == 3 and not T(board, view, 3, 1):
            i2 = idx(board, view, 3, -1)
            if i2 != -1 and i2 > idx(board, view, 3, 0):
                return 1, 3, 0, False
    if j < 3:
        a = _scan(board, view, -1)
        if (a == 3 or a == 4) and not T(board, view, a, 0):
            i2 = idx(board, view, a, -2)
            if i2 != -1 and i2 > idx(board, view, a, -1):
                return 1, a, -1, True
        a = _scan(board, view, 0)
        if a == 4 and not T(board, view, 4, 1):
            i2 = idx(board, view, 4, -1)
            if i2 != -1 and i2 > idx(board, view, 4, 0):
                return 1, 4, 0, True
    if j == 0 or j == 3:
        if T(board, view, 1, 0) and T(board, view, 2, 1) and not T(board, view, 1, 1):
            return 2, 2, 1, False
    if j < 2:
        if T(board, view, 0, 3) and not T(board, view, 1, 3) and not T(board, view, 0, 2) \
                and not T(board, view, 1, 0) and T(board, view, 1, -1) \
                and idx(board, view, 0, 3) > idx(board, view, -1, 3):
            return 3, 1, -1, False
    return 0, 0, 0, False


@njit(cache=True)
def _balanced(board, view, hori, vert):
    """The start area behind the gate from (1, vert) to the obstacle (four to the left: the row of
    the live end to (3, 0), the cell beside its end blocked) holds as many white as black cells."""
    if hori == 4:
        gate = np.array([[1, 0], [2, 0], [3, 0]], dtype=np.int64)
        extra = np.array([[4, 0]], dtype=np.int64) if vert == -1 else np.empty((0, 2), dtype=np.int64)
    else:
        gate = np.array([[1, vert], [2, vert]], dtype=np.int64)
        extra = np.empty((0, 2), dtype=np.int64)
    ok, black, white = gate_area(board, view, gate, gate.shape[0], -1, 1, extra, False)
    return ok and black == white


@njit(cache=True)
def _follow(board, view, kind, hori, vert, j, vert_low, forbidden):
    """Take the start cells and follow the forced line (see ``check_stair_sequence``); the taken
    cells are restored before returning."""
    n = board[1][0]
    cells = np.empty((n * n + 4, 2), dtype=np.int64)
    olds = np.empty(n * n + 4, dtype=np.int64)
    m = 0
    ri = 0
    if kind == 1 and hori == 4:
        cells[0, 0], cells[0, 1] = 1, 0
        cells[1, 0], cells[1, 1] = 3, 0
        cells[2, 0], cells[2, 1] = 2, 1
        m = 3
        hori, vert = 3, 0
    elif kind == 1:
        cells[0, 0], cells[0, 1] = 1, 0
        m = 1
    elif kind == 2:
        cells[0, 0], cells[0, 1] = 0, 1
        cells[1, 0], cells[1, 1] = 1, 1
        m = 2
    else:
        cells[0, 0], cells[0, 1] = 1, 1
        cells[1, 0], cells[1, 1] = 1, 0
        m = 2
        ri = 3
    for k in range(m):
        olds[k] = take_cell(board, view, cells[k, 0], cells[k, 1], k)
    forbid = 0  # 1 = left, 2 = straight, 3 = left (and back, turned)
    for _ in range(n * n):
        r = _ROT[ri]
        hx, hy, vx, vy = r[2], r[3], r[4], r[5]
        hori += r[0]
        vert += r[1]
        far = False
        fx, fy = hori - hx + 2 * vx, vert - hy + 2 * vy  # the obstacle two beyond
        if T(board, view, fx, fy) and not T(board, view, fx - vx, fy - vy) \
                and not T(board, view, hori - hx, vert - hy):
            i2 = idx(board, view, hori + 2 * vx, vert + 2 * vy)
            if i2 != -1 and i2 > idx(board, view, fx, fy):
                far = True
        step = not far and T(board, view, hori, vert) and not T(board, view, hori - hx, vert - hy)
        ca, cb = hori - 2 * hx, vert - 2 * hy
        if check_corner(board, view, ca, cb, 0, r[8], True, m) \
                and near_small(board, view, ca, cb, 1, r[10], True, 0):
            forbid = 2 if kind == 2 else 1
            break
        if step and kind == 3 and T(board, view, ca + 2 * vx, cb + 2 * vy) \
                and T(board, view, hori - 3 * hx + vx, vert - 3 * hy + vy):
            forbid = 2
            break
        if far or step:
            cells[m, 0], cells[m, 1] = hori + r[6], vert + r[7]
            olds[m] = take_cell(board, view, cells[m, 0], cells[m, 1], m)
            m += 1
            if check_corner(board, view, ca, cb, 1, r[9], True, m):
                forbid = 3 if kind == 1 else 2
                break
        if far:
            hori += _TURN[ri, 0]
            vert += _TURN[ri, 1]
            ri = (ri + 1) % 4
        if not (far or step):
            break
    for k in range(m - 1, -1, -1):
        untake_cell(board, view, cells[k, 0], cells[k, 1], olds[k])
    if forbid == 1 or forbid == 3:
        L(forbidden, view, STAIR_SEQUENCE)
        if forbid == 3 and j == 1 and not vert_low:
            BACK(forbidden, view, STAIR_SEQUENCE)
    elif forbid == 2:
        S(forbidden, view, STAIR_SEQUENCE)


@njit(cache=True)
def check_stair_sequence(board, frame, forbidden):
    """``Sequence``: per side (as is, mirrored) and frame j (turned right j times), a start --
    an obstacle three to the left in the live end's row or one behind (four: 2024_0727_6), its line
    running on behind it and the area behind the gate balanced; a C-shape one step ahead on the
    left (a stair start, 2024_0630, 2024_0720, 2024_0723); or the second stair start (2024_0724_1)
    -- then the forced line along the stair: at each step (hori, vert) of the stair (turning at a
    "far straight", an obstacle two beyond with its line running on), a corner (his
    ``CheckCorner``) and a close mid-across closing a double area at the step's cell
    (2024_0704, 2024_1014, 2024_1006: the double area; forbid left, straight for the stair start),
    a double C-shape (2025_0516, second stair start: straight), or, with the stair's next cell
    taken, a corner closing the area: forbid left (and back in the frame turned right, unless the
    start obstacle lies one behind) -- straight for the stair starts."""
    for side in range(2):
        h0 = frame if side == 0 else mirror(frame)
        view = h0
        for j in range(4):
            kind, hori, vert, vert_low = _start(board, view, j)
            if kind == 1 and _balanced(board, view, hori, vert) or kind >= 2:
                _follow(board, view, kind, hori, vert, j, vert_low, forbidden)
            view = turn_right(view)
