"""The labyrinth author's large-board rules, first part: the concave stairs at end (``large``
group).

Seed ``one-way-labyrinth-fodor.txt``: "2 022 337 is getting stuck because of the stair-shaped walls
that force the future line along them ... As the table size increases, the stair-obstacle
narrowing can move infinite distance away from the live end" and "7. Stair area: ... a stair shape
on the left, and an area is created with one of the steps that should be entered now"; reference
``../shared/reference/hamiltonian.md`` 3.3, "Newer cascade": the stairs at end concave, after
the convex ones and before the double stairs (``double``). The facts (which cells are
taken or empty, which corner the discovery must find, which moves are forbidden) are read from
the author's ``Path.cs`` (``fodorbalint/OneWayLabyrinth``, no licence: no code taken) and written
in this port's frame terms (``walker``: ``rel(a, b)`` at left offset a, straight offset b).

The helpers of the author's newer engine these rules share with the other stair modules live in
``corners`` (his ``CornerDiscoveryAll``), ``gates`` (``CheckNearFieldSmallRel``, the areas
behind stair-shaped gates) and ``corner_check`` (``CheckCorner``). Here:
``StairAtEndConcaveStraight3/4/5/6`` and ``StairAtEndConcaveOut3/5``.
"""

from __future__ import annotations

import numpy as np

from ..walker import (
    BACK,
    M_N,
    L,
    S,
    T,
    idx,
    njit,
    rule_frame,
)
from .corner_check import check_corner, stair_corner
from .corners import corner_columns
from .gates import (
    inner_taken,
    near_small,
    row_gate,
    row_obstacle,
    runs_ahead,
    stair_area,
    take_cell,
    untake_cell,
)

# ---------------------------------------------------------------- corners at any distance

STAIR_END_CONCAVE_STRAIGHT_3, STAIR_END_CONCAVE_STRAIGHT_4 = 28, 29
STAIR_END_CONCAVE_STRAIGHT_5, STAIR_END_CONCAVE_STRAIGHT_6 = 30, 31
STAIR_END_CONCAVE_OUT_5 = 32
STAIR_END_CONCAVE_OUT_3 = 54


@njit(cache=True)
def _stair_row_empty(board, view, k0, end, row, shift):
    """Whether the stair (k, k + shift), k0 <= k < ``row``, and then the row ``row`` up to
    column ``end`` are all empty."""
    for k in range(k0, end):
        if T(board, view, k, k + shift if k < row else row):
            return False
    return True


@njit(cache=True)
def _concave_straight(board, view, offset, check_taken):
    """The area of the "stair at end concave straight" rules at distance ``offset``: the obstacle
    found by ``row_obstacle``, its line running ahead, the gate ``row_gate`` from (1, 1) to it
    (its border fields empty when ``check_taken``), the area ahead of the gate counted (black =
    the colour of (1, 1)). Returns (found, vert, black, white)."""
    hori, vert = row_obstacle(board, view, offset)
    if hori == 0 or not runs_ahead(board, view, hori, vert):
        return False, 0, 0, 0
    gate = np.empty((4 * board[1][M_N] + 8, 2), dtype=np.int64)
    m = row_gate(1, vert, hori - 2, gate)
    if check_taken and inner_taken(board, view, gate, m):
        return False, 0, 0, 0
    ok, black, white = stair_area(board, view, gate, m, 1, -1)
    return ok, vert, black, white


@njit(cache=True)
def check_stair_at_end_concave_straight_3(board, frame, forbidden):
    """``StairAtEndConcaveStraight3`` (the author's examples 2024_0619, 2025_0527, 2025_0527_1,
    2026_0302_4, 2026_0302_5: a mid-across obstacle; 2024_0717_2: across): per side, as is and
    turned left, the obstacle exactly 3 beyond its row (no stair needed), the area ahead of the
    gate one white cell up; with the straight cell taken for the moment, ``check_corner`` from
    there (mirrored) finds an area that cannot be entered later: forbid straight."""
    for i in range(4):
        view = rule_frame(frame, i // 2, i % 2, True)
        ok, vert, black, white = _concave_straight(board, view, 3, False)
        if not (ok and white - black == 1):
            continue
        if stair_corner(board, view, 0, 1, 1, 1, 0, 1, 1, 0, 0)[0]:
            S(forbidden, view, STAIR_END_CONCAVE_STRAIGHT_3)


@njit(cache=True)
def check_stair_at_end_concave_straight_4(board, frame, forbidden):
    """``StairAtEndConcaveStraight4`` (the author's examples 2024_0717_2, 2025_0522_1): per side,
    as is and turned left, the nearest closed corner of the quarter ahead-left whose column lies
    3 beyond its row, at (vert + 3, vert), the cells (k, k + 1) below its row and its row up to it
    empty, its line running on to the left; the gate from (0, 1) -- a stair up and left, then
    along the row -- empty; the area ahead of it holding ``vert`` more white cells than black
    (black = the colour that (0, 1) is not) and a close mid-across or across obstacle closing the
    small area at (vert - 1, vert), mirrored: forbid straight."""
    n = board[1][M_N]
    dists = corner_columns(board, frame, 3, 3)
    for i in range(4):
        view = rule_frame(frame, i // 2, i % 2, True)
        dist = dists[i // 2, i % 2]
        if dist >= n:
            continue
        hori, vert = dist, dist - 3
        empty = _stair_row_empty(board, view, 0, dist, vert, 1)
        if not empty or idx(board, view, hori, vert) <= idx(board, view, hori + 1, vert):
            continue
        gate = np.empty((4 * n + 8, 2), dtype=np.int64)
        m = row_gate(0, vert, hori - 2, gate)
        if inner_taken(board, view, gate, m):
            continue
        ok, first, other = stair_area(board, view, gate, m, 1, -1)
        black, white = other, first  # the author's type 3: black is the other colour
        if ok and white - black == vert and near_small(board, view, vert - 1, vert, 1, 0, True, 1):
            S(forbidden, view, STAIR_END_CONCAVE_STRAIGHT_4)


@njit(cache=True)
def check_stair_at_end_concave_straight_5(board, frame, forbidden):
    """``StairAtEndConcaveStraight5`` (the author's examples 2024_0618, 2024_0717_1, 2025_0525,
    2026_0304_4: the obstacle is a closed corner; 2024_0818, 2025_0720, 2026_0301, 2026_0302_1,
    2026_0304_7: a straight wall -- "the second obstacle is inside and seen at the first white
    field where we enter the area if we should enter it later"). Per side, as is and turned
    right: the obstacle exactly 5 beyond its row (``row_obstacle``: each row before it empty for
    more than 5 beyond), its line running on ahead (or, a border, the border running back). The
    gate: a stair from (1, 1) up and left to row ``vert``, then along that row to the obstacle,
    its border fields empty; the area ahead of it holding one more white cell than black (black
    = the colour of (1, 1)). With the stair (k + 1, k), k < vert, taken for the moment (the walk
    along it), if ``check_corner`` at (vert + 1, vert), mirrored, finds an area there that cannot
    be entered later: forbid left and back of the frame."""
    for i in range(4):
        view = rule_frame(frame, i // 2, i % 2, False)
        ok, vert, black, white = _concave_straight(board, view, 5, True)
        if not (ok and white - black == 1):
            continue
        if stair_corner(board, view, 1, 0, 1, vert, vert + 1, vert, 1, 0, 0)[0]:
            L(forbidden, view, STAIR_END_CONCAVE_STRAIGHT_5)
            BACK(forbidden, view, STAIR_END_CONCAVE_STRAIGHT_5)


@njit(cache=True)
def check_stair_at_end_concave_straight_6(board, frame, forbidden):
    """``StairAtEndConcaveStraight6`` (the author's example 2026_0302): per side, as is and turned
    right, the obstacle exactly 6 beyond its row, the area ahead of the gate holding ``vert`` more
    black cells than white and a close mid-across obstacle closing the small area at (vert + 2,
    vert), mirrored; with (vert + 1, vert + 1) and (vert + 1, vert) taken for the moment,
    ``check_corner`` at (vert + 1, vert), mirrored and turned round, finds an area that cannot
    be entered later: forbid straight."""
    for i in range(4):
        view = rule_frame(frame, i // 2, i % 2, False)
        ok, vert, black, white = _concave_straight(board, view, 6, True)
        if not (ok and black - white == vert and near_small(board, view, vert + 2, vert, 1, 0, True, 0)):
            continue
        old1 = take_cell(board, view, vert + 1, vert + 1, 0)
        old2 = take_cell(board, view, vert + 1, vert, 1)
        fired = check_corner(board, view, vert + 1, vert, 1, 3, True, 2)
        untake_cell(board, view, vert + 1, vert, old2)
        untake_cell(board, view, vert + 1, vert + 1, old1)
        if fired:
            S(forbidden, view, STAIR_END_CONCAVE_STRAIGHT_6)


@njit(cache=True)
def _concave_out_area(board, view, dist, offset, left):
    """The area of the "stair at end concave out" rules, the closed corner at (hori, vert) =
    (dist, dist - ``offset``), at least ``offset`` + 2 ahead, its line running on ahead from it
    (frame turned left when ``left``, else right); the diagonal below it and the row vert - 1
    empty (``_stair_row_empty``); the gate from (1, 1) -- a stair up and left to row vert - 1,
    then along it to (hori - 1, vert - 1) -- and the area ahead of it counted (black = the colour
    of (1, 1)). Returns (ok, black, white)."""
    hori, vert = dist, dist - offset
    if dist < offset + 2 or dist >= board[1][M_N]:
        return False, 0, 0
    if left:
        ahead, here = idx(board, view, hori, vert), idx(board, view, hori + 1, vert)
    else:
        ahead, here = idx(board, view, hori, vert + 1), idx(board, view, hori, vert)
    if ahead <= here or not _stair_row_empty(board, view, 1, dist, vert - 1, 0):
        return False, 0, 0
    gate = np.empty((4 * board[1][M_N] + 8, 2), dtype=np.int64)
    m = row_gate(1, vert - 1, hori - 2, gate)
    return stair_area(board, view, gate, m, 1, -1)


@njit(cache=True)
def check_stair_at_end_concave_out_3(board, frame, forbidden):
    """``StairAtEndConcaveOut3`` (the author's example 2024_0811): per side, as is and turned
    left, the nearest closed corner of the quarter ahead-left whose column lies 2 beyond its row,
    at (vert + 2, vert), its line running on ahead from it, the diagonal below and the row under
    it empty; the area ahead of the gate from (1, 1) (a stair up and left to row vert - 1, then
    along it) holding one more white cell than black (black = the colour of (1, 1)); with the
    straight cell taken for the moment, a close mid-across obstacle there closing the small area
    (mirrored): forbid straight."""
    dists = corner_columns(board, frame, 3, 2)
    for i in range(4):
        view = rule_frame(frame, i // 2, i % 2, True)
        ok, black, white = _concave_out_area(board, view, dists[i // 2, i % 2], 2, True)
        if not (ok and white == black + 1):
            continue
        old = take_cell(board, view, 0, 1, 0)
        fired = near_small(board, view, 0, 1, 1, 0, True, 0)
        untake_cell(board, view, 0, 1, old)
        if fired:
            S(forbidden, view, STAIR_END_CONCAVE_OUT_3)


@njit(cache=True)
def check_stair_at_end_concave_out_5(board, frame, forbidden):
    """``StairAtEndConcaveOut5`` (the author's examples 2024_0817: a mid-across start obstacle
    inside, 2026_0408: across; 2026_0304_2, 2026_0304_6: the end obstacle outside): per side, as
    is and turned right, the nearest closed corner of the quarter ahead-left whose column lies 4
    beyond its row, at (vert + 4, vert) with vert >= 2, its line running on ahead from it, the
    diagonal below and the row under it empty; the gate from (1, 1) -- a stair up and left to row
    vert - 1, then along it to (vert + 3, vert - 1) -- and the area ahead of it holding one more
    white cell than black (black = the colour of (1, 1)), with a close mid-across obstacle closing
    the small area at the gate's end (turned round, mirrored) or a close mid-across / across one
    at (vert, vert - 1) (mirrored): forbid left and back."""
    dists = corner_columns(board, frame, 1, 4)
    for i in range(4):
        view = rule_frame(frame, i // 2, i % 2, False)
        hori = dists[i // 2, i % 2]
        vert = hori - 4
        ok, black, white = _concave_out_area(board, view, hori, 4, False)
        if ok and white == black + 1 and (near_small(board, view, hori - 1, vert - 1, 1, 3, True, 0)
                                          or near_small(board, view, hori - 4, vert - 1, 1, 0, True, 1)):
            L(forbidden, view, STAIR_END_CONCAVE_OUT_5)
            BACK(forbidden, view, STAIR_END_CONCAVE_OUT_5)
