"""The backbone of a CNF model with lazy cuts: the elements (edges, cells, placements) that take
the same value in every solution, found on ONE incremental solver with assumptions -- never by
listing every solution. Every kind's model hands its clauses and element variables here
(``Model``); the algorithm and its limits: docs/explain.md.

1. Count up to ``limit`` solutions, each blocked by a clause guarded by a selector literal that
   only this phase assumes (``vocabulary.limited_solve`` under assumptions, ``loops.keep_refined`` for
   the lazy cuts). When the count is exhausted the solutions are all there are.
2. Otherwise every element whose value agreed in all solutions so far is a candidate; for each,
   solve under the assumption of its opposite value: no model means the value is forced, a
   model (once the lazy cuts accept it) is a new solution that drops every candidate it
   contradicts.

A model the cuts reject is not a solution: its cuts are added and the same question is asked
again. A cut may remove a valid solution only after ``refine`` returned it, so every solution the
solver can no longer reach has pruned the candidates already. A partial state (``given``) is
assumed in every call, never added as clauses: the cuts learnt stay valid for the puzzle.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from pysat.solvers import Solver

from ..encoding.loops import keep_refined
from ..puzzles.solving import Deadline, DeadlineExpired
from . import vocabulary


@dataclass
class Model:
    """What the backbone needs of a kind's CNF: the clauses, the variable of every element, and
    the kind's search callbacks (as ``vocabulary.search`` takes them). ``members(solution)`` is the set
    of elements a solution uses (the true element variables)."""

    cnf: vocabulary.Cnf
    elements: Mapping[Any, int]  # element (any hashable key) -> its variable
    read: Callable[[list[int]], Any]
    block: Callable[[Any], list[int]]
    members: Callable[[Any], frozenset]
    refine: Callable[[Any, Callable[[list[int]], Any]], Iterable[Any]] | None = None
    solver_name: str = vocabulary.DEFAULT_SOLVER


@dataclass
class Backbone:
    """``solutions``: those found (up to the limit); ``exhausted``: they are all there are;
    ``fixed``: elements used by every solution; ``unused``: used by none; ``differs``: used by
    some and not others (their union is every element when ``complete``); ``complete``: False
    when the deadline stopped the tests (the untested candidates are in neither set)."""

    solutions: list = field(default_factory=list)
    exhausted: bool = False
    fixed: frozenset = frozenset()
    unused: frozenset = frozenset()
    differs: frozenset = frozenset()
    complete: bool = True
    stats: dict = field(default_factory=dict)


def backbone(model: Model, *, limit: int, deadline: Deadline, given: Mapping[Hashable, bool] | None = None,
             stats: dict | None = None) -> Backbone:
    """The solutions up to ``limit`` and the backbone of ``model`` under the partial state
    ``given`` (element -> used or not; using an element the model lacks has no solution).
    ``stats``: the model's own figures (cuts, ...), kept in the result's."""
    cnf, elements = model.cnf, model.elements
    given = dict(given or {})
    if any(v for e, v in given.items() if e not in elements):
        return Backbone([], True)  # an element no solution can use (a piece off its border, ...)
    given = {e: v for e, v in given.items() if e in elements}
    assumed = [elements[e] if v else -elements[e] for e, v in given.items()]
    selector = cnf.pool.id(("backbone", "counting"))
    candidates: dict[Hashable, bool] | None = None
    differs: set = set()
    stats = stats if stats is not None else {}
    stats.update(solver_calls=0, tests=0)

    def agrees(members: frozenset) -> bool:
        return all((e in members) == v for e, v in given.items())

    def prune(solution) -> None:
        nonlocal candidates
        members = model.members(solution)
        if candidates is None:
            candidates = {e: e in members for e in elements}
            for e, v in given.items():
                candidates[e] = v
            return
        for e in [e for e, v in candidates.items() if (e in members) != v]:
            del candidates[e]
            differs.add(e)

    def solutions_of(candidate, add_clause) -> list:
        """The valid solutions a model yields (its cuts added), those of the partial state only."""
        valid = model.refine(candidate, add_clause) if model.refine else [candidate]
        out = [s for s in valid if agrees(model.members(s))]
        for s in out:
            prune(s)
        return out

    found: list = []
    state: dict = {}
    exhausted = timed_out = False
    name = vocabulary.check_solver_name(model.solver_name, limited=deadline.remaining() is not None)
    with Solver(name=name) as solver:

        def ask(assumptions: list[int]) -> bool | None:
            stats["solver_calls"] += 1
            return vocabulary.limited_solve(solver, name, deadline, state, assumptions)

        try:
            vocabulary.load(solver, cnf.clauses, deadline)
        except DeadlineExpired:
            timed_out = True
        seen: set = set()
        while not timed_out and len(found) < limit:
            result = ask(assumed + [selector])
            if result is None:
                timed_out = True
            elif result is False:
                exhausted = True
                break
            elif not keep_refined(model.read(vocabulary.model_of(solver)),
                                  lambda c: solutions_of(c, solver.add_clause), seen,
                                  lambda s: solver.add_clause([-selector] + model.block(s)), found, limit):
                timed_out = True
        solver.add_clause([-selector])  # the counting blocks end here
        untested: list = []
        if candidates is not None and not exhausted:
            untested = [e for e in candidates if e not in given]
            if not timed_out:
                untested = _test_candidates(solver, model, candidates, untested, assumed, ask, solutions_of,
                                            stats)
    if candidates is None:  # no solution (or none found in time)
        return Backbone([], exhausted, complete=exhausted, stats=stats)
    for e in untested:
        candidates.pop(e, None)
    return Backbone(found, exhausted,
                    fixed=frozenset(e for e, v in candidates.items() if v),
                    unused=frozenset(e for e, v in candidates.items() if not v),
                    differs=frozenset(differs), complete=not untested, stats=stats)


def _test_candidates(solver: Solver, model: Model, candidates: dict, order: list, assumed: list[int],
                     ask: Callable, solutions_of: Callable, stats: dict) -> list:
    """Phase 2: each standing candidate (in ``order``) against a model of its opposite value.
    Returns the candidates the deadline left untested (none when every test ran)."""
    for i, e in enumerate(order):
        if e not in candidates:
            continue
        lit = model.elements[e] if candidates[e] else -model.elements[e]
        stats["tests"] += 1
        while e in candidates:
            result = ask(assumed + [-lit])
            if result is False:
                break  # forced
            try:
                if result is None:
                    raise DeadlineExpired
                solutions_of(model.read(vocabulary.model_of(solver)), solver.add_clause)
            except DeadlineExpired:
                return [u for u in order[i:] if u in candidates]
    return []
