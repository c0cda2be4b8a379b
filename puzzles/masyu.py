"""Masyu (Mashu, "pearls"): the puzzle and solution types.

Rules: draw one closed loop through cell centres (horizontal and vertical steps, never crossing or
branching) that passes through every pearl; cells without a pearl may be left out. On a white
pearl the loop goes straight through and turns in at least one of the two cells beside it on the
loop; on a black pearl it turns, and goes straight on through the next cell on both sides. A
solution has at least one step (the empty "loop" is not a solution).

A solution is the set of its **links**: the steps between two orthogonally adjacent cells, each
stored canonically as the sorted pair of cells (``link``).
"""

from __future__ import annotations

from dataclasses import dataclass

from .grid import Cell, GridSized, SegmentLoop, cell_links

KIND = "masyu"
WHITE = "white"
BLACK = "black"
PEARLS = (WHITE, BLACK)
MAX_SIDE = 1000

Link = tuple[Cell, Cell]  # a loop step between two adjacent cells, the smaller cell first


def link(a: Cell, b: Cell) -> Link:
    """The canonical link between two orthogonally adjacent cells."""
    if abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1:
        raise ValueError(f"cells {a} and {b} are not orthogonal neighbours")
    return (a, b) if a < b else (b, a)


def links(rows: int, cols: int) -> list[Link]:
    """Every link of a rows x cols grid, in sorted order."""
    return cell_links(rows, cols)


def link_in_grid(rows: int, cols: int, e: Link) -> bool:
    (r1, c1), (r2, c2) = e
    inside = all(0 <= r < rows and 0 <= c < cols for r, c in e)
    return inside and abs(r1 - r2) + abs(c1 - c2) == 1


@dataclass(frozen=True)
class MasyuPuzzle(GridSized):
    pearls: tuple[tuple[str | None, ...], ...]  # per cell: WHITE, BLACK or None

    kind = KIND

    def __post_init__(self) -> None:
        if not (1 <= self.rows <= MAX_SIDE and 1 <= self.cols <= MAX_SIDE):
            raise ValueError(f"impossible size {self.rows}x{self.cols} (1..{MAX_SIDE} per side)")
        if len(self.pearls) != self.rows or any(len(row) != self.cols for row in self.pearls):
            raise ValueError(f"pearl grid is not {self.rows}x{self.cols}")
        for row in self.pearls:
            for p in row:
                if p is not None and p not in PEARLS:
                    raise ValueError(f"pearl {p!r} is not {WHITE!r}, {BLACK!r} or None")

    @classmethod
    def from_rows(cls, rows: list[list[str | None]]) -> MasyuPuzzle:
        return cls(len(rows), len(rows[0]) if rows else 0, tuple(tuple(r) for r in rows))

    def pearl(self, cell: Cell) -> str | None:
        return self.pearls[cell[0]][cell[1]]

    def pearl_cells(self, colour: str | None = None) -> list[Cell]:
        """The cells holding a pearl (of ``colour`` if given), row-major."""
        return [(r, c) for r, row in enumerate(self.pearls) for c, p in enumerate(row)
                if p is not None and (colour is None or p == colour)]


@dataclass(frozen=True)
class MasyuSolution(SegmentLoop, on_dots=False, segment_name="a pair of adjacent cells"):
    """The loop as the set of its links between cell centres (canonical: ``link`` ordering of
    the two cells)."""

    kind = KIND

    def visited(self) -> frozenset[Cell]:
        """The cells the loop passes through."""
        return frozenset(c for e in self.links for c in e)

    @property
    def links(self) -> frozenset[Link]:
        """The loop's segments by their Masyu name."""
        return self.segments
