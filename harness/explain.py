"""Explain a puzzle: how many solutions, what every solution shares (the backbone), and where
they differ -- from the puzzle or from a partial state (``given``). The backbone comes from each
kind's CNF model (``satmodels.<kind>.backbone``, ``satmodels.backbone_search``); this module reads the
partial states, passes every solution found through the independent checker, and writes the
element sets in the JSON form of the kind's solutions. What the backbone means: docs/explain.md.

What differs per kind -- the elements (Slitherlink edges, Nurikabe cells (used = wall), Hamiltonian
steps, edge matching placements, Masyu links), their JSON, how a partial state reads, how the
backbone is found -- lives in the kind's ``harness/kinds/<kind>.py`` (``HarnessKind``).
"""

from __future__ import annotations

import time
from collections.abc import Hashable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ..puzzles.check import check
from ..puzzles.solving import Limit
from .kinds import kind_module

DEFAULT_LIMIT = 100


@dataclass(frozen=True)
class Explanation:
    """``count`` solutions found (the exact number when ``exhausted``), the first two of them,
    and the elements used by every solution (``fixed``), by none (``unused``), and by some but
    not all (``differs``). ``complete`` is False when the time limit stopped the backbone: the
    elements left untested are in none of the three sets. ``given``: the partial state assumed."""

    kind: str
    puzzle: Any
    count: int
    exhausted: bool
    solutions: tuple
    fixed: frozenset
    unused: frozenset
    differs: frozenset
    complete: bool
    seconds: float
    given: Mapping[Hashable, bool] = field(default_factory=dict)
    stats: dict = field(default_factory=dict)

    @property
    def unique(self) -> bool:
        return self.exhausted and self.count == 1

    @property
    def contradiction(self) -> bool:
        """No solution at all (with a given state: the state cannot be completed)."""
        return self.exhausted and self.count == 0

    @property
    def completable(self) -> bool | None:
        """Has the puzzle (the given state) a solution? None when the time ran out before one."""
        return True if self.count else False if self.exhausted else None

    @property
    def unknown(self) -> frozenset:
        """The elements not known to be fixed or unused: ``differs`` and any left untested."""
        return frozenset(elements(self.puzzle)) - self.fixed - self.unused

    def to_json(self) -> dict:
        tools = kind_module(self.kind)
        form = tools.form
        return {"kind": self.kind, "count": self.count, "exhausted": self.exhausted,
                "unique": self.unique, "complete": self.complete,
                "given": bool(self.given), "completable": self.completable,
                "fixed": form(self.puzzle, self.fixed), "differs": form(self.puzzle, self.differs),
                "unused": tools.unused_form(self.puzzle, self.unused),
                "solutions": [s.to_json() for s in self.solutions[:2]],
                "seconds": round(self.seconds, 6), "stats": self.stats}


def explain(puzzle, *, given=None, limit: int = DEFAULT_LIMIT, seconds: float | None = None) -> Explanation:
    """Count up to ``limit`` solutions and find the backbone, within ``seconds``. ``given``: a
    partial state (``given_state``: text, a solution object, or element -> used). Every solution
    found passes the independent checker; RuntimeError if one does not (a model bug)."""
    t0 = time.perf_counter()
    tools = kind_module(puzzle.kind)
    given = given_state(puzzle, given)
    left = None if seconds is None else max(1e-3, seconds - (time.perf_counter() - t0))
    b = tools.backbone(puzzle, Limit(seconds=left, solutions=max(2, limit)), given)
    for i, sol in enumerate(b.solutions):
        violations = check(puzzle.kind, puzzle, sol)
        if violations:
            raise RuntimeError(f"explain: solution {i + 1} breaks the rules: {violations[0]}")
    found = len(b.solutions)
    return Explanation(puzzle.kind, puzzle, min(found, limit), b.exhausted and found <= limit,
                       tuple(b.solutions[:2]), b.fixed, b.unused, b.differs, b.complete,
                       time.perf_counter() - t0, given, b.stats)


def elements(puzzle) -> list:
    """Every element of the puzzle, in the models' keys."""
    return kind_module(puzzle.kind).elements(puzzle)


# ------------------------------------------------------------------ partial states


def given_state(puzzle, given) -> dict:
    """A partial state as element -> used: from text (``read_given``), a solution object (a
    Nurikabe one may leave cells undecided), or a mapping already in that form."""
    if given is None:
        return {}
    if isinstance(given, str):
        return read_given(puzzle, given)
    if isinstance(given, Mapping):
        return dict(given)
    if getattr(given, "kind", None) != puzzle.kind:
        raise TypeError(f"explain: expected a {puzzle.kind} state, got {type(given).__name__}")
    return kind_module(puzzle.kind).given_from_solution(puzzle, given)


def read_given(puzzle, text: str) -> dict:
    """A partial state in any form the kind's solutions are written in, as element -> used:
    Slitherlink the lines drawn (and, in pzprv3, the crosses as unused), Nurikabe the decided
    cells (``_`` undecided), Hamiltonian the steps of the walk from the start, edge matching a
    grid of ``piece/rotation`` tokens with ``.`` for an empty square (or JSON with null), Masyu
    the links drawn."""
    return kind_module(puzzle.kind).read_given(puzzle, text)
