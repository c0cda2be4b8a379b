"""Grading Nurikabe by the weakest deductions of the cascade (``deduce.py``) that complete it,
after Tatham's ladders: each grade adds a family of rules to the one before, so the grades nest.

* ``basic``: the plain pass -- complete island, one liberty, last-cell corner, joining islands,
  no pool, wall liberty (the moves of the essay's heuristics and of beginners' guides);
* ``area``: + each island's reach and the articulation points of the reaches and of the
  wall's room (unreachable cells, island and wall confinement);
* ``probing-basic``: + contradiction probing where each trial runs the plain pass only (one
  cell supposed, the beginner's rules refute it);
* ``probing-1``: + probing whose trials run every rule;
* ``probing-2``: + probing whose trials probe in turn (depth 2);
* ``search``: the cascade stops with cells free (or the deadline came first).

Why ``probing-basic`` sits between ``area`` and ``probing-1``, and the distributions:
docs/grading.md.
"""

from __future__ import annotations

import time
from typing import Any

from ...puzzles.nurikabe import NurikabePuzzle
from .deduce import BLACK, UNKNOWN, WHITE, Contradiction, Deducer, agreement, cells_of

GRADES = ("basic", "area", "probing-basic", "probing-1", "probing-2", "search")
NO_SOLUTION = "no solution"


def probe2(deducer: Deducer, state: Any, deadline: float | None = None) -> None:
    """Probing at depth 2 to a fixpoint, in place: each free cell supposed wall and white, each
    trial probed at depth 1; a refuted colour gives the other, and cells both trials colour alike
    take that colour. Stops at ``deadline`` (``time.perf_counter``) leaving a sound state; raises
    ``Contradiction``. The trials' rule counts are not kept."""
    changed = True
    while changed:
        changed = False
        for i in cells_of(state, UNKNOWN):
            if state[i] != UNKNOWN:
                continue
            if deadline is not None and time.perf_counter() > deadline:
                return
            kept = list(deducer.counts)
            trials = []
            for colour in (BLACK, WHITE):
                t = state.copy()
                t[i] = colour
                try:
                    trials.append(deducer.probe(t, deadline))
                except Contradiction:
                    trials.append(None)
            deducer.counts[:] = kept
            as_wall, as_white = trials
            if as_wall is None and as_white is None:
                raise Contradiction("a cell that can be neither wall nor white (depth 2)")
            if as_wall is None or as_white is None:
                state[i] = WHITE if as_wall is None else BLACK
            else:
                agree = agreement(state, as_wall, as_white)
                if not agree:
                    continue
                for j in agree:
                    state[j] = as_wall[j]
            deducer.probe(state, deadline)
            changed = True


def steps(deducer: Deducer, state: Any, deadline: float | None = None) -> tuple:
    """(grade, step) for the grades below ``search``, each step strengthening ``state``
    the one before left (the Deducer starts with ``deep`` off)."""

    def area():
        deducer.deep = True
        deducer.propagate(state)

    return (("basic", lambda: deducer.propagate(state)), ("area", area),
            ("probing-basic", lambda: deducer.probe(state, deadline, deep_trials=False)),
            ("probing-1", lambda: deducer.probe(state, deadline)),
            ("probing-2", lambda: probe2(deducer, state, deadline)))


def grade(puzzle: NurikabePuzzle, seconds: float | None = None) -> dict:
    """The weakest grade (``GRADES``) whose deductions complete the puzzle, or "no solution" when
    they meet a contradiction, with the free cells left and what each rule did. ``seconds``
    bounds the probing (past it: ``search``, with ``"deadline": true``). A grid the steps complete
    is the only solution: their last pass found no contradiction in it (``deduce.verdict``)."""
    d = Deducer(puzzle, deep=False)
    s = d.start()
    stop = None if seconds is None else time.perf_counter() + seconds
    found = "search"
    try:
        for name, step in steps(d, s, stop):
            step()
            if not cells_of(s, UNKNOWN):
                found = name
                break
    except Contradiction as exc:
        return {"grade": NO_SOLUTION, "contradiction": str(exc), "free": len(cells_of(s, UNKNOWN))}
    out = {"grade": found, "free": len(cells_of(s, UNKNOWN)), **d.stats()}
    if found == "search" and stop is not None and time.perf_counter() > stop:
        out["deadline"] = True
    return out
