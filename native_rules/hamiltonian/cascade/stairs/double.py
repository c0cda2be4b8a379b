"""The labyrinth author's double stairs (``large`` group): ``DoubleStair`` and
``DoubleStairReversed``.

Reference ``../shared/reference/hamiltonian.md`` 3.3, "Newer cascade": after the stairs at end.
Two stairs of the line meet ahead-left of the walker; the facts (which cells are taken or empty,
which corners the discovery must find, which moves are forbidden) are read from the author's
``Path.cs`` (``fodorbalint/OneWayLabyrinth``, no licence: no code taken) and written in this
port's frame terms (``walker``: ``rel(a, b)`` at left offset a, straight offset b).
"""

from __future__ import annotations

import numpy as np

from ..walker import OFF, R, S, T, idx, njit, rel, rule_frame
from .corner_check import check_corner
from .corners import MAX_CORNERS, QUARTERS, closed_corners, has_corner
from .gates import near_small

DOUBLE_STAIR, DOUBLE_STAIR_REVERSED = 26, 27


@njit(cache=True)
def check_double_stair(board, frame, forbidden):
    """``DoubleStair`` (the author's examples 2024_0706_1, 2024_1006_1, 2024_0711; also reached by
    his Sequence on 9_2023047, 9_19732094): per side, as is and turned right ("normal or big
    area"): the cell behind-left (1, -1) taken and the left cell (1, 0) empty, the corner
    discovery finds closed corners at (3, 3) and -- at (4, 2) as is, (2, 4) turned -- in the
    quarter on that side, and the line at (3, 3) runs on from (4, 3) (index of (3, 3) greater):
    two stairs meet. With (2, 2) taken for the moment (the author's ``AddEndFar(1, 2, 2)``: the
    walk's next stair step), a close obstacle at (2, 2) closing the big area turned up -- or a
    corner at any distance there whose big area cannot be entered later (his ``CheckCorner``) --
    and one at (3, 1) closing the small area turned down, mirrored, forbid straight (and right,
    as is)."""
    out = np.zeros((4, MAX_CORNERS, 2), dtype=np.int64)
    counts = np.zeros(4, dtype=np.int64)
    if not closed_corners(board, frame, out, counts):
        return
    for side in range(2):
        for j in range(2):
            view = rule_frame(frame, side, j, False)
            if not (T(board, view, 1, -1) and not T(board, view, 1, 0)):
                continue
            q = QUARTERS[side, j]
            c2x, c2y = (4, 2) if j == 0 else (2, 4)
            if not (has_corner(out, counts, q, 3, 3) and has_corner(out, counts, q, c2x, c2y)):
                continue
            if idx(board, view, 3, 3) <= idx(board, view, 4, 3):
                continue
            x, y = rel(view, 2, 2)
            old = board[0][y + OFF, x + OFF]
            if old < 0:  # taken cells keep their index (the author's InTakenIndex finds the first)
                board[0][y + OFF, x + OFF] = board[1][1]  # the newest index
            fired = (near_small(board, view, 2, 2, 0, 2, False, 2)
                     or check_corner(board, view, 2, 2, 0, 2, False, 1)) \
                and near_small(board, view, 3, 1, 1, 3, True, 2)
            if old < 0:
                board[0][y + OFF, x + OFF] = old
            if fired:
                S(forbidden, view, DOUBLE_STAIR)
                if j == 0:
                    R(forbidden, view, DOUBLE_STAIR)


@njit(cache=True)
def check_double_stair_reversed(board, frame, forbidden):
    """``DoubleStairReversed`` (the author's examples 2026_0124, 2026_0304, 2024_0726, 2024_0713:
    a C-shape at (3, -1); 2026_0519: a mid-across there): per side, as is and turned right, the
    second stair's corner -- (5, 1) and (4, 2) taken, (4, 1) empty, the line at (4, 2) running on
    from (5, 2) -- and the first stair behind-left -- (1, -1) and (2, -2) taken, (1, 0), (2, -1)
    and (3, -2) empty -- with a close obstacle at (3, -1) that closes the small area turned down:
    forbid straight (and right, as is)."""
    for side in range(2):
        for j in range(2):
            view = rule_frame(frame, side, j, False)
            if not (T(board, view, 5, 1) and T(board, view, 4, 2) and not T(board, view, 4, 1)):
                continue
            if idx(board, view, 4, 2) <= idx(board, view, 5, 2):
                continue
            if T(board, view, 1, -1) and T(board, view, 2, -2) and not T(board, view, 1, 0) \
                    and not T(board, view, 2, -1) and not T(board, view, 3, -2) \
                    and near_small(board, view, 3, -1, 0, 1, True, 2):
                S(forbidden, view, DOUBLE_STAIR_REVERSED)
                if j == 0:
                    R(forbidden, view, DOUBLE_STAIR_REVERSED)
