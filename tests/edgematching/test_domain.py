"""Edge matching domain: rotations, the checker's named violations, formats, the E2 generator."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from gridsolve.puzzles.check.edgematching import check
from gridsolve.puzzles.edgematching import (
    EdgeMatchingPuzzle,
    EdgeMatchingSolution,
    canonical_rotation,
    distinct_rotations,
    orbit,
    rotate,
    rotate_solution,
)
from gridsolve.puzzles.formats import FormatError, parse_text, read
from gridsolve.puzzles.formats import edgematching as fm
from gridsolve.puzzles.generators.edgematching import e2_style, frame_join
from gridsolve.puzzles.render import edgematching as rm

from ..helpers import FIXTURES, shared

# a solved 2x2 board: corners only
TILES = ((0, 1, 2, 0), (0, 0, 3, 1), (2, 4, 0, 0), (3, 0, 0, 4))
SOLVED = EdgeMatchingPuzzle(2, 2, TILES, rotation=False)
IDENTITY = EdgeMatchingSolution(2, 2, ((1, 0), (2, 0), (3, 0), (4, 0)))


def test_rotate_is_clockwise_and_canonical():
    assert rotate((1, 2, 3, 4), 1) == (4, 1, 2, 3)  # old left side on top
    assert rotate((1, 2, 3, 4), 4) == (1, 2, 3, 4)
    assert distinct_rotations((1, 2, 1, 2)) == (0, 1)
    assert distinct_rotations((5, 5, 5, 5)) == (0,)
    assert canonical_rotation((1, 2, 1, 2), 3) == 1


def test_checker_accepts_the_solution_and_names_each_violation():
    assert check(SOLVED, IDENTITY) == []
    swapped = EdgeMatchingSolution(2, 2, ((2, 0), (1, 0), (3, 0), (4, 0)))
    codes = {v.code for v in check(SOLVED, swapped)}
    assert {"border-outward", "border-inside", "edge-mismatch"} <= codes
    reused = EdgeMatchingSolution(2, 2, ((1, 0), (1, 0), (3, 0), (4, 0)))
    assert {"piece-reused", "piece-missing"} <= {v.code for v in check(SOLVED, reused)}
    turned = EdgeMatchingSolution(2, 2, ((1, 1), (2, 0), (3, 0), (4, 0)))
    assert "rotation-forbidden" in {v.code for v in check(SOLVED, turned)}
    bad = EdgeMatchingSolution(2, 2, ((9, 0), (2, 0), (3, 0), (4, 0)))
    assert [v.code for v in check(SOLVED, bad)] == ["bad-placement"]
    hinted = SOLVED.with_changes(hints=[(0, 0, 2, 0)])
    assert "hint-violated" in {v.code for v in check(hinted, IDENTITY)}


def test_board_rotation_orbit():
    p = SOLVED.with_changes(rotation=True)
    turned = rotate_solution(p, IDENTITY, 1)
    assert check(p, turned) == [] and turned.at(0, 1) == (1, 1)  # top-left corner moved right
    assert len(set(orbit(p, IDENTITY))) == 4
    assert rotate_solution(p, IDENTITY, 4) == IDENTITY


def test_canonical_text_round_trip_with_hints_and_solution():
    p = SOLVED.with_changes(rotation=True, hints=[(1, 0, 3, 0)])
    text = fm.format_solution(p, IDENTITY, "tiny")
    assert "hint piece=3 row=2 col=1 rotation=0" in text
    [e] = parse_text(text)
    assert (e.id, e.puzzle, e.solution) == ("tiny", p, IDENTITY)
    assert fm.parse_solution(p, json.dumps(IDENTITY.to_json())) == IDENTITY
    assert fm.parse_solution(p, text) == IDENTITY
    assert fm.parse_solution(p, rm.seed_layout(p, IDENTITY)) == IDENTITY


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("edgematching 2x2\n0 1 2 0\n0 0 3 1\n2 4 0 0\n", "needs 4 pieces, got 3"),
        ("edgematching 2x2\n0 1 2 0\n0 0 3 x\n2 4 0 0\n3 0 0 4\n", "4 numbers"),
        ("edgematching 2x2\nrotation maybe\n0 1 2 0\n", "rotation yes"),
        ("edgematching 2x2\nhint piece=9 row=1 col=1 rotation=0\n0 1 2 0\n0 0 3 1\n2 4 0 0\n3 0 0 4\n",
         "hint piece 9 does not exist"),
        ("edgematching 2x2\n0 1 2 0\n0 0 3 1\n2 4 0 0\n3 0 0 4\nsolution\n1 2\n3\n", "expected 2"),
    ],
)
def test_malformed_canonical_blocks_are_reported(text, message):
    [e] = parse_text(text, "bad.txt")
    assert not e.ok and message in e.error and e.error.startswith("bad.txt:")


def test_plain_piece_lists_with_and_without_header():
    body = "\n".join(" ".join(map(str, t)) for t in TILES) + "\n"
    [a] = parse_text("2 2\n" + body, "a.txt")
    [b] = parse_text(body, "b.txt")
    assert a.puzzle == b.puzzle and a.puzzle.rotation  # rotation allowed unless told otherwise
    with pytest.raises(FormatError, match="says 3x3"):
        parse_text("3 3\n" + body, "c.txt", kind="edgematching")


def test_plain_sniff_does_not_capture_other_matrices():
    # a 4-column matrix of numbers (e.g. a Nurikabe essay matrix) is no piece list
    assert not fm.sniff("0 0 2 0\n0 0 0 0\n3 0 0 0\n0 0 0 1\n")
    assert not fm.sniff("2 3\n0 1 2\n")
    body = "\n".join(" ".join(map(str, t)) for t in TILES)
    assert fm.sniff(body) and fm.sniff("2 2\n" + body)


def test_data_files_read_with_their_sizes():
    cases = {"eternity2/clue1.txt": (6, 6), "eternity2/clue2.txt": (6, 12), "eternity2/clue4.txt": (6, 12),
             "brendan-owen/pieces_10x07.txt": (10, 7), "eternity2/meta_10x10.txt": (10, 10)}
    for name, size in cases.items():
        [e] = read(str(shared("edgematching", *name.split("/"))))
        assert (e.kind, (e.puzzle.rows, e.puzzle.cols), e.puzzle.hints) == ("edgematching", size, ())


def test_official_set_has_its_starter_piece_and_clue_hints():
    [e] = read(str(shared("edgematching", "eternity2", "e2pieces.txt")))
    assert e.puzzle.hints == ((8, 7, 139, 2),)  # I8, turned twice
    assert len(fm.adjust(e.puzzle, hints=True).hints) == 5
    assert fm.adjust(e.puzzle, hints=False).hints == ()
    with pytest.raises(FormatError, match="rotation"):  # the starter piece is turned
        fm.adjust(e.puzzle, rotation=False)


def test_no_rotation_rejects_turned_hints():
    p = SOLVED.with_changes(rotation=True, hints=[(0, 0, 1, 1)])
    with pytest.raises(FormatError, match="rotation"):
        fm.adjust(p, rotation=False)


def test_seed_layout_matches_the_report():
    text = rm.seed_layout(SOLVED, IDENTITY)
    lines = text.splitlines()
    assert lines[0] == "<deb>" and lines[1] == "+----+----+" and lines[2] == "| 00 | 00 |"
    assert lines[3] == "|00 0000 01|01 0001 00|" and text.endswith("+----+----+\n")
    [e] = parse_text(text, "seed.txt")  # read back: pieces by tile id, the board as solution
    assert e.puzzle.tiles == TILES and e.solution == IDENTITY


@pytest.mark.parametrize("size", [(4, 4), (6, 6), (5, 7), (8, 8)])
def test_e2_generator_properties(size):
    rows, cols = size
    p, sol = e2_style(rows, cols, seed=3)
    assert check(p, sol) == []
    shapes = Counter(min(rotate(t, k) for k in range(4)) for t in p.tiles)
    assert max(shapes.values()) == 1  # no two pieces alike, even turned
    assert all(len(distinct_rotations(t)) == 4 for t in p.tiles)  # no symmetric piece
    # frame colours only along the frame, balanced counts within each set
    frame, inner = Counter(), Counter()
    for a, b in p.inner_joins():
        t = p.tile(*sol.at(*a))
        colour = t[1] if a[0] == b[0] else t[2]
        (frame if frame_join(rows, cols, a, b) else inner)[colour] += 1
    assert not set(frame) & set(inner)
    assert max(frame.values()) - min(frame.values()) <= 1 and max(inner.values()) - min(inner.values()) <= 1
    assert sum(frame.values()) == 2 * (rows - 1) + 2 * (cols - 1)
    assert e2_style(rows, cols, seed=3) == (p, sol)  # seeded


def test_e2_generator_refuses_impossible_colour_counts():
    with pytest.raises(ValueError, match="more colours"):
        e2_style(6, 6, frame_colours=1, inner_colours=2, seed=0)


def test_renderings_draw_every_square():
    [e] = read(str(FIXTURES / "edgematching" / "e2-5x5-rot.txt"))
    txt = rm.text(e.puzzle, e.solution)
    assert txt.count("/") == 25 and "!" not in txt
    svg = rm.svg(e.puzzle, e.solution)
    assert svg.count("<polygon") == 100 and "mismatch" not in svg
    wrong = EdgeMatchingSolution(5, 5, tuple((p, 0) for p in range(1, 26)))
    assert "!" in rm.text(e.puzzle, wrong) and 'class="mismatch"' in rm.svg(e.puzzle, wrong)
