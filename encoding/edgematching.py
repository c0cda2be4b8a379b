"""Edge matching's shared model facts, for the CP-SAT and CNF models: the inner joins with the
sides that meet there, and the board symmetry -- with the first corner piece fixed, a model finds
one solution per rotation class, and every class stands for ``symmetry_factor`` solutions."""

from __future__ import annotations

from collections.abc import Iterator

from gridsolve.puzzles import edgematching as em
from gridsolve.puzzles.edgematching import EdgeMatchingPuzzle, EdgeMatchingSolution, orbit, symmetry_factor
from gridsolve.puzzles.grid import Cell
from gridsolve.puzzles.solving import Limit


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
