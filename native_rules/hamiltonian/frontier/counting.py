"""The ``dp`` backend of the hamiltonian kind: the frontier DP (``frontier.py``) behind the
backend contract.

* ``solve(puzzle, limit)``: counts exactly, then lists the first ``limit.solutions`` paths by
  rank (unranking through the stored layers: no search, no dead ends). ``exhausted`` is True
  when every path was listed; the exact total is in ``stats["total"]`` either way.
* ``count(puzzle, limit)``: the count-only mode (DESIGN.md) used by ``gridsolve count``: the
  exact number in ``SolveResult.total``, whatever ``limit.solutions`` says; no layers are kept.
  From ``COMPILED_WIDTH`` cells wide on it runs the compiled DP (``compiled``: counts
  modulo primes joined by CRT, faster and leaner there) when its kernels are cached, and from
  ``COLD_COMPILED_WIDTH`` on when they are not (compiling them takes longer than the numpy DP runs
  below that); below it the numpy one (no compile or cache load to pay), or on narrow boards,
  while numpy is not imported yet, the interpreted one (``interpreted``: plain Python, finished
  before numpy would be imported; ``interpreting_pays``). Options: ``engine`` (auto /
  interpreted / numpy / compiled), ``memory`` (MiB: refuse a run whose predicted peak exceeds
  it), ``checkpoint`` (a file, written every few rows), ``resume`` (continue from it),
  ``progress`` (a line on stderr:
  cells, states, ETA), ``threads`` (split large layers among that many of numba's threads; 0, the
  default, = all of them, one per core), ``primes`` (first / second: two disjoint prime sets, two
  independent routes to one count), ``max_states``.

Both stop with status ``timeout`` at the deadline (``stops_at_deadline``: the DP checks it at
every cell) and ``error`` when the frontier outgrows ``max_states`` (the grid is too wide for this
method).
"""

from __future__ import annotations

import sys
from pathlib import Path

from ....puzzles.hamiltonian import HamiltonianPuzzle, HamiltonianSolution
from ....puzzles.solving import Deadline, Limit, SolveResult, Status, stops_at_deadline
from . import interpreted
from .packing import DEFAULT_MAX_STATES, TooLarge

COMPILED_WIDTH = 14  # the compiled DP, its kernels cached, is faster from about this frontier width on
COLD_COMPILED_WIDTH = 16  # ... and from about this one when its kernels are compiled first
KERNELS = ("advance", "merge", "scatter", "collect")  # the kernel module's entries, cached on disk
ENGINES = ("auto", "interpreted", "numpy", "compiled")
# the interpreted count, per row, costs about what the numpy DP does up to this width, and ...
INTERPRETED_WIDTH = 8
# ... costs more from here on, but less than importing numpy does for boards this long at most
INTERPRETED_ROWS = {9: 18}
STORE_MAX_STATES = 2_000_000  # keeping every layer (for listing paths) is affordable below this


def _too_large(deadline: Deadline, exc: TooLarge) -> SolveResult:
    return SolveResult("dp", Status.ERROR, seconds=deadline.elapsed(), error=str(exc))


@stops_at_deadline("dp")
def solve(puzzle: HamiltonianPuzzle, limit: Limit = Limit(), *,
          max_states: int = STORE_MAX_STATES, engine: str | None = None, memory: int | None = None,
          checkpoint: str | None = None, resume: bool | None = None, progress: bool | None = None,
          threads: int | None = None, primes: str | None = None) -> SolveResult:
    """Listing keeps every layer of the numpy DP: the compiled counter's options (accepted
    because the backend declares them for its count mode) are refused here."""
    given = [k for k, v in (("engine", engine), ("memory", memory), ("checkpoint", checkpoint),
                            ("resume", resume), ("progress", progress), ("threads", threads),
                            ("primes", primes)) if v is not None]
    if given:
        raise ValueError(f"{', '.join(given)}: options of the count mode only (gridsolve count)")
    from . import dp as frontier

    deadline = Deadline(limit.seconds)
    try:
        table = frontier.build(puzzle, store=True, max_states=max_states, deadline=deadline)
    except TooLarge as exc:
        return _too_large(deadline, exc)
    n = min(table.total, limit.solutions)
    head = puzzle.prefix[:-1]
    sols = tuple(HamiltonianSolution(head + table.unrank(i)) for i in range(n))
    status = Status.SOLVED if sols else Status.UNSAT
    return SolveResult("dp", status, sols, exhausted=table.total <= limit.solutions,
                       seconds=deadline.elapsed(),
                       stats={"total": table.total, "peak_states": table.peak_states})


@stops_at_deadline("dp")
def count(puzzle: HamiltonianPuzzle, limit: Limit = Limit(), *, max_states: int | None = None,
          engine: str = "auto", memory: int | None = None, checkpoint: str | None = None,
          resume: bool = False, progress: bool = False, threads: int = 0,
          primes: str | None = None) -> SolveResult:
    deadline = Deadline(limit.seconds)
    if engine not in ENGINES:
        raise ValueError(f"engine must be one of {', '.join(ENGINES)}, not {engine!r}")
    # a memory limit, checkpoints and prime sets are the compiled DP's: asking for one asks for it
    asked = memory is not None or checkpoint is not None or primes is not None
    if engine == "auto":
        engine = "compiled" if asked or compiling_pays(min(puzzle.rows, puzzle.cols)) else (
            "interpreted" if interpreting_pays(puzzle) else "numpy")
    try:
        if engine == "compiled":
            total, stats = _count_compiled(puzzle, deadline, max_states=max_states, memory=memory,
                                           checkpoint=checkpoint, resume=resume, progress=progress,
                                           threads=threads, primes=primes or "first")
        elif engine == "interpreted":
            total, peak = interpreted.count(puzzle, max_states=max_states or DEFAULT_MAX_STATES,
                                            deadline=deadline)
            stats = {"peak_states": peak, "engine": "interpreted"}
        else:
            from . import dp as frontier

            table = frontier.build(puzzle, max_states=max_states or DEFAULT_MAX_STATES,
                                   deadline=deadline)
            total, stats = table.total, {"peak_states": table.peak_states, "engine": "numpy"}
    except TooLarge as exc:
        return _too_large(deadline, exc)
    status = Status.SOLVED if total else Status.UNSAT
    return SolveResult("dp", status, (), exhausted=True, seconds=deadline.elapsed(), stats=stats,
                       total=total)


def compiling_pays(width: int) -> bool:
    """Whether the compiled DP, on a grid this many cells wide, finishes before the numpy one:
    from ``COMPILED_WIDTH`` when its kernels are cached (read without importing numba), from
    ``COLD_COMPILED_WIDTH`` when they must be compiled first."""
    if width < COMPILED_WIDTH:
        return False
    from ...kernels import module_on_disk  # not at the top: numba's cache index is read from here on

    return width >= COLD_COMPILED_WIDTH or module_on_disk(Path(__file__).with_name("kernel.py"),
                                                          KERNELS)


def interpreting_pays(puzzle: HamiltonianPuzzle) -> bool:
    """Whether the interpreted count (plain Python, ``interpreted``) finishes before numpy is
    imported and its DP has run: on boards up to ``INTERPRETED_WIDTH`` cells wide, or a little
    wider and short (``INTERPRETED_ROWS``), while numpy is not loaded yet (importing it costs
    about what the numpy DP takes for 9x9 five times over; a process that has it -- a server, a
    batch -- runs the numpy DP from the width on which it is the faster per row)."""
    width, length = sorted((puzzle.rows, puzzle.cols))
    if "numpy" in sys.modules:
        return width < INTERPRETED_WIDTH
    return width <= INTERPRETED_WIDTH or length <= INTERPRETED_ROWS.get(width, 0)


def _count_compiled(puzzle: HamiltonianPuzzle, deadline: Deadline, *, max_states: int | None,
                    memory: int | None, checkpoint: str | None, resume: bool,
                    progress: bool, threads: int, primes: str) -> tuple[int, dict]:
    from . import compiled as frontier_count

    sets = {"first": frontier_count.PRIMES, "second": frontier_count.SECOND_PRIMES}
    if primes not in sets:
        raise ValueError(f"primes must be first or second, not {primes!r}")
    run = frontier_count.Run(checkpoint=checkpoint, resume=resume, progress=progress,
                             memory=None if memory is None else int(memory) << 20, threads=int(threads))
    if max_states is not None:
        run.max_states = max_states
    total, got = frontier_count.count(puzzle, run=run, deadline=deadline, primes=sets[primes])
    return total, {"peak_states": got.peak_states, "engine": "compiled",
                   "primes": len(got.residues), "rows_written": got.written}
