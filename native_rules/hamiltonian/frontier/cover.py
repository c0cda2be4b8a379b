"""Which plug patterns the rest of the grid can still cover, for the compiled frontier DP.

A frontier state that no completion extends is dead weight: it is merged and expanded until the
last row, where it dies. Near the bottom most states are such (docs/hamiltonian.md), so the
kernel drops them on sight in the last few rows, by a necessary condition that ignores how the
plugs pair up: the cells not yet processed must each get degree 2 (1 at a terminal) from their
links to one another and the occupied plugs. Which occupied-plug patterns (one bit per plug)
allow that is a backward DP over the 2^W patterns, cell by cell from the last, the same cells
and row changes as the count's forward pass; a state whose successor pattern fails it has no
completion.

``tables`` gives, for each cell from a given one on, the patterns its successors (before the
row change that may follow) may have, as bitsets (``frontier_kernel.coverable`` reads them).
"""

from __future__ import annotations

import numpy as np
from numba import njit


@njit(cache=True)
def _tables(cols, can_r, can_d, need, shifts, plugs, out):
    """Fill ``out`` (one bitset row per cell, the last cell last) backwards from the pattern
    with no plug: a pattern entering a cell is coverable when some choice of the cell's down and
    right links gives it degree ``need`` and leads to a coverable successor pattern; before a
    row change (``shifts`` > 0) the plugs move on, the dropped last ones empty."""
    size = 1 << plugs
    full = size - 1
    after = np.zeros(size, np.bool_)
    entering = np.zeros(size, np.bool_)
    after[0] = True  # after the last cell no plug is left
    for i in range(len(cols) - 1, -1, -1):
        for j in range(out.shape[1]):
            byte = 0
            for b in range(min(8, size - 8 * j)):
                byte |= np.int64(after[8 * j + b]) << b
            out[i, j] = byte
        c = cols[i]
        down, right = 1 << c, 1 << (c + 1)
        for m in range(size):
            free = need[i] - ((m >> c) & 1) - ((m >> (c + 1)) & 1)
            base = m & ~(down | right)
            ok = free == 0 and after[base]
            if free == 1:
                ok = (can_d[i] and after[base | down]) or (can_r[i] and after[base | right])
            elif free == 2:
                ok = can_d[i] and can_r[i] and after[base | down | right]
            entering[m] = ok
        s = shifts[i]
        for m in range(size):
            after[m] = (m >> (plugs - s)) == 0 and entering[(m << s) & full] if s else entering[m]


def tables(cells: list[tuple], shifts: list[int], plugs: int) -> np.ndarray:
    """Bitsets (little-endian bit order, ``2^plugs`` bits each) of the coverable successor
    patterns of the last cells of a count: ``cells[i]`` = (column, can go right, can go down,
    terminal), ``shifts[i]`` = the row changes before it."""
    out = np.empty((len(cells), max(1, (1 << plugs) // 8)), np.uint8)
    _tables(np.array([c[0] for c in cells], np.int64), np.array([c[1] for c in cells], np.bool_),
            np.array([c[2] for c in cells], np.bool_), np.array([1 if c[3] else 2 for c in cells], np.int64),
            np.array(shifts, np.int64), plugs, out)
    return out
