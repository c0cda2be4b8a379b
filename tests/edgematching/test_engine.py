"""``backtrack-table``: the same solution sets as the CNF model on generated boards (rotation on
and off, square and wide boards, fixed pieces), every board valid by the independent checker,
the split over processes equal to one process, and Brendan Owen's boards solved."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from gridsolve.harness.edgematching import generate
from gridsolve.native_rules.edgematching import engine as table
from gridsolve.puzzles.check.edgematching import check
from gridsolve.puzzles.formats import read
from gridsolve.puzzles.solving import Limit, Status
from gridsolve.satmodels import edgematching as sat

from ..helpers import FIXTURES, shared

ALL = Limit(120, 100_000)
E2_5 = str(FIXTURES / "edgematching" / "e2-5x5-rot.txt")

BOARDS = [(style, rows, cols, colours, rotation)
          for style, colours in (("seed", None), ("e2", 4))
          for rows, cols in ((3, 3), (3, 5), (4, 4), (5, 4), (5, 5))
          for rotation in (True, False)]


def make(style, rows, cols, colours, rotation, seed=1):
    return generate(style, rows, cols, colours or max(rows, cols), None, seed, rotation)


@pytest.mark.parametrize("style,rows,cols,colours,rotation", BOARDS)
def test_counts_equal_the_cnf_models(style, rows, cols, colours, rotation):
    puzzle, planted, _ = make(style, rows, cols, colours, rotation)
    mine, theirs = table.solve(puzzle, ALL), sat.solve(puzzle, ALL)
    assert mine.exhausted and theirs.exhausted
    assert mine.solution_set() == theirs.solution_set()
    assert planted in mine.solution_set()
    assert mine.note == theirs.note  # the count up to board rotation
    for s in mine.solutions:
        assert check(puzzle, s) == []


def test_fixed_pieces_are_honoured():
    puzzle, planted, _ = make("e2", 5, 6, 5, True, seed=3)
    for cells in ((7,), (0, 14), (8, 9, 20)):  # inside, corner + inside, two side by side
        hints = [(*divmod(i, puzzle.cols), *planted.placements[i]) for i in cells]
        hinted = puzzle.with_changes(hints=hints)
        mine, theirs = table.solve(hinted, ALL), sat.solve(hinted, ALL)
        assert mine.exhausted and mine.solution_set() == theirs.solution_set()
        assert planted in mine.solution_set()
        for s in mine.solutions:
            assert check(hinted, s) == []


def test_a_misfit_fixed_piece_leaves_no_solution():
    puzzle, planted, _ = make("seed", 4, 4, None, True)
    inside = next(i for i in range(16) if 0 < i // 4 < 3 and 0 < i % 4 < 3)
    corner = planted.placements[0][0]
    hinted = puzzle.with_changes(hints=[(*divmod(inside, 4), corner, 0)])
    r = table.solve(hinted, ALL)
    assert r.status == Status.UNSAT and r.exhausted


def test_uniqueness_and_candidate_orders():
    puzzle, _, _ = make("e2", 5, 5, 4, False, seed=2)
    everything = sat.solve(puzzle, ALL).solution_set()
    for order in (0, 1, 7):
        r = table.solve(puzzle, ALL, order=order)
        assert r.solution_set() == everything
        two = table.solve(puzzle, Limit(60, 2), order=order)
        assert two.unique == (len(everything) == 1)


def test_two_processes_find_the_same_solutions():
    from gridsolve.native_rules.edgematching.parallel import enumerate_split
    from gridsolve.puzzles.solving import Deadline

    puzzle, _, _ = make("e2", 5, 5, 3, True)
    one = table.solve(puzzle, ALL, workers=1)
    classes, exhausted, _, _ = enumerate_split(puzzle, 10**6, Deadline(120), 0, 2)
    assert exhausted and len(classes) == one.stats["count_up_to_rotation"]
    assert {b.placements for b in classes} <= {s.placements for s in one.solutions}
    first, exhausted, timed_out, _ = enumerate_split(puzzle, 1, Deadline(60), 0, 2, first=True)
    assert len(first) == 1 and check(puzzle, first[0]) == []


def test_the_portfolio_proves_there_is_no_board():
    from gridsolve.native_rules.edgematching.parallel import enumerate_split
    from gridsolve.puzzles.solving import Deadline

    puzzle, planted, _ = make("seed", 4, 4, None, True)
    inside = next(i for i in range(16) if 0 < i // 4 < 3 and 0 < i % 4 < 3)
    hinted = puzzle.with_changes(hints=[(*divmod(inside, 4), planted.placements[0][0], 0)])
    assert enumerate_split(hinted, 1, Deadline(60), 0, 2, first=True)[:3] == ([], True, False)


def test_restarts_keep_the_count_exact():
    from gridsolve.native_rules.edgematching import restarts
    from gridsolve.puzzles.solving import Deadline

    assert [restarts.luby(i) for i in range(1, 16)] == [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]
    puzzle, _, _ = make("e2", 5, 5, 4, False, seed=2)
    everything = sat.solve(puzzle, ALL).solution_set()
    straight = restarts.first_board(puzzle, Deadline(60), unit=10**9)
    boards, exhausted, _, nodes = restarts.first_board(puzzle, Deadline(60), unit=1)  # runs of 1, 1, 2, ...
    assert len(boards) == 1 and boards[0] in everything and not exhausted
    assert nodes > straight[3]  # it did restart
    r = table.solve(puzzle, ALL)
    assert r.exhausted and r.solution_set() == everything


@pytest.mark.parametrize("size", [5, 6, 7])
def test_brendan_owen_boards(size):
    path = shared("edgematching", "brendan-owen", f"pieces_{size:02d}x{size:02d}.txt")
    puzzle = read(str(path))[0].puzzle
    r = table.solve(puzzle, Limit(120, 1))
    assert r.status == Status.SOLVED
    assert check(puzzle, r.solutions[0]) == []


def test_maximize_joins_reaches_a_full_board_and_keeps_the_best(tmp_path):
    from gridsolve.puzzles.edgematching import matched_joins
    from gridsolve.puzzles.formats import read_solution

    puzzle, _, _ = make("e2", 5, 5, 4, True, seed=4)
    best = tmp_path / "best.txt"
    r = table.solve(puzzle, Limit(60), maximize_joins=True, best_file=str(best))
    total = len(puzzle.inner_joins())
    assert r.status == Status.SOLVED and matched_joins(puzzle, r.best) == total
    assert check(puzzle, r.best) == []
    assert read_solution(puzzle, best.read_text()) == r.best
    scores = [score for _, score in r.stats["progress"]]
    assert scores == sorted(set(scores)) and scores[-1] == total


def test_maximize_joins_scores_what_the_checker_counts():
    e2 = shared("edgematching", "eternity2", "e2pieces.txt")
    puzzle = read(str(e2))[0].puzzle
    # 20 s: a first board comes within seconds, but two processes may compile its kernel first
    # (10 s was tried: in a loaded suite one run found no board in them)
    r = table.solve(puzzle, Limit(20), maximize_joins=True, workers=2)
    assert r.best is not None
    found = check(puzzle, r.best)
    assert all(v.code == "edge-mismatch" for v in found)
    assert r.note == f"best {480 - len(found)} of 480 joins matched"


def test_random_frames_match_all_round_with_distinct_pieces():
    import numpy as np
    from gridsolve.native_rules.edgematching import maxjoins as breaks

    puzzle, _, _ = generate("e2", 6, 7, 5, None, 3, True)
    ring = breaks.ring_candidates(puzzle)
    rng = np.random.default_rng(1)
    frames = {tuple(breaks.random_frame(puzzle, rng, ring)) for _ in range(5)}
    for frame in frames:
        assert len({p for _, _, p, _ in frame}) == len(frame) == 2 * (6 + 7) - 4
        at = {(r, c): puzzle.tile(p, k) for r, c, p, k in frame}
        for (r, c), t in at.items():
            if (r, c + 1) in at:
                assert t[1] == at[(r, c + 1)][3]
            if (r + 1, c) in at:
                assert t[2] == at[(r + 1, c)][0]
    assert len(frames) > 1  # shuffled


def test_break_allowance_reaches_the_target_at_the_last_breakable_square():
    from gridsolve.native_rules.edgematching.maxjoins import schedule

    s = schedule(100, 12, 0.5, last=80)
    assert s[:50].sum() == 0 and s[80] == 12 and s[99] == 12
    assert all(a <= b for a, b in zip(s, s[1:], strict=False))


def test_scan_orders_meet_top_and_left_placed():
    from gridsolve.native_rules.edgematching.tables import scan_order

    for rows, cols, tail in ((6, 6, 0), (6, 6, 2), (5, 8, 3), (8, 5, 3)):
        order = scan_order(rows, cols, tail)
        assert sorted(order) == [(r, c) for r in range(rows) for c in range(cols)]
        seen = set()
        for r, c in order:
            assert (r == 0 or (r - 1, c) in seen) and (c == 0 or (r, c - 1) in seen)
            seen.add((r, c))
    assert scan_order(4, 4, 2)[8:12] == [(2, 0), (3, 0), (2, 1), (3, 1)]  # the tail column by column


def test_climbs_with_the_frame_fixed_or_scanned_score_what_the_checker_counts():
    from gridsolve.native_rules.edgematching.maxjoins import CLIMBS
    from gridsolve.puzzles.edgematching import matched_joins
    from gridsolve.puzzles.solving import Deadline

    puzzle, _, _ = generate("e2", 6, 6, 6, None, 5, True)
    for how, climb in CLIMBS.items():
        found: list = []
        # 6 s: the row climb ends at a perfect board in 0.2 s, the frame climb finds its first in
        # about 1 s on a quiet machine (a loaded suite slows it 2-3 times) and then runs out its time
        climb(puzzle, Deadline(6), 7, lambda found=found: min([b for _, b in found], default=61),
              lambda board, breaks, found=found: found.append((board, breaks)))
        assert found, how
        breaks = [b for _, b in found]
        assert breaks == sorted(breaks, reverse=True)
        for board, b in found:
            assert len(puzzle.inner_joins()) - matched_joins(puzzle, board) == b
            assert all(v.code == "edge-mismatch" for v in check(puzzle, board))


def test_the_tree_estimate_matches_a_complete_count():
    from gridsolve.native_rules.edgematching import forward_checks as c
    from gridsolve.native_rules.edgematching import order_estimate as orders
    from gridsolve.native_rules.edgematching import scan as scan_mod
    from gridsolve.native_rules.edgematching.tables import Search, build
    from gridsolve.native_rules.edgematching.tree_estimate import tree_estimate
    from gridsolve.puzzles.edgematching import symmetry_anchor

    puzzle, _, _ = make("e2", 5, 5, 4, True, seed=2)
    s = Search(build(puzzle))
    boards = 0
    while (code := s.step()) != scan_mod.EXHAUSTED:
        boards += code == scan_mod.FOUND
    est = tree_estimate(puzzle, 200_000)
    assert abs(est[1:].sum() / s.nodes - 1) < 0.1
    assert abs(est[-1] - boards) <= max(1, 0.2 * boards)
    # the estimate for any order, anchor and checks: the engine's row scan, then with checks
    anchor = (symmetry_anchor(puzzle)[0], (0, 0))
    rows = [(r, c) for r in range(5) for c in range(5)]
    est = orders.order_estimate(puzzle, rows, anchor, probes=200_000)
    assert abs(est[1:].sum() / s.nodes - 1) < 0.1
    assert abs(est[-1] - boards) <= max(1, 0.2 * boards)
    for checks in (c.OPEN_FIT | c.SUPPLY, c.BELOW, c.MATCH, c.NEXT, c.ROWS, c.ROWS | c.BAND,
                   c.ROWS | c.ROW_END):
        checked = orders.order_estimate(puzzle, rows, anchor, checks, probes=50_000)
        assert checked[1:].sum() < est[1:].sum(), checks  # a smaller tree, the same boards
        assert abs(checked[-1] - boards) <= max(1, 0.2 * boards), checks


def walk_scan(puzzle, general: bool, budget: int, plain: bool = False):
    """(placements, boards) of a complete scan in steps of ``budget``, by the break search's
    code (``general``) or the exact search's, over the tables with breaks or without (as plain
    lists with ``plain``, as arrays without)."""
    from gridsolve.native_rules.edgematching import scan as scan_mod
    from gridsolve.native_rules.edgematching.tables import Search, build

    s = Search(build(puzzle, order=3, with_breaks=general, plain=plain))
    s.exact_only = not general
    boards = []
    while (code := s.step(budget)) != scan_mod.EXHAUSTED:
        if code == scan_mod.FOUND:
            boards.append(s.board(puzzle))
    return s.nodes, boards


def test_the_exact_kernel_and_the_break_kernel_walk_the_same_tree():
    puzzle, planted, _ = make("e2", 5, 6, 5, True, seed=3)
    hinted = puzzle.with_changes(hints=[(*divmod(8, 6), *planted.placements[8])])
    for p in (puzzle, hinted):
        walks = [walk_scan(p, general, 1000) for general in (False, True)]
        assert walks[0] == walks[1] and walks[0][1]


def test_the_anchor_square_of_a_square_board_holds_the_anchor_piece_alone():
    # with any other corner piece there the anchor piece has no square left: a dead subtree
    from gridsolve.native_rules.edgematching.tables import build
    from gridsolve.puzzles.edgematching import symmetry_anchor

    puzzle, _, _ = make("e2", 5, 5, 4, True, seed=2)
    anchor = symmetry_anchor(puzzle)[0]
    t = build(puzzle, order=5)
    first = {int(t.tpiece[p]) for key in range(t.base[0], t.base[0] + t.ncol ** 2)
             for p in range(t.lo[key], t.exact[key])}
    assert first == {anchor}
    wide, _, _ = make("e2", 4, 5, 4, True, seed=2)  # two anchor squares: each still holds others
    t = build(wide)
    assert len({int(t.tpiece[p]) for key in range(t.base[0], t.base[0] + t.ncol ** 2)
                for p in range(t.lo[key], t.exact[key])}) > 1


@pytest.mark.parametrize("general, plain", [(False, False), (True, False), (False, True)])
def test_the_interpreted_scan_walks_the_compiled_scans_tree(monkeypatch, general, plain):
    # the same kernel source on plain lists, then compiled from wherever the interpreted
    # placements run out: the same placements, the same boards, the same counts
    from gridsolve.native_rules.edgematching import scan as scan_mod
    from gridsolve.native_rules.kernels import Tiered

    monkeypatch.setattr(Tiered, "off", False)
    monkeypatch.setattr(scan_mod.EXACT_AHEAD, "loaded", None)  # numba's code (the ahead module: below)
    monkeypatch.setattr(scan_mod.Interpreted, "exact_made", 0)
    puzzle, _, _ = make("e2", 5, 5, 4, True, seed=2)
    walks = []
    for interpreted in (0, 7_000, 10 ** 9):  # compiled at once, switched mid-search, interpreted
        monkeypatch.setattr(scan_mod.Interpreted, "left", interpreted)
        walks.append(walk_scan(puzzle, general, 2_000, plain))
        assert scan_mod.Interpreted.left == max(0, interpreted - walks[-1][0])
    assert walks[0] == walks[1] == walks[2] and walks[0][1] and walks[0][0] > 7_000


@pytest.fixture(scope="module")
def ahead_scan():
    """The exact scan compiled ahead of time (built here when the warm-up has not: seconds)."""
    from gridsolve.native_rules.edgematching.scan import EXACT_AHEAD

    EXACT_AHEAD.build_once() or EXACT_AHEAD.build()
    aot = EXACT_AHEAD.loaded = EXACT_AHEAD._import()
    assert aot is not None
    return aot


@pytest.mark.parametrize("plain", [False, True])
def test_the_ahead_of_time_scan_walks_the_same_tree_and_loads_without_numba(monkeypatch, ahead_scan, plain):
    # interpreted up to AHEAD placements, then the ahead-of-time module: the same placements and
    # boards as numba's code and as the interpreter alone; a process that uses it imports no numba
    from gridsolve.native_rules.edgematching import scan as scan_mod
    from gridsolve.native_rules.kernels import Tiered

    monkeypatch.setattr(Tiered, "off", False)
    monkeypatch.setattr(scan_mod, "AHEAD", 3_000)
    monkeypatch.setattr(scan_mod, "numba_loaded", lambda: False)  # as in a process that never ran numba
    puzzle, _, _ = make("e2", 5, 5, 4, True, seed=2)
    walks = []
    aot = ahead_scan
    for loaded in (aot, None):
        monkeypatch.setattr(scan_mod.EXACT_AHEAD, "loaded", loaded)
        for interpreted in (0, 10 ** 9):
            monkeypatch.setattr(scan_mod.Interpreted, "left", interpreted)
            monkeypatch.setattr(scan_mod.Interpreted, "exact_made", 0)
            walks.append(walk_scan(puzzle, False, 2_000, plain))
            made = scan_mod.Interpreted.exact_made
            assert made == (0 if interpreted == 0 else 3_000 if loaded else walks[-1][0])
    assert all(w == walks[0] for w in walks) and walks[0][1] and walks[0][0] > 3_000
    # numba's code takes over after AHEAD_UNTIL placements of the ahead-of-time code
    monkeypatch.setattr(scan_mod.EXACT_AHEAD, "loaded", aot)
    monkeypatch.setattr(scan_mod, "AHEAD_UNTIL", 5_000)
    monkeypatch.setattr(scan_mod.Interpreted, "ahead_made", 0)
    monkeypatch.setattr(scan_mod.Interpreted, "left", 0)
    assert walk_scan(puzzle, False, 2_000, plain) == walks[0]
    assert scan_mod.Interpreted.ahead_made == 5_000
    # a process that has imported numba runs numba's code (loading it is cheap there, and faster)
    monkeypatch.setattr(scan_mod, "numba_loaded", lambda: True)
    monkeypatch.setattr(scan_mod.Interpreted, "ahead_made", 0)
    assert walk_scan(puzzle, False, 2_000, plain) == walks[0]
    assert scan_mod.Interpreted.ahead_made == 0
    script = ("import sys\n"
              "from gridsolve.harness.edgematching import generate\n"
              "from gridsolve.native_rules.edgematching import engine\n"
              "p = generate('e2', 6, 6, 6, None, 1, True)[0]\n"  # ~250 000 placements
              "r = engine.solve(p, workers=1)\n"
              "loaded = 'gridsolve_scan_exact' in str(sys.modules)\n"
              "print(r.status, r.stats['nodes'], 'numba' in sys.modules, loaded)")
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    out = run.stdout.split()
    assert out[0] == "solved" and int(out[1]) > 3 * (1 << 16) and out[2:] == ["False", "True"], out


AHEAD_SCRIPT = ("import sys\n"
                "from gridsolve.harness.edgematching import generate\n"
                "from gridsolve.native_rules.edgematching import engine\n"
                "p = generate('e2', 6, 6, 6, None, 1, True)[0]\n"  # ~250 000 placements
                "r = engine.solve(p, workers=1)\n"
                "print(r.status, 'gridsolve_scan_exact' in str(sys.modules))")


def test_a_search_without_the_ahead_module_has_it_built_for_the_next_process(tmp_path, monkeypatch):
    # a fresh cache: the first search past AHEAD placements starts the build in the background and
    # goes on interpreted; once the build's lock is gone the module is there and the next loads it
    import time

    from gridsolve.native_rules.edgematching.scan import EXACT_AHEAD

    env = dict(os.environ, NUMBA_CACHE_DIR=str(tmp_path))
    # an earlier version's module (removed by the build) and another kernel's (kept)
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path))
    path = EXACT_AHEAD.module_path()
    path.parent.mkdir(parents=True)
    suffix = path.name.split(".", 1)[1]
    earlier = path.with_name(f"gridsolve_scan_exact_{'0' * 16}.{suffix}")
    other = path.with_name(f"gridsolve_scan_{'0' * 16}.{suffix}")
    earlier.write_text("")
    other.write_text("")
    first = subprocess.run([sys.executable, "-c", AHEAD_SCRIPT], env=env, capture_output=True, text=True,
                           check=True).stdout.split()
    assert first == ["solved", "False"]
    until = time.monotonic() + 120
    while list(tmp_path.rglob("*.building")) and time.monotonic() < until:
        time.sleep(0.2)
    assert len(list(tmp_path.rglob("gridsolve_scan_exact_*.so"))) == 1
    assert not earlier.exists() and other.exists()
    second = subprocess.run([sys.executable, "-c", AHEAD_SCRIPT], env=env, capture_output=True, text=True,
                            check=True).stdout.split()
    assert second == ["solved", "True"]
    off = subprocess.run([sys.executable, "-c", AHEAD_SCRIPT], env={**env, "GRIDSOLVE_AHEAD": "0"},
                         capture_output=True, text=True, check=True).stdout.split()
    assert off == ["solved", "False"]


def test_the_plain_tables_are_the_arrays_as_lists():
    # the interpreted route's tables (no numpy) and the compiled route's hold the same entries
    from gridsolve.native_rules.edgematching.tables import build

    puzzle, planted, _ = make("e2", 5, 6, 5, True, seed=3)
    hinted = puzzle.with_changes(hints=[(*divmod(8, 6), *planted.placements[8])])
    for p in (puzzle, hinted):
        plain, arrays = build(p, order=4, plain=True), build(p, order=4)
        assert plain.plain and not arrays.plain
        for name in ("base", "up", "left", "fixed", "tpiece", "tbot", "tbotc", "trgt", "toid", "lo", "exact",
                     "broken", "broken2", "rotations", "used"):
            assert getattr(plain, name) == getattr(arrays, name).tolist(), name
        assert [list(o) for o in plain.orient] == arrays.orient.tolist()


def test_a_small_boards_solve_imports_neither_numpy_nor_numba(tmp_path):
    # the default backend's first board on plain lists: its tables built in plain Python, its
    # scan interpreted (``scan.INTERPRETED``), so the job loads neither library
    script = ("import sys\nfrom gridsolve.cli.main import main\n"
              "sys.argv = ['gridsolve', 'solve', sys.argv[1]]\n"
              "try:\n    main()\nexcept SystemExit:\n    pass\n"
              "print('numpy' in sys.modules, 'numba' in sys.modules, file=sys.stderr)")
    env = dict(os.environ, NUMBA_CACHE_DIR=str(tmp_path))
    p = subprocess.run([sys.executable, "-c", script, E2_5], capture_output=True, text=True, env=env,
                       timeout=300, stdin=subprocess.DEVNULL)
    assert p.returncode == 0, p.stderr
    assert "backtrack-table solved" in p.stdout + p.stderr
    assert p.stderr.strip().splitlines()[-1] == "False False"


def test_a_failed_background_build_leaves_its_error_and_is_not_started_again(tmp_path):
    # no C compiler (CC a program that fails): the build leaves its error, drops its lock, and the
    # next process goes on interpreted without starting another build
    import time

    env = dict(os.environ, NUMBA_CACHE_DIR=str(tmp_path), CC="/bin/false")
    for _ in range(2):
        out = subprocess.run([sys.executable, "-c", AHEAD_SCRIPT], env=env, capture_output=True, text=True,
                             check=True).stdout.split()
        assert out == ["solved", "False"]
        started = list(tmp_path.rglob("*.building"))
        until = time.monotonic() + 120
        while list(tmp_path.rglob("*.building")) and time.monotonic() < until:
            time.sleep(0.2)
        failed = list(tmp_path.rglob("gridsolve_scan_exact_*.failed"))
        assert len(failed) == 1 and "Error" in failed[0].read_text()
        assert not list(tmp_path.rglob("gridsolve_scan_exact_*.so"))
    assert not started  # the second process started no build


def test_the_build_command_make_runs_never_fails_the_install(tmp_path):
    # `make` runs it after the install: without a C compiler it notes why and exits 0, its lock
    # released; it builds only gridsolve's own declarations
    env = dict(os.environ, NUMBA_CACHE_DIR=str(tmp_path), CC="/bin/false")
    build = [sys.executable, "-m", "gridsolve.native_rules.ahead"]
    done = subprocess.run([*build, "gridsolve.native_rules.edgematching.scan", "EXACT_AHEAD"], env=env,
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert len(list(tmp_path.rglob("gridsolve_scan_exact_*.failed"))) == 1
    assert not list(tmp_path.rglob("*.building")) and not list(tmp_path.rglob("*.so"))
    refused = subprocess.run([*build, "os.path", "sep"], env=env, capture_output=True, text=True)
    assert refused.returncode != 0 and "not a gridsolve module" in refused.stderr
