"""The labyrinth author's stair-at-end rules along open corners (``large``
group): ``StairAtEndConvexIn2/3/4`` and ``StairAtEndConcaveIn2/3/4/5``.

Seed ``one-way-labyrinth-fodor.txt``: "As the table size increases, the stair-obstacle narrowing
can move infinite distance away from the live end" and "6. End obstacle outside at x and y
distance"; reference ``../shared/reference/hamiltonian.md`` 3.3, "Newer cascade": after the
stairs at start, ``StairAtEndConvexIn2`` ... ``StairAtEndConvexIn4`` (then ``at_end_convex``).
The facts (which open corners the discovery must find, which cells must be empty, the colour
balances, which moves are forbidden) are read from the author's ``Path.cs``
(``fodorbalint/OneWayLabyrinth``, no licence: no code taken) and written in this port's frame
terms (``walker``: ``rel(a, b)`` at left offset a, straight offset b).

The shape: ahead-left of the live end the wall is a stair of *open* corners (the wall turns away
from the walker at each step), each ``offset`` columns beyond its row, up to the furthest one at
(hori, vert) = (dist, dist - offset); the line runs into that corner from its left. The gate from
(1, 1) -- a diagonal stair up and left, then along row vert + 1 to (hori - 1, vert + 1) -- closes
the area between the walker and the wall stair; its colour balance and the obstacles at the gate's
far end decide whether the area must be entered now (left) or later (straight, right). In the
concave variant the line runs out of the corner to its left and the area counted is the one ahead
of the gate.
"""

from __future__ import annotations

import numpy as np

from ..walker import M_N, B, S, T, border_index, idx, njit, rule_frame
from .corner_check import check_corner
from .corners import corner_hits, frame_hit, open_stair
from .gates import (
    diagonal_gate,
    forbid_later,
    forbid_now,
    gate_area,
    inner_taken,
    near_small,
    row_gate,
    take_cell,
    untake_cell,
)

STAIR_END_CONVEX_IN_2, STAIR_END_CONVEX_IN_3, STAIR_END_CONVEX_IN_4 = 33, 34, 35
STAIR_END_CONCAVE_IN_5 = 38
STAIR_END_CONCAVE_IN_2, STAIR_END_CONCAVE_IN_3, STAIR_END_CONCAVE_IN_4 = 45, 46, 47


@njit(cache=True)
def _convex_area(board, view, dist, offset):
    """The area of the stair at end convex rules: the stair's end corner at (hori, vert) = (dist,
    dist - offset), the diagonal (k, k) up to row vert + 1 and that row to column dist - 1 empty,
    the line running into the corner from its left; the gate from (1, 1) (the diagonal stair
    (k, k - 1), (k, k), then row vert + 1) free; the area behind it (towards the wall stair)
    counted (closed at (hori, vert + 1), where the gate's end touches the corner diagonally),
    black = the colour of (1, 1). Returns (ok, hori, vert, black, white)."""
    t = offset - 2
    for k in range(1, dist):
        if T(board, view, k, k if k < dist - t else dist - t - 1):
            return False, 0, 0, 0, 0
    hori, vert = dist, dist - offset
    if idx(board, view, hori, vert) <= idx(board, view, hori + 1, vert):
        return False, 0, 0, 0, 0
    gate = np.empty((2 * dist + 4, 2), dtype=np.int64)
    m = diagonal_gate(gate, hori, hori - offset + 1, vert + 1)
    gate[m, 0], gate[m, 1] = hori - 1, vert + 1
    if inner_taken(board, view, gate, m + 1):
        return False, 0, 0, 0, 0
    m += 1
    extra = np.empty((1, 2), dtype=np.int64)
    extra[0, 0], extra[0, 1] = hori, vert + 1  # beside the gate's end, above the corner
    ok, black, white = gate_area(board, view, gate, m, -1, 1, extra, False)
    return ok, hori, vert, black, white


@njit(cache=True)
def _each_convex(board, frame, offset, hits):
    """Per side and frame j (``hits[side * 2 + j]``): (hori, vert, black, white) of the convex
    area at ``offset``, hori = 0 where there is none."""
    n = board[1][M_N]
    ok, out, counts = corner_hits(board, frame, hits)
    if not ok:
        return
    for i in range(4):
        side, j = i // 2, i % 2
        dist = open_stair(out, counts, side, j, 1, offset, n)
        if dist >= n:
            continue
        view = rule_frame(frame, side, j, False)
        ok, hori, vert, black, white = _convex_area(board, view, dist, offset)
        if ok:
            hits[i, 0], hits[i, 1], hits[i, 2], hits[i, 3] = hori, vert, black, white


@njit(cache=True)
def check_stair_at_end_convex_in_2(board, frame, forbidden):
    """``StairAtEndConvexIn2`` (the author's examples 2026_0302_3, 2026_0404, 2026_0408_1,
    2026_0408_9; reached by his Sequence too: 9_232080, 2024_0516, 2024_0704, 2024_1014,
    2024_0531): the open-corner stair 3 beyond its rows, the area holding ``vert`` more black
    cells than white, at the gate's end (hori - 1, vert + 1) a close obstacle or a corner
    (``check_corner``) closing the small area: if a close mid-across / across obstacle closes the
    small area there on the mirrored side too, the area cannot be entered now: forbid left (and
    back, turned). Else (his case 2, examples 2024_0805, 2024_0808), with the stair longer than
    one step, the right cell taken, the three cells right of it ahead (-2, 1..3) blocked, (-1, 1)
    and (-1, 3) empty and a close mid-across closing the small area at (0, 3): forbid straight."""
    hits = np.zeros((4, 4), dtype=np.int64)
    _each_convex(board, frame, 3, hits)
    for i in range(4):
        view, hori, vert, diff = frame_hit(frame, hits, i, False)
        if hori == 0 or diff != vert:
            continue
        if not (near_small(board, view, hori - 1, vert + 1, 0, 0, True, 2)
                or check_corner(board, view, hori - 1, vert + 1, 0, 0, True, 0)):
            continue
        if near_small(board, view, hori - 1, vert + 1, 1, 0, True, 1):
            forbid_now(forbidden, view, i % 2 == 1, STAIR_END_CONVEX_IN_2)
        elif hori > 3 and T(board, view, -1, 0) and _wall(board, view, -2, 1) and _wall(board, view, -2, 2) \
                and _wall(board, view, -2, 3) and not T(board, view, -1, 1) and not T(board, view, -1, 3) \
                and near_small(board, view, 0, 3, 0, 0, True, 0):
            S(forbidden, view, STAIR_END_CONVEX_IN_2)


@njit(cache=True)
def _wall(board, view, a, b):
    return T(board, view, a, b) or B(board, view, a, b)


@njit(cache=True)
def check_stair_at_end_convex_in_3(board, frame, forbidden):
    """``StairAtEndConvexIn3`` (the author's examples 2024_0718, 2024_0720_2, 2024_0709,
    2024_0727, 2026_0410_4; with three obstacles 2024_0731, 2024_0811_3): the open-corner stair 4
    beyond its rows. A balanced area (W = B): with the gate's end (hori - 1, vert + 1) taken for
    the moment, a corner (``check_corner``) or close obstacle there closing the small area, and a
    close mid-across / across obstacle closing the big area at (hori - 3, vert + 1), mirrored --
    or, with the stair longer than one step, a close mid-across at (hori - 4, vert + 2) and an
    obstacle at (hori - 6, vert + 2) (the cell between empty) whose line closes that area too:
    the area cannot be entered later: forbid straight (and right, as is). An area holding vert + 1
    more black cells than white with close obstacles closing the small area at (hori - 2,
    vert + 1) on both sides: it cannot be entered now: forbid left (and back, turned)."""
    hits = np.zeros((4, 4), dtype=np.int64)
    _each_convex(board, frame, 4, hits)
    for i in range(4):
        view, hori, vert, diff = frame_hit(frame, hits, i, False)
        if hori == 0:
            continue
        if diff == 0:
            old = take_cell(board, view, hori - 1, vert + 1, 0)
            later = False
            if check_corner(board, view, hori - 1, vert + 1, 0, 0, True, 1) \
                    or near_small(board, view, hori - 1, vert + 1, 0, 0, True, 2):
                if near_small(board, view, hori - 3, vert + 1, 1, 0, False, 1):
                    later = True
                elif (
                    hori > 4
                    and near_small(board, view, hori - 4, vert + 2, 0, 0, True, 0)
                    and _wall(board, view, hori - 6, vert + 2)
                    and not _wall(board, view, hori - 5, vert + 2)
                ):
                    i1 = idx(board, view, hori - 6, vert + 2)
                    i2 = idx(board, view, hori - 7, vert + 2)
                    if i1 == -1:
                        i1 = border_index(board, view, hori - 6, vert + 2)
                        i2 = border_index(board, view, hori - 6, vert + 3)
                    later = i2 > i1
            untake_cell(board, view, hori - 1, vert + 1, old)
            if later:
                forbid_later(forbidden, view, i % 2 == 1, STAIR_END_CONVEX_IN_3)
        elif diff == vert + 1 and near_small(board, view, hori - 2, vert + 1, 0, 0, True, 1) \
                and near_small(board, view, hori - 2, vert + 1, 1, 0, True, 1):
            forbid_now(forbidden, view, i % 2 == 1, STAIR_END_CONVEX_IN_3)


@njit(cache=True)
def check_stair_at_end_convex_in_4(board, frame, forbidden):
    """``StairAtEndConvexIn4`` (the author's examples 2024_0626_1, 2026_0404_1, 2024_0730,
    2024_0729_3, 2026_0404_3; with a stair 2026_0519_1): the open-corner stair 5 beyond its rows,
    the area holding one more white cell than black; with (hori - 1, vert) taken for the moment,
    a corner (``check_corner``) at (hori - 2, vert + 1) closing the small area and a close
    mid-across / across obstacle closing the big area at (hori - 4, vert + 1), mirrored: the
    area cannot be entered later: forbid straight (and right, as is)."""
    hits = np.zeros((4, 4), dtype=np.int64)
    _each_convex(board, frame, 5, hits)
    for i in range(4):
        view, hori, vert, diff = frame_hit(frame, hits, i, False)
        if hori == 0 or diff != -1:
            continue
        old = take_cell(board, view, hori - 1, vert, 0)
        later = check_corner(board, view, hori - 2, vert + 1, 0, 0, True, 1) \
            and near_small(board, view, hori - 4, vert + 1, 1, 0, False, 1)
        untake_cell(board, view, hori - 1, vert, old)
        if later:
            forbid_later(forbidden, view, i % 2 == 1, STAIR_END_CONVEX_IN_4)


@njit(cache=True)
def _concave_in(board, frame, offset, left, hits):
    """Per side and frame j (``hits[side * 2 + j]``; turned left when ``left``, else right):
    (hori, vert, black, white) of the "stair at end concave in" area, hori = 0 where there is
    none: the open-corner stair ``offset`` beyond its rows, the diagonal and row vert + 1 empty as
    for the convex rules, but the line running out of the corner (hori, vert) to its left; the
    gate from (1, 1) -- up, a stair up and left, then along row vert + 1 to (hori - 1, vert + 1)
    -- free, the area ahead of it counted (black = the colour of (1, 1); the cell beside the
    gate's end, ahead of the corner, belongs to it)."""
    n = board[1][M_N]
    ok, out, counts = corner_hits(board, frame, hits)
    if not ok:
        return
    gate = np.empty((4 * n + 8, 2), dtype=np.int64)
    for i in range(4):
        side, j = i // 2, i % 2
        dist = open_stair(out, counts, side, j, 3 if left else 1, offset, n)
        if dist >= n:
            continue
        view = rule_frame(frame, side, j, left)
        empty = True
        for k in range(1, dist):
            if T(board, view, k, k if k < dist - offset + 2 else dist - offset + 1):
                empty = False
        hori, vert = dist, dist - offset
        if not empty or idx(board, view, hori + 1, vert) <= idx(board, view, hori, vert):
            continue
        m = row_gate(1, vert + 1, hori - 2, gate)
        if inner_taken(board, view, gate, m):
            continue
        ok, black, white = gate_area(board, view, gate, m, 1, -1, gate[:0], True)
        if ok:
            hits[i, 0], hits[i, 1], hits[i, 2], hits[i, 3] = hori, vert, black, white


@njit(cache=True)
def check_stair_at_end_concave_in(board, frame, forbidden):
    """``StairAtEndConcaveIn2`` (the author's examples 2024_0717_4, 2024_0729_2), ``...In3``
    (2024_0716) -- per side, as is and turned left -- and ``...In4`` (2024_0814, 2024_0619_1,
    2024_0729_1, 2024_0729_4, 2024_0820) -- as is and turned right --, each on the area ahead of
    the concave open-corner stair (``_concave_in``, offset 3 / 4 / 5) holding one more white cell
    than black. In2: close obstacles closing the small area at (hori - 3, hori - 2) (mirrored)
    and the big area at (hori - 1, hori - 2): forbid straight. In3: the same one row lower.
    In4: a C-shape or close obstacle closing the big area at the gate's end and a close obstacle
    closing the small area at (hori - 3, vert + 1), mirrored: forbid left (and back, turned)."""
    hits = np.zeros((4, 4), dtype=np.int64)
    for offset in range(3, 5):
        _concave_in(board, frame, offset, True, hits)
        for i in range(4):
            view, hori, vert, diff = frame_hit(frame, hits, i, True)
            if hori == 0 or diff != -1:
                continue
            row = hori - 2 if offset == 3 else hori - 3
            if near_small(board, view, hori - 3, row, 1, 0, True, 1) \
                    and near_small(board, view, row + 1, row, 0, 0, False, 1):
                S(forbidden, view, STAIR_END_CONCAVE_IN_2 if offset == 3 else STAIR_END_CONCAVE_IN_3)
    _concave_in(board, frame, 5, False, hits)
    for i in range(4):
        view, hori, vert, diff = frame_hit(frame, hits, i, False)
        if hori == 0 or diff != -1:
            continue
        if near_small(board, view, hori - 1, vert + 1, 0, 0, False, 2) \
                and near_small(board, view, hori - 3, vert + 1, 1, 0, True, 1):
            forbid_now(forbidden, view, i % 2 == 1, STAIR_END_CONCAVE_IN_4)


@njit(cache=True)
def check_stair_at_end_concave_in_5(board, frame, forbidden):
    """``StairAtEndConcaveIn5`` (the author's examples, one white more: 2024_0714, 2026_0410_6;
    vert + 1 black more with three obstacles: 2026_0408_8): per side, as is and turned right, the
    area of ``_concave_in`` at offset 6. One more white: a close mid-across closing the big area
    at (hori - 2, vert + 1) and a close mid-across / across closing the small area at (hori - 4,
    vert + 1), mirrored: forbid left (and back, turned). Vert + 1 more black: close mid-across
    obstacles at (hori - 1, vert + 1) (big area), (hori - 3, vert + 1) (mirrored) and a
    mid-across / across at (hori - 4, vert + 1) (mirrored, turned round): forbid straight (and
    right, as is)."""
    hits = np.zeros((4, 4), dtype=np.int64)
    _concave_in(board, frame, 6, False, hits)
    for i in range(4):
        view, hori, vert, diff = frame_hit(frame, hits, i, False)
        if hori == 0:
            continue
        if diff == -1 and near_small(board, view, hori - 2, vert + 1, 0, 0, False, 0) \
                and near_small(board, view, hori - 4, vert + 1, 1, 0, True, 1):
            forbid_now(forbidden, view, i % 2 == 1, STAIR_END_CONCAVE_IN_5)
        elif diff == vert + 1 and near_small(board, view, hori - 1, vert + 1, 0, 0, False, 0) \
                and near_small(board, view, hori - 3, vert + 1, 1, 0, True, 0) \
                and near_small(board, view, hori - 4, vert + 1, 1, 3, True, 1):
            forbid_later(forbidden, view, i % 2 == 1, STAIR_END_CONCAVE_IN_5)
