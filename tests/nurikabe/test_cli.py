"""Nurikabe on the command line (a subprocess, as a user runs it), and cross-validation of every
backend -- the essay's ports included -- on the essay's puzzles and a sample of janko puzzles."""

from __future__ import annotations

import json

import pytest
from gridsolve.harness import registry
from gridsolve.harness.crossval import crossval
from gridsolve.harness.run import run
from gridsolve.puzzles.formats import read
from gridsolve.puzzles.solving import Limit, Status

from ..helpers import FIXTURES, assert_one_line_error, gridsolve, shared

DATA = FIXTURES / "nurikabe"
URL = "https://puzz.link/p?nurikabe/5/5/g5k2o1k3g"
ESSAY = str(DATA / "essay" / "puzzles.ijs")


def test_solve_url_proves_uniqueness_and_prints_the_grid():
    p = gridsolve("solve", URL, "--limit", "2")
    assert p.returncode == 0, p.stderr
    assert "sat solved, 1 solution, unique" in p.stderr
    assert p.stdout.splitlines() == [". 5 X X X", ". X 2 . X", ". X X X X", ". X 1 X .", "X X X 3 ."]


def test_hint_gives_a_cell_its_colour_and_the_heuristic():
    p = gridsolve("hint", URL, "--see")
    assert p.returncode == 0, p.stderr
    assert p.stdout.startswith("nurikabe/5/5/g5k2o1k3g: cell r") and "is black (h2far)" in p.stdout
    assert "┌─┬─┬─┬─┬─┐" in p.stdout and "X" in p.stdout.split("\n", 1)[1]


def test_hint_from_a_partial_state_and_when_nothing_is_left():
    p = gridsolve("hint", str(DATA / "violations" / "undecided.txt"))
    assert p.returncode == 0 and "cell r1c5 is black (hislands)" in p.stdout, (p.stdout, p.stderr)
    p = gridsolve("hint", str(DATA / "essay-n1.txt"))
    assert p.returncode == 1 and "no hint" in p.stdout


def test_hint_refuses_unknown_numbers_in_one_line():
    assert_one_line_error(gridsolve("hint", str(DATA / "question" / "janko-726_10x10.txt")), 2, "'?'")


def test_heuristics_trace_reproduces_the_essays_figures():
    p = gridsolve("solve", f"{ESSAY}#n1", "--backend", "heuristics", "--trace")
    assert p.returncode == 1  # stuck
    assert "h2far: 8 cell(s) coloured, wf = 4 13, m!n = 715" in p.stdout
    assert "h22: 2 cell(s) coloured, wf = 2 11, m!n = 55" in p.stdout
    assert "hislands: 3 cell(s) coloured, wf = 2 8, m!n = 28" in p.stdout
    assert "heuristics stuck with 4 free cells" in p.stderr  # the status line


def test_bfh_on_n7_says_it_is_infeasible():
    p = gridsolve("solve", f"{ESSAY}#n7", "--backend", "heuristics+bruteforce", "--format", "json")
    assert p.returncode == 1
    obj = json.loads(p.stdout)
    assert obj["status"] == "stuck" and "1.774e+71 colourings" in obj["note"]


def test_output_formats_see_essay_url_pzprv3():
    p = gridsolve("solve", f"{ESSAY}#n1", "--format", "see")
    assert p.returncode == 0 and p.stdout.splitlines()[1] == "│X│1│X│X│X│"
    p = gridsolve("solve", f"{ESSAY}#n1", "--format", "essay")
    assert p.stdout.splitlines() == (DATA / "essay" / "s1.txt").read_text().splitlines()
    p = gridsolve("render", URL, "--format", "url")
    assert p.stdout.strip() == URL
    p = gridsolve("solve", URL, "--format", "pzprv3")
    assert p.stdout.splitlines()[4:] == ["+ 5 # # # ", "+ # 2 + # ", "+ # # # # ", "+ # 1 # + ", "# # # 3 + "]


def test_bare_matrix_needs_the_kind_and_malformed_corpus_entries_are_one_line(tmp_path):
    p = gridsolve("count", str(DATA / "essay" / "s1.txt"), "--kind", "nurikabe")
    assert p.returncode == 0 and "exactly 1 solution" in p.stdout
    corpus = tmp_path / "corpus.json"
    corpus.write_text(json.dumps({"name": "Nurikabe", "data": {
        "1_3x3": {"problem": "3 3\n1 - -\n- - 2", "solution": "3 3\n- x x\nx x -\nx x -"}}}))
    assert_one_line_error(gridsolve("solve", f"{corpus}#1_3x3"), 2, "header says 3 rows x 3 columns, but 2")


def test_the_corpus_entries_whose_headers_count_the_moves_are_solved():
    corpus = shared("nurikabe", "janko-puzzlekit.json")
    p = gridsolve("count", f"{corpus}#1092_18x10", "--backend", "sat")
    assert p.returncode == 0 and "exactly 1 solution" in p.stdout, p.stdout + p.stderr
    assert "read as 10x10" in p.stderr


def test_check_names_the_violation():
    p = gridsolve("check", f"{ESSAY}#n1", str(DATA / "violations" / "undecided.txt"))
    assert p.returncode == 1 and "undecided: 1 cell(s) undecided" in p.stdout


# ------------------------------------------------------------------ cross-validation

SAMPLE = ["101_3x3", "102_4x4", "103_5x5", "871_5x5", "20_6x6", "111_6x6", "300_7x7", "01_10x10",
          "02_10x10", "726_10x10"]


@pytest.mark.parametrize("ident", [f"n{i}" for i in range(1, 8)])
def test_every_backend_agrees_on_the_essays_puzzles(ident):
    [e] = read(f"{ESSAY}#{ident}")
    report = crossval(e.puzzle, ident=ident, limit=Limit(seconds=30, solutions=2))
    assert report.agree, report.problems
    assert report.verdict == "unique"
    assert {r.backend for r in report.results if r.status == Status.SOLVED} >= {"sat", "cpsat", "cpsat-tree"}


def test_every_backend_agrees_on_a_janko_sample():
    entries = {e.id: e for e in read(str(shared("nurikabe", "janko-puzzlekit.json"))) if e.ok}
    finished = 0
    for ident in SAMPLE:
        e = entries[ident]
        report = crossval(e.puzzle, ident=ident, limit=Limit(seconds=20, solutions=2), given=e.solution)
        assert report.agree, (ident, report.problems)
        assert report.verdict == "unique", ident
        natives = [r for r in report.results if registry.get("nurikabe", r.backend).family == "native"]
        finished += sum(r.status == Status.SOLVED for r in natives)
    assert finished >= 10  # the ports do take part


def test_sat_proves_unique_a_janko_puzzle_with_huge_islands():
    # 20x15 with islands of 20, 15 and 11 cells among 1s: ~160 rounds of lazy cuts (700 before
    # the facing-side cuts); about 2 s, a generous limit
    corpus = shared("nurikabe", "janko-puzzlekit.json")
    [e] = read(f"{corpus}#1108_20x15")
    r = run(registry.get("nurikabe", "sat"), e.puzzle, Limit(seconds=30, solutions=2))
    assert r.status == Status.SOLVED and r.exhausted and len(r.solutions) == 1
    assert e.solution is None or r.solutions[0] == e.solution


def test_hint_on_the_essay_s_bare_grid_prints_no_error(tmp_path):
    """A grid of numbers without a header names no kind: hint reads it as the essay's Nurikabe
    input without first reporting it unrecognised."""
    src = tmp_path / "j.txt"
    src.write_text("2 0 0\n0 0 0\n0 0 1\n")
    p = gridsolve("hint", str(src))
    assert p.returncode == 0 and p.stderr == "", p.stderr
    assert p.stdout.startswith("j: cell ")
