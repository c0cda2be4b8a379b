"""The labyrinth author's "stair at start convex in / out" rules (``large`` group, with
``stairs_start``).

Reference ``../shared/reference/hamiltonian.md`` 3.3, "Newer cascade": the first stair rules of
his newer engine, ``StairAtStartConvexIn2`` and ``...In3`` (his ``...In4`` is empty), and, after
the straight ones, ``StairAtStartConvexOut2`` and ``...Out3``. The facts
(which corner, which cells must be empty, the gate, the colour balances, which moves are
forbidden) are read from the author's ``Path.cs`` (``fodorbalint/OneWayLabyrinth``, no licence:
no code taken) and written in this port's frame terms (``walker``: ``rel(a, b)`` at left offset a,
straight offset b).

The shape: as for the stairs at start convex straight (``stairs_start``), a diagonal stair climbs
up and left to a closed corner whose line runs on to the left, but it starts in the column to the
right of the walker: (-1, 1), (-1, 2), ... then (k - offset, k) up to the corner at (hori, vert) =
(dist - offset, dist). The area left of that stair, the straight cell in it and the right cell
outside, decides by its colour balance and the obstacles at the stair's foot whether the walker
may still step straight (or right). In the "out" variant the stair starts in the column to the
left, (1, 1), (1, 2), ... then (k - offset, k), and the area between it and the corner's wall,
the left cell in it and the straight cell outside, cannot be entered now.
"""

from __future__ import annotations

import numpy as np

from .corner_check import check_corner
from .corners import _QUARTERS, CLOSED, corner_hits, frame_hit, nearest_corner
from .stair_gates import gate_area, near_small, stair_area
from .stairs_start import _start_corner, _walk_down, _walk_up
from .walker import BACK, M_N, L, R, S, T, idx, njit, rule_frame

STAIR_START_CONVEX_IN_2, STAIR_START_CONVEX_IN_3 = 49, 50
STAIR_START_CONVEX_OUT_2, STAIR_START_CONVEX_OUT_3 = 52, 53


@njit(cache=True)
def _start_in_area(board, f, offset, hits):
    """Per side and frame j (as is / turned left: ``hits[side * 2 + j]``): (hori, vert, black,
    white) of the area left of the stair at start "in" at ``offset``, hori = 0 where there is
    none. The nearest closed corner of the quarter (ahead-left; turned: behind-left, coordinates
    swapped) whose row lies ``offset`` beyond its column, more than ``offset`` ahead; the right
    column (-1, k), k < offset - 1, and the stair (k - offset, k) up to it empty; the corner's
    line running on to the left. The gate from (-1, 1) up the right column and the stair (two
    cells a row) to (hori - 1, vert - 1), the right cell (-1, 0) closing it; black = the colour of
    (-1, 1) (the author's type 2 count)."""
    n = board[1][M_N]
    ok, out, counts = corner_hits(board, f, hits)
    if not ok:
        return
    gate = np.empty((4 * n + 8, 2), dtype=np.int64)
    right = np.empty((1, 2), dtype=np.int64)
    right[0, 0], right[0, 1] = -1, 0
    for i in range(4):
        side, j = i // 2, i % 2
        dist = _start_corner(out, counts, side, j, offset, n)
        if dist >= n or dist <= offset:
            continue
        h = rule_frame(f, side, j, True)
        empty = True
        for k in range(1, dist):
            if T(board, h, -1 if k < offset - 1 else k - offset, k):
                empty = False
        hori, vert = dist - offset, dist
        if not empty or idx(board, h, hori + 1, vert) <= idx(board, h, hori, vert):
            continue
        m = 0
        gate[m, 0], gate[m, 1] = -1, 1
        m += 1
        for k in range(2, vert - 1):
            if k < offset - 1:
                gate[m, 0], gate[m, 1] = -1, k
                m += 1
            else:
                gate[m, 0], gate[m, 1] = k - offset, k
                gate[m + 1, 0], gate[m + 1, 1] = k - offset + 1, k
                m += 2
        gate[m, 0], gate[m, 1] = hori - 1, vert - 1
        m += 1
        ok, black, white = gate_area(board, h, gate, m, -1, 1, right, False)
        if ok:
            hits[i, 0], hits[i, 1], hits[i, 2], hits[i, 3] = hori, vert, black, white


@njit(cache=True)
def _foot_closed(board, h, hori):
    """With the stair walked down for the moment from its top to (-1, 2) -- ``hori + 1`` cells
    already taken -- a corner at (-1, 2) (``check_corner``, turned as the big area) and a close
    obstacle there closing the small area (turned down, mirrored): the area left of the stair
    cannot be entered later."""
    return check_corner(board, h, -1, 2, 0, 2, True, hori + 1) and near_small(board, h, -1, 2, 1, 1, True, 1)


@njit(cache=True)
def check_stair_at_start_convex_in_2(board, f, fb):
    """``StairAtStartConvexIn2`` (the author's examples 2024_0727_3: mid-across left, across
    right; 2024_0724: across up, mid-across down; 2024_0725_2: area up, mid-across down): per
    side, as is and turned left, the stair at start "in" 3 beyond its column, the area left of it
    balanced; with the diagonal from (hori - 1, vert - 1) down to (-1, 2) taken for the moment,
    the stair's foot closed (``_foot_closed``): forbid straight (and left, as is)."""
    hits = np.zeros((4, 4), dtype=np.int64)
    _start_in_area(board, f, 3, hits)
    for i in range(4):
        h, hori, vert, diff = frame_hit(f, hits, i, True)
        if hori == 0 or diff != 0:
            continue
        olds = np.empty(hori + 1, dtype=np.int64)
        _walk_down(board, h, hori - 1, vert - 1, hori + 1, olds)
        fired = _foot_closed(board, h, hori)
        _walk_up(board, h, hori - 1, vert - 1, hori + 1, olds)
        if fired:
            S(fb, h, STAIR_START_CONVEX_IN_2)
            if i % 2 == 0:
                L(fb, h, STAIR_START_CONVEX_IN_2)


@njit(cache=True)
def check_stair_at_start_convex_in_3(board, f, fb):
    """``StairAtStartConvexIn3`` (the author's examples 2024_0725_6: mid-across down, mid-across
    up; 2024_0726_1: across, mid-across; 2024_0726_2: mid-across, area; 2026_0410: mid-across,
    mid-across): per side, as is and turned left, the stair at start "in" 4 beyond its column.
    ``hori + 1`` more black cells than white: with the diagonal from (hori, vert - 1) down to
    (0, 3) taken for the moment, the stair's foot closed at (-1, 2) (``_foot_closed``): forbid
    straight (and left, as is). Balanced, with close mid-across obstacles closing the small area
    at (-1, 3) (turned as the big area) and the big area at (-1, 1) (turned down, mirrored):
    forbid right (and back, turned)."""
    hits = np.zeros((4, 4), dtype=np.int64)
    _start_in_area(board, f, 4, hits)
    for i in range(4):
        h, hori, vert, diff = frame_hit(f, hits, i, True)
        if hori == 0:
            continue
        if diff == hori + 1:
            olds = np.empty(hori + 1, dtype=np.int64)
            _walk_down(board, h, hori, vert - 1, hori + 1, olds)
            fired = _foot_closed(board, h, hori)
            _walk_up(board, h, hori, vert - 1, hori + 1, olds)
            if fired:
                S(fb, h, STAIR_START_CONVEX_IN_3)
                if i % 2 == 0:
                    L(fb, h, STAIR_START_CONVEX_IN_3)
        elif diff == 0 and near_small(board, h, -1, 3, 0, 2, True, 0) \
                and near_small(board, h, -1, 1, 1, 1, False, 0):
            R(fb, h, STAIR_START_CONVEX_IN_3)
            if i % 2 == 1:
                BACK(fb, h, STAIR_START_CONVEX_IN_3)


@njit(cache=True)
def _start_out_area(board, f, offset, hits):
    """Per side and frame j (as is / turned right: ``hits[side * 2 + j]``): (hori, vert, black,
    white) of the area of the stair at start "out" at ``offset``, hori = 0 where there is none.
    The nearest closed corner of the quarter (ahead-left; turned: that side's second quarter,
    coordinates swapped) whose row lies ``offset`` beyond its column, at least ``offset`` + 2
    ahead; the left column (1, k) and then the stair (k - offset, k) up to it empty; the corner's
    line running on to the left. The gate from (1, 1) up the left column and the stair (two
    cells a row) to (hori - 1, vert - 1), the straight cell outside; black = the colour of (1, 1)
    (the author's type 2 count)."""
    n = board[1][M_N]
    ok, out, counts = corner_hits(board, f, hits)
    if not ok:
        return
    gate = np.empty((4 * n + 8, 2), dtype=np.int64)
    for i in range(4):
        side, j = i // 2, i % 2
        dist = nearest_corner(out[CLOSED], counts[CLOSED], _QUARTERS[side, j], j == 0, offset, n)
        if dist >= n or dist < offset + 2:
            continue
        h = rule_frame(f, side, j, False)
        empty = True
        for k in range(1, dist):
            if T(board, h, max(1, k - offset), k):
                empty = False
        hori, vert = dist - offset, dist
        if not empty or idx(board, h, hori + 1, vert) <= idx(board, h, hori, vert):
            continue
        m = 0
        gate[m, 0], gate[m, 1] = 1, 1
        m += 1
        for k in range(2, vert - 1):
            if k - offset < 1:
                gate[m, 0], gate[m, 1] = 1, k
                m += 1
            else:
                gate[m, 0], gate[m, 1] = k - offset, k
                gate[m + 1, 0], gate[m + 1, 1] = k - offset + 1, k
                m += 2
        gate[m, 0], gate[m, 1] = hori - 1, vert - 1
        m += 1
        ok, black, white = stair_area(board, h, gate, m, -1, 1)
        if ok:
            hits[i, 0], hits[i, 1], hits[i, 2], hits[i, 3] = hori, vert, black, white


@njit(cache=True)
def check_stair_at_start_convex_out(board, f, fb):
    """``StairAtStartConvexOut2`` (the author's examples 2024_0529_5: across; 2024_0602,
    2024_0610, 2024_0610_1: mid-across; 2024_0625_1, 2024_0611_2: an area; 2024_0712: a stair
    and an area) and ``...Out3`` (2024_0529_3, 2024_0610_2, 2024_0610_3, 2024_0716_1: across;
    9_743059_1: mid-across; 2024_0625, 2024_0720_1: an area): per side, as is and turned right,
    the stair at start "out" 1 (Out2) / 2 (Out3) beyond its column, the area beside it balanced
    (Out2) / holding hori - 1 more black cells (Out3); with the stair from its top down to (1, 2)
    taken for the moment, a corner at (1, 2) (``check_corner``, turned as the big area) closing
    the small area: the area cannot be entered now -- forbid left (and back, turned)."""
    hits = np.zeros((4, 4), dtype=np.int64)
    for offset in range(1, 3):
        _start_out_area(board, f, offset, hits)
        for i in range(4):
            h, hori, vert, diff = frame_hit(f, hits, i, False)
            if hori == 0 or diff != (0 if offset == 1 else hori - 1):
                continue
            count = hori - 1 if offset == 1 else hori
            olds = np.empty(count, dtype=np.int64)
            _walk_down(board, h, count, vert - 1, count, olds)
            fired = check_corner(board, h, 1, 2, 0, 2, True, count)
            _walk_up(board, h, count, vert - 1, count, olds)
            if fired:
                rule = STAIR_START_CONVEX_OUT_2 if offset == 1 else STAIR_START_CONVEX_OUT_3
                L(fb, h, rule)
                if i % 2 == 1:
                    BACK(fb, h, rule)
