"""Knuth's estimate of the size of ``backtrack-table``'s exact search tree (docs/edgematching.md):
random probes from the root, each taking one random fitting candidate per square; the product
of the numbers of candidates met on the way, summed per depth and averaged over the probes, is
an unbiased estimate of the number of nodes at that depth (D. E. Knuth, "Estimating the
efficiency of backtrack programs", 1975). Same tables, same scan order, same symmetry
reduction as the search, so the estimate is of the tree the engine walks."""

from __future__ import annotations

import numpy as np

from ...puzzles.edgematching import EdgeMatchingPuzzle
from ..kernels import njit
from .tables import build


@njit(cache=True)
def tally(total, weight, ncands, depth, fit):
    """Knuth's step at ``depth``: the ``ncands`` candidates in ``fit`` multiply the weight of the
    descent, which counts towards the nodes with depth + 1 squares placed; one candidate is
    taken at random. Returns (the new weight, the candidate)."""
    weight *= ncands
    total[depth + 1] += weight
    return weight, fit[np.random.randint(ncands)]


@njit(cache=True)
def probe_tree(base, up, left, tpiece, tbotc, trgt, lo, exact, npieces, probes, seed):
    """Mean over ``probes`` random descents of the products of candidate counts, per depth
    (index d + 1: nodes with d + 1 squares placed)."""
    np.random.seed(seed)
    n = base.shape[0]
    total = np.zeros(n + 1)
    used = np.zeros(npieces + 1, dtype=np.bool_)
    bot = np.zeros(n + 1, dtype=np.int64)
    rgt = np.zeros(n + 1, dtype=np.int64)
    chosen = np.zeros(n, dtype=np.int64)
    cand = np.zeros(max(1, tpiece.shape[0]), dtype=np.int64)
    for _ in range(probes):
        weight = 1.0
        d = 0
        while d < n:
            key = base[d] + bot[up[d]] + rgt[left[d]]
            k = 0
            for p in range(lo[key], exact[key]):
                if not used[tpiece[p]]:
                    cand[k] = p
                    k += 1
            if k == 0:
                break
            weight, p = tally(total, weight, k, d, cand)
            used[tpiece[p]] = True
            chosen[d] = p
            bot[d] = tbotc[p]
            rgt[d] = trgt[p]
            d += 1
        for e in range(d):
            used[tpiece[chosen[e]]] = False
    return total / probes


def tree_estimate(puzzle: EdgeMatchingPuzzle, probes: int = 1_000_000, seed: int = 1) -> np.ndarray:
    """Estimated nodes per depth (index d: d squares placed, index 0 unused) of the exact,
    symmetry-reduced search; the sum is the tree, the last entry the solutions it holds."""
    t = build(puzzle)
    return probe_tree(t.base, t.up, t.left, t.tpiece, t.tbotc, t.trgt, t.lo, t.exact, puzzle.n,
                      probes, seed)


__all__ = ["probe_tree", "tally", "tree_estimate"]
