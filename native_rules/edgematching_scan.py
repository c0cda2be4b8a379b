"""The table-driven scan of ``backtrack-table`` (``native_rules.edgematching_table``): one
numba-compiled explicit-stack loop over the squares in a fixed order, each of which has its top
and left neighbour placed (or the border) when it is reached.

The candidates of a square are a slice of ``tab`` (oriented piece ids) found by one lookup:
``key = (cell class * C + top colour) * C + left colour``, ``lo[key]`` .. ``exact[key]`` the
oriented pieces that fit exactly, ``exact[key]`` .. ``broken[key]`` those that break one of the
two joins (built only for max-joins). A fixed square's slice is its one oriented piece.

The same loop counts exact solutions and searches with *breaks* (mismatched joins): placing
square ``d`` may bring the breaks so far up to ``allowed[d]`` (all zero for an exact search). It
runs for a budget of candidates and returns at each full board, at exhaustion or when the budget
is spent, so the caller can record boards, watch the clock, lower ``allowed`` and resume.
``split`` = (depth, workers, worker) shares the subtrees below that depth round robin between
processes (the counter of subtrees entered there is identical in every process).
"""

from __future__ import annotations

import numpy as np

from ._numba import njit

FOUND, EXHAUSTED, BUDGET = 0, 1, 2
SLICE = 1 << 22  # candidates looked at per kernel call
# state: depth, mode (0 = enter the square, 1 = back from the deeper one), placements, the
# candidates looked at, subtrees entered at the split depth
DEPTH, MODE, NODES, WORK, SPLIT_SEEN = range(5)


def new_state() -> np.ndarray:
    return np.zeros(5, dtype=np.int64)


@njit(cache=True)
def scan(cells, tab, lo, exact, broken, ncol, orient, used, allowed, split, pos, hi, chosen,
         breaks, state, budget):
    """Run the search from ``state``. ``cells[d]`` = (class, order index of the square above or
    -1, of the square to the left or -1, fixed slot in ``tab`` or -1, colour a fixed right
    neighbour needs or -1, the same below, the breaks a fixed square brings); ``orient[o]`` =
    (piece, top, right, bottom, left); ``pos`` / ``hi`` / ``chosen`` / ``breaks`` are the stack."""
    n = cells.shape[0]
    d, mode, nodes, work, seen = state[0], state[1], state[2], state[3], state[4]
    stop_at = work + budget
    split_depth, workers, me = split[0], split[1], split[2]
    while True:
        if mode == 0:
            if d == n:
                state[0], state[1], state[2], state[3], state[4] = n - 1, 1, nodes, work, seen
                return FOUND
            before = breaks[d - 1] if d > 0 else 0
            if cells[d, 3] >= 0:
                pos[d] = cells[d, 3]
                hi[d] = cells[d, 3] + 1
            else:
                above, left_of = cells[d, 1], cells[d, 2]
                top = orient[chosen[above], 3] if above >= 0 else 0
                left = orient[chosen[left_of], 2] if left_of >= 0 else 0
                key = (cells[d, 0] * ncol + top) * ncol + left
                pos[d] = lo[key]
                hi[d] = broken[key] if allowed[d] > before else exact[key]
        else:
            if d < 0:
                state[0], state[1], state[2], state[3], state[4] = d, mode, nodes, work, seen
                return EXHAUSTED
            if cells[d, 3] < 0:
                used[orient[chosen[d], 0]] = False
            pos[d] += 1
        before = breaks[d - 1] if d > 0 else 0
        above, left_of = cells[d, 1], cells[d, 2]
        top = orient[chosen[above], 3] if above >= 0 else 0
        left = orient[chosen[left_of], 2] if left_of >= 0 else 0
        fixed = cells[d, 3] >= 0
        need_right, need_below = cells[d, 4], cells[d, 5]
        exact_only = allowed[d] == 0 and not fixed
        placed = False
        p = pos[d]
        end = hi[d]
        while p < end:
            o = tab[p]
            work += 1
            if exact_only:  # the slice fits top and left: only the piece and fixed neighbours
                if used[orient[o, 0]] or (need_right >= 0 and orient[o, 2] != need_right) or (
                        need_below >= 0 and orient[o, 3] != need_below):
                    p += 1
                    continue
                miss = 0
            elif fixed:
                miss = cells[d, 6]
            elif used[orient[o, 0]]:
                p += 1
                continue
            else:
                miss = (orient[o, 1] != top) + (orient[o, 4] != left)
                if need_right >= 0 and orient[o, 2] != need_right:
                    miss += 1
                if need_below >= 0 and orient[o, 3] != need_below:
                    miss += 1
            if before + miss <= allowed[d]:
                take = True
                if d == split_depth:
                    take = seen % workers == me
                    seen += 1
                if take:
                    chosen[d] = o
                    breaks[d] = before + miss
                    if not fixed:
                        used[orient[o, 0]] = True
                    placed = True
                    break
            p += 1
        pos[d] = p
        nodes += placed
        d += 1 if placed else -1  # deeper, or back to the square before
        mode = 0 if placed else 1
        if work >= stop_at:
            state[0], state[1], state[2], state[3], state[4] = d, mode, nodes, work, seen
            return BUDGET


__all__ = ["BUDGET", "EXHAUSTED", "FOUND", "SLICE", "new_state", "scan"]
