"""Edge matching commands: ``gridsolve generate edgematching``.

The edge-matching settings of ``solve`` / ``count`` (``--rotation/--no-rotation``,
``--hints/--no-hints``, ``--maximize-joins``) live on the core commands (``cli.main``) and reach
the puzzle through ``puzzles.formats.edgematching.adjust``; ``--maximize-joins`` takes its
backend and its checker line from here.
"""

from __future__ import annotations

import typer

from .common import Usage, at_least_one, grid_size, one_of
from .declare import count_option, seed_option
from .progress import progress

MAXIMIZE_BACKEND = "backtrack-table"  # --maximize-joins without -b


def checked_score(puzzle, best) -> str:
    """The best board's mismatched joins as the independent checker counts them."""
    import gridsolve

    found = gridsolve.check(puzzle, best)
    broken = [v for v in found if v.code == "edge-mismatch"]
    others = len(found) - len(broken)
    total = len(puzzle.inner_joins())
    extra = f", {others} other violation(s)" if others else ""
    return f"checker: {len(broken)} mismatched joins, {total - len(broken)} of {total} matched{extra}"


def generate(
    size: str = typer.Option("8x8", "--size", "-s", help="N or ROWSxCOLS"),
    colors: int | None = typer.Option(None, "--colors", "--colours", "-c",
                                      help="colours (seed: nbColor; e2: inner colours); default n"),
    frame_colors: int | None = typer.Option(None, "--frame-colors", "--frame-colours",
                                            help="e2 style: frame colours (default sqrt(n) + 1)"),
    style: str = typer.Option("e2", "--style", help="seed (the report's generator) or e2 (two sets)"),
    seed: int = seed_option(),
    rotation: bool = typer.Option(True, "--rotation/--no-rotation", help="may pieces be turned?"),
    count: int = count_option(),
    solution: bool = typer.Option(False, "--solution", help="include the planted solution"),
    fmt: str = typer.Option("canonical", "--format", "-f", help="canonical, plain (piece list) or seed"),
) -> None:
    """Random edge-matching puzzles (seeded), as canonical text by default."""
    from ..harness import edgematching as gen
    from ..harness.limits import LIMITS
    from ..puzzles.formats import edgematching as fmt_em

    one_of("--style", style, gen.STYLES)
    one_of("--format", fmt, ("canonical", "plain", "seed"))
    at_least_one("--count", count)
    rows, cols = grid_size(size, LIMITS["edgematching"].cli_side)
    colours = gen.default_colours(rows, cols)[1] if colors is None else colors
    if colours < 1 or (frame_colors is not None and frame_colors < 1):
        raise Usage("colour counts must be at least 1")
    if style == "seed" and frame_colors is not None:
        raise Usage("--frame-colors applies to --style e2 only (the seed uses one colour set)")
    with progress(count) as advance:
        for i in range(count):
            try:
                made = gen.generate(style, rows, cols, colours, frame_colors, seed + i, rotation)
            except ValueError as exc:
                raise Usage(str(exc)) from None
            puzzle, sol, ident = made
            if fmt == "plain":
                text = f"{rows} {cols}\n" + "\n".join(" ".join(map(str, t)) for t in puzzle.tiles) + "\n"
            elif fmt == "seed":
                text = fmt_em.seed_layout(puzzle, sol if solution else None)
            elif solution:
                text = fmt_em.format_solution(puzzle, sol, ident)
            else:
                text = fmt_em.format_puzzle(puzzle, ident)
            print(("\n" if i else "") + text, end="", flush=True)  # each as soon as it is made
            advance()


def register(app: typer.Typer, generate_app: typer.Typer) -> None:
    generate_app.command("edgematching")(generate)
