"""The port of the labyrinth author's rules (native_rules.hamiltonian: walker, rules, border,
imbalance, engine, drivers, audit, replay) and its commands.

Soundness is checked exactly: the rule-pruned keep-left enumeration must count every path (5x5:
104, 7x7: 111 712 -- a lower number means a rule forbade a move that can be completed), and short
oracle audits of random 9x9 / 11x11 walks must find no unsound step (the 10 000-walk versions are
the ``labyrinth-audit`` benchmark)."""

from __future__ import annotations

import numpy as np
import pytest
from gridsolve.cli.main import app
from gridsolve.harness import labyrinth as lab
from gridsolve.native_rules.hamiltonian.cascade import walker as wk
from gridsolve.native_rules.hamiltonian.cascade.area import (
    AREA_CORNER,
    AREA_LEAK,
    AREA_OK,
    cells,
    count_area,
    later_range,
    now_range,
)
from gridsolve.native_rules.hamiltonian.cascade.engine import GROUPS, UNIVERSAL, parse_rules
from gridsolve.native_rules.hamiltonian.cascade.imbalance import straight_ranges
from gridsolve.native_rules.hamiltonian.tools.audit import Stepper, audit_walks
from gridsolve.native_rules.hamiltonian.tools.drivers import enumerate_keep_left, random_walk, walk_stats
from gridsolve.native_rules.hamiltonian.tools.oracle import completable_moves
from gridsolve.native_rules.hamiltonian.tools.replay import replay_state
from gridsolve.puzzles.formats.hamiltonian import parse_fodor_state
from typer.testing import CliRunner

from ..helpers import assert_one_line_error, at_walk, completable, gridsolve, shared, walk_cells

# ---------------------------------------------------------------- walker and frames


def test_frame_of_the_live_end_and_relative_cells():
    board = wk.board_from_path(5, walk_cells("RD"))  # at (2,2), last move down
    f = wk.live_frame(board)
    assert f == (2, 2, 0, 1, 1, 0)  # s = down, the walker's left = +x (screen right)
    assert wk.rel(f, 1, 0) == (3, 2) and wk.rel(f, 0, 1) == (2, 3) and wk.rel(f, -1, 0) == (1, 2)
    assert wk.rel(wk.mirror(f), 1, 0) == (1, 2)
    assert wk.turn_right(f)[2:4] == (-1, 0)  # straight := the walker's right
    assert wk.turn_left(f)[2:4] == (1, 0)  # straight := the walker's left
    assert wk.turn_around(f)[2:] == (0, -1, -1, 0)


def test_predicates_taken_border_index_and_beyond_the_ring():
    board = wk.board_from_path(5, walk_cells("RD"))
    f = wk.live_frame(board)  # at (2,2) facing down
    assert wk.T(board, f, 0, -1) and wk.idx(board, f, 0, -1) == 1  # (2,1)
    assert wk.idx(board, f, -1, -1) == 0  # (1,1), the start
    assert wk.B(board, f, -2, 0) and wk.TB(board, f, -2, 0)  # (0,2) is the ring
    assert wk.B(board, f, -3, 0)  # beyond the ring counts as border (documented decision)
    assert wk.E(board, f, 1, 0) and wk.idx(board, f, 1, 0) == -1
    assert wk.border_index(board, f, -2, 0) == 2
    assert not wk.corner(board, f, 0, 1) and wk.corner(board, f, 3, 3)  # (5,5)


def test_new_board_has_the_start_and_the_start_faces_down():
    board = wk.new_board(7)
    assert wk.path_cells(board) == [(1, 1)] and wk.last_direction(board) == 0
    st, cands, allowed, _ = at_walk(7, "")
    assert cands == "DR" and allowed == "DR"  # the author's first token: 0,1
    assert st.live() == (1, 1)


# ---------------------------------------------------------------- single rules at known boards

# (n, walk, candidates, possible, {forbidden: rule}) -- boards where exactly one rule fires
# (found by random walks and frozen here); every forbidden move must be dead (checked below)
CASES = [
    (7, "RD", "DLR", "L", {"D": "C-shape", "R": "C-shape"}),
    (7, "DDRRRU", "URL", "L", {"U": "near border", "R": "near border"}),
    (7, "RRRRDDDLLL", "LUD", "U", {"L": "near border", "D": "near border"}),  # (c), heading west
    (7, "RRRDDDR", "RDU", "U", {"R": "area near border", "D": "area near border"}),
    (9, "RRRDDDDL", "LUD", "U", {"L": "area near border", "D": "area near border"}),
    (7, "DDDDRRRUUUL", "LUD", "D", {"L": "close straight", "U": "close straight"}),
    (7, "RRRRRDDDDDLLUUU", "URL", "R", {"U": "close straight", "L": "close straight"}),
    (7, "RRDRURDDDDDLULLU", "URL", "R", {"U": "close mid-across", "L": "close mid-across"}),
    (7, "DRURRRDDDL", "LUD", "U", {"L": "close across", "D": "close across"}),
    (7, "RDLDRRUURRRRDDDDL", "LUD", "U", {"L": "far area", "D": "far area"}),
    (7, "RRRRRRDDDLLLDLUUR", "RU", "R", {"U": "side close"}),
    (9, "RRDRURRRDDDDDLLLLLUR", "RU", "R", {"U": "side far"}),
    (7, "RDLDRDLDRRUR", "RDU", "RD", {"U": "straight area"}),
    (9, "RRRDDRDRDD", "DLR", "DR", {"L": "straight area"}),
    (9, "DDRRULURRDDDLLLDDDDDRURDRURDRURDRUUUUL", "LUD", "LD", {"U": "left/right area up big"}),
]


@pytest.mark.parametrize(("n", "moves", "cands", "allowed", "why"), CASES,
                         ids=[f"{c[4][next(iter(c[4]))]}-{c[1]}" for c in CASES])
def test_rule_fires_as_specified_and_forbids_only_dead_moves(n, moves, cands, allowed, why):
    _, c, a, w = at_walk(n, moves)
    assert (c, a, w) == (cands, allowed, why)
    good = completable(n, moves)
    assert not set(why) & set(good), f"forbade a completable move: {why} vs {good}"


def test_c_shape_straight_ahead_forbids_only_the_side_away_from_its_opening():
    # the straight cell (3,2) is walled by (3,1) and (2,2): "forbid S and R" read in the rotated
    # frame (j = 1) names the real right and back -- the left stays allowed although it kills
    # (3,2). Reproduced as specified. It never matters on a board that can still be completed:
    # stepping into (3,2) closes a loop through (2,2) that separates the empty left cell from
    # (4,2), the only way on, so such a board is already dead (no move at all can be completed)
    moves = "DRURRRRRDDDDLLLLUU"
    _, cands, allowed, why = at_walk(7, moves)
    assert (cands, allowed, why) == ("URL", "UL", {"R": "C-shape"})
    assert completable(7, moves) == ""


def test_c_shape_excludes_the_end_corner():
    # at (4,5) of 5x5 going right: (5,5) is walled like a C-shape (by the ring and (5,4)), but it
    # is the end corner: no C-shape; the step there is refused by the border rule (c) instead
    moves = "RRRRDDDLLLLDRRR"
    assert walk_cells(moves)[-1] == (4, 5)
    _, cands, allowed, why = at_walk(5, moves)
    assert "C-shape" not in why.values()


def test_rules_run_only_with_two_or_more_candidates():
    _, cands, allowed, why = at_walk(5, "DDDDRRRRUUUULLL")  # at (2,1): only (2,2) is free
    assert len(cands) == 1 and allowed == cands and why == {}


def test_every_group_alone_is_sound_on_5x5():
    for name, bits in GROUPS.items():
        r = enumerate_keep_left(5, bits)
        assert r.walkthroughs == 104 and r.exhausted, name


# ---------------------------------------------------------------- area engine


def test_count_area_floods_counts_colours_and_refuses_open_or_leaking_areas():
    board = wk.board_from_path(5, walk_cells("RRRRDLLL"))  # row 1, then row 2 back to (2,2)
    # the cell (1,2) alone: walled by (1,1), (2,2), the ring; outside its gate: (1,3)
    st, size, black, white = count_area(board, cells((1, 2)), cells((1, 3)), cells((1, 2)), 1)
    assert (st, size, black, white) == (AREA_OK, 1, 1, 0)  # (1+2) % 2 == 1: "black"
    # everything below row 2 reaches the end corner: not enclosed
    st, *_ = count_area(board, cells((1, 3)), cells((1, 2)), cells((1, 3)), 0)
    assert st == AREA_CORNER
    # a gate that does not close the area: it touches the blocked cell elsewhere
    board = wk.board_from_path(7, walk_cells("RRRRRRDLLLLL"))
    st, *_ = count_area(board, cells((3, 3)), cells((3, 4), (4, 3)), cells((9, 9)), 0)
    assert st in (AREA_LEAK, AREA_CORNER)


def test_line_count_ranges():
    # later: two white doors and one black door -> at most one white-white line, no black-black
    assert later_range(2, 0, 1, 0) == (0, 1)
    assert later_range(0, 0, 0, 0) == (1, 0)  # no door: the area cannot be entered later
    # a white corner door (two outside neighbours) makes a line by itself
    assert later_range(0, 1, 0, 0) == (0, 1)
    # entering now on white with one black door left: white-black line only
    assert now_range(0, 0, 1, 0, True, 0) == (0, 0)
    # entering now with no door and no way out of the entry cell: impossible (empty range)
    lo, hi = now_range(0, 0, 0, 0, True, 0)
    assert lo > hi


def test_straight_table_is_the_spec_table():
    # (now W, now B, now-left W, now-left B, later W, later B) by ex % 4, spec 3.4
    assert straight_ranges(2) == (0, 0, 1, 0, 0, 0)
    assert straight_ranges(3) == (1, 0, 1, -1, 1, 0)
    assert straight_ranges(4) == (1, 0, 1, 0, 1, 1)
    assert straight_ranges(5) == (2, 0, 2, 0, 1, 0)
    assert straight_ranges(6) == (2, 1, 2, 1, 1, 1)
    assert straight_ranges(7) == (2, 1, 2, 0, 2, 1)
    assert straight_ranges(9) == (3, 1, 3, 1, 2, 1)


def test_parse_rules():
    assert parse_rules("universal") == UNIVERSAL and parse_rules("none") == 0
    assert parse_rules("c-shape,near-border") == GROUPS["c-shape"] | GROUPS["near-border"]
    assert parse_rules("universal,-corner-big") == UNIVERSAL & ~GROUPS["corner-big"]
    with pytest.raises(ValueError, match="unknown rule set or group 'x'"):
        parse_rules("x")


# ---------------------------------------------------------------- drivers: soundness, numbering


def test_keep_left_counts_every_walkthrough_3x3_5x5_and_7x7():
    assert enumerate_keep_left(3).walkthroughs == 2
    r5 = enumerate_keep_left(5)
    assert (r5.walkthroughs, r5.first_half, r5.exhausted) == (104, 52, True)
    assert (r5.no_option, r5.stuck, r5.corner_early) == (0, 0, 0)  # 5x5: the rules are complete
    r7 = enumerate_keep_left(7)
    assert (r7.walkthroughs, r7.first_half, r7.exhausted) == (111_712, 55_856, True)
    plain = enumerate_keep_left(5, 0)
    assert plain.walkthroughs == 104 and plain.nodes > 20 * r5.nodes  # the rules prune


def test_walkthroughs_are_numbered_keep_left():
    r = enumerate_keep_left(5, keep_paths=True, max_walks=3)
    first = r.paths[0]
    assert first[:2] == [(1, 1), (2, 1)]  # keep left: the first step goes right
    assert len(r.paths) == 3 and len(set(map(tuple, r.paths))) == 3
    # keep left: at every step the path takes the leftmost possible move
    st = Stepper(5)
    for cell in first[1:]:
        _, allowed, _ = st.step()
        x, y = st.live()
        moves = {st.neighbour(d): d for d in allowed}
        _, _, sx, sy, lx, ly = wk.live_frame(st.board)
        order = [(x + lx, y + ly), (x + sx, y + sy), (x - lx, y - ly)]
        assert cell == next(c for c in order if c in moves)
        st.move(moves[cell])
    half = enumerate_keep_left(5, half_only=True)
    assert half.walkthroughs == 52


def test_random_walks_and_stats_are_reproducible():
    a = random_walk(9, seed=5)
    assert a == random_walk(9, seed=5)
    s1 = walk_stats(9, 20, seed=3)
    s2 = walk_stats(9, 20, seed=3)
    assert s1.results == s2.results and s1.mean > 1
    assert sum(s1.errors.values()) == 20 and s1.capped == 0


@pytest.mark.parametrize(("n", "walks"), [(9, 40), (11, 15)])
def test_audit_finds_no_unsound_step(n, walks):
    rep = lab.audit(n, walks, seed=11)
    assert rep.walks == walks and rep.checked > 20 * walks
    assert rep.unsound == 0, [f.state for f in rep.findings if f.kind == "unsound"]
    assert rep.exact + rep.dead_allowed == rep.checked


def test_audit_reports_unsound_rules_with_the_board():
    # an oracle that calls every candidate completable makes every forbidden move "unsound"
    def everything(puzzle):
        return {n for n in puzzle.neighbours(puzzle.live_end) if n not in puzzle.walked()}

    rep = audit_walks(7, 3, everything, seed=1)
    assert rep.unsound > 0 and rep.unsound_by_rule
    f = next(f for f in rep.findings if f.kind == "unsound")
    state = parse_fodor_state(f.state)
    assert state.size == 7 and len(state.path) == f.step + 1


def test_saved_walk_round_trips_through_the_authors_format():
    rep, walks = lab.walks(7, 3, seed=2)
    for w in walks:
        state = parse_fodor_state(w.state())
        assert [(c[1] + 1, c[0] + 1) for c in state.path] == w.cells
        assert list(state.options[1:]) + ([state.current] if state.current is not None else []) \
            == w.options[1:]


# ---------------------------------------------------------------- replay of the author's states


def test_replay_of_a_saved_state_agrees_step_by_step():
    st = parse_fodor_state("5|1-1,1;0,1-2,1;1,0-3,1;1,0-3,2;0,3,1-2,2;3-1,2;0-1,3;0,1-2,3;1,0-3,3;1,0")
    rep = replay_state(st, "2023_0730", oracle=completable_moves)
    assert rep.agree and rep.steps == 8 and rep.off_options == 0


def test_replay_of_the_saved_5_7_9_states_never_finds_the_port_forbidding_a_completable_move():
    folder = shared("hamiltonian", "fodor-states")
    reps = lab.replay_paths([str(folder)], {5, 7, 9})
    assert len(reps) == 28 + 42 + 135 and not any(r.error for r in reps)
    for r in reps:
        for d in r.diffs:
            for move, ok in d.verdict.items():
                assert not (ok and move not in d.ours), (r.name, d)
    agree = sum(r.agree for r in reps)
    assert agree > len(reps) // 2


# ---------------------------------------------------------------- commands


runner = CliRunner()


def test_walk_command_draws_and_saves(tmp_path):
    r = runner.invoke(app, ["walk", "--size", "7", "--seed", "1", "--svg", str(tmp_path / "w.svg"),
                            "--save-state", str(tmp_path / "w.txt")])
    assert r.exit_code in (0, 1), r.output
    assert "walk 7x7 seed 1 rules control,large" in r.output  # the default rule set
    assert (tmp_path / "w.svg").read_text().startswith("<svg")
    assert parse_fodor_state((tmp_path / "w.txt").read_text()).size == 7


def test_walk_audit_and_stats_and_enumerate_commands():
    r = runner.invoke(app, ["walk", "--size", "9", "--walks", "5", "--seed", "4", "--audit"])
    assert "0 unsound" in r.output, r.output
    r = runner.invoke(app, ["walk-stats", "--sizes", "9,11,...,13", "--attempts", "5", "--max-walks", "40",
                            "--no-progress"])
    assert r.exit_code == 0 and r.output.count("\n") == 4 and " 19.5" in r.output, r.output
    assert "5 capped at 40" in r.output  # the control set never errs on 9x9
    r = runner.invoke(app, ["enumerate", "--size", "5"])
    assert r.exit_code == 0 and "104 walkthroughs" in r.output and "equal" in r.output, r.output
    r = runner.invoke(app, ["enumerate", "--size", "5", "--rules", "c-shape", "--format", "json"])
    assert r.exit_code == 0 and '"walkthroughs": 104' in r.output


def test_replay_command():
    folder = shared("hamiltonian", "fodor-states")
    r = runner.invoke(app, ["replay", str(folder / "2023_0730.txt"), str(folder / "7_65.txt")])
    assert r.exit_code == 0 and "2023_0730.txt (5x5)" in r.output and "7_65.txt (7x7)" in r.output


@pytest.mark.parametrize(("args", "fragment"), [
    (["walk", "--size", "1"], "--size"), (["walk", "--size", "7", "--rules", "nope"], "'nope'"),
    (["walk-stats", "--sizes", "9,...", "--attempts", "1"], "--sizes"),
    (["enumerate", "--size", "5", "--limit", "0"], "--limit"),
    (["replay", "/nonexistent/state.txt"], "no such file"),
    (["solve", "hamiltonian", "--size", "5", "-b", "rules-dfs", "-O", "rules=x"], "unknown rule set"),
])
def test_bad_usage_is_one_line_exit_2(args, fragment):
    assert_one_line_error(gridsolve(*args), 2, fragment)


def test_board_arrays_are_int():
    board = wk.new_board(5)
    assert board[0].dtype == np.int32 and board[1][wk.M_N] == 5


def test_replay_judges_large_boards_move_by_move_with_sat():
    folder = shared("hamiltonian", "fodor-states")
    [rep] = lab.replay_paths([str(folder / "2023_1022_3.txt")], {11}, UNIVERSAL, oracle_max=11,
                             sat_seconds=30)
    assert rep.size == 11 and rep.counts["port stricter"] == 2
    verdicts = [v for d in rep.diffs for v in d.verdict.values()]
    assert verdicts and all(v is False for v in verdicts)  # the port's extra refusals are dead moves


@pytest.mark.parametrize("n, seed", [(5, 3), (9, 1), (13, 7)])
def test_interpreted_walks_are_the_compiled_walks(n, seed):
    for compiled in (True, False):
        st = Stepper(n, compiled=compiled)
        rng, trail = np.random.default_rng(seed), []
        while True:
            cands, allowed, why = st.step()
            trail.append((tuple(cands), tuple(allowed), tuple(sorted(why.items()))))
            if not allowed or st.live() == (n, n):
                break
            st.move(int(rng.choice(allowed)))
        if compiled:
            expected = (trail, st.path())
    assert (trail, st.path()) == expected
    assert len(trail) > n  # the walk got somewhere


def test_small_walks_run_interpreted_until_compiling_pays(monkeypatch):
    from gridsolve.native_rules.hamiltonian.tools import audit

    monkeypatch.setattr(audit, "cached", lambda f: False)  # a fresh install: nothing compiled yet
    assert not audit.compile_pays(9, 5)
    assert audit.compile_pays(21, 50)
    monkeypatch.setattr(audit, "cached", lambda f: True)
    assert audit.compile_pays(9, 5)



def test_the_default_rules_are_the_fullest_audited_set():
    from gridsolve.cli import labyrinth as cli_lab
    from gridsolve.harness.labyrinth_hint import labyrinth_hint
    from gridsolve.native_rules.hamiltonian.cascade.engine import CONTROL, DEFAULT, DEFAULT_RULES, LARGE

    assert DEFAULT == CONTROL | LARGE == parse_rules(DEFAULT_RULES) == parse_rules(cli_lab.DEFAULT_RULES)
    assert lab.DEFAULT == DEFAULT and labyrinth_hint.__defaults__ == (DEFAULT,)
    # the command line says how to get the book's and the control set
    r = runner.invoke(app, ["walk", "--help"], terminal_width=200)
    assert "control,large" in r.output and "universal or book (the book's)" in r.output
    assert parse_rules("book") == parse_rules("universal")
    assert "control (the author's 9x9 set)" in r.output
