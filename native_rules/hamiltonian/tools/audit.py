"""Audit of the ported rules against an exact completion oracle (new, beside the port).

At every step of a random walk (the author's statistics mode: uniform among the possible moves)
the moves the rules allow are compared with the moves that can still be completed to a
Hamiltonian path (``oracle(puzzle) -> set of cells``, e.g. ``harness.hamiltonian.walk_oracle``;
backends do not import each other, so the caller brings it):

* **unsound** -- a rule forbade a move that can be completed: it would lose walkthroughs. Must
  never happen. Reported with the rule that forbade it and the board in the author's format.
* **dead move allowed** -- the rules allow a move that cannot be completed: the walk may fail
  later ("no option to move"). Expected: the universal rules are not complete.

The oracle is asked only while the walk can still be completed and there are two or more
candidates (with one candidate the rules do not run; a completable walk with one candidate can
always be completed through it); once the walk takes a dead move nothing after it can be unsound.

Saved boards use the author's format (``puzzles.formats.hamiltonian.to_fodor_state``) with the
options our rules computed at every step, so they replay in the author's program and in
``gridsolve walk --replay``.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ....puzzles.formats.hamiltonian import to_fodor_state
from ....puzzles.hamiltonian import HamiltonianPuzzle
from ...kernels import Tiered, cached, interpreted
from ..cascade.engine import UNIVERSAL, next_step
from ..cascade.near_field import RULE_NAMES
from ..cascade.walker import DIRS, M_COUNT, board_from_path, dir_code, live_frame, new_board, path_cells, push
from ..coordinates import to_rc

Oracle = Callable[[HamiltonianPuzzle], set]

# the compiled functions a step calls from Python
PYTHON_CALLS = (next_step, live_frame, dir_code, push, board_from_path, new_board, path_cells)
COMPILE_SECONDS = 4.0  # about what compiling them takes on first use
CELL_STEP_SECONDS = 2e-6  # an interpreted step takes about this per cell of the board


def compile_pays(n: int, walks: int) -> bool:
    """Whether ``walks`` walks on an n x n board should run compiled: when the compiled code is
    already on disk, or when interpreted (up to n*n steps of about n*n cells each) they would
    take longer than compiling. The code is the same either way, and so are the walks."""
    return (Tiered.off or all(cached(function) for function in PYTHON_CALLS)
            or walks * n ** 4 * CELL_STEP_SECONDS > COMPILE_SECONDS)


class Stepper:
    """The ported rules on one board, one step at a time (Python side of the numba engine)."""

    def __init__(self, n: int, groups: int = UNIVERSAL, cells=None, compiled: bool = True) -> None:
        """``cells``: a walk to start from (the author's (x, y), from (1, 1)); ``compiled``:
        False runs the same code interpreted (see ``compile_pays``)."""
        self.n = n
        self.groups = groups
        self.calls: dict[str, Callable[..., Any]] = {
            function.__name__: function if compiled else interpreted(function) for function in PYTHON_CALLS}
        calls = self.calls
        self.board = calls["board_from_path"](n, cells) if cells else calls["new_board"](n)
        self.cand = np.zeros(4, dtype=np.int64)
        self.forbidden = np.zeros(4, dtype=np.int64)

    def live(self) -> tuple[int, int]:
        count = int(self.board[1][M_COUNT])
        return int(self.board[2][count - 1]), int(self.board[3][count - 1])

    def step(self) -> tuple[list[int], list[int], dict[int, str]]:
        """(candidate directions, possible directions, {forbidden direction: rule name}); the
        directions in the author's order: straight, right, left."""
        calls = self.calls
        calls["next_step"](self.board, self.cand, self.forbidden, self.groups)
        _, _, sx, sy, lx, ly = calls["live_frame"](self.board)
        dir_code = calls["dir_code"]
        order = (dir_code(sx, sy), dir_code(-lx, -ly), dir_code(lx, ly))  # the author's order
        cands = [d for d in order if self.cand[d]]
        allowed = [d for d in cands if self.forbidden[d] == 0]
        why = {d: RULE_NAMES[self.forbidden[d] - 1] for d in cands if self.forbidden[d]}
        return cands, allowed, why

    def neighbour(self, direction: int) -> tuple[int, int]:
        x, y = self.live()
        return x + int(DIRS[direction, 0]), y + int(DIRS[direction, 1])

    def move(self, direction: int) -> None:
        x, y = self.neighbour(direction)
        self.calls["push"](self.board, x, y)

    def path(self) -> list[tuple[int, int]]:
        return self.calls["path_cells"](self.board)


@dataclass
class Finding:
    walk: int
    step: int
    kind: str  # "unsound" | "dead allowed"
    moves: list[str]  # e.g. ["right (forbidden by close straight)"]
    state: str  # the board in the author's format


@dataclass
class AuditReport:
    n: int
    walks: int = 0
    completed: int = 0
    errors: Counter = field(default_factory=Counter)
    steps: int = 0
    checked: int = 0  # steps compared with the oracle
    unsound: int = 0
    unsound_by_rule: Counter = field(default_factory=Counter)
    dead_allowed: int = 0
    went_dead: int = 0
    exact: int = 0  # checked steps where allowed == completable
    fired: Counter = field(default_factory=Counter)  # forbidden candidates per rule
    findings: list[Finding] = field(default_factory=list)
    seconds: float = 0.0

    def line(self) -> str:
        return (f"{self.n}x{self.n}: {self.walks} walks, {self.completed} completed, errors "
                f"{dict(self.errors) or 0}; {self.checked} steps checked: {self.unsound} unsound, "
                f"{self.dead_allowed} allowed a dead move ({self.went_dead} walks took one), "
                f"{self.exact} exact; {self.seconds:.1f} s")


NAMES = ("down", "right", "up", "left")


@dataclass
class Walk:
    n: int
    outcome: str  # "complete", "no option to move", "stuck", "corner early"
    cells: list[tuple[int, int]]  # the author's (x, y)
    options: list[tuple[int, ...]]  # possible directions per step (the author's format)

    def puzzle(self) -> HamiltonianPuzzle:
        """The walk as a prefix puzzle (the package's coordinates)."""
        cells = tuple(to_rc(c) for c in self.cells)
        return HamiltonianPuzzle.square(self.n).with_prefix(cells if len(cells) > 1 else ())

    def state(self) -> str:
        """The walk in the author's saved-state format, with the options the rules computed."""
        return to_fodor_state(HamiltonianPuzzle.square(self.n).with_prefix(
            tuple(to_rc(c) for c in self.cells) if len(self.cells) > 1 else ()), self.options)


def audit_walks(n: int, walks: int, oracle: Oracle | None, seed: int = 0, groups: int = UNIVERSAL,
                keep: int = 20, progress: Callable[[int, AuditReport], None] | None = None,
                walks_out: list | None = None) -> AuditReport:
    """Random walks with the rules (uniform among the possible moves, ``random.Random(seed)``),
    each step checked against ``oracle`` (see the module docstring; None = no checks, plain
    walks). ``keep``: how many "dead allowed" boards to keep (every unsound one is kept);
    ``walks_out``: a list to receive every ``Walk``."""
    rng = random.Random(seed)
    report = AuditReport(n)
    t0 = time.perf_counter()
    base = HamiltonianPuzzle.square(n)
    compiled = compile_pays(n, walks)
    for w in range(walks):
        stepper = Stepper(n, groups, compiled=compiled)
        puzzle = base
        live = oracle is not None
        options: list[tuple[int, ...]] = [(1,)]
        while True:
            cands, allowed, why = stepper.step()
            options.append(tuple(allowed))
            report.steps += 1
            report.fired.update(why.values())
            ok = None
            if live and oracle is not None and len(cands) >= 2:
                good = oracle(puzzle)
                report.checked += 1
                ok = {d for d in cands if to_rc(stepper.neighbour(d)) in good}
                lost = [d for d in cands if d in ok and d not in allowed]
                dead = [d for d in allowed if d not in ok]
                if lost:
                    report.unsound += 1
                    report.unsound_by_rule.update(why[d] for d in lost)
                    report.findings.append(Finding(w, len(options) - 2, "unsound",
                                                [f"{NAMES[d]} (forbidden by {why[d]})" for d in lost],
                                                to_fodor_state(puzzle, options)))
                if dead:
                    report.dead_allowed += 1
                    if sum(finding.kind == "dead allowed" for finding in report.findings) < keep:
                        report.findings.append(Finding(w, len(options) - 2, "dead allowed",
                                                    [NAMES[d] for d in dead],
                                                    to_fodor_state(puzzle, options)))
                if not lost and not dead:
                    report.exact += 1
            if not allowed:
                outcome = "no option to move" if cands else "stuck"
                break
            d = rng.choice(allowed)
            if ok is not None and d not in ok:
                live = False
                report.went_dead += 1
            stepper.move(d)
            x, y = stepper.live()
            puzzle = puzzle.extended(to_rc((x, y)))
            if x == n and y == n:
                outcome = "complete" if int(stepper.board[1][M_COUNT]) == n * n else "corner early"
                break
        if outcome == "complete":
            report.completed += 1
        else:
            report.errors[outcome] += 1
        report.walks += 1
        if walks_out is not None:
            walks_out.append(Walk(n, outcome, stepper.path(), options))
        if progress is not None:
            progress(w, report)
    report.seconds = time.perf_counter() - t0
    return report
