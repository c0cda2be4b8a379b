"""The labyrinth author's universal rules, part 2: movement near the border and the area near the
border (port of ``../shared/reference/hamiltonian.md`` 3.4 "Edge movement (CheckNearBorder)" and
"Area near the border (CheckAreaNearBorder)"; seed: "Movement near the edge: In the example, we
cannot step left (3,5), since the (2,5) field is empty" and "When we are two distance away from
the edge, we need to check if stepping towards it is possible. It is because if we do so, an
enclosed area is created, with one way to go out of it. If that area has an impair amount of
cells, it cannot be filled").

Both work in absolute coordinates (x = column, y = row, 1-based) with ``leftField``,
``rightField`` and ``straightField`` of the live end. The border is not symmetric: the start
corner (1,1) closes every area between the line and the top or left edge (and between the line and
the top of the right edge or the left of the bottom edge), while the end corner keeps the others
open.

Decisions: the spec gives one of the eight area-near-border cases (heading west at x = 3, the
strip above); the other three straight-on cases are its images on the other edges, each with the
strip on the side of the start-corner (top edge: left strip; right edge: upper strip; bottom
edge: left strip), forbidding straight and the side away from the strip. The four sideways cases
(walking along the edge at distance 3, the step towards the edge) count the same strip and forbid
only that step, with the spec's extra conditions (the straight cell, the edge cell beside the
walker and the cell two ahead next to the edge not taken, at least 4 from the start-side edge).
The first case whose position and not-taken conditions hold is the only one evaluated.
"""

from __future__ import annotations

import numpy as np

from .area import AREA_OK, count_area, in_area
from .near_field import AREA_NEAR_BORDER, NEAR_BORDER
from .walker import EMPTY, M_N, at, forbid_cell, njit


@njit(cache=True)
def _taken(board, x, y):
    return at(board, x, y) >= 0


@njit(cache=True)
def check_near_border(board, frame, forbidden):
    """CheckNearBorder, cases (a), (b), (c) of the spec, in that order (each an if/else-if)."""
    n = board[1][M_N]
    x, y, sx, sy, lx, ly = frame
    left_x, left_y = x + lx, y + ly
    right_x, right_y = x - lx, y - ly
    # (a) going up along column 2 / going left along row 2: the edge strip behind the side cell
    if x == 2 and left_x == 1 and not _taken(board, left_x, left_y) and not _taken(board, 1, y - 1):
        forbid_cell(forbidden, x, y, left_x, left_y, NEAR_BORDER)
    elif y == 2 and right_y == 1 and not _taken(board, right_x, right_y) \
            and not _taken(board, x - 1, 1):
        forbid_cell(forbidden, x, y, right_x, right_y, NEAR_BORDER)
    # (b) going left along row n-1 / going up along column n-1
    if y == n - 1 and left_y == n and not _taken(board, left_x, left_y) \
            and at(board, x - 1, y + 1) == EMPTY:
        forbid_cell(forbidden, x, y, left_x, left_y, NEAR_BORDER)
    elif x == n - 1 and right_x == n and not _taken(board, right_x, right_y) \
            and at(board, x + 1, y - 1) == EMPTY:
        forbid_cell(forbidden, x, y, right_x, right_y, NEAR_BORDER)
    # (c) heading at the edge, the straight cell on the edge line
    if x + 2 * sx == 0:
        _heading_at_edge(board, forbidden, frame, left_x, left_y, x - 1, y - 1, True)
    elif x + 2 * sx == n + 1:
        _heading_at_edge(board, forbidden, frame, right_x, right_y, x + 1, y - 1, y != 1)
    elif y + 2 * sy == 0:
        _heading_at_edge(board, forbidden, frame, right_x, right_y, x - 1, y - 1, True)
    elif y + 2 * sy == n + 1:
        _heading_at_edge(board, forbidden, frame, left_x, left_y, x - 1, y + 1, x != 1)


@njit(cache=True)
def _heading_at_edge(board, forbidden, frame, side_x, side_y, gate_x, gate_y, straight_too):
    """Case (c): forbid the side cell (side_x, side_y); and the straight one as well when
    ``straight_too`` and the diagonal cell (gate_x, gate_y) is not taken."""
    x, y, sx, sy = frame[0], frame[1], frame[2], frame[3]
    forbid_cell(forbidden, x, y, side_x, side_y, NEAR_BORDER)
    if straight_too and not _taken(board, gate_x, gate_y):
        forbid_cell(forbidden, x, y, x + sx, y + sy, NEAR_BORDER)


@njit(cache=True)
def _strip_odd(board, x0, y0, ax, ay, bx, by, ox, oy, px_, py_):
    """CountArea(start=(ax,ay), end=(bx,by), type 1) of the strip beyond the two adjacent gate
    cells, whose outside neighbours are (ox,oy) and (px_,py_): True if enclosed and odd."""
    seeds = np.array([[ax, ay], [bx, by]], dtype=np.int64)
    blocked = np.array([[ox, oy], [px_, py_]], dtype=np.int64)
    status, size, _, _ = count_area(board, seeds, blocked, seeds, (x0 + y0) % 2)
    return status == AREA_OK and size % 2 == 1


@njit(cache=True)
def _forbid_outside(board, forbidden, x0, y0, x, y, rule):
    """Forbid the step away from the strip -- unless the strip wraps round to that cell, when the
    step would enter it now (decision, see ``near_field._outside``)."""
    if not in_area(board, x, y):
        forbid_cell(forbidden, x0, y0, x, y, rule)


@njit(cache=True)
def check_area_near_border(board, frame, forbidden):
    """CheckAreaNearBorder: the parity of the strip between the line and the edge, two cells from
    the edge; the first case whose conditions hold decides. Returns True if a case matched."""
    n = board[1][M_N]
    x, y, sx, sy, lx, ly = frame
    r = AREA_NEAR_BORDER
    t = _taken
    # straight on: heading at the edge from distance 3
    if x == 3 and sx == -1 and not t(board, 2, y) and not t(board, 3, y - 1) and not t(board, 1, y):
        if _strip_odd(board, x, y, 2, y - 1, 1, y - 1, 2, y, 1, y):  # strip above, left edge
            forbid_cell(forbidden, x, y, 2, y, r)
            _forbid_outside(board, forbidden, x, y, x + lx, y + ly, r)
        return True
    if y == 3 and sy == -1 and not t(board, x, 2) and not t(board, x - 1, 3) and not t(board, x, 1):
        if _strip_odd(board, x, y, x - 1, 2, x - 1, 1, x, 2, x, 1):  # strip left, top edge
            forbid_cell(forbidden, x, y, x, 2, r)
            _forbid_outside(board, forbidden, x, y, x - lx, y - ly, r)
        return True
    if x == n - 2 and sx == 1 and not t(board, n - 1, y) and not t(board, x, y - 1) \
            and not t(board, n, y):
        if _strip_odd(board, x, y, n - 1, y - 1, n, y - 1, n - 1, y, n, y):  # strip above, right
            forbid_cell(forbidden, x, y, n - 1, y, r)
            _forbid_outside(board, forbidden, x, y, x - lx, y - ly, r)
        return True
    if y == n - 2 and sy == 1 and not t(board, x, n - 1) and not t(board, x - 1, y) \
            and not t(board, x, n):
        if _strip_odd(board, x, y, x - 1, n - 1, x - 1, n, x, n - 1, x, n):  # strip left, bottom
            forbid_cell(forbidden, x, y, x, n - 1, r)
            _forbid_outside(board, forbidden, x, y, x + lx, y + ly, r)
        return True
    # sideways: along the edge at distance 3, the step towards it
    if x == 3 and sy == -1 and y >= 4 and not t(board, 2, y) and not t(board, 3, y - 1) \
            and not t(board, 1, y) and not t(board, 2, y - 2):
        if _strip_odd(board, x, y, 2, y - 1, 1, y - 1, 2, y, 1, y):
            forbid_cell(forbidden, x, y, 2, y, r)
        return True
    if y == 3 and sx == -1 and x >= 4 and not t(board, x, 2) and not t(board, x - 1, 3) \
            and not t(board, x, 1) and not t(board, x - 2, 2):
        if _strip_odd(board, x, y, x - 1, 2, x - 1, 1, x, 2, x, 1):
            forbid_cell(forbidden, x, y, x, 2, r)
        return True
    if x == n - 2 and sy == -1 and y >= 4 and not t(board, n - 1, y) and not t(board, x, y - 1) \
            and not t(board, n, y) and not t(board, n - 1, y - 2):
        if _strip_odd(board, x, y, n - 1, y - 1, n, y - 1, n - 1, y, n, y):
            forbid_cell(forbidden, x, y, n - 1, y, r)
        return True
    if y == n - 2 and sx == -1 and x >= 4 and not t(board, x, n - 1) and not t(board, x - 1, y) \
            and not t(board, x, n) and not t(board, x - 2, n - 1):
        if _strip_odd(board, x, y, x - 1, n - 1, x - 1, n, x, n - 1, x, n):
            forbid_cell(forbidden, x, y, x, n - 1, r)
        return True
    return False
