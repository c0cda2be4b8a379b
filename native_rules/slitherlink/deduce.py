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

import numpy as np

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
def _grid(rows: int, cols: int) -> tuple[np.ndarray, tuple]:
    """The static arrays of a rows x cols grid (clues left blank) and the canonical edge of each
    edge index (horizontal edges first, row by row, then vertical ones)."""
    R, C = rows, cols
    nc, nv = R * C, (R + 1) * (C + 1)
    hn = (R + 1) * C
    ne = hn + R * (C + 1)
    r, c = np.divmod(np.arange(nc), C)  # cells
    vr, vc = np.divmod(np.arange(nv), C + 1)  # vertices
    hr, hc = np.divmod(np.arange(hn), C)  # horizontal edges
    wr, wc = np.divmod(np.arange(ne - hn), C + 1)  # vertical edges

    def h(r, c):
        return r * C + c

    def v(r, c):
        return hn + r * (C + 1) + c

    def vid(r, c):
        return r * (C + 1) + c

    def cell(r, c):
        return np.where((r >= 0) & (r < R) & (c >= 0) & (c < C), r * C + c, nc)

    ce = np.stack([h(r, c), v(r, c + 1), h(r + 1, c), v(r, c)], 1)
    cn = np.stack([cell(r - 1, c), cell(r, c + 1), cell(r + 1, c), cell(r, c - 1)], 1)
    ca = np.stack([4 * vid(r, c + 1) + 2, 4 * vid(r + 1, c + 1) + 3, 4 * vid(r + 1, c),
                   4 * vid(r, c) + 1], 1)
    ve = np.stack([np.where(vr > 0, v(vr - 1, vc), ne), np.where(vc < C, h(vr, vc), ne),
                   np.where(vr < R, v(vr, vc), ne), np.where(vc > 0, h(vr, vc - 1), ne)], 1)
    vq = np.stack([cell(vr - 1, vc - 1), cell(vr - 1, vc), cell(vr, vc), cell(vr, vc - 1)], 1)
    ec = np.concatenate([np.stack([cell(hr - 1, hc), cell(hr, hc)], 1),
                         np.stack([cell(wr, wc - 1), cell(wr, wc)], 1)])
    ev = np.concatenate([np.stack([vid(hr, hc), vid(hr, hc + 1)], 1),
                         np.stack([vid(wr, wc), vid(wr + 1, wc)], 1)])
    outer = np.concatenate([np.flatnonzero((cn == nc).any(1)), nc + np.flatnonzero((vq == nc).any(1))])
    edges = tuple([((a, b), (a, b + 1)) for a, b in zip(hr.tolist(), hc.tolist(), strict=True)]
                  + [((a, b), (a + 1, b)) for a, b in zip(wr.tolist(), wc.tolist(), strict=True)])
    parts = [ce.ravel(), cn.ravel(), ca.ravel(), np.full(nc, -1), ve.ravel(), vq.ravel(),
             ec.ravel(), ev.ravel(), outer, TABLES]
    g = np.zeros(E.HEADER + sum(len(p) for p in parts), np.int32)
    g[E.NC], g[E.NV], g[E.NE], g[E.NOUTER] = nc, nv, ne, len(outer)
    at = E.HEADER
    slots = (E.CE, E.CN, E.CA, E.CLUE, E.VE, E.VQ, E.EC, E.EV, E.OUTER, E.TAB)
    for slot, p in zip(slots, parts, strict=True):
        g[slot] = at
        g[at:at + len(p)] = p
        at += len(p)
    at = ne + 1  # the state: edges and the sentinel, then its sections
    for slot, size in ((E.AN, 4 * nv), (E.DP, nc + 1), (E.DQ, nc + 1), (E.DZ, nc + 1), (E.DN, nc + 1),
                       (E.PP, nv), (E.PL, nv), (E.WHY, ne), (E.ORD, ne), (E.MISC, E.MISC_SIZE)):
        g[slot] = at
        at += size
    g[E.SSIZE] = at
    g.flags.writeable = False
    return g, edges


def layout(puzzle: SlitherlinkPuzzle) -> tuple[np.ndarray, np.ndarray, tuple]:
    """(static grid ``g`` with the puzzle's clues, the start state ``s``, canonical edges)."""
    base, start, edges = _start(puzzle.rows, puzzle.cols)
    g = base.copy()
    clues = np.array([-1 if v is None or v < 0 else v for row in puzzle.clues for v in row], np.int32)
    g[g[E.CLUE]:g[E.CLUE] + len(clues)] = clues
    return g, start.copy(), edges


@lru_cache(maxsize=64)
def _start(rows: int, cols: int) -> tuple[np.ndarray, np.ndarray, tuple]:
    """``_grid`` and the start state of a rows x cols grid: every edge unknown, every cell its own
    colour class, every vertex its own path end."""
    g, edges = _grid(rows, cols)
    nc, nv, ne = int(g[E.NC]), int(g[E.NV]), int(g[E.NE])
    s = np.zeros(g[E.SSIZE], np.int32)
    s[ne] = E.NO
    idx = np.arange(nc + 1, dtype=np.int32)
    s[g[E.DP]:g[E.DP] + nc + 1] = idx
    s[g[E.DZ]:g[E.DZ] + nc + 1] = 1
    s[g[E.DN]:g[E.DN] + nc + 1] = idx
    s[g[E.PP]:g[E.PP] + nv] = np.arange(nv, dtype=np.int32)
    s[g[E.ORD]:g[E.ORD] + ne] = -1
    m = g[E.MISC]
    s[m + E.M_UNK], s[m + E.M_DEFER] = ne, -1
    s.flags.writeable = False
    return g, s, edges


# probing trials times edges per compiled call when there is a deadline (a trial copies the state)
CHUNK = 2_000_000


def _probe(run, state, grid, work, budget: int, deadline: float | None) -> int:
    """``engine.probe`` from a fresh round, in calls of at most ``CHUNK`` / edges trials while
    there is a ``deadline`` to check between them: 0, or the contradiction met."""
    m, ne = int(grid[E.MISC]), int(grid[E.NE])
    state[m + E.M_IDLE] = 0
    step = max(2, CHUNK // ne)
    while True:
        stop = budget
        if deadline is not None:
            nxt = int(state[m + E.M_TRIALS]) + step
            stop = min(budget, nxt) if budget else nxt
        r = run(state, grid, work, E.OP_PROBE, 0, 0, 0, E.FULL_LEVEL, stop)
        work[2] = 0
        if (r or state[m + E.M_IDLE] >= ne or not state[m + E.M_UNK]
                or (budget and state[m + E.M_TRIALS] >= budget)):
            return int(r)
        if deadline is None or time.perf_counter() > deadline:
            return 0


class Contradiction(Exception):
    """The engine proved that no solution extends the state."""


class Engine:
    """One puzzle's engine state; each step raises ``Contradiction`` when the state has no
    solution."""

    def __init__(self, puzzle: SlitherlinkPuzzle) -> None:
        self.puzzle = puzzle
        self.g, self.s, self.edges = layout(puzzle)
        self.ne = int(self.g[E.NE])
        nu = int(self.g[E.NC] + self.g[E.NV])
        self.w = np.zeros(E.Q0 + 2 * nu + self.ne + E.SCRATCH, np.int32)
        self.w[3] = nu
        self.run = for_grid(E.run, self.puzzle.rows * self.puzzle.cols)

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
                self._check(self.run(self.s, self.g, self.w, E.OP_SET, index[e], val, 0, 1, 0))
        self.w[:3] = 0
        self.w[E.Q0 + int(self.w[3]):E.Q0 + 2 * int(self.w[3])] = 0

    def propagate(self, level: int = E.FULL_LEVEL) -> None:
        self._check(self.run(self.s, self.g, self.w, E.OP_PROPAGATE, 0, 0, 0, level, 0))

    def probe(self, budget: int = 0, deadline: float | None = None) -> None:
        """Probing at depth 1 to a fixpoint, or until ``budget`` trials (0: no limit) or
        ``deadline`` (a ``time.perf_counter`` value)."""
        self._check(_probe(self.run, self.s, self.g, self.w, budget, deadline))

    def probe2(self, deadline: float | None = None) -> None:
        """Contradiction probing at depth 2: each trial also probes at depth 1 (until
        ``deadline``, a ``time.perf_counter`` value, leaving a sound partial state)."""
        s, g, w = self.s, self.g, self.w
        changed = True
        while changed:
            changed = False
            for e in np.flatnonzero(s[:self.ne] == E.UNK).tolist():
                if s[e] != E.UNK:
                    continue
                if deadline is not None and time.perf_counter() > deadline:
                    return
                trials = []
                for val in (E.YES, E.NO):
                    t = s.copy()
                    r = (self.run(t, g, w, E.OP_DECIDE, e, val, W_PROBE2, FULL, 0)
                         or _probe(self.run, t, g, w, 0, deadline))
                    w[2] = 0
                    trials.append((r, t))
                (r_on, on), (r_off, off) = trials
                if r_on and r_off:
                    self._check(-1)
                if r_on or r_off:
                    self._check(self.run(s, g, w, E.OP_SET, e, E.NO if r_on else E.YES, W_PROBE2, FULL, 0))
                else:
                    agree = np.flatnonzero((s[:self.ne] == E.UNK) & (on[:self.ne] != E.UNK)
                                           & (on[:self.ne] == off[:self.ne]))
                    if not len(agree):
                        continue
                    for f in agree.tolist():
                        self._check(self.run(s, g, w, E.OP_SET, f, int(on[f]), W_PROBE2_AGREE, FULL, 0))
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
        return frozenset([edges[i] for i in np.flatnonzero(self.s[:self.ne] == state).tolist()])

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
        why = self.s[self.g[E.WHY]:self.g[E.WHY] + self.ne]
        counts = np.bincount(why, minlength=W_PROBE2_AGREE + 1)
        out = {RULE_KEYS[k]: int(counts[k]) for k in RULE_KEYS if counts[k]}
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
    order = eng.s[eng.g[E.ORD]:eng.g[E.ORD] + eng.ne]
    try:
        eng.set_edges(on, off)
        start = int(eng.s[eng.g[E.MISC] + E.M_SEQ])
        for name, step in eng.tier_steps():
            step()
            new = np.flatnonzero(order >= start)
            if len(new):
                i = int(new[np.argmin(order[new])])
                why = int(eng.s[eng.g[E.WHY] + i])
                return Hint(eng.edges[i], bool(eng.s[i] == E.YES), RULES.get(why, ""), name)
    except Contradiction as exc:
        return Hint(None, contradiction=str(exc))
    return Hint(None, tier="search")
