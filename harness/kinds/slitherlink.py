"""Slitherlink in the harness: its size limits, and explain over the loop's edges between
lattice points. The backbone starts from the deduction engine's facts (``rules+sat``'s front):
every edge it decides holds in every solution (docs/slitherlink.md), so it is known without a SAT
call and the model takes it as unit clauses; a grid the engine completes needs no SAT call at all."""

from __future__ import annotations

import dataclasses
import time

from ...puzzles import grid
from ...puzzles.solving import Limit
from . import ExplainTerms, KindLimits, common
from .common import given_from_text, sat_backbone

LIMITS = KindLimits("cells", page=4096, small=100, page_side=30, cli_side=100)
TERMS = ExplainTerms("edges", "on every loop", "on none")
form = common.edges_form
unused_form = form


def elements(puzzle) -> list:
    return list(grid.edges(puzzle.rows, puzzle.cols))


def given_from_solution(puzzle, solution) -> dict:
    return {e: True for e in solution.edges}


def read_given(puzzle, text: str) -> dict:
    """The lines drawn, and in pzprv3 the crosses as unused."""
    return given_from_text(puzzle, text) | {e: False for e in pzprv3_crosses(puzzle, text)}


def pzprv3_crosses(puzzle, text: str) -> list:
    """The edges a pzprv3 file crosses out (``-1``): its last 2 * rows + 1 lines."""
    lines = [ln.split() for ln in text.strip().splitlines()]
    if not text.lstrip().startswith("pzprv3") or len(lines) < 2 * puzzle.rows + 1:
        return []
    edge_lines = lines[-(2 * puzzle.rows + 1):]
    out = [((r, c), (r + 1, c)) for r in range(puzzle.rows)
           for c, v in enumerate(edge_lines[r]) if v == "-1"]
    out += [((r, c), (r, c + 1)) for r in range(puzzle.rows + 1)
            for c, v in enumerate(edge_lines[puzzle.rows + r]) if v == "-1"]
    return out


def backbone(puzzle, limit: Limit, given: dict):
    """The engine's facts first (no solution when they contradict), then the CNF model's
    backbone with them imposed; the facts join the backbone's sets whatever it found."""
    from ...puzzles.slitherlink import SlitherlinkSolution
    from ...satmodels.backbone_search import Backbone

    t0 = time.perf_counter()
    facts = engine_facts(puzzle, limit.seconds)
    if facts is None:
        return Backbone([], True)
    on, off = facts
    if not given and len(on) + len(off) == len(elements(puzzle)):  # the only solution
        b = Backbone([SlitherlinkSolution(puzzle.rows, puzzle.cols, on)], True, on, off,
                     stats={"engine": "complete"})
    else:
        left = None if limit.seconds is None else max(1e-3, limit.seconds - (time.perf_counter() - t0))
        b = sat_backbone(puzzle, Limit(seconds=left, solutions=limit.solutions), given, fixed=facts)
    if b.exhausted and not b.solutions:
        return b
    return dataclasses.replace(b, fixed=b.fixed | on, unused=b.unused | off)


def engine_facts(puzzle, seconds: float | None) -> tuple[frozenset, frozenset] | None:
    """The edges the deduction engine decides (on, off) as ``rules+sat`` runs it; None: a
    contradiction (no solution)."""
    from ...combined.slitherlink import front
    from ...native_rules.slitherlink.deduce import Contradiction

    try:
        eng = front(puzzle, seconds)
    except Contradiction:
        return None
    return eng.lines(), eng.crosses()
