"""Edge matching (Eternity II) as CNF (python-sat), two encodings.

Rules: every piece on exactly one square (turned if allowed), touching edges of the same colour,
colour 0 exactly on the sides facing the border, fixed pieces where given.

**Heule (2008)**, the default: ``x[piece, square]`` only where the piece's type fits the square
(a corner piece on a corner, ...: some rotation satisfies the border rule), no rotation variables,
and ``y[join, colour]`` for every inner join and the colours it can take.
* ``add_squares_and_pieces``: at least one piece per square, at most one piece per square
  (sequential counter), at least one square per piece; with equal numbers of pieces and squares
  this makes the placement a bijection;
* ``add_join_colours``: every join has exactly one colour;
* ``add_piece_colours``: the rotation is implied by the joins' colours. For a placement with the
  allowed rotations R (colour ``col_r(i)`` on side i): ``x -> OR_r y[J_0, col_r(0)]``, and for all
  sides i != j and colours c: ``x & y[J_i, c] -> OR_{r in R, col_r(i) = c} y[J_j, col_r(j)]`` (for
  an all-different piece these are Heule's clauses ``x & y[J_i, u] -> y[J_i+1, r]``); plus, per
  colour c of the piece, ``x -> OR_i y[J_i, c]`` over the sides where c can appear. Pairwise
  clauses alone accept a join pattern that is no rotation when a colour appears three times
  (``(a, a, a, b)`` against ``(a, a, a, a)``); the per-colour clause excludes it. That these
  clauses accept exactly the rotations was checked exhaustively for all pieces over 5 colours and
  several allowed-rotation sets (``tests/edgematching/test_models.py``). Border sides have no join
  variable: a placement's border sides are fixed by the type filter.
* redundant families (on by default, ``fbc`` / ``exp`` options): *forbidden colours*
  ``x -> not y[J_i, k]`` for each colour k that the piece cannot show on side i, and the *explicit
  at-most-one* square per piece.
Counting blocks ``x`` and ``y`` of each solution (``y`` is determined by the solution: the inner
joins' colours), so every solution is removed exactly once.

**Rotation-explicit** (``encoding="rotation"``): ``x[square, piece, rotation]`` pre-filtered by the
border rule (as in the CP-SAT model), exactly one per square and per piece, and for every inner
join, colour and placement on one side ``x -> OR(placements showing that colour on the other side)``.

Without hints and with rotation, the first corner piece is fixed to the top-left corner (or
top-left / top-right on a rectangular board) and every solution is returned with its turned
copies (see ``cpmodels.edgematching``); ``count_up_to_rotation`` is reported.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..encoding.edgematching import class_limit, join_sides, model_bytes, with_turned_copies
from ..puzzles import solving
from ..puzzles.edgematching import (
    BOTTOM,
    LEFT,
    RIGHT,
    TOP,
    EdgeMatchingPuzzle,
    EdgeMatchingSolution,
    symmetry_anchor,
)
from . import vocabulary

if TYPE_CHECKING:
    from . import backbone_search

SIDE_OFFSETS = {TOP: (-1, 0), RIGHT: (0, 1), BOTTOM: (1, 0), LEFT: (0, -1)}


def join_of(puzzle: EdgeMatchingPuzzle, sq, side):
    """The inner join on ``side`` of ``sq`` (as the pair of squares), or None on the border."""
    dr, dc = SIDE_OFFSETS[side]
    other = (sq[0] + dr, sq[1] + dc)
    if not (0 <= other[0] < puzzle.rows and 0 <= other[1] < puzzle.cols):
        return None
    return (min(sq, other), max(sq, other))


class Heule:
    def __init__(self, puzzle: EdgeMatchingPuzzle, fbc: bool = True, exp: bool = True,
                 deadline: solving.Deadline = solving.NO_DEADLINE) -> None:
        self.p, self.cnf = puzzle, vocabulary.Cnf()
        self.fbc, self.exp = fbc, exp
        self.deadline = deadline
        self.rots: dict[tuple, list[int]] = {}  # (piece, square) -> allowed rotations
        self.domain: dict[tuple, set[int]] = {}  # join -> colours it can take
        p = puzzle
        squares = [(r, c) for r in range(p.rows) for c in range(p.cols)]
        for sq in deadline.each(squares):
            for piece, k in p.placements(*sq):
                self.rots.setdefault((piece, sq), []).append(k)
        for (piece, sq), ks in deadline.each(self.rots.items(), every=1000):
            for side in range(4):
                j = join_of(p, sq, side)
                if j is not None:
                    self.domain.setdefault(j, set()).update(p.tile(piece, k)[side] for k in ks)

    def x(self, piece, sq) -> int:
        return self.cnf.var(("x", piece, sq))

    def y(self, join, colour) -> int:
        return self.cnf.var(("y", join, colour))

    def add_squares_and_pieces(self) -> None:
        by_sq: dict = {}
        by_piece: dict = {}
        for piece, sq in self.rots:
            by_sq.setdefault(sq, []).append(self.x(piece, sq))
            by_piece.setdefault(piece, []).append(self.x(piece, sq))
        p = self.p
        for sq in self.deadline.each((r, c) for r in range(p.rows) for c in range(p.cols)):
            lits = by_sq.get(sq, [])
            self.cnf.add(lits)
            self.cnf.atmost(lits, 1)
        for piece in self.deadline.each(range(1, p.n + 1)):
            lits = by_piece.get(piece, [])
            self.cnf.add(lits)
            if self.exp:
                self.cnf.atmost(lits, 1)

    def add_join_colours(self) -> None:
        for j, colours in self.deadline.each(self.domain.items(), every=100):
            lits = [self.y(j, c) for c in sorted(colours)]
            self.cnf.add(lits)
            self.cnf.atmost(lits, 1)

    def add_piece_colours(self) -> None:
        p = self.p
        for (piece, sq), ks in self.deadline.each(self.rots.items(), every=100):
            x = self.x(piece, sq)
            looks = [p.tile(piece, k) for k in ks]
            joins = {s: j for s in range(4) if (j := join_of(p, sq, s)) is not None}
            sides = list(joins)
            if not sides:
                continue
            s0 = sides[0]
            self.cnf.add([-x] + [self.y(joins[s0], c) for c in sorted({t[s0] for t in looks})])
            for i in sides:
                for c in self.domain[joins[i]]:
                    fitting = [t for t in looks if t[i] == c]
                    if not fitting:
                        if self.fbc:  # forbidden colour
                            self.cnf.add([-x, -self.y(joins[i], c)])
                        continue
                    for j in sides:
                        if j != i:
                            self.cnf.add([-x, -self.y(joins[i], c)]
                                         + [self.y(joins[j], col) for col in sorted({t[j] for t in fitting})])
            for c in {t[s] for t in looks for s in sides}:
                self.cnf.add([-x] + [self.y(joins[s], c) for s in sides if any(t[s] == c for t in looks)])

    def add_symmetry_break(self) -> bool:
        anchor = symmetry_anchor(self.p)
        if anchor is None:
            return False
        piece, spots = anchor
        self.cnf.add([self.x(piece, (r, c)) for r, c, _ in spots])
        return True

    def read(self, model: list[int]) -> EdgeMatchingSolution:
        p, true = self.p, {v for v in model if v > 0}
        where = {sq: piece for (piece, sq) in self.rots if self.x(piece, sq) in true}
        colour = {j: c for j, cs in self.domain.items() for c in cs if self.y(j, c) in true}
        pairs = []
        for r in range(p.rows):
            for c in range(p.cols):
                piece = where[(r, c)]
                for k in self.rots[(piece, (r, c))]:
                    t = p.tile(piece, k)
                    js = [join_of(p, (r, c), s) for s in range(4)]
                    if all(j is None or colour[j] == t[s] for s, j in enumerate(js)):
                        pairs.append((piece, k))
                        break
                else:  # pragma: no cover - the clauses make this impossible
                    raise RuntimeError(f"no rotation of piece {piece} fits the joins at {(r, c)}")
        return EdgeMatchingSolution.make(p, pairs)

    def block(self, sol: EdgeMatchingSolution) -> list[int]:
        p = self.p
        lits = [-self.x(sol.at(r, c)[0], (r, c)) for r in range(p.rows) for c in range(p.cols)]
        for r in range(p.rows):
            for c in range(p.cols):
                t = p.tile(*sol.at(r, c))
                for side in (RIGHT, BOTTOM):
                    j = join_of(p, (r, c), side)
                    if j is not None:
                        lits.append(-self.y(j, t[side]))
        return lits


class RotationExplicit:
    def __init__(self, puzzle: EdgeMatchingPuzzle, deadline: solving.Deadline = solving.NO_DEADLINE) -> None:
        self.p, self.cnf = puzzle, vocabulary.Cnf()
        self.deadline = deadline
        self.at: dict[tuple, list] = {}
        for r in deadline.each(range(puzzle.rows)):
            for c in range(puzzle.cols):
                self.at[(r, c)] = puzzle.placements(r, c)

    def x(self, sq, piece, k) -> int:
        return self.cnf.var(("x", sq, piece, k))

    def add_squares_and_pieces(self) -> None:
        by_piece: dict = {}
        for sq, pl in self.deadline.each(self.at.items()):
            lits = [self.x(sq, piece, k) for piece, k in pl]
            self.cnf.equals(lits, 1)
            for (piece, _k), v in zip(pl, lits, strict=True):
                by_piece.setdefault(piece, []).append(v)
        for piece in self.deadline.each(range(1, self.p.n + 1)):
            self.cnf.equals(by_piece.get(piece, []), 1)

    def add_piece_colours(self) -> None:
        p = self.p
        for a, b, sa, sb in self.deadline.each(join_sides(p)):
            for (s1, side1, s2, side2) in ((a, sa, b, sb), (b, sb, a, sa)):
                other: dict = {}
                for piece, k in self.at[s2]:
                    other.setdefault(p.tile(piece, k)[side2], []).append(self.x(s2, piece, k))
                for piece, k in self.at[s1]:
                    self.cnf.add([-self.x(s1, piece, k)] + other.get(p.tile(piece, k)[side1], []))

    def add_symmetry_break(self) -> bool:
        anchor = symmetry_anchor(self.p)
        if anchor is None:
            return False
        piece, spots = anchor
        self.cnf.add([self.x((r, c), piece, k) for r, c, k in spots])
        return True

    def read(self, model: list[int]) -> EdgeMatchingSolution:
        true = {v for v in model if v > 0}
        p = self.p
        pairs = [next((piece, k) for piece, k in self.at[(r, c)] if self.x((r, c), piece, k) in true)
                 for r in range(p.rows) for c in range(p.cols)]
        return EdgeMatchingSolution.make(p, pairs)

    def block(self, sol: EdgeMatchingSolution) -> list[int]:
        p = self.p
        return [-self.x((r, c), *sol.at(r, c)) for r in range(p.rows) for c in range(p.cols)]


def build(puzzle: EdgeMatchingPuzzle, encoding: str = "heule", fbc: bool = True, exp: bool = True,
          deadline: solving.Deadline = solving.NO_DEADLINE):
    if encoding == "heule":
        m = Heule(puzzle, fbc, exp, deadline)
        m.add_squares_and_pieces()
        m.add_join_colours()
        m.add_piece_colours()
        return m
    if encoding == "rotation":
        m = RotationExplicit(puzzle, deadline)
        m.add_squares_and_pieces()
        m.add_piece_colours()
        return m
    raise ValueError(f"encoding must be 'heule' or 'rotation', got {encoding!r}")


@solving.stops_at_deadline("sat")
def solve(puzzle: EdgeMatchingPuzzle, limit: solving.Limit = solving.Limit(), *, encoding: str = "heule",
          fbc: bool = True, exp: bool = True, symmetry: bool = True,
          solver: str = vocabulary.DEFAULT_SOLVER) -> solving.SolveResult:
    name = "sat" if encoding == "heule" else "sat-rot"
    deadline = solving.Deadline(limit.seconds)
    solving.refuse_oversized(f"edgematching {name}: the model for {puzzle.rows}x{puzzle.cols}",
                             model_bytes(puzzle, encoding))
    m = build(puzzle, encoding, fbc, exp, deadline)
    broken = symmetry and m.add_symmetry_break()
    stats: dict = {"encoding": encoding, "fbc": fbc, "exp": exp, "symmetry_broken": broken}
    r = vocabulary.search(name, m.cnf, class_limit(puzzle, limit, broken), read=m.read, block=m.block,
                    solver_name=solver, deadline=deadline, stats=stats)
    sols = with_turned_copies(puzzle, r.solutions, broken)
    note = ""
    if broken and r.exhausted:
        stats["count_up_to_rotation"] = r.count
        note = f"{r.count} up to board rotation"
    exhausted = r.exhausted and len(sols) <= limit.solutions
    return solving.SolveResult(name, r.status, tuple(sols[: limit.solutions]), exhausted, deadline.elapsed(),
                               stats, note=note)



def backbone(puzzle: EdgeMatchingPuzzle, limit: solving.Limit = solving.Limit(), *, given: dict | None = None,
             solver: str = vocabulary.DEFAULT_SOLVER) -> backbone_search.Backbone:
    """The solutions up to ``limit`` and the placements (square, piece, rotation) that every
    solution (that keeps ``given``: placement -> made or not) makes, never makes, or disagrees
    on. On the rotation-explicit encoding, where each placement is one variable; no symmetry is
    broken, so a board turned is a different solution."""
    from . import backbone_search  # loaded by the backbone's callers only (explain, hint, the page)

    deadline = solving.Deadline(limit.seconds)
    solving.refuse_oversized(f"edgematching backbone: the model for {puzzle.rows}x{puzzle.cols}",
                             model_bytes(puzzle, "rotation"))
    try:
        m = build(puzzle, "rotation", deadline=deadline)
    except solving.DeadlineExpired:
        return backbone_search.Backbone(complete=False)
    assert isinstance(m, RotationExplicit)
    elements = {(sq, piece, k): m.x(sq, piece, k) for sq, pl in m.at.items() for piece, k in pl}
    model = backbone_search.Model(m.cnf, elements, m.read, m.block, placements, solver_name=solver)
    return backbone_search.backbone(model, limit=limit.solutions, deadline=deadline, given=given)


def placements(solution: EdgeMatchingSolution) -> frozenset:
    """A solution's placements as (square, piece, rotation)."""
    return frozenset(((r, c), *solution.at(r, c)) for r in range(solution.rows) for c in range(solution.cols))
