"""Nurikabe as CNF (python-sat): the shared rules (``encoding.nurikabe_rules``) on ``IDPool`` keys,
with lazy connectivity cuts on one incremental solver (``vocabulary.search``).

Rules: numbered cells stay white; every white cell belongs to the island of exactly one number,
and the island of a number k has k cells and is connected; the wall (black cells) is connected;
no 2x2 block is all wall. A number "?" has an island of any size.

Variables: ``("b", c)`` wall, ``("x", c, i)`` c in island i (only within i's reach), ``("g", c)``
c in one of the huge islands (the shared label). Small islands are connected eagerly by distance
levels; the wall, "?" islands and the shared label by cuts. The encoding, the cuts, why they keep
every solution, and how the constants below were chosen: docs/nurikabe.md, "The models".
"""

from __future__ import annotations

import operator
from collections.abc import Sequence
from typing import TYPE_CHECKING

from pysat.card import CardEnc, EncType

from ..encoding.nurikabe_rules import NurikabeRules
from ..puzzles.nurikabe import NurikabePuzzle, NurikabeSolution
from ..puzzles.solving import (
    NO_DEADLINE,
    Deadline,
    DeadlineExpired,
    Limit,
    SolveResult,
    stops_at_deadline,
)
from . import vocabulary

if TYPE_CHECKING:
    from . import backbone_search

SEQ_LIMIT = 40_000  # n * k above which a count uses a cardinality network ...
ISLAND_SEQ_LIMIT = 15_000  # ... or, for an island's size, a modulo totalizer
# CaDiCaL keeps its target phases in every mode, and is looked at every SLICE_SECONDS: each time
# slice restarts its search, and the lazy rounds are many
CADICAL_OPTIONS = {"target": 2}
SLICE_SECONDS = 0.25
# The SAT solver when the caller names none: CaDiCaL up to LARGE_GRID cells, Glucose 4.2 above
LARGE_GRID = 200
LARGE_GRID_SOLVER = "glucose42"


def default_solver(puzzle: NurikabePuzzle) -> str:
    """The SAT solver for ``puzzle`` when the caller names none (see ``LARGE_GRID``)."""
    return LARGE_GRID_SOLVER if puzzle.rows * puzzle.cols > LARGE_GRID else vocabulary.DEFAULT_SOLVER


class Model(NurikabeRules):
    """The CNF of one puzzle: the shared rules (``encoding.nurikabe_rules``) on ``IDPool`` keys."""

    # ignore: pyright compares the staticmethod with the base's unbound neg(self, v), not with an
    # instance's neg (v -> -v), which is what it is
    neg = staticmethod(operator.neg)  # pyright: ignore[reportAssignmentType]

    def __init__(self, puzzle: NurikabePuzzle, fixed: NurikabeSolution | None = None,
                 deadline: Deadline = NO_DEADLINE) -> None:
        self.cnf = vocabulary.Cnf()
        # the primitives called once per literal or clause, bound directly (the rules' auxiliary
        # keys never collide with the variables' "b", "x", "g")
        self.new_var = self.aux = self.cnf.pool.id
        self.clause = self.cnf.add
        super().__init__(puzzle, fixed, deadline)

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

    def exactly(self, lits: Sequence[int], k: int, seq_limit: int | None = None,
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
    for c in m.deadline.each(m.cells, every=m.BATCH):
        if c in m.clue_at or c in fixed.undecided:
            continue
        m.cnf.add([m.b[c] if c in fixed.black else -m.b[c]])
        n += 1
    return n


@stops_at_deadline("sat")
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
    m = Model(puzzle, fixed, deadline)
    m.build()
    stats = {"cuts": 0, "rounds": 0}
    if fixed is not None:
        stats["fixed_cells"] = add_fixed(m, fixed)

    def refine(candidate, add_clause):
        return m.refine(candidate, add_clause, stats)

    return vocabulary.search(backend, m.cnf, limit, read=m.read_model, block=m.block_clause, refine=refine,
                       solver_name=solver, deadline=deadline, stats=stats, options=CADICAL_OPTIONS,
                       slice_seconds=SLICE_SECONDS)


def backbone(puzzle: NurikabePuzzle, limit: Limit = Limit(), *, given: dict | None = None,
             solver: str | None = None) -> backbone_search.Backbone:
    """The solutions up to ``limit`` and the cells every solution (that keeps ``given``: cell ->
    wall or not) walls, leaves white, or disagrees on. Numbered cells are no elements (always white)."""
    from . import backbone_search  # loaded by the backbone's callers only (explain, hint, the page)

    deadline = Deadline(limit.seconds)
    stats = {"cuts": 0, "rounds": 0}
    try:
        m = Model(puzzle, None, deadline)
        m.build()
    except DeadlineExpired:
        return backbone_search.Backbone(complete=False, stats=stats)
    model = backbone_search.Model(m.cnf, {c: m.b[c] for c in m.open}, m.read_model, m.block_clause,
                            lambda s: s.black, lambda c, add_clause: m.refine(c, add_clause, stats),
                            solver or default_solver(puzzle))
    return backbone_search.backbone(model, limit=limit.solutions, deadline=deadline, given=given, stats=stats)
