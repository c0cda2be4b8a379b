"""Edge matching in the harness: its size limits (counted in pieces), and explain over the
placements (square, piece, rotation). A partial state may leave squares empty (``.`` in a grid
of ``piece/rotation`` tokens, null in JSON); a complete one reads as a solution."""

from __future__ import annotations

import json

from ...puzzles.errors import FormatError
from . import ExplainTerms, KindLimits, common

LIMITS = KindLimits("pieces", page=400, small=16, page_side=16, cli_side=64, min_side=2)
TERMS = ExplainTerms("placements", "made by every solution", "by none")
given_from_text = common.given_from_text
backbone = common.sat_backbone


def elements(puzzle) -> list:
    return [((r, c), p, k) for r in range(puzzle.rows) for c in range(puzzle.cols)
            for p, k in puzzle.placements(r, c)]


def form(puzzle, placed) -> dict:
    """Row-major per square: ``[piece, rotation]`` when one placement of the set is there, a list
    of them when several are, null when none."""
    at: dict = {}
    for sq, p, k in placed:
        at.setdefault(sq, []).append([p, k])
    squares = [(r, c) for r in range(puzzle.rows) for c in range(puzzle.cols)]
    return {"placements": [None if sq not in at else at[sq][0] if len(at[sq]) == 1 else sorted(at[sq])
                           for sq in squares]}


unused_form = form


def given_from_solution(puzzle, solution) -> dict:
    return {((r, c), *solution.at(r, c)): True for r in range(solution.rows) for c in range(solution.cols)}


def read_given(puzzle, text: str) -> dict:
    return placements_given(puzzle, text) if has_empty_squares(text) else given_from_text(puzzle, text)


def has_empty_squares(text: str) -> bool:
    """An edge-matching state with empty squares: ``.`` tokens, or null in JSON."""
    s = text.strip()
    return "null" in s if s.startswith("{") else any(t == "." for ln in s.splitlines() for t in ln.split())


def placements_given(puzzle, text: str) -> dict:
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
        out[(divmod(i, puzzle.cols), p, canonical(puzzle, p, int(k or 0)))] = True
    return out


def canonical(puzzle, piece: int, k: int) -> int:
    from ...puzzles.edgematching import canonical_rotation

    return canonical_rotation(puzzle.tiles[piece - 1], k % 4)
