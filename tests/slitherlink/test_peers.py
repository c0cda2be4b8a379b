"""The race against Tatham's Loopy (benchmarks/slitherlink_peers.py): puzzles reach Loopy as the
same puzzles, the report's table computes what it says, and the benchmark skips cleanly without
the peer. With ``$GRIDSOLVE_PUZZLES_SRC`` (the puzzles source) or ``$GRIDSOLVE_LOOPY_SOLVER`` (a
built loopysolver) set, a tiny live race runs too."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from gridsolve.puzzles.formats import Entry, read, write
from gridsolve.puzzles.formats.slitherlink import from_id
from gridsolve.puzzles.solving import SolveResult, Status

from benchmarks import common
from benchmarks import slitherlink_peers as peers
from benchmarks.peers import loopy

from ..helpers import shared

# from Loopy's generator (10x10, Normal and Hard), and a 5x4 with long runs of empty faces
IDS = [
    "10x10t0:c22e32c3a221d12b3a321d2a1a233a1a0a31c22112a2a1c2e32a3b22d2a0a1c23a333a3",
    "10x10t0:2c2a1b32a122b3f13122312312a22a13b3c2g2a21b1a1c2a3c3c2a1131a00a3a23c2a1a1a",
    "5x4t0:3q2a",
]


@pytest.mark.parametrize("game_id", IDS)
def test_loopy_ids_round_trip_through_our_reader_and_writer(game_id):
    puzzle = from_id(game_id)
    assert write("loopy", puzzle) == game_id
    assert from_id(write("loopy", puzzle)) == puzzle


def test_janko_puzzles_reach_loopy_unchanged():
    entries = read(str(shared("slitherlink", "janko-puzzlekit.json")))[:200]
    items, skipped = peers.as_items("janko", entries)
    assert len(items) + len(skipped) == len(entries) and items
    for it in items:
        assert from_id(it.game_id) == it.puzzle, it.id


def test_puzzles_loopy_cannot_hold_are_left_out_by_name():
    good = Entry(id="good", kind="slitherlink", puzzle=from_id(IDS[2]))
    bad = Entry(id="bad", kind="slitherlink", error="unreadable")
    items, skipped = peers.as_items("x", [good, bad])
    assert [it.id for it in items] == ["good"] and skipped == ["bad (unreadable)"]


def test_ids_two_files_share_get_their_folder_in_front():
    same = [Entry(id="p", kind="slitherlink", puzzle=from_id(IDS[2]), source=f"/x/{d}/p.clp") for d in "NH"]
    other = Entry(id="q", kind="slitherlink", puzzle=from_id(IDS[2]), source="/x/N/q.clp")
    items, _ = peers.as_items("x", [*same, other])
    assert [it.id for it in items] == ["N/p", "H/p", "q"]


def test_spread_takes_the_smallest_the_largest_and_between():
    sizes = {"p9": "3x3t0:i", "p25": "5x5t0:y", "p16": "4x4t0:p", "p24": "6x4t0:x"}
    items = [peers.Item("c", pid, from_id(gid), None, gid) for pid, gid in sizes.items()]
    assert [it.id for it in peers.spread(items, 2)] == ["p9", "p25"]
    assert [it.id for it in peers.spread(items, 3)] == ["p9", "p24", "p25"]
    assert [it.id for it in peers.spread(items, 0)] == ["p9", "p16", "p24", "p25"]
    assert len(peers.spread(items, 9)) == 4


def _rows(times: dict[str, dict[str, tuple[str, float | None, float | None]]]) -> list[dict]:
    """Fake race rows: solver -> puzzle -> (verdict, in-process s, whole-process s)."""
    out = []
    for solver, per in times.items():
        for pid, (verdict, secs, proc) in per.items():
            out.append({"corpus": "c", "id": pid, "size": "5x5", "solver": solver, "verdict": verdict,
                        "loopy_tier": "Easy" if solver == peers.LOOPY and verdict == "solved" else "",
                        "unique": verdict == "solved" or None, "seconds": secs, "process_seconds": proc,
                        "process_verdict": "", "note": ""})
    return out


FAKE = _rows({
    "sat": {"a": ("solved", 0.02, 0.4), "b": ("solved", 0.06, None), "c": ("solved", 0.5, None)},
    "rules": {"a": ("solved", 0.001, 0.3), "b": ("stuck", 0.002, None), "c": ("stuck", 0.004, None)},
    peers.LOOPY: {"a": ("solved", 0.001, 0.002), "b": ("solved", 0.002, None), "c": ("gaveup", 0.003, None)},
})


def test_corpus_table_ratios_are_per_puzzle_over_what_loopy_solves():
    rows = peers.corpus_table(FAKE, ["sat", "rules", peers.LOOPY])
    table = {row[0]: dict(zip(peers.TABLE_HEADER, row, strict=True)) for row in rows}
    sat, rules, lp = table["sat"], table["rules"], table[peers.LOOPY]
    assert (sat["puzzles"], sat["solved"], sat["unique proved"]) == (3, 3, 3)
    assert (sat["in-process median s"], sat["in-process max s"]) == ("0.0600", "0.5000")
    # ratios 20 (a) and 30 (b); c is left out: Loopy gave up on it
    assert sat["in-process ratio to Loopy: median [range] (n)"] == "25.00 [20.00-30.00] (2)"
    assert sat["whole-process ratio to Loopy"] == "200.00 [200.00-200.00] (1)"
    assert sat["solved of Loopy's give-ups"] == "1/1"
    assert rules["solved"] == 1
    assert rules["in-process ratio to Loopy: median [range] (n)"] == "1.00 [1.00-1.00] (1)"
    assert rules["solved of Loopy's give-ups"] == "0/1"
    assert (lp["solved"], lp["in-process median s"], lp["in-process max s"]) == (2, "0.0015", "0.0020")
    assert peers.tier_counts(FAKE) == "Easy 2, Normal 0, Tricky 0, Hard 0, gave up 1"
    assert "on the 2 puzzles Loopy solves" in peers.same_puzzles(FAKE, ["sat", "rules", peers.LOOPY])
    assert peers.same_puzzles(FAKE, ["sat", "rules", peers.LOOPY]).endswith(
        "sat 0.04000 s (2), rules 0.00100 s (1), loopy 0.00150 s (2).\n")


def test_disagreements_name_wrong_solutions_and_contradicted_loopy_solves():
    rows = _rows({"sat": {"a": ("not unique", 0.1, None), "b": ("differs from given", 0.1, None)},
                  "rules": {"a": ("stuck", 0.1, None)},
                  peers.LOOPY: {"a": ("solved", 0.1, None), "b": ("gaveup", 0.1, None)}})
    found = peers.disagreements(rows, complete={"sat"})
    assert found == ["c a sat: not unique", "c b sat: differs from given"]
    assert peers.disagreements(FAKE, complete={"sat"}) == []


def test_gridsolve_verdict():
    p = from_id(IDS[2])
    sol = object()
    assert peers.gridsolve_verdict(SolveResult("sat", Status.SOLVED, (sol,), True), None) == "solved"
    assert peers.gridsolve_verdict(SolveResult("sat", Status.SOLVED, (sol,), True), sol) == "solved"
    assert peers.gridsolve_verdict(SolveResult("sat", Status.SOLVED, (sol,), True), p) == "differs from given"
    assert peers.gridsolve_verdict(SolveResult("sat", Status.SOLVED, (sol, p)), None) == "not unique"
    assert peers.gridsolve_verdict(SolveResult("rules", Status.STUCK), None) == "stuck"
    assert peers.gridsolve_verdict(SolveResult("sat", Status.ERROR, error="x"), None) == "error"


def test_backends_not_registered_are_skipped_with_a_note():
    found, notes = peers.choose_backends("sat,no-such-backend")
    assert [b.name for b in found] == ["sat"]
    assert notes == ["Backend `no-such-backend` is not registered here: skipped."]


@pytest.mark.parametrize("argv, why", [
    ([], "no peer given"),
    (["--loopy-solver", "/nonexistent/loopysolver"], "no such file"),
    (["--puzzles-src", "/nonexistent"], "not the puzzles source"),
])
def test_without_the_peer_the_benchmark_skips_cleanly_and_says_how(argv, why, monkeypatch, capsys, tmp_path):
    monkeypatch.delenv("GRIDSOLVE_LOOPY_SOLVER", raising=False)
    monkeypatch.delenv("GRIDSOLVE_PUZZLES_SRC", raising=False)
    monkeypatch.setattr(common, "RESULTS", tmp_path)
    assert peers.main(argv) == 0
    out = capsys.readouterr().out
    assert "slitherlink-peers skipped" in out and why in out
    assert "loopysolver" in out and "STANDALONE_SOLVER" in out  # how to build it
    assert not list(tmp_path.iterdir())


def test_a_driver_that_dies_gives_an_error_verdict_and_is_restarted(tmp_path):
    fake = tmp_path / "fake_timer"
    fake.write_text("#!/bin/sh\nread line\n[ \"$line\" = die ] && exit 3\nprintf 'solved\\tEasy\\t0.5\\n'\n")
    fake.chmod(0o755)
    with loopy.Timer(fake, rounds=1) as timer:
        assert timer.solve("die") == loopy.Solve("error:loopy_timer exit 3", "", ())
        assert timer.solve("3x3t0:i") == loopy.Solve("solved", "Easy", (0.5,))


def test_common_sources_follow_the_collections_cmakelists(tmp_path):
    (tmp_path / "CMakeLists.txt").write_text(
        "add_library(core_obj OBJECT\n  dsf.c grid.c\n  ${platform_common_sources})\n"
        "add_library(common STATIC $<TARGET_OBJECTS:core_obj> hat.c)\n")
    for f in ("dsf.c", "grid.c", "hat.c"):
        (tmp_path / f).write_text("")
    assert loopy.common_sources(tmp_path) == ["dsf.c", "grid.c", "hat.c"]
    assert loopy.params(7, 10, "Tricky") == "10x7t0dt"


# ---------------------------------------------------------------- live, with the peer

SRC = os.environ.get("GRIDSOLVE_PUZZLES_SRC")
SOLVER = os.environ.get("GRIDSOLVE_LOOPY_SOLVER")
needs_src = pytest.mark.skipif(not SRC, reason="set GRIDSOLVE_PUZZLES_SRC to the puzzles source")
needs_peer = pytest.mark.skipif(not (SRC or SOLVER),
                                reason="set GRIDSOLVE_PUZZLES_SRC or GRIDSOLVE_LOOPY_SOLVER")


@pytest.fixture(scope="module")
def tools(tmp_path_factory):
    return loopy.build(Path(SRC), tmp_path_factory.mktemp("loopy"))


@needs_src
def test_the_driver_grades_loopys_own_puzzles_at_their_tier(tools):
    with loopy.Timer(tools.timer, rounds=2) as timer:
        for tier in loopy.TIERS:
            for game_id, seconds in loopy.generate(tools.timer, loopy.params(5, 5, tier), 2, "test"):
                s = timer.solve(game_id)
                assert (s.verdict, s.tier, len(s.seconds)) == ("solved", tier, 2), game_id
                assert seconds > 0 and all(t > 0 for t in s.seconds)
                assert loopy.whole_process(tools.solver, game_id)[1] == "solved"
        assert timer.solve("5x5t0:zzz").verdict.startswith("invalid:")


@needs_peer
def test_a_tiny_live_race(monkeypatch, tmp_path, capsys):
    shared("slitherlink", "janko-puzzlekit.json")
    monkeypatch.setattr(common, "RESULTS", tmp_path)
    argv = ["--backends", "sat", "--corpora", "janko,loopy", "--limit", "3", "--rounds", "1",
            "--process-limit", "1", "--build-dir", str(tmp_path / "build")]
    assert peers.main(argv) == 0
    report = (tmp_path / "slitherlink_peers.md").read_text()
    assert "## janko" in report and "| sat | 3 | 3 | 3 |" in report
    rows = (tmp_path / "slitherlink_peers.csv").read_text().splitlines()
    assert sum(",loopy," in r for r in rows) == (3 + 4 * 3 if SRC else 1)


def test_the_tier_table_counts_the_engine_s_tiers_per_loopy_grade():
    from benchmarks.slitherlink_peers import LOOPY, SOLVED, tier_tables

    rows = [{"corpus": "loopy-easy", "id": i, "solver": LOOPY, "verdict": v, "loopy_tier": t}
            for i, v, t in (("a", SOLVED, "Easy"), ("b", SOLVED, "Easy"), ("c", "gave up", ""))]
    table = tier_tables(rows, {("loopy-easy", "a"): "counting", ("loopy-easy", "b"): "counting",
                               ("loopy-easy", "c"): "probing-1"})
    assert "| Loopy | counting | probing-1 |" in table
    assert "| Easy | 2 | 0 |" in table and "| gave up | 0 | 1 |" in table
