"""The first board of ``backtrack-table`` by restarts (docs/edgematching.md, "Heavy tails: restarts").

The time to the first board depends on the candidate order by orders of magnitude: a scan that
takes a wrong piece near the top of the tree explores a huge subtree before it comes back. So the
scan runs with a budget of placements that follows the Luby sequence (1, 1, 2, 1, 1, 2, 4, ...
times ``UNIT``), each run with a new shuffle of the candidates, the first with the order asked
for. Every run is a complete search of the same (symmetry-reduced) tree: a board it finds is a
solution, and a run that exhausts its tree has proved there are no (other) boards -- so the counts
stay exact. ``share`` = (workers, this worker) gives each process its own sequence of shuffles
(a portfolio: the first board of any process wins).
"""

from __future__ import annotations

from ...puzzles.edgematching import EdgeMatchingPuzzle, EdgeMatchingSolution
from ...puzzles.solving import Deadline
from . import scan as scan_mod
from .tables import Search, build

UNIT = 1 << 21  # placements in the shortest run (Owen 7x7: 5 % of shuffles find a board within 2 M)
POLL_SLICE = 1 << 21  # placements between polls when other processes take part (~0.05 s)
SEED_STRIDE = 1_000_003  # the later runs of each starting order (below this) use their own shuffles


def luby(i: int) -> int:
    """The i-th term (from 1) of the Luby sequence 1, 1, 2, 1, 1, 2, 4, 1, ..."""
    k = 1
    while (1 << k) - 1 < i:
        k += 1
    if (1 << k) - 1 == i:
        return 1 << (k - 1)
    return luby(i - (1 << (k - 1)) + 1)


def run_order(order: int, run: int, share: tuple[int, int]) -> int:
    """The candidate shuffle of run ``run`` (from 0) of worker ``share[1]``: the order asked for
    first, then shuffles no other starting order or worker uses."""
    workers, me = share
    index = run * workers + me
    return order if index == 0 else (order + 1) * SEED_STRIDE + index


def first_board(puzzle: EdgeMatchingPuzzle, deadline: Deadline, *, order: int = 0,
                share: tuple[int, int] = (1, 0), unit: int = UNIT, runs: tuple[int, int | None] = (0, None),
                poll=None) -> tuple[list[EdgeMatchingSolution], bool, bool, int]:
    """A board by restarted scans: (boards (none or one), exhausted, timed out, placements).
    ``exhausted``: a run finished its tree without a board, so there is none. ``runs`` = (first
    run, stop before this run or None): all three flags are false when the runs are used up.
    ``poll(placements so far)``, called every ``POLL_SLICE`` placements, may end the search
    with a result of its own (another process's)."""
    nodes, run = 0, runs[0]
    piece = POLL_SLICE if poll is not None else scan_mod.SLICE
    while runs[1] is None or run < runs[1]:
        t = build(puzzle, order=run_order(order, run, share), plain=True)
        if t.impossible or t.total_breaks_fixed:
            return [], True, False, nodes
        s = Search(t)
        budget = luby(run + 1) * unit
        while s.nodes < budget:
            if deadline.expired():
                return [], False, True, nodes + s.nodes
            code = s.step(min(piece, budget - s.nodes))
            if code == scan_mod.FOUND:
                return [s.board(puzzle)], False, False, nodes + s.nodes
            if code == scan_mod.EXHAUSTED:
                return [], True, False, nodes + s.nodes
            if poll is not None:
                other = poll(nodes + s.nodes)
                if other is not None:
                    return other
        nodes += s.nodes
        run += 1
    return [], False, False, nodes


__all__ = ["UNIT", "first_board", "luby", "run_order"]
