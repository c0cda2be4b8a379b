"""``gridsolve explain``: how many solutions, what they all share, and where they differ.

    gridsolve explain puzzle.txt                   # count, the backbone, two solutions if several
    gridsolve explain puzzle.txt --given state.txt # from a partial state: what is forced, and
                                                   # whether it can still be completed
    gridsolve explain puzzle.txt --format json --svg marked.svg

Exit 0 when the puzzle (the given state) has a solution and the analysis finished; 1 when it has
none or the time limit stopped it; 2 for bad input.
"""

from __future__ import annotations

import json
from pathlib import Path

import typer

from ..puzzles import kinds
from .common import at_least_one, one_of, single_entry
from .declare import KindOpt, TimeoutOpt
from .progress import status


def explain(
    puzzle: str = typer.Argument(..., help="the puzzle (file, URL, ID, or -)"),
    kind: str | None = KindOpt,
    given: str | None = typer.Option(None, "--given", "-g",
                                     help="a partial state (file, inline JSON, or -) in any solution form"),
    limit: int = typer.Option(100, "--limit", "-n", help="count solutions up to N"),
    timeout: float | None = TimeoutOpt,
    fmt: str = typer.Option("text", "--format", "-f", help="text or json"),
    svg: Path | None = typer.Option(None, "--svg", help="also draw the fixed and differing elements here"),
) -> None:
    """Count the solutions and show the backbone: every element (edge, cell, step, placement) that
    is the same in all solutions, and those where solutions differ (marked ?, on Nurikabe _).
    Exit 0 when there is a solution and the analysis finished, 1 when there is none (a given
    state that contradicts every solution) or the time limit stopped it."""
    import gridsolve

    from ..puzzles.formats import FormatError, read_text

    at_least_one("--limit", limit)
    one_of("--format", fmt, ("text", "json"))
    e = single_entry(puzzle, kind)
    text = source = None
    if given is not None:
        text, source = (given, "<argument>") if given.lstrip().startswith("{") else read_text(given)
    try:
        with status(f"{e.id}: counting up to {limit} solutions and their backbone ..."):
            x = gridsolve.explain(e.puzzle, given=text, limit=limit, timeout=timeout)
    except FormatError as exc:  # only the given state is read here
        raise exc.at(source) from None
    render = kinds.render(e.kind)
    if svg is not None:
        svg.write_text(render.marked_svg(e.puzzle, x.fixed, x.unknown))
    if fmt == "json":
        print(json.dumps({"id": e.id, **x.to_json()}), flush=True)
    else:
        print(summary(e.id, x))
        if x.count or (not x.exhausted and (x.fixed or x.unused)):
            print(render.marked(e.puzzle, x.fixed, x.unknown) if not x.unique
                  else render.text(e.puzzle, x.solutions[0]))
        if len(x.solutions) > 1:
            for i, sol in enumerate(x.solutions, 1):
                print(f"\nsolution {i}:")
                print(render.text(e.puzzle, sol))
    raise typer.Exit(0 if x.count and x.complete else 1)


def summary(ident: str, x) -> str:
    """One line: the count, the backbone's sizes, and what stopped it early."""
    from ..harness.kinds import kind_module  # not at the top: every command registers this module

    noun, every, none, mark = kind_module(x.kind).TERMS  # what the kind's elements are called
    start = f"{ident}: from the given state ({len(x.given)} {noun} decided), " if x.given else f"{ident}: "
    if x.contradiction:
        return start + ("the given state contradicts every solution: it cannot be completed" if x.given
                        else "no solution")
    if not x.count:
        return start + (f"no solution found before the time limit (so far {len(x.fixed)} {noun} "
                        f"{every}, {len(x.unused)} {none})")
    n = f"exactly {x.count}" if x.exhausted else f"at least {x.count}"
    what = f"{n} solution{'s' if x.count != 1 else ''}"
    if x.unique:
        return start + f"{what} (unique): every element is fixed"
    line = (start + f"{what}; {len(x.fixed)} {noun} {every}, {len(x.unused)} {none}, "
            f"{len(x.differs)} differ (marked {mark})")
    if not x.complete:
        line += f"; the time limit left {len(x.unknown) - len(x.differs)} {noun} untested"
    return line


def register(app: typer.Typer, generate_app: typer.Typer) -> None:
    app.command("explain")(explain)
