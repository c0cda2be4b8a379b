"""What the player has drawn, in the JSON shapes of docs/serve.md, read and written per kind.

A state is always complete (every element present, unknown = 0):

* slitherlink ``{"h": (rows+1) x cols, "v": rows x (cols+1)}``: 1 line, -1 cross, 0 unknown;
  ``h[r][c]`` joins dots (r, c)-(r, c+1), ``v[r][c]`` joins (r, c)-(r+1, c);
* nurikabe ``{"cells": rows x cols}``: 1 wall, -1 dot (white), 0 unknown;
* edgematching ``{"placements": rows x cols of null | [piece, rotation]}``, pieces numbered from 1
  as in the project's formats, rotation in clockwise quarter turns;
* hamiltonian ``{"path": [[r, c], ...]}``, the walk from the start.

``read_state`` validates a state against its puzzle (``BadInput`` naming what is wrong);
``Drawn`` is the parsed form the other modules use; ``element`` maps name one element of a
kind for highlights (``cells`` and ``edges`` lists of the contract).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..puzzles import grid

LINE, CROSS, UNKNOWN = 1, -1, 0
WALL, DOT = 1, -1


class BadInput(ValueError):
    """Input the page sent that cannot be used: answered 400 with this one-line message."""


@dataclass
class Drawn:
    """A parsed state: Slitherlink ``lines`` / ``crosses`` (canonical edges), Nurikabe ``walls`` /
    ``dots`` (cells), edge matching ``placed`` (square -> (piece, rotation)), Hamiltonian
    ``path``."""

    kind: str
    lines: set = field(default_factory=set)
    crosses: set = field(default_factory=set)
    walls: set = field(default_factory=set)
    dots: set = field(default_factory=set)
    placed: dict = field(default_factory=dict)
    path: list = field(default_factory=list)


def _grid(obj: Any, name: str, rows: int, cols: int, values: tuple) -> list[list[int]]:
    if not isinstance(obj, list) or len(obj) != rows:
        raise BadInput(f"state {name}: expected {rows} rows of {cols} values")
    for r, row in enumerate(obj):
        if not isinstance(row, list) or len(row) != cols:
            raise BadInput(f"state {name}: row {r} must hold {cols} values")
        for v in row:
            if isinstance(v, bool) or v not in values:
                raise BadInput(f"state {name}: row {r} holds {v!r}; values are {', '.join(map(str, values))}")
    return obj


def read_state(puzzle, state: Any) -> Drawn:
    """The state ``state`` (JSON, or None for the empty state) of ``puzzle``."""
    kind = puzzle.kind
    if state is None:
        return Drawn(kind, path=list(puzzle.walked()) if kind == "hamiltonian" else [])
    if not isinstance(state, dict):
        raise BadInput("state: expected a JSON object")
    rows, cols = puzzle.rows, puzzle.cols
    d = Drawn(kind)
    if kind == "slitherlink":
        h = _grid(state.get("h"), "h", rows + 1, cols, (LINE, CROSS, UNKNOWN))
        v = _grid(state.get("v"), "v", rows, cols + 1, (LINE, CROSS, UNKNOWN))
        for r in range(rows + 1):
            for c in range(cols):
                _edge_into(d, h[r][c], ((r, c), (r, c + 1)))
        for r in range(rows):
            for c in range(cols + 1):
                _edge_into(d, v[r][c], ((r, c), (r + 1, c)))
    elif kind == "nurikabe":
        cells = _grid(state.get("cells"), "cells", rows, cols, (WALL, DOT, UNKNOWN))
        for r in range(rows):
            for c in range(cols):
                if puzzle.clues[r][c] is not None:
                    if cells[r][c]:
                        raise BadInput(f"state cells: r{r + 1}c{c + 1} holds a number and stays 0")
                elif cells[r][c] == WALL:
                    d.walls.add((r, c))
                elif cells[r][c] == DOT:
                    d.dots.add((r, c))
    elif kind == "edgematching":
        d.placed = _placements(puzzle, state.get("placements"))
    else:
        d.path = _path(puzzle, state.get("path"))
    return d


def _edge_into(d: Drawn, value: int, e) -> None:
    if value == LINE:
        d.lines.add(e)
    elif value == CROSS:
        d.crosses.add(e)


def _placements(puzzle, obj: Any) -> dict:
    rows, cols = puzzle.rows, puzzle.cols
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
    return placed


def _path(puzzle, obj: Any) -> list:
    if not isinstance(obj, list) or not obj:
        raise BadInput("state path: expected a list of [row, col] cells from the start")
    path = []
    for item in obj:
        if not (isinstance(item, list) and len(item) == 2
                and all(isinstance(x, int) and not isinstance(x, bool) for x in item)):
            raise BadInput(f"state path: {item!r} is not a [row, col] cell")
        path.append((item[0], item[1]))
    try:
        puzzle.with_prefix(path)
    except ValueError as exc:
        raise BadInput(f"state path: {exc}") from None
    given = puzzle.walked()
    if tuple(path[:len(given)]) != tuple(given):
        raise BadInput("state path: the walk must begin with the puzzle's given walk")
    return path


def write_state(puzzle, d: Drawn) -> dict:
    """The JSON state of a parsed one."""
    rows, cols = puzzle.rows, puzzle.cols
    if d.kind == "slitherlink":
        def val(e):
            return LINE if e in d.lines else CROSS if e in d.crosses else UNKNOWN

        return {"h": [[val(((r, c), (r, c + 1))) for c in range(cols)] for r in range(rows + 1)],
                "v": [[val(((r, c), (r + 1, c))) for c in range(cols + 1)] for r in range(rows)]}
    if d.kind == "nurikabe":
        return {"cells": [[WALL if (r, c) in d.walls else DOT if (r, c) in d.dots else UNKNOWN
                           for c in range(cols)] for r in range(rows)]}
    if d.kind == "edgematching":
        return {"placements": [[list(d.placed[(r, c)]) if (r, c) in d.placed else None
                                for c in range(cols)] for r in range(rows)]}
    return {"path": [list(cell) for cell in d.path]}


def from_solution(puzzle, solution) -> Drawn:
    """A solution as a finished state: the Slitherlink loop (no crosses: unknown edges are off the
    loop anyway, and a picture of a solution reads better without them), every Nurikabe island
    cell dotted."""
    kind = puzzle.kind
    if kind == "slitherlink":
        return Drawn(kind, lines=set(solution.edges))
    if kind == "nurikabe":
        clues = {cell for cell, _ in puzzle.clue_cells()}
        return Drawn(kind, walls=set(solution.black),
                     dots=set(grid.cells(puzzle.rows, puzzle.cols)) - set(solution.black) - clues)
    if kind == "edgematching":
        return Drawn(kind, placed={(r, c): solution.at(r, c) for r in range(puzzle.rows)
                                   for c in range(puzzle.cols)})
    return Drawn(kind, path=list(solution.path))


def to_solution(puzzle, d: Drawn):
    """The solution object a state stands for (unknown Nurikabe cells white, unknown Slitherlink
    edges off the loop); None for an edge-matching board with empty squares."""
    from ..puzzles import kinds

    dom = kinds.domain(puzzle.kind)
    if d.kind == "slitherlink":
        return dom.SlitherlinkSolution(puzzle.rows, puzzle.cols, frozenset(d.lines))
    if d.kind == "nurikabe":
        return dom.NurikabeSolution.from_cells(puzzle.rows, puzzle.cols, d.walls)
    if d.kind == "edgematching":
        if len(d.placed) < puzzle.n:
            return None
        return dom.EdgeMatchingSolution.make(puzzle, [d.placed[(r, c)] for r in range(puzzle.rows)
                                                      for c in range(puzzle.cols)])
    return dom.HamiltonianSolution(tuple(d.path))


def given(puzzle, d: Drawn) -> dict:
    """The state as explain's ``given`` (element -> used): Slitherlink edges, Nurikabe cells
    (used = wall), Hamiltonian steps, edge-matching (square, piece, rotation)."""
    if d.kind == "slitherlink":
        return {**{e: True for e in d.lines}, **{e: False for e in d.crosses}}
    if d.kind == "nurikabe":
        return {**{c: True for c in d.walls}, **{c: False for c in d.dots}}
    if d.kind == "edgematching":
        from ..puzzles.edgematching import canonical_rotation

        return {(sq, p, canonical_rotation(puzzle.tiles[p - 1], k)): True for sq, (p, k) in d.placed.items()}
    return {tuple(sorted(pair)): True for pair in zip(d.path, d.path[1:], strict=False)}


def edge_ref(e) -> list:
    """A canonical Slitherlink edge as the contract names it: ["h", r, c] or ["v", r, c]."""
    (r1, c1), (r2, c2) = e
    return ["h", r1, min(c1, c2)] if r1 == r2 else ["v", min(r1, r2), c1]


def element_marks(kind: str, elements) -> tuple[list, list]:
    """(cells, edges) of the contract for a set of explain elements of ``kind``: Slitherlink edges;
    Nurikabe cells; the cells of Hamiltonian steps; the squares of edge-matching placements."""
    cells: set = set()
    edges: list = []
    for x in elements:
        if kind == "slitherlink":
            edges.append(edge_ref(x))
        elif kind == "nurikabe":
            cells.add(tuple(x))
        elif kind == "hamiltonian":
            cells.update(tuple(c) for c in x)
        else:
            cells.add(tuple(x[0]))
    return [list(c) for c in sorted(cells)], sorted(edges)
