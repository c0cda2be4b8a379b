"""The labyrinth author's 9 x 9 rules, part 1: Double Area (``Check3DoubleArea`` and its rotated
first case; seed ``one-way-labyrinth-fodor.txt``, "There is an area with a straight border line of
maximum 3 fields, with the obstacle being in the upper left corner. The farthest border field
cannot be the exit, the line needs to go downwards from it, but another area is created with one
of the obstacles on the up side" and "The live end can be in 3 different positions in relation to
the area. All patterns can be rotated clockwise, but the first can also be rotated
counter-clockwise ... I call this group of rules Double Area"; the book's list: 462, Double Area
C-Shape, and the later Double C-Shape / Count Area 2 Across / ... cases it absorbs).

The facts (distances, the cells that must be empty, the colour balance, the forbidden move) are
read from the author's public repository (``Path_control.cs``), written here in the port's frame
terms (``walker``): T / idx at (left offset a, straight offset b). Each case:

* a *first area* on the frame's left behind a straight gate, the line through its corner obstacle
  running away from the gate (the author's index comparison);
* its colour balance (black = the colour of the gate's first cell): equal, or one more black in
  the third case -- so the line cannot leave the area at its far corner but one cell before it;
* at that exit, facing away from the area (the frame turned right), a close mid-across or across
  obstacle on the left (``near_field_small``): a second area that the exit cannot reach.

Then the move that would enter the first area at the wrong cell is forbidden. The area is counted
by flooding (``area.count_area``) from the gate cells, the cells on the other side of the gate and
the one beyond its far end blocked; a leak or the end corner in the area cancels the rule, as for
the universal area rules.
"""

from __future__ import annotations

import numpy as np

from .area import AREA_OK, count_area
from .walker import TB, T, forbid, idx, mirror, njit, rel, turn_right

DOUBLE_AREA, DOUBLE_AREA_ROTATED = 16, 17


@njit(cache=True)
def at_frame(view, a, b):
    """The ``view`` moved to its cell rel(a, b), facing the same way."""
    x, y = rel(view, a, b)
    return (x, y, view[2], view[3], view[4], view[5])


@njit(cache=True)
def close_across_small(board, view):
    """The author's CheckNearFieldSmall1: a close mid-across (T(1,2), !T(0,2), !T(1,1)) or across
    (T(2,2), !T(1,2), !T(2,1)) obstacle on the left whose line runs to the left (a small area
    there). Only the taken predicate, as in the original."""
    if T(board, view, 1, 2) and not T(board, view, 0, 2) and not T(board, view, 1, 1) \
            and idx(board, view, 2, 2) > idx(board, view, 1, 2):
        return True
    return T(board, view, 2, 2) and not T(board, view, 1, 2) and not T(board, view, 2, 1) \
        and idx(board, view, 3, 2) > idx(board, view, 2, 2)


@njit(cache=True)
def close_left_small(board, view):
    """The author's CheckNearFieldSmall1_5: ``close_across_small`` or a C-shape on the left
    (T or border at (2,0), (1,0) not taken)."""
    if TB(board, view, 2, 0) and not T(board, view, 1, 0):
        return True
    return close_across_small(board, view)


@njit(cache=True)
def gate_area(board, view, a0, b0, da, db, length, oa, ob, block_origin, block_end=True):
    """Count the area behind the straight gate rel(a0 + k*da, b0 + k*db), k < length: flood from
    the gate, blocking the cells at offset (oa, ob) from each gate cell (the other side), the cell
    beyond the gate's far end (unless ``block_end`` is False: the obstacle beside it closes the
    area and that cell belongs to it) and, with ``block_origin``, the frame's own cell (a walker
    standing there one step ahead). Black = the colour of the gate's first cell. Returns (ok,
    black, white)."""
    gate = np.empty((length, 2), dtype=np.int64)
    blocked = np.empty((length + 2, 2), dtype=np.int64)
    for k in range(length):
        a, b = a0 + k * da, b0 + k * db
        gate[k, 0], gate[k, 1] = rel(view, a, b)
        blocked[k, 0], blocked[k, 1] = rel(view, a + oa, b + ob)
    m = length
    if block_end:
        blocked[m, 0], blocked[m, 1] = rel(view, a0 + length * da, b0 + length * db)
        m += 1
    if block_origin:
        blocked[m, 0], blocked[m, 1] = view[0], view[1]
        m += 1
    status, _, black, white = count_area(board, gate, blocked[:m], gate, (gate[0, 0] + gate[0, 1]) % 2)
    return status == AREA_OK, black, white


@njit(cache=True)
def check_3_double_area(board, frame, forbidden):
    """Check3DoubleArea: the three live-end positions of the Double Area (each side; the frame as
    is and turned right -- the author's "rotated clockwise"). Cases (obstacle, empty cells, gate,
    balance, exit, forbidden):

    1. T(1,4), line to the left; !T (0,2..4), (1,1), (1,3); gate (0,1..3); B = W; exit (0,3);
       forbid S.
    2. T(2,3), line to the left; !T (1,0..3), (0,2), (2,2); gate (1,1..2); B = W; exit (1,2);
       forbid L.
    3. T(2,4), line to the left; !T (1,0..4), (2,1), (2,3); gate (1,1..3); B = W + 1; exit (1,2);
       forbid L.

    The first two can hold together: the smaller area (case 2) is examined, as the author does."""
    for side in range(2):
        view = frame if side == 0 else mirror(frame)
        for j in range(2):
            if j == 1:
                view = turn_right(view)
            case = 0
            if T(board, view, 2, 4) and not T(board, view, 1, 0) and not T(board, view, 1, 1) \
                    and not T(board, view, 1, 2) and not T(board, view, 1, 3) and not T(board, view, 1, 4) \
                    and not T(board, view, 2, 1) and not T(board, view, 2, 3) \
                    and idx(board, view, 3, 4) > idx(board, view, 2, 4):
                case = 3
            elif T(board, view, 2, 3) and not T(board, view, 1, 0) and not T(board, view, 1, 1) \
                    and not T(board, view, 1, 2) and not T(board, view, 1, 3) and not T(board, view, 0, 2) \
                    and not T(board, view, 2, 2) and idx(board, view, 3, 3) > idx(board, view, 2, 3):
                case = 2
            elif T(board, view, 1, 4) and not T(board, view, 0, 2) and not T(board, view, 0, 3) \
                    and not T(board, view, 0, 4) and not T(board, view, 1, 1) and not T(board, view, 1, 3) \
                    and idx(board, view, 2, 4) > idx(board, view, 1, 4):
                case = 1
            if case == 0:
                continue
            if case == 1:
                ok, black, white = gate_area(board, view, 0, 1, 0, 1, 3, -1, 0, False)
                want, exit_b, fa, fbb = 0, 3, 0, 1
            else:
                length = 2 if case == 2 else 3
                ok, black, white = gate_area(board, view, 1, 1, 0, 1, length, -1, 0, False)
                want, exit_b, fa, fbb = (0, 2, 1, 0) if case == 2 else (1, 2, 1, 0)
            if not ok or black != white + want:
                continue
            exit_a = 0 if case == 1 else 1
            if close_across_small(board, turn_right(at_frame(view, exit_a, exit_b))):
                forbid(forbidden, view, fa, fbb, DOUBLE_AREA)


@njit(cache=True)
def double_area_rotated(board, view, block_origin):
    """The first Double Area case rotated counter-clockwise, on the left of ``view``: T(4,-1), its
    line running backwards (idx(4,-2) > idx(4,-1)); !T (2,0), (3,0), (4,0), (1,-1), (3,-1); the
    gate (1..3, 0) with the area behind it balanced (B = W); at the gate's far end (3,0), facing
    the same way, ``close_across_small``. True when the pattern holds (the caller forbids)."""
    if not (T(board, view, 4, -1) and not T(board, view, 2, 0) and not T(board, view, 3, 0)
            and not T(board, view, 4, 0) and not T(board, view, 1, -1) and not T(board, view, 3, -1)
            and idx(board, view, 4, -2) > idx(board, view, 4, -1)):
        return False
    ok, black, white = gate_area(board, view, 1, 0, 1, 0, 3, 0, 1, block_origin)
    return ok and black == white and close_across_small(board, at_frame(view, 3, 0))


@njit(cache=True)
def check_3_double_area_rotated(board, frame, forbidden):
    """Check3DoubleAreaRotated: ``double_area_rotated`` on each side forbids L (entering the
    balanced area beside the walker now would leave it at its far corner, next to the second
    area)."""
    for side in range(2):
        view = frame if side == 0 else mirror(frame)
        if double_area_rotated(board, view, False):
            forbid(forbidden, view, 1, 0, DOUBLE_AREA_ROTATED)
