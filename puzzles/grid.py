"""Grid vocabulary shared by every kind: cells, lattice vertices and unit edges.

All coordinates are 0-based and row first.

* a **cell** ``(r, c)`` with ``0 <= r < rows``, ``0 <= c < cols``;
* a **vertex** ``(r, c)`` is a lattice point with ``0 <= r <= rows``, ``0 <= c <= cols``; cell
  ``(r, c)`` has corners ``(r, c)``, ``(r, c+1)``, ``(r+1, c)``, ``(r+1, c+1)``;
* an **edge** is a unit segment between two lattice points, stored canonically as the sorted pair
  ``((r1, c1), (r2, c2))``: horizontal edges ``((r, c), (r, c+1))``, vertical ``((r, c), (r+1, c))``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import lru_cache
from typing import ClassVar, Self

Cell = tuple[int, int]
Vertex = tuple[int, int]
Edge = tuple[Vertex, Vertex]

# the four steps (dr, dc) in the order up, right, down, left
STEPS: tuple[tuple[int, int], ...] = ((-1, 0), (0, 1), (1, 0), (0, -1))


def edge(a: Vertex, b: Vertex) -> Edge:
    """The canonical edge between two lattice points one unit apart."""
    if abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1:
        raise ValueError(f"{a} and {b} are not adjacent lattice points")
    return (a, b) if a < b else (b, a)


def cell_name(cell: Cell) -> str:
    """A 0-based (row, col) as every message names it: ``r4c3`` (row and column from 1)."""
    return f"r{cell[0] + 1}c{cell[1] + 1}"


def corner_name(rows: int, cols: int, point: Cell) -> str:
    """A grid point (r, c), 0 <= r <= rows, 0 <= c <= cols (a Slitherlink dot), named by a cell
    it is a corner of, as ``cell_name`` names cells: "the top-left corner of r2c3"."""
    r, c = point
    cell = (min(r, rows - 1), min(c, cols - 1))
    side = f"{'top' if r < rows else 'bottom'}-{'left' if c < cols else 'right'}"
    return f"the {side} corner of {cell_name(cell)}"


def cells(rows: int, cols: int) -> Iterator[Cell]:
    for r in range(rows):
        for c in range(cols):
            yield (r, c)


def blocks(rows: int, cols: int) -> Iterator[tuple[Cell, Cell, Cell, Cell]]:
    """Every 2x2 block of cells, row-major by its top-left cell: (top-left, top-right,
    bottom-left, bottom-right)."""
    for r in range(rows - 1):
        for c in range(cols - 1):
            yield (r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)


def vertices(rows: int, cols: int) -> Iterator[Vertex]:
    for r in range(rows + 1):
        for c in range(cols + 1):
            yield (r, c)


def edges(rows: int, cols: int) -> list[Edge]:
    """Every edge of the lattice, in canonical sorted order."""
    out: list[Edge] = []
    for r in range(rows + 1):
        for c in range(cols + 1):
            if c < cols:
                out.append(((r, c), (r, c + 1)))
            if r < rows:
                out.append(((r, c), (r + 1, c)))
    return out


def cell_links(rows: int, cols: int) -> list[tuple[Cell, Cell]]:
    """Every pair of side-by-side cells (a step between their centres), in sorted order."""
    out: list[tuple[Cell, Cell]] = []
    for r in range(rows):
        for c in range(cols):
            if c + 1 < cols:
                out.append(((r, c), (r, c + 1)))
            if r + 1 < rows:
                out.append(((r, c), (r + 1, c)))
    return out


def edge_in_grid(rows: int, cols: int, e: Edge) -> bool:
    (r1, c1), (r2, c2) = e
    if not (0 <= r1 <= rows and 0 <= r2 <= rows and 0 <= c1 <= cols and 0 <= c2 <= cols):
        return False
    return abs(r1 - r2) + abs(c1 - c2) == 1


def segments_to_json(segments) -> dict:
    """A loop's segments (pairs of points: Slitherlink edges, Masyu links) as solution JSON."""
    return {"edges": [[list(a), list(b)] for a, b in sorted(segments)]}


def segments_from_json(obj: dict, fits: Callable[[Edge], bool], what: str) -> list[Edge]:
    """The segments of solution JSON ``{"edges": [[[r1, c1], [r2, c2]], ...]}``, each checked by
    ``fits``: ValueError naming what each must be (``what``: "an edge of a 5x5 grid")."""
    try:
        pairs = [((int(a[0]), int(a[1])), (int(b[0]), int(b[1]))) for a, b in obj["edges"]]
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        raise ValueError(f'expected {{"edges": [[[r1, c1], [r2, c2]], ...]}}, each {what}') from exc
    for e in pairs:
        if not fits(e):
            raise ValueError(f"{e} is not {what}")
    return pairs


def cell_edges(cell: Cell) -> tuple[Edge, Edge, Edge, Edge]:
    """The four sides of a cell: top, right, bottom, left."""
    r, c = cell
    return (
        ((r, c), (r, c + 1)),
        ((r, c + 1), (r + 1, c + 1)),
        ((r + 1, c), (r + 1, c + 1)),
        ((r, c), (r + 1, c)),
    )


def vertex_edges(rows: int, cols: int, v: Vertex) -> list[Edge]:
    """The 2-4 lattice edges at a vertex (up, right, down, left order)."""
    r, c = v
    out = []
    for dr, dc in STEPS:
        w = (r + dr, c + dc)
        if 0 <= w[0] <= rows and 0 <= w[1] <= cols:
            out.append(edge(v, w))
    return out


def edge_cells(rows: int, cols: int, e: Edge) -> list[Cell]:
    """The one or two cells an edge borders (cells outside the grid left out)."""
    (r1, c1), (r2, c2) = e
    if r1 == r2:  # horizontal: cells above and below
        candidates = [(r1 - 1, c1), (r1, c1)]
    else:  # vertical: cells left and right
        candidates = [(r1, c1 - 1), (r1, c1)]
    return [(r, c) for r, c in candidates if 0 <= r < rows and 0 <= c < cols]


def neighbours(rows: int, cols: int, cell: Cell) -> list[Cell]:
    """The 2-4 orthogonal neighbours of a cell (up, right, down, left order)."""
    r, c = cell
    return [
        (r + dr, c + dc) for dr, dc in STEPS if 0 <= r + dr < rows and 0 <= c + dc < cols
    ]


@lru_cache(maxsize=8)
def neighbour_table(rows: int, cols: int) -> dict[Cell, tuple[Cell, ...]]:
    """``neighbours`` of every cell, computed once per grid size (for loops that look them up
    hundreds of thousands of times, such as Nurikabe's lazy cuts)."""
    return {cell: tuple(neighbours(rows, cols, cell)) for cell in cells(rows, cols)}


def boundary_edges(inside: set[Cell] | frozenset[Cell]) -> frozenset[Edge]:
    """Edges separating a set of cells from the cells not in it (the grid border included)."""
    out = set()
    for cell in inside:
        r, c = cell
        for (dr, dc), side in zip(STEPS, cell_edges(cell), strict=True):
            if (r + dr, c + dc) not in inside:
                out.add(side)
    return frozenset(out)


def check_clue_grid(rows: int, cols: int, clues, max_side: int) -> None:
    """ValueError unless 1 <= rows, cols <= max_side and ``clues`` has rows rows of cols entries."""
    if not (1 <= rows <= max_side and 1 <= cols <= max_side):
        raise ValueError(f"impossible size {rows}x{cols} (1..{max_side} per side)")
    if len(clues) != rows or any(len(row) != cols for row in clues):
        raise ValueError(f"clue grid is not {rows}x{cols}")


@dataclass(frozen=True)
class GridSized:
    """The grid's ``rows`` and ``cols``, declared once for every puzzle and solution type that
    lives on a grid (a frozen dataclass base: the subclass's own fields follow them), and
    ``size``, the "RxC" every report prints."""

    rows: int
    cols: int

    @property
    def size(self) -> str:
        return f"{self.rows}x{self.cols}"


@dataclass(frozen=True)
class SegmentLoop(GridSized):
    """A loop drawn as the set of its segments -- pairs of lattice points one step apart, the
    smaller point first (``edge``): Slitherlink's edges between the dots, Masyu's links between
    cell centres. Made from point pairs and read / written as ``{"edges": [[p, q], ...]}`` here
    once; a subclass says in its class line whose points they are (``on_dots``: the (rows + 1) x
    (cols + 1) corners, else the rows x cols cells) and what one is called in errors
    (``segment_name``)."""

    segments: frozenset[Edge]

    on_dots: ClassVar[bool]
    segment_name: ClassVar[str]

    def __init_subclass__(cls, *, on_dots: bool, segment_name: str, **kwargs) -> None:
        super().__init_subclass__(**kwargs)
        cls.on_dots, cls.segment_name = on_dots, segment_name

    @classmethod
    def from_pairs(cls, rows: int, cols: int, pairs) -> Self:
        """The loop of these point pairs, each made canonical (ValueError if one is no step)."""
        return cls(rows, cols, frozenset(edge(a, b) for a, b in pairs))

    @classmethod
    def fits(cls, rows: int, cols: int, segment: Edge) -> bool:
        """Whether ``segment`` joins two neighbouring points of a rows x cols grid of this kind."""
        return edge_in_grid(rows, cols, segment) if cls.on_dots else edge_in_grid(rows - 1, cols - 1, segment)

    def to_json(self) -> dict:
        return segments_to_json(self.segments)

    @classmethod
    def from_json(cls, puzzle: GridSized, obj: dict) -> Self:
        """``{"edges": [[[r1, c1], [r2, c2]], ...]}``, each segment checked against the grid."""
        pairs = segments_from_json(obj, lambda e: cls.fits(puzzle.rows, puzzle.cols, e),
                                   f"{cls.segment_name} of a {puzzle.size} grid")
        return cls.from_pairs(puzzle.rows, puzzle.cols, pairs)
