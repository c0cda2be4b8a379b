"""The backends of the port of van Dam (2008): backtracking alone (backend ``backtrack``,
Chapter 4), logic rules + loop avoidance (Chapters 5-6) alone (backend ``rules``) or followed by
backtracking (backend ``rules+backtrack``, the paper's combined solver, Chapter 9.3), and the
grade of a puzzle.

Grades: ``rules`` = solved by the logic rules alone; ``rules+loop-avoidance`` = solved once loop
avoidance is added; ``backtracking`` = rules and loop avoidance get stuck; ``no solution`` = they
reach a contradiction.

Exactness. Rule deductions and loop avoidance hold in every solution, so a finished board is the
only solution and a contradiction proves there is none -- except for the tiny loops some
Appendix A rules exclude (logic.py). When a loop around at most 4 cells solves the puzzle,
``rules+backtrack`` backtracks from the empty board instead (the rules are not trusted), and
``rules`` claims neither uniqueness nor unsatisfiability. Options: ``rules=PATH`` (a rule file in
the Chapter 5 syntax instead of Appendix A), ``trace=True`` (every rule application),
``engine`` (of the backtracking, see backtrack.py).
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from ...puzzles.slitherlink import SlitherlinkPuzzle
from ...puzzles.solving import Deadline, Limit, SolveResult, Status, finish
from . import rulefile
from .backtrack import backtrack
from .backtrack import check_options as backtrack_options
from .board import Board, Contradiction
from .logic import combined, tiny_loop_solution
from .rules import TRACE_HEAD, compile_rules

GRADES = ("rules", "rules+loop-avoidance", "backtracking", "no solution")


@lru_cache(maxsize=16)
def _load(path: str | None, mtime: float) -> tuple:
    return tuple(rulefile.load(path))


def load_rules(path: str | Path | None = None) -> list[rulefile.Rule]:
    """The rules of a file (cached while the file is unchanged); None = Appendix A."""
    if path is None:
        return list(_load(None, 0.0))
    p = Path(path)
    mtime = p.stat().st_mtime if p.exists() else -1.0
    return list(_load(str(p), mtime))


def check_options(options: dict) -> None:
    """FormatError for an unreadable or malformed ``rules`` file, ValueError for an unknown
    engine or pruning -- before any solving."""
    backtrack_options(options)
    if options.get("rules") is not None:
        load_rules(options["rules"])


class Logic:
    """One puzzle taken through the combined loop (Chapter 6)."""

    def __init__(self, puzzle: SlitherlinkPuzzle, rules: str | Path | None = None,
                 trace: bool = False, deadline: Deadline | None = None) -> None:
        self.rules = load_rules(rules)
        self.board = Board(puzzle, pad=max(r.reach for r in self.rules) + 1)
        self.trace: list | None = [TRACE_HEAD] if trace else None
        self.stats: dict = {"rules": len(self.rules), "rules_file": str(rules) if rules else "appendix A"}
        self.tiny = tiny_loop_solution(puzzle)  # a solution the rules may miss (logic.py)
        if self.tiny is not None:
            self.stats["tiny_loop_solution"] = True
        try:
            compiled = compile_rules(self.board, self.rules)
            outcome = combined(self.board, compiled, self.trace, self.stats, deadline)
        except Contradiction as exc:
            outcome = "contradiction"
            self.stats["contradiction"] = str(exc)
            if self.trace is not None:
                self.trace.append(f"contradiction: {exc}")
        self.outcome = outcome  # rules | rules+loop-avoidance | stuck | contradiction | timeout
        self.stats["grade"] = {"stuck": "backtracking", "contradiction": "no solution",
                               "timeout": "unknown"}.get(outcome, outcome)
        self.stats["unknown_edges"] = self.board.unknown_count()

    @property
    def solved(self) -> bool:
        return self.outcome in ("rules", "rules+loop-avoidance")

    def finished_stats(self) -> dict:
        out = dict(self.stats)
        if self.trace is not None:
            out["trace"] = self.trace
        return out


def grade(puzzle: SlitherlinkPuzzle, rules: str | Path | None = None) -> str:
    """How the puzzle is solved: one of GRADES."""
    return Logic(puzzle, rules).stats["grade"]


def solve_backtrack(puzzle: SlitherlinkPuzzle, limit: Limit = Limit(), *, engine: str = "numba",
                    pruning: str = "seed") -> SolveResult:
    """Backend ``backtrack``: Chapter 4's solveback/next from the empty board."""
    deadline = Deadline(limit.seconds)
    board = Board(puzzle)
    stats: dict = {"engine": engine, "pruning": pruning}
    solutions, exhausted, timed_out = backtrack(board, limit, deadline, stats, engine, pruning)
    name = "backtrack" if pruning == "seed" else "backtrack-strong"
    return finish(name, solutions, exhausted=exhausted, timed_out=timed_out,
                  deadline=deadline, stats=stats)


def solve_rules(puzzle: SlitherlinkPuzzle, limit: Limit = Limit(), *, rules: str | None = None,
                trace: bool = False) -> SolveResult:
    """Backend ``rules``: logic rules + loop avoidance; ``stuck`` when they stop short."""
    deadline = Deadline(limit.seconds)
    lg = Logic(puzzle, rules, trace, deadline)
    stats = lg.finished_stats()
    if lg.outcome == "timeout":
        return finish("rules", [], exhausted=False, timed_out=True, deadline=deadline, stats=stats)
    if lg.solved:
        return finish("rules", [lg.board.solution()], exhausted=lg.tiny is None, timed_out=False,
                      deadline=deadline, stats=stats)
    if lg.outcome == "contradiction" and lg.tiny is None:
        return finish("rules", [], exhausted=True, timed_out=False, deadline=deadline, stats=stats)
    return SolveResult("rules", Status.STUCK, (), False, deadline.elapsed(), stats)


def solve_rules_backtrack(puzzle: SlitherlinkPuzzle, limit: Limit = Limit(), *,
                          rules: str | None = None, trace: bool = False,
                          engine: str = "numba", pruning: str = "seed") -> SolveResult:
    """Backend ``rules+backtrack``: the combined loop, then Chapter 4's backtracking from the
    board it leaves (its lines and crosses kept). ``pruning="strong"``: backend
    ``rules+backtrack-strong``, the backtracking improved beside the seed (backtrack.py)."""
    deadline = Deadline(limit.seconds)
    name = "rules+backtrack" if pruning == "seed" else "rules+backtrack-strong"
    lg = Logic(puzzle, rules, trace, deadline)
    stats = lg.finished_stats()
    stats["engine"] = engine
    stats["pruning"] = pruning
    note = ""
    if lg.outcome == "timeout":
        return finish(name, [], exhausted=False, timed_out=True, deadline=deadline, stats=stats)
    if lg.tiny is not None:  # the rules may have excluded a real solution: backtrack from the start
        board = Board(puzzle)
        note = "a loop around <= 4 cells solves the puzzle: rules not used"
    elif lg.solved:
        return finish(name, [lg.board.solution()], exhausted=True, timed_out=False,
                      deadline=deadline, stats=stats)
    elif lg.outcome == "contradiction":
        return finish(name, [], exhausted=True, timed_out=False, deadline=deadline,
                      stats=stats)
    else:
        board = lg.board
    solutions, exhausted, timed_out = backtrack(board, limit, deadline, stats, engine, pruning)
    if trace:
        stats["trace"].append(f"backtracking from {board.unknown_count()} unknown edges: "
                              f"{stats['nodes']} nodes, {len(solutions)} solution(s)")
    return finish(name, solutions, exhausted=exhausted, timed_out=timed_out,
                  deadline=deadline, stats=stats, note=note)
