"""The Slitherlink deduction engine from Python (beside the seed's port; the compiled core is
``engine.py``): the grid's layout, the tiers, the backend ``deduce`` and the hint.

Every rule is a sound deduction -- it decides an edge the way every solution does -- so a state the
engine completes is the only solution, a contradiction proves there is none, and a partial state
can go to the SAT model without changing the count (``rules+sat``). The argument, the rules and
the tiers: docs/slitherlink.md.

Tiers (``TIERS``), the weakest that completes a puzzle, after Loopy's ladder: ``counting`` (clue
and vertex counting, loop closure), ``corners`` (+ corner flags at units with a decided edge),
``chains`` (+ corner flags everywhere: the diagonal chains of 3s and 2s), ``colouring`` (+ the
inside/outside colouring with its linked edges), ``probing-1`` and ``probing-2`` (contradiction
probing at depth 1 and 2), ``search`` (the engine gets stuck).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from functools import lru_cache
from itertools import chain
from typing import Any

from ...puzzles.slitherlink import SlitherlinkPuzzle, SlitherlinkSolution
from ...puzzles.solving import Deadline, Limit, SolveResult, Status
from ..kernels import for_grid
from . import engine as E

BACKEND = "deduce"
TIERS = ("counting", "corners", "chains", "colouring", "probing-1", "probing-2", "search")
# the tiers run by propagation alone, with the engine's level for each
LEVELS = (("counting", E.L_COUNTING), ("corners", E.L_CORNERS), ("chains", E.L_CHAINS),
          ("colouring", E.FULL_LEVEL))
FULL = E.FULL_LEVEL
W_PROBE2, W_PROBE2_AGREE = 11, 12
RULES = {E.W_CLUE: "clue count", E.W_VERTEX: "vertex degree", E.W_CLUE_CORNER: "clue with corners",
         E.W_VERTEX_CORNER: "vertex with corners", E.W_CLUE_COLOUR: "inside/outside colouring at a clue",
         E.W_VERTEX_COLOUR: "inside/outside colouring at a vertex", E.W_LOOP: "loop closure",
         E.W_CLOSED: "closed loop", E.W_PROBE: "probing (contradiction)",
         E.W_PROBE_AGREE: "probing (both cases agree)", W_PROBE2: "probing depth 2 (contradiction)",
         W_PROBE2_AGREE: "probing depth 2 (both cases agree)"}
# the rules' names in ``stats``
RULE_KEYS = {E.W_CLUE: "clue", E.W_VERTEX: "vertex", E.W_CLUE_CORNER: "clue_corners",
             E.W_VERTEX_CORNER: "vertex_corners", E.W_CLUE_COLOUR: "clue_colouring",
             E.W_VERTEX_COLOUR: "vertex_colouring", E.W_LOOP: "loop_closure", E.W_CLOSED: "closed_loop",
             E.W_PROBE: "probe_contradiction", E.W_PROBE_AGREE: "probe_agreement",
             W_PROBE2: "probe2_contradiction", W_PROBE2_AGREE: "probe2_agreement"}
CONTRADICTIONS = {E.C_CELL: "a clue no assignment of its edges meets",
                  E.C_VERTEX: "a vertex no assignment of its edges meets",
                  E.C_COLOUR: "a cell both inside and outside", E.C_BRANCH: "three lines at a vertex",
                  E.C_SUBLOOP: "a closed loop beside other lines", E.C_CLASH: "an edge both on and off",
                  E.C_EMPTY: "no line drawn"}


TABLES = E.tables()


@lru_cache(maxsize=64)
def _grid(rows: int, cols: int) -> tuple[tuple[int, ...], tuple]:
    """The static layout of a rows x cols grid (clues left blank) and the canonical edge of each
    edge index (horizontal edges first, row by row, then vertical ones), in plain Python: a small
    job runs the engine interpreted on lists and imports no numpy."""
    R, C = rows, cols
    nc, nv = R * C, (R + 1) * (C + 1)
    hn = (R + 1) * C
    ne = hn + R * (C + 1)

    W = C + 1  # vertices per row; vertex (r, c) is r * W + c, vertical edge (r, c) is hn + r * W + c

    def row(r: int) -> range | list[int]:
        """The cells of row ``r``; the outside (``nc``) for each when the row is off the grid."""
        return range(r * C, r * C + C) if 0 <= r < R else [nc] * C

    def rows_of(part, n: int = R) -> list[int]:
        """``part(r)`` for the first ``n`` rows ``r`` (default: every row of cells), concatenated."""
        return list(chain.from_iterable(map(part, range(n))))

    def interleave(*parts) -> list[int]:
        """[parts[0][0], parts[1][0], ..., parts[0][1], ...]: the tables' rows of four or two."""
        out = [0] * (len(parts) * len(parts[0]))
        for k, part in enumerate(parts):
            out[k::len(parts)] = part
        return out

    # per cell: edges top, right, bottom, left; neighbours above, right, below, left; corners
    # (vertex * 4 + quadrant) at the top right, bottom right, bottom left, top left
    vert = rows_of(lambda r: range(hn + r * W, hn + r * W + C))
    ce = interleave(range(nc), [e + 1 for e in vert], range(C, nc + C), vert)
    cn = interleave(rows_of(lambda r: row(r - 1)), rows_of(lambda r: [*row(r)[1:], nc]),
                    rows_of(lambda r: row(r + 1)), rows_of(lambda r: [nc, *row(r)[:-1]]))
    top_left = rows_of(lambda r: range(r * W, r * W + C))
    ca = interleave([4 * t + 6 for t in top_left], [4 * (t + W + 1) + 3 for t in top_left],
                    [4 * (t + W) for t in top_left], [4 * t + 1 for t in top_left])
    # per vertex: edges up, right, down, left; cells north-west, north-east, south-east, south-west
    hrow = [[*range(r * C, r * C + C), ne] for r in range(R + 1)]
    ve = interleave([ne] * W + list(range(hn, hn + R * W)), list(chain.from_iterable(hrow)),
                    list(range(hn, hn + R * W)) + [ne] * W, rows_of(lambda r: [ne, *hrow[r][:-1]], R + 1))
    vq = interleave(*(rows_of(part, R + 1) for part in (
        lambda r: [nc, *row(r - 1)], lambda r: [*row(r - 1), nc], lambda r: [*row(r), nc],
        lambda r: [nc, *row(r)])))
    # per edge: the cells on either side and the vertices at its ends
    ec = interleave(rows_of(lambda r: row(r - 1), R + 1) + rows_of(lambda r: [nc, *row(r)]),
                    rows_of(row, R + 1) + rows_of(lambda r: [*row(r), nc]))
    ev = interleave(rows_of(lambda r: range(r * W, r * W + C), R + 1) + list(range(R * W)),
                    rows_of(lambda r: range(r * W + 1, r * W + W), R + 1) + list(range(W, W + R * W)))
    sides = sorted({0, C - 1})
    outer = ([i for r in range(R) for i in (row(r) if r in (0, R - 1) else [r * C + c for c in sides])]
             + [nc + j for r in range(R + 1)
                for j in (range(r * W, r * W + W) if r in (0, R) else (r * W, r * W + C))])
    edges = tuple([((r, c), (r, c + 1)) for r in range(R + 1) for c in range(C)]
                  + [((r, c), (r + 1, c)) for r in range(R) for c in range(W)])
    parts = [ce, cn, ca, [-1] * nc, ve, vq, ec, ev, outer, TABLES]
    g = [0] * E.HEADER
    g[E.NC], g[E.NV], g[E.NE], g[E.NOUTER] = nc, nv, ne, len(outer)
    at = E.HEADER
    slots = (E.CE, E.CN, E.CA, E.CLUE, E.VE, E.VQ, E.EC, E.EV, E.OUTER, E.TAB)
    for slot, p in zip(slots, parts, strict=True):
        g[slot] = at
        g.extend(p)
        at += len(p)
    at = ne + 1  # the state: edges and the sentinel, then its sections
    for slot, size in ((E.AN, 4 * nv), (E.DP, nc + 1), (E.DQ, nc + 1), (E.DZ, nc + 1), (E.DN, nc + 1),
                       (E.PP, nv), (E.PL, nv), (E.WHY, ne), (E.ORD, ne), (E.MISC, E.MISC_SIZE)):
        g[slot] = at
        at += size
    g[E.SSIZE] = at
    return tuple(g), edges


@lru_cache(maxsize=64)
def _start(rows: int, cols: int) -> tuple[tuple[int, ...], tuple[int, ...], tuple]:
    """``_grid`` and the start state of a rows x cols grid: every edge unknown, every cell its own
    colour class, every vertex its own path end."""
    g, edges = _grid(rows, cols)
    nc, nv, ne = g[E.NC], g[E.NV], g[E.NE]
    s = [0] * g[E.SSIZE]
    s[ne] = E.NO
    s[g[E.DP]:g[E.DP] + nc + 1] = range(nc + 1)
    s[g[E.DZ]:g[E.DZ] + nc + 1] = [1] * (nc + 1)
    s[g[E.DN]:g[E.DN] + nc + 1] = range(nc + 1)
    s[g[E.PP]:g[E.PP] + nv] = range(nv)
    s[g[E.ORD]:g[E.ORD] + ne] = [-1] * ne
    m = g[E.MISC]
    s[m + E.M_UNK], s[m + E.M_DEFER] = ne, -1
    return g, tuple(s), edges


@lru_cache(maxsize=64)
def _start_arrays(rows: int, cols: int):
    """``_start`` as read-only ``int32`` arrays, for the compiled engine."""
    import numpy as np  # the compiled route only: a small job runs on lists without numpy

    g, s, edges = _start(rows, cols)
    arrays = np.array(g, np.int32), np.array(s, np.int32)
    for a in arrays:
        a.flags.writeable = False
    return *arrays, edges


def layout(puzzle: SlitherlinkPuzzle, compiled: bool = False) -> tuple[Any, Any, tuple]:
    """(static grid ``g`` with the puzzle's clues, the start state ``s``, canonical edges): lists
    for the interpreted engine, ``int32`` arrays for the ``compiled`` one."""
    if compiled:
        base, start, edges = _start_arrays(puzzle.rows, puzzle.cols)
        g, s = base.copy(), start.copy()
    else:
        base, start, edges = _start(puzzle.rows, puzzle.cols)
        g, s = list(base), list(start)
    clues = [-1 if v is None or v < 0 else v for row in puzzle.clues for v in row]
    g[g[E.CLUE]:g[E.CLUE] + len(clues)] = clues
    return g, s, edges


def _values(seq, lo: int, hi: int) -> list:
    """``seq[lo:hi]`` (a list or an array) as a list of ints: Python reads lists fastest."""
    part = seq[lo:hi]
    return part if isinstance(part, list) else part.tolist()


def _where(seq, lo: int, hi: int, value: int) -> list[int]:
    """The indices ``i`` in ``lo`` .. ``hi`` - 1 where ``seq[i] == value``: by Python on a list,
    by numpy on an array (the compiled route, on grids of any size)."""
    if isinstance(seq, list):
        return [i for i in range(lo, hi) if seq[i] == value]
    return (lo + (seq[lo:hi] == value).nonzero()[0]).tolist()


def _counts(seq, lo: int, hi: int, size: int) -> list[int]:
    """How often each of 0 .. ``size`` - 1 occurs in ``seq[lo:hi]`` (a list or an array)."""
    if isinstance(seq, list):
        counts = [0] * size
        for x in seq[lo:hi]:
            counts[x] += 1
        return counts
    import numpy as np

    return np.bincount(seq[lo:hi], minlength=size).tolist()


def _zeros(size: int) -> Any:
    """An ``int32`` array of zeros, for the compiled engine."""
    import numpy as np

    return np.zeros(size, np.int32)


def _arrays(*seqs) -> tuple:
    """The lists as ``int32`` arrays, for the compiled engine."""
    import numpy as np

    return tuple(np.array(x, np.int32) for x in seqs)


# probing trials times edges per compiled call when there is a deadline (a trial copies the state)
CHUNK = 2_000_000


class Contradiction(Exception):
    """The engine proved that no solution extends the state."""


class Engine:
    """One puzzle's engine state; each step raises ``Contradiction`` when the state has no
    solution. Its data are lists while the engine's entry runs interpreted and ``int32`` arrays
    once it runs compiled (``Tiered.runs_compiled``; converted when the entry switches, as a long
    job of a small grid spends its interpreted budget)."""

    def __init__(self, puzzle: SlitherlinkPuzzle) -> None:
        self.puzzle = puzzle
        self.run = for_grid(E.run, self.puzzle.rows * self.puzzle.cols)
        compiled = self.run.runs_compiled
        self.g, self.s, self.edges = layout(puzzle, compiled)
        self.ne = int(self.g[E.NE])
        nu = int(self.g[E.NC] + self.g[E.NV])
        size = E.Q0 + 2 * nu + 2 * self.ne + E.SCRATCH  # the queue, its flags, the log and its copy
        self.w = _zeros(size) if compiled else [0] * size
        self.w[3] = nu

    def _call(self, op: int, edge: int = 0, val: int = 0, why: int = 0, level: int = FULL, budget: int = 0,
              state: Any = None) -> int:
        """One call of the engine's entry on ``state`` (default: the engine's own). When the entry has
        just turned to its compiled code, the engine's lists become arrays first; a trial state
        copied from them before is run as an array and written back."""
        if self.run.runs_compiled and isinstance(self.g, list):
            self.g, self.s, self.w = _arrays(self.g, self.s, self.w)
        if state is None:
            state = self.s
        elif isinstance(state, list) and not isinstance(self.g, list):
            [array] = _arrays(state)
            r = self.run(array, self.g, self.w, op, edge, val, why, level, budget)
            state[:] = array.tolist()
            return int(r)
        return int(self.run(state, self.g, self.w, op, edge, val, why, level, budget))

    def _probe(self, budget: int, deadline: float | None, state: Any = None) -> int:
        """``engine.probe`` on ``state`` (default: the engine's own) from a fresh round, in calls of
        at most ``CHUNK`` / edges trials while there is a ``deadline`` to check between them: 0,
        or the contradiction met."""
        m, ne = self.g[E.MISC], self.ne

        def get(i):
            return (self.s if state is None else state)[i]

        (self.s if state is None else state)[m + E.M_IDLE] = 0
        step = max(2, CHUNK // ne)
        while True:
            stop = budget
            if deadline is not None:
                nxt = int(get(m + E.M_TRIALS)) + step
                stop = min(budget, nxt) if budget else nxt
            r = self._call(E.OP_PROBE, 0, 0, 0, E.FULL_LEVEL, stop, state)
            self.w[2] = 0
            if (r or get(m + E.M_IDLE) >= ne or not get(m + E.M_UNK)
                    or (budget and get(m + E.M_TRIALS) >= budget)):
                return r
            if deadline is None or time.perf_counter() > deadline:
                return 0

    def _check(self, r: int) -> None:
        self.w[2] = 0
        if r:
            raise Contradiction(CONTRADICTIONS.get(int(r), "both values of an edge fail"))

    def set_edges(self, on, off) -> None:
        """Decide the given canonical edges (a partial state) without propagating: the tiers' steps
        propagate from it."""
        index = {e: i for i, e in enumerate(self.edges)}
        for edges, val in ((on, E.YES), (off, E.NO)):
            for e in edges:
                self._check(self._call(E.OP_SET, index[e], val, 0, 1))
        nu = self.w[3]
        self.w[0] = self.w[1] = self.w[2] = 0
        self.w[E.Q0 + nu:E.Q0 + 2 * nu] = [0] * nu

    def propagate(self, level: int = E.FULL_LEVEL) -> None:
        self._check(self._call(E.OP_PROPAGATE, level=level))

    def probe(self, budget: int = 0, deadline: float | None = None) -> None:
        """Probing at depth 1 to a fixpoint, or until ``budget`` trials (0: no limit) or
        ``deadline`` (a ``time.perf_counter`` value)."""
        self._check(self._probe(budget, deadline))

    def probe2(self, deadline: float | None = None) -> None:
        """Contradiction probing at depth 2: each trial also probes at depth 1 (until
        ``deadline``, a ``time.perf_counter`` value, leaving a sound partial state)."""
        ne = self.ne
        changed = True
        while changed:
            changed = False
            for e in _where(self.s, 0, ne, E.UNK):
                if self.s[e] != E.UNK:
                    continue
                if deadline is not None and time.perf_counter() > deadline:
                    return
                trials = []
                for val in (E.YES, E.NO):
                    t = self.s.copy()
                    r = (self._call(E.OP_DECIDE, e, val, W_PROBE2, FULL, state=t)
                         or self._probe(0, deadline, t))
                    self.w[2] = 0
                    trials.append((r, t))
                (r_on, on), (r_off, off) = trials
                if r_on and r_off:
                    self._check(-1)
                if r_on or r_off:
                    self._check(self._call(E.OP_SET, e, E.NO if r_on else E.YES, W_PROBE2, FULL))
                else:
                    now, on, off = _values(self.s, 0, ne), _values(on, 0, ne), _values(off, 0, ne)
                    agree = [f for f in range(ne) if now[f] == E.UNK and on[f] != E.UNK and on[f] == off[f]]
                    if not agree:
                        continue
                    for f in agree:
                        self._check(self._call(E.OP_SET, f, on[f], W_PROBE2_AGREE, FULL))
                self.propagate()
                self.probe(deadline=deadline)
                changed = True

    def tier_steps(self, deadline: float | None = None) -> tuple:
        """(tier, step) for the tiers below ``search``, each step strengthening the one before."""
        return (*((name, lambda level=level: self.propagate(level)) for name, level in LEVELS),
                ("probing-1", self.probe), ("probing-2", lambda: self.probe2(deadline)))

    @property
    def unknown(self) -> int:
        return int(self.s[self.g[E.MISC] + E.M_UNK])

    def lines(self) -> frozenset:
        return self._edges_in(E.YES)

    def crosses(self) -> frozenset:
        return self._edges_in(E.NO)

    def _edges_in(self, state: int) -> frozenset:
        """The canonical edges in ``state`` (YES or NO)."""
        edges = self.edges
        return frozenset([edges[i] for i in _where(self.s, 0, self.ne, state)])

    def complete(self) -> bool:
        """Every edge decided: a valid loop unless no line is drawn (the propagation checked every
        clue and vertex, and that the lines close one loop)."""
        if self.unknown:
            return False
        if not self.s[self.g[E.MISC] + E.M_YES]:
            raise Contradiction("no line drawn")
        return True

    def solution(self) -> SlitherlinkSolution:
        return SlitherlinkSolution(self.puzzle.rows, self.puzzle.cols, self.lines())

    def stats(self) -> dict:
        counts = _counts(self.s, self.g[E.WHY], self.g[E.WHY] + self.ne, W_PROBE2_AGREE + 1)
        out = {RULE_KEYS[k]: counts[k] for k in RULE_KEYS if counts[k]}
        trials = int(self.s[self.g[E.MISC] + E.M_TRIALS])
        return {**out, "probe_trials": trials} if trials else out


def grade(puzzle: SlitherlinkPuzzle, deadline: float | None = None) -> dict:
    """The weakest tier (``TIERS``) that completes the puzzle, or "no solution" when the engine
    proves there is none, with the figures behind it."""
    eng = Engine(puzzle)
    tier = "search"
    try:
        for name, step in eng.tier_steps(deadline):
            step()
            if eng.complete():
                tier = name
                break
    except Contradiction as exc:
        return {"tier": "no solution", "contradiction": str(exc), "unknown_edges": eng.unknown}
    return {"tier": tier, "unknown_edges": eng.unknown, **eng.stats()}


def deduce(puzzle: SlitherlinkPuzzle, depth: int = 1, deadline: float | None = None,
           budget: int = 0) -> Engine:
    """The engine run to a fixpoint with probing to ``depth`` (0-2; depth 1 stops after
    ``budget`` trials unless 0). Raises ``Contradiction``."""
    eng = Engine(puzzle)
    eng.propagate()
    if depth >= 1 and eng.unknown:
        eng.probe(budget, deadline)
    if depth >= 2 and eng.unknown:
        eng.probe2(deadline)
    return eng


def check_options(options: dict) -> None:
    if options.get("depth", 1) not in (0, 1, 2):
        raise ValueError(f"depth {options['depth']!r}: choose 0, 1 or 2")


def solve(puzzle: SlitherlinkPuzzle, limit: Limit = Limit(), *, depth: int = 1) -> SolveResult:
    """``deduce``: the engine alone; ``stuck`` when edges stay unknown. A loop it completes is the
    only solution (every deduction holds in every solution); a contradiction proves none."""
    deadline = Deadline(limit.seconds)
    stop = None if limit.seconds is None else deadline.start + limit.seconds
    try:
        eng = deduce(puzzle, depth, stop)
        done = eng.complete()
    except Contradiction as exc:
        return SolveResult(BACKEND, Status.UNSAT, exhausted=True, seconds=deadline.elapsed(),
                           note=f"contradiction: {exc}")
    stats = {**eng.stats(), "unknown_edges": eng.unknown}
    if not done:
        status = Status.TIMEOUT if deadline.expired() else Status.STUCK
        return SolveResult(BACKEND, status, seconds=deadline.elapsed(), stats=stats,
                           note=f"engine stuck with {eng.unknown} unknown edges")
    return SolveResult(BACKEND, Status.SOLVED, (eng.solution(),), exhausted=True,
                       seconds=deadline.elapsed(), stats=stats)


@dataclass(frozen=True)
class Hint:
    """The next deduction from a state (``edge`` None: the engine finds none): the edge, on or
    off, the rule behind it and the tier it needs."""

    edge: tuple | None
    on: bool = False
    rule: str = ""
    tier: str = ""
    contradiction: str = ""


def hint(puzzle: SlitherlinkPuzzle, on=(), off=()) -> Hint:
    """The first edge the weakest productive tier decides from the puzzle with the edges ``on``
    and ``off`` already drawn / crossed."""
    eng = Engine(puzzle)
    try:
        eng.set_edges(on, off)
        start = int(eng.s[eng.g[E.MISC] + E.M_SEQ])
        for name, step in eng.tier_steps():
            step()
            order = _values(eng.s, eng.g[E.ORD], eng.g[E.ORD] + eng.ne)
            new = [i for i, o in enumerate(order) if o >= start]
            if new:
                i = min(new, key=order.__getitem__)
                why = int(eng.s[eng.g[E.WHY] + i])
                return Hint(eng.edges[i], bool(eng.s[i] == E.YES), RULES.get(why, ""), name)
    except Contradiction as exc:
        return Hint(None, contradiction=str(exc))
    return Hint(None, tier="search")
