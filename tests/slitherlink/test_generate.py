"""The generator of van Dam (2008), Chapter 7, and the Slitherlink command line extras
(``generate slitherlink``, ``grade``, the rule backends with ``--trace`` and ``-O rules=``)."""

from __future__ import annotations

import random

import pytest
from gridsolve.harness import registry
from gridsolve.harness.run import run
from gridsolve.harness.slitherlink import uniqueness_counter
from gridsolve.native_rules.slitherlink import generate as gen
from gridsolve.puzzles.check.slitherlink import check
from gridsolve.puzzles.formats import parse_text, read
from gridsolve.puzzles.slitherlink import SlitherlinkPuzzle, SlitherlinkSolution
from gridsolve.puzzles.solving import Deadline, Limit

from ..helpers import FIXTURES, assert_one_line_error, gridsolve


def test_generation_is_reproducible_from_the_seed():
    a = gen.generate(5, 5, mode="normal", seed=3)
    b = gen.generate(5, 5, mode="normal", seed=3)
    c = gen.generate(5, 5, mode="normal", seed=4)
    assert (a.puzzle, a.solution) == (b.puzzle, b.solution)
    assert (a.puzzle, a.solution) != (c.puzzle, c.solution)


@pytest.mark.parametrize("growth", gen.GROWTHS)
@pytest.mark.parametrize("ratios", [(33, 33, 34), (33, 67, 0), (33, 7, 60), (0, 100, 0)])
def test_every_grown_loop_is_one_loop_that_never_touches_itself(growth, ratios):
    empty = SlitherlinkPuzzle.empty(6, 7)
    used = set()
    for seed in range(6):
        history: list = []
        inside = gen.grow_loop(6, 7, random.Random(seed), ratios, history=history, growth=growth)
        assert not check(empty, SlitherlinkSolution.from_inside(6, 7, inside))
        used |= {rule for rule, _ in history}
    assert used <= {k + 1 for k in range(3) if ratios[k]}
    if ratios == (0, 100, 0):
        assert used == {2}


def test_growth_rules_one_step_each():
    square = {(2, 2)}
    # #2 detour: a cell with one loop edge; the loop goes around it (one edge becomes three)
    for growth in gen.GROWTHS:
        assert gen.applies(square, (1, 2), 2, growth) and not gen.applies(square, (2, 2), 2, growth)
        assert not gen.applies(square, (1, 1), 2, growth)  # diagonal: no loop edge
    block = {(r, c) for r in range(1, 4) for c in range(1, 4)}
    assert gen.applies(block, (1, 2), 2, "notch")  # a dent into the inside: notch reading only
    assert not gen.applies(block, (1, 2), 2, "reference")
    # #3 shortcut: three loop edges become one -- a bump (reference) or a notch (notch reading)
    bar = {(2, 2), (2, 3)}
    assert gen.applies(bar, (2, 2), 3, "reference") and not gen.applies(bar, (2, 2), 3, "notch")
    cup = {(2, 2), (2, 3), (2, 4), (3, 2), (3, 4)}  # (3, 3) is an outside cell in a notch
    assert gen.applies(cup, (3, 3), 3, "notch") and not gen.applies(cup, (3, 3), 3, "reference")
    # #1 corner: two loop edges meeting at a corner
    ell = {(2, 2), (2, 3), (3, 2)}
    assert gen.applies(ell, (3, 3), 1) and gen.applies(ell, (2, 2), 1)
    assert not gen.keeps_one_loop(ell, (2, 2))  # (2, 3) and (3, 2) would touch at a corner
    assert not gen.applies(bar, (1, 2), 1)  # one loop edge only
    # a flip that would make the loop touch itself at a corner is refused
    c_shape = {(1, 1), (1, 2), (2, 1), (3, 1), (3, 2), (3, 3)}
    assert gen.applies(c_shape, (2, 3), 2) and not gen.keeps_one_loop(c_shape, (2, 3))


def test_hard_and_sat_modes_make_the_same_puzzles():
    """Both are exact uniqueness tests, so the removal takes the same path from the same seed."""
    for seed in (1, 2):
        hard = gen.generate(5, 5, mode="hard", seed=seed)
        sat = gen.generate(5, 5, mode="sat", seed=seed, counter=uniqueness_counter("sat"))
        assert hard.puzzle == sat.puzzle


@pytest.mark.parametrize("mode", ["normal", "hard"])
def test_a_time_limit_gives_up_or_makes_the_same_puzzle(mode):
    made = gen.generate(6, 6, mode=mode, seed=4)
    assert gen.generate(6, 6, mode=mode, seed=4, seconds=120).puzzle == made.puzzle
    with pytest.raises(gen.GenerationTimeout, match=f"no 10x10 {mode} puzzle from seed 4 within 0.05 s"):
        gen.generate(10, 10, mode=mode, seed=4, seconds=0.05)


def test_the_hard_test_raises_when_its_deadline_passes_instead_of_guessing():
    made = gen.generate(6, 6, mode="hard", seed=4)
    assert gen.uniqueness_test("hard", deadline=Deadline(60))(made.puzzle)
    with pytest.raises(gen.GenerationTimeout, match="backtracking ran out of time"):
        gen.uniqueness_test("hard", deadline=Deadline(0.0))(made.puzzle)

@pytest.mark.parametrize("text", ["50/50", "50/50/10", "a/b/c", "-1/50/51", "101/0/-1"])
def test_bad_ratios(text):
    with pytest.raises(ValueError, match="ratios"):
        gen.parse_ratios(text)
    assert gen.parse_ratios("33/7/60") == (33, 7, 60)


@pytest.mark.parametrize(("mode", "size", "seed"), [("normal", 6, 1), ("normal", 5, 2), ("hard", 5, 1),
                                                    ("hard", 4, 5), ("sat", 5, 3)])
def test_generated_puzzles_are_unique_and_minimal_for_their_mode(mode, size, seed):
    counter = uniqueness_counter("sat") if mode == "sat" else None
    g = gen.generate(size, size, mode=mode, seed=seed, counter=counter)
    r = run(registry.get("slitherlink", "cpsat"), g.puzzle, Limit(seconds=60, solutions=2))
    assert r.unique and r.solutions[0] == g.solution
    assert g.stats["remaining"] == len(g.puzzle.numbered_cells()) < size * size
    unique = gen.uniqueness_test(mode, counter)
    assert unique(g.puzzle)
    clues = [list(row) for row in g.puzzle.clues]
    for (r_, c_), _n in g.puzzle.numbered_cells():  # Chapter 7.3: no number can go any more
        kept, clues[r_][c_] = clues[r_][c_], None
        assert not unique(SlitherlinkPuzzle.from_rows(clues)), (r_, c_)
        clues[r_][c_] = kept


def test_normal_puzzles_need_no_backtracking():
    from gridsolve.native_rules.slitherlink.backends import grade

    for seed in range(3):
        g = gen.generate(7, 7, mode="normal", seed=seed)
        assert grade(g.puzzle) in ("rules", "rules+loop-avoidance")


def test_bad_generator_arguments():
    with pytest.raises(ValueError, match="mode"):
        gen.generate(3, 3, mode="easy")
    with pytest.raises(ValueError, match="counter"):
        gen.generate(3, 3, mode="sat")
    with pytest.raises(ValueError, match="growth"):
        gen.generate(3, 3, growth="spiral")


# ------------------------------------------------------------------ command line


def test_cli_generate_is_reproducible_and_readable(tmp_path):
    p = gridsolve("generate", "slitherlink", "--size", "6x5", "--seed", "7")
    g = gen.generate(5, 6, mode="normal", seed=7)
    assert p.returncode == 0, p.stderr
    assert p.stdout.startswith("slitherlink 5x6 gen-6x5-normal-s7")  # WxH = 6 columns, 5 rows
    [e] = parse_text(p.stdout, "<stdout>")
    assert e.puzzle == g.puzzle  # the same puzzle as the library makes from the seed
    assert "numbers left" in p.stderr and "(paper: 44%)" in p.stderr
    out = tmp_path / "hard.jsonl"
    p = gridsolve("generate", "slitherlink", "--size", "4", "--mode", "hard", "--count", "2",
                  "--format", "jsonl", "--solution", "--out", str(out))
    assert p.returncode == 0, p.stderr
    entries = read(str(out))
    assert [e.id for e in entries] == ["gen-4x4-hard-s0", "gen-4x4-hard-s1"]
    assert entries[0].solution == gen.generate(4, 4, mode="hard", seed=0).solution  # the loop is read back
    c = gridsolve("crossval", str(out), "--backends", "sat,cpsat,rules+backtrack-strong")
    assert c.returncode == 0 and "2 instance(s), 0 disagreement(s)" in c.stdout, c.stdout


def test_cli_generate_skips_seeds_over_the_time_limit_and_keeps_the_others(tmp_path):
    out = tmp_path / "g.txt"
    p = gridsolve("generate", "slitherlink", "--size", "10", "--mode", "hard", "--count", "2",
                  "--timeout", "0.05", "--out", str(out))
    assert p.returncode == 1
    assert "no 10x10 hard puzzle from seed 0 within 0.05 s (skipped)" in p.stderr
    assert "2 seed(s) skipped" in p.stderr and "Traceback" not in p.stderr
    p = gridsolve("generate", "slitherlink", "--size", "4", "--count", "2", "--timeout", "60",
                  "--out", str(out))
    assert p.returncode == 0, p.stderr
    assert [e.id for e in read(str(out))] == ["gen-4x4-normal-s0", "gen-4x4-normal-s1"]


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["--size", "0x5"], "--size"),
        (["--timeout", "-1"], "--timeout"),
        (["--ratios", "50/50"], "--ratios"),
        (["--mode", "sat", "--counter", "backtrack"], "--counter"),
    ],
)
def test_cli_generate_bad_arguments(args, fragment):
    assert_one_line_error(gridsolve("generate", "slitherlink", *args), 2, fragment)


def test_cli_solve_with_the_rule_backends_and_trace(tmp_path):
    pz = str(FIXTURES / "slitherlink" / "pzprjs-5x5.txt")
    p = gridsolve("solve", pz, "--backend", "rules", "--trace")
    assert p.returncode == 0, p.stderr
    assert "rule #1 at entry (4,1) variant 0 (as written): cross (10,3)" in p.stdout
    assert "loop avoidance: cross" in p.stdout and "rules solved, 1 solution" in p.stderr
    p = gridsolve("solve", pz, "--backend", "rules+backtrack", "--limit", "2")
    assert p.returncode == 0 and "unique" in p.stderr
    bad = tmp_path / "bad.rules"
    bad.write_text("% a rule\ns 0 0 0\ne 1 1 0\nq\n")
    p = gridsolve("solve", pz, "--backend", "rules", "-O", f"rules={bad}")
    assert_one_line_error(p, 2, f"{bad}:3: (1, 1) is a vertex")
    p = gridsolve("solve", pz, "--backend", "backtrack", "-O", "engine=fortran")
    assert_one_line_error(p, 2, "engine")


def test_cli_grade():
    p = gridsolve("grade", str(FIXTURES / "slitherlink" / "pzprjs-5x5.txt"),
                  str(FIXTURES / "slitherlink" / "janko-11_5x5.txt"), "--by", "seed")
    assert p.returncode == 0, p.stderr
    lines = p.stdout.splitlines()
    assert lines[0].startswith("pzprjs-5x5: rules+loop-avoidance (")
    assert lines[1].startswith("janko-11_5x5: backtracking (")
    assert lines[2] == "2 puzzles: rules+loop-avoidance 1 (50%), backtracking 1 (50%)"


def test_cli_crossval_leaves_the_exponential_ports_out_of_big_puzzles_unless_asked():
    pz = str(FIXTURES / "slitherlink" / "pzprjs-5x5.txt")
    p = gridsolve("crossval", pz, "--backends", "sat,backtrack,rules+backtrack")
    assert p.returncode == 0 and "rules+backtrack" not in p.stdout, p.stdout
    assert "not run on puzzles larger than their max_cells" in p.stderr
    assert "backtrack 1 puzzle(s), rules+backtrack 1 puzzle(s)" in p.stderr
    p = gridsolve("crossval", pz, "--backends", "sat,rules+backtrack", "--all-sizes")
    assert p.returncode == 0 and "rules+backtrack" in p.stdout and not p.stderr, p.stderr
