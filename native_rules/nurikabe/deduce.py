"""Stronger hand rules for Nurikabe, beside the essay's port (not a port: the essay's heuristics
are ``heuristics.py``): the rules a human solver uses, cascaded as in microsoft/nurikabe's
analysis (S. T. Lavavej's solver), then contradiction probing. Each rule is a sound deduction --
it colours a cell the way every solution does -- so a partial state can go to the SAT model
without changing the count (``rules+sat``), and a state they complete is the only solution.

A state is a sequence over the cells (row-major): UNKNOWN, WHITE or BLACK -- a list while the
rules run interpreted (a small job: no numpy), an ``int8`` array once they run compiled. One pass
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

Each rule is one kernel (``unreachable`` and ``island_confinement`` share ``island_reaches``,
which computes the reaches once), composed by ``one_pass``, behind one entry point from Python,
``_propagate`` (a small grid's probing sweep: ``_probe_sweep``). One source for both tiers: a
small grid runs them interpreted on plain lists, a large one (or a long job) compiled with numba
on arrays; a kernel body allocates nothing (its working memory is handed in, ``work_buffers``)
and uses no numpy, so the same code runs on both.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from functools import lru_cache
from typing import Any

from ...puzzles.nurikabe import NurikabePuzzle, NurikabeSolution
from ...puzzles.solving import Deadline, Limit, SolveResult, Status
from ..kernels import for_grid, interpreted, njit

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


# The kernels' working memory (``work``): WORK int32 rows of n + 1 entries (``LIBS``: 4n), a tuple of
# lists on the interpreted route, one 2D array on the compiled one, allocated once per puzzle
# (``work_buffers``) -- a kernel body allocates nothing, so the same code runs on both. Each kernel
# sets the entries it reads before reading them. ``white_pieces`` leaves the pieces in the first six
# (read by the rules after it); the rest are each rule's scratch.
(PIECE, ORDER, START, PNUM, LIBS, LSTART, STAMP, OWNER, REACHED, DIST, INREACH, ZERO, QUEUE, SEP_W, SEP_C,
 DISC, LOW, PARENT, NXT, WC, WB, STACK) = range(22)
WORK = 22


@njit(cache=True)
def _put(out, counts, i, colour, rule):
    """Colour i in this pass's findings: 0, or 4 when another rule coloured it differently."""
    if out[i] == 0:
        out[i] = colour
        counts[rule] += 1
        return 0
    return 0 if out[i] == colour else 4


@njit(cache=True)
def _articulations(root, allowed, wall, neighbours, sep_wall, sep_cells, disc, work):
    """Tarjan's articulation points of the grid graph on the cells with ``allowed`` set, from
    ``root``: for each cell c, ``sep_cells[c]`` / ``sep_wall[c]`` count the cells / wall cells
    (``wall`` set) that removing c cuts off from root. ``disc`` (-1 on entry) marks the
    component. Returns (cells, wall cells) of root's component. Its stack and per-cell state are
    ``work``'s LOW .. STACK (each cell's entries set when the search reaches it)."""
    low, parent, nxt, wc, wb, stack = work[LOW], work[PARENT], work[NXT], work[WC], work[WB], work[STACK]
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
            u = neighbours[4 * v + nxt[v]]
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
def white_pieces(state, neighbours, number, work):
    """The white pieces (components of white cells), in ``work``: ``PIECE`` per cell (-1: not
    white); piece p's cells ``ORDER[START[p]:START[p + 1]]``, number ``PNUM[p]`` (0: none yet)
    and free neighbours ``LIBS[LSTART[p]:LSTART[p + 1]]``. Returns (why, pieces): why is 0 or a
    contradiction (two numbers, too many cells, an unfinished piece without a free neighbour),
    pieces their count (the rules after it take it)."""
    n = len(state)
    piece, order, start, pnum = work[PIECE], work[ORDER], work[START], work[PNUM]
    libs, lstart, stamp = work[LIBS], work[LSTART], work[STAMP]
    for i in range(n):
        piece[i] = -1
        stamp[i] = -1
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
                j = neighbours[4 * c + d]
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
    return why, npieces


@njit(cache=True)
def complete_island(work, pieces, out, counts):
    start, pnum, libs, lstart = work[START], work[PNUM], work[LIBS], work[LSTART]
    for p in range(pieces):
        if start[p + 1] - start[p] == pnum[p]:
            for a in range(lstart[p], lstart[p + 1]):
                if _put(out, counts, libs[a], BLACK, 0):
                    return 4
    return 0


@njit(cache=True)
def one_liberty(work, pieces, out, counts):
    start, pnum, libs, lstart = work[START], work[PNUM], work[LIBS], work[LSTART]
    for p in range(pieces):
        if lstart[p + 1] - lstart[p] == 1 and start[p + 1] - start[p] != pnum[p]:
            if _put(out, counts, libs[lstart[p]], WHITE, 1):
                return 4
    return 0


@njit(cache=True)
def last_cell_corner(state, neighbours, work, pieces, out, counts):
    start, pnum, libs, lstart = work[START], work[PNUM], work[LIBS], work[LSTART]
    for p in range(pieces):
        if pnum[p] == 0 or pnum[p] - (start[p + 1] - start[p]) != 1:
            continue
        first = libs[lstart[p]]
        for d in range(4):
            x = neighbours[4 * first + d]
            if x < 0 or state[x] != UNKNOWN:
                continue
            everywhere = True
            for a in range(lstart[p], lstart[p + 1]):
                y = 4 * libs[a]
                if libs[a] == x or (neighbours[y] != x and neighbours[y + 1] != x
                                    and neighbours[y + 2] != x and neighbours[y + 3] != x):
                    everywhere = False  # x is a free neighbour itself, or not next to y
                    break
            if everywhere and _put(out, counts, x, BLACK, 2):
                return 4
    return 0


@njit(cache=True)
def joins_islands(state, neighbours, work, pieces, biggest, out, counts):
    piece, start, pnum = work[PIECE], work[START], work[PNUM]
    near = work[QUEUE]  # its first four entries: the pieces next to the cell
    for i in range(len(state)):
        if state[i] != UNKNOWN:
            continue
        m = 0
        for d in range(4):
            j = neighbours[4 * i + d]
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
    rows = len(state) // cols
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
def wall_liberty(state, neighbours, wall_size, work, out, counts):
    n = len(state)
    seen, stamp, queue = work[REACHED], work[STAMP], work[QUEUE]
    for i in range(n):
        seen[i] = 0
        stamp[i] = -1
    for i in range(n):
        if state[i] != BLACK or seen[i]:
            continue
        seen[i] = 1
        queue[0] = i
        head = 0
        tail = 1
        nlibs = 0
        lib = -1
        while head < tail:
            c = queue[head]
            head += 1
            for d in range(4):
                j = neighbours[4 * c + d]
                if j < 0:
                    continue
                if state[j] == BLACK:
                    if not seen[j]:
                        seen[j] = 1
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
def island_reaches(state, neighbours, work, pieces, out, counts):
    """The rules ``unreachable`` and ``island_confinement`` (one reach per unfinished island)."""
    order, start, pnum = work[ORDER], work[START], work[PNUM]
    n = len(state)
    owner = work[OWNER]  # the numbered piece a cell is in or next to; -2: two
    reached, dist, inreach, zero, queue = work[REACHED], work[DIST], work[INREACH], work[ZERO], work[QUEUE]
    # the articulation search's, reset over each reach after use
    sep_w, sep_c, disc = work[SEP_W], work[SEP_C], work[DISC]
    for i in range(n):
        owner[i] = -1
        reached[i] = 0
        dist[i] = -1
        inreach[i] = 0
        zero[i] = 0
        sep_w[i] = 0
        sep_c[i] = 0
        disc[i] = -1
    for p in range(pieces):
        if pnum[p] == 0:
            continue
        for a in range(start[p], start[p + 1]):
            c = order[a]
            for d in range(-1, 4):
                j = c if d < 0 else neighbours[4 * c + d]
                if j < 0:
                    continue
                if owner[j] == -1 or owner[j] == p:
                    owner[j] = p
                else:
                    owner[j] = -2
    for p in range(pieces):
        k = pnum[p]
        if k == 0:
            continue
        size = start[p + 1] - start[p]
        if size == k:
            for a in range(start[p], start[p + 1]):
                reached[order[a]] = 1
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
                j = neighbours[4 * c + d]
                if j < 0 or dist[j] >= 0 or state[j] == BLACK or (owner[j] != -1 and owner[j] != p):
                    continue
                dist[j] = dist[c] + 1
                queue[tail] = j
                tail += 1
        for a in range(tail):
            reached[queue[a]] = 1
            inreach[queue[a]] = 1
        if tail < k:
            return 8
        if tail == k:
            for a in range(tail):
                if state[queue[a]] == UNKNOWN and _put(out, counts, queue[a], WHITE, 6):
                    return 4
        else:
            root = queue[0] + 0  # an int64 under numba, as wall_confinement's: one compiled search
            _articulations(root, inreach, zero, neighbours, sep_w, sep_c, disc, work)
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
            inreach[queue[a]] = 0
    for i in range(n):
        if reached[i] or state[i] == BLACK:
            continue
        if state[i] == WHITE:
            return 9
        if _put(out, counts, i, BLACK, 6):
            return 4
    return 0


@njit(cache=True)
def wall_confinement(state, neighbours, wall_size, nblack, work, out, counts):
    n = len(state)
    root = -1
    allowed, wall = work[OWNER], work[REACHED]
    sep_w, sep_c, disc = work[SEP_W], work[SEP_C], work[DISC]
    for i in range(n):
        allowed[i] = 1 if state[i] != WHITE else 0
        wall[i] = 0
        sep_w[i] = 0
        sep_c[i] = 0
        disc[i] = -1
        if state[i] == BLACK:
            wall[i] = 1
            if root < 0:
                root = i
    cells, walls = _articulations(root, allowed, wall, neighbours, sep_w, sep_c, disc, work)
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
def one_pass(state, neighbours, number, cols, wall_size, biggest, thorough, out, counts, work):
    """One pass over ``state``: fills ``out`` (0 or the colour) and ``counts`` (per rule);
    returns 0, or the index of the contradiction found (``CONTRADICTIONS``). Both passes run the
    island rules, ``joins_islands`` and ``no_pool``; then the plain pass ``wall_liberty``, the
    thorough one ``island_reaches`` and ``wall_confinement``."""
    why, pieces = white_pieces(state, neighbours, number, work)
    if why:
        return why
    why = complete_island(work, pieces, out, counts)
    why = why or one_liberty(work, pieces, out, counts)
    why = why or last_cell_corner(state, neighbours, work, pieces, out, counts)
    why = why or joins_islands(state, neighbours, work, pieces, biggest, out, counts)
    why = why or no_pool(state, cols, out, counts)
    if why:
        return why
    nblack = 0
    for i in range(len(state)):
        if state[i] == BLACK:
            nblack += 1
    if nblack > wall_size:
        return 6
    if not thorough:
        return wall_liberty(state, neighbours, wall_size, work, out, counts)
    why = island_reaches(state, neighbours, work, pieces, out, counts)
    if why or nblack == 0 or wall_size == 0:
        return why
    return wall_confinement(state, neighbours, wall_size, nblack, work, out, counts)


@njit(cache=True)
def _propagate(state, neighbours, number, cols, wall_size, biggest, counts, deep, work, out):
    """Passes to a fixpoint, in place: the thorough pass only when a plain one finds nothing
    (never unless ``deep``: grading's basic level). ``out``: a pass's findings (n cells). Returns
    0 or the contradiction; counts[len(RULES)] counts the passes."""
    n = len(state)
    thorough = False
    while True:
        for i in range(n):
            out[i] = 0
        counts[len(counts) - 1] += 1
        why = one_pass(state, neighbours, number, cols, wall_size, biggest, thorough, out, counts, work)
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
def _probe_sweep(state, neighbours, number, cols, wall_size, biggest, counts, deep, deep_trials, work, boards,
                 trial_counts):
    """One sweep of contradiction probing, in place: ``Deducer.probe_cell`` on each free cell in
    order, in one call (a small grid's probe is dozens of trials; called one by one from Python,
    their set-up costs about as much as the trials). ``boards``: three states' room (a pass's
    findings, the wall trial, the white trial); ``trial_counts`` takes the trials' rule counts,
    which are not kept. Returns (0 or the contradiction -- 12: a cell neither colour --, whether
    the state changed)."""
    n = len(state)
    out, as_wall, as_white = boards[0], boards[1], boards[2]
    trial_deep = deep and deep_trials
    changed = False
    for i in range(n):
        if state[i] != UNKNOWN:
            continue
        for j in range(n):
            as_wall[j] = state[j]
            as_white[j] = state[j]
        as_wall[i] = BLACK
        wall_fails = _propagate(as_wall, neighbours, number, cols, wall_size, biggest, trial_counts,
                                trial_deep, work, out)
        as_white[i] = WHITE
        white_fails = _propagate(as_white, neighbours, number, cols, wall_size, biggest, trial_counts,
                                 trial_deep, work, out)
        if wall_fails and white_fails:
            return 12, changed
        if wall_fails or white_fails:
            for j in range(n):
                state[j] = as_white[j] if wall_fails else as_wall[j]
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
            why = _propagate(state, neighbours, number, cols, wall_size, biggest, counts, deep, work, out)
            if why:
                return why, changed
    return 0, changed


class Contradiction(Exception):
    """No solution extends the state (the message names what was found)."""


@lru_cache(maxsize=64)
def neighbour_table(rows: int, cols: int) -> tuple[int, ...]:
    """Each cell's four neighbours (up, left, right, down; -1 off the grid), row-major, cell c's at
    4c .. 4c + 3: the same for every puzzle of the shape, so built once per shape, in plain
    Python (a small job runs the rules interpreted on lists and imports no numpy)."""
    table: list[int] = []
    for r in range(rows):
        for c in range(cols):
            i = r * cols + c
            table += (i - cols if r else -1, i - 1 if c else -1, i + 1 if c + 1 < cols else -1,
                      i + cols if r + 1 < rows else -1)
    return tuple(table)


@lru_cache(maxsize=64)
def _neighbour_array(rows: int, cols: int) -> Any:
    """``neighbour_table`` as an ``int32`` array, for the compiled rules: shared, never written
    (left writeable, as a read-only array would be another type to numba, compiled once more)."""
    import numpy as np  # the compiled route only

    return np.array(neighbour_table(rows, cols), np.int32)


def work_buffers(n: int, arrays: bool = False) -> Any:
    """The kernels' working memory for a grid of n cells (``WORK`` rows, see ``PIECE``): a tuple
    of lists, or for the compiled code one 2D ``int32`` array whose rows the kernels index alike
    (one argument for numba to unbox per call from Python, where 22 arrays cost more than a pass
    of a small grid)."""
    if not arrays:
        return tuple([0] * (4 * n if b == LIBS else n + 1) for b in range(WORK))
    import numpy as np

    return np.zeros((WORK, 4 * n + 1), np.int32)


def _int8(seq: Any) -> Any:
    """A state (list or array) as an ``int8`` array, for the compiled code."""
    import numpy as np

    return np.array(seq, np.int8)


def _values(state: Any) -> list:
    """A state (list or array) as a list of ints: Python reads lists fastest."""
    return state if isinstance(state, list) else state.tolist()


def cells_of(state: Any, colour: int) -> list[int]:
    """The cells of ``state`` (a list or an array) that have ``colour``: numpy's path on arrays
    (the compiled route's per-puzzle cost stays as it was), plain Python on lists."""
    if isinstance(state, list):
        return [i for i, x in enumerate(state) if x == colour]
    import numpy as np

    return np.flatnonzero(state == colour).tolist()


def agreement(state: Any, as_wall: Any, as_white: Any) -> list[int]:
    """The free cells of ``state`` that both trials colour, and alike."""
    if isinstance(state, list):
        return [j for j, x in enumerate(state)
                if x == UNKNOWN and as_wall[j] != UNKNOWN and as_wall[j] == as_white[j]]
    import numpy as np

    return np.flatnonzero((state == UNKNOWN) & (as_wall != UNKNOWN) & (as_wall == as_white)).tolist()


class Deducer:
    """The puzzle's fixed data for the rules: neighbours, numbers, the wall size W, and the
    kernels' working memory. Its sequences are lists while the rules' entries run interpreted and
    arrays once one runs compiled (``Tiered.runs_compiled``; converted when an entry switches, as
    a long job of small grids spends its interpreted budget). A state is a list or an ``int8``
    array (``start`` makes the kind in use); one handed in as a list while the data are arrays is
    run as an array and written back."""

    def __init__(self, puzzle: NurikabePuzzle, deep: bool = True) -> None:
        if puzzle.has_unknown_clues():
            raise ValueError("the rules need every number known (no '?')")
        self.rows, self.cols = R, C = puzzle.rows, puzzle.cols
        self.n = n = R * C
        numbers = [0] * n
        for (r, c), v in puzzle.clue_cells():
            numbers[r * C + c] = v
        self.wall = n - sum(numbers)
        self.biggest = max(numbers, default=0)
        self.deep = deep  # False: the plain pass only (no reaches, no confinement)
        # small grids run the passes interpreted for a while before their code is compiled or loaded
        self.passes = for_grid(_propagate, n)
        self.sweeps = for_grid(_probe_sweep, n) if n <= SWEEP_CELLS else None
        self.on_arrays = False
        self.nb: Any = neighbour_table(R, C)
        self.number: Any = numbers
        # per rule, then probes learning by agreement, probes learning by contradiction, passes
        self.counts: Any = [0] * (len(RULES) + 3)
        if self.passes.runs_compiled or (self.sweeps is not None and self.sweeps.runs_compiled):
            self._to_arrays()
        else:
            self.trial_counts: Any = [0] * (len(RULES) + 3)  # the probing trials' (not kept)
            self.work: Any = work_buffers(n)
            self.boards: Any = ([0] * n, [0] * n, [0] * n)  # a pass's findings, two trial states

    def _to_arrays(self) -> None:
        """The data as arrays, for the compiled code (the counts so far kept)."""
        import numpy as np

        self.on_arrays = True
        self.nb = _neighbour_array(self.rows, self.cols)
        self.number = np.array(self.number, np.int32)
        self.counts = np.array(self.counts, np.int64)
        self.trial_counts = np.zeros(len(self.counts), np.int64)
        self.work = work_buffers(self.n, arrays=True)
        self.boards = np.zeros((3, self.n), np.int8)

    def _ready(self, entry: Any) -> None:
        if not self.on_arrays and entry.runs_compiled:
            self._to_arrays()

    def _on(self, state: Any, call: Callable[[Any], Any]) -> Any:
        """``call(state)``; a list state on arrays is run as an array and written back."""
        if self.on_arrays and isinstance(state, list):
            array = _int8(state)
            out = call(array)
            state[:] = array.tolist()
            return out
        return call(state)

    def start(self) -> Any:
        """The start state: the numbered cells white, the rest free."""
        s = [WHITE if v else UNKNOWN for v in _values(self.number)]
        return _int8(s) if self.on_arrays else s

    def run_passes(self, state: Any, deep: bool | None = None, trial: bool = False) -> int:
        """The passes to a fixpoint on ``state`` (in place): 0 or the contradiction found.
        ``deep``: the Deducer's by default; ``trial``: the rule counts go to ``trial_counts``."""
        self._ready(self.passes)
        counts = self.trial_counts if trial else self.counts
        deep = self.deep if deep is None else deep
        return int(self._on(state, lambda s: self.passes(s, self.nb, self.number, self.cols, self.wall,
                                                           self.biggest, counts, deep, self.work,
                                                           self.boards[0])))

    def propagate(self, state: Any) -> Any:
        """The passes to a fixpoint (in place; raises ``Contradiction``)."""
        why = self.run_passes(state)
        if why:
            raise Contradiction(CONTRADICTIONS[why])
        return state

    def probe_cell(self, state: Any, i: int, deep_trials: bool = True) -> int:
        """Probe free cell i both ways (see the module docstring); updates ``state`` (propagated) and
        returns -1 when nothing was learnt, 0 when something was, or the state's contradiction.
        Without ``deep_trials`` each trial runs the plain pass only (grading's shallow probing)."""
        trial_deep = self.deep and deep_trials
        as_wall = state.copy()
        as_wall[i] = BLACK
        wall_fails = self.run_passes(as_wall, trial_deep, trial=True)
        as_white = state.copy()
        as_white[i] = WHITE
        white_fails = self.run_passes(as_white, trial_deep, trial=True)
        if wall_fails and white_fails:
            return 12
        if wall_fails or white_fails:
            state[:] = as_white if wall_fails else as_wall
            self.counts[-2] += 1
            return 0
        agree = agreement(state, as_wall, as_white)
        if not agree:
            return -1
        for j in agree:
            state[j] = as_wall[j]
        self.counts[-3] += 1
        return self.run_passes(state)

    def probe(self, state: Any, deadline: float | None = None, deep_trials: bool = True) -> Any:
        """``propagate``, then contradiction probing to a fixpoint (in place; raises
        ``Contradiction``). Stops early at ``deadline`` (``time.perf_counter``), leaving a sound
        partial state. ``deep_trials``: as in ``probe_cell``."""
        self.propagate(state)
        if self.sweeps is not None:  # a small grid: a sweep at a time, in one call
            sweeps = self.sweeps
            changed = True
            while changed:
                if deadline is not None and time.perf_counter() > deadline:
                    return state
                self._ready(sweeps)
                why, changed = self._on(state, lambda s: sweeps(
                    s, self.nb, self.number, self.cols, self.wall, self.biggest, self.counts, self.deep,
                    deep_trials, self.work, self.boards, self.trial_counts))
                if why:
                    raise Contradiction(CONTRADICTIONS[why] if why < len(CONTRADICTIONS) else
                                        "a cell that can be neither wall nor white")
            return state
        changed = True
        while changed:
            changed = False
            for i in cells_of(state, UNKNOWN):
                if state[i] != UNKNOWN:
                    continue
                if deadline is not None and time.perf_counter() > deadline:
                    return state
                why = self.probe_cell(state, i, deep_trials)
                if why > 0:
                    raise Contradiction(CONTRADICTIONS[why] if why < len(CONTRADICTIONS) else
                                        "a cell that can be neither wall nor white")
                changed |= why == 0
        return state

    def stats(self) -> dict:
        counts = _values(self.counts)
        out = {rule: c for rule, c in zip(RULES, counts[:len(RULES)], strict=True) if c}
        out.update(probe_agreements=counts[-3], probe_contradictions=counts[-2], passes=counts[-1])
        return out

    def solution(self, state: Any) -> NurikabeSolution:
        def cells(colour):
            return frozenset(divmod(i, self.cols) for i in cells_of(state, colour))

        return NurikabeSolution(self.rows, self.cols, cells(BLACK), cells(UNKNOWN))


def rule_pass(state: Any, neighbours: Any, number: Any, cols: int, wall_size: int, biggest: int,
              thorough: bool, out: Any, counts: Any) -> int:
    """``one_pass`` with working memory of its own (for tests and tools looking at one pass):
    compiled on arrays, interpreted on lists."""
    if isinstance(state, list):
        return interpreted(one_pass)(state, neighbours, number, cols, wall_size, biggest, thorough, out,
                                     counts, work_buffers(len(state)))
    return one_pass(state, neighbours, number, cols, wall_size, biggest, thorough, out, counts,
                    work_buffers(len(state), arrays=True))


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
    s = [WHITE] * d.n
    for r, c in state.black:
        s[r * d.cols + c] = BLACK
    return Status.UNSAT if d.run_passes(_int8(s) if d.on_arrays else s) else Status.SOLVED


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
