"""The completion oracle: for a partial walk (a puzzle with a prefix), which next moves can still
be completed to a Hamiltonian path, and in how many ways.

API (used by the rule port to audit its decisions):

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

from collections.abc import Callable, Iterator
from functools import lru_cache

from ....puzzles.hamiltonian import HamiltonianPuzzle
from .. import frontier

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
    3. no cut vertex once the live end and the end are joined: a path from the live end to the
       end through every cell, closed by that extra edge, is a cycle through all of them, and a
       graph with a Hamiltonian cycle is 2-connected;
    4. colour count: the cells still to walk, live end included, alternate colours on the
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
    if _has_cut_vertex(usable, adj, here, end):
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


def _has_cut_vertex(nodes: set, adj: dict, here: Cell, end: Cell) -> bool:
    """Does the graph on ``nodes`` (grid adjacency, plus the edge here-end) have an articulation
    point? Iterative Tarjan low-link search."""
    if len(nodes) <= 2:
        return False

    def nbrs(v):
        out = [w for w in adj[v] if w in nodes]
        if v == here and end not in out:
            out.append(end)
        elif v == end and here not in out:
            out.append(here)
        return out

    disc = {here: 0}
    low = {here: 0}
    counter = 1
    root_children = 0
    stack: list[tuple[Cell, Cell | None, Iterator[Cell]]] = [(here, None, iter(nbrs(here)))]
    while stack:
        v, parent, it = stack[-1]
        advanced = False
        for w in it:
            if w == parent:
                continue
            if w in disc:
                low[v] = min(low[v], disc[w])
            else:
                disc[w] = low[w] = counter
                counter += 1
                stack.append((w, v, iter(nbrs(w))))
                advanced = True
                break
        if advanced:
            continue
        stack.pop()
        if parent is not None:
            low[parent] = min(low[parent], low[v])
            if parent == here:
                root_children += 1
            elif low[v] >= disc[parent]:
                return True
    return root_children > 1


class Oracle:
    """Completable next moves of a growing walk, exactly.

    Without a ``finder``: the frontier DP (up to ``max_states`` states). With one (e.g. the
    incremental SAT check of ``satmodels.hamiltonian.WalkSolver``): the DP only while what is
    left is at most ``dp_width`` wide (default 0: never; on 21x21 walks SAT is cheaper), else
    per candidate move: (1) the witness -- a complete path through the walk so far, kept from
    earlier answers -- proves it; (2) ``splice`` rebuilds the witness into one through the move;
    (3) ``quick_infeasible`` refutes it; (4) ``finder`` decides it (and its path becomes a
    witness). ``calls`` counts how each question was settled."""

    def __init__(self, finder: Callable[[HamiltonianPuzzle], tuple | None] | None = None, *,
                 max_states: int = 200_000, dp_width: int = 0) -> None:
        self.finder = finder
        self.max_states = max_states
        self.dp_width = dp_width
        self.witness: tuple | None = None
        self.recent: list[tuple] = []  # complete paths through the last walk asked about
        self.calls = {"dp": 0, "finder": 0, "witness": 0, "spliced": 0, "pruned": 0}

    def _narrow(self, puzzle: HamiltonianPuzzle) -> bool:
        todo = set(_adjacency(puzzle.rows, puzzle.cols, puzzle.blocked)).difference(puzzle.walked())
        if not todo:
            return True
        rows = {r for r, _ in todo}
        cols = {c for _, c in todo}
        return min(max(rows) - min(rows), max(cols) - min(cols)) + 1 <= self.dp_width

    def _witness_for(self, walked: tuple) -> tuple | None:
        for w in self.recent:
            if w[: len(walked)] == walked:
                return w
        return None

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
        base = self._witness_for(walked)
        found = []
        for m in candidates(puzzle):
            step = walked + (m,)
            if base is not None and base[: len(step)] == step:
                self.calls["witness"] += 1
                out.add(m)
                found.append(base)
                continue
            spliced = splice(base, len(walked), m) if base is not None else None
            if spliced is not None:
                self.calls["spliced"] += 1
                out.add(m)
                found.append(spliced)
                continue
            after = puzzle.extended(m)
            if quick_infeasible(after):
                self.calls["pruned"] += 1
                continue
            self.calls["finder"] += 1
            path = self.finder(after)
            if path is not None:
                out.add(m)
                found.append(tuple(path))
        self.recent = found or self.recent
        self.witness = found[0] if found else self.witness
        return out


def _adjacent(cell: Cell, other: Cell) -> bool:
    return abs(cell[0] - other[0]) + abs(cell[1] - other[1]) == 1


def splice(witness: tuple, walked: int, move: Cell) -> tuple | None:
    """A complete path through ``witness[:walked]`` (the walk) whose next cell is ``move``, made
    from the witness by cutting it before ``move`` and inserting the cut-off head (the cells
    between the walk and ``move``) between two consecutive cells of the tail, either way round;
    None if no such place exists. Every path returned is checked to be a path through the same
    cells."""
    try:
        cut = witness.index(move, walked)
    except ValueError:
        return None
    head, tail = witness[walked:cut], witness[cut:]
    if not head:
        return witness
    first, last = head[0], head[-1]
    for i in range(len(tail) - 1):
        before, after = tail[i], tail[i + 1]
        if _adjacent(before, first) and _adjacent(after, last):
            return witness[:walked] + tail[: i + 1] + head + tail[i + 1:]
        if _adjacent(before, last) and _adjacent(after, first):
            return witness[:walked] + tail[: i + 1] + head[::-1] + tail[i + 1:]
    return None
