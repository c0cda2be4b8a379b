"""The labyrinth author's 9 x 9 control groups (``double_area``, ``sequence``, ``tables``, ``side``):
sound (the rule-pruned enumeration still counts every path), complete where the book says so
(7x7 keep-left without a dead end), each needed rule firing where the universal rules let the
keep-left walk into a dead end, the compiled and interpreted engines agreeing, and the resumable
statistics."""

from __future__ import annotations

import json

import pytest
from gridsolve.harness import labyrinth as lab
from gridsolve.native_rules.hamiltonian.cascade.engine import CONTROL, GROUPS, NINE, UNIVERSAL, parse_rules
from gridsolve.native_rules.hamiltonian.tools.audit import Stepper
from gridsolve.native_rules.hamiltonian.tools.drivers import enumerate_keep_left, walk_stats

from ..helpers import at_walk, completable, walk_cells


def test_rule_set_names():
    assert parse_rules("9x9") == NINE and parse_rules("control") == UNIVERSAL | NINE == CONTROL
    assert parse_rules("universal,9x9") == CONTROL
    for name in ("double-area", "sequence", "down-stair", "next-step", "area-tables", "side-table"):
        assert GROUPS[name] & NINE and not GROUPS[name] & UNIVERSAL
    assert parse_rules("control,-sequence") == CONTROL & ~GROUPS["sequence"]


def test_control_set_is_sound_and_complete_on_7x7():
    r = enumerate_keep_left(7, CONTROL)
    assert r.walkthroughs == lab.exact_count(7) == 111712
    assert (r.no_option, r.stuck, r.corner_early) == (0, 0, 0)
    u = enumerate_keep_left(7, UNIVERSAL)
    assert u.walkthroughs == 111712 and u.no_option + u.corner_early > 0


def test_control_set_passes_the_universal_rules_first_9x9_dead_ends():
    r = enumerate_keep_left(9, CONTROL, max_walks=12_000)
    assert r.walkthroughs == 12_000 and (r.no_option, r.stuck, r.corner_early) == (0, 0, 0)
    u = enumerate_keep_left(9, UNIVERSAL, max_walks=1_000)
    assert u.no_option > 0


# keep-left 9x9 walks where a rule of the control set was first needed: the universal rules (or the
# control set without that group) allow a dead move; the group forbids exactly that move
BOOK_BOARDS = [
    # walkthrough 9 138 (the book: 9 121, Count Area 2 Across): the corner table at distance 3 / 3
    ("RRRRRRRRDDDDDDDLLLLLLLUURDRRRRRULURULURULLD", "area-tables", "L", "D"),
    # walkthrough 234 320 (the book: 9_234325, far side up and down)
    ("RRRRRRRRDDDDDDDLLLLURURDRUUUUULLLLLLLDDDDDRRULUUURRR", "side-table", "D", "R"),
    # walkthrough 665 575 (the book: 9_665575, Triple Area with the obstacle one to the right)
    ("RRRRRRRRDDDDDDDLLLURRULURUUULLLLLDLULDDDDDDDRURDRUULLUUUR", "sequence", "R", "D"),
]


@pytest.mark.parametrize(("moves", "group", "dead", "good"), BOOK_BOARDS)
def test_group_forbids_the_dead_move_the_universal_rules_allow(moves, group, dead, good):
    assert completable(9, moves) == good
    _, cands, allowed, _ = at_walk(9, moves, CONTROL & ~GROUPS[group])
    assert dead in cands and dead in allowed
    _, _, allowed, why = at_walk(9, moves, CONTROL)
    assert allowed == good and dead in why


def test_interpreted_engine_agrees_with_the_compiled_one():
    for moves, _, _, _ in BOOK_BOARDS:
        cells = walk_cells(moves)
        assert Stepper(9, CONTROL, cells).step() == Stepper(9, CONTROL, cells, compiled=False).step()


def test_audit_of_the_control_set_finds_no_unsound_step():
    rep = lab.audit(9, 30, seed=4, groups=CONTROL)
    assert rep.checked > 600 and rep.unsound == 0


def test_walk_stats_resume_from_state(tmp_path):
    state = tmp_path / "stats.json"
    seen = []
    first = walk_stats(9, 60, seed=2, groups=UNIVERSAL, state=state, progress=lambda d, w: seen.append(d))
    assert seen == list(range(1, 61))  # after each attempt
    data = json.loads(state.read_text())
    (key, chunks), = data.items()
    chunks["1"][0] = [-1] * 10  # a resumed run takes the saved chunks as they are
    state.write_text(json.dumps({key: chunks}))
    again = walk_stats(9, 60, seed=2, groups=UNIVERSAL, state=state)
    assert again.results[:50] == first.results[:50] and again.results[50:] == [-1] * 10
    assert walk_stats(9, 60, seed=2, groups=UNIVERSAL).results == first.results


def test_walk_errors_keeps_failed_walks_in_the_authors_format():
    r = lab.errors(9, 300, seed=1, groups=UNIVERSAL, keep=2)
    assert r.walks == 300 and sum(r.errors.values()) >= 2 and len(r.failures) == 2
    cells, outcome = r.failures[0]
    text = lab.failure_state(9, UNIVERSAL, cells, outcome)
    assert text.startswith("9|1-1,1;")
    assert lab.errors(9, 300, seed=1, groups=CONTROL).errors == {"no option to move": 0, "stuck": 0,
                                                                 "corner early": 0}


# a 21 x 21 walk (audit, seed 5) where the author's ex % 4 == 3 second-obstacle clause of
# CheckLeftRightAreaUp_control forbade the completable step left (SAT oracle); the clause is left out
UNSOUND_21 = (
    "DRURDDLLDRRDLLDDDRDLDDDRRRDRDLLULLDRDLDRRURDRURRDLDLLLDDLUULDDDDRURDRUUURDDDRRRR"
    "RRULULDLULDLUURURDRRRDRDDRURDRURDRUULLUUURULLDDDDLULURULURURUULDLDLDLDRDLLULURUR"
    "URURULLDLDLDLLURURURURUULDLDLDLDLULLLURUURULLURRRDRDLDLDRRURURULULURRDRDRUULUULD"
    "LUULLDRDLDLUUUURRRRDRURDRURDDLLDRRDLDRRURULURULURRDRURRDLDDDRUURDRUULURRDDDDLLDD"
    "DRUURDDDLDRDDDLUULDLLURURULULURULLUUULDDDLDRRDL"
)


def test_area_up_table_allows_the_completable_move_of_the_21x21_board():
    st, cands, allowed, why = at_walk(21, UNSOUND_21, CONTROL)
    assert st.live() == (15, 8) and cands == "LD" and "L" in allowed
    assert why == {"D": "area up (author's table)"}
