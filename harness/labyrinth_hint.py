"""The labyrinth author's step rules as a hint: from a walk prefix (or a saved state in the
author's format), which next moves the rules forbid and by which rule (the port in
``native_rules.hamiltonian``, read as it is: one step of ``NextStepPossibilities`` and its
cascade, interpreted -- one step costs milliseconds and waits for no compiler). Cells are named
as people read them (``r2c3``: row and column from 1). The rules are the author's, not an oracle:
a move they allow may still be a dead end (``gridsolve oracle`` says which moves complete)."""

from __future__ import annotations

from dataclasses import dataclass

from ..native_rules.hamiltonian.cascade.engine import DEFAULT
from ..native_rules.hamiltonian.coordinates import cell_name, to_rc, to_xy
from ..native_rules.hamiltonian.tools.audit import Stepper
from ..puzzles.hamiltonian import HamiltonianPuzzle

__all__ = ["DIRECTION_NAMES", "LabyrinthHint", "Move", "cell_name", "labyrinth_hint"]

DIRECTION_NAMES = {0: "down", 1: "right", 2: "up", 3: "left"}  # the port's direction codes


@dataclass(frozen=True)
class Move:
    """A candidate next move: its direction, the cell it enters, and the rule forbidding it
    ("" when the rules allow it)."""

    direction: str
    cell: tuple[int, int]  # 0-based (row, col)
    forbidden_by: str = ""


@dataclass(frozen=True)
class LabyrinthHint:
    """The moves from the live end (``live_end`` 0-based (row, col)); ``ruled`` is False when
    fewer than two candidates remain, where the author's rules do not run."""

    live_end: tuple[int, int]
    moves: tuple[Move, ...]
    ruled: bool

    @property
    def allowed(self) -> tuple[Move, ...]:
        return tuple(m for m in self.moves if not m.forbidden_by)


def labyrinth_hint(puzzle: HamiltonianPuzzle, groups: int = DEFAULT) -> LabyrinthHint:
    """The author's rules at the live end of the puzzle's walk. ValueError unless the puzzle is
    the author's: a square board walked from the top-left to the bottom-right corner, nothing
    blocked."""
    n = puzzle.rows
    if puzzle.cols != n or puzzle.start != (0, 0) or puzzle.end != (n - 1, n - 1) or puzzle.blocked:
        raise ValueError("the author's rules are for square boards walked corner to corner, nothing blocked")
    walk = puzzle.prefix or (puzzle.start,)
    stepper = Stepper(n, groups, [to_xy(c) for c in walk], compiled=False)
    cands, allowed, why = stepper.step()
    moves = []
    for d in cands:
        moves.append(Move(DIRECTION_NAMES[d], to_rc(stepper.neighbour(d)), why.get(d, "")))
    return LabyrinthHint(puzzle.live_end, tuple(moves), len(cands) >= 2)
