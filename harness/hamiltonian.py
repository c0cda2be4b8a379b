"""Hamiltonian extras that combine backends (which never import each other): random labyrinths
and the completion oracle, with the frontier DP (``native_rules.hamiltonian``) where its frontier
fits and the SAT model (``satmodels.hamiltonian``) as the exact fallback beyond."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from ..native_rules.hamiltonian.coordinates import cell_name
from ..native_rules.hamiltonian.frontier import TooLarge
from ..native_rules.hamiltonian.tools import oracle as dp_oracle
from ..native_rules.hamiltonian.tools import sampling
from ..puzzles.hamiltonian import HamiltonianPuzzle, HamiltonianSolution

__all__ = ["TooLarge", "cell_name", "sample", "next_moves", "width"]

UNIFORM_WIDTH = 13  # exact uniform sampling (stored DP layers) up to this frontier width
ORACLE_WIDTH = 15  # completion counts by the DP up to this frontier width
MODES = ("auto", "uniform", "walk")


def width(puzzle: HamiltonianPuzzle) -> int:
    """Frontier width of what is left to walk: the short side of its bounding box."""
    walked = set(puzzle.walked()[:-1])
    todo = [c for c in puzzle.free_cells() if c not in walked]
    rows = {r for r, _ in todo}
    cols = {c for _, c in todo}
    return min(max(rows) - min(rows), max(cols) - min(cols)) + 1


class _IncrementalFinder:
    """The oracle's finder for a growing walk: one incremental SAT solver (``WalkSolver``),
    rebuilt when a walk does not extend the previous one."""

    def __init__(self) -> None:
        self.solver = None

    def __call__(self, puzzle: HamiltonianPuzzle):
        from ..satmodels.hamiltonian import WalkSolver

        if self.solver is None or not self.solver.extends(puzzle):
            if self.solver is not None:
                self.solver.close()
            self.solver = WalkSolver(puzzle)
        return self.solver.completion(puzzle)


def make_oracle() -> dp_oracle.Oracle:
    return dp_oracle.Oracle(finder=_IncrementalFinder())


@dataclass
class Sample:
    mode: str
    paths: list[HamiltonianSolution]
    stats: dict = field(default_factory=dict)


def sample(puzzle: HamiltonianPuzzle, count: int = 1, seed=None, mode: str = "auto") -> Sample:
    """``count`` random paths. ``uniform``: exactly uniform (DP); ``walk``: the seed's walk mode
    (uniform among completable moves, exact oracle); ``auto``: uniform when the frontier is at
    most ``UNIFORM_WIDTH`` wide, else walk."""
    if mode not in MODES:
        raise ValueError(f"unknown sampling mode {mode!r} (choose from {', '.join(MODES)})")
    w = width(puzzle)
    if mode == "auto":
        mode = "uniform" if w <= UNIFORM_WIDTH else "walk"
    if mode == "uniform" and w > UNIFORM_WIDTH + 2:
        raise TooLarge(f"uniform sampling keeps every frontier-DP layer: at most {UNIFORM_WIDTH + 2} "
                       f"cells wide, this walk leaves {w}")
    rng = random.Random(seed)
    if mode == "uniform":
        return Sample(mode, sampling.uniform(puzzle, count, rng))
    orc = make_oracle()
    paths = [sampling.walk(puzzle, rng, orc) for _ in range(count)]
    return Sample(mode, paths, dict(orc.calls))


@dataclass
class Moves:
    """Feasible next moves of a partial walk; ``counts`` (completions per move) when the DP ran."""

    moves: list[tuple[int, int]]
    candidates: list[tuple[int, int]]
    counts: dict | None
    method: str


def next_moves(puzzle: HamiltonianPuzzle) -> Moves:
    """Exact: completion counts by the DP when the frontier is at most ``ORACLE_WIDTH`` wide,
    else feasibility by SAT (one completion search per candidate move)."""
    cands = dp_oracle.candidates(puzzle)
    if width(puzzle) <= ORACLE_WIDTH:
        try:
            counts = dp_oracle.completion_counts(puzzle)
            return Moves(sorted(m for m, n in counts.items() if n), cands, counts, "dp")
        except dp_oracle.frontier.TooLarge:
            pass
    orc = make_oracle()
    return Moves(sorted(orc.moves(puzzle)), cands, None, "sat")
