"""Run one backend on one puzzle: time it, never let it raise, and pass every solution it
returns through the independent checker (``puzzles.check``)."""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable

from ..puzzles.check import check
from ..puzzles.contracts import BackendFunction
from ..puzzles.solving import Limit, SolveResult, Status
from . import registry
from .registry import Backend


def run(backend: Backend, puzzle, limit: Limit = Limit(), **options) -> SolveResult:
    """The backend's result under the registry name, with wall-clock seconds measured here
    (model building included). ``options`` are passed to the backend function (e.g. ``trace``).
    An exception becomes status ``error``; a solution the checker rejects turns the result into
    ``error`` and lists the violations in ``error``."""
    return _checked(backend, lambda: backend.function, puzzle, limit, options)


def count(backend: Backend, puzzle, limit: Limit = Limit(), **options) -> SolveResult:
    """Count solutions: the backend's count-only mode when it has one (``Backend.counter``; the
    result's ``total`` is the exact count and ``limit.solutions`` does not cap it), else ``run``.
    Timed, never raises, and any solutions a count-only mode returns are checked, as in ``run``."""
    if not backend.counter:
        return run(backend, puzzle, limit, **options)
    return _checked(backend, lambda: backend.count_function, puzzle, limit, options)


def _checked(backend: Backend, function: Callable[[], BackendFunction | None], puzzle, limit: Limit,
             options: dict) -> SolveResult:
    """The time limit counts from this call: the first call of a backend imports its solver
    library (seconds on a busy machine), so the backend gets what importing left."""
    t0 = time.perf_counter()
    try:
        solve = function()
        if solve is None:  # a count-only mode the backend does not have
            raise ValueError(f"{backend.name} has no count-only mode")
        if limit.seconds is not None:
            limit = dataclasses.replace(limit, seconds=max(1e-3, limit.seconds - (time.perf_counter() - t0)))
        result = solve(puzzle, limit, **options)
    except MemoryError:
        return SolveResult(backend.name, Status.ERROR, seconds=time.perf_counter() - t0,
                           error="out of memory")
    except Exception as exc:  # a failing backend must not take the caller down
        return SolveResult(backend.name, Status.ERROR, seconds=time.perf_counter() - t0,
                           error=f"{type(exc).__name__}: {exc}")
    seconds = time.perf_counter() - t0
    status, error = result.status, result.error
    bad = []
    for i, sol in enumerate(result.solutions):
        violations = check(backend.kind, puzzle, sol)
        if violations:
            bad.append(f"solution {i + 1}: " + "; ".join(map(str, violations[:3])))
    if bad:
        status = Status.ERROR
        error = "checker rejected " + " | ".join(bad)
    return dataclasses.replace(result, backend=backend.name, status=status, seconds=seconds, error=error)


def solution_counter(kind: str, backend: str = "sat", seconds: float | None = None) -> Callable:
    """A declarative backend of ``kind`` counting to 2 (the generators' uniqueness proof): puzzle
    -> its solutions when that settles uniqueness (one, the search exhausted, or two), else None
    (a timeout). ValueError for a backend that is not declarative or not available here."""
    b = registry.get(kind, backend)
    if b.family not in ("sat", "cpsat"):
        raise ValueError(f"--counter {backend}: choose a declarative backend (sat, cpsat, ...)")
    ok, why = b.available()
    if not ok:
        raise ValueError(f"backend {backend} is not available here: {why}")

    def solutions(puzzle) -> tuple | None:
        r = run(b, puzzle, Limit(seconds=seconds, solutions=2))
        if r.error:
            raise RuntimeError(f"{backend}: {r.error}")
        return tuple(r.solutions) if r.exhausted or len(r.solutions) >= 2 else None

    return solutions
