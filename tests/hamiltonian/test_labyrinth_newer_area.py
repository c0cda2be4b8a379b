"""The 13x13 failures of ``control,large`` (docs/labyrinth-rules.md, "The early stair on
13x13", "The late 13x13 failures"): at each walk's fatal step -- the last live end from which the
walk can be completed, by the DP oracle -- the rest of the port allows the dead move and the clause
of the author's newer ``CheckStraight`` / ``CheckLeftRightAreaUp`` that the port lacked forbids
exactly that move."""

from __future__ import annotations

import pytest
from gridsolve.native_rules.hamiltonian.cascade.engine import CONTROL, GROUPS, LARGE

from ..helpers import at_walk, completable, state_moves

# failed random walks of the statistics run (``labyrinth-stats``, 13x13), cut at the fatal step:
# label, moves from (1, 1), the group, its rule name, the dead move, the moves left (13 x 13)
LATE_FAILURES = [
    ("13_0", "DRURDRURDRURRDLDLLLLLLDRDLDRDLDRDLDDRURURULURRDDRRRRRDDLULDLULDLULDLDLLDRRRURDRURDRURDRURDRUU"
             "LUUUUUULDL", "area-up-back", "area up, now and back (newer engine)", "D", "U"),
    ("13_7", "DDRUURRDLDDRURDRURDRDRDDLULULLLLLULDDDDDDRURDRRULU",
     "area-up-back", "area up, now and back (newer engine)", "L", "R"),
    ("13_17", "DRURDDRUURRDLDDLLDRDRURUURDRRRRRULLLLULURRDRURDRURDDDDLDRDDDLDRDDLULLLURRULLUU",
     "area-up-back", "area up, now and back (newer engine)", "R", "L"),
    ("13_6", "DRURRRRDRURDRURDRURRDLDRDDLULULDDRDLLDLDL",
     "straight-later-down", "straight later down (newer engine)", "D", "U"),
    ("13_3", "DDDRDLDRDLDDRURDDDDLUULDDDRRRRRUUULDDLUUUURDRRRDLDRDLDRRRULUURDRDDRUUULURULULDDLUULDLLURURU",
     "straight-later-down", "straight later down (newer engine)", "R", "L"),
    ("13_9", "DRURRDLDRDRDRDLDRDLDDDLLURULURULURULULULDDRDLDRDLDRDLDRDLDRRURDRURDRURDRRRULLULULDLUURU",
     "straight-now-newer", "straight now (newer engine)", "R", "U"),
    # the early diagonal stair (the live end below the stair's foot; the control set forbids straight
    # on, not the other sideways step, which leaves the small area behind the walker for later too)
    ("13_1", "RDLDDRURDRDRDR", "straight-later-down", "straight later down (newer engine)", "D", "U"),
    ("13_2", "RRRRDDRDRDRRDLD", "straight-later-down", "straight later down (newer engine)", "L", "R"),
    ("13_8", "RRRDDDRDRD", "straight-later-down", "straight later down (newer engine)", "R", "L"),
    # early failures of a run with straight-later-down (seed 1313): a ray of six empty cells beside the
    # stair's foot closes an area with two more white cells than black -- the control table lets the
    # walker step onto the ray now, his newer one does not
    ("13_1313_a", "RRDDDDRDRDRDLDRRU", "straight-now-newer", "straight now (newer engine)", "R", "U"),
    ("13_1313_b", "DRURDRURDDLDDRURDRDRURDDL", "straight-now-newer", "straight now (newer engine)", "D", "L"),
    # a later run's failure (the statistics kernel, seed 6060)
    ("13_6060_0", "DRURDRURRRRDRURDRURRDLDRDLLULLDRDRDLDDRURUURDDDLDRDLLULDDRDLLLLUULLLDRRDLLLLURUURU"
                  "ULDLUUUUR",
     "straight-start-obstacle", "straight, % 4 = 1 start obstacle (newer engine)", "R", "D"),
]


# the author's own states (resolved inside the test: they are in the corpora): 2024_0811_3 (13 x 13)
# begins as 13_15, the early stair -- at step 14 his program recorded the left move only; 2024_0715
# (11 x 11), the example his code names beside the start-obstacle clause, at its last step (saved
# before the clause). Label, the state's name, its step, then as above
AUTHOR_CASES = [
    ("2024_0811_3", 14, "straight-later-down", "straight later down (newer engine)", "R", "L"),
    ("2024_0715", None, "straight-start-obstacle", "straight, % 4 = 1 start obstacle (newer engine)",
     "L", "D"),
]


def _check_newer_clause(n, moves, group, rule, dead, good):
    assert completable(n, moves) == good
    _, cands, allowed, _ = at_walk(n, moves, CONTROL | LARGE & ~GROUPS[group])
    assert dead in cands and dead in allowed
    _, _, allowed, why = at_walk(n, moves, CONTROL | LARGE)
    assert allowed == good and why[dead] == rule


@pytest.mark.parametrize(("label", "moves", "group", "rule", "dead", "good"), LATE_FAILURES,
                         ids=[row[0] for row in LATE_FAILURES])
def test_newer_clause_forbids_the_dead_move(label, moves, group, rule, dead, good):
    _check_newer_clause(13, moves, group, rule, dead, good)


@pytest.mark.parametrize(("name", "step", "group", "rule", "dead", "good"), AUTHOR_CASES,
                         ids=[row[0] for row in AUTHOR_CASES])
def test_newer_clause_forbids_the_dead_move_of_the_authors_state(name, step, group, rule, dead, good):
    n, moves = state_moves(name)
    _check_newer_clause(n, moves[:step], group, rule, dead, good)
