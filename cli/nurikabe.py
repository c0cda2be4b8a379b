"""Nurikabe on the command line: what ``gridsolve hint`` and ``grade`` print for a Nurikabe
puzzle (the commands themselves: ``cli.workbench``), in cells people read (``r3c4``: row and
column from 1).
"""

from __future__ import annotations

import typer

from .common import Usage


def essay_hint(e, seed: int, show: bool) -> int:
    from gridsolve.harness.nurikabe import hint

    try:
        h = hint(e.puzzle, e.solution, seed)
    except ValueError as exc:
        raise Usage(f"{e.id}: {exc}") from None
    if h.cell is None:
        print(f"{e.id}: no hint (the heuristics deduce nothing more; {h.free} cells free)")
        return 1
    print(f"{e.id}: cell {cell_name(h.cell)} is {h.colour} ({h.heuristic})")
    if show:
        print(h.state)
    return 0


def cascade_hint(e) -> int:
    from gridsolve.harness import nurikabe as nk

    try:
        h = nk.cascade_hint(e.puzzle, e.solution)
    except ValueError as exc:
        raise Usage(f"{e.id}: {exc}") from None
    except nk.Contradiction as exc:
        print(f"{e.id}: no hint (no solution from here: {exc})")
        return 1
    if h.cell is None:
        left = "probing finds nothing more: search" if h.level == "search" else "every cell is decided"
        print(f"{e.id}: no hint ({left})")
        return 1
    print(f"{e.id}: cell {cell_name(h.cell)} is {h.colour} ({h.rule}: {h.reason}; level {h.level})")
    return 0


def cell_name(cell: tuple[int, int]) -> str:
    """A 0-based (row, col) as people read it: ``r3c4``."""
    return f"r{cell[0] + 1}c{cell[1] + 1}"


GRADE_ORDER = ("basic", "area", "probing-basic", "probing-1", "probing-2", "search", "no solution")


def describe_grade(puzzle, seconds: float) -> tuple[str, dict, str]:
    """(grade, its figures, the line) for ``gridsolve grade`` on a Nurikabe puzzle."""
    from gridsolve.harness import nurikabe as nk

    obj = nk.grade(puzzle, seconds)
    if "contradiction" in obj:
        return obj["grade"], obj, f"{obj['grade']} (contradiction: {obj['contradiction']})"
    rules = ", ".join(f"{k} {v}" for k, v in obj.items() if v and k not in ("grade", "free", "deadline"))
    late = f"; stopped after {seconds:g} s" if obj.get("deadline") else ""
    return obj["grade"], obj, f"{obj['grade']} ({obj['free']} cells left free{late}; {rules})"


def kind_of(arg: str) -> str:
    """The kind an input names (header, URL, record); the essay's bare grid of numbers names none
    and is Nurikabe's, as is standard input (read once: give --kind for another kind)."""
    from gridsolve.puzzles.formats import FormatError, read

    if arg == "-":
        return "nurikabe"
    try:
        found = read(arg, None)
    except FormatError:
        return "nurikabe"
    return found[0].kind if found else "nurikabe"


def register(app: typer.Typer, generate_app: typer.Typer) -> None:
    pass
