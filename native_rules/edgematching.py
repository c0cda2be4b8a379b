"""Faithful port of the seed's OCaml Eternity II programs (report "Projet Algorithmique et
complexité -- Eternity II": sections 1.3.2 and the Annex 1.6, Listings 1.8 ``code.ml`` (without
rotation), 1.9 ``codeRotation.ml`` (with rotation) and 1.10 ``codeRotation1stTileLocked.ml``).

Kept from the seed: the ``tile`` record (``id``, ``top``, ``right``, ``bottom``, ``left``; id -1 =
empty), ``create_board``, ``init_board`` (random colours ``1..nbColor``, rows filled left to right
and right to left in turn -- the "zigzag" -- border 0), ``shuffle_board`` (size^2 random swaps; the
locked program never moves square (0, 0) and swaps only with squares of rows/columns 1..size-1),
``init_tiles``, ``rotate_tile_right`` / ``rotate_tile_180`` / ``rotate_tile_left``, ``test_tile``
(the same checks in the same order), ``solve_backtrack`` (recursive, tiles tried in array order,
rotations k = 0..3 with k = 1 ``rotate_tile_left``, 2 ``rotate_tile_180``, 3 ``rotate_tile_right``,
a placed tile replaced by the empty tile in ``tiles`` and put back after the recursive call, the
"failsafe" branch that walks over an occupied square), enumeration of *all* solutions (the seed
prints each full board and goes on) and ``print_board``.

Decisions where the seed is ambiguous or differs from itself:

* **Traversal order.** The main text (Listing 1.4) walks row by row (``j`` first); the annex code
  of the version without rotation (Listing 1.8) walks column by column (``i`` first, then
  ``0, j+1``); both rotation programs walk row by row. ``test_tile`` only looks at the left and
  upper neighbours, which both orders have placed, so both are correct and find the same
  solutions (in a different order). The port follows the annex, the code that ran:
  ``listing="annex"`` (default) is Listing 1.8 -- column by column, Listing 1.8's check order;
  ``listing="text"`` is Listings 1.3 + 1.4 -- row by row, Listing 1.3's check order (its border
  checks for left/right come before the upper neighbour). Tested: same solution sets, and the
  order of solutions follows the walk.
* **Sizes.** The seed's boards are ``size x size``; ``i`` indexes rows and ``j`` columns, so a
  rows x cols board uses ``rows - 1`` where the seed compares ``i`` with ``size - 1`` and
  ``cols - 1`` for ``j``.
* **Random numbers.** OCaml's ``Random.int`` becomes ``random.Random(seed).randrange``: seeded and
  reproducible, but not the OCaml stream.
* **Rotation numbering.** The seed's ``k`` turns counter-clockwise (k = 1 is ``rotate_tile_left``);
  gridsolve's rotation turns clockwise, so a tile placed with the seed's ``k`` is reported as
  rotation ``(4 - k) % 4``.
* **Puzzles the seed does not have.** Fixed (hint) pieces: the seed's ``test_tile`` never checks a
  tile against a right or lower neighbour that is already on the board, so it cannot honour
  hints; the backends stop ``stuck`` on such puzzles. ``backtrack`` (no rotation) stops ``stuck``
  on a puzzle that allows rotation. ``backtrack-rot`` on a puzzle that forbids rotation tries
  ``k = 0`` only (the two seed programs differ just there). The locked program pins ``tiles.(0)``
  -- which the locked shuffle keeps as the top-left corner -- at (0, 0) as it is; for an arbitrary
  piece list the port pins the first corner piece, turned so that its border sides face up and
  left (the same thing on the seed's boards). The lock breaks the 4 board rotations, so each
  solution found stands for 4 (the seed's "divide by 4"); the backend returns all four (each
  turned copy) so its solution set compares with the other backends', and reports the locked
  count as ``count_up_to_rotation``. Without that symmetry (rectangular board, no rotation, or
  hints) nothing is locked.
* **Duplicates.** A piece that looks the same after a turn is placed once per rotation k that
  fits, so the seed prints the same board twice; ``boards`` in the stats counts printed boards,
  the solutions returned are the distinct ones.

The search itself, ``solve_backtrack`` and ``test_tile``, is ``native_rules.edgematching_fast``:
the seed's recursion as an explicit-stack loop (same order, same checks), compiled with numba;
``engine="python"`` runs the same function as plain Python. It reproduces the report's printed
Listings 1.7 and 1.11 board for board (tested).
"""

from __future__ import annotations

import random
from typing import NamedTuple

from ..puzzles.edgematching import (
    EdgeMatchingPuzzle,
    EdgeMatchingSolution,
    canonical_rotation,
    corner_piece_rotation,
    orbit,
)
from ..puzzles.solving import Deadline, Limit, SolveResult, Status, finish


class Tile(NamedTuple):
    id: int
    top: int
    right: int
    bottom: int
    left: int


EMPTY = Tile(-1, 0, 0, 0, 0)


def create_board(rows: int, cols: int | None = None) -> list[list[Tile]]:
    return [[EMPTY for _ in range(rows if cols is None else cols)] for _ in range(rows)]


def init_board(size: int, nb_color: int, rng: random.Random, cols: int | None = None) -> list[list[Tile]]:
    """Listing 1.2: a solved board; even rows are filled left to right, odd rows right to left."""
    rows, cols = size, size if cols is None else cols
    board = create_board(rows, cols)
    for i in range(rows):
        if i % 2 == 0:
            for j in range(cols):
                board[i][j] = Tile(
                    top=0 if i == 0 else board[i - 1][j].bottom,
                    bottom=0 if i == rows - 1 else rng.randrange(nb_color) + 1,
                    left=0 if j == 0 else board[i][j - 1].right,
                    right=0 if j == cols - 1 else rng.randrange(nb_color) + 1,
                    id=i * cols + j,
                )
        else:
            for j in range(cols - 1, -1, -1):
                board[i][j] = Tile(
                    top=board[i - 1][j].bottom,
                    bottom=0 if i == rows - 1 else rng.randrange(nb_color) + 1,
                    left=0 if j == 0 else rng.randrange(nb_color) + 1,
                    right=0 if j == cols - 1 else board[i][j + 1].left,
                    id=i * cols + j,
                )
    return board


def shuffle_board(board: list[list[Tile]], rng: random.Random, locked: bool = False) -> list[list[Tile]]:
    """Listing 1.8 (and 1.10 with ``locked``: square (0, 0) stays, partners in rows/cols >= 1)."""
    rows, cols = len(board), len(board[0])
    for i in range(rows):
        for j in range(cols):
            if locked and i == 0 and j == 0:
                continue
            if locked:
                random_i, random_j = rng.randrange(rows - 1) + 1, rng.randrange(cols - 1) + 1
            else:
                random_i, random_j = rng.randrange(rows), rng.randrange(cols)
            temp_tile = board[i][j]
            board[i][j] = board[random_i][random_j]
            board[random_i][random_j] = temp_tile
    return board


def init_tiles(board: list[list[Tile]]) -> list[Tile]:
    cols = len(board[0])
    tiles = [EMPTY] * (len(board) * cols)
    for i, row in enumerate(board):
        for j, t in enumerate(row):
            tiles[i * cols + j] = t
    return tiles


def rotate_tile_right(t: Tile) -> Tile:
    return Tile(id=t.id, top=t.left, bottom=t.right, left=t.bottom, right=t.top)


def rotate_tile_180(t: Tile) -> Tile:
    return Tile(id=t.id, top=t.bottom, bottom=t.top, left=t.right, right=t.left)


def rotate_tile_left(t: Tile) -> Tile:
    return Tile(id=t.id, right=t.bottom, top=t.right, bottom=t.left, left=t.top)


def print_board(board: list[list[Tile]]) -> str:
    """Listing 1.5 with the ``<deb>`` marker and the blank line of 1.4.2 (see
    ``puzzles.render.edgematching`` for the ``|%02d %04d %02d`` decision)."""
    out = ["<deb>"]
    for row in board:
        out.append("".join("+----" for _ in row) + "+")
        out.append("".join(f"| {t.top:02d} " for t in row) + "|")
        out.append("".join(f"|{t.left:02d} {t.id:04d} {t.right:02d}" for t in row) + "|")
        out.append("".join(f"| {t.bottom:02d} " for t in row) + "|")
    out.append("+" + "".join("----+" for _ in board))  # the seed iterates over the rows here
    return "\n".join(out) + "\n"


def seed_generate(size: int, nb_color: int, seed: int, cols: int | None = None,
                  locked: bool = False) -> list[Tile]:
    """The seed's main: ``init_board``, ``shuffle_board``, ``init_tiles`` -> the tiles array."""
    rng = random.Random(seed)
    return init_tiles(shuffle_board(init_board(size, nb_color, rng, cols), rng, locked))


def seed_style(rows: int, cols: int, colours: int, seed: int, rotation: bool):
    """The seed's generator as a gridsolve puzzle and its planted solution: ``seed_generate``
    (one colour set 1..colours, uniform, duplicates allowed); pieces listed in the shuffled order,
    unturned (the seed never turns them); the planted solution puts each tile back on its ``id``
    square."""
    tiles = seed_generate(rows, colours, seed, cols)
    listed = tuple((t.top, t.right, t.bottom, t.left) for t in tiles)
    puzzle = EdgeMatchingPuzzle(rows, cols, listed, rotation)
    where = {t.id: i + 1 for i, t in enumerate(tiles)}
    return puzzle, EdgeMatchingSolution.make(puzzle, [(where[sq], 0) for sq in range(rows * cols)])


class _Stop(Exception):
    pass


def search(board: list[list[Tile]], tiles: list[Tile], *, rotation: bool, listing: str, on_board,
           deadline: Deadline | None = None, compiled: bool = True) -> tuple[int, bool]:
    """Run ``edgematching_fast.solve_backtrack`` on the seed's board and tiles (``compiled``
    false: the same function as plain Python); ``on_board(board)`` gets each full board (it may
    raise ``_Stop``). Returns (test_tile calls, exhausted)."""
    import numpy as np

    from . import edgematching_fast as fast

    kernel, budget = fast.solve_backtrack, fast.SLICE
    if not compiled:  # plain Python: the clock is read more often
        kernel, budget = getattr(kernel, "py_func", kernel), 4096
    rows, cols = len(board), len(board[0])
    b = np.array([[list(t) for t in row] for row in board], dtype=np.int64)
    tl = np.array([list(t) for t in tiles], dtype=np.int64).reshape(len(tiles), 5)
    if listing == "annex" and not rotation:  # Listing 1.8 walks column by column
        order = [(i, j) for j in range(cols) for i in range(rows)]
    else:
        order = [(i, j) for i in range(rows) for j in range(cols)]
    sq_i = np.array([i for i, _ in order], dtype=np.int64)
    sq_j = np.array([j for _, j in order], dtype=np.int64)
    n = len(order)
    cur_t = np.zeros(n, dtype=np.int64)
    cur_k = np.zeros(n, dtype=np.int64)
    state = np.array([0, 0, 0], dtype=np.int64)
    nk = 4 if rotation else 1
    text_checks = listing == "text"
    fixed = np.array([b[i, j, 0] != -1 for i, j in order], dtype=np.bool_)
    while True:
        code = kernel(b, tl, sq_i, sq_j, fixed, cur_t, cur_k, state, nk, text_checks, budget)
        if code == fast.FOUND:
            full = [[Tile(*map(int, b[i, j])) for j in range(cols)] for i in range(rows)]
            try:
                on_board(full)
            except _Stop:
                return int(state[2]), False
        elif code == fast.EXHAUSTED:
            return int(state[2]), True
        if deadline is not None and deadline.expired():
            return int(state[2]), False


# ---------------------------------------------------------------- backends (the contract)


def puzzle_tiles(puzzle: EdgeMatchingPuzzle) -> list[Tile]:
    """The tiles array of a puzzle: tile id = piece number - 1 (the seed's 0-based ids)."""
    return [Tile(p, *t) for p, t in enumerate(puzzle.tiles)]


def board_solution(puzzle: EdgeMatchingPuzzle, board) -> EdgeMatchingSolution:
    pairs = []
    for row in board:
        for t in row:
            shown = (t.top, t.right, t.bottom, t.left)
            p = t.id + 1
            k = next(k for k in range(4) if puzzle.tile(p, k) == shown)
            pairs.append((p, canonical_rotation(puzzle.tiles[p - 1], k)))
    return EdgeMatchingSolution(puzzle.rows, puzzle.cols, tuple(pairs))


def lock_first_corner(puzzle: EdgeMatchingPuzzle):
    """(tile index, the tile turned to face up-left) of the first corner piece, or None."""
    for t, tile in enumerate(puzzle.tiles):
        k = corner_piece_rotation(tile, puzzle.rows, puzzle.cols, 0, 0)
        if k is not None:
            seed_k = (4 - k) % 4
            turned = Tile(t, *tile)
            turns = (turned, rotate_tile_left(turned), rotate_tile_180(turned), rotate_tile_right(turned))
            turned = turns[seed_k]
            return t, turned
    return None


def not_applicable(puzzle: EdgeMatchingPuzzle, version: str) -> str | None:
    if puzzle.hints:
        return ("the seed's backtracking cannot honour fixed pieces (test_tile never looks right or "
                "down); use cpsat/sat or --no-hints")
    if version == "norot" and puzzle.rotation:
        return "backtrack is the seed's version without rotation; use backtrack-rot or --no-rotation"
    return None


def run(puzzle: EdgeMatchingPuzzle, limit: Limit, version: str, *, engine: str = "numba",
        listing: str = "annex", trace: bool = False) -> SolveResult:
    """Run one of the seed's three programs (``norot``, ``rot``, ``locked``) on a puzzle."""
    name = {"norot": "backtrack", "rot": "backtrack-rot", "locked": "backtrack-rot-locked"}[version]
    deadline = Deadline(limit.seconds)
    if listing not in ("annex", "text"):
        raise ValueError(f"listing must be 'annex' or 'text', got {listing!r}")
    if engine not in ("numba", "python"):
        raise ValueError(f"engine must be 'numba' or 'python', got {engine!r}")
    why = not_applicable(puzzle, version)
    if why:
        return SolveResult(name, Status.STUCK, (), False, deadline.elapsed(), note=why)
    rotation = puzzle.rotation and version != "norot"
    board, tiles = create_board(puzzle.rows, puzzle.cols), puzzle_tiles(puzzle)
    stats: dict = {"engine": engine, "listing": listing if version == "norot" else "annex"}
    locked = version == "locked" and puzzle.rotation and puzzle.rows == puzzle.cols
    if locked:
        lock = lock_first_corner(puzzle)
        if lock is None:
            return finish(name, [], exhausted=True, timed_out=False, deadline=deadline,
                          stats=stats, note="no corner piece")
        t, turned = lock
        board[0][0], tiles[t] = turned, EMPTY
        stats["locked_piece"] = t + 1
    found: list[EdgeMatchingSolution] = []
    seen: set = set()
    lines: list[str] = []
    boards = 0

    def on_board(b) -> None:
        nonlocal boards
        boards += 1
        if trace and len(lines) < 200 * (puzzle.rows * 4 + 3):
            lines.extend(print_board(b).splitlines() + [""])
        sol = board_solution(puzzle, b)
        for s in orbit(puzzle, sol) if locked else (sol,):
            if s not in seen:
                seen.add(s)
                found.append(s)
        if len(found) >= limit.solutions:
            raise _Stop

    nodes, exhausted = search(board, tiles, rotation=rotation, listing=listing, on_board=on_board,
                              deadline=deadline, compiled=engine == "numba")
    timed_out = not exhausted and len(found) < limit.solutions
    stats.update(nodes=nodes, boards=boards)
    note = ""
    if locked or (rotation and exhausted):
        stats["count_up_to_rotation"] = len(found) // (4 if puzzle.rows == puzzle.cols else 2)
        if exhausted:
            note = f"{stats['count_up_to_rotation']} up to board rotation"
    if trace:
        stats["trace"] = ["Solving: may the time be with you", *lines]
    return finish(name, found[: limit.solutions], exhausted=exhausted and len(found) <= limit.solutions,
                  timed_out=timed_out, deadline=deadline, stats=stats, note=note)


def solve(puzzle: EdgeMatchingPuzzle, limit: Limit = Limit(), *, engine: str = "numba",
          listing: str = "annex", trace: bool = False) -> SolveResult:
    """``backtrack``: the seed's program without rotation (Listing 1.8)."""
    return run(puzzle, limit, "norot", engine=engine, listing=listing, trace=trace)


def solve_rot(puzzle: EdgeMatchingPuzzle, limit: Limit = Limit(), *, engine: str = "numba",
              trace: bool = False) -> SolveResult:
    """``backtrack-rot``: the seed's program with rotation (Listing 1.9)."""
    return run(puzzle, limit, "rot", engine=engine, trace=trace)


def solve_rot_locked(puzzle: EdgeMatchingPuzzle, limit: Limit = Limit(), *, engine: str = "numba",
                     trace: bool = False) -> SolveResult:
    """``backtrack-rot-locked``: rotation with the first tile locked (Listing 1.10)."""
    return run(puzzle, limit, "locked", engine=engine, trace=trace)
