"""What several kinds' harness modules share: the backbone straight from the kind's CNF model,
a partial state read as a solution, and element sets written as the JSON of their solutions."""

from __future__ import annotations

from typing import Any

from ...puzzles.formats import read_solution
from ...puzzles.kinds import module_for
from ...puzzles.solving import Limit
from . import kind_module


def sat_backbone(puzzle: Any, limit: Limit, given: dict, **options: Any):
    """The solutions up to ``limit`` and the backbone, by ``satmodels.<kind>.backbone``."""
    return module_for("gridsolve.satmodels", puzzle.kind).backbone(puzzle, limit, given=given, **options)


def given_from_text(puzzle: Any, text: str) -> dict:
    """A partial state written in any form the kind's solutions are written in."""
    return kind_module(puzzle.kind).given_from_solution(puzzle, read_solution(puzzle, text))


def edges_form(puzzle: Any, edges: Any) -> dict:
    """``{"edges": [[[r1, c1], [r2, c2]], ...]}``, sorted."""
    return {"edges": [[list(a), list(b)] for a, b in sorted(edges)]}
