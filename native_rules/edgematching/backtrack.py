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

Names: the OCaml code's, kept -- ``i`` / ``j`` (row, column of a square), ``t`` a tile, ``k`` a
rotation, ``nb_color`` (``nbColor``), ``temp_tile``, ``random_i`` / ``random_j``.

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

The search itself, ``solve_backtrack`` and ``test_tile``, is ``backtrack_fast``:
the seed's recursion as an explicit-stack loop (same order, same checks), compiled with numba;
``engine="python"`` runs the same function as plain Python. It reproduces the report's printed
Listings 1.7 and 1.11 board for board (tested). The backends around the port, and the decisions
they take where the seed has nothing to say (rotation numbering, hints, duplicates): ``backends``.
"""

from __future__ import annotations

import random
from typing import NamedTuple

from ...puzzles.edgematching import EdgeMatchingPuzzle, EdgeMatchingSolution
from ...puzzles.solving import Deadline


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


class StopSearch(Exception):
    """Raised by ``on_board`` to end ``search`` early."""


def search(board: list[list[Tile]], tiles: list[Tile], *, rotation: bool, listing: str, on_board,
           deadline: Deadline | None = None, compiled: bool = True) -> tuple[int, bool]:
    """Run ``backtrack_fast.solve_backtrack`` on the seed's board and tiles (``compiled``
    false: the same function as plain Python); ``on_board(board)`` gets each full board (it may
    raise ``StopSearch``). Returns (test_tile calls, exhausted)."""
    import numpy as np

    from . import backtrack_fast as fast

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
            except StopSearch:
                return int(state[2]), False
        elif code == fast.EXHAUSTED:
            return int(state[2]), True
        if deadline is not None and deadline.expired():
            return int(state[2]), False
