"""What the player has drawn, in the JSON shapes of docs/serve.md, read and written per kind.

A state is always complete (every element present, unknown = 0):

* slitherlink ``{"h": (rows+1) x cols, "v": rows x (cols+1)}``: 1 line, -1 cross, 0 unknown;
  ``h[r][c]`` joins dots (r, c)-(r, c+1), ``v[r][c]`` joins (r, c)-(r+1, c);
* nurikabe ``{"cells": rows x cols}``: 1 wall, -1 dot (white), 0 unknown;
* edgematching ``{"placements": rows x cols of null | [piece, rotation]}``, pieces numbered from 1
  as in the project's formats, rotation in clockwise quarter turns;
* hamiltonian ``{"path": [[r, c], ...]}``, the walk from the start;
* masyu ``{"h": rows x (cols-1), "v": (rows-1) x cols}``, links between cell centres as
  Slitherlink's edges between dots.

``read_state`` validates a state against its puzzle (``BadInput`` naming what is wrong);
``Drawn`` is the parsed form the other modules use; ``element_marks`` names explain's elements
of a kind for highlights (``cells`` and ``edges`` lists of the contract). Each kind's shape is
read and written by its module in ``web/kinds`` (``web_kind``); this module holds what they share.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .kinds import web_kind

LINE, CROSS, UNKNOWN = 1, -1, 0
WALL, DOT = 1, -1


class BadInput(ValueError):
    """Input the page sent that cannot be used: answered 400 with this one-line message."""


@dataclass
class Drawn:
    """A parsed state: Slitherlink ``lines`` / ``crosses`` (canonical edges; Masyu's: links
    between cells), Nurikabe ``walls`` / ``dots`` (cells), edge matching ``placed`` (square ->
    (piece, rotation)), Hamiltonian ``path``."""

    kind: str
    lines: set = field(default_factory=set)
    crosses: set = field(default_factory=set)
    walls: set = field(default_factory=set)
    dots: set = field(default_factory=set)
    placed: dict = field(default_factory=dict)
    path: list = field(default_factory=list)


def checked_grid(obj: Any, name: str, rows: int, cols: int, values: tuple) -> list[list[int]]:
    """``obj`` as a ``rows`` x ``cols`` grid of ``values`` (a state's part ``name``), else BadInput."""
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
    module = web_kind(puzzle.kind)
    if state is None:
        return module.empty(puzzle)
    if not isinstance(state, dict):
        raise BadInput("state: expected a JSON object")
    return module.read(puzzle, state)


def edges_into(d: Drawn, values: list[list[int]], ends) -> None:
    """Lines and crosses of a grid of edge values into ``d``; ``ends(r, c)``: the edge at [r][c]."""
    for r, row in enumerate(values):
        for c, value in enumerate(row):
            if value == LINE:
                d.lines.add(ends(r, c))
            elif value == CROSS:
                d.crosses.add(ends(r, c))


def edge_values(d: Drawn, rows: int, cols: int, ends) -> list[list[int]]:
    """A ``rows`` x ``cols`` grid of edge values of ``d`` (``ends(r, c)``: the edge at [r][c])."""
    def value(e):
        return LINE if e in d.lines else CROSS if e in d.crosses else UNKNOWN

    return [[value(ends(r, c)) for c in range(cols)] for r in range(rows)]


def write_state(puzzle, d: Drawn) -> dict:
    """The JSON state of a parsed one."""
    return web_kind(puzzle.kind).write(puzzle, d)


def from_solution(puzzle, solution) -> Drawn:
    """A solution as a finished state (without crosses or dots where the kind's picture of a
    solution reads better without them)."""
    return web_kind(puzzle.kind).from_solution(puzzle, solution)


def to_solution(puzzle, d: Drawn):
    """The solution object a state stands for (unknown elements read as unused); None when the
    state stands for none (an edge-matching board with empty squares)."""
    return web_kind(puzzle.kind).to_solution(puzzle, d)


def given(puzzle, d: Drawn) -> dict:
    """The state as explain's ``given`` (element -> used)."""
    return web_kind(puzzle.kind).given(puzzle, d)


def edge_ref(e) -> list:
    """A canonical edge (a pair of grid points, or of cells for Masyu's links) as the contract
    names it: ["h", r, c] or ["v", r, c] from its first end."""
    (r1, c1), (r2, c2) = e
    return ["h", r1, min(c1, c2)] if r1 == r2 else ["v", min(r1, r2), c1]


def element_marks(kind: str, elements) -> tuple[list, list]:
    """(cells, edges) of the contract for a set of explain elements of ``kind``."""
    return web_kind(kind).marks(elements)


def horizontal(r: int, c: int):
    """The segment from node (r, c) to its right-hand neighbour."""
    return (r, c), (r, c + 1)


def vertical(r: int, c: int):
    """The segment from node (r, c) to the node below."""
    return (r, c), (r + 1, c)


@dataclass(frozen=True)
class LineState:
    """The play state of a kind drawn as lines between the nodes of a grid -- Slitherlink's edges
    between the lattice points (``on_points``), Masyu's links between cell centres: a grid "h"
    of the horizontal segments' values and a grid "v" of the vertical ones (``LINE``, ``CROSS``,
    ``UNKNOWN``). A line kind's web module takes its state functions from here."""

    kind: str
    on_points: bool

    def nodes(self, puzzle) -> tuple[int, int]:
        extra = 1 if self.on_points else 0
        return puzzle.rows + extra, puzzle.cols + extra

    def empty(self, puzzle) -> Drawn:
        return Drawn(self.kind)

    def read(self, puzzle, state: dict) -> Drawn:
        rows, cols = self.nodes(puzzle)
        d = Drawn(self.kind)
        edges_into(d, checked_grid(state.get("h"), "h", rows, cols - 1, (LINE, CROSS, UNKNOWN)), horizontal)
        edges_into(d, checked_grid(state.get("v"), "v", rows - 1, cols, (LINE, CROSS, UNKNOWN)), vertical)
        return d

    def write(self, puzzle, d: Drawn) -> dict:
        rows, cols = self.nodes(puzzle)
        return {"h": edge_values(d, rows, cols - 1, horizontal),
                "v": edge_values(d, rows - 1, cols, vertical)}

    def given(self, puzzle, d: Drawn) -> dict:
        return {**{e: True for e in d.lines}, **{e: False for e in d.crosses}}

    def kept(self, puzzle, d: Drawn | None) -> Drawn:
        """The lines and crosses of ``d`` that still join two nodes of ``puzzle`` (an edited,
        maybe resized puzzle); the empty state for none."""
        rows, cols = self.nodes(puzzle)

        def fits(e) -> bool:
            return all(0 <= r < rows and 0 <= c < cols for r, c in e)

        if d is None:
            return Drawn(self.kind)
        return Drawn(self.kind, lines={e for e in d.lines if fits(e)},
                     crosses={e for e in d.crosses if fits(e)})

    def marks(self, elements) -> tuple[list, list]:
        return [], sorted(edge_ref(e) for e in elements)

    def differing(self, puzzle, a: Drawn, b: Drawn) -> dict:
        return {"cells": [], "edges": sorted(edge_ref(e) for e in a.lines ^ b.lines)}
