"""The labyrinth author's walker state and frame algebra (port of ``../shared/reference/
hamiltonian.md`` section 3.3, "State" and "Frame"; seed ``one-way-labyrinth-fodor.txt``).

**State.** ``n`` (the board is n x n, the walk goes from (1, 1) to (n, n)); cells are the author's
1-based ``(x, y)``, x = column, y = row; the border ring is x in {0, n+1} or y in {0, n+1}. The
board is one int32 array ``g`` indexed ``g[y + OFF, x + OFF]``: ``EMPTY`` (-1), ``BORDER`` (-2), or
the cell's **index** in the path (0 = the start). The path itself is ``px``/``py`` with ``meta[1]``
cells; the live end is its last cell, the **last direction** the step into it (at the start, where
there is none, 0 = down: the author's first token lists ``0,1`` and keep-left then takes (2, 1)
first, as every ``9_<N>`` state does). Nothing else persists: every step recomputes ``forbidden``.

Decision: cells beyond the border ring (a relative offset of 2-4 from a live end next to the edge)
are border too. The author only names the ring; such cells are only ever consulted behind a ring
cell that already decides the pattern.

**Frame.** ``directions = [down (0,1), right (1,0), up (0,-1), left (-1,0)]`` (direction codes
0-3 as in the saved states). After a move in direction i: ``s = directions[i]``, the walker's
left ``l = directions[(i+1) % 4]``, its right ``-l``. A frame is the tuple ``(x, y, sx, sy, lx,
ly)`` and ``rel(frame, a, b) = (x + a*lx + b*sx, y + a*ly + b*sy)``: a = left offset, b = straight
offset. Rules are written once and applied to the mirrored frame (``l := -l``) and to rotations;
``forbid`` names S / L / R / Back = ``rel(0,1)`` / ``rel(1,0)`` / ``rel(-1,0)`` / ``rel(0,-1)``
of the frame it is given -- the *current rotated* frame, so the same call names a different real
neighbour in each rotation, as the spec demands. ``forbidden`` is kept per absolute direction
(an int array of 4: 0 = allowed, else 1 + the id of the first rule that forbade it), so forbidding a
taken or border neighbour is harmless, as in the original.

**Names.** A rule takes ``board``, ``frame`` (the live end's) and ``forbidden``; ``view`` is a
frame a rule looks from (mirrored, turned or moved from ``frame``). The spec's own names are kept:
``rel(a, b)``, ``T`` / ``B`` / ``TB`` / ``E`` / ``idx``, ``S`` / ``L`` / ``R`` / ``BACK``, the
cells' ``x`` and ``y``, ``ex`` (the empty cells along a ray), ``n``.

Everything here is numba-compiled (``njit(cache=True)``); without numba it runs as plain Python.
"""

from __future__ import annotations

import numpy as np

from ...kernels import njit

EMPTY = -1
BORDER = -2
OFF = 6  # padding: relative offsets up to 5 beyond the ring stay inside the array
DIRS = np.array([[0, 1], [1, 0], [0, -1], [-1, 0]], dtype=np.int64)  # code -> (dx, dy)

# meta fields
M_N, M_COUNT, M_STAMP = 0, 1, 2
# diagnostics counters (meta[D_*]): how often an area was rejected, and why
D_CORNER, D_LEAK = 3, 4
META_SIZE = 8


def new_board(n: int):
    """An empty n x n board: ``(g, meta, px, py, mark, queue, deg, doors)`` (the last four are
    work space of the area engine); the walk holds the start."""
    size = n + 2 * OFF
    g = np.full((size, size), BORDER, dtype=np.int32)
    g[OFF + 1:OFF + n + 1, OFF + 1:OFF + n + 1] = EMPTY
    meta = np.zeros(META_SIZE, dtype=np.int64)
    meta[M_N] = n
    px = np.zeros(n * n + 1, dtype=np.int64)
    py = np.zeros(n * n + 1, dtype=np.int64)
    mark = np.zeros((size, size), dtype=np.int64)
    queue = np.zeros(2 * size * size, dtype=np.int64)
    deg = np.zeros((size, size), dtype=np.int64)
    doors = np.zeros((size * size, 2), dtype=np.int64)
    board = (g, meta, px, py, mark, queue, deg, doors)
    push(board, 1, 1)
    return board


def board_from_path(n: int, cells) -> tuple:
    """A board holding the walk ``cells`` (author's 1-based (x, y), starting at (1, 1))."""
    board = new_board(n)
    for x, y in list(cells)[1:]:
        push(board, x, y)
    return board


def path_cells(board) -> list[tuple[int, int]]:
    _, meta, px, py = board[0], board[1], board[2], board[3]
    return [(int(px[i]), int(py[i])) for i in range(meta[M_COUNT])]


@njit(cache=True)
def push(board, x, y):
    g, meta, px, py = board[0], board[1], board[2], board[3]
    c = meta[M_COUNT]
    g[y + OFF, x + OFF] = c
    px[c] = x
    py[c] = y
    meta[M_COUNT] = c + 1


@njit(cache=True)
def pop(board):
    g, meta, px, py = board[0], board[1], board[2], board[3]
    c = meta[M_COUNT] - 1
    g[py[c] + OFF, px[c] + OFF] = EMPTY
    meta[M_COUNT] = c


@njit(cache=True)
def dir_code(dx, dy):
    if dx == 0:
        return 0 if dy == 1 else 2
    return 1 if dx == 1 else 3


@njit(cache=True)
def last_direction(board):
    _, meta, px, py = board[0], board[1], board[2], board[3]
    c = meta[M_COUNT]
    if c < 2:
        return 0
    return dir_code(px[c - 1] - px[c - 2], py[c - 1] - py[c - 2])


@njit(cache=True)
def live_frame(board):
    """The frame at the live end: (x, y, sx, sy, lx, ly)."""
    _, meta, px, py = board[0], board[1], board[2], board[3]
    c = meta[M_COUNT]
    i = last_direction(board)
    j = (i + 1) % 4
    return (px[c - 1], py[c - 1], DIRS[i, 0], DIRS[i, 1], DIRS[j, 0], DIRS[j, 1])


# ---------------------------------------------------------------- frame algebra


@njit(cache=True)
def mirror(frame):
    """The same rule on the other side: l := -l."""
    return (frame[0], frame[1], frame[2], frame[3], -frame[4], -frame[5])


@njit(cache=True)
def turn_right(frame):
    """(s, l) := (-l, s): the frame turned to the walker's right (C-shape rotation j = 1)."""
    return (frame[0], frame[1], -frame[4], -frame[5], frame[2], frame[3])


@njit(cache=True)
def turn_left(frame):
    """(s, l) := (l, -s): the "small area" rotation of the area rules."""
    return (frame[0], frame[1], frame[4], frame[5], -frame[2], -frame[3])


@njit(cache=True)
def turn_around(frame):
    """(s, l) := (-s, -l): applied after ``turn_left`` gives the "big area" rotation."""
    return (frame[0], frame[1], -frame[2], -frame[3], -frame[4], -frame[5])


@njit(cache=True)
def side_frame(frame, up):
    """The frame looking along the walker's left, with its own left ahead (up) or behind: the
    side rules are the near-field rules read in these two frames."""
    if up:
        return (frame[0], frame[1], frame[4], frame[5], frame[2], frame[3])
    return (frame[0], frame[1], frame[4], frame[5], -frame[2], -frame[3])


@njit(cache=True)
def rule_frame(frame, side, turned, left):
    """The frame a rule looks from: on ``side`` 0 as is, 1 mirrored; turned left (``left``) or
    right when ``turned``."""
    view = frame if side == 0 else mirror(frame)
    if not turned:
        return view
    return turn_left(view) if left else turn_right(view)


@njit(cache=True)
def rel(frame, a, b):
    return (frame[0] + a * frame[4] + b * frame[2], frame[1] + a * frame[5] + b * frame[3])


@njit(cache=True)
def at(board, x, y):
    return board[0][y + OFF, x + OFF]


@njit(cache=True)
def value_rel(board, frame, a, b):
    """The board's value at left offset a, straight offset b: EMPTY, BORDER or the path index."""
    x, y = rel(frame, a, b)
    return board[0][y + OFF, x + OFF]


@njit(cache=True)
def T(board, frame, a, b):
    """InTakenRel: the cell at left offset a, straight offset b is on the path."""
    return value_rel(board, frame, a, b) >= 0


@njit(cache=True)
def B(board, frame, a, b):
    """InBorderRel."""
    return value_rel(board, frame, a, b) == BORDER


@njit(cache=True)
def TB(board, frame, a, b):
    return value_rel(board, frame, a, b) != EMPTY


@njit(cache=True)
def E(board, frame, a, b):
    return value_rel(board, frame, a, b) == EMPTY


@njit(cache=True)
def idx(board, frame, a, b):
    """InTakenIndexRel: the path index, -1 if not taken."""
    v = value_rel(board, frame, a, b)
    return v if v >= 0 else -1


@njit(cache=True)
def corner(board, frame, a, b):
    """InCornerRel: the cell is (n, n), the end."""
    x, y = rel(frame, a, b)
    n = board[1][M_N]
    return x == n and y == n


@njit(cache=True)
def border_index(board, frame, a, b):
    """InBorderIndexRel: x + y, larger = further along the border towards the end corner."""
    x, y = rel(frame, a, b)
    return x + y


@njit(cache=True)
def forbid(forbidden, frame, a, b, rule):
    """Forbid the neighbour rel(a, b) (one of S, L, R, Back) of ``frame``; remember the rule."""
    forbid_cell(forbidden, 0, 0, a * frame[4] + b * frame[2], a * frame[5] + b * frame[3], rule)


@njit(cache=True)
def forbid_cell(forbidden, x0, y0, x, y, rule):
    """Forbid the absolute neighbour (x, y) of the live end (x0, y0) (the border rules)."""
    d = dir_code(x - x0, y - y0)
    if forbidden[d] == 0:
        forbidden[d] = rule + 1


@njit(cache=True)
def S(forbidden, frame, rule):
    forbid(forbidden, frame, 0, 1, rule)


@njit(cache=True)
def L(forbidden, frame, rule):
    forbid(forbidden, frame, 1, 0, rule)


@njit(cache=True)
def R(forbidden, frame, rule):
    forbid(forbidden, frame, -1, 0, rule)


@njit(cache=True)
def BACK(forbidden, frame, rule):
    forbid(forbidden, frame, 0, -1, rule)


@njit(cache=True)
def area_side_left(board, frame, a, b):
    """Does the line through the obstacle at rel(a, b) (seen from the frame) enclose an area on
    the frame's left? Seed, Straight Mid Across rule: a taken obstacle -- its left neighbour is
    later on the path, or its right neighbour earlier (the line runs to the left, towards the
    live end); a border obstacle -- the border index x + y decreases to the left (the border
    runs back towards the start corner on that side). Returns 1 (left), 0 (right), -1 (unknown:
    neither neighbour tells)."""
    v = idx(board, frame, a, b)
    if v >= 0:
        left = idx(board, frame, a + 1, b)
        right = idx(board, frame, a - 1, b)
        if left >= 0:
            return 1 if left > v else 0
        if right >= 0:
            return 1 if right < v else 0
        return -1
    if B(board, frame, a, b):
        if B(board, frame, a + 1, b):
            return 1 if border_index(board, frame, a + 1, b) < border_index(board, frame, a, b) else 0
        if B(board, frame, a - 1, b):
            return 1 if border_index(board, frame, a - 1, b) > border_index(board, frame, a, b) else 0
    return -1
