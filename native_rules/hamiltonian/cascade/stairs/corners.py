"""The labyrinth author's corner discovery (``CornerDiscoveryAll``), shared by the ``large`` rules.

His newer engine (reference ``../shared/reference/hamiltonian.md`` 3.3, "Newer cascade") replaces
the explicit C-shape / border rules by following the wall of the area the live end is in and
recording each corner of it -- closed (inside) or open (outside, clockwise / counter-clockwise) --
in the quarter of the frame it lies in, in that quarter's own (left, straight) coordinates. The
facts are read from the author's ``Path.cs`` (``fodorbalint/OneWayLabyrinth``, no licence: no code
taken) and written in this port's frame terms (``walker``: ``rel(a, b)`` at left offset a,
straight offset b). The stair rules (``at_end_concave``, ``at_end_open_corners``, ``at_end_convex``,
``at_start_straight``) find their stairs among these corners.
"""

from __future__ import annotations

import numpy as np

from ..walker import (
    M_N,
    B,
    T,
    corner,
    njit,
    rule_frame,
)

# quarters examined per side (0 = as is, 1 = mirrored) and rotation (0 = as is, 1 = turned right)
QUARTERS = np.array([[0, 1, 2, 3], [1, 0, 3, 2]], dtype=np.int64)
MAX_CORNERS = 64


STEP = np.array([[0, 1], [1, 0], [0, -1], [-1, 0]], dtype=np.int64)  # straight, left, back, right


@njit(cache=True)
def taken_or_border(board, frame, a, b):
    return T(board, frame, a, b) or B(board, frame, a, b)


# CornerDiscoveryAll's corner kinds: closed (the wall turns towards the live end), open clockwise
# and open counter-clockwise (the wall turns away, seen from the left / the right side)
CLOSED, OPEN_CW, OPEN_CCW = 0, 1, 2
# per direction code d of the step just taken and corner kind: the quarter it is recorded in, the
# cell offset (dx, dy) from the follower to the corner, and the quarter's sign test on the follower
# cell: min_x / max_x / min_y / max_y (-99 / 99: no bound)
_KINDS = np.array([
    # d = 0 (straight): closed q0, open CW q1, open CCW q3
    [[0, 1, 1, 0, 99, 0, 99], [1, 1, 1, -99, -1, 0, 99], [3, 1, 1, 0, 99, -99, -1]],
    # d = 1 (left): closed q3, open CW q0, open CCW q2
    [[3, 1, -1, 0, 99, -99, 0], [0, 1, -1, 0, 99, 1, 99], [2, 1, -1, -99, -1, -99, 0]],
    # d = 2 (back): closed q2, open CW q3, open CCW q1
    [[2, -1, -1, -99, 0, -99, 0], [3, -1, -1, 1, 99, -99, 0], [1, -1, -1, -99, 0, 1, 99]],
    # d = 3 (right): closed q1, open CW q2, open CCW q0
    [[1, -1, 1, -99, 0, 0, 99], [2, -1, 1, -99, 0, -99, -1], [0, -1, 1, 1, 99, 0, 99]],
], dtype=np.int64)
_SIGN = np.array([[1, 1], [-1, 1], [-1, -1], [1, -1]], dtype=np.int64)  # quarter -> (left, straight) sign


@njit(cache=True)
def discover_corners(board, frame, out, counts):
    """``CornerDiscoveryAll``: ``out[kind, q, k]`` = the k-th corner of ``kind`` (``CLOSED``,
    ``OPEN_CW``, ``OPEN_CCW``) in quarter q (0 = left-ahead, 1 = right-ahead, 2 = right-behind,
    3 = left-behind) in that quarter's own coordinates (the absolute values of the frame's left
    and straight offsets), ``counts[kind, q]`` how many. The wall is followed with the obstacle on
    the follower's left, from the empty cell next to the first obstacle found walking left (or,
    with the left cell taken, straight ahead), until it has passed both the end corner and the
    cell beside the live end and is back at its start; where the follower goes on in the
    direction it tried first (left of its last direction), the wall has a corner: closed when
    that direction points into the quarter's two axes' corner, open (clockwise / counter-
    clockwise) when it runs along one of them. Returns False when the walk does not close (the
    author's "Corner discovery error"; the rules then do nothing)."""
    n = board[1][M_N]
    for kind in range(3):
        for q in range(4):
            counts[kind, q] = 0
    if not taken_or_border(board, frame, 1, 0):
        live_x, live_y = 1, 0
        k = 2
        while not taken_or_border(board, frame, k, 0):
            k += 1
        cur = 0
        nx, ny = k - 1, 0
    elif not taken_or_border(board, frame, 0, 1):
        live_x, live_y = 0, 1
        k = 2
        while not taken_or_border(board, frame, 0, k):
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
        px, py = nx + STEP[d, 0], ny + STEP[d, 1]
        turns = 0
        while taken_or_border(board, frame, px, py):
            turns += 1
            if turns == 4:
                return False
            d = (d + 3) % 4
            px, py = nx + STEP[d, 0], ny + STEP[d, 1]
        if cur == d:
            for kind in range(3):
                row = _KINDS[d, kind]
                if row[3] <= nx <= row[4] and row[5] <= ny <= row[6]:
                    q = row[0]
                    if counts[kind, q] < out.shape[2]:
                        out[kind, q, counts[kind, q], 0] = _SIGN[q, 0] * (nx + row[1])
                        out[kind, q, counts[kind, q], 1] = _SIGN[q, 1] * (ny + row[2])
                        counts[kind, q] += 1
        cur = d
        nx, ny = px, py
        if corner(board, frame, nx, ny):
            corner_reached = True
        if nx == live_x and ny == live_y:
            live_reached = True
    return True


@njit(cache=True)
def corner_hits(board, frame, hits):
    """The corner lists of ``discover_corners`` for a rule that records its four frames' findings
    in ``hits`` (cleared here: ``hits[i, 0] = 0``): (ok, out, counts)."""
    out = np.zeros((3, 4, MAX_CORNERS, 2), dtype=np.int64)
    counts = np.zeros((3, 4), dtype=np.int64)
    for i in range(hits.shape[0]):
        hits[i, 0] = 0
    return discover_corners(board, frame, out, counts), out, counts


@njit(cache=True)
def frame_hit(frame, hits, i, left):
    """Frame i's finding of a rule's area helper (``hits[i]`` = hori, vert, black, white): the
    rule's frame (side i // 2, turned when i is odd: left when ``left``, else right), hori, vert
    and black - white (hori = 0: nothing found)."""
    view = rule_frame(frame, i // 2, i % 2, True if left else False)
    return view, hits[i, 0], hits[i, 1], hits[i, 2] - hits[i, 3]


@njit(cache=True)
def closed_corners(board, frame, out, counts):
    """The closed corners of ``discover_corners``: ``out[q, k]``, ``counts[q]``."""
    allc = np.zeros((3, 4, out.shape[1], 2), dtype=np.int64)
    allk = np.zeros((3, 4), dtype=np.int64)
    if not discover_corners(board, frame, allc, allk):
        for q in range(4):
            counts[q] = 0
        return False
    for q in range(4):
        counts[q] = allk[CLOSED, q]
        for k in range(allk[CLOSED, q]):
            out[q, k, 0] = allc[CLOSED, q, k, 0]
            out[q, k, 1] = allc[CLOSED, q, k, 1]
    return True


@njit(cache=True)
def corner_columns(board, frame, turned_quarter, beyond):
    """Per side (as is, mirrored) and frame (as is, turned: quarter ``turned_quarter`` of the
    side's row of ``QUARTERS``, coordinates swapped), the smallest column of the closed corners
    of the frame's quarter whose column lies ``beyond`` its row; n where there is none (or the
    corners cannot be read)."""
    n = board[1][M_N]
    dists = np.full((2, 2), n, dtype=np.int64)
    out = np.zeros((4, MAX_CORNERS, 2), dtype=np.int64)
    counts = np.zeros(4, dtype=np.int64)
    if not closed_corners(board, frame, out, counts):
        return dists
    for side in range(2):
        for j in range(2):
            q = QUARTERS[side, 0 if j == 0 else turned_quarter]
            dists[side, j] = nearest_corner(out, counts, q, j == 1, beyond, n)
    return dists


@njit(cache=True)
def nearest_corner(out, counts, q, swap, beyond, n):
    """The smallest column of the corners ``out[q, :counts[q]]`` (coordinates swapped when
    ``swap``) whose column lies ``beyond`` their row; n where there is none."""
    dist = n
    for k in range(counts[q]):
        c0, c1 = out[q, k, 0], out[q, k, 1]
        if swap:
            c0, c1 = c1, c0
        if c0 == c1 + beyond and c0 < dist:
            dist = c0
    return dist


@njit(cache=True)
def has_corner(out, counts, q, cx, cy):
    for k in range(counts[q]):
        if out[q, k, 0] == cx and out[q, k, 1] == cy:
            return True
    return False


@njit(cache=True)
def open_stair(out, counts, side, j, turned_quarter, offset, n):
    """The column of the furthest step of the open-corner stair ``offset`` beyond its rows in the
    side's quarter of frame j (as is: ahead-left; turned: quarter ``turned_quarter`` of the side's
    row of ``QUARTERS``, coordinates swapped), clockwise corners on side 0 and counter-clockwise
    on side 1, starting from the nearest such corner; n if none."""
    kind = OPEN_CW if side == 0 else OPEN_CCW
    q = QUARTERS[side, 0 if j == 0 else turned_quarter]
    dist = nearest_corner(out[kind], counts[kind], q, j == 1, offset, n)
    while dist < n and has_corner(out[kind], counts[kind], q, dist + 1 - (offset if j == 1 else 0),
                                   dist + 1 - (offset if j == 0 else 0)):
        dist += 1
    return dist


@njit(cache=True)
def stair_corners(board, frame, hits, kind, turned_quarter, beyond):
    """Per frame i (side i // 2, turned when i is odd; ``hits`` cleared as by ``corner_hits``):
    for ``kind`` CLOSED the row of the nearest closed corner of the frame's quarter (as is:
    ahead-left; turned: quarter ``turned_quarter`` of the side's row of ``QUARTERS``, coordinates
    swapped as is) whose row lies ``beyond`` its column, for an open kind the furthest step of the
    open-corner stair (``open_stair``); n where there is none or the corners cannot be read."""
    n = board[1][M_N]
    dists = np.full(4, n, dtype=np.int64)
    ok, out, counts = corner_hits(board, frame, hits)
    if not ok:
        return dists
    for i in range(4):
        side, j = i // 2, i % 2
        if kind == CLOSED:
            q = QUARTERS[side, 0 if j == 0 else turned_quarter]
            dists[i] = nearest_corner(out[CLOSED], counts[CLOSED], q, j == 0, beyond, n)
        else:
            dists[i] = open_stair(out, counts, side, j, turned_quarter, beyond, n)
    return dists
