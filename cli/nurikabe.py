"""Nurikabe on the command line: ``gridsolve generate nurikabe`` (seeded, each puzzle proved
unique by a count to 2, of a chosen grade if asked), and what ``gridsolve hint`` and ``grade``
print for a Nurikabe puzzle (the commands themselves: ``cli.workbench``), in cells people read
(``r3c4``: row and column from 1).

    gridsolve generate nurikabe --size 10x10 --count 20 --seed 1 --out puzzles.txt
    gridsolve generate nurikabe --size 7x7 --density 0.2 --grade probing-1 --format url
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path

import typer

from ..puzzles.grid import cell_name
from .common import Usage, check_generate_options, grid_size
from .declare import count_option, out_option, seed_option
from .progress import generate_each, skipped

FORMATS = ("canonical", "url", "jsonl")


def hint_command(e, by: str | None, seed: int, show: bool) -> int:
    """``gridsolve hint`` on a Nurikabe puzzle: the essay's heuristics, or ``--by engine`` the
    rule cascade."""
    if by != "engine":
        return essay_hint(e, seed, show)
    try:
        return cascade_hint(e)
    except ValueError as exc:
        raise Usage(f"{e.id}: {exc}") from None


def grader(by: str, rules, next_step: bool, seconds: float):
    """``gridsolve grade`` on Nurikabe: the cascade's next step (``--hint``) or its grade, and the
    order of the grades."""
    if next_step:
        return describe_cascade_hint, ()
    return (lambda puzzle: describe_grade(puzzle, seconds)), GRADE_ORDER


def essay_hint(e, seed: int, show: bool) -> int:
    """``gridsolve hint`` (default for Nurikabe): the essay's heuristics' next cell; the exit code
    (1: none)."""
    from ..harness.nurikabe import hint

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
    """``gridsolve hint --by engine``: the cascade's next step; the exit code (1: none)."""
    _, obj, text = describe_cascade_hint(e.puzzle, e.solution)
    print(f"{e.id}: {text}")
    return 0 if obj["cell"] else 1


def describe_cascade_hint(puzzle, partial=None) -> tuple[str, dict, str]:
    """("", the step, the line): the cascade's next step (``hint --by engine``, ``grade
    --hint``). ValueError for numbers '?'."""
    import dataclasses

    from ..harness import nurikabe as nk

    try:
        h = nk.cascade_hint(puzzle, partial)
    except nk.Contradiction as exc:
        return "", {"cell": None, "contradiction": str(exc)}, f"no hint (no solution from here: {exc})"
    obj = {**dataclasses.asdict(h), "cell_name": cell_name(h.cell) if h.cell else ""}
    if h.cell is None:
        left = "probing finds nothing more: search" if h.level == "search" else "every cell is decided"
        return "", obj, f"no hint ({left})"
    return "", obj, f"cell {cell_name(h.cell)} is {h.colour} ({h.rule}: {h.reason}; level {h.level})"




GRADE_ORDER = ("basic", "area", "probing-basic", "probing-1", "probing-2", "search", "no solution")


def describe_grade(puzzle, seconds: float) -> tuple[str, dict, str]:
    """(grade, its figures, the line) for ``gridsolve grade`` on a Nurikabe puzzle."""
    from ..harness import nurikabe as nk

    obj = nk.grade(puzzle, seconds)
    if "contradiction" in obj:
        return obj["grade"], obj, f"{obj['grade']} (contradiction: {obj['contradiction']})"
    if "unknown_numbers" in obj:  # the rules need every number: graded by the search
        found = ("no answer within the time limit" if obj.get("deadline")
                 else "one solution" if obj["solutions"] == 1 else "two or more solutions")
        return obj["grade"], obj, (f"{obj['grade']} ({obj['unknown_numbers']} number(s) '?': the rules "
                                   f"need every number; the search finds {found})")
    rules = ", ".join(f"{k} {v}" for k, v in obj.items() if v and k not in ("grade", "free", "deadline"))
    late = f"; stopped after {seconds:g} s" if obj.get("deadline") else ""
    return obj["grade"], obj, f"{obj['grade']} ({obj['free']} cells left free{late}; {rules})"


def kind_of(arg: str) -> str | None:
    """The kind an input names (header, URL, record); the essay's bare grid of numbers names none
    and is Nurikabe's, as is standard input (read once: give --kind for another kind). None for
    an input that names its kind and is malformed: reading it again reports its error."""
    from ..puzzles.formats import FormatError, read

    if arg == "-":
        return "nurikabe"
    try:
        found = read(arg, None)
    except FormatError:
        return "nurikabe"
    if found and not found[0].ok:
        return None
    return found[0].kind if found else "nurikabe"


def generate(
    size: str = typer.Option("10x10", "--size", "-s", help="ROWSxCOLS or N"),
    density: float = typer.Option(0.2, "--density", "-d", help="numbers per cell (0.05-0.3)"),
    target: str | None = typer.Option(None, "--grade", "-g", help="only puzzles of this grade "
                                      "(basic, area, probing-basic, probing-1, probing-2, search)"),
    seed: int = seed_option(),
    count: int = count_option(),
    out: Path | None = out_option(),
    solution: bool = typer.Option(False, "--solution", help="write the solved grid (canonical, jsonl)"),
    fmt: str = typer.Option("canonical", "--format", "-f", help="canonical, url or jsonl"),
    counter: str = typer.Option("sat", "--counter", help="the declarative backend proving uniqueness"),
    timeout: float | None = typer.Option(None, "--timeout", "-t",
                                         help="seconds per puzzle; a seed not made in time is skipped"),
) -> None:
    """Generate Nurikabe puzzles, seeded and reproducible, each proved unique by counting."""
    from ..harness import nurikabe as nk
    from ..harness.limits import LIMITS
    from ..puzzles.formats import nurikabe as fmt_nk

    check_generate_options(fmt, FORMATS, count, target, nk.GRADES, timeout)
    if not 0 < density <= 0.5:
        raise Usage(f"--density {density}: choose a share of the cells in (0, 0.5]")
    rows, cols = grid_size(size, LIMITS["nurikabe"].cli_side)
    try:
        nk.solution_counter(counter)
    except ValueError as exc:
        raise Usage(str(exc)) from None

    def make(i: int):
        try:
            return nk.generate(rows, cols, density, seed + i, target, timeout, counter)
        except ValueError as exc:
            raise Usage(str(exc)) from None

    def write(g) -> str:
        return _write(fmt_nk, g, f"gen-{rows}x{cols}-d{density:g}-s{g.seed}", fmt, solution)

    made = generate_each(count, make, write, out, nk.GenerationTimeout)
    if made:
        import statistics

        secs = [g.stats["seconds"] for g in made]
        grades = ", ".join(f"{k} {v}" for k, v in Counter(g.grade for g in made).items())
        print(f"generated {len(made)} {rows}x{cols} puzzle(s), each proved unique: median "
              f"{statistics.median(secs):.2f} s, max {max(secs):.2f} s; grades: {grades}", file=sys.stderr)
    skipped(count, made, timeout)


def _write(fmt_nk, g, ident: str, fmt: str, solution: bool) -> str:
    if fmt == "url":
        return fmt_nk.to_url(g.puzzle) + "\n"
    if fmt == "jsonl":
        obj = {"kind": "nurikabe", "id": ident, "puzzle": fmt_nk.format_puzzle(g.puzzle), "seed": g.seed,
               "grade": g.grade, "stats": {k: round(v, 4) if isinstance(v, float) else v
                                           for k, v in g.stats.items()}}
        if solution:
            obj["solution"] = g.solution.to_json()
        return json.dumps(obj) + "\n"
    if solution:
        return fmt_nk.format_solution(g.puzzle, g.solution, ident) + "\n"
    return fmt_nk.format_puzzle(g.puzzle, ident) + "\n"


def register(app: typer.Typer, generate_app: typer.Typer) -> None:
    generate_app.command("nurikabe")(generate)
