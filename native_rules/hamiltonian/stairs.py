"""The labyrinth author's large-board rules, first part: the double stairs (``large`` group).

Seed ``one-way-labyrinth-fodor.txt``: "2 022 337 is getting stuck because of the stair-shaped walls
that force the future line along them ... As the table size increases, the stair-obstacle
narrowing can move infinite distance away from the live end" and "7. Stair area: ... a stair shape
on the left, and an area is created with one of the steps that should be entered now"; reference
``../shared/reference/hamiltonian.md`` 3.3, "Newer cascade": after the stairs at start / at end,
``DoubleStair``, ``DoubleStairReversed``. The facts (which cells are taken or empty, which corner
the discovery must find, which moves are forbidden) are read from the author's ``Path.cs``
(``fodorbalint/OneWayLabyrinth``, no licence: no code taken) and written in this port's frame
terms (``walker``: ``rel(a, b)`` at left offset a, straight offset b).

Helpers of the author's newer engine that these rules need:

* ``near_small`` -- his ``CheckNearFieldSmallRel``: at a cell (x, y) of the frame, read in one of
  four turned (and possibly mirrored) local frames, a C-shape on the local left, a close
  mid-across or a close across obstacle whose line encloses the small (or the big) area.
* ``closed_corners`` -- the closed corners of his ``CornerDiscoveryAll``: the wall of the area
  the live end is in, followed with the wall on the left from the first obstacle to the left
  (or ahead), each inside corner of that wall recorded in the quarter of the frame it lies in,
  in that quarter's own (left, straight) coordinates.
"""

from __future__ import annotations

import numpy as np

from .walker import M_N, OFF, B, R, S, T, border_index, corner, idx, mirror, njit, rel, turn_right

DOUBLE_STAIR, DOUBLE_STAIR_REVERSED = 26, 27

# the four local frames of near_small, per side: (left vector, straight vector) in the caller's
# (left, straight) coordinates; rotation 0 = as is, 1 = "small area" (turned down), 2 = "big
# area" (turned up), 3 = big area to the right and down
_LOCAL = np.array([
    [[1, 0, 0, 1], [0, -1, 1, 0], [0, 1, -1, 0], [-1, 0, 0, -1]],
    [[-1, 0, 0, 1], [0, -1, -1, 0], [0, 1, 1, 0], [1, 0, 0, -1]],
], dtype=np.int64)
# quarters examined per side (0 = as is, 1 = mirrored) and rotation (0 = as is, 1 = turned right)
_QUARTERS = np.array([[0, 1, 2, 3], [1, 0, 3, 2]], dtype=np.int64)
MAX_CORNERS = 64


@njit(cache=True)
def _loc(x, y, side, rotation, a, b):
    """The caller-frame offsets of local cell (a, b) at (x, y)."""
    v = _LOCAL[side, rotation]
    return x + a * v[0] + b * v[2], y + a * v[1] + b * v[3]


@njit(cache=True)
def near_small(board, f, x, y, side, rotation, small):
    """``CheckNearFieldSmallRel(x, y, side, rotation, smallArea)``: in the local frame at (x, y),
    a C-shape on the left (the cell two to the left taken or border, the one between empty), a
    close mid-across (local (1, 2) taken, (0, 2) and (1, 1) empty) or a close across obstacle
    ((2, 2) taken, (1, 2) and (2, 1) empty), its line running so that it closes the small area
    (``small``) or the big one. The direction test reads the obstacle's neighbour as the author
    does (the mid-across and across tests compare with the cell one further left, -1 when it is
    not taken)."""
    a, b = _loc(x, y, side, rotation, 2, 0)
    c, d = _loc(x, y, side, rotation, 1, 0)
    if (T(board, f, a, b) or B(board, f, a, b)) and not T(board, f, c, d):
        e, g = _loc(x, y, side, rotation, 2, -1)
        if T(board, f, a, b):
            i1 = idx(board, f, a, b)
            i2 = idx(board, f, e, g)
            if i2 != -1:
                if (small and i2 > i1) or (not small and i1 > i2):
                    return True
            else:
                e, g = _loc(x, y, side, rotation, 2, 1)
                i2 = idx(board, f, e, g)
                if (small and i1 > i2) or (not small and i2 > i1):
                    return True
        else:
            i1 = border_index(board, f, a, b)
            i2 = border_index(board, f, e, g)
            if (small and i1 > i2) or (not small and i2 > i1):
                return True
    a, b = _loc(x, y, side, rotation, 1, 2)
    c, d = _loc(x, y, side, rotation, 0, 2)
    e, g = _loc(x, y, side, rotation, 1, 1)
    if T(board, f, a, b) and not T(board, f, c, d) and not T(board, f, e, g):
        i1 = idx(board, f, a, b)
        p, q = _loc(x, y, side, rotation, 2, 2)
        i2 = idx(board, f, p, q)
        if (small and i2 > i1) or (not small and i2 < i1):
            return True
    a, b = _loc(x, y, side, rotation, 2, 2)
    c, d = _loc(x, y, side, rotation, 1, 2)
    e, g = _loc(x, y, side, rotation, 2, 1)
    if T(board, f, a, b) and not T(board, f, c, d) and not T(board, f, e, g):
        i1 = idx(board, f, a, b)
        p, q = _loc(x, y, side, rotation, 3, 2)
        i2 = idx(board, f, p, q)
        if (small and i2 > i1) or (not small and i2 < i1):
            return True
    return False


_STEP = np.array([[0, 1], [1, 0], [0, -1], [-1, 0]], dtype=np.int64)  # straight, left, back, right


@njit(cache=True)
def _blocked(board, f, a, b):
    return T(board, f, a, b) or B(board, f, a, b)


@njit(cache=True)
def closed_corners(board, f, out, counts):
    """``CornerDiscoveryAll``'s closed corners: ``out[q, k]`` = the k-th corner of quarter q (0 =
    left-ahead, 1 = right-ahead, 2 = right-behind, 3 = left-behind) in that quarter's own
    coordinates (the absolute values of the frame's left and straight offsets), ``counts[q]``
    how many. The wall is followed with the obstacle on the follower's left, from the empty
    cell next to the first obstacle found walking left (or, with the left cell taken, straight
    ahead), until it has passed both the end corner and the cell beside the live end and is back
    at its start. Returns False when the walk does not close (the author's "Corner discovery
    error"; the rules then do nothing)."""
    n = board[1][M_N]
    for q in range(4):
        counts[q] = 0
    if not _blocked(board, f, 1, 0):
        live_x, live_y = 1, 0
        k = 2
        while not _blocked(board, f, k, 0):
            k += 1
        cur = 0
        nx, ny = k - 1, 0
    elif not _blocked(board, f, 0, 1):
        live_x, live_y = 0, 1
        k = 2
        while not _blocked(board, f, 0, k):
            k += 1
        cur = 3
        nx, ny = 0, k - 1
    else:
        return False  # one candidate only: the rules do not run
    sx0, sy0 = nx, ny
    corner_reached = False
    live_reached = False
    steps = 0
    while not (corner_reached and live_reached and nx == sx0 and ny == sy0):
        steps += 1
        if steps == n * n:
            return False
        cur = (cur + 1) % 4
        d = cur
        px, py = nx + _STEP[d, 0], ny + _STEP[d, 1]
        turns = 0
        while _blocked(board, f, px, py):
            turns += 1
            if turns == 4:
                return False
            d = (d + 3) % 4
            px, py = nx + _STEP[d, 0], ny + _STEP[d, 1]
        if cur == d:
            q, cx, cy = -1, 0, 0
            if nx >= 0 and ny >= 0 and d == 0:
                q, cx, cy = 0, nx + 1, ny + 1
            elif nx <= 0 and ny >= 0 and d == 3:
                q, cx, cy = 1, -(nx - 1), ny + 1
            elif nx <= 0 and ny <= 0 and d == 2:
                q, cx, cy = 2, -(nx - 1), -(ny - 1)
            elif nx >= 0 and ny <= 0 and d == 1:
                q, cx, cy = 3, nx + 1, -(ny - 1)
            if q >= 0 and counts[q] < out.shape[1]:
                out[q, counts[q], 0] = cx
                out[q, counts[q], 1] = cy
                counts[q] += 1
        cur = d
        nx, ny = px, py
        if corner(board, f, nx, ny):
            corner_reached = True
        if nx == live_x and ny == live_y:
            live_reached = True
    return True


@njit(cache=True)
def _has_corner(out, counts, q, cx, cy):
    for k in range(counts[q]):
        if out[q, k, 0] == cx and out[q, k, 1] == cy:
            return True
    return False


@njit(cache=True)
def check_double_stair(board, f, fb):
    """``DoubleStair`` (the author's examples 2024_0706_1, 2024_1006_1, 2024_0711; also reached by
    his Sequence on 9_2023047, 9_19732094): per side, as is and turned right ("normal or big
    area"): the cell behind-left (1, -1) taken and the left cell (1, 0) empty, the corner
    discovery finds closed corners at (3, 3) and -- at (4, 2) as is, (2, 4) turned -- in the
    quarter on that side, and the line at (3, 3) runs on from (4, 3) (index of (3, 3) greater):
    two stairs meet. With (2, 2) taken for the moment (the author's ``AddEndFar(1, 2, 2)``: the
    walk's next stair step), a close obstacle at (2, 2) closing the big area turned up and one at
    (3, 1) closing the small area turned down, mirrored, forbid straight (and right, as is).

    Partial port: the author also accepts, instead of the first close obstacle, a corner at any
    distance found by his ``CheckCorner``; that alternative is not ported, so this rule fires in
    a subset of his cases."""
    out = np.zeros((4, MAX_CORNERS, 2), dtype=np.int64)
    counts = np.zeros(4, dtype=np.int64)
    if not closed_corners(board, f, out, counts):
        return
    for side in range(2):
        h0 = f if side == 0 else mirror(f)
        for j in range(2):
            h = h0 if j == 0 else turn_right(h0)
            if not (T(board, h, 1, -1) and not T(board, h, 1, 0)):
                continue
            q = _QUARTERS[side, j]
            c2x, c2y = (4, 2) if j == 0 else (2, 4)
            if not (_has_corner(out, counts, q, 3, 3) and _has_corner(out, counts, q, c2x, c2y)):
                continue
            if idx(board, h, 3, 3) <= idx(board, h, 4, 3):
                continue
            x, y = rel(h, 2, 2)
            old = board[0][y + OFF, x + OFF]
            if old < 0:  # taken cells keep their index (the author's InTakenIndex finds the first)
                board[0][y + OFF, x + OFF] = board[1][1]  # the newest index
            fired = near_small(board, h, 2, 2, 0, 2, False) and near_small(board, h, 3, 1, 1, 3, True)
            if old < 0:
                board[0][y + OFF, x + OFF] = old
            if fired:
                S(fb, h, DOUBLE_STAIR)
                if j == 0:
                    R(fb, h, DOUBLE_STAIR)


@njit(cache=True)
def check_double_stair_reversed(board, f, fb):
    """``DoubleStairReversed`` (the author's examples 2026_0124, 2026_0304, 2024_0726, 2024_0713:
    a C-shape at (3, -1); 2026_0519: a mid-across there): per side, as is and turned right, the
    second stair's corner -- (5, 1) and (4, 2) taken, (4, 1) empty, the line at (4, 2) running on
    from (5, 2) -- and the first stair behind-left -- (1, -1) and (2, -2) taken, (1, 0), (2, -1)
    and (3, -2) empty -- with a close obstacle at (3, -1) that closes the small area turned down:
    forbid straight (and right, as is)."""
    for side in range(2):
        h0 = f if side == 0 else mirror(f)
        for j in range(2):
            h = h0 if j == 0 else turn_right(h0)
            if not (T(board, h, 5, 1) and T(board, h, 4, 2) and not T(board, h, 4, 1)):
                continue
            if idx(board, h, 4, 2) <= idx(board, h, 5, 2):
                continue
            if T(board, h, 1, -1) and T(board, h, 2, -2) and not T(board, h, 1, 0) \
                    and not T(board, h, 2, -1) and not T(board, h, 3, -2) \
                    and near_small(board, h, 3, -1, 0, 1, True):
                S(fb, h, DOUBLE_STAIR_REVERSED)
                if j == 0:
                    R(fb, h, DOUBLE_STAIR_REVERSED)
