"""Edge matching (Eternity II) as a CP-SAT model.

Rules: every piece on exactly one square (turned if the puzzle allows it), touching edges of the
same colour, colour 0 exactly on the sides that face the border, fixed pieces where given.

Encoding: a boolean ``x[square, piece, rotation]`` for every placement that fits the square by the
border rule alone (``add_placements``: corner pieces then have one rotation per corner square,
border pieces one per border square; rotations that look alike are one placement, so a solution is
one assignment); ``ExactlyOne`` per square and per piece (``add_each_piece_once``); for every inner
join and colour a boolean that is true iff a placement on one side shows the colour there, iff a
placement on the other side does (``add_matching_joins``; one colour per join). The colour
booleans are functions of the placement, so CP-SAT's own enumeration counts exactly. (Linear
"sums of both sides are equal" constraints say the same but CP-SAT timed out on 6x6 boards with
them.) Hints fix their placement.

Symmetry: without hints and with rotation, a board turned by a quarter (square board) or half
(rectangular) turn is another solution. ``add_symmetry_break`` fixes the first corner piece in the
top-left corner (or top-left / top-right on a rectangular board), so each class is found once;
every solution found is then returned with its turned copies, so the solution set (and the count)
is the raw one, comparable with the other backends; ``count_up_to_rotation`` is reported too.

``maximize_joins=True`` (``gridsolve solve --maximize-joins``): the matching becomes soft -- a
boolean per join and colour that may be true only when both sides show that colour -- and CP-SAT
maximises the matched joins within the time limit, reporting the best score and its bound.
"""

from __future__ import annotations

import os

from ortools.sat.python import cp_model

from ..encoding.edgematching import class_limit, join_sides, model_bytes, with_turned_copies
from ..puzzles.edgematching import (
    EdgeMatchingPuzzle,
    EdgeMatchingSolution,
    matched_joins,
    symmetry_anchor,
)
from ..puzzles.solving import (
    NO_DEADLINE,
    Deadline,
    DeadlineExpired,
    Limit,
    SolveResult,
    Status,
    refuse_oversized,
    stops_at_deadline,
)
from . import solving

NAME = "cpsat"


class Model:
    def __init__(self, puzzle: EdgeMatchingPuzzle, deadline: Deadline = NO_DEADLINE) -> None:
        self.puzzle = puzzle
        self.deadline = deadline
        self.model = cp_model.CpModel()
        self.x: dict[tuple, cp_model.IntVar] = {}
        self.at: dict[tuple, list] = {}  # square -> [(piece, rotation, var)]

    def add_placements(self) -> None:
        p = self.puzzle
        for r in self.deadline.each(range(p.rows)):
            for c in self.deadline.each(range(p.cols)):
                for piece, k in p.placements(r, c):
                    v = self.x[(r, c), piece, k] = self.model.new_bool_var(f"x{r}_{c}_{piece}_{k}")
                    self.at.setdefault((r, c), []).append((piece, k, v))

    def add_each_piece_once(self) -> None:
        by_square: dict = {}
        by_piece: dict = {}
        for (sq, piece, _k), v in self.deadline.each(self.x.items(), every=10_000):
            by_square.setdefault(sq, []).append(v)
            by_piece.setdefault(piece, []).append(v)
        p = self.puzzle
        for sq in self.deadline.each((r, c) for r in range(p.rows) for c in range(p.cols)):
            self.model.add_exactly_one(by_square.get(sq, []))
        for piece in self.deadline.each(range(1, p.n + 1)):
            self.model.add_exactly_one(by_piece.get(piece, []))

    def showing(self, sq, side) -> dict[int, list]:
        """colour -> placements at ``sq`` that show it on ``side``."""
        out: dict[int, list] = {}
        for piece, k, v in self.at.get(sq, []):
            out.setdefault(self.puzzle.tile(piece, k)[side], []).append(v)
        return out

    def add_matching_joins(self) -> None:
        """Per inner join and colour a boolean ``y``: ``y`` holds iff a placement on one side shows
        the colour there, iff one on the other side does (clauses, which CP-SAT propagates far
        better here than the equivalent linear sums); one colour per join."""
        for a, b, sa, sb in self.deadline.each(join_sides(self.puzzle)):
            ca, cb = self.showing(a, sa), self.showing(b, sb)
            ys = []
            for colour in set(ca) | set(cb):
                y = self.model.new_bool_var("")
                ys.append(y)
                for side in (ca.get(colour, []), cb.get(colour, [])):
                    for v in side:
                        self.model.add_implication(v, y)
                    self.model.add_bool_or(side).only_enforce_if(y)
            self.model.add_exactly_one(ys)

    def add_soft_joins(self) -> list:
        """A boolean per (join, colour): true only if both sides show the colour."""
        matched = []
        for a, b, sa, sb in self.deadline.each(join_sides(self.puzzle)):
            ca, cb = self.showing(a, sa), self.showing(b, sb)
            zs = []
            for colour in set(ca) & set(cb):
                z = self.model.new_bool_var("")
                self.model.add(z <= sum(ca[colour]))
                self.model.add(z <= sum(cb[colour]))
                zs.append(z)
            self.model.add_at_most_one(zs)
            matched.extend(zs)
        return matched

    def add_symmetry_break(self) -> bool:
        anchor = symmetry_anchor(self.puzzle)
        if anchor is None:
            return False
        piece, spots = anchor
        self.model.add_exactly_one([self.x[(r, c), piece, k] for r, c, k in spots])
        return True

    def read(self, solver) -> EdgeMatchingSolution:
        p = self.puzzle
        chosen = {sq: (piece, k) for (sq, piece, k), v in self.x.items() if solver.boolean_value(v)}
        squares = [(r, c) for r in range(p.rows) for c in range(p.cols)]
        return EdgeMatchingSolution(p.rows, p.cols, tuple(chosen[sq] for sq in squares))

    def block(self, sol: EdgeMatchingSolution) -> None:
        p = self.puzzle
        lits = [self.x[(r, c), *sol.at(r, c)] for r in range(p.rows) for c in range(p.cols)]
        self.model.add_bool_or([v.Not() for v in lits])


def build(puzzle: EdgeMatchingPuzzle, deadline: Deadline = NO_DEADLINE) -> Model:
    m = Model(puzzle, deadline)
    m.add_placements()
    m.add_each_piece_once()
    return m


@stops_at_deadline(NAME)
def solve(puzzle: EdgeMatchingPuzzle, limit: Limit = Limit(), *, symmetry: bool = True,
          workers: int | None = None, maximize_joins: bool = False, trace: bool = False) -> SolveResult:
    """Enumerate solutions (``workers`` defaults to 1: CP-SAT's exact enumeration needs one), or
    with ``maximize_joins`` optimise (``workers`` defaults to the cores, at most 8)."""
    if maximize_joins:
        return maximize(puzzle, limit, workers=workers or min(8, os.cpu_count() or 1), trace=trace)
    workers = workers or 1
    deadline = Deadline(limit.seconds)
    refuse_oversized(f"edgematching {NAME}: the model for {puzzle.rows}x{puzzle.cols}",
                     model_bytes(puzzle, "cpsat"))
    m = build(puzzle, deadline)
    m.add_matching_joins()
    broken = symmetry and m.add_symmetry_break()
    stats: dict = {"variables": len(m.x), "symmetry_broken": broken}
    inner = class_limit(puzzle, limit, broken)
    if inner.solutions > 1 and workers == 1:
        r = solving.enumerate(NAME, m.model, inner, read=m.read, deadline=deadline, stats=stats)
    else:
        r = solving.search(NAME, m.model, inner, read=m.read, block=m.block, workers=workers,
                          deadline=deadline, stats=stats)
    sols = with_turned_copies(puzzle, r.solutions, broken)
    exhausted = r.exhausted and len(sols) <= limit.solutions
    note = ""
    if broken and r.exhausted:
        stats["count_up_to_rotation"] = r.count
        note = f"{r.count} up to board rotation"
    return SolveResult(NAME, r.status, tuple(sols[: limit.solutions]), exhausted, deadline.elapsed(), stats,
                       note=note)


def maximize(puzzle: EdgeMatchingPuzzle, limit: Limit, *, workers: int, trace: bool = False) -> SolveResult:
    """Maximise the matched inner joins (border rule and hints kept hard) within the time limit."""
    deadline = Deadline(limit.seconds)
    refuse_oversized(f"edgematching {NAME} --maximize-joins: the model for {puzzle.rows}x{puzzle.cols}",
                     model_bytes(puzzle, "cpsat"))
    total = len(puzzle.inner_joins())
    try:
        m = build(puzzle, deadline)
        matched = m.add_soft_joins()
    except DeadlineExpired as exc:  # the board's size is known even when its model is not
        exc.stats.update(total_joins=total, workers=workers)
        raise
    m.model.maximize(sum(matched))
    if symmetry_anchor(puzzle) is not None:
        m.add_symmetry_break()
    lines: list[str] = []

    class Progress(cp_model.CpSolverSolutionCallback):
        def on_solution_callback(self) -> None:
            lines.append(f"{self.wall_time:8.1f} s  {int(self.objective_value)}/{total} joins  "
                         f"bound {int(self.best_objective_bound)}")

    solver = solving.new_solver(deadline.remaining(), workers)
    code = solver.solve(m.model, Progress())
    stats: dict = {"total_joins": total, "variables": len(m.x), "workers": workers,
                   "improvements": len(lines)}
    if trace:
        stats["trace"] = lines
    if code not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        status = Status.UNSAT if code == cp_model.INFEASIBLE else Status.TIMEOUT
        return SolveResult(NAME, status, (), code == cp_model.INFEASIBLE, deadline.elapsed(), stats)
    best = m.read(solver)
    score = matched_joins(puzzle, best)
    bound = int(solver.best_objective_bound)
    stats.update(objective=score, bound=bound)
    note = f"best {score} of {total} joins matched, bound {bound}"
    if score == total:
        return SolveResult(NAME, Status.SOLVED, (best,), False, deadline.elapsed(), stats,
                           note=note, best=best)
    proven = code == cp_model.OPTIMAL
    status = Status.UNSAT if proven else Status.TIMEOUT
    return SolveResult(NAME, status, (), proven, deadline.elapsed(), stats, note=note, best=best)
