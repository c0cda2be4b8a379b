"""The frontier DP's count, compiled (new, beside ``frontier.py``): the same plug states and
transitions, cell by cell, counted modulo a few primes below 2^62 instead of in exact limbs, and
merged by a partition into cache-sized buckets instead of a sort.

A state is a row of int64 ``key, residue per prime, float count`` (the float's bits), so it
costs (k + 2) words whatever the size of its count; rows live in blocks of a pool (the driver,
``compiled``, keeps the free stack). ``scatter`` reads a layer's blocks and appends each
successor row to its bucket's chain of blocks (the top bits of a multiplicative hash of the
key), freeing each layer block once read. Then every cell is one ``advance``: each bucket of
the last cell's successors is merged through a hash table into a scratch array that stays in
cache and its successors are appended to the next buckets at once. ``merge`` (each bucket in
place) and ``collect`` (the buckets' first blocks) make a layer again, for a checkpoint and at
the end. ``expand_rows`` / ``merge_rows`` are the steps on plain arrays, for the Dask variant.

The work of ``scatter``, ``merge`` and ``advance`` is split into parts (the layer's blocks, then
the buckets), each with its own free stack and chains; a call does the parts ``t0 .. t1 - 1``
and releases the GIL, so the driver runs one part per thread on Python threads (one compile
per kernel: numba's ``parallel`` variants cost a second compile of every kernel).

Keys are int64: the W + 1 plugs of at most 30 slots take 60 bits (counting only, no tag bits).
"""
from __future__ import annotations

import numpy as np
from numba import njit

MAX_WIDTH = 29  # W + 1 <= 30 plugs of 2 bits in a positive int64
EMPTY = -1
GOLDEN = np.uint64(0x9E3779B97F4A7C15)
BUCKET_ROWS = 1 << 13  # the mean bucket: its rows and hash table fit in a core's L2
BLOCK_BITS = 9
BLOCK = 1 << BLOCK_BITS  # rows per block of the pool (layers and buckets are chains of blocks)


def _scan_tables():
    """For every byte of four plugs and every depth 1..4 on entering it: the plug (0..3, in scan
    order) where the depth reaches 0, else -1; and the byte's net depth change. Rightward the
    plugs are read low to high ('(' deepens), leftward high to low (')' deepens)."""
    close = np.full((2, 256, 5), -1, np.int64)
    net = np.zeros((2, 256), np.int64)
    for v in range(256):
        for side in (0, 1):
            syms = [(v >> (2 * i)) & 3 for i in range(4)]
            deeper, shallower = (1, 2) if side == 0 else (2, 1)
            if side == 1:
                syms = syms[::-1]
            net[side, v] = sum((s == deeper) - (s == shallower) for s in syms)
            for d0 in range(1, 5):
                d = d0
                for j, s in enumerate(syms):
                    d += (s == deeper) - (s == shallower)
                    if d == 0:
                        close[side, v, d0] = j
                        break
    return close, net


CLOSE, NET = _scan_tables()


@njit(cache=True, inline="always")
def _partner(key, pos, plugs, right):
    """Slot of the partner of the parenthesis at ``pos`` ('(' scanning right, ')' left), four
    plugs (a byte) at a time through ``CLOSE`` / ``NET``; the slots past the key are empty."""
    depth = 1
    if right:
        rest = np.uint64(key) >> np.uint64(2 * pos + 2)
        for j in range(0, 2 * plugs - 2 * pos, 8):
            v = np.int64((rest >> np.uint64(j)) & np.uint64(255))
            if depth <= 4:
                o = CLOSE[0, v, depth]
                if o >= 0:
                    return pos + 1 + (j >> 1) + o
            depth += NET[0, v]
    else:
        if pos == 0:
            return -1
        rest = np.uint64(key) << np.uint64(64 - 2 * pos)
        for j in range(0, 2 * pos, 8):
            v = np.int64((rest >> np.uint64(56 - j)) & np.uint64(255))
            if depth <= 4:
                o = CLOSE[1, v, depth]
                if o >= 0:
                    return pos - 1 - (j >> 1) - o
            depth += NET[1, v]
    return -1


@njit(cache=True, inline="always")
def successors(key, c, plugs, can_r, can_d, terminal, is_last):
    """The (at most two) successor keys of ``key`` at the cell in column ``c`` (EMPTY = none):
    the transitions of ``frontier._transitions``, one state at a time."""
    p = 2 * c
    q = 2 * (c + 1)
    plug_mask = (1 << (2 * plugs)) - 1
    left = (key >> p) & 3
    up = (key >> q) & 3
    base = key & ~((3 << p) | (3 << q))
    a = EMPTY
    b = EMPTY
    if terminal:
        if left == 0 and up == 0:
            if can_d:
                a = base | (3 << p)
            if can_r:
                b = base | (3 << q)
        elif left == 0 or up == 0:
            x = left | up
            if x == 3:
                if is_last and (base & plug_mask) == 0:
                    a = base
            else:  # the path ends here: its other end becomes a terminal path's end
                a = base ^ (x << (2 * _partner(key, c if left != 0 else c + 1, plugs, x == 1)))
    elif left == 0 and up == 0:
        if can_r and can_d:
            a = base | (1 << p) | (2 << q)
    elif left == 0 or up == 0:
        x = left | up
        if can_d:
            a = base | (x << p)
        if can_r:
            b = base | (x << q)
    elif left == 2 and up == 1:  # ")(": two partial paths become one
        a = base
    elif left == 3 and up == 3:  # the two terminal paths meet: only at the last cell
        if is_last and (base & plug_mask) == 0:
            a = base
    elif not (left == 1 and up == 2):  # "()" would close a loop
        # (left, up) -> the plug whose partner is relabelled, scan direction, xor to apply
        if left == 1 and up == 1:
            at, right, x = c + 1, True, 3
        elif left == 2 and up == 2:
            at, right, x = c, False, 3
        elif left == 3:
            at, right, x = c + 1, up == 1, up
        else:  # up == 3
            at, right, x = c, left == 1, left
        a = base ^ (x << (2 * _partner(key, at, plugs, right)))
    return a, b


@njit(cache=True, inline="always")
def _shifted_successors(key, shifts, plug_mask, c, plugs, can_r, can_d, terminal, is_last):
    """``successors`` of ``key`` after ``shifts`` row changes (each moves the plugs one place)."""
    for _ in range(shifts):
        key = (key & ~plug_mask) | ((key << 2) & plug_mask)
    return successors(key, c, plugs, can_r, can_d, terminal, is_last)


# the write test (not EMPTY, ``coverable``, not ``closes_loop``) is spelled out where it is used:
# one helper returning the ``and`` of the three made the kernel measurably slower (docs/hamiltonian.md)
@njit(cache=True, inline="always")
def closes_loop(key, ahead):
    """Whether the cell in column ``ahead`` (the next in the row; none when < 0) would meet
    "()" -- its left and upper plugs the two ends of one partial path -- and so end every
    path through ``key`` (cheaper to drop now than to merge and expand to nothing)."""
    return ahead >= 0 and (key >> (2 * ahead)) & 15 == 9


@njit(cache=True, inline="always")
def coverable(cover, ci, key):
    """Whether the rest of the grid can still cover ``key``'s occupied plugs (row ``ci`` of the
    bitsets of ``frontier_cover.tables``; always when ``ci`` < 0): a necessary condition for
    the state to have a completion."""
    if ci < 0:
        return True
    x = (key | (key >> 1)) & 0x5555555555555555  # bit 2j: plug j is occupied; packed to bit j:
    x = (x | (x >> 1)) & 0x3333333333333333
    x = (x | (x >> 2)) & 0x0F0F0F0F0F0F0F0F
    x = (x | (x >> 4)) & 0x00FF00FF00FF00FF
    x = (x | (x >> 8)) & 0x0000FFFF0000FFFF
    x = (x | (x >> 16)) & 0x00000000FFFFFFFF
    return (cover[ci, x >> 3] >> (x & 7)) & 1 != 0


@njit(cache=True, inline="always")
def _hash(key):
    return np.uint64(key) * GOLDEN


@njit(cache=True, inline="always")
def bucket_of(key, bbits):
    """The bucket of a key: the top ``bbits`` bits of its hash (0 when ``bbits`` is 0)."""
    if bbits == 0:
        return 0
    return np.int64(_hash(key) >> np.uint64(64 - bbits))


@njit(cache=True, nogil=True)
def scatter(pool, lblocks, lfill, nl, tstack, tfree, link, head, tail, size,
            c, plugs, can_r, can_d, terminal, is_last, bbits, cover, ci, ahead, t0, t1):
    """Write every successor row (its key, the source's residues and float count) into blocks
    chained per bucket. Part ``t`` (``t0`` <= t < ``t1``) reads its share of the layer (the ``nl`` blocks
    ``lblocks``, ``lfill`` rows each), takes blocks from its own free stack ``tstack[t]``
    (``tfree[t]`` entries; the caller provides two per layer block it reads, plus one per
    bucket) and puts each layer block there once read; its chains are ``head[t]``, ``link``,
    ``tail[t]``, ``size[t]`` (rows). Successors that fail ``coverable(cover, ci, .)`` or
    ``closes_loop(., ahead)`` are dropped."""
    threads = tstack.shape[0]
    w = pool.shape[1]
    for t in range(t0, t1):
        head[t, :] = -1
        tail[t, :] = -1
        size[t, :] = 0
        nfree = tfree[t]
        for li in range(nl * t // threads, nl * (t + 1) // threads):
            blk = lblocks[li]
            for i in range(blk * BLOCK, blk * BLOCK + lfill[li]):
                a, b = successors(pool[i, 0], c, plugs, can_r, can_d, terminal, is_last)
                for key in (a, b):
                    if key == EMPTY or not coverable(cover, ci, key) or closes_loop(key, ahead):
                        continue
                    k = bucket_of(key, bbits)
                    f = size[t, k] & (BLOCK - 1)
                    if f == 0:
                        nfree -= 1
                        fresh = tstack[t, nfree]
                        link[fresh] = -1
                        if tail[t, k] >= 0:
                            link[tail[t, k]] = fresh
                        else:
                            head[t, k] = fresh
                        tail[t, k] = fresh
                    j = tail[t, k] * BLOCK + f
                    pool[j, 0] = key
                    for x in range(1, w):
                        pool[j, x] = pool[i, x]
                    size[t, k] += 1
            tstack[t, nfree] = blk
            nfree += 1
        tfree[t] = nfree


@njit(cache=True, inline="always")
def _chain(head, link, size, b, blocks, fills):
    """The blocks of bucket ``b`` (every thread's chain in turn) and their rows; returns how many."""
    nbl = 0
    for t in range(head.shape[0]):
        blk = head[t, b]
        left = size[t, b]
        while blk >= 0:
            blocks[nbl] = blk
            fills[nbl] = min(left, BLOCK)
            left -= BLOCK
            nbl += 1
            blk = link[blk]
    return nbl


@njit(cache=True, inline="always")
def _largest(size, b0, b1):
    """The most rows of any bucket ``b0`` .. ``b1 - 1`` (at least 1)."""
    biggest = 1
    for b in range(b0, b1):
        biggest = max(biggest, size[:, b].sum())
    return biggest


@njit(cache=True, inline="always")
def _table_bits(n):
    """log2 of the hash table size for ``n`` keys: the first power of two >= 2n."""
    tb = 1
    while (1 << tb) < 2 * n:
        tb += 1
    return tb


@njit(cache=True, inline="always")
def _open_bucket(head, link, size, b, blocks, fills):
    """Bucket ``b``'s rows, its blocks listed (``_chain``: how many) and its hash table's bits."""
    n = size[:, b].sum()
    if n == 0:
        return 0, 0, 0
    return n, _chain(head, link, size, b, blocks, fills), _table_bits(n)


@njit(cache=True, inline="always")
def accumulate(rows, fl, dst, src, primes):
    """Add row ``src``'s residues (modulo their primes) and float count to row ``dst``."""
    w = rows.shape[1]
    for t in range(1, len(primes) + 1):
        v = rows[dst, t] + rows[src, t]
        rows[dst, t] = v - primes[t - 1] if v >= primes[t - 1] else v
    fl[dst, w - 1] += fl[src, w - 1]


@njit(cache=True, nogil=True)
def merge(pool, poolf, head, link, size, primes, bbits, states, parts, g0, g1):
    """Merge equal keys within each bucket in place, its rows packed into its first blocks
    (never past a row not yet read); ``states[b]`` = bucket ``b``'s distinct keys. The buckets
    are split into ``parts``, each with its own hash table (in cache); this call merges parts
    ``g0`` .. ``g1 - 1``."""
    threads, nk = head.shape
    w = pool.shape[1]
    for g in range(g0, g1):
        b0, b1 = nk * g // parts, nk * (g + 1) // parts
        biggest = _largest(size, b0, b1)
        tbits = _table_bits(biggest)
        table = np.empty(2 << tbits, np.int64)  # (key, row in the bucket) pairs
        blocks = np.empty((biggest >> BLOCK_BITS) + threads + 1, np.int64)
        fills = np.empty_like(blocks)
        for b in range(b0, b1):
            states[b] = 0
            n, nbl, tb = _open_bucket(head, link, size, b, blocks, fills)
            if n == 0:
                continue
            mask = (1 << tb) - 1
            table[:2 * (mask + 1)] = EMPTY
            m = 0
            for u in range(nbl):
                for src in range(blocks[u] * BLOCK, blocks[u] * BLOCK + fills[u]):
                    key = pool[src, 0]
                    h = np.int64((_hash(key) << np.uint64(bbits)) >> np.uint64(64 - tb))
                    while True:
                        tk = table[2 * h]
                        if tk == key:
                            at = table[2 * h + 1]
                            accumulate(pool, poolf, blocks[at >> BLOCK_BITS] * BLOCK + (at & (BLOCK - 1)),
                                       src, primes)
                            break
                        if tk == EMPTY:
                            table[2 * h] = key
                            table[2 * h + 1] = m
                            dst = blocks[m >> BLOCK_BITS] * BLOCK + (m & (BLOCK - 1))
                            if dst != src:
                                for x in range(w):
                                    pool[dst, x] = pool[src, x]
                            m += 1
                            break
                        h = (h + 1) & mask
            states[b] = m


@njit(cache=True, nogil=True)
def advance(pool, poolf, head, link, size, primes, shifts, plug_mask, c, plugs, can_r, can_d,
            terminal, is_last, then, cover, ci, ci2, ahead, bbits, tstack, tfree, head2, tail2,
            size2, states, g0, g1):
    """One cell on the previous cell's unmerged successors (buckets ``head``/``size``), in one
    pass: each bucket is merged through a hash table into a scratch array that stays in cache,
    its blocks go back on the thread's free stack ``tstack[t]`` at once, and the successors of
    its distinct states (keys shifted ``shifts`` rows first) are appended to the next buckets
    (``head2``, ``tail2``, ``size2``; top ``bbits`` hash bits), as ``scatter`` does. So the
    merged layer is never written to memory and read back. ``then`` = (column, can go right,
    can go down, terminal, last) of the next cell of the same row, or a column of -1: when
    given, the successors of that cell are appended instead (two cells in one pass, the states
    between them never merged: fewer rows written and merged than two passes, more rows
    pending). Successors of this cell that fail ``coverable(cover, ci, .)``, and of the next
    cell that fail ``coverable(cover, ci2, .)``, and those the cell after, in column
    ``ahead``, would end (``closes_loop``) are dropped. ``primes`` is a tuple (one compile
    per number of primes). ``states[b]`` = bucket ``b``'s distinct keys. The buckets are split
    into parts (this call: ``g0`` .. ``g1 - 1``); the caller gives part ``t`` at least one free
    block per 512 rows of its buckets (three with ``then``) plus one per next bucket."""
    threads = tstack.shape[0]
    nk = head.shape[1]
    k = len(primes)  # a tuple: a constant of the compile, so the loops on a row's words unroll
    w = k + 2
    old = np.uint64(bbits_of(nk))
    for g in range(g0, g1):
        head2[g, :] = -1
        tail2[g, :] = -1
        size2[g, :] = 0
        nfree = tfree[g]
        b0, b1 = nk * g // threads, nk * (g + 1) // threads
        biggest = _largest(size, b0, b1)
        tbits = _table_bits(biggest)
        table = np.empty(1 << tbits, np.int32)  # rows of the scratch (-1: free); keys there
        scratch = np.empty((biggest, w), np.int64)
        fill = np.zeros(head2.shape[1], np.int64)  # per next bucket: rows, last block
        last = np.full(head2.shape[1], -1, np.int64)
        sf = scratch.view(np.float64)
        blocks = np.empty((biggest >> BLOCK_BITS) + head.shape[0] + 1, np.int64)
        fills = np.empty_like(blocks)
        for b in range(b0, b1):
            n, nbl, tb = _open_bucket(head, link, size, b, blocks, fills)
            states[b] = 0
            if n == 0:
                continue
            mask = (1 << tb) - 1
            table[:mask + 1] = -1
            m = 0
            for u in range(nbl):
                for src in range(blocks[u] * BLOCK, blocks[u] * BLOCK + fills[u]):
                    key = pool[src, 0]
                    h = np.int64((_hash(key) << old) >> np.uint64(64 - tb))
                    while True:
                        at = table[h]
                        if at < 0:
                            table[h] = m
                            for x in range(w):
                                scratch[m, x] = pool[src, x]
                            m += 1
                            break
                        if scratch[at, 0] == key:
                            for t in range(1, k + 1):
                                v = scratch[at, t] + pool[src, t]
                                scratch[at, t] = v - primes[t - 1] if v >= primes[t - 1] else v
                            sf[at, w - 1] += poolf[src, w - 1]
                            break
                        h = (h + 1) & mask
                tstack[g, nfree] = blocks[u]
                nfree += 1
            states[b] = m
            for j in range(m):
                a, a2 = _shifted_successors(scratch[j, 0], shifts, plug_mask, c, plugs, can_r, can_d,
                                            terminal, is_last)
                for v in range(2):
                    x = a if v == 0 else a2
                    if x == EMPTY or not coverable(cover, ci, x):
                        continue
                    y, y2 = x, EMPTY
                    if then[0] >= 0:
                        y, y2 = successors(x, then[0], plugs, then[1], then[2], then[3], then[4])
                    for nkey in (y, y2):
                        if nkey == EMPTY or not coverable(cover, ci2, nkey) or closes_loop(nkey, ahead):
                            continue
                        d = bucket_of(nkey, bbits)
                        f = fill[d] & (BLOCK - 1)
                        if f == 0:
                            nfree -= 1
                            fresh = tstack[g, nfree]
                            link[fresh] = -1
                            if last[d] >= 0:
                                link[last[d]] = fresh
                            else:
                                head2[g, d] = fresh
                            last[d] = fresh
                        dst = last[d] * BLOCK + f
                        pool[dst, 0] = nkey
                        for col in range(1, w):
                            pool[dst, col] = scratch[j, col]
                        fill[d] += 1
        size2[g, :] = fill
        tail2[g, :] = last
        tfree[g] = nfree


@njit(cache=True, inline="always")
def bbits_of(nk):
    """log2 of a bucket count (a power of two)."""
    b = 0
    while (1 << b) < nk:
        b += 1
    return b


@njit(cache=True)
def collect(head, link, size, states, stack, nfree, oblocks, ofill):
    """The next layer from the merged buckets (their first blocks, ``oblocks`` / ``ofill``);
    the blocks left empty go back on the free ``stack``. Returns (entries, free blocks)."""
    threads, nk = head.shape
    blocks = np.empty(len(oblocks), np.int64)
    fills = np.empty(len(oblocks), np.int64)
    no = 0
    for b in range(nk):
        nbl = _chain(head, link, size, b, blocks, fills)
        m = states[b]
        used = (m + BLOCK - 1) >> BLOCK_BITS
        for u in range(used):
            oblocks[no] = blocks[u]
            ofill[no] = min(BLOCK, m - u * BLOCK)
            no += 1
        for u in range(used, nbl):
            stack[nfree] = blocks[u]
            nfree += 1
    return no, nfree


@njit(cache=True)
def shift_row(pool, lblocks, lfill, nl, plug_mask):
    """A row change: every plug one slot up (the last slot is empty then)."""
    for li in range(nl):
        base = lblocks[li] * BLOCK
        for i in range(base, base + lfill[li]):
            k = pool[i, 0]
            pool[i, 0] = (k & ~plug_mask) | ((k << 2) & plug_mask)


@njit(cache=True)
def expand_rows(rows, shifts, plug_mask, c, plugs, can_r, can_d, terminal, is_last, pbits, cover,
                ci, ahead):
    """The successor rows of a whole layer ``rows`` (after ``shifts`` row changes) and the part
    (top ``pbits`` hash bits) each belongs to: one step of the partitioned DP (the rows that
    ``coverable(cover, ci, .)`` or ``closes_loop(., ahead)`` rule out dropped)."""
    n, w = rows.shape
    out = np.empty((2 * n, w), np.int64)
    part = np.empty(2 * n, np.int64)
    s = 0
    for i in range(n):
        a, b = _shifted_successors(rows[i, 0], shifts, plug_mask, c, plugs, can_r, can_d, terminal, is_last)
        for nk in (a, b):
            if nk == EMPTY or not coverable(cover, ci, nk) or closes_loop(nk, ahead):
                continue
            out[s, 0] = nk
            for t in range(1, w):
                out[s, t] = rows[i, t]
            part[s] = bucket_of(nk, pbits)
            s += 1
    return out[:s], part[:s]


@njit(cache=True)
def merge_rows(rows, primes, pbits):
    """Merge the equal keys of ``rows`` in place (residues modulo their prime, float counts
    added; column ``-1`` is a float's bits) and return the number of distinct rows, packed first.
    The keys share their top ``pbits`` hash bits (one part), so the table uses the next ones."""
    n, w = rows.shape
    fl = rows.view(np.float64)
    tb = _table_bits(max(n, 1))
    mask = (1 << tb) - 1
    table = np.full(mask + 1, EMPTY, np.int64)
    m = 0
    for j in range(n):
        key = rows[j, 0]
        h = np.int64((_hash(key) << np.uint64(pbits)) >> np.uint64(64 - tb))
        while True:
            at = table[h]
            if at == EMPTY:
                table[h] = m
                if m != j:
                    for t in range(w):
                        rows[m, t] = rows[j, t]
                m += 1
                break
            if rows[at, 0] == key:
                accumulate(rows, fl, at, j, primes)
                break
            h = (h + 1) & mask
    return m
