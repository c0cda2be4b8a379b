"""The logic rules (van Dam 2008, Chapter 5) and loop avoidance (Chapter 6): the application loop,
the out-of-grid semantics, contradictions, tracing, grading, and above all soundness: no
deduction of the shipped Appendix A rules ever contradicts a known solution."""

from __future__ import annotations

import random
from functools import cache

import pytest
from gridsolve.harness import registry
from gridsolve.harness.run import run
from gridsolve.native_rules.slitherlink import rulefile
from gridsolve.native_rules.slitherlink.backends import Logic, grade, solve_rules, solve_rules_backtrack
from gridsolve.native_rules.slitherlink.board import CROSS, LINE, UNKNOWN, Board, Contradiction
from gridsolve.native_rules.slitherlink.generate import generate, grow_loop, numbers
from gridsolve.native_rules.slitherlink.logic import combined, loop_avoidance, tiny_loop_solution
from gridsolve.native_rules.slitherlink.rules import apply_rules, compile_rules
from gridsolve.puzzles import grid
from gridsolve.puzzles.formats import read
from gridsolve.puzzles.slitherlink import SlitherlinkPuzzle, SlitherlinkSolution
from gridsolve.puzzles.solving import Limit, Status

from ..helpers import FIXTURES, shared
from ..support.slitherlink_brute import all_loops

RULES = rulefile.load()
PAD = max(r.reach for r in RULES) + 1
LOOP_ASSUMING = {14, 23, 24, 25, 26, 33, 34}  # valid only if the loop is not a tiny one


def board_with(puzzle, reveal=(), solution=None) -> Board:
    b = Board(puzzle, pad=PAD)
    for e in reveal:
        b.set_edge(e, LINE if e in solution.edges else CROSS)
    return b


def deductions(board: Board) -> tuple[set, set]:
    return set(board.lines()), set(board.crosses())


def assert_sound(puzzle, solution, reveal=(), ident=""):
    """Rules + loop avoidance from a state consistent with ``solution`` never contradict it."""
    b = board_with(puzzle, reveal, solution)
    trace: list = []
    try:
        combined(b, compile_rules(b, RULES), trace)
    except Contradiction as exc:  # pragma: no cover - reported as a failure
        pytest.fail(f"{ident}: contradiction on a solvable puzzle: {exc}")
    lines, crosses = deductions(b)
    wrong = (lines - solution.edges) | (crosses & solution.edges)
    assert not wrong, f"{ident}: wrong deductions {sorted(wrong)[:3]}; trace tail {trace[-5:]}"
    return b


@cache
def csp_rules_puzzles():
    sat = registry.get("slitherlink", "sat")
    out = []
    for e in read(str(shared("slitherlink", "csp-rules"))):
        r = run(sat, e.puzzle, Limit(seconds=60, solutions=2))
        assert r.unique, e.id
        out.append((e.id, e.puzzle, r.solutions[0]))
    return out


def test_rules_never_contradict_the_81_csp_rules_solutions():
    for ident, puzzle, solution in csp_rules_puzzles():
        assert_sound(puzzle, solution, ident=ident)


def test_rules_never_contradict_solutions_from_partial_states():
    """The same, starting from states where some edges of the solution are already known."""
    rng = random.Random(6)
    for ident, puzzle, solution in csp_rules_puzzles()[::3]:
        edges = grid.edges(puzzle.rows, puzzle.cols)
        reveal = rng.sample(edges, len(edges) // 4)
        assert_sound(puzzle, solution, reveal, ident)


def test_rules_never_contradict_generated_puzzles_or_random_loops():
    for mode, size, seed in [("normal", 7, 1), ("normal", 8, 2), ("hard", 6, 3), ("hard", 7, 4)]:
        g = generate(size, size, mode=mode, seed=seed)
        b = assert_sound(g.puzzle, g.solution, ident=f"{mode}-{seed}")
        if mode == "normal":
            assert b.is_finished() and b.solution() == g.solution
    # any loop (puzzles with several solutions included): deductions hold for every solution
    rng = random.Random(11)
    for k in range(25):
        rows, cols = rng.randint(4, 9), rng.randint(4, 9)
        inside = grow_loop(rows, cols, rng, (33, 50, 17), steps=rows * cols * 3)
        if len(inside) <= 4:
            continue
        loop = SlitherlinkSolution.from_inside(rows, cols, inside)
        full = numbers(rows, cols, inside)
        clues = [[v if rng.random() < 0.5 else None for v in row] for row in full.clues]
        edges = grid.edges(rows, cols)
        reveal = rng.sample(edges, rng.randrange(len(edges) // 3))
        assert_sound(SlitherlinkPuzzle.from_rows(clues), loop, reveal, f"random loop {k}")


@pytest.mark.parametrize(("rows", "cols"), [(3, 3), (2, 4), (1, 5)])
def test_every_loop_of_a_small_grid_only_tiny_loops_break_rules(rows, cols):
    """With everything known (every number, every edge), a rule whose start conditions hold must
    have its end conditions hold too. The only exceptions, over every loop of the grid, are the
    tiny loops (<= 4 cells) that rules #14, #23-#26, #33, #34 assume away -- the premise of the
    tiny-loop guard in native_rules/slitherlink/logic.py."""
    broken = set()
    for loop in all_loops(rows, cols):
        puzzle = SlitherlinkPuzzle.from_rows(
            [[sum(e in loop.edges for e in grid.cell_edges((r, c))) for c in range(cols)]
             for r in range(rows)])
        b = board_with(puzzle, grid.edges(rows, cols), loop)
        val = b.val
        for c in compile_rules(b, RULES):
            for base, here in c.sites:
                for v in here:
                    if all(val[base + o] == x for o, x in v.starts) and any(
                            val[base + o] != x for o, x, _a, _b in v.ends):
                        broken.add((c.rule.number, len(loop.inside())))
    assert {n for n, _ in broken} <= LOOP_ASSUMING
    assert all(size <= 4 for _, size in broken)
    if rows * cols >= 6:
        assert {14, 23, 33} <= {n for n, _ in broken}  # the guard is needed


def test_out_of_grid_semantics():
    """A start condition asking for a cross outside the grid holds; a line or a number outside
    fails; an end condition outside is fine for a cross and a contradiction for a line."""
    puzzle = SlitherlinkPuzzle.empty(2, 3)

    def fire(text: str) -> Board:
        b = Board(puzzle, pad=6)
        apply_rules(b, compile_rules(b, rulefile.parse(text)))
        return b

    # "a cross 3 steps away" holds exactly where that position is outside the grid (the end
    # condition draws a line, so the rule cannot feed itself)
    b = fire("s 0 -3 0\ne 1 0 1\nq")
    expected = set()
    for r in range(2):
        for c in range(3):
            for k in range(8):
                a, bb = rulefile.transform(0, -3, k)
                if not (0 <= 2 * r + 1 + a <= 4 and 0 <= 2 * c + 1 + bb <= 6):
                    da, db = rulefile.transform(1, 0, k)
                    expected.add((2 * r + 1 + da, 2 * c + 1 + db))
    drawn = {(i, j) for i, j in b.edge_ij if b.val[b.index(i, j)] == LINE}
    assert drawn == expected and (2, 1) in drawn  # entry (0, 0): left of it is outside
    assert (2, 3) not in drawn  # entry (0, 1) sees the border edge (1, 0), not outside
    # a line or a number asked for outside never holds
    for text in ("s 0 -3 1\ne 1 0 0\nq", "s 0 -2 0\ne 1 0 0\nq", "s 0 -2 3\ne 1 0 0\nq"):
        b = fire(text)
        assert b.unknown_count() == len(b.edges)
    # an end cross outside changes nothing; an end line outside is a contradiction
    b = fire("s 0 -3 0\ne 0 -5 0\nq")
    assert b.unknown_count() == len(b.edges)
    with pytest.raises(Contradiction, match="outside the grid"):
        fire("s 0 -3 0\ne 0 -5 1\nq")


def test_a_conflicting_deduction_is_a_contradiction_naming_the_rule():
    rules = rulefile.parse("% #1\ns 0 0 0\ne 1 0 0\nq\n% #2\ns 0 0 0\ne 1 0 1\nq\n")
    b = Board(SlitherlinkPuzzle.from_rows([[0, None]]), pad=2)
    with pytest.raises(Contradiction, match=r"rule #2 at entry \(0,0\)"):
        apply_rules(b, compile_rules(b, rules))


def test_rule_1_crosses_the_four_sides_of_a_0_and_the_trace_says_so():
    b = Board(SlitherlinkPuzzle.from_rows([[None, None, None], [None, 0, None]]), pad=PAD)
    trace: list = []
    apply_rules(b, compile_rules(b, RULES), trace)
    assert {e for e in grid.cell_edges((1, 1))} <= set(b.crosses())
    assert any(t.startswith("rule #1 at entry (1,1) variant 0 (as written): cross (4,3)") for t in trace)
    assert len([t for t in trace if t.startswith("rule #1 ")]) == 4


def test_loop_avoidance_crosses_an_edge_that_would_close_a_small_loop_but_not_the_last_edge():
    puzzle = SlitherlinkPuzzle.from_rows([[4, None], [None, None]])
    three = grid.cell_edges((0, 0))[:3]  # top, right, bottom of the 4
    b = Board(puzzle)
    for e in three:
        b.set_edge(e, LINE)
    assert loop_avoidance(b) == 0  # closing it finishes the puzzle: legal
    b.set_edge(grid.cell_edges((1, 1))[1], LINE)  # a line elsewhere
    trace: list = []
    assert loop_avoidance(b, trace) == 1
    assert b.val[b.index(1, 0)] == CROSS and trace == ["loop avoidance: cross (1,0)"]


def test_grades_and_the_rules_backend():
    [pz] = read(str(FIXTURES / "slitherlink" / "pzprjs-5x5.txt"))
    [hard] = read(str(FIXTURES / "slitherlink" / "janko-11_5x5.txt"))
    normal = generate(6, 6, mode="normal", seed=2)
    assert grade(pz.puzzle) == "rules+loop-avoidance"
    assert grade(normal.puzzle) in ("rules", "rules+loop-avoidance")
    assert grade(hard.puzzle) == "backtracking"
    r = solve_rules(pz.puzzle, Limit(solutions=2), trace=True)
    assert (r.status, r.unique, r.solutions[0]) == (Status.SOLVED, True, pz.solution)
    assert any(t.startswith("loop avoidance: cross") for t in r.stats["trace"])
    assert any(t.startswith("rule #") for t in r.stats["trace"])
    r = solve_rules(hard.puzzle, Limit(solutions=2))
    assert r.status == Status.STUCK and r.stats["grade"] == "backtracking" and r.stats["unknown_edges"] > 0


def test_rules_solve_the_rules_solvable_part_and_backtracking_finishes():
    [e] = read(str(FIXTURES / "slitherlink" / "janko-2_4x4.txt"))
    lg = Logic(e.puzzle)
    lines, crosses = deductions(lg.board)
    assert lines <= e.solution.edges and not crosses & e.solution.edges and lg.outcome == "stuck"
    r = solve_rules_backtrack(e.puzzle, Limit(seconds=60, solutions=2))
    assert (r.status, r.unique, r.solutions[0]) == (Status.SOLVED, True, e.solution)
    plain = run(registry.get("slitherlink", "backtrack"), e.puzzle, Limit(seconds=60, solutions=2))
    assert plain.solutions == r.solutions and plain.stats["nodes"] > 10 * r.stats["nodes"]


def test_a_tiny_loop_solution_is_not_lost():
    """Two 3s side by side on a 1x2 grid: the only solution is the loop around both, which rule
    #14 assumes away. rules+backtrack still counts it; rules does not claim anything false."""
    puzzle = SlitherlinkPuzzle.from_rows([[3, 3]])
    assert tiny_loop_solution(puzzle) is not None
    cp = run(registry.get("slitherlink", "cpsat"), puzzle, Limit(seconds=30, solutions=2))
    r = solve_rules_backtrack(puzzle, Limit(seconds=30, solutions=2))
    assert r.solution_set() == cp.solution_set() and r.exhausted and r.count == 1
    r = solve_rules(puzzle, Limit(seconds=30, solutions=2))
    assert not r.exhausted and r.status != Status.UNSAT
    # a puzzle whose numbers lie far apart has no tiny solution, without any search
    assert tiny_loop_solution(SlitherlinkPuzzle.from_rows([[1] + [None] * 8 + [1]])) is None


def test_a_user_rules_file(tmp_path):
    path = tmp_path / "zero.rules"
    path.write_text("% only rule #1\n% #1\ns 0|0|0\ne 1|0|0\nq\n")
    puzzle = SlitherlinkPuzzle.from_rows([[0, None], [None, None]])
    r = solve_rules(puzzle, Limit(), rules=str(path), trace=True)
    assert r.status == Status.STUCK and r.stats["rules"] == 1
    assert len([t for t in r.stats["trace"] if t.startswith("rule #1")]) == 4
    assert all(v in (UNKNOWN, CROSS) for v in (Logic(puzzle, path).board.val[k] for k in
                                                Logic(puzzle, path).board.edges))
