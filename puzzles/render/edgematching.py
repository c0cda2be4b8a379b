"""Edge matching rendering: a text board, the seed's boxed layout, and SVG.

Text board (``text``): one box per square, its four colours around ``piece/rotation``::

    +-----------+-----------+
    |     0     |     0     |
    |  0  3/1  5| 5  12/0  0|
    |     7     |     2     |
    +-----------+-----------+

A join whose two colours differ (possible only in an optimisation result) is marked ``!``.
Without a solution, ``text`` lists the pieces (and the fixed ones).

The seed's layout (``seed_layout``, report 1.4.2 and Listing 1.5): ``<deb>`` before each grid and
a blank line after it; per board row a ``+----+`` line, the top colours ``| 05 ``, then
``|LL IIII RR`` (left colour, 4-digit tile id, right colour), then the bottom colours. The tile id
is the seed's: 0-based, so piece p prints as ``p - 1``. Listing 1.5 shows ``"| %02d %04d %02d"``
but every printed board of the report (Listings 1.7 and 1.11) and the annex's rotation code have
``|%02d %04d %02d`` -- the printed boards are followed. The seed closes with ``size`` times
``----+`` (its boards are square); here the closing line has one ``----+`` per column.
"""

from __future__ import annotations

import colorsys

from ..edgematching import BORDER, EdgeMatchingPuzzle, EdgeMatchingSolution
from .svg_page import escape


def _grid(puzzle: EdgeMatchingPuzzle, solution: EdgeMatchingSolution):
    return [[(solution.at(r, c), puzzle.tile(*solution.at(r, c))) for c in range(puzzle.cols)]
            for r in range(puzzle.rows)]


def text(puzzle: EdgeMatchingPuzzle, solution: EdgeMatchingSolution | None = None) -> str:
    if solution is None:
        return piece_list(puzzle)
    g = _grid(puzzle, solution)
    w = 11
    sep = "+" + "+".join("-" * w for _ in range(puzzle.cols)) + "+"
    out = [sep]
    for r, row in enumerate(g):
        top = "|".join(f"{t[0]:^{w}}" for _, t in row)
        mid = "|"
        for c, ((p, k), t) in enumerate(row):
            mid += f"{t[3]:>2} {p:>3}/{k} {t[1]:<2}"
            mid += "!" if c + 1 < len(row) and t[1] != row[c + 1][1][3] else "|"
        bot = "|".join(f"{t[2]:^{w}}" for _, t in row)
        out += ["|" + top + "|", mid, "|" + bot + "|"]
        if r + 1 < len(g):
            below = g[r + 1]
            out.append("+" + "+".join(
                ("-" * w) if row[c][1][2] == below[c][1][0] else ("-" * 4 + "!!!" + "-" * 4)
                for c in range(puzzle.cols)) + "+")
        else:
            out.append(sep)
    return "\n".join(out)


def marked(puzzle: EdgeMatchingPuzzle, fixed, unknown) -> str:
    """The board of what every solution shares: ``piece/rotation`` where all place the same piece,
    ``?`` on the squares where they disagree. ``fixed`` and ``unknown``: (square, piece, rotation)."""
    at = {sq: f"{p}/{k}" for sq, p, k in fixed}
    open_squares = {sq for sq, _, _ in unknown}
    cells = [[at.get((r, c), "?" if (r, c) in open_squares else ".") for c in range(puzzle.cols)]
             for r in range(puzzle.rows)]
    w = max(len(t) for row in cells for t in row)
    return "\n".join(" ".join(t.rjust(w) for t in row) for row in cells)


def marked_svg(puzzle: EdgeMatchingPuzzle, fixed, unknown) -> str:
    """``svg`` of the placements every solution makes, the squares where solutions disagree in
    orange with ``?``, empty squares white. ``fixed`` and ``unknown``: (square, piece, rotation)."""
    s = 48
    at = {sq: (p, k) for sq, p, k in fixed}
    board = EdgeMatchingSolution(puzzle.rows, puzzle.cols, tuple(
        at.get((r, c), (1, 0)) for r in range(puzzle.rows) for c in range(puzzle.cols)))
    open_squares = {sq for sq, _, _ in unknown}
    parts = []
    for r in range(puzzle.rows):
        for c in range(puzzle.cols):
            if (r, c) in at:
                continue
            fill = "#f08000" if (r, c) in open_squares else "white"
            parts.append(f'<rect class="{"differs" if fill != "white" else "empty"}" x="{c * s}" y="{r * s}" '
                         f'width="{s}" height="{s}" fill="{fill}" stroke="#333" stroke-width="0.5"/>')
            if (r, c) in open_squares:
                parts.append(f'<text x="{c * s + s / 2}" y="{r * s + s / 2 + 4}" font-size="14" '
                             'text-anchor="middle" font-family="sans-serif">?</text>')
    return svg(puzzle, board, joins=False).replace("</svg>", "\n".join(parts) + "\n</svg>")


def piece_list(puzzle: EdgeMatchingPuzzle) -> str:
    head = (f"{puzzle.size} board, {puzzle.n} pieces, rotation "
            f"{'allowed' if puzzle.rotation else 'not allowed'}")
    lines = [head, "piece  top right bottom left"]
    lines += [f"{p:>5}  {t[0]:>3} {t[1]:>5} {t[2]:>6} {t[3]:>4}" for p, t in enumerate(puzzle.tiles, 1)]
    for r, c, p, k in puzzle.hints:
        lines.append(f"fixed: piece {p} at row {r + 1}, column {c + 1}, rotation {k}")
    return "\n".join(lines)


def seed_layout(puzzle: EdgeMatchingPuzzle, solution: EdgeMatchingSolution | None = None) -> str:
    """The seed's ``print_board`` layout, with its ``<deb>`` marker and trailing blank line. An
    unsolved puzzle prints its pieces in list order on the board (the seed's "Shuffled board")."""
    if solution is None:
        listed = tuple((p, 0) for p in range(1, puzzle.n + 1))
        solution = EdgeMatchingSolution(puzzle.rows, puzzle.cols, listed)
    out = ["<deb>"]
    for row in _grid(puzzle, solution):
        out.append("+----" * len(row) + "+")
        out.append("".join(f"| {t[0]:02d} " for _, t in row) + "|")
        out.append("".join(f"|{t[3]:02d} {p - 1:04d} {t[1]:02d}" for (p, _), t in row) + "|")
        out.append("".join(f"| {t[2]:02d} " for _, t in row) + "|")
    out.append("+" + "----+" * puzzle.cols)
    return "\n".join(out) + "\n"


def palette(puzzle: EdgeMatchingPuzzle) -> dict[int, str]:
    cols = puzzle.colours()
    out = {BORDER: "#9a9a9a"}
    for i, c in enumerate(cols):
        h = (i * 0.61803398875) % 1.0
        r, g, b = colorsys.hsv_to_rgb(h, 0.55 + 0.35 * (i % 2), 0.95 - 0.25 * ((i // 2) % 2))
        out[c] = f"#{int(r * 255):02x}{int(g * 255):02x}{int(b * 255):02x}"
    return out


def svg(puzzle: EdgeMatchingPuzzle, solution: EdgeMatchingSolution | None = None, joins: bool = True) -> str:
    """The board (each square four coloured triangles, piece/rotation in the middle; mismatched
    joins in red unless ``joins`` is False), or without a solution the pieces in list order."""
    s = 48
    placed = solution or EdgeMatchingSolution(
        puzzle.rows, puzzle.cols, tuple((p, 0) for p in range(1, puzzle.n + 1)))
    pal = palette(puzzle)
    w, h = puzzle.cols * s + 2, puzzle.rows * s + 2
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="-1 -1 {w} {h}">',
           f'<title>{escape(f"edgematching {puzzle.size}")}</title>']
    for r in range(puzzle.rows):
        for c in range(puzzle.cols):
            (p, k), t = placed.at(r, c), puzzle.tile(*placed.at(r, c))
            x0, y0, x1, y1, cx, cy = c * s, r * s, c * s + s, r * s + s, c * s + s / 2, r * s + s / 2
            corners = [((x0, y0), (x1, y0)), ((x1, y0), (x1, y1)), ((x1, y1), (x0, y1)), ((x0, y1), (x0, y0))]
            for side, ((ax, ay), (bx, by)) in enumerate(corners):
                fill = pal.get(t[side], "#fff")
                out.append(f'<polygon points="{ax},{ay} {bx},{by} {cx},{cy}" fill="{fill}" '
                           f'stroke="#333" stroke-width="0.5"><title>colour {t[side]}</title></polygon>')
            out.append(f'<text x="{cx}" y="{cy + 4}" font-size="11" text-anchor="middle" '
                       f'font-family="sans-serif">{p}' + (f"/{k}" if k else "") + "</text>")
    if solution is not None and joins:
        for (a, b) in puzzle.inner_joins():
            ta, tb = puzzle.tile(*solution.at(*a)), puzzle.tile(*solution.at(*b))
            horizontal = a[0] == b[0]
            if (ta[1] != tb[3]) if horizontal else (ta[2] != tb[0]):
                x, y = (b[1] * s, a[0] * s) if horizontal else (a[1] * s, b[0] * s)
                x2, y2 = (x, y + s) if horizontal else (x + s, y)
                out.append(f'<line class="mismatch" x1="{x}" y1="{y}" x2="{x2}" y2="{y2}" '
                           'stroke="red" stroke-width="4"/>')
    out.append(f'<rect x="0" y="0" width="{puzzle.cols * s}" height="{puzzle.rows * s}" fill="none" '
               'stroke="#000" stroke-width="2"/>')
    out.append("</svg>")
    return "\n".join(out) + "\n"
