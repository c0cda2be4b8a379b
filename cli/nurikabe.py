"""Nurikabe commands: ``gridsolve hint`` -- the J essay's ``hint``: one cell the heuristics can
colour, its colour, and the heuristic that found it.

    gridsolve hint 'https://puzz.link/p?nurikabe/5/5/g5k2o1k3g'
    gridsolve hint partial.txt --see        # from a partial state (canonical grid with _ cells,
                                            # or an essay matrix with _1 / 0 / _2), shown after
    gridsolve hint puzzle.txt --seed 3      # the cell is picked at random (J's ?), seeded

The solvers are backends (``gridsolve solve --backend heuristics|heuristics+bruteforce|
bruteforce``; ``--trace`` prints every heuristic step with the essay's ``wf`` figures).
"""

from __future__ import annotations

import typer

from .common import KindOpt, Usage, single_entry


def hint(
    puzzle: str = typer.Argument(..., help="a puzzle or a partial state (file, URL, or -)"),
    kind: str | None = KindOpt,
    seed: int = typer.Option(0, "--seed", help="seed for picking among the cells a heuristic colours"),
    show: bool = typer.Option(False, "--see", help="also print the state with the hint applied (see)"),
) -> None:
    """The next logical step: for Nurikabe the essay's hint (a cell the heuristics can colour),
    for Slitherlink the deduction engine's next edge and its rule. Exit 0 if there is one, 1 if
    not."""
    from gridsolve.harness.nurikabe import hint as essay_hint

    e = single_entry(puzzle, kind or _kind_of(puzzle))
    if e.kind == "slitherlink":
        from .slitherlink import print_hint

        raise typer.Exit(print_hint(e))
    if e.kind != "nurikabe":
        raise Usage(f"{e.id}: is a {e.kind} puzzle; hint is for nurikabe and slitherlink")
    try:
        h = essay_hint(e.puzzle, e.solution, seed)
    except ValueError as exc:
        raise Usage(f"{e.id}: {exc}") from None
    if h.cell is None:
        print(f"{e.id}: no hint (the heuristics deduce nothing more; {h.free} cells free)")
        raise typer.Exit(1)
    print(f"{e.id}: cell {h.cell} is {h.colour} ({h.heuristic})")
    if show:
        print(h.state)
    raise typer.Exit(0)


def _kind_of(arg: str) -> str:
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
    app.command("hint")(hint)
