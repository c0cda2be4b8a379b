"""Slitherlink rendering: a text drawing (also the canonical solved-puzzle text, parsed back by
``puzzles.formats.slitherlink.parse_drawing``) and SVG.

Text drawing, one line per vertex row and per cell row::

    +---+---+   +       '+' vertex, '---' line, ' x ' cross, '   ' unknown / no line
    | 3   2 |           '|' line, 'x' cross, ' ' none; cell text ' n ' with n a clue,
    +---+   +---+       '?' an unknown clue, blank for no clue
"""

from __future__ import annotations

from collections.abc import Collection

from ..grid import Edge
from ..slitherlink import QUESTION, SlitherlinkPuzzle, SlitherlinkSolution
from .svg_page import escape, grid_page, with_backbone


def clue_char(v: int | None) -> str:
    if v is None:
        return " "
    return "?" if v == QUESTION else str(v)


def drawing(
    puzzle: SlitherlinkPuzzle, lines: Collection[Edge] = (), crosses: Collection[Edge] = (),
    marked: Collection[Edge] = (),
) -> str:
    """The text drawing of a (partial) state: ``lines`` drawn, ``crosses`` marked ``x``,
    ``marked`` edges (e.g. where solutions differ) shown as ``?``."""
    lines, crosses, marked = set(lines), set(crosses), set(marked)
    out = []
    for r in range(puzzle.rows + 1):
        row = ["+"]
        for c in range(puzzle.cols):
            e = ((r, c), (r, c + 1))
            row.append("---" if e in lines else " x " if e in crosses else " ? " if e in marked else "   ")
            row.append("+")
        out.append("".join(row).rstrip())
        if r == puzzle.rows:
            break
        row = []
        for c in range(puzzle.cols + 1):
            e = ((r, c), (r + 1, c))
            row.append("|" if e in lines else "x" if e in crosses else "?" if e in marked else " ")
            if c < puzzle.cols:
                row.append(f" {clue_char(puzzle.clues[r][c])} ")
        out.append("".join(row).rstrip())
    return "\n".join(out)


def text(puzzle: SlitherlinkPuzzle, solution: SlitherlinkSolution | None = None) -> str:
    return drawing(puzzle, solution.edges if solution else ())


def marked(puzzle: SlitherlinkPuzzle, fixed: Collection[Edge], unknown: Collection[Edge]) -> str:
    """The edges every solution draws, and ``?`` on those they disagree on."""
    return drawing(puzzle, fixed, marked=unknown)


def marked_svg(puzzle: SlitherlinkPuzzle, fixed: Collection[Edge], unknown: Collection[Edge],
               cell: int = 32) -> str:
    """``svg`` of the edges every solution draws, with those they disagree on dashed in orange."""
    m = cell // 2
    return with_backbone(svg(puzzle, None, cell), fixed, unknown,
                         lambda e, style: _edge_line(e, m, cell, style))


def _edge_line(e: Edge, m: int, cell: int, style: str) -> str:
    (r1, c1), (r2, c2) = e
    return (f'<line x1="{m + c1 * cell}" y1="{m + r1 * cell}" x2="{m + c2 * cell}" y2="{m + r2 * cell}" '
            f'{style} stroke-width="{max(2, cell // 8)}" stroke-linecap="round"/>')


def svg(puzzle: SlitherlinkPuzzle, solution: SlitherlinkSolution | None = None, cell: int = 32) -> str:
    """A standalone SVG picture: dots at the vertices, clues centred, loop edges in red."""
    m, parts = grid_page(puzzle.rows, puzzle.cols, cell)
    if solution is not None:
        inside = solution.inside()
        for r, c in sorted(inside):
            parts.append(
                f'<rect x="{m + c * cell}" y="{m + r * cell}" width="{cell}" height="{cell}" '
                f'fill="#fdeaea"/>'
            )
        for (r1, c1), (r2, c2) in sorted(solution.edges):
            parts.append(
                f'<line x1="{m + c1 * cell}" y1="{m + r1 * cell}" x2="{m + c2 * cell}" '
                f'y2="{m + r2 * cell}" stroke="#c0202a" stroke-width="{max(2, cell // 8)}" '
                f'stroke-linecap="round"/>'
            )
    for r in range(puzzle.rows + 1):
        for c in range(puzzle.cols + 1):
            parts.append(f'<circle cx="{m + c * cell}" cy="{m + r * cell}" r="{max(1.5, cell / 16)}"/>')
    fs = int(cell * 0.6)
    for r, row in enumerate(puzzle.clues):
        for c, v in enumerate(row):
            if v is not None:
                parts.append(
                    f'<text x="{m + c * cell + cell / 2}" y="{m + r * cell + cell / 2}" '
                    f'font-size="{fs}" text-anchor="middle" dominant-baseline="central">'
                    f"{escape(clue_char(v))}</text>"
                )
    parts.append("</svg>")
    return "\n".join(parts) + "\n"
