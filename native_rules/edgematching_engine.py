"""``backtrack-table``: edge matching by table-driven backtracking (docs/edgematching.md). The
backend's entry: exact search and counting (``edgematching_table``, over processes
``edgematching_split``) or max-joins (``edgematching_breaks``).

The first board comes from restarted scans (``edgematching_restarts``): the first run in this
process, the next ones, when needed, on ``workers`` processes (a portfolio; the default uses two
cores). When more boards are wanted than that, one complete scan counts them (split between
the processes when the first board took more than one run), and the boards of both are merged.
"""

from __future__ import annotations

import os

from gridsolve.encoding.edgematching import class_limit, with_turned_copies
from gridsolve.puzzles.edgematching import EdgeMatchingPuzzle, symmetry_anchor
from gridsolve.puzzles.solving import Deadline, Limit, SolveResult, finish

from .edgematching_breaks import maximize
from .edgematching_restarts import first_board
from .edgematching_split import enumerate_split
from .edgematching_table import NAME, enumerate_boards

WORKERS = min(2, os.cpu_count() or 1)  # processes by default: the two cores the engine is tuned for


def first_boards(puzzle: EdgeMatchingPuzzle, deadline: Deadline, order: int, workers: int):
    """One board (or proof there is none) by restarts: the first run here, then, if it is not
    enough, the next runs on ``workers`` processes. The last value: were they needed?"""
    boards, exhausted, timed_out, nodes = first_board(puzzle, deadline, order=order, runs=(0, 1))
    if boards or exhausted or timed_out:
        return boards, exhausted, timed_out, nodes, False
    if workers > 1:
        found = enumerate_split(puzzle, 1, deadline, order, workers, first=True)
    else:
        found = first_board(puzzle, deadline, order=order, runs=(1, None))
    return *found[:3], nodes + found[3], True


def all_boards(puzzle: EdgeMatchingPuzzle, wanted: int, deadline: Deadline, order: int, workers: int):
    """Up to ``wanted`` boards by one complete scan, split between ``workers`` processes."""
    if workers > 1:
        return enumerate_split(puzzle, wanted, deadline, order, workers)
    return enumerate_boards(puzzle, wanted, deadline, order=order)


def solve(puzzle: EdgeMatchingPuzzle, limit: Limit = Limit(), *, order: int = 0, workers: int = WORKERS,
          maximize_joins: bool = False, best_file: str | None = None, trace: bool = False) -> SolveResult:
    """The solutions up to ``limit`` (exact count when the search is exhausted); with
    ``maximize_joins`` the board with the most matched joins found in the time limit
    (``native_rules.edgematching_breaks``), each better one written to ``best_file``."""
    if maximize_joins:
        return maximize(puzzle, limit, order=order, workers=workers, best_file=best_file, trace=trace)
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
