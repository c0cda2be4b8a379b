"""An independent brute-force enumeration of Hamiltonian paths for the tests: plain depth-first
search over the walk, with only one sound pruning (an unvisited cell other than the end that is
left with fewer than two usable neighbours -- unvisited ones or the live end -- can never be
passed through). Shares no code with any backend."""

from __future__ import annotations

from gridsolve.puzzles.hamiltonian import HamiltonianPuzzle


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
