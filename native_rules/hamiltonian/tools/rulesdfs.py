"""The ``rules-dfs`` backend: the labyrinth author's keep-left enumeration pruned by the ported
universal rules (``drivers.KeepLeft``), behind the backend contract.

It lists the paths of the author's labyrinth -- n x n, from the top-left to the bottom-right
corner, no blocked cells, optionally below a drawn prefix -- in keep-left order (walkthrough 1
first). The search visits every move the rules allow, so it is exhaustive whenever the rules are
sound (every move they forbid is dead): verified exactly on 5 x 5 (104) and 7 x 7 (111 712) and by
the oracle audit on 9 x 9 and 11 x 11 random walks, not proved in general. Other puzzles (other
endpoints, rectangles, blocked cells) are outside the author's rules: status ``stuck`` with the
reason in ``stats``.
"""

from __future__ import annotations

from ....puzzles.hamiltonian import HamiltonianPuzzle, HamiltonianSolution
from ....puzzles.solving import Deadline, Limit, SolveResult, Status
from ..cascade.engine import parse_rules
from ..coordinates import to_rc, to_xy
from .drivers import C_WALKS, EXHAUSTED, FOUND, KeepLeft

NAME = "rules-dfs"


def supported(puzzle: HamiltonianPuzzle) -> str:
    """'' if the author's rules apply to the puzzle, else why not."""
    n = puzzle.rows
    if puzzle.cols != n or puzzle.start != (0, 0) or puzzle.end != (n - 1, n - 1) or puzzle.blocked:
        return ("the author's rules are for the n x n labyrinth from the top-left to the "
                "bottom-right corner without blocked cells")
    return ""


def solve(puzzle: HamiltonianPuzzle, limit: Limit = Limit(), *, rules: str = "universal") -> SolveResult:
    deadline = Deadline(limit.seconds)
    why = supported(puzzle)
    if why:
        return SolveResult(NAME, Status.STUCK, seconds=deadline.elapsed(), stats={"reason": why})
    try:
        groups = parse_rules(rules)
    except ValueError as exc:
        return SolveResult(NAME, Status.ERROR, seconds=deadline.elapsed(), error=str(exc))
    n = puzzle.rows
    prefix = [to_xy(c) for c in puzzle.walked()]
    sols: list[HamiltonianSolution] = []
    if prefix[-1] == (n, n):  # the prefix already ends at the end cell
        done = len(prefix) == n * n
        if done:
            sols.append(HamiltonianSolution(puzzle.walked()))
        return SolveResult(NAME, Status.SOLVED if done else Status.UNSAT, tuple(sols), True,
                           deadline.elapsed())
    keep_left = KeepLeft(n, groups, prefix)
    exhausted = False
    while True:
        r = keep_left.run(budget=1 << 16, stop_at_walk=True)
        if r == FOUND:
            sols.append(HamiltonianSolution(tuple(to_rc(c) for c in keep_left.path())))
            if len(sols) >= limit.solutions:
                break
        elif r == EXHAUSTED:
            exhausted = True
            break
        if deadline.expired():
            break
    res = keep_left.result()
    stats = {"rules": rules, "nodes": res.nodes, "no_option": res.no_option, "stuck": res.stuck,
             "corner_early": res.corner_early, "walkthroughs": int(keep_left.counters[C_WALKS])}
    if exhausted:
        status = Status.SOLVED if sols else Status.UNSAT
    else:
        status = Status.SOLVED if len(sols) >= limit.solutions else Status.TIMEOUT
    return SolveResult(NAME, status, tuple(sols), exhausted, deadline.elapsed(), stats)


def check_options(options: dict) -> None:
    """Validate ``-O rules=...`` up front (``gridsolve solve`` reports a bad value as usage)."""
    if "rules" in options:
        parse_rules(str(options["rules"]))
