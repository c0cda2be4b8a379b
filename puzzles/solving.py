"""The contract every backend keeps (DESIGN.md, "The contract every backend keeps").

    solve(puzzle, limit: Limit) -> SolveResult

* ``Limit(seconds, solutions)``: stop after ``seconds`` of wall-clock time (``None`` = no limit)
  or once ``solutions`` distinct solutions are known; ``solutions=2`` settles uniqueness.
* ``SolveResult(backend, status, solutions, exhausted, seconds, stats)``: ``exhausted=True``
  means the whole search space was explored, so ``len(solutions)`` is the exact count. ``stats``
  holds figures only; what a result says in words or objects has typed fields: ``error`` (why the
  backend failed), ``note`` (e.g. why a rule solver is stuck, a count up to symmetry) and ``best``
  (an optimisation's best assignment, a solution object that breaks some rule).
* ``SolveResult.total``: set only by count-only modes (DESIGN.md: ``count(puzzle, limit)`` where
  enumerating one by one is too slow): the exact count, with ``solutions`` possibly empty.
* ``Status``: how the search ended. ``solved`` = at least one solution and the search ended
  normally (the solution limit was reached or the space was exhausted); ``unsat`` = exhausted with
  no solution; ``timeout`` = the time limit cut the search (solutions found so far are kept);
  ``stuck`` = a rule solver ran out of deductions; ``error`` = the backend failed.

Solutions are frozen, hashable and canonical, so solution *sets* of different backends compare
with ``==``. The contract as ``typing.Protocol``s: ``puzzles.contracts``.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from enum import Enum
from typing import Any


class Status(str, Enum):
    SOLVED = "solved"
    UNSAT = "unsat"
    TIMEOUT = "timeout"
    STUCK = "stuck"
    ERROR = "error"

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True)
class Limit:
    """When to stop: after ``seconds`` (None = never) or at ``solutions`` distinct solutions."""

    seconds: float | None = None
    solutions: int = 1

    def __post_init__(self) -> None:
        if self.solutions < 1:
            raise ValueError(f"Limit.solutions must be >= 1, got {self.solutions}")
        if self.seconds is not None and self.seconds <= 0:
            raise ValueError(f"Limit.seconds must be positive, got {self.seconds}")


@dataclass(frozen=True)
class SolveResult:
    backend: str
    status: Status
    solutions: tuple = ()
    exhausted: bool = False
    seconds: float = 0.0
    stats: dict[str, Any] = field(default_factory=dict, compare=False)
    # count-only modes (``count(puzzle, limit)``, e.g. path counting by dynamic programming):
    # the exact number of solutions, known without listing them; then ``exhausted`` is True
    total: int | None = None
    error: str | None = None  # why the backend failed (status ``error``)
    note: str = ""  # e.g. why a rule solver is stuck, a count up to symmetry, a best score
    best: Any = field(default=None, compare=False)  # an optimisation's best rule-breaking assignment

    @property
    def count(self) -> int:
        return self.total if self.total is not None else len(self.solutions)

    @property
    def unique(self) -> bool | None:
        """True = exactly one solution (proved), False = none or several (proved), None = unknown."""
        if self.count >= 2:
            return False
        if self.exhausted:
            return self.count == 1
        return None

    def solution_set(self) -> frozenset:
        return frozenset(self.solutions)


class Deadline:
    """Wall-clock budget shared by the loops of one solve call (lazy-cut rounds, enumeration)."""

    def __init__(self, seconds: float | None) -> None:
        self.start = time.perf_counter()
        self.seconds = seconds

    def elapsed(self) -> float:
        return time.perf_counter() - self.start

    def remaining(self) -> float | None:
        """Seconds left, never negative; None when there is no limit."""
        if self.seconds is None:
            return None
        return max(0.0, self.seconds - self.elapsed())

    def expired(self) -> bool:
        return self.seconds is not None and self.elapsed() >= self.seconds


def finish(
    backend: str,
    solutions: list,
    *,
    exhausted: bool,
    timed_out: bool,
    deadline: Deadline,
    stats: dict[str, Any] | None = None,
    note: str = "",
) -> SolveResult:
    """Build the SolveResult for an enumerating backend from how its search ended."""
    if timed_out:
        status = Status.TIMEOUT
    elif solutions:
        status = Status.SOLVED
    elif exhausted:
        status = Status.UNSAT
    else:  # pragma: no cover - a search that neither ended nor timed out
        status = Status.ERROR
    return SolveResult(
        backend=backend,
        status=status,
        solutions=tuple(solutions),
        exhausted=exhausted,
        seconds=deadline.elapsed(),
        stats=dict(stats or {}),
        note=note,
    )
