"""Knuth's estimate of an exact edge-matching search under *any* cell order, anchor square and
forward check (docs/edgematching.md, "Tree sizes of the candidate improvements"): the means to
compare, without a full search, what ``backtrack-table`` could change. The engine's own tree is
``tree_estimate``; this one is slower per probe (each square's candidates are filtered
against all its placed neighbours, whatever side they are on) but takes any order.

Checks (a bit mask, ``forward_checks``): a candidate counts only when it passes them.
"""

from __future__ import annotations

import numpy as np

from ...puzzles.edgematching import EdgeMatchingPuzzle, fits_frame
from ..kernels import njit
from .forward_checks import fits_placed, passes
from .tables import cell_class
from .tree_estimate import tally

SIDES = ((-1, 0), (0, 1), (1, 0), (0, -1))  # top, right, bottom, left


def setup(puzzle: EdgeMatchingPuzzle, order, anchor: tuple[int, tuple[int, int]] | None):
    """(oriented pieces (piece, top, right, bottom, left), candidates per depth, their number,
    the depth of each side's neighbour per depth (-1: the border)). ``anchor`` = (piece,
    square): that square holds that piece alone and the piece no other square."""
    rows, cols = puzzle.rows, puzzle.cols
    orient = np.array([(p, *puzzle.tile(p, k)) for p in range(1, puzzle.n + 1) for k in puzzle.rotations(p)],
                      dtype=np.int64).reshape(-1, 5)
    n = len(order)
    cand = np.zeros((n, max(1, len(orient))), dtype=np.int64)
    ncand = np.zeros(n, dtype=np.int64)
    for d, (r, c) in enumerate(order):
        ok = [o for o in range(len(orient)) if fits_frame(tuple(orient[o, 1:]), rows, cols, r, c)
              and (anchor is None or (orient[o, 0] == anchor[0]) == ((r, c) == anchor[1]))]
        cand[d, :len(ok)] = ok
        ncand[d] = len(ok)
    depth = {sq: d for d, sq in enumerate(order)}
    neighbour_depth = np.array([[depth.get((r + dr, c + dc), -1) for dr, dc in SIDES] for r, c in order],
                  dtype=np.int64).reshape(-1, 4)
    return orient, cand, ncand, neighbour_depth


def classes_of(puzzle: EdgeMatchingPuzzle, order) -> np.ndarray:
    """The frame class (``tables.cell_class``) per depth."""
    return np.array([cell_class(puzzle.rows, puzzle.cols, r, c) for r, c in order], dtype=np.int64)


@njit(cache=True)
def probe_order(orient, cand, ncand, neighbour_depth, cls, npieces, ncol, checks, probes, seed):
    """Mean over ``probes`` random descents of the products of candidate counts, per depth
    (index d + 1: nodes with d + 1 squares placed), as ``tree_estimate.probe_tree``."""
    np.random.seed(seed)
    n = ncand.shape[0]
    total = np.zeros(n + 1)
    used = np.zeros(npieces + 1, dtype=np.bool_)
    placed = np.full(n, -1, dtype=np.int64)
    fit = np.zeros(max(1, orient.shape[0]), dtype=np.int64)
    supply = np.zeros(ncol, dtype=np.int64)
    demand = np.zeros(ncol, dtype=np.int64)
    squares = np.zeros(n, dtype=np.int64)
    for _ in range(probes):
        weight = 1.0
        depth = 0
        while depth < n:
            k = 0
            for j in range(ncand[depth]):
                oriented = cand[depth, j]
                if used[orient[oriented, 0]] or not fits_placed(orient, neighbour_depth, placed, oriented,
                                                                depth, depth - 1):
                    continue
                if checks:
                    placed[depth] = oriented
                    used[orient[oriented, 0]] = True
                    ok = passes(orient, cand, ncand, neighbour_depth, cls, used, placed, depth, checks,
                                supply, demand, squares)
                    used[orient[oriented, 0]] = False
                    if not ok:
                        continue
                fit[k] = oriented
                k += 1
            if k == 0:
                break
            weight, oriented = tally(total, weight, k, depth, fit)
            placed[depth] = oriented
            used[orient[oriented, 0]] = True
            depth += 1
        for e in range(depth):
            used[orient[placed[e], 0]] = False
    return total / probes


def order_estimate(puzzle: EdgeMatchingPuzzle, order, anchor=None, checks: int = 0,
                   probes: int = 1_000_000, seed: int = 1) -> np.ndarray:
    """Estimated nodes per depth (index d: d squares placed) of the exact search that fills the
    squares in ``order`` (a list of (row, col)), with the ``anchor`` and ``checks`` above."""
    orient, cand, ncand, neighbour_depth = setup(puzzle, order, anchor)
    ncol = int(orient[:, 1:].max()) + 1 if len(orient) else 1
    return probe_order(orient, cand, ncand, neighbour_depth, classes_of(puzzle, order), puzzle.n, ncol,
                       checks,
                       probes, seed)


__all__ = ["classes_of", "order_estimate", "probe_order", "setup"]
