"""The labyrinth author's "stair at start convex straight" rules (``large``
group).

Seed ``one-way-labyrinth-fodor.txt``: "start obstacle inside / outside" and "7. Stair area: ... a
stair shape on the left, and an area is created with one of the steps that should be entered
now"; reference ``../shared/reference/hamiltonian.md`` 3.3, "Newer cascade": the stairs at start
run first of the stair rules (``StairAtStartConvexIn2`` ... ``StairAtStartConvexOut3``). The
facts are read from the author's ``Path.cs`` (``fodorbalint/OneWayLabyrinth``, no licence: no code
taken) and written in this port's frame terms (``walker``: ``rel(a, b)`` at left offset a,
straight offset b).

The shape: straight ahead of the live end the column (0, 1), (0, 2), ... is empty up to where a
diagonal stair (k - offset, k) climbs up and left to a closed corner at (hori, vert) = (dist -
offset, dist), whose line runs on to the left. The walk will have to come down that stair to the
straight cell; the area left of the column and under the stair decides, by its colour balance and
a corner at the stair's foot (``check_corner``, turned), whether straight is still possible.
Beside them, two rules the author runs after the double stairs: ``RemoteStairMidAcross`` and
``Stair3x3``.
"""

from __future__ import annotations

import numpy as np

from ..walker import BACK, M_N, E, L, R, S, T, idx, njit, rule_frame
from .corner_check import stair_corner
from .corners import CLOSED, frame_hit, stair_corners
from .gates import gate_area, stair_area

STAIR_START_CONVEX_STRAIGHT_3, STAIR_START_CONVEX_STRAIGHT_4 = 36, 37
REMOTE_STAIR_MID_ACROSS, STAIR_3X3 = 39, 48
STAIR_START_CONVEX_STRAIGHT_5 = 51


@njit(cache=True)
def _start_stair_empty(board, view, col, offset, dist):
    """Whether the column (col, k) and then the stair (k - offset, k), 0 < k < ``dist``, are
    empty."""
    for k in range(1, dist):
        if T(board, view, max(col, k - offset), k):
            return False
    return True


@njit(cache=True)
def start_stair_area(board, frame, col, offset):
    """Per side and frame j (``hits[side * 2 + j]``, returned): (hori, vert, black, white) of the
    area beside the stair at start at ``offset`` whose foot is the column ``col`` -- 0: straight
    (the area under it), -1: "in" (left of it, from the right column), 1: "out" (beside it, from
    the left column) --, hori = 0 where there is none. The nearest closed corner of the quarter
    (ahead-left; turned left, for "out" right: behind-left / the side's second quarter,
    coordinates swapped) whose row lies ``offset`` beyond its column, more than 3 (straight) /
    ``offset`` (in) ahead, at least ``offset`` + 2 (out); the column (col, k) and then the stair
    (k - offset, k) up to it empty (``_start_stair_empty``), the corner's line running on to the
    left. The gate from (col, 1) up the column and the stair (two cells a row; straight: only
    when hori >= 2) to (hori - 1, vert - 1). Straight: black = the colour (0, 1) is not (the
    author's type 3 count); in: the right cell (-1, 0) closing it, black = the colour of (-1, 1);
    out: the straight cell outside, black = the colour of (1, 1) (his type 2 count)."""
    n = board[1][M_N]
    hits = np.zeros((4, 4), dtype=np.int64)
    dists = stair_corners(board, frame, hits, CLOSED, 1 if col == 1 else 3, offset)
    least = 4 if col == 0 else (offset + 1 if col == -1 else offset + 2)
    gate = np.empty((4 * n + 8, 2), dtype=np.int64)
    right = np.empty((1, 2), dtype=np.int64)
    right[0, 0], right[0, 1] = -1, 0
    for i in range(4):
        dist = dists[i]
        if dist >= n or dist < least:
            continue
        view = rule_frame(frame, i // 2, i % 2, col != 1)
        hori, vert = dist - offset, dist
        if not _start_stair_empty(board, view, col, offset, dist) \
                or idx(board, view, hori + 1, vert) <= idx(board, view, hori, vert):
            continue
        gate[0, 0], gate[0, 1] = col, 1
        m = 1
        for k in range(2, vert - 1):
            if k - offset < col:
                gate[m, 0], gate[m, 1] = col, k
                m += 1
            elif col != 0 or hori >= 2:
                gate[m, 0], gate[m, 1] = k - offset, k
                gate[m + 1, 0], gate[m + 1, 1] = k - offset + 1, k
                m += 2
        if not (gate[m - 1, 0] == hori - 1 and gate[m - 1, 1] == vert - 1):
            gate[m, 0], gate[m, 1] = hori - 1, vert - 1
            m += 1
        if col == -1:
            ok, black, white = gate_area(board, view, gate, m, -1, 1, right, False)
        else:
            ok, black, white = stair_area(board, view, gate, m, -1, 1)
            if col == 0:
                black, white = white, black
        if ok:
            hits[i, 0], hits[i, 1], hits[i, 2], hits[i, 3] = hori, vert, black, white
    return hits


@njit(cache=True)
def check_stair_at_start_convex_straight_3(board, frame, forbidden):
    """``StairAtStartConvexStraight3`` (the author's examples 2024_0710, 2024_0710_1: no stair;
    2026_0301_1, 2024_0717_3: an area; 2024_0717: a mid-across obstacle): per side, as is and
    turned left, the stair at start 3 beyond the column, more than one step away, the area under
    it balanced (W = B): with the stair from (hori - 1, vert - 1) down to (0, 3) taken for the
    moment, a corner at (0, 3) (``check_corner``, turned as the big area) closing the small area:
    forbid straight."""
    hits = start_stair_area(board, frame, 0, 3)
    for i in range(4):
        view, hori, vert, diff = frame_hit(frame, hits, i, True)
        if hori == 0 or diff != 0:
            continue
        if stair_corner(board, view, hori - 1, vert - 1, -1, hori, 0, 3, 0, 2, 0)[0]:
            S(forbidden, view, STAIR_START_CONVEX_STRAIGHT_3)


@njit(cache=True)
def check_stair_at_start_convex_straight_4(board, frame, forbidden):
    """``StairAtStartConvexStraight4`` (the author's examples, one white more: 2024_0601,
    2024_0618_2, 2026_0302_6, 2026_0304_1, 2026_0304_5; hori black more: 2024_0610_4,
    2024_0610_5, 9_121670752, 2024_0627; with a start obstacle too: 2024_0725, 2024_0727_5): per
    side, as is and turned left, the stair at start 4 beyond the column. One more white cell than
    black: with the stair from (hori - 1, vert - 1) down to (0, 4) taken for the moment, a corner
    at (0, 4) (``check_corner``, turned) closing the small area -- the area cannot be entered
    later: if a close obstacle closes the big area at (0, 2) (turned and mirrored), not now
    straight either: forbid straight; else forbid right and back. ``hori`` more black cells: with
    the stair from (hori, vert - 1) down to (0, 3) taken, a corner at (0, 3): forbid straight."""
    hits = start_stair_area(board, frame, 0, 4)
    for i in range(4):
        view, hori, vert, diff = frame_hit(frame, hits, i, True)
        if hori == 0:
            continue
        if diff == -1:
            fired, straight = stair_corner(board, view, hori - 1, vert - 1, -1, hori, 0, 4, 0, 2, 1)
            if straight:
                S(forbidden, view, STAIR_START_CONVEX_STRAIGHT_4)
            elif fired:
                R(forbidden, view, STAIR_START_CONVEX_STRAIGHT_4)
                BACK(forbidden, view, STAIR_START_CONVEX_STRAIGHT_4)
        elif diff == hori and stair_corner(board, view, hori, vert - 1, -1, hori + 1, 0, 3, 0, 2, 0)[0]:
            S(forbidden, view, STAIR_START_CONVEX_STRAIGHT_4)


@njit(cache=True)
def check_stair_at_start_convex_straight_5(board, frame, forbidden):
    """``StairAtStartConvexStraight5`` (the author's examples 2025_0522: an area; 2024_0626:
    across; 2024_0727_4: a start obstacle outside, mid-across up and down): per side, as is and
    turned left, the stair at start 5 beyond the column, ``hori + 1`` more white cells than black
    under it: with the stair from (hori, vert - 1) down to (0, 4) taken for the moment, a corner
    at (0, 4) (``check_corner``, turned) closing the small area -- the area cannot be entered
    later: if a close obstacle closes the big area at (0, 2) (turned and mirrored), forbid
    straight; else forbid right and back."""
    hits = start_stair_area(board, frame, 0, 5)
    for i in range(4):
        view, hori, vert, diff = frame_hit(frame, hits, i, True)
        if hori == 0 or diff != -(hori + 1):
            continue
        fired, straight = stair_corner(board, view, hori, vert - 1, -1, hori + 1, 0, 4, 0, 2, 1)
        if straight:
            S(forbidden, view, STAIR_START_CONVEX_STRAIGHT_5)
        elif fired:
            R(forbidden, view, STAIR_START_CONVEX_STRAIGHT_5)
            BACK(forbidden, view, STAIR_START_CONVEX_STRAIGHT_5)


@njit(cache=True)
def check_remote_stair_mid_across(board, frame, forbidden):
    """``RemoteStairMidAcross`` (the author's examples 2024_0818_1, 2026_0519_3): per side, as is
    and turned left, the nearest closed corner 3 beyond the straight column, (0, 1..3) and the
    stair (k - 3, k) up to it empty, the line running into the corner from its left. From the
    corner the gate goes down a stair (x, y), (x - 1, y) to the right, past the straight column,
    each step with a wall at least 3 to the right on the row above (a channel), until it reaches
    (-2, 1) where the live end's right side makes a close mid-across with the channel's wall
    ((-4, 1) empty, (-5, 2) taken). If the channel -- from (hori - 1, vert) along the gate to
    (-4, 1), closed at (-5, 1) -- is balanced (B = W, black = the colour of its first cell), the
    walk cannot enter it now: forbid straight (and left, as is)."""
    n = board[1][M_N]
    dists = stair_corners(board, frame, np.zeros((0, 4), dtype=np.int64), CLOSED, 3, 3)
    gate = np.empty((4 * n + 8, 2), dtype=np.int64)
    extra = np.empty((1, 2), dtype=np.int64)
    extra[0, 0], extra[0, 1] = -5, 1
    for i in range(4):
        j = i % 2
        dist = dists[i]
        if dist >= n:
            continue
        view = rule_frame(frame, i // 2, j, True)
        hori, vert = dist - 3, dist
        if not _start_stair_empty(board, view, 0, 3, dist) \
                or idx(board, view, hori, vert) <= idx(board, view, hori + 1, vert):
            continue
        x, y = hori - 1, vert - 1
        gate[0, 0], gate[0, 1] = hori - 1, vert
        m = 1
        passed = False
        for _ in range(n):
            if T(board, view, x, y):
                break
            gate[m, 0], gate[m, 1] = x, y
            gate[m + 1, 0], gate[m + 1, 1] = x - 1, y
            m += 2
            if x == -2 and y == 1 and not T(board, view, -4, 1) and T(board, view, -5, 2):
                passed = True
                break
            wall = x - 1
            while E(board, view, wall, y + 1):
                wall -= 1
            if x - wall < 3 or (x - wall == 3 and not E(board, view, wall, y)):
                break
            x -= 1
            y -= 1
        if not passed:
            continue
        gate[m, 0], gate[m, 1] = -4, 1
        m += 1
        ok, black, white = gate_area(board, view, gate, m, 1, -1, extra, False)
        if ok and black == white:
            S(forbidden, view, REMOTE_STAIR_MID_ACROSS)
            if j == 0:
                L(forbidden, view, REMOTE_STAIR_MID_ACROSS)


@njit(cache=True)
def check_stair_3x3(board, frame, forbidden):
    """``Stair3x3`` (the author's example 2024_0722; "not a nested 3 x 3 area sequence"): per side,
    as is and turned right, the obstacles (3, 0), (5, 1), (1, 3), (2, 4), (3, 5) taken -- a
    stair ahead-left -- and the cells (2, 0), (3, 1), (4, 1), (5, 2), (1, 2), (2, 3), (3, 4)
    between them empty, the lines at (3, 0), (5, 1) and (1, 3) each running on to the right
    (the index of (3, -1), (5, 0), (0, 3) greater): forbid left."""
    for i in range(4):
        view = rule_frame(frame, i // 2, i % 2, False)
        if (
            T(board, view, 3, 0)
            and T(board, view, 5, 1)
            and T(board, view, 1, 3)
            and T(board, view, 2, 4)
            and T(board, view, 3, 5)
            and not T(board, view, 2, 0)
            and not T(board, view, 3, 1)
            and not T(board, view, 4, 1)
            and not T(board, view, 5, 2)
            and not T(board, view, 1, 2)
            and not T(board, view, 2, 3)
            and not T(board, view, 3, 4)
            and idx(board, view, 3, -1) > idx(board, view, 3, 0)
            and idx(board, view, 5, 0) > idx(board, view, 5, 1)
            and idx(board, view, 0, 3) > idx(board, view, 1, 3)
        ):
            L(forbidden, view, STAIR_3X3)
