"""The CP-SAT half of the shared encoding vocabulary: the rules the models state again and again,
written once. Nodes and literals are the caller's; what each rule states, and why its lazy cuts
are sound: docs/encodings.md.

* ``add_single_cycle``: the chosen arcs form ONE cycle through optional nodes (``add_circuit``
  with a self-loop literal per node, true = skipped);
* ``add_single_path``: the arcs form one path from ``start`` to ``end`` through every node (a
  circuit closed by the fixed arc end -> start);
* ``add_cycle_degrees``: every node has 0 or 2 chosen edges (the lazy cycle's degree rule);
* ``add_subtour_cut``: the lazy cut of one piece of a candidate;
* ``add_rooted_tree``: a connected region, eagerly: every member but the root has a member
  neighbour of smaller depth as its parent;
* cardinalities are linear constraints (``exactly``, ``at_least``, ``at_most``);
* ``LineModel``: a loop drawn as one literal per segment (Slitherlink's edges, Masyu's links),
  read back into a solution and blocked by the negation of its segments.

The lazy re-solve-with-cuts loop is ``solving.search`` with a ``refine``.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from typing import Any

from ortools.sat.python import cp_model

from ..encoding.loops import Node, SubtourCut
from ..puzzles.solving import NO_DEADLINE, Deadline

Arc = tuple[Hashable, Hashable, Any]  # (tail node, head node, literal)


def _numbered(nodes: Iterable[Hashable]) -> dict[Hashable, int]:
    return {n: i for i, n in enumerate(nodes)}


def add_single_cycle(model: cp_model.CpModel, nodes: Iterable[Hashable], arcs: Iterable[Arc],
                     incident: Mapping[Hashable, Sequence[Any]] | None = None) -> dict[Hashable, Any]:
    """The true arcs form one cycle; a node off the cycle takes its self-loop. With ``incident``
    (node -> the literals of its undirected edges), also the redundant degree rule
    ``sum(incident[v]) == 2 * (not skipped v)``. Returns the self-loop ("skipped") literals."""
    nodes = list(nodes)
    index = _numbered(nodes)
    circuit = [(index[a], index[b], lit) for a, b, lit in arcs]
    skipped = {}
    for v in nodes:
        skip = skipped[v] = model.new_bool_var(f"skip{v}")
        circuit.append((index[v], index[v], skip))
        if incident is not None:
            model.add(sum(incident[v]) == 2 * (1 - skip))
    model.add_circuit(circuit)
    return skipped


def add_single_path(model: cp_model.CpModel, nodes: Iterable[Hashable], arcs: Iterable[Arc],
                    start: Hashable, end: Hashable) -> None:
    """The true arcs form one path from ``start`` to ``end`` through every node: with the fixed arc
    end -> start they make one circuit without self-loops."""
    index = _numbered(nodes)
    circuit = [(index[a], index[b], lit) for a, b, lit in arcs]
    circuit.append((index[end], index[start], model.new_constant(1)))
    model.add_circuit(circuit)


def add_cycle_degrees(model: cp_model.CpModel, incident: Mapping[Hashable, Sequence[Any]]) -> None:
    """Every node has 0 or 2 of its edges (``sum == 2 * used``): no dead end, no branching."""
    for v, lits in incident.items():
        used = model.new_bool_var(f"used{v}")
        model.add(sum(lits) == 2 * used)


def add_subtour_cut(model: cp_model.CpModel, lit: Callable[[tuple[Node, Node]], Any], cut: SubtourCut[Node],
                    with_piece: bool = True) -> None:
    """The cut of one piece: ``not all of piece, or one of leaving`` (a cycle), or only ``one of
    leaving`` (``with_piece=False``: a path through every node)."""
    piece = [lit(e).Not() for e in cut.piece] if with_piece else []
    model.add_bool_or(piece + [lit(f) for f in cut.leaving])


def exactly(model: cp_model.CpModel, lits: Iterable[Any], k: int):
    return model.add(sum(lits) == k)


def at_least(model: cp_model.CpModel, lits: Iterable[Any], k: int):
    return model.add(sum(lits) >= k)


def at_most(model: cp_model.CpModel, lits: Iterable[Any], k: int):
    return model.add(sum(lits) <= k)


def add_rooted_tree(model: cp_model.CpModel, member: Mapping[Node, Any],
                    neighbours: Callable[[Node], Iterable[Node]], max_depth: int,
                    root: Node | None = None, root_lit: Mapping[Node, Any] | None = None,
                    name: str = "t", deadline: Deadline = NO_DEADLINE) -> dict[Node, Any]:
    """The members form one connected region: every member but the root picks a member neighbour
    of smaller depth as its parent, so every parent chain ends at the root. The root is the fixed
    node ``root`` (a member of every solution), or the node whose ``root_lit`` is true (the
    caller makes exactly one true among the members). Returns the depth variables."""
    depth = {c: model.new_int_var(0, max(0, max_depth), f"{name}d{c}") for c in member}
    root_lit = root_lit or {}
    for c in deadline.each(member, every=1000):
        arcs = []
        for d in neighbours(c):
            if d in member:
                a = model.new_bool_var(f"{name}{c}{d}")
                arcs.append(a)
                model.add_implication(a, member[d])
                model.add(depth[d] < depth[c]).only_enforce_if(a)
        if c == root:
            model.add(depth[c] == 0)
            model.add(sum(arcs) == 0)
        else:  # a member other than the root has one parent
            model.add(sum(arcs) == member[c] - root_lit.get(c, 0))
    return depth


class LineModel:
    """A model whose answer is a set of drawn segments, one literal each in ``x`` (filled by the
    encoding): ``read`` turns a solver's assignment into the kind's solution, ``block`` excludes a
    found loop -- a loop containing every segment of another loop is that loop, so the negations
    of its segments exclude exactly it. A kind gives ``solution(used)`` and ``drawn(solution)``."""

    BATCH = 2000  # segments or cells between two looks at the clock

    def __init__(self, puzzle: Any, segments: list, deadline: Deadline = NO_DEADLINE) -> None:
        self.puzzle = puzzle
        self.deadline = deadline
        self.model = cp_model.CpModel()
        self.segments = segments
        self.x: dict = {}

    def solution(self, used: frozenset) -> Any:
        raise NotImplementedError

    def drawn(self, solution: Any) -> Iterable[Hashable]:
        raise NotImplementedError

    def read(self, solver: cp_model.CpSolver) -> Any:
        return self.solution(frozenset(e for e in self.segments if solver.boolean_value(self.x[e])))

    def block(self, solution: Any) -> None:
        self.model.add_bool_or([self.x[e].Not() for e in self.drawn(solution)])
