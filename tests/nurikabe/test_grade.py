"""Nurikabe grading: each grade is the weakest level of the cascade that completes the puzzle
(the levels nest, a weaker one leaves cells free), the completed grid is the solution, the
default rules keep every rule on, and ``gridsolve grade`` prints one JSON object with a
``grade`` per puzzle for Nurikabe and Slitherlink alike."""

from __future__ import annotations

import json
import random

import pytest
from gridsolve.native_rules.nurikabe.deduce import UNKNOWN, Deducer, cells_of, deduce
from gridsolve.native_rules.nurikabe.grade import GRADES, grade, steps
from gridsolve.puzzles.formats import read

from ..helpers import FIXTURES, gridsolve, shared

# small janko puzzles, one per grade below search (the corpus's smallest of each)
BY_GRADE = {
    "basic": "https://puzz.link/p?nurikabe/6/6/k2g3n2s4g2g1g",
    "area": "https://puzz.link/p?nurikabe/3/3/1l5g",
    "probing-basic": "https://puzz.link/p?nurikabe/5/5/h2m1i3m4h",
    "probing-1": "https://puzz.link/p?nurikabe/4/4/k4p",
    "probing-2": "https://puzz.link/p?nurikabe/8/5/3g1gazg4g5q",
}


def puzzle_of(text: str):
    return read(text)[0].puzzle


def completes_at(puzzle, level: str) -> bool:
    """Whether the steps up to ``level`` leave no free cell (the state is a list on the
    interpreted route, an array on the compiled one)."""
    d = Deducer(puzzle, deep=False)
    s = d.start()
    for name, step in steps(d, s):
        step()
        if name == level:
            return not cells_of(s, UNKNOWN)
    raise AssertionError(level)


@pytest.mark.parametrize("level", list(BY_GRADE))
def test_each_grade_is_the_weakest_level_that_completes(level):
    p = puzzle_of(BY_GRADE[level])
    g = grade(p)
    assert g["grade"] == level and g["free"] == 0
    rank = GRADES.index(level)
    assert completes_at(p, level)
    if rank:
        assert not completes_at(p, GRADES[rank - 1]), f"{GRADES[rank - 1]} completes a {level} puzzle"


def test_the_basic_level_leaves_out_the_reaches_and_the_default_keeps_them():
    p = puzzle_of(BY_GRADE["area"])
    d = Deducer(p, deep=False)
    s = d.propagate(d.start())  # a list on the interpreted route, an array on the compiled one
    assert cells_of(s, UNKNOWN) and not d.stats().get("unreachable")
    state, stats = deduce(p, probe=False)  # the default: every rule
    assert not state.undecided and (stats.get("unreachable") or stats.get("island_confinement")
                                    or stats.get("wall_confinement"))


def test_probing_basic_runs_trials_with_the_plain_pass_only():
    p = puzzle_of(BY_GRADE["probing-1"])
    d = Deducer(p, deep=True)
    s = d.start()
    d.probe(s, deep_trials=False)
    assert cells_of(s, UNKNOWN)
    d.probe(s)
    assert not cells_of(s, UNKNOWN)


def test_a_puzzle_without_solution_and_the_deadline():
    assert grade(read(str(FIXTURES / "nurikabe" / "unsat-2x2.txt"))[0].puzzle)["grade"] == "no solution"
    g = grade(puzzle_of("https://puzz.link/p?nurikabe/10/10/q-25p-24zzzw"), seconds=0.0)
    assert g["grade"] == "search" and g["deadline"] and g["free"] > 0


def test_grades_agree_with_the_solutions_on_a_corpus_sample():
    path = shared("nurikabe", "janko-puzzlekit.json")
    entries = [e for e in read(str(path)) if e.ok and not e.puzzle.has_unknown_clues()
               and e.puzzle.rows * e.puzzle.cols <= 150]
    for e in random.Random(3).sample(entries, 25):
        d = Deducer(e.puzzle, deep=False)
        s = d.start()
        black = {r * e.puzzle.cols + c for r, c in e.solution.black}
        truth = [2 if i in black else 1 for i in range(d.n)]
        for _, step in steps(d, s, None):
            step()
            # every cell a step has coloured (a list or an array, by route) as in the solution
            assert all(v == t for v, t in zip(list(s), truth, strict=True) if v != UNKNOWN), e.id
        assert grade(e.puzzle)["grade"] in GRADES


def test_cli_grade_json_has_a_grade_for_both_kinds():
    sl = str(FIXTURES / "slitherlink" / "pzprjs-5x5.txt")
    p = gridsolve("grade", BY_GRADE["probing-basic"], sl, "--format", "json")
    assert p.returncode == 0, p.stderr
    objs = [json.loads(line) for line in p.stdout.splitlines()]
    assert [(o["kind"], o["grade"]) for o in objs][0] == ("nurikabe", "probing-basic")
    assert objs[1]["kind"] == "slitherlink" and objs[1]["grade"] == objs[1]["tier"]
    p = gridsolve("grade", BY_GRADE["basic"], BY_GRADE["area"])
    assert p.returncode == 0 and p.stdout.splitlines()[-1] == "2 puzzles: basic 1 (50%), area 1 (50%)"


QUESTION_PUZZLE = FIXTURES / "nurikabe" / "question" / "janko-726_10x10.txt"  # a number '?', unique


def test_a_puzzle_with_a_question_mark_is_graded_by_the_search():
    from gridsolve.harness import nurikabe as nk

    g = nk.grade(read(str(QUESTION_PUZZLE))[0].puzzle)
    assert g["grade"] == "search" and g["unknown_numbers"] >= 1 and g["solutions"] == 1
    # 4 solutions: graded all the same, the count says two or more
    assert nk.grade(puzzle_of("https://puzz.link/p?nurikabe/3/3/1l.g"))["solutions"] == 2
    # no solution: the search proves it
    assert nk.grade(puzzle_of("https://puzz.link/p?nurikabe/2/2/.4h"))["grade"] == "no solution"


def test_cli_grade_answers_a_question_mark_puzzle_in_a_batch():
    p = gridsolve("grade", str(QUESTION_PUZZLE), BY_GRADE["basic"], "--format", "json")
    assert p.returncode == 0, p.stderr
    objs = [json.loads(line) for line in p.stdout.splitlines()]
    assert [o["grade"] for o in objs] == ["search", "basic"]
    p = gridsolve("grade", str(QUESTION_PUZZLE), BY_GRADE["area"])
    assert p.returncode == 0, p.stderr
    assert "janko-726_10x10: search (1 number(s) '?'" in p.stdout and "one solution" in p.stdout
    assert p.stdout.splitlines()[-1] == "2 puzzles: area 1 (50%), search 1 (50%)"


def test_cli_grade_reports_a_failing_item_in_its_row_and_goes_on():
    square = str(FIXTURES / "hamiltonian" / "square-5.txt")
    p = gridsolve("grade", BY_GRADE["basic"], square, BY_GRADE["area"], "--format", "json")
    assert p.returncode == 2 and p.stderr.count("\n") == 1 and "not hamiltonian" in p.stderr, p.stderr
    objs = [json.loads(line) for line in p.stdout.splitlines()]
    assert [o["grade"] for o in objs] == ["basic", None, "area"]
    assert objs[1]["kind"] == "hamiltonian" and "not hamiltonian" in objs[1]["error"]


def test_cli_grade_over_40_janko_puzzles_with_the_question_marks_prints_40_grades():
    path = shared("nurikabe", "janko-puzzlekit.json")
    entries = [e for e in read(str(path)) if e.ok]
    question = [e.id for e in entries if e.puzzle.has_unknown_clues()]
    assert question  # the corpus's puzzles with a number '?' are all in the sample
    rest = [e.id for e in entries if not e.puzzle.has_unknown_clues()]
    ids = question + random.Random(41).sample(rest, 40 - len(question))
    p = gridsolve("grade", *(f"{path}#{i}" for i in ids), "--format", "json", "--timeout", "2")
    assert p.returncode == 0, p.stderr
    objs = [json.loads(line) for line in p.stdout.splitlines()]
    assert [o["id"] for o in objs] == ids and all(o["grade"] for o in objs)
    assert {o["grade"] for o in objs if o["id"] in question} == {"search"}
