"""The one table of backends: (kind, backend name) -> a typed entry naming its solve function by
module path ("module:function"), the options it accepts, and its count-only mode if any.

Modules are imported lazily, on first use, so a missing optional solver library only disables the
backends that need it (``gridsolve backends`` shows which). A new backend is one line here; tests
are parametrized from this table, so it is tested everywhere at once, and tests/project/test_contracts.py
checks every entry against ``puzzles.contracts.BackendFunction``.
"""

from __future__ import annotations

import importlib
import os
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from typing import Any

from ..puzzles import kinds
from ..puzzles.contracts import BackendFunction, OptionCheck


def load(target: str) -> Any:
    """The object a "module:attribute" path names (the module imported now)."""
    module, _, attr = target.partition(":")
    return getattr(importlib.import_module(module), attr)


@dataclass(frozen=True)
class Backend:
    kind: str
    name: str
    target: str  # "module:function" of a BackendFunction
    description: str
    options: dict[str, Any] = field(default_factory=dict, hash=False, compare=False)  # fixed options
    family: str = ""  # "cpsat" | "sat" | "native": which library it needs / what it is
    complete: bool = True  # explores the whole space (exact counts); False: may stop "stuck"
    # "module:function" of a count-only mode ``count(puzzle, limit) -> SolveResult`` with ``total``
    # set (DESIGN.md), used by ``harness.run.count`` / ``gridsolve count``; "" = none
    counter: str = ""
    # golden fixtures with more cells are skipped by tests/backends/test_backends.py (0 = none skipped):
    # for exponential seed ports that are faithful, not fast
    max_cells: int = 0
    takes: tuple[str, ...] = ()  # the keyword options the function accepts from a caller
    validator: str = ""  # "module:function" checking option values up front (an OptionCheck)

    @cached_property
    def function(self) -> BackendFunction:
        return self._bind(load(self.target))

    @cached_property
    def count_function(self) -> BackendFunction | None:
        """The count-only mode, or None."""
        return self._bind(load(self.counter)) if self.counter else None

    def _bind(self, fn: BackendFunction) -> BackendFunction:
        if not self.options:
            return fn
        fixed = self.options

        def bound(puzzle, limit, **kw):
            return fn(puzzle, limit, **{**fixed, **kw})

        return bound

    def accepts(self, option: str) -> bool:
        """Does the backend declare keyword ``option``?"""
        return option in self.takes

    def check_options(self, options: dict[str, Any]) -> None:
        """Raise UnknownOption for an option the backend does not declare; its validator (if any)
        raises ValueError for a bad value."""
        for key in options:
            if key not in self.takes:
                have = ", ".join(self.takes) or "none"
                raise UnknownOption(f"backend {self.name} has no option {key!r} (options: {have})")
        if self.validator and options:
            check: OptionCheck = load(self.validator)
            check(options)

    def available(self) -> tuple[bool, str]:
        """(True, "") if the backend can run here, else (False, why)."""
        try:
            self.function  # noqa: B018 - import check
        except ImportError as exc:
            return False, f"missing module {exc.name or exc}"
        return True, ""


SAT, CP, NATIVE = "gridsolve.satmodels.", "gridsolve.cpmodels.", "gridsolve.native_rules."
SL_RULES, SL_BACK = NATIVE + "slitherlink.backends:", NATIVE + "slitherlink.backtrack:"
SL_RULES_OPTIONS = ("rules", "trace", "engine", "pruning")
EM_SAT_OPTIONS = ("encoding", "fbc", "exp", "symmetry", "solver")

BACKENDS: tuple[Backend, ...] = (
    # kind, name, "module:function", description; the options it takes; what it needs and is
    Backend("slitherlink", "sat", SAT + "slitherlink:solve",
            "CNF (CaDiCaL 1.9.5): degree clauses, CardEnc clues, inside/outside colouring, "
            "lazy subtour cuts on one incremental solver",
            takes=("solver", "colouring"), family="sat"),
    Backend("slitherlink", "sat-glucose", SAT + "slitherlink:solve", "the same CNF on Glucose 4",
            {"solver": "glucose4"}, takes=("solver", "colouring"), family="sat"),
    Backend("slitherlink", "cpsat", CP + "slitherlink:solve",
            "CP-SAT add_circuit over vertices (self-loops), arcs oriented by an inside/outside "
            "colouring", takes=("workers", "enumerate_all"), family="cpsat"),
    Backend("slitherlink", "cpsat-lazy", CP + "slitherlink:solve_lazy",
            "CP-SAT degree constraints only, re-solved with subtour cuts",
            takes=("workers",), family="cpsat"),
    Backend("slitherlink", "backtrack", SL_RULES + "solve_backtrack",
            "seed port (numba): Chapter 4 solveback/next over the edges from (0, 1), Chapter 3 "
            "promising test; exponential beyond ~5x5", takes=("engine", "pruning"),
            validator=SL_BACK + "check_options", family="native", max_cells=16),
    Backend("slitherlink", "rules", SL_RULES + "solve_rules",
            "seed port: the 36 Appendix A logic rules in 8 variants + loop avoidance (Chapters "
            "5-6); -O rules=FILE; may stop stuck", takes=("rules", "trace"),
            validator=SL_RULES + "check_options", family="native", complete=False),
    Backend("slitherlink", "rules+backtrack", SL_RULES + "solve_rules_backtrack",
            "seed port: rules + loop avoidance, then Chapter 4 backtracking from that board",
            takes=SL_RULES_OPTIONS, validator=SL_RULES + "check_options", family="native", max_cells=16),
    Backend("slitherlink", "backtrack-strong", SL_RULES + "solve_backtrack",
            "beside the seed: backtracking that also prunes dead ends and early loops",
            {"pruning": "strong"}, takes=("engine", "pruning"), validator=SL_BACK + "check_options",
            family="native", max_cells=100),
    Backend("slitherlink", "deduce", NATIVE + "slitherlink.deduce:solve",
            "beside the seed: the compiled deduction engine (clue / vertex / corner tables, "
            "inside-outside colouring, loop closure, contradiction probing to -O depth=0|1|2); "
            "may stop stuck", takes=("depth",), validator=NATIVE + "slitherlink.deduce:check_options",
            family="native", complete=False),
    Backend("slitherlink", "rules+sat", "gridsolve.combined.slitherlink:rules_then_sat",
            "the deduction engine with probing, then the sat model on the unknown edges (none "
            "left: the engine's loop is the only solution)", takes=("solver", "depth"),
            validator=NATIVE + "slitherlink.deduce:check_options", family="sat"),
    Backend("slitherlink", "rules+backtrack-strong", SL_RULES + "solve_rules_backtrack",
            "beside the seed: rules + loop avoidance, then the strong backtracking",
            {"pruning": "strong"}, takes=SL_RULES_OPTIONS, validator=SL_RULES + "check_options",
            family="native", max_cells=400),
    Backend("hamiltonian", "dp", NATIVE + "hamiltonian.frontier.counting:solve",
            "frontier dynamic programming (numpy): exact count, paths listed by rank; "
            "count-only mode for `gridsolve count` (compiled, modulo primes, from 12 wide)",
            family="native",
            takes=("max_states", "engine", "memory", "checkpoint", "resume", "progress", "threads",
                   "primes"),
            counter=NATIVE + "hamiltonian.frontier.counting:count"),
    Backend("hamiltonian", "sat", SAT + "hamiltonian:solve",
            "CNF (CaDiCaL 1.9.5): degree 1 at the ends, 2 elsewhere; lazy cut clauses on one "
            "incremental solver", takes=("solver",), family="sat"),
    Backend("hamiltonian", "cpsat", CP + "hamiltonian:solve",
            "CP-SAT add_circuit over the cells with the arc end -> start fixed", family="cpsat"),
    Backend("hamiltonian", "rules-dfs", NATIVE + "hamiltonian.tools.rulesdfs:solve",
            "seed port (numba): the author's keep-left depth-first walk pruned by the universal "
            "rules (-O rules=universal|none|GROUP,...); n x n corner to corner only, else stuck",
            takes=("rules",), validator=NATIVE + "hamiltonian.tools.rulesdfs:check_options",
            family="native", complete=False, max_cells=81),
    Backend("edgematching", "sat", SAT + "edgematching:solve",
            "CNF (CaDiCaL 1.9.5), Heule 2008: piece-square and join-colour variables, rotation "
            "implied, fbc + exp redundant clauses; first corner fixed, turned copies added",
            takes=EM_SAT_OPTIONS, family="sat"),
    Backend("edgematching", "sat-rot", SAT + "edgematching:solve",
            "CNF, rotation-explicit: x[square, piece, rotation], support clauses per join colour",
            {"encoding": "rotation"}, takes=EM_SAT_OPTIONS, family="sat"),
    Backend("edgematching", "cpsat", CP + "edgematching:solve",
            "CP-SAT x[square, piece, rotation], ExactlyOne per square and piece, colour booleans per "
            "join; first corner fixed; --maximize-joins optimises matched joins",
            takes=("symmetry", "workers", "maximize_joins", "trace"), family="cpsat"),
    Backend("edgematching", "backtrack", NATIVE + "edgematching.backends:solve",
            "seed port (numba): the OCaml backtracking without rotation, annex walk column by "
            "column; stuck on puzzles that allow rotation or have fixed pieces",
            takes=("engine", "listing", "trace"), family="native", complete=False),
    Backend("edgematching", "backtrack-rot", NATIVE + "edgematching.backends:solve_rot",
            "seed port (numba): backtracking with rotation k = 0..3, row by row",
            takes=("engine", "trace"), family="native", complete=False),
    Backend("edgematching", "backtrack-rot-locked", NATIVE + "edgematching.backends:solve_rot_locked",
            "seed port (numba): rotation with the first (corner) tile locked; each board found "
            "stands for its 4 turns", takes=("engine", "trace"), family="native", complete=False),
    Backend("edgematching", "backtrack-table", NATIVE + "edgematching.engine:solve",
            "table-driven backtracking (numba): scan rows along the short side, candidates by "
            "(cell class, top, left) lookup, first corner fixed; Luby restarts over candidate "
            "shuffles (-O order=N: the first), raced on -O workers=N processes (default 2), "
            "counting by one complete scan split between them; --maximize-joins: the frame with "
            "the rows, breaks from 75 % of the squares, restarts, rare colours first (-O "
            "best_file=PATH keeps the best board; -O climb=frame: the fixed-frame scheme)",
            takes=("order", "workers", "maximize_joins", "best_file", "climb", "trace"), family="native"),
    Backend("nurikabe", "sat", SAT + "nurikabe:solve",
            "CNF (CaDiCaL 1.9.5; Glucose 4.2 above 200 cells): island membership within each "
            "number's reach, CardEnc sizes, distance levels per island (huge islands: one shared "
            "label), lazy wall and shared-label cuts on one incremental solver",
            takes=("solver",), family="sat"),
    Backend("nurikabe", "cpsat", CP + "nurikabe:solve",
            "CP-SAT island membership, distance levels for small islands, one shared label for "
            "huge ones, re-solved with lazy cuts for the wall and the shared label",
            takes=("workers",), family="cpsat"),
    Backend("nurikabe", "cpsat-tree", CP + "nurikabe:solve_tree",
            "CP-SAT island membership, eager spanning trees (parent + depth) for islands and wall, "
            "distance levels for small islands", takes=("workers",), family="cpsat"),
    Backend("nurikabe", "heuristics+sat", "gridsolve.combined.nurikabe:heuristics_then_sat",
            "the J essay's heuristics, then the sat model on the remaining free cells",
            takes=("solver",), family="sat"),
    Backend("nurikabe", "rules+sat", "gridsolve.combined.nurikabe:rules_then_sat",
            "stronger hand rules (interpreted on a small grid, numba on a large one) with "
            "contradiction probing, then the sat model on the remaining free cells (none left: "
            "the rules' grid is the only solution)",
            takes=("solver", "probe"), family="sat"),
    Backend("nurikabe", "bruteforce", NATIVE + "nurikabe.backends:solve_bruteforce",
            "J essay port: bf @ init, every colouring of the free cells checked; stuck when "
            "infeasible", takes=("trace", "max_colourings"), family="native", complete=False),
    Backend("nurikabe", "heuristics", NATIVE + "nurikabe.backends:solve_heuristics",
            "J essay port: heuristics (h2far, h22, h2ell, hislands, hendgame) to a fixpoint; "
            "stuck when cells remain free", takes=("trace",), family="native", complete=False),
    Backend("nurikabe", "heuristics+bruteforce", NATIVE + "nurikabe.backends:solve_bfh",
            "J essay port: bfh = bf @ heuristics @ init", takes=("trace", "max_colourings"),
            family="native", complete=False),
    Backend("nurikabe", "rules", NATIVE + "nurikabe.deduce:solve_rules",
            "beside the port: stronger hand rules (interpreted on a small grid, numba on a large "
            "one) to a fixpoint, then contradiction probing; stuck when cells remain free",
            takes=("probe",), family="native", complete=False),
    Backend("masyu", "sat", SAT + "masyu:solve",
            "CNF (CaDiCaL 1.9.5): cell degree 0 or 2, the pearl rules as clauses, lazy subtour cuts "
            "on one incremental solver", takes=("solver",), family="sat"),
    Backend("masyu", "cpsat", CP + "masyu:solve",
            "CP-SAT add_circuit over the cells (a self-loop per skipped cell), the pearl rules as "
            "implications, one orientation per loop", takes=("workers", "enumerate_all"), family="cpsat"),
)

DEFAULTS = {"slitherlink": "rules+sat", "hamiltonian": "dp", "edgematching": "backtrack-table",
            "nurikabe": "rules+sat", "masyu": "sat"}


class UnknownBackend(ValueError):
    pass


class UnknownOption(ValueError):
    """An option the backend does not declare."""


EXTRA_ENV = "GRIDSOLVE_EXTRA_BACKENDS"


def extra_backends() -> tuple[Backend, ...]:
    """Rows named by ``$GRIDSOLVE_EXTRA_BACKENDS`` = ``module:ATTR[,module:ATTR...]`` (ATTR a
    Backend or a sequence of them): test doubles or out-of-tree backends, seen by every process
    that inherits the environment (batch worker processes, Dask workers). Unset = none."""
    return _load_extra(os.environ.get(EXTRA_ENV, "").strip())


@lru_cache(maxsize=8)
def _load_extra(spec: str) -> tuple[Backend, ...]:
    rows: list[Backend] = []
    for item in filter(None, (s.strip() for s in spec.split(","))):
        try:
            obj = load(item)
        except (ImportError, AttributeError, ValueError) as exc:
            raise UnknownBackend(f"{EXTRA_ENV}: cannot load {item!r} (module:ATTR): {exc}") from None
        found = [obj] if isinstance(obj, Backend) else list(obj)
        if not all(isinstance(b, Backend) for b in found):
            raise UnknownBackend(f"{EXTRA_ENV}: {item!r} is not a Backend or a sequence of them")
        rows.extend(found)
    return tuple(rows)


def rows() -> tuple[Backend, ...]:
    """Every backend: the table above plus the extra rows of the environment."""
    return BACKENDS + extra_backends()


def for_kind(kind: str) -> list[Backend]:
    """The kind's backends; ``UnknownKind`` for a name not in ``KINDS``, ``KindNotSupported`` for a
    kind without a row (never an empty list that a caller would read as "nothing to run")."""
    kind = kinds.normalize(kind)
    found = [b for b in rows() if b.kind == kind]
    if not found:
        raise kinds.KindNotSupported(f"kind {kind!r} has no backends: add its rows to BACKENDS "
                                     "(and its default to DEFAULTS) in harness/registry.py")
    return found


def get(kind: str, name: str | None = None) -> Backend:
    kind = kinds.normalize(kind)
    found = for_kind(kind)
    name = name or DEFAULTS.get(kind)
    for b in found:
        if b.name == name:
            return b
    names = ", ".join(b.name for b in found)
    raise UnknownBackend(f"unknown backend {name!r} for {kind} (available: {names})")


def select(kind: str, names: list[str] | str | None) -> list[Backend]:
    """Backends by name list; ``None`` or ``"all"`` = every backend of the kind."""
    if names is None or names == "all" or names == ["all"]:
        return for_kind(kind)
    if isinstance(names, str):
        names = [n.strip() for n in names.split(",") if n.strip()]
    return [get(kind, n) for n in names]
