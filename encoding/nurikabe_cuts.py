"""Nurikabe's lazy connectivity cuts, found in a candidate assignment (wall cells, island
members, shared-label cells) and stated over "piece" and "rim" cells; each model turns a
``ConnectivityCut`` into its own clauses. Why no cut removes a solution: docs/nurikabe.md."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from ..puzzles import grid
from ..puzzles.grid import Cell
from ..puzzles.nurikabe import QUESTION, NurikabePuzzle
from .nurikabe import shared_reach
from .regions import bfs_tree, boundary, components, facing, start_distances, tree_path

SHARED = -1  # ``ConnectivityCut.island`` of a cut on the shared label of the ``shared_islands``


@dataclass(frozen=True)
class ConnectivityCut:
    """One lazy connectivity cut on a separated piece of island ``island`` (its index in
    ``clue_cells``), of the wall (``island`` None) or of the shared label (``island`` SHARED); in
    the models' words, with ``in(c)`` = "c is in that island" / "c is wall" / "c is in one of the
    shared islands":

    * ``each``: for every cell c of ``piece``: ``in(c) [and in(also)] -> OR(in(d) for d in rim)``;
    * not ``each`` (the piece holding the number, too small): ``AND(in(c) for c in piece) ->
      OR(in(d) for d in rim)``; with an empty rim: not all of ``piece``.

    Why no cut removes a solution: docs/nurikabe.md."""

    island: int | None
    piece: frozenset[Cell]
    rim: frozenset[Cell]
    each: bool = True
    also: Cell | None = None


def _remembered(memo: dict | None, key, make, *args):
    """``make(*args)``, kept in ``memo`` under ``key`` when the caller gives one (the lazy models
    keep one per puzzle: what the cuts compute from the puzzle alone is the same in every round)."""
    if memo is None:
        return make(*args)
    if key not in memo:
        memo[key] = make(*args)
    return memo[key]


def shared_label_cuts(puzzle: NurikabePuzzle, reaches: list[dict[Cell, int]], shared: Collection[int],
                      cells, memo: dict | None = None) -> list[ConnectivityCut]:
    """The cuts (``island`` SHARED) for a model's cells with the shared label of the
    ``shared_islands`` (``cells``): none when every component of them holds exactly one shared
    number, lies within its reach and has its k cells -- then the components are the islands.
    Number cells, which every model labels, are left out of the pieces. For each component C:

    * no number: for each c in C, ``in(c) -> OR(in(d) for d in F)``, F = the cells of the rim N
      (the cells of the shared reaches next to C) next to the components of the shared numbers in
      (the shared reaches minus C minus N): ``facing``, with every shared number as a start;
    * two numbers or more: not all of a shortest path inside C from the first number to each other;
    * one number h of k: for the cells of C out of h's reach or more than k-1 steps from h inside
      C, whose previous cell on a shortest path from h is neither: not all of that path; else,
      with more than k cells: not all of the k+1 cells of C nearest h (a connected set); with
      fewer than k: ``AND(in(c) for c in C) -> OR(in(d) for d in N)``.
    Why it is sound: docs/nurikabe.md, "Why the rules keep every solution"."""
    rows, cols = puzzle.rows, puzzle.cols
    clues = _remembered(memo, "clues", puzzle.clue_cells)
    homes = {clues[i][0]: i for i in shared}
    allowed = _remembered(memo, "shared reach", shared_reach, reaches, shared)
    guide = _remembered(memo, "shared guide", start_distances, homes, allowed, rows, cols)
    out: list[ConnectivityCut] = []

    def nogood(path):
        return ConnectivityCut(SHARED, frozenset(c for c in path if c not in homes), frozenset(), each=False)

    for comp in components(cells, rows, cols):
        numbers = sorted(c for c in comp if c in homes)
        if not numbers:
            near = {d for d in boundary(comp, rows, cols) if d in allowed}
            out.append(ConnectivityCut(SHARED, frozenset(comp),
                                       frozenset(facing(comp, near, homes, allowed, rows, cols, guide))))
            continue
        home = numbers[0]
        parent, dist = bfs_tree(comp, home, rows, cols)
        if len(numbers) > 1:
            out.extend(nogood(tree_path(parent, other)) for other in numbers[1:])
            continue
        i = homes[home]
        k, own = clues[i][1], reaches[i]

        def stray(c, k=k, own=own, dist=dist):
            return c not in own or dist[c] > k - 1

        far = [c for c in comp if stray(c) and not stray(parent[c])]
        if far:
            out.extend(nogood(tree_path(parent, c)) for c in far)
        elif len(comp) > k:
            out.append(nogood(sorted(comp, key=dist.__getitem__)[:k + 1]))
        elif len(comp) < k:
            near = {d for d in boundary(comp, rows, cols) if d in allowed}
            out.append(ConnectivityCut(SHARED, frozenset(comp - {home}), frozenset(near), each=False))
    return out


def connectivity_cuts(puzzle: NurikabePuzzle, reaches: list[dict[Cell, int]], anchors: list[Cell],
                      black, members, shared: Collection[int] = frozenset(),
                      shared_cells=(), memo: dict | None = None) -> list[ConnectivityCut]:
    """The cuts for a model's wall cells ``black``, island cells ``members`` (one collection
    per number, only for the islands connected lazily with their own label; others empty) and
    cells with the shared label of the ``shared`` islands (``shared_label_cuts``): none when every
    one of them is connected and the shared label makes the right islands. Island pieces
    without the number cut on the rim side facing the number, the number's piece (a known
    number: it must grow) on its whole rim; wall pieces on the side facing an anchor outside
    them (``always_wall``), else on their whole rim -- with another wall piece's first cell as
    ``also`` unless the piece has fewer cells than every solution's wall (the wall size W is
    known, no "?" numbers, and the piece is smaller than W). ``memo``: a dict the caller keeps
    for the puzzle, in which what the cuts compute from the puzzle alone is kept across rounds
    (the numbers, the guides of ``facing``)."""
    rows, cols = puzzle.rows, puzzle.cols
    clues = _remembered(memo, "clues", puzzle.clue_cells)
    out: list[ConnectivityCut] = []
    for i, cells in enumerate(members):
        if len(cells) < 2:
            continue
        pieces = components(cells, rows, cols)
        if len(pieces) < 2:
            continue
        allowed, (home, value) = reaches[i], clues[i]
        for piece in pieces:
            near = {d for d in boundary(piece, rows, cols) if d in allowed}
            if home not in piece:
                guide = _remembered(memo, ("guide", i), start_distances, [home], allowed, rows, cols)
                face = facing(piece, near, [home], allowed, rows, cols, guide)
                out.append(ConnectivityCut(i, frozenset(piece), frozenset(face)))
            elif value != QUESTION:
                out.append(ConnectivityCut(i, frozenset(piece - {home}), frozenset(near), each=False))
    walls = components(black, rows, cols)
    if len(walls) >= 2:
        clued = _remembered(memo, "clued", lambda: {cell for cell, _ in clues})
        open_cells = _remembered(memo, "open", lambda: {c for c in grid.cells(rows, cols) if c not in clued})
        size = puzzle.wall_count()
        for k, piece in enumerate(walls):
            near = {d for d in boundary(piece, rows, cols) if d not in clued}
            anchor = next((a for a in anchors if a not in piece), None)
            if anchor is not None:  # a wall cell of every solution, outside the piece
                guide = _remembered(memo, ("guide", anchor),
                                    start_distances, [anchor], open_cells, rows, cols)
                near = facing(piece, near, [anchor], open_cells, rows, cols, guide)
            # the whole rim alone only when no solution's wall fits inside the piece: a model's
            # wall may be larger than a solution's (``sat`` without the shared label's count)
            alone = anchor is not None or (size is not None and len(piece) < size)
            also = None if alone else min(walls[k - 1])
            out.append(ConnectivityCut(None, frozenset(piece), frozenset(near), also=also))
    if shared:
        out.extend(shared_label_cuts(puzzle, reaches, shared, shared_cells, memo))
    return out
