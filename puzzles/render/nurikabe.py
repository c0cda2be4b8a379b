"""Nurikabe rendering: the canonical text grid, the J essay's ``see`` layout, and SVG.

Text grid (also the body of the canonical solved form, read back by
``puzzles.formats.nurikabe``): one token per cell, columns right-aligned --

    numbers as given, ``?`` an unknown number, and for a solution ``X`` wall, ``.`` island,
    ``_`` undecided (a puzzle alone shows ``.`` for every blank cell).

``see`` is the essay's verb ``see =: 3 : 'y { _1|.(":&.>1+i.>./,y),<"0 ''?X '''`` applied to a
state and displayed as J displays a boxed matrix: a number as its digits, ``X`` black, ``?`` free,
a blank for white; every column as wide as its widest item, items left-aligned.
"""

from __future__ import annotations

from ..nurikabe import QUESTION, NurikabePuzzle, NurikabeSolution
from .svg_page import escape, grid_page

WALL, ISLAND, UNDECIDED = "X", ".", "_"  # not "#": a line starting with "#" is a comment


def clue_token(v: int) -> str:
    return "?" if v == QUESTION else str(v)


def cell_tokens(puzzle: NurikabePuzzle, solution: NurikabeSolution | None, *, wall: str, white: str,
                free: str, blank: str, clue=clue_token) -> list[list[str]]:
    """One token per cell: ``clue(v)`` for a number, else by the cell's state in ``solution``
    (``blank`` for every other cell when there is none)."""
    out = []
    for r, row in enumerate(puzzle.clues):
        line = []
        for c, v in enumerate(row):
            if v is not None:
                line.append(clue(v))
            elif solution is None:
                line.append(blank)
            elif (r, c) in solution.undecided:
                line.append(free)
            else:
                line.append(wall if (r, c) in solution.black else white)
        out.append(line)
    return out


def tokens(puzzle: NurikabePuzzle, solution: NurikabeSolution | None = None) -> list[list[str]]:
    """The canonical grid's tokens."""
    return cell_tokens(puzzle, solution, wall=WALL, white=ISLAND, free=UNDECIDED, blank=ISLAND)


def aligned(rows: list[list[str]]) -> str:
    width = max((len(t) for row in rows for t in row), default=1)
    return "\n".join(" ".join(t.rjust(width) for t in row) for row in rows)


def text(puzzle: NurikabePuzzle, solution: NurikabeSolution | None = None) -> str:
    return aligned(tokens(puzzle, solution))


def see_items(puzzle: NurikabePuzzle, solution: NurikabeSolution | None = None) -> list[list[str]]:
    """The essay's ``see`` items: digits, ``X`` black, ``?`` free (blank or undecided), `` `` white.
    A puzzle alone is shown as ``init`` leaves it (every blank free)."""
    return cell_tokens(puzzle, solution, wall="X", white=" ", free="?", blank="?")


def column_widths(items: list[list[str]]) -> list[int]:
    return [max(len(row[c]) for row in items) for c in range(len(items[0]) if items else 0)]


def boxed(items: list[list[str]]) -> str:
    """J's display of a boxed matrix (box-drawing characters)."""
    widths = column_widths(items)

    def rule(left: str, mid: str, right: str) -> str:
        return left + mid.join("─" * w for w in widths) + right

    lines = [rule("┌", "┬", "┐")]
    for i, row in enumerate(items):
        lines.append("│" + "│".join(t.ljust(w) for t, w in zip(row, widths, strict=True)) + "│")
        lines.append(rule("├", "┼", "┤") if i < len(items) - 1 else rule("└", "┴", "┘"))
    return "\n".join(lines)


def see(puzzle: NurikabePuzzle, solution: NurikabeSolution | None = None) -> str:
    return boxed(see_items(puzzle, solution))


def marked(puzzle: NurikabePuzzle, fixed, unknown) -> str:
    """The canonical grid of what every solution shares: ``X`` walled by all, ``.`` white in all,
    ``_`` where they disagree (readable back as a partial state)."""
    return text(puzzle, NurikabeSolution(puzzle.rows, puzzle.cols, frozenset(fixed), frozenset(unknown)))


def marked_svg(puzzle: NurikabePuzzle, fixed, unknown, cell: int = 32) -> str:
    """``svg`` of the cells every solution walls, with those they disagree on in orange."""
    state = NurikabeSolution(puzzle.rows, puzzle.cols, frozenset(fixed), frozenset(unknown))
    return svg(puzzle, state, cell, undecided_fill="#f08000")


def svg(puzzle: NurikabePuzzle, solution: NurikabeSolution | None = None, cell: int = 32,
        undecided_fill: str = "#cccccc") -> str:
    """A standalone SVG picture: grid lines, wall cells filled, numbers centred, undecided cells
    grey (or ``undecided_fill``)."""
    m, parts = grid_page(puzzle.rows, puzzle.cols, cell)
    if solution is not None:
        for fill, cells in (("#222222", solution.black), (undecided_fill, solution.undecided)):
            for r, c in sorted(cells):
                parts.append(f'<rect x="{m + c * cell}" y="{m + r * cell}" width="{cell}" '
                             f'height="{cell}" fill="{fill}"/>')
    for r in range(puzzle.rows + 1):
        parts.append(f'<line x1="{m}" y1="{m + r * cell}" x2="{m + puzzle.cols * cell}" '
                     f'y2="{m + r * cell}" stroke="#888888" stroke-width="1"/>')
    for c in range(puzzle.cols + 1):
        parts.append(f'<line x1="{m + c * cell}" y1="{m}" x2="{m + c * cell}" '
                     f'y2="{m + puzzle.rows * cell}" stroke="#888888" stroke-width="1"/>')
    parts.append(f'<rect x="{m}" y="{m}" width="{puzzle.cols * cell}" height="{puzzle.rows * cell}" '
                 f'fill="none" stroke="black" stroke-width="2"/>')
    for (r, c), v in puzzle.clue_cells():
        t = clue_token(v)
        fs = int(cell * (0.6 if len(t) <= 2 else 1.6 / len(t)))
        parts.append(f'<text x="{m + c * cell + cell / 2}" y="{m + r * cell + cell / 2}" '
                     f'font-size="{fs}" text-anchor="middle" dominant-baseline="central">'
                     f"{escape(t)}</text>")
    parts.append("</svg>")
    return "\n".join(parts) + "\n"
