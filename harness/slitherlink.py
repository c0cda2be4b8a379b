"""Slitherlink glue between the registry and the solvers: the seed's generator (Chapter 7) with the
declarative uniqueness test of its ``sat`` mode (new beside the paper's normal and hard modes),
grading by the seed's logic rules (Chapters 5-6) or by the deduction engine's tiers, and the
next deduction with the rule behind it, by the engine or by the seed's rules (``seed_hint``),
with edges named as people read them (``edge_name``). What ``gridsolve generate slitherlink`` /
``grade`` / ``hint`` call."""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from dataclasses import dataclass

from ..native_rules.slitherlink.backends import GRADES, Logic, load_rules
from ..native_rules.slitherlink.board import CROSS, LINE, Board, Contradiction, pos_edge
from ..native_rules.slitherlink.deduce import TIERS, Hint, hint
from ..native_rules.slitherlink.deduce import grade as engine_grade
from ..native_rules.slitherlink.generate import (
    GROWTHS,
    MODES,
    Generated,
    GenerationTimeout,
    generate,
    parse_ratios,
)
from ..native_rules.slitherlink.logic import loop_avoidance
from ..native_rules.slitherlink.rules import apply_rules, compile_rules
from ..puzzles.slitherlink import KIND, SlitherlinkPuzzle
from .run import solution_counter as count_to_two

__all__ = ["GRADES", "GROWTHS", "MODES", "TIERS", "Generated", "GenerationTimeout", "Hint", "SeedHint",
           "edge_name", "engine_grade", "generate", "generate_graded", "grade", "hint", "load_rules",
           "parse_ratios", "seed_hint", "solution_counter", "uniqueness_counter"]

GRADE_STATS = ("grade", "rule_applications", "loop_avoidance_crosses", "unknown_edges", "contradiction")


def solution_counter(backend: str = "sat", seconds: float | None = None) -> Callable:
    """``harness.run.solution_counter`` for Slitherlink."""
    return count_to_two(KIND, backend, seconds)


def uniqueness_counter(backend: str = "sat", seconds: float | None = None) -> Callable:
    """``--mode sat``: unique = exactly one solution, proved by ``solution_counter`` (a timeout
    counts as not unique, so the number stays)."""
    solutions = solution_counter(backend, seconds)

    def unique(puzzle: SlitherlinkPuzzle) -> bool:
        found = solutions(puzzle)
        return found is not None and len(found) == 1

    return unique


def generate_graded(rows: int, cols: int, target: str, seed: int, stride: int = 1,
                    seconds: float | None = None, **options) -> Generated:
    """Van Dam's generator (``options`` as for ``generate``) on the seeds seed, seed + stride,
    seed + 2 stride, ... until the engine grades a puzzle ``target`` (one of ``TIERS``); the same
    arguments give the same puzzle. The seed's normal mode makes puzzles its rules solve, so the
    upper tiers need ``mode="sat"`` or ``"hard"``. Raises ``GenerationTimeout`` after
    ``seconds``."""
    if target not in TIERS:
        raise ValueError(f"grade {target!r}: choose one of {', '.join(TIERS)}")
    start = time.perf_counter()
    tries = 0
    while True:
        left = None if seconds is None else seconds - (time.perf_counter() - start)
        if left is not None and left <= 0:
            raise GenerationTimeout(f"seed {seed}: no {cols}x{rows} puzzle of tier {target} within "
                                    f"{seconds:g} s ({tries} made)")
        g = generate(rows, cols, seed=seed + tries * stride, seconds=left, **options)
        tries += 1
        if engine_grade(g.puzzle)["tier"] == target:
            g.stats.update(tier=target, tries=tries)
            return g


def grade(puzzle: SlitherlinkPuzzle, rules=None) -> dict:
    """How the puzzle is solved (one of ``GRADES``) and the logic solver's figures behind it
    (``GRADE_STATS``); ``rules`` is a rule file (None: the Appendix A rules)."""
    stats = Logic(puzzle, rules).stats
    return {k: stats[k] for k in GRADE_STATS if k in stats}


def edge_name(rows: int, cols: int, edge) -> str:
    """A grid edge ``((r1, c1), (r2, c2))`` (lattice points) as people read it, by the cells it
    separates, rows and columns from 1: "the edge between r3c4 and r3c5", or on the border "the
    top edge of r1c4"."""
    (r1, c1), (r2, c2) = sorted(edge)
    if r1 == r2:  # horizontal: the cells above and below
        return _edge_between(r1, rows, "top", "bottom", lambda r: f"r{r}c{c1 + 1}")
    return _edge_between(c1, cols, "left", "right", lambda c: f"r{r1 + 1}c{c}")


def _edge_between(line: int, last: int, first_side: str, last_side: str, cell) -> str:
    """The edge on grid line ``line`` (0 .. ``last``) across the row or column ``cell(k)`` names
    (k from 1): a border edge of the first or last cell, else the edge between cells line, line+1."""
    if line == 0:
        return f"the {first_side} edge of {cell(1)}"
    if line == last:
        return f"the {last_side} edge of {cell(last)}"
    return f"the edge between {cell(line)} and {cell(line + 1)}"


@dataclass(frozen=True)
class SeedHint:
    """The seed's next deduction (``edges`` empty: none): the edges one rule application (or
    loop avoidance) decides, on or off the loop, and the rule."""

    edges: tuple = ()
    on: tuple = ()
    rule: str = ""
    contradiction: str = ""


class _FirstStep(Exception):
    pass


class _StopAtFirst(list):
    """A trace that stops the seed's loops at their first step (the board keeps that step)."""

    def append(self, line: str) -> None:
        super().append(line)
        raise _FirstStep


def seed_hint(puzzle: SlitherlinkPuzzle, on=(), off=(), rules=None) -> SeedHint:
    """The first rule application of Chapter 5's loop (the Appendix A rules, or a rule file),
    else the first loop-avoidance cross (Chapter 6), from the puzzle with the edges ``on`` and
    ``off`` drawn / crossed."""
    rule_list = load_rules(rules)
    board = Board(puzzle, pad=max(r.reach for r in rule_list) + 1)
    for edges, value in ((on, LINE), (off, CROSS)):
        for e in edges:
            board.set_edge(e, value)
    before = list(board.val)
    trace = _StopAtFirst()
    try:
        apply_rules(board, compile_rules(board, rule_list), trace)
        loop_avoidance(board, trace)
    except _FirstStep:
        pass
    except Contradiction as exc:
        return SeedHint(contradiction=str(exc))
    changed = [k for k in board.edges if board.val[k] != before[k]]
    if not changed:
        return SeedHint()
    number = re.match(r"rule #(\d+)", trace[0])
    source = "Appendix A" if rules is None else str(rules)
    rule = f"{source} rule #{number.group(1)}" if number else "loop avoidance"
    return SeedHint(tuple(pos_edge(*board.ij(k)) for k in changed),
                    tuple(board.val[k] == LINE for k in changed), rule)
