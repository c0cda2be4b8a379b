"""Drivers of the labyrinth author's program (port of ``../shared/reference/hamiltonian.md`` 3.3
"Driver (console)"; seed: "Using this method, I found the number of walkthroughs to be 104",
"To discover 9-specific patterns, I run the program keeping it left", "I have made statistics
about how many random walkthroughs you can complete ... before running into an error").

* ``enumerate_keep_left``: depth-first, keep left -- at every step try left, then straight, then
  right among the possible moves. Reaching (n, n) with all n^2 cells is a walkthrough (numbered
  in this order, 1 first, as the ``9_<N>`` saved states are); then the search backs up to the
  deepest step with an untried option. When it backs up to the start (count = 1) half of the
  space is done -- the first step's symmetry -- and it goes on into the other half
  (``half_only`` stops there, as the author's 45-hour 9 x 9 run did). Dead ends are counted:
  "no option to move" (candidates, but the rules forbade them all), "stuck" (no candidate at all)
  and "corner early" (the walk stepped onto (n, n) before filling the board). With sound rules the
  walkthrough count is the number of Hamiltonian paths.
* ``random_walk`` / ``walk_stats``: uniform choice among the possible moves until the end or an
  error; the statistics count the walkthroughs completed before the first error, per attempt.

The kernels are numba-compiled and resumable: they return after each walkthrough (when asked) or
after a budget of steps, so the caller can collect paths and watch the clock.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from ..cascade.engine import UNIVERSAL, keep_left_moves, next_step
from ..cascade.walker import DIRS, M_COUNT, M_N, board_from_path, new_board, njit, path_cells, pop, push

FOUND, EXHAUSTED, BUDGET, DEAD_END, HALF = 0, 1, 2, 3, 4
STOP_AT_WALK, STOP_AT_ERROR, STOP_AT_HALF = 1, 2, 4  # dfs_kernel ``stop`` bits
# counters
C_WALKS, C_NO_OPTION, C_STUCK, C_CORNER, C_NODES, C_HALF, C_HALF_SET, C_SHADOW = range(8)
WALK_DONE, WALK_NO_OPTION, WALK_STUCK, WALK_CORNER = 0, 1, 2, 3


@njit(cache=True)
def _expand(board, groups, cand, forbidden, moves, nmoves, depth):
    k = next_step(board, cand, forbidden, groups)
    if k == 0:
        nmoves[depth] = 0
        ncand = cand[0] + cand[1] + cand[2] + cand[3]
        return 1 if ncand > 0 else 2
    nmoves[depth] = keep_left_moves(board, cand, forbidden, moves[depth])
    return 0


def _expand_first(board, groups: int, moves, nmoves, depth: int) -> int:
    """``_expand`` at the start of a search, called from Python: its own code interpreted, so
    that its steps run through the compiled entries ``next_step`` (the one ``walk`` runs) and
    ``keep_left_moves`` -- no entry of its own takes the whole rule cascade into its code and
    compiles it once more (minutes)."""
    cand = np.zeros(4, dtype=np.int64)
    forbidden = np.zeros(4, dtype=np.int64)
    return _expand.py_func(board, groups, cand, forbidden, moves, nmoves, depth)


@njit(cache=True)
def dfs_kernel(board, groups, moves, nmoves, tried, counters, budget, stop, base, limit, shadow):
    """Run the keep-left search for up to ``budget`` node expansions below depth ``base`` (0: the
    start; else the live end of a fixed prefix). State lives in the arrays (``moves[d]`` the
    keep-left order at depth d, ``tried[d]`` how many were taken), so a call continues where the
    last one stopped. Returns FOUND (``stop & STOP_AT_WALK``, or the walkthrough count reached
    ``limit`` > 0: the board holds that walkthrough), DEAD_END (``stop & STOP_AT_ERROR``: the
    board holds a walk with no option to move or that reached the end early), HALF (``stop &
    STOP_AT_HALF``: the search just backed up to the start, the first step's subtree done),
    EXHAUSTED or BUDGET; the next call backs up from what it returned. ``shadow`` >= 0 (for
    profiling, else -1): at each expansion also evaluate the rule set ``shadow``, unused -- the
    time it adds is its cost on the nodes this search visits."""
    n = board[1][M_N]
    cand = np.zeros(4, dtype=np.int64)
    forbidden = np.zeros(4, dtype=np.int64)
    cand2 = np.zeros(4, dtype=np.int64)
    fb2 = np.zeros(4, dtype=np.int64)
    steps = 0
    while True:
        c = board[1][M_COUNT]
        d = c - 1
        if c == n * n:  # a walkthrough returned on the previous call
            pop(board)
            continue
        if tried[d] < nmoves[d]:
            m = moves[d, tried[d]]
            tried[d] += 1
            x = board[2][d] + DIRS[m, 0]
            y = board[3][d] + DIRS[m, 1]
            push(board, x, y)
            counters[C_NODES] += 1
            if x == n and y == n:
                if c + 1 == n * n:
                    counters[C_WALKS] += 1
                    if stop & STOP_AT_WALK or (limit > 0 and counters[C_WALKS] >= limit):
                        return FOUND
                else:
                    counters[C_CORNER] += 1
                    if stop & STOP_AT_ERROR:
                        nmoves[d + 1] = 0
                        tried[d + 1] = 0
                        return DEAD_END
                pop(board)
                continue
            tried[d + 1] = 0
            if shadow >= 0:
                counters[C_SHADOW] += next_step(board, cand2, fb2, shadow)
            why = _expand(board, groups, cand, forbidden, moves, nmoves, d + 1)
            if why == 1:
                counters[C_NO_OPTION] += 1
            elif why == 2:
                counters[C_STUCK] += 1
            if why != 0:
                if stop & STOP_AT_ERROR:
                    return DEAD_END
                pop(board)
            steps += 1
            if steps >= budget:
                return BUDGET
            continue
        if d == base:
            return EXHAUSTED
        pop(board)
        if base == 0 and d == 1 and counters[C_HALF_SET] == 0:
            counters[C_HALF] = counters[C_WALKS]  # back at count = 1: the first half is done
            counters[C_HALF_SET] = 1
            if stop & STOP_AT_HALF:
                return HALF


@dataclass
class Enumeration:
    n: int
    walkthroughs: int = 0
    first_half: int | None = None  # walkthroughs when the search first backed up to the start
    no_option: int = 0
    stuck: int = 0
    corner_early: int = 0
    nodes: int = 0
    exhausted: bool = False
    seconds: float = 0.0
    cpu_seconds: float = 0.0  # this process's CPU time over the same span (a loaded machine)
    paths: list = field(default_factory=list)
    diagnostics: dict = field(default_factory=dict)


class KeepLeft:
    """A resumable keep-left enumeration of the n x n labyrinth with rule set ``groups``; its
    whole position is the walk plus the per-depth arrays, so ``state()`` / ``from_state`` carry
    it across processes."""

    def __init__(self, n: int, groups: int = UNIVERSAL, prefix=None) -> None:
        self.n = n
        self.groups = groups
        self.prefix = [tuple(c) for c in prefix] if prefix else None
        self.board = board_from_path(n, prefix) if prefix else new_board(n)
        depth = n * n + 1
        self.moves = np.zeros((depth, 3), dtype=np.int64)
        self.nmoves = np.zeros(depth, dtype=np.int64)
        self.tried = np.zeros(depth, dtype=np.int64)
        self.counters = np.zeros(8, dtype=np.int64)
        self.base = int(self.board[1][M_COUNT]) - 1
        self.done = False
        if n == 1:
            self.done = True
            self.counters[C_WALKS] = 1
        else:
            why = _expand_first(self.board, groups, self.moves, self.nmoves, self.base)
            if why:
                self.counters[C_NO_OPTION if why == 1 else C_STUCK] += 1

    def run(self, budget: int = 1 << 22, stop_at_walk: bool = False,
            stop_at_error: bool = False, limit: int = 0, stop_at_half: bool = False,
            shadow: int = -1) -> int:
        """Search on for up to ``budget`` nodes (see ``dfs_kernel``; ``limit``: stop when the
        walkthrough count reaches it; ``shadow``: a rule set to time alongside)."""
        if self.done:
            return EXHAUSTED
        stop = ((STOP_AT_WALK if stop_at_walk else 0) | (STOP_AT_ERROR if stop_at_error else 0)
                | (STOP_AT_HALF if stop_at_half else 0))
        r = dfs_kernel(self.board, self.groups, self.moves, self.nmoves, self.tried,
                       self.counters, budget, stop, self.base, limit, shadow)
        self.done = r == EXHAUSTED
        return r

    def path(self) -> list[tuple[int, int]]:
        return path_cells(self.board)

    def result(self) -> Enumeration:
        c = self.counters
        return Enumeration(self.n, int(c[C_WALKS]), int(c[C_HALF]) if c[C_HALF_SET] else None,
                           int(c[C_NO_OPTION]), int(c[C_STUCK]), int(c[C_CORNER]),
                           int(c[C_NODES]), self.done,
                           diagnostics={"areas reaching the corner": int(self.board[1][3]),
                                        "areas leaking past the gate": int(self.board[1][4])})

    def state(self) -> dict:
        """The search position as plain data (JSON-able)."""
        return {"n": self.n, "groups": self.groups, "prefix": self.prefix, "path": self.path(),
                "moves": self.moves.tolist(), "nmoves": self.nmoves.tolist(),
                "tried": self.tried.tolist(), "counters": self.counters.tolist(),
                "meta": self.board[1].tolist(), "done": self.done}

    @classmethod
    def from_state(cls, data: dict) -> KeepLeft:
        """The enumeration ``state()`` described, ready to run on."""
        n, prefix = int(data["n"]), data.get("prefix")
        keep_left = cls.__new__(cls)
        keep_left.n, keep_left.groups = n, int(data["groups"])
        keep_left.prefix = [tuple(c) for c in prefix] if prefix else None
        keep_left.board = board_from_path(n, [tuple(c) for c in data["path"]])
        keep_left.board[1][:] = np.array(data["meta"], dtype=np.int64)
        keep_left.moves = np.array(data["moves"], dtype=np.int64).reshape(n * n + 1, 3)
        keep_left.nmoves = np.array(data["nmoves"], dtype=np.int64)
        keep_left.tried = np.array(data["tried"], dtype=np.int64)
        keep_left.counters = np.array(data["counters"], dtype=np.int64)
        keep_left.base = len(prefix) - 1 if prefix else 0
        keep_left.done = bool(data["done"])
        return keep_left


DEAD_END_KINDS = ((C_NO_OPTION, "no option to move"), (C_STUCK, "stuck"), (C_CORNER, "corner early"))


def enumerate_keep_left(n: int, groups: int = UNIVERSAL, *, half_only: bool = False,
                        max_walks: int | None = None, keep_paths: bool = False,
                        seconds: float | None = None, prefix=None, state=None,
                        progress=None, dead_end=None, save_every: float = 30.0) -> Enumeration:
    """Count (and optionally list) the walkthroughs in keep-left order: all of them, the first
    half (``half_only``: first step right, the author's "left half"), the first ``max_walks``,
    or what ``seconds`` allow. ``state`` (a JSON file) makes the run resumable: an existing file
    is the position to continue from (same n, rules and prefix, else ValueError), and the
    position is written there every ``save_every`` seconds and at the end; ``seconds`` in the
    result then counts every session. ``progress(result so far)`` is called after each kernel
    call (2^18 nodes, a fraction of a second); ``dead_end(cells, kind, walkthroughs before)`` at
    each dead end (the board as it stood). The clocks start after the search kernel is compiled
    (or loaded from numba's cache)."""
    KeepLeft(3, groups).run()  # compiles dfs_kernel for these argument types: not timed
    t0, c0 = time.perf_counter(), time.process_time()
    before = before_cpu = 0.0
    keep_left = None
    if state is not None and Path(state).exists():
        data = json.loads(Path(state).read_text())
        if not isinstance(data, dict):
            raise ValueError(f"{state}: not a saved enumeration")
        want = {"n": n, "groups": groups, "prefix": [list(c) for c in prefix] if prefix else None}
        got = {k: data.get(k) for k in want}
        if got != want:
            raise ValueError(f"{state}: the saved enumeration is {got}, not {want}")
        try:
            keep_left = KeepLeft.from_state(data)
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"{state}: not a saved enumeration ({exc!r})") from None
        before, before_cpu = float(data.get("seconds", 0.0)), float(data.get("cpu_seconds", 0.0))
    if keep_left is None:
        keep_left = KeepLeft(n, groups, prefix)
    paths = []
    saved = time.perf_counter()

    def clocked() -> Enumeration:
        out = keep_left.result()
        out.seconds = before + time.perf_counter() - t0
        out.cpu_seconds = before_cpu + time.process_time() - c0
        return out

    def save() -> None:
        if state is not None:
            out = clocked()
            _write_json(state, {**keep_left.state(), "seconds": out.seconds, "cpu_seconds": out.cpu_seconds})

    while True:
        if max_walks is not None and keep_left.counters[C_WALKS] >= max_walks:
            break
        if half_only and keep_left.counters[C_HALF_SET]:
            break
        limit = max_walks if max_walks is not None else 0
        counts = keep_left.counters.copy()
        r = keep_left.run(budget=1 << 18, stop_at_walk=keep_paths, stop_at_error=dead_end is not None,
                   limit=limit, stop_at_half=half_only)
        if r == FOUND and keep_paths:
            paths.append(keep_left.path())
        elif r == DEAD_END and dead_end is not None:  # only stops there when given
            kind = next(name for i, name in DEAD_END_KINDS if keep_left.counters[i] > counts[i])
            dead_end(keep_left.path(), kind, int(keep_left.counters[C_WALKS]))
        if progress is not None:
            progress(clocked())
        if r == EXHAUSTED:
            break
        if seconds is not None and time.perf_counter() - t0 > seconds:
            break
        if state is not None and time.perf_counter() - saved > save_every:
            save()
            saved = time.perf_counter()
    save()
    out = clocked()
    out.paths = paths
    if half_only and out.first_half is not None:
        out.walkthroughs = out.first_half
    return out


def _write_json(path, data) -> None:
    tmp = Path(str(path) + ".tmp")
    tmp.write_text(json.dumps(data))
    tmp.replace(path)


# ---------------------------------------------------------------- random walks


@njit(cache=True)
def _reset(board):
    while board[1][M_COUNT] > 1:
        pop(board)


@njit(cache=True)
def random_walk_kernel(board, groups, out_options):
    """One random walk from the start: uniform among the possible moves. Returns WALK_DONE or the
    error (WALK_NO_OPTION, WALK_STUCK, WALK_CORNER). ``out_options[i]`` = bit mask of the possible
    directions at step i (for saving the walk in the author's format)."""
    n = board[1][M_N]
    _reset(board)
    cand = np.zeros(4, dtype=np.int64)
    forbidden = np.zeros(4, dtype=np.int64)
    opts = np.zeros(3, dtype=np.int64)
    while True:
        c = board[1][M_COUNT]
        k = next_step(board, cand, forbidden, groups)
        mask = 0
        j = 0
        for d in range(4):
            if cand[d] and forbidden[d] == 0:
                mask |= 1 << d
                opts[j] = d
                j += 1
        out_options[c] = mask
        if k == 0:
            ncand = cand[0] + cand[1] + cand[2] + cand[3]
            return WALK_NO_OPTION if ncand > 0 else WALK_STUCK
        d = opts[np.random.randint(0, k)]
        x = board[2][c - 1] + DIRS[d, 0]
        y = board[3][c - 1] + DIRS[d, 1]
        push(board, x, y)
        if x == n and y == n:
            return WALK_DONE if c + 1 == n * n else WALK_CORNER


@njit(cache=True)
def _seed(seed):
    np.random.seed(seed)


@dataclass
class WalkStats:
    n: int
    attempts: int
    mean: float
    results: list
    errors: dict
    capped: int
    seconds: float

    @property
    def per_error(self) -> float:
        """Walkthroughs completed per error over all attempts (inf without an error): the book's
        "1 error per 4000"; unlike the mean it stays right when attempts are capped."""
        bad = self.attempts - self.capped
        return sum(self.results) / bad if bad else float("inf")


STATS_CHUNK = 50  # attempts per chunk; chunk k runs with the seed (seed, n, k)


def walk_stats(n: int, attempts: int, seed: int = 0, groups: int = UNIVERSAL,
               max_walks: int = 1_000_000, *, state=None, progress=None) -> WalkStats:
    """The seed's statistics: per attempt, walkthroughs completed before the first error. The
    attempts run in chunks, each with its own fixed seed, so the figures do not depend on how a
    run was split: ``state`` (a JSON file) keeps the finished chunks and a rerun resumes from
    them; ``progress(attempts done, walkthroughs so far)`` is called after each attempt (the
    kernel runs one attempt per call; numba's generator carries on between calls, so the figures
    are those of one call per chunk)."""
    t0 = time.perf_counter()
    board = new_board(n)
    options = np.zeros(n * n + 1, dtype=np.int64)
    key = f"{n}:{seed}:{groups}:{max_walks}"
    saved = _load_state(state).get(key, {})
    results: list = []
    errors = np.zeros(4, dtype=np.int64)
    for k in range((attempts + STATS_CHUNK - 1) // STATS_CHUNK):
        size = min(STATS_CHUNK, attempts - k * STATS_CHUNK)
        got = saved.get(str(k))
        if got is None or len(got[0]) != size:
            _seed((seed * 1_000_003 + n * 10_007 + k) & 0x7FFFFFFF)
            part = np.zeros(size, dtype=np.int64)
            errs = np.zeros(4, dtype=np.int64)
            done = sum(results)
            for a in range(size):
                part[a], error = _walks_until_error(board, groups, max_walks, options)
                if error is not None:
                    errs[error] += 1
                done += int(part[a])
                if progress is not None and a + 1 < size:
                    progress(len(results) + a + 1, done)
            got = [part.tolist(), errs.tolist()]
            saved[str(k)] = got
            if state is not None:
                _save_state(state, key, saved)
        results.extend(got[0])
        errors += np.array(got[1], dtype=np.int64)
        if progress is not None:
            progress(len(results), sum(results))
    arr = np.array(results, dtype=np.int64)
    return WalkStats(n, attempts, float(arr.mean()) if attempts else 0.0, results,
                     {"no option to move": int(errors[WALK_NO_OPTION]), "stuck": int(errors[WALK_STUCK]),
                      "corner early": int(errors[WALK_CORNER])},
                     int((arr >= max_walks).sum()), time.perf_counter() - t0)


def _load_state(path) -> dict:
    if path is None or not Path(path).exists():
        return {}
    return json.loads(Path(path).read_text())


def _save_state(path, key: str, chunks: dict) -> None:
    data = _load_state(path)
    data[key] = chunks
    _write_json(path, data)


def random_walk(n: int, seed: int = 0, groups: int = UNIVERSAL):
    """One random walk: (outcome, path cells (x, y), possible-direction masks per step)."""
    board = new_board(n)
    _seed(seed)
    options = np.zeros(n * n + 1, dtype=np.int64)
    counts = np.zeros(4, dtype=np.int64)
    walks_kernel(board, groups, 1, options, counts)  # the one entry of the random walks
    r = int(np.argmax(counts))
    cells = path_cells(board)
    return r, cells, [int(options[i]) for i in range(1, len(cells) + 1)]


@njit(cache=True)
def walks_kernel(board, groups, walks, options, counts):
    """Up to ``walks`` random walks (the one compiled entry of ``random_walk``, ``walk_stats`` and
    ``walk_errors``: each entry takes the whole rule cascade into its own code, minutes of
    compiling); ``counts[outcome]`` counts them by outcome. Stops after the
    first error (the board then holds the failed walk) and returns how many walks ran, negated
    after an error."""
    for w in range(walks):
        r = random_walk_kernel(board, groups, options)
        counts[r] += 1
        if r != WALK_DONE:
            return -(w + 1)
    return walks


@dataclass
class WalkErrors:
    n: int
    walks: int
    errors: dict
    failures: list  # the failed walks' cells (the author's (x, y)) with their outcome
    seconds: float

    @property
    def per_error(self) -> float:
        """Walkthroughs completed per error (inf without an error)."""
        bad = sum(self.errors.values())
        return (self.walks - bad) / bad if bad else float("inf")


def _walks_until_error(board, groups: int, max_walks: int, options) -> tuple[int, int | None]:
    """One attempt of the statistics: random walks until the first error, at most ``max_walks``;
    (walkthroughs completed, the error or None when capped)."""
    counts = np.zeros(4, dtype=np.int64)
    k = walks_kernel(board, groups, max_walks, options, counts)
    if k >= 0:
        return k, None
    return -k - 1, int(np.argmax(counts[WALK_NO_OPTION:])) + WALK_NO_OPTION


def walk_errors(n: int, walks: int, seed: int = 0, groups: int = UNIVERSAL, *, keep: int = 20,
                progress=None, chunk: int = 1000) -> WalkErrors:
    """The book's later statistics ("no error in 1 M random cases", "1 error per 4000"): ``walks``
    random walks, counted by outcome; the first ``keep`` failed walks are kept."""
    t0 = time.perf_counter()
    board = new_board(n)
    _seed(seed)
    options = np.zeros(n * n + 1, dtype=np.int64)
    counts = np.zeros(4, dtype=np.int64)
    failures = []
    done = 0
    while done < walks:
        before = counts.copy()
        k = walks_kernel(board, groups, min(chunk, walks - done), options, counts)
        done += abs(k)
        if k < 0 and len(failures) < keep:
            kind = int(np.argmax(counts - before))
            failures.append((path_cells(board), ("", "no option to move", "stuck", "corner early")[kind]))
        if progress is not None:
            progress(done, int(counts[1:].sum()))
    return WalkErrors(n, walks, {"no option to move": int(counts[WALK_NO_OPTION]),
                                 "stuck": int(counts[WALK_STUCK]), "corner early": int(counts[WALK_CORNER])},
                      failures, time.perf_counter() - t0)
