"""The Takegaki board in the seed's absolute coordinates (van Dam 2008, Chapter 2).

Coordinates. The seed numbers entries, edges and vertices on one doubled lattice whose origin is
the vertex in the top left corner of the grid; "the edge above the entry in the top left corner
[...] has the absolute coordinate (0, 1)" (Chapter 4). So the first coordinate ``i`` runs down
and the second ``j`` runs right (row first, like every other coordinate in gridsolve):

* entry (cell) ``(r, c)``            -> ``(2r+1, 2c+1)``  (odd, odd)
* horizontal edge ``(r,c)-(r,c+1)``  -> ``(2r,   2c+1)``  (even, odd)
* vertical edge   ``(r,c)-(r+1,c)``  -> ``(2r+1, 2c)``    (odd, even)
* vertex ``(r, c)``                  -> ``(2r,   2c)``    (even, even), never referenced by rules.

The rule files (Chapter 5) use the same lattice relative to an entry; their text calls the two
numbers "x and y", but Chapter 2 says relative and absolute coordinates use the same system and
the absolute start (0, 1) is the edge *above* an entry, so we read the first number as the row
offset as well. For the rules the choice is immaterial: the 8 symmetric variants include the
transposition.

Storage: one flat list ``val`` over the lattice plus a margin of ``pad`` positions on every side
(the "outside of the grid"). Edge positions hold UNKNOWN, CROSS or LINE; edge positions outside
the grid hold CROSS forever ("a location outside of the grid is always absent", Chapter 5).
Entry positions hold the clue 0-4 or BLANK; entry positions outside the grid hold OFF, which no
condition ever matches.
"""

from __future__ import annotations

from ...puzzles.slitherlink import QUESTION, SlitherlinkPuzzle, SlitherlinkSolution

UNKNOWN = -1  # edge: neither line nor cross yet
CROSS = 0
LINE = 1
BLANK = -1  # entry without a (known) number
OFF = -9  # entry position outside the grid


class Contradiction(Exception):
    """A deduction conflicts with what the board already holds (the puzzle has no solution)."""


def edge_pos(e) -> tuple[int, int]:
    """Absolute (i, j) of a canonical grid edge ``((r1, c1), (r2, c2))``."""
    (r1, c1), (r2, c2) = e
    return r1 + r2, c1 + c2


def pos_edge(i: int, j: int):
    """The canonical grid edge at absolute edge position (i, j)."""
    if i % 2 == 0:  # horizontal
        return (i // 2, (j - 1) // 2), (i // 2, (j + 1) // 2)
    return ((i - 1) // 2, j // 2), ((i + 1) // 2, j // 2)


class Board:
    """Numbers and edge states of one puzzle on the padded absolute lattice."""

    def __init__(self, puzzle: SlitherlinkPuzzle, pad: int = 1) -> None:
        self.puzzle = puzzle
        self.rows, self.cols = puzzle.rows, puzzle.cols
        self.height, self.width = 2 * puzzle.rows + 1, 2 * puzzle.cols + 1
        self.pad = pad
        self.stride = self.width + 2 * pad
        n = (self.height + 2 * pad) * self.stride
        val = [0] * n  # outside edge positions: CROSS (0); vertices: unused
        for i in range(-pad, self.height + pad):
            for j in range(-pad, self.width + pad):
                if i % 2 and j % 2:
                    val[self.index(i, j)] = OFF
        for r, row in enumerate(puzzle.clues):
            for c, v in enumerate(row):
                val[self.index(2 * r + 1, 2 * c + 1)] = BLANK if v is None or v == QUESTION else v
        # every edge on the grid, in the seed's order: row by row over (i, j), starting at (0, 1)
        self.edges: list[int] = []
        self.edge_ij: list[tuple[int, int]] = []
        for i in range(self.height):
            for j in range((i + 1) % 2, self.width, 2):
                self.edges.append(self.index(i, j))
                self.edge_ij.append((i, j))
                val[self.index(i, j)] = UNKNOWN
        self.entries = [self.index(2 * r + 1, 2 * c + 1)
                        for r in range(self.rows) for c in range(self.cols)]
        self.val = val

    def index(self, i: int, j: int) -> int:
        return (i + self.pad) * self.stride + (j + self.pad)

    def ij(self, k: int) -> tuple[int, int]:
        q, m = divmod(k, self.stride)
        return q - self.pad, m - self.pad

    def on_grid(self, i: int, j: int) -> bool:
        return 0 <= i < self.height and 0 <= j < self.width

    def copy(self) -> Board:
        other = object.__new__(Board)
        other.__dict__.update(self.__dict__)
        other.val = list(self.val)
        return other

    # ------------------------------------------------------------------ edges as gridsolve edges

    def set_edge(self, e, value: int) -> None:
        self.val[self.index(*edge_pos(e))] = value

    def lines(self) -> frozenset:
        val = self.val
        return frozenset(pos_edge(*ij) for k, ij in zip(self.edges, self.edge_ij, strict=True)
                         if val[k] == LINE)

    def crosses(self) -> frozenset:
        val = self.val
        return frozenset(pos_edge(*ij) for k, ij in zip(self.edges, self.edge_ij, strict=True)
                         if val[k] == CROSS)

    def unknown_count(self) -> int:
        val = self.val
        return sum(val[k] == UNKNOWN for k in self.edges)

    def solution(self) -> SlitherlinkSolution:
        return SlitherlinkSolution(self.rows, self.cols, self.lines())

    def numbers(self) -> list[tuple[int, int]]:
        """(flat index, number) of every numbered entry (numbers may have been set by rules)."""
        val = self.val
        return [(k, val[k]) for k in self.entries if val[k] >= 0]

    # ------------------------------------------------------------------ Chapter 3

    def is_finished(self) -> bool:
        """Chapter 3, "Checking for a solved puzzle", on the lines (unknown edges count as no
        line): 1. every number has its count of lines; 2. every vertex has 2 or 0 lines;
        3. one loop: follow the loop from one line and see that no line is left unvisited.
        Beyond the seed (as the project's checker): at least one line is drawn."""
        val, s = self.val, self.stride
        for k in self.entries:  # 1.
            n = val[k]
            if n >= 0 and (val[k - s] == LINE) + (val[k + s] == LINE) + (val[k - 1] == LINE) \
                    + (val[k + 1] == LINE) != n:
                return False
        lines = [k for k in self.edges if val[k] == LINE]
        for i in range(0, self.height, 2):  # 2. vertices at (even, even)
            for j in range(0, self.width, 2):
                k = self.index(i, j)
                d = (val[k - s] == LINE) + (val[k + s] == LINE) + (val[k - 1] == LINE) \
                    + (val[k + 1] == LINE)
                if d not in (0, 2):
                    return False
        if not lines:
            return False
        return self.follow_loop(lines[0]) == len(lines)  # 3.

    def follow_loop(self, start: int) -> int:
        """Walk along the lines from edge ``start`` until back at it; the number of lines walked
        (every vertex on the way must have degree 2)."""
        val, s = self.val, self.stride
        i, j = self.ij(start)
        # an edge's endpoints: vertical neighbours for a vertical edge, horizontal otherwise
        step = s if i % 2 else 1
        vertex, prev, count = start + step, start, 1
        while True:
            nxt = [vertex + d for d in (-s, s, -1, 1) if val[vertex + d] == LINE
                   and vertex + d != prev]
            if len(nxt) != 1:
                return -1
            edge = nxt[0]
            if edge == start:
                return count
            count += 1
            prev = edge
            vertex = edge + (edge - vertex)
