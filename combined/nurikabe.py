"""Hand rules, then the SAT model, for Nurikabe: ``heuristics+sat`` (the J essay's heuristics,
``native_rules.nurikabe``) and ``rules+sat`` (the stronger rules with contradiction probing beside
the port, ``native_rules.nurikabe.deduce``) decide what they can, then the SAT model
(``satmodels.nurikabe``) solves and counts on the remaining free cells -- so the benchmark shows
what the hand rules buy a declarative solver. They compose two backends, which is why they sit
above them, in the combined layer.

The decided cells are imposed as unit clauses and also cut the model down: the SAT model's reaches
are computed with the partial state (``encoding.nurikabe.reach``: no decided wall cell, no cell of or
next to another number's decided white cells, within k - |C| steps of the number's own decided
white cells C), so the cardinality and distance encodings shrink with them (docs/nurikabe.md).

The count is exact (``exhausted``) when the SAT search is exhausted and every deduction of the
rules is known sound for the puzzle (see ``native_rules/nurikabe/backends.py`` for the essay's;
the stronger rules' always are). When ``rules`` leave no free cell, their grid -- checked -- is the
only solution and the SAT model is not called; when they meet a contradiction there is none.
Puzzles with a "?" number, which neither rule set takes, go to the SAT model unreduced.
"""

from __future__ import annotations

import dataclasses
import time

from ..native_rules.nurikabe.deduce import Contradiction, deduce, verdict
from ..puzzles import solving
from ..puzzles.nurikabe import NurikabePuzzle, NurikabeSolution
from ..puzzles.solving import Deadline, DeadlineExpired, Limit, SolveResult, Status

BACKEND = "heuristics+sat"
RULES_BACKEND = "rules+sat"
# the share of the time limit ``rules+sat`` lets the probing take before the SAT model gets the rest
PROBE_SHARE = 0.5
# the essay's h2far builds a table of every free cell's distance to every number above 1 (with
# its temporaries, about this many bytes per pair)
H2FAR_BYTES_PER_PAIR = 40


# above this many (free cell, number) pairs the heuristics run in a child process stopped at the
# deadline (below, they take well under a second, less than starting a process costs)
CHILD_PAIRS = 1_000_000


def h2far_pairs(puzzle: NurikabePuzzle) -> int:
    """The (free cell, number above 1) pairs of the essay's ``h2far`` distance table."""
    numbers = [v for _, v in puzzle.clue_cells()]
    return (puzzle.rows * puzzle.cols - len(numbers)) * sum(1 for v in numbers if v > 1)


def heuristics_within(puzzle: NurikabePuzzle, deadline: Deadline) -> tuple[NurikabeSolution, bool]:
    """``heuristic_state(puzzle)`` within the deadline. The port checks no deadline, so on large
    puzzles it runs in a forked child process that is killed when the time runs out
    (``DeadlineExpired``); an exception in the child (e.g. MemoryError) is raised here."""
    from ..native_rules.nurikabe.backends import heuristic_state

    if deadline.seconds is None or h2far_pairs(puzzle) <= CHILD_PAIRS:
        return heuristic_state(puzzle)
    import multiprocessing

    context = multiprocessing.get_context("fork")
    receive, send = context.Pipe(duplex=False)
    child = context.Process(target=_heuristics_to, args=(puzzle, send))
    child.start()
    send.close()
    try:
        if not receive.poll(deadline.remaining()):
            raise DeadlineExpired("the time limit passed during the heuristics")
        ok, value = receive.recv()
    except EOFError:
        raise RuntimeError(f"the heuristics' process ended with exit code {child.exitcode}") from None
    finally:
        child.kill()
        child.join()
        receive.close()
    if not ok:
        raise value
    return value


def _heuristics_to(puzzle: NurikabePuzzle, send) -> None:
    from ..native_rules.nurikabe.backends import heuristic_state

    try:
        send.send((True, heuristic_state(puzzle)))
    except BaseException as exc:  # noqa: BLE001 - handed to the parent, which raises it
        send.send((False, exc))


@solving.stops_at_deadline(BACKEND)
def heuristics_then_sat(puzzle: NurikabePuzzle, limit: Limit = Limit(), *,
                        solver: str | None = None) -> SolveResult:
    """``solver``: as in ``satmodels.nurikabe.solve`` (by default by the grid's size). The
    heuristics (a port, no deadline inside) are refused up front where their distance table
    cannot fit in memory, and stopped at the deadline (``heuristics_within``)."""
    t0 = time.perf_counter()
    partial, sound = None, True
    if not puzzle.has_unknown_clues():
        what = f"nurikabe {BACKEND}: the essay's heuristics for {puzzle.rows}x{puzzle.cols}"
        solving.refuse_oversized(f"{what} with {len(puzzle.clue_cells())} numbers",
                         H2FAR_BYTES_PER_PAIR * h2far_pairs(puzzle))
        partial, sound = heuristics_within(puzzle, Deadline(limit.seconds))
    took = time.perf_counter() - t0
    stats = {"heuristics_seconds": round(took, 6)}
    if partial is not None:
        stats["free_after_heuristics"] = len(partial.undecided)
    return _then_sat(puzzle, limit, solver, partial, sound, took, stats, BACKEND)


@solving.stops_at_deadline(RULES_BACKEND)
def rules_then_sat(puzzle: NurikabePuzzle, limit: Limit = Limit(), *, solver: str | None = None,
                   probe: bool = True) -> SolveResult:
    """``solver``: as in ``satmodels.nurikabe.solve``; ``probe``: contradiction probing after the
    rules (for at most ``PROBE_SHARE`` of the time limit)."""
    t0 = time.perf_counter()
    partial, stats = None, {}
    if not puzzle.has_unknown_clues():
        budget = Deadline(None if limit.seconds is None else limit.seconds * PROBE_SHARE)
        try:
            partial, stats = deduce(puzzle, budget, probe)
        except Contradiction as exc:
            return SolveResult(RULES_BACKEND, Status.UNSAT, exhausted=True, seconds=time.perf_counter() - t0,
                               note=f"contradiction: {exc}")
    took = time.perf_counter() - t0
    stats = {f"rules_{k}": v for k, v in stats.items()}
    stats["rules_seconds"] = round(took, 6)
    if partial is not None:
        stats["free_after_rules"] = len(partial.undecided)
        status = verdict(puzzle, partial)
        if status is not None:  # a complete grid: the SAT model has nothing left to decide
            return SolveResult(RULES_BACKEND, status, (partial,) if status == Status.SOLVED else (),
                               exhausted=True, seconds=took, stats=stats)
    return _then_sat(puzzle, limit, solver, partial, True, took, stats, RULES_BACKEND)


def _then_sat(puzzle, limit, solver, partial, sound, took, stats, backend) -> SolveResult:
    """The SAT model on what ``partial`` (None: nothing) leaves free, in the time left (imported
    here: a puzzle the rules complete needs neither it nor the SAT solver)."""
    from ..satmodels.nurikabe import solve as sat_solve

    seconds = None if limit.seconds is None else max(1e-3, limit.seconds - took)
    r = sat_solve(puzzle, Limit(seconds, limit.solutions), solver=solver, fixed=partial, backend=backend)
    stats = dict(r.stats, **stats)
    return dataclasses.replace(r, exhausted=r.exhausted and sound, seconds=r.seconds + took, stats=stats)
