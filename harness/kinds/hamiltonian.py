"""The one-way labyrinth (Hamiltonian paths) in the harness: its size limits, and explain over
the steps between neighbouring free cells (a partial state: the walk from the start)."""

from __future__ import annotations

from . import ExplainTerms, KindLimits
from .common import edges_form as form
from .common import given_from_text as read_given
from .common import sat_backbone as backbone

__all__ = ["LIMITS", "TERMS", "backbone", "elements", "form", "given_from_solution", "read_given",
           "unused_form"]

LIMITS = KindLimits("cells", page=1024, small=49, page_side=13, cli_side=200)
TERMS = ExplainTerms("steps", "on every path", "on none")
unused_form = form


def elements(puzzle) -> list:
    return [(a, b) for a in puzzle.free_cells() for b in puzzle.neighbours(a) if a < b]


def given_from_solution(puzzle, solution) -> dict:
    return {e: True for e in solution.edges()}
