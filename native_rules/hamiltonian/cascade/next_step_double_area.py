"""The labyrinth author's "next step double area" (``large`` group, ``next-step-double-area``).

His newer engine (``Path.cs ApplyRules``, after ``CheckCShapeNext``, ``CheckStraight``,
``CheckLeftRightAreaUp`` and ``CheckLeftRightCorner``; reference ``../shared/reference/
hamiltonian.md`` 3.3 "Newer cascade") records, per side, the frame in which an area can only be
entered at the step *after* the next one; when the two sides need the same next step for two
different areas, that step is forbidden. Facts read from his ``Path.cs``
(``fodorbalint/OneWayLabyrinth``, no licence: no code taken), in this port's frame terms.
"""

from __future__ import annotations

import numpy as np

from .stairs.corner_check import corner_stair_gate
from .stairs.corners import MAX_CORNERS, QUARTERS, closed_corners
from .stairs.gates import stair_area
from .walker import TB, L, R, S, T, idx, mirror, njit, turn_right

NEXT_STEP_DOUBLE_AREA = 55


@njit(cache=True)
def _record(cur, j):
    """His precedence when one side finds several frames: 1 (turned right) over 0 (as is) over 3
    (turned left)."""
    if cur == -1 or (cur == 3 and (j == 0 or j == 1)) or (cur == 0 and j == 1):
        return j
    return cur


@njit(cache=True)
def _frame(frame, side, j):
    view = frame if side == 0 else mirror(frame)
    for _ in range(j):
        view = turn_right(view)
    return view


@njit(cache=True)
def check_next_step_double_area(board, frame, forbidden):
    """Per side (as is, mirrored) and frame j (turned right j times; j = 2, whose "later" is the
    step back, is skipped) an area ahead-left of frame j that the walk, once in the frame's
    straight cell, must enter at once:

    * ``CheckCShapeNext`` (his examples 2024_0611_5..8): (1, 0) taken, (1, 1) not taken, (2, 1)
      taken or border -- a C-shape at (1, 1) one step ahead;
    * ``CheckLeftRightAreaUp`` at distance 3 (9_465): the nearest closed corner in the column
      beside at (1, 3), (0, 1..2) and (1, 1..2) not taken, its line running on from (2, 3) (the
      small area), the area behind the gate (1, 1)-(1, 2) balanced -- it can be entered later,
      but from (0, 1) only at once;
    * ``CheckLeftRightCorner`` with the area enterable later (2024_0611_7/8, 2024_0726_3): a
      closed corner at (2, 3) with the area under the stair gate from (1, 1) balanced, or at
      (2, 4) / (3, 4) with one white fewer (black = the live end's colour); his close across
      small ((2, 2), line running on, as is) ends this search, as in his code.

    Both sides as is: forbid straight; one side turned right and the other turned left (both
    frames look along the same neighbour): forbid that neighbour -- right when the left side's
    frame is the one turned right, else left."""
    out = np.zeros((4, MAX_CORNERS, 2), dtype=np.int64)
    counts = np.zeros(4, dtype=np.int64)
    have = closed_corners(board, frame, out, counts)
    gate = np.empty((16, 2), dtype=np.int64)
    enter = np.full(2, -1, dtype=np.int64)
    for side in range(2):  # CheckCShapeNext
        for j in (0, 1, 3):
            view = _frame(frame, side, j)
            if T(board, view, 1, 0) and not T(board, view, 1, 1) and TB(board, view, 2, 1):
                enter[side] = _record(enter[side], j)
    if not have:
        return _resolve(frame, forbidden, enter)
    for side in range(2):  # CheckLeftRightAreaUp, distance 3
        for j in (0, 1, 3):
            q = QUARTERS[side, j]
            dist = board[1][0]
            for k in range(counts[q]):
                a, b = (out[q, k, 0], out[q, k, 1]) if j == 0 else (out[q, k, 1], out[q, k, 0])
                if a == 1 and b < dist:
                    dist = b
            if dist != 3:
                continue
            view = _frame(frame, side, j)
            if T(board, view, 0, 1) or T(board, view, 1, 1) or T(board, view, 0, 2) or T(board, view, 1, 2):
                continue
            if idx(board, view, 2, 3) <= idx(board, view, 1, 3):
                continue
            m = corner_stair_gate(board, view, 2, 3, gate)
            ok, black, white = stair_area(board, view, gate, m, -1, 1)
            if ok and white == black:
                enter[side] = _record(enter[side], j)
    for side in range(2):  # CheckLeftRightCorner, "can enter later"
        for j in range(4):
            q = QUARTERS[side, j]
            view = _frame(frame, side, j)
            for k in range(counts[q]):
                hori, vert = (out[q, k, 0], out[q, k, 1]) if j % 2 == 0 else (out[q, k, 1], out[q, k, 0])
                if hori == 1 or vert == 1 or idx(board, view, hori + 1, vert) <= idx(board, view, hori, vert):
                    continue
                if hori == 2 and vert == 2:
                    if j == 0:
                        return _resolve(frame, forbidden, enter)
                    continue
                if j == 2 or not (vert == 3 and hori == 2 or vert == 4 and (hori == 2 or hori == 3)):
                    continue
                m = corner_stair_gate(board, view, hori, vert, gate)
                if m < 0:
                    continue
                ok, black, white = stair_area(board, view, gate, m, -1, 1)
                if ok and white - black == (0 if vert == 3 else -1):
                    enter[side] = _record(enter[side], j)
    _resolve(frame, forbidden, enter)


@njit(cache=True)
def _resolve(frame, forbidden, enter):
    if enter[0] == 0 and enter[1] == 0:
        S(forbidden, frame, NEXT_STEP_DOUBLE_AREA)
    elif enter[0] == 1 and enter[1] == 3:
        R(forbidden, frame, NEXT_STEP_DOUBLE_AREA)
    elif enter[0] == 3 and enter[1] == 1:
        L(forbidden, frame, NEXT_STEP_DOUBLE_AREA)
