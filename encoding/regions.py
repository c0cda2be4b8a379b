"""Regions of grid cells, for connectivity cuts: components, rims, and the part of a rim that
faces a set of start cells (a small separator). Family-independent: the CP-SAT and CNF models
turn what these find into constraints of their own."""

from __future__ import annotations

from collections import deque
from heapq import heappop, heappush

from ..puzzles import graphs, grid
from ..puzzles.grid import Cell


def components(cells, rows: int, cols: int) -> list[set[Cell]]:
    """Orthogonally connected components of a set of cells, in row-major order of their smallest
    cells."""
    return graphs.components(cells, grid.neighbour_table(rows, cols).__getitem__)


def boundary(region, rows: int, cols: int) -> set[Cell]:
    """The cells outside ``region`` next to one of its cells."""
    region = set(region)
    nbrs = grid.neighbour_table(rows, cols)
    return {nb for cell in region for nb in nbrs[cell] if nb not in region}


def start_distances(starts, allowed, rows: int, cols: int) -> dict[Cell, int]:
    """Steps from the nearest of the ``starts`` inside ``allowed`` (a breadth-first search from
    all of them); cells that no start reaches are left out. ``facing``'s guide."""
    nbrs = grid.neighbour_table(rows, cols)
    dist = {s: 0 for s in starts}
    todo = deque(dist)
    while todo:
        cell = todo.popleft()
        for nb in nbrs[cell]:
            if nb not in dist and nb in allowed:
                dist[nb] = dist[cell] + 1
                todo.append(nb)
    return dist


def facing(region, rim, starts, allowed, rows: int, cols: int,
           guide: dict[Cell, int] | None = None) -> set[Cell]:
    """The cells of ``rim`` (the cells next to ``region``, within ``allowed``) that are next to
    the components of the ``starts`` (cells of ``allowed`` outside the region and the rim) in
    ``allowed`` minus the region and its rim. Every path inside ``allowed`` from a start into the
    region enters a cell of the rim next to those components first: a separator between the
    starts and the region, often much smaller than the whole rim (the lazy cuts use it).

    Searched from the rim outward: each cell next to the rim is classified by a best-first search
    toward the nearest start that stops at a start, at a cell already classified, or when its
    component is exhausted (a search from the starts would cross most of the grid for every
    piece, in every round). The search is guided by ``guide`` = ``start_distances(starts,
    allowed, ...)``, the steps to the nearest start with nothing blocked: the same for every
    piece, so the cuts compute it once per puzzle and pass it; a cell the guide leaves out reaches
    no start even with nothing blocked."""
    nbrs = grid.neighbour_table(rows, cols)
    if guide is None:
        guide = start_distances(starts, allowed, rows, cols)
    rim = set(rim)
    blocked = set(region) | rim
    side: dict[Cell, bool] = {}  # a cell outside region and rim -> in a start's component?

    def classify(seed: Cell) -> bool:
        seen = {seed}
        heap = [(guide[seed], seed)]
        found = False
        while heap:
            steps, cell = heappop(heap)
            known = side.get(cell)
            if known is not None or steps == 0:
                found = True if known is None else known
                break
            for nb in nbrs[cell]:
                if nb not in seen and nb in guide and nb not in blocked:
                    seen.add(nb)
                    heappush(heap, (guide[nb], nb))
        for cell in seen:
            side[cell] = found
        return found

    face: set[Cell] = set()
    for d in rim:
        for nb in nbrs[d]:
            if nb in guide and nb not in blocked and (side[nb] if nb in side else classify(nb)):
                face.add(d)
                break
    return face


def bfs_tree(region, root: Cell, rows: int, cols: int) -> tuple[dict[Cell, Cell | None], dict[Cell, int]]:
    """Breadth-first search inside ``region`` from ``root``: (parent, distance) of each cell."""
    nbrs = grid.neighbour_table(rows, cols)
    parent: dict[Cell, Cell | None] = {root: None}
    dist = {root: 0}
    todo = deque([root])
    while todo:
        cell = todo.popleft()
        for nb in nbrs[cell]:
            if nb in region and nb not in parent:
                parent[nb] = cell
                dist[nb] = dist[cell] + 1
                todo.append(nb)
    return parent, dist


def tree_path(parent: dict[Cell, Cell | None], cell: Cell | None) -> list[Cell]:
    out = []
    while cell is not None:
        out.append(cell)
        cell = parent[cell]
    return out
