"""The next step of the rule cascade (``deduce.py``) from a state, and the rule that makes it:
the first rule, in the cascade's order, that colours a cell (the rules run one by one,
interpreted: one pass costs milliseconds and waits for no compiler), else the first probe that
teaches something -- a colour refuted by a contradiction, or a cell both trials colour alike.
The level of the step is the grade it belongs to (``grade.GRADES``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...puzzles.grid import cell_name as name
from ..kernels import interpreted
from . import deduce as cascade
from .deduce import BLACK, CONTRADICTIONS, RULES, UNKNOWN, WHITE, Contradiction, Deducer, cells_of

# what each rule says, for people
RULE_TEXT = {
    "complete_island": "an island with all its cells: its free neighbours are wall",
    "one_liberty": "an unfinished island with one free neighbour: it grows there",
    "last_cell_corner": "an island one cell short: the cell next to both of its candidates is wall",
    "joins_islands": "a cell joining two islands (two numbers, or too many cells) is wall",
    "no_pool": "the last free cell of a 2x2 block of wall is white (no pool)",
    "wall_liberty": "a wall piece with one free neighbour: the wall continues there",
    "unreachable": "no island can reach the cell (wall), or an island's reach is exactly its size",
    "island_confinement": "every way for the island to reach its size passes through the cell",
    "wall_confinement": "the wall cannot stay connected, or large enough, without the cell",
}
BASIC = set(RULES[:6])


@dataclass(frozen=True)
class Step:
    """A cell the cascade colours (``cell`` None: none), the rule and the level it needs."""

    cell: tuple[int, int] | None
    colour: str = ""
    rule: str = ""
    level: str = ""
    reason: str = ""


def _colour(value: int) -> str:
    return "wall" if value == BLACK else "white"


def first_rule(deducer: Deducer, state: Any) -> tuple[str, list[int], list[int]] | None:
    """(rule, cells, colours) of the first rule that colours cells of ``state``, or None. Raises
    ``Contradiction``."""
    nb, number, cols, work = deducer.nb, deducer.number, deducer.cols, deducer.work
    wall, big = deducer.wall, deducer.biggest
    rules = (cascade.white_pieces, cascade.complete_island, cascade.one_liberty, cascade.last_cell_corner,
             cascade.joins_islands, cascade.no_pool, cascade.wall_liberty, cascade.island_reaches,
             cascade.wall_confinement)
    (white_pieces, complete_island, one_liberty, last_cell_corner, joins_islands, no_pool, wall_liberty,
     island_reaches, wall_confinement) = (interpreted(f) for f in rules)
    why, pieces = white_pieces(state, nb, number, work)
    if why:
        raise Contradiction(CONTRADICTIONS[why])
    nblack = len(cells_of(state, BLACK))
    if nblack > wall:
        raise Contradiction(CONTRADICTIONS[6])
    out = [0] * deducer.n
    counts = [0] * len(RULES)
    calls = (lambda: complete_island(work, pieces, out, counts),
             lambda: one_liberty(work, pieces, out, counts),
             lambda: last_cell_corner(state, nb, work, pieces, out, counts),
             lambda: joins_islands(state, nb, work, pieces, big, out, counts),
             lambda: no_pool(state, cols, out, counts),
             lambda: wall_liberty(state, nb, wall, work, out, counts),
             lambda: island_reaches(state, nb, work, pieces, out, counts),
             lambda: wall_confinement(state, nb, wall, nblack, work, out, counts) if nblack and wall else 0)
    for call in calls:
        why = call()
        if why:
            raise Contradiction(CONTRADICTIONS[why])
        if any(out):
            cells = [i for i, x in enumerate(out) if x]
            return RULES[next(r for r, c in enumerate(counts) if c)], cells, [out[i] for i in cells]
    return None


def first_probe(deducer: Deducer, state: Any) -> Step | None:
    """The first free cell whose probe teaches something, with trials that run the plain pass
    only (level ``probing-basic``), else every rule (``probing-1``): a refuted colour, else (over
    every cell) a cell both trials colour alike."""
    for deep, level in ((False, "probing-basic"), (True, "probing-1")):
        found = _probe_sweep(deducer, state, deep, level)
        if found is not None:
            return found
    return None


def _probe_sweep(deducer: Deducer, state: Any, deep: bool, level: str) -> Step | None:
    agreement = None
    for i in cells_of(state, UNKNOWN):
        trials = {}
        for colour in (BLACK, WHITE):
            t = state.copy()
            t[i] = colour
            trials[colour] = (deducer.run_passes(t, deep, trial=True), t)
        (wall_why, as_wall), (white_why, as_white) = trials[BLACK], trials[WHITE]
        cell = divmod(i, deducer.cols)
        if wall_why and white_why:
            raise Contradiction(f"{name(cell)} can be neither wall nor white")
        if wall_why or white_why:
            refuted, why = (BLACK, wall_why) if wall_why else (WHITE, white_why)
            return Step(cell, _colour(BLACK + WHITE - refuted), "probing", level,
                        f"as {_colour(refuted)} it leads to {CONTRADICTIONS[why]}")
        if agreement is None:
            agree = cascade.agreement(state, as_wall, as_white)
            if agree:
                j = agree[0]
                agreement = Step(divmod(j, deducer.cols), _colour(int(as_wall[j])), "probing", level,
                                 f"{name(cell)} wall or white, it is {_colour(int(as_wall[j]))} either way")
    return agreement


def next_step(puzzle, black=(), white=()) -> Step:
    """The cascade's next step from the puzzle with the cells ``black`` / ``white`` decided.
    Raises ``Contradiction`` when the state has no solution."""
    d = Deducer(puzzle)
    s = d.start()
    for r, c in black:
        s[r * d.cols + c] = BLACK
    for r, c in white:
        s[r * d.cols + c] = WHITE
    found = first_rule(d, s)
    if found is not None:
        rule, cells, colours = found
        cell = divmod(int(cells[0]), d.cols)
        return Step(cell, _colour(int(colours[0])), rule, "basic" if rule in BASIC else "area",
                    RULE_TEXT[rule])
    if not cells_of(s, UNKNOWN):
        return Step(None)
    return first_probe(d, s) or Step(None, level="search")
