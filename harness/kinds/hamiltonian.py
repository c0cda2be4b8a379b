"""The one-way labyrinth (Hamiltonian paths) in the harness: its size limits, and explain over
the steps between neighbouring free cells (a partial state: the walk from the start)."""

from __future__ import annotations

from . import ExplainTerms, KindLimits, common

LIMITS = KindLimits("cells", page=1024, small=49, page_side=13, cli_side=200)
TERMS = ExplainTerms("steps", "on every path", "on none")
form = unused_form = common.edges_form  # the links / steps used, or unused, as a solution's JSON
read_given, backbone = common.given_from_text, common.sat_backbone


def elements(puzzle) -> list:
    return [(a, b) for a in puzzle.free_cells() for b in puzzle.neighbours(a) if a < b]


def given_from_solution(puzzle, solution) -> dict:
    return {e: True for e in solution.edges()}
