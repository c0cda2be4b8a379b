"""Masyu in the harness: its size limits, and explain over the links between neighbouring cells
(the backbone straight from the CNF model, ``satmodels.masyu.backbone``)."""

from __future__ import annotations

from ...puzzles.masyu import links
from . import ExplainTerms, KindLimits
from .common import edges_form as form
from .common import given_from_text as read_given
from .common import sat_backbone as backbone

__all__ = ["LIMITS", "TERMS", "backbone", "elements", "form", "given_from_solution", "read_given",
           "unused_form"]

LIMITS = KindLimits("cells", page=4096, small=100, page_side=30, cli_side=60)
TERMS = ExplainTerms("links", "on every loop", "on none")
unused_form = form


def elements(puzzle) -> list:
    return links(puzzle.rows, puzzle.cols)


def given_from_solution(puzzle, solution) -> dict:
    return {e: True for e in solution.links}
