"""Nurikabe: the puzzle and solution types, and the domain facts every backend shares.

Rules (seed: the J essay's Introduction; Nikoli): the numbered cells stay white; colour every
other cell black (wall) or white so that

* each numbered cell k is part of an island of k orthogonally connected white cells, and every
  white cell belongs to exactly one such island (an island holds exactly one number);
* all black cells are orthogonally connected (the wall); a grid without black cells is accepted,
  as the puzz.link checker does (the essay's ``check`` wants exactly one black island: see
  ``native_rules/nurikabe.py``);
* no 2x2 block is all black.

A clue ``?`` (puzz.link ``.``, janko ``?``) is a numbered cell whose number is unknown: it is white
and its island holds no other number, of any size.

A solution is the set of wall cells; ``undecided`` cells (neither wall nor island) only occur in
partial states read from files, and the checker rejects them.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass, field
from heapq import heappop, heappush
from math import isqrt

from . import grid
from .grid import Cell

KIND = "nurikabe"
QUESTION = -1  # a numbered cell whose number is unknown ("?")
MAX_SIDE = 1000


@dataclass(frozen=True)
class NurikabePuzzle:
    rows: int
    cols: int
    clues: tuple[tuple[int | None, ...], ...]  # None = blank, k >= 1, or QUESTION

    kind = KIND

    def __post_init__(self) -> None:
        if not (1 <= self.rows <= MAX_SIDE and 1 <= self.cols <= MAX_SIDE):
            raise ValueError(f"impossible size {self.rows}x{self.cols} (1..{MAX_SIDE} per side)")
        if len(self.clues) != self.rows or any(len(row) != self.cols for row in self.clues):
            raise ValueError(f"clue grid is not {self.rows}x{self.cols}")
        for row in self.clues:
            for v in row:
                if v is not None and v != QUESTION and not (isinstance(v, int) and v >= 1):
                    raise ValueError(f"clue {v!r} is impossible (a numbered cell is part of its own "
                                     "island, so numbers start at 1)")

    @classmethod
    def from_rows(cls, rows: list[list[int | None]]) -> NurikabePuzzle:
        return cls(len(rows), len(rows[0]) if rows else 0, tuple(tuple(r) for r in rows))

    def clue(self, cell: Cell) -> int | None:
        return self.clues[cell[0]][cell[1]]

    def clue_cells(self) -> list[tuple[Cell, int]]:
        """Every numbered cell with its number (QUESTION for "?"), row-major."""
        return [((r, c), v) for r, row in enumerate(self.clues) for c, v in enumerate(row) if v is not None]

    def has_unknown_clues(self) -> bool:
        return any(v == QUESTION for row in self.clues for v in row)

    def wall_count(self) -> int | None:
        """How many cells every solution walls: cells minus the sum of the numbers (None when a
        "?" makes it unknown)."""
        if self.has_unknown_clues():
            return None
        return self.rows * self.cols - sum(v for _, v in self.clue_cells())

    @property
    def size(self) -> str:
        return f"{self.rows}x{self.cols}"


@dataclass(frozen=True)
class NurikabeSolution:
    """The wall cells (canonical: a frozenset). ``undecided`` is empty for every solution a
    backend returns; partial states read from files may leave cells undecided."""

    rows: int
    cols: int
    black: frozenset[Cell]
    undecided: frozenset[Cell] = field(default_factory=frozenset)

    kind = KIND

    @classmethod
    def from_cells(cls, rows: int, cols: int, black, undecided=()) -> NurikabeSolution:
        return cls(rows, cols, frozenset(map(tuple, black)), frozenset(map(tuple, undecided)))

    def white(self) -> frozenset[Cell]:
        return frozenset(grid.cells(self.rows, self.cols)) - self.black - self.undecided

    def to_json(self) -> dict:
        out: dict = {"black": [list(c) for c in sorted(self.black)]}
        if self.undecided:
            out["undecided"] = [list(c) for c in sorted(self.undecided)]
        return out

    @classmethod
    def from_json(cls, puzzle: NurikabePuzzle, obj: dict) -> NurikabeSolution:
        try:
            black = [(int(r), int(c)) for r, c in obj["black"]]
            undecided = [(int(r), int(c)) for r, c in obj.get("undecided", [])]
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise ValueError('expected {"black": [[r, c], ...]}') from exc
        for cell in black + undecided:
            if not (0 <= cell[0] < puzzle.rows and 0 <= cell[1] < puzzle.cols):
                raise ValueError(f"cell {cell} is not in a {puzzle.size} grid")
        return cls.from_cells(puzzle.rows, puzzle.cols, black, undecided)


# ---------------------------------------------------------------- shared facts for the models


def reach(puzzle: NurikabePuzzle, fixed: NurikabeSolution | None = None) -> list[dict[Cell, int]]:
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
    cells left, which every path inside the island uses."""
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
        for comp in components(fixed.white() | clue_at.keys(), rows, cols):  # numbers are white
            for i in (clue_at[c] for c in comp if c in clue_at):
                known[i] = comp
                for c in comp:
                    own(c, i)

    def enters(cell: Cell, i: int, near=None) -> bool:
        return cell not in blocked and owner.get(cell, {i}) <= {i} and (near is None or cell in near)

    out = []
    for i, (start, v) in enumerate(clues):
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


def components(cells, rows: int, cols: int) -> list[set[Cell]]:
    """Orthogonally connected components of a set of cells, each found from its smallest cell,
    in row-major order of those cells."""
    nbrs = grid.neighbour_table(rows, cols)
    todo = set(cells)
    out = []
    for start in sorted(todo):
        if start not in todo:
            continue
        todo.discard(start)
        comp = {start}
        stack = [start]
        while stack:
            for nb in nbrs[stack.pop()]:
                if nb in todo:
                    todo.discard(nb)
                    comp.add(nb)
                    stack.append(nb)
        out.append(comp)
    return out


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
    component is exhausted. A search from the starts would cross most of the grid for every
    piece, and the wall cuts ask for every piece in every round (janko #1055: 11 s of 36 s).
    The search is guided by ``guide`` = ``start_distances(starts, allowed, ...)``, the steps to the
    nearest start with nothing blocked: the same for every piece, so the cuts compute it once per
    puzzle and pass it (the Manhattan distance to the nearest start, computed for every cell
    pushed, cost more: #1055's ``facing`` 5.8 s -> 2.2 s under the profiler, with 8 % fewer cells
    pushed); a cell the guide leaves out reaches no start even with nothing blocked."""
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


def always_wall(puzzle: NurikabePuzzle, reaches: list[dict[Cell, int]]) -> list[Cell]:
    """Cells every solution walls: unnumbered and out of every number's reach (row-major). The
    wall cuts use them as anchors."""
    inside = set().union(*reaches) if reaches else set()
    clued = {cell for cell, _ in puzzle.clue_cells()}
    return [c for c in grid.cells(puzzle.rows, puzzle.cols) if c not in clued and c not in inside]


# Distance-level variables above which an island is connected by lazy cuts instead: levels for
# islands of 25-30 cells make packing them hard (janko #1050 in ``sat``: 20 s -> 6 s at 3000, the
# first solver call alone took 15 s); small islands stay eager (the median is unchanged) ...
EAGER_LEVELS = 3_000
# ... or 5 per grid cell on large grids, where every lazy round re-solves a large model (janko #690,
# 50x50, islands of 47-70 cells: 83 s -> 11 s in ``sat``)
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
    problem: janko #1055 (eight 50s) was never solved, even with everything else fixed to the
    solution; #94 6 s -> 1.5 s."""
    clues = puzzle.clue_cells()
    return {i for i in lazy_islands(puzzle, reaches) if clues[i][1] != QUESTION}


def shared_reach(reaches: list[dict[Cell, int]], shared: set[int]) -> dict[Cell, None]:
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
            prev = [(True, ("d", c, t - 1))] if t - 1 >= near else []
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
                       shared: set[int] = frozenset()) -> Iterator[list[Literal]]:
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

    Why it removes no solution: set t and z to exactly what they say; the implications hold. For the
    last clause, the wall joins b1 to b2 by a path of wall cells; through the cell centres it and
    the block's diagonal b1-b2 form a simple closed curve (a shortest path repeats no cell, and the
    diagonal meets no segment between orthogonal neighbours). The segment w1-w2 crosses that curve
    once, at the block's centre, so w1 and w2 lie on opposite sides, one of them (say w1) inside.
    w1's island is connected through white cells, whose steps never meet the curve, so all of it is
    inside; a border cell's centre cannot be inside a curve drawn through cell centres, every point
    near it on the far side of the grid being outside. So w1's island has no border cell. (Two white
    cells of one island cannot face wall that way at all.) The rule is what finally proves janko #29
    (a 36 and a 37 on a 10x10, walled apart by a 27-cell ring): its models separated the two islands
    with wall pieces that met only at such corners, cut one by one for ever; ``sat`` then proved it
    in 25-47 s (no backend had solved it before), and with ``enclosed_spans`` in 0.2 s."""
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
                   shared: set[int] = frozenset()) -> list[EnclosedSpan]:
    """A consequence of the connected wall of W cells: an island that touches no border cell
    meets at most (W - 3) // 2 rows and columns together (so an island of k cells with
    ``min_lines(k)`` above that touches the border). One rule per island with a known number and
    its own label, or a lone shared island (as in ``diagonal_enclosure``); none with "?" numbers
    (W unknown), and none where the bound cannot bind.

    Why (an isoperimetric count): let island S touch no border cell and meet a rows and b columns.
    Every neighbour of S is in the grid and is wall (a white neighbour would be in S's island).
    Count the wall's maximal horizontal runs h: in each of the a rows, the cells just left of S's
    leftmost cell there and just right of its rightmost are wall, with a cell of S between them --
    two runs; the row above S's top row and the row below its bottom row hold a wall cell each
    (next to S), and meet no cell of S: h >= 2a + 2. Likewise the vertical runs v >= 2b + 2. A run
    of n cells holds n - 1 adjacent pairs, so the wall has W - h horizontal and W - v vertical
    adjacent pairs, and being connected it has at least W - 1: 2W - h - v >= W - 1, so
    W >= h + v - 1 >= 2(a + b) + 3. Janko #29 (a 36 and a 37 on a 10x10, W = 27): the 37 touches
    the border (here the models knew that already: its number's two border neighbours would wall
    it in alone), so ``diagonal_enclosure`` walls the 36 in, and this rule keeps it within 12 rows
    and columns -- the 6x6 square, whose ring is the whole wall. ``sat`` took 25-47 s to prove it
    without this rule, 0.1-0.25 s with it (the session's runs and the corpus run of 2026-11-23
    12:23)."""
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

    Why: every pair of adjacent cells is wall-wall (E_ww), wall-island (E_wi) or island-island
    (E_ii: two white neighbours are in the same island, so E_ii is at most the sum of
    ``max_adjacencies`` of the numbers). Counting the wall cells' neighbours, 4W - lost =
    2 E_ww + E_wi = E + E_ww - E_ii, so lost = 4W - E - E_ww + E_ii, and the connected wall has
    E_ww >= W - 1 (also when W is 0). It bites when the wall is short and the islands must be compact
    (janko #753: 4 wall cells may touch the border, 5 s -> 1.5 s)."""
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

    Why no cut removes a solution is argued in satmodels/nurikabe.py, for the shared label in
    ``shared_label_cuts``."""

    island: int | None
    piece: frozenset[Cell]
    rim: frozenset[Cell]
    each: bool = True
    also: Cell | None = None


def _tree(region, root: Cell, rows: int, cols: int) -> tuple[dict[Cell, Cell | None], dict[Cell, int]]:
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


def _path(parent: dict[Cell, Cell | None], cell: Cell | None) -> list[Cell]:
    out = []
    while cell is not None:
        out.append(cell)
        cell = parent[cell]
    return out


def _remembered(memo: dict | None, key, make, *args):
    """``make(*args)``, kept in ``memo`` under ``key`` when the caller gives one (the lazy models
    keep one per puzzle: what the cuts compute from the puzzle alone is the same in every round)."""
    if memo is None:
        return make(*args)
    if key not in memo:
        memo[key] = make(*args)
    return memo[key]


def shared_label_cuts(puzzle: NurikabePuzzle, reaches: list[dict[Cell, int]], shared: set[int],
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

    Why no cut removes a solution (whose label is true exactly on the shared islands' cells): a
    cell c of the island of a shared number h is joined to h by a path inside the island, so
    inside h's reach. h is neither in C (C has no number) nor in N (the model labels h, so h would
    be in C), so the path starts in R (the component of h) and ends in C; its first cell outside
    R is next to R, so in C or N, and not in C (the cell before it, in R, would be next to C, so
    in N): a labelled cell of F. A labelled path joining two numbers would put both in one
    island. A labelled path from h to c puts c, and every cell of the path, in h's island: c is in
    h's reach, and a shortest path of k steps or more has more than k cells. k+1 labelled cells
    connected to h are all in h's island of k cells. A labelled C with an unlabelled rim is a
    whole island (the rim's other cells are walls: two white neighbours share an island), of
    fewer than k cells. ``memo``: as in ``connectivity_cuts``."""
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
        parent, dist = _tree(comp, home, rows, cols)
        if len(numbers) > 1:
            out.extend(nogood(_path(parent, other)) for other in numbers[1:])
            continue
        i = homes[home]
        k, own = clues[i][1], reaches[i]

        def stray(c, k=k, own=own, dist=dist):
            return c not in own or dist[c] > k - 1

        far = [c for c in comp if stray(c) and not stray(parent[c])]
        if far:
            out.extend(nogood(_path(parent, c)) for c in far)
        elif len(comp) > k:
            out.append(nogood(sorted(comp, key=dist.__getitem__)[:k + 1]))
        elif len(comp) < k:
            near = {d for d in boundary(comp, rows, cols) if d in allowed}
            out.append(ConnectivityCut(SHARED, frozenset(comp - {home}), frozenset(near), each=False))
    return out


def connectivity_cuts(puzzle: NurikabePuzzle, reaches: list[dict[Cell, int]], anchors: list[Cell],
                      black, members, shared: set[int] = frozenset(),
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
    (the numbers, the guides of ``facing``: janko #1055's cuts took 3.7 s of its 17-18 s, now
    2.8 s)."""
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
