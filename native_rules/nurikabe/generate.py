"""A seeded Nurikabe generator (new; the essay has none): plant a random solution, number each
island once, keep the puzzle when it has exactly one solution (the caller's count to 2) and, if
asked, the grade (``grade.py``) it should have.

The planted solution grows from the clue count: ``clues`` island seeds, pairwise apart, on an
all-wall grid, each keeping the wall one piece; then one island at a time (at random, seeded)
takes a wall cell next to it that touches no other island and whose whitening keeps the wall
connected -- first the cells of 2x2 wall blocks, until none is left, then any, until the white
share reaches ``white``. Where no island can reach a block, a new island starts in it, else an
island walks towards it, else the islands around one of its cells join through it (so the count
of numbers is approximate); a layout whose blocks stay is dropped. Each island's number goes on
one of its cells at random; when the count finds a second solution, one island's number moves to
a cell of the island that solution walls (so it is no solution any more), up to ``REPAIRS``
counts per layout. Choices and figures: docs/grading.md.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from ...puzzles.nurikabe import NurikabePuzzle, NurikabeSolution
from .grade import GRADES
from .grade import grade as grade_of

WHITE_SHARE = 0.45  # white cells of the planted solution, about as in published puzzles
MAX_WHITE = 0.65  # a layout still with pools at this white share is dropped
REPAIRS = 8  # counts per layout: each second solution found moves a number to kill it
LAYOUT_TRIES = 500  # layouts tried in a row before the density is called impossible


class GenerationTimeout(RuntimeError):
    """No puzzle within the time given."""


@dataclass(frozen=True)
class Generated:
    puzzle: NurikabePuzzle
    solution: NurikabeSolution
    seed: int
    grade: str
    stats: dict = field(default_factory=dict)


def _neighbours(rows: int, cols: int, cell: tuple[int, int]):
    r, c = cell
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        if 0 <= r + dr < rows and 0 <= c + dc < cols:
            yield r + dr, c + dc


def _wall_stays_connected(rows: int, cols: int, wall: set, cell: tuple[int, int]) -> bool:
    """Whether the wall without ``cell`` is still one piece (a search from one neighbour)."""
    rest = wall - {cell}
    starts = [n for n in _neighbours(rows, cols, cell) if n in rest]
    if len(starts) <= 1:
        return bool(starts) or not rest
    seen = {starts[0]}
    todo = [starts[0]]
    while todo:
        for n in _neighbours(rows, cols, todo.pop()):
            if n in rest and n not in seen:
                seen.add(n)
                todo.append(n)
    return len(seen) == len(rest)


def _pools(rows: int, cols: int, wall: set) -> set:
    """The cells of 2x2 wall blocks."""
    out = set()
    for r in range(rows - 1):
        for c in range(cols - 1):
            block = {(r, c), (r + 1, c), (r, c + 1), (r + 1, c + 1)}
            if block <= wall:
                out |= block
    return out


def plant(rows: int, cols: int, clues: int, rng: random.Random, white: float = WHITE_SHARE
          ) -> list[set] | None:
    """A random solution's islands (None when the layout's pools cannot be broken)."""
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    rng.shuffle(cells)
    owner: dict = {}
    islands: list[set] = []
    wall = set(cells)
    for cell in cells:
        if len(islands) == clues:
            break
        _spawn(rows, cols, islands, owner, wall, cell)
    target = white * rows * cols
    while True:
        pools = _pools(rows, cols, wall)
        if not pools and len(owner) >= target:
            return [i for i in islands if i]
        if len(owner) > MAX_WHITE * rows * cols:
            return None
        order = rng.sample(range(len(islands)), len(islands))
        in_pools = rng.sample(sorted(pools), len(pools))
        # into a pool when an island can, else a new island in a pool, else anywhere, else join
        # the islands around a pool cell
        if not any(_grow(rows, cols, islands, owner, wall, i, rng, pools) for i in order) and not any(
                _spawn(rows, cols, islands, owner, wall, x) for x in in_pools
        ) and not any(_grow(rows, cols, islands, owner, wall, i, rng, None) for i in order) and not any(
                _join(rows, cols, islands, owner, wall, x) for x in in_pools):
            return None if pools else [i for i in islands if i]


def _join(rows: int, cols: int, islands: list, owner: dict, wall: set, cell: tuple[int, int]) -> bool:
    """Whiten ``cell`` joining the islands around it into one (the others left empty), when the
    wall stays one piece."""
    near = sorted({owner[n] for n in _neighbours(rows, cols, cell) if n in owner})
    if not near or not _wall_stays_connected(rows, cols, wall, cell):
        return False
    keep = near[0]
    wall.discard(cell)
    for i in near[1:]:
        for x in islands[i]:
            owner[x] = keep
        islands[keep] |= islands[i]
        islands[i] = set()
    owner[cell] = keep
    islands[keep].add(cell)
    return True


def _spawn(rows: int, cols: int, islands: list, owner: dict, wall: set, cell: tuple[int, int]) -> bool:
    """A new island at ``cell`` when it touches no island and the wall stays one piece."""
    if cell in owner or any(n in owner for n in _neighbours(rows, cols, cell)):
        return False
    if not _wall_stays_connected(rows, cols, wall, cell):
        return False
    wall.discard(cell)
    owner[cell] = len(islands)
    islands.append({cell})
    return True


def _grow(rows: int, cols: int, islands: list, owner: dict, wall: set, i: int, rng: random.Random,
          within: set | None) -> bool:
    """Island i takes a random frontier cell (in ``within`` when given) that keeps the wall one
    piece; whether it could."""
    options = [x for x in _frontier(rows, cols, islands[i], owner, i) if within is None or x in within]
    rng.shuffle(options)
    for x in options:
        if _wall_stays_connected(rows, cols, wall, x):
            wall.discard(x)
            owner[x] = i
            islands[i].add(x)
            return True
    return False


def _frontier(rows: int, cols: int, island: set, owner: dict, i: int) -> list:
    """Wall cells next to island i that touch no other island (sorted: the order is seeded)."""
    out = set()
    for cell in island:
        for x in _neighbours(rows, cols, cell):
            if x not in owner and all(owner.get(n, i) == i for n in _neighbours(rows, cols, x)):
                out.add(x)
    return sorted(out)


def number(rows: int, cols: int, islands: list[set], rng: random.Random) -> NurikabePuzzle:
    """One number per island, on a random cell of it."""
    grid: list[list[int | None]] = [[None] * cols for _ in range(rows)]
    for island in islands:
        r, c = rng.choice(sorted(island))
        grid[r][c] = len(island)
    return NurikabePuzzle.from_rows(grid)


def move_number(puzzle: NurikabePuzzle, islands: list[set], other: NurikabeSolution,
                rng: random.Random) -> NurikabePuzzle:
    """The puzzle with one island's number moved to a cell of the island that ``other`` walls:
    ``other`` is then no solution (a numbered cell is white)."""
    walled = [i for i in islands if i & other.black]
    island = rng.choice(walled)  # there is one: both solutions have as many white cells
    grid = [list(row) for row in puzzle.clues]
    for r, c in island:
        grid[r][c] = None
    r, c = rng.choice(sorted(island & other.black))
    grid[r][c] = len(island)
    return NurikabePuzzle.from_rows(grid)


def generate(rows: int, cols: int, density: float, seed: int,
             solutions: Callable[[NurikabePuzzle], tuple | None], target: str | None = None,
             seconds: float | None = None, grade_seconds: float = 10.0) -> Generated:
    """A puzzle with exactly one solution (``solutions``: a count to 2 -- the solutions, or None
    when it could not settle) and about ``density`` x cells numbers, of grade ``target`` when given
    (one of ``GRADES``); the same arguments give the same puzzle. Raises ``GenerationTimeout``
    after ``seconds``."""
    if target is not None and target not in GRADES:
        raise ValueError(f"grade {target!r}: choose one of {', '.join(GRADES)}")
    clues = max(1, round(density * rows * cols))
    rng = random.Random(seed)
    t0 = time.perf_counter()
    stats: dict[str, float] = {"layouts": 0, "counts": 0, "not_unique": 0, "other_grade": 0}
    while seconds is None or time.perf_counter() - t0 < seconds:
        islands = None
        for _ in range(LAYOUT_TRIES):
            islands = plant(rows, cols, clues, rng)
            stats["layouts"] += 1
            if islands is not None:
                break
        if islands is None:
            raise ValueError(f"no layout of {clues} islands on {rows}x{cols}: try another --density")
        solution = NurikabeSolution.from_cells(rows, cols, [(r, c) for r in range(rows) for c in range(cols)
                                                            if not any((r, c) in i for i in islands)])
        puzzle = number(rows, cols, islands, rng)
        for _ in range(REPAIRS):
            stats["counts"] += 1
            found = solutions(puzzle)
            if found is None or len(found) != 1:
                stats["not_unique"] += 1
                other = None if found is None else next((s for s in found if s != solution), None)
                if other is None:
                    break
                puzzle = move_number(puzzle, islands, other, rng)
                continue
            grade = grade_of(puzzle, grade_seconds)["grade"]
            if target is not None and grade != target:
                stats["other_grade"] += 1
                break
            stats["seconds"] = time.perf_counter() - t0
            return Generated(puzzle, solution, seed, grade, stats)
    wanted = "" if target is None else f" of grade {target}"
    raise GenerationTimeout(f"seed {seed}: no {rows}x{cols} puzzle{wanted} within {seconds:g} s "
                            f"({stats['counts']} counted)")
