"""The labyrinth author's universal rules, part 3: the area-imbalance rules (port of
``../shared/reference/hamiltonian.md`` 3.4 "Area-imbalance rules"; seed: "Knowing the difference
between the number of pair and impair fields, we can make a decision in some cases", the four
cases of distance mod 4, "An extension of the universal rule is necessary to include cases of a
"big" area where the obstacle is on the other side of the live end", and "Straight obstacle").

An area enclosed by a ray of empty cells (the gate) and an obstacle line is filled by lines that
enter and leave through the gate; each line that starts and ends on white adds one white to the
area's imbalance, each black-to-black line one black. So the area's ``whiteDiff = W - B`` must lie
in a range that depends on where the walker enters: now straight onto the ray, now sideways
("now-left"), or later. Out of range -> forbid that move.

* ``check_straight_control`` (CheckStraight_control): the ray straight ahead, the spec's table by
  ``ex % 4`` (ex = the empty cells on the ray; black = the live end's colour,
  ``CountArea((0,1),(0,ex), column, circle, type 3)``), for both sides x three frames: the
  original, rotated down (the ray along the walker's side, the small area behind it) and rotated
  up (the ray along the other side, the big area in front, where both sideways steps -- frame L
  and frame Back -- enter now). ex = 1 is the spec's special case.
* ``check_left_right_area_up_control`` / ``..._big`` / ``check_left_right_corner_big``: the ray
  in the column beside the walker (Rel(1,k)), with the area on that side (small) or on the
  walker's side (big), and the corner found by the seed's corner discovery. Decision: the seed's
  per-distance tables for these are drawings that did not survive in the text (only fragments
  such as "1W -> 1B" remain), so the port computes the same quantity -- the most white-to-white
  and black-to-black lines the area's doors allow, for entering now at each neighbour and for
  entering later -- from the flooded area (``area.line_bound``). The author's InTaken(0, k) in
  CheckLeftRightAreaUp_control reads absolute column 0 (always "not taken"): kept -- the straight
  column is not required to be empty; a taken cell there is simply not a door.
* ``check_straight_later_down`` (``large`` set, group ``straight-later-down``): a clause of his
  newer ``CheckStraight`` (``Path.cs``) that the control version lacks -- in the rotated-down
  frame the back step is judged as entering later too; ``check_straight_now_newer``
  (``straight-now-newer``): its tighter bound for entering now straight at ex % 4 = 2 (the third,
  ``imbalance_large.check_straight_start_obstacle``, shares ``straight_area``).
"""

from __future__ import annotations

import numpy as np

from .area import AREA_OK, count_area, door_counts, in_area, later_range, now_range
from .near_field import AREA_UP, AREA_UP_BIG, CORNER_BIG, STRAIGHT
from .walker import (
    BACK,
    DIRS,
    M_N,
    TB,
    E,
    R,
    S,
    area_side_left,
    at,
    dir_code,
    forbid,
    forbid_cell,
    mirror,
    njit,
    rel,
    turn_around,
    turn_left,
)

STRAIGHT_LATER_DOWN, STRAIGHT_NOW_NEWER = 57, 58


@njit(cache=True)
def straight_ranges(ex):
    """The CheckStraight_control table: (now W, now B, now-left W, now-left B, later W, later B);
    the allowed whiteDiff for a move is [-B, W]."""
    q = ex % 4
    if q == 0:
        return ex // 4, ex // 4 - 1, ex // 4, ex // 4 - 1, ex // 4, ex // 4
    if q == 1:
        return (ex + 3) // 4, (ex - 5) // 4, (ex + 3) // 4, (ex - 5) // 4, (ex - 1) // 4, (ex - 5) // 4
    if q == 2:
        if ex == 2:
            return 0, 0, 1, 0, 0, 0
        return (ex + 2) // 4, (ex - 2) // 4, (ex + 2) // 4, (ex - 2) // 4, (ex - 2) // 4, (ex - 2) // 4
    return (ex + 1) // 4, (ex - 3) // 4, (ex + 1) // 4, (ex - 7) // 4, (ex + 1) // 4, (ex - 3) // 4


@njit(cache=True)
def empty_ray(board, view, a):
    """Empty cells on the ray rel(a, 1), rel(a, 2), ... before the first taken or border cell."""
    ex = 0
    while E(board, view, a, ex + 1):
        ex += 1
    return ex


@njit(cache=True)
def column_cells(view, a, ex):
    out = np.empty((ex, 2), dtype=np.int64)
    for k in range(ex):
        out[k, 0], out[k, 1] = rel(view, a, k + 1)
    return out


@njit(cache=True)
def check_straight_control(board, frame, forbidden):
    """CheckStraight_control (see the module docstring)."""
    for side in range(2):
        for j in range(3):
            r, ex, diff = straight_area(board, frame, side, j)
            if ex == 0:
                continue
            if ex == 1:  # "close straight": the area cannot be entered later
                if not inside_area(board, r, -1, 0):
                    R(forbidden, r, STRAIGHT)
                if TB(board, r, 1, 1):
                    if not inside_area(board, r, 0, -1):
                        BACK(forbidden, r, STRAIGHT)
                else:
                    S(forbidden, r, STRAIGHT)
                continue
            now_w, now_b, left_w, left_b, later_w, later_b = straight_ranges(ex)
            if diff < -now_b or diff > now_w:
                S(forbidden, r, STRAIGHT)
            # each sideways step is judged by the range of what it does: entering now if its cell
            # lies in the area ("now-left"), else entering later (decision: the table's cases
            # assume L and, in the big frame, Back enter now and R later)
            for a, b in ((1, 0), (-1, 0), (0, -1)):
                if a == 0 and j != 2:
                    continue
                if inside_area(board, r, a, b):
                    lo, hi = -left_b, left_w
                else:
                    lo, hi = -later_b, later_w
                if diff < lo or diff > hi:
                    forbid(forbidden, r, a, b, STRAIGHT)


@njit(cache=True)
def straight_area(board, frame, side, j, min_ex=1, mod4=-1):
    """CheckStraight's frame j (0 = as is, 1 = rotated down: the small area behind the walker's
    side, 2 = rotated up: the big area) of the side: (frame, ex, whiteDiff) of the area beside
    the empty ray straight ahead, black = the live end's colour; ex = 0 where there is none, or
    where ex < ``min_ex`` or (``mod4`` >= 0) ex % 4 != ``mod4`` (then nothing is flooded)."""
    view = frame if side == 0 else mirror(frame)
    r = view if j == 0 else (turn_left(view) if j == 1 else turn_around(turn_left(view)))
    ex = empty_ray(board, r, 0)
    if ex < min_ex or (mod4 >= 0 and ex % 4 != mod4) or area_side_left(board, r, 0, ex + 1) != 1:
        return r, 0, 0
    gate = column_cells(r, 0, ex)
    status, _, black, white = count_area(
        board, gate, column_cells(r, -1, ex), gate, (frame[0] + frame[1]) % 2
    )
    if status != AREA_OK:
        return r, 0, 0
    return r, ex, white - black


@njit(cache=True)
def check_straight_later_down(board, frame, forbidden):
    """His newer engine's ``CheckStraight`` (``Path.cs``), the clause its control version
    (``check_straight_control``) lacks: in the rotated-down frame (the ray along the walker's
    side, the small area behind it) an area that cannot be entered later forbids the frame's
    back step too ("Cannot enter later down") -- the walker's other side, which leaves the area
    for later just as the frame's right step (the walker's straight) does. A back cell inside
    the area enters it now: not judged here (``check_straight_control`` judges the others)."""
    for side in range(2):
        view = frame if side == 0 else mirror(frame)
        back = dir_code(-view[4], -view[5])  # the rotated frame's back: the walker's other side
        if forbidden[back] or not E(board, view, -1, 0):
            continue  # already forbidden, or no candidate: nothing to flood for
        r, ex, diff = straight_area(board, frame, side, 1, 2)
        if ex == 0 or inside_area(board, r, 0, -1):
            continue
        _, _, _, _, later_w, later_b = straight_ranges(ex)
        if diff < -later_b or diff > later_w:
            forbid(forbidden, r, 0, -1, STRAIGHT_LATER_DOWN)


@njit(cache=True)
def check_straight_now_newer(board, frame, forbidden):
    """His newer ``CheckStraight``'s bound for entering now straight when ex % 4 = 2 and ex > 2:
    (ex - 2) / 4 more white cells at most, where the control version allows (ex + 2) / 4 (his
    2024_0610_6: at distance 6, once the walker has stepped straight onto the ray and left it, the
    five doors left hold three black and two white cells, and another white-to-white line is not
    possible). Both sides, all three frames, as his code; forbids the frame's straight."""
    for side in range(2):
        for j in range(3):
            r, ex, diff = straight_area(board, frame, side, j, 6, 2)
            if ex > 0 and diff > (ex - 2) // 4:
                S(forbidden, r, STRAIGHT_NOW_NEWER)


@njit(cache=True)
def inside_area(board, view, a, b):
    x, y = rel(view, a, b)
    return in_area(board, x, y)


@njit(cache=True)
def line_bound_rule(board, frame, forbidden, seeds, blocked, rule):
    """Flood the area from ``seeds`` (outside: ``blocked``); if it is enclosed, forbid every move
    whose line-count range (now at that cell, or later) excludes the area's whiteDiff."""
    white_parity = (frame[0] + frame[1] + 1) % 2
    status, _, black, white = count_area(board, seeds, blocked, np.zeros((0, 2), np.int64), 1 - white_parity)
    if status != AREA_OK:
        return
    diff = white - black
    x0, y0 = frame[0], frame[1]
    for d in range(4):
        cx, cy = x0 + DIRS[d, 0], y0 + DIRS[d, 1]
        if at(board, cx, cy) != -1:
            continue
        if in_area(board, cx, cy):
            w1, w2, b1, b2, own = door_counts(board, blocked, cx, cy, white_parity)
            lo, hi = now_range(w1, w2, b1, b2, (cx + cy) % 2 == white_parity, own)
        else:
            w1, w2, b1, b2, _ = door_counts(board, blocked, -1000, -1000, white_parity)
            lo, hi = later_range(w1, w2, b1, b2)
        if diff < lo or diff > hi:
            forbid_cell(forbidden, x0, y0, cx, cy, rule)


@njit(cache=True)
def _area_up(board, frame, forbidden, big):
    """The obstacle at the end of the empty column beside the walker (Rel(1,1..ex), obstacle
    Rel(1,ex+1)): with the area on that side, or (``big``) the line running towards the walker's
    side, so that the big area holds the straight column and what lies beyond it."""
    for side in range(2):
        view = frame if side == 0 else mirror(frame)
        ex = empty_ray(board, view, 1)
        if ex == 0 or area_side_left(board, view, 1, ex + 1) != (0 if big else 1):
            continue
        beside, straight = column_cells(view, 1, ex), column_cells(view, 0, ex)
        if big:
            line_bound_rule(board, frame, forbidden, straight, beside, AREA_UP_BIG)
        else:
            line_bound_rule(board, frame, forbidden, beside, straight, AREA_UP)


@njit(cache=True)
def check_left_right_area_up_control(board, frame, forbidden):
    """CheckLeftRightAreaUp_control: ``_area_up`` with the area on the column's side."""
    _area_up(board, frame, forbidden, False)


@njit(cache=True)
def check_left_right_area_up_big(board, frame, forbidden):
    """CheckLeftRightAreaUpBig: ``_area_up`` with the line running towards the walker's side."""
    _area_up(board, frame, forbidden, True)


@njit(cache=True)
def check_left_right_corner_big(board, frame, forbidden):
    """CheckLeftRightCornerBig with the seed's corner discovery ("If the field at 1 horizontal and
    1 vertical distance is empty, we check the next field in the row until we find a taken or
    border field. Then we walk through the quarter until we get to 0 horizontal distance. If, at
    any point we step right and then up, a corner field is found"): row by row upwards, the
    first obstacle of each row, never further out than the row below; where it steps towards the
    walker (``limits[v] < limits[v-1]``) the obstacle Rel(limits[v], v) is a corner. The quarter below it
    (Rel(a, b), 1 <= b < v, 1 <= a < limits[b], all empty) is the gap, and the big area is what the
    walker's straight cell reaches without entering it. Corners at horizontal distance 1 are
    CheckLeftRightAreaUp's."""
    n = board[1][M_N]
    for side in range(2):
        view = frame if side == 0 else mirror(frame)
        if not E(board, view, 1, 1) or not E(board, view, 0, 1):
            continue
        limits = np.zeros(n + 2, dtype=np.int64)
        k = 1
        while E(board, view, k, 1):
            k += 1
        limits[1] = k
        v = 2
        while v <= n and limits[v - 1] > 1:
            k = 1
            while k < limits[v - 1] and E(board, view, k, v):
                k += 1
            limits[v] = k
            if 2 <= k < limits[v - 1] and TB(board, view, k, v):
                total = 0
                for b in range(1, v):
                    total += limits[b] - 1
                gap = np.empty((total, 2), dtype=np.int64)
                i = 0
                for b in range(1, v):
                    for a in range(1, limits[b]):
                        gap[i, 0], gap[i, 1] = rel(view, a, b)
                        i += 1
                seeds = np.empty((1, 2), dtype=np.int64)
                seeds[0, 0], seeds[0, 1] = rel(view, 0, 1)
                line_bound_rule(board, frame, forbidden, seeds, gap, CORNER_BIG)
            if k == 1:
                break
            v += 1
