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
* ``discover_corners`` -- his ``CornerDiscoveryAll``: the wall of the area the live end is in,
  followed with the wall on the left from the first obstacle to the left (or ahead), each corner
  of that wall -- closed (inside) or open (outside, clockwise / counter-clockwise) -- recorded in
  the quarter of the frame it lies in, in that quarter's own (left, straight) coordinates
  (``closed_corners``: the closed ones).
* ``check_corner`` (his ``CheckCorner``) and ``stair_area`` / ``gate_area`` (his ``CountAreaRel``
  behind a stair-shaped gate), shared with ``stairs_convex`` and ``stairs_start``.
"""

from __future__ import annotations

import numpy as np

from .area import AREA_OK, count_area
from .walker import (
    BACK,
    M_N,
    OFF,
    B,
    L,
    R,
    S,
    T,
    border_index,
    corner,
    idx,
    njit,
    rel,
    rule_frame,
)

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
def near_small(board, f, x, y, side, rotation, small, mode):
    """``CheckNearFieldSmallRel(x, y, side, rotation, smallArea)``: in the local frame at (x, y),
    a C-shape on the left (the cell two to the left taken or border, the one between empty), a
    close mid-across (local (1, 2) taken, (0, 2) and (1, 1) empty) or a close across obstacle
    ((2, 2) taken, (1, 2) and (2, 1) empty), its line running so that it closes the small area
    (``small``) or the big one. The direction test reads the obstacle's neighbour as the author
    does (the mid-across and across tests compare with the cell one further left, -1 when it is
    not taken). ``mode``: 2 = all three (``CheckNearFieldSmallRel``), 1 = mid-across and across
    (``...Rel1``), 0 = mid-across only (``...Rel0``)."""
    a, b = _loc(x, y, side, rotation, 2, 0)
    c, d = _loc(x, y, side, rotation, 1, 0)
    if mode == 2 and (T(board, f, a, b) or B(board, f, a, b)) and not T(board, f, c, d):
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
    if mode >= 1 and T(board, f, a, b) and not T(board, f, c, d) and not T(board, f, e, g):
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
def discover_corners(board, f, out, counts):
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
        if corner(board, f, nx, ny):
            corner_reached = True
        if nx == live_x and ny == live_y:
            live_reached = True
    return True


@njit(cache=True)
def corner_hits(board, f, hits):
    """The corner lists of ``discover_corners`` for a rule that records its four frames' findings
    in ``hits`` (cleared here: ``hits[i, 0] = 0``): (ok, out, counts)."""
    out = np.zeros((3, 4, MAX_CORNERS, 2), dtype=np.int64)
    counts = np.zeros((3, 4), dtype=np.int64)
    for i in range(hits.shape[0]):
        hits[i, 0] = 0
    return discover_corners(board, f, out, counts), out, counts


@njit(cache=True)
def frame_hit(f, hits, i, left):
    """Frame i's finding of a rule's area helper (``hits[i]`` = hori, vert, black, white): the
    rule's frame (side i // 2, turned when i is odd: left when ``left``, else right), hori, vert
    and black - white (hori = 0: nothing found)."""
    h = rule_frame(f, i // 2, i % 2, True if left else False)
    return h, hits[i, 0], hits[i, 1], hits[i, 2] - hits[i, 3]


@njit(cache=True)
def closed_corners(board, f, out, counts):
    """The closed corners of ``discover_corners``: ``out[q, k]``, ``counts[q]``."""
    allc = np.zeros((3, 4, out.shape[1], 2), dtype=np.int64)
    allk = np.zeros((3, 4), dtype=np.int64)
    if not discover_corners(board, f, allc, allk):
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
def _stair_row_empty(board, h, k0, end, row, shift):
    """Whether the stair (k, k + shift), k0 <= k < ``row``, and then the row ``row`` up to
    column ``end`` are all empty."""
    for k in range(k0, end):
        if T(board, h, k, k + shift if k < row else row):
            return False
    return True


@njit(cache=True)
def _corner_columns(board, f, turned_quarter, beyond):
    """Per side (as is, mirrored) and frame (as is, turned: quarter ``turned_quarter`` of the
    side's row of ``_QUARTERS``, coordinates swapped), the smallest column of the closed corners
    of the frame's quarter whose column lies ``beyond`` its row; n where there is none (or the
    corners cannot be read)."""
    n = board[1][M_N]
    dists = np.full((2, 2), n, dtype=np.int64)
    out = np.zeros((4, MAX_CORNERS, 2), dtype=np.int64)
    counts = np.zeros(4, dtype=np.int64)
    if not closed_corners(board, f, out, counts):
        return dists
    for side in range(2):
        for j in range(2):
            q = _QUARTERS[side, 0 if j == 0 else turned_quarter]
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
        for j in range(2):
            h = rule_frame(f, side, j, False)
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
            fired = near_small(board, h, 2, 2, 0, 2, False, 2) and near_small(board, h, 3, 1, 1, 3, True, 2)
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
        for j in range(2):
            h = rule_frame(f, side, j, False)
            if not (T(board, h, 5, 1) and T(board, h, 4, 2) and not T(board, h, 4, 1)):
                continue
            if idx(board, h, 4, 2) <= idx(board, h, 5, 2):
                continue
            if T(board, h, 1, -1) and T(board, h, 2, -2) and not T(board, h, 1, 0) \
                    and not T(board, h, 2, -1) and not T(board, h, 3, -2) \
                    and near_small(board, h, 3, -1, 0, 1, True, 2):
                S(fb, h, DOUBLE_STAIR_REVERSED)
                if j == 0:
                    R(fb, h, DOUBLE_STAIR_REVERSED)


# ---------------------------------------------------------------- corners at any distance

STAIR_END_CONCAVE_STRAIGHT_3, STAIR_END_CONCAVE_STRAIGHT_4 = 28, 29
STAIR_END_CONCAVE_STRAIGHT_5, STAIR_END_CONCAVE_STRAIGHT_6 = 30, 31
STAIR_END_CONCAVE_OUT_5 = 32


@njit(cache=True)
def _take(board, f, a, b, k):
    """Take rel(a, b) for the moment as the walk's k-th next cell (the author adds it to his path
    and removes it again); an already taken cell keeps its index, a border cell stays border.
    Returns the old value for ``_untake``."""
    x, y = rel(f, a, b)
    old = board[0][y + OFF, x + OFF]
    if old == -1:
        board[0][y + OFF, x + OFF] = board[1][1] + k
    return old


@njit(cache=True)
def _untake(board, f, a, b, old):
    x, y = rel(f, a, b)
    board[0][y + OFF, x + OFF] = old


@njit(cache=True)
def _frame2(f, a, b, side, rotation):
    """The author's secondary frame of ``CheckCorner``: at rel(a, b), mirrored (side 1) and turned
    (rotation 0 = as is, 1 = small area, 2 = big area, 3 = turned round)."""
    x, y = rel(f, a, b)
    sx, sy, lx, ly = f[2], f[3], f[4], f[5]
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
def stair_area(board, h, gate_rel, m, outside_a, outside_b):
    """Count the area behind the stair-shaped gate ``gate_rel[:m]`` (frame cells, the author's
    start field, border fields and end field): flood from the gate, blocking each gate cell's
    neighbours on the other side -- offsets (outside_a, 0) and (0, outside_b) -- that are not gate
    cells themselves. Black = the colour of the gate's first cell. Returns (ok, black, white);
    not ok when the area is not closed as drawn (``count_area``: leak or the end corner in it)."""
    return gate_area(board, h, gate_rel, m, outside_a, outside_b, np.empty((0, 2), dtype=np.int64), False)


@njit(cache=True)
def gate_area(board, h, gate_rel, m, outside_a, outside_b, extra_rel, open_end):
    """``stair_area`` with the frame cells ``extra_rel`` blocked too, and -- ``open_end`` -- the
    gate's last cell's neighbour at (outside_a, 0) left open: where the gate's end only touches an
    open corner diagonally, the cell beside the end closes the area (``extra_rel``) or, the area
    lying on the corner's side, belongs to it (``open_end``)."""
    gate = np.empty((m, 2), dtype=np.int64)
    blocked = np.empty((2 * m + extra_rel.shape[0], 2), dtype=np.int64)
    for k in range(m):
        gate[k, 0], gate[k, 1] = rel(h, gate_rel[k, 0], gate_rel[k, 1])
    nb = 0
    for k in range(m):
        for t in range(2):
            if open_end and k == m - 1 and t == 0:
                continue
            a = gate_rel[k, 0] + (outside_a if t == 0 else 0)
            b = gate_rel[k, 1] + (0 if t == 0 else outside_b)
            listed = False
            for i in range(m):
                if gate_rel[i, 0] == a and gate_rel[i, 1] == b:
                    listed = True
            if not listed:
                blocked[nb, 0], blocked[nb, 1] = rel(h, a, b)
                nb += 1
    for k in range(extra_rel.shape[0]):
        blocked[nb, 0], blocked[nb, 1] = rel(h, extra_rel[k, 0], extra_rel[k, 1])
        nb += 1
    status, _, black, white = count_area(board, gate, blocked[:nb], gate, (gate[0, 0] + gate[0, 1]) % 2)
    return status == AREA_OK, black, white


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
def _corner_gate(board, g, hori, vert, out):
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
def check_corner(board, f, a, b, side, rotation, small, k0):
    """The author's ``CheckCorner(left, straight, side, rotation, ..., smallArea)``: with the walk
    standing for the moment on rel(a, b) of frame f, in the secondary frame there (``_frame2``),
    follow the wall ahead-left from the first obstacle of row 1; at each closed corner (hori,
    vert) whose line closes the small (or big) area: a close mid-across (1, 2) or across (2, 2)
    corner means True at once; a farther one (hori > 1) closes an area under it with the stair
    from (1, 1) to (hori - 1, vert - 1) -- if its colour balance is outside what entering it later
    allows (``_corner_tables``), True. The caller forbids the move that leaves that area to be
    entered later. ``k0``: how many cells the caller has already taken for the moment."""
    n = board[1][M_N]
    old = _take(board, f, a, b, k0)
    g = _frame2(f, a, b, side, rotation)
    found = False
    hs = 1
    while not _blocked(board, g, hs, 1) and hs <= n + 1:
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
            px, py = nx + _STEP[d, 0], ny + _STEP[d, 1]
            turns = 0
            while _blocked(board, g, px, py) and turns < 4:
                turns += 1
                d = (d + 3) % 4
                px, py = nx + _STEP[d, 0], ny + _STEP[d, 1]
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
                        m = _corner_gate(board, g, hori, vert, gate)
                        if m > 0:
                            ok, black, white = stair_area(board, g, gate, m, -1, 1)
                            later_w, later_b = _corner_tables(hori, vert)
                            if ok and not (-later_b <= white - black <= later_w):
                                found = True
                                break
            cur = d
            nx, ny = px, py
    _untake(board, f, a, b, old)
    return found


@njit(cache=True)
def _row_obstacle(board, h, offset):
    """The scan of the author's "stair at end concave straight" rules: rows 1, 2, ... ahead, each
    empty from column 1 to its first obstacle; a row whose first obstacle lies more than
    ``offset`` columns beyond it goes on to the next row, exactly ``offset`` beyond it is found.
    Returns (hori, vert) of the obstacle, or (0, 0)."""
    n = board[1][M_N]
    hori, vert = 1, 1
    while not _blocked(board, h, hori, vert) and vert <= n:
        while not _blocked(board, h, hori, vert):
            hori += 1
        if hori == vert + offset:
            return hori, vert
        if hori < vert + offset:
            return 0, 0
        vert += 1
        hori = 1
    return 0, 0


@njit(cache=True)
def _runs_ahead(board, h, hori, vert):
    """The obstacle's line runs on ahead through it (from (hori, vert - 1) or into (hori, vert +
    1)); a border obstacle: the border index falls ahead."""
    i1 = idx(board, h, hori, vert)
    if i1 == -1:
        return border_index(board, h, hori, vert - 1) > border_index(board, h, hori, vert + 1)
    i2 = idx(board, h, hori, vert + 1)
    i3 = idx(board, h, hori, vert - 1)
    return (i2 != -1 and i2 > i1) or (i3 != -1 and i1 > i3)


@njit(cache=True)
def _row_gate(a0, vert, kmax, out):
    """The gate from (a0, 1): a stair up and left (up first) to row ``vert``, then along that row
    to (kmax + 1, vert). Returns how many cells."""
    m = 0
    out[m, 0], out[m, 1] = a0, 1
    m += 1
    for k in range(a0, kmax + 1):
        if k == a0 and vert >= 2:
            out[m, 0], out[m, 1] = a0, 2
            m += 1
        elif k < a0 + vert - 1:
            out[m, 0], out[m, 1] = k, k + 1 - a0
            out[m + 1, 0], out[m + 1, 1] = k, k + 2 - a0
            m += 2
        elif vert > 1:
            out[m, 0], out[m, 1] = k, vert
            m += 1
        elif k > a0:
            out[m, 0], out[m, 1] = k, 1
            m += 1
    out[m, 0], out[m, 1] = kmax + 1, vert
    return m + 1


@njit(cache=True)
def _inner_taken(board, h, gate, m):
    """One of the gate's border fields (all but its first and last cell) is taken."""
    for k in range(1, m - 1):
        if T(board, h, gate[k, 0], gate[k, 1]):
            return True
    return False


@njit(cache=True)
def _concave_straight(board, h, offset, check_taken):
    """The area of the "stair at end concave straight" rules at distance ``offset``: the obstacle
    found by ``_row_obstacle``, its line running ahead, the gate ``_row_gate`` from (1, 1) to it
    (its border fields empty when ``check_taken``), the area ahead of the gate counted (black =
    the colour of (1, 1)). Returns (found, vert, black, white)."""
    hori, vert = _row_obstacle(board, h, offset)
    if hori == 0 or not _runs_ahead(board, h, hori, vert):
        return False, 0, 0, 0
    gate = np.empty((4 * board[1][M_N] + 8, 2), dtype=np.int64)
    m = _row_gate(1, vert, hori - 2, gate)
    if check_taken and _inner_taken(board, h, gate, m):
        return False, 0, 0, 0
    ok, black, white = stair_area(board, h, gate, m, 1, -1)
    return ok, vert, black, white


@njit(cache=True)
def check_stair_at_end_concave_straight_3(board, f, fb):
    """``StairAtEndConcaveStraight3`` (the author's examples 2024_0619, 2025_0527, 2025_0527_1,
    2026_0302_4, 2026_0302_5: a mid-across obstacle; 2024_0717_2: across): per side, as is and
    turned left, the obstacle exactly 3 beyond its row (no stair needed), the area ahead of the
    gate one white cell up; with the straight cell taken for the moment, ``check_corner`` from
    there (mirrored) finds an area that cannot be entered later: forbid straight."""
    for i in range(4):
        h = rule_frame(f, i // 2, i % 2, True)
        ok, vert, black, white = _concave_straight(board, h, 3, False)
        if not (ok and white - black == 1):
            continue
        old = _take(board, h, 0, 1, 0)
        fired = check_corner(board, h, 0, 1, 1, 0, True, 1)
        _untake(board, h, 0, 1, old)
        if fired:
            S(fb, h, STAIR_END_CONCAVE_STRAIGHT_3)


@njit(cache=True)
def check_stair_at_end_concave_straight_4(board, f, fb):
    """``StairAtEndConcaveStraight4`` (the author's examples 2024_0717_2, 2025_0522_1): per side,
    as is and turned left, the nearest closed corner of the quarter ahead-left whose column lies
    3 beyond its row, at (vert + 3, vert), the cells (k, k + 1) below its row and its row up to it
    empty, its line running on to the left; the gate from (0, 1) -- a stair up and left, then
    along the row -- empty; the area ahead of it holding ``vert`` more white cells than black
    (black = the colour that (0, 1) is not) and a close mid-across or across obstacle closing the
    small area at (vert - 1, vert), mirrored: forbid straight."""
    n = board[1][M_N]
    dists = _corner_columns(board, f, 3, 3)
    for i in range(4):
        h = rule_frame(f, i // 2, i % 2, True)
        dist = dists[i // 2, i % 2]
        if dist >= n:
            continue
        hori, vert = dist, dist - 3
        empty = _stair_row_empty(board, h, 0, dist, vert, 1)
        if not empty or idx(board, h, hori, vert) <= idx(board, h, hori + 1, vert):
            continue
        gate = np.empty((4 * n + 8, 2), dtype=np.int64)
        m = _row_gate(0, vert, hori - 2, gate)
        if _inner_taken(board, h, gate, m):
            continue
        ok, first, other = stair_area(board, h, gate, m, 1, -1)
        black, white = other, first  # the author's type 3: black is the other colour
        if ok and white - black == vert and near_small(board, h, vert - 1, vert, 1, 0, True, 1):
            S(fb, h, STAIR_END_CONCAVE_STRAIGHT_4)


@njit(cache=True)
def check_stair_at_end_concave_straight_5(board, f, fb):
    """``StairAtEndConcaveStraight5`` (the author's examples 2024_0618, 2024_0717_1, 2025_0525,
    2026_0304_4: the obstacle is a closed corner; 2024_0818, 2025_0720, 2026_0301, 2026_0302_1,
    2026_0304_7: a straight wall -- "the second obstacle is inside and seen at the first white
    field where we enter the area if we should enter it later"). Per side, as is and turned
    right: the obstacle exactly 5 beyond its row (``_row_obstacle``: each row before it empty for
    more than 5 beyond), its line running on ahead (or, a border, the border running back). The
    gate: a stair from (1, 1) up and left to row ``vert``, then along that row to the obstacle,
    its border fields empty; the area ahead of it holding one more white cell than black (black
    = the colour of (1, 1)). With the stair (k + 1, k), k < vert, taken for the moment (the walk
    along it), if ``check_corner`` at (vert + 1, vert), mirrored, finds an area there that cannot
    be entered later: forbid left and back of the frame."""
    for i in range(4):
        h = rule_frame(f, i // 2, i % 2, False)
        ok, vert, black, white = _concave_straight(board, h, 5, True)
        if not (ok and white - black == 1):
            continue
        olds = np.empty(vert, dtype=np.int64)
        for k in range(vert):
            olds[k] = _take(board, h, k + 1, k, k)
        fired = check_corner(board, h, vert + 1, vert, 1, 0, True, vert)
        for k in range(vert - 1, -1, -1):
            _untake(board, h, k + 1, k, olds[k])
        if fired:
            L(fb, h, STAIR_END_CONCAVE_STRAIGHT_5)
            BACK(fb, h, STAIR_END_CONCAVE_STRAIGHT_5)


@njit(cache=True)
def check_stair_at_end_concave_straight_6(board, f, fb):
    """``StairAtEndConcaveStraight6`` (the author's example 2026_0302): per side, as is and turned
    right, the obstacle exactly 6 beyond its row, the area ahead of the gate holding ``vert`` more
    black cells than white and a close mid-across obstacle closing the small area at (vert + 2,
    vert), mirrored; with (vert + 1, vert + 1) and (vert + 1, vert) taken for the moment,
    ``check_corner`` at (vert + 1, vert), mirrored and turned round, finds an area that cannot
    be entered later: forbid straight."""
    for i in range(4):
        h = rule_frame(f, i // 2, i % 2, False)
        ok, vert, black, white = _concave_straight(board, h, 6, True)
        if not (ok and black - white == vert and near_small(board, h, vert + 2, vert, 1, 0, True, 0)):
            continue
        old1 = _take(board, h, vert + 1, vert + 1, 0)
        old2 = _take(board, h, vert + 1, vert, 1)
        fired = check_corner(board, h, vert + 1, vert, 1, 3, True, 2)
        _untake(board, h, vert + 1, vert, old2)
        _untake(board, h, vert + 1, vert + 1, old1)
        if fired:
            S(fb, h, STAIR_END_CONCAVE_STRAIGHT_6)


@njit(cache=True)
def check_stair_at_end_concave_out_5(board, f, fb):
    """``StairAtEndConcaveOut5`` (the author's examples 2024_0817: a mid-across start obstacle
    inside, 2026_0408: across; 2026_0304_2, 2026_0304_6: the end obstacle outside): per side, as
    is and turned right, the nearest closed corner of the quarter ahead-left whose column lies 4
    beyond its row, at (vert + 4, vert) with vert >= 2, its line running on ahead from it, the
    diagonal below and the row under it empty; the gate from (1, 1) -- a stair up and left to row
    vert - 1, then along it to (vert + 3, vert - 1) -- and the area ahead of it holding one more
    white cell than black (black = the colour of (1, 1)), with a close mid-across obstacle closing
    the small area at the gate's end (turned round, mirrored) or a close mid-across / across one
    at (vert, vert - 1) (mirrored): forbid left and back."""
    n = board[1][M_N]
    dists = _corner_columns(board, f, 1, 4)
    for i in range(4):
        h = rule_frame(f, i // 2, i % 2, False)
        dist = dists[i // 2, i % 2]
        if dist < 6 or dist >= n:
            continue
        empty = _stair_row_empty(board, h, 1, dist, dist - 5, 0)
        hori, vert = dist, dist - 4
        if not empty or idx(board, h, hori, vert + 1) <= idx(board, h, hori, vert):
            continue
        gate = np.empty((4 * n + 8, 2), dtype=np.int64)
        m = _row_gate(1, vert - 1, hori - 2, gate)
        ok, black, white = stair_area(board, h, gate, m, 1, -1)
        if ok and white == black + 1 and (near_small(board, h, hori - 1, vert - 1, 1, 3, True, 0)
                                          or near_small(board, h, hori - 4, vert - 1, 1, 0, True, 1)):
            L(fb, h, STAIR_END_CONCAVE_OUT_5)
            BACK(fb, h, STAIR_END_CONCAVE_OUT_5)
