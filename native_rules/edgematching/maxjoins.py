"""Max-joins by search (``backtrack-table`` with ``maximize_joins``): the table scan allowed to
leave inner joins mismatched -- *breaks* -- on a schedule (docs/edgematching.md).

* First the exact search (restarts, ``restarts``) for a twentieth of the time (5 s
  at most): a board that has a solution it finds soon (small boards) is done at once.
* Then *climbs* (``climb``): the whole board scanned as Blackwood does, the frame with the rows
  -- the first rows row by row, the last third column by column, so the last frame side is
  laid a square at a time -- every square's candidates one table slice, exact fits first, then
  the pieces that break one inner join (the joins along the frame never break).
* No break before depth ``start`` x squares; past it the breaks allowed so far rise to the
  target at the last square, as the power ``power`` (1.5) of the share of the way: few early,
  more late. The target is one break fewer than the best board known, so
  each finished board raises the score to beat.
* Restarts: after ``restart`` placements per square without a better board the tables are
  rebuilt with a new shuffle of the candidates and the scan starts over.
* Priority colours: the pieces that carry the rarest inner colours come first in every table
  entry, so those colours are used up early, while the board still has room for them.
* Every better board is handed to ``on_best`` at once (the backend writes it to ``best_file``),
  so a run stopped at any time keeps its best. ``workers`` > 1 runs independent climbs with
  different shuffles in processes that share the target. Each run draws a new seed unless
  ``order`` gives one.
* ``climb_frame`` is the earlier scheme (a random matching frame fixed, the inside scanned),
  kept for comparison.
"""

from __future__ import annotations

import os
import queue
import secrets
from collections import Counter
from pathlib import Path

import numpy as np

from ...puzzles.edgematching import EdgeMatchingPuzzle, EdgeMatchingSolution, matched_joins
from ...puzzles.solving import Deadline, Limit, SolveResult, Status
from ..kernels import njit
from . import scan as scan_mod
from .parallel import context, stop
from .restarts import first_board
from .tables import NAME, Search, build

START = 0.75  # no breaks before this fraction of the squares
LAST_GAP = 0.0  # the allowance reaches the target this fraction of the squares before the end
RESTART = 40_000  # placements per square without a better board before a restart
EXACT_SHARE, EXACT_SECONDS = 0.05, 5.0  # the exact search first: this share of the time, at most
POWER = 1.5  # the shape of the rise of the allowance (schedule): > 1, few breaks early
PRIORITY = 0.5  # the rarest fraction of the inner colours put first


def schedule(n: int, target: int, start: float, last: int | None = None, power: float = 1.0) -> np.ndarray:
    """Breaks allowed up to each depth: 0 before ``start * n``, then rising to ``target`` at
    depth ``last`` (the last square that can break a join; default the last square), as the
    ``power`` of the share of the way (> 1: fewer early, more late)."""
    last = n - 1 if last is None else last
    d0 = min(int(start * n), last)
    d = np.arange(n)
    rise = np.ceil(target * (np.clip(d - d0 + 1, 0, None) / (last - d0 + 1)) ** power).astype(np.int64)
    return np.where(d < d0, 0, np.minimum(rise, target)).astype(np.int64)


def priority_rank(puzzle: EdgeMatchingPuzzle, share: float):
    """rank(piece): minus the number of its sides in the rarest ``share`` of inner colours."""
    counts = Counter(v for t in puzzle.tiles for v in t if v != 0)
    rare = set(sorted(counts, key=lambda v: (counts[v], v))[: int(round(share * len(counts)))])
    return lambda p: -sum(v in rare for v in puzzle.tiles[p - 1])


def ring_squares(rows: int, cols: int) -> list[tuple[int, int]]:
    """The frame's squares clockwise from the top left corner."""
    return ([(0, c) for c in range(cols)] + [(r, cols - 1) for r in range(1, rows)]
            + [(rows - 1, c) for c in range(cols - 2, -1, -1)] + [(r, 0) for r in range(rows - 2, 0, -1)])


def ring_candidates(puzzle: EdgeMatchingPuzzle):
    """The frame as a cycle: (ring squares, start, piece, rotation, colour towards the previous
    square, colour towards the next) -- the candidates of ring square i are ``start[i]`` ..
    ``start[i + 1]``, the border rule and the puzzle's fixed pieces applied."""
    ring = ring_squares(puzzle.rows, puzzle.cols)
    start, piece, rot, cin, cout = [0], [], [], [], []
    for i, (r, c) in enumerate(ring):
        sides = []
        for j in (i - 1, (i + 1) % len(ring)):
            nr, nc = ring[j]
            sides.append(0 if nr < r else 2 if nr > r else 3 if nc < c else 1)
        for p, k in puzzle.placements(r, c):
            t = puzzle.tile(p, k)
            piece.append(p)
            rot.append(k)
            cin.append(t[sides[0]])
            cout.append(t[sides[1]])
        start.append(len(piece))
    return ring, *(np.array(a, dtype=np.int64) for a in (start, piece, rot, cin, cout))


@njit(cache=True)
def ring_search(start, perm, piece, cin, cout, npieces, budget):
    """A depth-first search along the ring for a cycle of distinct pieces whose joins all match,
    candidates of square i tried in the order ``perm[start[i]:start[i + 1]]``: the chosen
    candidate per square, or an empty array when ``budget`` candidates did not find one."""
    m = start.shape[0] - 1
    used = np.zeros(npieces + 1, dtype=np.bool_)
    pos = np.zeros(m, dtype=np.int64)
    chosen = np.full(m, -1, dtype=np.int64)
    i, steps = 0, 0
    pos[0] = start[0]
    while 0 <= i < m and steps < budget:
        if chosen[i] >= 0:
            used[piece[chosen[i]]] = False
            chosen[i] = -1
        p = pos[i]
        while p < start[i + 1]:
            steps += 1
            o = perm[p]
            if not used[piece[o]] and (i == 0 or cin[o] == cout[chosen[i - 1]]) and (
                    i < m - 1 or cout[o] == cin[chosen[0]]):
                break
            p += 1
        if p < start[i + 1]:
            chosen[i] = perm[p]
            used[piece[perm[p]]] = True
            pos[i] = p + 1
            i += 1
            if i < m:
                pos[i] = start[i]
        else:
            i -= 1
    if i == m:
        return chosen
    return np.zeros(0, dtype=np.int64)


def random_frame(puzzle: EdgeMatchingPuzzle, rng: np.random.Generator, ring=None,
                 budget: int = 2_000_000) -> list[tuple[int, int, int, int]] | None:
    """A frame whose joins all match, as fixed pieces (row, col, piece, rotation), with the
    puzzle's own fixed pieces on it kept; None if shuffled searches of ``budget`` steps fail.
    ``ring``: ``ring_candidates(puzzle)``, computed once by a caller that draws many frames."""
    squares, start, piece, rot, cin, cout = ring if ring is not None else ring_candidates(puzzle)
    for _ in range(20):
        perm = np.concatenate([start[i] + rng.permutation(start[i + 1] - start[i])
                               for i in range(len(squares))]).astype(np.int64)
        chosen = ring_search(start, perm, piece, cin, cout, puzzle.n, budget)
        if chosen.size:
            return [(r, c, int(piece[o]), int(rot[o])) for (r, c), o in zip(squares, chosen, strict=True)]
    return None


def descend(puzzle: EdgeMatchingPuzzle, t, deadline: Deadline, best_breaks, on_best, allowance,
            restart: int) -> int:
    """One climb over the tables ``t``: the scan with breaks allowed by ``allowance(target)``
    (per depth), the target one below the best board known (``best_breaks()``, shared between
    processes), lowered at each board found; given up after ``restart`` placements per square
    without a better board. Returns the placements made."""
    n = puzzle.n
    target = best_breaks() - 1
    if target < 0:
        return 0
    s = Search(t, allowed=allowance(target))
    since = 0
    while not deadline.expired() and since < restart * n:
        before = s.nodes
        code = s.step()
        since += s.nodes - before
        known = best_breaks() - 1
        if known < target:  # another process found better: tighten
            target = known
            if target < 0:
                break
            s.allowed[:] = allowance(target)
        if code == scan_mod.FOUND:
            got = s.breaks
            if got < best_breaks():
                on_best(s.board(puzzle), got)
                since = 0
            target = min(target, got - 1)
            if target < 0:
                break
            s.allowed[:] = allowance(target)
        elif code == scan_mod.EXHAUSTED:
            break
    return s.nodes


def climb_frame(puzzle: EdgeMatchingPuzzle, deadline: Deadline, seed: int, best_breaks, on_best, *,
                start: float = 0.65, restart: int = RESTART, priority: float = PRIORITY,
                power: float = 1.0) -> int:
    """The earlier scheme, kept for comparison (``-O climb=frame``): each climb lays a random
    frame that matches all round, fixed, and scans the inside with breaks from ``start`` x
    squares rising to the target at the last free square."""
    n = puzzle.n
    rank = priority_rank(puzzle, priority) if priority > 0 else None
    ring = ring_candidates(puzzle)
    rng = np.random.default_rng(seed)
    nodes = 0
    while not deadline.expired() and best_breaks() > 0:
        frame = random_frame(puzzle, rng, ring)
        if frame is None:
            break
        inside = puzzle.with_changes(hints=set(puzzle.hints) | set(frame))
        t = build(inside, order=seed, with_breaks=True, rank=rank)
        seed += 1_000_003
        last = int(np.flatnonzero(~t.fixed)[-1])  # the frame after it is fixed
        nodes += descend(puzzle, t, deadline, best_breaks, on_best,
                         lambda target, last=last: schedule(n, target, start, last, power), restart)
    return nodes


def climb(puzzle: EdgeMatchingPuzzle, deadline: Deadline, seed: int, best_breaks, on_best, *,
          start: float = START, restart: int = RESTART, priority: float = PRIORITY,
          power: float = POWER, tail: int | None = None, last_gap: float = LAST_GAP) -> int:
    """Restarted break-scheduled scans until the deadline or a perfect board, the frame scanned
    with the rows (Blackwood): the first rows row by row, the last ``tail`` rows (default a
    third) column by column, breaks on inner joins only, allowed from ``start`` x squares and
    rising to the target ``last_gap`` x squares before the end. ``best_breaks()`` reads the
    breaks of the best board known anywhere, ``on_best(board, breaks)`` gets each board that
    beats it. Returns the placements made."""
    n = puzzle.n
    rank = priority_rank(puzzle, priority) if priority > 0 else None
    tail = max(1, min(puzzle.rows, puzzle.cols) // 3) if tail is None else tail
    last = max(1, int(round(n * (1 - last_gap)))) - 1
    nodes = 0
    while not deadline.expired() and best_breaks() > 0:
        t = build(puzzle, order=seed, with_breaks=True, rank=rank, tail=tail)
        seed += 1_000_003
        nodes += descend(puzzle, t, deadline, best_breaks, on_best,
                         lambda target: schedule(n, target, start, last, power), restart)
    return nodes


CLIMBS = {"rows": climb, "frame": climb_frame}


def _climber(puzzle, seconds, seed, shared, out, options) -> None:
    deadline = Deadline(seconds)

    def on_best(board, breaks):
        with shared.get_lock():
            if breaks < shared.value:
                shared.value = breaks
                out.put(("best", board.placements, breaks, deadline.elapsed()))

    how = options.pop("how", "rows")
    nodes = CLIMBS[how](puzzle, deadline, seed, lambda: shared.value, on_best, **options)
    out.put(("done", nodes))


def maximize(puzzle: EdgeMatchingPuzzle, limit: Limit, *, order: int = 0, workers: int = 1,
             best_file: str | None = None, trace: bool = False, **options) -> SolveResult:
    """The board with the most matched inner joins found within ``limit.seconds``."""
    if options.get("how", "rows") not in CLIMBS:
        raise ValueError(f"climb must be one of {', '.join(CLIMBS)}, not {options['how']!r}")
    deadline = Deadline(limit.seconds)
    total = len(puzzle.inner_joins())
    progress: list[tuple[float, int]] = []
    best: list = [None]

    def record(board: EdgeMatchingSolution, seconds: float) -> None:
        best[0] = board
        score = matched_joins(puzzle, board)
        progress.append((round(seconds, 3), score))
        if best_file:
            from ...puzzles.formats.edgematching import format_solution

            tmp = Path(best_file + ".tmp")
            tmp.write_text(format_solution(puzzle, board, f"best {score} of {total}") + "\n")
            os.replace(tmp, best_file)

    seed = order or 1 + secrets.randbelow(1 << 31)  # a new path each run unless -O order=N asks
    exact_seconds = min(EXACT_SHARE * (limit.seconds or EXACT_SECONDS), EXACT_SECONDS)
    boards, _, _, nodes = first_board(puzzle, Deadline(exact_seconds), order=order)
    if boards:
        record(boards[0], deadline.elapsed())
    elif workers <= 1:
        state = {"breaks": total + 1}

        def on_best(board, breaks):
            state["breaks"] = breaks
            record(board, deadline.elapsed())

        how = options.pop("how", "rows")
        nodes = CLIMBS[how](puzzle, deadline, seed, lambda: state["breaks"], on_best, **options)
    elif not deadline.expired():
        ctx = context()
        shared, out = ctx.Value("q", total + 1), ctx.Queue()
        procs = [ctx.Process(target=_climber, daemon=True,
                             args=(puzzle, deadline.remaining(), seed + 7919 * w, shared, out, options))
                 for w in range(workers)]
        for p in procs:
            p.start()
        done = 0
        nodes = 0
        try:
            while done < workers and not deadline.expired():
                try:
                    msg = out.get(timeout=0.1)
                except queue.Empty:
                    if not any(p.is_alive() for p in procs):
                        break
                    continue
                if msg[0] == "best":
                    record(EdgeMatchingSolution(puzzle.rows, puzzle.cols, msg[1]), deadline.elapsed())
                else:
                    done += 1
                    nodes += msg[1]
        finally:
            stop(procs)
    board = best[0]
    stats: dict = {"total_joins": total, "nodes": nodes, "workers": workers, "seed": seed,
                   "progress": progress, "improvements": len(progress)}
    if trace:
        stats["trace"] = [f"{s:8.1f} s  {score}/{total} joins" for s, score in progress]
    if board is None:
        return SolveResult(NAME, Status.TIMEOUT, (), False, deadline.elapsed(), stats,
                           note="no board within the time limit")
    score = matched_joins(puzzle, board)
    stats["objective"] = score
    note = f"best {score} of {total} joins matched"
    if score == total:
        return SolveResult(NAME, Status.SOLVED, (board,), False, deadline.elapsed(), stats,
                           note=note, best=board)
    return SolveResult(NAME, Status.TIMEOUT, (), False, deadline.elapsed(), stats, note=note, best=board)


__all__ = ["CLIMBS", "climb", "climb_frame", "descend", "maximize", "priority_rank", "schedule"]
