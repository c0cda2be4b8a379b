"""The labyrinth author's rules (``native_rules.hamiltonian`` port) joined with the exact
completion oracle and counter (frontier DP, and the SAT model beyond its reach): what the
``walk`` / ``walk-stats`` / ``enumerate`` / ``replay`` commands and the labyrinth benchmarks call.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from ..native_rules.hamiltonian import frontier
from ..native_rules.hamiltonian.cascade.engine import CONTROL, DEFAULT, DEFAULT_RULES, UNIVERSAL, parse_rules
from ..native_rules.hamiltonian.tools import drivers, replay
from ..native_rules.hamiltonian.tools.audit import AuditReport, Stepper, Walk, audit_walks
from ..native_rules.hamiltonian.tools.oracle import completable_moves
from ..puzzles.hamiltonian import HamiltonianPuzzle
from .hamiltonian import make_oracle

__all__ = ["SEED_STATS", "BOOK_PER_ERROR", "parse_rules", "audit", "walks", "enumerate_walkthroughs",
           "exact_count", "stats", "errors", "failure_state", "replay_paths", "oracle_for", "UNIVERSAL",
           "CONTROL", "DEFAULT", "DEFAULT_RULES"]

# seed: "statistics about how many random walkthroughs you can complete on different grids using
# the 7 x 7-specific and the universal rules before running into an error. Based on 1000 attempts"
SEED_STATS = {9: 19.5, 11: 5.7, 13: 2.6, 15: 1.2, 17: 0.7, 19: 0.4, 21: 0.2}
# the book's final rules, random walkthroughs per error (seed: "the 9 x 9 grid is complete", "no
# error in 1 M random cases" on 11 x 11, "1 error per 4000" on 13 x 13, 21 x 21 "9")
BOOK_PER_ERROR = {9: float("inf"), 11: float("inf"), 13: 4000.0, 21: 9.0}
DP_ORACLE_MAX = 9  # replay: frontier DP per disputed step up to this size, SAT beyond
EXACT_COUNT_MAX = 13  # enumerate: compare with the frontier-DP count up to this size


def oracle_for(n: int) -> Callable[[HamiltonianPuzzle], set]:
    """Completable next moves of a walk (exact): the DP for small boards, else the incremental
    SAT walk oracle."""
    if n <= DP_ORACLE_MAX:
        return completable_moves
    return make_oracle().moves


def audit(n: int, walks: int, seed: int = 0, groups: int = DEFAULT, keep: int = 20,
          progress=None, walks_out=None) -> AuditReport:
    return audit_walks(n, walks, make_oracle().moves, seed, groups, keep, progress, walks_out)


def walks(n: int, count: int, seed: int = 0, groups: int = DEFAULT) -> tuple[AuditReport, list[Walk]]:
    out: list[Walk] = []
    rep = audit_walks(n, count, None, seed, groups, walks_out=out)
    return rep, out


def errors(n: int, walks: int, seed: int = 0, groups: int = DEFAULT, **kw) -> drivers.WalkErrors:
    return drivers.walk_errors(n, walks, seed, groups, **kw)


def failure_state(n: int, groups: int, cells: list, outcome: str) -> str:
    """A failed walk in the author's saved-state format, with the options the rules give at each
    step (recomputed: the kernels keep only the cells)."""
    st = Stepper(n, groups, cells[:1])
    # the author's format: options[i] are those at cells[i - 1]; (1,) before the start
    options: list[tuple[int, ...]] = [(1,)]
    for x, y in cells[1:]:
        _, allowed, _ = st.step()
        options.append(tuple(allowed))
        lx, ly = st.live()
        st.move({(0, 1): 0, (1, 0): 1, (0, -1): 2, (-1, 0): 3}[(x - lx, y - ly)])
    if outcome != "corner early":
        options.append(tuple(st.step()[1]))
    return Walk(n, outcome, list(cells), options).state()


def exact_count(n: int) -> int | None:
    if n > EXACT_COUNT_MAX:
        return None
    return frontier.count(HamiltonianPuzzle.square(n))


def enumerate_walkthroughs(n: int, groups: int = DEFAULT, **kw) -> drivers.Enumeration:
    return drivers.enumerate_keep_left(n, groups, **kw)


def stats(n: int, attempts: int, seed: int = 0, groups: int = DEFAULT, *, max_walks: int = 1_000_000,
          state: Path | None = None, progress: Callable[[int, int], None] | None = None) -> drivers.WalkStats:
    return drivers.walk_stats(n, attempts, seed, groups, max_walks, state=state, progress=progress)


def sat_judge(seconds: float = 60.0) -> Callable:
    """judge(puzzle with prefix, next cell) -> True (a completion exists, found by SAT), False
    (refuted: the quick necessary tests, or SAT proves none), None (undecided in ``seconds``)."""
    from ..native_rules.hamiltonian.tools.oracle import quick_infeasible
    from ..puzzles.solving import Limit, Status
    from ..satmodels.hamiltonian import solve

    def judge(puzzle: HamiltonianPuzzle, cell) -> bool | None:
        after = puzzle.extended(cell)
        if quick_infeasible(after):
            return False
        r = solve(after, Limit(seconds=seconds, solutions=1))
        return True if r.status == Status.SOLVED else False if r.status == Status.UNSAT else None

    return judge


def replay_paths(paths: list[str], sizes=None, groups: int = DEFAULT,
                 use_oracle: bool = True, oracle_max: int = DP_ORACLE_MAX,
                 sat_seconds: float = 60.0) -> list[replay.Replay]:
    """Replay saved states (files or folders, recursively). Disputed moves are judged on boards
    up to ``oracle_max``: by the DP oracle up to 9x9, beyond by SAT, one move at a time, each
    within ``sat_seconds`` (a move left undecided has the verdict None)."""
    out: list[replay.Replay] = []
    judge = sat_judge(sat_seconds)

    def get(n):
        return completable_moves if use_oracle and n <= min(oracle_max, DP_ORACLE_MAX) else None

    def get_judge(n):
        return judge if use_oracle and DP_ORACLE_MAX < n <= oracle_max else None

    for arg in paths:
        p = Path(arg)
        if p.is_dir():
            out.extend(replay.replay_folder(p, sizes, groups, get, get_judge))
        else:
            try:
                state = replay.read_fodor_state(p)
            except Exception as exc:  # noqa: BLE001 - reported per file
                out.append(replay.Replay(p.name, 0, error=str(exc)))
                continue
            if sizes is None or state.size in sizes:
                out.append(replay.replay_state(state, p.name, groups, get(state.size),
                                               get_judge(state.size)))
    return out
