"""Edge matching checker: the rules of ``puzzles.edgematching``, one named violation each.

1. ``size-mismatch`` / ``bad-placement``: the solution has one (piece 1..n, rotation 0..3) per square;
2. ``piece-reused`` / ``piece-missing``: each piece is used exactly once;
3. ``rotation-forbidden``: a piece is turned although the puzzle does not allow rotation;
4. ``hint-violated``: a fixed piece is not where (or not as) the puzzle gives it;
5. ``border-outward``: a side facing the border is not colour 0;
   ``border-inside``: colour 0 on a side that touches another piece;
6. ``edge-mismatch``: two touching edges have different colours.

Every violation found is reported (structural problems 1 stop the check).
"""

from __future__ import annotations

from collections import Counter

from ..edgematching import (
    BORDER,
    NEIGHBOURS,
    SIDES,
    EdgeMatchingPuzzle,
    EdgeMatchingSolution,
    rotate,
)
from . import Violation


def check(puzzle: EdgeMatchingPuzzle, solution: EdgeMatchingSolution) -> list[Violation]:
    rows, cols = puzzle.rows, puzzle.cols
    if (solution.rows, solution.cols) != (rows, cols) or len(solution.placements) != rows * cols:
        return [Violation("size-mismatch", f"solution is {solution.rows}x{solution.cols} "
                          f"({len(solution.placements)} placements), puzzle is {puzzle.size}")]
    out: list[Violation] = []
    for i, (p, k) in enumerate(solution.placements):
        if not (1 <= p <= puzzle.n and 0 <= k <= 3):
            sq = divmod(i, cols)
            out.append(Violation("bad-placement", f"square {_name(sq)}: piece {p} rotation {k} "
                                 f"(pieces 1..{puzzle.n}, rotations 0..3)", (sq,)))
    if out:
        return out

    used = Counter(p for p, _ in solution.placements)
    for p, n in sorted(used.items()):
        if n > 1:
            out.append(Violation("piece-reused", f"piece {p} is placed {n} times", (p,)))
    for p in range(1, puzzle.n + 1):
        if p not in used:
            out.append(Violation("piece-missing", f"piece {p} is not placed", (p,)))

    looks = {}
    for i, (p, k) in enumerate(solution.placements):
        sq = divmod(i, cols)
        tile = puzzle.tiles[p - 1]
        looks[sq] = rotate(tile, k)
        if not puzzle.rotation and looks[sq] != tile:
            out.append(Violation("rotation-forbidden", f"square {_name(sq)}: piece {p} is turned "
                                 f"{k} quarter turn(s) but rotation is not allowed", (sq,)))
    for r, c, p, k in puzzle.hints:
        got = solution.placements[r * cols + c]
        if got[0] != p or looks[(r, c)] != rotate(puzzle.tiles[p - 1], k):
            out.append(Violation("hint-violated", f"square {_name((r, c))} must hold piece {p} "
                                 f"turned {k}, holds piece {got[0]} turned {got[1]}", ((r, c),)))

    for (r, c), t in sorted(looks.items()):
        for side, (dr, dc), other in NEIGHBOURS:
            nr, nc = r + dr, c + dc
            if not (0 <= nr < rows and 0 <= nc < cols):
                if t[side] != BORDER:
                    out.append(Violation("border-outward", f"square {_name((r, c))}: {SIDES[side]} "
                                         f"side faces the border but has colour {t[side]}", ((r, c),)))
                continue
            if t[side] == BORDER:
                out.append(Violation("border-inside", f"square {_name((r, c))}: {SIDES[side]} side "
                                     "touches a piece but has the border colour 0", ((r, c),)))
            if side in (1, 2) and t[side] != looks[(nr, nc)][other]:
                out.append(Violation("edge-mismatch", f"squares {_name((r, c))} and {_name((nr, nc))}: "
                                     f"colours {t[side]} and {looks[(nr, nc)][other]} touch",
                                     ((r, c), (nr, nc))))
    return out


def _name(sq: tuple[int, int]) -> str:
    """1-based (row, column) as users count squares."""
    return f"({sq[0] + 1}, {sq[1] + 1})"
