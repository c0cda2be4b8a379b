"""``gridsolve hint`` for every kind with rules, naming the rule and the cells as people read
them: Slitherlink (the engine, and the Appendix A rules with ``--by seed``), Nurikabe (the rule
cascade with ``--by engine``, probing included), the labyrinth (the moves the author's rules
forbid at the live end of a walk)."""

from __future__ import annotations

import json

import pytest
from gridsolve.harness.labyrinth_hint import labyrinth_hint
from gridsolve.harness.nurikabe import cascade_hint
from gridsolve.harness.registry import DEFAULTS
from gridsolve.harness.slitherlink import edge_name, seed_hint
from gridsolve.native_rules.nurikabe.deduce import BLACK, WHITE, Deducer, cells_of
from gridsolve.native_rules.nurikabe.hint import next_step
from gridsolve.puzzles.formats import read
from gridsolve.puzzles.hamiltonian import HamiltonianPuzzle

from gridsolve import solve

from ..helpers import FIXTURES, gridsolve

SLITHER = "https://puzz.link/p?slither/5/5/cbcbcddad"
NURIKABE_PROBING = "https://puzz.link/p?nurikabe/4/4/k4p"  # the rules alone leave cells free


@pytest.mark.parametrize("edge, name", [
    (((0, 2), (0, 3)), "the top edge of r1c3"),
    (((5, 0), (5, 1)), "the bottom edge of r5c1"),
    (((2, 3), (2, 4)), "the edge between r2c4 and r3c4"),
    (((1, 0), (2, 0)), "the left edge of r2c1"),
    (((3, 5), (4, 5)), "the right edge of r4c5"),
    (((3, 2), (4, 2)), "the edge between r4c2 and r4c3"),
])
def test_edges_are_named_by_the_cells_they_separate(edge, name):
    assert edge_name(5, 5, edge) == name


def test_slitherlink_seed_hint_is_an_appendix_a_rule_that_holds_in_the_solution():
    e = read(str(FIXTURES / "slitherlink" / "pzprjs-5x5.txt"))[0]
    h = seed_hint(e.puzzle)
    assert h.rule.startswith("Appendix A rule #") and h.edges
    for edge, on in zip(h.edges, h.on, strict=True):
        assert (edge in e.solution.edges) == on
    # from the drawn solution, the rules find nothing wrong and nothing more to draw
    after = seed_hint(e.puzzle, e.solution.edges)
    assert not after.contradiction and all(not on for on in after.on)


def test_slitherlink_hint_cli_names_cells_not_lattice_points():
    for by in ("engine", "seed"):
        p = gridsolve("hint", SLITHER, "--by", by)
        assert p.returncode == 0, p.stderr
        assert " edge " in p.stdout and "r5c2" in p.stdout and "(5, " not in p.stdout, p.stdout
    assert "Appendix A rule #1" in gridsolve("hint", SLITHER, "--by", "seed").stdout


def grid_cells(state, colour: int, cols: int) -> list[tuple[int, int]]:
    """The (row, col) cells of ``colour`` in the rules' state (``deduce.cells_of``: a list on the
    interpreted route, an array on the compiled one)."""
    return [divmod(i, cols) for i in cells_of(state, colour)]


def test_nurikabe_cascade_hint_reaches_probing_and_agrees_with_the_solution():
    e = read(NURIKABE_PROBING)[0]
    d = Deducer(e.puzzle)
    s = d.propagate(d.start())  # the rules' fixpoint: the next step needs probing
    h = next_step(e.puzzle, grid_cells(s, BLACK, d.cols), grid_cells(s, WHITE, d.cols))
    assert h.level == "probing-1" and h.rule == "probing" and h.cell is not None  # a 'probing-1' puzzle
    truth = set(solve_one(e.puzzle).black)
    assert (h.cell in truth) == (h.colour == "wall")
    first = cascade_hint(e.puzzle)
    assert first.level in ("basic", "area") and (first.cell in truth) == (first.colour == "wall")


def test_nurikabe_probing_hint_names_the_weaker_probing_when_it_suffices():
    url = "https://puzz.link/p?nurikabe/5/5/h2m1i3m4h"  # graded probing-basic
    e = read(url)[0]
    d = Deducer(e.puzzle)
    s = d.propagate(d.start())
    h = next_step(e.puzzle, grid_cells(s, BLACK, d.cols), grid_cells(s, WHITE, d.cols))
    assert h.level == "probing-basic" and (h.cell in solve_one(e.puzzle).black) == (h.colour == "wall")


def solve_one(puzzle):
    return solve(puzzle, DEFAULTS["nurikabe"]).solutions[0]


def test_nurikabe_cascade_hint_cli():
    p = gridsolve("hint", NURIKABE_PROBING, "--by", "engine")
    assert p.returncode == 0, p.stderr
    assert p.stdout.startswith("nurikabe/4/4/k4p: cell r") and "level " in p.stdout, p.stdout


def test_labyrinth_hint_names_the_rule_that_forbids_a_move():
    walk = HamiltonianPuzzle.square(7).with_prefix([(0, 0), (0, 1), (0, 2), (1, 2), (1, 1)])
    h = labyrinth_hint(walk)
    assert h.ruled and h.live_end == (1, 1)
    moves = {m.cell: m for m in h.moves}
    assert moves[(1, 0)].forbidden_by == "" and moves[(2, 1)].forbidden_by == "C-shape"


def test_labyrinth_hint_cli_on_a_saved_state():
    p = gridsolve("hint", str(FIXTURES / "hamiltonian" / "fodor-7_65.txt"))
    assert p.returncode == 0, p.stderr
    assert "live end r4c3" in p.stdout and "forbidden (side far)" in p.stdout, p.stdout


def test_grade_hint_json_for_both_kinds():
    p = gridsolve("grade", "--hint", NURIKABE_PROBING, SLITHER, "--format", "json")
    assert p.returncode == 0, p.stderr
    nurikabe, slither = (json.loads(line) for line in p.stdout.splitlines())
    assert nurikabe["cell_name"].startswith("r") and nurikabe["level"] in ("basic", "area")
    assert slither["edge_name"] == "the edge between r4c2 and r5c2"


def test_labyrinth_hint_uses_the_control_set_and_names_its_rules():
    """The book's walkthrough 9 138 (9x9): only the author's corner table forbids going left."""
    steps = {"R": (0, 1), "D": (1, 0), "L": (0, -1), "U": (-1, 0)}
    walk = [(0, 0)]
    for m in "RRRRRRRRDDDDDDDLLLLLLLUURDRRRRRULURULURULLD":
        walk.append((walk[-1][0] + steps[m][0], walk[-1][1] + steps[m][1]))
    h = labyrinth_hint(HamiltonianPuzzle.square(9).with_prefix(walk))
    assert [m.direction for m in h.allowed] == ["down"]
    assert "author's table" in {m.cell: m for m in h.moves}[(walk[-1][0], walk[-1][1] - 1)].forbidden_by
