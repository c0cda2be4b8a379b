"""The labyrinth's one coordinate crossing (``native_rules.hamiltonian.coordinates``): the port's
1-based (x, y) against the domain's 0-based (row, col), and the ``r4c3`` names people read -- a
hint and an oracle answer for the same cell name it the same way."""

from __future__ import annotations

import re

from gridsolve.harness.hamiltonian import next_moves
from gridsolve.harness.labyrinth_hint import labyrinth_hint
from gridsolve.native_rules.hamiltonian.coordinates import author_cell_name, cell_name, to_rc, to_xy
from gridsolve.puzzles import formats

from ..helpers import ROOT, gridsolve

SAMPLE = "puzzles/samples/labyrinth-states/walk-9x9.txt"


def test_the_conversions_are_inverse_and_name_rows_first():
    for cell in [(0, 0), (3, 2), (8, 0), (0, 8)]:
        assert to_rc(to_xy(cell)) == cell
    assert to_rc((3, 4)) == (3, 2)  # x = column 3, y = row 4
    assert to_xy((0, 0)) == (1, 1)  # the author's start
    assert cell_name((3, 2)) == "r4c3"
    assert author_cell_name((3, 4)) == "r4c3"


def test_a_hint_and_the_oracle_name_the_same_cells():
    puzzle = formats.read(str(ROOT / SAMPLE))[0].puzzle
    hint = labyrinth_hint(puzzle)
    moves = next_moves(puzzle)
    assert {m.cell for m in hint.moves} == set(moves.candidates)
    assert hint.live_end == puzzle.live_end
    hint_out = gridsolve("hint", SAMPLE).stdout
    oracle_out = gridsolve("oracle", SAMPLE).stdout
    names = {cell_name(c) for c in moves.candidates}
    assert names == set(re.findall(r"^\s+\w+\s+(r\d+c\d+):", hint_out, re.M))
    assert names == set(re.findall(r"^\s+\w+\s+(r\d+c\d+):", oracle_out, re.M))
    live = cell_name(puzzle.live_end)
    assert f"live end {live}" in hint_out and f"live end {live}" in oracle_out
