"""Nurikabe in OR-Tools CP-SAT: island-membership variables, and two connectivity encodings.

Rules: numbered cells stay white; every white cell belongs to the island of exactly one number;
the island of a number k has k cells and is connected; the wall (black cells) is connected; no
2x2 block is all wall. A number "?" has an island of any size.

Shared variables and constraints (``_Model``): ``b[c]`` = cell c is wall; ``x[c, i]`` = c belongs
to the island of number i, only for the cells within the number's reach
(``encoding.nurikabe.reach``: never entering another number's cell or a cell next to one, at most
k-1 steps); ``add_one_role`` (wall or exactly one island, numbers white), ``add_island_sizes``
(``sum x[., i] == k``), ``add_island_separation`` (a cell of island i and a white neighbour are
in the same island), ``add_no_2x2_wall``, and the implied ``add_implied_neighbours`` (a
non-number island cell has an island neighbour; a wall cell has a wall neighbour when the wall
has two cells or more), ``add_border_budget`` (the wall touches at most
``encoding.nurikabe.border_budget`` edges of the grid's border: argued there) and
``add_diagonal_enclosure`` (across a 2x2 block's wall diagonal, the island of one of the two
white cells touches no border cell: ``encoding.nurikabe.diagonal_enclosure``, argued there)
and ``add_enclosed_spans`` (an island that touches no border cell meets at most (W - 3) // 2
rows and columns: ``encoding.nurikabe.enclosed_spans``, argued there).

``cpsat`` (``solve``) -- lazy connectivity: small islands are connected eagerly by the distance
levels ``sat`` uses (``encoding.nurikabe.distance_levels``; janko #950, #687, #688: 30 s timeouts
-> 1-9 s, but every re-solve of the larger model costs more, and five puzzles that took 15-27 s
now miss 30 s: #1091 15.6 s -> 37 s, both run side by side; per-island caps of 300-1500
levels only moved the losses around), nothing else is. The huge islands
(``encoding.nurikabe.shared_islands``) share one label ``g`` = "in one of the huge islands",
with at least the sum of their numbers true (a linear constraint, always), as in ``sat``
(#94, #460, #660: 30 s timeouts -> 6-13 s); lazy cuts split it into the right islands
(``encoding.nurikabe.shared_label_cuts``, argued there). Every assignment is split into the
components of the shared label, of each "?" island and of the wall, and every separated piece S
gets cuts, then the model is re-solved (``_cpsat.search``, presolve off: it costs more than it
saves over many rounds):
``x[c, i] -> OR(x[d, i] for d in F)`` for each c in an island piece S without
the number, where N = the cells of i's reach next to S and F = the cells of N next to the
component R of the number in (reach minus S minus N) (``encoding.nurikabe.facing``: the side of
the rim that faces the number); ``AND(x[c, i] for c in P) -> OR(x[d, i] for d in N)`` for the
piece P holding the number (without it n6 needs 124 rounds instead of 18); and
``b[c] -> OR(b[d] for d in F)`` for each c in a wall piece S, where N = the non-number cells
next to S and F = the cells of N next to the component R, in (non-number cells minus S minus N),
of an *anchor* outside S: a non-number cell out of every reach, walled in every solution. Without
an anchor outside S, F = N when S has fewer cells than the wall size W; else (and with "?"
numbers, when W is unknown) the cut is ``b[c] and b[e] -> OR(b[d] for d in N)`` with e a wall
cell of another piece.
Soundness (counting stays exact): in a solution with c in island i, the island is connected and
holds its number h, which lies in R (outside S, and outside N, or the model's island would join
h to S); a path inside the island (inside the reach) from h to c has a first cell z outside R;
z is next to R, so in S or N, and not in S (the cell before it would be next to S, so in N, not
in R): z is a cell of F in island i. The same for the wall from the anchor a, walled in every
solution and in every model (so in another wall piece: neither in S nor in N), along a wall path
through non-number cells. A solution's island holding all of P has k > |P| cells and is
connected, so it holds a cell of N; without an anchor, in a solution with c wall, the wall is
connected and has W > |S| cells, so it leaves S through a wall cell of N (or reaches e, outside
S). (Here the shared label's count bounds every model's wall by W, so a proper piece is always
smaller; in ``sat``, where that count may be missing, the size test matters.) An assignment is
recorded only when everything is connected.

``cpsat-tree`` (``solve_tree``) -- eager connectivity by spanning trees: every white
non-number cell picks a white neighbour as parent with a smaller depth (``dep``), so parent
chains end at a number (islands never touch, so the chain stays in the island; depth < k); every
wall cell but the root picks a wall parent with a smaller wall depth. The root is the cell
nearest the grid's centre that every solution walls (outside every reach) when there is one,
else the first wall cell from the centre outward (a prefix chain of "no wall yet" literals makes
it unique); rooted at a top-row cell, #570 and #1055 were never proved (``add_wall_tree``). The
huge islands share the label ``g`` here too, sized without cuts by flows along their trees
(``add_shared_flows``: each cell's subtree size, a number's is its number) and kept apart by an
island index equal across neighbours -- with per-island labels and exact sums they were the
pigeonhole-like problem above: janko #94, #660, #683, #970, #1050 went from 180 s timeouts to
0.7-2.3 s, #510 24 s -> 2.6 s. The small islands also get the distance levels of ``cpsat``
(``tree_model``). Parents, depths and flows are not functions of the solution, so solutions are
enumerated by re-solving with blocking constraints.
"""

from __future__ import annotations

from gridsolve.encoding.nurikabe import (
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
from gridsolve.encoding.nurikabe_cuts import SHARED, connectivity_cuts
from gridsolve.puzzles import grid
from gridsolve.puzzles.grid import Cell
from gridsolve.puzzles.nurikabe import QUESTION, NurikabePuzzle, NurikabeSolution
from gridsolve.puzzles.solving import Deadline, Limit, SolveResult
from ortools.sat.python import cp_model

from . import _cpsat

# re-solved once per round of cuts: presolve costs more than it saves (n6: 15 s -> 6 s)
LAZY_PARAMS = {"cp_model_presolve": False, "symmetry_level": 0}


class _Model:
    def __init__(self, puzzle: NurikabePuzzle) -> None:
        """The huge islands (``encoding.nurikabe.shared_islands``) get one shared label ``g``
        instead of their own, in both models."""
        self.puzzle = puzzle
        self.rows, self.cols = puzzle.rows, puzzle.cols
        self.model = cp_model.CpModel()
        self.clues = puzzle.clue_cells()
        self.clue_at = {cell: i for i, (cell, _) in enumerate(self.clues)}
        self.reach = reach(puzzle)
        self.cells = list(grid.cells(self.rows, self.cols))
        self.open = [c for c in self.cells if c not in self.clue_at]  # cells that may be wall
        self.b = {c: self.model.new_bool_var(f"b{c}") for c in self.open}
        self.shared = shared_islands(puzzle, self.reach)
        self.g = {c: self.model.new_bool_var(f"g{c}") for c in shared_reach(self.reach, self.shared)}
        self.x = [{} if i in self.shared else {c: self.model.new_bool_var(f"x{c},{i}") for c in r}
                  for i, r in enumerate(self.reach)]
        self.wall_count = puzzle.wall_count()
        self.anchors = always_wall(puzzle, self.reach)  # for the wall cuts
        self.memo: dict = {}  # what the cuts compute from the puzzle alone, kept across rounds
        self.aux_vars: dict = {}  # the shared rules' auxiliaries (``rule_literal``)
        # the islands with their own label connected by lazy cuts in ``cpsat`` ("?" numbers, and
        # huge ones when they do not share a label); ``add_island_levels`` connects the others
        self.lazy = lazy_islands(puzzle, self.reach) - self.shared

    def nbrs(self, cell):
        return grid.neighbours(self.rows, self.cols, cell)

    def labels(self) -> list[dict]:
        """The membership labels: one per island, and the shared one (when there are shared islands)."""
        return self.x + ([self.g] if self.g else [])

    def label(self, i: int) -> dict:
        """The membership label of number i (or of the cuts' ``SHARED``)."""
        return self.g if i == SHARED or i in self.shared else self.x[i]

    def add_one_role(self) -> None:
        roles: dict = {c: ([self.b[c]] if c in self.b else []) for c in self.cells}
        for xi in self.labels():
            for c, v in xi.items():
                roles[c].append(v)
        for c, lits in roles.items():
            if c in self.clue_at:
                own = self.label(self.clue_at[c])[c]
                self.model.add(own == 1)
                for v in lits:
                    if v is not own:
                        self.model.add(v == 0)
            else:
                self.model.add_exactly_one(lits)

    def add_island_sizes(self) -> None:
        """k cells in each island with its own label; at least the sum of the shared islands'
        numbers with the shared label (their sizes are cut lazily, as in ``sat``)."""
        for i, (_, v) in enumerate(self.clues):
            if v != QUESTION and i not in self.shared:
                self.model.add(sum(self.x[i].values()) == v)
        if self.shared:
            self.model.add(sum(self.g.values()) >= sum(self.clues[i][1] for i in self.shared))

    def add_island_separation(self) -> None:
        for xi in self.labels():
            for c, v in xi.items():
                for d in self.nbrs(c):
                    if d in self.clue_at:
                        if d not in xi:
                            self.model.add(v == 0)
                        continue
                    self.model.add_bool_or([v.Not(), self.b[d]] + ([xi[d]] if d in xi else []))

    def add_no_2x2_wall(self) -> None:
        for block in grid.blocks(self.rows, self.cols):
            if all(x in self.b for x in block):
                self.model.add_bool_or([self.b[x].Not() for x in block])

    def add_implied_neighbours(self) -> None:
        for i, xi in enumerate(self.x):
            home = self.clues[i][0]
            for c, v in xi.items():
                if c != home and home not in self.nbrs(c):
                    self.model.add_bool_or([v.Not()] + [xi[d] for d in self.nbrs(c) if d in xi])
        homes = {self.clues[i][0] for i in self.shared}
        for c, v in self.g.items():
            if c not in homes:
                self.model.add_bool_or([v.Not()] + [self.g[d] for d in self.nbrs(c) if d in self.g])
        if self.wall_count is not None and self.wall_count >= 2:
            for c in self.open:
                self.model.add_bool_or([self.b[c].Not()] + [self.b[d] for d in self.nbrs(c) if d in self.b])

    def add_border_budget(self) -> None:
        found = border_constraint(self.puzzle)  # (bound, weights) when it can bind
        if found is not None:
            bound, weights = found
            self.model.add(sum(k * self.b[c] for c, k in weights.items()) <= bound)

    def add_island_levels(self) -> None:
        """Eager connectivity by distance levels (``encoding.nurikabe.distance_levels``, the same
        clauses as ``sat``) for the islands ``eager_islands`` picks; the others are ``lazy``."""
        for i in sorted(eager_islands(self.puzzle, self.reach)):
            xi, levels = self.x[i], {}

            def lit(positive, key, i=i, xi=xi, levels=levels):
                if key[0] == "x":
                    var = xi[key[1]]
                else:
                    var = levels.get(key)
                    if var is None:
                        var = levels[key] = self.model.new_bool_var(f"d{key[1]},{i},{key[2]}")
                return var if positive else var.Not()

            for clause in distance_levels(self.puzzle, self.reach, i):
                self.model.add_bool_or([lit(*x) for x in clause])

    def add_diagonal_enclosure(self) -> None:
        """Implied by the connected wall: across a 2x2 block's wall diagonal, one of the two
        islands touches no border cell (``encoding.nurikabe.diagonal_enclosure``, argued there;
        the same clauses as ``sat``, with the same islands: a lone shared island takes part
        with the shared label)."""
        for clause in diagonal_enclosure(self.puzzle, self.reach, self.shared):
            self.model.add_bool_or([self.rule_literal(*x) for x in clause])

    def rule_literal(self, positive: bool, key: tuple):
        """The literal of a shared rule's literal key (``encoding.nurikabe.rule_variable``)."""
        var = rule_variable(key, self.b, self.label, self.aux)
        return var if positive else var.Not()

    def aux(self, key: tuple):
        """A shared rule's auxiliary variable, made on first use."""
        if key not in self.aux_vars:
            self.aux_vars[key] = self.model.new_bool_var("".join(map(str, key)))
        return self.aux_vars[key]

    def add_enclosed_spans(self) -> None:
        """Implied by the connected wall: an island that touches no border cell meets at most
        (W - 3) // 2 rows and columns (``encoding.nurikabe.enclosed_spans``, argued there; as in
        ``sat``: span literals, ``sum(spans) <= most`` unless ``t(i)``, ``t(i) -> OR(x(c, i) for
        c in border)``, or a border cell outright where even min_lines(k) is too many)."""
        for rule in enclosed_spans(self.puzzle, self.reach, self.shared):
            k = self.clues[rule.island][1]
            for clause in rule.clauses(k):
                self.model.add_bool_or([self.rule_literal(*x) for x in clause])
            if rule.must_touch_border(k):
                continue
            spans = [self.rule_literal(True, key) for key in rule.span_keys()]
            at_most = self.model.add(sum(spans) <= rule.most)
            if rule.border:
                at_most.only_enforce_if(self.rule_literal(False, rule.touches))

    def build(self) -> None:
        self.add_one_role()
        self.add_island_sizes()
        self.add_border_budget()
        self.add_island_separation()
        self.add_no_2x2_wall()
        self.add_implied_neighbours()
        self.add_diagonal_enclosure()
        self.add_enclosed_spans()

    def read(self, solver):
        black = frozenset(c for c, v in self.b.items() if solver.boolean_value(v))
        members = [[c for c, v in xi.items() if solver.boolean_value(v)] if i in self.lazy else []
                   for i, xi in enumerate(self.x)]
        return black, members, [c for c, v in self.g.items() if solver.boolean_value(v)]

    def block(self, solution: NurikabeSolution) -> None:
        if self.wall_count is not None:
            self.model.add_bool_or([self.b[c].Not() for c in solution.black])
        else:
            self.model.add_bool_or([self.b[c].Not() if c in solution.black else self.b[c] for c in self.open])

    # ------------------------------------------------------------ lazy cuts

    def add_cuts(self, black, members, shared_cells=()) -> int:
        """Connectivity cuts for a model (which cuts: ``encoding.nurikabe.connectivity_cuts``, the
        soundness argument: the module docstring); returns how many constraints were added."""
        n = 0
        for cut in connectivity_cuts(self.puzzle, self.reach, self.anchors, black, members,
                                     self.shared, shared_cells, self.memo):
            var = self.b if cut.island is None else self.label(cut.island)
            rim = [var[d] for d in cut.rim]
            also = [] if cut.also is None else [var[cut.also].Not()]
            if cut.each:
                for c in cut.piece:
                    self.model.add_bool_or([var[c].Not()] + also + rim)
                    n += 1
            else:
                self.model.add_bool_or([var[c].Not() for c in cut.piece] + rim)
                n += 1
        return n

    # ------------------------------------------------------------ spanning trees

    def add_island_trees(self) -> dict:
        """The islands' spanning trees; returns the parent literals, keyed (child, parent)."""
        model = self.model
        big = self.rows * self.cols
        top = {c: 0 for c in self.cells}
        for i, (_, v) in enumerate(self.clues):
            for c in self.reach[i]:
                top[c] = max(top[c], big if v == QUESTION else v - 1)
        dep = {c: model.new_int_var(0, top[c], f"dep{c}") for c in self.cells}
        arc = {}  # (child, parent) -> "the parent of white cell child is its neighbour parent"
        for c in self.cells:
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
            owners = [i for i, xi in enumerate(self.x) if c in xi]
            sharers = [self.clues[i][1] for i in self.shared if c in self.reach[i]]
            if all(self.clues[i][1] != QUESTION for i in owners):  # depth < the island's number
                model.add(dep[c] <= sum((self.clues[i][1] - 1) * self.x[i][c] for i in owners)
                          + (max(sharers, default=1) - 1) * self.g.get(c, 0))
        return arc

    def add_shared_flows(self, arc: dict) -> None:
        """The huge islands' sizes and separation in ``cpsat-tree``, without per-island labels:
        ``s[c]`` = the number of cells of c's subtree (the island tree's cells whose parent chain
        passes c), so ``s[c] = g[c] + sum of s over the children``, and a number's s is its
        number; ``r[c]`` = which huge island (when there are several): equal across two adjacent
        shared cells, a number's own at its cell. In a model every shared cell's parent chain ends
        at a huge number (``add_island_trees``, whose parent literals are ``arc``), the cells of
        one component of the label share r, so hold exactly one number, and the flows count them:
        its number. A solution gives every
        variable a value (the subtree sizes of a breadth-first tree, the island's index). Implied:
        the label has exactly the sum of the huge numbers' cells (``cpsat`` and ``sat`` have at
        least that: their cuts size the islands, and an exact count slows them; here it takes
        #460 17 s -> 9 s, #1097 4.3 s -> 3.0 s, and #683 1.0 s -> 1.4 s, #840 1.6 s -> 1.9 s)."""
        if not self.shared:
            return
        model, g = self.model, self.g
        model.add(sum(g.values()) == sum(self.clues[i][1] for i in self.shared))
        kmax = max(self.clues[i][1] for i in self.shared)
        s = {c: model.new_int_var(0, kmax, f"s{c}") for c in g}
        for c in g:
            model.add(s[c] <= kmax * g[c])
        for c in g:
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
        """The wall's spanning tree: every wall cell but the root has a wall neighbour of smaller
        depth as its parent. The root is the cell out of every reach (walled in every solution)
        nearest the grid's centre; without such a cell, the first wall cell in the same order
        from the centre outward. A root in the middle roughly halves the depths the tree needs:
        rooted at the first such cell in row-major order instead (a top-row cell), janko #570_31x45
        found no solution in 2400 s and #1055_40x57 no proof; rooted in the middle, both are proved
        unique (3.2 s and 60 s, single worker, 2026-11-23). Returns the fixed root (None when it is
        the first wall cell, chosen by the model, or there is no wall)."""
        model = self.model
        size = self.wall_count if self.wall_count is not None else len(self.open)
        if size == 0 or not self.open:
            return None
        wd = {c: model.new_int_var(0, max(0, size - 1), f"wd{c}") for c in self.open}
        anchored = self.centre_first(c for c in self.open if not any(c in r for r in self.reach))
        root: dict = {}
        if not anchored:
            none_before = None  # "no wall among the cells nearer the centre"
            for c in self.centre_first(self.open):
                r = model.new_bool_var(f"root{c}")
                prev = [] if none_before is None else [none_before]
                model.add_bool_and([self.b[c]] + prev).only_enforce_if(r)
                model.add_bool_or([self.b[c].Not()] + [p.Not() for p in prev] + [r])
                root[c] = r
                nb = model.new_bool_var(f"nowall{c}")
                model.add_bool_and([self.b[c].Not()] + prev).only_enforce_if(nb)
                model.add_bool_or([self.b[c]] + [p.Not() for p in prev] + [nb])
                none_before = nb
        for c in self.open:
            arcs = []
            for d in self.nbrs(c):
                if d in self.b:
                    a = model.new_bool_var(f"w{c}{d}")
                    arcs.append(a)
                    model.add_implication(a, self.b[d])
                    model.add(wd[d] < wd[c]).only_enforce_if(a)
            if anchored and c == anchored[0]:
                model.add(wd[c] == 0)
                model.add(sum(arcs) == 0)
            else:  # a wall cell other than the root has one parent
                model.add(sum(arcs) == self.b[c] - root.get(c, 0))
        return anchored[0] if anchored else None


def solve(puzzle: NurikabePuzzle, limit: Limit = Limit(), *,
          workers: int = _cpsat.DEFAULT_WORKERS) -> SolveResult:
    """``cpsat``: lazy connectivity cuts, re-solved until every island and the wall connect."""
    deadline = Deadline(limit.seconds)
    m = _Model(puzzle)
    m.build()
    m.add_island_levels()
    stats = {"cuts": 0, "rounds": 0}

    def refine(candidate):
        black, members, shared_cells = candidate
        n = m.add_cuts(black, members, shared_cells)
        if not n:
            return [NurikabeSolution(puzzle.rows, puzzle.cols, black)]
        stats["rounds"] += 1
        stats["cuts"] += n
        return []

    return _cpsat.search("cpsat", m.model, limit, read=m.read, block=m.block, refine=refine,
                         workers=workers, deadline=deadline, stats=stats, params=LAZY_PARAMS)


def tree_model(puzzle: NurikabePuzzle) -> _Model:
    """The model of ``cpsat-tree``: the shared rules (the huge islands on the shared label), the
    spanning trees with the huge islands' flows, and the distance levels
    of the small islands on top (implied there: the trees connect every island; the levels bound
    how far a cell lies from its number, which the depths only do loosely -- janko #1108: 30 s
    timeout -> 1.5 s, #648, #1054, #995: timeouts -> 0.5-1.5 s, the median unchanged)."""
    m = _Model(puzzle)
    m.build()
    m.add_shared_flows(m.add_island_trees())
    m.add_wall_tree()
    m.add_island_levels()
    return m


def solve_tree(puzzle: NurikabePuzzle, limit: Limit = Limit(), *,
               workers: int = _cpsat.DEFAULT_WORKERS) -> SolveResult:
    """``cpsat-tree``: eager spanning-tree connectivity for the islands and the wall."""
    deadline = Deadline(limit.seconds)
    m = tree_model(puzzle)

    def read(solver):
        return NurikabeSolution(puzzle.rows, puzzle.cols,
                                frozenset(c for c, v in m.b.items() if solver.boolean_value(v)))

    return _cpsat.search("cpsat-tree", m.model, limit, read=read, block=m.block, workers=workers,
                         deadline=deadline)
