"""Nurikabe in OR-Tools CP-SAT: the shared rules (``encoding.nurikabe_rules``), two connectivity
encodings.

Rules: numbered cells stay white; every white cell belongs to the island of exactly one number;
the island of a number k has k cells and is connected; the wall (black cells) is connected; no
2x2 block is all wall. A number "?" has an island of any size.

``cpsat`` (``solve``): lazy connectivity -- the shared rules (small islands connected by distance
levels, huge ones on the shared label), then the wall, "?" islands and the shared label are cut
and the model re-solved (``solving.search``, presolve off).

``cpsat-tree`` (``solve_tree``): eager connectivity by spanning trees -- every white non-number
cell picks a white parent of smaller depth (chains end at a number), the wall is a rooted tree
(``vocabulary.add_rooted_tree``), the huge islands are sized by flows along their trees and kept
apart by an island index. Parents, depths and flows are not functions of the solution, so
solutions are enumerated by re-solving with blocking constraints.

Why every cut and implied rule keeps every solution, and the measurements behind the choices:
docs/nurikabe.md, "The models".
"""

from __future__ import annotations

from ortools.sat.python import cp_model

from ..encoding.nurikabe_rules import NurikabeRules
from ..puzzles.grid import Cell
from ..puzzles.nurikabe import QUESTION, NurikabePuzzle, NurikabeSolution
from ..puzzles.solving import NO_DEADLINE, Deadline, Limit, SolveResult, stops_at_deadline
from . import solving, vocabulary

# re-solved once per round of cuts: presolve costs more than it saves
LAZY_PARAMS = {"cp_model_presolve": False, "symmetry_level": 0}


class NurikabeModel(NurikabeRules):
    """The CP-SAT model of one puzzle: the shared rules (``encoding.nurikabe_rules``); numbered
    cells have no wall variable."""

    WALL_ON_NUMBERS = False

    def __init__(self, puzzle: NurikabePuzzle, deadline: Deadline = NO_DEADLINE) -> None:
        self.model = cp_model.CpModel()
        self.aux_vars: dict = {}
        super().__init__(puzzle, deadline=deadline)

    def new_var(self, key: tuple):
        return self.model.new_bool_var("".join(map(str, key)))

    def aux(self, key: tuple):
        if key not in self.aux_vars:
            self.aux_vars[key] = self.model.new_bool_var("".join(map(str, key)))
        return self.aux_vars[key]

    def neg(self, v):
        return v.Not()

    def clause(self, lits) -> None:
        self.model.add_bool_or([v for v in lits if v is not None])

    def fix(self, v, value: bool) -> None:
        self.model.add(v == int(value))

    def exactly_one(self, lits) -> None:
        self.model.add_exactly_one(lits)

    def island_size(self, lits, k: int) -> None:
        vocabulary.exactly(self.model, lits, k)

    def shared_size(self, lits, k: int) -> None:
        vocabulary.at_least(self.model, lits, k)

    def wall_size(self, lits, w: int) -> None:
        """Not stated: CP-SAT gains nothing from it."""

    def weighted_at_most(self, weights: dict, bound: int) -> None:
        self.model.add(sum(k * v for v, k in weights.items()) <= bound)

    def at_most_unless(self, lits, most: int, unless) -> None:
        at_most = vocabulary.at_most(self.model, lits, most)
        if unless is not None:
            at_most.only_enforce_if(unless.Not())

    def read_solver(self, solver):
        return self.read(solver.boolean_value)

    def read_walls(self, solver) -> NurikabeSolution:
        """The walls alone: the eager tree model needs no refinement, so no candidate."""
        return NurikabeSolution(self.puzzle.rows, self.puzzle.cols,
                                frozenset(c for c, v in self.b.items() if solver.boolean_value(v)))

    def block(self, solution: NurikabeSolution) -> None:
        self.model.add_bool_or(self.block_clause(solution))

    # ------------------------------------------------------------ spanning trees

    def add_island_trees(self) -> dict:
        """The islands' spanning trees; returns the parent literals, keyed (child, parent)."""
        model = self.model
        big = self.rows * self.cols
        top = {c: 0 for c in self.cells}
        owners: dict = {}  # cell -> the numbers with their own label there
        sharers: dict = {}  # cell -> the numbers of the shared islands that reach it
        for i, (_, v) in self.deadline.each(enumerate(self.clues), every=100):
            for c in self.reach[i]:
                top[c] = max(top[c], big if v == QUESTION else v - 1)
                (sharers if i in self.shared else owners).setdefault(c, []).append(i)
        dep = {c: model.new_int_var(0, top[c], f"dep{c}") for c in self.cells}
        arc = {}  # (child, parent) -> "the parent of white cell child is its neighbour parent"
        for c in self.deadline.each(self.cells, every=self.BATCH):
            if c in self.clue_at:
                model.add(dep[c] == 0)
                continue
            arcs = []
            for d in self.nbrs(c):
                if top[d] == 0 and d not in self.clue_at:
                    continue
                a = model.new_bool_var(f"p{c}{d}")
                arcs.append(a)
                arc[c, d] = a
                if d in self.b:
                    model.add_implication(a, self.b[d].Not())
                model.add(dep[d] < dep[c]).only_enforce_if(a)
            model.add(sum(arcs) + self.b[c] == 1)  # white: exactly one parent
            mine = owners.get(c, [])
            if all(self.clues[i][1] != QUESTION for i in mine):  # depth < the island's number
                most = max((self.clues[i][1] for i in sharers.get(c, [])), default=1)
                model.add(dep[c] <= sum((self.clues[i][1] - 1) * self.x[i][c] for i in mine)
                          + (most - 1) * self.g.get(c, 0))
        return arc

    def add_shared_flows(self, arc: dict) -> None:
        """The huge islands' sizes and separation in ``cpsat-tree``, without per-island labels:
        ``s[c]`` = the number of cells of c's subtree (the island tree's cells whose parent chain
        passes c), so ``s[c] = g[c] + sum of s over the children``, and a number's s is its
        number; ``r[c]`` = which huge island (when there are several): equal across two adjacent
        shared cells, a number's own at its cell. In a model every shared cell's parent chain ends
        at a huge number (``add_island_trees``, whose parent literals are ``arc``), the cells of
        one component of the label share r, so hold exactly one number, and the flows count them:
        its number. A solution gives every variable a value (the subtree sizes of a breadth-first
        tree, the island's index). Implied: the label has exactly the sum of the huge numbers'
        cells (``cpsat`` and ``sat`` state at least that: there an exact count slows them)."""
        if not self.shared:
            return
        model, g = self.model, self.g
        model.add(sum(g.values()) == sum(self.clues[i][1] for i in self.shared))
        kmax = max(self.clues[i][1] for i in self.shared)
        s = {c: model.new_int_var(0, kmax, f"s{c}") for c in g}
        for c in g:
            model.add(s[c] <= kmax * g[c])
        for c in self.deadline.each(g, every=self.BATCH):
            terms = []
            for e in self.nbrs(c):
                a = arc.get((e, c))
                if e in g and a is not None:
                    t = model.new_int_var(0, kmax, f"t{e}{c}")
                    model.add(t == s[e]).only_enforce_if(a)
                    model.add(t == 0).only_enforce_if(a.Not())
                    terms.append(t)
            if c in self.clue_at:
                model.add(s[c] == self.clues[self.clue_at[c]][1])
                model.add(sum(terms) == s[c] - 1)
            else:
                model.add(s[c] == g[c] + sum(terms))
        if len(self.shared) > 1:
            order = sorted(self.shared)
            r = {c: model.new_int_var_from_domain(cp_model.Domain.from_values(
                [k for k, i in enumerate(order) if c in self.reach[i]]), f"r{c}") for c in g}
            for k, i in enumerate(order):
                model.add(r[self.clues[i][0]] == k)
            for c in g:
                for d in self.nbrs(c):
                    if d in g and c < d:
                        model.add(r[c] == r[d]).only_enforce_if([g[c], g[d]])

    def centre_first(self, cells) -> list:
        """The cells ordered by their distance from the grid's centre (Manhattan, ties in
        row-major order)."""
        return sorted(cells, key=lambda c: (abs(2 * c[0] + 1 - self.rows) + abs(2 * c[1] + 1 - self.cols), c))

    def add_wall_tree(self) -> Cell | None:
        """The connected wall as a rooted tree (``vocabulary.add_rooted_tree``). The root is the
        cell out of every reach (walled in every solution) nearest the grid's centre; without such
        a cell, the first wall cell in the same order from the centre outward (a prefix chain of
        "no wall yet" literals picks it). A root in the middle roughly halves the depths the tree
        needs (docs/nurikabe.md). Returns the fixed root (None when it is the first wall cell,
        chosen by the model, or there is no wall)."""
        model = self.model
        size = self.wall_count if self.wall_count is not None else len(self.open)
        if size == 0 or not self.open:
            return None
        reached = {c for r in self.reach for c in r}
        anchored = self.centre_first(c for c in self.open if c not in reached)
        root: dict = {}
        if not anchored:
            none_before = None  # "no wall among the cells nearer the centre"
            for c in self.deadline.each(self.centre_first(self.open), every=self.BATCH):
                r = model.new_bool_var(f"root{c}")
                prev = [] if none_before is None else [none_before]
                model.add_bool_and([self.b[c]] + prev).only_enforce_if(r)
                model.add_bool_or([self.b[c].Not()] + [p.Not() for p in prev] + [r])
                root[c] = r
                nb = model.new_bool_var(f"nowall{c}")
                model.add_bool_and([self.b[c].Not()] + prev).only_enforce_if(nb)
                model.add_bool_or([self.b[c]] + [p.Not() for p in prev] + [nb])
                none_before = nb
        fixed_root = anchored[0] if anchored else None
        vocabulary.add_rooted_tree(model, self.b, self.nbrs, size - 1, root=fixed_root, root_lit=root,
                                   name="w", deadline=self.deadline)
        return fixed_root


@stops_at_deadline("cpsat")
def solve(puzzle: NurikabePuzzle, limit: Limit = Limit(), *,
          workers: int = solving.DEFAULT_WORKERS) -> SolveResult:
    """``cpsat``: lazy connectivity cuts, re-solved until every island and the wall connect."""
    deadline = Deadline(limit.seconds)
    m = NurikabeModel(puzzle, deadline)
    m.build()
    stats = {"cuts": 0, "rounds": 0}

    def refine(candidate):
        return m.refine(candidate, m.model.add_bool_or, stats)

    return solving.search("cpsat", m.model, limit, read=m.read_solver, block=m.block, refine=refine,
                         workers=workers, deadline=deadline, stats=stats, params=LAZY_PARAMS)


def tree_model(puzzle: NurikabePuzzle, deadline: Deadline = NO_DEADLINE) -> NurikabeModel:
    """The model of ``cpsat-tree``: the shared rules (the huge islands on the shared label, the
    small islands' distance levels -- implied here, they bound how far a cell lies from its
    number, which the depths only do loosely), the spanning trees and the huge islands' flows."""
    m = NurikabeModel(puzzle, deadline)
    m.build()
    m.add_shared_flows(m.add_island_trees())
    m.add_wall_tree()
    return m


@stops_at_deadline("cpsat-tree")
def solve_tree(puzzle: NurikabePuzzle, limit: Limit = Limit(), *,
               workers: int = solving.DEFAULT_WORKERS) -> SolveResult:
    """``cpsat-tree``: eager spanning-tree connectivity for the islands and the wall."""
    m = tree_model(puzzle, Deadline(limit.seconds))
    return solving.search("cpsat-tree", m.model, limit, read=m.read_walls, block=m.block, workers=workers,
                         deadline=m.deadline)
