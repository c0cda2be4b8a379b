"""Edge-matching puzzle generators behind one call: the seed report's generator (a port in
``native_rules.edgematching``) and the Eternity II style two-set boards
(``puzzles.generators.edgematching``)."""

from __future__ import annotations

from ..puzzles.edgematching import EdgeMatchingPuzzle, EdgeMatchingSolution
from ..puzzles.generators.edgematching import default_colours, e2_style

__all__ = ["STYLES", "default_colours", "generate"]

STYLES = ("seed", "e2")


def generate(style: str, rows: int, cols: int, colours: int, frame_colours: int | None, seed: int,
             rotation: bool) -> tuple[EdgeMatchingPuzzle, EdgeMatchingSolution, str]:
    """A random board of the style, its planted solution and an id naming its settings.
    ``seed``: one colour set of ``colours``; ``e2``: ``frame_colours`` (default for the size) on
    the frame, ``colours`` inside. ValueError when no board can be made with these colours."""
    if style == "seed":
        from ..native_rules.edgematching.backtrack import seed_style

        puzzle, sol = seed_style(rows, cols, colours, seed, rotation)
        return puzzle, sol, f"seed-{rows}x{cols}-c{colours}-s{seed}"
    if style != "e2":
        raise ValueError(f"unknown style {style!r} (choose from {', '.join(STYLES)})")
    frame = default_colours(rows, cols)[0] if frame_colours is None else frame_colours
    puzzle, sol = e2_style(rows, cols, frame_colours=frame, inner_colours=colours, seed=seed,
                           rotation=rotation)
    return puzzle, sol, f"e2-{rows}x{cols}-f{frame}-c{colours}-s{seed}"
