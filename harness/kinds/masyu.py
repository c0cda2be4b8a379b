"""Masyu in the harness: its size limits, and explain over the links between neighbouring cells
(the backbone straight from the CNF model, ``satmodels.masyu.backbone``)."""

from __future__ import annotations

from ...puzzles.masyu import links
from . import ExplainTerms, KindLimits, common

LIMITS = KindLimits("cells", page=4096, small=100, page_side=30, cli_side=60)
TERMS = ExplainTerms("links", "on every loop", "on none")
form = unused_form = common.edges_form  # the links / steps used, or unused, as a solution's JSON
read_given, backbone = common.given_from_text, common.sat_backbone


def elements(puzzle) -> list:
    return links(puzzle.rows, puzzle.cols)


def given_from_solution(puzzle, solution) -> dict:
    return {e: True for e in solution.links}
