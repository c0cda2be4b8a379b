"""Edge matching on the command line: generate, solve (seed layout, rotation, hints,
maximize-joins), count, and one-line errors."""

from __future__ import annotations

import json
import subprocess
import sys

from gridsolve.puzzles.check.edgematching import check
from gridsolve.puzzles.formats import parse_text
from gridsolve.puzzles.formats.edgematching import parse_solution

from ..helpers import FIXTURES, assert_one_line_error, gridsolve, shared

E2_5 = str(FIXTURES / "edgematching" / "e2-5x5-rot.txt")
SEED_NOROT = str(FIXTURES / "edgematching" / "seed-listing-1.7.txt")


def test_generate_is_seeded_and_solvable():
    a = gridsolve("generate", "edgematching", "--size", "5x5", "--style", "e2", "--seed", "4", "--solution")
    b = gridsolve("generate", "edgematching", "--size", "5x5", "--style", "e2", "--seed", "4", "--solution")
    assert a.returncode == 0 and a.stdout == b.stdout
    [e] = parse_text(a.stdout)
    assert e.id == "e2-5x5-f3-c5-s4" and check(e.puzzle, e.solution) == []
    seed = gridsolve("generate", "edgematching", "--size", "4x6", "--style", "seed", "--colors", "3",
                     "--no-rotation", "--count", "2")
    entries = parse_text(seed.stdout)
    assert [e.id for e in entries] == ["seed-4x6-c3-s0", "seed-4x6-c3-s1"]
    assert not entries[0].puzzle.rotation and len(entries[0].puzzle.tiles) == 24


def test_solve_prints_the_seed_layout_and_json():
    p = gridsolve("solve", SEED_NOROT, "--backend", "backtrack", "--format", "seed")
    assert p.returncode == 0, p.stderr
    assert p.stdout.startswith("<deb>\n+----+----+----+----+----+\n| 00 |")
    [e] = parse_text(open(SEED_NOROT).read())
    assert check(e.puzzle, parse_solution(e.puzzle, p.stdout)) == []
    t = gridsolve("solve", SEED_NOROT, "--backend", "backtrack", "--trace", "--limit", "5")
    assert t.stdout.startswith("Solving: may the time be with you\n<deb>\n")  # the seed's printout
    assert t.stdout.count("<deb>") == 2 and "2 solutions" in t.stderr
    j = gridsolve("solve", E2_5, "--format", "json", "--limit", "10")
    rec = json.loads(j.stdout)
    assert rec["count"] == 4 and rec["exhausted"] and rec["stats"]["count_up_to_rotation"] == 1
    assert len(rec["solutions"][0]["placements"]) == 25


def test_rotation_switch_changes_the_puzzle():
    on = gridsolve("count", SEED_NOROT, "--rotation", "--backend", "sat")
    off = gridsolve("count", SEED_NOROT, "--backend", "sat")
    assert "exactly 2 solutions" in off.stdout and off.returncode == 1
    assert "up to board rotation" in on.stdout
    assert int(on.stdout.split("exactly ")[1].split()[0]) >= 8
    stuck = gridsolve("solve", E2_5, "--backend", "backtrack")
    assert stuck.returncode == 1 and "without rotation" in stuck.stderr
    ok = gridsolve("count", E2_5, "--backend", "backtrack-rot-locked")
    assert "exactly 4 solutions" in ok.stdout and "1 up to board rotation" in ok.stdout


def test_hints_switch_on_the_official_set():
    e2 = str(shared("edgematching", "eternity2", "e2pieces.txt"))
    p = gridsolve("solve", e2, "--backend", "backtrack-rot")
    assert p.returncode == 1 and "fixed pieces" in p.stderr  # the starter piece is fixed
    j = gridsolve("solve", e2, "--hints", "--maximize-joins", "--timeout", "5", "-O", "workers=1",
                  "--format", "json")
    rec = json.loads(j.stdout)
    assert rec["status"] == "timeout" and rec["stats"]["total_joins"] == 480


def test_maximize_joins_prints_the_best_board():
    p = gridsolve("solve", E2_5, "--maximize-joins", "--timeout", "30")
    assert p.returncode == 0 and "best 40 of 40 joins matched" in p.stderr
    assert p.stdout.count("/") >= 25


def test_usage_errors_are_one_line():
    slither = str(FIXTURES / "slitherlink" / "pzprjs-5x5.txt")
    assert_one_line_error(gridsolve("solve", slither, "--no-rotation"), 2, "not a setting of slitherlink")
    assert_one_line_error(gridsolve("solve", E2_5, "--maximize-joins", "-b", "sat"), 2, "does not optimise")
    assert_one_line_error(gridsolve("generate", "edgematching", "--size", "1x9"), 2, "--size")
    assert_one_line_error(gridsolve("generate", "edgematching", "--size", "6x6", "--colors", "2",
                                    "--frame-colors", "1"), 2, "more colours")
    bad = gridsolve("solve", "-", "--kind", "edgematching", stdin="2 2\n0 1 2 0\n0 0 3 1\n")
    assert_one_line_error(bad, 2, "says 2x2")


# run `gridsolve ARGS` in this process, then print whether it imported numba
IMPORTS_NUMBA = """
import sys
from gridsolve.cli.main import main
sys.argv = ["gridsolve", *sys.argv[1:]]
try:
    main()
except SystemExit:
    pass
print("numba" in sys.modules, file=sys.stderr)
"""


def test_a_small_board_is_solved_without_importing_numba():
    # Owen's 6x6 takes 0.7 M placements: interpreted, less time than importing numba and loading
    # the compiled scan (``scan.INTERPRETED``)
    owen = str(shared("edgematching", "brendan-owen", "pieces_06x06.txt"))
    for board in (E2_5, owen):
        p = subprocess.run([sys.executable, "-c", IMPORTS_NUMBA, "solve", board, "--format", "json"],
                           capture_output=True, text=True, timeout=300, stdin=subprocess.DEVNULL)
        assert p.stderr.splitlines()[-1] == "False", (board, p.stderr)
        [entry] = [json.loads(line) for line in p.stdout.splitlines()]
        assert entry["status"] == "solved" and entry["stats"]["nodes"] > 0
