"""The labyrinth author's "stair at start convex in / out" rules (``large``
group).

Reference ``../shared/reference/hamiltonian.md`` 3.3, "Newer cascade": the first stair rules of
his newer engine, ``StairAtStartConvexIn2`` and ``...In3`` (his ``...In4`` is empty), and, after
the straight ones, ``StairAtStartConvexOut2`` and ``...Out3``. The facts
(which corner, which cells must be empty, the gate, the colour balances, which moves are
forbidden) are read from the author's ``Path.cs`` (``fodorbalint/OneWayLabyrinth``, no licence:
no code taken) and written in this port's frame terms (``walker``: ``rel(a, b)`` at left offset a,
straight offset b).

The shape: as for the stairs at start convex straight (``at_start_straight``), a diagonal stair climbs
up and left to a closed corner whose line runs on to the left, but it starts in the column to the
right of the walker: (-1, 1), (-1, 2), ... then (k - offset, k) up to the corner at (hori, vert) =
(dist - offset, dist). The area left of that stair, the straight cell in it and the right cell
outside, decides by its colour balance and the obstacles at the stair's foot whether the walker
may still step straight (or right). In the "out" variant the stair starts in the column to the
left, (1, 1), (1, 2), ... then (k - offset, k), and the area between it and the corner's wall,
the left cell in it and the straight cell outside, cannot be entered now.
"""

from __future__ import annotations

from ..walker import BACK, L, R, S, njit
from .at_start_straight import start_stair_area
from .corner_check import stair_corner
from .corners import frame_hit
from .gates import near_small

STAIR_START_CONVEX_IN_2, STAIR_START_CONVEX_IN_3 = 49, 50
STAIR_START_CONVEX_OUT_2, STAIR_START_CONVEX_OUT_3 = 52, 53


@njit(cache=True)
def _foot_closed(board, view, top, vert, hori):
    """With the stair walked down for the moment from (top, vert - 1) to (-1, 2) -- ``hori + 1``
    cells -- a corner at (-1, 2) (``check_corner``, turned as the big area) and a close obstacle
    there closing the small area (turned down, mirrored): the area left of the stair cannot be
    entered later."""
    return stair_corner(board, view, top, vert - 1, -1, hori + 1, -1, 2, 0, 2, 2)[1]


@njit(cache=True)
def check_stair_at_start_convex_in_2(board, frame, forbidden):
    """``StairAtStartConvexIn2`` (the author's examples 2024_0727_3: mid-across left, across
    right; 2024_0724: across up, mid-across down; 2024_0725_2: area up, mid-across down): per
    side, as is and turned left, the stair at start "in" 3 beyond its column, the area left of it
    balanced; with the diagonal from (hori - 1, vert - 1) down to (-1, 2) taken for the moment,
    the stair's foot closed (``_foot_closed``): forbid straight (and left, as is)."""
    hits = start_stair_area(board, frame, -1, 3)
    for i in range(4):
        view, hori, vert, diff = frame_hit(frame, hits, i, True)
        if hori != 0 and diff == 0 and _foot_closed(board, view, hori - 1, vert, hori):
            S(forbidden, view, STAIR_START_CONVEX_IN_2)
            if i % 2 == 0:
                L(forbidden, view, STAIR_START_CONVEX_IN_2)


@njit(cache=True)
def check_stair_at_start_convex_in_3(board, frame, forbidden):
    """``StairAtStartConvexIn3`` (the author's examples 2024_0725_6: mid-across down, mid-across
    up; 2024_0726_1: across, mid-across; 2024_0726_2: mid-across, area; 2026_0410: mid-across,
    mid-across): per side, as is and turned left, the stair at start "in" 4 beyond its column.
    ``hori + 1`` more black cells than white: with the diagonal from (hori, vert - 1) down to
    (0, 3) taken for the moment, the stair's foot closed at (-1, 2) (``_foot_closed``): forbid
    straight (and left, as is). Balanced, with close mid-across obstacles closing the small area
    at (-1, 3) (turned as the big area) and the big area at (-1, 1) (turned down, mirrored):
    forbid right (and back, turned)."""
    hits = start_stair_area(board, frame, -1, 4)
    for i in range(4):
        view, hori, vert, diff = frame_hit(frame, hits, i, True)
        if hori == 0:
            continue
        if diff == hori + 1:
            if _foot_closed(board, view, hori, vert, hori):
                S(forbidden, view, STAIR_START_CONVEX_IN_3)
                if i % 2 == 0:
                    L(forbidden, view, STAIR_START_CONVEX_IN_3)
        elif diff == 0 and near_small(board, view, -1, 3, 0, 2, True, 0) \
                and near_small(board, view, -1, 1, 1, 1, False, 0):
            R(forbidden, view, STAIR_START_CONVEX_IN_3)
            if i % 2 == 1:
                BACK(forbidden, view, STAIR_START_CONVEX_IN_3)


@njit(cache=True)
def check_stair_at_start_convex_out(board, frame, forbidden):
    """``StairAtStartConvexOut2`` (the author's examples 2024_0529_5: across; 2024_0602,
    2024_0610, 2024_0610_1: mid-across; 2024_0625_1, 2024_0611_2: an area; 2024_0712: a stair
    and an area) and ``...Out3`` (2024_0529_3, 2024_0610_2, 2024_0610_3, 2024_0716_1: across;
    9_743059_1: mid-across; 2024_0625, 2024_0720_1: an area): per side, as is and turned right,
    the stair at start "out" 1 (Out2) / 2 (Out3) beyond its column, the area beside it balanced
    (Out2) / holding hori - 1 more black cells (Out3); with the stair from its top down to (1, 2)
    taken for the moment, a corner at (1, 2) (``check_corner``, turned as the big area) closing
    the small area: the area cannot be entered now -- forbid left (and back, turned)."""
    for offset in range(1, 3):
        hits = start_stair_area(board, frame, 1, offset)
        for i in range(4):
            view, hori, vert, diff = frame_hit(frame, hits, i, False)
            if hori == 0 or diff != (0 if offset == 1 else hori - 1):
                continue
            count = hori - 1 if offset == 1 else hori
            if stair_corner(board, view, count, vert - 1, -1, count, 1, 2, 0, 2, 0)[0]:
                rule = STAIR_START_CONVEX_OUT_2 if offset == 1 else STAIR_START_CONVEX_OUT_3
                L(forbidden, view, rule)
                if i % 2 == 1:
                    BACK(forbidden, view, rule)
