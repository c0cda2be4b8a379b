"""An independent brute-force enumeration of Hamiltonian paths for the tests: plain depth-first
search over the walk, with only one sound pruning (an unvisited cell other than the end that is
left with fewer than two usable neighbours -- unvisited ones or the live end -- can never be
passed through). Shares no code with any backend. ``random_puzzle`` makes the small puzzles the
tests compare backends on."""

from __future__ import annotations

import random

from gridsolve.puzzles.hamiltonian import HamiltonianPuzzle


def random_puzzle(rng: random.Random, rows: int, cols: int, blocked_share: int,
                  prefix_share: int) -> HamiltonianPuzzle:
    """A ``rows`` x ``cols`` grid with up to 1/``blocked_share`` of its cells blocked, random
    endpoints and a random self-avoiding prefix (possibly leading nowhere) of up to
    1/``prefix_share`` of the free cells; the 1 x 2 grid when fewer than two cells are free."""
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    blocked = frozenset(rng.sample(cells, rng.randint(0, len(cells) // blocked_share)))
    free = [c for c in cells if c not in blocked]
    if len(free) < 2:
        return HamiltonianPuzzle(1, 2, (0, 0), (0, 1))
    start, end = rng.sample(free, 2)
    p = HamiltonianPuzzle(rows, cols, start, end, blocked)
    walk = [start]
    for _ in range(rng.randint(0, len(free) // prefix_share)):
        moves = [m for m in p.neighbours(walk[-1]) if m not in walk and m != end]
        if not moves:
            break
        walk.append(rng.choice(moves))
    return p.with_prefix(walk) if len(walk) > 1 else p


def all_paths(puzzle: HamiltonianPuzzle) -> list[tuple]:
    walked = list(puzzle.walked())
    seen = set(walked)
    free = puzzle.free_cells()
    n = len(free)
    adj = {c: puzzle.neighbours(c) for c in free}
    out: list[tuple] = []

    def stranded(here) -> bool:
        for c in free:
            if c in seen or c == puzzle.end:
                continue
            usable = sum(1 for m in adj[c] if m not in seen or m == here)
            if usable < 2:
                return True
        return False

    def rec() -> None:
        here = walked[-1]
        if len(walked) == n:
            if here == puzzle.end:
                out.append(tuple(walked))
            return
        if here == puzzle.end or stranded(here):
            return
        for m in adj[here]:
            if m not in seen:
                seen.add(m)
                walked.append(m)
                rec()
                walked.pop()
                seen.remove(m)

    rec()
    return out


def completions_by_move(puzzle: HamiltonianPuzzle) -> dict:
    k = len(puzzle.walked())
    out: dict = {}
    for p in all_paths(puzzle):
        out[p[k]] = out.get(p[k], 0) + 1
    return out
