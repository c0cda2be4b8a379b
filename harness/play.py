"""What the visual program (``gridsolve serve``) runs beside the command line's tools: the seed's
Slitherlink rule loop (Chapter 6: the rules of a rule file or Appendix A, then loop avoidance)
from a partly drawn grid with every firing recorded -- the seed's debug window -- and the loop
growth of van Dam's generator (Chapter 7.1) replayed step by step for a generated puzzle.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from ..native_rules.slitherlink import rulefile
from ..native_rules.slitherlink.backends import load_rules
from ..native_rules.slitherlink.board import CROSS, LINE, Board, Contradiction, pos_edge
from ..native_rules.slitherlink.generate import grow_loop
from ..native_rules.slitherlink.logic import loop_avoidance
from ..native_rules.slitherlink.rules import apply_rules, compile_rules
from ..puzzles.slitherlink import SlitherlinkPuzzle

__all__ = ["Firing", "RuleRun", "parse_rules", "run_rules", "growth_steps"]


@dataclass(frozen=True)
class Firing:
    """One rule application: the seed's trace line, the rule ("rule #12" / "loop avoidance"),
    and the grid edges it drew (``on``) and crossed (``off``)."""

    text: str
    rule: str
    on: tuple = ()
    off: tuple = ()


@dataclass
class RuleRun:
    """The loop run to its end: the edges drawn and crossed after it, every firing, and the
    contradiction that stopped it ("" if none)."""

    lines: frozenset
    crosses: frozenset
    firings: list[Firing] = field(default_factory=list)
    contradiction: str = ""


class _Recorder(list):
    """A trace that also records which edges each firing changed (the board as it was before)."""

    def __init__(self, board: Board, limit: int) -> None:
        super().__init__()
        self.board, self.limit = board, limit
        self.before = list(board.val)
        self.firings: list[Firing] = []

    def append(self, line: str) -> None:
        super().append(line)
        b = self.board
        on, off = [], []
        for k, ij in zip(b.edges, b.edge_ij, strict=True):
            if b.val[k] != self.before[k]:
                (on if b.val[k] == LINE else off).append(pos_edge(*ij))
        self.before = list(b.val)
        rule = line.split(" at ", 1)[0] if line.startswith("rule #") else "loop avoidance"
        self.firings.append(Firing(line, rule, tuple(on), tuple(off)))
        if len(self.firings) >= self.limit:
            raise _Enough


class _Enough(Exception):
    pass


def parse_rules(text: str) -> list:
    """The rules of a rule file's text (Chapter 5's syntax); FormatError naming the line."""
    return rulefile.parse(text, "<rules>")


def run_rules(puzzle: SlitherlinkPuzzle, on=(), off=(), rules: list | None = None,
              max_firings: int = 20000) -> RuleRun:
    """Chapter 6's loop (the rules to a fixpoint, then loop avoidance, again while either
    changes anything) from the puzzle with the edges ``on`` drawn and ``off`` crossed; ``rules``
    a parsed rule file (None: Appendix A). Stops after ``max_firings``."""
    rule_list = rules if rules is not None else load_rules(None)
    board = Board(puzzle, pad=max(r.reach for r in rule_list) + 1)
    for edges, value in ((on, LINE), (off, CROSS)):
        for e in edges:
            board.set_edge(e, value)
    trace = _Recorder(board, max_firings)
    compiled = compile_rules(board, rule_list)
    contradiction = ""
    try:
        while apply_rules(board, compiled, trace) or loop_avoidance(board, trace):
            if board.is_finished():
                break
    except _Enough:
        pass
    except Contradiction as exc:
        contradiction = str(exc)
    return RuleRun(board.lines(), board.crosses(), trace.firings, contradiction)


def growth_steps(rows: int, cols: int, seed: int, ratios, growth: str,
                 restarts: int) -> tuple[set, list[tuple]]:
    """The loop growth of ``generate(rows, cols, seed=seed, ratios=ratios, growth=growth)`` whose
    stats counted ``restarts``: the first inside cell, and the (rule, cell) of every flip of the
    loop it kept, in order. The generator draws each loop from one random stream before testing
    it, so the kept loop is the one after ``restarts`` discarded ones."""
    rng = random.Random(seed)
    for _ in range(restarts + 1):
        history: list = []
        start = random.Random()
        start.setstate(rng.getstate())
        first = (start.randrange(rows), start.randrange(cols))  # grow_loop's first square
        grow_loop(rows, cols, rng, ratios, history=history, growth=growth)
    return {first}, history
