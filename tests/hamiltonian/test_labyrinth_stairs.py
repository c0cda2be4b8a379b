"""The labyrinth author's large-board rules ported so far (``stairs``: the stairs at end concave
straight 3-6 and out 5, DoubleStair, DoubleStairReversed, with the corner discovery, CheckCorner
and close-obstacle helpers of his newer engine):
each fires on the author's own example boards, where the control set allows a dead move, and
forbids exactly that move; an audit of the extended set finds no unsound step."""

from __future__ import annotations

import numpy as np
import pytest
from gridsolve.harness import labyrinth as lab
from gridsolve.native_rules.hamiltonian.cascade.engine import CONTROL, GROUPS, LARGE, parse_rules
from gridsolve.native_rules.hamiltonian.cascade.stairs.corners import (
    CLOSED,
    OPEN_CW,
    closed_corners,
    discover_corners,
)
from gridsolve.native_rules.hamiltonian.cascade.walker import live_frame
from gridsolve.native_rules.hamiltonian.coordinates import to_rc
from gridsolve.native_rules.hamiltonian.tools.audit import Stepper
from gridsolve.puzzles.hamiltonian import HamiltonianPuzzle

from ..helpers import FIXTURES, at_walk, completable, state_moves, walk_cells

# 11 x 11 walks up to the step where a stair rule forbids the dead move that the rest of the port
# allows: the author's saved states named in his code beside the rule (the program that saved them
# allowed the move) and failed walks of the port's own statistics runs (``labyrinth-stats``). One a
# line, tab-separated: label, moves, the rule's group, the dead move, the moves left, a note
STAIR_WALKS = {row[0]: row[1:5] for row in (line.split("\t") for line in
               (FIXTURES / "hamiltonian" / "stair-walks.tsv").read_text().splitlines())}


def test_rule_set_names():
    names = ("concave-straight-3", "concave-straight-4", "concave-straight-5", "concave-straight-6",
             "concave-out-5", "double-stair", "double-stair-reversed",
             "convex-in-2", "convex-in-3", "convex-in-4", "start-straight-3", "start-straight-4",
             "concave-in-5", "remote-mid-across", "convex-straight-3", "convex-straight-4", "convex-out",
             "concave-in", "stair-3x3", "start-in-2", "start-in-3",
             "start-straight-5", "start-out", "concave-out-3", "next-step-double-area",
             "stair-sequence", "straight-later-down", "straight-now-newer", "straight-start-obstacle",
             "area-up-back")
    assert parse_rules("large") == LARGE == parse_rules(",".join(names))
    assert not LARGE & CONTROL and parse_rules("control,large") == CONTROL | LARGE


@pytest.mark.parametrize(("moves", "group", "dead", "good"), list(STAIR_WALKS.values()),
                         ids=list(STAIR_WALKS))
def test_stair_rule_forbids_the_dead_move_of_the_authors_example(moves, group, dead, good):
    assert completable(11, moves) == good
    _, cands, allowed, _ = at_walk(11, moves, CONTROL)
    assert dead in cands and dead in allowed
    _, _, allowed, why = at_walk(11, moves, CONTROL | GROUPS[group])
    assert sorted(allowed) == sorted(good) and dead in why


def _corners(n, moves):
    st = Stepper(n, CONTROL, walk_cells(moves))
    out = np.zeros((4, 64, 2), dtype=np.int64)
    counts = np.zeros(4, dtype=np.int64)
    assert closed_corners(st.board, live_frame(st.board), out, counts)
    return [sorted((int(out[q, k, 0]), int(out[q, k, 1])) for k in range(counts[q])) for q in range(4)]


def test_closed_corners_are_the_stair_steps_seen_from_the_live_end():
    # 2024_0706_1: the live end (8, 6) faces left; up-left (quarter 1: right-ahead) the line makes a
    # stair, its steps at (5, 3) and (4, 4) (right 3 / ahead 3 and right 2 / ahead 4), and the
    # corner (7, 2) of the line 26-27-28 (right 4 / ahead 1)
    assert _corners(11, STAIR_WALKS["2024_0706_1"][0]) == [[], [(2, 4), (3, 3), (4, 1)], [], []]
    # a wall that only turns outwards (the board's corners) has no closed corner
    assert _corners(5, "RRD") == [[], [], [], []]


def test_audit_of_the_extended_set_finds_no_unsound_step():
    rep = lab.audit(11, 12, seed=5, groups=CONTROL | LARGE)
    assert rep.checked > 400 and rep.unsound == 0


# the author's saved states (13 x 13; 2024: 11 x 11, saved before the rule) whose live end his
# code names beside the rule: there his newest program forbids a dead move that the rest of the
# port allows (one a line: name, the rule's group, the dead move, the moves left)
AUTHOR_STATES = [tuple(row.split()) for row in (FIXTURES / "hamiltonian" / "author-states.tsv").read_text()
                 .splitlines()]


@pytest.mark.parametrize(("name", "group", "dead", "good"), AUTHOR_STATES)
def test_convex_and_start_rule_forbids_the_dead_move_of_the_authors_state(name, group, dead, good):
    n, moves = state_moves(name)
    assert dead not in completable(n, moves)
    # his Sequence (run last) catches some of them too -- they were its examples before the stairs
    _, cands, allowed, _ = at_walk(n, moves, CONTROL | LARGE & ~GROUPS[group] & ~GROUPS["stair-sequence"])
    assert dead in cands and dead in allowed
    _, _, allowed, why = at_walk(n, moves, CONTROL | LARGE)
    assert dead not in allowed and "".join(sorted(allowed)) == "".join(sorted(good))
    assert why[dead].startswith("stair at")


def test_remote_stair_forbids_the_dead_moves_of_the_authors_21x21_state():
    # 2026_0519_3: judged by the SAT oracle
    name, group, dead, good = "2026_0519_3", "remote-mid-across", "UL", "R"
    n, moves = state_moves(name)
    cells = walk_cells(moves)
    puzzle = HamiltonianPuzzle.square(n).with_prefix(tuple(to_rc(c) for c in cells))
    x, y = cells[-1]
    judge = lab.sat_judge(60)
    for m in dead:
        dx, dy = {"U": (0, -1), "D": (0, 1), "L": (-1, 0), "R": (1, 0)}[m]
        assert judge(puzzle, to_rc((x + dx, y + dy))) is False
    _, _, allowed, _ = at_walk(n, moves, CONTROL | LARGE & ~GROUPS[group])
    assert set(dead) <= set(allowed)
    _, _, allowed, why = at_walk(n, moves, CONTROL | LARGE)
    assert allowed == good and all(why[m] == "remote stair mid across" for m in dead)


def test_corner_discovery_finds_the_open_corners_of_a_stair():
    # 2026_0408_1 at its live end (7, 7), facing up: ahead-left the wall 11-10-5-4-3 turns away
    # from the walker at 11 (left 4, ahead 1) and at 4 (left 5, ahead 3): open clockwise corners
    n, moves = state_moves("2026_0408_1")
    st = Stepper(n, CONTROL, walk_cells(moves))
    out = np.zeros((3, 4, 64, 2), dtype=np.int64)
    counts = np.zeros((3, 4), dtype=np.int64)
    assert discover_corners(st.board, live_frame(st.board), out, counts)
    got = [[sorted((int(out[kind, q, k, 0]), int(out[kind, q, k, 1])) for k in range(counts[kind, q]))
            for q in range(4)] for kind in range(3)]
    assert got[OPEN_CW][0] == [(4, 1), (5, 3)] and got[CLOSED][1] == [(1, 3)]


# the author's states where a newer clause fires, at the step (cells from the start) it concerns:
# next step double area (his CheckLeftRightCorner's (3, 4) example) and DoubleStair's corner at any
# distance (his "area" example)
NEWER_CLAUSES = [
    ("2024_0726_3", 52, "next-step-double-area", "next step double area", "L", "D"),
    ("2024_0727_6", 73, "double-stair", "double stair", "D", "L"),
    # his Sequence's own examples: the stair start (2024_0630) and the second stair start (2024_0724_1)
    ("2024_0630", 64, "stair-sequence", "sequence (newer engine)", "L", "U"),
    ("2024_0724_1", 73, "stair-sequence", "sequence (newer engine)", "L", "D"),
]


@pytest.mark.parametrize(("name", "step", "group", "rule", "dead", "good"), NEWER_CLAUSES)
def test_newer_clause_forbids_the_dead_move_of_the_authors_state(name, step, group, rule, dead, good):
    n, moves = state_moves(name)
    moves = moves[:step]
    assert completable(n, moves) == good
    _, cands, allowed, _ = at_walk(n, moves, CONTROL | LARGE & ~GROUPS[group] & ~GROUPS["stair-sequence"])
    assert dead in cands and dead in allowed
    _, _, allowed, why = at_walk(n, moves, CONTROL | LARGE)
    assert allowed == good and why[dead] == rule

