"""Nurikabe formats and the checker: canonical text, the essay's matrices, puzz.link URLs (byte for
byte), the puzzlekit corpus (20 entries whose headers count the solution's moves read at the
size of their grids, other disagreements reported), pzprv3, solutions,
and the checker's named violations (the puzz.link engine's failing answers)."""

from __future__ import annotations

import json
import random

import pytest
from gridsolve.puzzles.check.nurikabe import check
from gridsolve.puzzles.formats import FormatError, parse_text, read
from gridsolve.puzzles.formats import nurikabe as fmt
from gridsolve.puzzles.nurikabe import QUESTION, NurikabePuzzle, NurikabeSolution
from gridsolve.puzzles.render import nurikabe as rnd
from hypothesis import given, settings
from hypothesis import strategies as st

from ..helpers import FIXTURES, assert_one_clear_error, shared

DATA = FIXTURES / "nurikabe"
EXAMPLE = "https://puzz.link/p?nurikabe/5/5/g5k2o1k3g"
MOVES_COUNTED = ["1086_21x10", "1092_18x10", "1093_24x17", "1094_30x15", "1095_36x20", "1096_27x13",
             "1097_39x20", "1098_34x19", "1099_41x20", "1100_32x15", "1131_36x15", "1132_19x10",
             "1133_20x11", "1134_23x15", "1135_24x13", "1136_22x12", "1137_26x13", "1138_60x27",
             "1139_39x20", "1140_49x30"]


@st.composite
def puzzles(draw):
    rows, cols = draw(st.integers(1, 7)), draw(st.integers(1, 7))
    value = st.one_of(st.none(), st.none(), st.integers(1, 20), st.integers(1, 100_000), st.just(QUESTION))
    grid = [[draw(value) for _ in range(cols)] for _ in range(rows)]
    return NurikabePuzzle.from_rows(grid)


def test_url_example_decodes_as_documented():
    p = fmt.from_url(EXAMPLE)
    assert rnd.text(p).splitlines() == [". 5 . . .", ". . 2 . .", ". . . . .", ". . 1 . .", ". . . 3 ."]
    assert fmt.to_url(p) == EXAMPLE
    assert fmt.from_url("http://pzv.jp/p.html?nurikabe/5/5/g5k2o1k3g") == p


@given(puzzles())
@settings(max_examples=300, deadline=None)
def test_url_encode_decode_is_identity(p):
    url = fmt.to_url(p)
    assert fmt.from_url(url) == p and fmt.to_url(fmt.from_url(url)) == url


def test_number_packing_follows_pzprjs():
    values = (None, QUESTION, 1, 15, 16, 255, 256, 4095, 4096, 8192, 12240, 77776)
    one = [fmt.write_number16(v) for v in values]
    assert one == ["", ".", "1", "f", "-10", "-ff", "+100", "+fff", "=000", "%000", "*0000", "$00000"]
    # blank runs: g..z = 1..20, a run of 20 written at once, then the rest
    p = NurikabePuzzle.from_rows([[None] * 23 + [12]])
    assert fmt.url_body(p) == "zic"
    assert fmt.from_url("nurikabe/3/1/.-1a") == NurikabePuzzle.from_rows([[QUESTION, 26, None]])


@pytest.mark.parametrize(
    ("url", "message"),
    [
        ("https://puzz.link/p?nurikabe/5/5/g5k2o1k3gz", "longer than"),
        ("https://puzz.link/p?nurikabe/5/5/zzz", "past the end"),
        ("https://puzz.link/p?nurikabe/5/5/-1", "2 hex digits"),
        ("https://puzz.link/p?nurikabe/5/5/0", "clue 0"),
        ("https://puzz.link/p?nurikabe/5/5/g5!", "bad character"),
        ("https://puzz.link/p?nurikabe/0/5/", "impossible size"),
        ("https://puzz.link/p?nurikabe/5", "COLS/ROWS"),
    ],
)
def test_bad_urls_are_one_clear_error(url, message):
    assert_one_clear_error(url, message)


@given(puzzles())
@settings(max_examples=200, deadline=None)
def test_canonical_text_round_trip(p):
    [e] = parse_text(fmt.format_puzzle(p, "x"), "t.txt")
    assert e.ok and e.puzzle == p and e.solution is None


def test_canonical_solved_text_and_partial_states_round_trip():
    p = fmt.from_url(EXAMPLE)
    sol = NurikabeSolution.from_cells(5, 5, [(0, 2), (1, 1)], [(4, 4)])
    [e] = parse_text(fmt.format_solution(p, sol, "s"), "s.txt")
    assert (e.puzzle, e.solution) == (p, sol)
    # a grid without walls says "solution" in its header
    one = NurikabePuzzle.from_rows([[2, None]])
    text = fmt.format_solution(one, NurikabeSolution(1, 2, frozenset()), "w")
    assert text.splitlines()[0] == "nurikabe 1x2 w solution"
    [e] = parse_text(text, "w.txt")
    assert e.solution == NurikabeSolution(1, 2, frozenset())


def test_essay_j_definitions_and_bare_matrices():
    entries = read(str(DATA / "essay" / "puzzles.ijs"))
    assert [e.id for e in entries] == [f"n{i}" for i in range(1, 8)] and all(e.ok for e in entries)
    n1 = entries[0].puzzle
    assert n1.clue_cells() == [((0, 1), 1), ((1, 4), 2), ((3, 0), 3), ((4, 3), 2)]
    [e] = read(str(DATA / "essay" / "s1.txt"), "nurikabe")  # a state: _1 black, 0 white
    assert e.puzzle == n1 and len(e.solution.black) == 17 and not check(e.puzzle, e.solution)
    with pytest.raises(FormatError, match="unrecognised"):
        read(str(DATA / "essay" / "s1.txt"))  # a bare matrix needs --kind


def test_pzprv3_round_trip_and_the_engines_dot_rule():
    p, sol = fmt.from_pzprv3("pzprv3/nurikabe/5/5/+ 5 # # # /+ # 2 + # /+ # # # # /+ # 1 # . /# # # 3 . /")
    assert p == fmt.from_url(EXAMPLE) and not check(p, sol)  # "." (undecided) counts as island
    assert fmt.from_pzprv3(fmt.to_pzprv3(p, sol)) == (p, sol)
    assert fmt.from_pzprv3(fmt.to_pzprv3(p)) == (p, None)
    q, _ = fmt.from_pzprv3("pzprv3/nurikabe/1/5/- . 1 2 10 /")
    assert q.clues == ((QUESTION, None, 1, 2, 10),)


def test_solutions_in_every_form():
    p = fmt.from_url(EXAMPLE)
    [gold] = read(str(DATA / "pzprjs-5x5.txt"))
    sol = gold.solution
    forms = [
        fmt.format_solution(p, sol),
        rnd.text(p, sol),
        json.dumps(sol.to_json()),
        json.dumps({"kind": "nurikabe", "solutions": [sol.to_json()]}),
        fmt.to_pzprv3(p, sol),
        "\n".join(" ".join("x" if (r, c) in sol.black else "-" for c in range(5)) for r in range(5)),
        fmt.format_matrix(p, sol),
    ]
    for text in forms:
        assert fmt.parse_solution(p, text) == sol, text
    with pytest.raises(FormatError, match="numbers differ|shows"):
        fmt.parse_solution(fmt.from_url("nurikabe/5/5/g4k2o1k3g"), forms[0])


def test_janko_corpus_reads_every_entry():
    entries = read(str(shared("nurikabe", "janko-puzzlekit.json")))
    assert len(entries) == 1130 and all(e.ok for e in entries)
    # 20 entries: both headers count the solution text's lines, its [moves] (or, for #1086, its
    # repeated [solution]) included; read at the size of their grids, with a warning
    warned = sorted((e for e in entries if e.warning), key=lambda e: MOVES_COUNTED.index(e.id))
    assert [e.id for e in warned] == MOVES_COUNTED
    assert warned[0].warning.endswith("the headers say 21x10, counting the lines of the solution's "
                                      "[solution] section; read as 10x10, the size of both grids")
    assert "[moves] section; read as 10x10" in warned[1].warning
    assert [e.puzzle.size for e in warned[2:5]] == ["17x17", "15x15", "15x20"]
    assert all(e.solution is not None for e in entries)
    # every given solution passes the independent checker, and every URL round-trips
    assert [e.id for e in entries if check(e.puzzle, e.solution)] == []
    for e in entries:
        url = fmt.to_url(e.puzzle)
        assert fmt.from_url(url) == e.puzzle and fmt.to_url(fmt.from_url(url)) == url


def test_a_corpus_entry_whose_solution_is_not_text_keeps_its_puzzle(tmp_path):
    path = tmp_path / "corpus.json"
    path.write_text(json.dumps({"name": "Nurikabe", "data": {
        "1_2x3": {"problem": "2 3\n1 - -\n- - 2", "solution": [["-", "x", "-"], ["x", "x", "-"]]},
        "2_2x3": {"problem": "2 3\n1 - -\n- - 2", "solution": "  \n"}}}))
    e, blank = read(str(path))
    assert e.ok and e.puzzle.size == "2x3" and e.solution is None
    assert e.warning.endswith('entry 1_2x3: given solution ignored: "solution" is a list, not a grid text')
    # a blank solution text is no solution, as an absent one: no warning
    assert blank.ok and blank.solution is None and blank.warning is None


MOVES = "[moves]\nZ2;L0;\nac,1;ab,0;\n"


def test_puzzlekit_headers_that_count_the_moves_and_other_disagreements():
    problem, solution = "3 3\n1 - -\n- - -\n- - 3", "3 3\n- x x\nx x -\nx - -"
    puzzle, sol, note = fmt.from_puzzlekit(problem, solution)
    assert puzzle.size == "3x3" and sol.black == {(0, 1), (0, 2), (1, 0), (1, 1), (2, 0)} and note is None
    # the slip: a 2x3 puzzle whose headers say 5 rows, the 2 grid rows and 3 lines of moves
    p2, s2 = "5 3\n1 - -\n- - 2", "5 3\n- x -\nx x -\n" + MOVES
    puzzle, sol, note = fmt.from_puzzlekit(p2, s2)
    assert puzzle.size == "2x3" and sol.black == {(0, 1), (1, 0), (1, 1)}
    assert note == ("the headers say 5x3, counting the lines of the solution's [moves] section; "
                    "read as 2x3, the size of both grids")
    assert check(puzzle, sol) == []
    # without the solution's evidence, or when it does not add up exactly, the header wins: error
    for prob, sol_text in [(p2, None), (p2, "5 3\n- x -\nx x -\n- - -\n- - -\n- - -"),
                           (p2, "6 3\n- x -\nx x -\n" + MOVES), (p2, "5 3\n- x -\nx x -\n[moves]\nZ2"),
                           ("5 3\n1 - -\n- - 2\n- - -", "5 3\n- x -\nx x -\n" + MOVES)]:
        with pytest.raises(FormatError, match="problem header says 5 rows x 3 columns"):
            fmt.from_puzzlekit(prob, sol_text)
    # a solution that does not fit a good problem is dropped with the reason, the puzzle kept
    puzzle, sol, note = fmt.from_puzzlekit(problem, "3 3\n- x x\nx x -")
    assert puzzle.size == "3x3" and sol is None
    assert note == ("given solution ignored: solution header says 3 rows x 3 columns, "
                    "but 2 rows of 3 are given")
    puzzle, sol, note = fmt.from_puzzlekit(problem, "3 by 3\n- x x\nx x -\nx - -")
    assert puzzle.size == "3x3" and sol is None
    assert note == "given solution ignored: solution header '3 by 3' is not 'ROWS COLS'"
    # a section after a solution grid is skipped (janko's solution files too)
    assert fmt.parse_cells(puzzle, solution + "\n" + MOVES).black == {(0, 1), (0, 2), (1, 0), (1, 1), (2, 0)}


def test_see_layout_and_svg():
    [e] = read(str(DATA / "essay-n1.txt"))
    see = rnd.see(e.puzzle, e.solution).splitlines()
    assert see[0] == "┌─┬─┬─┬─┬─┐" and see[1] == "│X│1│X│X│X│" and see[3] == "│X│X│X│ │2│"
    assert rnd.see(e.puzzle).splitlines()[1] == "│?│1│?│?│?│"
    svg = rnd.svg(e.puzzle, e.solution)
    assert svg.count('fill="#222222"') == len(e.solution.black) and svg.count("<text") == 4


# ------------------------------------------------------------------ checker


@pytest.mark.parametrize("path", sorted((DATA / "violations").iterdir()), ids=lambda p: p.stem)
def test_each_failing_grid_reports_its_code_first(path):
    [e] = read(str(path))
    violations = check(e.puzzle, e.solution)
    assert violations and violations[0].code == path.stem, violations


def test_golden_solutions_pass_and_structural_problems_are_named():
    for path in sorted(DATA.glob("*.txt")):
        [e] = read(str(path))
        if e.solution is not None:
            assert check(e.puzzle, e.solution) == [], path.name
    p = NurikabePuzzle.from_rows([[1, None], [None, None]])
    codes = [v.code for v in check(p, NurikabeSolution.from_cells(2, 2, [(0, 0), (0, 1), (1, 0)]))]
    assert codes[0] == "clue-walled"
    assert [v.code for v in check(p, NurikabeSolution(3, 2, frozenset()))] == ["size-mismatch"]
    assert [v.code for v in check(p, NurikabeSolution.from_cells(2, 2, [(5, 5)]))] == ["cell-outside"]
    # no wall at all is accepted (as by the puz.link engine); the essay's check would refuse it
    assert check(NurikabePuzzle.from_rows([[2, None]]), NurikabeSolution(1, 2, frozenset())) == []
    # a "?" island may have any size but only one number
    q = NurikabePuzzle.from_rows([[QUESTION, None, None]])
    assert check(q, NurikabeSolution(1, 3, frozenset())) == []
    assert [v.code for v in check(NurikabePuzzle.from_rows([[QUESTION, None, 1]]),
                                  NurikabeSolution(1, 3, frozenset()))] == ["island-two-clues"]


def test_the_quick_verdict_accepts_exactly_the_grids_without_violations():
    """``check`` answers a valid grid by the one-sweep ``valid`` and names violations only when it
    says no: on every colouring of small grids with numbers (and "?") they must agree."""
    from gridsolve.puzzles.check.nurikabe import valid, violations

    rnd_ = random.Random(7)
    accepted = 0
    for _ in range(2000):
        rows, cols = rnd_.randint(1, 4), rnd_.randint(1, 4)
        clues = [[rnd_.choice([None, None, None, 1, 2, 3, QUESTION]) for _ in range(cols)]
                 for _ in range(rows)]
        puzzle = NurikabePuzzle.from_rows(clues)
        black = [(r, c) for r in range(rows) for c in range(cols) if rnd_.random() < 0.5]
        solution = NurikabeSolution.from_cells(rows, cols, black)
        assert valid(puzzle, solution) == (violations(puzzle, solution) == []), (clues, black)
        accepted += valid(puzzle, solution)
    assert accepted > 50  # the valid side is exercised too
    assert not valid(puzzle, NurikabeSolution.from_cells(rows, cols, black, [(0, 0)]))  # undecided
