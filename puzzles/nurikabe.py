"""Nurikabe: the puzzle and solution types.

Rules (seed: the J essay's Introduction; Nikoli): the numbered cells stay white; colour every
other cell black (wall) or white so that

* each numbered cell k is part of an island of k orthogonally connected white cells, and every
  white cell belongs to exactly one such island (an island holds exactly one number);
* all black cells are orthogonally connected (the wall); a grid without black cells is accepted,
  as the puzz.link checker does (the essay's ``check`` wants exactly one black island: see
  ``native_rules/nurikabe.py``);
* no 2x2 block is all black.

A clue ``?`` (puzz.link ``.``, janko ``?``) is a numbered cell whose number is unknown: it is white
and its island holds no other number, of any size.

A solution is the set of wall cells; ``undecided`` cells (neither wall nor island) only occur in
partial states read from files, and the checker rejects them.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from . import grid
from .grid import Cell, GridSized

KIND = "nurikabe"
QUESTION = -1  # a numbered cell whose number is unknown ("?")
MAX_SIDE = 1000


@dataclass(frozen=True)
class NurikabePuzzle(GridSized):
    clues: tuple[tuple[int | None, ...], ...]  # None = blank, k >= 1, or QUESTION

    kind = KIND

    def __post_init__(self) -> None:
        grid.check_clue_grid(self.rows, self.cols, self.clues, MAX_SIDE)
        for row in self.clues:
            for v in row:
                if v is not None and v != QUESTION and not (isinstance(v, int) and v >= 1):
                    raise ValueError(f"clue {v!r} is impossible (a numbered cell is part of its own "
                                     "island, so numbers start at 1)")

    @classmethod
    def from_rows(cls, rows: list[list[int | None]]) -> NurikabePuzzle:
        return cls(len(rows), len(rows[0]) if rows else 0, tuple(tuple(r) for r in rows))

    def clue(self, cell: Cell) -> int | None:
        return self.clues[cell[0]][cell[1]]

    def clue_cells(self) -> list[tuple[Cell, int]]:
        """Every numbered cell with its number (QUESTION for "?"), row-major."""
        return [((r, c), v) for r, row in enumerate(self.clues) for c, v in enumerate(row) if v is not None]

    def has_unknown_clues(self) -> bool:
        return any(v == QUESTION for row in self.clues for v in row)

    def wall_count(self) -> int | None:
        """How many cells every solution walls: cells minus the sum of the numbers (None when a
        "?" makes it unknown)."""
        if self.has_unknown_clues():
            return None
        return self.rows * self.cols - sum(v for _, v in self.clue_cells())


@dataclass(frozen=True)
class NurikabeSolution(GridSized):
    """The wall cells (canonical: a frozenset). ``undecided`` is empty for every solution a
    backend returns; partial states read from files may leave cells undecided."""

    black: frozenset[Cell]
    undecided: frozenset[Cell] = field(default_factory=frozenset)

    kind = KIND

    @classmethod
    def from_cells(cls, rows: int, cols: int, black, undecided=()) -> NurikabeSolution:
        return cls(rows, cols, frozenset(map(tuple, black)), frozenset(map(tuple, undecided)))

    def white(self) -> frozenset[Cell]:
        return frozenset(grid.cells(self.rows, self.cols)) - self.black - self.undecided

    def to_json(self) -> dict:
        out: dict = {"black": [list(c) for c in sorted(self.black)]}
        if self.undecided:
            out["undecided"] = [list(c) for c in sorted(self.undecided)]
        return out

    @classmethod
    def from_json(cls, puzzle: NurikabePuzzle, obj: dict) -> NurikabeSolution:
        try:
            black = [(int(r), int(c)) for r, c in obj["black"]]
            undecided = [(int(r), int(c)) for r, c in obj.get("undecided", [])]
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise ValueError('expected {"black": [[r, c], ...]}') from exc
        for cell in black + undecided:
            if not (0 <= cell[0] < puzzle.rows and 0 <= cell[1] < puzzle.cols):
                raise ValueError(f"cell {cell} is not in a {puzzle.size} grid")
        return cls.from_cells(puzzle.rows, puzzle.cols, black, undecided)
