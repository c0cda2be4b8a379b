"""The stronger Nurikabe rules beside the essay's port (``native_rules/nurikabe/deduce.py``) and the
``rules`` / ``rules+sat`` backends: each rule on a state made for it, soundness against the brute
force and against the corpus' solutions, contradictions, probing."""

from __future__ import annotations

import random
from functools import cache

import pytest
from gridsolve.combined.nurikabe import rules_then_sat
from gridsolve.harness import registry
from gridsolve.harness.run import run
from gridsolve.native_rules.nurikabe.deduce import (
    BLACK,
    CONTRADICTIONS,
    RULES,
    UNKNOWN,
    WHITE,
    Contradiction,
    Deducer,
    deduce,
    rule_pass,
    solve_rules,
)
from gridsolve.puzzles import grid
from gridsolve.puzzles.formats import read
from gridsolve.puzzles.nurikabe import QUESTION, NurikabePuzzle
from gridsolve.puzzles.solving import Limit, Status

from ..helpers import shared
from ..support.nurikabe_brute import brute_force, random_puzzle

CODE = {".": UNKNOWN, "#": BLACK, "o": WHITE}


def board(text: str) -> tuple[NurikabePuzzle, list[int]]:
    """A puzzle and a state from rows of cells: a digit is a number, ``#`` wall, ``o`` white,
    ``.`` free."""
    rows = text.split()
    puzzle = NurikabePuzzle.from_rows([[int(ch) if ch.isdigit() else None for ch in row] for row in rows])
    state = [WHITE if ch.isdigit() else CODE[ch] for row in rows for ch in row]
    return puzzle, state


def one_pass(text: str, thorough: bool) -> tuple[dict, dict]:
    """What one pass colours ({(r, c): colour}) and how often each rule fired."""
    puzzle, state = board(text)
    d = Deducer(puzzle)
    out = [0] * d.n
    counts = [0] * (len(RULES) + 3)
    why = rule_pass(state, d.nb, d.number, d.cols, d.wall, d.biggest, thorough, out, counts)
    assert why == 0
    found = {divmod(i, d.cols): x for i, x in enumerate(out) if x}
    return found, {rule: int(c) for rule, c in zip(RULES, counts[:len(RULES)], strict=True) if c}


@pytest.mark.parametrize(("rule", "text", "thorough", "cell", "colour"), [
    ("complete_island", "1. ..", False, (0, 1), BLACK),
    ("one_liberty", "2# ..", False, (1, 0), WHITE),
    ("last_cell_corner", "2.. ... ...", False, (1, 1), BLACK),
    ("joins_islands", "2.2 ... ...", False, (0, 1), BLACK),
    ("joins_islands", "o.o ... ..2", False, (0, 1), BLACK),  # 1 + 1 + 1 cells exceed the largest number
    ("no_pool", "##. #.. ..3", False, (1, 1), WHITE),
    ("wall_liberty", "#o. .o. ..5", False, (1, 0), BLACK),
    ("unreachable", "2.....", True, (0, 3), BLACK),
    ("unreachable", "3.. ###", True, (0, 2), WHITE),  # the reach has exactly 3 cells
    ("island_confinement", "#.## #3.. ####", True, (1, 2), WHITE),  # without it: 2 cells
    ("wall_confinement", "#.# o.o ..5", True, (0, 1), BLACK),  # cut between two wall cells
    ("wall_confinement", "#.. o.. .o5", True, (2, 0), WHITE),  # walled off from the wall's part
])
def test_each_rule_colours_its_cell(rule, text, thorough, cell, colour):
    found, fired = one_pass(text, thorough)
    assert found.get(cell) == colour
    assert fired.get(rule, 0) >= 1


def test_the_plain_pass_leaves_the_reach_rules_to_the_thorough_one():
    found, fired = one_pass("2.....", False)
    assert (0, 3) not in found and "unreachable" not in fired


@pytest.mark.parametrize(("text", "thorough", "reason"), [
    ("22 ..", False, "an island with two numbers"),
    ("o## #.. ..4", False, "an unfinished island without a free neighbour"),
    ("##. ##. ..3", False, "a 2x2 wall"),
    ("3#. .#. ##.", True, "an island whose reach is smaller than its number"),  # 2 cells for a 3
    ("#o. .o. .3#", True, "the wall cut in two"),  # by the island
    ("#o. o.. ..5", True, "the wall confined below W"),  # 1 cell for W = 4
])
def test_contradictions(text, thorough, reason):
    puzzle, state = board(text)
    d = Deducer(puzzle)
    out = [0] * d.n
    counts = [0] * (len(RULES) + 3)
    why = rule_pass(state, d.nb, d.number, d.cols, d.wall, d.biggest, thorough, out, counts)
    assert CONTRADICTIONS[why] == reason


def test_rules_refuse_unknown_numbers():
    puzzle = NurikabePuzzle.from_rows([[QUESTION, None], [None, None]])
    with pytest.raises(ValueError):
        Deducer(puzzle)
    assert run(registry.get("nurikabe", "rules"), puzzle, Limit(10)).status == Status.STUCK


def test_an_unsolvable_puzzle_is_unsat_and_exhausted():
    puzzle = NurikabePuzzle.from_rows([[1, 1], [None, None]])
    assert brute_force(puzzle) == frozenset()
    for r in (solve_rules(puzzle), rules_then_sat(puzzle)):
        assert r.status == Status.UNSAT and r.exhausted


SIZES = ((3, 3), (3, 4), (4, 3), (4, 4), (2, 6), (3, 5))


@pytest.mark.parametrize(("rows", "cols"), SIZES)
@pytest.mark.parametrize("seed", range(12))
def test_deductions_agree_with_every_solution(rows, cols, seed):
    """Every cell the rules and the probing colour is coloured so in every solution of the brute
    force; with no solution at all the rules may also say so. One solution and a complete grid:
    it is that solution."""
    rng = random.Random(seed * 104729 + rows * 37 + cols)
    puzzle = random_puzzle(rng, rows, cols)
    if puzzle.has_unknown_clues():
        puzzle = NurikabePuzzle.from_rows([[None if v == QUESTION else v for v in row]
                                           for row in puzzle.clues])
    solutions = brute_force(puzzle)
    try:
        state, _ = deduce(puzzle)
    except Contradiction:
        assert not solutions
        return
    for sol in solutions:
        assert state.black <= sol.black and not (state.white() & sol.black)
    if not state.undecided:
        assert len(solutions) <= 1


@cache
def corpus() -> list:
    return [e for e in read(str(shared("nurikabe", "janko-puzzlekit.json")))
            if e.ok and not e.puzzle.has_unknown_clues()]


def test_rules_agree_with_the_corpus_solutions():
    """Every third janko puzzle: the rules with probing colour no cell against the given
    (unique) solution, and complete most grids."""
    complete = 0
    entries = corpus()[::3]
    for e in entries:
        state, _ = deduce(e.puzzle)
        assert state.black <= e.solution.black and not (state.white() & e.solution.black), e.id
        complete += not state.undecided
    assert complete >= 0.8 * len(entries)


def test_rules_agree_from_partial_states_of_the_corpus():
    """Started from random states that agree with the solution (mid-solve states the rules meet
    while probing), the rules never contradict and never colour a cell against it."""
    rng = random.Random(5)
    entries = [e for e in corpus() if e.puzzle.rows * e.puzzle.cols >= 100]
    for e in rng.sample(entries, 25):
        d = Deducer(e.puzzle)
        cols = e.puzzle.cols
        for _ in range(3):
            s = d.start()
            keep = rng.random()
            for r, c in grid.cells(e.puzzle.rows, cols):
                if rng.random() < keep and e.puzzle.clue((r, c)) is None:
                    s[r * cols + c] = BLACK if (r, c) in e.solution.black else WHITE
            d.propagate(s)
            got = d.solution(s)
            assert got.black <= e.solution.black and not (got.white() & e.solution.black), e.id


def test_probing_completes_the_50x50_the_rules_alone_leave_open():
    e = next(e for e in corpus() if e.id.startswith("690_"))
    plain, stats = deduce(e.puzzle, probe=False)
    assert len(plain.undecided) > 1000 and stats["probe_contradictions"] == 0
    probed, stats = deduce(e.puzzle)
    assert not probed.undecided and probed == e.solution and stats["probe_contradictions"] > 0
    r = run(registry.get("nurikabe", "rules"), e.puzzle, Limit(60, 2))
    assert r.status == Status.SOLVED and r.exhausted and r.solutions[0] == e.solution
    r = rules_then_sat(e.puzzle, Limit(60, 2))  # nothing left for the SAT model: not called
    assert r.stats["free_after_rules"] == 0 and "rounds" not in r.stats
    assert r.status == Status.SOLVED and r.exhausted and r.solutions == (e.solution,)


def test_sat_keeps_the_huge_islands_shared_under_a_partial_state():
    """The rules' state (without probing) shrinks #1055's reaches so far that four of its 50s
    would count as small; ``sat`` still picks its shared and eager islands by the puzzle's own
    reaches."""
    from gridsolve.encoding.nurikabe import reach, shared_islands
    from gridsolve.satmodels.nurikabe import Model

    e = next(e for e in corpus() if e.id.startswith("1055_"))
    state, _ = deduce(e.puzzle, probe=False)
    assert not shared_islands(e.puzzle, reach(e.puzzle, state))  # all four would lose the shared label
    plain, fixed = Model(e.puzzle), Model(e.puzzle, state)
    assert fixed.shared == plain.shared and fixed.eager == plain.eager and len(fixed.shared) == 4


def test_rules_then_sat_counts_what_the_rules_leave():
    """#29 keeps free cells after the rules: the SAT model proves the rest; a puzzle with several
    solutions is counted exactly."""
    e = next(e for e in corpus() if e.id.startswith("29_"))
    r = rules_then_sat(e.puzzle, Limit(60, 2))
    assert r.stats["free_after_rules"] > 0 and "rounds" in r.stats
    assert r.status == Status.SOLVED and r.exhausted and r.solutions == (e.solution,)
    two_threes = NurikabePuzzle.from_rows([[3, None, None, None], [None] * 4, [None, None, None, 3]])
    r = rules_then_sat(two_threes, Limit(60, 100))
    assert r.exhausted and r.solution_set() == brute_force(two_threes)


@pytest.mark.parametrize("seed", range(4))
def test_deductions_agree_with_every_solution_sat_enumerates(seed):
    """Larger random grids (5x5 to 6x7, beyond the brute force): the rules' deductions against
    every solution ``sat`` enumerates (itself checked against the brute force in
    ``tests/nurikabe/test_cuts.py``); a contradiction only where it finds none."""
    from gridsolve.satmodels.nurikabe import solve

    rng = random.Random(1000 + seed)
    checked = 0
    for _ in range(25):
        puzzle = random_puzzle(rng, rng.randint(5, 6), rng.randint(5, 7))
        if puzzle.has_unknown_clues():
            continue
        r = solve(puzzle, Limit(seconds=30, solutions=300))
        if not r.exhausted:
            continue
        try:
            state, _ = deduce(puzzle)
        except Contradiction:
            assert not r.solutions
            continue
        for sol in r.solutions:
            assert state.black <= sol.black and not (state.white() & sol.black)
        checked += 1
    assert checked >= 5


def test_the_compiled_probe_sweep_probes_as_cell_by_cell():
    """A small grid probes a whole sweep per compiled call (``Deducer.sweeps``); the state, the
    counts and the contradictions are those of probing cell by cell (``sweeps = None``)."""
    rng = random.Random(11)
    outcomes = set()
    for _ in range(150):
        rows, cols = rng.randint(2, 7), rng.randint(2, 7)
        puzzle = NurikabePuzzle.from_rows(
            [[rng.choice([None] * 7 + [1, 2, 3, 4, 5]) for _ in range(cols)] for _ in range(rows)])

        def probed(sweeping: bool, puzzle=puzzle):
            d = Deducer(puzzle)
            assert d.sweeps is not None
            if not sweeping:
                d.sweeps = None
            s = d.start()
            try:
                d.probe(s)
            except Contradiction as exc:
                return "contradiction", str(exc)
            return list(s), d.stats()

        got = probed(True)
        assert got == probed(False), puzzle
        outcomes.add(got[0] == "contradiction")
    assert outcomes == {True, False}
