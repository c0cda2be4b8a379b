"""Nurikabe extras beside the backends: the J essay's ``hint`` (one cell the heuristics can
colour, the colour, and the heuristic that found it) and the rule cascade's (``cascade_hint``),
from a puzzle or a partial state, and the grade of a puzzle by the rule cascade's weakest
completing level (``native_rules.nurikabe.grade``)."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..native_rules.nurikabe.backends import Unsupported, matrix
from ..native_rules.nurikabe.essay import BLACK, FREE, WHITE, init, see
from ..native_rules.nurikabe.generate import Generated, GenerationTimeout
from ..native_rules.nurikabe.generate import generate as generate_unique
from ..native_rules.nurikabe.grade import GRADES, NO_SOLUTION
from ..native_rules.nurikabe.grade import grade as cascade_grade
from ..native_rules.nurikabe.heuristics import hint as essay_hint
from ..native_rules.nurikabe.hint import Contradiction, Step, next_step
from ..puzzles.nurikabe import QUESTION, NurikabePuzzle, NurikabeSolution
from .run import solution_counter as count_to_two

COLOURS = {BLACK: "black", WHITE: "white"}


@dataclass(frozen=True)
class Hint:
    """A cell the heuristics colour (``cell`` None: no hint), and the state it leaves."""

    cell: tuple[int, int] | None
    colour: str = ""
    heuristic: str = ""
    free: int = 0  # free cells of the state the hint starts from
    state: str = ""  # the essay's ``see`` of that state with the hint applied


def start_state(puzzle: NurikabePuzzle, partial: NurikabeSolution | None = None) -> np.ndarray:
    """``init`` of the puzzle, with the cells a given partial state decides. ValueError when the
    essay's port cannot take the puzzle."""
    try:
        y = init(matrix(puzzle))
    except Unsupported as exc:
        raise ValueError(str(exc)) from None
    if partial is not None:
        for r, c in np.argwhere(y == FREE).tolist():
            if (r, c) in partial.black:
                y[r, c] = BLACK
            elif (r, c) not in partial.undecided:
                y[r, c] = WHITE
    return y


def hint(puzzle: NurikabePuzzle, partial: NurikabeSolution | None = None, seed: int = 0) -> Hint:
    """The essay's ``hint`` on the puzzle (or the partial state); the cell is picked at random
    among those the first productive heuristic colours (J's ``?``), seeded."""
    y = start_state(puzzle, partial)
    free = int(np.sum(y == FREE))
    found = essay_hint(y, np.random.default_rng(seed))
    if found is None:
        return Hint(None, free=free)
    (r, c, colour), name = found
    y[r, c] = colour
    return Hint((int(r), int(c)), COLOURS.get(colour, str(colour)), name, free, see(y))


GRADE_SECONDS = 10.0  # default bound on the probing of one puzzle's grade


def grade(puzzle: NurikabePuzzle, seconds: float | None = GRADE_SECONDS) -> dict:
    """The weakest grade (``GRADES``, or "no solution") whose rules complete the puzzle, with the
    figures behind it. The rules need every number: a puzzle with numbers '?' is graded
    ``search`` (or "no solution"), by the declarative search that answers it."""
    if puzzle.has_unknown_clues():
        return search_grade(puzzle, seconds)
    return cascade_grade(puzzle, seconds)


def search_grade(puzzle: NurikabePuzzle, seconds: float | None = GRADE_SECONDS) -> dict:
    """The grade of a puzzle the rules cannot run on (numbers '?'): ``search`` when the SAT model
    finds a solution (``"solutions"``: 1, or 2 for two or more), "no solution" when it proves
    there is none, ``search`` with ``"deadline": true`` when ``seconds`` run out first."""
    free = sum(puzzle.clue((r, c)) is None for r in range(puzzle.rows) for c in range(puzzle.cols))
    unknown = sum(v == QUESTION for row in puzzle.clues for v in row)
    found = count_to_two("nurikabe", "sat", seconds)(puzzle)
    out = {"grade": "search", "free": free, "unknown_numbers": unknown}
    if found is None:
        return {**out, "deadline": True}
    if not found:
        return {"grade": NO_SOLUTION, "contradiction": "the search finds no solution", "free": free}
    return {**out, "solutions": len(found)}


def cascade_hint(puzzle: NurikabePuzzle, partial: NurikabeSolution | None = None) -> Step:
    """The rule cascade's next step (cell, colour, rule, level) from the puzzle or a partial
    state. ValueError for numbers '?'; ``Contradiction`` when the state has no solution."""
    if puzzle.has_unknown_clues():
        raise ValueError("the rules need every number known (no '?')")
    if partial is None:
        return next_step(puzzle)
    cells = {(r, c) for r in range(puzzle.rows) for c in range(puzzle.cols)}
    return next_step(puzzle, partial.black, cells - partial.black - partial.undecided)


def generate(rows: int, cols: int, density: float, seed: int, target: str | None = None,
             seconds: float | None = None, counter: str = "sat") -> Generated:
    """A puzzle proved unique by ``counter`` (a declarative backend counting to 2), of grade
    ``target`` when given (``native_rules.nurikabe.generate``)."""
    return generate_unique(rows, cols, density, seed, solution_counter(counter), target, seconds)


def solution_counter(backend: str = "sat"):
    """The generator's count: ``backend`` (declarative) counting to 2 solutions. ValueError for a
    backend that is not declarative or not available."""
    return count_to_two("nurikabe", backend)


__all__ = ["GRADES", "NO_SOLUTION", "Contradiction", "Generated", "GenerationTimeout", "Hint", "Step",
           "cascade_hint", "generate", "grade", "hint", "search_grade", "solution_counter", "start_state"]
