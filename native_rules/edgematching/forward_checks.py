"""The forward checks of ``order_estimate``' tree estimate, one compiled function each
(docs/edgematching.md, "Tree sizes of the candidate improvements").

Checks (a bit mask; a candidate counts only when it passes them):
``OPEN_FIT`` every open square next to a placed one still has an unused piece that fits the
placed sides; ``SUPPLY`` for every colour, the unused pieces carry at least as many sides of it
as the placed pieces turn towards open squares (their difference is always even: every colour
has an even number of sides, and the placed ones pair up except those facing open squares --
so a parity test never prunes); ``BELOW`` the open squares with one placed neighbour, grouped
by class, side and colour, are no more than the unused pieces that fit each group (a count
kept per (class, colour) by the kernel, the incremental form of ``OPEN_FIT``); ``MATCH`` the
open squares next to placed ones can take *distinct* unused pieces at once (Hall's condition,
a bipartite matching: the strongest check of this family, the bound on what counts can give);
``NEXT`` the next square of the order alone still has an unused piece that fits: this only
removes the leaves of the plain tree, whose cost is the same test one square later -- the
yardstick for how much of a check's smaller tree is real saving; ``ROWS`` (row scans only) the
rest of the current row and the placed-below part of the next row can still be chained from
unused pieces, each square on its own (pieces may repeat: a reachable-colour sweep per row);
``BAND`` (with ``ROWS``) the rest of the current row and the next row below it together, as
one sweep over (right colour in this row, right colour in the next) -- the two-row band;
``ROW_END`` (with ``ROWS``) only when a row is complete: the sweep of the next row, its cost
spread over the row's placements.
"""

from __future__ import annotations

import numpy as np

from ..kernels import njit

OPEN_FIT, SUPPLY, BELOW, MATCH, NEXT, ROWS, BAND, ROW_END = 1, 2, 4, 8, 16, 32, 64, 128


@njit(cache=True)
def fits_placed(orient, neighbour_depth, placed, oriented, square, depth):
    """Does oriented piece ``oriented`` on the square of depth ``square`` match its neighbours
    placed at depths <= ``depth``?"""
    for s in range(4):
        e = neighbour_depth[square, s]
        if 0 <= e <= depth and orient[placed[e], 1 + (s + 2) % 4] != orient[oriented, 1 + s]:
            return False
    return True


@njit(cache=True)
def open_squares(neighbour_depth, n, depth, out):
    """The depths > d with a neighbour placed at depth <= d, into ``out``; their number."""
    nsquares = 0
    for square in range(depth + 1, n):
        for s in range(4):
            if 0 <= neighbour_depth[square, s] <= depth:
                out[nsquares] = square
                nsquares += 1
                break
    return nsquares


@njit(cache=True)
def below_counts(orient, cand, ncand, neighbour_depth, cls, used, placed, depth, squares, nsquares, ncol):
    """``BELOW``: per group (class, side, colour) of open squares with one placed neighbour,
    demand <= the unused pieces with an orientation of that class and that colour there."""
    key = np.full(nsquares, -1, dtype=np.int64)
    for i in range(nsquares):
        square = squares[i]
        known, side = 0, -1
        for s in range(4):
            if 0 <= neighbour_depth[square, s] <= depth:
                known += 1
                side = s
        if known == 1:
            colour = orient[placed[neighbour_depth[square, side]], 1 + (side + 2) % 4]
            key[i] = (cls[square] * 4 + side) * ncol + colour
    seen = np.zeros(used.shape[0], dtype=np.bool_)
    for i in range(nsquares):
        first = key[i] >= 0
        for j in range(i):
            first &= key[j] != key[i]
        if not first:  # each group once
            continue
        dem = 0
        for j in range(i, nsquares):
            dem += key[j] == key[i]
        square = squares[i]
        side = (key[i] // ncol) % 4
        colour = key[i] % ncol
        seen[:] = False
        sup = 0
        for j in range(ncand[square]):
            oriented = cand[square, j]
            pc = orient[oriented, 0]
            if not used[pc] and not seen[pc] and orient[oriented, 1 + side] == colour:
                seen[pc] = True
                sup += 1
        if sup < dem:
            return False
    return True


@njit(cache=True)
def hall_match(orient, cand, ncand, neighbour_depth, used, placed, depth, squares, nsquares, npieces):
    """``MATCH``: the open squares ``sq[:m]`` take distinct unused pieces that fit their placed
    neighbours (augmenting paths, breadth first)."""
    adj = np.zeros((nsquares, npieces + 1), dtype=np.bool_)
    for i in range(nsquares):
        square = squares[i]
        for j in range(ncand[square]):
            oriented = cand[square, j]
            if not used[orient[oriented, 0]] and fits_placed(orient, neighbour_depth, placed, oriented,
                                                             square, depth):
                adj[i, orient[oriented, 0]] = True
    owner = np.full(npieces + 1, -1, dtype=np.int64)  # square matched to each piece
    mate = np.full(nsquares, -1, dtype=np.int64)  # piece matched to each square
    via = np.zeros(npieces + 1, dtype=np.int64)
    queue = np.zeros(nsquares, dtype=np.int64)
    for i in range(nsquares):
        seen = np.zeros(npieces + 1, dtype=np.bool_)
        queue[0] = i
        head, tail, free = 0, 1, -1
        while head < tail and free < 0:
            s = queue[head]
            head += 1
            for p in range(1, npieces + 1):
                if adj[s, p] and not seen[p]:
                    seen[p] = True
                    via[p] = s
                    if owner[p] < 0:
                        free = p
                        break
                    queue[tail] = owner[p]
                    tail += 1
        if free < 0:
            return False
        p = free
        while True:  # flip the path back to square i
            s = via[p]
            prev = mate[s]
            owner[p] = s
            mate[s] = p
            if s == i:
                break
            p = prev
    return True


@njit(cache=True)
def chain(orient, cand, ncand, neighbour_depth, used, placed, depth, squares, nsquares, start):
    """Can the squares ``fs[:m]`` (left to right in one row) be filled by unused pieces that fit
    their placed top neighbours and chain left to right from colour ``start`` (pieces may
    repeat)? A sweep of the reachable right colours."""
    reach = np.zeros(64, dtype=np.bool_)
    reach[start] = True
    nxt = np.zeros(64, dtype=np.bool_)
    for i in range(nsquares):
        square = squares[i]
        e = neighbour_depth[square, 0]
        nxt[:] = False
        any_ = False
        for j in range(ncand[square]):
            oriented = cand[square, j]
            if used[orient[oriented, 0]] or not reach[orient[oriented, 4]]:
                continue
            if 0 <= e <= depth and orient[placed[e], 3] != orient[oriented, 1]:
                continue
            nxt[orient[oriented, 2]] = True
            any_ = True
        if not any_:
            return False
        reach[:] = nxt
    return True


@njit(cache=True)
def rows_ahead(orient, cand, ncand, neighbour_depth, used, placed, depth, squares):
    """``ROWS``: the rest of square d's row, then the next row as far as its top neighbours
    are placed (row scans: ``neighbour_depth`` right = d + 1 within a row)."""
    nsquares = 0
    square = depth
    while neighbour_depth[square, 1] > depth:  # the squares right of d
        square = neighbour_depth[square, 1]
        squares[nsquares] = square
        nsquares += 1
    if nsquares and not chain(orient, cand, ncand, neighbour_depth, used, placed, depth, squares, nsquares,
                              orient[placed[depth], 2]):
        return False
    # the next row: from its left end while the square above is placed
    square = neighbour_depth[depth, 2]
    if square < 0:
        return True
    while neighbour_depth[square, 3] >= 0:
        square = neighbour_depth[square, 3]
    nsquares = 0
    while square >= 0 and 0 <= neighbour_depth[square, 0] <= depth:
        squares[nsquares] = square
        nsquares += 1
        square = neighbour_depth[square, 1]
    return nsquares == 0 or chain(orient, cand, ncand, neighbour_depth, used, placed, depth, squares,
                                  nsquares, 0)


@njit(cache=True)
def band(orient, cand, ncand, neighbour_depth, used, placed, depth, squares):
    """``BAND``: the squares right of d and the whole next row under them, swept column by
    column over the pairs (right colour in d's row, right colour in the next row); the next
    row's left part (under placed squares) first, as in ``rows_ahead``. Pieces may repeat
    (except within one column)."""
    below = neighbour_depth[depth, 2]
    if below < 0 or neighbour_depth[depth, 1] < 0:  # last row, or nothing left of this row
        return True
    square = below
    while neighbour_depth[square, 3] >= 0:
        square = neighbour_depth[square, 3]
    # the next row's prefix (its squares under placed ones): reachable right colours
    reach1 = np.zeros(64, dtype=np.bool_)
    reach1[0] = True
    nxt1 = np.zeros(64, dtype=np.bool_)
    while True:
        e = neighbour_depth[square, 0]
        nxt1[:] = False
        for j in range(ncand[square]):
            oriented = cand[square, j]
            if (not used[orient[oriented, 0]] and reach1[orient[oriented, 4]]
                    and orient[placed[e], 3] == orient[oriented, 1]):
                nxt1[orient[oriented, 2]] = True
        reach1[:] = nxt1
        if square == below:
            break
        square = neighbour_depth[square, 1]
    reach = np.zeros((64, 64), dtype=np.bool_)
    a = orient[placed[depth], 2]
    for b in range(64):
        reach[a, b] = reach1[b]
    nxt = np.zeros((64, 64), dtype=np.bool_)
    f1 = depth
    while neighbour_depth[f1, 1] > depth:
        f1 = neighbour_depth[f1, 1]
        f2 = neighbour_depth[f1, 2]
        e = neighbour_depth[f1, 0]
        nxt[:, :] = False
        any_ = False
        for j in range(ncand[f1]):
            o1 = cand[f1, j]
            if used[orient[o1, 0]] or (0 <= e <= depth and orient[placed[e], 3] != orient[o1, 1]):
                continue
            l1 = orient[o1, 4]
            for k in range(ncand[f2]):
                o2 = cand[f2, k]
                if (used[orient[o2, 0]] or orient[o2, 0] == orient[o1, 0]
                        or orient[o2, 1] != orient[o1, 3] or not reach[l1, orient[o2, 4]]):
                    continue
                nxt[orient[o1, 2], orient[o2, 2]] = True
                any_ = True
        if not any_:
            return False
        reach[:, :] = nxt
    return True


@njit(cache=True)
def passes(orient, cand, ncand, neighbour_depth, cls, used, placed, depth, checks, supply, demand, squares):
    """The forward checks after the square of depth ``depth`` is placed."""
    n = ncand.shape[0]
    if checks & 128 and neighbour_depth[depth, 1] >= 0:
        return True
    if checks & 32 and not rows_ahead(orient, cand, ncand, neighbour_depth, used, placed, depth, squares):
        return False
    if checks & 64 and not band(orient, cand, ncand, neighbour_depth, used, placed, depth, squares):
        return False
    if checks & 12:
        nsquares = open_squares(neighbour_depth, n, depth, squares)
        if checks & 4 and not below_counts(orient, cand, ncand, neighbour_depth, cls, used, placed, depth,
                                           squares, nsquares,
                                           supply.shape[0]):
            return False
        if checks & 8 and not hall_match(orient, cand, ncand, neighbour_depth, used, placed, depth, squares,
                                         nsquares,
                                         used.shape[0] - 1):
            return False
    if checks & 2:
        supply[:] = 0
        demand[:] = 0
        last = -1
        for oriented in range(orient.shape[0]):  # each unused piece once (its rotations are adjacent)
            if orient[oriented, 0] != last and not used[orient[oriented, 0]]:
                for s in range(4):
                    supply[orient[oriented, 1 + s]] += 1
            last = orient[oriented, 0]
        for e in range(depth + 1):
            for s in range(4):
                if neighbour_depth[e, s] > depth:
                    demand[orient[placed[e], 1 + s]] += 1
        for c in range(1, supply.shape[0]):
            if demand[c] > supply[c]:
                return False
    if checks & 17:
        for square in range(depth + 1, n if checks & 1 else min(n, depth + 2)):
            near = False
            for s in range(4):
                near |= 0 <= neighbour_depth[square, s] <= depth
            if not near:
                continue
            found = False
            for j in range(ncand[square]):
                oriented = cand[square, j]
                if not used[orient[oriented, 0]] and fits_placed(orient, neighbour_depth, placed, oriented,
                                                                 square, depth):
                    found = True
                    break
            if not found:
                return False
    return True
