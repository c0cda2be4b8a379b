"""Stronger hand rules for Nurikabe, beside the essay's port (not a port: the essay's heuristics
are ``heuristics.py``): the rules a human solver uses, cascaded as in microsoft/nurikabe's
analysis (S. T. Lavavej's solver), then contradiction probing. Each rule is a sound deduction --
it colours a cell the way every solution does -- so a partial state can go to the SAT model
without changing the count (``rules+sat``), and a state they complete is the only solution.

A state is an ``int8`` array over the cells (row-major): UNKNOWN, WHITE or BLACK. One pass
(``rule_pass``) reads the state and collects every cell it can colour:

* ``complete_island``: a numbered island with all its cells -> its free neighbours are wall;
* ``one_liberty``: an unfinished island (numbered or not: a white cell without a number must
  grow to one) with one free neighbour -> that neighbour is white;
* ``last_cell_corner``: a numbered island that needs one more cell -> a free cell next to all of
  its free neighbours (the corner between two diagonal ones) is wall: it will touch the island
  whichever neighbour completes it;
* ``joins_islands``: a free cell next to white cells of two numbers, or of islands that together
  with it exceed their number (the largest number, when none has one) -> wall;
* ``no_pool``: a free cell in a 2x2 block with three wall cells -> white;
* ``wall_liberty``: a wall piece with one free neighbour, while the wall has W cells and the
  piece fewer -> that neighbour is wall;

and, when those find nothing (the "thorough" pass, as they cost more):

* ``unreachable``: each unfinished numbered island's reach -- a breadth-first search from its
  cells through free and white cells, never entering a cell of or next to another numbered island,
  each step costing one of its missing cells (a lower bound: the reach over-approximates where
  the island can go) -> a free cell in no reach is wall; a reach of exactly k cells is the island;
* ``island_confinement``: a free cell whose removal leaves fewer than k cells in the island's
  part of its reach (Tarjan's articulation points, counting the cells cut off) -> white;
* ``wall_confinement``: a free cell whose removal cuts wall cells off from each other, or leaves
  the wall's part of the non-white cells smaller than W -> wall; a free cell outside that part ->
  white (a wall cell there could never join the rest).

A state no solution extends is a contradiction (``CONTRADICTIONS``: an island with two numbers or
too many cells, an unfinished island or wall piece without a free neighbour, a reach smaller
than its number, a white cell no number reaches, a 2x2 wall, more than W wall cells, a wall cut in
two or confined below W, a cell two rules colour differently). ``propagate`` runs passes to a
fixpoint. ``probe`` then tries each free cell as wall and as white: when one leads (by
``propagate``) to a contradiction the cell takes the other colour, and when both survive, every
cell both trials coloured alike is coloured so too (each solution lies in one of the two
branches). How far they get on the corpus: docs/nurikabe.md.

Each rule is one compiled function (``unreachable`` and ``island_confinement`` share
``island_reaches``, which computes the reaches once), composed by ``rule_pass``; the passes run
compiled with numba behind one entry point from Python, ``_propagate`` (a probe is two calls).
"""

from __future__ import annotations

import time
from functools import lru_cache

import numpy as np

from ...puzzles.nurikabe import NurikabePuzzle, NurikabeSolution
from ...puzzles.solving import Deadline, Limit, SolveResult, Status
from ..kernels import for_grid, njit

BACKEND = "rules"

UNKNOWN, WHITE, BLACK = 0, 1, 2

# up to this many cells a probe runs a whole sweep over the free cells per compiled call (a sweep
# takes milliseconds there; the deadline is looked at between sweeps), above it cell by cell
SWEEP_CELLS = 100

RULES = ("complete_island", "one_liberty", "last_cell_corner", "joins_islands", "no_pool", "wall_liberty",
         "unreachable", "island_confinement", "wall_confinement")
CONTRADICTIONS = ("", "an island with two numbers", "an island larger than its number",
                  "an unfinished island without a free neighbour", "a cell both wall and white",
                  "a 2x2 wall", "more wall cells than W", "a wall piece without a free neighbour",
                  "an island whose reach is smaller than its number", "a white cell no number reaches",
                  "the wall cut in two", "the wall confined below W")


@njit(cache=True)
def _put(out, counts, i, colour, rule):
    """Colour i in this pass's findings: 0, or 4 when another rule coloured it differently."""
    if out[i] == 0:
        out[i] = colour
        counts[rule] += 1
        return 0
    return 0 if out[i] == colour else 4


@njit(cache=True)
def _articulations(root, allowed, wall, neighbours, sep_wall, sep_cells, disc):
    """Tarjan's articulation points of the grid graph on the cells with ``allowed`` set, from
    ``root``: for each cell c, ``sep_cells[c]`` / ``sep_wall[c]`` count the cells / wall cells
    (``wall`` set) that removing c cuts off from root. ``disc`` (-1 on entry) marks the
    component. Returns (cells, wall cells) of root's component."""
    return _articulations_in(root, allowed, wall, neighbours, sep_wall, sep_cells, disc,
                             np.empty((6, neighbours.shape[0]), np.int32))


@njit(cache=True)
def _articulations_in(root, allowed, wall, neighbours, sep_wall, sep_cells, disc, work):
    """``_articulations`` with its working arrays in ``work`` (6 x cells, any content: each cell's
    entries are set when the search reaches it), so that a pass running it once per island
    allocates them once."""
    low, parent, nxt, wc, wb, stack = work[0], work[1], work[2], work[3], work[4], work[5]
    top = 0
    stack[0] = root
    disc[root] = 0
    low[root] = 0
    parent[root] = -1
    nxt[root] = 0
    wc[root] = 1
    wb[root] = wall[root]
    t = 1
    while top >= 0:
        v = stack[top]
        pushed = False
        while nxt[v] < 4:
            u = neighbours[v, nxt[v]]
            nxt[v] += 1
            if u < 0 or not allowed[u]:
                continue
            if disc[u] < 0:
                disc[u] = t
                low[u] = t
                t += 1
                parent[u] = v
                nxt[u] = 0
                wc[u] = 1
                wb[u] = wall[u]
                top += 1
                stack[top] = u
                pushed = True
                break
            if u != parent[v] and disc[u] < low[v]:
                low[v] = disc[u]
        if pushed:
            continue
        top -= 1
        p = parent[v]
        if p >= 0:
            if low[v] < low[p]:
                low[p] = low[v]
            wc[p] += wc[v]
            wb[p] += wb[v]
            if low[v] >= disc[p] and p != root:
                sep_cells[p] += wc[v]
                sep_wall[p] += wb[v]
    return wc[root], wb[root]


@njit(cache=True)
def white_pieces(state, neighbours, number):
    """The white pieces (components of white cells): ``piece`` per cell (-1: not white); piece p's
    cells ``order[start[p]:start[p + 1]]``, number ``pnum[p]`` (0: none yet) and free neighbours
    ``libs[lstart[p]:lstart[p + 1]]``. Returns (why, pieces): why is 0 or a contradiction (two
    numbers, too many cells, an unfinished piece without a free neighbour)."""
    n = state.shape[0]
    piece = np.full(n, -1, np.int32)
    order = np.empty(n, np.int32)
    start = np.zeros(n + 1, np.int32)
    pnum = np.zeros(n, np.int32)
    lstart = np.zeros(n + 1, np.int32)
    libs = np.empty(4 * n, np.int32)
    stamp = np.full(n, -1, np.int32)
    npieces = 0
    pos = 0
    nl = 0
    why = 0
    for i in range(n):
        if state[i] != WHITE or piece[i] >= 0:
            continue
        p = npieces
        npieces += 1
        start[p] = pos
        lstart[p] = nl
        piece[i] = p
        order[pos] = i
        pos += 1
        head = start[p]
        k = 0
        while head < pos:
            c = order[head]
            head += 1
            if number[c] > 0:
                if k > 0:
                    why = 1
                k = number[c]
            for d in range(4):
                j = neighbours[c, d]
                if j < 0:
                    continue
                if state[j] == WHITE:
                    if piece[j] < 0:
                        piece[j] = p
                        order[pos] = j
                        pos += 1
                elif state[j] == UNKNOWN and stamp[j] != p:
                    stamp[j] = p
                    libs[nl] = j
                    nl += 1
        pnum[p] = k
        size = pos - start[p]
        if why == 0 and k > 0 and size > k:
            why = 2
        if why == 0 and size != k and nl == lstart[p]:
            why = 3
    start[npieces] = pos
    lstart[npieces] = nl
    return why, (piece, order, start[: npieces + 1], pnum[:npieces], libs, lstart[: npieces + 1])


@njit(cache=True)
def complete_island(pieces, out, counts):
    piece, order, start, pnum, libs, lstart = pieces
    for p in range(pnum.shape[0]):
        if start[p + 1] - start[p] == pnum[p]:
            for a in range(lstart[p], lstart[p + 1]):
                if _put(out, counts, libs[a], BLACK, 0):
                    return 4
    return 0


@njit(cache=True)
def one_liberty(pieces, out, counts):
    piece, order, start, pnum, libs, lstart = pieces
    for p in range(pnum.shape[0]):
        if lstart[p + 1] - lstart[p] == 1 and start[p + 1] - start[p] != pnum[p]:
            if _put(out, counts, libs[lstart[p]], WHITE, 1):
                return 4
    return 0


@njit(cache=True)
def last_cell_corner(state, neighbours, pieces, out, counts):
    piece, order, start, pnum, libs, lstart = pieces
    for p in range(pnum.shape[0]):
        if pnum[p] == 0 or pnum[p] - (start[p + 1] - start[p]) != 1:
            continue
        first = libs[lstart[p]]
        for d in range(4):
            x = neighbours[first, d]
            if x < 0 or state[x] != UNKNOWN:
                continue
            everywhere = True
            for a in range(lstart[p], lstart[p + 1]):
                y = libs[a]
                if y == x or (neighbours[y, 0] != x and neighbours[y, 1] != x
                              and neighbours[y, 2] != x and neighbours[y, 3] != x):
                    everywhere = False  # x is a free neighbour itself, or not next to y
                    break
            if everywhere and _put(out, counts, x, BLACK, 2):
                return 4
    return 0


@njit(cache=True)
def joins_islands(state, neighbours, pieces, biggest, out, counts):
    piece, order, start, pnum, libs, lstart = pieces
    near = np.empty(4, np.int32)
    for i in range(state.shape[0]):
        if state[i] != UNKNOWN:
            continue
        m = 0
        for d in range(4):
            j = neighbours[i, d]
            if j < 0 or piece[j] < 0:
                continue
            q = piece[j]
            seen = False
            for a in range(m):
                if near[a] == q:
                    seen = True
            if not seen:
                near[m] = q
                m += 1
        if m < 2:
            continue
        k = 0
        two = False
        size = 1
        for a in range(m):
            q = near[a]
            size += start[q + 1] - start[q]
            if pnum[q] > 0:
                if k > 0 and pnum[q] != k:
                    two = True
                k = pnum[q]
        if two or size > (k if k > 0 else biggest):
            if _put(out, counts, i, BLACK, 3):
                return 4
    return 0


@njit(cache=True)
def no_pool(state, cols, out, counts):
    rows = state.shape[0] // cols
    for r in range(rows - 1):
        for c in range(cols - 1):
            i = r * cols + c
            b = 0
            free = -1
            for x in (i, i + 1, i + cols, i + cols + 1):
                if state[x] == BLACK:
                    b += 1
                elif state[x] == UNKNOWN:
                    free = x
            if b == 4:
                return 5
            if b == 3 and free >= 0:
                if _put(out, counts, free, WHITE, 4):
                    return 4
    return 0


@njit(cache=True)
def wall_liberty(state, neighbours, wall_size, out, counts):
    n = state.shape[0]
    seen = np.zeros(n, np.bool_)
    stamp = np.full(n, -1, np.int32)
    queue = np.empty(n, np.int32)
    for i in range(n):
        if state[i] != BLACK or seen[i]:
            continue
        seen[i] = True
        queue[0] = i
        head = 0
        tail = 1
        nlibs = 0
        lib = -1
        while head < tail:
            c = queue[head]
            head += 1
            for d in range(4):
                j = neighbours[c, d]
                if j < 0:
                    continue
                if state[j] == BLACK:
                    if not seen[j]:
                        seen[j] = True
                        queue[tail] = j
                        tail += 1
                elif state[j] == UNKNOWN and stamp[j] != i:
                    stamp[j] = i
                    nlibs += 1
                    lib = j
        if tail < wall_size and nlibs <= 1:
            if nlibs == 0:
                return 7
            if _put(out, counts, lib, BLACK, 5):
                return 4
    return 0


@njit(cache=True)
def island_reaches(state, neighbours, pieces, out, counts):
    """The rules ``unreachable`` and ``island_confinement`` (one reach per unfinished island)."""
    piece, order, start, pnum, libs, lstart = pieces
    n = state.shape[0]
    owner = np.full(n, -1, np.int32)  # the numbered piece a cell is in or next to; -2: two
    for p in range(pnum.shape[0]):
        if pnum[p] == 0:
            continue
        for a in range(start[p], start[p + 1]):
            c = order[a]
            for d in range(-1, 4):
                j = c if d < 0 else neighbours[c, d]
                if j < 0:
                    continue
                if owner[j] == -1 or owner[j] == p:
                    owner[j] = p
                else:
                    owner[j] = -2
    reached = np.zeros(n, np.bool_)
    dist = np.full(n, -1, np.int32)
    inreach = np.zeros(n, np.bool_)
    zero = np.zeros(n, np.int32)
    queue = np.empty(n, np.int32)
    sep_w = np.zeros(n, np.int32)  # the articulation search's, reset over each reach after use
    sep_c = np.zeros(n, np.int32)
    disc = np.full(n, -1, np.int32)
    work = np.empty((6, n), np.int32)
    for p in range(pnum.shape[0]):
        k = pnum[p]
        if k == 0:
            continue
        size = start[p + 1] - start[p]
        if size == k:
            for a in range(start[p], start[p + 1]):
                reached[order[a]] = True
            continue
        budget = k - size
        tail = 0
        for a in range(start[p], start[p + 1]):
            c = order[a]
            dist[c] = 0
            queue[tail] = c
            tail += 1
        head = 0
        while head < tail:
            c = queue[head]
            head += 1
            if dist[c] >= budget:
                continue
            for d in range(4):
                j = neighbours[c, d]
                if j < 0 or dist[j] >= 0 or state[j] == BLACK or (owner[j] != -1 and owner[j] != p):
                    continue
                dist[j] = dist[c] + 1
                queue[tail] = j
                tail += 1
        for a in range(tail):
            reached[queue[a]] = True
            inreach[queue[a]] = True
        if tail < k:
            return 8
        if tail == k:
            for a in range(tail):
                if state[queue[a]] == UNKNOWN and _put(out, counts, queue[a], WHITE, 6):
                    return 4
        else:
            _articulations_in(np.int64(queue[0]), inreach, zero, neighbours, sep_w, sep_c, disc, work)
            for a in range(tail):
                c = queue[a]
                if state[c] == UNKNOWN and tail - sep_c[c] - 1 < k:
                    if _put(out, counts, c, WHITE, 7):
                        return 4
            for a in range(tail):  # the search stays inside the reach
                c = queue[a]
                sep_w[c] = 0
                sep_c[c] = 0
                disc[c] = -1
        for a in range(tail):
            dist[queue[a]] = -1
            inreach[queue[a]] = False
    for i in range(n):
        if reached[i] or state[i] == BLACK:
            continue
        if state[i] == WHITE:
            return 9
        if _put(out, counts, i, BLACK, 6):
            return 4
    return 0


@njit(cache=True)
def wall_confinement(state, neighbours, wall_size, nblack, out, counts):
    n = state.shape[0]
    root = -1
    allowed = np.zeros(n, np.bool_)
    wall = np.zeros(n, np.int32)
    for i in range(n):
        if state[i] != WHITE:
            allowed[i] = True
        if state[i] == BLACK:
            wall[i] = 1
            if root < 0:
                root = i
    sep_w = np.zeros(n, np.int32)
    sep_c = np.zeros(n, np.int32)
    disc = np.full(n, -1, np.int32)
    cells, walls = _articulations(root, allowed, wall, neighbours, sep_w, sep_c, disc)
    if walls < nblack:
        return 10
    if cells < wall_size:
        return 11
    for i in range(n):
        if state[i] != UNKNOWN:
            continue
        if disc[i] < 0:
            if _put(out, counts, i, WHITE, 8):
                return 4
        elif sep_w[i] > 0 or cells - sep_c[i] - 1 < wall_size:
            if _put(out, counts, i, BLACK, 8):
                return 4
    return 0


@njit(cache=True)
def rule_pass(state, neighbours, number, cols, wall_size, biggest, thorough, out, counts):
    """One pass over ``state``: fills ``out`` (0 or the colour) and ``counts`` (per rule);
    returns 0, or the index of the contradiction found (``CONTRADICTIONS``). Both passes run the
    island rules, ``joins_islands`` and ``no_pool``; then the plain pass ``wall_liberty``, the
    thorough one ``island_reaches`` and ``wall_confinement``."""
    why, pieces = white_pieces(state, neighbours, number)
    if why:
        return why
    why = complete_island(pieces, out, counts)
    why = why or one_liberty(pieces, out, counts)
    why = why or last_cell_corner(state, neighbours, pieces, out, counts)
    why = why or joins_islands(state, neighbours, pieces, biggest, out, counts)
    why = why or no_pool(state, cols, out, counts)
    if why:
        return why
    nblack = 0
    for i in range(state.shape[0]):
        if state[i] == BLACK:
            nblack += 1
    if nblack > wall_size:
        return 6
    if not thorough:
        return wall_liberty(state, neighbours, wall_size, out, counts)
    why = island_reaches(state, neighbours, pieces, out, counts)
    if why or nblack == 0 or wall_size == 0:
        return why
    return wall_confinement(state, neighbours, wall_size, nblack, out, counts)


@njit(cache=True)
def _propagate(state, neighbours, number, cols, wall_size, biggest, counts, deep):
    """Passes to a fixpoint, in place: the thorough pass only when a plain one finds nothing
    (never unless ``deep``: grading's basic level). Returns 0 or the contradiction;
    counts[len(RULES)] counts the passes."""
    n = state.shape[0]
    out = np.zeros(n, np.int8)
    thorough = False
    while True:
        out[:] = 0
        counts[len(counts) - 1] += 1
        why = rule_pass(state, neighbours, number, cols, wall_size, biggest, thorough, out, counts)
        if why:
            return why
        found = False
        for i in range(n):
            if out[i]:
                state[i] = out[i]
                found = True
        if not found:
            if thorough or not deep:
                return 0
            thorough = True
        else:
            thorough = False


@njit(cache=True)
def _probe_sweep(state, neighbours, number, cols, wall_size, biggest, counts, deep, deep_trials):
    """One sweep of contradiction probing, in place: ``Deducer.probe_cell`` on each free cell in
    order, in one compiled call (a small grid's probe is dozens of trials; called one by one from
    Python, their set-up costs about as much as the trials). Returns (0 or the contradiction --
    12: a cell neither colour --, whether the state changed)."""
    n = state.shape[0]
    scratch = np.zeros_like(counts)  # the trials' rule counts are not kept
    trial_deep = deep and deep_trials
    changed = False
    for i in range(n):
        if state[i] != UNKNOWN:
            continue
        as_wall = state.copy()
        as_wall[i] = BLACK
        wall_fails = _propagate(as_wall, neighbours, number, cols, wall_size, biggest, scratch, trial_deep)
        as_white = state.copy()
        as_white[i] = WHITE
        white_fails = _propagate(as_white, neighbours, number, cols, wall_size, biggest, scratch, trial_deep)
        if wall_fails and white_fails:
            return 12, changed
        if wall_fails or white_fails:
            state[:] = as_white if wall_fails else as_wall
            counts[len(counts) - 2] += 1
            changed = True
            continue
        agreed = False
        for j in range(n):
            if state[j] == UNKNOWN and as_wall[j] != UNKNOWN and as_wall[j] == as_white[j]:
                state[j] = as_wall[j]
                agreed = True
        if agreed:
            counts[len(counts) - 3] += 1
            changed = True
            why = _propagate(state, neighbours, number, cols, wall_size, biggest, counts, deep)
            if why:
                return why, changed
    return 0, changed


class Contradiction(Exception):
    """No solution extends the state (the message names what was found)."""


@lru_cache(maxsize=64)
def neighbour_table(rows: int, cols: int) -> np.ndarray:
    """Each cell's four neighbours (up, left, right, down; -1 off the grid), row-major: the same
    for every puzzle of the shape, so built once per shape and shared: never written (left
    writeable, as a read-only array would be another type to numba, compiled once more)."""
    idx = np.arange(rows * cols).reshape(rows, cols)
    pad = np.pad(idx, 1, constant_values=-1)
    table = np.ascontiguousarray(
        np.stack([pad[:-2, 1:-1], pad[1:-1, :-2], pad[1:-1, 2:], pad[2:, 1:-1]], axis=-1).reshape(-1, 4),
        dtype=np.int32)
    return table


class Deducer:
    """The puzzle's fixed data for the compiled rules: neighbours, numbers, the wall size W."""

    def __init__(self, puzzle: NurikabePuzzle, deep: bool = True) -> None:
        if puzzle.has_unknown_clues():
            raise ValueError("the rules need every number known (no '?')")
        self.rows, self.cols = R, C = puzzle.rows, puzzle.cols
        self.n = n = R * C
        self.nb = neighbour_table(R, C)
        self.number = np.zeros(n, np.int32)
        for (r, c), v in puzzle.clue_cells():
            self.number[r * C + c] = v
        self.wall = int(n - self.number.sum())
        self.biggest = int(self.number.max(initial=0))
        self.deep = deep  # False: the plain pass only (no reaches, no confinement)
        # per rule, then probes learning by agreement, probes learning by contradiction, passes
        self.counts = np.zeros(len(RULES) + 3, np.int64)
        # small grids run the passes interpreted for a while before their code is compiled or loaded
        self.passes = for_grid(_propagate, n)
        self.sweeps = for_grid(_probe_sweep, n) if n <= SWEEP_CELLS else None

    def start(self) -> np.ndarray:
        return np.where(self.number > 0, WHITE, UNKNOWN).astype(np.int8)

    def _args(self):
        return self.nb, self.number, self.cols, self.wall, self.biggest, self.counts, self.deep

    def propagate(self, state: np.ndarray) -> np.ndarray:
        """The passes to a fixpoint (in place; raises ``Contradiction``)."""
        why = self.passes(state, *self._args())
        if why:
            raise Contradiction(CONTRADICTIONS[why])
        return state

    def probe_cell(self, state: np.ndarray, i: int, deep_trials: bool = True) -> int:
        """Probe free cell i both ways (see the module docstring); updates ``state`` (propagated) and
        returns -1 when nothing was learnt, 0 when something was, or the state's contradiction.
        Without ``deep_trials`` each trial runs the plain pass only (grading's shallow probing)."""
        trial = (*self._args()[:-2], np.zeros_like(self.counts), self.deep and deep_trials)
        as_wall = state.copy()
        as_wall[i] = BLACK
        wall_fails = self.passes(as_wall, *trial)
        as_white = state.copy()
        as_white[i] = WHITE
        white_fails = self.passes(as_white, *trial)
        if wall_fails and white_fails:
            return 12
        if wall_fails or white_fails:
            state[:] = as_white if wall_fails else as_wall
            self.counts[-2] += 1
            return 0
        agree = (state == UNKNOWN) & (as_wall != UNKNOWN) & (as_wall == as_white)
        if not agree.any():
            return -1
        state[agree] = as_wall[agree]
        self.counts[-3] += 1
        return self.passes(state, *self._args())

    def probe(self, state: np.ndarray, deadline: float | None = None, deep_trials: bool = True) -> np.ndarray:
        """``propagate``, then contradiction probing to a fixpoint (in place; raises
        ``Contradiction``). Stops early at ``deadline`` (``time.perf_counter``), leaving a sound
        partial state. ``deep_trials``: as in ``probe_cell``."""
        self.propagate(state)
        if self.sweeps is not None:  # a small grid: a sweep at a time, compiled
            changed = True
            while changed:
                if deadline is not None and time.perf_counter() > deadline:
                    return state
                why, changed = self.sweeps(state, *self._args(), deep_trials)
                if why:
                    raise Contradiction(CONTRADICTIONS[why] if why < len(CONTRADICTIONS) else
                                        "a cell that can be neither wall nor white")
            return state
        changed = True
        while changed:
            changed = False
            for i in np.flatnonzero(state == UNKNOWN):
                if state[i] != UNKNOWN:
                    continue
                if deadline is not None and time.perf_counter() > deadline:
                    return state
                why = self.probe_cell(state, int(i), deep_trials)
                if why > 0:
                    raise Contradiction(CONTRADICTIONS[why] if why < len(CONTRADICTIONS) else
                                        "a cell that can be neither wall nor white")
                changed |= why == 0
        return state

    def stats(self) -> dict:
        out = {rule: int(c) for rule, c in zip(RULES, self.counts[:len(RULES)], strict=True) if c}
        out.update(probe_agreements=int(self.counts[-3]), probe_contradictions=int(self.counts[-2]),
                   passes=int(self.counts[-1]))
        return out

    def solution(self, state: np.ndarray) -> NurikabeSolution:
        def cells(colour):
            return frozenset(divmod(int(i), self.cols) for i in np.flatnonzero(state == colour))

        return NurikabeSolution(self.rows, self.cols, cells(BLACK), cells(UNKNOWN))


def deduce(puzzle: NurikabePuzzle, deadline: Deadline | None = None, probe: bool = True
           ) -> tuple[NurikabeSolution, dict]:
    """The rules on the puzzle, then probing unless ``probe`` is false (until ``deadline``): the
    partial state every solution agrees with, and what each rule did. Raises ``Contradiction``
    when the puzzle has no solution."""
    d = Deducer(puzzle)
    s = d.start()
    stop = None if deadline is None or deadline.seconds is None else deadline.start + deadline.seconds
    if probe:
        d.probe(s, stop)
    else:
        d.propagate(s)
    return d.solution(s), d.stats()


def verdict(puzzle: NurikabePuzzle, state: NurikabeSolution) -> Status | None:
    """What a state the rules leave says by itself: None while cells are free; for a complete grid
    SOLVED when the rules find no contradiction in it (every deduction holds in every solution, so
    it is the only one) and UNSAT when they do (so no solution exists). On a complete grid the
    plain pass alone tests every rule of the puzzle: one number and its size per island, no 2x2
    wall, one wall."""
    if state.undecided:
        return None
    d = Deducer(puzzle)
    s = np.full(d.n, WHITE, np.int8)
    for r, c in state.black:
        s[r * d.cols + c] = BLACK
    return Status.UNSAT if d.passes(s, *d._args()) else Status.SOLVED


def solve_rules(puzzle: NurikabePuzzle, limit: Limit = Limit(), *, probe: bool = True) -> SolveResult:
    """``rules``: the rules and probing; ``stuck`` when cells stay free. A grid they complete is
    the only possible solution (every deduction holds in every solution), so when it holds the
    count is exact; when it does not (``verdict``), or the rules meet a contradiction, there is no
    solution."""
    deadline = Deadline(limit.seconds)
    if puzzle.has_unknown_clues():  # not a failure: the rules cannot take this input (crossval: no vote)
        return SolveResult(BACKEND, Status.STUCK, seconds=deadline.elapsed(),
                           note="the rules need every number known (no '?'); use sat or cpsat")
    try:
        state, stats = deduce(puzzle, deadline, probe)
    except Contradiction as exc:
        return SolveResult(BACKEND, Status.UNSAT, exhausted=True, seconds=deadline.elapsed(),
                           note=f"contradiction: {exc}")
    stats["free"] = len(state.undecided)
    status = verdict(puzzle, state)
    if status is None:
        status = Status.TIMEOUT if deadline.expired() else Status.STUCK
        return SolveResult(BACKEND, status, seconds=deadline.elapsed(), stats=stats,
                           note=f"rules stuck with {len(state.undecided)} free cells")
    return SolveResult(BACKEND, status, (state,) if status == Status.SOLVED else (), exhausted=True,
                       seconds=deadline.elapsed(), stats=stats)
