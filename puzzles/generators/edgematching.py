"""Eternity-II-style ("two-set") edge matching generator, seeded and reproducible.

The seed's own generator (one colour set, uniformly random, duplicates allowed) is ported in
``native_rules.edgematching`` (``init_board`` / ``shuffle_board`` / ``init_tiles``).

This one builds boards the way Eternity II and Brendan Owen's benchmark sets are built:

* two disjoint colour sets: *frame* colours ``1..F`` on the joins between two border squares
  along the frame, *inner* colours ``F+1..F+I`` on every other inner join; 0 on the border;
* balanced: every colour of a set is used on the same number of joins (+-1);
* no two pieces alike (even after rotation), and no piece that looks the same after a quarter or
  half turn -- repaired by swapping join colours within a set until none is left;
* the pieces are listed in random order and, when rotation is allowed, randomly turned.

Defaults sit at the hardness peak (reference notes: inner colours about n, frame colours about
sqrt(n) + 1, n the longer side): 8x8 -> 3 / 8, 10x10 -> 4 / 10, 12x12 -> 4 / 12, 16x16 -> 5 / 16
(Eternity II itself has 5 / 17).
"""

from __future__ import annotations

import math
import random

from ..edgematching import EdgeMatchingPuzzle, EdgeMatchingSolution, canonical_rotation, rotate
from ..grid import cell_links

MAX_STEPS = 5000
RESTARTS = 8


def default_colours(rows: int, cols: int) -> tuple[int, int]:
    """(frame colours, inner colours) at the hardness peak for the board."""
    n = max(rows, cols)
    return math.isqrt(n) + 1, n


def frame_join(rows: int, cols: int, a: tuple[int, int], b: tuple[int, int]) -> bool:
    """Is the join between squares a and b along the frame (both on the border, same side)?"""
    if a[0] == b[0]:  # horizontal neighbours
        return a[0] in (0, rows - 1)
    return a[1] in (0, cols - 1)


def _tiles(rows, cols, joins, colour):
    t = {(r, c): [0, 0, 0, 0] for r in range(rows) for c in range(cols)}
    for j, (a, b) in enumerate(joins):
        if a[0] == b[0]:
            t[a][1] = t[b][3] = colour[j]
        else:
            t[a][2] = t[b][0] = colour[j]
    return {sq: tuple(v) for sq, v in t.items()}


def _shape(tile) -> tuple:
    return min(rotate(tile, k) for k in range(4))


def _bad_squares(tiles: dict) -> list:
    """Squares whose piece is symmetric under a turn or alike (up to rotation) to another one."""
    seen: dict = {}
    bad = []
    for sq, t in tiles.items():
        if rotate(t, 1) == t or rotate(t, 2) == t:
            bad.append(sq)
        seen.setdefault(_shape(t), []).append(sq)
    for group in seen.values():
        if len(group) > 1:
            bad.extend(group[1:])
    return bad


def e2_style(rows: int, cols: int, *, frame_colours: int | None = None, inner_colours: int | None = None,
             seed: int = 0, rotation: bool = True) -> tuple[EdgeMatchingPuzzle, EdgeMatchingSolution]:
    """A two-set board and its planted solution. Raises ValueError when no board without alike or
    symmetric pieces is found (too few colours for the size)."""
    f_def, i_def = default_colours(rows, cols)
    F = f_def if frame_colours is None else frame_colours
    I = i_def if inner_colours is None else inner_colours
    if F < 1 or I < 1:
        raise ValueError("frame and inner colour counts must be at least 1")
    if not (2 <= rows and 2 <= cols):
        raise ValueError(f"impossible size {rows}x{cols}")
    _check_room(rows, cols, F, I)
    rng = random.Random(seed)
    joins = cell_links(rows, cols)
    classes = [frame_join(rows, cols, a, b) for a, b in joins]
    by_class = {cls: [j for j, f in enumerate(classes) if f == cls] for cls in (True, False)}
    palettes = {True: list(range(1, F + 1)), False: list(range(F + 1, F + I + 1))}
    touching: dict = {}
    for j, (a, b) in enumerate(joins):
        touching.setdefault(a, []).append(j)
        touching.setdefault(b, []).append(j)
    for _ in range(RESTARTS):
        colour = [0] * len(joins)
        for cls, js in by_class.items():
            pal = palettes[cls]
            cols_ = [pal[i % len(pal)] for i in range(len(js))]  # balanced counts
            rng.shuffle(cols_)
            for j, c in zip(js, cols_, strict=True):
                colour[j] = c
        tiles = _tiles(rows, cols, joins, colour)
        bad = _bad_squares(tiles)
        for _step in range(MAX_STEPS):
            if not bad:
                break
            j1 = rng.choice(touching[rng.choice(bad)])
            j2 = rng.choice(by_class[classes[j1]])
            if colour[j1] == colour[j2]:
                continue
            colour[j1], colour[j2] = colour[j2], colour[j1]
            new_tiles = _tiles(rows, cols, joins, colour)
            new_bad = _bad_squares(new_tiles)
            if len(new_bad) <= len(bad):
                tiles, bad = new_tiles, new_bad
            else:
                colour[j1], colour[j2] = colour[j2], colour[j1]
        if not bad:
            return _deal(rows, cols, tiles, rng, rotation)
    raise ValueError(f"no {rows}x{cols} board with {F} frame and {I} inner colours without alike or "
                     "symmetric pieces was found; use more colours")


def _check_room(rows, cols, F, I) -> None:
    """Fail at once when there are fewer distinct pieces than squares of a kind: corners have
    F * F shapes, border pieces F * F * I, inner pieces (I^4 - I^2) / 4 turn-asymmetric ones."""
    inner = max(rows - 2, 0) * max(cols - 2, 0)
    border = rows * cols - inner - 4
    for what, need, room in (("corner", 4, F * F), ("border", border, F * F * I),
                             ("inner", inner, (I**4 - I**2) // 4)):
        if need > room:
            raise ValueError(f"{rows}x{cols} needs {need} different {what} pieces, {F} frame and {I} inner "
                             f"colours give only {room}; use more colours")


def _deal(rows, cols, tiles, rng, rotation):
    """List the pieces in random order, randomly turned; return the puzzle and planted solution."""
    squares = sorted(tiles)
    order = squares[:]
    rng.shuffle(order)
    listed, where = [], {}
    for i, sq in enumerate(order):
        k = rng.randrange(4) if rotation else 0
        listed.append(rotate(tiles[sq], -k))  # turning it k times clockwise restores the board
        where[sq] = (i + 1, k)
    puzzle = EdgeMatchingPuzzle(rows, cols, tuple(listed), rotation)
    placements = [(p, canonical_rotation(listed[p - 1], k)) for p, k in (where[sq] for sq in squares)]
    return puzzle, EdgeMatchingSolution(rows, cols, tuple(placements))
