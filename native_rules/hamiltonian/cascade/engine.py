"""The labyrinth author's per-step pipeline (``NextStepPossibilities``) and rule cascade
(``ApplyRules_control`` without its 9 x 9-specific tail), port of ``../shared/reference/
hamiltonian.md`` 3.3 "Per step" and "Control cascade".

Per step:

1. the candidates are straight, right and left (at the start: (2,1) and (1,2), the start facing
   down), minus taken and border cells;
2. with fewer than two candidates, stop: the rules run only with two or more options;
3. otherwise ``forbidden`` starts empty and the cascade runs; possible = candidates - forbidden;
   none left is the author's "No option to move".

The cascade, in order, with its early exits:

1. ``check_c_shape`` -- if a C-shape is found, return;
2. ``check_near_field`` -- if a close rule fired (except across-large), return; then the
   author's side rules (``check_side_table``);
3. ``check_near_border``, then ``check_area_near_border``; if at most one candidate is left,
   return;
4. the area-imbalance rules: ``check_straight_control``, ``check_left_right_area_up_control``,
   ``check_left_right_area_up_big``, ``check_left_right_corner_big``;
5. the 9 x 9 groups, after the area-imbalance rules as in the author's control set: the author's
   tables, Double Area (``check_3_double_area``, ``check_3_double_area_rotated``), then
   ``check_sequence``, ``check_down_stair``, ``check_3_dist_next_step``;
6. the large-board groups in the order of his newer engine: first his newer ``CheckStraight``'s
   two clauses that the control version lacks (``check_straight_later_down``,
   ``check_straight_now_newer``), where his newer cascade runs its area rules, and two more
   clauses of his newer area rules (``CheckStraight``'s "% 4 = 1 start obstacle",
   ``CheckLeftRightAreaUp``'s step back in the frame turned right); then the "next step double
   area" (where he resolves it after his area rules), the stairs at start, at end convex and
   concave-in, convex straight / out, concave straight / out, the double stairs, ``Stair3x3``,
   ``RemoteStairMidAcross`` and his newer ``Sequence``.

Which module holds which rule family: the package docstring (``cascade/__init__``).

``groups`` switches rule groups on (bit mask: ``UNIVERSAL`` = the book's universal rules,
``NINE`` = the author's 9 x 9 groups, ``CONTROL`` = both) for ablation runs; switching
a group off never changes the order of the others.
"""

from __future__ import annotations

from .area_tables import check_area_up_big_table, check_area_up_table, check_corner_big_table
from .border import check_area_near_border, check_near_border
from .double_area import check_3_double_area, check_3_double_area_rotated
from .imbalance import (
    check_left_right_area_up_big,
    check_left_right_area_up_control,
    check_left_right_corner_big,
    check_straight_control,
    check_straight_later_down,
    check_straight_now_newer,
)
from .imbalance_large import check_area_up_back, check_straight_start_obstacle
from .near_field import check_c_shape, check_near_field
from .next_step_double_area import check_next_step_double_area
from .sequence import check_3_dist_next_step, check_down_stair, check_sequence
from .side_table import check_side_table
from .stairs.at_end_concave import (
    check_stair_at_end_concave_out_3,
    check_stair_at_end_concave_out_5,
    check_stair_at_end_concave_straight_3,
    check_stair_at_end_concave_straight_4,
    check_stair_at_end_concave_straight_5,
    check_stair_at_end_concave_straight_6,
)
from .stairs.at_end_convex import (
    check_stair_at_end_convex_out,
    check_stair_at_end_convex_straight_3,
    check_stair_at_end_convex_straight_4,
)
from .stairs.at_end_open_corners import (
    check_stair_at_end_concave_in,
    check_stair_at_end_concave_in_5,
    check_stair_at_end_convex_in_2,
    check_stair_at_end_convex_in_3,
    check_stair_at_end_convex_in_4,
)
from .stairs.at_start_in_out import (
    check_stair_at_start_convex_in_2,
    check_stair_at_start_convex_in_3,
    check_stair_at_start_convex_out,
)
from .stairs.at_start_straight import (
    check_remote_stair_mid_across,
    check_stair_3x3,
    check_stair_at_start_convex_straight_3,
    check_stair_at_start_convex_straight_4,
    check_stair_at_start_convex_straight_5,
)
from .stairs.double import check_double_stair, check_double_stair_reversed
from .stairs.sequence import check_stair_sequence
from .walker import EMPTY, M_N, at, dir_code, live_frame, njit, rel

G_C_SHAPE, G_NEAR_FIELD, G_NEAR_BORDER, G_AREA_BORDER = 1, 2, 4, 8
G_STRAIGHT, G_AREA_UP, G_AREA_UP_BIG, G_CORNER_BIG = 16, 32, 64, 128
UNIVERSAL = 255
G_DOUBLE_AREA, G_SEQUENCE, G_DOWN_STAIR, G_NEXT_STEP, G_TABLES = 256, 512, 1024, 2048, 4096
G_SIDE = 8192
NINE = G_DOUBLE_AREA | G_SEQUENCE | G_DOWN_STAIR | G_NEXT_STEP | G_TABLES | G_SIDE
CONTROL = UNIVERSAL | NINE
G_DOUBLE_STAIR, G_DOUBLE_STAIR_REVERSED = 1 << 14, 1 << 15
G_CONCAVE_STRAIGHT_3, G_CONCAVE_STRAIGHT_4 = 1 << 16, 1 << 17
G_CONCAVE_STRAIGHT_5, G_CONCAVE_STRAIGHT_6, G_CONCAVE_OUT_5 = 1 << 18, 1 << 19, 1 << 20
G_CONVEX_IN_2, G_CONVEX_IN_3, G_CONVEX_IN_4 = 1 << 21, 1 << 22, 1 << 23
G_START_STRAIGHT_3, G_START_STRAIGHT_4, G_CONCAVE_IN_5 = 1 << 24, 1 << 25, 1 << 26
G_REMOTE_MID_ACROSS, G_CONVEX_STRAIGHT_3, G_CONVEX_STRAIGHT_4 = 1 << 27, 1 << 28, 1 << 29
G_CONVEX_OUT, G_CONCAVE_IN, G_STAIR_3X3 = 1 << 30, 1 << 31, 1 << 32
G_START_IN_2, G_START_IN_3, G_START_STRAIGHT_5, G_START_OUT = 1 << 33, 1 << 34, 1 << 35, 1 << 36
G_CONCAVE_OUT_3, G_NEXT_STEP_DOUBLE_AREA, G_STAIR_SEQUENCE = 1 << 37, 1 << 38, 1 << 39
G_STRAIGHT_LATER_DOWN, G_STRAIGHT_NOW_NEWER = 1 << 40, 1 << 41
G_STRAIGHT_START_OBSTACLE, G_AREA_UP_BACK = 1 << 42, 1 << 43
LARGE = (G_CONCAVE_STRAIGHT_3 | G_CONCAVE_STRAIGHT_4 | G_CONCAVE_STRAIGHT_5 | G_CONCAVE_STRAIGHT_6
         | G_CONCAVE_OUT_5 | G_DOUBLE_STAIR | G_DOUBLE_STAIR_REVERSED
         | G_CONVEX_IN_2 | G_CONVEX_IN_3 | G_CONVEX_IN_4 | G_START_STRAIGHT_3 | G_START_STRAIGHT_4
         | G_CONCAVE_IN_5 | G_REMOTE_MID_ACROSS | G_CONVEX_STRAIGHT_3 | G_CONVEX_STRAIGHT_4
         | G_CONVEX_OUT | G_CONCAVE_IN | G_STAIR_3X3 | G_START_IN_2 | G_START_IN_3
         | G_START_STRAIGHT_5 | G_START_OUT | G_CONCAVE_OUT_3 | G_NEXT_STEP_DOUBLE_AREA
         | G_STAIR_SEQUENCE | G_STRAIGHT_LATER_DOWN
         | G_STRAIGHT_NOW_NEWER | G_STRAIGHT_START_OBSTACLE | G_AREA_UP_BACK)
GROUPS = {
    "c-shape": G_C_SHAPE, "near-field": G_NEAR_FIELD, "near-border": G_NEAR_BORDER,
    "area-near-border": G_AREA_BORDER, "straight": G_STRAIGHT, "area-up": G_AREA_UP,
    "area-up-big": G_AREA_UP_BIG, "corner-big": G_CORNER_BIG,
    "double-area": G_DOUBLE_AREA, "sequence": G_SEQUENCE, "down-stair": G_DOWN_STAIR,
    "next-step": G_NEXT_STEP, "area-tables": G_TABLES, "side-table": G_SIDE,
    "concave-straight-3": G_CONCAVE_STRAIGHT_3, "concave-straight-4": G_CONCAVE_STRAIGHT_4,
    "concave-straight-5": G_CONCAVE_STRAIGHT_5, "concave-straight-6": G_CONCAVE_STRAIGHT_6,
    "concave-out-5": G_CONCAVE_OUT_5,
    "start-straight-3": G_START_STRAIGHT_3, "start-straight-4": G_START_STRAIGHT_4,
    "concave-in-5": G_CONCAVE_IN_5, "convex-in-2": G_CONVEX_IN_2,
    "convex-straight-3": G_CONVEX_STRAIGHT_3, "convex-straight-4": G_CONVEX_STRAIGHT_4,
    "convex-out": G_CONVEX_OUT, "concave-in": G_CONCAVE_IN,
    "convex-in-3": G_CONVEX_IN_3, "convex-in-4": G_CONVEX_IN_4,
    "double-stair": G_DOUBLE_STAIR, "double-stair-reversed": G_DOUBLE_STAIR_REVERSED,
    "stair-3x3": G_STAIR_3X3, "remote-mid-across": G_REMOTE_MID_ACROSS,
    "start-in-2": G_START_IN_2, "start-in-3": G_START_IN_3, "start-straight-5": G_START_STRAIGHT_5,
    "start-out": G_START_OUT, "concave-out-3": G_CONCAVE_OUT_3,
    "next-step-double-area": G_NEXT_STEP_DOUBLE_AREA, "stair-sequence": G_STAIR_SEQUENCE,
    "straight-later-down": G_STRAIGHT_LATER_DOWN, "straight-now-newer": G_STRAIGHT_NOW_NEWER,
    "straight-start-obstacle": G_STRAIGHT_START_OBSTACLE, "area-up-back": G_AREA_UP_BACK,
}
# the cascade's order by rule group: the order ``apply_rules_control`` runs them in, the book's
# universal rules first (tests/hamiltonian/test_cascade.py checks the function against this list)
CASCADE = ("c-shape", "near-field", "side-table", "near-border", "area-near-border", "straight",
           "area-up", "area-up-big", "corner-big", "area-tables", "double-area", "sequence",
           "down-stair", "next-step", "straight-later-down", "straight-now-newer",
           "straight-start-obstacle", "area-up-back", "next-step-double-area", "start-in-2",
           "start-in-3", "start-straight-3", "start-straight-4", "start-straight-5", "start-out",
           "convex-in-2", "convex-in-3", "convex-in-4", "convex-straight-3", "convex-straight-4",
           "convex-out", "concave-in", "concave-in-5", "concave-straight-3", "concave-straight-4",
           "concave-straight-5", "concave-straight-6", "concave-out-3", "concave-out-5",
           "double-stair", "double-stair-reversed", "stair-3x3", "remote-mid-across", "stair-sequence")
# rule sets by name (``--rules``): book = universal, the book's rules; none = every candidate
# allowed (plain backtracking); 9x9 = the
# author's 9 x 9 groups alone; control = universal + 9x9, his complete 9 x 9 control set; large =
# the ported rules of his newer large-board engine (``stairs/``), alone (``control,large`` adds them)
RULE_SETS = {"universal": UNIVERSAL, "book": UNIVERSAL, "9x9": NINE, "control": CONTROL, "large": LARGE,
             "none": 0}
# the default everywhere (walk, walk-stats, enumerate, hint, replay, the API and the server): the
# strongest set the oracle audits find sound; ``control`` / ``universal`` remain selectable
DEFAULT_RULES = "control,large"
DEFAULT = CONTROL | LARGE


def parse_rules(text: str) -> int:
    """``universal``, ``none``, or a comma list of groups (``c-shape,near-border``); ``-GROUP``
    removes one (``universal,-corner-big``). Raises ValueError naming what is unknown."""
    groups = 0
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        drop = part.startswith("-")
        name = part[1:] if drop else part
        bits = RULE_SETS.get(name, GROUPS.get(name))
        if bits is None:
            known = ", ".join(list(RULE_SETS) + list(GROUPS))
            raise ValueError(f"unknown rule set or group {name!r} (known: {known})")
        groups = groups & ~bits if drop else groups | bits
    return groups


@njit(cache=True)
def apply_rules_control(board, frame, forbidden, cand, groups):
    """The cascade; ``forbidden`` collects the forbidden directions (1 + rule id)."""
    if groups & G_C_SHAPE and check_c_shape(board, frame, forbidden):
        return
    if groups & G_NEAR_FIELD and check_near_field(board, frame, forbidden):
        return
    if groups & G_SIDE:
        check_side_table(board, frame, forbidden)
    if groups & G_NEAR_BORDER:
        check_near_border(board, frame, forbidden)
    if groups & G_AREA_BORDER:
        check_area_near_border(board, frame, forbidden)
    left = 0
    for d in range(4):
        if cand[d] and forbidden[d] == 0:
            left += 1
    if left <= 1:
        return
    if groups & G_STRAIGHT:
        check_straight_control(board, frame, forbidden)
    if groups & G_AREA_UP:
        check_left_right_area_up_control(board, frame, forbidden)
    if groups & G_AREA_UP_BIG:
        check_left_right_area_up_big(board, frame, forbidden)
    if groups & G_CORNER_BIG:
        check_left_right_corner_big(board, frame, forbidden)
    if groups & G_TABLES:
        check_area_up_table(board, frame, forbidden)
        check_area_up_big_table(board, frame, forbidden)
        check_corner_big_table(board, frame, forbidden)
    if groups & G_DOUBLE_AREA:
        check_3_double_area(board, frame, forbidden)
        check_3_double_area_rotated(board, frame, forbidden)
    if groups & G_SEQUENCE:
        check_sequence(board, frame, forbidden)
    if groups & G_DOWN_STAIR:
        check_down_stair(board, frame, forbidden)
    if groups & G_NEXT_STEP:
        check_3_dist_next_step(board, frame, forbidden)
    if groups & G_STRAIGHT_LATER_DOWN:
        check_straight_later_down(board, frame, forbidden)
    if groups & G_STRAIGHT_NOW_NEWER:
        check_straight_now_newer(board, frame, forbidden)
    if groups & G_STRAIGHT_START_OBSTACLE:
        check_straight_start_obstacle(board, frame, forbidden)
    if groups & G_AREA_UP_BACK:
        check_area_up_back(board, frame, forbidden)
    if groups & G_NEXT_STEP_DOUBLE_AREA:
        check_next_step_double_area(board, frame, forbidden)
    if groups & G_START_IN_2:
        check_stair_at_start_convex_in_2(board, frame, forbidden)
    if groups & G_START_IN_3:
        check_stair_at_start_convex_in_3(board, frame, forbidden)
    if groups & G_START_STRAIGHT_3:
        check_stair_at_start_convex_straight_3(board, frame, forbidden)
    if groups & G_START_STRAIGHT_4:
        check_stair_at_start_convex_straight_4(board, frame, forbidden)
    if groups & G_START_STRAIGHT_5:
        check_stair_at_start_convex_straight_5(board, frame, forbidden)
    if groups & G_START_OUT:
        check_stair_at_start_convex_out(board, frame, forbidden)
    if groups & G_CONVEX_IN_2:
        check_stair_at_end_convex_in_2(board, frame, forbidden)
    if groups & G_CONVEX_IN_3:
        check_stair_at_end_convex_in_3(board, frame, forbidden)
    if groups & G_CONVEX_IN_4:
        check_stair_at_end_convex_in_4(board, frame, forbidden)
    if groups & G_CONVEX_STRAIGHT_3:
        check_stair_at_end_convex_straight_3(board, frame, forbidden)
    if groups & G_CONVEX_STRAIGHT_4:
        check_stair_at_end_convex_straight_4(board, frame, forbidden)
    if groups & G_CONVEX_OUT:
        check_stair_at_end_convex_out(board, frame, forbidden)
    if groups & G_CONCAVE_IN:
        check_stair_at_end_concave_in(board, frame, forbidden)
    if groups & G_CONCAVE_IN_5:
        check_stair_at_end_concave_in_5(board, frame, forbidden)
    if groups & G_CONCAVE_STRAIGHT_3:
        check_stair_at_end_concave_straight_3(board, frame, forbidden)
    if groups & G_CONCAVE_STRAIGHT_4:
        check_stair_at_end_concave_straight_4(board, frame, forbidden)
    if groups & G_CONCAVE_STRAIGHT_5:
        check_stair_at_end_concave_straight_5(board, frame, forbidden)
    if groups & G_CONCAVE_STRAIGHT_6:
        check_stair_at_end_concave_straight_6(board, frame, forbidden)
    if groups & G_CONCAVE_OUT_3:
        check_stair_at_end_concave_out_3(board, frame, forbidden)
    if groups & G_CONCAVE_OUT_5:
        check_stair_at_end_concave_out_5(board, frame, forbidden)
    if groups & G_DOUBLE_STAIR:
        check_double_stair(board, frame, forbidden)
    if groups & G_DOUBLE_STAIR_REVERSED:
        check_double_stair_reversed(board, frame, forbidden)
    if groups & G_STAIR_3X3:
        check_stair_3x3(board, frame, forbidden)
    if groups & G_REMOTE_MID_ACROSS:
        check_remote_stair_mid_across(board, frame, forbidden)
    if groups & G_STAIR_SEQUENCE:
        check_stair_sequence(board, frame, forbidden)


@njit(cache=True)
def next_step(board, cand, forbidden, groups):
    """NextStepPossibilities: fills ``cand`` (1 per candidate direction) and ``forbidden`` (forbidden,
    1 + rule id); returns the number of possible moves (0 at the end cell)."""
    for d in range(4):
        cand[d] = 0
        forbidden[d] = 0
    n = board[1][M_N]
    frame = live_frame(board)
    if frame[0] == n and frame[1] == n:
        return 0
    ncand = 0
    for k in range(3):
        a, b = (0, 1) if k == 0 else ((-1, 0) if k == 1 else (1, 0))
        x, y = rel(frame, a, b)
        if at(board, x, y) == EMPTY:
            cand[dir_code(x - frame[0], y - frame[1])] = 1
            ncand += 1
    if ncand <= 1:
        return ncand
    apply_rules_control(board, frame, forbidden, cand, groups)
    possible = 0
    for d in range(4):
        if cand[d] and forbidden[d] == 0:
            possible += 1
    return possible


@njit(cache=True)
def keep_left_moves(board, cand, forbidden, out):
    """The possible directions in keep-left order (left, straight, right) into ``out``; returns
    how many."""
    frame = live_frame(board)
    k = 0
    for i in range(3):
        a, b = (1, 0) if i == 0 else ((0, 1) if i == 1 else (-1, 0))
        d = dir_code(a * frame[4] + b * frame[2], a * frame[5] + b * frame[3])
        if cand[d] and forbidden[d] == 0:
            out[k] = d
            k += 1
    return k
