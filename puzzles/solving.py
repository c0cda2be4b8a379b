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

import functools
import gc
import resource
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, TypeVar


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


class DeadlineExpired(Exception):
    """The deadline passed while a backend built, encoded or cut (``Deadline.check``); carries the
    solutions known so far and any figures (``stats``) a backend adds on the way out.
    ``stops_at_deadline`` turns it into the backend's ``timeout`` result."""

    def __init__(self, why: str = "the time limit passed", solutions: Iterable = ()) -> None:
        super().__init__(why)
        self.solutions = tuple(solutions)
        self.stats: dict[str, Any] = {}


class ModelTooLarge(Exception):
    """The model of this instance cannot be built within the memory limit (``refuse_oversized``);
    ``stops_at_deadline`` turns it into an ``error`` result with the estimate as the reason."""


T = TypeVar("T")
# freeing a model of millions of small objects takes about this share of the time that built it
# (docs/architecture.md, "Time and memory limits"): ``Deadline.reserve``
TEARDOWN_SHARE = 0.15


class Deadline:
    """Wall-clock budget shared by one solve call: its model building and encoding (``check``,
    ``each``), lazy-cut rounds and enumeration (``remaining``, ``expired``, ``check(building=False)``).

    Building keeps time back: a model built for t seconds takes about ``TEARDOWN_SHARE`` * t to
    free (and a solver that loads it overshoots its own limit by about as much), so every
    building ``check`` sets ``reserve`` to that share of the time spent, and the time left for
    the rest -- the CP-SAT solve's ``max_time_in_seconds``, the SAT slices -- is the limit minus
    the time spent minus the reserve. A search without a building phase keeps its whole limit."""

    def __init__(self, seconds: float | None) -> None:
        self.start = time.perf_counter()
        self.seconds = seconds
        self.reserve = 0.0

    def elapsed(self) -> float:
        return time.perf_counter() - self.start

    def remaining(self) -> float | None:
        """Seconds left (after the ``reserve``), never negative; None when there is no limit."""
        if self.seconds is None:
            return None
        return max(0.0, self.seconds - self.elapsed() - self.reserve)

    def expired(self) -> bool:
        return self.seconds is not None and self.elapsed() + self.reserve >= self.seconds

    def check(self, building: bool = True) -> None:
        """Raise ``DeadlineExpired`` once the time is up; ``building``: a model is being built or
        encoded, so the ``reserve`` grows with the time spent. Cheap (one clock read), but call
        it per row or batch of constraints, not per clause."""
        if self.seconds is None:
            return
        elapsed = time.perf_counter() - self.start
        if building:
            self.reserve = TEARDOWN_SHARE * elapsed
        if elapsed + self.reserve >= self.seconds:
            raise DeadlineExpired("the time limit passed while the model was built" if building
                                  else "the time limit passed")

    def each(self, items: Iterable[T], every: int = 1) -> Iterator[T]:
        """``items``, with ``check`` before every ``every``-th one: a building loop's deadline."""
        if self.seconds is None:
            yield from items
            return
        for i, item in enumerate(items):
            if i % every == 0:
                self.check()
            yield item


NO_DEADLINE = Deadline(None)  # the default of builders that take a deadline
F = TypeVar("F", bound=Callable[..., "SolveResult"])


def stops_at_deadline(backend: str) -> Callable[[F], F]:
    """Decorator of a backend function ``solve(puzzle, limit, **options)``: the one place where a
    ``DeadlineExpired`` raised while it builds, encodes or cuts becomes its ``timeout`` result
    (with the solutions the exception carries), and a ``ModelTooLarge`` its ``error`` result
    naming the estimate. ``backend``: the result's name unless the call passes ``backend=``.

    Python's cyclic garbage collector is paused while the backend runs: a model is millions of
    small acyclic objects, and each full collection over them stalls for seconds between two
    deadline checks (and slows building by a third); reference counting still frees them."""

    def decorate(fn: F) -> F:
        @functools.wraps(fn)
        def solve(puzzle, limit: Limit = Limit(), *args, **options) -> SolveResult:
            t0 = time.perf_counter()
            name = options.get("backend", backend)
            collecting = gc.isenabled()
            gc.disable()
            try:
                return fn(puzzle, limit, *args, **options)
            except DeadlineExpired as exc:
                return SolveResult(name, Status.TIMEOUT, exc.solutions, seconds=time.perf_counter() - t0,
                                   stats=exc.stats, note=str(exc))
            except ModelTooLarge as exc:
                return SolveResult(name, Status.ERROR, seconds=time.perf_counter() - t0, error=str(exc))
            finally:
                if collecting:
                    gc.enable()

        return solve  # type: ignore[return-value]

    return decorate


def memory_limit() -> tuple[int, str]:
    """The bytes a model may take, and where the figure comes from: the process's address-space
    limit when one is set (``gridsolve batch --memory``: each worker's ``RLIMIT_AS``), else the
    memory the machine has available now (``MemAvailable``). docs/architecture.md, "Time and
    memory limits"."""
    soft, _ = resource.getrlimit(resource.RLIMIT_AS)
    if soft != resource.RLIM_INFINITY:
        return soft, "the process's memory limit"
    try:
        with open("/proc/meminfo", encoding="ascii") as f:
            for line in f:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024, "the memory available"
    except OSError:
        pass
    return 1 << 62, "no known limit"


def refuse_oversized(what: str, needed: float) -> None:
    """Raise ``ModelTooLarge`` when a model estimated at ``needed`` bytes cannot fit in the
    ``memory_limit``. ``what`` names it, e.g. "edgematching sat: the model for 30x30"."""
    limit, source = memory_limit()
    if needed > limit:
        raise ModelTooLarge(f"{what} needs about {_gb(needed)} ({source}: {_gb(limit)}); "
                            "refused before building it -- try a smaller instance or another backend")


def _gb(n: float) -> str:
    return f"{n / 2**30:.1f} GB"


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
