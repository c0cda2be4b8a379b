"""Slitherlink glue between the registry and the solvers: the seed's generator (Chapter 7) with the
declarative uniqueness test of its ``sat`` mode (new beside the paper's normal and hard modes),
grading by the seed's logic rules (Chapters 5-6) or by the deduction engine's tiers, and the
engine's hint (the next deduction and its rule). What ``gridsolve generate slitherlink`` /
``grade`` call."""

from __future__ import annotations

from collections.abc import Callable

from gridsolve.native_rules.slitherlink.deduce import TIERS, Hint, hint
from gridsolve.native_rules.slitherlink.deduce import grade as engine_grade
from gridsolve.native_rules.slitherlink.generate import (
    GROWTHS,
    MODES,
    Generated,
    GenerationTimeout,
    generate,
    parse_ratios,
)
from gridsolve.native_rules.slitherlink.solvers import GRADES, Logic, load_rules
from gridsolve.puzzles.slitherlink import KIND, SlitherlinkPuzzle
from gridsolve.puzzles.solving import Limit

from . import registry
from .run import run

__all__ = ["GRADES", "GROWTHS", "MODES", "TIERS", "Generated", "GenerationTimeout", "Hint", "engine_grade",
           "generate", "grade", "hint", "load_rules", "parse_ratios", "uniqueness_counter"]

GRADE_STATS = ("grade", "rule_applications", "loop_avoidance_crosses", "unknown_edges", "contradiction")


def uniqueness_counter(backend: str = "sat", seconds: float | None = None) -> Callable:
    """``--mode sat``: a declarative backend that counts up to 2 solutions; unique = exactly one,
    proved (a timeout counts as not unique, so the number stays). ValueError for a backend that
    is not declarative or not available here."""
    b = registry.get(KIND, backend)
    if b.family not in ("sat", "cpsat"):
        raise ValueError(f"--counter {backend}: choose a declarative backend (sat, cpsat, ...)")
    ok, why = b.available()
    if not ok:
        raise ValueError(f"backend {backend} is not available here: {why}")

    def unique(puzzle: SlitherlinkPuzzle) -> bool:
        r = run(b, puzzle, Limit(seconds=seconds, solutions=2))
        if r.error:
            raise RuntimeError(f"{backend}: {r.error}")
        return r.unique is True

    return unique


def grade(puzzle: SlitherlinkPuzzle, rules=None) -> dict:
    """How the puzzle is solved (one of ``GRADES``) and the logic solver's figures behind it
    (``GRADE_STATS``); ``rules`` is a rule file (None: the Appendix A rules)."""
    stats = Logic(puzzle, rules).stats
    return {k: stats[k] for k in GRADE_STATS if k in stats}
