"""The 13x13 failures of ``control,large`` (docs/labyrinth-rules.md, "The early stair on
13x13", "The late 13x13 failures"): at each walk's fatal step -- the last live end from which the
walk can be completed, by the DP oracle -- the rest of the port allows the dead move and the clause
of the author's newer ``CheckStraight`` / ``CheckLeftRightAreaUp`` that the port lacked forbids
exactly that move."""

from __future__ import annotations

import pytest
from gridsolve.native_rules.hamiltonian.engine import CONTROL, GROUPS, LARGE

from .test_labyrinth import at_walk, completable
from .test_labyrinth_stairs import _state_moves

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


def _author_row(name, step, *rest):
    n, moves = _state_moves(name)
    return (name, n, moves[:step], *rest)


# the author's own states: 2024_0811_3 (13 x 13) begins as 13_15, the early stair -- at step 14 his
# program recorded the left move only; 2024_0715 (11 x 11), the example his code names beside the
# start-obstacle clause, at its last step (saved before the clause)
CASES = [(label, 13, *rest) for label, *rest in LATE_FAILURES] + [
    _author_row("2024_0811_3", 14, "straight-later-down", "straight later down (newer engine)", "R", "L"),
    _author_row("2024_0715", None, "straight-start-obstacle",
                "straight, % 4 = 1 start obstacle (newer engine)", "L", "D"),
]


@pytest.mark.parametrize(("label", "n", "moves", "group", "rule", "dead", "good"), CASES,
                         ids=[row[0] for row in CASES])
def test_newer_clause_forbids_the_dead_move(label, n, moves, group, rule, dead, good):
    assert completable(n, moves) == good
    _, cands, allowed, _ = at_walk(n, moves, CONTROL | LARGE & ~GROUPS[group])
    assert dead in cands and dead in allowed
    _, _, allowed, why = at_walk(n, moves, CONTROL | LARGE)
    assert allowed == good and why[dead] == rule
