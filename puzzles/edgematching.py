"""Edge matching (Eternity II style): the puzzle and solution types.

Rules (seed: Eternity II report, 1.1; DESIGN.md): place the ROWS x COLS square pieces on the board,
each piece exactly once, so that touching edges of neighbouring pieces have the same colour and
colour 0 (grey) is on the border: an edge has colour 0 exactly when it faces the outside of the
board (the seed's ``test_tile`` rejects 0 on an inner edge as much as a colour on the border).
Pieces may be rotated when the puzzle says so; fixed (hint) pieces must stay where they are given.

A piece is ``(top, right, bottom, left)`` as listed in the input; piece numbers are 1-based in
input order. A rotation k turns the piece k quarter turns clockwise, so after one turn its old
left side is on top: ``rotate((t, r, b, l), 1) == (l, t, r, b)``.

A solution gives (piece, rotation) per square, row-major. It is canonical: a piece that looks the
same after several rotations (e.g. ``(1, 2, 1, 2)`` under a half turn) is stored with the smallest
rotation that shows it that way, because a solution is what the board looks like. Boards without
hints that allow rotation are symmetric under board rotation: ``orbit`` gives the 4 (square) or
2 (rectangular) rotated copies of a solution, and ``symmetry_anchor`` the corner piece that the
models fix to keep one solution per orbit.
"""

from __future__ import annotations

from dataclasses import dataclass

from .grid import GridSized

KIND = "edgematching"
BORDER = 0
MAX_SIDE = 64
MAX_COLOUR = 9999

Tile = tuple[int, int, int, int]  # top, right, bottom, left
TOP, RIGHT, BOTTOM, LEFT = range(4)
SIDES = ("top", "right", "bottom", "left")
# (side of the square, neighbour offset, the neighbour's side that touches it)
NEIGHBOURS = ((TOP, (-1, 0), BOTTOM), (RIGHT, (0, 1), LEFT), (BOTTOM, (1, 0), TOP), (LEFT, (0, -1), RIGHT))


def rotate(tile: Tile, k: int) -> Tile:
    """The piece turned ``k`` quarter turns clockwise."""
    k %= 4
    return tuple(tile[(d - k) % 4] for d in range(4))  # type: ignore[return-value]


def canonical_rotation(tile: Tile, k: int) -> int:
    """The smallest rotation that shows ``tile`` as rotation ``k`` does."""
    target = rotate(tile, k)
    return next(j for j in range(4) if rotate(tile, j) == target)


def distinct_rotations(tile: Tile) -> tuple[int, ...]:
    """Rotations giving different-looking pieces (1, 2 or 4 of them)."""
    return tuple(k for k in range(4) if canonical_rotation(tile, k) == k)


def outward(rows: int, cols: int, r: int, c: int) -> tuple[bool, bool, bool, bool]:
    """Which sides of square (r, c) face the border (top, right, bottom, left)."""
    return (r == 0, c == cols - 1, r == rows - 1, c == 0)


def fits_frame(tile: Tile, rows: int, cols: int, r: int, c: int) -> bool:
    """Colour 0 exactly on the sides of the square that face the border."""
    return all((tile[d] == BORDER) == out for d, out in enumerate(outward(rows, cols, r, c)))


@dataclass(frozen=True)
class EdgeMatchingPuzzle(GridSized):
    tiles: tuple[Tile, ...]  # piece p (1-based) is tiles[p - 1]
    rotation: bool = True  # may pieces be rotated?
    hints: tuple[tuple[int, int, int, int], ...] = ()  # (row, col, piece, rotation), 0-based squares

    kind = KIND

    def __post_init__(self) -> None:
        if not (2 <= self.rows <= MAX_SIDE and 2 <= self.cols <= MAX_SIDE):
            raise ValueError(f"impossible size {self.rows}x{self.cols} (2..{MAX_SIDE} per side)")
        if len(self.tiles) != self.rows * self.cols:
            raise ValueError(
                f"a {self.rows}x{self.cols} board needs {self.rows * self.cols} pieces, got {len(self.tiles)}"
            )
        for p, t in enumerate(self.tiles, 1):
            if len(t) != 4 or any(not isinstance(v, int) or not 0 <= v <= MAX_COLOUR for v in t):
                raise ValueError(f"piece {p}: expected 4 colours 0..{MAX_COLOUR}, got {t}")
        squares, pieces = set(), set()
        for r, c, p, k in self.hints:
            if not (0 <= r < self.rows and 0 <= c < self.cols):
                raise ValueError(f"hint square ({r + 1}, {c + 1}) is off the {self.size} board")
            if not 1 <= p <= len(self.tiles):
                raise ValueError(f"hint piece {p} does not exist (1..{len(self.tiles)})")
            if not 0 <= k <= 3 or (not self.rotation and canonical_rotation(self.tiles[p - 1], k)):
                why = "" if self.rotation else " (rotation not allowed)"
                raise ValueError(f"hint rotation {k} of piece {p} is impossible{why}")
            if (r, c) in squares or p in pieces:
                raise ValueError(f"hint piece {p} at ({r + 1}, {c + 1}) repeats a square or a piece")
            squares.add((r, c))
            pieces.add(p)

    @property
    def n(self) -> int:
        return self.rows * self.cols

    def tile(self, piece: int, k: int = 0) -> Tile:
        return rotate(self.tiles[piece - 1], k)

    def rotations(self, piece: int) -> tuple[int, ...]:
        """The rotations a piece may take (distinct-looking ones only)."""
        return distinct_rotations(self.tiles[piece - 1]) if self.rotation else (0,)

    def placements(self, r: int, c: int) -> list[tuple[int, int]]:
        """(piece, rotation) that fit square (r, c) by the border rule alone (and its hint)."""
        hint = self.hint_at(r, c)
        if hint is not None:
            return [hint]
        hinted = {p for _, _, p, _ in self.hints}
        return [
            (p, k)
            for p in range(1, self.n + 1)
            if p not in hinted
            for k in self.rotations(p)
            if fits_frame(self.tile(p, k), self.rows, self.cols, r, c)
        ]

    def hint_at(self, r: int, c: int) -> tuple[int, int] | None:
        for hr, hc, p, k in self.hints:
            if (hr, hc) == (r, c):
                return p, canonical_rotation(self.tiles[p - 1], k)
        return None

    def colours(self) -> list[int]:
        """Every colour used on an inner edge (border colour 0 left out), sorted."""
        return sorted({v for t in self.tiles for v in t if v != BORDER})

    def inner_joins(self) -> list[tuple[tuple[int, int], tuple[int, int]]]:
        """Touching square pairs: ((r, c), (r, c + 1)) and ((r, c), (r + 1, c)), row-major."""
        out = []
        for r in range(self.rows):
            for c in range(self.cols):
                if c + 1 < self.cols:
                    out.append(((r, c), (r, c + 1)))
                if r + 1 < self.rows:
                    out.append(((r, c), (r + 1, c)))
        return out

    def with_changes(self, *, rotation: bool | None = None, hints=None) -> EdgeMatchingPuzzle:
        rot = self.rotation if rotation is None else rotation
        h = self.hints if hints is None else tuple(sorted(hints))
        return EdgeMatchingPuzzle(self.rows, self.cols, self.tiles, rot, h)


def corner_piece_rotation(tile: Tile, rows: int, cols: int, r: int, c: int) -> int | None:
    for k in range(4):
        if fits_frame(rotate(tile, k), rows, cols, r, c):
            return k
    return None


def symmetry_anchor(puzzle: EdgeMatchingPuzzle) -> tuple[int, list[tuple[int, int, int]]] | None:
    """For a puzzle with rotation and no hints: the first corner piece and the corner squares
    (with its rotation there) it is fixed to, so that exactly one solution per orbit remains --
    the top-left corner on a square board (4 board rotations), top-left or top-right on a
    rectangular one (2). None when there is no symmetry to break (or no corner piece)."""
    if not puzzle.rotation or puzzle.hints:
        return None
    corners = [(0, 0), (0, puzzle.cols - 1)] if puzzle.rows != puzzle.cols else [(0, 0)]
    for p in range(1, puzzle.n + 1):
        spots = []
        for r, c in corners:
            k = corner_piece_rotation(puzzle.tiles[p - 1], puzzle.rows, puzzle.cols, r, c)
            if k is not None:
                spots.append((r, c, canonical_rotation(puzzle.tiles[p - 1], k)))
        if len(spots) == len(corners):
            return p, spots
    return None


@dataclass(frozen=True)
class EdgeMatchingSolution(GridSized):
    placements: tuple[tuple[int, int], ...]  # row-major (piece 1-based, rotation 0..3)

    kind = KIND

    @classmethod
    def make(cls, puzzle: EdgeMatchingPuzzle, placements) -> EdgeMatchingSolution:
        """Canonical solution from (piece, rotation) pairs in row-major order."""
        out = []
        for p, k in placements:
            p, k = int(p), int(k) % 4
            if 1 <= p <= puzzle.n:
                k = canonical_rotation(puzzle.tiles[p - 1], k)
            out.append((p, k))
        return cls(puzzle.rows, puzzle.cols, tuple(out))

    def at(self, r: int, c: int) -> tuple[int, int]:
        return self.placements[r * self.cols + c]

    def to_json(self) -> dict:
        return {"placements": [[p, k] for p, k in self.placements]}

    @classmethod
    def from_json(cls, puzzle: EdgeMatchingPuzzle, obj: dict) -> EdgeMatchingSolution:
        try:
            raw = obj["placements"]
            pairs = [(int(a), int(b)) for a, b in raw]
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError('expected {"placements": [[piece, rotation], ...]}') from exc
        if len(pairs) != puzzle.n:
            raise ValueError(f"expected {puzzle.n} placements (one per square), got {len(pairs)}")
        for p, k in pairs:
            if not 1 <= p <= puzzle.n or not 0 <= k <= 3:
                raise ValueError(f"placement [{p}, {k}]: piece must be 1..{puzzle.n}, rotation 0..3")
        return cls.make(puzzle, pairs)


def rotate_solution(puzzle: EdgeMatchingPuzzle, sol: EdgeMatchingSolution,
                    turns: int) -> EdgeMatchingSolution:
    """The solution with the whole board turned ``turns`` quarter turns clockwise (each piece turns
    with it). Only a square board keeps its shape under odd turns."""
    rows, cols = sol.rows, sol.cols
    turns %= 4
    if turns % 2 and rows != cols:
        raise ValueError("a rectangular board only turns by half turns")
    grid = [[sol.at(r, c) for c in range(cols)] for r in range(rows)]
    for _ in range(turns):  # clockwise: new[r][c] = old[n - 1 - c][r]
        n_rows, n_cols = len(grid[0]), len(grid)
        grid = [[grid[n_cols - 1 - c][r] for c in range(n_cols)] for r in range(n_rows)]
        grid = [[(p, k + 1) for p, k in row] for row in grid]
    return EdgeMatchingSolution.make(puzzle, [x for row in grid for x in row])


def orbit(puzzle: EdgeMatchingPuzzle, sol: EdgeMatchingSolution) -> list[EdgeMatchingSolution]:
    """The solution and its board rotations (4 on a square board, 2 on a rectangular one)."""
    turns = (0, 1, 2, 3) if puzzle.rows == puzzle.cols else (0, 2)
    return [rotate_solution(puzzle, sol, t) for t in turns]


def symmetry_factor(puzzle: EdgeMatchingPuzzle) -> int:
    """How many solutions each solution class has under board rotation (1 if no symmetry)."""
    if not puzzle.rotation or puzzle.hints:
        return 1
    return 4 if puzzle.rows == puzzle.cols else 2


def matched_joins(puzzle: EdgeMatchingPuzzle, sol: EdgeMatchingSolution) -> int:
    """Inner joins whose two touching edges have the same colour (the optimisation score)."""
    return sum(
        puzzle.tile(*sol.at(*a))[RIGHT if a[0] == b[0] else BOTTOM]
        == puzzle.tile(*sol.at(*b))[LEFT if a[0] == b[0] else TOP]
        for a, b in puzzle.inner_joins()
    )
