"""The keep-left enumeration as the book runs it (``drivers.enumerate_keep_left``, ``gridsolve
enumerate``): the control set counts every path (5x5 here; 7x7 in test_labyrinth_rules.py), the
kernel stops at a walkthrough limit and at the half, a run resumes from its saved position with
the same counts as an uninterrupted one, and dead ends come back with their board in the author's
format. The 10^7-walkthrough 9x9 run is the ``labyrinth-enumerate --left-half 9`` benchmark."""

from __future__ import annotations

import json

import pytest
from gridsolve.cli.main import app
from gridsolve.harness import labyrinth as lab
from gridsolve.native_rules.hamiltonian.cascade.engine import CONTROL, UNIVERSAL
from gridsolve.native_rules.hamiltonian.tools.drivers import KeepLeft, enumerate_keep_left, walk_stats
from gridsolve.puzzles.formats.hamiltonian import FodorState, parse_fodor_state
from typer.testing import CliRunner

from ..helpers import assert_one_line_error, gridsolve

runner = CliRunner()


def test_control_keep_left_counts_every_path_on_5x5():
    r = enumerate_keep_left(5, CONTROL)
    assert r.walkthroughs == lab.exact_count(5) == 104 and r.exhausted
    assert (r.first_half, r.no_option, r.stuck, r.corner_early) == (52, 0, 0, 0)


def test_limit_and_half_stop_inside_the_kernel():
    listed = enumerate_keep_left(7, CONTROL, keep_paths=True, max_walks=700)
    r = enumerate_keep_left(7, CONTROL, max_walks=700)
    assert r.walkthroughs == 700 and not r.exhausted and r.nodes == listed.nodes
    kl = KeepLeft(7, CONTROL)
    kl.run(budget=1 << 40, limit=700)
    assert kl.path() == listed.paths[-1]  # the board holds walkthrough 700 itself
    half = enumerate_keep_left(7, CONTROL, half_only=True)
    assert (half.walkthroughs, half.first_half, half.exhausted) == (55_856, 55_856, False)
    paths = enumerate_keep_left(5, CONTROL, half_only=True, keep_paths=True).paths
    assert len(paths) == 52 and all(p[1] == (2, 1) for p in paths)  # the left half: first step right


def test_a_run_resumes_from_its_state_with_the_same_counts(tmp_path):
    state = tmp_path / "half.json"
    one = enumerate_keep_left(9, CONTROL, half_only=True, max_walks=1500, state=state)
    assert one.walkthroughs == 1500 and json.loads(state.read_text())["counters"][0] == 1500
    two = enumerate_keep_left(9, CONTROL, half_only=True, max_walks=4000, state=state)
    straight = enumerate_keep_left(9, CONTROL, half_only=True, max_walks=4000)
    assert (two.walkthroughs, two.nodes, two.diagnostics) == \
        (straight.walkthroughs, straight.nodes, straight.diagnostics) == (4000, straight.nodes,
                                                                          straight.diagnostics)
    assert two.seconds >= one.seconds
    with pytest.raises(ValueError, match="saved enumeration"):
        enumerate_keep_left(9, UNIVERSAL, max_walks=10, state=state)


def test_dead_ends_come_back_with_their_board_in_the_authors_format():
    seen = []
    r = enumerate_keep_left(9, UNIVERSAL, max_walks=1000,
                            dead_end=lambda cells, kind, before: seen.append((cells, kind, before)))
    assert r.walkthroughs == 1000 and len(seen) == r.no_option + r.stuck + r.corner_early >= 1
    cells, kind, before = seen[0]
    assert (kind, before) == ("no option to move", 464)  # the universal rules' first 9x9 dead end
    state = parse_fodor_state(lab.failure_state(9, UNIVERSAL, cells, kind))
    path = state.path
    assert len(path) == len(cells) and state.current == ()  # no option left at the live end
    # options[i] are those the rules allowed at path[i - 1]: the move made is one of them
    assert all(FodorState.direction(path[i - 1], path[i]) in state.options[i]
               for i in range(1, len(path)))


def test_enumerate_command_left_half_state_and_dead_ends(tmp_path):
    state = tmp_path / "s.json"
    args = ["enumerate", "--size", "9", "--left-half", "--walkthroughs", "2000", "--state", str(state),
            "--rules", "control", "--no-progress", "--format", "json"]
    r = runner.invoke(app, args)
    out = json.loads(r.output)
    assert r.exit_code == 0 and out["walkthroughs"] == 2000 and out["no_option"] == 0, r.output
    assert json.loads(state.read_text())["counters"][0] == 2000
    folder = tmp_path / "dead"
    r = runner.invoke(app, ["enumerate", "--size", "9", "--rules", "universal", "--walkthroughs", "500",
                            "--dead-ends", str(folder), "--no-progress"])
    assert r.exit_code == 1 and "dead end after walkthrough 464 (no option to move)" in r.output
    saved = sorted(folder.iterdir())
    assert saved and parse_fodor_state(saved[0].read_text()).size == 9
    bad = tmp_path / "bad.json"
    bad.write_text("[]")
    assert_one_line_error(gridsolve("enumerate", "--size", "9", "--state", str(bad)), 2, "saved enumeration")


def test_walk_stats_per_error_counts_capped_attempts_and_shows_the_book():
    s = walk_stats(9, 40, seed=4, groups=UNIVERSAL, max_walks=20)
    bad = sum(s.errors.values())
    assert 0 < s.capped < 40 and bad == 40 - s.capped  # some attempts hit the cap, without error
    assert s.per_error == sum(s.results) / bad > s.mean  # the mean counts a capped attempt as its end
    # the control set: an attempt ends at its first error, which the default set makes rare on 13x13
    r = runner.invoke(app, ["walk-stats", "--sizes", "13", "--attempts", "3", "--rules", "control",
                            "--no-progress"])
    head, row = r.output.splitlines()
    assert r.exit_code == 0 and "per error" in head and row.split()[5] == "4000", r.output
