"""The tables and the search of ``backtrack-table`` (entry: ``native_rules.edgematching_engine``;
docs/edgematching.md).

The squares are visited in a fixed scan order along the short side (row by row when the board is
at least as tall as wide, else column by column), so every square meets its top and left
neighbour placed. Every distinct rotation of every piece is oriented once; a table indexed by
(cell class, top colour, left colour) lists the oriented pieces that fit, contiguously, so a
square's candidates are one lookup (``native_rules.edgematching_scan``). The nine cell classes
are the four corners, the four sides and the inside: a class fixes which sides must be the border
colour. Fixed (hint) pieces stay in their squares; the square to their left / above checks its
right / bottom colour against them. Without hints and with rotation the first corner piece is
fixed to its corner (``symmetry_anchor``, as the CNF and CP-SAT models do) and every board found
is returned with its turned copies, so the counts are the other backends'.

``order`` shuffles the candidates of each table entry (0 = piece order): the search is the same,
the order in which it meets the solutions differs. ``workers`` > 1 shares the subtrees below
the first branching square between processes (``native_rules.edgematching_split``).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from gridsolve.puzzles.edgematching import (
    EdgeMatchingPuzzle,
    EdgeMatchingSolution,
    fits_frame,
    symmetry_anchor,
)
from gridsolve.puzzles.solving import Deadline

from . import edgematching_scan as scan_mod

NAME = "backtrack-table"
SPLIT_DEPTH = 4
# the joins a class may break (max-joins): inside, one of the two; on the right side the join to
# the inside (left), on the bottom row the join to the inside (top); the frame's own joins never
BREAKABLE = {4: lambda top, left: top ^ left, 5: lambda top, left: top & ~left,
             7: lambda top, left: left & ~top}


def cell_class(rows: int, cols: int, r: int, c: int) -> int:
    """0..8: (top row, middle, bottom row) x (left column, middle, right column)."""
    return (0 if r == 0 else 2 if r == rows - 1 else 1) * 3 + (0 if c == 0 else 2 if c == cols - 1 else 1)


def scan_order(rows: int, cols: int) -> list[tuple[int, int]]:
    """Row by row along the short side: rows of ``cols`` squares if cols <= rows, else columns."""
    if cols <= rows:
        return [(r, c) for r in range(rows) for c in range(cols)]
    return [(r, c) for c in range(cols) for r in range(rows)]


def fits_class(tile, cl: int) -> bool:
    """Colour 0 exactly on the sides that class ``cl`` turns to the border."""
    row, col = divmod(cl, 3)
    return ((tile[0] == 0) == (row == 0) and (tile[2] == 0) == (row == 2)
            and (tile[3] == 0) == (col == 0) and (tile[1] == 0) == (col == 2))


@dataclass
class Tables:
    """The arrays the scan reads; ``order_rc[d]`` is the square visited at depth d."""

    order_rc: list[tuple[int, int]]
    cells: np.ndarray
    tab: np.ndarray
    lo: np.ndarray
    exact: np.ndarray
    broken: np.ndarray
    ncol: int
    orient: np.ndarray  # (piece, top, right, bottom, left), colours as indices
    rotations: np.ndarray  # rotation of each oriented piece
    used: np.ndarray
    total_breaks_fixed: int  # breaks between fixed pieces (nonzero: no exact solution)
    impossible: bool  # a fixed piece breaks the border rule


def build(puzzle: EdgeMatchingPuzzle, *, order: int = 0, with_breaks: bool = False,
          rank=None) -> Tables:
    """The tables for ``puzzle``. ``order`` seeds the shuffle of each entry's candidates;
    ``with_breaks`` adds, after the exact fits of every inside entry, the pieces that break one
    of its two joins; ``rank(piece) -> number`` (smaller first) orders candidates before the
    shuffle breaks ties."""
    rows, cols = puzzle.rows, puzzle.cols
    palette = sorted({v for t in puzzle.tiles for v in t} | {0})
    index = {v: i for i, v in enumerate(palette)}
    ncol = len(palette)
    order_rc = scan_order(rows, cols)
    depth_of = {sq: d for d, sq in enumerate(order_rc)}
    hinted = {(r, c): (p, k) for r, c, p, k in puzzle.hints}
    fixed_pieces = {p for p, _ in hinted.values()}

    anchor = symmetry_anchor(puzzle)
    anchor_classes = None
    if anchor is not None:
        anchor_classes = {cell_class(rows, cols, r, c): k for r, c, k in anchor[1]}

    orient, rots, by_class = [], [], {cl: [] for cl in range(9)}
    for p in range(1, puzzle.n + 1):
        if p in fixed_pieces:
            continue
        for k in puzzle.rotations(p):
            t = puzzle.tile(p, k)
            o = len(orient)
            orient.append((p, *(index[v] for v in t)))
            rots.append(k)
            for cl in range(9):
                if not fits_class(t, cl):
                    continue
                if p == (anchor[0] if anchor else None) and anchor_classes.get(cl) != k:
                    continue
                by_class[cl].append(o)
    fixed_slots = []
    for (r, c), (p, k) in sorted(hinted.items()):
        fixed_slots.append(((r, c), len(orient)))
        orient.append((p, *(index[v] for v in puzzle.tile(p, k))))
        rots.append(k)
    orient_a = np.array(orient, dtype=np.int64).reshape(-1, 5)

    rng = np.random.default_rng(order) if order else None
    nkeys = 9 * ncol * ncol
    lo, exact, broken = (np.zeros(nkeys, dtype=np.int64) for _ in range(3))
    tab: list[int] = []
    for cl in range(9):
        cand = np.array(by_class[cl], dtype=np.int64)
        if cand.size:
            weight = np.array([0 if rank is None else rank(orient[o][0]) for o in cand], float)
            noise = rng.random(cand.size) if rng is not None else np.arange(cand.size) / max(1, cand.size)
            cand = cand[np.lexsort((noise, weight))]
        tops, lefts = orient_a[cand, 1], orient_a[cand, 4]
        for top in range(ncol):
            for left in range(ncol):
                key = (cl * ncol + top) * ncol + left
                lo[key] = len(tab)
                same_top, same_left = tops == top, lefts == left
                tab.extend(cand[same_top & same_left].tolist())
                exact[key] = len(tab)
                if with_breaks and cl in BREAKABLE:
                    tab.extend(cand[BREAKABLE[cl](same_top, same_left)].tolist())
                broken[key] = len(tab)
    slot_of = {}
    for sq, o in fixed_slots:
        slot_of[sq] = len(tab)
        tab.append(o)

    cells = np.full((len(order_rc), 7), -1, dtype=np.int64)
    impossible, fixed_breaks = False, 0
    for d, (r, c) in enumerate(order_rc):
        cells[d, 0] = cell_class(rows, cols, r, c)
        cells[d, 1] = depth_of[(r - 1, c)] if r > 0 else -1
        cells[d, 2] = depth_of[(r, c - 1)] if c > 0 else -1
        cells[d, 6] = 0
        if (r, c) in hinted:
            p, k = hinted[(r, c)]
            t = puzzle.tile(p, k)
            impossible |= not fits_frame(t, rows, cols, r, c)
            cells[d, 3] = slot_of[(r, c)]
            miss = 0
            for (nr, nc), mine, theirs in (((r - 1, c), 0, 2), ((r, c - 1), 3, 1)):
                if (nr, nc) in hinted:
                    miss += t[mine] != puzzle.tile(*hinted[(nr, nc)])[theirs]
            cells[d, 6] = miss
            fixed_breaks += miss
            continue
        # a fixed neighbour visited later (right / below in the scan) constrains this square now
        for (nr, nc), col, theirs in (((r, c + 1), 4, 3), ((r + 1, c), 5, 0)):
            if (nr, nc) in hinted and depth_of[(nr, nc)] > d:
                cells[d, col] = index[puzzle.tile(*hinted[(nr, nc)])[theirs]]
    used = np.zeros(puzzle.n + 1, dtype=np.bool_)
    return Tables(order_rc, cells, np.array(tab, dtype=np.int64), lo, exact, broken, ncol, orient_a,
                  np.array(rots, dtype=np.int64), used, fixed_breaks, impossible)


class Search:
    """One resumable scan over ``Tables``: ``step(budget)`` runs the kernel, ``board()`` reads
    the board at a full-board stop."""

    def __init__(self, t: Tables, allowed: np.ndarray | None = None, split=(-1, 1, 0)) -> None:
        n = len(t.order_rc)
        self.t = t
        self.allowed = np.zeros(n, dtype=np.int64) if allowed is None else allowed
        self.split = np.array(split, dtype=np.int64)
        self.pos, self.hi, self.chosen, self.breaks = (np.zeros(n, dtype=np.int64) for _ in range(4))
        self.state = scan_mod.new_state()

    def step(self, budget: int = scan_mod.SLICE) -> int:
        t = self.t
        return scan_mod.scan(t.cells, t.tab, t.lo, t.exact, t.broken, t.ncol, t.orient, t.used,
                             self.allowed, self.split, self.pos, self.hi, self.chosen, self.breaks,
                             self.state, budget)

    @property
    def nodes(self) -> int:
        return int(self.state[scan_mod.NODES])

    def board(self, puzzle: EdgeMatchingPuzzle) -> EdgeMatchingSolution:
        t = self.t
        at = {}
        for d, sq in enumerate(t.order_rc):
            o = self.chosen[d]
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
