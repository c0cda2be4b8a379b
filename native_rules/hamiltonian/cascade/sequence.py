"""The labyrinth author's 9 x 9 rules, part 2: Sequence, Down Stair and the next-step checks
(``CheckSequence``, ``CheckDownStair``, ``Check3DistNextStep``; seed ``one-way-labyrinth-fodor.txt``,
"A sequence is made from the start area and the close obstacle cases, and this can be
programmed", "Double Area Stair will be a 4-step sequence ... We are writing a recursive function
that calls itself until it runs into the double obstacle case", "Double Area Stair 2 ... there
will be 3 ways the rule is rotated", "The area enclosed with red line is repeated downwards left,
until both of the fields are taken. For each return step, I check a mid across directional field"
(Stair), "To accomodate the Triple Area Exit Down case, let's first check the presence of an
obstacle straight ahead at 3 vertical distance. Stepping one forward, we can apply the same
procedure" and "we can apply the first case of Double Area rotated when stepping one straight").

Facts (distances, empty cells, exits, forbidden moves) from the author's ``Path_control.cs``,
written in the port's frame terms. A *start area* (balanced: as many black as white cells, black
= the colour of the gate's first cell) must be left at a known exit; from there the walk is forced
along C-shapes and close obstacles on its left (``follow_sequence``) until it meets close
obstacles on both sides -- a dead end, so the move that leads into it is forbidden.
"""

from __future__ import annotations

from .double_area import at_frame, close_across_small, close_left_small, double_area_rotated, gate_area
from .walker import (
    M_N,
    B,
    E,
    L,
    R,
    S,
    T,
    border_index,
    corner,
    idx,
    mirror,
    njit,
    rel,
    turn_around,
    turn_left,
    turn_right,
)

SEQUENCE, DOWN_STAIR, NEXT_STEP = 18, 19, 20


@njit(cache=True)
def _on_ring(board, view, a, b):
    """InBorderRelExact: the cell is on the border ring itself (not beyond it)."""
    x, y = rel(view, a, b)
    n = board[1][M_N]
    return B(board, view, a, b) and -1 < x < n + 2 and -1 < y < n + 2


@njit(cache=True)
def _close_left_exit(board, r):
    """The author's CheckNearFieldSmall2 on the left: a C-shape (T(2,0), !T(1,0); exit (1,1)),
    a C-shape ahead (T(0,2), T(1,1), !T(0,1); exit (-1,1), turning), a close mid-across (exit
    (0,1), turning) or across (exit (1,1), turning) obstacle with a small area; the last that
    matches gives the exit. Returns (found, exit x, exit y, turn)."""
    found, ex, ey, turn = False, 0, 0, False
    if T(board, r, 2, 0) and not T(board, r, 1, 0):
        found, turn = True, False
        ex, ey = rel(r, 1, 1)
    if T(board, r, 0, 2) and T(board, r, 1, 1) and not T(board, r, 0, 1):
        found, turn = True, True
        ex, ey = rel(r, -1, 1)
    if T(board, r, 1, 2) and not T(board, r, 0, 2) and not T(board, r, 1, 1) \
            and idx(board, r, 2, 2) > idx(board, r, 1, 2):
        found, turn = True, True
        ex, ey = rel(r, 0, 1)
    if T(board, r, 2, 2) and not T(board, r, 1, 2) and not T(board, r, 2, 1) \
            and idx(board, r, 3, 2) > idx(board, r, 2, 2):
        found, turn = True, True
        ex, ey = rel(r, 1, 1)
    return found, ex, ey, turn


@njit(cache=True)
def follow_sequence(board, r):
    """CheckSequenceRecursive from the exit frame r: while the left side is closed, move to its
    exit (turning right where the obstacle says so); True when both sides are closed at once
    (the right side: close mid-across or across only)."""
    n = board[1][M_N]
    for _ in range(n * n):
        left, ex, ey, turn = _close_left_exit(board, r)
        if left and close_across_small(board, mirror(r)):
            return True
        if not left or not (1 <= ex <= n and 1 <= ey <= n):
            return False
        r = (ex, ey, r[2], r[3], r[4], r[5])
        if turn:
            r = turn_right(r)
    return False


@njit(cache=True)
def _triple_area_valid(board, view):
    """Sequence first case (Triple Area): an obstacle straight ahead at distance 4 (a border
    cell, or a taken cell at (0,4) or (-1,4)) whose line encloses the area on the left."""
    if _on_ring(board, view, 0, 4):
        return border_index(board, view, 1, 4) < border_index(board, view, 0, 4)
    if T(board, view, 0, 4):
        side = idx(board, view, 1, 4)
        if side != -1:
            return side > idx(board, view, 0, 4)
        return idx(board, view, 0, 4) > idx(board, view, -1, 4)
    return idx(board, view, -1, 4) > idx(board, view, -2, 4)


@njit(cache=True)
def check_sequence(board, frame, forbidden):
    """CheckSequence, each side; the first two cases in the frame as is and turned left (the
    author's counter-clockwise rotation), the third in three frames.

    1. Triple Area: obstacle at distance 4 ahead (``_triple_area_valid``); !T (0,1..3), (1,1),
       (1,3), (-1,3); the area behind the gate (0,1..3) balanced (with (0,4) in it when the
       obstacle is at (-1,4)); at the exit (-1,2), turned
       right, a C-shape or close obstacle on the left and a close obstacle on the right: forbid
       L and S.
    2. Square 4 x 2 / Double Area Stair: T(0,3), line to the left; !T (0,1), (0,2), (-1,3); the
       area behind the gate (0,1..2) balanced; ``follow_sequence`` from the exit (-1,2) turned
       right: forbid L and S.
    3. Double Area Stair 2: T(1,3), line to the left; !T (1,2), (0,3); the area behind the gate
       (1,1..2) balanced; ``follow_sequence`` from (0,2) turned right: forbid S."""
    for side in range(2):
        h0 = frame if side == 0 else mirror(frame)
        for j in range(2):
            view = h0 if j == 0 else turn_left(h0)
            if ((_on_ring(board, view, 0, 4) and not corner(board, view, 0, 3)) or T(board, view, 0, 4)
                    or T(board, view, -1, 4)) and not T(board, view, 0, 1) and not T(board, view, 0, 2) \
                    and not T(board, view, 0, 3) and not T(board, view, 1, 1) and not T(board, view, 1, 3) \
                    and not T(board, view, -1, 3) and _triple_area_valid(board, view):
                ok, black, white = gate_area(
                    board, view, 0, 1, 0, 1, 3, -1, 0, False, not E(board, view, 0, 4)
                )
                if ok and black == white:
                    r = turn_right(at_frame(view, -1, 2))
                    if close_left_small(board, r) and close_across_small(board, mirror(r)):
                        L(forbidden, view, SEQUENCE)
                        S(forbidden, view, SEQUENCE)
            if T(board, view, 0, 3) and not T(board, view, 0, 1) and not T(board, view, 0, 2) \
                    and not T(board, view, -1, 3) and idx(board, view, 1, 3) > idx(board, view, 0, 3):
                ok, black, white = gate_area(board, view, 0, 1, 0, 1, 2, -1, 0, False)
                if ok and black == white and follow_sequence(board, turn_right(at_frame(view, -1, 2))):
                    L(forbidden, view, SEQUENCE)
                    S(forbidden, view, SEQUENCE)
        for j in range(3):
            view = h0 if j == 0 else (turn_left(h0) if j == 1 else turn_around(turn_left(h0)))
            if T(board, view, 1, 3) and not T(board, view, 1, 2) and not T(board, view, 0, 3) \
                    and idx(board, view, 2, 3) > idx(board, view, 1, 3):
                ok, black, white = gate_area(board, view, 1, 1, 0, 1, 2, -1, 0, False)
                if ok and black == white and follow_sequence(board, turn_right(at_frame(view, 0, 2))):
                    S(forbidden, view, SEQUENCE)


@njit(cache=True)
def down_stair(board, view):
    """The Down Stair on the left of ``view``: (1,0) free; a stair of empty cells (k,-k) with
    taken cells under each, ending at a taken cell, then one empty cell and a taken one two
    further (the narrowing); walking back up the stair's return cells (up to the walker's row),
    a close mid-across or across obstacle with a small area at any of them."""
    if T(board, view, 1, 0):
        return False
    hori, vert = 1, -1
    while not T(board, view, hori, vert) and T(board, view, hori, vert - 1):
        hori += 1
        vert -= 1
    if not (T(board, view, hori, vert) and not T(board, view, hori + 1, vert + 1)
            and T(board, view, hori + 2, vert + 1)):
        return False
    hori += 1
    vert += 2
    while not T(board, view, hori, vert) and vert <= 0:
        if close_across_small(board, at_frame(view, hori, vert)):
            return True
        hori -= 1
        vert += 1
    return False


@njit(cache=True)
def check_down_stair(board, frame, forbidden):
    """CheckDownStair: ``down_stair`` on each side, in the frame as is and turned right, forbids
    L (the stair would force the line back into the second area)."""
    for side in range(2):
        view = frame if side == 0 else mirror(frame)
        for j in range(2):
            if j == 1:
                view = turn_right(view)
            if down_stair(board, view):
                L(forbidden, view, DOWN_STAIR)


@njit(cache=True)
def straight_3_frame(board, frame):
    """Where CheckStraight_control met an obstacle at distance 3 (two empty cells on the ray)
    enclosing an area on its side: (side, rotation) of the last such frame, rotation 0 = the
    frame as is, 1 = turned right (the big-area frame); (-1, -1) if none. The turned-left frame
    records only its side, as in the original."""
    si, sj = -1, -1
    for side in range(2):
        h0 = frame if side == 0 else mirror(frame)
        for j in range(3):
            view = h0 if j == 0 else (turn_left(h0) if j == 1 else turn_right(h0))
            if not (E(board, view, 0, 1) and E(board, view, 0, 2)) or E(board, view, 0, 3) \
                    or B(board, view, -1, 2):
                continue
            if B(board, view, 0, 3):
                valid = border_index(board, view, 0, 3) > border_index(board, view, 1, 3)
            else:
                left = idx(board, view, 1, 3)
                if left != -1:
                    valid = left > idx(board, view, 0, 3)
                else:
                    valid = idx(board, view, 0, 3) > idx(board, view, -1, 3)
            if valid:
                si = side
                if j == 0:
                    sj = 0
                elif j == 2:
                    sj = 1
    return si, sj


@njit(cache=True)
def check_3_dist_next_step(board, frame, forbidden):
    """Check3DistNextStep: in the frame of the distance-3 straight obstacle, one step ahead, the
    rotated first Double Area case or the Down Stair (the walker stepping straight would meet
    them): forbid S and R of that frame."""
    si, sj = straight_3_frame(board, frame)
    if si < 0 or sj < 0:
        return
    view = frame if si == 0 else mirror(frame)
    if sj == 1:
        view = turn_right(view)
    p = at_frame(view, 0, 1)
    if double_area_rotated(board, p, True) or down_stair(board, p):
        S(forbidden, view, NEXT_STEP)
        R(forbidden, view, NEXT_STEP)

