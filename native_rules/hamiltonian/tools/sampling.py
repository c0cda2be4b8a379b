"""Random labyrinths, seeded and reproducible.

* ``uniform(puzzle, k, seed)``: k paths drawn independently and exactly uniformly among all the
  puzzle's Hamiltonian paths (completions of its prefix): the frontier DP keeps every layer, one
  random integer below the total is drawn per path, and the path of that rank is read back
  through the layers (``frontier.Table.unrank``). Exact, but bounded by the DP's size: fine up
  to 13x13 in about a second, 15x15 needs a few GiB for the stored layers.
* ``walk(puzzle, seed, oracle)``: the seed's walk mode ("it has to randomly choose between the
  available fields"), with perfect rules: at each step a move is chosen uniformly among the moves
  that can still be completed (``oracle.Oracle``). It never gets stuck, but it is NOT uniform over
  paths (see ../shared/reference/hamiltonian.md: on 7x7 path probabilities range from 0.0033x to
  97x uniform); ``walk_probability`` gives a path's exact probability under it.
"""

from __future__ import annotations

import random

from ....puzzles.hamiltonian import HamiltonianPuzzle, HamiltonianSolution
from .. import frontier
from ..coordinates import cell_name
from .oracle import Oracle, completable_moves

UNIFORM_MAX_STATES = 2_000_000


class NoPath(ValueError):
    """The puzzle has no Hamiltonian path (no completion)."""


def _rng(seed) -> random.Random:
    return seed if isinstance(seed, random.Random) else random.Random(seed)


def uniform(puzzle: HamiltonianPuzzle, k: int = 1, seed=None, *,
            max_states: int = UNIFORM_MAX_STATES) -> list[HamiltonianSolution]:
    """k independent, exactly uniform paths (completions of the prefix)."""
    rng = _rng(seed)
    table = frontier.build(puzzle, store=True, max_states=max_states)
    if table.total == 0:
        raise NoPath(f"the {puzzle.size} puzzle has no Hamiltonian path")
    head = puzzle.prefix[:-1]
    return [HamiltonianSolution(head + table.unrank(rng.randrange(table.total))) for _ in range(k)]


def walk(puzzle: HamiltonianPuzzle, seed=None, oracle: Oracle | None = None) -> HamiltonianSolution:
    """One walk-mode path: uniform among the completable moves at every step."""
    rng = _rng(seed)
    oracle = oracle or Oracle()
    walked = puzzle.walked()
    current = puzzle
    while walked[-1] != puzzle.end:
        moves = sorted(oracle.moves(current))
        if not moves:
            if current is puzzle:
                raise NoPath(f"the {puzzle.size} walk has no completion")
            stuck = cell_name(walked[-1])
            raise RuntimeError(f"walk stuck at {stuck}: the oracle was wrong")  # pragma: no cover
        current = current.extended(rng.choice(moves))
        walked = current.walked()
    if len(walked) != puzzle.free_count():
        raise NoPath(f"the {puzzle.size} walk has no completion")
    return HamiltonianSolution(walked)


def walk_probability(puzzle: HamiltonianPuzzle, solution: HamiltonianSolution) -> float:
    """The probability that ``walk`` draws this path (product of 1 / #completable moves)."""
    p = 1.0
    path = solution.path
    start = len(puzzle.walked())
    for i in range(start, len(path)):
        moves = completable_moves(puzzle.with_prefix(path[:i]))
        if path[i] not in moves:
            return 0.0
        p /= len(moves)
    return p
