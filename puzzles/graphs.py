"""Small graph helpers for the domain layer (standard library only): union-find, connected
components of nodes and of edge sets, vertex degrees."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable, Hashable, Iterable
from typing import Any, TypeVar

from .grid import Edge, Vertex

Node = TypeVar("Node", bound=Hashable)


class UnionFind:
    """Disjoint sets with path halving and union by size."""

    def __init__(self, items: Iterable[Hashable] = ()) -> None:
        self.parent: dict = {}
        self.size: dict = {}
        for x in items:
            self.add(x)

    def add(self, x: Hashable) -> None:
        if x not in self.parent:
            self.parent[x] = x
            self.size[x] = 1

    def find(self, x: Hashable) -> Hashable:
        self.add(x)
        parent = self.parent
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    def union(self, a: Hashable, b: Hashable) -> bool:
        ra, rb = self.find(a), self.find(b)
        if ra == rb:
            return False
        if self.size[ra] < self.size[rb]:
            ra, rb = rb, ra
        self.parent[rb] = ra
        self.size[ra] += self.size[rb]
        return True

    def groups(self) -> list[set]:
        out: dict = defaultdict(set)
        for x in self.parent:
            out[self.find(x)].add(x)
        return list(out.values())


def components(nodes: Iterable[Any], neighbours: Callable[[Any], Iterable]) -> list[set]:
    """Connected components of ``nodes`` where ``neighbours(n)`` lists n's neighbours (only
    neighbours that are themselves in ``nodes`` count), in the order of their smallest nodes
    (the nodes must be orderable), so that whatever is built from them is reproducible."""
    todo = set(nodes)
    out = []
    for start in sorted(todo):
        if start not in todo:
            continue
        todo.discard(start)
        comp = {start}
        stack = [start]
        while stack:
            for m in neighbours(stack.pop()):
                if m in todo:
                    todo.discard(m)
                    comp.add(m)
                    stack.append(m)
        out.append(comp)
    return out


def degrees(edges: Iterable[Edge]) -> Counter[Vertex]:
    deg: Counter[Vertex] = Counter()
    for a, b in edges:
        deg[a] += 1
        deg[b] += 1
    return deg


def edge_components(edges: Iterable[tuple[Node, Node]]) -> list[frozenset[tuple[Node, Node]]]:
    """Connected components of a set of edges (edges sharing a vertex are connected)."""
    edges = list(edges)
    uf = UnionFind()
    for a, b in edges:
        uf.union(a, b)
    groups: dict = defaultdict(set)
    for e in edges:
        groups[uf.find(e[0])].add(e)
    return [frozenset(g) for g in groups.values()]
