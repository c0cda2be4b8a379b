"""A forward check for ``backtrack-table``'s exact scan, measured against the plain kernel
(docs/edgematching.md, "Forward checks in the kernel"): after each placement, every open square
whose top neighbour is placed must still have, per (its class, the colour above it), at least as
many unused pieces that fit as there are such squares (``BELOW`` of
``edgematching_orders``, kept as counters instead of a scan).

The counters: ``cnt[class * C + colour]`` = unused pieces listed in the table under that class
with that top colour; ``dem[...]`` = open squares waiting for one. A placement takes its
piece out of its counters (at most four), retires its own square's demand and adds the demand
of the square below; it is refused when one of those counters falls below its demand. The
search, its order and its boards are the plain scan's (a refused candidate has no board
below it); only the tree is smaller -- and each placement dearer.
"""

from __future__ import annotations

import numpy as np

from . import edgematching_scan as scan_mod
from ._numba import njit
from .edgematching_table import Search, Tables


def counters(t: Tables) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """(below: the depth under each depth or -1, cbase: the counter base per depth, the
    per-piece counter lists as offsets + indices, the full counters with every piece unused)."""
    n, C = len(t.order_rc), t.ncol
    below = np.full(n, -1, dtype=np.int64)
    for e in range(n):
        if t.up[e] < n:
            below[t.up[e]] = e
    cbase = t.base // C
    npieces = len(t.used) - 1
    lists: list[set] = [set() for _ in range(npieces + 1)]
    nkeys = len(t.lo)
    for key in range(nkeys):
        j = key // C  # class * C + top colour
        if j % C == 0:  # top colour 0: a top-row square, never waiting for a piece
            continue
        for pos in range(t.lo[key], t.exact[key]):
            lists[t.tpiece[pos]].add(j)
    start = np.zeros(npieces + 2, dtype=np.int64)
    for p in range(npieces + 1):
        start[p + 1] = start[p] + len(lists[p])
    flat = np.array([j for p in range(npieces + 1) for j in sorted(lists[p])], dtype=np.int64)
    cnt = np.zeros(nkeys // C + 1, dtype=np.int64)
    for j in flat:
        cnt[j] += 1
    return below, cbase, start, flat, cnt


@njit(cache=True)
def scan_counted(base, up, left, below, cbase, tpiece, tbot, tbotc, trgt, lo, exact, used, chosen, hi,
                 bot, rgt, need, cstart, clist, cnt, dem, state, budget):
    """``scan_exact`` with the counter check on every candidate (no split: one process)."""
    n = base.shape[0]
    d, p, nodes = state[0], state[1], state[2]
    stop = nodes + budget
    if state[4] == 0:
        state[4] = 1
        d = 0
        key = base[0] + bot[up[0]] + rgt[left[0]]
        p, hi[0] = lo[key], exact[key]
    elif d == n:
        d = n - 1
        p = chosen[d]
        pc = tpiece[p]
        used[pc] = False
        for i in range(cstart[pc], cstart[pc + 1]):
            cnt[clist[i]] += 1
        if up[d] < n:
            dem[need[d]] += 1
        if below[d] >= 0:
            dem[need[below[d]]] -= 1
        p += 1
    elif d < 0:
        return scan_mod.EXHAUSTED
    end = hi[d]
    while True:
        pc = 0
        while p < end:
            pc = tpiece[p]
            if used[pc]:
                p += 1
                continue
            ok = True
            if up[d] < n:
                dem[need[d]] -= 1
            for i in range(cstart[pc], cstart[pc + 1]):
                j = clist[i]
                cnt[j] -= 1
                ok &= cnt[j] >= dem[j]
            e = below[d]
            if e >= 0:
                j = cbase[e] + tbot[p]
                need[e] = j
                dem[j] += 1
                ok &= cnt[j] >= dem[j]
            if ok:
                break
            for i in range(cstart[pc], cstart[pc + 1]):
                cnt[clist[i]] += 1
            if up[d] < n:
                dem[need[d]] += 1
            if e >= 0:
                dem[need[e]] -= 1
            p += 1
        if p < end:
            used[pc] = True
            chosen[d] = p
            bot[d] = tbotc[p]
            rgt[d] = trgt[p]
            nodes += 1
            d += 1
            if d == n:
                state[0], state[1], state[2] = d, p, nodes
                return scan_mod.FOUND
            key = base[d] + bot[up[d]] + rgt[left[d]]
            p = lo[key]
            end = exact[key]
            hi[d] = end
            if nodes >= stop:
                state[0], state[1], state[2] = d, p, nodes
                return scan_mod.BUDGET
        else:
            d -= 1
            if d < 0:
                state[0], state[1], state[2] = d, p, nodes
                return scan_mod.EXHAUSTED
            p = chosen[d]
            pc = tpiece[p]
            used[pc] = False
            for i in range(cstart[pc], cstart[pc + 1]):
                cnt[clist[i]] += 1
            if up[d] < n:
                dem[need[d]] += 1
            if below[d] >= 0:
                dem[need[below[d]]] -= 1
            p += 1
            end = hi[d]


class CountedSearch(Search):
    """``Search`` (exact, one process) with the counter check."""

    def __init__(self, t: Tables) -> None:
        super().__init__(t)
        self.below, self.cbase, self.cstart, self.clist, self.cnt = counters(t)
        self.dem = np.zeros_like(self.cnt)
        self.need = np.zeros(self.n, dtype=np.int64)

    def step(self, budget: int = scan_mod.SLICE) -> int:
        t = self.t
        return scan_counted(t.base, t.up, t.left, self.below, self.cbase, t.tpiece, t.tbot, t.tbotc, t.trgt,
                            t.lo, t.exact, t.used, self.chosen, self.bre, self.bot, self.rgt, self.need,
                            self.cstart, self.clist, self.cnt, self.dem, self.state, budget)


__all__ = ["CountedSearch", "counters", "scan_counted"]
