"""Which plug patterns the rest of the grid can still cover, for the compiled frontier DP.

A frontier state that no completion extends is dead weight: it is merged and expanded until the
last row, where it dies. Near the bottom most states are such (docs/hamiltonian.md: at 13x13,
three quarters of the second-last row's successors), so the kernel drops them on sight in the
last few rows, by a necessary condition that ignores how the plugs pair up: the cells not yet
processed must each get degree 2 (1 at a terminal) from their links to one another and the
occupied plugs. Which occupied-plug patterns (one bit per plug) allow that is a backward DP
over the 2^W patterns, cell by cell from the last, the same cells and row changes as the
count's forward pass; a state whose successor pattern fails it has no completion.

``tables`` gives, for each cell from a given one on, the patterns its successors (before the
row change that may follow) may have, as bitsets (``frontier_kernel.coverable`` reads them).
"""

from __future__ import annotations

import numpy as np
from numba import njit


@njit(cache=True)
def _before(after, c, plugs, can_r, can_d, need, out):
    """``out[m]``: pattern ``m`` entering the cell in column ``c`` has a choice of the cell's
    down and right links giving it degree ``need`` with a successor pattern in ``after``."""
    for m in range(1 << plugs):
        free = need - ((m >> c) & 1) - ((m >> (c + 1)) & 1)
        base = m & ~((1 << c) | (1 << (c + 1)))
        ok = False
        if free == 0:
            ok = after[base]
        elif free == 1:
            ok = (can_d and after[base | (1 << c)]) or (can_r and after[base | (1 << (c + 1))])
        elif free == 2:
            ok = can_d and can_r and after[base | (1 << c) | (1 << (c + 1))]
        out[m] = ok


@njit(cache=True)
def _unshift(entering, shifts, plugs, out):
    """``out[m]``: pattern ``m`` (a row's last successors) is in ``entering`` after ``shifts``
    row changes (each moves the plugs one slot on and drops the last, which is empty)."""
    full = (1 << plugs) - 1
    for m in range(1 << plugs):
        x = m
        ok = True
        for _ in range(shifts):
            if x >> (plugs - 1):
                ok = False
            x = (x << 1) & full
        out[m] = ok and entering[x]


def tables(cells: list[tuple], rows: list[int], plugs: int, first: int) -> np.ndarray:
    """Bitsets (little-endian bit order, ``2^plugs`` bits each) of the coverable successor
    patterns of cells ``first`` .. last; ``cells[i]`` = (column, can go right, can go down,
    terminal) and ``rows[i]`` = the row of the i-th cell in DP order."""
    n = len(cells)
    size = 1 << plugs
    out = np.empty((n - first, size // 8 if size >= 8 else 1), np.uint8)
    after = np.zeros(size, np.bool_)
    after[0] = True  # after the last cell no plug is left
    entering = np.empty(size, np.bool_)
    for i in range(n - 1, first - 1, -1):
        out[i - first] = np.packbits(after, bitorder="little")
        c, can_r, can_d, terminal = cells[i]
        _before(after, c, plugs, can_r, can_d, 1 if terminal else 2, entering)
        shifts = rows[i] - rows[i - 1] if i > 0 else 0
        if shifts:
            _unshift(entering, shifts, plugs, after)
        else:
            after, entering = entering, after
    return out
