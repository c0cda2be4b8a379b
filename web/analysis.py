"""The author's live analysis of the *puzzle* (never the drawing): ``analyze`` counts its solutions
within a time budget and finds what every solution shares (the backbone, by ``gridsolve.explain``:
``satmodels/backbone_search.py``) and where they differ, with the grade once the puzzle is unique;
``suggest`` proposes the clue that removes the most ambiguity; ``check_drawing`` judges the player's
drawing (the checker's verdict, and whether the puzzle's solutions can still complete it).

Both ``analyze`` and ``suggest`` run as work jobs of the server's pool (``web.app.WORK``), so the
page names them and cancels a stale one when the author edits again. What a clue says in a
solution is the kind's (``clue_candidates`` of ``web/kinds/<kind>.py``, asked through
``web.kinds.feature``); how a puzzle takes a clue, the kind's editor (``edit``, the ``/api/edit``
op ``clue``).
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import gridsolve

from .document import document, number, puzzle_of, state_of
from .drawing import geometry, line, xy
from .kinds import feature, web_kind
from .options import seconds
from .states import BadInput, given
from .verdict import verdict

ANALYZE_SECONDS = 10.0  # an analysis's default time budget (the page's edits are cancelled sooner)
COUNT_LIMIT = 200  # solutions counted before the label says "at least N"
SUGGEST_SOLUTIONS = 64  # the solutions a suggestion splits
SUGGEST_TRIES = 12  # candidate clues verified, best split first, before giving up


def label(count: int, exhausted: bool) -> str:
    """What the page says of a count: "no solution", "unique", "N solutions", or "at least N"
    when the time or the limit stopped the count ("unknown" when it stopped before any)."""
    if not exhausted:
        return f"at least {count}" if count else "unknown"
    return "no solution" if count == 0 else "unique" if count == 1 else f"{count} solutions"


def _marks(kind: str, elements) -> dict:
    cells, edges = web_kind(kind).marks(elements)
    return {"cells": cells, "edges": edges}


# the overlay's colours (docs/serve.md, "marks"): what every solution shares, where they differ
BACKBONE, DIFFERS = "#1a9c8a", "#f08000"


def overlay(puzzle, backbone: dict, differs: dict) -> str:
    """SVG elements drawn over the board (in its coordinates, ``drawing.geometry``) that shade the
    backbone (teal: cells filled, edges as a wide translucent band under the player's lines'
    width) and outline where solutions differ (orange, dashed); ``pointer-events="none"`` so that
    the board's hit areas under it still take the clicks."""
    module = web_kind(puzzle.kind)
    g = geometry(puzzle)
    cell, parts = g["cell"], []
    for marks, colour, name in ((backbone, BACKBONE, "backbone"), (differs, DIFFERS, "differs")):
        shared = name == "backbone"
        dash = "" if shared else f' stroke-dasharray="{cell / 8:g} {cell / 10:g}"'
        fill = f'fill="{colour}" fill-opacity="0.22"' if shared else 'fill="none"'
        for r, c in marks["cells"]:
            x, y = xy(g, r, c)
            parts.append(f'<rect class="{name}" x="{x + 3:g}" y="{y + 3:g}" width="{cell - 6:g}" '
                         f'height="{cell - 6:g}" {fill} stroke="{colour}" stroke-opacity="0.7" '
                         f'stroke-width="{1.5 if shared else 2:g}"{dash}/>')
        for ref in marks["edges"]:
            width = cell / 4 if shared else max(2, cell // 12)
            parts.append(line(*module.edge_ends(g, ref), colour, width,
                              f' class="{name}" stroke-opacity="0.4"{dash}'))
    return f'<g class="analysis-overlay" pointer-events="none">{"".join(parts)}</g>'


SUGGESTED = "#8a2be2"  # the suggested clue, outlined with its value


def suggestion_overlay(puzzle, cell, value) -> str:
    """The suggested clue drawn over the board: its cell outlined in purple, its value inside
    (a word such as a pearl's colour by its first letter)."""
    g = geometry(puzzle)
    size = g["cell"]
    x, y = xy(g, *cell)
    text = str(value) if len(str(value)) <= 2 else str(value)[0].upper()
    return (f'<g class="suggestion" pointer-events="none"><rect x="{x + 1:g}" y="{y + 1:g}" '
            f'width="{size - 2:g}" height="{size - 2:g}" fill="{SUGGESTED}" fill-opacity="0.12" '
            f'stroke="{SUGGESTED}" stroke-width="3"/><text x="{x + size / 2:g}" y="{y + size * 0.68:g}" '
            f'text-anchor="middle" font-size="{size * 0.5:g}" font-weight="bold" fill="{SUGGESTED}">'
            f'{text}</text></g>')


def analyze(root: Path, payload: dict) -> dict:
    """The count of the puzzle (``label``), its backbone (``backbone``: used by every solution;
    ``unused``: by none) and where solutions differ (``differs``), as ``{"cells", "edges"}``
    marks; ``grade`` when unique and the kind grades (``"grade": false`` in the request skips it)."""
    puzzle = puzzle_of(payload)
    budget = seconds(payload, default=ANALYZE_SECONDS)
    limit = int(number(payload, "limit", COUNT_LIMIT, 1, 1000))
    t0 = time.perf_counter()
    e = gridsolve.explain(puzzle, limit=limit, timeout=budget)
    backbone, differs = _marks(puzzle.kind, e.fixed), _marks(puzzle.kind, e.differs)
    out: dict[str, Any] = {
        "count": e.count, "exhausted": e.exhausted, "label": label(e.count, e.exhausted),
        "backbone": backbone, "unused": _marks(puzzle.kind, e.unused), "differs": differs,
        "complete": e.complete, "overlay": overlay(puzzle, backbone, differs)}
    if e.unique and payload.get("grade", True) is not False and hasattr(web_kind(puzzle.kind), "grade"):
        left = max(1.0, budget - (time.perf_counter() - t0))
        out["grade"] = feature(puzzle.kind, "grade", "grade")(puzzle, {"timeout": left})["grade"]
    out["seconds"] = round(time.perf_counter() - t0, 4)
    return out


# ------------------------------------------------------------------ make it unique


COUNTER = "sat"  # the backend that lists the solutions a suggestion splits (the generators' counter)


def splits(puzzle, solutions: list) -> list[tuple[tuple[int, int], Any, list[int]]]:
    """The clues that would split ``solutions``, best first: (cell, value, the indices of the
    solutions kept), ranked by how evenly a clue ``value`` at ``cell`` divides them -- the
    solutions where a clue there would say ``value`` stay, the others go. Only cells where the
    solutions disagree count."""
    says = feature(puzzle.kind, "clue_candidates", "suggest")
    per_solution = [says(puzzle, s) for s in solutions]  # cell -> the clue it would carry (None: none)
    cells = sorted({cell for seen in per_solution for cell in seen})
    n = len(solutions)
    ranked = []
    for cell in cells:
        values = [seen.get(cell) for seen in per_solution]
        if len(set(values)) < 2:
            continue  # every solution says the same there: a clue would decide nothing
        for value in sorted({v for v in values if v is not None}, key=str):
            kept = [i for i, v in enumerate(values) if v == value]
            ranked.append((min(len(kept), n - len(kept)), cell, value, kept))
    ranked.sort(key=lambda s: -s[0])  # stable: row-major cells, values in order, among equals
    return [(cell, value, kept) for _, cell, value, kept in ranked]


def clue_edit(cell, value) -> dict:
    """The ``/api/edit`` op that puts the clue ``value`` at ``cell`` (every kind with clues)."""
    return {"op": "clue", "cell": list(cell), "value": value}


def with_clue(puzzle, cell, value):
    """The puzzle with the clue ``value`` at ``cell``, made by the kind's own editor (``edit``),
    so that a suggestion is exactly what applying its ``/api/edit`` op gives."""
    edited, _ = feature(puzzle.kind, "edit", "editing")(puzzle, None, clue_edit(cell, value))
    return edited


def suggest(root: Path, payload: dict) -> dict:
    """On an ambiguous puzzle, the clue (``cell``, ``value``) that splits the solutions found
    most evenly, verified by the independent checker: a solution found satisfies the puzzle with
    the clue (so it has one) and another breaks it (so, a clue only narrowing the solutions, it
    has fewer). ``before`` / ``after``: the counts (``*_exact``: exhausted, else "at least");
    ``edit``: the ``/api/edit`` op that applies it; ``doc``: the new puzzle. A unique puzzle, one
    without solutions, or a kind without clues: 400."""
    puzzle = puzzle_of(payload)
    feature(puzzle.kind, "clue_candidates", "suggest")  # a kind without clues: refused first
    deadline = time.perf_counter() + seconds(payload, default=ANALYZE_SECONDS)
    limit = int(number(payload, "limit", SUGGEST_SOLUTIONS, 2, 1000))
    found = gridsolve.solve(puzzle, COUNTER, timeout=_left(deadline), limit=limit)
    if found.error:
        raise BadInput(f"suggest: {found.error}")
    solutions, before_exact = list(found.solutions), found.exhausted
    if len(solutions) < 2:
        raise BadInput("the puzzle has no solution: no clue can help" if before_exact and not solutions
                       else "the puzzle is unique already: nothing to suggest (minimize removes clues)"
                       if before_exact else "suggest: the time ran out before two solutions were found")
    for tried, (cell, value, kept) in enumerate(splits(puzzle, solutions)):
        if tried >= SUGGEST_TRIES or time.perf_counter() > deadline:
            break
        try:
            clued = with_clue(puzzle, cell, value)
        except BadInput:  # the editor refuses this clue (a number over the grid's cells...)
            continue
        dropped = next(i for i in range(len(solutions)) if i not in kept)
        if gridsolve.check(clued, solutions[kept[0]]) or not gridsolve.check(clued, solutions[dropped]):
            continue  # the kind's module misjudged what the clue says: not a proof
        after = gridsolve.solve(clued, COUNTER, timeout=_left(deadline), limit=len(solutions))
        n = max(len(after.solutions), 1)
        return {"cell": list(cell), "value": value, "edit": clue_edit(cell, value),
                "before": len(solutions), "before_exact": before_exact,
                "after": n, "after_exact": after.exhausted and bool(after.solutions),
                "label_before": label(len(solutions), before_exact),
                "label_after": label(n, after.exhausted and bool(after.solutions)),
                "overlay": suggestion_overlay(puzzle, cell, value), "doc": document(clued)}
    raise BadInput("no clue found that removes solutions in time (the solutions found agree on "
                   "every clue this kind can add)")


def _left(deadline: float) -> float:
    return max(0.05, deadline - time.perf_counter())


# ------------------------------------------------------------------ the drawing, separately


def check_drawing(root: Path, payload: dict) -> dict:
    """The player's drawing judged on its own: the checker's verdict (``verdict``) and whether
    some solution of the puzzle completes it (``completable``: true / false, null when the time
    ran out; ``count``: the solutions that do, up to 2)."""
    puzzle, d = state_of(payload)
    v = verdict(puzzle, d)
    e = gridsolve.explain(puzzle, given=given(puzzle, d), limit=2, timeout=seconds(payload, default=10.0))
    return {"verdict": v, "completable": e.completable, "count": e.count, "exhausted": e.exhausted,
            "label": label(e.count, e.exhausted)}


ENDPOINTS = {"analyze": analyze, "suggest": suggest, "check-drawing": check_drawing}
