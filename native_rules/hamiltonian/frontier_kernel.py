"""The frontier DP's count, compiled (new, beside ``frontier.py``): the same plug states and
transitions, cell by cell, but each layer's states are merged in a hash table instead of a sort,
and counted modulo a few primes below 2^62 instead of in exact limbs -- one key and one residue per
prime per state, whatever the size of the count. The exact count is joined from the residues by
the Chinese remainder theorem (``math`` / ``pow``), its size bounded by a float64 copy of every
count carried along: float sums of positive terms err by at most (depth x 2^-53) relatively, so
when the product of the primes exceeds the float total with a margin, the joined number is the
count (otherwise the run is repeated with more primes).

Keys are int64: the W + 1 plugs of at most 30 slots take 60 bits, no tag bits (counting only).
"""

from __future__ import annotations

import math

import numpy as np
from gridsolve.puzzles.hamiltonian import HamiltonianPuzzle
from gridsolve.puzzles.solving import Deadline

from numba import njit

MAX_WIDTH = 29  # W + 1 <= 30 plugs of 2 bits in a positive int64
EMPTY = -1
# the float count's relative error bound per processed cell (2^-53 per addition, one per level)
FLOAT_SLACK = 2.0 ** -50


def _is_prime(n: int) -> bool:
    """Miller-Rabin with the bases that decide every n < 3.3e24."""
    if n < 2:
        return False
    bases = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41)
    for p in bases:
        if n % p == 0:
            return n == p
    d, s = n - 1, 0
    while d % 2 == 0:
        d, s = d // 2, s + 1
    for a in bases:
        x = pow(a, d, n)
        if x in (1, n - 1):
            continue
        for _ in range(s - 1):
            x = x * x % n
            if x == n - 1:
                break
        else:
            return False
    return True


def primes_below(limit: int, k: int) -> tuple[int, ...]:
    """The ``k`` largest primes below ``limit``, descending."""
    out: list[int] = []
    n = limit - 1
    while len(out) < k:
        if _is_prime(n):
            out.append(n)
        n -= 1
    return tuple(out)


PRIMES = primes_below(1 << 62, 16)


class TooLarge(RuntimeError):
    """The grid is too wide to pack, or the frontier outgrew ``max_states``."""


class Timeout(RuntimeError):
    """The deadline passed during the computation."""


@njit(cache=True)
def _partner(key, pos, plugs, right):
    """Slot of the partner of the parenthesis at ``pos`` ('(' scanning right, ')' left)."""
    depth = 1
    if right:
        for i in range(pos + 1, plugs):
            s = (key >> (2 * i)) & 3
            if s == 1:
                depth += 1
            elif s == 2:
                depth -= 1
                if depth == 0:
                    return i
    else:
        for i in range(pos - 1, -1, -1):
            s = (key >> (2 * i)) & 3
            if s == 2:
                depth += 1
            elif s == 1:
                depth -= 1
                if depth == 0:
                    return i
    return -1


@njit(cache=True)
def _add(key, src, res, approx, table, slots, shift, nkeys, nres, napprox, m, primes):
    """Add state ``src``'s counts to the next layer's state ``key`` (new: appended at ``m``);
    returns the new number of states. ``table`` holds the keys (probed in place, so a probe
    stays in one cache line), ``slots`` their index in the next layer."""
    mask = len(table) - 1
    h = ((key * -7046029254386353131) >> shift) & mask  # the product's top bits
    while True:
        k = table[h]
        if k == EMPTY:
            table[h] = key
            slots[h] = m
            nkeys[m] = key
            for t in range(len(primes)):
                nres[m, t] = res[src, t]
            napprox[m] = approx[src]
            return m + 1
        if k == key:
            j = slots[h]
            for t in range(len(primes)):
                v = nres[j, t] + res[src, t]
                nres[j, t] = v - primes[t] if v >= primes[t] else v
            napprox[j] += approx[src]
            return m
        h = (h + 1) & mask


@njit(cache=True)
def layer(keys, res, approx, n, c, plugs, can_r, can_d, terminal, is_last, primes,
          table, slots, nkeys, nres, napprox):
    """One cell's transitions of the ``n`` states into ``nkeys`` / ``nres`` / ``napprox``
    (merged through ``table``, all slots EMPTY on entry); returns the next layer's size, or -1
    when the table or the arrays would overfill (the caller grows them and calls again)."""
    p = 2 * c
    q = 2 * (c + 1)
    clear = ~((3 << p) | (3 << q))
    plug_mask = (1 << (2 * plugs)) - 1
    room = min(len(nkeys), len(table) // 2)
    shift = 64
    size = len(table)
    while size > 1:
        size >>= 1
        shift -= 1
    m = 0
    for i in range(n):
        if m + 2 > room:
            return -1
        key = keys[i]
        left = (key >> p) & 3
        up = (key >> q) & 3
        base = key & clear
        a = b = EMPTY  # the (at most two) successor keys
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
        if a != EMPTY:
            m = _add(a, i, res, approx, table, slots, shift, nkeys, nres, napprox, m, primes)
        if b != EMPTY:
            m = _add(b, i, res, approx, table, slots, shift, nkeys, nres, napprox, m, primes)
    return m


@njit(cache=True)
def shift_row(keys, n, plug_mask):
    """A row change: every plug one slot up (the last slot is empty then)."""
    for i in range(n):
        k = keys[i]
        keys[i] = (k & ~plug_mask) | ((k << 2) & plug_mask)


def _buffers(states: int, k: int):
    """Room for a next layer of up to ``states`` states: its keys, residues and float counts,
    and a hash table (keys, slots) at most half full."""
    size = 1 << max(10, (2 * states).bit_length())
    return (np.full(size, EMPTY, np.int64), np.empty(size, np.int32), np.empty(states, np.int64),
            np.empty((states, k), np.int64), np.empty(states))


def count_residues(puzzle: HamiltonianPuzzle, primes: tuple[int, ...], *, max_states: int,
                   deadline: Deadline | None = None) -> tuple[list[int], float, int]:
    """(count mod each prime, the float count, the peak number of states) of the Hamiltonian
    paths of ``puzzle`` (its prefix, if any, taken into account)."""
    from .frontier import Board

    p = puzzle.remainder() if puzzle.prefix else puzzle
    board = Board.of(p)
    if p.start == p.end:
        return [1 % q for q in primes], 1.0, 1
    R, C = board.rows, board.cols
    plugs = C + 1
    if C > MAX_WIDTH:
        raise TooLarge(f"the grid is {C} cells wide; the frontier DP packs at most {MAX_WIDTH}")
    plug_mask = (1 << (2 * plugs)) - 1
    free = board.free
    order = [(r, c) for r in range(R) for c in range(C) if free[r, c]]
    last = order[-1]
    pr = np.array(primes, dtype=np.int64)
    keys = np.zeros(1, np.int64)
    res = np.ones((1, len(primes)), np.int64)
    approx = np.ones(1, np.float64)
    n, peak, row, growth = 1, 1, 0, 2.0
    table, slots, nkeys, nres, napprox = _buffers(1024, len(primes))
    for cell in order:
        r, c = cell
        for _ in range(r - row):
            shift_row(keys, n, plug_mask)
        row = r
        if deadline is not None and deadline.expired():
            raise Timeout()
        can_r = c + 1 < C and bool(free[r, c + 1])
        can_d = r + 1 < R and bool(free[r + 1, c])
        terminal = cell in (board.start, board.end)
        want = max(1024, int(n * growth * 1.1) + 2)
        if len(nkeys) < want:
            table, slots, nkeys, nres, napprox = _buffers(want, len(primes))
        while True:
            m = layer(keys, res, approx, n, c, plugs, can_r, can_d, terminal, cell == last, pr,
                      table, slots, nkeys, nres, napprox)
            if m >= 0:
                break
            table, slots, nkeys, nres, napprox = _buffers(max(2 * n + 2, 2 * len(nkeys)), len(primes))
        if m > max_states:
            raise TooLarge(f"more than {max_states} frontier states")
        peak = max(peak, m)
        growth = max(1.0, m / n)
        keys, nkeys = nkeys, keys
        res, nres = nres, res
        approx, napprox = napprox, approx
        n = m
        if n == 0:
            return [0] * len(primes), 0.0, peak
        table.fill(EMPTY)
    done = np.flatnonzero((keys[:n] & plug_mask) == 0)
    return ([int(res[done, t].sum()) % q for t, q in enumerate(primes)],
            float(approx[done].sum()), peak)


def crt(residues: list[int], primes: tuple[int, ...]) -> int:
    """The number below the product of ``primes`` with these residues."""
    total, modulus = 0, 1
    for r, q in zip(residues, primes, strict=True):
        t = (r - total) * pow(modulus, -1, q) % q
        total += modulus * t
        modulus *= q
    return total


def count(puzzle: HamiltonianPuzzle, *, max_states: int = 400_000_000,
          deadline: Deadline | None = None, primes: int | None = None) -> int:
    """The exact number of Hamiltonian paths (completions of the prefix, if any): residues for
    enough primes that their product exceeds the float count with a margin (repeated with more
    when the first guess, about half a bit per free cell, was short)."""
    cells = puzzle.rows * puzzle.cols
    k = primes or max(1, math.ceil((0.55 * cells + 8) / 61))
    while True:
        residues, approx, _ = count_residues(puzzle, PRIMES[:k], max_states=max_states,
                                             deadline=deadline)
        bound = approx * (1 + FLOAT_SLACK * (cells + 1)) + 1
        if math.prod(PRIMES[:k]) > bound or k == len(PRIMES):
            return crt(residues, PRIMES[:k])
        k = min(len(PRIMES), math.ceil(math.log2(bound) / 61) + 1)
