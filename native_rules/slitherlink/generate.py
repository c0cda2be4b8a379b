"""Generating new puzzles: van Dam (2008), Chapter 7.

1. Create a loop (7.1): a square around a random entry, grown by three growth rules picked at
   random with ratios (default 33/33/34), n*m*10 times.
2. Prepare the grid (7.2): every entry gets the number of lines around it; if this fully numbered
   grid is not uniquely solvable, start over.
3. Remove numbers (7.3)::

       do {
          shuffle remaining numbers;
          for (each number)
             delete number;
             if (!uniquely solvable) put number back;
       } while (made a change)

"Uniquely solvable" is the mode: ``normal`` = logic rules + loop avoidance finish the puzzle
(Chapters 5-6), ``hard`` = rules + loop avoidance + backtracking find exactly one solution
(Chapter 4), ``sat`` (new, beside the paper's two) = a declarative counter finds exactly one
(the caller passes it: native_rules does not import the solver backends).

Figure 8, which shows the growth rules, is missing from the seed text. What the text keeps: three
rules that "can generate every possible legal loop", whose end conditions must lie on the grid;
#2 and #3 are inverses; 33/33/34 gives loops with small corridors spanning the grid, 33/67/0
extremely tight corridors spanning the grid, 33/7/60 very broad loops on a small part of it. The
loop is the boundary of a set of inside cells; each rule moves the loop across one cell c (c
switches between inside and outside), so the loop is rerouted around c:

* #1 (corner): c has exactly two loop edges and they meet at a corner; the corner moves across
  c (the two edges are replaced by c's other two sides).
* #2 (detour): c has exactly one loop edge; the loop goes around c instead (one loop edge
  becomes three).
* #3 (shortcut): c has exactly three loop edges; the loop cuts across c (three become one). As
  edge patterns #2 and #3 are inverses.

Two readings of which side of the loop c may be on, ``growth=``:

* ``notch`` (default): #1 and #2 on either side; #3 only for a cell outside the loop, i.e. it
  fills a one-cell notch (and so undoes #2 on an inside cell).
* ``reference`` (the reading proposed in ../shared/reference/takegaki-appendix-a.md): #2 only for
  an outside cell ("pushes the loop out"), #3 only for an inside cell ("pulls it in").

Why ``notch`` is the default, measured (``python -m benchmarks slitherlink-growth``): with
``reference`` the inside area does a random walk and now and then shrinks back to a loop around 1
or 2 cells on a 10x10 grid; proving such sparse puzzles unique takes any solver minutes, and
33/7/60 never leaves the first square. With ``notch`` the loops spread over the grid as the seed
says for 33/33/34 and 33/67/0, 33/7/60 gives broad loops, and the numbers left after removal come
out near the seed's 44 % (normal) and 41 % (hard); with ``reference`` they fall with the size.

A move is made only if the result is still one loop that neither crosses nor touches itself:
c's loop edges form one run, so the flip only reroutes the loop around c, and no corner of c may
end up with four loop edges. "We apply them in a pseudo-random order": each of the n*m*10 steps
picks a rule by the ratios, then one cell uniformly among those where it applies (a step where
it applies nowhere changes nothing).

Reproducible: everything random comes from one ``random.Random(seed)``.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from ...puzzles.slitherlink import SlitherlinkPuzzle, SlitherlinkSolution
from ...puzzles.solving import Deadline, Limit, Status
from .backends import Logic, solve_rules_backtrack

MODES = ("normal", "hard", "sat")
GROWTHS = ("notch", "reference")
RATIOS = (33, 33, 34)


class GenerationTimeout(TimeoutError):
    """``generate(seconds=...)`` gave up: the puzzle was not made within the time."""


STEPS = ((-1, 0), (0, 1), (1, 0), (0, -1))  # up, right, down, left


@dataclass
class Generated:
    puzzle: SlitherlinkPuzzle
    solution: SlitherlinkSolution
    seed: int
    mode: str
    stats: dict = field(default_factory=dict)

    @property
    def remaining(self) -> int:
        return len(self.puzzle.numbered_cells())


def parse_ratios(text: str) -> tuple[int, int, int]:
    """``33/33/34`` -> (33, 33, 34); three integers 0-100 summing to 100."""
    parts = text.replace(",", "/").split("/")
    try:
        ratios = tuple(int(p) for p in parts)
    except ValueError:
        raise ValueError(f"ratios {text!r}: expected three integers like 33/33/34") from None
    if len(ratios) != 3 or any(not 0 <= r <= 100 for r in ratios) or sum(ratios) != 100:
        raise ValueError(f"ratios {text!r}: three numbers 0-100 that sum to 100")
    return ratios  # type: ignore[return-value]


# ------------------------------------------------------------------ 7.1 creating loops


def grow_loop(rows: int, cols: int, rng: random.Random, ratios=RATIOS, steps: int | None = None,
              history: list | None = None, growth: str = "notch") -> set:
    """The inside cells of a loop grown from a random square (7.1)."""
    inside = {(rng.randrange(rows), rng.randrange(cols))}
    for _ in range(rows * cols * 10 if steps is None else steps):
        x = rng.random() * 100
        rule = 1 if x < ratios[0] else 2 if x < ratios[0] + ratios[1] else 3
        cells = [(r, c) for r in range(rows) for c in range(cols)
                 if applies(inside, (r, c), rule, growth) and keeps_one_loop(inside, (r, c))]
        if cells:
            cell = cells[rng.randrange(len(cells))]
            inside ^= {cell}
            if history is not None:
                history.append((rule, cell))
    return inside


def _loop_edges(inside: set, r: int, c: int) -> list[bool]:
    """Which of the cell's sides (up, right, down, left) are loop edges."""
    mine = (r, c) in inside
    return [((r + dr, c + dc) in inside) != mine for dr, dc in STEPS]


def applies(inside: set, cell, rule: int, growth: str = "notch") -> bool:
    """Does growth rule #1, #2 or #3 match at this cell (before the one-loop test)?"""
    r, c = cell
    sides = _loop_edges(inside, r, c)
    n = sum(sides)
    if rule == 1:
        return n == 2 and sides[0] != sides[2]  # two sides that meet at a corner
    if rule == 2:
        return n == 1 and (growth == "notch" or cell not in inside)
    if growth == "notch":
        return n == 3 and cell not in inside
    return n == 3 and cell in inside


def keeps_one_loop(inside: set, cell) -> bool:
    """After flipping ``cell``, no corner of it is touched by the loop four times."""
    r, c = cell
    flipped = inside ^ {cell}
    for vr, vc in ((r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)):  # the cell's corners
        a = (vr - 1, vc - 1) in flipped
        b = (vr - 1, vc) in flipped
        d = (vr, vc - 1) in flipped
        e = (vr, vc) in flipped
        if a == e and b == d and a != b:
            return False
    return True


# ------------------------------------------------------------------ 7.2 and 7.3


def numbers(rows: int, cols: int, inside: set) -> SlitherlinkPuzzle:
    """Every entry with the number of lines around it (7.2)."""
    return SlitherlinkPuzzle.from_rows(
        [[sum(_loop_edges(inside, r, c)) for c in range(cols)] for r in range(rows)])


def uniqueness_test(mode: str, counter: Callable | None = None, pruning: str = "strong",
                    deadline: Deadline | None = None) -> Callable[[SlitherlinkPuzzle], bool]:
    """The mode's "uniquely solvable" test. ``counter(puzzle) -> bool`` is needed for ``sat``.
    ``pruning`` only changes how fast ``hard`` backtracks, never its answer (both are exact).
    ``deadline``: a ``hard`` test still backtracking when it passes raises ``GenerationTimeout``
    (it never answers a guess)."""
    if mode == "normal":
        return lambda p: (lambda lg: lg.solved and lg.tiny is None)(Logic(p))
    if mode == "hard":
        def hard(p: SlitherlinkPuzzle) -> bool:
            seconds = deadline.remaining() if deadline is not None else None
            if seconds == 0:  # passed already (a Limit needs a positive time)
                raise GenerationTimeout("the hard mode's backtracking ran out of time")
            r = solve_rules_backtrack(p, Limit(seconds=seconds, solutions=2), pruning=pruning)
            if r.status == Status.TIMEOUT:
                raise GenerationTimeout("the hard mode's backtracking ran out of time")
            return r.unique is True
        return hard
    if mode == "sat":
        if counter is None:
            raise ValueError("mode sat needs a declarative uniqueness counter")
        return counter
    raise ValueError(f"unknown mode {mode!r} (choose from {', '.join(MODES)})")


def remove_numbers(puzzle: SlitherlinkPuzzle, rng: random.Random, unique, stats: dict) -> SlitherlinkPuzzle:
    """7.3: delete numbers in reshuffled passes while the puzzle stays uniquely solvable."""
    clues = [list(row) for row in puzzle.clues]
    made_change = True
    while made_change:
        made_change = False
        remaining = [cell for cell, _ in SlitherlinkPuzzle.from_rows(clues).numbered_cells()]
        rng.shuffle(remaining)
        stats["passes"] += 1
        for r, c in remaining:
            kept = clues[r][c]
            clues[r][c] = None
            stats["checks"] += 1
            if unique(SlitherlinkPuzzle.from_rows(clues)):
                made_change = True
            else:
                clues[r][c] = kept
    return SlitherlinkPuzzle.from_rows(clues)


def generate(rows: int, cols: int, *, mode: str = "normal", ratios=RATIOS, seed: int = 0,
             counter: Callable | None = None, pruning: str = "strong", growth: str = "notch",
             max_restarts: int = 1000, seconds: float | None = None) -> Generated:
    """One puzzle (Chapter 7), reproducible from ``seed``. ``seconds``: give up (raise
    ``GenerationTimeout``) when the puzzle is not made within that time -- the hard mode's exact
    test backtracks, and on a few seeds one test runs for an hour; without a limit it never gives
    up. The limit never changes the puzzle: it is made exactly as without one, or not at all."""
    if rows < 1 or cols < 1:
        raise ValueError(f"impossible size {rows}x{cols}")
    if growth not in GROWTHS:
        raise ValueError(f"unknown growth reading {growth!r} (choose from {', '.join(GROWTHS)})")
    deadline = Deadline(seconds)
    test = uniqueness_test(mode, counter, pruning, deadline)

    def unique(p: SlitherlinkPuzzle) -> bool:
        def give_up(why: str = "") -> GenerationTimeout:
            return GenerationTimeout(f"no {rows}x{cols} {mode} puzzle from seed {seed} "
                                     f"within {seconds:g} s{why}")

        if deadline.expired():
            raise give_up()
        try:
            return test(p)
        except GenerationTimeout as exc:
            raise give_up(f" ({exc})") from None

    rng = random.Random(seed)
    t0 = time.perf_counter()
    stats: dict[str, float] = {"restarts": 0, "passes": 0, "checks": 0}
    for _ in range(max_restarts):
        inside = grow_loop(rows, cols, rng, ratios, growth=growth)
        full = numbers(rows, cols, inside)
        stats["checks"] += 1
        if not unique(full):
            stats["restarts"] += 1
            continue
        puzzle = remove_numbers(full, rng, unique, stats)
        solution = SlitherlinkSolution.from_inside(rows, cols, inside)
        stats["seconds"] = time.perf_counter() - t0
        stats["remaining"] = len(puzzle.numbered_cells())
        stats["remaining_ratio"] = stats["remaining"] / (rows * cols)
        return Generated(puzzle, solution, seed, mode, stats)
    raise RuntimeError(f"no uniquely solvable {rows}x{cols} loop in {max_restarts} tries")
