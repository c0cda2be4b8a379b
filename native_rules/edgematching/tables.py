"""The tables and the search of ``backtrack-table`` (entry: ``engine``;
docs/edgematching.md).

The squares are visited in a fixed scan order along the short side (row by row when the board is
at least as tall as wide, else column by column; max-joins fills the last rows across), so every
square meets its top and left neighbour placed. Every distinct rotation of every piece is
oriented once; a table indexed by (cell class, top colour, left colour) lists the oriented
pieces that fit, contiguously, so a square's candidates are one lookup
(``scan``). The nine cell classes are the four corners, the four sides
and the inside: a class fixes which sides must be the border colour. Fixed (hint) pieces stay in
their squares; the square to their left / above has a class of its own that also fixes its
right / bottom colour. Without hints and with rotation the first corner piece is
fixed to its corner (``symmetry_anchor``, as the CNF and CP-SAT models do) and every board found
is returned with its turned copies, so the counts are the other backends'. On a square board
that corner holds the anchor piece alone: with another corner piece there, the anchor piece has
no square left and the whole subtree is dead (found only at the last corner).

``order`` shuffles the candidates of each table entry (0 = piece order): the search is the same,
the order in which it meets the solutions differs. ``share`` splits the subtrees below
``split_depth`` between processes (``parallel``).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ...puzzles.edgematching import (
    EdgeMatchingPuzzle,
    EdgeMatchingSolution,
    fits_frame,
    symmetry_anchor,
)
from ...puzzles.solving import Deadline
from . import scan as scan_mod

NAME = "backtrack-table"
SPLIT_DEPTH = 4


def cell_class(rows: int, cols: int, r: int, c: int) -> int:
    """0..8: (top row, middle, bottom row) x (left column, middle, right column)."""
    return (0 if r == 0 else 2 if r == rows - 1 else 1) * 3 + (0 if c == 0 else 2 if c == cols - 1 else 1)


def scan_order(rows: int, cols: int, tail: int = 0) -> list[tuple[int, int]]:
    """Row by row along the short side: rows of ``cols`` squares if cols <= rows, else columns.
    The last ``tail`` rows (columns) are filled across, column by column (row by row), so the
    last frame side is laid a square at a time (Blackwood's order for max-joins); every square
    still meets its top and left neighbours placed."""
    if cols <= rows:
        head = rows - tail
        return ([(r, c) for r in range(head) for c in range(cols)]
                + [(r, c) for c in range(cols) for r in range(head, rows)])
    head = cols - tail
    return ([(r, c) for c in range(head) for r in range(rows)]
            + [(r, c) for r in range(rows) for c in range(head, cols)])


def fits_class(tile, cl: int) -> bool:
    """Colour 0 exactly on the sides that class ``cl`` turns to the border."""
    row, col = divmod(cl, 3)
    return ((tile[0] == 0) == (row == 0) and (tile[2] == 0) == (row == 2)
            and (tile[3] == 0) == (col == 0) and (tile[1] == 0) == (col == 2))


@dataclass
class Tables:
    """The arrays the scan reads. Per depth d (``order_rc[d]`` is its square): ``base[d]`` the
    first key of its class, ``up[d]`` / ``left[d]`` the depths of the squares above / to the left
    (n: the border, colour 0). Per table position: the piece, the bottom and right colours and
    the oriented piece. Per key: ``lo`` .. ``exact`` the exact fits, ``exact`` .. ``broken``
    the fits that break one join, ``broken`` .. ``broken2`` two (max-joins only; two only where
    a fixed neighbour's join is among them)."""

    order_rc: list[tuple[int, int]]
    base: np.ndarray
    up: np.ndarray
    left: np.ndarray
    fixed: np.ndarray  # bool per depth: a fixed (hint) square
    tpiece: np.ndarray
    tbot: np.ndarray
    tbotc: np.ndarray  # tbot * ncol (the key of the exact search)
    trgt: np.ndarray
    toid: np.ndarray
    lo: np.ndarray
    exact: np.ndarray
    broken: np.ndarray
    broken2: np.ndarray
    ncol: int
    orient: np.ndarray  # (piece, top, right, bottom, left), colours as indices
    rotations: np.ndarray  # rotation of each oriented piece
    used: np.ndarray
    total_breaks_fixed: int  # breaks between fixed pieces (nonzero: no exact solution)
    impossible: bool  # a fixed piece breaks the border rule


def inner_joins_of(cl: int) -> tuple[bool, bool, bool, bool]:
    """Which of a class's joins (top, left, right, bottom) are inner joins, the ones max-joins
    may break: a join along the frame (both squares in the top or bottom row for a horizontal
    join, in the left or right column for a vertical one) never breaks."""
    row, col = divmod(cl, 3)
    return col == 1, row == 1, row == 1, col == 1


def build(puzzle: EdgeMatchingPuzzle, *, order: int = 0, with_breaks: bool = False,
          rank=None, tail: int = 0) -> Tables:
    """The tables for ``puzzle``. ``order`` seeds the shuffle of each entry's candidates;
    ``with_breaks`` adds, after the exact fits of every entry, the pieces that break one of its
    inner joins; ``rank(piece) -> number`` (smaller first) orders candidates before the shuffle
    breaks ties. A square whose right or lower neighbour is fixed and visited later has a
    class of its own that checks that colour too; a fixed square's class lists its piece
    under every key (its neighbours have checked it)."""
    rows, cols = puzzle.rows, puzzle.cols
    palette = sorted({v for t in puzzle.tiles for v in t} | {0})
    index = {v: i for i, v in enumerate(palette)}
    ncol = len(palette)
    nn = ncol * ncol
    order_rc = scan_order(rows, cols, tail)
    n = len(order_rc)
    depth_of = {sq: d for d, sq in enumerate(order_rc)}
    hinted = {(r, c): (p, k) for r, c, p, k in puzzle.hints}
    fixed_pieces = {p for p, _ in hinted.values()}

    anchor = symmetry_anchor(puzzle)
    anchor_classes = {}
    if anchor is not None:
        anchor_classes = {cell_class(rows, cols, r, c): k for r, c, k in anchor[1]}
    # one anchor square (a square board): it holds the anchor piece and nothing else
    sole = next(iter(anchor_classes)) if len(anchor_classes) == 1 else -1

    orient, rots, member = [], [], []
    for p in range(1, puzzle.n + 1):
        if p in fixed_pieces:
            continue
        for k in puzzle.rotations(p):
            t = puzzle.tile(p, k)
            orient.append((p, *(index[v] for v in t)))
            rots.append(k)
            member.append([fits_class(t, cl) and (anchor_classes.get(cl) == k if anchor is not None
                                                  and p == anchor[0] else cl != sole) for cl in range(9)])
    nfree = len(orient)
    for _, (p, k) in sorted(hinted.items()):
        orient.append((p, *(index[v] for v in puzzle.tile(p, k))))
        rots.append(k)
    orient_a = np.array(orient, dtype=np.int64).reshape(-1, 5)
    member_a = np.array(member, dtype=bool).reshape(-1, 9)
    fixed_oid = {sq: nfree + i for i, sq in enumerate(sorted(hinted))}

    # the global candidate order: rank, then the shuffle (or piece order)
    rng = np.random.default_rng(order) if order else None
    noise = rng.random(nfree) if rng is not None else np.arange(nfree) / max(1, nfree)
    weight = np.array([0 if rank is None else rank(orient[o][0]) for o in range(nfree)], float)
    position = np.empty(nfree, dtype=np.int64)
    position[np.lexsort((noise, weight))] = np.arange(nfree)

    classes: dict = {}
    base = np.zeros(n, dtype=np.int64)
    up = np.full(n, n, dtype=np.int64)
    left = np.full(n, n, dtype=np.int64)
    fixed = np.zeros(n, dtype=bool)
    impossible, fixed_breaks = False, 0
    for d, (r, c) in enumerate(order_rc):
        if r > 0:
            up[d] = depth_of[(r - 1, c)]
        if c > 0:
            left[d] = depth_of[(r, c - 1)]
        if (r, c) in hinted:
            p, k = hinted[(r, c)]
            t = puzzle.tile(p, k)
            impossible |= not fits_frame(t, rows, cols, r, c)
            for (nr, nc), mine, theirs in (((r - 1, c), 0, 2), ((r, c - 1), 3, 1)):
                if (nr, nc) in hinted:
                    fixed_breaks += t[mine] != puzzle.tile(*hinted[(nr, nc)])[theirs]
            fixed[d] = True
            spec = ("fixed", fixed_oid[(r, c)])
        else:
            need = [-1, -1]  # a fixed neighbour visited later (right / below) constrains this square now
            for i, ((nr, nc), theirs) in enumerate((((r, c + 1), 3), ((r + 1, c), 0))):
                if (nr, nc) in hinted and depth_of[(nr, nc)] > d:
                    need[i] = index[puzzle.tile(*hinted[(nr, nc)])[theirs]]
            spec = (cell_class(rows, cols, r, c), *need)
        base[d] = classes.setdefault(spec, len(classes)) * nn

    keys, costs, ranks, oids = [], [], [], []

    def add(k, cost, rk, o):
        keys.append(np.asarray(k, dtype=np.int64))
        costs.append(np.broadcast_to(np.int64(cost), np.shape(k)).astype(np.int64))
        ranks.append(np.broadcast_to(np.asarray(rk, dtype=np.int64), np.shape(k)))
        oids.append(np.broadcast_to(np.asarray(o, dtype=np.int64), np.shape(k)))

    top, rgt, bot, lft = (orient_a[:nfree, i] for i in (1, 2, 3, 4))
    inner = np.arange(1, ncol)  # colours a join with a placed neighbour can have (0 is the border)
    for spec, ci in classes.items():
        k0 = ci * nn
        if spec[0] == "fixed":
            add(k0 + np.arange(nn), 0, 0, spec[1])
            continue
        cl, need_r, need_b = spec
        sel = np.flatnonzero(member_a[:, cl]) if nfree else np.zeros(0, dtype=np.int64)
        t_, l_, pos = top[sel], lft[sel], position[sel]
        bad_r = (rgt[sel] != need_r) if need_r >= 0 else np.zeros(sel.size, bool)
        bad_b = (bot[sel] != need_b) if need_b >= 0 else np.zeros(sel.size, bool)
        miss = bad_r.astype(np.int64) + bad_b
        ok = miss == 0
        add(k0 + t_[ok] * ncol + l_[ok], 0, pos[ok], sel[ok])
        if not with_breaks:
            continue
        top_in, left_in, right_in, below_in = inner_joins_of(cl)
        fair = (~bad_r | right_in) & (~bad_b | below_in)  # misses only on joins that may break
        for m in (1, 2):  # the fixed neighbours' joins broken, top and left kept
            at = fair & (miss == m)
            add(k0 + t_[at] * ncol + l_[at], m, pos[at], sel[at])
        for m in (0, 1):  # top or left broken too (not both)
            at = fair & (miss == m)
            cnt = int(at.sum())
            for broken_side, kept in ((left_in, "left"), (top_in, "top")):
                if not broken_side:
                    continue
                other = np.broadcast_to(inner, (cnt, inner.size))
                mine = (l_ if kept == "left" else t_)[at][:, None]
                keep = other != mine
                if kept == "left":
                    kk = k0 + t_[at][:, None] * ncol + other
                else:
                    kk = k0 + other * ncol + l_[at][:, None]
                add(kk[keep], m + 1, np.broadcast_to(pos[at][:, None], other.shape)[keep],
                    np.broadcast_to(sel[at][:, None], other.shape)[keep])
    if keys:
        K, C, R, O = (np.concatenate(a) for a in (keys, costs, ranks, oids))
    else:
        K = C = R = O = np.zeros(0, dtype=np.int64)
    srt = np.lexsort((R, C, K))
    K, C, O = K[srt], C[srt], O[srt]
    code = K * 3 + C
    nkeys = len(classes) * nn
    everything = np.arange(nkeys, dtype=np.int64) * 3
    lo, exact, broken, broken2 = (np.searchsorted(code, everything + i).astype(np.int64) for i in range(4))
    used = np.zeros(puzzle.n + 1, dtype=np.bool_)
    return Tables(order_rc, base, up, left, fixed, orient_a[O, 0].copy(), orient_a[O, 3].copy(),
                  orient_a[O, 3] * ncol, orient_a[O, 2].copy(), O, lo, exact, broken, broken2, ncol, orient_a,
                  np.array(rots, dtype=np.int64), used, int(fixed_breaks), impossible)


class Search:
    """One resumable scan over ``Tables``: ``step(budget)`` runs the kernel for up to ``budget``
    placements, ``board()`` reads the board at a full-board stop. ``allowed[d]``: the breaks
    allowed once square d is placed (all zero: an exact search)."""

    def __init__(self, t: Tables, allowed: np.ndarray | None = None, split=(-1, 1, 0)) -> None:
        n = len(t.order_rc)
        self.t = t
        self.n = n
        self.allowed = np.zeros(n, dtype=np.int64) if allowed is None else allowed
        self.split = np.array(split, dtype=np.int64)
        self.chosen, self.exk, self.bre, self.bre2 = (np.zeros(n, dtype=np.int64) for _ in range(4))
        self.brk = np.zeros(n + 1, dtype=np.int64)
        self.brk[0] = t.total_breaks_fixed
        self.bot, self.rgt = np.zeros(n + 1, dtype=np.int64), np.zeros(n + 1, dtype=np.int64)
        self.state = scan_mod.new_state()
        t.used[:] = False
        # no break allowed anywhere: the exact search (``allowed`` must then stay all zero)
        self.exact_only = not self.allowed.any() and t.total_breaks_fixed == 0
        # the kernel's arguments: the tables it reads (exact or not), then the search's arrays
        self.tables = {True: (t.base, t.up, t.left, t.tpiece, t.tbotc, t.trgt, t.lo, t.exact, None, None,
                              t.ncol),
                       False: (t.base, t.up, t.left, t.tpiece, t.tbot, t.trgt, t.lo, t.exact, t.broken,
                               t.broken2, t.ncol)}
        self.arrays = (t.used, self.allowed, self.split, self.chosen, self.exk, self.bre, self.bre2, self.brk,
                       self.bot, self.rgt, self.state)
        self.lists: dict[bool, tuple] = {}

    def step(self, budget: int = scan_mod.SLICE) -> int:
        """Run the scan for up to ``budget`` placements (``scan.run``: interpreted while a
        process's first placements last, then compiled)."""
        exact = self.exact_only
        tables = self.tables[exact]

        def lists() -> tuple:  # the tables as plain lists, for the interpreted runs (made once)
            if exact not in self.lists:
                self.lists[exact] = tuple(a.tolist() if isinstance(a, np.ndarray) else a for a in tables)
            return self.lists[exact]

        return scan_mod.run(scan_mod.scan, tables, lists, self.arrays, budget)

    @property
    def nodes(self) -> int:
        return int(self.state[scan_mod.NODES])

    @property
    def breaks(self) -> int:
        """The breaks of the board at a full-board stop."""
        return int(self.brk[self.n])

    def board(self, puzzle: EdgeMatchingPuzzle) -> EdgeMatchingSolution:
        t = self.t
        at = {}
        for d, sq in enumerate(t.order_rc):
            o = t.toid[self.chosen[d]]
            at[sq] = (int(t.orient[o, 0]), int(t.rotations[o]))
        return EdgeMatchingSolution.make(puzzle, [at[(r, c)] for r in range(puzzle.rows)
                                                  for c in range(puzzle.cols)])


def split_depth(t: Tables) -> int:
    """The depth where ``split`` shares the subtrees: a few squares in, so that there are many
    of them and the work above, which every process repeats, is small."""
    return min(len(t.order_rc) - 1, SPLIT_DEPTH)


def enumerate_boards(puzzle: EdgeMatchingPuzzle, wanted: int, deadline: Deadline, *, order: int = 0,
                     share: tuple[int, int] = (1, 0),
                     on_board=None) -> tuple[list[EdgeMatchingSolution], bool, bool, int]:
    """Up to ``wanted`` boards of the (symmetry-reduced) search: (boards, exhausted, timed out,
    placements). ``share`` = (workers, this worker): the subtrees this process explores.
    ``on_board(board)`` is called at each board (a process sharing the work reports through it)."""
    t = build(puzzle, order=order)
    found: list[EdgeMatchingSolution] = []
    if t.impossible or t.total_breaks_fixed:
        return found, True, False, 0
    s = Search(t, split=(split_depth(t), *share) if share[0] > 1 else (-1, 1, 0))
    while True:
        if deadline.expired():
            return found, False, True, s.nodes
        code = s.step()
        if code == scan_mod.FOUND:
            board = s.board(puzzle)
            found.append(board)
            if on_board is not None:
                on_board(board)
            if len(found) >= wanted:
                return found, False, False, s.nodes
        elif code == scan_mod.EXHAUSTED:
            return found, True, False, s.nodes


__all__ = ["NAME", "Search", "Tables", "build", "cell_class", "enumerate_boards", "scan_order"]
