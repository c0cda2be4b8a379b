"""The seed's ``solve_backtrack`` (``backtrack``) as a numba-compiled loop, on
arrays (this module imports nothing of ``backtrack``, which drives it).

Same search, written with an explicit stack instead of recursion so that it can stop and resume
(numba code cannot read the clock or call back into Python cheaply): ``cur_t[d]`` / ``cur_k[d]``
are the loop variables ``t`` and ``k`` (the seed's names, as ``i``, ``j`` and ``test_tile``'s
parameters) of the recursive call at depth ``d`` (the d-th square of
the walk), the board and the tiles array are the seed's (tile id -1 = empty, a placed tile's slot
in ``tiles`` emptied and restored on the way back), tiles are tried in array order and rotations
k = 0..3 (``k`` counter-clockwise as in the seed), ``test_tile`` does the seed's checks in the
seed's order, and occupied squares are walked over (the "failsafe" branch). The kernel runs for a
budget of ``test_tile`` calls and returns at each full board (the seed's ``print_board``), at
exhaustion, or when the budget is spent, so the caller can record boards and watch the clock.

Without numba installed the same function runs as plain Python (slowly).
"""

from __future__ import annotations

import numpy as np

from ..kernels import njit

FOUND, EXHAUSTED, BUDGET = 0, 1, 2
SLICE = 1 << 20  # test_tile calls per kernel call


@njit(cache=True)
def outer_sides(j, last_j, left, right):
    """The seed's last two checks: a left / right side on the board's border has colour 0."""
    return not (j == 0 and left != 0) and not (j == last_j and right != 0)


@njit(cache=True)
def test_tile(board, i, j, top, right, bottom, left, last_i, last_j, text_checks):
    """The seed's checks, in Listing 1.8's order; Listing 1.3's order (``text_checks``) makes
    the ``outer_sides`` checks fourth instead of last."""
    if j != 0 and board[i, j - 1, 2] != left:
        return False
    if j != 0 and left == 0:
        return False
    if j != last_j and right == 0:
        return False
    if text_checks and not outer_sides(j, last_j, left, right):
        return False
    if i != 0 and board[i - 1, j, 3] != top:
        return False
    if i != 0 and top == 0:
        return False
    if i != last_i and bottom == 0:
        return False
    if i == 0 and top != 0:
        return False
    if i == last_i and bottom != 0:
        return False
    return text_checks or outer_sides(j, last_j, left, right)


@njit(cache=True)
def solve_backtrack(board, tiles, sq_i, sq_j, fixed, cur_t, cur_k, state, nk, text_checks, budget):
    """Run the search from ``state`` = [depth, mode, nodes]; mode 0 = enter the square at depth d
    (a call ``solve_backtrack board tiles i j``), mode 1 = back at depth d from the deeper call:
    take the tile back and go on with the next (t, k). ``board[i, j]`` = (id, top, right, bottom,
    left), ``tiles[t]`` likewise (id -1 = empty); ``fixed[d]`` = square d was occupied before the
    search started (the locked tile)."""
    n = sq_i.shape[0]
    last_i = board.shape[0] - 1
    last_j = board.shape[1] - 1
    d, mode, nodes = state[0], state[1], state[2]
    stop_at = nodes + budget
    colours = np.empty(4, dtype=np.int64)
    while True:
        if mode == 0:
            if d == n:  # print_board board
                state[0], state[1], state[2] = n - 1, 1, nodes
                return FOUND
            if fixed[d]:  # failsafe: the square is already occupied
                d += 1
                continue
            cur_t[d] = 0
            cur_k[d] = 0
        else:
            if d < 0:
                state[0], state[1], state[2] = d, mode, nodes
                return EXHAUSTED
            if fixed[d]:
                d -= 1
                continue
            i, j = sq_i[d], sq_j[d]
            t, k = cur_t[d], cur_k[d]
            for s in range(4):  # tiles.(t) <- board.(i).(j) turned back
                tiles[t, 1 + s] = board[i, j, 1 + (s - k + 4) % 4]
            tiles[t, 0] = board[i, j, 0]
            for s in range(5):  # board.(i).(j) <- empty
                board[i, j, s] = 0
            board[i, j, 0] = -1
            if k + 1 < nk:
                cur_k[d] = k + 1
            else:
                cur_t[d] = t + 1
                cur_k[d] = 0
        i, j = sq_i[d], sq_j[d]
        t, k = cur_t[d], cur_k[d]
        placed = False
        while t < tiles.shape[0] and not placed:
            if tiles[t, 0] != -1:
                while k < nk:
                    for s in range(4):  # the seed's k turns counter-clockwise
                        colours[s] = tiles[t, 1 + (s + k) % 4]
                    nodes += 1
                    if test_tile(board, i, j, colours[0], colours[1], colours[2], colours[3],
                                 last_i, last_j, text_checks):
                        board[i, j, 0] = tiles[t, 0]
                        for s in range(4):
                            board[i, j, 1 + s] = colours[s]
                        tiles[t, 0] = -1
                        cur_t[d] = t
                        cur_k[d] = k
                        placed = True
                        break
                    k += 1
            if not placed:
                t += 1
                k = 0
        if placed:
            d += 1
            mode = 0
        else:
            d -= 1
            mode = 1
        if nodes >= stop_at:
            state[0], state[1], state[2] = d, mode, nodes
            return BUDGET


__all__ = ["BUDGET", "EXHAUSTED", "FOUND", "SLICE", "solve_backtrack", "test_tile"]
