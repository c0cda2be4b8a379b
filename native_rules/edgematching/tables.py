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

from bisect import bisect_left
from dataclasses import dataclass, replace
from typing import Any

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
    """The tables the scan reads, as plain lists (``build(plain=True)``: the interpreted route,
    which then imports no numpy) or numpy arrays (``arrays``: the compiled route and the other
    readers). Per depth d (``order_rc[d]`` is its square): ``base[d]`` the first key of its
    class, ``up[d]`` / ``left[d]`` the depths of the squares above / to the left (n: the border,
    colour 0). Per table position: the piece, the bottom and right colours and the oriented
    piece. Per key: ``lo`` .. ``exact`` the exact fits, ``exact`` .. ``broken`` the fits that
    break one join, ``broken`` .. ``broken2`` two (max-joins only; two only where a fixed
    neighbour's join is among them)."""

    order_rc: list[tuple[int, int]]
    base: Any
    up: Any
    left: Any
    fixed: Any  # bool per depth: a fixed (hint) square
    tpiece: Any
    tbot: Any
    tbotc: Any  # tbot * ncol (the key of the exact search)
    trgt: Any
    toid: Any
    lo: Any
    exact: Any
    broken: Any
    broken2: Any
    ncol: int
    orient: Any  # (piece, top, right, bottom, left) per oriented piece, colours as indices
    rotations: Any  # rotation of each oriented piece
    used: Any
    total_breaks_fixed: int  # breaks between fixed pieces (nonzero: no exact solution)
    impossible: bool  # a fixed piece breaks the border rule

    @property
    def plain(self) -> bool:
        """Are the tables plain lists (not yet ``arrays``)?"""
        return isinstance(self.tpiece, list)

    def arrays(self) -> Tables:
        """The same tables as numpy arrays (int64; ``fixed`` and ``used`` bool), which the
        compiled scan takes."""
        import numpy as np

        if isinstance(self.used, np.ndarray):
            return self
        ints = {name: np.asarray(getattr(self, name), dtype=np.int64)
                for name in ("base", "up", "left", "tpiece", "tbot", "tbotc", "trgt", "toid", "lo", "exact",
                             "broken", "broken2", "rotations")}
        return replace(self, **ints, fixed=np.array(self.fixed, dtype=np.bool_),
                       used=np.array(self.used, dtype=np.bool_),
                       orient=np.array(self.orient, dtype=np.int64).reshape(-1, 5))


def inner_joins_of(cl: int) -> tuple[bool, bool, bool, bool]:
    """Which of a class's joins (top, left, right, bottom) are inner joins, the ones max-joins
    may break: a join along the frame (both squares in the top or bottom row for a horizontal
    join, in the left or right column for a vertical one) never breaks."""
    row, col = divmod(cl, 3)
    return col == 1, row == 1, row == 1, col == 1


def candidate_positions(orient: list[tuple[int, ...]], order: int, rank) -> list[int]:
    """Each oriented piece's place in the global candidate order: ``rank`` (smaller first), then
    the shuffle of seed ``order`` (numpy's generator, imported only then) or piece order."""
    nfree = len(orient)
    if order:
        import numpy as np

        noise = np.random.default_rng(order).random(nfree).tolist()
    else:
        noise = [o / max(1, nfree) for o in range(nfree)]
    weight = [0.0 if rank is None else float(rank(orient[o][0])) for o in range(nfree)]
    position = [0] * nfree
    for at, o in enumerate(sorted(range(nfree), key=lambda o: (weight[o], noise[o]))):
        position[o] = at
    return position


def build(puzzle: EdgeMatchingPuzzle, *, order: int = 0, with_breaks: bool = False,
          rank=None, tail: int = 0, plain: bool = False) -> Tables:
    """The tables for ``puzzle`` (numpy arrays; plain lists with ``plain``: built in plain
    Python either way). ``order`` seeds the shuffle of each entry's candidates;
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

    orient, rots = [], []
    members: list[list[int]] = [[] for _ in range(9)]  # per cell class, the oriented pieces it takes
    for p in range(1, puzzle.n + 1):
        if p in fixed_pieces:
            continue
        for k in puzzle.rotations(p):
            t = puzzle.tile(p, k)
            for cl in range(9):
                if fits_class(t, cl) and (anchor_classes.get(cl) == k if anchor is not None
                                          and p == anchor[0] else cl != sole):
                    members[cl].append(len(orient))
            orient.append((p, *(index[v] for v in t)))
            rots.append(k)
    nfree = len(orient)
    for _, (p, k) in sorted(hinted.items()):
        orient.append((p, *(index[v] for v in puzzle.tile(p, k))))
        rots.append(k)
    fixed_oid = {sq: nfree + i for i, sq in enumerate(sorted(hinted))}
    position = candidate_positions(orient[:nfree], order, rank)

    classes: dict = {}
    base, up, left, fixed = [0] * n, [n] * n, [n] * n, [False] * n
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

    # the entries (key * 3 + breaks, candidate order, oriented piece), sorted: a key's exact fits,
    # then those that break one join, then two
    entries: list[tuple[int, int, int]] = []
    spread: list[tuple[int, ...]] = []  # fits that break their top or left join (``spread_breaks``)
    for spec, ci in classes.items():
        k0 = ci * nn
        if spec[0] == "fixed":
            entries += [((k0 + k) * 3, 0, spec[1]) for k in range(nn)]
            continue
        cl, need_r, need_b = spec
        top_in, left_in, right_in, below_in = inner_joins_of(cl)
        for o in members[cl]:
            _, top, rgt, bot, lft = orient[o]
            bad_r, bad_b = need_r >= 0 and rgt != need_r, need_b >= 0 and bot != need_b
            miss = bad_r + bad_b
            key = k0 + top * ncol + lft
            if miss == 0:
                entries.append((key * 3, position[o], o))
            if not with_breaks or not ((not bad_r or right_in) and (not bad_b or below_in)):
                continue  # misses only on joins that may break
            if miss:  # the fixed neighbours' joins broken, top and left kept
                entries.append((key * 3 + miss, position[o], o))
            if miss < 2 and (left_in or top_in):  # top or left broken too (not both)
                spread.append((k0, top, lft, miss + 1, left_in, top_in, position[o], o))
    nkeys = len(classes) * nn
    tpiece, tbot, tbotc, trgt, toid, lo, exact, broken, broken2 = entry_columns(entries, spread, orient, ncol,
                                                                                  nkeys)
    tables = Tables(order_rc, base, up, left, fixed, tpiece, tbot, tbotc, trgt, toid, lo, exact, broken,
                    broken2, ncol, orient, rots, [False] * (puzzle.n + 1), int(fixed_breaks), impossible)
    return tables if plain else tables.arrays()


def entry_columns(entries: list[tuple[int, int, int]], spread: list[tuple[int, ...]],
                  orient: list[tuple[int, ...]], ncol: int, nkeys: int) -> tuple[Any, ...]:
    """The table's columns from its entries (code = key x 3 + breaks, rank, oriented piece),
    sorted: per position the piece, bottom colour, bottom colour x C, right colour, oriented
    piece; per key where its exact fits, its one-break fits, its two-break fits start and where
    they end. Plain lists, or numpy arrays when there are ``spread_breaks``."""
    if spread:
        import numpy as np

        codes, oids = spread_breaks(entries, spread, ncol)
        lo, exact, broken, broken2 = (np.searchsorted(codes, np.arange(nkeys, dtype=np.int64) * 3 + i)
                                      for i in range(4))
        columns = np.array(orient, dtype=np.int64).reshape(-1, 5)[oids]
        piece, right, bottom = columns[:, 0], columns[:, 2], columns[:, 3]
        return piece, bottom, bottom * ncol, right, oids, lo, exact, broken, broken2
    entries.sort()
    codes, oids = [e[0] for e in entries], [e[2] for e in entries]
    lo, exact, broken, broken2 = ([bisect_left(codes, key * 3 + i) for key in range(nkeys)] for i in range(4))
    bottom = [orient[o][3] for o in oids]
    return ([orient[o][0] for o in oids], bottom, [b * ncol for b in bottom], [orient[o][2] for o in oids],
            oids, lo, exact, broken, broken2)


def spread_breaks(entries: list[tuple[int, int, int]], spread: list[tuple[int, ...]],
                  ncol: int) -> tuple:
    """The codes (key x 3 + breaks) and oriented pieces of the sorted table with breaks:
    ``entries`` and, for each (k0, top, left, breaks, left join inner, top join inner, rank,
    oriented piece) of ``spread``, its entries under every other inner left colour (the left
    join broken) and every other inner top colour (the top join broken). In numpy: max-joins,
    the only search that asks for breaks, runs compiled with numpy loaded, and its tables are
    large (Eternity II: 100 K entries, rebuilt at every climb)."""
    import numpy as np

    at = np.array(spread, dtype=np.int64).reshape(-1, 8)
    k0, top, lft, cost, left_in, top_in, rank, oid = at.T
    other = np.arange(1, ncol)[None, :]
    keys, costs, ranks, oids = [], [], [], []
    for inner, kept, key in ((left_in, lft, k0[:, None] + top[:, None] * ncol + other),
                             (top_in, top, k0[:, None] + other * ncol + lft[:, None])):
        take = (inner[:, None] == 1) & (other != kept[:, None])
        keys.append(key[take])
        for out, values in ((costs, cost), (ranks, rank), (oids, oid)):
            out.append(np.broadcast_to(values[:, None], take.shape)[take])
    plain = np.array(entries, dtype=np.int64).reshape(-1, 3)
    code = np.concatenate([plain[:, 0], *(k * 3 + c for k, c in zip(keys, costs, strict=True))])
    rank_all = np.concatenate([plain[:, 1], *ranks])
    oid_all = np.concatenate([plain[:, 2], *oids])
    order = np.lexsort((rank_all, code))
    return code[order], oid_all[order]


class Search:
    """One resumable scan over ``Tables``: ``step(budget)`` runs the kernel for up to ``budget``
    placements, ``board()`` reads the board at a full-board stop. ``allowed[d]``: the breaks
    allowed once square d is placed (all zero: an exact search)."""

    def __init__(self, t: Tables, allowed=None, split=(-1, 1, 0)) -> None:
        n = len(t.order_rc)
        self.t = t
        self.n = n
        self.allowed = [0] * n if allowed is None else allowed
        self.split = list(split)
        self.chosen, self.exk, self.bre, self.bre2 = ([0] * n for _ in range(4))
        self.brk = [0] * (n + 1)
        self.brk[0] = t.total_breaks_fixed
        self.bot, self.rgt = [0] * (n + 1), [0] * (n + 1)
        self.state = scan_mod.new_state()
        t.used[:] = [False] * len(t.used)
        # no break allowed anywhere: the exact search (``allowed`` must then stay all zero)
        self.exact_only = not any(self.allowed) and t.total_breaks_fixed == 0
        self.lists: dict[bool, tuple] = {}
        if not t.plain:
            self.to_arrays()

    def to_arrays(self) -> None:
        """The tables and the search's state as the numpy arrays the compiled scan takes (once,
        when a search on plain lists runs out of interpreted placements)."""
        import numpy as np

        def array(values):
            return values if isinstance(values, np.ndarray) else np.array(values, dtype=np.int64)

        self.t = self.t.arrays()
        self.allowed, self.split, self.chosen, self.exk, self.bre, self.bre2, self.brk, self.bot, self.rgt, \
            self.state = map(array, (self.allowed, self.split, self.chosen, self.exk, self.bre, self.bre2,
                                     self.brk, self.bot, self.rgt, self.state))

    @property
    def kernel(self):
        """The scan this search runs: ``scan_exact`` or, with breaks, ``scan``."""
        return scan_mod.scan_exact if self.exact_only else scan_mod.scan

    def kernel_arguments(self) -> tuple[tuple, tuple]:
        """The scan's arguments: the tables it reads (those of the exact search or of the search
        with breaks), then the search's arrays it reads and writes."""
        t = self.t
        if self.exact_only:
            return ((t.base, t.up, t.left, t.tpiece, t.tbotc, t.trgt, t.lo, t.exact),
                    (t.used, self.split, self.chosen, self.bre, self.bot, self.rgt, self.state))
        return ((t.base, t.up, t.left, t.tpiece, t.tbot, t.trgt, t.lo, t.exact, t.broken, t.broken2, t.ncol),
                (t.used, self.allowed, self.split, self.chosen, self.exk, self.bre, self.bre2, self.brk,
                 self.bot, self.rgt, self.state))

    def step(self, budget: int = scan_mod.SLICE) -> int:
        """Run the scan for up to ``budget`` placements: interpreted while a process's first
        placements last (on the plain tables as they are, else on lists made from the arrays:
        ``scan.run``), then compiled."""
        kernel = self.kernel
        if self.t.plain:
            while scan_mod.interpreted_budget(kernel) > 0:
                code, done = scan_mod.run_interpreted(kernel, *self.kernel_arguments(), budget)
                if code != scan_mod.BUDGET or done >= budget:
                    return code
                budget -= done
            self.to_arrays()
        tables, search = self.kernel_arguments()
        exact = self.exact_only

        def lists() -> tuple:  # the tables as plain lists, for the interpreted runs (made once)
            if exact not in self.lists:
                self.lists[exact] = tuple(a.tolist() if hasattr(a, "tolist") else a for a in tables)
            return self.lists[exact]

        return scan_mod.run(kernel, tables, lists, search, budget)

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
            at[sq] = (int(t.orient[o][0]), int(t.rotations[o]))
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
    t = build(puzzle, order=order, plain=True)
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
