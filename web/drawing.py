"""The page's pictures: the kind's SVG renderer (``puzzles.render``, the drawing code the CLI and
the report use) with the state, the marks and the hit areas laid over it.

Over the renderer's picture come, in order: the state (Slitherlink lines and crosses, Nurikabe
dots, the walk, the placed tiles are drawn by the renderer itself), ``highlight`` elements in
blue (a hint, a firing), ``differs`` elements in orange (where solutions differ), violated
elements in red, and last the transparent hit areas: ``data-edge="h,r,c"`` / ``"v,r,c"`` on every
Slitherlink edge, ``data-cell="r,c"`` on every cell or square (``geometry`` says where they lie).
"""

from __future__ import annotations

from ..puzzles import kinds, render
from ..puzzles.hamiltonian import HamiltonianSolution
from ..puzzles.nurikabe import NurikabeSolution
from .states import Drawn

# the renderers' cell sizes and margins (puzzles.render.<kind>.svg defaults)
CELL = {"slitherlink": 32, "nurikabe": 32, "hamiltonian": 24, "edgematching": 48}
HIGHLIGHT, DIFFERS, VIOLATED, LINE_COLOUR = "#1f6fd0", "#f08000", "#e00000", "#202020"


def geometry(puzzle) -> dict:
    """How a point of the SVG (in its viewBox units) maps to an element: cell (r, c) spans x in
    [margin + c*cell, margin + (c+1)*cell), the same for y; Slitherlink dots at the corners."""
    cell = CELL[puzzle.kind]
    margin = 0 if puzzle.kind == "edgematching" else cell // 2
    return {"cell": cell, "margin": margin, "rows": puzzle.rows, "cols": puzzle.cols}


def picture(puzzle, d: Drawn, highlight: dict | None = None, differs: dict | None = None,
            violations: list | None = None) -> str:
    """The SVG of the puzzle with the state ``d``; ``highlight`` / ``differs``: {"cells", "edges"}
    in the contract's form; ``violations``: the verdict's list."""
    base = _base(puzzle, d)
    g = geometry(puzzle)
    parts = _state_parts(puzzle, d, g)
    bad = {"cells": [c for v in violations or () for c in v["cells"]],
           "edges": [e for v in violations or () for e in v["edges"]]}
    for marks, colour in ((highlight, HIGHLIGHT), (differs, DIFFERS), (bad, VIOLATED)):
        if marks:
            parts += _marks(puzzle.kind, g, marks, colour)
    parts += _hit_areas(puzzle, g)
    return base.replace("</svg>", "\n".join(parts) + "\n</svg>")


def _base(puzzle, d: Drawn) -> str:
    kind = puzzle.kind
    if kind == "nurikabe":
        return render.svg(puzzle, NurikabeSolution.from_cells(puzzle.rows, puzzle.cols, d.walls))
    if kind == "hamiltonian":
        return render.svg(puzzle, HamiltonianSolution(tuple(d.path)) if len(d.path) > 1 else None)
    if kind == "edgematching":
        return kinds.render(kind).marked_svg(
            puzzle, [(sq, p, k) for sq, (p, k) in sorted(d.placed.items())], ())
    return render.svg(puzzle)


def _xy(g: dict, r: float, c: float) -> tuple[float, float]:
    return g["margin"] + c * g["cell"], g["margin"] + r * g["cell"]


def _edge_ends(g: dict, ref) -> tuple[float, float, float, float]:
    o, r, c = ref
    x1, y1 = _xy(g, r, c)
    x2, y2 = _xy(g, r, c + 1) if o == "h" else _xy(g, r + 1, c)
    return x1, y1, x2, y2


def _line(x1, y1, x2, y2, colour: str, width: float, extra: str = "") -> str:
    return (f'<line x1="{x1:g}" y1="{y1:g}" x2="{x2:g}" y2="{y2:g}" stroke="{colour}" '
            f'stroke-width="{width:g}" stroke-linecap="round"{extra}/>')


def _state_parts(puzzle, d: Drawn, g: dict) -> list[str]:
    from .states import edge_ref

    cell, out = g["cell"], []
    if puzzle.kind == "slitherlink":
        for e in sorted(d.lines):
            out.append(_line(*_edge_ends(g, edge_ref(e)), LINE_COLOUR, max(2, cell // 8), ' class="line"'))
        s = cell / 10
        for e in sorted(d.crosses):
            x1, y1, x2, y2 = _edge_ends(g, edge_ref(e))
            x, y = (x1 + x2) / 2, (y1 + y2) / 2
            out.append(f'<path class="cross" d="M{x - s:g},{y - s:g}L{x + s:g},{y + s:g}M{x - s:g},{y + s:g}'
                       f'L{x + s:g},{y - s:g}" stroke="#707070" stroke-width="1.5"/>')
    elif puzzle.kind == "nurikabe":
        for r, c in sorted(d.dots):
            x, y = _xy(g, r + 0.5, c + 0.5)
            out.append(f'<circle class="dot" cx="{x:g}" cy="{y:g}" r="{cell / 8:g}" fill="#404040"/>')
    return out


def _marks(kind: str, g: dict, marks: dict, colour: str) -> list[str]:
    cell, out = g["cell"], []
    for r, c in marks.get("cells", ()):
        x, y = _xy(g, r, c)
        out.append(f'<rect class="mark" x="{x + 2:g}" y="{y + 2:g}" width="{cell - 4:g}" '
                   f'height="{cell - 4:g}" fill="{colour}" fill-opacity="0.25" stroke="{colour}" '
                   'stroke-width="2.5"/>')
    for ref in marks.get("edges", ()):
        out.append(_line(*_edge_ends(g, ref), colour, max(3, cell // 6),
                         ' class="mark" stroke-opacity="0.85"'))
    return out


def _hit_areas(puzzle, g: dict) -> list[str]:
    cell, out = g["cell"], []
    rows, cols = puzzle.rows, puzzle.cols
    for r in range(rows):
        for c in range(cols):
            x, y = _xy(g, r, c)
            out.append(f'<rect data-cell="{r},{c}" x="{x:g}" y="{y:g}" width="{cell}" height="{cell}" '
                       'fill="transparent"/>')
    if puzzle.kind == "slitherlink":
        w = cell / 3
        for r in range(rows + 1):
            for c in range(cols):
                out.append(_line(*_edge_ends(g, ("h", r, c)), "transparent", w, f' data-edge="h,{r},{c}"'))
        for r in range(rows):
            for c in range(cols + 1):
                out.append(_line(*_edge_ends(g, ("v", r, c)), "transparent", w, f' data-edge="v,{r},{c}"'))
    return out
