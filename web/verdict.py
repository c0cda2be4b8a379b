"""The live verdict on a state: ``solved`` when the independent checker (``gridsolve.check``)
accepts the solution the state stands for, ``violated`` when the state breaks a rule that no
further move can mend (the kind's ``violations`` in ``web/kinds``), else ``incomplete``. A
violation names its rule, a message, and the ``cells`` / ``edges`` to mark (docs/serve.md). On a
finished state (nothing left unknown) the checker's own violations are the verdict."""

from __future__ import annotations

import gridsolve

from ..puzzles import grid
from .kinds import web_kind
from .states import Drawn, edge_ref, to_solution


def violation(rule: str, message: str, cells=(), edges=()) -> dict:
    return {"rule": rule, "message": message, "cells": [list(c) for c in cells],
            "edges": [edge_ref(e) for e in edges]}


def verdict(puzzle, d: Drawn) -> dict:
    found = web_kind(puzzle.kind).violations(puzzle, d)
    if found:
        return {"status": "violated", "violations": found}
    solution = to_solution(puzzle, d)
    if solution is not None and not gridsolve.check(puzzle, solution):
        return {"status": "solved", "violations": []}
    return {"status": "incomplete", "violations": []}


name = grid.cell_name  # a cell as the messages name it: r1c1 is the top-left cell
