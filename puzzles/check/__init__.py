"""Independent solution checkers, one module per kind, each exposing
``check(puzzle, solution) -> list[Violation]`` (empty list = valid).

The checkers share no code with any backend: they are the referee every returned solution passes.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Violation:
    code: str  # short stable name, e.g. "clue-count"
    message: str  # human-readable, names the place
    where: tuple = ()  # the cells / vertices / edges involved

    def __str__(self) -> str:
        return f"{self.code}: {self.message}"


def check(kind: str, puzzle, solution) -> list[Violation]:
    """Dispatch to ``puzzles.check.<kind>.check``."""
    from .. import kinds

    return kinds.checker(kind).check(puzzle, solution)
