"""Replay of the labyrinth author's saved board states (``../shared/data/hamiltonian/
fodor-states/``, read by ``puzzles.formats.hamiltonian.read_fodor_state``) through the port.

Each file records, for every step of a walk, the directions the author's program allowed at the
cell it moved from (and at the live end). The replay rebuilds the board step by step, lets the
ported rules compute their possible moves at each recorded step and compares the two sets:

* ``agree`` -- the same set;
* ``author stricter`` -- the author's program forbade moves the port allows (its 7 x 7- and
  9 x 9-specific rules, the later large-board rules, future lines);
* ``port stricter`` -- the port forbids moves the author's program allowed (a rule that did not
  exist yet, or worked differently, when the state was saved);
* ``different`` -- each forbids something the other allows.

Where they differ, an exact oracle (optional, ``oracle(puzzle) -> set of completable cells``)
says which of the disputed moves can still be completed: a forbidden completable move is a rule
error of that side (the port must have none). Steps with fewer than two candidates are counted
apart -- no rules run there.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from ....puzzles.formats.hamiltonian import FodorState, read_fodor_state
from ..cascade.engine import UNIVERSAL
from ..coordinates import author_cell_name, to_rc, to_xy
from .audit import Stepper, compile_pays

KINDS = ("agree", "author stricter", "port stricter", "different")


@dataclass
class StepDiff:
    step: int  # index of the cell the options belong to
    recorded: tuple[int, ...]
    ours: tuple[int, ...]
    kind: str
    # oracle verdicts on the disputed moves: direction -> completable? (None: not decided in time)
    verdict: dict[int, bool | None] = field(default_factory=dict)


@dataclass
class Replay:
    name: str
    size: int
    steps: int = 0  # steps with two or more candidates (the rules ran)
    single: int = 0  # steps with one candidate (no rules; always agree unless recorded oddly)
    counts: Counter = field(default_factory=Counter)
    diffs: list[StepDiff] = field(default_factory=list)
    off_options: int = 0  # recorded moves outside their own recorded options
    error: str = ""

    @property
    def agree(self) -> bool:
        return not self.error and self.counts["agree"] == self.steps


def _kind(recorded: set, ours: set) -> str:
    if recorded == ours:
        return "agree"
    if recorded < ours:
        return "author stricter"
    if ours < recorded:
        return "port stricter"
    return "different"


def replay_state(state: FodorState, name: str = "", groups: int = UNIVERSAL,
                 oracle: Callable | None = None, judge: Callable | None = None) -> Replay:
    """``oracle(puzzle) -> completable cells`` judges every disputed move of a step at once;
    ``judge(puzzle, cell) -> True / False / None (unknown)`` one move at a time (for boards too
    large for the DP)."""
    n = state.size
    replay = Replay(name, n)
    stepper = Stepper(n, groups, compiled=compile_pays(n, 1))
    path = [to_xy(c) for c in state.path]
    puzzle = state.puzzle().with_prefix(())
    prefix = [state.path[0]]
    recorded_all = list(state.options[1:]) + ([state.current] if state.current is not None else [])
    for i, recorded in enumerate(recorded_all):
        cands, allowed, _ = stepper.step()
        if len(cands) >= 2:
            replay.steps += 1
            kind = _kind(set(recorded), set(allowed))
            replay.counts[kind] += 1
            if kind != "agree":
                diff = StepDiff(i, tuple(recorded), tuple(allowed), kind)
                if oracle is not None:
                    good = oracle(puzzle.with_prefix(tuple(prefix)))
                    for d in set(recorded) ^ set(allowed):
                        if d in cands:
                            diff.verdict[d] = to_rc(stepper.neighbour(d)) in good
                elif judge is not None:
                    here = puzzle.with_prefix(tuple(prefix))
                    for d in set(recorded) ^ set(allowed):
                        if d in cands:
                            diff.verdict[d] = judge(here, to_rc(stepper.neighbour(d)))
                replay.diffs.append(diff)
        else:
            replay.single += 1
        if i + 1 >= len(path):
            break
        nxt = path[i + 1]
        d = [k for k in range(4) if stepper.neighbour(k) == nxt]
        if not d:
            live = author_cell_name(stepper.live())
            replay.error = f"step {i + 1}: {author_cell_name(nxt)} is not next to {live}"
            break
        if d[0] not in recorded:
            replay.off_options += 1
        stepper.move(d[0])
        prefix.append(state.path[i + 1])
    return replay


def replay_folder(folder: str | Path, sizes=None, groups: int = UNIVERSAL,
                  oracle_for: Callable[[int], Callable | None] | None = None,
                  judge_for: Callable[[int], Callable | None] | None = None) -> list[Replay]:
    """Every saved state (recursively) of the given sizes, in name order; a file that does not
    parse becomes a Replay with ``error`` set."""
    out = []
    for p in sorted(Path(folder).rglob("*.txt")):
        try:
            state = read_fodor_state(p)
        except Exception as exc:  # noqa: BLE001 - a bad file is reported, the others still run
            out.append(Replay(str(p.relative_to(folder)), 0, error=str(exc)))
            continue
        if sizes is not None and state.size not in sizes:
            continue
        oracle = oracle_for(state.size) if oracle_for is not None else None
        judge = judge_for(state.size) if judge_for is not None and oracle is None else None
        replay = replay_state(state, str(p.relative_to(folder)), groups, oracle, judge)
        out.append(replay)
    return out
