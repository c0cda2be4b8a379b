"""Backends around the port of the J essay (``essay.py``, ``heuristics.py``): the puzzle becomes
the essay's matrix, the port does the work, the state comes back as a solution. A state is the
essay's ``y`` (and ``m``, ``n`` the counts of ``wf``), named as in ``essay.py``.

* ``bruteforce`` -- ``bf @ init``: every colouring of the free cells with the missing number of
  white cells, in ``comb`` order, kept when ``check`` passes. The backend enumerates them all (to
  count: the essay's ``bf`` stops at the first) in chunks with a vectorised ``check``
  (``check_many``, tested equal to ``check``), so it honours time limits and never builds the
  whole array; above ``MAX_COLOURINGS`` it stops ``stuck`` and says how many there would be.
* ``heuristics`` -- ``heuristics @ init``; ``stuck`` when free cells remain.
* ``heuristics+bruteforce`` -- ``bfh``: the heuristics, then the enumeration.

Counts are exact (``exhausted``) because every heuristic is a sound deduction -- each colours a
cell the way every solution does -- with one proviso, checked here: ``hislands`` makes white a
free region bordered only by white cells, assuming some wall cell lies outside it; that holds
whenever the state already has a black cell (cells never turn back from black). If the
deduction fires in a state without black cells, results are reported as not exhausted.

Like the essay's ``check``, these backends want exactly one black island, so a puzzle whose only
solution has no wall cell (one number covering the grid) has no solution here; the declarative
backends and the domain checker accept it. Numbers "?" have no place in the essay's encoding:
such puzzles are refused (status ``stuck``, with a note).
"""

from __future__ import annotations

from itertools import combinations, islice
from math import comb as binomial

import numpy as np

from ...puzzles.nurikabe import NurikabePuzzle, NurikabeSolution
from ...puzzles.solving import Deadline, Limit, SolveResult, Status, finish
from .essay import BLACK, FREE, WHITE, CheckFailed, approx, check, init, islands, see, wf
from .heuristics import heuristics as run_heuristics

MAX_COLOURINGS = 10**6  # default cap (about 10-30 s); backend option max_colourings
CHUNK_CELLS = 2_000_000  # candidates per chunk x cells


class Unsupported(ValueError):
    pass


def matrix(puzzle: NurikabePuzzle) -> np.ndarray:
    """The essay's puzzle matrix: 0 blank, k a number."""
    if puzzle.has_unknown_clues():
        raise Unsupported("the essay's matrices have no unknown numbers ('?'); use sat or cpsat")
    return np.array([[v or 0 for v in row] for row in puzzle.clues], dtype=np.int64)


def to_solution(puzzle: NurikabePuzzle, y) -> NurikabeSolution:
    y = np.asarray(y)
    return NurikabeSolution.from_cells(puzzle.rows, puzzle.cols, map(tuple, np.argwhere(y == BLACK).tolist()),
                                       map(tuple, np.argwhere(y == FREE).tolist()))


def check_many(stack, shape) -> np.ndarray:
    """``check :: 0:`` on every row of ``stack`` (raveled states) at once."""
    k, n = stack.shape
    rows, cols = shape
    y = stack.reshape(k, rows, cols)
    ok = np.all(np.isin(y, (BLACK, WHITE)) | (y > 0), axis=(1, 2))
    blk = y == BLACK
    ok &= ~np.any(blk[:, :-1, :-1] & blk[:, 1:, :-1] & blk[:, :-1, 1:] & blk[:, 1:, 1:], axis=(1, 2))
    if not ok.all():  # only the survivors go on to the islands
        out = np.zeros(k, bool)
        if ok.any():
            out[ok] = check_many(stack[ok], shape)
        return out
    s = np.minimum(WHITE, y)
    label = np.broadcast_to(np.arange(n).reshape(rows, cols), y.shape).copy()
    down, right = s[:, 1:] == s[:, :-1], s[:, :, 1:] == s[:, :, :-1]
    while True:
        new = label.copy()
        np.minimum(new[:, 1:], np.where(down, label[:, :-1], new[:, 1:]), out=new[:, 1:])
        np.minimum(new[:, :-1], np.where(down, label[:, 1:], new[:, :-1]), out=new[:, :-1])
        np.minimum(new[:, :, 1:], np.where(right, new[:, :, :-1], new[:, :, 1:]), out=new[:, :, 1:])
        np.minimum(new[:, :, :-1], np.where(right, new[:, :, 1:], new[:, :, :-1]), out=new[:, :, :-1])
        flat_new = new.reshape(k, n)
        new = np.take_along_axis(flat_new, flat_new, axis=1).reshape(y.shape)  # pointer jumping
        if np.array_equal(new, label):
            break
        label = new
    flat, lab = y.reshape(k, n), label.reshape(k, n)
    root = lab == np.arange(n)
    ok &= root.sum(axis=1) == 1 + (flat > 0).sum(axis=1)  # (#c) = 1++/,0<y
    ok &= (root & (flat == BLACK)).sum(axis=1) == 1  # 1=+/b (a component is all black or all not)
    key = (np.arange(k)[:, None] * n + lab).ravel()
    size = np.bincount(key, minlength=k * n).reshape(k, n)
    total = np.bincount(key, weights=flat.ravel(), minlength=k * n).reshape(k, n)
    clues = np.bincount(key, weights=(flat > 0).ravel(), minlength=k * n).reshape(k, n)
    low = np.bincount(key, weights=(flat < 0).ravel(), minlength=k * n).reshape(k, n)
    white_root = root & (flat >= 0)
    bad = white_root & ((low > 0) | (clues != 1) | (size != total))
    return ok & ~bad.any(axis=1)


def enumerate_colourings(y, limit: Limit, deadline: Deadline, stats: dict, cap: int = MAX_COLOURINGS):
    """Every colouring ``bf`` would try, in its order, checked chunk by chunk: (solutions,
    exhausted, timed_out). Raises ``Unsupported`` above ``cap`` colourings."""
    t = np.asarray(y).ravel()
    free = np.flatnonzero(t == FREE)
    m, n = wf(t)
    total = binomial(n, m) if 0 <= m <= n else 0
    stats.update(wf=[m, n], colourings=total)
    if total > cap:
        raise Unsupported(f"brute force infeasible: {approx(total)} colourings of {n} free cells with {m} "
                          f"white (m!n for wf = {m} {n}) exceed the limit of {approx(cap)} "
                          "(option max_colourings)")
    found: list = []
    combos = combinations(range(n), m)
    chunk = max(1, CHUNK_CELLS // max(1, t.size))
    checked = 0
    while checked < total:
        if deadline.expired():
            return found, False, True
        part = list(islice(combos, chunk))
        cand = np.broadcast_to(np.where(t == FREE, BLACK, t), (len(part), t.size)).copy()
        if m:
            idx = np.array(part, dtype=np.int64)
            cand[np.arange(len(part))[:, None], free[idx]] = WHITE
        good = np.flatnonzero(check_many(cand, np.asarray(y).shape))
        found.extend(cand[g].reshape(np.asarray(y).shape) for g in good)
        checked += len(part)
        if len(found) >= limit.solutions:
            return found[: limit.solutions], False, False
    stats["checked"] = checked
    return found, True, False


def _whitening_free_region(y) -> bool:
    """Would ``hislands`` whiten a free region bordered only by white cells while the state has
    no black cell? (the one deduction whose soundness needs a wall cell outside the region)"""
    y = np.asarray(y)
    if np.any(y == BLACK):
        return False
    flat = y.ravel()
    for comp in islands(y):
        if flat[comp[0]] != FREE:
            continue
        own = set(comp.tolist())
        rim = {int(v) for v in _neighbours(y.shape)[comp].ravel() if v >= 0 and int(v) not in own}
        if rim and min(int(flat[v]) for v in rim) == WHITE:
            return True
    return False


def _neighbours(shape):
    rows, cols = shape
    idx = np.arange(rows * cols).reshape(rows, cols)
    pad = np.pad(idx, 1, constant_values=-1)
    return np.stack([pad[:-2, 1:-1], pad[1:-1, :-2], pad[1:-1, 2:], pad[2:, 1:-1]], axis=-1).reshape(-1, 4)


class _Tracer:
    """Sees every state of ``heuristics``: notes the steps that colour cells (``--trace``) and
    whether the proviso of the module docstring held."""

    def __init__(self, lines: list[str] | None) -> None:
        self.lines = lines
        self.last = None
        self.sound = True

    def __call__(self, name: str, state) -> None:
        if name == "hislands" and self.last is not None and _whitening_free_region(self.last):
            self.sound = False
        if self.lines is not None:
            changed = int(np.sum(self.last != state)) if self.last is not None else 0
            if self.last is None or changed:
                m, n = wf(state)
                ways = binomial(n, m) if 0 <= m <= n else 0
                self.lines.append(f"{name}: {changed} cell(s) coloured, wf = {m} {n}, m!n = {approx(ways)}")
        self.last = state


def _run(puzzle: NurikabePuzzle, limit: Limit, backend: str, use_heuristics: bool, brute: bool,
         trace: bool, cap: int = MAX_COLOURINGS) -> SolveResult:
    deadline = Deadline(limit.seconds)
    lines: list[str] | None = [] if trace else None
    stats: dict = {}
    if trace:
        stats["trace"] = lines
    try:
        y = init(matrix(puzzle))
    except Unsupported as exc:  # not a failure: the port cannot take this input (crossval: no vote)
        return SolveResult(backend, Status.STUCK, seconds=deadline.elapsed(), note=str(exc))
    tracer = _Tracer(lines)
    tracer("init", y)
    if use_heuristics:
        y = run_heuristics(y, tracer)
    stats["wf_after"] = list(wf(y))
    exact = tracer.sound
    if lines is not None and np.any(y == FREE):
        lines.extend(see(y).splitlines())  # the state the heuristics leave (essay: see t)
    if not brute:
        if np.any(y == FREE):
            m, n = wf(y)
            return SolveResult(backend, Status.STUCK, solutions=(), seconds=deadline.elapsed(), stats=stats,
                               note=f"heuristics stuck with {n} free cells (wf = {m} {n})")
        try:
            check(y)
        except CheckFailed as exc:
            status = Status.UNSAT if exact else Status.STUCK
            return SolveResult(backend, status, exhausted=exact, seconds=deadline.elapsed(), stats=stats,
                               note=f"the heuristics' grid fails check: {exc}")
        return SolveResult(backend, Status.SOLVED, (to_solution(puzzle, y),), exhausted=exact,
                           seconds=deadline.elapsed(), stats=stats)
    try:
        states, exhausted, timed_out = enumerate_colourings(y, limit, deadline, stats, cap)
    except Unsupported as exc:
        return SolveResult(backend, Status.STUCK, seconds=deadline.elapsed(), stats=stats, note=str(exc))
    if lines is not None:
        lines.append(f"bf: {stats.get('checked', 'stopped before all')} of {stats['colourings']} colourings "
                     f"checked, {len(states)} check out")
    return finish(backend, [to_solution(puzzle, s) for s in states], exhausted=exhausted and exact,
                  timed_out=timed_out, deadline=deadline, stats=stats)


def solve_bruteforce(puzzle: NurikabePuzzle, limit: Limit = Limit(), *, trace: bool = False,
                     max_colourings: int = MAX_COLOURINGS) -> SolveResult:
    """``bruteforce``: ``bf @ init``, every colouring checked (stuck above ``max_colourings``)."""
    return _run(puzzle, limit, "bruteforce", False, True, trace, max_colourings)


def solve_heuristics(puzzle: NurikabePuzzle, limit: Limit = Limit(), *, trace: bool = False) -> SolveResult:
    """``heuristics``: ``heuristics @ init``; stuck when free cells remain."""
    return _run(puzzle, limit, "heuristics", True, False, trace)


def solve_bfh(puzzle: NurikabePuzzle, limit: Limit = Limit(), *, trace: bool = False,
              max_colourings: int = MAX_COLOURINGS) -> SolveResult:
    """``heuristics+bruteforce``: ``bfh`` (stuck above ``max_colourings``)."""
    return _run(puzzle, limit, "heuristics+bruteforce", True, True, trace, max_colourings)


def heuristic_state(puzzle: NurikabePuzzle) -> tuple[NurikabeSolution, bool]:
    """The essay's heuristics on the puzzle: (the partial state, whether every deduction is known
    sound here -- see the module docstring)."""
    tracer = _Tracer(None)
    y = run_heuristics(init(matrix(puzzle)), tracer)
    return to_solution(puzzle, y), tracer.sound
