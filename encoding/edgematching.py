"""Edge matching's shared model facts, for the CP-SAT and CNF models: the inner joins with the
sides that meet there, and the board symmetry -- with the first corner piece fixed, a model finds
one solution per rotation class, and every class stands for ``symmetry_factor`` solutions."""

from __future__ import annotations

from collections.abc import Iterator

from ..puzzles import edgematching as em
from ..puzzles.edgematching import EdgeMatchingPuzzle, EdgeMatchingSolution, orbit, symmetry_factor
from ..puzzles.grid import Cell
from ..puzzles.solving import Limit


def join_sides(puzzle: EdgeMatchingPuzzle) -> Iterator[tuple[Cell, Cell, int, int]]:
    """Every inner join as (square a, square b, a's side, b's side): right/left or bottom/top."""
    for a, b in puzzle.inner_joins():
        horizontal = a[0] == b[0]
        yield a, b, (em.RIGHT if horizontal else em.BOTTOM), (em.LEFT if horizontal else em.TOP)


def class_limit(puzzle: EdgeMatchingPuzzle, limit: Limit, broken: bool) -> Limit:
    """The limit for a model with the symmetry broken: the classes needed to reach the solutions."""
    factor = symmetry_factor(puzzle) if broken else 1
    return Limit(limit.seconds, -(-limit.solutions // factor))


def with_turned_copies(puzzle: EdgeMatchingPuzzle, classes, broken: bool) -> list[EdgeMatchingSolution]:
    """Every solution of the classes found (each with its turned copies when the symmetry was broken)."""
    return [s for c in classes for s in (orbit(puzzle, c) if broken else [c])]


# Peak bytes per unit of each model's dominant family (the Python model, the solver's copy and its
# search), measured on e2 boards of 12x12 and 16x16: docs/edgematching.md, "Time and memory"
BYTES_PER_UNIT = {"heule": 2500.0, "rotation": 200.0, "cpsat": 6500.0}


def model_bytes(puzzle: EdgeMatchingPuzzle, encoding: str) -> float:
    """About how many bytes a model of ``puzzle`` takes, from its size alone (no placement is
    enumerated): with I inner pieces (no border side) on I inner squares, each of the 4 turns and
    D inner colours, Heule's CNF has ~I^2 D piece-colour clauses, the rotation-explicit CNF ~I^3 / D
    literals in its support clauses and the CP-SAT model ~I^2 placements (x 4 turns, with their
    join implications). Border pieces add lower-order terms, left out."""
    inner = sum(1 for t in puzzle.tiles if em.BORDER not in t)
    colours = max(1, len({v for t in puzzle.tiles if em.BORDER not in t for v in t}))
    turns = 4 if puzzle.rotation else 1
    units = {"heule": inner**2 * colours, "rotation": inner**3 * turns**2 / colours,
             "cpsat": inner**2 * turns}[encoding]
    return units * BYTES_PER_UNIT[encoding]
