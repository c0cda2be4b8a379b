"""Cross-validation: run every backend of a kind on an instance, check every solution with the
independent checker (``harness.run``), compare verdicts and solution sets, and report.

What counts as a disagreement:
* a backend ended in ``error`` (it raised, or the checker rejected one of its solutions);
* two backends that both exhausted their search found different solution sets;
* a solution found by any backend is missing from an exhausted backend's set (so a backend that
  stopped at the limit or timed out can still contradict one that claims the exact count);
* a given (reference) solution fails the checker, or an exhausted backend did not find it.
Backends that time out or get ``stuck`` are not disagreements by themselves.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..puzzles.check import check
from ..puzzles.solving import Limit, SolveResult, Status
from . import registry
from .run import run


@dataclass
class Report:
    id: str
    kind: str
    results: list[SolveResult]
    problems: list[str] = field(default_factory=list)

    @property
    def agree(self) -> bool:
        return not self.problems

    @property
    def count(self) -> int | None:
        """The exact solution count if some backend exhausted its search, else None."""
        for r in self.results:
            if r.exhausted and r.status != Status.ERROR:
                return r.count
        return None

    @property
    def verdict(self) -> str:
        if self.problems:
            return "DISAGREE"
        n = self.count
        if n is not None:
            return {0: "no solution", 1: "unique"}.get(n, f"{n} solutions")
        most = max((r.count for r in self.results), default=0)
        if most >= 2:
            return ">= 2 solutions"
        return "solved, uniqueness unknown" if most == 1 else "unknown"


def compare(results: list[SolveResult], given=None, kind: str | None = None, puzzle=None) -> list[str]:
    problems: list[str] = []
    for r in results:
        if r.status == Status.ERROR:
            problems.append(f"{r.backend}: error: {r.error or 'unknown error'}")
    ok = [r for r in results if r.status != Status.ERROR]
    exhausted = [r for r in ok if r.exhausted]
    if exhausted:
        ref = exhausted[0]
        ref_set = ref.solution_set()
        for r in exhausted[1:]:
            if r.solution_set() != ref_set:
                problems.append(
                    f"{ref.backend} and {r.backend} both exhausted the search but found "
                    f"{ref.count} and {r.count} solutions that differ"
                )
        for r in ok:
            if not r.exhausted and not r.solution_set() <= ref_set:
                problems.append(
                    f"{r.backend} found a solution that {ref.backend} (exhausted, "
                    f"{ref.count} solutions) does not have"
                )
    if given is not None:
        if kind is not None and puzzle is not None:
            bad = check(kind, puzzle, given)
            if bad:
                problems.append(f"the given solution fails the checker: {bad[0]}")
        for r in exhausted:
            if given not in r.solution_set():
                problems.append(f"{r.backend} exhausted the search without the given solution")
    return problems


def crossval(
    puzzle,
    *,
    ident: str = "",
    backends: list[registry.Backend] | None = None,
    limit: Limit = Limit(seconds=60, solutions=2),
    given=None,
) -> Report:
    kind = puzzle.kind
    backends = backends if backends is not None else registry.for_kind(kind)
    results = [run(b, puzzle, limit) for b in backends]
    return Report(ident, kind, results, compare(results, given, kind, puzzle))
