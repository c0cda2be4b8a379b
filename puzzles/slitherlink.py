"""Slitherlink (Takegaki, Loopy, Fences): the puzzle and solution types.

Rules (seed, Chapter 2): draw one closed loop along the grid edges that never crosses or touches
itself; a cell with a number n has exactly n of its four edges on the loop. A solution has at least
one edge (the empty "loop" is not a solution).
"""

from __future__ import annotations

from dataclasses import dataclass

from . import grid
from .grid import Cell, Edge, GridSized, SegmentLoop

KIND = "slitherlink"
QUESTION = -1  # a clue cell whose number is unknown (puzz.link "?"): no constraint
MAX_SIDE = 1000


@dataclass(frozen=True)
class SlitherlinkPuzzle(GridSized):
    clues: tuple[tuple[int | None, ...], ...]  # None = no clue, 0-4, or QUESTION

    kind = KIND

    def __post_init__(self) -> None:
        grid.check_clue_grid(self.rows, self.cols, self.clues, MAX_SIDE)
        for row in self.clues:
            for v in row:
                if v is not None and v != QUESTION and not (0 <= v <= 4):
                    raise ValueError(f"clue {v} is not 0-4")

    @classmethod
    def from_rows(cls, rows: list[list[int | None]]) -> SlitherlinkPuzzle:
        return cls(len(rows), len(rows[0]) if rows else 0, tuple(tuple(r) for r in rows))

    @classmethod
    def empty(cls, rows: int, cols: int) -> SlitherlinkPuzzle:
        return cls(rows, cols, tuple((None,) * cols for _ in range(rows)))

    def clue(self, cell: Cell) -> int | None:
        return self.clues[cell[0]][cell[1]]

    def numbered_cells(self) -> list[tuple[Cell, int]]:
        """Cells whose clue constrains the loop (blank and "?" cells left out)."""
        return [
            ((r, c), v)
            for r, row in enumerate(self.clues)
            for c, v in enumerate(row)
            if v is not None and v != QUESTION
        ]


@dataclass(frozen=True)
class SlitherlinkSolution(SegmentLoop, on_dots=True, segment_name="an edge"):
    """The loop as the set of its edges between the dots (canonical: grid.edge ordering of
    endpoints)."""

    kind = KIND

    @classmethod
    def from_inside(cls, rows: int, cols: int, inside) -> SlitherlinkSolution:
        """The loop that bounds a set of cells (janko's ``x`` = inside)."""
        return cls(rows, cols, grid.boundary_edges(frozenset(inside)))

    def inside(self) -> frozenset[Cell]:
        """Cells inside the loop: a cell is inside iff an odd number of loop edges lie between it
        and the left border of its row (even-odd rule along the row)."""
        out = set()
        for r in range(self.rows):
            crossings = 0
            for c in range(self.cols):
                if ((r, c), (r + 1, c)) in self.edges:
                    crossings += 1
                if crossings % 2:
                    out.add((r, c))
        return frozenset(out)

    @property
    def edges(self) -> frozenset[Edge]:
        """The loop's segments by their Slitherlink name."""
        return self.segments
