"""Masyu domain: the types, the formats (canonical text, drawing, puzz.link, puzzlekit, pzprv3),
the checker (every rule it names) and the renderers. Corpus tests read ../shared/data inside the
test and skip without it."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET

import pytest
from gridsolve.puzzles import contracts
from gridsolve.puzzles.check import masyu as checker
from gridsolve.puzzles.formats import FormatError
from gridsolve.puzzles.formats import masyu as fmt
from gridsolve.puzzles.formats.common import HEADER_RE
from gridsolve.puzzles.masyu import BLACK, WHITE, MasyuPuzzle, MasyuSolution, link, links
from gridsolve.puzzles.render import masyu as render
from hypothesis import given, settings
from hypothesis import strategies as st

from ..helpers import shared

EXAMPLE_URL = "https://puzz.link/p?masyu/6/6/00016f769000"
EXAMPLE_ROWS = ["......", ".....w", ".b.wb.", ".bw.b.", "w.....", "......"]


def corpus() -> dict:
    """The puzzlekit Masyu corpus, read when a test asks for it (skips without it)."""
    path = shared("masyu", "janko-puzzlekit.json")
    return json.loads(path.read_text())["data"]


def puzzle_of(rows: list[str]) -> MasyuPuzzle:
    return MasyuPuzzle.from_rows([[{"w": WHITE, "b": BLACK}.get(ch) for ch in row] for row in rows])


def loop(*cells) -> frozenset:
    """The links of the closed walk through ``cells`` (back to the first)."""
    return frozenset(link(a, b) for a, b in zip(cells, cells[1:] + cells[:1], strict=True))


def border_loop(rows: int, cols: int) -> frozenset:
    ring = [(0, c) for c in range(cols)] + [(r, cols - 1) for r in range(1, rows)]
    ring += [(rows - 1, c) for c in range(cols - 2, -1, -1)] + [(r, 0) for r in range(rows - 2, 0, -1)]
    return loop(*ring)


def parse_canonical(text: str):
    lines = text.strip("\n").splitlines()
    m = HEADER_RE.match(lines[0])
    assert m and m.group("kind") == "masyu"
    return fmt.parse_block(int(m.group("rows")), int(m.group("cols")), [], lines[1:], 2)


puzzles = st.integers(1, 8).flatmap(lambda r: st.integers(1, 8).flatmap(lambda c: st.lists(
    st.lists(st.sampled_from([None, None, WHITE, BLACK]), min_size=c, max_size=c), min_size=r, max_size=r)
    .map(MasyuPuzzle.from_rows)))


# ---------------------------------------------------------------- types and contracts


def test_modules_meet_the_kind_contracts():
    assert isinstance(fmt, contracts.KindFormats)
    assert isinstance(checker, contracts.KindChecker)
    assert isinstance(render, contracts.KindRenderer)
    p = puzzle_of(["ww", ".."])
    assert isinstance(p, contracts.Puzzle) and p.kind == "masyu"
    assert isinstance(MasyuSolution(2, 2, loop((0, 0), (0, 1), (1, 1), (1, 0))), contracts.Solution)


def test_solutions_are_canonical_and_hashable():
    pairs = [((0, 1), (0, 0)), ((0, 1), (1, 1)), ((1, 0), (1, 1)), ((0, 0), (1, 0))]
    a = MasyuSolution.from_pairs(2, 2, pairs)
    b = MasyuSolution(2, 2, loop((1, 1), (1, 0), (0, 0), (0, 1)))
    assert a == b and hash(a) == hash(b) and {a} == {b}
    assert MasyuSolution.from_json(puzzle_of(["..", ".."]), a.to_json()) == a


def test_bad_types_are_refused():
    with pytest.raises(ValueError, match="not orthogonal neighbours"):
        link((0, 0), (1, 1))
    with pytest.raises(ValueError, match="pearl"):
        MasyuPuzzle(1, 1, (("grey",),))
    with pytest.raises(ValueError, match="adjacent cells"):
        MasyuSolution.from_json(puzzle_of(["..", ".."]), {"edges": [[[0, 0], [0, 2]]]})


# ---------------------------------------------------------------- puzz.link


def test_the_example_url_parses_to_the_documented_pearls():
    p = fmt.from_url(EXAMPLE_URL)
    assert p == puzzle_of(EXAMPLE_ROWS)
    assert fmt.to_url(p) == EXAMPLE_URL


def test_the_example_url_is_janko_02():
    item = corpus()["02_6x6"]
    assert fmt.from_puzzlekit(item["problem"])[0] == fmt.from_url(EXAMPLE_URL)


@settings(max_examples=80, deadline=None, derandomize=True)
@given(puzzles)
def test_url_text_and_pzprv3_round_trip(p):
    assert fmt.from_url(fmt.to_url(p)) == p
    assert fmt.from_url(fmt.to_url(p).replace("masyu", "mashu")) == p
    assert parse_canonical(fmt.format_puzzle(p)) == (p, None)
    assert fmt.from_pzprv3(fmt.to_pzprv3(p)) == (p, None)


# ---------------------------------------------------------------- canonical text and solutions


def test_a_solved_puzzle_round_trips_through_its_drawing():
    p = puzzle_of(["w..", "...", "..b"])
    sol = MasyuSolution(3, 3, border_loop(3, 3))
    text = fmt.format_solution(p, sol, "x1")
    assert text.splitlines()[0] == "masyu 3x3 x1"
    assert all(line.strip() for line in text.splitlines())  # no blank line inside a block
    assert parse_canonical(text) == (p, sol)


def test_every_solution_form_reads_back_the_same_loop():
    p = fmt.from_url(EXAMPLE_URL)
    given_grid = ("6 6\nse sw - - se sw\nns ns - - ns ns\nns ne ew ew nw ns\n"
                  "ns se ew ew sw ns\nns ns - - ns ns\nne nw - - ne nw")
    sol = fmt.parse_solution(p, given_grid)
    assert checker.check(p, sol) == []
    for form in (fmt.format_solution(p, sol), render.text(p, sol), json.dumps(sol.to_json()),
                 fmt.to_pzprv3(p, sol), json.dumps({"solutions": [sol.to_json()]})):
        assert fmt.parse_solution(p, form) == sol
    assert fmt.from_pzprv3(fmt.to_pzprv3(p, sol)) == (p, sol)


def _read_directions(grid: str):
    return fmt.parse_directions(puzzle_of(["..", ".."]), grid)


@pytest.mark.parametrize("read, text, problem", [
    (fmt.from_url, "https://puzz.link/p?masyu/6/6/00016f76900", "has 12 characters"),
    (fmt.from_url, "https://puzz.link/p?masyu/6/6/00016f7690000", "has 12 characters"),
    (fmt.from_url, "https://puzz.link/p?masyu/6/6/00016f76900r", "bad character 'r'"),
    (fmt.from_url, "https://puzz.link/p?masyu/2/2/01", "past the last cell"),
    (fmt.from_url, "https://puzz.link/p?masyu/6", "COLS/ROWS"),
    (fmt.from_url, "https://puzz.link/p?slither/2/2/00", "not a masyu URL"),
    (parse_canonical, "masyu 2x2\nw.\n..\n..\n..", "expected 2 rows"),
    (parse_canonical, "masyu 2x2\nw.\n..\n..", "bad link"),
    (parse_canonical, "masyu 2x2\nwq\n..", "bad cell token 'q'"),
    (parse_canonical, "masyu 2x2\nw - +\n| x |\n+ - +", "bad character 'x'"),
    (_read_directions, "se sw\nne n", "has no 'w' back"),
    (_read_directions, "se sw\nne nx", "bad solution cell 'nx'"),
    (_read_directions, "se sw\nnes nw", "leaves the grid"),
    (_read_directions, "se sw", "solution has 1 rows"),
])
def test_bad_urls_texts_and_direction_grids_are_refused_with_one_message(read, text, problem):
    with pytest.raises(FormatError, match=problem):
        read(text)


def test_a_malformed_given_solution_is_dropped_with_a_note():
    puzzle, sol, note = fmt.from_puzzlekit("2 2\n- w\n- -", "2 2\nse sw\nne n")
    assert puzzle == puzzle_of([".w", ".."]) and sol is None and "given solution ignored" in note


def test_a_one_line_pzprv3_file_with_crosses_reads_as_puzz_link_writes_it():
    """pzprjs's layout for mashu: cells (1 white, 2 black), then the links to the right per row and
    the links downwards per row; -1 (a cross) is no line; the one-line form separates by /."""
    text = "pzprv3/mashu/3/3/2 1 . /. . . /. . . /1 1 /-1 0 /1 1 /1 0 1 /1 -1 1 /"
    p, sol = fmt.from_pzprv3(text)
    assert p == puzzle_of(["bw.", "...", "..."]) and sol.links == border_loop(3, 3)
    assert checker.check(p, sol) == []
    assert fmt.to_pzprv3(p, sol).splitlines()[4:] == ["2 1 . ", ". . . ", ". . . ", "1 1 ", "0 0 ", "1 1 ",
                                                      "1 0 1 ", "1 0 1 "]


def test_pzprv3_refuses_unknown_pearls_and_short_line_sections():
    with pytest.raises(FormatError, match="unknown colour"):
        fmt.from_pzprv3("pzprv3\nmashu\n2\n2\n- .\n. .\n")
    with pytest.raises(FormatError, match="incomplete"):
        fmt.from_pzprv3("pzprv3\nmashu\n2\n2\n1 .\n. .\n1\n")
    assert fmt.sniff("pzprv3\nmashu\n2\n2\n") and not fmt.sniff("pzprv3\nslither\n2\n2\n")


# ---------------------------------------------------------------- the checker


def codes(rows: list[str], links: frozenset) -> list[str]:
    p = puzzle_of(rows)
    return [v.code for v in checker.check(p, MasyuSolution(p.rows, p.cols, links))]


def test_the_checker_accepts_a_loop_keeping_every_rule():
    assert codes(["bw.", "...", "..."], border_loop(3, 3)) == []


@pytest.mark.parametrize("rows, links, code, where", [
    (["...", "...", "..."], frozenset({((0, 0), (0, 1))}), "cell-degree", "(0, 0)"),
    (["...", "...", "..w"], loop((0, 0), (0, 1), (1, 1), (1, 0)), "pearl-off-loop", "(2, 2)"),
    (["w.", ".."], loop((0, 0), (0, 1), (1, 1), (1, 0)), "white-not-straight", "(0, 0)"),
    (["..w..", ".....", "....."], border_loop(3, 5), "white-no-turn-beside", "(0, 2)"),
    (["..b..", ".....", "....."], border_loop(3, 5), "black-not-turning", "(0, 2)"),
    (["b.", ".."], loop((0, 0), (0, 1), (1, 1), (1, 0)), "black-not-straight-beyond", "east"),
    ([".....", "....."], loop((0, 0), (0, 1), (1, 1), (1, 0)) | loop((0, 3), (0, 4), (1, 4), (1, 3)),
     "multiple-loops", "2 separate pieces"),
    (["..", ".."], frozenset(), "no-loop", "no link"),
])
def test_the_checker_names_each_rule_broken(rows, links, code, where):
    p = puzzle_of(rows)
    found = checker.check(p, MasyuSolution(p.rows, p.cols, links))
    assert {v.code for v in found} == {code}
    assert where in str(next(v for v in found if v.code == code))


def test_the_checker_refuses_other_sizes_and_links_off_the_grid():
    p = puzzle_of(["..", ".."])
    assert [v.code for v in checker.check(p, MasyuSolution(3, 2, frozenset()))] == ["size-mismatch"]
    off = MasyuSolution(2, 2, frozenset({((1, 0), (2, 0))}))
    assert [v.code for v in checker.check(p, off)] == ["link-outside"]


def test_the_checker_accepts_every_given_corpus_solution():
    read = [fmt.from_puzzlekit(item["problem"], item["solution"] or None) for item in corpus().values()]
    given = [(p, s) for p, s, _ in read if s is not None]
    assert len(given) == 828
    assert [checker.check(p, s) for p, s in given] == [[] for _ in given]


def test_the_corpus_digits_1_and_2_are_white_and_black():
    """103 entries write pearls as 1 / 2: read as white / black their solutions are valid, and the
    checker rejects every one with the colours swapped."""
    numeric = [item for item in corpus().values() if " 1" in item["problem"] or " 2" in item["problem"]]
    assert numeric
    for item in numeric[:20]:
        p, s, _ = fmt.from_puzzlekit(item["problem"], item["solution"])
        assert checker.check(p, s) == []
        swap = {WHITE: BLACK, BLACK: WHITE}
        swapped = MasyuPuzzle.from_rows([[swap.get(x) for x in row] for row in p.pearls])
        assert checker.check(swapped, s)


# ---------------------------------------------------------------- renderers


def test_the_svg_is_well_formed_with_one_circle_per_pearl_and_one_line_per_link():
    p = fmt.from_url(EXAMPLE_URL)
    sol = MasyuSolution(6, 6, border_loop(6, 6))
    root = ET.fromstring(render.svg(p, sol))
    ns = "{http://www.w3.org/2000/svg}"
    assert len(root.findall(f"{ns}circle")) == len(p.pearl_cells())
    red = [e for e in root.findall(f"{ns}line") if e.get("stroke") == "#c0202a"]
    assert len(red) == len(sol.links)
    assert render.text(p) == render.drawing(p)


def test_marked_shows_where_solutions_differ():
    p = puzzle_of(["w..", "...", "..."])
    text = render.marked(p, {((0, 0), (0, 1))}, {((1, 1), (2, 1)), ((2, 0), (2, 1))})
    assert text.splitlines() == ["w - +   .", ".   .   .", ".   .   .", ".   ?   .", ". ? .   ."]
    assert render.marked_svg(p, set(), {((0, 0), (1, 0))}).count('stroke-dasharray="4 3"') == 1


def link_sets(rows: int, cols: int):
    return st.sets(st.sampled_from(links(rows, cols))) if rows * cols > 1 else st.just(set())


@settings(max_examples=60, deadline=None, derandomize=True)
@given(st.integers(2, 6).flatmap(lambda r: st.integers(1, 6).flatmap(lambda c: st.tuples(
    st.just(MasyuPuzzle.from_rows([[None] * c for _ in range(r)])), link_sets(r, c)))))
def test_any_drawn_links_read_back_from_every_solution_form(case):
    """Not only loops: dead ends and branches too (the checker, not the reader, judges them)."""
    p, drawn = case
    sol = MasyuSolution(p.rows, p.cols, frozenset(drawn))
    for form in (fmt.format_solution(p, sol), render.text(p, sol), json.dumps(sol.to_json()),
                 fmt.to_pzprv3(p, sol)):
        if form.startswith("pzprv3") and not drawn:
            continue  # a pzprv3 file without lines holds no solution
        assert fmt.parse_solution(p, form) == sol
