"""The backends of the seed's port (``backtrack``: the OCaml programs of the report, Listings
1.8-1.10): ``backtrack`` (no rotation), ``backtrack-rot`` and ``backtrack-rot-locked``. A puzzle
becomes the seed's board and tiles array, ``backtrack.search`` does the work, each full board
comes back as a solution.

Decisions the backends take where the seed has nothing to say:

* **Rotation numbering.** The seed's ``k`` turns counter-clockwise (k = 1 is ``rotate_tile_left``);
  gridsolve's rotation turns clockwise, so a tile placed with the seed's ``k`` is reported as
  rotation ``(4 - k) % 4``.
* **Puzzles the seed does not have.** Fixed (hint) pieces: the seed's ``test_tile`` never checks a
  tile against a right or lower neighbour that is already on the board, so it cannot honour
  hints; the backends stop ``stuck`` on such puzzles. ``backtrack`` (no rotation) stops ``stuck``
  on a puzzle that allows rotation. ``backtrack-rot`` on a puzzle that forbids rotation tries
  ``k = 0`` only (the two seed programs differ just there). The locked program pins ``tiles.(0)``
  -- which the locked shuffle keeps as the top-left corner -- at (0, 0) as it is; for an arbitrary
  piece list the port pins the first corner piece, turned so that its border sides face up and
  left (the same thing on the seed's boards). The lock breaks the 4 board rotations, so each
  solution found stands for 4 (the seed's "divide by 4"); the backend returns all four (each
  turned copy) so its solution set compares with the other backends', and reports the locked
  count as ``count_up_to_rotation``. Without that symmetry (rectangular board, no rotation, or
  hints) nothing is locked.
* **Duplicates.** A piece that looks the same after a turn is placed once per rotation k that
  fits, so the seed prints the same board twice; ``boards`` in the stats counts printed boards,
  the solutions returned are the distinct ones.
"""

from __future__ import annotations

from ...puzzles.edgematching import (
    EdgeMatchingPuzzle,
    EdgeMatchingSolution,
    canonical_rotation,
    corner_piece_rotation,
    orbit,
)
from ...puzzles.solving import Deadline, Limit, SolveResult, Status, finish
from .backtrack import (
    EMPTY,
    StopSearch,
    Tile,
    create_board,
    print_board,
    rotate_tile_180,
    rotate_tile_left,
    rotate_tile_right,
    search,
)


def puzzle_tiles(puzzle: EdgeMatchingPuzzle) -> list[Tile]:
    """The tiles array of a puzzle: tile id = piece number - 1 (the seed's 0-based ids)."""
    return [Tile(p, *t) for p, t in enumerate(puzzle.tiles)]


def board_solution(puzzle: EdgeMatchingPuzzle, board) -> EdgeMatchingSolution:
    pairs = []
    for row in board:
        for t in row:
            shown = (t.top, t.right, t.bottom, t.left)
            p = t.id + 1
            k = next(k for k in range(4) if puzzle.tile(p, k) == shown)
            pairs.append((p, canonical_rotation(puzzle.tiles[p - 1], k)))
    return EdgeMatchingSolution(puzzle.rows, puzzle.cols, tuple(pairs))


def lock_first_corner(puzzle: EdgeMatchingPuzzle):
    """(tile index, the tile turned to face up-left) of the first corner piece, or None."""
    for t, tile in enumerate(puzzle.tiles):
        k = corner_piece_rotation(tile, puzzle.rows, puzzle.cols, 0, 0)
        if k is not None:
            seed_k = (4 - k) % 4
            turned = Tile(t, *tile)
            turns = (turned, rotate_tile_left(turned), rotate_tile_180(turned), rotate_tile_right(turned))
            turned = turns[seed_k]
            return t, turned
    return None


def not_applicable(puzzle: EdgeMatchingPuzzle, version: str) -> str | None:
    if puzzle.hints:
        return ("the seed's backtracking cannot honour fixed pieces (test_tile never looks right or "
                "down); use cpsat/sat or --no-hints")
    if version == "norot" and puzzle.rotation:
        return "backtrack is the seed's version without rotation; use backtrack-rot or --no-rotation"
    return None


def run(puzzle: EdgeMatchingPuzzle, limit: Limit, version: str, *, engine: str = "numba",
        listing: str = "annex", trace: bool = False) -> SolveResult:
    """Run one of the seed's three programs (``norot``, ``rot``, ``locked``) on a puzzle."""
    name = {"norot": "backtrack", "rot": "backtrack-rot", "locked": "backtrack-rot-locked"}[version]
    deadline = Deadline(limit.seconds)
    if listing not in ("annex", "text"):
        raise ValueError(f"listing must be 'annex' or 'text', got {listing!r}")
    if engine not in ("numba", "python"):
        raise ValueError(f"engine must be 'numba' or 'python', got {engine!r}")
    why = not_applicable(puzzle, version)
    if why:
        return SolveResult(name, Status.STUCK, (), False, deadline.elapsed(), note=why)
    rotation = puzzle.rotation and version != "norot"
    board, tiles = create_board(puzzle.rows, puzzle.cols), puzzle_tiles(puzzle)
    stats: dict = {"engine": engine, "listing": listing if version == "norot" else "annex"}
    locked = version == "locked" and puzzle.rotation and puzzle.rows == puzzle.cols
    if locked:
        lock = lock_first_corner(puzzle)
        if lock is None:
            return finish(name, [], exhausted=True, timed_out=False, deadline=deadline,
                          stats=stats, note="no corner piece")
        t, turned = lock
        board[0][0], tiles[t] = turned, EMPTY
        stats["locked_piece"] = t + 1
    found: list[EdgeMatchingSolution] = []
    seen: set = set()
    lines: list[str] = []
    boards = 0

    def on_board(b) -> None:
        nonlocal boards
        boards += 1
        if trace and len(lines) < 200 * (puzzle.rows * 4 + 3):
            lines.extend(print_board(b).splitlines() + [""])
        sol = board_solution(puzzle, b)
        for s in orbit(puzzle, sol) if locked else (sol,):
            if s not in seen:
                seen.add(s)
                found.append(s)
        if len(found) >= limit.solutions:
            raise StopSearch

    nodes, exhausted = search(board, tiles, rotation=rotation, listing=listing, on_board=on_board,
                              deadline=deadline, compiled=engine == "numba")
    timed_out = not exhausted and len(found) < limit.solutions
    stats.update(nodes=nodes, boards=boards)
    note = ""
    if locked or (rotation and exhausted):
        stats["count_up_to_rotation"] = len(found) // (4 if puzzle.rows == puzzle.cols else 2)
        if exhausted:
            note = f"{stats['count_up_to_rotation']} up to board rotation"
    if trace:
        stats["trace"] = ["Solving: may the time be with you", *lines]
    return finish(name, found[: limit.solutions], exhausted=exhausted and len(found) <= limit.solutions,
                  timed_out=timed_out, deadline=deadline, stats=stats, note=note)


def solve(puzzle: EdgeMatchingPuzzle, limit: Limit = Limit(), *, engine: str = "numba",
          listing: str = "annex", trace: bool = False) -> SolveResult:
    """``backtrack``: the seed's program without rotation (Listing 1.8)."""
    return run(puzzle, limit, "norot", engine=engine, listing=listing, trace=trace)


def solve_rot(puzzle: EdgeMatchingPuzzle, limit: Limit = Limit(), *, engine: str = "numba",
              trace: bool = False) -> SolveResult:
    """``backtrack-rot``: the seed's program with rotation (Listing 1.9)."""
    return run(puzzle, limit, "rot", engine=engine, trace=trace)


def solve_rot_locked(puzzle: EdgeMatchingPuzzle, limit: Limit = Limit(), *, engine: str = "numba",
                     trace: bool = False) -> SolveResult:
    """``backtrack-rot-locked``: rotation with the first tile locked (Listing 1.10)."""
    return run(puzzle, limit, "locked", engine=engine, trace=trace)
