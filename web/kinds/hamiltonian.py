"""The one-way labyrinth (a Hamiltonian path) in the page: a walk from the start.

State ``{"path": [[r, c], ...]}`` from the start, beginning with the puzzle's given walk; the
verdict's rule no move mends (the end reached with cells left); hints by the author's rules at the
live end (``author``; the exact oracle where his rules are not for the board), the rules' moves
beside the oracle's (``moves``); the planted-path generator. A walk is saved as the puzzle's given
walk.
"""

from __future__ import annotations

from typing import Any

from ...puzzles import render
from ...puzzles.hamiltonian import HamiltonianPuzzle, HamiltonianSolution
from .. import edit as edits
from ..document import document, entry
from ..drawing import lattice_edge_ends, picture
from ..options import choice, generator_options, option
from ..states import BadInput, Drawn
from ..verdict import name, violation

KIND = "hamiltonian"
CELL, MARGIN = 24, 12
HINT_BY = ("author",)
RULES_BY = "author"


def empty(puzzle) -> Drawn:
    return Drawn(KIND, path=list(puzzle.walked()))


def read(puzzle, state: dict) -> Drawn:
    obj: Any = state.get("path")
    if not isinstance(obj, list) or not obj:
        raise BadInput("state path: expected a list of [row, col] cells from the start")
    path = []
    for item in obj:
        if not (isinstance(item, list) and len(item) == 2
                and all(isinstance(x, int) and not isinstance(x, bool) for x in item)):
            raise BadInput(f"state path: {item!r} is not a [row, col] cell")
        path.append((item[0], item[1]))
    try:
        puzzle.with_prefix(path)
    except ValueError as exc:
        raise BadInput(f"state path: {exc}") from None
    walked = puzzle.walked()
    if tuple(path[:len(walked)]) != tuple(walked):
        raise BadInput("state path: the walk must begin with the puzzle's given walk")
    return Drawn(KIND, path=path)


def write(puzzle, d: Drawn) -> dict:
    return {"path": [list(cell) for cell in d.path]}


def from_solution(puzzle, solution) -> Drawn:
    return Drawn(KIND, path=list(solution.path))


def to_solution(puzzle, d: Drawn):
    return HamiltonianSolution(tuple(d.path))


def saved(puzzle, d: Drawn):
    """The walk so far is saved as the puzzle's given walk."""
    return puzzle.with_prefix(d.path), None


def _steps(path) -> set:
    return {tuple(sorted(pair)) for pair in zip(path, path[1:], strict=False)}


def given(puzzle, d: Drawn) -> dict:
    return dict.fromkeys(_steps(d.path), True)


def marks(elements) -> tuple[list, list]:
    return [list(c) for c in sorted({tuple(c) for x in elements for c in x})], []


def differing(puzzle, a: Drawn, b: Drawn) -> dict:
    cells = {c for step in _steps(a.path) ^ _steps(b.path) for c in step}
    return {"cells": [list(c) for c in sorted(cells)], "edges": []}


def violations(puzzle, d: Drawn) -> list[dict]:
    path = d.path
    if path and path[-1] == puzzle.end and len(path) < puzzle.free_count():
        missed = puzzle.free_count() - len(path)
        return [violation("wrong-end", f"the walk reached the end with {missed} cell(s) not visited",
                          [path[-1]])]
    return []


def base_svg(puzzle, d: Drawn) -> str:
    return render.svg(puzzle, HamiltonianSolution(tuple(d.path)) if len(d.path) > 1 else None)


def state_svg(puzzle, d: Drawn, g: dict) -> list[str]:
    return []  # the renderer draws the walk


edge_ends = lattice_edge_ends


def hit_areas(puzzle, g: dict) -> list[str]:
    return []


def extra(puzzle) -> dict:
    return {"start": list(puzzle.start), "end": list(puzzle.end),
            "blocked": [list(c) for c in sorted(puzzle.blocked)]}


# ------------------------------------------------------------------ the author's edits


def edit(puzzle, d: Drawn | None, op: dict) -> tuple[HamiltonianPuzzle, Drawn]:
    """``new`` (corner to corner) / ``resize`` (``rows``, ``cols``: blocked cells kept where they
    fit, a start or end off the grid back at its corner), ``block`` (``cell``, ``value``: true
    blocks it, false frees it), ``start`` / ``end`` (``cell``, freed if it was blocked). The given
    walk and the walk drawn are kept while they still are a walk of the edited board."""
    what = edits.op_name(op, KIND, ("new", "resize", "block", "start", "end"))
    if what == "new":
        edited = HamiltonianPuzzle.rect(*edits.size(op, KIND))
        return edited, empty(edited)
    start, end, blocked = puzzle.start, puzzle.end, set(puzzle.blocked)
    if what == "resize":
        rows, cols = edits.size(op, KIND)
        blocked = {(r, c) for r, c in blocked if r < rows and c < cols}
        start = start if start[0] < rows and start[1] < cols else (0, 0)
        end = end if end[0] < rows and end[1] < cols else (rows - 1, cols - 1)
    else:
        rows, cols = puzzle.rows, puzzle.cols
        at = edits.cell(op, rows, cols)
        if what == "block":
            value = op.get("value")
            if not isinstance(value, bool):
                raise BadInput("edit value: true blocks the cell, false frees it")
            if value and at in (start, end):
                raise BadInput(f"edit refused: {name(at)} is the {'start' if at == start else 'end'}; "
                               "move it before blocking the cell")
            (blocked.add if value else blocked.discard)(at)
        else:
            blocked.discard(at)
            start, end = (at, end) if what == "start" else (start, at)
    edited = edits.domain(HamiltonianPuzzle, rows, cols, start, end, frozenset(blocked))
    try:
        edited = edited.with_prefix(puzzle.prefix)
    except ValueError:
        pass  # the given walk no longer fits: dropped
    kept = empty(edited)
    if d is not None:
        try:
            kept = read(edited, write(puzzle, d))
        except BadInput:
            pass  # the walk drawn no longer fits: back to the given walk
    return edited, kept


# ------------------------------------------------------------------ the author's rules


def groups(payload: dict) -> int:
    """The rule groups a request names (``group``: a rule set or a comma list); BadInput for an
    unknown one."""
    from ...harness import labyrinth

    group = payload.get("group")
    if group is None:
        return labyrinth.DEFAULT
    if not isinstance(group, str):
        raise BadInput("group: a rule set (universal, 9x9, control, large, none) or a comma list of groups")
    return labyrinth.parse_rules(group)


def check_request(endpoint: str, payload: dict) -> None:
    """What the server checks before queueing a hint or moves job: the rule groups named."""
    if endpoint in ("hint", "moves"):
        groups(payload)


def hint(puzzle, d: Drawn, by: str, payload: dict) -> dict:
    """The author's rules at the live end: the move they force, or the moves they allow. On a
    board his rules are not for (not square corner to corner, or blocked cells) the exact oracle
    answers instead (rule "oracle")."""
    from ...harness.hamiltonian import next_moves
    from ...harness.labyrinth_hint import labyrinth_hint

    rule_groups = groups(payload)  # an unknown group is a 400, not an answer
    if d.path[-1] == puzzle.end:
        return entry("", "no hint (the walk is at the end)")
    walk = puzzle.with_prefix(d.path)
    try:
        h = labyrinth_hint(walk, rule_groups)
    except ValueError as exc:
        ok = next_moves(walk).moves
        if len(ok) == 1:
            d.path.append(ok[0])
            return entry("oracle", f"only {name(ok[0])} can be completed ({exc}: the exact oracle "
                         "answers)", [ok[0]])
        if not ok:
            return entry("dead end", "no move from here can be completed (the exact oracle)")
        return entry("choice", f"{len(ok)} moves can be completed: {', '.join(map(name, ok))} "
                     "(the exact oracle)", ok)
    forbidden = "; ".join(f"{m.direction} {name(m.cell)} forbidden by {m.forbidden_by}"
                          for m in h.moves if m.forbidden_by)
    allowed = h.allowed
    if len(allowed) == 1:
        d.path.append(allowed[0].cell)
        why = forbidden or "the only move"
        return entry("forced", f"{allowed[0].direction} to {name(allowed[0].cell)} ({why})",
                     [allowed[0].cell])
    if not allowed:
        return entry("dead end", "the rules allow no move from here"
                     + (f" ({forbidden})" if forbidden else ""))
    names = ", ".join(f"{m.direction} {name(m.cell)}" for m in allowed)
    return entry("choice", f"the rules allow {len(allowed)} moves: {names}" +
                 (f"; {forbidden}" if forbidden else ""), [m.cell for m in allowed])


def moves(puzzle, d: Drawn, payload: dict) -> dict:
    """The next moves the author's rules allow beside those the exact oracle says can be
    completed."""
    from ...harness.hamiltonian import next_moves
    from ...harness.labyrinth_hint import labyrinth_hint

    walk = puzzle.with_prefix(d.path)
    rule_groups = groups(payload)  # an unknown group is a 400, not an answer
    if d.path[-1] == puzzle.end:
        return {"rules": [], "oracle": [], "forbidden": [], "method": "", "svg": picture(puzzle, d)}
    try:
        h = labyrinth_hint(walk, rule_groups)
        allowed = [list(m.cell) for m in h.allowed]
        forbidden = [{"cell": list(m.cell), "rule": m.forbidden_by} for m in h.moves if m.forbidden_by]
    except ValueError as exc:  # not the author's board: his rules do not apply
        allowed, forbidden = None, [{"cell": None, "rule": str(exc)}]
    exact = next_moves(walk)
    oracle = [list(c) for c in exact.moves]
    svg = picture(puzzle, d, highlight={"cells": oracle},
                  differs={"cells": [c for c in allowed or () if c not in oracle]})
    return {"rules": allowed, "oracle": oracle, "forbidden": forbidden, "method": exact.method,
            "counts": {f"{r},{c}": n for (r, c), n in (exact.counts or {}).items()}, "svg": svg}


# ------------------------------------------------------------------ the generator

EXPERIMENT_SIZE = "5"
GENERATE_OPTIONS = generator_options(
    KIND, "7",
    mode=option("auto", "how the planted path is drawn: uniform among all paths, a random "
                "walk, or auto", ["auto", "uniform", "walk"]),
)


def generate(rows: int, cols: int, seed: int, options: dict) -> dict:
    from ...harness import hamiltonian as ham

    mode = choice(options, GENERATE_OPTIONS, "mode")
    puzzle = HamiltonianPuzzle.rect(rows, cols)
    s = ham.sample(puzzle, 1, seed, mode)
    if not s.paths:
        raise BadInput(f"a {rows}x{cols} board has no path from corner to corner")
    return {**document(puzzle, f"{s.mode}-{rows}x{cols}-seed{seed}", None, from_solution(puzzle, s.paths[0])),
            "steps": []}
