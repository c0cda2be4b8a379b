"""Slitherlink formats: round trips, the documented examples, the shared corpora, bad input."""

from __future__ import annotations

import json

import pytest
from gridsolve.puzzles.check.slitherlink import check
from gridsolve.puzzles.formats import FormatError, parse_text, read
from gridsolve.puzzles.formats import slitherlink as fmt
from gridsolve.puzzles.render.slitherlink import drawing
from gridsolve.puzzles.slitherlink import QUESTION, SlitherlinkPuzzle, SlitherlinkSolution
from hypothesis import given, settings
from hypothesis import strategies as st

from ..helpers import FIXTURES, assert_one_clear_error, shared

EXAMPLE_URL = "https://puzz.link/p?slither/5/5/cbcbcddad"
EXAMPLE_ROWS = ["2..1.", ".2..1", "..2..", "3..3.", ".0..3"]
TATHAM = "10x10t0de:b3e3a31020a3d2c1a23b22a2c2301a2a1b2b211e3a11a2b1c20c1b21a2b3a2a3b1b323a3"
TATHAM_AS_URL = "https://puzz.link/p?slither/10/10/hdi831025dhcg62d27cg23067bc21bi816cbg2agb26c87db328d"


def rows_of(p: SlitherlinkPuzzle) -> list[str]:
    return ["".join("." if v is None else "?" if v == QUESTION else str(v) for v in r) for r in p.clues]


puzzles = st.builds(
    lambda r, c, data: SlitherlinkPuzzle.from_rows([data[i * c : (i + 1) * c] for i in range(r)]),
    st.shared(st.integers(1, 9), key="r"),
    st.shared(st.integers(1, 9), key="c"),
    st.shared(st.integers(1, 9), key="r").flatmap(
        lambda r: st.shared(st.integers(1, 9), key="c").flatmap(
            lambda c: st.lists(
                st.sampled_from([None, None, None, 0, 1, 2, 3, 4, QUESTION]), min_size=r * c, max_size=r * c
            )
        )
    ),
)


def test_url_example_decodes_as_documented():
    p = fmt.from_url(EXAMPLE_URL)
    assert rows_of(p) == EXAMPLE_ROWS


@pytest.mark.parametrize(
    "url",
    [
        EXAMPLE_URL,
        TATHAM_AS_URL,
        "https://puzz.link/p?slither/10/10/zzzzvbd",  # blank runs of 20 and more
    ],
)
def test_url_round_trip_byte_for_byte(url):
    assert fmt.to_url(fmt.from_url(url)) == url


def test_url_accepts_other_hosts_and_final_plain_digit():
    a = fmt.from_url("http://pzv.jp/p.html?slither/5/5/cbcbcddad")
    b = fmt.from_url("p?slither/5/5/cbcbcdda3")  # final clue written as a plain digit
    assert a == b == fmt.from_url(EXAMPLE_URL)


@given(puzzles)
@settings(max_examples=300, deadline=None)
def test_url_encode_decode_is_identity(p):
    url = fmt.to_url(p)
    q = fmt.from_url(url)
    assert q == p
    assert fmt.to_url(q) == url


@given(puzzles.filter(lambda p: all(v != QUESTION for r in p.clues for v in r)))
@settings(max_examples=200, deadline=None)
def test_loopy_id_round_trip(p):
    gid = fmt.to_id(p)
    assert fmt.from_id(gid) == p
    assert fmt.to_id(fmt.from_id(gid)) == gid


def test_tatham_and_url_of_the_same_puzzle_agree():
    assert fmt.from_id(TATHAM) == fmt.from_url(TATHAM_AS_URL)
    assert fmt.to_url(fmt.from_id(TATHAM)) == TATHAM_AS_URL


@given(puzzles)
@settings(max_examples=100, deadline=None)
def test_canonical_text_round_trip(p):
    [e] = parse_text(fmt.format_puzzle(p, "x"))
    assert e.puzzle == p and e.id == "x" and e.solution is None


def test_drawing_round_trip_keeps_clues_and_loop():
    [e] = read(str(FIXTURES / "slitherlink" / "pzprjs-5x5.txt"))
    assert e.puzzle == fmt.from_url(EXAMPLE_URL)
    text = fmt.format_solution(e.puzzle, e.solution, "again")
    [e2] = parse_text(text)
    assert (e2.puzzle, e2.solution, e2.id) == (e.puzzle, e.solution, "again")
    assert fmt.parse_solution(e.puzzle, drawing(e.puzzle, e.solution.edges)) == e.solution


def test_pzprv3_round_trip_and_pzprjs_answer():
    [e] = read(str(FIXTURES / "slitherlink" / "pzprjs-5x5.txt"))
    text = fmt.to_pzprv3(e.puzzle, e.solution)
    assert text.splitlines()[:5] == ["pzprv3", "slither", "5", "5", "2 . . 1 . "]
    p, sol = fmt.from_pzprv3(text)
    assert (p, sol) == (e.puzzle, e.solution)
    assert not check(p, sol)


def test_solution_from_json_and_result_object():
    [e] = read(str(FIXTURES / "slitherlink" / "pzprjs-5x5.txt"))
    obj = e.solution.to_json()
    assert fmt.parse_solution(e.puzzle, json.dumps(obj)) == e.solution
    result = {"kind": "slitherlink", "solutions": [obj]}
    assert fmt.parse_solution(e.puzzle, json.dumps(result)) == e.solution


def test_inside_and_boundary_are_inverse():
    [e] = read(str(FIXTURES / "slitherlink" / "janko-101_10x10.txt"))
    inside = e.solution.inside()
    assert SlitherlinkSolution.from_inside(10, 10, inside) == e.solution


def test_multi_block_file_keeps_good_blocks_and_reports_bad_ones():
    text = "slitherlink 2x2 a\n3 .\n. .\n\nslitherlink 2x2 b\n3 9\n. .\n\nslitherlink 1x1 c\n.\n"
    entries = parse_text(text, "f.txt")
    assert [e.id for e in entries] == ["a", "f#2", "c"]
    assert entries[0].ok and entries[2].ok
    assert not entries[1].ok and "f.txt:" in entries[1].error and "'9'" in entries[1].error


def test_jsonl_reports_bad_lines_with_numbers():
    text = "\n".join(
        [
            json.dumps({"kind": "slitherlink", "id": "u", "puzzle": EXAMPLE_URL}),
            "{not json",
            json.dumps({"id": "t", "puzzle": TATHAM}),
            json.dumps({"id": "c", "puzzle": "slitherlink 1x2\n2 2"}),
        ]
    )
    entries = parse_text(text, "in.jsonl")
    assert [e.ok for e in entries] == [True, False, True, True]
    assert entries[1].error.startswith("in.jsonl:2:")
    assert entries[2].puzzle == fmt.from_id(TATHAM)


def test_jsonl_reads_a_given_solution_and_warns_about_a_malformed_one():
    [e] = read(str(FIXTURES / "slitherlink" / "janko-101_10x10.txt"))
    good = json.dumps({"id": "g", "puzzle": fmt.format_puzzle(e.puzzle), "solution": e.solution.to_json()})
    bad = json.dumps({"id": "b", "puzzle": fmt.format_puzzle(e.puzzle),
                      "solution": {"edges": [[[0, 0], [5, 5]]]}})
    got, broken = parse_text(good + "\n" + bad, "gen.jsonl")
    assert got.solution == e.solution and got.warning is None
    assert broken.ok and broken.solution is None
    assert broken.warning.startswith("gen.jsonl:2: malformed given solution") and "(5, 5)" in broken.warning


def test_url_list_file():
    entries = parse_text(f"{EXAMPLE_URL}\n# comment\n{TATHAM}\nnot-a-url\n", "urls.txt")
    assert [e.ok for e in entries] == [True, True, False]


@pytest.mark.parametrize(
    ("arg", "message"),
    [
        ("https://puzz.link/p?slither/5/5/cbcbcddadx", "longer than"),
        ("https://puzz.link/p?slither/5/5/cb!cbcddad", "bad character"),
        ("https://puzz.link/p?slither/0/5/", "impossible size"),
        ("https://puzz.link/p?slither/5000/5/", "impossible size"),
        ("https://puzz.link/p?slither/f/5/5/cbcbcddad", "flag"),
        ("https://puzz.link/p?slither/5", "COLS/ROWS"),
        ("https://puzz.link/p?yajilin/5/5/", "unsupported puzz.link puzzle type"),
        ("10x10t0de#12345", "no puzzle description"),
        ("5x5t1:aaaaa", "not supported"),
        ("3x3t0:a5g", "impossible on a square grid"),
        ("3x3t0:aa", "covers 2 faces"),
        ("/no/such/file.txt", "no such file"),
    ],
)
def test_bad_input_is_one_clear_error(arg, message):
    assert_one_clear_error(arg, message)


def test_unrecognised_text_is_rejected():
    with pytest.raises(FormatError, match="unrecognised"):
        parse_text("hello world\n", "x.txt")


def test_csp_rules_files_all_parse(tmp_path):
    folder = shared("slitherlink", "csp-rules")
    files = sorted(folder.rglob("*.clp"))
    assert len(files) == 81
    sizes = set()
    for path in files:
        [e] = read(str(path))
        assert e.ok, e.error
        sizes.add(e.puzzle.size)
    assert sizes == {"5x5", "7x7", "10x10", "15x15"}


def test_csp_rules_tatham_form_matches_loopy_decoder():
    path = shared("slitherlink", "csp-rules", "Tatham", "H7x7-L60.clp")
    [e] = read(str(path))
    assert e.puzzle == fmt.from_id("7x7:33f2b1a22b2a31a2a32a3321d2a2h213")


def test_janko_corpus_loads_with_solutions():
    entries = read(str(shared("slitherlink", "janko-puzzlekit.json")))
    assert len(entries) == 1176
    with_solution = [e for e in entries if e.solution is not None]
    assert all(e.ok for e in entries)
    # 1152 entries carry a solution; 839_14x24 repeats part of its grid after a "[solution]"
    # line, a section skipped like the Nurikabe set's "[moves]"; 99_20x30 ends in "unit 27" and
    # is reported, not guessed
    warned = sorted(e.id for e in entries if e.warning)
    assert warned == ["99_20x30"]
    assert len(with_solution) == 1151 and "839_14x24" in {e.id for e in with_solution}
    # every given solution is a valid loop for its puzzle (the checker is independent)
    bad = [e.id for e in with_solution if check(e.puzzle, e.solution)]
    assert bad == []
