"""Hamiltonian formats (canonical text, drawing, the author's saved states), the checker's named
violations, rendering, and the command line."""

from __future__ import annotations

import json

import pytest
from gridsolve.puzzles.check.hamiltonian import check
from gridsolve.puzzles.formats import FormatError, parse_text, read
from gridsolve.puzzles.formats import hamiltonian as fh
from gridsolve.puzzles.hamiltonian import HamiltonianPuzzle as HP
from gridsolve.puzzles.hamiltonian import HamiltonianSolution as HS
from gridsolve.puzzles.render import hamiltonian as rh

from ..helpers import FIXTURES, assert_one_line_error, gridsolve, shared

SNAKE5 = HS(tuple((r, c if r % 2 == 0 else 4 - c) for r in range(5) for c in range(5)))


def test_canonical_text_round_trips_puzzles_and_solutions():
    p = HP(4, 5, (1, 1), (3, 4), frozenset({(0, 4)}), ((1, 1), (1, 2), (0, 2)))
    [e] = parse_text(fh.format_puzzle(p, "x"))
    assert (e.id, e.puzzle, e.solution) == ("x", p, None)
    [e] = parse_text(fh.format_solution(HP.square(5), SNAKE5, "s"))
    assert (e.puzzle, e.solution) == (HP.square(5), SNAKE5)


def test_a_row_starting_with_a_blocked_cell_is_not_read_as_a_comment():
    p = HP(3, 4, (0, 1), (2, 3), frozenset({(1, 0), (2, 0)}))
    text = fh.format_puzzle(p, "x")
    assert "\nX " in text  # written X: a line starting with "#" would be a comment
    [e] = parse_text(text)
    assert e.puzzle == p
    [e] = parse_text("hamiltonian 3x4\n" + rh.text(p))
    assert e.puzzle == p
    [a] = parse_text("hamiltonian 2x3\nS . #\n. . E")  # "#" inside a line is read as X
    [b] = parse_text("hamiltonian 2x3\nS . X\n. . E")
    assert a.puzzle == b.puzzle and a.puzzle.blocked == frozenset({(0, 2)})


def test_drawing_round_trips_and_is_what_solve_prints():
    p = HP.square(9).with_prefix([(0, 0), (0, 1), (1, 1), (1, 0), (2, 0)])
    [e] = parse_text("hamiltonian 9x9\n" + rh.text(p))
    assert e.puzzle == p
    [e] = parse_text("hamiltonian 5x5\n" + rh.text(HP.square(5), SNAKE5))
    assert e.solution == SNAKE5
    assert rh.text(HP.square(5), SNAKE5).splitlines()[:2] == ["S───────┐", "┌───────┘"]


@pytest.mark.parametrize(("body", "fragment"), [
    ("S . .\n. . .\n. . .", "no end cell"),
    ("S . .\n. E .", "expected 3 rows"),
    ("1 2 .\n. 4 .\n. . E", "without gaps"),
    ("1 . 2\n. . .\n. . E", "not a step to a neighbour"),
    ("S x .\n. . .\n. . E", "bad cell token"),
    ("S 1 .\n. . .\n. . E", "both S and step number 1"),
])
def test_bad_canonical_text_is_one_clear_error(body, fragment):
    [e] = parse_text("hamiltonian 3x3\n" + body, "f.txt")
    assert e.error and fragment in e.error and e.error.startswith("f.txt:")


def test_the_authors_saved_states_parse_with_their_recorded_options():
    folder = shared("hamiltonian", "fodor-states")
    state = fh.read_fodor_state(folder / "9_198.txt")
    assert state.size == 9 and state.path[:3] == ((0, 0), (0, 1), (0, 2))
    assert state.options[:3] == ((1,), (0, 1), (1, 0)) and state.current == (1,)
    assert fh.to_fodor_state(state.puzzle(), state.options + (state.current,)) == \
        (folder / "9_198.txt").read_text().strip()
    entries = read(str(folder))
    assert len(entries) == 476 and not [e.error for e in entries if e.error]
    tail = fh.read_fodor_state(folder / "2023_0804.txt")
    assert tail.extra == "5,4,13,True" and tail.current == (2,)


@pytest.mark.parametrize(("text", "fragment"), [
    ("9|1-1,1;0,1-3,1", "not next to the previous cell"),
    ("9|1-1,1;0,1-2,1;1-1,1", "visited twice"),
    ("9|1-2,1", "must begin at 1,1"),
    ("9|1-1,1;7-2,1", "direction codes are 0-3"),
    ("9|1-1,1;0,1-10,1", "outside the 9x9 board"),
])
def test_bad_saved_states_are_one_clear_error(text, fragment):
    with pytest.raises(FormatError, match=fragment):
        fh.parse_fodor_state(text)


def test_from_size_accepts_n_and_rows_x_cols():
    assert fh.from_size("9") == HP.square(9) and fh.from_size("5x7") == HP.rect(5, 7)
    with pytest.raises(FormatError):
        fh.from_size("0")


def test_checker_names_each_violation():
    p = HP(3, 3, (0, 0), (2, 2), frozenset({(1, 1)}))
    codes = {v.code for v in check(p, HS(((0, 0), (1, 1), (2, 2))))}
    assert {"blocked-cell", "not-adjacent", "missed-cell"} <= codes
    assert {v.code for v in check(p, HS(((0, 1), (0, 0))))} >= {"wrong-start", "wrong-end"}
    assert {v.code for v in check(p, HS(((0, 0), (0, 1), (0, 0))))} >= {"repeated-cell"}
    assert check(p, HS(((0, 0), (0, 5)))) [0].code == "cell-outside"
    q = HP.square(5).with_prefix([(0, 0), (1, 0)])
    assert [v.code for v in check(q, SNAKE5)] == ["prefix-mismatch"]
    assert check(HP.square(5), SNAKE5) == []


def test_svg_draws_the_path_and_the_blocked_cells():
    p = HP(5, 5, (0, 0), (4, 4), frozenset({(2, 2)}))
    svg = rh.svg(p, None)
    assert svg.startswith("<svg") and svg.count('fill="#444"') == 1
    svg = rh.svg(HP.square(5), SNAKE5)
    assert svg.count("<polyline") == 1 and svg.count(",") >= 25


# ------------------------------------------------------------------ command line


def test_cli_counts_the_9x9_labyrinth_exactly():
    p = gridsolve("count", "hamiltonian", "--size", "9")
    assert p.returncode == 1 and "exactly 2688307514 solutions (dp" in p.stdout, p.stderr


def test_cli_count_json_carries_big_counts():
    p = gridsolve("count", "hamiltonian", "--size", "13", "--format", "json")
    assert json.loads(p.stdout)["count"] == 17_337_631_013_706_758_184_626


def test_cli_sample_is_seeded_and_writes_svg(tmp_path):
    out = tmp_path / "l.svg"
    a = gridsolve("sample", "hamiltonian", "--size", "9", "--seed", "5", "--count", "2", "--svg", str(out))
    b = gridsolve("sample", "hamiltonian", "--size", "9", "--seed", "5", "--count", "2")
    assert a.returncode == 0 and a.stdout == b.stdout and out.read_text().startswith("<svg")
    [e] = parse_text("hamiltonian 9x9\n" + "\n".join(a.stdout.splitlines()[0:9]))  # headers: stderr
    assert e.solution is not None and not check(e.puzzle, e.solution)


def test_cli_oracle_and_solve_on_a_saved_state():
    state = str(FIXTURES / "hamiltonian" / "fodor-7_1861.txt")
    p = gridsolve("oracle", state, "--format", "json")
    obj = json.loads(p.stdout)
    assert p.returncode == 0 and obj["method"] == "dp"
    assert sum(c["completions"] for c in obj["candidates"]) == 9
    p = gridsolve("solve", state, "--limit", "20", "--format", "json")
    assert json.loads(p.stdout)["count"] == 9


def test_cli_oracle_says_when_a_walk_is_dead(tmp_path):
    dead = tmp_path / "dead.txt"
    dead.write_text("hamiltonian 3x3\n1 . .\n2 3 .\n. . E\n")  # (2,0) and (0,2) cannot both be ends
    p = gridsolve("oracle", str(dead))
    assert p.returncode == 1 and "0 of 3 moves" in p.stdout


def test_cli_bad_input_is_one_line():
    assert_one_line_error(gridsolve("count", "hamiltonian", "--size", "0"), 2, "impossible size")
    assert_one_line_error(gridsolve("sample", "hamiltonian", "--size", "5", "--mode", "x"), 2, "--mode")
