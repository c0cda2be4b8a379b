"""Explain a puzzle: how many solutions, what every solution shares (the backbone), and where
they differ -- from the puzzle or from a partial state (``given``). The backbone comes from each
kind's CNF model (``satmodels.<kind>.backbone``, ``satmodels.backbone_search``); this module reads the
partial states, passes every solution found through the independent checker, and writes the
element sets in the JSON form of the kind's solutions. What the backbone means: docs/explain.md.

Elements per kind: Slitherlink edges, Nurikabe cells (used = wall), Hamiltonian steps between
neighbouring cells, edge matching placements (square, piece, rotation).
"""

from __future__ import annotations

import dataclasses
import importlib
import json
import time
from collections.abc import Hashable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ..puzzles import grid
from ..puzzles.check import check
from ..puzzles.errors import FormatError
from ..puzzles.formats import read_solution
from ..puzzles.slitherlink import SlitherlinkSolution
from ..puzzles.solving import Limit
from ..satmodels.backbone_search import Backbone

DEFAULT_LIMIT = 100


@dataclass(frozen=True)
class Explanation:
    """``count`` solutions found (the exact number when ``exhausted``), the first two of them,
    and the elements used by every solution (``fixed``), by none (``unused``), and by some but
    not all (``differs``). ``complete`` is False when the time limit stopped the backbone: the
    elements left untested are in none of the three sets. ``given``: the partial state assumed."""

    kind: str
    puzzle: Any
    count: int
    exhausted: bool
    solutions: tuple
    fixed: frozenset
    unused: frozenset
    differs: frozenset
    complete: bool
    seconds: float
    given: Mapping[Hashable, bool] = field(default_factory=dict)
    stats: dict = field(default_factory=dict)

    @property
    def unique(self) -> bool:
        return self.exhausted and self.count == 1

    @property
    def contradiction(self) -> bool:
        """No solution at all (with a given state: the state cannot be completed)."""
        return self.exhausted and self.count == 0

    @property
    def completable(self) -> bool | None:
        """Has the puzzle (the given state) a solution? None when the time ran out before one."""
        return True if self.count else False if self.exhausted else None

    @property
    def unknown(self) -> frozenset:
        """The elements not known to be fixed or unused: ``differs`` and any left untested."""
        return frozenset(elements(self.puzzle)) - self.fixed - self.unused

    def to_json(self) -> dict:
        form = FORMS[self.kind]
        return {"kind": self.kind, "count": self.count, "exhausted": self.exhausted,
                "unique": self.unique, "complete": self.complete,
                "given": bool(self.given), "completable": self.completable,
                "fixed": form(self.puzzle, self.fixed), "differs": form(self.puzzle, self.differs),
                "unused": ({"white": form(self.puzzle, self.unused)["black"]} if self.kind == "nurikabe"
                           else form(self.puzzle, self.unused)),
                "solutions": [s.to_json() for s in self.solutions[:2]],
                "seconds": round(self.seconds, 6), "stats": self.stats}


def explain(puzzle, *, given=None, limit: int = DEFAULT_LIMIT, seconds: float | None = None) -> Explanation:
    """Count up to ``limit`` solutions and find the backbone, within ``seconds``. ``given``: a
    partial state (``given_state``: text, a solution object, or element -> used). Every solution
    found passes the independent checker; RuntimeError if one does not (a model bug)."""
    t0 = time.perf_counter()
    model = importlib.import_module(f"gridsolve.satmodels.{puzzle.kind}")
    given = given_state(puzzle, given)
    b = None
    options: dict = {}
    if puzzle.kind == "slitherlink":
        facts = engine_facts(puzzle, seconds)
        if facts is None:
            return Explanation(puzzle.kind, puzzle, 0, True, (), frozenset(), frozenset(), frozenset(),
                               True, time.perf_counter() - t0, given)
        on, off = options["fixed"] = facts
        if not given and len(on) + len(off) == len(elements(puzzle)):  # the only solution
            b = Backbone([SlitherlinkSolution(puzzle.rows, puzzle.cols, on)], True, on, off,
                         stats={"engine": "complete"})
    if b is None:
        left = None if seconds is None else max(1e-3, seconds - (time.perf_counter() - t0))
        b = model.backbone(puzzle, Limit(seconds=left, solutions=max(2, limit)), given=given, **options)
    if "fixed" in options and not (b.exhausted and not b.solutions):  # the engine's facts hold anyway
        on, off = options["fixed"]
        b = dataclasses.replace(b, fixed=b.fixed | on, unused=b.unused | off)
    for i, sol in enumerate(b.solutions):
        violations = check(puzzle.kind, puzzle, sol)
        if violations:
            raise RuntimeError(f"explain: solution {i + 1} breaks the rules: {violations[0]}")
    found = len(b.solutions)
    return Explanation(puzzle.kind, puzzle, min(found, limit), b.exhausted and found <= limit,
                       tuple(b.solutions[:2]), b.fixed, b.unused, b.differs, b.complete,
                       time.perf_counter() - t0, given, b.stats)


def engine_facts(puzzle, seconds: float | None) -> tuple[frozenset, frozenset] | None:
    """Slitherlink: the edges the deduction engine decides (on, off) as ``rules+sat`` runs it --
    each holds in every solution (docs/slitherlink.md), so they are backbone elements found
    without a SAT call, and the model imposes them as unit clauses. None: a contradiction (no
    solution)."""
    from ..combined.slitherlink import front
    from ..native_rules.slitherlink.deduce import Contradiction

    try:
        eng = front(puzzle, seconds)
    except Contradiction:
        return None
    return eng.lines(), eng.crosses()


# ------------------------------------------------------------------ elements per kind


def elements(puzzle) -> list:
    """Every element of the puzzle, in the models' keys."""
    if puzzle.kind == "slitherlink":
        return list(grid.edges(puzzle.rows, puzzle.cols))
    if puzzle.kind == "nurikabe":
        clues = {c for c, _ in puzzle.clue_cells()}
        return [c for c in grid.cells(puzzle.rows, puzzle.cols) if c not in clues]
    if puzzle.kind == "hamiltonian":
        return [(a, b) for a in puzzle.free_cells() for b in puzzle.neighbours(a) if a < b]
    return [((r, c), p, k) for r in range(puzzle.rows) for c in range(puzzle.cols)
            for p, k in puzzle.placements(r, c)]


def _edges_json(puzzle, edges) -> dict:
    return {"edges": [[list(a), list(b)] for a, b in sorted(edges)]}


def _cells_json(puzzle, cells) -> dict:
    return {"black": [list(c) for c in sorted(cells)]}


def _placements_json(puzzle, placed) -> dict:
    """Row-major per square: ``[piece, rotation]`` when one placement of the set is there, a list
    of them when several are, null when none."""
    at: dict = {}
    for sq, p, k in placed:
        at.setdefault(sq, []).append([p, k])
    squares = [(r, c) for r in range(puzzle.rows) for c in range(puzzle.cols)]
    return {"placements": [None if sq not in at else at[sq][0] if len(at[sq]) == 1 else sorted(at[sq])
                           for sq in squares]}


FORMS = {"slitherlink": _edges_json, "nurikabe": _cells_json, "hamiltonian": _edges_json,
         "edgematching": _placements_json}


# ------------------------------------------------------------------ partial states


def given_state(puzzle, given) -> dict:
    """A partial state as element -> used: from text (``read_given``), a solution object (a
    Nurikabe one may leave cells undecided), or a mapping already in that form."""
    if given is None:
        return {}
    if isinstance(given, str):
        return read_given(puzzle, given)
    if isinstance(given, Mapping):
        return dict(given)
    if getattr(given, "kind", None) != puzzle.kind:
        raise TypeError(f"explain: expected a {puzzle.kind} state, got {type(given).__name__}")
    return _from_solution(puzzle, given)


def read_given(puzzle, text: str) -> dict:
    """A partial state in any form the kind's solutions are written in, as element -> used:
    Slitherlink the lines drawn (and, in pzprv3, the crosses as unused), Nurikabe the decided
    cells (``_`` undecided), Hamiltonian the steps of the walk from the start, edge matching a
    grid of ``piece/rotation`` tokens with ``.`` for an empty square (or JSON with null)."""
    if puzzle.kind == "edgematching" and _has_empty_squares(text):
        return _placements_given(puzzle, text)
    out = _from_solution(puzzle, read_solution(puzzle, text))
    if puzzle.kind == "slitherlink":
        out.update({e: False for e in _pzprv3_crosses(puzzle, text)})
    return out


def _from_solution(puzzle, sol) -> dict:
    if puzzle.kind == "slitherlink":
        return {e: True for e in sol.edges}
    if puzzle.kind == "nurikabe":
        return {c: c in sol.black for c in elements(puzzle) if c not in sol.undecided}
    if puzzle.kind == "hamiltonian":
        return {e: True for e in sol.edges()}
    return {((r, c), *sol.at(r, c)): True for r in range(sol.rows) for c in range(sol.cols)}


def _pzprv3_crosses(puzzle, text: str) -> list:
    """The edges a pzprv3 file crosses out (``-1``): its last 2 * rows + 1 lines."""
    lines = [ln.split() for ln in text.strip().splitlines()]
    if not text.lstrip().startswith("pzprv3") or len(lines) < 2 * puzzle.rows + 1:
        return []
    edge_lines = lines[-(2 * puzzle.rows + 1):]
    out = [((r, c), (r + 1, c)) for r in range(puzzle.rows)
           for c, v in enumerate(edge_lines[r]) if v == "-1"]
    out += [((r, c), (r, c + 1)) for r in range(puzzle.rows + 1)
            for c, v in enumerate(edge_lines[puzzle.rows + r]) if v == "-1"]
    return out


def _has_empty_squares(text: str) -> bool:
    """An edge-matching state with empty squares: ``.`` tokens, or null in JSON."""
    s = text.strip()
    return "null" in s if s.startswith("{") else any(t == "." for ln in s.splitlines() for t in ln.split())


def _placements_given(puzzle, text: str) -> dict:
    s = text.strip()
    if s.startswith("{"):
        try:
            raw = json.loads(s)["placements"]
        except (json.JSONDecodeError, KeyError, TypeError) as exc:
            raise FormatError('expected {"placements": [[piece, rotation] or null, ...]}') from exc
        tokens = [None if x is None else f"{x[0]}/{x[1]}" for x in raw]
    else:
        rows = [ln.split() for ln in s.splitlines() if ln.strip() and not ln.lstrip().startswith("#")]
        rows = [r for r in rows if all(t == "." or t[0].isdigit() for t in r)]
        tokens = [None if t == "." else t for r in rows for t in r]
    if len(tokens) != puzzle.n:
        raise FormatError(f"expected {puzzle.n} squares ({puzzle.rows} rows of {puzzle.cols}), "
                          f"got {len(tokens)}")
    out = {}
    for i, t in enumerate(tokens):
        if t is None:
            continue
        piece, _, k = t.partition("/")
        if not piece.isdigit() or not (k or "0").isdigit() or not 1 <= int(piece) <= puzzle.n:
            raise FormatError(f"bad placement {t!r} (piece 1..{puzzle.n}, rotation 0..3)")
        p = int(piece)
        out[(divmod(i, puzzle.cols), p, _canonical(puzzle, p, int(k or 0)))] = True
    return out


def _canonical(puzzle, piece: int, k: int) -> int:
    from ..puzzles.edgematching import canonical_rotation

    return canonical_rotation(puzzle.tiles[piece - 1], k % 4)
