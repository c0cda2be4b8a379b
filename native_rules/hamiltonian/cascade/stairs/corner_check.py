"""The author's ``CheckCorner``: can an area closed by a corner at any distance still be entered
later? Shared by the ``large`` rules that take cells for the moment and look for such a corner.

Facts read from the author's ``Path.cs`` (``fodorbalint/OneWayLabyrinth``, no licence: no code
taken): the three gate shapes from (1, 1) to the corner and his "enter later" line-count tables,
written in this port's frame terms. His "AreaUp" branch is commented out in his code and does
nothing here either.
"""

from __future__ import annotations

import numpy as np

from ..walker import (
    M_N,
    T,
    corner,
    idx,
    njit,
    rel,
)
from .corners import STEP, taken_or_border
from .gates import near_small, stair_area, take_cell, untake_cell


@njit(cache=True)
def _frame2(frame, a, b, side, rotation):
    """The author's secondary frame of ``CheckCorner``: at rel(a, b), mirrored (side 1) and turned
    (rotation 0 = as is, 1 = small area, 2 = big area, 3 = turned round)."""
    x, y = rel(frame, a, b)
    sx, sy, lx, ly = frame[2], frame[3], frame[4], frame[5]
    if side == 0:
        if rotation == 0:
            return (x, y, sx, sy, lx, ly)
        if rotation == 1:
            return (x, y, lx, ly, -sx, -sy)
        if rotation == 2:
            return (x, y, -lx, -ly, sx, sy)
        return (x, y, -sx, -sy, -lx, -ly)
    if rotation == 0:
        return (x, y, sx, sy, -lx, -ly)
    if rotation == 1:
        return (x, y, -lx, -ly, -sx, -sy)
    if rotation == 2:
        return (x, y, lx, ly, sx, sy)
    return (x, y, -sx, -sy, lx, ly)


@njit(cache=True)
def _corner_tables(hori, vert):
    """The author's "enter later" line counts for a corner at (hori, vert) (his ``CheckCorner``):
    the area may hold at most ``later_w`` more white than black cells and at most ``later_b`` more
    black than white when it is entered later."""
    if vert == hori:
        return -1, hori - 2
    if hori > vert:
        a = vert - 1
        d = hori - vert
        n = d // 2
        if d % 2 == 0:
            return n // 2, a + n // 2
        return a - 1 + (n + 1) // 2, ((n + 2) // 2 if n > 0 else 0)
    a = hori - 1
    d = vert - hori
    n = d // 2
    if d % 2 == 0:
        return n // 2, a + n // 2
    return (1 + n // 2 if n > 0 else 0), a - 1 + (n + 1) // 2


@njit(cache=True)
def corner_stair_gate(board, g, hori, vert, out):
    """The stair from (1, 1) to (hori - 1, vert - 1) that closes the area under a corner at
    (hori, vert) (his ``CheckCorner``, three shapes: diagonal, along the first row then diagonal,
    diagonal then straight up). Returns how many cells, or -1 when one of them is taken."""
    m = 0
    out[m, 0], out[m, 1] = 1, 1
    m += 1
    if vert == hori:
        for k in range(1, hori):
            if T(board, g, k, k) or (k < hori - 1 and T(board, g, k + 1, k)):
                return -1
            if k == 1 and hori > 2:
                out[m, 0], out[m, 1] = 2, 1
                m += 1
            elif 1 < k < hori - 1:
                out[m, 0], out[m, 1] = k, k
                out[m + 1, 0], out[m + 1, 1] = k + 1, k
                m += 2
    elif hori > vert:
        d = hori - vert
        for k in range(1, d + 1):
            if T(board, g, k, 1):
                return -1
            if k > 1:
                out[m, 0], out[m, 1] = k, 1
                m += 1
        for k in range(1, vert):
            if T(board, g, d + k, k) or (k < vert - 1 and T(board, g, d + k + 1, k)):
                return -1
            if k < vert - 1:
                out[m, 0], out[m, 1] = d + k, k
                out[m + 1, 0], out[m + 1, 1] = d + k + 1, k
                m += 2
    else:
        for k in range(1, hori):
            if T(board, g, k, k) or (k < hori - 1 and hori > 2 and T(board, g, k + 1, k)):
                return -1
            if hori > 2:
                if k == 1:
                    out[m, 0], out[m, 1] = 2, 1
                    m += 1
                elif k < hori - 1:
                    out[m, 0], out[m, 1] = k, k
                    out[m + 1, 0], out[m + 1, 1] = k + 1, k
                    m += 2
                else:
                    out[m, 0], out[m, 1] = k, k
                    m += 1
        for k in range(1, vert - hori + 1):
            if T(board, g, hori - 1, hori - 1 + k):
                return -1
            if k < vert - hori:
                out[m, 0], out[m, 1] = hori - 1, hori - 1 + k
                m += 1
    # the end field (hori - 1, vert - 1), unless it is the last cell added or the start
    if not (out[m - 1, 0] == hori - 1 and out[m - 1, 1] == vert - 1):
        out[m, 0], out[m, 1] = hori - 1, vert - 1
        m += 1
    return m


@njit(cache=True)
def check_corner(board, frame, a, b, side, rotation, small, k0):
    """The author's ``CheckCorner(left, straight, side, rotation, ..., smallArea)``: with the walk
    standing for the moment on rel(a, b) of ``frame``, in the secondary frame there (``_frame2``),
    follow the wall ahead-left from the first obstacle of row 1; at each closed corner (hori,
    vert) whose line closes the small (or big) area: a close mid-across (1, 2) or across (2, 2)
    corner means True at once; a farther one (hori > 1) closes an area under it with the stair
    from (1, 1) to (hori - 1, vert - 1) -- if its colour balance is outside what entering it later
    allows (``_corner_tables``), True. The caller forbids the move that leaves that area to be
    entered later. ``k0``: how many cells the caller has already taken for the moment."""
    n = board[1][M_N]
    old = take_cell(board, frame, a, b, k0)
    g = _frame2(frame, a, b, side, rotation)
    found = False
    hs = 1
    while not taken_or_border(board, g, hs, 1) and hs <= n + 1:
        hs += 1
    if hs >= 2 and hs <= n + 1:
        gate = np.empty((4 * n + 8, 2), dtype=np.int64)
        cur = 0
        nx, ny = hs - 1, 1
        steps = 0
        while not (nx < 0 and ny >= 1) and not corner(board, g, nx, ny) \
                and not (steps > 0 and nx == hs - 1 and ny == 1):
            steps += 1
            if steps == n * n:
                break
            cur = (cur + 1) % 4
            d = cur
            px, py = nx + STEP[d, 0], ny + STEP[d, 1]
            turns = 0
            while taken_or_border(board, g, px, py) and turns < 4:
                turns += 1
                d = (d + 3) % 4
                px, py = nx + STEP[d, 0], ny + STEP[d, 1]
            if turns == 4:
                break
            if cur == 0 and d == 0 and ny >= 1:
                hori, vert = nx + 1, ny + 1
                i1 = idx(board, g, hori, vert)
                i2 = idx(board, g, hori + 1, vert)
                if (small and i2 > i1) or (not small and i2 < i1):
                    if vert == 2 and (hori == 1 or hori == 2):
                        found = True  # close mid-across / across
                        break
                    if hori > 1:
                        m = corner_stair_gate(board, g, hori, vert, gate)
                        if m > 0:
                            ok, black, white = stair_area(board, g, gate, m, -1, 1)
                            later_w, later_b = _corner_tables(hori, vert)
                            if ok and not (-later_b <= white - black <= later_w):
                                found = True
                                break
            cur = d
            nx, ny = px, py
    untake_cell(board, frame, a, b, old)
    return found


@njit(cache=True)
def stair_corner(board, view, a0, b0, step, count, x, y, side, rotation, near):
    """Take for the moment the stair the walk would go along: (a0 + step * k, b0 + step * k), k <
    ``count``, in that order (the author adds them to his path); then ``check_corner`` at (x, y)
    (side, rotation, closing the small area) and, if it fires and ``near`` is 1 / 2, a close
    obstacle at (x, 2) closing the big / small area (``near_small``, turned down, mirrored);
    undo. Returns (fired, fired and closed)."""
    olds = np.empty(count, dtype=np.int64)
    for k in range(count):
        olds[k] = take_cell(board, view, a0 + step * k, b0 + step * k, k)
    fired = check_corner(board, view, x, y, side, rotation, True, count)
    closed = fired and near > 0 and near_small(board, view, x, 2, 1, 1, near == 2, 1)
    for k in range(count - 1, -1, -1):
        untake_cell(board, view, a0 + step * k, b0 + step * k, olds[k])
    return fired, closed
