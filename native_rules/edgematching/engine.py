"""``backtrack-table``: edge matching by table-driven backtracking (docs/edgematching.md). The
backend's entry: exact search and counting (``tables``, over processes
``parallel``) or max-joins (``maxjoins``).

The first board comes from restarted scans (``restarts``): worker 0 in this
process, the others, once the first few million placements have not settled it, on processes
of their own (a portfolio of shuffles; the default uses two cores). When more boards are wanted
than that, one complete scan counts them (split between the processes when the first board
needed them), and the boards of both are merged.
"""

from __future__ import annotations

import os

from ...encoding.edgematching import class_limit, with_turned_copies
from ...puzzles.edgematching import EdgeMatchingPuzzle, symmetry_anchor
from ...puzzles.solving import Deadline, Limit, SolveResult, finish
from .parallel import Portfolio, enumerate_split
from .restarts import first_board
from .tables import NAME, enumerate_boards

WORKERS = min(2, os.cpu_count() or 1)  # processes by default: the two cores the engine is tuned for


def first_boards(puzzle: EdgeMatchingPuzzle, deadline: Deadline, order: int, workers: int):
    """One board (or proof there is none) by restarts: worker 0 here, the other ``workers`` - 1
    on processes started once the first few million placements have not settled it (a
    portfolio of shuffles). The last value: were the processes started?"""
    helpers = Portfolio(puzzle, deadline, order, workers) if workers > 1 else None
    others = 0
    try:
        boards, exhausted, timed_out, nodes = first_board(puzzle, deadline, order=order,
                                                          share=(max(1, workers), 0),
                                                          poll=helpers.poll if helpers else None)
    finally:
        if helpers is not None:
            others = helpers.close()
    return boards, exhausted, timed_out, nodes + others, helpers is not None and helpers.started


def all_boards(puzzle: EdgeMatchingPuzzle, wanted: int, deadline: Deadline, order: int, workers: int):
    """Up to ``wanted`` boards by one complete scan, split between ``workers`` processes."""
    if workers > 1:
        return enumerate_split(puzzle, wanted, deadline, order, workers)
    return enumerate_boards(puzzle, wanted, deadline, order=order)


def solve(puzzle: EdgeMatchingPuzzle, limit: Limit = Limit(), *, order: int = 0, workers: int = WORKERS,
          maximize_joins: bool = False, best_file: str | None = None, climb: str = "rows",
          trace: bool = False) -> SolveResult:
    """The solutions up to ``limit`` (exact count when the search is exhausted); with
    ``maximize_joins`` the board with the most matched joins found in the time limit
    (``maxjoins``, ``climb`` = rows or frame), each better one written
    to ``best_file``."""
    if maximize_joins:
        from .maxjoins import maximize  # imported when asked for: a small exact search pays nothing for it

        return maximize(puzzle, limit, order=order, workers=workers, best_file=best_file, trace=trace,
                        how=climb)
    deadline = Deadline(limit.seconds)
    broken = symmetry_anchor(puzzle) is not None
    wanted = class_limit(puzzle, limit, broken).solutions
    classes, exhausted, timed_out, nodes, hard = first_boards(puzzle, deadline, order, workers)
    if classes and wanted > 1:  # count on: split only a tree that took more than one run
        more, exhausted, timed_out, counted = all_boards(puzzle, wanted, deadline, order,
                                                         workers if hard else 1)
        classes = list({b.placements: b for b in classes + more}.values())[:wanted]
        nodes += counted
    sols = with_turned_copies(puzzle, classes, broken)
    stats: dict = {"nodes": nodes, "symmetry_broken": broken, "order": order, "workers": workers}
    seconds = deadline.elapsed()
    if seconds > 0:
        stats["nodes_per_second"] = round(nodes / seconds)
    note = ""
    if broken and exhausted:
        stats["count_up_to_rotation"] = len(classes)
        note = f"{len(classes)} up to board rotation"
    exhausted = exhausted and len(sols) <= limit.solutions
    return finish(NAME, sols[: limit.solutions], exhausted=exhausted, timed_out=timed_out,
                  deadline=deadline, stats=stats, note=note)


__all__ = ["solve"]
