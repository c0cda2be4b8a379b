"""Two more clauses of the labyrinth author's newer ``CheckStraight`` and ``CheckLeftRightAreaUp``
that his control set lacks (``large`` groups ``straight-start-obstacle``, ``area-up-back``; the
other two of ``CheckStraight`` are ``imbalance.check_straight_later_down`` / ``..._now_newer``).

His newer engine (``Path.cs ApplyRules``: ``CheckStraight``, then ``CheckLeftRightAreaUp``, before
``CheckLeftRightCorner`` and the stairs; reference ``../shared/reference/hamiltonian.md`` 3.3
"Newer cascade") keeps the control set's area tables (``imbalance.check_straight_control``,
``area_tables.check_area_up_table``) with changes that forbid more; here: a ray of ``ex % 4 == 1``
cells with the most whites "enter now" allows and a close mid-across obstacle two ahead: not
straight ("% 4 = 1 start obstacle"); and where the small area behind the column beside cannot be
entered now in the frame turned right, that frame's step back too. Facts read from his
``Path.cs`` (``fodorbalint/OneWayLabyrinth``, no licence: no code taken), in this port's frame
terms (``walker``: ``rel(a, b)`` at left offset a, straight offset b).
"""

from __future__ import annotations

import numpy as np

from .area import AREA_OK, count_area
from .area_tables import area_up_range
from .imbalance import column_cells, straight_area
from .stairs.corners import MAX_CORNERS, QUARTERS, closed_corners
from .stairs.gates import near_small
from .walker import BACK, M_N, L, S, T, idx, mirror, njit, turn_right

STRAIGHT_START_OBSTACLE, AREA_UP_BACK = 59, 60


@njit(cache=True)
def check_straight_start_obstacle(board, frame, forbidden):
    """The newer ``CheckStraight``'s "% 4 = 1 start obstacle" (his example 2024_0715): in the frames
    as is and turned left, a ray of ``ex % 4 == 1`` cells whose area holds exactly the most whites
    entering now allows, (ex + 3) / 4, and a close mid-across obstacle at (0, 2) closing the big
    area in the frame turned down and mirrored (his ``CheckNearFieldSmallRel0(0, 2, 1, 1,
    false)``, ``gates.near_small``): forbid straight of the frame."""
    for side in range(2):
        for j in range(2):
            view, ex, diff = straight_area(board, frame, side, j, 5, 1)
            if ex > 0 and diff == (ex + 3) // 4 and near_small(board, view, 0, 2, 1, 1, False, 0):
                S(forbidden, view, STRAIGHT_START_OBSTACLE)


@njit(cache=True)
def check_area_up_back(board, frame, forbidden):
    """Per side (as is, mirrored), in the frame turned right: the nearest closed corner of the
    frame's quarter in the column beside, at (1, dist) with dist >= 3; the cells (0, k) and
    (1, k) below it empty; its line running on to the left (the small area: idx(2, dist) >
    idx(1, dist)); the area behind the gate (1, 1..dist - 1) (black = the colour of (1, 1))
    outside the control table's "enter now" range for ``ex = dist - 1``, and (1, 0) not taken
    (his ``AddForbidden`` succeeds): forbid left and back of that frame. The author's example
    states do not name this clause; it is his code's ``j == 1`` branch of "cannot enter now"."""
    n = board[1][M_N]
    out = np.zeros((4, MAX_CORNERS, 2), dtype=np.int64)
    counts = np.zeros(4, dtype=np.int64)
    if not closed_corners(board, frame, out, counts):
        return
    for side in range(2):
        view = turn_right(frame if side == 0 else mirror(frame))
        q = QUARTERS[side, 1]
        dist = n
        for k in range(counts[q]):
            if out[q, k, 1] == 1 and out[q, k, 0] < dist:  # turned: (straight, left) swapped
                dist = out[q, k, 0]
        if dist >= n or dist < 3:
            continue
        empty = True
        for k in range(1, dist):
            if T(board, view, 0, k) or T(board, view, 1, k):
                empty = False
        if not empty or idx(board, view, 2, dist) <= idx(board, view, 1, dist) or T(board, view, 1, 0):
            continue
        ex = dist - 1
        gate = column_cells(view, 1, ex)
        status, _, black, white = count_area(board, gate, column_cells(view, 0, ex), gate,
                                             (gate[0, 0] + gate[0, 1]) % 2)
        if status != AREA_OK:
            continue
        now_w, now_b, _, _ = area_up_range(ex)
        if white - black > now_w or white - black < -now_b:
            L(forbidden, view, AREA_UP_BACK)
            BACK(forbidden, view, AREA_UP_BACK)
