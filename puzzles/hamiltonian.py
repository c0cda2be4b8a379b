"""The one-way labyrinth (Hamiltonian paths on a grid): the puzzle and solution types.

Rules (seed ``one-way-labyrinth-fodor.txt``, first paragraph, generalised): draw one line through
a grid of R x C cells that visits every free cell exactly once, moving up, down, left or right,
from the start cell to the end cell. The seed's labyrinth is the n x n grid (n odd) from the
top-left to the bottom-right corner; here start and end may be any free cells, cells may be
blocked (never visited), and a **prefix** -- the walk drawn so far, beginning at the start -- may
be given: a solution must begin with it. A partial walk is therefore itself a puzzle ("how many
completions does it have?").

A solution is the ordered cell sequence, start first (JSON ``{"path": [[r, c], ...]}``). It is
canonical: a path between two fixed endpoints has exactly one walking order.
"""

from __future__ import annotations

from dataclasses import dataclass

from .grid import Cell, GridSized

KIND = "hamiltonian"
MAX_SIDE = 200


def adjacent(a: Cell, b: Cell) -> bool:
    return abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1


@dataclass(frozen=True)
class HamiltonianPuzzle(GridSized):
    start: Cell
    end: Cell
    blocked: frozenset[Cell] = frozenset()
    prefix: tuple[Cell, ...] = ()  # the walk so far; empty or beginning at ``start``

    kind = KIND

    def __post_init__(self) -> None:
        if not (1 <= self.rows <= MAX_SIDE and 1 <= self.cols <= MAX_SIDE):
            raise ValueError(f"impossible size {self.rows}x{self.cols} (1..{MAX_SIDE} per side)")
        object.__setattr__(self, "blocked", frozenset(self.blocked))
        object.__setattr__(self, "prefix", tuple(tuple(c) for c in self.prefix))
        for name, cell in (("start", self.start), ("end", self.end)):
            if not self.in_grid(cell):
                raise ValueError(f"{name} cell {cell} is outside the {self.size} grid")
            if cell in self.blocked:
                raise ValueError(f"{name} cell {cell} is blocked")
        for cell in self.blocked:
            if not self.in_grid(cell):
                raise ValueError(f"blocked cell {cell} is outside the {self.size} grid")
        if self.start == self.end and self.free_count() > 1:
            raise ValueError("start and end are the same cell, but there are other free cells")
        self._check_prefix()

    def _check_prefix(self) -> None:
        p = self.prefix
        if not p:
            return
        if p[0] != self.start:
            raise ValueError(f"the prefix begins at {p[0]}, not at the start {self.start}")
        seen = set()
        for i, cell in enumerate(p):
            if not self.in_grid(cell):
                raise ValueError(f"prefix step {i + 1}: cell {cell} is outside the grid")
            if cell in self.blocked:
                raise ValueError(f"prefix step {i + 1}: cell {cell} is blocked")
            if cell in seen:
                raise ValueError(f"prefix step {i + 1}: cell {cell} is visited twice")
            if i and not adjacent(p[i - 1], cell):
                raise ValueError(f"prefix step {i + 1}: {p[i - 1]} -> {cell} is not a step to a neighbour")
            if cell == self.end and i != len(p) - 1:
                raise ValueError(f"prefix step {i + 1}: the walk passes the end cell {cell}")
            seen.add(cell)

    # ------------------------------------------------------------------ constructors

    @classmethod
    def square(cls, n: int) -> HamiltonianPuzzle:
        """The seed's labyrinth: n x n, top-left to bottom-right."""
        return cls.rect(n, n)

    @classmethod
    def rect(cls, rows: int, cols: int) -> HamiltonianPuzzle:
        return cls(rows, cols, (0, 0), (rows - 1, cols - 1))

    def with_prefix(self, prefix) -> HamiltonianPuzzle:
        return HamiltonianPuzzle(self.rows, self.cols, self.start, self.end, self.blocked,
                                 tuple(prefix))

    def extended(self, cell: Cell) -> HamiltonianPuzzle:
        """The walk one step further (checks only the new step: fast for long walks)."""
        walked = self.walked()
        if not (self.is_free(cell) and adjacent(walked[-1], cell)) or cell in walked:
            raise ValueError(f"{walked[-1]} -> {cell} is not a step to a free, unvisited neighbour")
        if walked[-1] == self.end:
            raise ValueError("the walk has already reached the end cell")
        out = object.__new__(HamiltonianPuzzle)
        for name in ("rows", "cols", "start", "end", "blocked"):
            object.__setattr__(out, name, getattr(self, name))
        object.__setattr__(out, "prefix", walked + (cell,))
        return out

    # ------------------------------------------------------------------ queries

    def in_grid(self, cell: Cell) -> bool:
        return 0 <= cell[0] < self.rows and 0 <= cell[1] < self.cols

    def is_free(self, cell: Cell) -> bool:
        return self.in_grid(cell) and cell not in self.blocked

    def free_cells(self) -> list[Cell]:
        return [(r, c) for r in range(self.rows) for c in range(self.cols) if (r, c) not in self.blocked]

    def free_count(self) -> int:
        return self.rows * self.cols - len(self.blocked)

    def neighbours(self, cell: Cell) -> list[Cell]:
        """Free orthogonal neighbours (up, right, down, left order)."""
        r, c = cell
        out = []
        for dr, dc in ((-1, 0), (0, 1), (1, 0), (0, -1)):
            n = (r + dr, c + dc)
            if self.is_free(n):
                out.append(n)
        return out

    @property
    def live_end(self) -> Cell:
        """Where the walk stands: the last prefix cell, or the start."""
        return self.prefix[-1] if self.prefix else self.start

    def walked(self) -> tuple[Cell, ...]:
        """The prefix, or just the start when there is none."""
        return self.prefix or (self.start,)

    def remainder(self) -> HamiltonianPuzzle:
        """The same question without a prefix: the walked cells except the live end become
        blocked and the live end becomes the start. Its solutions are the completions' tails."""
        walked = self.walked()
        return HamiltonianPuzzle(self.rows, self.cols, walked[-1], self.end,
                                 self.blocked | frozenset(walked[:-1]))


@dataclass(frozen=True)
class HamiltonianSolution:
    path: tuple[Cell, ...]

    kind = KIND

    def __post_init__(self) -> None:
        object.__setattr__(self, "path", tuple((int(r), int(c)) for r, c in self.path))

    def edges(self) -> frozenset[tuple[Cell, Cell]]:
        return frozenset((min(a, b), max(a, b)) for a, b in zip(self.path, self.path[1:], strict=False))

    def to_json(self) -> dict:
        return {"path": [list(c) for c in self.path]}

    @classmethod
    def from_json(cls, puzzle: HamiltonianPuzzle, obj: dict) -> HamiltonianSolution:
        try:
            cells = [(int(c[0]), int(c[1])) for c in obj["path"]]
            if any(len(c) != 2 for c in obj["path"]):
                raise ValueError
        except (KeyError, TypeError, ValueError, IndexError) as exc:
            raise ValueError('expected {"path": [[r, c], ...]}') from exc
        for cell in cells:
            if not puzzle.in_grid(cell):
                raise ValueError(f"cell {cell} is outside the {puzzle.size} grid")
        return cls(tuple(cells))


def path_from_edges(start: Cell, edges) -> tuple[Cell, ...]:
    """Walk a set of cell-pair edges from ``start`` (every cell degree <= 2, a simple path)."""
    adj: dict[Cell, list[Cell]] = {}
    for a, b in edges:
        adj.setdefault(a, []).append(b)
        adj.setdefault(b, []).append(a)
    path = [start]
    prev = None
    cur = start
    while True:
        nxt = [n for n in adj.get(cur, ()) if n != prev]
        if not nxt:
            break
        if len(nxt) > 1 or len(path) > len(adj):
            raise ValueError("the edges do not form a simple path from the start")
        prev, cur = cur, nxt[0]
        path.append(cur)
    return tuple(path)
