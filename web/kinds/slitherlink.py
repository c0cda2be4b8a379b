"""Slitherlink in the page: the loop drawn on the edges between the dots.

State ``{"h": (rows+1) x cols, "v": rows x (cols+1)}`` (1 line, -1 cross, 0 unknown); the
verdict's rules no move mends (clue counts, three lines at a dot, a dead end, a closed loop beside
other lines); hints by the deduction engine (``engine``) or the seed's rules (``seed``), whose
whole run the rules request logs firing by firing; the seed's generator with its loop growth;
grading, minimizing and the numbers of a drawn loop.
"""

from __future__ import annotations

import re

import gridsolve

from ...puzzles import grid, render
from ...puzzles.graphs import degrees, edge_components
from ...puzzles.slitherlink import QUESTION, SlitherlinkPuzzle, SlitherlinkSolution
from .. import edit as edits
from ..document import document, entry
from ..drawing import SegmentPicture, lattice_edge_ends
from ..options import MAX_SECONDS, choice, generator_options, option, plain, seconds
from ..states import (
    BadInput,
    Drawn,
    LineState,
)
from ..verdict import name, violation

KIND = "slitherlink"
CELL, MARGIN = 32, 16
HINT_BY = ("engine", "seed")
RULES_BY = "seed"  # a rule run follows the seed's rules unless asked otherwise
minimize_blank = None  # a number taken out leaves the cell blank


LINES = LineState(KIND, on_points=True)
empty, read, write = LINES.empty, LINES.read, LINES.write
given, marks, differing = LINES.given, LINES.marks, LINES.differing


def from_solution(puzzle, solution) -> Drawn:
    """The loop without crosses: unknown edges are off the loop anyway, and a picture of a
    solution reads better without them."""
    return Drawn(KIND, lines=set(solution.edges))


def to_solution(puzzle, d: Drawn):
    return SlitherlinkSolution(puzzle.rows, puzzle.cols, frozenset(d.lines))


def saved(puzzle, d: Drawn):
    return puzzle, (to_solution(puzzle, d) if d.lines or d.crosses else None)


def violations(puzzle, d: Drawn) -> list[dict]:
    rows, cols = puzzle.rows, puzzle.cols
    lines, crosses = d.lines, d.crosses
    out = []
    for cell, n in puzzle.numbered_cells():
        sides = grid.cell_edges(cell)
        on = sum(s in lines for s in sides)
        off = sum(s in crosses for s in sides)
        if on > n or 4 - off < n:
            out.append(violation("clue-count", f"{name(cell)} needs {n} lines, has {on} drawn and "
                                 f"{off} crossed", [cell], [s for s in sides if s in lines]))
    deg = degrees(lines)
    for v, k in sorted(deg.items()):
        touching = grid.vertex_edges(rows, cols, v)
        if k > 2:
            out.append(violation("vertex-degree", f"{k} lines meet at {grid.corner_name(rows, cols, v)}", (),
                                 [e for e in touching if e in lines]))
        elif k == 1 and all(e in lines or e in crosses for e in touching):
            out.append(violation("dead-end", f"the line stops at {grid.corner_name(rows, cols, v)}", (),
                                 [e for e in touching if e in lines]))
    pieces = edge_components(lines)
    if len(pieces) > 1:
        for p in pieces:
            if all(deg[v] == 2 for e in p for v in e):
                out.append(violation("multiple-loops", "a closed loop while other lines are drawn",
                                     (), sorted(p)))
    return out


PICTURE = SegmentPicture(LINES, lattice_edge_ends, render)
base_svg, state_svg, hit_areas = PICTURE.base_svg, PICTURE.state_svg, PICTURE.hit_areas
edge_ends = lattice_edge_ends


# ------------------------------------------------------------------ the author's edits


def _number(value, puzzle) -> int | None:
    if value == "?":
        return QUESTION
    if value is not None and (isinstance(value, bool) or value not in range(5)):
        raise BadInput(f"edit value: a Slitherlink clue is 0-4, \"?\" or null, got {value!r}")
    return value


def edit(puzzle, d: Drawn | None, op: dict) -> tuple[SlitherlinkPuzzle, Drawn]:
    """``new`` / ``resize`` (``rows``, ``cols``), ``clue`` (``cell``, ``value`` 0-4, "?" or
    null); the lines and crosses kept where they still lie on the grid (none on a new puzzle)."""
    edited = edits.clue_grid(puzzle, op, KIND, SlitherlinkPuzzle, lambda p: p.clues, _number)
    return edited, (Drawn(KIND) if op.get("op") == "new" else LINES.kept(edited, d))


# ------------------------------------------------------------------ hints and rule runs


def _rule_file(payload: dict):
    text = payload.get("rules")
    if text is None:
        return None
    if not isinstance(text, str):
        raise BadInput("rules: give the text of a rule file")
    from ...harness import play

    return play.parse_rules(text)


SEED_ENTRY = re.compile(r"entry \((\d+),\s*(\d+)\)")
SEED_EDGE = re.compile(r"\b(line|cross) \((\d+),\s*(\d+)\)")


def seed_edge(i: int, j: int):
    """The grid edge at position (i, j) of the seed's board matrix (dots at even (i, j), cells at
    odd ones): a horizontal edge on an even row, a vertical one on an odd row."""
    if i % 2 == 0:
        return ((i // 2, (j - 1) // 2), (i // 2, (j + 1) // 2))
    return (((i - 1) // 2, j // 2), ((i + 1) // 2, j // 2))


def firing_text(puzzle, text: str) -> str:
    """A line of the seed's trace in the page's words: its entry cell and its edges named as the
    hints name them (``r4c3``, "the edge between r4c3 and r5c3"), not by the seed's 0-based
    matrix positions."""
    from ...harness import slitherlink as sl

    def edge(m: re.Match) -> str:
        return f"{m[1]} on {sl.edge_name(puzzle.rows, puzzle.cols, seed_edge(int(m[2]), int(m[3])))}"

    return SEED_EDGE.sub(edge, SEED_ENTRY.sub(lambda m: name((int(m[1]), int(m[2]))), text))


def hint(puzzle, d: Drawn, by: str, payload: dict) -> dict:
    from ...harness import play
    from ...harness import slitherlink as sl

    if by == "seed":
        run = play.run_rules(puzzle, d.lines, d.crosses, _rule_file(payload), max_firings=1)
        if not run.firings:
            why = run.contradiction or "the rules and loop avoidance deduce nothing"
            return entry("", f"no hint ({why})")
        f = run.firings[0]
        d.lines.update(f.on)
        d.crosses.update(f.off)
        return entry(f.rule, firing_text(puzzle, f.text), (), f.on + f.off)
    h = sl.hint(puzzle, tuple(d.lines), tuple(d.crosses))
    if h.edge is None:
        return entry("", f"no hint ({h.contradiction or 'the engine deduces nothing: search'})")
    (d.lines if h.on else d.crosses).add(h.edge)
    edge = sl.edge_name(puzzle.rows, puzzle.cols, h.edge)
    return entry(h.rule, f"{edge} is {'on' if h.on else 'off'} the loop ({h.rule}; tier {h.tier})",
                 (), [h.edge])


def run_rules(puzzle, d: Drawn, by: str, payload: dict, max_steps: int) -> list[dict] | None:
    """The seed's Chapter 6 loop run to its end in one call (``by`` seed), every firing logged;
    None for the engine, whose hints the rules request repeats one by one."""
    if by != "seed":
        return None
    from ...harness import play

    run = play.run_rules(puzzle, d.lines, d.crosses, _rule_file(payload), max_steps)
    log = [entry(f.rule, firing_text(puzzle, f.text), (), f.on + f.off) for f in run.firings]
    if run.contradiction:
        log.append(entry("contradiction", run.contradiction))
    d.lines, d.crosses = set(run.lines), set(run.crosses)
    return log


# ------------------------------------------------------------------ the author's tools


def grade(puzzle, payload: dict) -> dict:
    from ...harness import slitherlink as sl

    details = sl.engine_grade(puzzle)
    seed = sl.grade(puzzle)
    return {"grade": details["tier"], "details": {**details, "seed_grade": seed.get("grade")}}


def numbers(puzzle, d: Drawn) -> dict:
    """The puzzle whose numbers are those of the drawn loop (every cell numbered)."""
    loop = SlitherlinkSolution(puzzle.rows, puzzle.cols, frozenset(d.lines))
    bad = gridsolve.check(SlitherlinkPuzzle.empty(puzzle.rows, puzzle.cols), loop)
    if bad:
        raise BadInput(f"the lines are not one loop: {bad[0].message}")
    full = SlitherlinkPuzzle.from_rows([[sum(e in d.lines for e in grid.cell_edges((r, c)))
                                         for c in range(puzzle.cols)] for r in range(puzzle.rows)])
    return document(full, "numbers", from_solution(full, loop))


# ------------------------------------------------------------------ the generator

EXPERIMENT_SIZE = "5x5"
GROWTH_FRAMES = 40  # pictures of the loop growth sent with a generated puzzle
GENERATE_OPTIONS = generator_options(
    KIND, "7x7",
    mode=option("normal", "normal: the seed's rules solve it; hard: backtracking needed; sat: "
                "unique by SAT (fastest)", ["normal", "hard", "sat"]),
    ratios=option("33/33/34", "how often each of the three loop growth rules is picked, "
                  "summing to 100 (33/67/0: tight corridors, 33/7/60: broad loops)"),
    growth=option("notch", "reading of the seed's missing Figure 8", ["notch", "reference"]),
    timeout=option(30, "seconds before giving up", low=1, high=MAX_SECONDS),
)


def generate(rows: int, cols: int, seed: int, options: dict) -> dict:
    """The seed's generator, with the loop's growth step by step (Chapter 7.1)."""
    from ...harness import play
    from ...harness import slitherlink as sl

    mode = choice(options, GENERATE_OPTIONS, "mode")
    growth = choice(options, GENERATE_OPTIONS, "growth")
    ratios = sl.parse_ratios(str(options.get("ratios", "33/33/34")))
    g = sl.generate(rows, cols, seed=seed, mode=mode, ratios=ratios, growth=growth,
                    counter=sl.uniqueness_counter("sat") if mode == "sat" else None,
                    seconds=seconds(options, default=30.0))
    inside, history = play.growth_steps(rows, cols, seed, ratios, growth, g.stats["restarts"])
    frames, rules = [set(inside)], []
    for rule, cell in history:
        inside ^= {cell}
        frames.append(set(inside))
        rules.append(rule)
    if frames[-1] != set(g.solution.inside()):
        raise RuntimeError("the replayed loop growth does not end at the generated loop")
    picks = sorted({round(i * (len(frames) - 1) / (GROWTH_FRAMES - 1)) for i in range(GROWTH_FRAMES)})
    empty_puzzle = SlitherlinkPuzzle.empty(rows, cols)
    steps = [gridsolve.render(empty_puzzle, SlitherlinkSolution.from_inside(rows, cols, frames[i]), "svg")
             for i in picks]
    doc = document(g.puzzle, f"gen-{rows}x{cols}-{mode}-s{seed}", None, from_solution(g.puzzle, g.solution))
    return {**doc, "steps": steps, "step_numbers": picks, "growth_rules": rules, "stats": plain(g.stats)}


# ------------------------------------------------------------------ suggest a clue (web.analysis)


def clue_candidates(puzzle, solution) -> dict:
    """Per cell without a number (blank or "?"), the number a clue there would carry in
    ``solution``: how many of its four sides the loop uses."""
    return {cell: sum(e in solution.edges for e in grid.cell_edges(cell))
            for cell in grid.cells(puzzle.rows, puzzle.cols) if puzzle.clue(cell) not in range(5)}

