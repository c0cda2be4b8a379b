"""Nurikabe analysis shared by the CP-SAT and CNF models: each number's reach, which islands are
connected eagerly (distance levels), lazily, or under one shared label, and the implied rules
(distance levels, diagonal enclosure, enclosed spans, border budget) as clauses over literal KEYS
that each model maps to its own variables (``rule_variable``). Why each rule is sound:
docs/nurikabe.md, "Shared encodings"."""

from __future__ import annotations

from collections import deque
from collections.abc import Collection, Iterator
from dataclasses import dataclass
from math import isqrt

from ..puzzles import grid
from ..puzzles.grid import Cell
from ..puzzles.nurikabe import QUESTION, NurikabePuzzle, NurikabeSolution
from ..puzzles.solving import NO_DEADLINE, Deadline
from . import regions


def reach(puzzle: NurikabePuzzle, fixed: NurikabeSolution | None = None,
          deadline: Deadline = NO_DEADLINE) -> list[dict[Cell, int]]:
    """For each numbered cell (in ``clue_cells`` order), the cells its island can contain, with
    their distance from the number: a breadth-first search from the numbered cell that never
    enters another numbered cell or a cell next to one (those would join two numbers), cut at
    distance k-1 for a number k (an island of k cells reaches at most k-1 steps). A "?" reaches
    every cell the search can enter. Every island of every solution lies inside its reach.

    With ``fixed`` (a partial state, e.g. the essay's heuristics' in ``heuristics+sat``): the
    reach of the solutions that agree with it. The search never enters a fixed wall cell, nor a
    cell of a fixed white component holding another number, nor a cell next to one; and a known
    number k whose fixed white component C (the white cells connected to it) has |C| cells
    reaches only cells within k - |C| steps of C (the island holds C, and each step away from C
    takes one more of its cells). The distances stay those from the number, now through the
    cells left, which every path inside the island uses. ``deadline`` is checked per number."""
    rows, cols = puzzle.rows, puzzle.cols
    clues = puzzle.clue_cells()
    nbrs = grid.neighbour_table(rows, cols)
    owner: dict[Cell, set[int]] = {}

    def own(cell: Cell, i: int) -> None:
        for c in (cell, *nbrs[cell]):
            owner.setdefault(c, set()).add(i)

    for i, (cell, _) in enumerate(clues):
        own(cell, i)
    blocked: frozenset[Cell] = frozenset()
    known: dict[int, set[Cell]] = {}
    if fixed is not None:
        blocked = fixed.black
        clue_at = {cell: i for i, (cell, _) in enumerate(clues)}
        for comp in regions.components(fixed.white() | clue_at.keys(), rows, cols):  # numbers are white
            for i in (clue_at[c] for c in comp if c in clue_at):
                known[i] = comp
                for c in comp:
                    own(c, i)

    def enters(cell: Cell, i: int, near=None) -> bool:
        return cell not in blocked and owner.get(cell, {i}) <= {i} and (near is None or cell in near)

    out = []
    for i, (start, v) in deadline.each(enumerate(clues), every=10):
        near = None
        if i in known and v != QUESTION:
            near = _search(known[i], lambda c, i=i: enters(c, i), v - len(known[i]), nbrs)
        out.append(_search([start], lambda c, i=i, near=near: enters(c, i, near),
                           rows * cols if v == QUESTION else v - 1, nbrs))
    return out


def _search(starts, enters, limit: int, nbrs) -> dict[Cell, int]:
    """Breadth-first steps from the ``starts`` through the cells ``enters`` allows, at most
    ``limit`` steps."""
    dist = {s: 0 for s in starts}
    todo = deque(dist)
    while todo:
        cell = todo.popleft()
        d = dist[cell]
        if d >= limit:
            continue
        for nb in nbrs[cell]:
            if nb not in dist and enters(nb):
                dist[nb] = d + 1
                todo.append(nb)
    return dist


def always_wall(puzzle: NurikabePuzzle, reaches: list[dict[Cell, int]]) -> list[Cell]:
    """Cells every solution walls: unnumbered and out of every number's reach (row-major). The
    wall cuts use them as anchors."""
    inside = set().union(*reaches) if reaches else set()
    clued = {cell for cell, _ in puzzle.clue_cells()}
    return [c for c in grid.cells(puzzle.rows, puzzle.cols) if c not in clued and c not in inside]


# Distance-level variables above which an island is connected by lazy cuts instead (levels for
# large islands make packing them hard) ...
EAGER_LEVELS = 3_000
# ... or this many per grid cell on large grids, where every lazy round re-solves a large model
EAGER_LEVELS_PER_CELL = 5

Literal = tuple[bool, tuple]  # (positive, key): a model literal named by its key, e.g. ("x", cell)


def eager_islands(puzzle: NurikabePuzzle, reaches: list[dict[Cell, int]]) -> set[int]:
    """The numbers (indices in ``clue_cells``) whose islands the models connect eagerly by
    ``distance_levels``: known numbers of 2 or more whose levels -- the sum over the reach of
    k - distance -- stay within ``EAGER_LEVELS`` (or ``EAGER_LEVELS_PER_CELL`` per grid cell, if
    more). The others ("?" numbers and huge islands) are connected by lazy cuts; a 1 needs
    neither."""
    cap = max(EAGER_LEVELS, EAGER_LEVELS_PER_CELL * puzzle.rows * puzzle.cols)
    return {i for i, (_, v) in enumerate(puzzle.clue_cells())
            if v != QUESTION and v >= 2 and sum(v - d for d in reaches[i].values()) <= cap}


def lazy_islands(puzzle: NurikabePuzzle, reaches: list[dict[Cell, int]]) -> set[int]:
    """The numbers whose islands the lazy models connect by cuts: all but the ``eager_islands``
    and the 1s (a single cell is connected). The known numbers among them are the
    ``shared_islands``."""
    eager = eager_islands(puzzle, reaches)
    return {i for i, (_, v) in enumerate(puzzle.clue_cells()) if i not in eager and v != 1}


def shared_islands(puzzle: NurikabePuzzle, reaches: list[dict[Cell, int]]) -> set[int]:
    """The huge islands (known numbers too large for distance levels): ``sat`` and ``cpsat`` give
    them ONE shared membership label, "white and in one of the huge islands", instead of one label
    per island, and leave which island a cell is in, and each island's size, to the
    ``shared_label_cuts``. Per-island labels with exact sizes make these islands a pigeonhole-like
    problem (docs/nurikabe.md)."""
    clues = puzzle.clue_cells()
    return {i for i in lazy_islands(puzzle, reaches) if clues[i][1] != QUESTION}


def shared_reach(reaches: list[dict[Cell, int]], shared: Collection[int]) -> dict[Cell, None]:
    """The cells that may carry the shared label: the union of the shared islands' reaches, in
    the order of the islands and of their reaches (the models create the label there and nowhere
    else, in this order; ``shared_label_cuts`` relies on the set)."""
    return {c: None for i in sorted(shared) for c in reaches[i]}


def distance_levels(puzzle: NurikabePuzzle, reaches: list[dict[Cell, int]],
                    i: int) -> Iterator[list[Literal]]:
    """Clauses that connect island i eagerly, over its membership literals ``("x", c)`` (c is in
    island i) and level literals ``("d", c, t)``: c is in island i at most t steps from the
    number through island cells, for t from c's reach distance to k-1:

    * ``d(c, t) -> x(c)``; ``d(c, t-1) -> d(c, t)``;
    * ``d(c, t) -> d(c, t-1) or OR(d(n, t-1) for neighbours n)`` (the number n itself, at
      distance 0, stands as ``x(n)``: its level is always true);
    * ``x(c) -> d(c, k-1)``: every island cell is within k-1 steps.

    Sound and complete: in a solution set ``d(c, t)`` iff c's distance from the number inside the
    island is at most t (never below its reach distance, at most k-1). Every model satisfying
    them has each island cell joined to the number by a path of island cells."""
    home, v = puzzle.clue_cells()[i]
    dist = reaches[i]
    nbrs = grid.neighbour_table(puzzle.rows, puzzle.cols)
    top = v - 1
    for c, near in dist.items():
        if c == home:
            continue
        for t in range(near, top + 1):
            yield [(False, ("d", c, t)), (True, ("x", c))]
            prev: list[Literal] = [(True, ("d", c, t - 1))] if t - 1 >= near else []
            for n in nbrs[c]:
                if n == home:
                    prev.append((True, ("x", home)))
                elif n in dist and t - 1 >= dist[n]:
                    prev.append((True, ("d", n, t - 1)))
            yield [(False, ("d", c, t))] + prev
            if t - 1 >= near:
                yield [(False, ("d", c, t - 1)), (True, ("d", c, t))]
        yield [(False, ("x", c)), (True, ("d", c, top))]


def diagonal_enclosure(puzzle: NurikabePuzzle, reaches: list[dict[Cell, int]],
                       shared: Collection[int] = frozenset()) -> Iterator[list[Literal]]:
    """Clauses for a consequence of the connected wall: where a 2x2 block has wall on one
    diagonal and white on the other, the island of one of the two white cells touches no
    border cell -- it lies inside the wall's loop through the block. Over the models' literals
    ``("b", c)`` (wall) and ``("x", c, i)`` (c in island i: its own label, or the shared label
    for a lone ``shared`` island -- then its own; several shared islands take no part, as a
    shared cell does not say which of them it is in) and two auxiliaries: ``("t", i)`` = island
    i has a border cell, ``("z", c)`` = c is in an island with a border cell:

    * ``x(c, i) -> t(i)`` for the border cells c of i's reach; ``x(c, i) and t(i) -> z(c)``;
    * ``not (b(b1) and b(b2) and z(w1) and z(w2))`` for each diagonal b1-b2 of a 2x2 block
      (no number on it) whose other diagonal w1-w2 may lie in such islands.
    Why it is sound: docs/nurikabe.md, "Why the rules keep every solution"."""
    rows, cols = puzzle.rows, puzzle.cols
    clued = {cell for cell, _ in puzzle.clue_cells()}

    def on_border(c: Cell) -> bool:
        return c[0] in (0, rows - 1) or c[1] in (0, cols - 1)

    z_cells: set[Cell] = set()
    for i, r in enumerate(reaches):
        if i in shared and len(shared) > 1:
            continue
        edge = [c for c in r if on_border(c)]
        if not edge:
            continue
        for c in edge:
            yield [(False, ("x", c, i)), (True, ("t", i))]
        for c in r:
            yield [(False, ("x", c, i)), (False, ("t", i)), (True, ("z", c))]
            z_cells.add(c)
    for a, b, c, d in grid.blocks(rows, cols):
        for (b1, b2), (w1, w2) in (((a, d), (b, c)), ((b, c), (a, d))):
            if b1 in clued or b2 in clued or w1 not in z_cells or w2 not in z_cells:
                continue
            yield [(False, ("b", b1)), (False, ("b", b2)), (False, ("z", w1)), (False, ("z", w2))]


def rule_variable(key: tuple, wall, label, aux):
    """A model's variable for a literal key of the shared rules (``diagonal_enclosure``):
    ``wall[c]`` for ``("b", c)``, ``label(i)[c]`` for ``("x", c, i)`` (the model's label of
    island i), else ``aux(key)``, the rule's own auxiliary, made by the model on first use."""
    if key[0] == "b":
        return wall[key[1]]
    if key[0] == "x":
        return label(key[2])[key[1]]
    return aux(key)


def min_lines(k: int) -> int:
    """The fewest rows and columns, together, that k cells meet: ceil(2 sqrt k) (they lie in the
    a x b cells where a rows meet b columns, so ab >= k and a + b >= 2 sqrt(ab)), 0 for k = 0."""
    return isqrt(4 * k - 1) + 1 if k >= 1 else 0


def max_adjacencies(k: int) -> int:
    """The most orthogonally adjacent pairs k cells of the square grid can have: 2k - ceil(2 sqrt k)
    (Harary and Harborth 1976; a set of k cells, connected or not)."""
    return 2 * k - min_lines(k)


@dataclass(frozen=True)
class EnclosedSpan:
    """``enclosed_spans``' rule for island ``island`` (its index in ``clue_cells``): if no cell of
    ``border`` (the border cells of its reach) is in the island, the island meets at most ``most``
    of ``lines`` (the reach's cells row by row, then column by column; a line is met when one of
    its cells is in the island). ``most`` below ``min_lines(k)``: the island touches the border."""

    island: int
    border: tuple[Cell, ...]
    lines: tuple[tuple[Cell, ...], ...]
    most: int

    def must_touch_border(self, k: int) -> bool:
        return self.most < min_lines(k)

    @property
    def touches(self) -> tuple:
        """The key of ``t(i)``, "island i has a border cell" (``diagonal_enclosure``'s too)."""
        return ("t", self.island)

    def span_keys(self) -> list[tuple]:
        """The keys of the span literals, one per line: "the island meets line j"."""
        return [("span", self.island, j) for j in range(len(self.lines))]

    def clauses(self, k: int) -> list[list[Literal]]:
        """The rule's clauses over the models' literal keys (as ``diagonal_enclosure``'s), for the
        island's number k: a border cell, when even ``min_lines(k)`` lines are too many; else
        ``x(c, i) -> span(i, j)`` for each cell c of line j, and (with border cells)
        ``t(i) -> OR(x(c, i) for c in border)``. The count -- at most ``most`` span literals
        unless ``t(i)`` (always, without border cells) -- each model states in its own way."""
        touch = [(True, ("x", c, self.island)) for c in self.border]
        if self.must_touch_border(k):
            return [touch]
        out = [[(False, ("x", c, self.island)), (True, key)]
               for key, line in zip(self.span_keys(), self.lines, strict=True) for c in line]
        return out + ([[(False, self.touches)] + touch] if self.border else [])


def enclosed_spans(puzzle: NurikabePuzzle, reaches: list[dict[Cell, int]],
                   shared: Collection[int] = frozenset()) -> list[EnclosedSpan]:
    """A consequence of the connected wall of W cells: an island that touches no border cell
    meets at most (W - 3) // 2 rows and columns together (so an island of k cells with
    ``min_lines(k)`` above that touches the border). One rule per island with a known number and
    its own label, or a lone shared island (as in ``diagonal_enclosure``); none with "?" numbers
    (W unknown), and none where the bound cannot bind.
    Why it is sound: docs/nurikabe.md, "Why the rules keep every solution"."""
    w = puzzle.wall_count()
    if w is None:
        return []
    most = (w - 3) // 2
    rows, cols = puzzle.rows, puzzle.cols
    out = []
    for i in range(len(reaches)):
        if i in shared and len(shared) > 1:
            continue
        r = reaches[i]
        lines: dict[tuple[int, int], list[Cell]] = {}
        for c in r:
            lines.setdefault((0, c[0]), []).append(c)
            lines.setdefault((1, c[1]), []).append(c)
        if most >= len(lines):
            continue
        border = tuple(c for c in r if c[0] in (0, rows - 1) or c[1] in (0, cols - 1))
        out.append(EnclosedSpan(i, border, tuple(tuple(lines[key]) for key in sorted(lines)), most))
    return out


def border_budget(puzzle: NurikabePuzzle) -> int | None:
    """How many grid-border edges the wall may touch: a wall cell on a side loses one of its four
    neighbours, a corner wall cell two, and every solution's wall loses at most
    ``3W + 1 - E + sum(max_adjacencies(k))`` in all, for W wall cells and E adjacent pairs of
    cells in the grid (None with "?" numbers: W unknown).
    Why it is sound: docs/nurikabe.md, "Why the rules keep every solution"."""
    w = puzzle.wall_count()
    if w is None:
        return None
    pairs = puzzle.rows * (puzzle.cols - 1) + puzzle.cols * (puzzle.rows - 1)
    return 3 * w + 1 - pairs + sum(max_adjacencies(v) for _, v in puzzle.clue_cells())


def border_constraint(puzzle: NurikabePuzzle) -> tuple[int, dict[Cell, int]] | None:
    """The border budget as the models state it: ``(bound, weights)`` for
    ``sum(weights[c] * wall(c)) <= bound``, weights = how many neighbours each non-number border
    cell lacks (2 in a corner); None when it cannot bind (W unknown, or the bound is at least what
    all border cells together could lose). A negative bound means no solution."""
    bound = border_budget(puzzle)
    if bound is None:
        return None
    clued = {c for c, _ in puzzle.clue_cells()}
    nbrs = grid.neighbour_table(puzzle.rows, puzzle.cols)
    weights = {c: 4 - len(n) for c, n in nbrs.items() if c not in clued and len(n) < 4}
    return None if bound >= sum(weights.values()) else (bound, weights)
