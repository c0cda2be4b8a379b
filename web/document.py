"""The answers' common parts: the ``doc`` of a puzzle and a state (docs/serve.md), and reading
the puzzle, the kind and the state a request names."""

from __future__ import annotations

from ..puzzles import formats, kinds
from .drawing import geometry, picture
from .kinds import web_kind
from .sources import read_puzzle
from .states import BadInput, Drawn, edge_ref, read_state, write_state
from .verdict import verdict


def document(puzzle, name: str = "", d: Drawn | None = None, given: Drawn | None = None) -> dict:
    """The ``doc`` of a puzzle and a state (default: the empty state); ``given``: a state the
    source carries (a corpus file's solution, a generator's planted one), sent beside it."""
    d = d if d is not None else read_state(puzzle, None)
    v = verdict(puzzle, d)
    out = {"kind": puzzle.kind, "puzzle": formats.format_puzzle(puzzle, name or None), "name": name,
           "rows": puzzle.rows, "cols": puzzle.cols, "state": write_state(puzzle, d),
           "svg": picture(puzzle, d, violations=v["violations"]), "geometry": geometry(puzzle),
           "verdict": v, "given": write_state(puzzle, given) if given is not None else None}
    extra = getattr(web_kind(puzzle.kind), "extra", None)  # the kind's own fields, where it has any
    return {**out, **(extra(puzzle) if extra is not None else {})}


def answer(puzzle, d: Drawn, highlight: dict | None = None, **extra) -> dict:
    """A new state with its verdict and picture (``highlight`` marked), and ``extra`` fields."""
    v = verdict(puzzle, d)
    return {**extra, "state": write_state(puzzle, d), "verdict": v,
            "svg": picture(puzzle, d, highlight=highlight, violations=v["violations"])}


def entry(rule: str, message: str, cells=(), edges=()) -> dict:
    """A hint or a log line: the rule, what it says, the cells and (grid) edges it decides."""
    return {"rule": rule, "message": message, "cells": [list(c) for c in cells],
            "edges": [edge_ref(e) for e in edges]}


def kind_of(payload: dict) -> str | None:
    """The kind a request names (None when it names none), one the page has a module for:
    ``UnknownKind`` / ``NoWebModule`` (400) otherwise, before anything else is read."""
    if payload.get("kind") is None:
        return None
    kind = kinds.normalize(payload["kind"])
    web_kind(kind)
    return kind


def puzzle_of(payload: dict):
    """The puzzle of a request (its canonical text in ``puzzle``, of ``kind`` when given)."""
    return read_puzzle(payload.get("puzzle"), kind_of(payload))


def state_of(payload: dict, key: str = "state"):
    """(the puzzle, the state ``payload[key]`` of it; the empty state when absent)."""
    puzzle = puzzle_of(payload)
    return puzzle, read_state(puzzle, payload.get(key))


def number(payload: dict, key: str, default: float, low: float, high: float) -> float:
    """``payload[key]``, a number in [low, high] (``default`` when absent); BadInput otherwise."""
    v = payload.get(key, default)
    if v is None:
        return default
    if isinstance(v, bool) or not isinstance(v, int | float) or not low <= v <= high:
        raise BadInput(f"{key}: expected a number from {low:g} to {high:g}, got {v!r}")
    return float(v)
