"""The labyrinth author's far-both-sides and side rules as his control set has them
(``CheckNearField``'s second half in ``Path_control.cs``; seed ``one-way-labyrinth-fodor.txt``,
"Far on both sides" and the side rules of "Just like moving near the edge, we need to disable
some fields if we are approaching an older section of the main line"; the book's 9 x 9 walkthrough
234 325 is where the far-side-up-and-down case was needed).

The universal port (``near_field``) reads the side rules as the near-field rules turned sideways; the
author's code lists them as concrete patterns, taken here as facts:

* far on both sides: a far straight, mid-across or across obstacle pair at distance 3 with its
  area on its own side, on both sides -> forbid S;
* side rules (only when no close rule matched on either side), per side, obstacles beside the
  walker at (2, 0), (2, +-1), (2, 2), (3, 0), (3, +-1..3): the close side straight / mid-across
  forbid L; the far side straight, mid-across and across patterns count the area above (or
  below) the side gate and forbid L when its parity is wrong, or when a C-shape waits behind;
  areas on both sides of the side obstacle ("far side up and down") forbid L.

Areas are flooded from the gate cells with the cells on the other side of the gate and the cell
beyond its far end blocked, as everywhere in the port.
"""

from __future__ import annotations

from .near_field import count_area_rel
from .walker import TB, L, S, T, idx, mirror, njit

FAR_BOTH_TABLE, SIDE_TABLE = 24, 25


@njit(cache=True)
def _parity(board, view, gate_rel, blocked_rel, odd):
    """CountAreaRel of type 1 (``odd``: the area is odd) or 0 (even) over the flooded area."""
    ok, size = count_area_rel(board, view, gate_rel, blocked_rel)
    return ok and size % 2 == (1 if odd else 0)


@njit(cache=True)
def any_close(board, frame):
    """Did any close rule of CheckNearField match (straight with its free sides, mid-across,
    across small or large) on either side? Then the author skips the side rules."""
    for side in range(2):
        view = frame if side == 0 else mirror(frame)
        if T(board, view, 0, 2) and T(board, view, 1, 2) and not T(board, view, 0, 1):
            if not T(board, view, 1, 1) and not T(board, view, -1, 1):
                return True
            continue
        if T(board, view, 1, 2) and not T(board, view, 0, 1) and not T(board, view, 1, 1):
            return True
        if T(board, view, 2, 2) and not T(board, view, 0, 1) and not T(board, view, 1, 1) \
                and not T(board, view, 2, 1):
            return True
    return False


@njit(cache=True)
def far_area_left(board, view):
    """A far obstacle pair at distance 3 on the left of ``view`` whose area lies on its own side
    (the author's farStraightLeft): the straight pair (0,3)&(1,3) with (1,2), (2,2) free, the
    mid-across pair (1,3)&(2,3) with (2,2) free, or the across pair (2,3)&(3,3)."""
    if (
        T(board, view, 0, 3)
        and T(board, view, 1, 3)
        and not T(board, view, 0, 2)
        and not T(board, view, 0, 1)
    ):
        return idx(board, view, 1, 3) > idx(board, view, 0, 3) and not T(board, view, 1, 2) \
            and not T(board, view, 2, 2)
    if (
        T(board, view, 1, 3)
        and T(board, view, 2, 3)
        and not T(board, view, 0, 2)
        and not T(board, view, 1, 2)
        and not T(board, view, 0, 1)
    ):
        return idx(board, view, 2, 3) > idx(board, view, 1, 3) and not T(board, view, 2, 2)
    if (
        T(board, view, 2, 3)
        and T(board, view, 3, 3)
        and not T(board, view, 0, 2)
        and not T(board, view, 1, 2)
        and not T(board, view, 2, 2)
        and not T(board, view, 0, 1)
    ):
        return idx(board, view, 3, 3) > idx(board, view, 2, 3)
    return False


@njit(cache=True)
def _up_parity_or_c(board, view):
    """The side area above the gate (1,1),(2,1) is odd, or a C-shape waits behind
    (TB(1,-2), !T(1,-1)): L cannot be taken."""
    if _parity(board, view, ((1, 1), (2, 1)), ((1, 0), (2, 0), (3, 1)), True):
        return True
    return TB(board, view, 1, -2) and not T(board, view, 1, -1)


@njit(cache=True)
def side_rules(board, view, forbidden):
    """The author's side rules on the left of ``view`` (see the module docstring)."""
    if T(board, view, 2, 0) and not T(board, view, 1, 0) and not T(board, view, 1, 1):
        if not T(board, view, 1, -1):
            L(forbidden, view, SIDE_TABLE)
        return
    if not T(board, view, 1, 0) and not T(board, view, 1, 1) \
            and (T(board, view, 2, 1) or (T(board, view, 2, -1) and not T(board, view, 1, -1))):
        L(forbidden, view, SIDE_TABLE)
        return
    if (
        T(board, view, 2, 2)
        and not T(board, view, 1, 0)
        and not T(board, view, 1, 1)
        and not T(board, view, 1, 2)
    ):
        return
    up = down = straight_up = straight_down = mid_up = mid_down = False
    free = not T(board, view, 1, 0) and not T(board, view, 1, 1) and not T(board, view, 1, 2)
    if T(board, view, 3, 0) and free:
        middle = idx(board, view, 3, 0)
        if T(board, view, 3, 1):
            straight_up = True
            if idx(board, view, 3, 1) > middle:
                up = True
                if _up_parity_or_c(board, view):
                    L(forbidden, view, SIDE_TABLE)
        if T(board, view, 3, -1):
            straight_down = True
            if idx(board, view, 3, -1) < middle:
                if _up_parity_or_c(board, view):
                    L(forbidden, view, SIDE_TABLE)
            else:
                down = True
    if not straight_up and not straight_down:
        if T(board, view, 3, 1) and T(board, view, 3, 2) and free:
            mid_up = True
            if idx(board, view, 3, 2) > idx(board, view, 3, 1):
                up = True
                if _up_parity_or_c(board, view):
                    L(forbidden, view, SIDE_TABLE)
        if T(board, view, 3, -1) and T(board, view, 3, -2) and not T(board, view, 1, -1) \
                and not T(board, view, 1, 0) and not T(board, view, 1, 1):
            mid_down = True
            if idx(board, view, 3, -2) < idx(board, view, 3, -1):
                if _parity(board, view, ((1, 0), (2, 0)), ((1, -1), (2, -1), (3, 0)), True) \
                        or T(board, view, 1, -2):
                    L(forbidden, view, SIDE_TABLE)
            else:
                down = True
    if not straight_up and not mid_up and T(board, view, 3, 2) and T(board, view, 3, 3) and free \
            and idx(board, view, 3, 3) > idx(board, view, 3, 2):
        up = True
        if _up_parity_or_c(board, view):
            L(forbidden, view, SIDE_TABLE)
    if not straight_down and not mid_down and T(board, view, 3, -2) and T(board, view, 3, -3) \
            and not T(board, view, 1, -1) and not T(board, view, 1, 0) and not T(board, view, 1, 1) \
            and not T(board, view, 2, -2):
        if idx(board, view, 3, -3) < idx(board, view, 3, -2):
            if _parity(board, view, ((1, 0), (2, 0), (2, -1)), ((1, -1), (2, -2)), False) \
                    or T(board, view, 1, -2):
                L(forbidden, view, SIDE_TABLE)
        else:
            down = True
    if up and down:
        L(forbidden, view, SIDE_TABLE)


@njit(cache=True)
def check_side_table(board, frame, forbidden):
    """Far on both sides, then (no close rule on either side) the side rules on each side."""
    if far_area_left(board, frame) and far_area_left(board, mirror(frame)):
        S(forbidden, frame, FAR_BOTH_TABLE)
    if any_close(board, frame):
        return
    for side in range(2):
        side_rules(board, frame if side == 0 else mirror(frame), forbidden)
