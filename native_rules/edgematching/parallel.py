"""``backtrack-table`` on several cores, two ways.

* Split: every process runs the same scan and explores every ``workers``-th subtree below the
  split depth (``tables.split_depth``), so the processes' boards are disjoint and
  together are the whole search -- exact counts stay exact. Done when enough boards are known
  or every process has exhausted its share.
* Portfolio (``first``): every process restarts the whole scan with its own shuffles
  (``restarts``); the first board of any process wins, and one process that
  exhausts its tree proves there is none. The first process skips the first run, which the
  caller has made before it started the processes.

Boards come back through a queue as they are found; the processes stop at the deadline too."""

from __future__ import annotations

import queue
import time

from ...puzzles.edgematching import EdgeMatchingPuzzle, EdgeMatchingSolution
from ...puzzles.solving import Deadline
from .restarts import first_board
from .tables import enumerate_boards

POLL = 0.05  # seconds between looks at the queue


def context():
    """Processes by fork where there is fork (no re-import), else spawn (multiprocessing is
    imported here, when processes are wanted: most small searches start none)."""
    import multiprocessing as mp

    return mp.get_context("fork") if "fork" in mp.get_all_start_methods() else mp.get_context("spawn")


def stop(procs) -> None:
    """End the processes still running and reap them all."""
    for p in procs:
        if p.is_alive():
            p.terminate()
        p.join()


def late_counts(out, missing: int, wait: float = 1.0) -> int:
    """The placements of the ``missing`` processes that report within ``wait`` seconds of the
    deadline (for the statistics only; their boards came too late)."""
    nodes, until = 0, time.monotonic() + wait
    while missing and time.monotonic() < until:
        try:
            msg = out.get(timeout=POLL)
        except queue.Empty:
            continue
        if msg[0] == "done":
            nodes += msg[3]
            missing -= 1
    return nodes


def _worker(puzzle, wanted, seconds, order, share, first, out, progress=None) -> None:
    deadline = Deadline(seconds)
    if first:  # the board (if any) comes with the placements it took

        def report(nodes):  # the placements so far, for the caller's statistics
            if progress is not None:
                progress.value = nodes

        boards, exhausted, timed_out, nodes = first_board(puzzle, deadline, order=order, share=share,
                                                          runs=(1 if share[1] == 0 else 0, None),
                                                          poll=report if progress is not None else None)
        for b in boards:
            out.put(("board", b.placements, nodes))
    else:
        boards, exhausted, timed_out, nodes = enumerate_boards(
            puzzle, wanted, deadline, order=order, share=share,
            on_board=lambda b: out.put(("board", b.placements, 0)))
    out.put(("done", exhausted, timed_out, nodes))


class Portfolio:
    """The other processes of a first-board search (``restarts.first_board`` runs
    worker 0 in the calling process and calls ``poll`` between slices): workers 1 ..
    ``workers`` - 1 start once the caller's search has made ``start_after`` placements without
    an answer (small boards pay no process start), each restarting with its own shuffles. A
    board or a proof of none from any of them ends the caller's search."""

    def __init__(self, puzzle: EdgeMatchingPuzzle, deadline: Deadline, order: int, workers: int,
                 start_after: int = 1 << 21) -> None:
        self.args = (puzzle, deadline, order, workers)
        self.start_after = start_after
        self.procs: list = []
        self.out = None
        self.progress: list = []

    @property
    def started(self) -> bool:
        return bool(self.procs)

    def poll(self, nodes: int):
        puzzle, deadline, order, workers = self.args
        if not self.procs:
            if nodes < self.start_after or deadline.expired():
                return None
            ctx = context()
            self.out = ctx.Queue()
            self.progress = [ctx.Value("q", 0, lock=False) for _ in range(1, workers)]
            self.procs = [ctx.Process(target=_worker, daemon=True,
                                      args=(puzzle, 1, deadline.remaining(), order, (workers, w), True,
                                            self.out, self.progress[w - 1]))
                          for w in range(1, workers)]
            for p in self.procs:
                p.start()
            return None
        assert self.out is not None  # made with the processes
        while True:
            try:
                msg = self.out.get_nowait()
            except queue.Empty:
                return None
            if msg[0] == "board":
                return [EdgeMatchingSolution(puzzle.rows, puzzle.cols, msg[1])], False, False, nodes
            if msg[1]:  # that process searched the whole tree: there is no board
                return [], True, False, nodes

    def close(self) -> int:
        """End the processes; their placements (as last reported, every ``POLL_SLICE``)."""
        stop(self.procs)
        return sum(v.value for v in self.progress)


def enumerate_split(puzzle: EdgeMatchingPuzzle, wanted: int, deadline: Deadline, order: int, workers: int,
                    *, first: bool = False) -> tuple[list[EdgeMatchingSolution], bool, bool, int]:
    """Up to ``wanted`` boards found by ``workers`` processes (``first``: one board, by the
    portfolio): (boards, exhausted, timed out, placements summed over the processes that
    reported -- with ``first``, those of the process that found the board)."""
    ctx = context()
    out = ctx.Queue()
    wanted = 1 if first else wanted
    procs = [ctx.Process(target=_worker, daemon=True,
                         args=(puzzle, wanted, deadline.remaining(), order, (workers, w), first, out))
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
                nodes += msg[2]
            else:
                done += 1
                all_exhausted &= msg[1]
                nodes += msg[3]
                if first and msg[1]:  # one process searched the whole tree
                    return boards, True, False, nodes
        if done < workers and deadline.expired():  # the processes stop at the same deadline
            nodes += late_counts(out, workers - done)
    finally:
        stop(procs)
    exhausted = done == workers and all_exhausted
    timed_out = not exhausted and len(boards) < wanted
    return boards[:wanted], exhausted, timed_out, nodes


__all__ = ["Portfolio", "context", "enumerate_split", "stop"]
