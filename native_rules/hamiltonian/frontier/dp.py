"""Exact counting of Hamiltonian paths by frontier dynamic programming (new, beside the seed's
method: the seed counts walkthroughs by running its rule-guided walk to exhaustion, about 100 per
second; this counts 13x13 in seconds).

The grid is processed cell by cell in row-major order (transposed first when it is wider than
tall, so the frontier runs along the short side). The frontier is the W + 1 "plugs" between the
processed and the unprocessed cells: the down links of the last W processed cells and the right
link of the last one. A state labels each plug, 2 bits each, packed into one uint64 key:

    0 = no link,  1 = "(" and 2 = ")" = the two frontier ends of one partial path (matched like
    parentheses: partial paths on a grid cannot cross),  3 = "|" = a frontier end whose partial
    path leads back to a terminal (the start or the end cell).

A free cell must get degree 2 and a terminal degree 1, so each cell's transition is fixed by its
two incoming plugs (left, up): two empty plugs open a new "()" pair (or a "|" at a terminal); one
plug goes on down or right; two plugs join (a ")(" pair closes up, "((" / "))" / "|x" relabel
the partner end found by a parenthesis scan, "()" would close a loop and is dropped). The two
terminal paths may only meet at the last free cell, with no other plug left.

States are numpy arrays: keys (uint64) and counts as little-endian limbs of 56 bits in uint64
columns (exact integers of any size; counts pass 2^64 at 13x13). Each cell builds the successor
keys of all states at once, case by case, then merges equal keys by a sort and
``np.add.reduceat``, and propagates carries. Memory is bounded by ``max_states``.

Optionally (``store=True``) every layer keeps its counts and the transitions into it, which makes
exact uniform sampling and ranked enumeration possible (``Table.unrank``): walk back from the
final state choosing each predecessor with probability proportional to its count. With
``tag_start=True`` the first move out of the start is carried in two extra key bits, so one run
gives the number of completions through each neighbour of the start (the completion oracle).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from ....puzzles.hamiltonian import HamiltonianPuzzle
from ....puzzles.solving import NO_DEADLINE, Deadline

LIMB_BITS = 56
LIMB_MASK = np.uint64((1 << LIMB_BITS) - 1)
MAX_WIDTH = 29  # 2 bits per plug (W + 1 plugs) plus 2 tag bits in 64 bits
DEFAULT_MAX_STATES = 8_000_000  # 17x17 peaks near 3.1 M states; 19x19 would need ~20 M
U64 = np.uint64

# first-move tags (direction of the first step out of the start), as in puzzles.grid.STEPS
TAG_UP, TAG_RIGHT, TAG_DOWN, TAG_LEFT = range(4)
TAG_STEPS = ((-1, 0), (0, 1), (1, 0), (0, -1))


class TooLarge(RuntimeError):
    """The frontier grew past ``max_states`` (or the grid is too wide to pack)."""


@dataclass
class Board:
    """The puzzle in DP orientation: rows x cols with cols <= rows (transposed if needed)."""

    rows: int
    cols: int
    free: np.ndarray  # bool (rows, cols)
    start: tuple[int, int]
    end: tuple[int, int]
    transposed: bool

    @classmethod
    def of(cls, puzzle: HamiltonianPuzzle) -> Board:
        """The board of a puzzle without prefix (use ``puzzle.remainder()`` first)."""
        free = np.ones((puzzle.rows, puzzle.cols), dtype=bool)
        for r, c in puzzle.blocked:
            free[r, c] = False
        if puzzle.cols > puzzle.rows:
            (r0, c0), (r1, c1) = puzzle.start, puzzle.end
            return cls(puzzle.cols, puzzle.rows, free.T.copy(), (c0, r0), (c1, r1), True)
        return cls(puzzle.rows, puzzle.cols, free, puzzle.start, puzzle.end, False)

    def to_puzzle_cell(self, cell: tuple[int, int]) -> tuple[int, int]:
        return (cell[1], cell[0]) if self.transposed else (cell[0], cell[1])


@dataclass
class Layer:
    """One processed cell, kept for sampling: the counts of its states, and the transitions into
    them (``src`` grouped by destination, ``starts[d]:starts[d+1]``; ``code`` bit 0 = the cell's
    down link is used, bit 1 = its right link)."""

    cell: tuple[int, int]
    counts: np.ndarray
    src: np.ndarray
    starts: np.ndarray
    code: np.ndarray


@dataclass
class Table:
    board: Board
    total: int
    by_tag: dict[int, int] = field(default_factory=dict)
    layers: list[Layer] = field(default_factory=list)
    done_index: dict[int, int] = field(default_factory=dict)  # tag -> index of the final state
    initial_counts: np.ndarray | None = None
    peak_states: int = 0

    def unrank(self, rank: int, tag: int | None = None) -> tuple[tuple[int, int], ...]:
        """The path number ``rank`` (0 <= rank < total, or < by_tag[tag]) in a fixed order."""
        if not self.layers and self.total:
            return (self.board.to_puzzle_cell(self.board.start),)
        if tag is None:
            for t in sorted(self.done_index):
                if rank < self.by_tag[t]:
                    tag = t
                    break
                rank -= self.by_tag[t]
            else:
                raise IndexError("rank out of range")
        d = self.done_index[tag]
        links = []
        for k in range(len(self.layers) - 1, -1, -1):
            layer = self.layers[k]
            prev_counts = self.layers[k - 1].counts if k else self.initial_counts
            if prev_counts is None:
                raise ValueError("unrank: the table was built without store=True")
            lo, hi = int(layer.starts[d]), int(layer.starts[d + 1])
            for j in range(lo, hi):
                s = int(layer.src[j])
                w = limbs_to_int(prev_counts[s])
                if rank < w:
                    break
                rank -= w
            else:
                raise IndexError("rank out of range")
            code = int(layer.code[j])
            r, c = layer.cell
            if code & 1:
                links.append(((r, c), (r + 1, c)))
            if code & 2:
                links.append(((r, c), (r, c + 1)))
            d = s
        return _walk(self.board, links)


def _walk(board: Board, links) -> tuple[tuple[int, int], ...]:
    adj: dict = {}
    for a, b in links:
        adj.setdefault(a, []).append(b)
        adj.setdefault(b, []).append(a)
    path = [board.start]
    prev = None
    while len(path) <= len(adj):
        nxt = [n for n in adj.get(path[-1], ()) if n != prev]
        if not nxt:
            break
        prev = path[-1]
        path.append(nxt[0])
    return tuple(board.to_puzzle_cell(c) for c in path)


def limbs_to_int(row) -> int:
    out = 0
    for i in range(len(row) - 1, -1, -1):
        out = (out << LIMB_BITS) | int(row[i])
    return out


def _normalize(counts: np.ndarray) -> np.ndarray:
    """Propagate carries so every limb is < 2^56; add a limb when the top one overflows."""
    for i in range(counts.shape[1] - 1):
        counts[:, i + 1] += counts[:, i] >> U64(LIMB_BITS)
        counts[:, i] &= LIMB_MASK
    top = counts[:, -1] >> U64(LIMB_BITS)
    if top.any():
        counts[:, -1] &= LIMB_MASK
        counts = np.concatenate([counts, top[:, None]], axis=1)
    return counts


def _match(keys: np.ndarray, pos: int, width: int, right: bool) -> np.ndarray:
    """Slot of the partner of the parenthesis at ``pos`` ('(' scanning right, ')' left)."""
    depth = np.ones(len(keys), dtype=np.int16)
    res = np.full(len(keys), -1, dtype=np.int64)
    rng = range(pos + 1, width) if right else range(pos - 1, -1, -1)
    opener, closer = (1, 2) if right else (2, 1)
    for i in rng:
        sym = (keys >> U64(2 * i)) & U64(3)
        depth += sym == opener
        depth -= sym == closer
        hit = (depth == 0) & (res < 0)
        if hit.any():
            res[hit] = i
            if (res >= 0).all():
                break
    if (res < 0).any():  # pragma: no cover - a malformed state
        raise AssertionError("unmatched parenthesis in a frontier state")
    return res


def build(puzzle: HamiltonianPuzzle, *, store: bool = False, tag_start: bool = False,
          max_states: int = DEFAULT_MAX_STATES, deadline: Deadline | None = None) -> Table:
    """Run the DP on a puzzle (its prefix, if any, is taken into account: the walked cells are
    blocked and the live end is the start). ``store`` keeps the layers for sampling.
    ``deadline``: checked at every cell and between the steps of one cell's transition (a wide
    frontier takes seconds per cell); raises ``DeadlineExpired``."""
    p = puzzle.remainder() if puzzle.prefix else puzzle
    board = Board.of(p)
    if p.start == p.end:  # only possible when it is the one free cell
        return Table(board, 1, {0: 1})
    return _run(board, store=store, tag_start=tag_start, max_states=max_states,
                deadline=deadline or NO_DEADLINE)


def _run(board: Board, *, store: bool, tag_start: bool, max_states: int, deadline: Deadline) -> Table:
    R, C = board.rows, board.cols
    W = C + 1  # plugs
    if W > MAX_WIDTH + 1:
        raise TooLarge(f"the grid is {min(R, C)} cells wide; the frontier DP packs at most {MAX_WIDTH}")
    slot_mask = U64((1 << (2 * W)) - 1)
    tag_shift = U64(2 * W)
    free = board.free
    order = [(r, c) for r in range(R) for c in range(C) if free[r, c]]
    last = order[-1]
    keys = np.zeros(1, dtype=U64)
    counts = np.ones((1, 1), dtype=U64)
    table = Table(board, 0, initial_counts=counts if store else None)
    row = 0
    peak = 1
    for cell in order:
        r, c = cell
        while row < r:  # row change(s): shift the plugs one slot (slot W-1 is empty)
            keys = (keys & ~slot_mask) | ((keys << U64(2)) & slot_mask)
            row += 1
        deadline.check(building=False)
        can_r = c + 1 < C and bool(free[r, c + 1])
        can_d = r + 1 < R and bool(free[r + 1, c])
        terminal = cell in (board.start, board.end)
        tag = tag_start and cell == board.start
        new_keys, src, code = _transitions(keys, c, W, can_r, can_d, terminal, cell == last, slot_mask,
                                           tag_shift if tag else None)
        if len(new_keys) == 0:
            return table  # no partial path survives: zero paths
        deadline.check(building=False)
        idx = np.argsort(new_keys, kind="stable")
        deadline.check(building=False)
        sk = new_keys[idx]
        boundary = np.empty(len(sk), dtype=bool)
        boundary[0] = True
        np.not_equal(sk[1:], sk[:-1], out=boundary[1:])
        starts = np.flatnonzero(boundary)
        ssrc = src[idx]
        keys = sk[starts]
        if len(keys) > max_states:
            raise TooLarge(f"more than {max_states} frontier states")
        peak = max(peak, len(keys))
        counts = _normalize(np.add.reduceat(counts[ssrc], starts, axis=0))
        if store:
            bounds = np.append(starts, len(sk)).astype(np.int64)
            table.layers.append(Layer(cell, counts, ssrc.astype(np.int32), bounds, code[idx]))
    table.peak_states = peak
    done = np.flatnonzero((keys & slot_mask) == 0)
    for i in done:
        t = int(keys[i] >> tag_shift) if tag_start else 0
        table.by_tag[t] = limbs_to_int(counts[i])
        table.done_index[t] = int(i)
    table.total = sum(table.by_tag.values())
    return table


def _transitions(keys, c, W, can_r, can_d, terminal, is_last, slot_mask, tag_shift):
    """Successor keys of every state for one cell, with source indices and link codes."""
    p, q = U64(2 * c), U64(2 * (c + 1))
    left = (keys >> p) & U64(3)
    up = (keys >> q) & U64(3)
    base = keys & ~((U64(3) << p) | (U64(3) << q))
    out_k, out_s, out_c = [], [], []
    idx_all = np.arange(len(keys), dtype=np.int64)

    def emit(sel, new, code, tag=None):
        if tag is not None and tag_shift is not None:
            new = new | (U64(tag) << tag_shift)
        out_k.append(new)
        out_s.append(idx_all[sel] if sel is not None else idx_all)
        out_c.append(np.full(len(new), code, dtype=np.uint8))

    none = (left == 0) & (up == 0)
    one = (left == 0) ^ (up == 0)
    both = (left != 0) & (up != 0)
    if terminal:
        sel = np.flatnonzero(none)
        if len(sel):
            b = base[sel]
            if can_d:
                emit(sel, b | (U64(3) << p), 1, TAG_DOWN)
            if can_r:
                emit(sel, b | (U64(3) << q), 2, TAG_RIGHT)
        sel = np.flatnonzero(one)
        if len(sel):
            lv, uv, b = left[sel], up[sel], base[sel]
            from_left = lv != 0
            x = lv | uv
            for sym in (1, 2):
                for fl in (True, False):
                    m = (x == sym) & (from_left == fl)
                    if not m.any():
                        continue
                    s2 = sel[m]
                    pos = c if fl else c + 1
                    partner = _match(keys[s2], pos, W, right=sym == 1)
                    emit(s2, b[m] ^ (U64(sym) << (2 * partner).astype(U64)), 0,
                         TAG_LEFT if fl else TAG_UP)
            m = x == 3
            if m.any() and is_last:
                m &= (b & slot_mask) == 0
                if m.any():
                    tags = np.where(from_left[m], TAG_LEFT, TAG_UP)
                    nk = b[m]
                    if tag_shift is not None:
                        nk = nk | (tags.astype(U64) << tag_shift)
                    out_k.append(nk)
                    out_s.append(sel[m])
                    out_c.append(np.zeros(len(nk), dtype=np.uint8))
        return _concat(out_k, out_s, out_c)

    sel = np.flatnonzero(none)
    if len(sel) and can_r and can_d:
        emit(sel, base[sel] | (U64(1) << p) | (U64(2) << q), 3)
    sel = np.flatnonzero(one)
    if len(sel):
        x, b = (left | up)[sel], base[sel]
        if can_d:
            emit(sel, b | (x << p), 1)
        if can_r:
            emit(sel, b | (x << q), 2)
    sel = np.flatnonzero(both)
    if len(sel):
        lv, uv, b, k = left[sel], up[sel], base[sel], keys[sel]
        m = (lv == 2) & (uv == 1)  # ")(" : two partial paths become one
        if m.any():
            emit(sel[m], b[m], 0)
        # (left, up, which plug's partner is relabelled, scan direction, xor to apply)
        for lsym, usym, at, right, xor in ((1, 1, c + 1, True, 3), (2, 2, c, False, 3),
                                           (3, 1, c + 1, True, 1), (3, 2, c + 1, False, 2),
                                           (1, 3, c, True, 1), (2, 3, c, False, 2)):
            m = (lv == lsym) & (uv == usym)
            if not m.any():
                continue
            partner = _match(k[m], at, W, right)
            emit(sel[m], b[m] ^ (U64(xor) << (2 * partner).astype(U64)), 0)
        if is_last:
            m = (lv == 3) & (uv == 3) & ((b & slot_mask) == 0)
            if m.any():
                emit(sel[m], b[m], 0)
    return _concat(out_k, out_s, out_c)


def _concat(out_k, out_s, out_c):
    if not out_k:
        return np.zeros(0, dtype=U64), np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.uint8)
    return np.concatenate(out_k), np.concatenate(out_s), np.concatenate(out_c)


def count(puzzle: HamiltonianPuzzle, *, max_states: int = DEFAULT_MAX_STATES,
          deadline: Deadline | None = None) -> int:
    """The exact number of Hamiltonian paths (completions of the prefix, if any)."""
    return build(puzzle, max_states=max_states, deadline=deadline).total
