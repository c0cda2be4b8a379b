"""The completion oracle: for a partial walk (a puzzle with a prefix), which next moves can still
be completed to a Hamiltonian path, and in how many ways.

API (used by the rule port of issue 7 to audit its decisions):

* ``candidates(puzzle) -> list[cell]``: the free, unvisited neighbours of the live end;
* ``completion_counts(puzzle) -> {cell: int}``: for every candidate, the exact number of
  completions whose next step is that cell (one frontier-DP run with the first move carried in
  the state); the sum is the number of completions of the walk;
* ``completable_moves(puzzle) -> set[cell]``: the candidates with at least one completion;
* ``Oracle(finder=...)``: the same question where the DP is too large: cheap necessary tests
  (``quick_infeasible``), a witness completion kept from earlier answers, and otherwise
  ``finder(puzzle) -> path | None`` (e.g. the SAT model, injected by the caller: backends do not
  import each other).

All answers are exact (no heuristics decide a "no" except the proven necessary conditions).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from puzzles.hamiltonian import HamiltonianPuzzle

from . import frontier

Cell = tuple[int, int]
ORACLE_MAX_STATES = 3_000_000


def candidates(puzzle: HamiltonianPuzzle) -> list[Cell]:
    walked = set(puzzle.walked())
    here = puzzle.live_end
    if here == puzzle.end:
        return []
    return [n for n in puzzle.neighbours(here) if n not in walked]


def completion_counts(puzzle: HamiltonianPuzzle, *, max_states: int = ORACLE_MAX_STATES,
                      deadline=None) -> dict[Cell, int]:
    """Completions per next move (exact); raises ``frontier.TooLarge`` past ``max_states``."""
    moves = candidates(puzzle)
    if not moves:
        return {}
    rest = puzzle.remainder()
    table = frontier.build(rest, tag_start=True, max_states=max_states, deadline=deadline)
    board = table.board
    out = {m: 0 for m in moves}
    sr, sc = board.start
    for tag, n in table.by_tag.items():
        dr, dc = frontier.TAG_STEPS[tag]
        cell = board.to_puzzle_cell((sr + dr, sc + dc))
        out[cell] = out.get(cell, 0) + n
    return out


def completable_moves(puzzle: HamiltonianPuzzle, *, max_states: int = ORACLE_MAX_STATES) -> set[Cell]:
    """The next moves that can still be completed (exact, by the frontier DP)."""
    return {m for m, n in completion_counts(puzzle, max_states=max_states).items() if n > 0}


@lru_cache(maxsize=16)
def _adjacency(rows: int, cols: int, blocked: frozenset) -> dict[Cell, tuple[Cell, ...]]:
    out = {}
    for r in range(rows):
        for c in range(cols):
            if (r, c) in blocked:
                continue
            out[(r, c)] = tuple(n for n in ((r - 1, c), (r, c + 1), (r + 1, c), (r, c - 1))
                                if 0 <= n[0] < rows and 0 <= n[1] < cols and n not in blocked)
    return out


def quick_infeasible(puzzle: HamiltonianPuzzle) -> bool:
    """Proven necessary conditions for a completion, cheapest first; True = no completion.

    1. every unvisited cell except the end keeps two usable neighbours (unvisited, or the live
       end), and the end one;
    2. the unvisited cells and the live end are connected;
    3. colour count: the cells still to walk, live end included, alternate colours on the
       chessboard, so the two colours differ by at most one, as the endpoints demand."""
    adj = _adjacency(puzzle.rows, puzzle.cols, puzzle.blocked)
    walked = puzzle.walked()
    here = walked[-1]
    usable = set(adj).difference(walked)
    if here == puzzle.end:
        return bool(usable)
    usable.add(here)
    end = puzzle.end
    for c in usable:
        if c != here and sum(n in usable for n in adj[c]) < (1 if c == end else 2):
            return True
    seen = {here}
    stack = [here]
    while stack:
        for y in adj[stack.pop()]:
            if y in usable and y not in seen:
                seen.add(y)
                stack.append(y)
    if len(seen) != len(usable):
        return True
    black = sum(1 for r, c in usable if (r + c) % 2 == 0)
    white = len(usable) - black
    here_black = (here[0] + here[1]) % 2 == 0
    end_black = (end[0] + end[1]) % 2 == 0
    if len(usable) % 2 == 0:
        return here_black == end_black or black != white
    if here_black != end_black:
        return True
    return (black - white) != (1 if here_black else -1)


class Oracle:
    """Completable next moves for walks too large for the DP: the DP when its frontier stays
    under ``max_states``; else, per candidate, the necessary tests, then the witness (a complete
    path through the walk so far, kept from earlier answers), then ``finder``."""

    def __init__(self, finder: Callable[[HamiltonianPuzzle], tuple | None] | None = None, *,
                 max_states: int = 200_000, dp_width: int = 11) -> None:
        self.finder = finder
        self.max_states = max_states
        self.dp_width = dp_width
        self.witness: tuple | None = None
        self.calls = {"dp": 0, "finder": 0, "witness": 0, "pruned": 0}

    def _narrow(self, puzzle: HamiltonianPuzzle) -> bool:
        todo = set(_adjacency(puzzle.rows, puzzle.cols, puzzle.blocked)).difference(puzzle.walked())
        if not todo:
            return True
        rows = {r for r, _ in todo}
        cols = {c for _, c in todo}
        return min(max(rows) - min(rows), max(cols) - min(cols)) + 1 <= self.dp_width

    def moves(self, puzzle: HamiltonianPuzzle) -> set[Cell]:
        if self.finder is None or self._narrow(puzzle):
            try:
                self.calls["dp"] += 1
                return completable_moves(puzzle, max_states=self.max_states)
            except frontier.TooLarge:
                if self.finder is None:
                    raise
        out = set()
        walked = puzzle.walked()
        for m in candidates(puzzle):
            step = puzzle.with_prefix(walked + (m,))
            w = self.witness
            if w is not None and w[: len(walked) + 1] == walked + (m,):
                self.calls["witness"] += 1
                out.add(m)
                continue
            if quick_infeasible(step):
                self.calls["pruned"] += 1
                continue
            self.calls["finder"] += 1
            path = self.finder(step)
            if path is not None:
                self.witness = tuple(path)
                out.add(m)
        return out
