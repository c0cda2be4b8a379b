"""Masyu in the page: one loop drawn through cell centres, passing every pearl.

State ``{"h": rows x (cols-1), "v": (rows-1) x cols}`` (1 line, -1 cross, 0 unknown):
``h[r][c]`` links the centres of cells (r, c)-(r, c+1), ``v[r][c]`` those of (r, c)-(r+1, c), as
pzprjs draws its lines; edges in marks are these links, ``["h"|"v", r, c]``. The verdict's rules
no move mends: three or more lines at a cell, a dead end, a pearl the loop can no longer pass,
a white pearl turned on or passed straight with no turn beside it, a black pearl passed straight
or left by a leg that does not go straight on, a closed loop beside other lines or missing a
pearl. Hints from the backbone (``gridsolve.explain``): a link every solution completing the
state draws, or none of them does. No generator.
"""

from __future__ import annotations

import gridsolve

from ...puzzles import render
from ...puzzles.graphs import degrees, edge_components
from ...puzzles.masyu import BLACK, PEARLS, WHITE, MasyuPuzzle, MasyuSolution, link
from .. import edit as edits
from ..document import entry
from ..drawing import SegmentPicture, xy
from ..options import seconds
from ..states import BadInput, Drawn, LineState
from ..verdict import name, violation

KIND = "masyu"
CELL, MARGIN = 32, 16  # puzzles.render.masyu.svg's cell and margin
HINT_BY = ("backbone",)
RULES_BY = "backbone"
GENERATE_OPTIONS: dict[str, dict] = {}  # no generator (``generate`` absent)
STEPS = ((0, 1), (1, 0), (0, -1), (-1, 0))


LINES = LineState(KIND, on_points=False)
empty, read, write = LINES.empty, LINES.read, LINES.write
given, marks, differing = LINES.given, LINES.marks, LINES.differing


def from_solution(puzzle, solution) -> Drawn:
    """The loop's links, without crosses."""
    return Drawn(KIND, lines=set(solution.links))


def to_solution(puzzle, d: Drawn):
    """The lines drawn as the loop (unknown links off it)."""
    return MasyuSolution(puzzle.rows, puzzle.cols, frozenset(d.lines))


def saved(puzzle, d: Drawn):
    return puzzle, (to_solution(puzzle, d) if d.lines else None)


# ------------------------------------------------------------------ the verdict


def _step(cell, direction):
    return cell[0] + direction[0], cell[1] + direction[1]


def _inside(puzzle, cell) -> bool:
    return 0 <= cell[0] < puzzle.rows and 0 <= cell[1] < puzzle.cols


def _link(puzzle, cell, direction):
    """The link from ``cell`` one step in ``direction``; None off the grid."""
    other = _step(cell, direction)
    return link(cell, other) if _inside(puzzle, other) else None


def _drawn(puzzle, d: Drawn, cell) -> list[tuple[int, int]]:
    """The directions the lines drawn at ``cell`` leave it."""
    return [s for s in STEPS if _link(puzzle, cell, s) in d.lines]


def _open(puzzle, d: Drawn, cell, direction) -> bool:
    """Can the loop still leave ``cell`` in ``direction`` (a link on the grid, not crossed)?"""
    e = _link(puzzle, cell, direction)
    return e is not None and e not in d.crosses


def _straight(directions) -> bool:
    return len(directions) == 2 and directions[0] == (-directions[1][0], -directions[1][1])


def _pearl_violations(puzzle, d: Drawn) -> list[dict]:
    out = []
    for cell in puzzle.pearl_cells():
        pearl = puzzle.pearl(cell)
        at = _drawn(puzzle, d, cell)
        lines_here = [link(cell, _step(cell, s)) for s in at]
        if sum(_open(puzzle, d, cell, s) for s in STEPS) < 2:
            out.append(violation("pearl-passed-by", f"the loop can no longer pass the pearl at {name(cell)}",
                                 [cell]))
        elif pearl == WHITE and len(at) == 2 and not _straight(at):
            out.append(violation("white-turn", f"the loop turns on the white pearl at {name(cell)}",
                                 [cell], lines_here))
        elif pearl == WHITE and _straight(at):
            beyond = [_step(cell, s) for s in at]
            if all(_straight(_drawn(puzzle, d, b)) for b in beyond):
                out.append(violation("white-no-turn", f"the loop goes straight on both sides of the white "
                                     f"pearl at {name(cell)}", [cell, *beyond], lines_here))
        elif pearl == BLACK and _straight(at):
            out.append(violation("black-straight", f"the loop goes straight through the black pearl at "
                                 f"{name(cell)}", [cell], lines_here))
        if pearl == BLACK:
            for s in at:
                leg = _step(cell, s)
                turns = [t for t in _drawn(puzzle, d, leg) if t not in (s, (-s[0], -s[1]))]
                if turns or not _open(puzzle, d, leg, s):
                    out.append(violation("black-leg", f"the loop must go straight on through {name(leg)} "
                                         f"beside the black pearl at {name(cell)}", [cell, leg],
                                         [link(cell, leg)]))
    return out


def violations(puzzle, d: Drawn) -> list[dict]:
    lines = d.lines
    out = []
    deg = degrees(lines)
    for cell, k in sorted(deg.items()):
        here = [link(cell, _step(cell, s)) for s in _drawn(puzzle, d, cell)]
        if k > 2:
            out.append(violation("branch", f"{k} lines meet at {name(cell)}", [cell], here))
        elif k == 1 and not any(_open(puzzle, d, cell, s) for s in STEPS if s not in _drawn(puzzle, d, cell)):
            out.append(violation("dead-end", f"the line stops at {name(cell)}", [cell], here))
    out += _pearl_violations(puzzle, d)
    pieces = edge_components(lines)
    closed = [p for p in pieces if all(deg[c] == 2 for e in p for c in e)]
    if len(pieces) > 1:
        out += [violation("multiple-loops", "a closed loop while other lines are drawn", (), sorted(p))
                for p in closed]
    elif closed:
        on_loop = {c for e in closed[0] for c in e}
        missed = [c for c in puzzle.pearl_cells() if c not in on_loop]
        if missed:
            out.append(violation("pearl-missed", f"the loop is closed without the pearl at {name(missed[0])}",
                                 missed, sorted(closed[0])))
    return out


# ------------------------------------------------------------------ the picture


def centre_edge_ends(g: dict, ref) -> tuple[float, float, float, float]:
    """The ends of the link ``["h"|"v", r, c]``: the centres of its two cells."""
    o, r, c = ref
    x1, y1 = xy(g, r + 0.5, c + 0.5)
    x2, y2 = xy(g, r + 0.5, c + 1.5) if o == "h" else xy(g, r + 1.5, c + 0.5)
    return x1, y1, x2, y2


PICTURE = SegmentPicture(LINES, centre_edge_ends, render)
base_svg, state_svg, hit_areas = PICTURE.base_svg, PICTURE.state_svg, PICTURE.hit_areas
edge_ends = centre_edge_ends


def _pearl(value, puzzle) -> str | None:
    if value is not None and value not in PEARLS:
        raise BadInput(f'edit value: a Masyu pearl is "white", "black" or null, got {value!r}')
    return value


def edit(puzzle, d: Drawn | None, op: dict) -> tuple[MasyuPuzzle, Drawn]:
    """``new`` / ``resize`` (``rows``, ``cols``), ``clue`` (``cell``, ``value`` "white",
    "black" or null: the pearl); the lines and crosses kept where they still lie on the grid."""
    edited = edits.clue_grid(puzzle, op, KIND, MasyuPuzzle, lambda p: p.pearls, _pearl)
    return edited, LINES.kept(edited, d)


def hint(puzzle, d: Drawn, by: str, payload: dict) -> dict:
    """A link every solution completing the state draws (or none does), from the backbone."""
    e = gridsolve.explain(puzzle, given=given(puzzle, d), limit=2, timeout=seconds(payload))
    if e.contradiction:
        return entry("contradiction", "no solution completes the lines drawn")
    for e_link in sorted(e.fixed):
        if e_link not in d.lines:
            d.lines.add(e_link)
            d.crosses.discard(e_link)
            return entry("backbone", f"every solution from here links {name(e_link[0])} and "
                         f"{name(e_link[1])}", (), [e_link])
    for e_link in sorted(e.unused):
        if e_link not in d.crosses:
            d.crosses.add(e_link)
            return entry("backbone", f"no solution from here links {name(e_link[0])} and "
                         f"{name(e_link[1])}", (), [e_link])
    return entry("", "no hint (every link is decided, or the time ran out)")


# ------------------------------------------------------------------ suggest a clue (web.analysis)


def clue_candidates(puzzle, solution) -> dict:
    """Per cell without a pearl, the pearl ``solution`` satisfies there (None: none does): white
    where the loop goes straight through and turns beside it, black where it turns and goes
    straight on through both next cells; no pearl fits a cell the loop does not visit."""
    from ...puzzles import grid

    through: dict = {}
    for a, b in solution.links:
        through.setdefault(a, []).append(b)
        through.setdefault(b, []).append(a)

    def straight(cell) -> bool:
        (a, b) = through[cell]
        return a[0] + b[0] == 2 * cell[0] and a[1] + b[1] == 2 * cell[1]

    out: dict = {}
    for cell in grid.cells(puzzle.rows, puzzle.cols):
        if puzzle.pearl(cell) is not None:
            continue
        if len(through.get(cell, ())) != 2:
            out[cell] = None
            continue
        a, b = through[cell]
        if straight(cell):
            out[cell] = WHITE if not (straight(a) and straight(b)) else None
        else:
            out[cell] = BLACK if straight(a) and straight(b) else None
    return out

