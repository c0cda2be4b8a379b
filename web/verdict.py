"""The live verdict on a state: ``solved`` when the independent checker (``gridsolve.check``)
accepts the solution the state stands for, ``violated`` when the state breaks a rule that no
further move can mend, else ``incomplete``. A violation names its rule, a message, and the
``cells`` / ``edges`` to mark (docs/serve.md). On a finished state (nothing left unknown) the
checker's own violations are the verdict."""

from __future__ import annotations

import gridsolve

from ..puzzles import grid
from ..puzzles.graphs import components, degrees, edge_components
from .states import Drawn, edge_ref, to_solution


def violation(rule: str, message: str, cells=(), edges=()) -> dict:
    return {"rule": rule, "message": message, "cells": [list(c) for c in cells],
            "edges": [edge_ref(e) for e in edges]}


def verdict(puzzle, d: Drawn) -> dict:
    found = {"slitherlink": _slitherlink, "nurikabe": _nurikabe, "edgematching": _edgematching,
             "hamiltonian": _hamiltonian}[puzzle.kind](puzzle, d)
    if found:
        return {"status": "violated", "violations": found}
    solution = to_solution(puzzle, d)
    if solution is not None and not gridsolve.check(puzzle, solution):
        return {"status": "solved", "violations": []}
    return {"status": "incomplete", "violations": []}


def name(cell) -> str:
    return f"r{cell[0] + 1}c{cell[1] + 1}"


def _slitherlink(puzzle, d: Drawn) -> list[dict]:
    rows, cols = puzzle.rows, puzzle.cols
    lines, crosses = d.lines, d.crosses
    out = []
    for cell, n in puzzle.numbered_cells():
        sides = grid.cell_edges(cell)
        on = sum(s in lines for s in sides)
        off = sum(s in crosses for s in sides)
        if on > n or 4 - off < n:
            out.append(violation("clue-count", f"{name(cell)} needs {n} lines, has {on} drawn and "
                                 f"{off} crossed", [cell], [s for s in sides if s in lines]))
    deg = degrees(lines)
    for v, k in sorted(deg.items()):
        touching = grid.vertex_edges(rows, cols, v)
        if k > 2:
            out.append(violation("vertex-degree", f"{k} lines meet at the dot {v}", (),
                                 [e for e in touching if e in lines]))
        elif k == 1 and all(e in lines or e in crosses for e in touching):
            out.append(violation("dead-end", f"the line stops at the dot {v}", (),
                                 [e for e in touching if e in lines]))
    pieces = edge_components(lines)
    if len(pieces) > 1:
        for p in pieces:
            if all(deg[v] == 2 for e in p for v in e):
                out.append(violation("multiple-loops", "a closed loop while other lines are drawn",
                                     (), sorted(p)))
    return out


def _nurikabe(puzzle, d: Drawn) -> list[dict]:
    rows, cols = puzzle.rows, puzzle.cols
    clues = dict(puzzle.clue_cells())
    walls = d.walls
    unknown = set(grid.cells(rows, cols)) - walls - d.dots - set(clues)
    if not unknown:  # finished: the checker's verdict, with its cells
        return [violation(v.code, v.message, [c for c in v.where if _is_cell(c)])
                for v in gridsolve.check(puzzle, to_solution(puzzle, d))]
    out = []
    for block in grid.blocks(rows, cols):
        if all(b in walls for b in block):
            out.append(violation("wall-2x2", f"the 2x2 block at {name(block[0])} is all wall", block))

    def nbrs(cell):
        return grid.neighbours(rows, cols, cell)

    white = d.dots | set(clues)
    for island in components(white, nbrs):
        numbers = [clues[c] for c in island if c in clues]
        closed = all(n in walls or n in island for c in island for n in nbrs(c))
        cells = sorted(island)
        known = [n for n in numbers if n > 0]
        if len(numbers) > 1:
            out.append(violation("island-two-clues", f"the island at {name(cells[0])} holds "
                                 f"{len(numbers)} numbers", cells))
        elif known and len(island) > known[0]:
            out.append(violation("island-size", f"the island of {known[0]} at {name(cells[0])} has "
                                 f"{len(island)} cells", cells))
        elif closed and known and len(island) < known[0]:
            out.append(violation("island-size", f"the island of {known[0]} at {name(cells[0])} is "
                                 f"closed at {len(island)} cells", cells))
        elif closed and not numbers:
            out.append(violation("island-no-clue", f"the island at {name(cells[0])} is closed without "
                                 "a number", cells))
    return out


def _is_cell(x) -> bool:
    return isinstance(x, tuple) and len(x) == 2 and all(isinstance(v, int) for v in x)


def _edgematching(puzzle, d: Drawn) -> list[dict]:
    from ..puzzles.edgematching import BORDER, NEIGHBOURS, outward

    out = []
    seen: dict[int, list] = {}
    for sq, (p, _k) in sorted(d.placed.items()):
        seen.setdefault(p, []).append(sq)
    for p, squares in sorted(seen.items()):
        if len(squares) > 1:
            out.append(violation("piece-reused", f"piece {p} is placed {len(squares)} times", squares))
    for (r, c), (p, k) in sorted(d.placed.items()):
        tile = puzzle.tile(p, k)
        if not puzzle.rotation and k:
            out.append(violation("rotation-forbidden", f"piece {p} at {name((r, c))} is turned; this "
                                 "puzzle does not allow turning", [(r, c)]))
        hint = puzzle.hint_at(r, c)
        if hint is not None and (p != hint[0] or tile != puzzle.tile(*hint)):
            out.append(violation("hint-violated", f"square {name((r, c))} must hold piece {hint[0]}",
                                 [(r, c)]))
        faces = outward(puzzle.rows, puzzle.cols, r, c)
        if any((tile[side] == BORDER) != faces[side] for side in range(4)):
            out.append(violation("border", f"piece {p} at {name((r, c))}: the border colour must face "
                                 "the frame, and only there", [(r, c)]))
        for side, (dr, dc), other in NEIGHBOURS[1:3]:  # right and bottom joins, each join once
            nb = (r + dr, c + dc)
            if nb in d.placed and tile[side] != puzzle.tile(*d.placed[nb])[other]:
                out.append(violation("edge-mismatch", f"{name((r, c))} and {name(nb)} do not match",
                                     [(r, c), nb]))
    return out


def _hamiltonian(puzzle, d: Drawn) -> list[dict]:
    path = d.path
    if path and path[-1] == puzzle.end and len(path) < puzzle.free_count():
        missed = puzzle.free_count() - len(path)
        return [violation("wrong-end", f"the walk reached the end with {missed} cell(s) not visited",
                          [path[-1]])]
    return []
