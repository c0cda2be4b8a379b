"""The clauses of the labyrinth author's newer ``CheckStraight`` and ``CheckLeftRightAreaUp`` that
his control set lacks (``large`` groups ``straight-later-back``, ``straight-now-even``,
``straight-start-obstacle``, ``area-up-back``).

His newer engine (``Path.cs ApplyRules``: ``CheckStraight``, then ``CheckLeftRightAreaUp``, before
``CheckLeftRightCorner`` and the stairs; reference ``../shared/reference/hamiltonian.md`` 3.3
"Newer cascade") keeps the control set's area tables (``imbalance.check_straight_control``,
``tables.check_area_up_table``) with four changes that forbid more: where the area along the
walker's side (the frame turned left) cannot be entered later, the frame's step back too; for a
ray of ``ex % 4 == 2`` cells (ex >= 6) a narrower "enter now straight" bound, (ex - 2) / 4 whites
instead of (ex + 2) / 4 ("at 6 distance, if we step straight and exit, the 5 distance situation
remains"); a ray of ``ex % 4 == 1`` cells with the most whites "enter now" allows and a close
mid-across obstacle two ahead: not straight ("% 4 = 1 start obstacle"); and where the small area
behind the column beside cannot be entered now in the frame turned right, that frame's step back
too. Facts read from his ``Path.cs``
(``fodorbalint/OneWayLabyrinth``, no licence: no code taken), in this port's frame terms
(``walker``: ``rel(a, b)`` at left offset a, straight offset b).
"""

from __future__ import annotations

import numpy as np

from .area import AREA_OK, count_area
from .corners import _QUARTERS, MAX_CORNERS, closed_corners
from .imbalance import _column
from .stair_gates import near_small
from .tables import area_up_range
from .walker import BACK, M_N, TB, B, L, R, S, T, border_index, idx, mirror, njit, turn_left, turn_right

AREA_UP_BACK, STRAIGHT_LATER_BACK, STRAIGHT_NOW_EVEN, STRAIGHT_START_OBSTACLE = 57, 58, 59, 60


@njit(cache=True)
def _straight_areas(board, f, out):
    """The areas of the newer ``CheckStraight``, in his order -- per side (as is, mirrored) and
    frame j (as is, turned left, turned right): the ray (0, 1..ex) straight ahead up to its first
    taken or border cell, (-1, ex) not border (unless ex = 1), the line there running so that the
    area lies on the frame's left (the next cell of the line, (1, ex + 1), later on the path; else
    the one at (-1, ex + 1) earlier; a border: its index falling to the left); the area left of the
    ray counted (black = the live end's colour). ``out[k]`` = (frame k = side * 3 + j, ex, white -
    black), k < the count returned; a close straight (ex = 1) ends the list, as his ``return``."""
    m = 0
    for side in range(2):
        h = f if side == 0 else mirror(f)
        for j in range(3):
            r = h if j == 0 else (turn_left(h) if j == 1 else turn_right(h))
            dist = 1
            while not TB(board, r, 0, dist):
                dist += 1
            ex = dist - 1
            if ex == 0 or (ex > 1 and B(board, r, -1, ex)):
                continue
            if B(board, r, 0, dist):
                valid = border_index(board, r, 0, dist) > border_index(board, r, 1, dist)
            elif idx(board, r, 1, dist) != -1:
                valid = idx(board, r, 1, dist) > idx(board, r, 0, dist)
            else:
                valid = idx(board, r, 0, dist) > idx(board, r, -1, dist)
            if not valid:
                continue
            if ex == 1:
                return m
            gate = _column(r, 0, ex)
            status, _, black, white = count_area(board, gate, _column(r, -1, ex), gate, (f[0] + f[1]) % 2)
            if status == AREA_OK:
                out[m, 0], out[m, 1], out[m, 2] = side * 3 + j, ex, white - black
                m += 1
    return m


@njit(cache=True)
def _straight_frame(f, k):
    h = f if k < 3 else mirror(f)
    return h if k % 3 == 0 else (turn_left(h) if k % 3 == 1 else turn_right(h))


@njit(cache=True)
def check_straight_later_back(board, f, fb):
    """The newer ``CheckStraight``, frame turned left (the ray along the walker's side, the small
    area behind it): where the area cannot be entered later -- whiteDiff outside the control
    table's "later" range (``imbalance.straight_ranges``) -- forbid right *and back* of that
    frame (the walker's straight and its step to the other side). His example states do not name
    the clause; his 2024_0328 (25 x 25, the "big area" tables of the book) is one where his
    program forbade the step back and the control set does not."""
    out = np.empty((6, 3), dtype=np.int64)
    for k in range(_straight_areas(board, f, out)):
        if out[k, 0] % 3 != 1:
            continue
        ex, diff = out[k, 1], out[k, 2]
        q = ex % 4
        if q == 0:
            later_w, later_b = ex // 4, ex // 4
        elif q == 1:
            later_w, later_b = (ex - 1) // 4, (ex - 5) // 4
        elif q == 2:
            later_w, later_b = (ex - 2) // 4, (ex - 2) // 4
        else:
            later_w, later_b = (ex + 1) // 4, (ex - 3) // 4
        if diff > later_w or diff < -later_b:
            h = _straight_frame(f, out[k, 0])
            R(fb, h, STRAIGHT_LATER_BACK)
            BACK(fb, h, STRAIGHT_LATER_BACK)


@njit(cache=True)
def check_straight_now_even(board, f, fb):
    """The newer ``CheckStraight``'s bound for a ray of ``ex % 4 == 2`` cells, ex >= 6 (his comment
    names 2024_0610_6): entering the area now by stepping straight allows at most (ex - 2) / 4 more
    white cells than black (the control table: (ex + 2) / 4), at most (ex - 2) / 4 more black:
    out of range, forbid straight of the frame."""
    out = np.empty((6, 3), dtype=np.int64)
    for k in range(_straight_areas(board, f, out)):
        ex, diff = out[k, 1], out[k, 2]
        if ex % 4 == 2 and ex >= 6 and (diff > (ex - 2) // 4 or diff < -((ex - 2) // 4)):
            S(fb, _straight_frame(f, out[k, 0]), STRAIGHT_NOW_EVEN)


@njit(cache=True)
def check_straight_start_obstacle(board, f, fb):
    """The newer ``CheckStraight``'s "% 4 = 1 start obstacle" (his example 2024_0715): in the frames
    as is and turned left, a ray of ``ex % 4 == 1`` cells whose area holds exactly the most whites
    entering now allows, (ex + 3) / 4, and a close mid-across obstacle at (0, 2) closing the big
    area in the frame turned down and mirrored (his ``CheckNearFieldSmallRel0(0, 2, 1, 1,
    false)``, ``stair_gates.near_small``): forbid straight of the frame."""
    out = np.empty((6, 3), dtype=np.int64)
    for k in range(_straight_areas(board, f, out)):
        ex, diff = out[k, 1], out[k, 2]
        if out[k, 0] % 3 == 2 or ex % 4 != 1 or diff != (ex + 3) // 4:
            continue
        h = _straight_frame(f, out[k, 0])
        if near_small(board, h, 0, 2, 1, 1, False, 0):
            S(fb, h, STRAIGHT_START_OBSTACLE)


@njit(cache=True)
def check_area_up_back(board, f, fb):
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
    if not closed_corners(board, f, out, counts):
        return
    for side in range(2):
        h = turn_right(f if side == 0 else mirror(f))
        q = _QUARTERS[side, 1]
        dist = n
        for k in range(counts[q]):
            if out[q, k, 1] == 1 and out[q, k, 0] < dist:  # turned: (straight, left) swapped
                dist = out[q, k, 0]
        if dist >= n or dist < 3:
            continue
        empty = True
        for k in range(1, dist):
            if T(board, h, 0, k) or T(board, h, 1, k):
                empty = False
        if not empty or idx(board, h, 2, dist) <= idx(board, h, 1, dist) or T(board, h, 1, 0):
            continue
        ex = dist - 1
        gate = _column(h, 1, ex)
        status, _, black, white = count_area(board, gate, _column(h, 0, ex), gate,
                                             (gate[0, 0] + gate[0, 1]) % 2)
        if status != AREA_OK:
            continue
        now_w, now_b, _, _ = area_up_range(ex)
        if white - black > now_w or white - black < -now_b:
            L(fb, h, AREA_UP_BACK)
            BACK(fb, h, AREA_UP_BACK)
