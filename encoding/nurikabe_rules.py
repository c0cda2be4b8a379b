"""Nurikabe's rules stated once for both model families: ``NurikabeRules`` holds the analysis of a
puzzle (``encoding.nurikabe``), the variables (wall ``b``, island labels ``x``, the shared label
``g``) and every rule as a method named after it; a family subclass supplies the few primitives
(a variable, a negation, a clause, the cardinalities) in CP-SAT or CNF. What each rule states and
why it is sound: docs/nurikabe.md."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cached_property
from typing import Any

from ..puzzles import grid
from ..puzzles.nurikabe import QUESTION, NurikabePuzzle, NurikabeSolution
from ..puzzles.solving import NO_DEADLINE, Deadline
from .nurikabe import (
    always_wall,
    border_constraint,
    diagonal_enclosure,
    distance_levels,
    eager_islands,
    enclosed_spans,
    lazy_islands,
    reach,
    rule_variable,
    shared_islands,
    shared_reach,
)
from .nurikabe_cuts import SHARED, connectivity_cuts


class NurikabeRules:
    """The variables and rules of one puzzle. ``fixed``: a partial state the solutions must agree
    with; the reaches then leave out what it rules out, while the huge and eager islands are
    still picked by the puzzle's own reaches (a partial state would shrink huge islands into
    islands with their own labels, sizes and levels, the hard problem the shared label avoids).
    ``WALL_ON_NUMBERS``: whether numbered cells get a wall variable (fixed false). ``deadline``:
    checked per number, row or batch of cells while the analysis and the rules are built."""

    WALL_ON_NUMBERS = True

    # ------------------------------------------------------------ family primitives

    def new_var(self, key: tuple, /) -> Any:
        raise NotImplementedError

    def aux(self, key: tuple, /) -> Any:
        """An auxiliary variable of a shared rule, made on first use."""
        raise NotImplementedError

    def neg(self, v: Any) -> Any:
        raise NotImplementedError

    def clause(self, lits: Sequence[Any], /) -> None:
        """OR of ``lits``; None stands for a literal that is false (a variable the family lacks)."""
        raise NotImplementedError

    def fix(self, v: Any, value: bool) -> None:
        raise NotImplementedError

    def exactly_one(self, lits: Sequence[Any]) -> None:
        raise NotImplementedError

    def island_size(self, lits: Sequence[Any], k: int) -> None:
        raise NotImplementedError

    def shared_size(self, lits: Sequence[Any], k: int) -> None:
        """At least k of lits (the shared label's count; a family may leave it out)."""
        raise NotImplementedError

    def wall_size(self, lits: Sequence[Any], w: int) -> None:
        """Implied: exactly w of lits (a family may leave it out)."""
        raise NotImplementedError

    def weighted_at_most(self, weights: dict[Any, int], bound: int) -> None:
        raise NotImplementedError

    def at_most_unless(self, lits: Sequence[Any], most: int, unless: Any | None) -> None:
        """At most ``most`` of lits, unless ``unless`` (None: always)."""
        raise NotImplementedError

    # ------------------------------------------------------------ analysis and variables

    # cells (or clauses of a generated rule) between two looks at the clock
    BATCH = 2000

    def __init__(self, puzzle: NurikabePuzzle, fixed: NurikabeSolution | None = None,
                 deadline: Deadline = NO_DEADLINE) -> None:
        self.puzzle = puzzle
        self.deadline = deadline
        self.rows, self.cols = puzzle.rows, puzzle.cols
        self.clues = puzzle.clue_cells()
        self.clue_at = {cell: i for i, (cell, _) in enumerate(self.clues)}
        self.reach = reach(puzzle, fixed, deadline)
        self.cells = list(grid.cells(self.rows, self.cols))
        self.open = [c for c in self.cells if c not in self.clue_at]  # cells that may be wall
        walls = self.cells if self.WALL_ON_NUMBERS else self.open
        self.b = {c: self.new_var(("b", c)) for c in deadline.each(walls, every=self.BATCH)}
        chosen = self.reach if fixed is None else reach(puzzle, deadline=deadline)
        deadline.check()
        self.shared = shared_islands(puzzle, chosen)
        self.eager = eager_islands(puzzle, chosen)
        deadline.check()
        self.g = {c: self.new_var(("g", c)) for c in shared_reach(self.reach, self.shared)}
        self.x: list[dict] = [{} if i in self.shared else {c: self.new_var(("x", c, i)) for c in r}
                              for i, r in deadline.each(enumerate(self.reach), every=100)]
        self.wall_count = puzzle.wall_count()
        self.memo: dict = {}  # what the cuts compute from the puzzle alone, kept across rounds
        # the other islands connected by lazy cuts ("?" numbers) keep their own label
        self.lazy = lazy_islands(puzzle, chosen) - self.shared
        deadline.check()

    @cached_property
    def anchors(self) -> list:
        """The cells every solution walls (``always_wall``), for the wall cuts: found on the
        first cut, not while the model is built."""
        return always_wall(self.puzzle, self.reach)

    def nbrs(self, cell):
        return grid.neighbours(self.rows, self.cols, cell)

    def labels(self) -> list[dict]:
        """The membership labels: one per island, and the shared one (when there are shared islands)."""
        return self.x + ([self.g] if self.g else [])

    def label(self, i: int) -> dict:
        """The membership label of number i (or of the cuts' ``SHARED``)."""
        return self.g if i == SHARED or i in self.shared else self.x[i]

    def rule_literal(self, positive: bool, key: tuple) -> Any:
        """The literal of a shared rule's literal key (``encoding.nurikabe.rule_variable``)."""
        var = rule_variable(key, self.b, self.label, self.aux)
        return var if positive else self.neg(var)

    # ------------------------------------------------------------ the rules

    def add_one_role(self) -> None:
        """Each cell is wall or in exactly one island; a number is in its own island."""
        roles: dict = {c: ([self.b[c]] if c in self.b else [])
                       for c in self.deadline.each(self.cells, every=self.BATCH)}
        for xi in self.deadline.each(self.labels(), every=100):
            for c, v in xi.items():
                roles[c].append(v)
        for c, lits in self.deadline.each(roles.items(), every=self.BATCH):
            if c in self.clue_at:
                own = self.label(self.clue_at[c])[c]
                self.fix(own, True)
                for v in lits:
                    if v is not own:
                        self.fix(v, False)
            else:
                self.exactly_one(lits)

    def add_island_sizes(self) -> None:
        """k cells in each island with its own label; at least the sum of the shared islands'
        numbers with the shared label (their sizes are cut lazily)."""
        for i, (_, v) in self.deadline.each(enumerate(self.clues), every=10):
            if v != QUESTION and i not in self.shared:
                self.island_size(list(self.x[i].values()), v)
        if self.shared:
            self.shared_size(list(self.g.values()), sum(self.clues[i][1] for i in self.shared))

    def add_wall_size(self) -> None:
        """Implied: the wall has W cells, stated for a sparse wall (at most a quarter of the cells)."""
        w = self.wall_count
        if w is not None and 4 * w <= len(self.cells):
            self.wall_size([self.b[c] for c in self.open], w)

    def add_border_budget(self) -> None:
        """Implied: the wall touches at most ``border_budget`` grid-border edges."""
        found = border_constraint(self.puzzle)  # (bound, weights) when it can bind
        if found is not None:
            bound, weights = found
            self.weighted_at_most({self.b[c]: k for c, k in weights.items()}, bound)

    def add_island_separation(self) -> None:
        """A cell of an island and a white neighbour are in the same island."""
        for xi in self.deadline.each(self.labels(), every=100):
            for c, v in xi.items():
                for d in self.nbrs(c):
                    self.clause([self.neg(v), self.b.get(d)] + ([xi[d]] if d in xi else []))

    def add_no_2x2_wall(self) -> None:
        for block in self.deadline.each(grid.blocks(self.rows, self.cols), every=self.BATCH):
            if not any(x in self.clue_at for x in block):
                self.clause([self.neg(self.b[x]) for x in block])

    def add_implied_neighbours(self) -> None:
        """Implied: a non-number island cell has an island neighbour; a wall cell has a wall
        neighbour when the wall has two cells or more."""
        for i, xi in self.deadline.each(enumerate(self.x), every=100):
            home = self.clues[i][0]
            for c, v in xi.items():
                if c != home and home not in self.nbrs(c):
                    self.clause([self.neg(v)] + [xi[d] for d in self.nbrs(c) if d in xi])
        homes = {self.clues[i][0] for i in self.shared}
        for c, v in self.deadline.each(self.g.items(), every=self.BATCH):
            if c not in homes:
                self.clause([self.neg(v)] + [self.g[d] for d in self.nbrs(c) if d in self.g])
        if self.wall_count is not None and self.wall_count >= 2:
            for c in self.deadline.each(self.open, every=self.BATCH):
                wall_nbrs = [self.b[d] for d in self.nbrs(c) if d not in self.clue_at]
                self.clause([self.neg(self.b[c])] + wall_nbrs)

    def add_island_levels(self) -> None:
        """Eager connectivity by distance levels for the islands ``eager_islands`` picks."""
        for i in self.deadline.each(sorted(self.eager), every=10):
            xi = self.x[i]

            def lit(positive, key, i=i, xi=xi):
                var = xi[key[1]] if key[0] == "x" else self.aux(("d", key[1], i, key[2]))
                return var if positive else self.neg(var)

            for clause in distance_levels(self.puzzle, self.reach, i):
                self.clause([lit(*x) for x in clause])

    def add_diagonal_enclosure(self) -> None:
        """Implied by the connected wall: across a 2x2 block's wall diagonal, one of the two
        islands touches no border cell. The islands with their own label take part, and a lone
        shared island with the shared label."""
        for clause in self.deadline.each(diagonal_enclosure(self.puzzle, self.reach, self.shared),
                                         every=self.BATCH):
            self.clause([self.rule_literal(*x) for x in clause])

    def add_enclosed_spans(self) -> None:
        """Implied by the connected wall: an island that touches no border cell meets at most
        (W - 3) // 2 rows and columns; where even min_lines(k) is too many, it has a border cell."""
        for rule in self.deadline.each(enclosed_spans(self.puzzle, self.reach, self.shared), every=10):
            k = self.clues[rule.island][1]
            for clause in rule.clauses(k):
                self.clause([self.rule_literal(*x) for x in clause])
            if rule.must_touch_border(k):
                continue
            spans = [self.rule_literal(True, key) for key in rule.span_keys()]
            unless = self.rule_literal(True, rule.touches) if rule.border else None
            self.at_most_unless(spans, rule.most, unless)

    def build(self) -> None:
        """Every rule but the connectivity of the wall and of the lazy islands (cut lazily, or
        by a family's own trees)."""
        self.add_one_role()
        self.add_island_sizes()
        self.add_wall_size()
        self.add_border_budget()
        self.add_island_separation()
        self.add_no_2x2_wall()
        self.add_implied_neighbours()
        self.add_island_levels()
        self.add_diagonal_enclosure()
        self.add_enclosed_spans()

    # ------------------------------------------------------------ candidates, cuts, blocking

    def read(self, value: Callable[[Any], bool]):
        """A candidate: (wall cells, members of each lazy island with its own label, shared cells)."""
        black = frozenset(c for c, v in self.b.items() if value(v))
        members = [[c for c, v in xi.items() if value(v)] if i in self.lazy else []
                   for i, xi in enumerate(self.x)]
        return black, members, [c for c, v in self.g.items() if value(v)]

    def cut_clauses(self, black, members, shared_cells=()) -> list[list]:
        """The connectivity cuts of a candidate as clauses (none when every island and the wall
        are connected); which cuts: ``encoding.nurikabe_cuts.connectivity_cuts``."""
        out: list[list] = []
        for cut in connectivity_cuts(self.puzzle, self.reach, self.anchors, black, members,
                                     self.shared, shared_cells, self.memo):
            var = self.b if cut.island is None else self.label(cut.island)
            rim = [var[d] for d in cut.rim]
            also = [] if cut.also is None else [self.neg(var[cut.also])]
            if cut.each:
                out.extend([self.neg(var[c])] + also + rim for c in cut.piece)
            else:
                out.append([self.neg(var[c]) for c in cut.piece] + rim)
        return out

    def refine(self, candidate, add_clause: Callable[[list], Any], stats: dict) -> list[NurikabeSolution]:
        """The lazy loop's step: the solution when the candidate is connected, else its cuts go
        to ``add_clause`` (counted in ``stats``) and nothing is returned."""
        black, members, shared_cells = candidate
        cuts = self.cut_clauses(black, members, shared_cells)
        self.deadline.check(building=False)
        if not cuts:
            return [NurikabeSolution(self.rows, self.cols, black)]
        stats["rounds"] += 1
        stats["cuts"] += len(cuts)
        for clause in cuts:
            add_clause(clause)
        return []

    def block_clause(self, solution: NurikabeSolution) -> list:
        """Excludes exactly this solution: its wall cells (all walls have W cells), or with "?"
        numbers the whole wall assignment."""
        if self.wall_count is not None:
            return [self.neg(self.b[c]) for c in solution.black]
        return [self.neg(self.b[c]) if c in solution.black else self.b[c] for c in self.open]
