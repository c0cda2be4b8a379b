"""The late 13x13 failures of ``control,large`` (docs/labyrinth-rules.md, "The late 13x13
failures"): at each walk's fatal step -- the last live end from which the walk can be completed,
by the DP oracle -- the rest of the port allows the dead move and the clause of the author's newer
``CheckStraight`` / ``CheckLeftRightAreaUp`` that the port lacked forbids exactly that move."""

from __future__ import annotations

import pytest
from gridsolve.native_rules.hamiltonian.engine import CONTROL, GROUPS, LARGE

from .test_labyrinth import at_walk, completable
from .test_labyrinth_stairs import _state_moves

# failed random walks of the statistics run (``labyrinth-stats``, 13x13), cut at the fatal step:
# label, moves from (1, 1), the group, its rule name, the dead move, the moves left
LATE_FAILURES = [
    ("13_0", "DRURDRURDRURRDLDLLLLLLDRDLDRDLDRDLDDRURURULURRDDRRRRRDDLULDLULDLULDLDLLDRRRURDRURDRURDRURDRUU"
             "LUUUUUULDL", "area-up-back", "area up, now and back (newer engine)", "D", "U"),
    ("13_7", "DDRUURRDLDDRURDRURDRDRDDLULULLLLLULDDDDDDRURDRRULU",
     "area-up-back", "area up, now and back (newer engine)", "L", "R"),
    ("13_17", "DRURDDRUURRDLDDLLDRDRURUURDRRRRRULLLLULURRDRURDRURDDDDLDRDDDLDRDDLULLLURRULLUU",
     "area-up-back", "area up, now and back (newer engine)", "R", "L"),
    ("13_6", "DRURRRRDRURDRURDRURRDLDRDDLULULDDRDLLDLDL",
     "straight-later-back", "straight, later and back (newer engine)", "D", "U"),
    ("13_3", "DDDRDLDRDLDDRURDDDDLUULDDDRRRRRUUULDDLUUUURDRRRDLDRDLDRRRULUURDRDDRUUULURULULDDLUULDLLURURU",
     "straight-later-back", "straight, later and back (newer engine)", "R", "L"),
    ("13_9", "DRURRDLDRDRDRDLDRDLDDDLLURULURULURULULULDDRDLDRDLDRDLDRDLDRRURDRURDRURDRRRULLULULDLUURU",
     "straight-now-even", "straight, now at ex % 4 = 2 (newer engine)", "R", "U"),
    # a later run's failure (the statistics kernel, seed 6060)
    ("13_6060_0", "DRURDRURRRRDRURDRURRDLDRDLLULLDRDRDLDDRURUURDDDLDRDLLULDDRDLLLLUULLLDRRDLLLLURUURUULDLUUUUR",
     "straight-start-obstacle", "straight, % 4 = 1 start obstacle (newer engine)", "R", "D"),
]


@pytest.mark.parametrize(("label", "moves", "group", "rule", "dead", "good"), LATE_FAILURES,
                         ids=[row[0] for row in LATE_FAILURES])
def test_newer_clause_forbids_the_fatal_move_of_a_late_failure(label, moves, group, rule, dead, good):
    assert completable(13, moves) == good
    _, cands, allowed, _ = at_walk(13, moves, CONTROL | LARGE & ~GROUPS[group])
    assert dead in cands and dead in allowed
    _, _, allowed, why = at_walk(13, moves, CONTROL | LARGE)
    assert allowed == good and why[dead] == rule


def test_straight_later_back_is_the_authors_verdict_at_the_early_diagonal_stair():
    # his saved 2024_0811_3 (13 x 13) begins with the early diagonal stair of most 13x13 failures;
    # at step 14 his program recorded west only: east is dead, the clause forbids it
    n, moves = _state_moves("2024_0811_3")
    moves = moves[:14]
    assert completable(n, moves) == "L"
    _, cands, allowed, _ = at_walk(n, moves, CONTROL | LARGE & ~GROUPS["straight-later-back"])
    assert "R" in cands and "R" in allowed
    _, _, allowed, why = at_walk(n, moves, CONTROL | LARGE)
    assert allowed == "L" and why["R"] == "straight, later and back (newer engine)"


def test_start_obstacle_clause_forbids_the_dead_move_of_the_authors_example():
    # 2024_0715 (11 x 11), the state his code names beside the clause, at its last step
    n, moves = _state_moves("2024_0715")
    assert completable(n, moves) == "D"
    _, cands, allowed, _ = at_walk(n, moves, CONTROL | LARGE & ~GROUPS["straight-start-obstacle"])
    assert "L" in cands and "L" in allowed
    _, _, allowed, why = at_walk(n, moves, CONTROL | LARGE)
    assert allowed == "D" and why["L"] == "straight, % 4 = 1 start obstacle (newer engine)"
