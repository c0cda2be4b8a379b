"""Masyu rendering: a text drawing (also the canonical solved-puzzle text, read back by
``puzzles.formats.masyu.parse_drawing``) and SVG.

Text drawing, one line per cell row and one between two cell rows::

    + - w - +   .       'w' white pearl, 'b' black pearl, '+' a cell the loop visits, '.' a
    |   .   |   .       cell it leaves out; ' - ' a link between two cells of a row; under each
    b - + - +   .       cell '|' a link to the cell below, '.' none (so no line is blank)
"""

from __future__ import annotations

from collections.abc import Collection

from ..masyu import BLACK, WHITE, Link, MasyuPuzzle, MasyuSolution
from .svg_page import grid_page, with_backbone

PEARL_CHARS = {WHITE: "w", BLACK: "b"}


def cell_char(puzzle: MasyuPuzzle, cell, visited: Collection) -> str:
    pearl = puzzle.pearl(cell)
    if pearl is not None:
        return PEARL_CHARS[pearl]
    return "+" if cell in visited else "."


def drawing(puzzle: MasyuPuzzle, links: Collection[Link] = (), marked: Collection[Link] = ()) -> str:
    """The text drawing of the puzzle with ``links`` drawn and ``marked`` links (e.g. where
    solutions differ) shown as ``?``."""
    links, marked = set(links), set(marked)
    visited = {c for e in links for c in e}
    out = []
    for r in range(puzzle.rows):
        row = []
        for c in range(puzzle.cols):
            row.append(cell_char(puzzle, (r, c), visited))
            if c + 1 < puzzle.cols:
                e = ((r, c), (r, c + 1))
                row.append(" - " if e in links else " ? " if e in marked else "   ")
        out.append("".join(row).rstrip())
        if r + 1 < puzzle.rows:
            down = [((r, c), (r + 1, c)) for c in range(puzzle.cols)]
            between = "   ".join("|" if e in links else "?" if e in marked else "." for e in down)
            out.append(between.rstrip())
    return "\n".join(out)


def text(puzzle: MasyuPuzzle, solution: MasyuSolution | None = None) -> str:
    return drawing(puzzle, solution.links if solution else ())


def marked(puzzle: MasyuPuzzle, fixed: Collection[Link], unknown: Collection[Link]) -> str:
    """The links every solution draws, and ``?`` on those they disagree on."""
    return drawing(puzzle, fixed, unknown)


def marked_svg(puzzle: MasyuPuzzle, fixed: Collection[Link], unknown: Collection[Link],
               cell: int = 32) -> str:
    """``svg`` of the links every solution draws, with those they disagree on dashed in orange."""
    m = cell // 2
    return with_backbone(svg(puzzle, None, cell), fixed, unknown,
                         lambda e, style: _link_line(e, m, cell, style))


def _centre(cell, m: int, size: int) -> tuple[float, float]:
    r, c = cell
    return m + c * size + size / 2, m + r * size + size / 2


def _link_line(e: Link, m: int, size: int, style: str) -> str:
    (x1, y1), (x2, y2) = _centre(e[0], m, size), _centre(e[1], m, size)
    return (f'<line x1="{x1:g}" y1="{y1:g}" x2="{x2:g}" y2="{y2:g}" {style} '
            f'stroke-width="{max(2, size // 8)}" stroke-linecap="round"/>')


def svg(puzzle: MasyuPuzzle, solution: MasyuSolution | None = None, cell: int = 32) -> str:
    """A standalone SVG picture: a light grid, the loop through cell centres in red, the pearls
    on top (white with a dark ring, black filled)."""
    m, parts = grid_page(puzzle.rows, puzzle.cols, cell)
    w, h = puzzle.cols * cell, puzzle.rows * cell
    thin = 'stroke="#c8c8c8"'
    for r in range(puzzle.rows + 1):
        parts.append(f'<line x1="{m}" y1="{m + r * cell}" x2="{m + w}" y2="{m + r * cell}" {thin}/>')
    for c in range(puzzle.cols + 1):
        parts.append(f'<line x1="{m + c * cell}" y1="{m}" x2="{m + c * cell}" y2="{m + h}" {thin}/>')
    if solution is not None:
        parts += [_link_line(e, m, cell, 'stroke="#c0202a"') for e in sorted(solution.links)]
    radius = cell * 0.36
    for r, c in puzzle.pearl_cells():
        x, y = _centre((r, c), m, cell)
        fill = "#202020" if puzzle.pearl((r, c)) == BLACK else "white"
        parts.append(f'<circle cx="{x:g}" cy="{y:g}" r="{radius:g}" fill="{fill}" stroke="#202020" '
                     f'stroke-width="{max(1.5, cell / 16):g}"/>')
    parts.append("</svg>")
    return "\n".join(parts) + "\n"
