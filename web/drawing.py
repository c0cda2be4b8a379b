"""The page's pictures: the kind's SVG renderer (``puzzles.render``, the drawing code the CLI and
the report use) with the state, the marks and the hit areas laid over it.

Over the renderer's picture come, in order: the state the renderer does not draw itself (the
kind's ``state_svg``: Slitherlink's and Masyu's lines and crosses, Nurikabe's dots), ``highlight``
elements in blue (a hint, a rule run's firings: a thin stroke down the middle of a drawn line,
which stays dark on both sides, and a faint one on a crossed edge, so the loop stays readable),
``differs`` elements in orange (where solutions differ), violated elements in red (cells
outlined, not filled, so what lies under them shows: edge matching's colours), and last the
transparent hit areas: ``data-cell="r,c"`` on every cell
or square (``geometry`` says where they lie) and the kind's own (``data-edge="h,r,c"`` /
``"v,r,c"`` on every Slitherlink edge). Everything per kind comes from ``web/kinds``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .kinds import WebKind, web_kind
from .states import Drawn, LineState

# (geometry, ["h"|"v", r, c]) -> the ends x1, y1, x2, y2 of that edge in the picture
EdgeEnds = Callable[[dict, Any], tuple[float, float, float, float]]

HIGHLIGHT, DIFFERS, VIOLATED, LINE_COLOUR = "#1f6fd0", "#f08000", "#e00000", "#202020"


def geometry(puzzle) -> dict:
    """How a point of the SVG (in its viewBox units) maps to an element: cell (r, c) spans x in
    [margin + c*cell, margin + (c+1)*cell), the same for y; Slitherlink dots at the corners."""
    module = web_kind(puzzle.kind)
    return {"cell": module.CELL, "margin": module.MARGIN, "rows": puzzle.rows, "cols": puzzle.cols}


def picture(puzzle, d: Drawn, highlight: dict | None = None, differs: dict | None = None,
            violations: list | None = None) -> str:
    """The SVG of the puzzle with the state ``d``; ``highlight`` / ``differs``: {"cells", "edges"}
    in the contract's form; ``violations``: the verdict's list."""
    module = web_kind(puzzle.kind)
    base = module.base_svg(puzzle, d)
    g = geometry(puzzle)
    parts = module.state_svg(puzzle, d, g)
    bad = {"cells": [c for v in violations or () for c in v["cells"]],
           "edges": [e for v in violations or () for e in v["edges"]]}
    if highlight:
        parts += _marks(module, g, highlight, HIGHLIGHT, deductions=d)
    for marks, colour in ((differs, DIFFERS), (bad, VIOLATED)):
        if marks:
            parts += _marks(module, g, marks, colour, outlined=colour == VIOLATED)
    parts += _cell_hit_areas(puzzle, g) + module.hit_areas(puzzle, g)
    return base.replace("</svg>", "\n".join(parts) + "\n</svg>")


def xy(g: dict, r: float, c: float) -> tuple[float, float]:
    """The SVG point of grid point (r, c): the corner of cell (r, c)."""
    return g["margin"] + c * g["cell"], g["margin"] + r * g["cell"]


def lattice_edge_ends(g: dict, ref) -> tuple[float, float, float, float]:
    """The ends of the edge ``["h"|"v", r, c]`` between grid points (Slitherlink's edges)."""
    o, r, c = ref
    x1, y1 = xy(g, r, c)
    x2, y2 = xy(g, r, c + 1) if o == "h" else xy(g, r + 1, c)
    return x1, y1, x2, y2


def line(x1, y1, x2, y2, colour: str, width: float, extra: str = "") -> str:
    return (f'<line x1="{x1:g}" y1="{y1:g}" x2="{x2:g}" y2="{y2:g}" stroke="{colour}" '
            f'stroke-width="{width:g}" stroke-linecap="round"{extra}/>')


def lines_and_crosses(d: Drawn, g: dict, ends: EdgeEnds) -> list[str]:
    """The player's lines (dark) and crosses (grey) on edges whose ends ``ends(g, ref)`` gives."""
    from .states import edge_ref

    cell, out = g["cell"], []
    for e in sorted(d.lines):
        out.append(line(*ends(g, edge_ref(e)), LINE_COLOUR, line_width(g), ' class="line"'))
    s = cell / 10
    for e in sorted(d.crosses):
        x1, y1, x2, y2 = ends(g, edge_ref(e))
        x, y = (x1 + x2) / 2, (y1 + y2) / 2
        out.append(f'<path class="cross" d="M{x - s:g},{y - s:g}L{x + s:g},{y + s:g}M{x - s:g},{y + s:g}'
                   f'L{x + s:g},{y - s:g}" stroke="#707070" stroke-width="1.5"/>')
    return out


def edge_hit_areas(g: dict, refs, ends: EdgeEnds) -> list[str]:
    """A transparent line a third of a cell wide on every edge of ``refs`` (``data-edge``)."""
    w = g["cell"] / 3
    return [line(*ends(g, (o, r, c)), "transparent", w, f' data-edge="{o},{r},{c}"') for o, r, c in refs]


class SegmentPicture:
    """How a line kind's state is drawn (Slitherlink's edges, Masyu's links): the player's lines
    and crosses on its segments over the kind's own picture of the puzzle (``render.svg``), and a
    hit area on every segment, whose ends ``ends`` gives."""

    def __init__(self, state: LineState, ends: EdgeEnds, render: Any) -> None:
        self.state, self.ends, self.render = state, ends, render

    def base_svg(self, puzzle, d: Drawn) -> str:
        return self.render.svg(puzzle)

    def state_svg(self, puzzle, d: Drawn, g: dict) -> list[str]:
        return lines_and_crosses(d, g, self.ends)

    def hit_areas(self, puzzle, g: dict) -> list[str]:
        rows, cols = self.state.nodes(puzzle)
        refs = [("h", r, c) for r in range(rows) for c in range(cols - 1)]
        refs += [("v", r, c) for r in range(rows - 1) for c in range(cols)]
        return edge_hit_areas(g, refs, self.ends)


def line_width(g: dict) -> float:
    """The width of the player's lines (and of the solutions' lines over them)."""
    return max(2, g["cell"] // 8)


def _marks(module: WebKind, g: dict, marks: dict, colour: str, outlined: bool = False,
           deductions: Drawn | None = None) -> list[str]:
    """``marks`` in ``colour``: cells tinted and framed (``outlined``: framed only); edges as wide
    strokes, or with ``deductions`` (the state a hint or a rule run decided) as a thin stroke down
    a line's middle and a faint one on a crossed edge."""
    from .states import edge_ref

    cell, out = g["cell"], []
    fill = 'fill="none"' if outlined else f'fill="{colour}" fill-opacity="0.25"'
    for r, c in marks.get("cells", ()):
        x, y = xy(g, r, c)
        out.append(f'<rect class="mark" x="{x + 2:g}" y="{y + 2:g}" width="{cell - 4:g}" '
                   f'height="{cell - 4:g}" {fill} stroke="{colour}" '
                   f'stroke-width="{3 if outlined else 2.5}"/>')
    crossed = {tuple(edge_ref(e)) for e in deductions.crosses} if deductions is not None else set()
    for ref in marks.get("edges", ()):
        if deductions is None:
            out.append(line(*module.edge_ends(g, ref), colour, max(3, cell // 6),
                            ' class="mark" stroke-opacity="0.85"'))
        else:
            faint = tuple(ref) in crossed
            extra = (' class="mark faint" stroke-opacity="0.3"' if faint
                     else ' class="mark" stroke-opacity="0.95"')
            out.append(line(*module.edge_ends(g, ref), colour, line_width(g) / 3, extra))
    return out


def _cell_hit_areas(puzzle, g: dict) -> list[str]:
    cell, out = g["cell"], []
    for r in range(puzzle.rows):
        for c in range(puzzle.cols):
            x, y = xy(g, r, c)
            out.append(f'<rect data-cell="{r},{c}" x="{x:g}" y="{y:g}" width="{cell}" height="{cell}" '
                       'fill="transparent"/>')
    return out
