"""Nurikabe as CNF (python-sat) with incremental lazy connectivity cuts on one solver.

Rules: numbered cells stay white; every white cell belongs to the island of exactly one number,
and the island of a number k has k cells and is connected; the wall (black cells) is connected;
no 2x2 block is all wall. A number "?" has an island of any size.

Encoding (variables named in an ``IDPool``): ``("b", cell)`` = the cell is wall;
``("x", cell, i)`` = the cell belongs to the island of number i, created only for the cells
within the number's reach (``encoding.nurikabe.reach``: a breadth-first search from the number
that never enters another number's cell or a cell next to one, cut at distance k-1). A cell
out of every reach is wall. Every white cell thus carries its island ("island membership");
without it a model only knows white/black and needs tens of thousands of cut rounds.

* ``add_one_role``: each cell is wall or in exactly one island (ALO + AMO); numbers are white;
* ``add_island_sizes``: exactly k cells in island i (``CardEnc``; sequential counter, or a
  cardinality network for large reaches);
* ``add_island_separation``: a cell of island i and a white neighbour are in the same island
  (``x[c, i] -> b[d] or x[d, i]``), so islands never touch;
* ``add_no_2x2_wall``;
* implied: a non-number cell of island i has a neighbour in island i; a wall cell has a wall
  neighbour when the wall has two cells or more (its size is known without "?" numbers); the
  wall has exactly W cells (when that counter is small); the wall touches at most
  ``encoding.nurikabe.border_budget`` edges of the grid's border (a count of adjacent pairs: the
  islands' pairs are at most 2k - ceil(2 sqrt k) each and the connected wall has W - 1 or more,
  argued there; it pays when the wall is short: janko #753 5 s -> 1.5 s); where a 2x2 block
  has wall on one diagonal and white on the other, the island of one of the two white cells
  touches no border cell (``add_diagonal_enclosure``, ``encoding.nurikabe.diagonal_enclosure``,
  argued there: the connected wall loops round it; janko #29, never solved before, is proved
  in 25-47 s, #753 1.7 s -> 0.9 s, #1108 2.3 s -> 1.3 s); an island that touches no border cell
  meets at most (W - 3) // 2 rows and columns, an isoperimetric count of the wall's runs
  (``add_enclosed_spans``, ``encoding.nurikabe.enclosed_spans``, argued there: #29 -> 0.2 s).

Island connectivity is eager (``add_island_connectivity``): distance levels
``("d", c, i, t)`` = c is in island i at most t steps from the number through island cells, and
every cell of the island is within k-1 steps (``encoding.nurikabe.distance_levels``, shared with
``cpsat``) -- except for "?" islands, connected by lazy cuts like the wall, and islands so large
that the levels would exceed ``encoding.nurikabe.EAGER_LEVELS`` variables (or
``EAGER_LEVELS_PER_CELL`` per grid cell, if more). Those huge islands
(``encoding.nurikabe.shared_islands``) have no label of their own: they share ``("g", cell)`` =
"c is in one of the huge islands" over the union of their reaches (separated, and with an
island neighbour, like the others), with at least the sum of their numbers true where that
counter is small (``add_island_sizes``), and lazy cuts
split the shared cells into the right islands (``encoding.nurikabe.shared_label_cuts``: a
component without a number grows toward one, a path joining two numbers or reaching too far is
forbidden, a component of the wrong size grows or shrinks). Per-island labels with exact sizes
made them a pigeonhole-like problem: janko #1055 (eight 50s, four of them huge) was never
solved, even with every other cell fixed to the solution; now 19 s in the corpus benchmark.
#94 6.3 -> 1.5 s. An exact count of the shared cells instead of "at least" makes #1055
hopeless again, none at all makes
#669 and #1102 (a 64 in a reach of 83 cells, a 61 in one of 61) need tens of thousands of rounds.

Wall connectivity is enforced lazily. Each model is split into the components of the wall and of
every lazily connected island; every separated piece S gets cuts, added to the same solver (no
rebuild):

* island i, piece S not holding the number: ``x[c, i] -> OR(x[d, i] for d in F)`` for each c
  in S, where F is the *facing* part of the rim (``encoding.nurikabe.facing``): of the cells of i's
  reach next to S (the rim N), only those next to R, the component of the number in (i's reach
  minus S minus N). The piece P holding the number (fewer than k cells, as other pieces exist)
  gets ``AND(x[c, i] for c in P) -> OR(x[d, i] for d in N)`` with the whole rim;
* wall piece S: when there is an *anchor* outside S -- a non-number cell out of every reach,
  which every solution walls (the first in row-major order) -- ``b[c] -> OR(b[d] for d in F)``
  for each c in S, F = the cells of the rim N (the non-number cells next to S) next to R, the
  component of the anchor in (the non-number cells minus S minus N); without an anchor outside S,
  ``b[c] -> OR(b[d] for d in N)`` when S has fewer cells than the wall size W, else (and with "?"
  numbers, when W is unknown) ``b[c] and b[e] -> OR(b[d] for d in N)`` for a wall cell e of
  another piece.

The facing part F is often half the rim or less (a wall piece running from border to border
has island cells on both sides, and only one side faces the anchor): janko #683 needs 480
rounds of cuts instead of 2000 (19 s -> 7 s), #1108 160 instead of 700.

Why a cut never removes a solution (so counting is exact): in a solution where c is in island i,
the island is connected and holds the number h; a path inside the island (so inside i's reach)
from h to c starts in R (h is outside S, and outside N, or the model's island would join h to
S) and ends outside R (in S), so it has a first cell z outside R. z is next to a cell of R, so
z is in S or N (R is a component of reach minus S minus N), and not in S (the cell before z,
in R, would be next to S, so in N): z is a cell of N next to R -- a cell of F -- in island i.
(The shared label's cuts are argued in ``encoding.nurikabe.shared_label_cuts``.) The same for the
wall with the anchor a in place of h: a is walled in every solution and in the model (so it is
in another wall piece, neither in S nor in N), and the connected wall holds a path from a to c
through non-number cells, whose first cell outside R is a wall cell of F. A solution's island i
holding all of P has k > |P| cells and is connected, so it holds a cell of N. Without an anchor:
in a solution with c wall, the wall is connected and has W > |S| cells, so it leaves S through a
wall cell of N; with e, the connected wall joins c to e, outside S. A model's wall may have more
than W cells (nothing bounds it when the shared label has no count), so a piece of W cells or
more must not get the first form: it could hold a whole solution's wall (fixed 2026-11-22 -- with
another cardinality encoding the search met a 191-cell piece of a 194-cell model wall in janko
#1050, W = 185, and the cut made the puzzle "unsatisfiable"). The
distance levels exclude no solution either: set ``d[c, i, t]`` iff c's distance from the number
inside the island is at most t (never below its reach distance, at most k-1); nor does the
diagonal enclosure. ``refine`` returns
a model as a solution only when every island and the wall are connected; solutions are blocked
by ``OR(not b[c] for c in wall)`` (all wall sizes are equal) or, with "?" numbers, by the
negation of the whole wall assignment. ``tests/test_nurikabe_cuts.py`` compares the exhaustive
enumeration with a brute force over all colourings of small grids.
"""

from __future__ import annotations

from gridsolve.encoding.nurikabe_rules import NurikabeRules
from gridsolve.puzzles.nurikabe import NurikabePuzzle, NurikabeSolution
from gridsolve.puzzles.solving import Deadline, Limit, SolveResult
from pysat.card import CardEnc, EncType

from . import _cnf

SEQ_LIMIT = 40_000  # n * k above which a count uses a cardinality network ...
# ... except an island's size, by a modulo totalizer above ISLAND_SEQ_LIMIT: in the corpus only the
# largest islands of janko #690_50x50 (a 70 in a reach of 399 cells, 63/437, 57/319, 47/463) and
# #1055_40x57 (50s in reaches of 361-519) are that large. Measured 2026-11-23 (``sat`` on the two,
# old and new code alternately, two runs): 19.1 -> 13.2 s and 20.5 -> 13.9 s for the two together
# (690 5.5 -> 4.8 s, 1055 13.6 -> 8.4 s in the first); in one run each, a totalizer 0.96x, a
# k-bounded one 0.85x; the threshold at 5 000 changes ten puzzles and slows two (#1050 1.0 ->
# 1.5 s, #1045 0.2 -> 0.4 s)
ISLAND_SEQ_LIMIT = 15_000
# CaDiCaL keeps its target phases (the best trail so far) in every mode, not only when stabilising,
# and is looked at every 0.25 s instead of 0.05 s: each time slice restarts the search, and the
# lazy rounds are many (the ten slowest janko puzzles: 40 s -> 30 s)
CADICAL_OPTIONS = {"target": 2}
SLICE_SECONDS = 0.25
# The SAT solver when the caller names none: CaDiCaL on grids of up to LARGE_GRID cells, Glucose 4.2
# above. Measured 2026-11-23 (``sat`` through ``solve``, one solver after the other on each puzzle):
# on a random 150 of the 881 janko puzzles of at most 200 cells CaDiCaL's median is 0.0149 s against
# Glucose 4.2's 0.0205 (per-puzzle median ratio 1.33), and 29_10x10 takes 30 s against 45 s; on a
# random 100 of the 249 larger ones Glucose 4.2 takes 39.3 s in all against 54.8 s (median ratio
# 0.95), and on the slowest: 690_50x50 18.6 -> 7.5 s, 94_20x36 1.9 -> 0.85 s, 995_16x21 1.6 ->
# 0.57 s, 1030_32x32 2.5 -> 1.5 s, 460_20x36 1.7 -> 0.83 s (680_31x45 3.8 -> 4.0 s, 1055_40x57
# 24 -> 21 s). Glucose 4 ("glucose4") is as fast on the large ones but 29_10x10 times out at 60 s.
LARGE_GRID = 200
LARGE_GRID_SOLVER = "glucose42"


def default_solver(puzzle: NurikabePuzzle) -> str:
    """The SAT solver for ``puzzle`` when the caller names none (see ``LARGE_GRID``)."""
    return LARGE_GRID_SOLVER if puzzle.rows * puzzle.cols > LARGE_GRID else _cnf.DEFAULT_SOLVER


class Model(NurikabeRules):
    """The CNF of one puzzle: the shared rules (``encoding.nurikabe_rules``) on ``IDPool`` keys."""

    def __init__(self, puzzle: NurikabePuzzle, fixed: NurikabeSolution | None = None) -> None:
        self.cnf = _cnf.Cnf()
        super().__init__(puzzle, fixed)

    def new_var(self, key: tuple) -> int:
        return self.cnf.var(key)

    def aux(self, key: tuple) -> int:
        return self.cnf.var(("aux",) + key)

    def neg(self, v: int) -> int:
        return -v

    def clause(self, lits) -> None:
        self.cnf.add(lits)

    def fix(self, v: int, value: bool) -> None:
        self.cnf.add([v if value else -v])

    def exactly_one(self, lits) -> None:
        """At least one, and pairwise at most one (a ladder beyond six literals)."""
        cnf = self.cnf
        cnf.add(lits)
        if len(lits) <= 6:
            cnf.extend([-a, -lits[j]] for k, a in enumerate(lits) for j in range(k + 1, len(lits)))
        else:
            cnf.extend(CardEnc.atmost(lits, 1, vpool=cnf.pool, encoding=EncType.ladder).clauses)

    def exactly(self, lits: list[int], k: int, seq_limit: int | None = None,
                large: int = EncType.cardnetwrk) -> None:
        """Exactly k of lits, by CardEnc on the cheaper side (k or its complement): a sequential
        counter up to ``seq_limit`` (by default ``SEQ_LIMIT``) = n * k, else ``large``."""
        if not 0 <= k <= len(lits):  # e.g. a negative wall size: numbers summing past the grid
            self.cnf.add([])
        elif k in (0, len(lits)):
            self.cnf.extend([x if k else -x] for x in lits)
        else:
            if 2 * k > len(lits):
                lits, k = [-x for x in lits], len(lits) - k
            limit = SEQ_LIMIT if seq_limit is None else seq_limit
            enc = EncType.seqcounter if len(lits) * k <= limit else large
            self.cnf.extend(CardEnc.equals(lits, bound=k, vpool=self.cnf.pool, encoding=enc).clauses)

    def island_size(self, lits, k: int) -> None:
        self.exactly(lits, k, ISLAND_SEQ_LIMIT, EncType.mtotalizer)

    def shared_size(self, lits, k: int) -> None:
        """Only where the counter is small (n * (n - K) <= ``SEQ_LIMIT``): the islands must then
        fill most of their reach and the count drives them outward; elsewhere it costs more than
        it prunes (docs/nurikabe.md)."""
        if k > len(lits):
            self.cnf.add([])
        elif len(lits) * (len(lits) - k) <= SEQ_LIMIT:
            self.cnf.extend(CardEnc.atleast(lits, bound=k, vpool=self.cnf.pool,
                                            encoding=EncType.seqcounter).clauses)

    def wall_size(self, lits, w: int) -> None:
        if len(lits) * w <= SEQ_LIMIT:
            self.exactly(lits, w)

    def weighted_at_most(self, weights: dict, bound: int) -> None:
        """A literal of weight k counted k times (a corner cell twice)."""
        if bound < 0:
            self.cnf.add([])
            return
        lits = [v for v, k in weights.items() for _ in range(k)]
        enc = EncType.seqcounter if len(lits) * bound <= SEQ_LIMIT else EncType.cardnetwrk
        self.cnf.extend(CardEnc.atmost(lits, bound=bound, vpool=self.cnf.pool, encoding=enc).clauses)

    def at_most_unless(self, lits, most: int, unless) -> None:
        """A sequential counter, each of its clauses with ``unless``."""
        counter = CardEnc.atmost(lits, bound=most, vpool=self.cnf.pool, encoding=EncType.seqcounter)
        first = [unless] if unless is not None else []
        self.cnf.extend(first + clause for clause in counter.clauses)

    def read_model(self, model: list[int]):
        return self.read(lambda v: model[v - 1] > 0)


def add_fixed(m: Model, fixed: NurikabeSolution) -> int:
    """Unit clauses for the cells a partial state decides (wall, or white); returns how many."""
    n = 0
    for c in m.cells:
        if c in m.clue_at or c in fixed.undecided:
            continue
        m.cnf.add([m.b[c] if c in fixed.black else -m.b[c]])
        n += 1
    return n


def solve(
    puzzle: NurikabePuzzle,
    limit: Limit = Limit(),
    *,
    solver: str | None = None,
    fixed: NurikabeSolution | None = None,
    backend: str = "sat",
) -> SolveResult:
    """``sat``. ``solver``: python-sat's name, by default ``default_solver(puzzle)``. ``fixed``: a
    partial state whose decided cells are imposed (``heuristics+sat``, ``rules+sat``)."""
    deadline = Deadline(limit.seconds)
    solver = solver or default_solver(puzzle)
    if fixed is not None and not isinstance(fixed, NurikabeSolution):
        raise ValueError("fixed must be a partial NurikabeSolution (as heuristics+sat and rules+sat set it)")
    m = Model(puzzle, fixed)
    m.build()
    stats = {"cuts": 0, "rounds": 0}
    if fixed is not None:
        stats["fixed_cells"] = add_fixed(m, fixed)

    def refine(candidate, add_clause):
        return m.refine(candidate, add_clause, stats)

    return _cnf.search(backend, m.cnf, limit, read=m.read_model, block=m.block_clause, refine=refine,
                       solver_name=solver, deadline=deadline, stats=stats, options=CADICAL_OPTIONS,
                       slice_seconds=SLICE_SECONDS)
