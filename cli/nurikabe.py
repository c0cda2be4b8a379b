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

import numpy as np
import typer
from gridsolve.native_rules.nurikabe import Unsupported, matrix
from gridsolve.native_rules.nurikabe.essay import BLACK, FREE, WHITE, init, see
from gridsolve.native_rules.nurikabe.heuristics import hint as essay_hint

from .common import KindOpt, Usage

COLOURS = {BLACK: "black", WHITE: "white"}


def start_state(entry) -> np.ndarray:
    """``init`` of the puzzle, with the cells a given partial state decides."""
    try:
        y = init(matrix(entry.puzzle))
    except Unsupported as exc:
        raise Usage(f"{entry.id}: {exc}") from None
    sol = entry.solution
    if sol is not None:
        for r, c in np.argwhere(y == FREE).tolist():
            if (r, c) in sol.black:
                y[r, c] = BLACK
            elif (r, c) not in sol.undecided:
                y[r, c] = WHITE
    return y


def hint(
    puzzle: str = typer.Argument(..., help="a puzzle or a partial state (file, URL, or -)"),
    kind: str | None = KindOpt,
    seed: int = typer.Option(0, "--seed", help="seed for picking among the cells a heuristic colours"),
    show: bool = typer.Option(False, "--see", help="also print the state with the hint applied (see)"),
) -> None:
    """The essay's hint: a cell the heuristics can colour. Exit 0 if there is one, 1 if not."""
    from .main import single_entry

    e = single_entry(puzzle, kind or "nurikabe")
    if e.kind != "nurikabe":
        raise Usage(f"{e.id}: is a {e.kind} puzzle; hint is for nurikabe")
    y = start_state(e)
    found = essay_hint(y, np.random.default_rng(seed))
    if found is None:
        print(f"{e.id}: no hint (the heuristics deduce nothing more; {int(np.sum(y == FREE))} cells free)")
        raise typer.Exit(1)
    (r, c, colour), name = found
    print(f"{e.id}: cell ({r}, {c}) is {COLOURS.get(colour, colour)} ({name})")
    if show:
        y[r, c] = colour
        print(see(y))
    raise typer.Exit(0)


def register(app: typer.Typer, generate_app: typer.Typer) -> None:
    app.command("hint")(hint)
