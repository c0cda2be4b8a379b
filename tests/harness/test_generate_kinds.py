"""Generators: Nurikabe (new) makes puzzles each proved unique by counting, reproducible from the
seed, of the grade asked for; Slitherlink keeps the puzzles of an engine tier; ``generate
--count N`` shows a progress bar on stderr and writes each puzzle as soon as it is made."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from gridsolve.cli.main import app
from gridsolve.harness import nurikabe as nk
from gridsolve.harness import slitherlink as sl
from gridsolve.harness.registry import DEFAULTS
from gridsolve.puzzles.formats import read
from typer.testing import CliRunner

from gridsolve import solve

from ..helpers import ROOT, gridsolve


def solutions(puzzle) -> set:
    return set(solve(puzzle, DEFAULTS["nurikabe"], limit=2).solutions)


def test_nurikabe_generate_writes_unique_puzzles_reproducibly(tmp_path):
    out = tmp_path / "f.txt"
    p = gridsolve("generate", "nurikabe", "--size", "6x7", "--count", "5", "--seed", "1", "--out", str(out))
    assert p.returncode == 0, p.stderr
    entries = read(str(out))
    assert len(entries) == 5 and all((e.puzzle.rows, e.puzzle.cols) == (6, 7) for e in entries)
    c = gridsolve("count", str(out), "--backend", DEFAULTS["nurikabe"])
    assert c.returncode == 0 and c.stdout.count("exactly 1 solution") == 5, c.stdout
    again = tmp_path / "g.txt"
    gridsolve("generate", "nurikabe", "--size", "6x7", "--count", "5", "--seed", "1", "--out", str(again))
    assert again.read_text() == out.read_text()
    assert "each proved unique" in p.stderr


@pytest.mark.parametrize("target", ["basic", "probing-basic"])
def test_nurikabe_generate_keeps_the_grade_asked_for(target):
    g = nk.generate(6, 6, 0.2, 3, target)
    assert g.grade == target == nk.grade(g.puzzle)["grade"]
    assert solutions(g.puzzle) == {g.solution}


def test_nurikabe_generate_jsonl_has_the_grade_and_the_solution():
    p = gridsolve("generate", "nurikabe", "--size", "5", "--seed", "2", "--format", "jsonl", "--solution")
    assert p.returncode == 0, p.stderr
    obj = json.loads(p.stdout)
    assert obj["grade"] in nk.GRADES and obj["solution"]["black"]


def test_slitherlink_generate_keeps_the_tier_asked_for():
    g = sl.generate_graded(5, 5, "chains", seed=1, mode="sat", counter=sl.uniqueness_counter())
    assert sl.engine_grade(g.puzzle)["tier"] == "chains" and g.stats["tries"] >= 1


def test_generate_count_shows_progress_on_stderr_for_every_kind():
    env = {**os.environ, "TTY_INTERACTIVE": "1", "TTY_COMPATIBLE": "1"}  # rich draws as on a terminal
    for args in (["nurikabe", "--size", "5x5"], ["slitherlink", "--size", "5x5"],
                 ["edgematching", "--size", "3"], ["hamiltonian", "--size", "5"]):
        p = subprocess.run([sys.executable, "-m", "gridsolve.cli.main", "generate", *args, "--count", "3",
                            "--seed", "1"], capture_output=True, text=True, cwd=ROOT, env=env, timeout=300)
        assert p.returncode == 0, p.stderr
        assert "generating" in p.stderr and "3/3" in p.stderr, (args, p.stderr)
        assert "generating" not in p.stdout


def test_generate_nurikabe_writes_each_puzzle_as_soon_as_it_is_made(tmp_path, monkeypatch):
    made = nk.generate(5, 5, 0.2, 1)
    out = tmp_path / "f.txt"

    def one_then_stop(rows, cols, density, seed, *args):
        assert seed == 1 or "gen-5x5-d0.2-s1" in out.read_text(), "puzzle 1 not written before puzzle 2 began"
        if seed == 1:
            return made
        raise nk.GenerationTimeout("stop")

    monkeypatch.setattr(nk, "generate", one_then_stop)
    r = CliRunner().invoke(app, ["generate", "nurikabe", "--size", "5x5", "--count", "2", "--seed", "1",
                                 "--out", str(out), "--timeout", "1"])
    assert r.exit_code == 1
    assert read(str(out))[0].puzzle == made.puzzle


def test_moving_a_number_kills_the_second_solution():
    """The repair: a puzzle with two solutions; the island's number moves where the second one
    walls it: that one is no solution any more, the planted one still is."""
    import random

    from gridsolve.native_rules.nurikabe.generate import move_number
    from gridsolve.puzzles.nurikabe import NurikabePuzzle, NurikabeSolution

    puzzle = NurikabePuzzle.from_rows([[2, None], [None, None]])  # a domino with the 2 at r1c1
    found = set(solutions(puzzle))
    planted = NurikabeSolution.from_cells(2, 2, [(1, 0), (1, 1)])
    other = next(s for s in found if s != planted)
    assert len(found) == 2 and planted in found
    fixed = move_number(puzzle, [{(0, 0), (0, 1)}], other, random.Random(0))
    assert fixed.clue((0, 1)) == 2 and fixed.clue((0, 0)) is None
    after = set(solutions(fixed))
    assert planted in after and other not in after
