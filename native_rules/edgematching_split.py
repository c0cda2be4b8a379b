"""``backtrack-table`` on several cores: every process runs the same scan and explores every
``workers``-th subtree below the split depth (``edgematching_table.split_depth``), so the
processes' boards are disjoint and together are the whole search -- exact counts stay exact.
Boards come back through a queue as they are found; the processes stop when enough are known,
at the deadline, or when they have all exhausted their shares."""

from __future__ import annotations

import multiprocessing as mp
import queue

from gridsolve.puzzles.edgematching import EdgeMatchingPuzzle, EdgeMatchingSolution
from gridsolve.puzzles.solving import Deadline

from .edgematching_table import enumerate_boards

POLL = 0.05  # seconds between looks at the queue


def context():
    """Processes by fork where there is fork (no re-import), else spawn."""
    return mp.get_context("fork" if "fork" in mp.get_all_start_methods() else "spawn")


def stop(procs) -> None:
    """End the processes still running and reap them all."""
    for p in procs:
        if p.is_alive():
            p.terminate()
        p.join()


def _worker(puzzle, wanted, seconds, order, share, out) -> None:
    deadline = Deadline(seconds)
    boards, exhausted, timed_out, nodes = enumerate_boards(
        puzzle, wanted, deadline, order=order, share=share,
        on_board=lambda b: out.put(("board", b.placements)))
    out.put(("done", exhausted, timed_out, nodes))


def enumerate_split(puzzle: EdgeMatchingPuzzle, wanted: int, deadline: Deadline, order: int,
                    workers: int) -> tuple[list[EdgeMatchingSolution], bool, bool, int]:
    """Up to ``wanted`` boards found by ``workers`` processes: (boards, exhausted, timed out,
    placements summed over the processes)."""
    ctx = context()
    out = ctx.Queue()
    procs = [ctx.Process(target=_worker, daemon=True,
                         args=(puzzle, wanted, deadline.remaining(), order, (workers, w), out))
             for w in range(workers)]
    for p in procs:
        p.start()
    boards: list[EdgeMatchingSolution] = []
    done, all_exhausted, nodes = 0, True, 0
    try:
        while done < workers and len(boards) < wanted:
            if deadline.expired():
                break
            try:
                msg = out.get(timeout=POLL)
            except queue.Empty:
                if not any(p.is_alive() for p in procs) and out.empty():
                    all_exhausted = False  # a process died without reporting
                    break
                continue
            if msg[0] == "board":
                boards.append(EdgeMatchingSolution(puzzle.rows, puzzle.cols, msg[1]))
            else:
                done += 1
                all_exhausted &= msg[1]
                nodes += msg[3]
    finally:
        stop(procs)
    exhausted = done == workers and all_exhausted
    timed_out = not exhausted and len(boards) < wanted
    return boards[:wanted], exhausted, timed_out, nodes


__all__ = ["context", "enumerate_split", "stop"]
