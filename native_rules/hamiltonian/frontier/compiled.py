"""Exact counts by the compiled frontier DP (``kernel``): residues modulo a few primes
below 2^62 joined by the Chinese remainder theorem, with the float count bounding the result.

``count_residues`` walks the cells like ``frontier._run``, the layer in a pool of blocks
(``StatePool``; the kernels in ``kernel``). ``count`` runs it for as many primes as the
float bound needs, over several runs of fewer primes when ``Run.memory`` asks (fewer words per
state). ``Run`` options: a checkpoint file written every few rows (``resume`` continues from it
after a kill), a progress line on stderr (predicted peak, cells done, states, ETA), threads.
Design and figures: docs/hamiltonian.md.
"""

from __future__ import annotations

import math
import mmap
import os
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, replace

import numba
import numpy as np

from ....puzzles.hamiltonian import HamiltonianPuzzle
from ....puzzles.solving import NO_DEADLINE, Deadline
from ...kernels import announce_compile
from . import cover as frontier_cover
from . import kernel as K
from .dp import Board, TooLarge

# the float count's relative error bound per merge (at most one per cell): a state merges fewer
# than 2^18 terms (two cells a pass), each addition errs by at most 2^-53 relatively
# (docs/hamiltonian.md)
FLOAT_SLACK = 2.0 ** -35
PARALLEL_STATES = 500_000  # layers this large are split among ``Run.threads`` threads
GROW = 1.25  # the pool grows by this factor past its need, so it is rarely reallocated
MAP_NORESERVE = 0x4000  # Linux's flag value (the mmap module does not export it)
COVER_ROWS = 4  # states are checked by ``cover`` in this many last rows
COVER_PLUGS = 22  # ... when its bitsets (2^plugs bits per cell) stay this small
NO_COVER = np.zeros((1, 1), np.uint8)


def _is_prime(n: int) -> bool:
    """Miller-Rabin with the bases that decide every n < 3.3e24."""
    bases = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41)
    if n < 2:
        return False
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


PRIMES = primes_below(1 << 62, 16)  # the default set; SECOND_PRIMES is disjoint, for a check
SECOND_PRIMES = primes_below(1 << 61, 16)


def crt(residues: list[int], primes: tuple[int, ...]) -> int:
    """The number below the product of ``primes`` with these residues."""
    total, modulus = 0, 1
    for r, q in zip(residues, primes, strict=True):
        t = (r - total) * pow(modulus, -1, q) % q
        total += modulus * t
        modulus *= q
    return total


@dataclass
class Run:
    """How to run: ``memory`` (bytes for the pool, None = no limit), ``checkpoint`` (a file
    path, written at the start of every ``every_rows``-th row once ``every_seconds`` passed since
    the last), ``resume`` (start from that file if present), ``progress`` (a line on stderr per
    cell), ``threads`` (layers of PARALLEL_STATES or more are split into that many parts, each
    on its own thread; 0 = numba's thread count, one per core), ``fuse`` (two cells of a row
    per pass; None = when the memory allows: ``fused``), ``prune`` (drop the states with no
    completion that two cheap tests find: ``cover`` in the last ``cover_rows`` rows,
    ``frontier_kernel.closes_loop``; off: for comparisons)."""

    memory: int | None = None
    checkpoint: str | None = None
    every_rows: int = 2
    every_seconds: float = 600.0
    resume: bool = False
    progress: bool = False
    max_states: int = 2_000_000_000
    threads: int = 0
    fuse: bool | None = None
    prune: bool = True
    cover_rows: int = COVER_ROWS


@dataclass
class Result:
    """The count modulo each prime, the float count, and the run's figures."""

    residues: list[int]
    approx: float
    peak_states: int
    successors: int  # the largest number of successor rows of one cell (before merging)
    written: int = 0  # successor rows written over the whole run


class StatePool:
    """Fixed-size blocks of rows (``width`` int64: key, residues, float count) with a free stack,
    holding either a layer (a list of blocks) or the last cell's successors, not yet merged
    (per-thread chains of blocks per bucket: ``head``, ``size``, ``link``). Untouched blocks
    cost no memory (the pool is one lazily mapped array), so it is reserved for four times the
    predicted peak and grown (the blocks in use copied) only when a prediction was short."""

    def __init__(self, width: int, rows: int, threads: int = 1) -> None:
        self.width = width
        self.threads = threads
        self.pool = np.empty((0, width), np.int64)
        self.stack = np.empty(0, np.int64)
        self.nfree = 0
        self.link = np.empty(0, np.int64)
        self.lblocks = np.empty(0, np.int64)
        self.lfill = np.empty(0, np.int64)
        self.reserve(rows // K.BLOCK + 2)
        self.nfree -= 1
        first = int(self.stack[self.nfree])
        self.pool[first * K.BLOCK, :-1] = (0,) + (1,) * (width - 2)
        self.pool[first * K.BLOCK:first * K.BLOCK + 1].view(np.float64)[0, -1] = 1.0
        self.lblocks = np.array([first], np.int64)
        self.lfill = np.array([1], np.int64)

    def blocks_rows(self):
        """The layer's blocks as row arrays (views of the pool), in order."""
        for b, f in zip(self.lblocks.tolist(), self.lfill.tolist(), strict=True):
            yield self.pool[b * K.BLOCK:b * K.BLOCK + f]

    @property
    def blocks(self) -> int:
        return len(self.link)

    def reserve(self, free: int) -> None:
        """At least ``free`` free blocks: a new pool (GROW past the need) into which only the
        blocks in use (the layer's, or the pending buckets') are copied, under the same ids, so
        the growth costs what is in use, not the old pool."""
        if self.nfree >= free:
            return
        old = self.blocks
        live = old - self.nfree
        new = max(int((live + free) * GROW) + 4, old + 1)
        pool = _lazy(new * K.BLOCK, self.width)
        taken = np.ones(old, bool)
        taken[self.stack[:self.nfree]] = False
        for b in np.flatnonzero(taken).tolist():
            pool[b * K.BLOCK:(b + 1) * K.BLOCK] = self.pool[b * K.BLOCK:(b + 1) * K.BLOCK]
        self.pool = pool
        fresh = np.arange(new - 1, old - 1, -1, dtype=np.int64)  # the new ids below, lowest on top
        stack = np.concatenate([fresh, self.stack[:self.nfree]])
        self.nfree = len(stack)
        self.stack = np.concatenate([stack, np.empty(new - self.nfree, np.int64)])
        self.link = np.concatenate([self.link, np.full(new - old, -1, np.int64)])

    def load(self, rows: np.ndarray) -> None:
        """Replace the layer by ``rows`` (a resumed checkpoint)."""
        need = (len(rows) + K.BLOCK - 1) // K.BLOCK
        self.release()
        self.reserve(need)
        ids = self.stack[self.nfree - need:self.nfree][::-1].copy()
        self.nfree -= need
        for u, blk in enumerate(ids):
            part = rows[u * K.BLOCK:(u + 1) * K.BLOCK]
            self.pool[blk * K.BLOCK:blk * K.BLOCK + len(part)] = part
        self.lblocks = ids
        self.lfill = np.array([min(K.BLOCK, len(rows) - u * K.BLOCK) for u in range(need)], np.int64)

    def release(self) -> None:
        nl = len(self.lblocks)
        self.stack[self.nfree:self.nfree + nl] = self.lblocks
        self.nfree += nl
        self.lblocks = self.lblocks[:0]
        self.lfill = self.lfill[:0]

    def rows(self) -> np.ndarray:
        """The layer's rows, gathered."""
        return np.concatenate(list(self.blocks_rows()) or [self.pool[:0]])

    def quotas(self, threads: int, need: list[int], room: list[int]) -> np.ndarray:
        """Per-thread free stacks: ``max(need)`` blocks each from the top of the free stack (the
        lowest ids, already touched), dealt round-robin so that every thread's top is among the
        lowest, and room for ``room[t]`` more pushed back."""
        most = max(need)
        self.reserve(threads * most)
        tstack = np.empty((threads, most + max(room)), np.int64)
        region = self.stack[self.nfree - threads * most:self.nfree]
        for t in range(threads):
            tstack[t, :most] = region[t::threads]
        self.nfree -= threads * most
        return tstack

    def _unquota(self, tstack: np.ndarray, tfree: np.ndarray) -> None:
        """The threads' free blocks back on the free stack, lowest ids on top (so the blocks in
        use stay among the lowest: the untouched rest of the pool costs no memory). The stack
        below them is still in order, so a run-aware (stable) sort costs about a pass over it
        (numpy's default sort: 25 times as long on a 19x19 stack; docs/hamiltonian.md)."""
        for t in range(len(tfree)):
            self.stack[self.nfree:self.nfree + tfree[t]] = tstack[t, :tfree[t]]
            self.nfree += int(tfree[t])
        self.stack[:self.nfree] = np.sort(self.stack[:self.nfree][::-1], kind="stable")[::-1]

    def scatter(self, n: int, args: tuple, cover: np.ndarray = NO_COVER, ci: int = -1,
                ahead: int = -1) -> None:
        """The layer's successors at one cell into buckets (the pending rows, not yet merged),
        those that ``cover`` row ``ci`` rules out or that close a loop in column ``ahead``
        dropped (``frontier_kernel.coverable``, ``closes_loop``)."""
        bbits = _bucket_bits(n)
        nk = 1 << bbits
        threads = max(1, min(self.threads, n // PARALLEL_STATES))
        nl = len(self.lblocks)
        share = -(-nl // threads)
        need = 2 * share + nk + 2  # two successor blocks per layer block read, one per bucket
        tstack = self.quotas(threads, [need] * threads, [share] * threads)
        tfree = np.full(threads, need, np.int64)
        self.head, tail, self.size = (np.empty((threads, nk), np.int64) for _ in range(3))
        on_threads(threads, K.scatter, self.pool, self.lblocks, self.lfill, nl, tstack, tfree,
                    self.link, self.head, tail, self.size, *args, bbits, cover, ci, ahead)
        self._unquota(tstack, tfree)
        self.lblocks, self.lfill = self.lblocks[:0], self.lfill[:0]
        self.last_successors = int(self.size.sum())

    def advance(self, n: int, args: tuple, shifts: int, plug_mask: int, primes: np.ndarray,
                then: tuple | None = None, cover: np.ndarray = NO_COVER, ci: int = -1,
                ci2: int = -1, ahead: int = -1) -> int:
        """One cell on the pending rows: merged bucket by bucket and expanded at once
        (``frontier_kernel.advance``), through the next cell of the row too when ``then`` gives
        its arguments (``Plan.cell_args``), dropping what ``cover`` rows ``ci`` / ``ci2`` rule
        out and what closes a loop in column ``ahead``; returns the number of states they
        merged into."""
        threads = max(1, min(self.threads, n // PARALLEL_STATES))
        bbits = _bucket_bits(n)
        nk2 = 1 << bbits
        nk = self.size.shape[1]
        rows, blocks = [], []
        for g in range(threads):
            part = self.size[:, nk * g // threads:nk * (g + 1) // threads]
            rows.append(int(part.sum()))
            blocks.append(int(((part + K.BLOCK - 1) >> K.BLOCK_BITS).sum()))
        per_row = 1 if then is None else 3  # a state has at most 2 successors per cell
        need = [per_row * (r // K.BLOCK + 1) + nk2 + 2 for r in rows]
        tstack = self.quotas(threads, need, blocks)
        tfree = np.full(threads, max(need), np.int64)
        head, tail, size = (np.empty((threads, nk2), np.int64) for _ in range(3))
        states = np.empty(nk, np.int64)
        nxt = (-1, False, False, False, False) if then is None else (then[0], *then[2:])
        on_threads(threads, K.advance, self.pool, self.pool.view(np.float64), self.head, self.link,
                    self.size, tuple(int(q) for q in primes), shifts, plug_mask, *args, nxt, cover,
                    ci, ci2, ahead, bbits, tstack, tfree, head, tail, size, states)
        self._unquota(tstack, tfree)
        self.head, self.size = head, size
        self.last_successors = int(size.sum())
        return int(states.sum())

    def settle(self, primes: np.ndarray) -> int:
        """The pending rows merged into the next layer; returns its number of states."""
        nk = self.size.shape[1]
        threads = max(1, min(self.threads, int(self.size.sum()) // PARALLEL_STATES, self.size.shape[0]))
        states = np.empty(nk, np.int64)
        on_threads(threads, K.merge, self.pool, self.pool.view(np.float64), self.head, self.link,
                    self.size, primes, _bits(nk), states, threads)
        oblocks = np.empty(self.blocks, np.int64)
        ofill = np.empty(self.blocks, np.int64)
        no, self.nfree = K.collect(self.head, self.link, self.size, states, self.stack, self.nfree,
                                   oblocks, ofill)
        self.lblocks, self.lfill = oblocks[:no], ofill[:no]
        return int(states.sum())


_WORKERS: dict[int, ThreadPoolExecutor] = {}  # by size, made at first use


def on_threads(parts: int, kernel, *args) -> None:
    """``kernel(*args, t, t + 1)`` for every part ``t`` < ``parts``, each on its own thread: the
    first on this one, the others on a pool of Python threads (the kernels release the GIL)."""
    if parts == 1:
        kernel(*args, 0, 1)
        return
    if parts - 1 not in _WORKERS:
        _WORKERS[parts - 1] = ThreadPoolExecutor(parts - 1, thread_name_prefix="frontier")
    others = [_WORKERS[parts - 1].submit(kernel, *args, t, t + 1) for t in range(1, parts)]
    kernel(*args, 0, 1)
    for f in others:
        f.result()


def _bits(nk: int) -> int:
    return nk.bit_length() - 1


def _resident() -> int:
    """The bytes this process holds in memory now (Linux ``/proc``; 0 where unknown), so that a
    memory limit is kept whatever the prediction said."""
    try:
        with open("/proc/self/statm", encoding="ascii") as f:
            return int(f.read().split()[1]) * mmap.PAGESIZE
    except (OSError, ValueError, IndexError):
        return 0


def _lazy(rows: int, width: int) -> np.ndarray:
    """An int64 array whose pages take memory only once written: an anonymous mapping without
    swap reservation (Linux), so the pool can be reserved for the worst case for free; in huge
    pages where the kernel has them (fewer TLB misses in the scattered bucket writes)."""
    try:
        m = mmap.mmap(-1, rows * width * 8, flags=mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS | MAP_NORESERVE)
    except (OSError, ValueError, AttributeError):
        return np.empty((rows, width), np.int64)
    if hasattr(mmap, "MADV_HUGEPAGE"):
        m.madvise(mmap.MADV_HUGEPAGE)
    return np.frombuffer(m, np.int64).reshape(rows, width)


def _bucket_bits(states: int) -> int:
    return max(0, min(16, (max(1, states) // K.BUCKET_ROWS).bit_length()))


@dataclass
class Plan:
    """The cells of a puzzle in DP order (``frontier.Board``'s orientation) and their steps'
    arguments: ``cell_args(i)`` = (column, plugs, can go right, can go down, terminal, last)."""

    board: Board
    order: list
    plugs: int
    plug_mask: int

    @classmethod
    def of(cls, puzzle: HamiltonianPuzzle) -> Plan | None:
        """None when the puzzle is trivially one path (its only free cell is the start)."""
        p = puzzle.remainder() if puzzle.prefix else puzzle
        if p.start == p.end:
            return None
        board = Board.of(p)
        if board.cols > K.MAX_WIDTH:
            raise TooLarge(f"the grid is {board.cols} cells wide; the compiled DP packs at most "
                           f"{K.MAX_WIDTH}")
        order = [(r, c) for r in range(board.rows) for c in range(board.cols) if board.free[r, c]]
        return cls(board, order, board.cols + 1, (1 << (2 * (board.cols + 1))) - 1)

    def pruning(self, rows: int, loops: bool = True) -> Pruning:
        """The tests that drop dead states: ``cover`` bitsets for the cells of the last
        ``rows`` rows (none past ``COVER_PLUGS``), ``closes_loop`` when ``loops``."""
        n = len(self.order)
        first = next((i for i, (r, _) in enumerate(self.order) if r >= self.board.rows - rows), n)
        if first == n or self.plugs > COVER_PLUGS:
            return Pruning(NO_COVER, n, self if loops else None)
        args = [self.cell_args(i) for i in range(first, n)]
        shifts = [self.order[i][0] - self.order[i - 1][0] if i else 0 for i in range(first, n)]
        tables = frontier_cover.tables([(a[0], a[2], a[3], a[4]) for a in args], shifts, self.plugs)
        return Pruning(tables, first, self if loops else None)

    def ahead(self, j: int) -> int:
        """The column of cell ``j`` when it follows cell ``j - 1`` in the same row, else -1."""
        if 0 < j < len(self.order) and self.order[j][0] == self.order[j - 1][0]:
            return self.order[j][1]
        return -1

    def cell_args(self, i: int) -> tuple[int, int, bool, bool, bool, bool]:
        r, c = self.order[i]
        b = self.board
        return (c, self.plugs, c + 1 < b.cols and bool(b.free[r, c + 1]),
                r + 1 < b.rows and bool(b.free[r + 1, c]), (r, c) in (b.start, b.end),
                i == len(self.order) - 1)


@dataclass
class Pruning:
    """What the kernels get to drop dead states: the cover bitsets of the cells from ``first``
    on (``row``: a cell's row in them, -1 before) and the plan whose next cell ``closes_loop``
    looks at (``ahead``; None: that test off)."""

    tables: np.ndarray
    first: int
    plan: Plan | None

    def row(self, i: int) -> int:
        return i - self.first if i >= self.first else -1

    def ahead(self, j: int) -> int:
        return self.plan.ahead(j) if self.plan else -1


def count_residues(puzzle: HamiltonianPuzzle, primes: tuple[int, ...], run: Run | None = None,
                   deadline: Deadline | None = None) -> Result:
    """The Hamiltonian paths of ``puzzle`` (its prefix, if any, taken into account) modulo each
    prime, with their float count and the peak number of states."""
    run = run or Run()
    deadline = deadline or NO_DEADLINE
    plan = Plan.of(puzzle)
    if plan is None:
        return Result([1 % q for q in primes], 1.0, 1, 0)
    order, plug_mask = plan.order, plan.plug_mask
    R, C = plan.board.rows, plan.board.cols
    announce_compile("the frontier DP's kernels", K.advance, K.merge, K.scatter, K.collect)
    pr = np.array(primes, dtype=np.int64)
    fuse = fused(run, plan, len(primes))
    prune = plan.pruning(run.cover_rows if run.prune else 0, run.prune)
    written = 0
    # address space only (untouched blocks cost no memory): the threads' free stacks hold room
    # for up to four successor rows per pending row when two cells are fused
    pool = StatePool(len(primes) + 2, (12 if fuse else 4) * predicted_peak(C, R),
                 min(run.threads or numba.get_num_threads(), numba.get_num_threads()))
    n, peak, widest, first, row = 1, 1, 0, 0, 0
    if run.resume and run.checkpoint and os.path.exists(run.checkpoint):
        first, row, peak, widest, rows = load_checkpoint(run.checkpoint, primes, order)
        pool.load(rows)
        n = len(rows)
        del rows  # the file's mapping: its pages would count as this process's memory
    meter = _Meter(order, first) if run.progress else None
    if meter:
        states = predicted_peak(C, R)
        sys.stderr.write(f"{R}x{C}, {len(primes)} primes: predicted peak {states:,} states, "
                         f"{SUCCESSORS_PER_STATE * states * 8 * (len(primes) + 2) / 2**30:.1f} GiB\n")
    saved = time.monotonic()
    pending = False  # the pool holds the last cell's successors, not yet merged (not a layer)
    i = first
    while i < len(order):
        r = order[i][0]
        shifts, row = r - row, r
        due = time.monotonic() >= saved + run.every_seconds
        if shifts and run.checkpoint and r % run.every_rows == 0 and due:
            if pending:
                n, pending = pool.settle(pr), False
            for _ in range(shifts):
                K.shift_row(pool.pool, pool.lblocks, pool.lfill, len(pool.lblocks), plug_mask)
            shifts = 0
            save_checkpoint(run.checkpoint, pool, n, i, r, peak, widest, primes, order)
            saved = time.monotonic()
        deadline.check(building=False)
        step = 1
        if pending:
            then = None
            if fuse and i + 1 < len(order) and order[i + 1][0] == r:
                then, step = plan.cell_args(i + 1), 2
            n = pool.advance(n, plan.cell_args(i), shifts, plug_mask, pr, then, prune.tables,
                             prune.row(i), prune.row(i + 1) if step == 2 else -1, prune.ahead(i + step))
        else:
            for _ in range(shifts):
                K.shift_row(pool.pool, pool.lblocks, pool.lfill, len(pool.lblocks), plug_mask)
            pool.scatter(n, plan.cell_args(i), prune.tables, prune.row(i), prune.ahead(i + 1))
            pending = True
        if n > run.max_states:
            raise TooLarge(f"more than {run.max_states} frontier states")
        peak, widest = max(peak, n), max(widest, pool.last_successors)
        written += pool.last_successors
        if run.memory is not None and _resident() > run.memory:
            raise TooLarge(f"the count holds {_resident() >> 20} MiB after cell {i + 1} of {len(order)}, "
                           f"more than the {run.memory >> 20} MiB allowed (-O memory)"
                           + ("; -O resume=true goes on from the last checkpoint" if run.checkpoint else ""))
        i += step
        if meter:
            meter.tick(i, n)
        if pool.last_successors == 0:
            break
    if pending:
        n = pool.settle(pr)
        peak = max(peak, n)
    if meter:
        meter.close()
    res, approx = finals(pool.rows(), plug_mask, primes)
    return Result(res, approx, peak, widest, written)


FUSE_BYTES = 4 << 30  # two cells a pass when the predicted peak stays below this (or -O memory)
# the process held 1.12x the predicted pending rows at 19x19 (the interpreter, numba, partly
# filled blocks): a margin so that a fused run does not stop at an -O memory limit
FUSE_MARGIN, FUSE_BASE = 1.2, 256 << 20


def fused(run: Run, plan: Plan, primes: int) -> bool:
    """Whether to process two cells of a row per pass (``Pool.advance`` with ``then``): about
    1.45 times the rows pending at once (every successor of the cell between is kept unmerged),
    so only when that predicted peak, with a margin, fits in ``run.memory`` (or FUSE_BYTES
    without a limit); otherwise one cell a pass, as before."""
    if run.fuse is not None:
        return run.fuse
    width, rows = sorted((plan.board.rows, plan.board.cols))
    rows_bytes = SUCCESSORS_PER_STATE ** 2 * predicted_peak(width, rows) * 8 * (primes + 2)
    return FUSE_MARGIN * rows_bytes + FUSE_BASE <= (FUSE_BYTES if run.memory is None else run.memory)


def finals(rows: np.ndarray, plug_mask: int, primes: tuple[int, ...]) -> tuple[list[int], float]:
    """(count modulo each prime, float count) of the completed paths among ``rows``: the states
    with no plug left."""
    done = rows[(rows[:, 0] & plug_mask) == 0]
    return ([sum(int(x) for x in done[:, 1 + t]) % q for t, q in enumerate(primes)],
            float(done[:, -1].view(np.float64).sum()))


MAGIC = 0x48414D46524F4E54  # the checkpoint format's first word
HEADER = 8 + len(PRIMES)  # words: magic, cell, row, peak, widest, cells, states, width; primes


def save_checkpoint(path: str, pool: StatePool, n: int, i: int, row: int, peak: int, widest: int,
          primes: tuple[int, ...], order: list) -> None:
    """The layer before cell ``order[i]`` (the first cell of its row ``row``): a header of
    int64 words, then the rows, streamed block by block (no copy of the layer); written to a
    temporary file and renamed, so a kill never leaves a torn checkpoint."""
    head = np.zeros(HEADER, np.int64)
    head[:8] = (MAGIC, i, row, peak, widest, len(order), n, pool.width)
    head[8:8 + len(primes)] = primes
    tmp = path + ".tmp"
    with open(tmp, "wb") as f:
        f.write(head.tobytes())
        for rows in pool.blocks_rows():
            f.write(rows.tobytes())
    os.replace(tmp, path)


def load_checkpoint(path: str, primes: tuple[int, ...], order: list):
    head = np.fromfile(path, np.int64, count=HEADER)
    magic, i, row, peak, widest, cells, n, width = (int(x) for x in head[:8])
    if magic != MAGIC or cells != len(order) or head[8:8 + len(primes)].tolist() != list(primes) \
            or width != len(primes) + 2:
        raise ValueError(f"{path} is a checkpoint of another run (grid or primes differ)")
    rows = np.memmap(path, np.int64, "r", offset=8 * HEADER, shape=(n, width))
    return i, row, peak, widest, rows


class _Meter:
    """A one-line progress display: cells done, states, elapsed and an ETA (the remaining cells
    at the mean rate of the last row)."""

    def __init__(self, order: list, first: int) -> None:
        self.total = len(order)
        self.t0 = self.last = time.perf_counter()
        self.recent: list[float] = []
        self.first = first
        self.width = max(c for _, c in order) + 1

    def tick(self, done: int, n: int) -> None:
        now = time.perf_counter()
        self.recent = (self.recent + [now - self.last])[-self.width:]
        self.last = now
        eta = sum(self.recent) / len(self.recent) * (self.total - done)
        bar = "#" * (30 * done // self.total)
        sys.stderr.write(f"\r[{bar:<30}] cell {done}/{self.total}  {n:,} states  "
                         f"{now - self.t0:.0f} s  ETA {eta:.0f} s ")
        sys.stderr.flush()

    def close(self) -> None:
        sys.stderr.write("\n")


PEAK_STATES = {5: 40, 7: 228, 9: 1414, 11: 9296, 13: 63774, 15: 451940, 17: 3285502, 19: 24381960}


def predicted_peak(width: int, rows: int) -> int:
    """The peak number of frontier states of a ``rows`` x ``width`` grid (width <= rows),
    from the measured n x n peaks (PEAK_STATES) extrapolated by their last growth per column;
    an estimate for sizing, not a bound."""
    known = max(PEAK_STATES)
    if width <= known:
        w = min((k for k in PEAK_STATES if k >= width), default=known)
        return PEAK_STATES[w]
    rate = (PEAK_STATES[known] / PEAK_STATES[known - 2]) ** 0.5
    return int(PEAK_STATES[known] * rate ** (width - known))


def primes_for(puzzle: HamiltonianPuzzle) -> int:
    """How many primes the count probably needs: its bits fit about 0.56 per cell less 1.4 per
    row (fitted to the n x n counts, a slight overestimate), plus a margin; a short guess costs
    a second run (``count``)."""
    bits = 0.56 * puzzle.free_count() - 0.7 * (puzzle.rows + puzzle.cols) + 6
    return max(1, math.ceil(bits / 61.9))


SUCCESSORS_PER_STATE = 1.5  # successor rows per state of the widest cell (measured: 1.45)


def predicted_bytes(puzzle: HamiltonianPuzzle, primes: int) -> int:
    """The predicted peak of the pool: the successor rows of the widest cell, ``primes`` + 2
    words each (the compiled code and the interpreter come on top)."""
    width, rows = sorted((puzzle.rows, puzzle.cols))
    return int(SUCCESSORS_PER_STATE * predicted_peak(width, rows) * 8 * (primes + 2))


def passes(puzzle: HamiltonianPuzzle, k: int, memory: int | None) -> int:
    """Into how many runs the ``k`` primes are split so that one run's predicted peak fits in
    ``memory`` bytes (each run carries fewer residues per state)."""
    if memory is None:
        return 1
    for runs in range(1, k + 1):
        if predicted_bytes(puzzle, math.ceil(k / runs)) <= memory:
            return runs
    raise TooLarge(f"predicted peak {predicted_bytes(puzzle, 1) / 2**20:.0f} MiB even with one "
                   f"prime per run: more than the {memory / 2**20:.0f} MiB allowed")


def count(puzzle: HamiltonianPuzzle, *, run: Run | None = None, deadline: Deadline | None = None,
          primes: tuple[int, ...] = PRIMES) -> tuple[int, Result]:
    """The exact number of Hamiltonian paths (completions of the prefix, if any), and the run's
    figures: residues for enough of ``primes`` that their product exceeds the float count with a
    margin (repeated with more when the first guess was short). Under ``run.memory`` the primes
    are split over several runs of the DP."""
    run = run or Run()
    return joined(puzzle, primes, lambda ps: _residues(puzzle, ps, run, deadline))


def joined(puzzle: HamiltonianPuzzle, primes: tuple[int, ...], residues) -> tuple[int, Result]:
    """The count from ``residues(primes[:k])`` (a ``Result``) for the first k that makes the
    product of the primes exceed the float bound (guessed by ``primes_for``, raised if short)."""
    k = min(len(primes), primes_for(puzzle))
    while True:
        got = residues(primes[:k])
        bound = got.approx * (1 + FLOAT_SLACK) ** (puzzle.free_count() + 1) + 1
        if math.prod(primes[:k]) > bound:
            return crt(got.residues, primes[:k]), got
        if k == len(primes):
            raise TooLarge("the count exceeds the product of every prime")
        k = min(len(primes), math.ceil(math.log2(bound) / 61) + 1)


def _residues(puzzle: HamiltonianPuzzle, primes: tuple[int, ...], run: Run,
              deadline: Deadline | None) -> Result:
    """``count_residues`` over as many runs as ``run.memory`` needs (one checkpoint file each)."""
    runs = passes(puzzle, len(primes), run.memory)
    per = math.ceil(len(primes) / runs)
    parts = []
    for j in range(0, len(primes), per):
        own = f"{run.checkpoint}.{j // per}" if runs > 1 and run.checkpoint else run.checkpoint
        sub = replace(run, checkpoint=own)
        parts.append(count_residues(puzzle, primes[j:j + per], sub, deadline))
    return Result([r for p in parts for r in p.residues], parts[0].approx,
                  max(p.peak_states for p in parts), max(p.successors for p in parts),
                  sum(p.written for p in parts))
