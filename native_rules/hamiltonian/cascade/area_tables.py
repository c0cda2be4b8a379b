"""The labyrinth author's own per-distance tables for the column-beside rules
(``CheckLeftRightAreaUp_control``, ``CheckLeftRightAreaUpBig``; seed ``one-way-labyrinth-fodor.txt``,
"Knowing the difference between the number of pair and impair fields, we can make a decision in
some cases" and "An extension of the universal rule is necessary to include cases of a "big" area
where the obstacle is on the other side of the live end"; the book's 9 x 9 list: 9 121, Count
Area 2 Across).

The universal port (``imbalance``) computes these rules from the flooded area's doors because the
book's tables were drawings; the author's public repository (``Path_control.cs``) gives the
tables themselves, read here as facts: for the empty column beside the walker (``ex`` cells up to
the obstacle at Rel(1, ex+1)), the allowed ``whiteDiff = W - B`` of the area for entering now and
later, by ``ex % 4``, in three frames per side (as is, turned left -- the small area behind -- and
turned round from there -- the big area in front). Where the tables forbid a move as entering now
(later), the port checks that the move's cell lies inside (outside) the counted area, as for the
universal table rule (``imbalance.check_straight_control``).
"""

from __future__ import annotations

import numpy as np

from .area import AREA_OK, count_area, is_listed
from .imbalance import column_cells, empty_ray, inside_area
from .walker import TB, B, T, forbid, idx, mirror, njit, rel, turn_around, turn_left

AREA_UP_TABLE, AREA_UP_BIG_TABLE, CORNER_BIG_TABLE = 21, 22, 23


@njit(cache=True)
def _column_ray(board, view):
    """dist: the first row k >= 1 where Rel(1, k) is taken or border; ex = dist - 1."""
    dist = 1
    while not TB(board, view, 1, dist):
        dist += 1
    return dist


@njit(cache=True)
def _frames(view, j):
    """The author's three frames: as is, rotated down (turn left), rotated up (turned round)."""
    if j == 0:
        return view
    if j == 1:
        return turn_left(view)
    return turn_around(turn_left(view))


@njit(cache=True)
def _side_frame(frame, k):
    """The k-th of the six frames the tables visit, in the author's order: each side (as is,
    then mirrored) in its three frames (``_frames``)."""
    return _frames(frame if k < 3 else mirror(frame), k % 3)


@njit(cache=True)
def _second_obstacle(board, view, dist):
    """The tables' extra condition: an obstacle two to the right of the column's end (at row
    dist or dist - 1) with the cells between free -- a second area on the other side."""
    return (T(board, view, -2, dist) and not T(board, view, -1, dist) and not T(board, view, -2, dist - 1)) \
        or (T(board, view, -2, dist - 1) and not T(board, view, -1, dist - 1)
            and not T(board, view, -2, dist - 2))


@njit(cache=True)
def area_up_range(ex):
    """CheckLeftRightAreaUp_control's table: (now W, now B, later W, later B)."""
    q = ex % 4
    if q == 0:
        return ex // 4, ex // 4 - 1, ex // 4, ex // 4
    if q == 1:
        return (ex - 1) // 4, (ex - 1) // 4, (ex - 1) // 4, (ex - 1) // 4
    if q == 2:
        return (ex + 2) // 4, (ex - 2) // 4, (ex - 2) // 4, (ex - 2) // 4
    return (ex + 1) // 4, (ex - 3) // 4, (ex - 3) // 4, (ex + 1) // 4


@njit(cache=True)
def check_area_up_table(board, frame, forbidden):
    """CheckLeftRightAreaUp_control with the author's table: the column beside the walker, its
    line running to the left (idx(2, dist) > idx(1, dist)), (0, dist) not taken; the area behind
    the gate Rel(1, 1..ex), black = the colour of Rel(1, 1). Entering now is L; later S and R.
    ex = 1 (close mid-across) forbids S and R; after a 'later' verdict within range, ex = 2 with
    a C-shape on the right at the next step (!T(-1,1), TB(-2,1), T(-1,0)) forbids S. The
    second-obstacle clause of ex % 4 == 3 is not ported: it is unsound on large boards (see the
    comment below)."""
    for k in range(6):
        view = _side_frame(frame, k)
        dist = _column_ray(board, view)
        ex = dist - 1
        if ex == 0 or T(board, view, 0, dist) or not idx(board, view, 2, dist) > idx(board, view, 1, dist):
            continue
        if ex == 1:
            forbid(forbidden, view, 0, 1, AREA_UP_TABLE)
            forbid(forbidden, view, -1, 0, AREA_UP_TABLE)
            continue
        gate = column_cells(view, 1, ex)
        status, _, black, white = count_area(board, gate, column_cells(view, 0, ex), gate,
                                             (gate[0, 0] + gate[0, 1]) % 2)
        if status != AREA_OK:
            continue
        diff = white - black
        now_w, now_b, later_w, later_b = area_up_range(ex)
        q = ex % 4
        if q == 0 and _second_obstacle(board, view, dist) and -diff == ex // 4:
            forbid(forbidden, view, 1, 0, AREA_UP_TABLE)
            forbid(forbidden, view, 0, 1, AREA_UP_TABLE)
        # the author's ex % 4 == 3 clause (a second obstacle and whiteDiff == (ex + 1) / 4: cannot
        # enter now) is left out: on a 21 x 21 board it forbade a move that can be completed
        # (benchmarks/results/labyrinth_unsound_21.txt, docs/labyrinth-rules.md); without it 9 x 9
        # keeps no dead end (10 000 random walks, the first 10^7 keep-left walkthroughs)
        if (diff > now_w or diff < -now_b) and inside_area(board, view, 1, 0):
            forbid(forbidden, view, 1, 0, AREA_UP_TABLE)
        if diff > later_w or diff < -later_b:
            for a, b in ((0, 1), (-1, 0)):
                if not inside_area(board, view, a, b):
                    forbid(forbidden, view, a, b, AREA_UP_TABLE)
        elif ex == 2 and not T(board, view, -1, 1) and TB(board, view, -2, 1) and T(board, view, -1, 0):
            forbid(forbidden, view, 0, 1, AREA_UP_TABLE)


@njit(cache=True)
def area_up_big_range(ex):
    """CheckLeftRightAreaUpBig's table: (now W, now W stepping right, now B, later W, later B)."""
    q = ex % 4
    if q == 0:
        return ex // 4, ex // 4, ex // 4 - 1, ex // 4, ex // 4
    if q == 1:
        return (ex + 3) // 4, (ex + 3) // 4, (ex - 5) // 4, (ex - 1) // 4, (ex - 1) // 4
    if q == 2:
        if ex == 2:
            return 0, 1, 0, 0, 0
        return (ex + 2) // 4, (ex + 2) // 4, (ex - 2) // 4, (ex - 2) // 4, (ex - 2) // 4
    return (ex + 1) // 4, (ex + 1) // 4, (ex - 3) // 4, (ex + 1) // 4, (ex - 3) // 4


@njit(cache=True)
def check_area_up_big_table(board, frame, forbidden):
    """CheckLeftRightAreaUpBig with the author's table: the column beside the walker ends at a
    taken cell whose line runs towards the walker's side (idx(1, dist) > idx(2, dist)), (0, dist)
    not taken; the big area behind the straight gate Rel(0, 1..ex), black = the live end's
    colour. Entering now is S (or R, with its own white bound); later is L. ex = 1 forbids S
    and L. Decision: the straight gate must be empty (the author's picture; he does not check
    it)."""
    for k in range(6):
        view = _side_frame(frame, k)
        dist = _column_ray(board, view)
        ex = dist - 1
        if (
            ex == 0
            or B(board, view, 1, dist)
            or T(board, view, 0, dist)
            or not idx(board, view, 1, dist) > idx(board, view, 2, dist)
            or empty_ray(board, view, 0) < ex
        ):
            continue
        if ex == 1:
            forbid(forbidden, view, 0, 1, AREA_UP_BIG_TABLE)
            forbid(forbidden, view, 1, 0, AREA_UP_BIG_TABLE)
            continue
        gate = column_cells(view, 0, ex)
        status, _, black, white = count_area(board, gate, column_cells(view, 1, ex), gate,
                                             (view[0] + view[1]) % 2)
        if status != AREA_OK:
            continue
        diff = white - black
        now_w, now_w_right, now_b, later_w, later_b = area_up_big_range(ex)
        if diff > now_w or diff < -now_b:
            forbid(forbidden, view, 0, 1, AREA_UP_BIG_TABLE)
        if (diff > now_w_right or diff < -now_b) and inside_area(board, view, -1, 0):
            forbid(forbidden, view, -1, 0, AREA_UP_BIG_TABLE)
        if (diff > later_w or diff < -later_b) and not inside_area(board, view, 1, 0):
            forbid(forbidden, view, 1, 0, AREA_UP_BIG_TABLE)


@njit(cache=True)
def _half(v):
    """C#'s (v - v % 2) / 2: v / 2 truncated towards zero."""
    return v // 2 if v >= 0 else -((-v) // 2)


@njit(cache=True)
def corner_ranges(hori, vert):
    """CheckLeftRightCornerBig's table for the corner obstacle at (hori, vert):
    (now W, now W stepping right, now B, later W, later B)."""
    if vert == hori:
        a = hori - 1
        return 0, 0, a - 1, -1, a - 1
    if hori > vert:
        a = vert - 1
        n = _half(hori - vert)
        if (hori - vert) % 2 == 0:
            w = _half(n + 1)
            return w, w, a + _half(n - 1), _half(n), a + _half(n)
        w = 1 + _half(n + 1)
        return w, w, a - 1 + _half(n), (1 + _half(n)) if n > 0 else 0, a - 1 + _half(n + 1)
    a = hori - 1
    n = _half(vert - hori)
    if (vert - hori) % 2 == 0:
        w, wr = (_half(n + 1), _half(n + 1)) if n > 1 else (0, 1)
        return w, wr, a + _half(n - 1), _half(n), a + _half(n)
    if n > 0:
        w, wr, later_b = a + _half(n), a + _half(n), _half(n + 2)
    else:
        w, wr, later_b = a - 1, a, 0
    return w, wr, _half(n + 1), a - 1 + _half(n + 1), later_b


@njit(cache=True)
def corner_gate(hori, vert):
    """The border line from Rel(1, 1) to the corner's diagonal neighbour (hori-1, vert-1): up the
    column beside the walker while vert > hori, then a stair (k, k), (k, k+1), ..., then along
    the row below the corner while hori > vert. Returns the cells as an int64[k, 2] of (a, b) and
    the cells that must not be taken (the stair's own cells, as the author lists them)."""
    cells = np.empty((2 * (hori + vert) + 2, 2), dtype=np.int64)
    m = 0
    if vert >= hori:
        d = vert - hori
        for k in range(1, d + 1):
            cells[m, 0], cells[m, 1] = 1, k
            m += 1
        for k in range(1, hori):
            cells[m, 0], cells[m, 1] = k, d + k
            m += 1
            if k < hori - 1:
                cells[m, 0], cells[m, 1] = k, d + k + 1
                m += 1
    else:
        for k in range(1, vert):
            cells[m, 0], cells[m, 1] = k, k
            m += 1
            if k < vert - 1:
                cells[m, 0], cells[m, 1] = k, k + 1
                m += 1
        for k in range(vert, hori):
            cells[m, 0], cells[m, 1] = k, vert - 1
            m += 1
    return cells[:m]


@njit(cache=True)
def _corner_rule(board, view, forbidden, hori, vert, j):
    """One corner of CheckLeftRightCornerBig: count the area on the walker's side of the border
    line (black = the colour of Rel(1, 1)) and apply ``corner_ranges``: S and R enter now, L
    (and, in the turned-round frame, Back) later."""
    line = corner_gate(hori, vert)
    k = line.shape[0]
    gate = np.empty((k, 2), dtype=np.int64)
    out = np.empty((2 * k, 2), dtype=np.int64)
    m = 0
    for i in range(k):
        a, b = line[i, 0], line[i, 1]
        if T(board, view, a, b):
            return
        gate[i, 0], gate[i, 1] = rel(view, a, b)
        for da, db in ((1, 0), (0, -1)):
            if not is_listed(line, a + da, b + db):
                out[m, 0], out[m, 1] = rel(view, a + da, b + db)
                m += 1
    status, _, black, white = count_area(board, gate, out[:m], gate, (gate[0, 0] + gate[0, 1]) % 2)
    if status != AREA_OK:
        return
    diff = white - black
    now_w, now_w_right, now_b, later_w, later_b = corner_ranges(hori, vert)
    if (diff > now_w or diff < -now_b) and inside_area(board, view, 0, 1):
        forbid(forbidden, view, 0, 1, CORNER_BIG_TABLE)
    if (diff > now_w_right or diff < -now_b) and inside_area(board, view, -1, 0):
        forbid(forbidden, view, -1, 0, CORNER_BIG_TABLE)
    if diff > later_w or diff < -later_b:
        if not inside_area(board, view, 1, 0):
            forbid(forbidden, view, 1, 0, CORNER_BIG_TABLE)
        if j == 2 and not inside_area(board, view, 0, -1):
            forbid(forbidden, view, 0, -1, CORNER_BIG_TABLE)


@njit(cache=True)
def check_corner_big_table(board, frame, forbidden):
    """CheckLeftRightCornerBig with the author's table: row by row from Rel(*, 2) upwards (while
    Rel(1, row) is free), the first obstacle of the row is a corner when the cell below it is not
    taken and its line runs upwards (idx(hori, vert+1) > idx(hori, vert)); rows that reach the
    border are skipped. The corner at (2, 2) is the close across: forbid L (and Back in the
    turned-round frame); others go to ``_corner_rule``. Each side, in the author's three frames."""
    for k in range(6):
        view = _side_frame(frame, k)
        j = k % 3
        vert = 2
        while not TB(board, view, 1, vert):
            hori = 2
            while not TB(board, view, hori, vert):
                hori += 1
            if not B(board, view, hori, vert) and not T(board, view, hori, vert - 1) \
                    and idx(board, view, hori, vert + 1) > idx(board, view, hori, vert):
                if hori == 2 and vert == 2:
                    forbid(forbidden, view, 1, 0, CORNER_BIG_TABLE)
                    if j == 2:
                        forbid(forbidden, view, 0, -1, CORNER_BIG_TABLE)
                else:
                    _corner_rule(board, view, forbidden, hori, vert, j)
            vert += 1
