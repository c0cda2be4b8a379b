"""Hamiltonian path rendering: a text drawing (parsed back by ``puzzles.formats.hamiltonian``)
and SVG.

Text drawing, one line per cell row, two characters per cell (the cell, then its link to the
right)::

    S───┐ ┌─E      S start, E end, X blocked, . free and not on the drawn line, @ the live end
    ┌───┘ └─┐      of a partial walk; other cells of the line show how they are passed through
    └───────┘      (─ │ ┌ ┐ └ ┘), and ─ after a cell links it to its right neighbour
"""

from __future__ import annotations

from ..grid import Cell
from ..hamiltonian import HamiltonianPuzzle, HamiltonianSolution
from .svg_page import with_backbone


def _line(puzzle: HamiltonianPuzzle, solution: HamiltonianSolution | None) -> tuple[Cell, ...]:
    return solution.path if solution is not None else puzzle.prefix


# the line's cell glyphs by the set of neighbours a cell is linked to: Up Right Down Left
GLYPHS = {"UD": "│", "RL": "─", "RD": "┌", "DL": "┐", "UR": "└", "UL": "┘"}


def drawing(puzzle: HamiltonianPuzzle, path: tuple[Cell, ...] = ()) -> str:
    """The text drawing of a (partial) path."""
    links: dict[Cell, set[str]] = {}
    for a, b in zip(path, path[1:], strict=False):
        for x, y in ((a, b), (b, a)):
            d = {(-1, 0): "U", (0, 1): "R", (1, 0): "D", (0, -1): "L"}[(y[0] - x[0], y[1] - x[1])]
            links.setdefault(x, set()).add(d)
    complete = bool(path) and path[-1] == puzzle.end
    out = []
    for r in range(puzzle.rows):
        row = []
        for c in range(puzzle.cols):
            cell = (r, c)
            if cell == puzzle.start:
                ch = "S"
            elif cell == puzzle.end:
                ch = "E"
            elif cell in puzzle.blocked:
                ch = "X"  # not "#": a line starting with "#" is a comment
            elif path and cell == path[-1] and not complete:
                ch = "@"
            elif cell in links:
                ch = GLYPHS.get("".join(d for d in "URDL" if d in links[cell]), "?")
            else:
                ch = "."
            row.append(ch)
            if c + 1 < puzzle.cols:
                row.append("─" if "R" in links.get(cell, ()) else " ")
        out.append("".join(row).rstrip())
    return "\n".join(out)


def text(puzzle: HamiltonianPuzzle, solution: HamiltonianSolution | None = None) -> str:
    return drawing(puzzle, _line(puzzle, solution))


def marked(puzzle: HamiltonianPuzzle, fixed, unknown) -> str:
    """The steps every path takes, and ``?`` on those the paths disagree on: a line per cell row
    (steps to the right after each cell) and a line below it (steps down, under each cell)."""
    fixed, unknown = set(fixed), set(unknown)

    def mark(a: Cell, b: Cell, line: str) -> str:
        e = (a, b) if a < b else (b, a)
        return line if e in fixed else "?" if e in unknown else " "

    out = []
    for r in range(puzzle.rows):
        row, below = [], []
        for c in range(puzzle.cols):
            cell = (r, c)
            dirs = "".join(d for d, n in zip("URDL", ((r - 1, c), (r, c + 1), (r + 1, c), (r, c - 1)),
                                            strict=True) if mark(cell, n, "x") == "x")
            ch = ("S" if cell == puzzle.start else "E" if cell == puzzle.end else
                  "X" if cell in puzzle.blocked else GLYPHS.get(dirs, "."))
            row.append(ch + (mark(cell, (r, c + 1), "─") if c + 1 < puzzle.cols else ""))
            below.append(mark(cell, (r + 1, c), "│") + " ")
        out.append("".join(row).rstrip())
        if r + 1 < puzzle.rows:
            out.append("".join(below).rstrip())
    return "\n".join(out)


def marked_svg(puzzle: HamiltonianPuzzle, fixed, unknown, cell: int = 24) -> str:
    """``svg`` of the steps every path takes, with those the paths disagree on dashed in orange."""
    m = cell // 2
    picture = svg(puzzle, HamiltonianSolution((puzzle.start,)), cell)

    def step(e, style: str) -> str:
        (r1, c1), (r2, c2) = e
        return (f'<line x1="{m + c1 * cell + cell / 2:g}" y1="{m + r1 * cell + cell / 2:g}" '
                f'x2="{m + c2 * cell + cell / 2:g}" y2="{m + r2 * cell + cell / 2:g}" {style} '
                f'stroke-width="{max(2, cell // 4)}" stroke-linecap="round"/>')

    return with_backbone(picture, fixed, unknown, step, fixed_colour="#2060c0")


def svg(puzzle: HamiltonianPuzzle, solution: HamiltonianSolution | None = None, cell: int = 24) -> str:
    """A standalone SVG: grid cells, blocked cells dark, the line through the cell centres (a
    given prefix in a darker tone), start green, end red."""
    m = cell // 2
    w, h = puzzle.cols * cell + 2 * m, puzzle.rows * cell + 2 * m
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}">',
        f'<rect width="{w}" height="{h}" fill="white"/>',
        f'<rect x="{m}" y="{m}" width="{puzzle.cols * cell}" height="{puzzle.rows * cell}" '
        f'fill="none" stroke="#999" stroke-width="1"/>',
    ]
    for r in range(1, puzzle.rows):
        parts.append(f'<line x1="{m}" y1="{m + r * cell}" x2="{m + puzzle.cols * cell}" '
                     f'y2="{m + r * cell}" stroke="#ddd" stroke-width="1"/>')
    for c in range(1, puzzle.cols):
        parts.append(f'<line x1="{m + c * cell}" y1="{m}" x2="{m + c * cell}" '
                     f'y2="{m + puzzle.rows * cell}" stroke="#ddd" stroke-width="1"/>')
    for r, c in sorted(puzzle.blocked):
        parts.append(f'<rect x="{m + c * cell}" y="{m + r * cell}" width="{cell}" height="{cell}" '
                     'fill="#444"/>')

    def centre(p: Cell) -> str:
        return f"{m + p[1] * cell + cell / 2:g},{m + p[0] * cell + cell / 2:g}"

    sw = max(2, cell // 4)
    path = _line(puzzle, solution)
    if len(path) > 1:
        parts.append(f'<polyline points="{" ".join(map(centre, path))}" fill="none" stroke="#2060c0" '
                     f'stroke-width="{sw}" stroke-linejoin="round" stroke-linecap="round"/>')
    if solution is not None and len(puzzle.prefix) > 1:
        parts.append(f'<polyline points="{" ".join(map(centre, puzzle.prefix))}" fill="none" '
                     f'stroke="#102850" stroke-width="{sw}" stroke-linejoin="round" stroke-linecap="round"/>')
    for p, colour in ((puzzle.start, "#20a040"), (puzzle.end, "#c0202a")):
        x, y = centre(p).split(",")
        parts.append(f'<circle cx="{x}" cy="{y}" r="{cell / 4:g}" fill="{colour}"/>')
    parts.append("</svg>")
    return "\n".join(parts) + "\n"
