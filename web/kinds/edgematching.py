"""Edge matching (Eternity II style) in the page: pieces placed and turned on the squares.

State ``{"placements": rows x cols of null | [piece, rotation]}`` (pieces numbered from 1, as in
the project's formats); the verdict's rules no move mends (a piece used twice, the border colour
off the frame, a mismatched join, a forbidden turn, a fixed piece moved); hints from the backbone
(a placement every completing solution shares, else one solution's); the generators. The doc
carries the pieces, their palette, whether they turn, and the fixed pieces. Its formats hold whole
boards only, so a board with empty squares saves as the puzzle alone.
"""

from __future__ import annotations

import gridsolve

from ...puzzles.edgematching import (
    BORDER,
    MAX_COLOUR,
    NEIGHBOURS,
    EdgeMatchingPuzzle,
    EdgeMatchingSolution,
    canonical_rotation,
    outward,
)
from ...puzzles.render import edgematching as render_em
from .. import edit as edits
from ..document import document, entry, number
from ..drawing import lattice_edge_ends
from ..options import choice, generator_options, option, seconds
from ..states import BadInput, Drawn
from ..verdict import name, violation

KIND = "edgematching"
CELL, MARGIN = 48, 0
HINT_BY = ("backbone",)
RULES_BY = "backbone"


def empty(puzzle) -> Drawn:
    return Drawn(KIND)


def read(puzzle, state: dict) -> Drawn:
    rows, cols = puzzle.rows, puzzle.cols
    obj = state.get("placements")
    if not isinstance(obj, list) or len(obj) != rows or any(not isinstance(r, list) or len(r) != cols
                                                              for r in obj):
        raise BadInput(f"state placements: expected {rows} rows of {cols} squares "
                       "(null or [piece, rotation])")
    placed = {}
    for r, row in enumerate(obj):
        for c, item in enumerate(row):
            if item is None:
                continue
            ok = (isinstance(item, list) and len(item) == 2
                  and all(isinstance(x, int) and not isinstance(x, bool) for x in item))
            if not ok or not 1 <= item[0] <= puzzle.n or not 0 <= item[1] <= 3:
                raise BadInput(f"state placements: square r{r + 1}c{c + 1} holds {item!r}; expected null "
                               f"or [piece 1..{puzzle.n}, rotation 0..3]")
            placed[(r, c)] = (item[0], item[1])
    return Drawn(KIND, placed=placed)


def write(puzzle, d: Drawn) -> dict:
    return {"placements": [[list(d.placed[(r, c)]) if (r, c) in d.placed else None
                            for c in range(puzzle.cols)] for r in range(puzzle.rows)]}


def from_solution(puzzle, solution) -> Drawn:
    return Drawn(KIND, placed={(r, c): solution.at(r, c) for r in range(puzzle.rows)
                               for c in range(puzzle.cols)})


def to_solution(puzzle, d: Drawn):
    """None while a square is empty."""
    if len(d.placed) < puzzle.n:
        return None
    return EdgeMatchingSolution.make(puzzle, [d.placed[(r, c)] for r in range(puzzle.rows)
                                              for c in range(puzzle.cols)])


def saved(puzzle, d: Drawn):
    return puzzle, (to_solution(puzzle, d) if d.placed else None)


def given(puzzle, d: Drawn) -> dict:
    return {(sq, p, canonical_rotation(puzzle.tiles[p - 1], k)): True for sq, (p, k) in d.placed.items()}


def marks(elements) -> tuple[list, list]:
    return [list(c) for c in sorted({tuple(x[0]) for x in elements})], []


def differing(puzzle, a: Drawn, b: Drawn) -> dict:
    cells = {sq for sq in a.placed.keys() | b.placed.keys() if a.placed.get(sq) != b.placed.get(sq)}
    return {"cells": [list(c) for c in sorted(cells)], "edges": []}


def violations(puzzle, d: Drawn) -> list[dict]:
    out = []
    seen: dict[int, list] = {}
    for sq, (p, _k) in sorted(d.placed.items()):
        seen.setdefault(p, []).append(sq)
    for p, squares in sorted(seen.items()):
        if len(squares) > 1:
            out.append(violation("piece-reused", f"piece {p} is placed {len(squares)} times", squares))
    for (r, c), (p, k) in sorted(d.placed.items()):
        tile = puzzle.tile(p, k)
        if not puzzle.rotation and k:
            out.append(violation("rotation-forbidden", f"piece {p} at {name((r, c))} is turned; this "
                                 "puzzle does not allow turning", [(r, c)]))
        hint_here = puzzle.hint_at(r, c)
        if hint_here is not None and (p != hint_here[0] or tile != puzzle.tile(*hint_here)):
            out.append(violation("hint-violated", f"square {name((r, c))} must hold piece {hint_here[0]}",
                                 [(r, c)]))
        faces = outward(puzzle.rows, puzzle.cols, r, c)
        if any((tile[side] == BORDER) != faces[side] for side in range(4)):
            out.append(violation("border", f"piece {p} at {name((r, c))}: the border colour must face "
                                 "the frame, and only there", [(r, c)]))
        for side, (dr, dc), other in NEIGHBOURS[1:3]:  # right and bottom joins, each join once
            nb = (r + dr, c + dc)
            if nb in d.placed and tile[side] != puzzle.tile(*d.placed[nb])[other]:
                out.append(violation("edge-mismatch", f"{name((r, c))} and {name(nb)} do not match",
                                     [(r, c), nb]))
    return out


def base_svg(puzzle, d: Drawn) -> str:
    """The placed pieces, and the fixed (hint) pieces on their squares while nothing is placed
    there (the author sees the hints they fix)."""
    shown = dict(d.placed)
    for r, c, p, k in puzzle.hints:
        shown.setdefault((r, c), (p, k))
    return render_em.marked_svg(puzzle, [(sq, p, k) for sq, (p, k) in sorted(shown.items())], ())


def state_svg(puzzle, d: Drawn, g: dict) -> list[str]:
    return []  # the renderer draws the placed pieces


edge_ends = lattice_edge_ends


def hit_areas(puzzle, g: dict) -> list[str]:
    return []


def extra(puzzle) -> dict:
    return {"pieces": [list(t) for t in puzzle.tiles],
            "palette": {str(k): v for k, v in render_em.palette(puzzle).items()},
            "rotation": puzzle.rotation, "hints": [list(h) for h in puzzle.hints],
            "colours": max(puzzle.colours(), default=0)}


# ------------------------------------------------------------------ the author's edits

MAX_EDIT_COLOURS = 99  # the colours the editor offers (the generators' most)


def frame_piece(rows: int, cols: int, r: int, c: int, colour: int = 1) -> tuple[int, int, int, int]:
    """The piece shaped for square (r, c): the border colour on the sides facing the frame,
    ``colour`` on the others (a new board is made of these: one colour inside)."""
    return tuple(BORDER if out else colour for out in outward(rows, cols, r, c))  # type: ignore[return-value]


def edit(puzzle, d: Drawn | None, op: dict) -> tuple[EdgeMatchingPuzzle, Drawn]:
    """``new`` (``rows``, ``cols``: pieces shaped for their squares, one colour inside) /
    ``resize`` (the pieces read row-major as the board they make, cropped or extended with
    frame-shaped pieces; hints and placements follow their pieces), ``piece`` (``piece`` 1-based,
    ``colours`` [top, right, bottom, left]), ``hint`` (``cell``, ``piece``, ``rotation``: that
    piece fixed there; ``piece`` null: the square's hint taken away), ``colours`` (``n``: colours
    above n folded into 1..n) and ``rotation`` (``value``: may pieces turn?)."""
    what = edits.op_name(op, KIND, ("new", "resize", "piece", "hint", "colours", "rotation"))
    if what == "new":
        rows, cols = edits.size(op, KIND)
        tiles = tuple(frame_piece(rows, cols, r, c) for r in range(rows) for c in range(cols))
        return edits.domain(EdgeMatchingPuzzle, rows, cols, tiles), Drawn(KIND)
    if what == "resize":
        return _resized(puzzle, d, *edits.size(op, KIND))
    tiles, hints, rotation = list(puzzle.tiles), list(puzzle.hints), puzzle.rotation
    if what == "piece":
        p = edits.integer(op, "piece", 1, puzzle.n)
        colours = op.get("colours")
        if (not isinstance(colours, list) or len(colours) != 4
                or any(isinstance(v, bool) or v not in range(MAX_COLOUR + 1) for v in colours)):
            raise BadInput(f"edit colours: expected [top, right, bottom, left], each 0-{MAX_COLOUR}, "
                           f"got {colours!r}")
        tiles[p - 1] = tuple(colours)
    elif what == "hint":
        r, c = edits.cell(op, puzzle.rows, puzzle.cols)
        hints = [h for h in hints if (h[0], h[1]) != (r, c)]
        if op.get("piece") is not None:
            p = edits.integer(op, "piece", 1, puzzle.n)
            k = edits.integer(op, "rotation", 0, 3) if op.get("rotation") is not None else 0
            hints = [h for h in hints if h[2] != p] + [(r, c, p, k)]
    elif what == "colours":
        n = edits.integer(op, "n", 1, MAX_EDIT_COLOURS)
        tiles = [tuple(v if v <= n else (v - 1) % n + 1 for v in t) for t in tiles]
    else:
        rotation = op.get("value")
        if not isinstance(rotation, bool):
            raise BadInput("edit value: true lets the pieces turn, false keeps them as listed")
    edited = edits.domain(EdgeMatchingPuzzle, puzzle.rows, puzzle.cols, tuple(tiles), rotation,
                          tuple(sorted(hints)))
    return edited, Drawn(KIND, placed=dict(d.placed) if d is not None else {})


def _resized(puzzle, d: Drawn | None, rows: int, cols: int) -> tuple[EdgeMatchingPuzzle, Drawn]:
    """The board resized: piece p read as the one on square p of the old board (row-major)."""
    renumbered, tiles = {}, []
    for r in range(rows):
        for c in range(cols):
            if r < puzzle.rows and c < puzzle.cols:
                old = r * puzzle.cols + c + 1
                renumbered[old] = len(tiles) + 1
                tiles.append(puzzle.tiles[old - 1])
            else:
                tiles.append(frame_piece(rows, cols, r, c))
    hints = tuple(sorted((r, c, renumbered[p], k) for r, c, p, k in puzzle.hints
                         if r < rows and c < cols and p in renumbered))
    edited = edits.domain(EdgeMatchingPuzzle, rows, cols, tuple(tiles), puzzle.rotation, hints)
    placed = {(r, c): (renumbered[p], k) for (r, c), (p, k) in (d.placed.items() if d is not None else ())
              if r < rows and c < cols and p in renumbered}
    return edited, Drawn(KIND, placed=placed)


def hint(puzzle, d: Drawn, by: str, payload: dict) -> dict:
    """A placement every solution completing the board shares (the backbone); on a board whose
    solutions share none (a symmetric one), a placement of one of them."""
    e = gridsolve.explain(puzzle, given=given(puzzle, d), limit=2, timeout=seconds(payload))
    if e.contradiction:
        return entry("contradiction", "no solution completes this board")
    for sq, p, k in sorted(e.fixed):
        if sq not in d.placed:
            d.placed[sq] = (p, k)
            return entry("backbone", f"every solution from here has piece {p} (turned {k}) at "
                         f"{name(sq)}", [sq])
    open_squares = [(r, c) for r in range(puzzle.rows) for c in range(puzzle.cols) if (r, c) not in d.placed]
    if e.solutions and open_squares:
        sq = open_squares[0]
        d.placed[sq] = p, k = e.solutions[0].at(*sq)
        return entry("a solution", f"piece {p} (turned {k}) at {name(sq)} completes to a solution "
                     "(the solutions share no placement here)", [sq])
    return entry("", "no hint (the board is full, or the time ran out)")


# ------------------------------------------------------------------ the generator

EXPERIMENT_SIZE = "4x4"
GENERATE_OPTIONS = generator_options(
    KIND, "4x4",
    style=option("e2", "e2: Eternity II style, frame and inner colours apart; seed: the "
                 "report's generator, one colour set", ["e2", "seed"]),
    colours=option(None, "colours (e2: inside the frame); none: the size's default", low=1, high=99),
    frame_colours=option(None, "e2: colours on the frame; none: the size's default", low=1, high=99),
    rotation=option(True, "may pieces be turned?", [True, False]),
)


def generate(rows: int, cols: int, seed: int, options: dict) -> dict:
    from ...harness import edgematching as em

    style = choice(options, GENERATE_OPTIONS, "style")
    colours = int(number(options, "colours", em.default_colours(rows, cols)[1], 1, 99))
    frame = options.get("frame_colours")
    frame = None if frame is None else int(number(options, "frame_colours", 0, 1, 99))
    rotation = options.get("rotation", True)
    if not isinstance(rotation, bool):
        raise BadInput("rotation: true or false")
    puzzle, sol, ident = em.generate(style, rows, cols, colours, frame, seed, rotation)
    return {**document(puzzle, ident, None, from_solution(puzzle, sol)), "steps": []}
