"""The labyrinth author's stair-at-end rules along straight walls and outside corners (``large``
group): ``StairAtEndConvexStraight3/4`` and ``StairAtEndConvexOut1/3/4``.

Reference ``../shared/reference/hamiltonian.md`` 3.3, "Newer cascade", after
``StairAtEndConvexIn4``. The facts (the obstacle's row and distance, the diagonal gate, the colour
balances, which moves are forbidden) are read from the author's ``Path.cs``
(``fodorbalint/OneWayLabyrinth``, no licence: no code taken) and written in this port's frame
terms (``walker``: ``rel(a, b)`` at left offset a, straight offset b).
"""

from __future__ import annotations

import numpy as np

from ..walker import M_N, E, L, R, S, T, border_index, corner, idx, njit, rule_frame
from . import gates
from .corner_check import stair_corner
from .corners import corner_columns, frame_hit

STAIR_END_CONVEX_STRAIGHT_3, STAIR_END_CONVEX_STRAIGHT_4 = 40, 41
STAIR_END_CONVEX_OUT_1, STAIR_END_CONVEX_OUT_3, STAIR_END_CONVEX_OUT_4 = 42, 43, 44


@njit(cache=True)
def _runs_back(board, view, hori, vert):
    """The obstacle's line comes from ahead into it and runs on behind (into (hori, vert - 1) or
    from (hori, vert + 1)); a border obstacle: the border index rises ahead."""
    i1 = idx(board, view, hori, vert)
    if i1 == -1:
        return border_index(board, view, hori, vert + 1) > border_index(board, view, hori, vert - 1)
    i2 = idx(board, view, hori, vert + 1)
    i3 = idx(board, view, hori, vert - 1)
    return (i2 != -1 and i1 > i2) or (i3 != -1 and i3 > i1)


@njit(cache=True)
def _convex_straight(board, view, offset):
    """The area of the "stair at end convex straight" rules: the obstacle exactly ``offset`` beyond
    its row (``row_obstacle``), the diagonal (k, k) and its row up to it empty, its line running
    on behind it; the gate from (1, 1) -- the diagonal stair (k, k - 1), (k, k), then the row --
    to (hori - 1, vert), the area behind it counted (black = the colour of (1, 1)). Returns (ok,
    hori, vert, black, white)."""
    hori, vert = gates.row_obstacle(board, view, offset)
    if hori == 0:
        return False, 0, 0, 0, 0
    for k in range(1, hori):
        if T(board, view, k, k if k < hori - offset + 1 else vert):
            return False, 0, 0, 0, 0
    if not _runs_back(board, view, hori, vert):
        return False, 0, 0, 0, 0
    gate = np.empty((2 * hori + 4, 2), dtype=np.int64)
    m = gates.diagonal_gate(gate, hori, hori - offset, vert)
    gate[m, 0], gate[m, 1] = hori - 1, vert
    m += 1
    ok, black, white = gates.gate_area(board, view, gate, m, -1, 1, gate[:0], False)
    return ok, hori, vert, black, white


@njit(cache=True)
def check_stair_at_end_convex_straight_3(board, frame, forbidden):
    """``StairAtEndConvexStraight3`` (the author's examples, a straight wall: 9_227250, 2024_0905,
    2024_0531, 2024_1008, 2024_0706, 2024_1001; a closed corner: 2024_0916, 2024_0725_7,
    9_665575): per side, as is and turned right, the obstacle 3 beyond its row (the cell before it
    not the end corner), its line running back; the area behind the gate holding ``vert`` more
    black cells than white: with the stair (1 + k, k), k < vert, taken for the moment (the walk
    entering it now), if a corner at (hori - 2, vert) (``check_corner``, mirrored) closes the small
    area, it cannot: forbid left (and back, turned)."""
    for i in range(4):
        view = rule_frame(frame, i // 2, i % 2, False)
        ok, hori, vert, black, white = _convex_straight(board, view, 3)
        if not ok or corner(board, view, hori - 1, vert) or black - white != vert:
            continue
        if stair_corner(board, view, 1, 0, 1, vert, hori - 2, vert, 1, 0, 0)[0]:
            gates.forbid_now(forbidden, view, i % 2 == 1, STAIR_END_CONVEX_STRAIGHT_3)


@njit(cache=True)
def check_stair_at_end_convex_straight_4(board, frame, forbidden):
    """``StairAtEndConvexStraight4`` (the author's examples 2024_0624, 2024_0727_1: a start
    obstacle outside, mid-across): per side, as is and turned right, the obstacle 4 beyond its
    row with the cell ahead of the one before it empty, its line running back; the area behind the
    gate holding one more white cell than black and a close mid-across / across obstacle closing
    the big area at (vert, vert), mirrored: forbid straight and right."""
    for i in range(4):
        view = rule_frame(frame, i // 2, i % 2, False)
        ok, hori, vert, black, white = _convex_straight(board, view, 4)
        if ok and E(board, view, hori - 1, vert + 1) and white - black == 1 \
                and gates.near_small(board, view, vert, vert, 1, 0, False, 1):
            S(forbidden, view, STAIR_END_CONVEX_STRAIGHT_4)
            R(forbidden, view, STAIR_END_CONVEX_STRAIGHT_4)


@njit(cache=True)
def _convex_out(board, frame, offset, hits):
    """Per side and frame j (as is / turned right: ``hits[side * 2 + j]``): (hori, vert, black,
    white) of the "stair at end convex out" area, hori = 0 where there is none: the nearest closed
    corner of the quarter ahead-left whose column lies ``offset`` beyond its row, at (hori, vert),
    the diagonal (k, k) and row vert - 1 up to it empty, its line running out of it to the left;
    the gate from (1, 1) -- the diagonal stair, then row vert - 1 -- to (hori - 1, vert - 1), free;
    the area behind it counted (black = the colour of (1, 1))."""
    n = board[1][M_N]
    dists = corner_columns(board, frame, 1, offset)
    gate = np.empty((4 * n + 8, 2), dtype=np.int64)
    for i in range(4):
        hits[i, 0] = 0
        dist = dists[i // 2, i % 2]
        if dist < max(4, offset + 2) or dist >= n:
            continue
        view = rule_frame(frame, i // 2, i % 2, False)
        hori, vert = dist, dist - offset
        empty = True
        for k in range(1, dist):
            if T(board, view, k, k if k < dist - offset else vert - 1):
                empty = False
        if not empty or idx(board, view, hori + 1, vert) <= idx(board, view, hori, vert):
            continue
        m = gates.diagonal_gate(gate, hori, hori - offset - 1, vert - 1)
        if offset == 0:
            gate[m, 0], gate[m, 1] = hori - 1, hori - 2
            m += 1
        gate[m, 0], gate[m, 1] = hori - 1, vert - 1
        m += 1
        if gates.inner_taken(board, view, gate, m):
            continue
        ok, black, white = gates.gate_area(board, view, gate, m, -1, 1, gate[:0], False)
        if ok:
            hits[i, 0], hits[i, 1], hits[i, 2], hits[i, 3] = hori, vert, black, white


@njit(cache=True)
def check_stair_at_end_convex_out(board, frame, forbidden):
    """``StairAtEndConvexOut1`` (the author's example 2025_0527_2: mid-across obstacles inside and
    outside), ``...Out3`` (2024_0720_3, 2024_0725_1: a start obstacle outside) and ``...Out4``
    (2025_0525_1), per side, as is and turned right, on the area under a closed corner on the
    diagonal (``_convex_out``, offset 0, 2, 3). Out1: the area balanced, close obstacles closing
    the small area at (1, 0) (turned down) and at (2, 2) (turned up): forbid left. Out3: vert - 1
    more black cells and a close obstacle closing the small area at (vert, vert - 1), mirrored:
    forbid left (and back, turned). Out4: one more white and a close obstacle closing the big area
    at (vert - 1, vert - 1), mirrored: forbid straight (and right, as is)."""
    hits = np.zeros((4, 4), dtype=np.int64)
    _convex_out(board, frame, 0, hits)
    for i in range(4):
        view, hori, vert, diff = frame_hit(frame, hits, i, False)
        if hori == 0 or diff != 0:
            continue
        if (gates.near_small(board, view, 1, 0, 0, 1, True, 1)
                and gates.near_small(board, view, 2, 2, 0, 2, True, 1)):
            L(forbidden, view, STAIR_END_CONVEX_OUT_1)
    _convex_out(board, frame, 2, hits)
    for i in range(4):
        view, hori, vert, diff = frame_hit(frame, hits, i, False)
        if hori == 0 or diff != vert - 1:
            continue
        if gates.near_small(board, view, vert, vert - 1, 1, 0, True, 1):
            gates.forbid_now(forbidden, view, i % 2 == 1, STAIR_END_CONVEX_OUT_3)
    _convex_out(board, frame, 3, hits)
    for i in range(4):
        view, hori, vert, diff = frame_hit(frame, hits, i, False)
        if hori == 0 or diff != -1:
            continue
        if gates.near_small(board, view, vert - 1, vert - 1, 1, 0, False, 1):
            gates.forbid_later(forbidden, view, i % 2 == 1, STAIR_END_CONVEX_OUT_4)
