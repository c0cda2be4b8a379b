"""The author's stair-shaped gates and the areas behind them (his ``CountAreaRel`` with border
fields), the near-field test at a distance (``CheckNearFieldSmallRel``) and the moves a stair rule
forbids; shared by the ``large`` rules.

Facts read from the author's ``Path.cs`` (``fodorbalint/OneWayLabyrinth``, no licence: no code
taken), written in this port's frame terms (``walker``: ``rel(a, b)`` at left offset a, straight
offset b). His areas are walls walked from a start field along the given border fields to an end
field; here they are flooded from the gate cells (``stair_area``), blocking each gate cell's
neighbours on the other side; an area that leaks past the gate or holds the end corner cancels the
rule.
"""

from __future__ import annotations

import numpy as np

from ..area import AREA_OK, count_area
from ..walker import (
    BACK,
    M_N,
    OFF,
    B,
    L,
    R,
    S,
    T,
    border_index,
    idx,
    njit,
    rel,
)
from .corners import taken_or_border

# the four local frames of near_small, per side: (left vector, straight vector) in the caller's
# (left, straight) coordinates; rotation 0 = as is, 1 = "small area" (turned down), 2 = "big
# area" (turned up), 3 = big area to the right and down
_LOCAL = np.array([
    [[1, 0, 0, 1], [0, -1, 1, 0], [0, 1, -1, 0], [-1, 0, 0, -1]],
    [[-1, 0, 0, 1], [0, -1, -1, 0], [0, 1, 1, 0], [1, 0, 0, -1]],
], dtype=np.int64)
# quarters examined per side (0 = as is, 1 = mirrored) and rotation (0 = as is, 1 = turned right)


@njit(cache=True)
def _loc(x, y, side, rotation, a, b):
    """The caller-frame offsets of local cell (a, b) at (x, y)."""
    v = _LOCAL[side, rotation]
    return x + a * v[0] + b * v[2], y + a * v[1] + b * v[3]


@njit(cache=True)
def near_small(board, frame, x, y, side, rotation, small, mode):
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
    if mode == 2 and (T(board, frame, a, b) or B(board, frame, a, b)) and not T(board, frame, c, d):
        e, g = _loc(x, y, side, rotation, 2, -1)
        if T(board, frame, a, b):
            i1 = idx(board, frame, a, b)
            i2 = idx(board, frame, e, g)
            if i2 != -1:
                if (small and i2 > i1) or (not small and i1 > i2):
                    return True
            else:
                e, g = _loc(x, y, side, rotation, 2, 1)
                i2 = idx(board, frame, e, g)
                if (small and i1 > i2) or (not small and i2 > i1):
                    return True
        else:
            i1 = border_index(board, frame, a, b)
            i2 = border_index(board, frame, e, g)
            if (small and i1 > i2) or (not small and i2 > i1):
                return True
    a, b = _loc(x, y, side, rotation, 1, 2)
    c, d = _loc(x, y, side, rotation, 0, 2)
    e, g = _loc(x, y, side, rotation, 1, 1)
    if T(board, frame, a, b) and not T(board, frame, c, d) and not T(board, frame, e, g):
        i1 = idx(board, frame, a, b)
        p, q = _loc(x, y, side, rotation, 2, 2)
        i2 = idx(board, frame, p, q)
        if (small and i2 > i1) or (not small and i2 < i1):
            return True
    a, b = _loc(x, y, side, rotation, 2, 2)
    c, d = _loc(x, y, side, rotation, 1, 2)
    e, g = _loc(x, y, side, rotation, 2, 1)
    if mode >= 1 and T(board, frame, a, b) and not T(board, frame, c, d) and not T(board, frame, e, g):
        i1 = idx(board, frame, a, b)
        p, q = _loc(x, y, side, rotation, 3, 2)
        i2 = idx(board, frame, p, q)
        if (small and i2 > i1) or (not small and i2 < i1):
            return True
    return False


@njit(cache=True)
def take_cell(board, frame, a, b, k):
    """Take rel(a, b) for the moment as the walk's k-th next cell (the author adds it to his path
    and removes it again); an already taken cell keeps its index, a border cell stays border.
    Returns the old value for ``untake_cell``."""
    x, y = rel(frame, a, b)
    old = board[0][y + OFF, x + OFF]
    if old == -1:
        board[0][y + OFF, x + OFF] = board[1][1] + k
    return old


@njit(cache=True)
def untake_cell(board, frame, a, b, old):
    x, y = rel(frame, a, b)
    board[0][y + OFF, x + OFF] = old


@njit(cache=True)
def stair_area(board, view, gate_rel, m, outside_a, outside_b):
    """Count the area behind the stair-shaped gate ``gate_rel[:m]`` (frame cells, the author's
    start field, border fields and end field): flood from the gate, blocking each gate cell's
    neighbours on the other side -- offsets (outside_a, 0) and (0, outside_b) -- that are not gate
    cells themselves. Black = the colour of the gate's first cell. Returns (ok, black, white);
    not ok when the area is not closed as drawn (``count_area``: leak or the end corner in it)."""
    return gate_area(board, view, gate_rel, m, outside_a, outside_b, np.empty((0, 2), dtype=np.int64), False)


@njit(cache=True)
def gate_area(board, view, gate_rel, m, outside_a, outside_b, extra_rel, open_end):
    """``stair_area`` with the frame cells ``extra_rel`` blocked too, and -- ``open_end`` -- the
    gate's last cell's neighbour at (outside_a, 0) left open: where the gate's end only touches an
    open corner diagonally, the cell beside the end closes the area (``extra_rel``) or, the area
    lying on the corner's side, belongs to it (``open_end``)."""
    gate = np.empty((m, 2), dtype=np.int64)
    blocked = np.empty((2 * m + extra_rel.shape[0], 2), dtype=np.int64)
    for k in range(m):
        gate[k, 0], gate[k, 1] = rel(view, gate_rel[k, 0], gate_rel[k, 1])
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
                blocked[nb, 0], blocked[nb, 1] = rel(view, a, b)
                nb += 1
    for k in range(extra_rel.shape[0]):
        blocked[nb, 0], blocked[nb, 1] = rel(view, extra_rel[k, 0], extra_rel[k, 1])
        nb += 1
    status, _, black, white = count_area(board, gate, blocked[:nb], gate, (gate[0, 0] + gate[0, 1]) % 2)
    return status == AREA_OK, black, white


@njit(cache=True)
def row_obstacle(board, view, offset):
    """The scan of the author's "stair at end concave straight" rules: rows 1, 2, ... ahead, each
    empty from column 1 to its first obstacle; a row whose first obstacle lies more than
    ``offset`` columns beyond it goes on to the next row, exactly ``offset`` beyond it is found.
    Returns (hori, vert) of the obstacle, or (0, 0)."""
    n = board[1][M_N]
    hori, vert = 1, 1
    while not taken_or_border(board, view, hori, vert) and vert <= n:
        while not taken_or_border(board, view, hori, vert):
            hori += 1
        if hori == vert + offset:
            return hori, vert
        if hori < vert + offset:
            return 0, 0
        vert += 1
        hori = 1
    return 0, 0


@njit(cache=True)
def runs_ahead(board, view, hori, vert):
    """The obstacle's line runs on ahead through it (from (hori, vert - 1) or into (hori, vert +
    1)); a border obstacle: the border index falls ahead."""
    i1 = idx(board, view, hori, vert)
    if i1 == -1:
        return border_index(board, view, hori, vert - 1) > border_index(board, view, hori, vert + 1)
    i2 = idx(board, view, hori, vert + 1)
    i3 = idx(board, view, hori, vert - 1)
    return (i2 != -1 and i2 > i1) or (i3 != -1 and i1 > i3)


@njit(cache=True)
def row_gate(a0, vert, kmax, out):
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
def inner_taken(board, view, gate, m):
    """One of the gate's border fields (all but its first and last cell) is taken."""
    for k in range(1, m - 1):
        if T(board, view, gate[k, 0], gate[k, 1]):
            return True
    return False


@njit(cache=True)
def forbid_now(forbidden, view, turned, rule):
    """The area cannot be entered now: forbid left (and back, in the turned frame)."""
    L(forbidden, view, rule)
    if turned:
        BACK(forbidden, view, rule)


@njit(cache=True)
def forbid_later(forbidden, view, turned, rule):
    """The area cannot be entered later: forbid straight (and right, in the frame as is)."""
    S(forbidden, view, rule)
    if not turned:
        R(forbidden, view, rule)


@njit(cache=True)
def diagonal_gate(gate, hori, last, row):
    """The gate from (1, 1): the diagonal stair (k, k - 1), (k, k) up to column ``last``, then
    the cells (k, ``row``) up to column hori - 2 (the caller adds the end field). Returns how
    many cells."""
    m = 0
    gate[m, 0], gate[m, 1] = 1, 1
    m += 1
    for k in range(2, hori - 1):
        if k <= last:
            gate[m, 0], gate[m, 1] = k, k - 1
            gate[m + 1, 0], gate[m + 1, 1] = k, k
            m += 2
        else:
            gate[m, 0], gate[m, 1] = k, row
            m += 1
    return m
