"""Nurikabe in the page: walls and dots on the cells.

State ``{"cells": rows x cols}`` (1 wall, -1 dot, 0 unknown; numbered cells stay 0); the
verdict's rules no move mends (a 2x2 wall, an island with two numbers, too big or closed too
small, closed without a number; the checker's own once every cell is decided); hints by the rule
cascade (``engine``) or the J essay's heuristics (``seed``); the generator; grading and
minimizing (a number hidden as ``?``, since an island needs its number).
"""

from __future__ import annotations

import gridsolve

from ...puzzles import grid, render
from ...puzzles.graphs import components
from ...puzzles.nurikabe import QUESTION, NurikabePuzzle, NurikabeSolution
from .. import edit as edits
from ..document import document, entry, number
from ..drawing import lattice_edge_ends, xy
from ..options import MAX_SECONDS, choice, generator_options, option, plain, seconds
from ..states import DOT, UNKNOWN, WALL, BadInput, Drawn, checked_grid
from ..verdict import name, violation

KIND = "nurikabe"
CELL, MARGIN = 32, 16
HINT_BY = ("engine", "seed")
RULES_BY = "engine"
minimize_blank = -1  # a number taken out is hidden as "?" (puzzles.nurikabe.QUESTION)


def _clues(puzzle) -> set:
    return {c for c, _ in puzzle.clue_cells()}


def unknown(puzzle, d: Drawn) -> set:
    """The cells neither wall, dot nor numbered."""
    return set(grid.cells(puzzle.rows, puzzle.cols)) - d.walls - d.dots - _clues(puzzle)


def partial(puzzle, d: Drawn) -> NurikabeSolution:
    """The state as the harness's partial solution (unknown cells undecided)."""
    return NurikabeSolution.from_cells(puzzle.rows, puzzle.cols, d.walls, unknown(puzzle, d))


def empty(puzzle) -> Drawn:
    return Drawn(KIND)


def read(puzzle, state: dict) -> Drawn:
    rows, cols = puzzle.rows, puzzle.cols
    cells = checked_grid(state.get("cells"), "cells", rows, cols, (WALL, DOT, UNKNOWN))
    d = Drawn(KIND)
    for r in range(rows):
        for c in range(cols):
            if puzzle.clues[r][c] is not None:
                if cells[r][c]:
                    raise BadInput(f"state cells: r{r + 1}c{c + 1} holds a number and stays 0")
            elif cells[r][c] == WALL:
                d.walls.add((r, c))
            elif cells[r][c] == DOT:
                d.dots.add((r, c))
    return d


def write(puzzle, d: Drawn) -> dict:
    return {"cells": [[WALL if (r, c) in d.walls else DOT if (r, c) in d.dots else UNKNOWN
                       for c in range(puzzle.cols)] for r in range(puzzle.rows)]}


def from_solution(puzzle, solution) -> Drawn:
    """The walls, and every island cell dotted."""
    return Drawn(KIND, walls=set(solution.black),
                 dots=set(grid.cells(puzzle.rows, puzzle.cols)) - set(solution.black) - _clues(puzzle))


def to_solution(puzzle, d: Drawn):
    """Unknown cells read as white."""
    return NurikabeSolution.from_cells(puzzle.rows, puzzle.cols, d.walls)


def saved(puzzle, d: Drawn):
    """Unknown cells stay undecided in the saved grid."""
    return puzzle, (partial(puzzle, d) if d.walls or d.dots else None)


def given(puzzle, d: Drawn) -> dict:
    return {**{c: True for c in d.walls}, **{c: False for c in d.dots}}


def marks(elements) -> tuple[list, list]:
    return [list(c) for c in sorted({tuple(x) for x in elements})], []


def differing(puzzle, a: Drawn, b: Drawn) -> dict:
    return {"cells": [list(c) for c in sorted(a.walls ^ b.walls)], "edges": []}


def violations(puzzle, d: Drawn) -> list[dict]:
    rows, cols = puzzle.rows, puzzle.cols
    clues = dict(puzzle.clue_cells())
    walls = d.walls
    if not unknown(puzzle, d):  # finished: the checker's verdict, with its cells
        return [violation(v.code, v.message, [c for c in v.where if _is_cell(c)])
                for v in gridsolve.check(puzzle, to_solution(puzzle, d))]
    out = []
    for block in grid.blocks(rows, cols):
        if all(b in walls for b in block):
            out.append(violation("wall-2x2", f"the 2x2 block at {name(block[0])} is all wall", block))

    def nbrs(cell):
        return grid.neighbours(rows, cols, cell)

    white = d.dots | set(clues)
    for island in components(white, nbrs):
        numbers = [clues[c] for c in island if c in clues]
        closed = all(n in walls or n in island for c in island for n in nbrs(c))
        cells = sorted(island)
        known = [n for n in numbers if n > 0]
        if len(numbers) > 1:
            out.append(violation("island-two-clues", f"the island at {name(cells[0])} holds "
                                 f"{len(numbers)} numbers", cells))
        elif known and len(island) > known[0]:
            out.append(violation("island-size", f"the island of {known[0]} at {name(cells[0])} has "
                                 f"{len(island)} cells", cells))
        elif closed and known and len(island) < known[0]:
            out.append(violation("island-size", f"the island of {known[0]} at {name(cells[0])} is "
                                 f"closed at {len(island)} cells", cells))
        elif closed and not numbers:
            out.append(violation("island-no-clue", f"the island at {name(cells[0])} is closed without "
                                 "a number", cells))
    return out


def _is_cell(x) -> bool:
    return isinstance(x, tuple) and len(x) == 2 and all(isinstance(v, int) for v in x)


def base_svg(puzzle, d: Drawn) -> str:
    return render.svg(puzzle, NurikabeSolution.from_cells(puzzle.rows, puzzle.cols, d.walls))


def state_svg(puzzle, d: Drawn, g: dict) -> list[str]:
    cell, out = g["cell"], []
    for r, c in sorted(d.dots):
        x, y = xy(g, r + 0.5, c + 0.5)
        out.append(f'<circle class="dot" cx="{x:g}" cy="{y:g}" r="{cell / 8:g}" fill="#404040"/>')
    return out


edge_ends = lattice_edge_ends


def hit_areas(puzzle, g: dict) -> list[str]:
    return []


def _number(value, puzzle) -> int | None:
    most = puzzle.rows * puzzle.cols
    if value == "?":
        return QUESTION
    if value is not None and (isinstance(value, bool) or value not in range(1, most + 1)):
        raise BadInput(f'edit value: a Nurikabe number is 1-{most} (the cells of the grid), "?" or null, '
                       f"got {value!r}")
    return value


def edit(puzzle, d: Drawn | None, op: dict) -> tuple[NurikabePuzzle, Drawn]:
    """``new`` / ``resize`` (``rows``, ``cols``), ``clue`` (``cell``, ``value``: a number from
    1 to the cells of the grid, "?" or null); walls and dots kept on the cells still on the grid
    and not numbered."""
    edited = edits.clue_grid(puzzle, op, KIND, NurikabePuzzle, lambda p: p.clues, _number)
    if d is None:
        return edited, Drawn(KIND)
    free = set(grid.cells(edited.rows, edited.cols)) - _clues(edited)
    return edited, Drawn(KIND, walls=d.walls & free, dots=d.dots & free)


def hint(puzzle, d: Drawn, by: str, payload: dict) -> dict:
    from ...harness import nurikabe as nk

    if by == "seed":
        h = nk.hint(puzzle, partial(puzzle, d), int(number(payload, "seed", 0, 0, 2**31)))
        if h.cell is None:
            return entry("", "no hint (the essay's heuristics deduce nothing more)")
        (d.walls if h.colour == "black" else d.dots).add(h.cell)
        return entry(h.heuristic, f"{name(h.cell)} is {h.colour} ({h.heuristic})", [h.cell])
    try:
        s = nk.cascade_hint(puzzle, partial(puzzle, d))
    except nk.Contradiction as exc:
        return entry("contradiction", f"no solution from here: {exc}")
    if s.cell is None:
        left = "probing finds nothing more: search" if s.level == "search" else "every cell is decided"
        return entry("", f"no hint ({left})")
    (d.walls if s.colour == "wall" else d.dots).add(s.cell)
    return entry(s.rule, f"{name(s.cell)} is {s.colour} ({s.rule}: {s.reason}; level {s.level})", [s.cell])


def grade(puzzle, payload: dict) -> dict:
    from ...harness import nurikabe as nk

    details = nk.grade(puzzle, seconds(payload))
    return {"grade": details["grade"], "details": details}


# ------------------------------------------------------------------ the generator

EXPERIMENT_SIZE = "5x5"
GENERATE_OPTIONS = generator_options(
    KIND, "7x7",
    density=option(0.2, "numbers per cell", low=0.01, high=0.5),
    grade=option(None, "only puzzles of this grade (none: any)",
                 [None, "basic", "area", "probing-basic", "probing-1", "probing-2", "search"]),
    timeout=option(30, "seconds before giving up", low=1, high=MAX_SECONDS),
)


def generate(rows: int, cols: int, seed: int, options: dict) -> dict:
    from ...harness import nurikabe as nk

    density = number(options, "density", 0.2, 0.01, 0.5)
    target = choice(options, GENERATE_OPTIONS, "grade")
    g = nk.generate(rows, cols, density, seed, target, seconds(options, default=30.0))
    doc = document(g.puzzle, f"gen-{rows}x{cols}-d{density:g}-s{seed}", None,
                   from_solution(g.puzzle, g.solution))
    return {**doc, "steps": [], "grade": g.grade, "stats": plain(g.stats)}


# ------------------------------------------------------------------ suggest a clue (web.analysis)


def clue_candidates(puzzle, solution) -> dict:
    """Per hidden number ("?"), the number it would show in ``solution``: the size of its island.
    (A blank cell takes no number: in a solution every island holds its one number already.)"""
    from ...puzzles.nurikabe import QUESTION

    rows, cols = puzzle.rows, puzzle.cols
    islands = components(solution.white(), lambda cell: grid.neighbours(rows, cols, cell))
    size = {cell: len(island) for island in islands for cell in island}
    return {cell: size.get(cell) for cell, v in puzzle.clue_cells() if v == QUESTION}

