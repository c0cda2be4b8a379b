"""What the SVG renderers share: a page for a grid of cells with a margin of half a cell."""

from __future__ import annotations


def escape(text: str) -> str:
    """``text`` safe inside an SVG element: ``&``, ``<`` and ``>`` as entities (what
    ``xml.sax.saxutils.escape`` does, without its import of urllib, http and email)."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def grid_page(rows: int, cols: int, cell: int) -> tuple[int, list[str]]:
    """(margin, opening parts): the ``<svg>`` element sized for ``rows`` x ``cols`` cells of
    ``cell`` pixels plus a margin of half a cell, and a white background."""
    m = cell // 2
    w, h = cols * cell + 2 * m, rows * cell + 2 * m
    return m, [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" '
        f'viewBox="0 0 {w} {h}" font-family="sans-serif">',
        f'<rect width="{w}" height="{h}" fill="white"/>',
    ]


def with_backbone(picture: str, fixed, unknown, segment, fixed_colour: str = "#202020") -> str:
    """``picture`` with the segments every solution draws (``fixed``, solid) and those the
    solutions disagree on (``unknown``, dashed orange) drawn on top: the ``marked_svg`` of the
    line kinds. ``segment(element, style)`` draws one element as an SVG line."""
    parts = [segment(e, f'stroke="{fixed_colour}"') for e in sorted(fixed)]
    parts += [segment(e, 'stroke="#f08000" stroke-dasharray="4 3"') for e in sorted(unknown)]
    return picture.replace("</svg>", "\n".join(parts) + "\n</svg>")
