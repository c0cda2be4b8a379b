"""The labyrinth author's universal rules, part 1: C-shape and the near field (port of
``../shared/reference/hamiltonian.md`` 3.4 "C-shape" and "Near field", seed
``one-way-labyrinth-fodor.txt`` "Here are the things to consider on a grid of this size" and "Just
like moving near the edge, we need to disable some fields if we are approaching an older section
of the main line").

Every rule reads the board through a frame (``walker``): T / TB / E / idx at (left offset a,
straight offset b), and forbids S / L / R / Back *of the frame it was given*. Each returns whether
it fired; the cascade (``engine``) decides what runs next.

Decisions where the specification leaves a gap (each is tested in ``tests/hamiltonian/test_labyrinth.py``):

* Close rules: "mid-across only if not close straight" is read as "only if the close-straight
  *pattern* T(0,2) & T(1,2) & !T(0,1) did not match" (and across only if neither pattern
  matched), whether or not its inner condition then fired.
* Far rules (obstacle pairs at distance 3): the cells in front of the pair are the columns 0..k
  of rows 1-2 and the columns before the pair in row 3. The area on the pair's side (the line
  runs towards it: ``idx(k+1,3) > idx(k,3)``) is counted from the gate (1,1),(1,2) with the
  straight column outside -- ``CountAreaRel((1,1),(1,2), type 1)``; if odd, S and the far side's
  step are forbidden (the two gate cells are adjacent, so one pass through them fills an even
  count; stepping straight or away leaves only that pass). Else S is forbidden when the far side
  has a C-shape after the straight step. When the line runs the other way the area is on the far
  side; only the straight pair counts it, from ((0,1),(0,2)) (the spec's "variants use
  ((0,1),(0,2))"), forbidding S and the near side.
* "Far on both sides": the far-straight pattern with the area on its own side, on both sides.
* Side rules: the near-field rules read in the two frames that look along the walker's left (the
  obstacles at (2,0), (2,+-1), (2,2), (3,0..+-3) of the spec are their (0,2), (1,2), (2,2),
  (0..3,3)), forbidding only the step to the left, as the spec says ("these forbid L");
  the across pattern only ahead ((2,2), not (2,-2)), as listed.
"""

from __future__ import annotations

import numpy as np

from .area import AREA_OK, count_area, in_area
from .walker import TB, E, L, R, S, T, corner, idx, mirror, njit, rel, side_frame, turn_right

# rule ids (``forbidden`` stores 1 + id of the first rule that forbade a direction)
C_SHAPE, CLOSE_STRAIGHT, CLOSE_MID_ACROSS, CLOSE_ACROSS = 0, 1, 2, 3
FAR_AREA, FAR_C_SHAPE, FAR_BOTH = 4, 5, 6
SIDE_CLOSE, SIDE_FAR, SIDE_BOTH = 7, 8, 9
NEAR_BORDER, AREA_NEAR_BORDER = 10, 11
STRAIGHT, AREA_UP, AREA_UP_BIG, CORNER_BIG = 12, 13, 14, 15
RULE_NAMES = (
    "C-shape", "close straight", "close mid-across", "close across",
    "far area", "far C-shape", "far both sides",
    "side close", "side far", "side both",
    "near border", "area near border",
    "straight area", "left/right area up", "left/right area up big", "left/right corner big",
    "double area", "double area rotated", "sequence", "down stair", "distance 3 next step",
    "area up (author's table)", "area up big (author's table)",
    "corner big (author's table)", "far both sides (author's)", "side rules (author's)",
    "double stair", "double stair reversed", "stair at end concave straight 3",
    "stair at end concave straight 4", "stair at end concave straight 5",
    "stair at end concave straight 6", "stair at end concave out 5",
    "stair at end convex in 2", "stair at end convex in 3", "stair at end convex in 4",
    "stair at start convex straight 3", "stair at start convex straight 4",
    "stair at end concave in 5", "remote stair mid across",
    "stair at end convex straight 3", "stair at end convex straight 4",
    "stair at end convex out 1", "stair at end convex out 3", "stair at end convex out 4",
    "stair at end concave in 2", "stair at end concave in 3", "stair at end concave in 4",
    "stair 3x3", "stair at start convex in 2", "stair at start convex in 3",
    "stair at start convex straight 5", "stair at start convex out 2", "stair at start convex out 3",
    "stair at end concave out 3", "next step double area", "sequence (newer engine)",
    "straight later down (newer engine)",
    "straight now (newer engine)",
    "straight, % 4 = 1 start obstacle (newer engine)", "area up, now and back (newer engine)",
)


@njit(cache=True)
def check_c_shape(board, frame, forbidden):
    """CheckCShape (seed: "A single field next to the live end that is walled from two other sides
    (either by the border or the line) needs to be filled in the next step. I call it C-shape.
    The pattern is both mirrored and rotated, so that the empty field is straight ahead. To
    qualify for this rule, the empty field cannot be the end corner.") For each side and j in
    {0, 1} (j = 1: (s,l) := (-l,s)): TB(2,0) & TB(1,-1) & E(1,0) & !corner(1,0) -> forbid S and
    R of that frame. All four are checked; True if any matched. (At j = 1 "S and R" of the
    rotated frame are the real right and back, so the straight-ahead C-shape forbids only the
    side away from its open corner -- reproduced as specified.)"""
    found = False
    for side in range(2):
        view = frame if side == 0 else mirror(frame)
        for j in range(2):
            if j == 1:
                view = turn_right(view)
            if TB(board, view, 2, 0) and TB(board, view, 1, -1) and E(board, view, 1, 0) \
                    and not corner(board, view, 1, 0):
                S(forbidden, view, C_SHAPE)
                R(forbidden, view, C_SHAPE)
                found = True
    return found


@njit(cache=True)
def close_rules(board, view, forbidden, side_mode, across):
    """The close rules on the left of ``view`` (CheckNearField, "close straight / mid-across /
    across"; seed: "A 2 x 3 empty area next to the live end that is walled by three sides ...",
    "Future line extension ..."). Returns 0 = none fired, 1 = fired (skip the far rules and the
    rest of the cascade), 2 = only across-large fired. ``side_mode``: read in a side frame,
    forbid only the frame's S (the real left)."""
    if T(board, view, 0, 2) and T(board, view, 1, 2) and not T(board, view, 0, 1):
        if not T(board, view, 1, 1) and not T(board, view, -1, 1):
            S(forbidden, view, SIDE_CLOSE if side_mode else CLOSE_STRAIGHT)
            if not side_mode:
                if idx(board, view, 1, 2) > idx(board, view, 0, 2):
                    R(forbidden, view, CLOSE_STRAIGHT)  # small area on the left: enter it now
                else:
                    L(forbidden, view, CLOSE_STRAIGHT)
            return 1
        return 0
    if T(board, view, 1, 2) and not T(board, view, 0, 1) and not T(board, view, 1, 1):
        S(forbidden, view, SIDE_CLOSE if side_mode else CLOSE_MID_ACROSS)
        if not side_mode:
            if idx(board, view, 2, 2) > idx(board, view, 1, 2):
                R(forbidden, view, CLOSE_MID_ACROSS)
            else:
                L(forbidden, view, CLOSE_MID_ACROSS)
        return 1
    if across and T(board, view, 2, 2) and not T(board, view, 0, 1) and not T(board, view, 1, 1) \
            and not T(board, view, 2, 1):
        if idx(board, view, 3, 2) > idx(board, view, 2, 2):
            S(forbidden, view, SIDE_CLOSE if side_mode else CLOSE_ACROSS)
            if not side_mode:
                R(forbidden, view, CLOSE_ACROSS)
            return 1
        if not side_mode:
            L(forbidden, view, CLOSE_ACROSS)
            return 2
    return 0


@njit(cache=True)
def _front_clear(board, view, k):
    """The cells between the walker and the far pair (k,3)&(k+1,3) are not taken."""
    for i in range(max(k, 1) + 1):
        if T(board, view, i, 1) or T(board, view, i, 2):
            return False
    for i in range(k):
        if T(board, view, i, 3):
            return False
    return True


@njit(cache=True)
def count_area_rel(board, view, seeds_rel, blocked_rel):
    """CountAreaRel with the given count-area cells and the cells outside the gate (frame
    relative); the gate is the seed cells. Returns (ok, size)."""
    k = len(seeds_rel)
    m = len(blocked_rel)
    seeds = np.empty((k, 2), dtype=np.int64)
    blocked = np.empty((m, 2), dtype=np.int64)
    for i in range(k):
        seeds[i, 0], seeds[i, 1] = rel(view, seeds_rel[i][0], seeds_rel[i][1])
    for i in range(m):
        blocked[i, 0], blocked[i, 1] = rel(view, blocked_rel[i][0], blocked_rel[i][1])
    x0, y0 = view[0], view[1]
    status, size, _, _ = count_area(board, seeds, blocked, seeds, (x0 + y0) % 2)
    return status == AREA_OK, size


@njit(cache=True)
def _outside(board, view, a, b):
    """After an area count: rel(a, b) is not in the area. A rule that forbids a step as "entering
    later" checks it (decision: the pictures take it for granted; an area that wraps round to
    that neighbour would be entered now, and the parity argument would not apply)."""
    x, y = rel(view, a, b)
    return not in_area(board, x, y)


@njit(cache=True)
def far_rules(board, view, forbidden, side_mode):
    """The far rules on the left of ``view`` (CheckNearField "far": obstacle pairs (0,3)&(1,3),
    (1,3)&(2,3), (2,3)&(3,3); seed: "When we are two distance away from the edge, we need to
    check if stepping towards it is possible ... If that area has an impair amount of cells, it
    cannot be filled"). The first pair whose pattern matches is evaluated. Returns True when the
    straight pair matched with its area on this side (for "far on both sides")."""
    rule = SIDE_FAR if side_mode else FAR_AREA
    for k in range(3):
        if not (T(board, view, k, 3) and T(board, view, k + 1, 3) and _front_clear(board, view, k)):
            continue
        if idx(board, view, k + 1, 3) > idx(board, view, k, 3):
            ok, size = count_area_rel(board, view, ((1, 1), (1, 2)), ((0, 1), (0, 2), (1, 3)))
            if ok and size % 2 == 1:
                S(forbidden, view, rule)
                if not side_mode and _outside(board, view, -1, 0):
                    R(forbidden, view, rule)
            elif ok and T(board, view, -2, 1) and T(board, view, -1, 0) and E(board, view, -1, 1):
                S(forbidden, view, SIDE_FAR if side_mode else FAR_C_SHAPE)
            return k == 0
        if k == 0 and not side_mode:
            ok, size = count_area_rel(board, view, ((0, 1), (0, 2)), ((1, 1), (1, 2)))
            if ok and size % 2 == 1:
                S(forbidden, view, FAR_AREA)
                if _outside(board, view, 1, 0):
                    L(forbidden, view, FAR_AREA)
            elif ok and T(board, view, 2, 1) and T(board, view, 1, 0) and E(board, view, 1, 1):
                S(forbidden, view, FAR_C_SHAPE)
        return False
    return False


@njit(cache=True)
def check_near_field(board, frame, forbidden):
    """CheckNearField: the close rules on both sides; if any fired except across-large, return
    True (the cascade stops). Then the far rules on both sides and "far on both sides" (forbid
    S). If no close rule fired at all, the side rules."""
    fired = 0
    for side in range(2):
        view = frame if side == 0 else mirror(frame)
        c = close_rules(board, view, forbidden, False, True)
        if c == 1:
            fired = 1
        elif c == 2 and fired == 0:
            fired = 2
    if fired == 1:
        return True
    far_left = far_rules(board, frame, forbidden, False)
    far_right = far_rules(board, mirror(frame), forbidden, False)
    if far_left and far_right:
        S(forbidden, frame, FAR_BOTH)
    if fired == 0:
        check_side_rules(board, frame, forbidden)
    return False


@njit(cache=True)
def check_side_rules(board, frame, forbidden):
    """The side rules (spec: "obstacles beside the walker at (2,0), (2,+-1), (2,2), (3,0..+-3):
    these forbid L, with area parity via CountAreaRel((1,1),(2,1)) or ((1,0),(2,0)). If there
    are far-side areas both up and down, forbid L"; seed: "I have made some changes by adding
    some empty fields in side positions, so they are the same as the straight rules, just
    rotated"). For each side, the close and far rules in the frames looking along it."""
    for side in range(2):
        view = frame if side == 0 else mirror(frame)
        up = side_frame(view, True)
        down = side_frame(view, False)  # = mirror(up)
        close_rules(board, up, forbidden, True, True)
        close_rules(board, down, forbidden, True, False)
        far_up = far_rules(board, up, forbidden, True)
        far_down = far_rules(board, down, forbidden, True)
        if far_up and far_down:
            L(forbidden, view, SIDE_BOTH)
