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

States are numpy arrays: keys (uint32 up to 15 cells wide, else uint64) and counts as
little-endian limbs of 56 bits, one uint64 row per limb (exact integers of any size; counts pass
2^64 at 13x13). Each cell builds the successor keys of all states at once, case by case (the
partners of a join's plugs found for all its states in one pass over the slots), then merges
equal keys by a sort, sums the counts of each run of equal keys from running sums, and propagates
carries. From the middle rows on a column's keys repeat row after row (states with no completion
are kept), and a cell whose keys equal the last ones of its kind of cell reuses that merge: only
the counts are summed (``_Merge``). Memory is bounded by ``max_states``.

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
from .packing import DEFAULT_MAX_STATES, MAX_WIDTH, TooLarge

# the merges kept for reuse hold at most this many transitions (src + starts + keys: ~20 bytes
# each): 13x13 fits (64 k states, 14 columns), 15x15 would double the DP's memory and does not
REUSE_SLOTS = 4_000_000

LIMB_BITS = 56
LIMB_MASK = np.uint64((1 << LIMB_BITS) - 1)
U64 = np.uint64

# first-move tags (direction of the first step out of the start), as in puzzles.grid.STEPS
TAG_UP, TAG_RIGHT, TAG_DOWN, TAG_LEFT = range(4)
TAG_STEPS = ((-1, 0), (0, 1), (1, 0), (0, -1))


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
                w = limbs_to_int(prev_counts[:, s])
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
    for i in range(counts.shape[0] - 1):
        counts[i + 1] += counts[i] >> U64(LIMB_BITS)
        counts[i] &= LIMB_MASK
    top = counts[-1] >> U64(LIMB_BITS)
    if top.any():
        counts[-1] &= LIMB_MASK
        counts = np.concatenate([counts, top[None, :]])
    return counts


def _merge(counts: np.ndarray, src: np.ndarray, bounds: np.ndarray) -> np.ndarray:
    """The counts of the merged states: group ``g`` sums ``counts`` of the sources
    ``src[bounds[g]:bounds[g + 1]]``, limb by limb, as differences of running sums (a 0 in
    front, so the differences are of one array at ``bounds``). The running sums wrap around 2^64,
    but each group's sum is exact: it adds a few limbs below 2^56 (a state has fewer than 256
    predecessors). ``np.take`` and ``cumsum`` on one limb at a time are several times faster
    than fancy indexing and ``np.add.reduceat`` on the rows of a 2-D array."""
    merged = np.empty((counts.shape[0], len(bounds) - 1), dtype=U64)
    running = np.zeros(len(src) + 1, dtype=U64)
    for limb, out in zip(counts, merged, strict=True):
        np.cumsum(np.take(limb, src), out=running[1:])
        edges = np.take(running, bounds)
        np.subtract(edges[1:], edges[:-1], out=out)
    return _normalize(merged)


# the depth change a plug symbol makes when scanning right for a "(" 's partner (and, negated,
# left for a ")" 's): "(" opens one more pair, ")" closes one, "|" and no link change nothing
_RIGHT_DEPTH = np.array([0, 1, -1, 0], dtype=np.int8)
_LEFT_DEPTH = -_RIGHT_DEPTH

# a join of two plugs (left, up) that relabels the partner of one of them: the xor that relabels
# it, (left, up, xor) in the order the joins are listed (ranks list paths in it)
_RELABELS = ((1, 1, 3), (2, 2, 3), (3, 1, 1), (3, 2, 2), (1, 3, 1), (2, 3, 2))
# ... the same by pair code (left << 2 | up): the xor (0: no relabelling), and whether the
# partner is right of the cell (a "(" to match) or left of it (a ")")
_PARTNER_XOR = {t: np.zeros(16, dtype=t) for t in (np.uint32, np.uint64)}  # by key type
_SCANS_RIGHT = np.zeros(16, dtype=bool)
for _l, _u, _x in _RELABELS:
    for _table in _PARTNER_XOR.values():
        _table[_l << 2 | _u] = _x
    _SCANS_RIGHT[_l << 2 | _u] = 1 in (_l, _u)


def _partners(keys: np.ndarray, first: int, stop: int, right: bool) -> np.ndarray:
    """Slot of each key's partner of an open parenthesis whose scan starts at slot ``first``
    (going right up to ``stop`` for a "(", left down to 0 for a ")"): the first slot where the
    depth, 1 before it, comes back to 0. All the slots scanned at once (a key per row, a slot
    per column), so a cell's joins cost a few array passes, not a loop over the slots."""
    slots = np.arange(first, stop) if right else np.arange(first, -1, -1)
    shifts = (2 * slots).astype(keys.dtype)
    symbols = (keys[:, None] >> shifts[None, :]) & keys.dtype.type(3)
    depth = np.cumsum((_RIGHT_DEPTH if right else _LEFT_DEPTH)[symbols], axis=1, dtype=np.int8)
    closed = depth == -1
    first_closed = closed.argmax(axis=1)
    if not closed[np.arange(len(keys)), first_closed].all():  # pragma: no cover - a malformed state
        raise AssertionError("unmatched parenthesis in a frontier state")
    return slots[first_closed]


def _dtype_for(plugs: int, tagged: bool) -> type:
    """The narrowest unsigned type that holds a key: 2 bits a plug, 2 more for the tag."""
    return np.uint32 if 2 * plugs + 2 * tagged <= 32 else np.uint64


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
    key = _dtype_for(W, tag_start)
    slot_mask = key((1 << (2 * W)) - 1)
    tag_shift = key(2 * W)
    two = key(2)
    free = board.free
    order = [(r, c) for r in range(R) for c in range(C) if free[r, c]]
    last = order[-1]
    keys = np.zeros(1, dtype=key)
    counts = np.ones((1, 1), dtype=U64)
    table = Table(board, 0, initial_counts=counts if store else None)
    row = 0
    peak = 1
    merges: dict[tuple, _Merge] = {}  # the last merge of each kind of cell, to reuse
    for cell in order:
        r, c = cell
        while row < r:  # row change(s): shift the plugs one slot (slot W-1 is empty)
            shifted = (keys << two) & slot_mask
            keys = (keys & ~slot_mask) | shifted if tag_start else shifted
            row += 1
        deadline.check(building=False)
        can_r = c + 1 < C and bool(free[r, c + 1])
        can_d = r + 1 < R and bool(free[r + 1, c])
        terminal = cell in (board.start, board.end)
        tag = tag_start and cell == board.start
        kind = (c, can_r, can_d, terminal, cell == last, tag)
        seen = merges.get(kind)
        if seen is not None and seen.takes(keys):
            merge = seen
        else:
            merge = _Merge.of(keys, c, W, can_r, can_d, terminal, cell == last, slot_mask,
                              tag_shift if tag else None, store, deadline)
            if merge is None:
                return table  # no partial path survives: zero paths
            if len(merge.keys) > max_states:
                raise TooLarge(f"more than {max_states} frontier states")
            if len(merge.src) * C <= REUSE_SLOTS:
                merges[kind] = merge
            else:  # not kept: nor is an earlier, smaller one (it would hold memory, not match)
                merges.pop(kind, None)
        keys = merge.keys
        peak = max(peak, len(keys))
        counts = _merge(counts, merge.src, merge.bounds)
        if merge.stored is not None:  # the layer is stored
            table.layers.append(Layer(cell, counts, *merge.stored))
    table.peak_states = peak
    done = np.flatnonzero((keys & slot_mask) == 0)
    for i in done:
        t = int(keys[i] >> tag_shift) if tag_start else 0
        table.by_tag[t] = limbs_to_int(counts[:, i])
        table.done_index[t] = int(i)
    table.total = sum(table.by_tag.values())
    return table


@dataclass
class _Merge:
    """One cell's step from its states to their successors' merged states: which states feed
    each merged one (``src`` sorted by successor, ``bounds`` of each run and the end) and the
    merged keys.
    It depends only on the states' keys and the kind of cell, and from the middle rows of a
    board on a column's states repeat row after row (the states that cannot be completed are
    not dropped), so the last step of each kind is kept and reused on equal keys: no
    transitions, no sort, only the counts summed."""

    keys_in: np.ndarray
    src: np.ndarray
    bounds: np.ndarray
    keys: np.ndarray
    stored: tuple[np.ndarray, np.ndarray, np.ndarray] | None  # a stored layer's src, bounds, codes

    def takes(self, keys: np.ndarray) -> bool:
        return len(keys) == len(self.keys_in) and bool(np.array_equal(keys, self.keys_in))

    @classmethod
    def of(cls, keys, c, W, can_r, can_d, terminal, is_last, slot_mask, tag_shift, store,
           deadline: Deadline) -> _Merge | None:
        """The step worked out: transitions, a stable sort of the successors, their runs; None
        when no state has a successor."""
        new_keys, src, code = _transitions(keys, c, W, can_r, can_d, terminal, is_last, slot_mask,
                                           tag_shift, store)
        if len(new_keys) == 0:
            return None
        deadline.check(building=False)
        idx = np.argsort(new_keys, kind="stable")
        deadline.check(building=False)
        sk = np.take(new_keys, idx)
        boundary = np.empty(len(sk) + 1, dtype=bool)
        boundary[0] = boundary[-1] = True
        np.not_equal(sk[1:], sk[:-1], out=boundary[1:-1])
        bounds = np.flatnonzero(boundary)
        ssrc = np.take(src, idx)
        stored = None if code is None else (ssrc.astype(np.int32), bounds, np.take(code, idx))
        return cls(keys, ssrc, bounds, np.take(sk, bounds[:-1]), stored)


class _Successors:
    """The successor keys of one cell's transition as they are found, with their source states
    (indices into the layer) and, when the layer is stored, their link codes."""

    def __init__(self, tag_shift, with_code: bool):
        self.keys: list[np.ndarray] = []
        self.src: list[np.ndarray] = []
        self.code: list[np.ndarray] | None = [] if with_code else None
        self.tag_shift = tag_shift

    def emit(self, sel: np.ndarray, new: np.ndarray, code: int, tag=None) -> None:
        if tag is not None and self.tag_shift is not None:
            new = new | (new.dtype.type(tag) << self.tag_shift)
        self.keys.append(new)
        self.src.append(sel)
        if self.code is not None:
            self.code.append(np.full(len(new), code, dtype=np.uint8))

    def arrays(self, dtype) -> tuple[np.ndarray, np.ndarray, np.ndarray | None]:
        if not self.keys:
            return np.zeros(0, dtype=dtype), np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.uint8)
        code = np.concatenate(self.code) if self.code is not None else None
        return np.concatenate(self.keys), np.concatenate(self.src), code


def _transitions(keys, c, W, can_r, can_d, terminal, is_last, slot_mask, tag_shift, with_code):
    """Successor keys of every state for one cell, with source indices and (``with_code``) link
    codes."""
    k = keys.dtype.type
    p, q = k(2 * c), k(2 * (c + 1))
    three, two = k(3), k(2)
    left = (keys >> p) & three
    up = (keys >> q) & three
    base = keys & ~((three << p) | (three << q))
    out = _Successors(tag_shift, with_code)
    x = left | up
    has_left, has_up = left != 0, up != 0
    if terminal:
        _terminal(out, keys, left, x, base, has_left, has_up, c, W, can_r, can_d, is_last, slot_mask)
        return out.arrays(keys.dtype)

    if can_r and can_d:
        sel = np.flatnonzero(x == 0)
        if len(sel):
            out.emit(sel, np.take(base, sel) | (k(1) << p) | (k(2) << q), 3)
    sel = np.flatnonzero(has_left != has_up)
    if len(sel):
        xs, b = np.take(x, sel), np.take(base, sel)
        if can_d:
            out.emit(sel, b | (xs << p), 1)
        if can_r:
            out.emit(sel, b | (xs << q), 2)
    sel = np.flatnonzero(has_left & has_up)
    if len(sel):
        b = np.take(base, sel)
        pair = (np.take(left, sel) << k(2)) | np.take(up, sel)
        m = pair == 9  # ")(" : two partial paths become one
        if m.any():
            out.emit(sel[m], b[m], 0)
        # the partners to relabel: "((" "|(" scan right from the up plug's "(" ; "(|" from the left
        # plug's "(", the "|" between them changes nothing, so every right scan starts at slot c + 2;
        # "))" "(|)" ... likewise every left scan at slot c - 1
        xor = np.take(_PARTNER_XOR[keys.dtype.type], pair)
        partner = np.zeros(len(sel), dtype=keys.dtype)
        relabels = xor != 0
        scans_right = np.take(_SCANS_RIGHT, pair)
        for right in (True, False):
            m = relabels & (scans_right == right)
            if m.any():
                partner[m] = _partners(np.take(keys, sel[m]), c + 2 if right else c - 1, W,
                                       right=right)
        if with_code:  # a stored layer: the joins in a fixed order (ranks list paths in it)
            for lsym, usym, flip in _RELABELS:
                m = pair == (lsym << 2 | usym)
                if m.any():
                    out.emit(sel[m], b[m] ^ (k(flip) << (two * partner[m])), 0)
        else:  # count-only: the order within equal keys does not matter, all joins at once
            m = relabels
            if m.any():
                out.emit(sel[m], b[m] ^ (xor[m] << (two * partner[m])), 0)
        if is_last:
            m = (pair == 15) & ((b & slot_mask) == 0)
            if m.any():
                out.emit(sel[m], b[m], 0)
    return out.arrays(keys.dtype)


def _terminal(out, keys, left, x, base, has_left, has_up, c, W, can_r, can_d, is_last, slot_mask):
    """A terminal's transitions: its one link starts a "|" end, or it ends a partial path whose
    other end becomes "|" (its partner relabelled), or -- at the last cell -- joins the two."""
    k = keys.dtype.type
    p, q = k(2 * c), k(2 * (c + 1))
    sel = np.flatnonzero(x == 0)
    if len(sel):
        b = base[sel]
        if can_d:
            out.emit(sel, b | (k(3) << p), 1, TAG_DOWN)
        if can_r:
            out.emit(sel, b | (k(3) << q), 2, TAG_RIGHT)
    sel = np.flatnonzero(has_left != has_up)
    if not len(sel):
        return
    lv, xs, b = left[sel], x[sel], base[sel]
    from_left = lv != 0
    for sym in (1, 2):
        for fl in (True, False):
            m = (xs == sym) & (from_left == fl)
            if not m.any():
                continue
            s2 = sel[m]
            # the other plug of the cell is empty: the scan passes it unchanged
            partner = _partners(keys[s2], c + 2 if sym == 1 else c - 1, W, right=sym == 1)
            out.emit(s2, b[m] ^ (k(sym) << (2 * partner).astype(keys.dtype)), 0,
                     TAG_LEFT if fl else TAG_UP)
    m = xs == 3
    if m.any() and is_last:
        m &= (b & slot_mask) == 0
        if m.any():
            nk = b[m]
            if out.tag_shift is not None:
                tags = np.where(from_left[m], TAG_LEFT, TAG_UP)
                nk = nk | (tags.astype(keys.dtype) << out.tag_shift)
            out.keys.append(nk)
            out.src.append(sel[m])
            if out.code is not None:
                out.code.append(np.zeros(len(nk), dtype=np.uint8))


def count(puzzle: HamiltonianPuzzle, *, max_states: int = DEFAULT_MAX_STATES,
          deadline: Deadline | None = None) -> int:
    """The exact number of Hamiltonian paths (completions of the prefix, if any)."""
    return build(puzzle, max_states=max_states, deadline=deadline).total
