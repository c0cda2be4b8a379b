"""The shared encoding vocabulary on its own: each rule, in each family, admits exactly the
structures it names -- compared with a brute force over every edge set / node set of small grids."""

from __future__ import annotations

from itertools import combinations, permutations

import pytest
from gridsolve.cpmodels import solving, vocabulary
from gridsolve.encoding.loops import subtour_cuts
from gridsolve.puzzles import grid
from gridsolve.puzzles.graphs import components, degrees, edge_components
from gridsolve.puzzles.solving import Limit
from gridsolve.satmodels import vocabulary as cnf_vocabulary
from ortools.sat.python import cp_model


def lattice(rows: int, cols: int):
    """The lattice points and edges of a rows x cols grid of cells."""
    return list(grid.vertices(rows, cols)), grid.edges(rows, cols)


def single_cycles(edges) -> set[frozenset]:
    """Every edge set that is one simple cycle (brute force)."""
    out = set()
    for k in range(4, len(edges) + 1):
        for chosen in combinations(edges, k):
            if all(d == 2 for d in degrees(chosen).values()) and len(edge_components(chosen)) == 1:
                out.add(frozenset(chosen))
    return out


def test_subtour_cuts_split_a_candidate_into_pieces():
    rows, cols = 1, 3
    left = grid.cell_edges((0, 0))
    right = grid.cell_edges((0, 2))

    def incident(v):
        return grid.vertex_edges(rows, cols, v)

    assert subtour_cuts(left, incident) == []
    cuts = subtour_cuts(set(left) | set(right), incident)
    assert {c.piece for c in cuts} == {frozenset(left), frozenset(right)}
    for cut in cuts:
        assert all((f[0] in cut.nodes) != (f[1] in cut.nodes) for f in cut.leaving)
        assert cut.leaving and not cut.leaving & cut.piece


@pytest.mark.parametrize("rows,cols", [(1, 2), (2, 2), (2, 3)])
def test_cpsat_single_cycle_admits_exactly_the_cycles(rows, cols):
    nodes, edges = lattice(rows, cols)
    model = cp_model.CpModel()
    x = {e: model.new_bool_var(str(e)) for e in edges}
    arcs = []
    for e in edges:  # both directions of an edge, one of them used exactly when the edge is
        a, b = model.new_bool_var(""), model.new_bool_var("")
        model.add(a + b == x[e])
        arcs += [(e[0], e[1], a), (e[1], e[0], b)]
    incident = {v: [x[e] for e in grid.vertex_edges(rows, cols, v)] for v in nodes}
    vocabulary.add_single_cycle(model, nodes, arcs, incident)
    model.add_bool_or(list(x.values()))

    def read(solver):
        return frozenset(e for e in edges if solver.boolean_value(x[e]))

    def block(found):
        model.add_bool_or([x[e].Not() for e in found] + [x[e] for e in edges if e not in found])

    r = solving.search("t", model, Limit(60, 10_000), read=read, block=block)
    assert r.exhausted and set(r.solutions) == single_cycles(edges)


@pytest.mark.parametrize("rows,cols", [(1, 2), (2, 2), (2, 3)])
def test_cnf_cycle_degrees_with_subtour_cuts_admit_exactly_the_cycles(rows, cols):
    nodes, edges = lattice(rows, cols)
    cnf = cnf_vocabulary.Cnf()
    var = {e: cnf.var(e) for e in edges}
    cnf_vocabulary.add_cycle_degrees(cnf, {v: [var[e] for e in grid.vertex_edges(rows, cols, v)]
                                           for v in nodes})
    cnf.add(list(var.values()))

    def read(model):
        return frozenset(e for e in edges if model[var[e] - 1] > 0)

    def refine(candidate, add_clause):
        cuts = subtour_cuts(candidate, lambda v: grid.vertex_edges(rows, cols, v))
        for cut in cuts:
            add_clause(cnf_vocabulary.subtour_clause(var.__getitem__, cut))
        return [candidate] if not cuts else [c.piece for c in cuts]

    r = cnf_vocabulary.search("t", cnf, Limit(60, 10_000), read=read, refine=refine,
                    block=lambda found: [-var[e] for e in found])
    assert r.exhausted and set(r.solutions) == single_cycles(edges)


@pytest.mark.parametrize("rows,cols,end", [(2, 3, (1, 2)), (3, 3, (2, 2)), (2, 4, (0, 3))])
def test_cpsat_single_path_admits_exactly_the_hamiltonian_paths(rows, cols, end):
    cells, start = list(grid.cells(rows, cols)), (0, 0)
    model = cp_model.CpModel()
    arc = {(a, b): model.new_bool_var("") for a in cells for b in grid.neighbours(rows, cols, a)
           if a != end and b != start}
    vocabulary.add_single_path(model, cells, [(a, b, v) for (a, b), v in arc.items()], start, end)
    r = solving.enumerate("t", model, Limit(60, 1000),
                         read=lambda s: frozenset(k for k, v in arc.items() if s.boolean_value(v)))
    want = {frozenset(zip(p, p[1:], strict=False)) for p in permutations(cells)
            if p[0] == start and p[-1] == end
            and all(b in grid.neighbours(rows, cols, a) for a, b in zip(p, p[1:], strict=False))}
    assert want and r.exhausted and set(r.solutions) == want


def test_cpsat_rooted_tree_admits_exactly_the_connected_sets_holding_the_root():
    rows, cols, root = 2, 3, (0, 0)
    cells = list(grid.cells(rows, cols))
    model = cp_model.CpModel()
    member = {c: model.new_bool_var(str(c)) for c in cells}
    model.add(member[root] == 1)
    vocabulary.add_rooted_tree(model, member, lambda c: grid.neighbours(rows, cols, c), len(cells) - 1,
                               root=root)

    def read(solver):
        return frozenset(c for c in cells if solver.boolean_value(member[c]))

    def block(found):
        model.add_bool_or([member[c].Not() for c in found] + [member[c] for c in cells if c not in found])

    r = solving.search("t", model, Limit(60, 1000), read=read, block=block)
    want = set()
    others = [c for c in cells if c != root]
    for k in range(len(others) + 1):
        for chosen in combinations(others, k):
            region = {root, *chosen}
            if len(components(region, lambda c: grid.neighbours(rows, cols, c))) == 1:
                want.add(frozenset(region))
    assert r.exhausted and set(r.solutions) == want
