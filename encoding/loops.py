"""Subtour cuts for the lazy single-cycle and single-path encodings, found in a candidate: the
candidate's edges split into connected pieces, and for each piece the edges that leave it.
Family-independent: each model turns a ``SubtourCut`` into a clause of its own
(``cpmodels.vocabulary.add_subtour_cut``, ``satmodels.vocabulary.subtour_clause``). Why the cuts are
sound: docs/encodings.md."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass
from typing import Generic, TypeVar

from ..puzzles.graphs import edge_components
from ..puzzles.solving import DeadlineExpired

Node = TypeVar("Node", bound=Hashable)  # a lattice vertex, a cell: what the cycle or path visits


@dataclass(frozen=True)
class SubtourCut(Generic[Node]):
    """One piece of a candidate that has several: its edges, its nodes, and the edges with one
    end on it and the other off it. The cycle cut is ``not all of piece, or one of leaving``; the
    spanning-path cut (every node must be visited) is ``one of leaving``."""

    piece: frozenset[tuple[Node, Node]]
    nodes: frozenset[Node]
    leaving: frozenset[tuple[Node, Node]]


def subtour_cuts(edges: Iterable[tuple[Node, Node]], incident: Callable[[Node], Iterable[tuple[Node, Node]]]
                 ) -> list[SubtourCut[Node]]:
    """The cuts of a candidate (its used ``edges``; ``incident(node)`` lists every edge at a node,
    in the edges' canonical form): none when the edges form one connected piece, else one per
    piece."""
    pieces = edge_components(edges)
    if len(pieces) <= 1:
        return []
    out = []
    for piece in pieces:
        nodes = frozenset(v for e in piece for v in e)
        leaving = frozenset(f for v in nodes for f in incident(v) if f[0] not in nodes or f[1] not in nodes)
        out.append(SubtourCut(piece, nodes, leaving))
    return out


def cut_candidate(candidate, cuts: list, add_cut: Callable, stats: dict, solution_of: Callable) -> list:
    """The lazy models' refinement step, for any single-loop kind: every loop's cut goes to
    ``add_cut`` (counted in ``stats["cuts"]``); ``[candidate]`` when it is one loop, else the loops
    that are solutions by themselves (``solution_of(cut)``, None when not) -- each cut removes
    exactly that one solution, so it is recorded first."""
    for cut in cuts:
        add_cut(cut)
    stats["cuts"] = stats.get("cuts", 0) + len(cuts)
    if not cuts:
        return [candidate]
    return [sol for cut in cuts if (sol := solution_of(cut)) is not None]


def keep_refined(candidate, refine: Callable | None, seen: set, block: Callable, found: list,
                 wanted: int) -> bool:
    """One round of a lazy-cut search, in either solver family: the valid solutions
    ``refine(candidate)`` yields (adding its cuts; the candidate itself when ``refine`` is None)
    that were not seen before are blocked and kept in ``found`` up to ``wanted``. False when cut
    generation ran out of time (``DeadlineExpired``); what was found stays."""
    try:
        valid = list(refine(candidate)) if refine else [candidate]
    except DeadlineExpired:
        return False
    for sol in valid:
        if sol not in seen:
            seen.add(sol)
            block(sol)
            if len(found) < wanted:
                found.append(sol)
    return True
