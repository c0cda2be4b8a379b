"""The port of the seed's OCaml programs: it reproduces the report's printed runs, the numba twin
runs the very same search as the recursive reference, and the seed's generator behaves as the
listings say."""

from __future__ import annotations

import random
import re

import pytest
from gridsolve.native_rules.edgematching import backends
from gridsolve.native_rules.edgematching import backtrack as em
from gridsolve.puzzles.check.edgematching import check
from gridsolve.puzzles.edgematching import EdgeMatchingPuzzle
from gridsolve.puzzles.solving import Limit, Status

from ..helpers import seed_document


def report_lines() -> list[str]:
    return seed_document("eternity2-backtracking-report.txt").read_text().splitlines()


def listing(lines, title):
    """The (OCR-extracted) printout of a listing: initial board tiles by id, the tiles array of
    the shuffled board, and the rows of tile ids of every board printed while solving."""
    start = next(k for k, ln in enumerate(lines) if title in ln)
    shuffled = next(k for k in range(start, len(lines)) if "Shuffled board" in lines[k])
    solving = next(k for k in range(shuffled, len(lines)) if "Solving: may" in lines[k])
    end = next(k for k in range(solving, len(lines)) if "Solving: end" in lines[k])

    def id_rows(part):
        return [[int(x) for x in re.findall(r"\b\d{4}\b", ln)] for ln in part
                if len(re.findall(r"\b\d{4}\b", ln)) == 5]

    init = lines[start:shuffled]
    colours = [[int(x) for x in re.findall(r"\b\d{2}\b", ln)] for ln in init
               if "|" in ln and not re.search(r"\d{4}", ln) and len(re.findall(r"\b\d{2}\b", ln)) == 5]
    tiles = {}
    mids = [ln for ln in init if len(re.findall(r"\b\d{4}\b", ln)) == 5]
    for r, ln in enumerate(mids):
        cells = re.findall(r"(\d{2})\s*(\d{4})\s*(\d{2})", ln.replace("|", " "))
        for c, (left, ident, right) in enumerate(cells):
            top, bottom = colours[2 * r][c], colours[2 * r + 1][c]
            tiles[int(ident)] = em.Tile(int(ident), top, int(right), bottom, int(left))
    order = [i for row in id_rows(lines[shuffled:solving]) for i in row]
    return [tiles[i] for i in order], id_rows(lines[solving:end])


def run_seed(tiles, rotation, listing_="annex"):
    rows_out = []
    _, exhausted = em.search(em.create_board(5), list(tiles), rotation=rotation, listing=listing_,
                             on_board=lambda b: rows_out.extend([t.id for t in row] for row in b))
    assert exhausted
    return rows_out


def test_reproduces_listing_1_11_with_rotation():
    """The rotation program on the report's shuffled 5x5 board prints the report's 24 boards in
    the report's order (the OCR of the report lost one board row, so 119 of 120 rows)."""
    tiles, printed = listing(report_lines(), "Listing 1.11")
    ours = run_seed(tiles, rotation=True)
    assert len(ours) == 24 * 5 and len(printed) == 119
    assert any(ours[:m] + ours[m + 1:] == printed for m in range(len(ours)))


@pytest.mark.parametrize("listing_", ["annex", "text"])
def test_reproduces_listing_1_7_without_rotation(listing_):
    tiles, printed = listing(report_lines(), "Listing 1.7")
    assert run_seed(tiles, rotation=False, listing_=listing_) == printed  # 2 boards


def seed_puzzle(size, colours, seed, rotation, cols=None):
    tiles = em.seed_generate(size, colours, seed, cols)
    return EdgeMatchingPuzzle(size, cols or size, tuple(t[1:] for t in tiles), rotation)


@pytest.mark.parametrize(("size", "cols", "colours", "seed", "version"), [
    (4, None, 3, 1, "norot"), (5, None, 3, 2, "norot"), (4, 5, 3, 3, "norot"),
    (4, None, 3, 4, "rot"), (5, None, 6, 5, "rot"), (4, None, 3, 6, "locked"), (5, None, 5, 7, "locked"),
    (3, 5, 3, 8, "rot"),
])
def test_compiled_and_plain_python_run_the_same_search(size, cols, colours, seed, version):
    p = seed_puzzle(size, colours, seed, version != "norot", cols)
    a = backends.run(p, Limit(None, 10**6), version, engine="python")
    b = backends.run(p, Limit(None, 10**6), version, engine="numba")
    assert a.status == b.status == Status.SOLVED and a.exhausted and b.exhausted
    assert a.solutions == b.solutions  # same solutions in the same order
    assert a.stats["nodes"] == b.stats["nodes"] and a.stats["boards"] == b.stats["boards"]
    assert all(check(p, s) == [] for s in a.solutions)


def test_both_walks_find_the_same_solutions_in_walk_order():
    p = seed_puzzle(4, 2, 13, False)
    annex = backends.run(p, Limit(None, 10**6), "norot", engine="python", listing="annex")
    text = backends.run(p, Limit(None, 10**6), "norot", engine="python", listing="text")
    assert annex.count >= 2 and set(annex.solutions) == set(text.solutions)
    assert annex.solutions != text.solutions  # column-by-column vs row-by-row discovery order

    def key_column(s):
        return [s.at(i, j)[0] for j in range(4) for i in range(4)]

    def key_row(s):
        return [s.at(i, j)[0] for i in range(4) for j in range(4)]

    # tiles are tried in array order at each square, so boards come out in lexicographic order
    # of the piece numbers along the walk
    assert [key_column(s) for s in annex.solutions] == sorted(key_column(s) for s in annex.solutions)
    assert [key_row(s) for s in text.solutions] == sorted(key_row(s) for s in text.solutions)


def test_rotation_finds_four_turns_and_the_lock_a_quarter():
    p = seed_puzzle(4, 3, 4, True)
    full = backends.run(p, Limit(None, 10**6), "rot")
    locked = backends.run(p, Limit(None, 10**6), "locked")
    assert set(full.solutions) == set(locked.solutions)
    assert locked.stats["boards"] * 4 == full.stats["boards"] == full.count  # the seed's "divide by 4"
    assert locked.stats["count_up_to_rotation"] == full.count // 4


def test_print_board_layout():
    board = em.init_board(2, 5, random.Random(1))
    text = em.print_board(board)
    lines = text.splitlines()
    assert lines[0] == "<deb>" and lines[1] == "+----+----+"
    assert re.fullmatch(r"(\|\d\d \d{4} \d\d){2}\|", lines[3])
    assert lines[-1] == "+----+----+" and text.endswith("\n")


def test_init_board_is_a_solved_zigzag_board():
    rng = random.Random(5)
    board = em.init_board(6, 4, rng)
    tiles = em.init_tiles(board)
    p = EdgeMatchingPuzzle(6, 6, tuple(t[1:] for t in tiles), False)
    from gridsolve.puzzles.edgematching import EdgeMatchingSolution
    assert check(p, EdgeMatchingSolution(6, 6, tuple((i + 1, 0) for i in range(36)))) == []
    assert all(1 <= v <= 4 for t in tiles for v in t[1:] if v)
    shuffled = em.shuffle_board(em.init_board(6, 4, random.Random(5)), random.Random(9), locked=True)
    assert shuffled[0][0].id == 0  # the locked program never moves the first tile


def test_stuck_where_the_seed_cannot_go():
    p = seed_puzzle(4, 3, 1, True)
    r = backends.solve(p, Limit(10, 10))
    assert r.status == Status.STUCK and "without rotation" in r.note
    hinted = p.with_changes(hints=[(0, 0, 1, 0)])
    for fn in (backends.solve, backends.solve_rot, backends.solve_rot_locked):
        assert fn(hinted, Limit(10, 10)).status == Status.STUCK


def test_rotation_program_on_a_no_rotation_puzzle_tries_k0_only():
    p = seed_puzzle(4, 3, 1, False)
    a, b = backends.solve(p, Limit(None, 1000)), backends.solve_rot(p, Limit(None, 1000))
    assert set(a.solutions) == set(b.solutions) and all(k == 0 for s in b.solutions for _, k in s.placements)


def test_limits_stop_the_search():
    p = seed_puzzle(5, 2, 3, True)
    r = backends.solve_rot(p, Limit(None, 3))
    assert (r.status, r.count, r.exhausted) == (Status.SOLVED, 3, False)
    big = seed_puzzle(12, 4, 1, True)
    r = backends.solve_rot(big, Limit(0.5, 10**6))
    assert r.status in (Status.TIMEOUT, Status.SOLVED) and not r.exhausted and r.seconds < 10
