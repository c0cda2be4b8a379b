"""Writing puzzles and solutions: the output formats every kind has (text, canonical, json, svg)
and the ones a kind declares in its ``CAPABILITIES``, under one ``write`` that refuses a format a
kind lacks by naming the ones it has."""

from __future__ import annotations

import json

from .. import kinds
from .common import Capabilities, FormatError, Writer


def capabilities(kind: str) -> Capabilities:
    """The formats ``kind`` declares beyond the canonical text."""
    return kinds.formats(kind).CAPABILITIES


def writers(kind: str) -> dict[str, Writer]:
    """Every output format of a kind: name -> ``writer(puzzle, solution=None, ident=None) -> str``."""
    out: dict[str, Writer] = {"text": _text, "canonical": _canonical, "json": _json, "svg": _svg}
    for name, fn in capabilities(kind).writers.items():
        out[name] = lambda puzzle, solution=None, ident=None, fn=fn: fn(puzzle, solution)
    return out


def write(fmt: str, puzzle, solution=None, ident: str | None = None) -> str:
    """A puzzle (and a solution) in output format ``fmt``, without a final newline; a format the
    kind lacks raises FormatError naming the formats it has."""
    found = writers(puzzle.kind)
    if fmt not in found:
        raise FormatError(f"{puzzle.kind} puzzles are written as: {', '.join(found)} (not {fmt!r})")
    return found[fmt](puzzle, solution, ident).rstrip("\n")


def _text(puzzle, solution=None, ident=None) -> str:
    from .. import render

    return render.text(puzzle, solution)


def _svg(puzzle, solution=None, ident=None) -> str:
    from .. import render

    return render.svg(puzzle, solution)


def _canonical(puzzle, solution=None, ident=None) -> str:
    fmod = kinds.formats(puzzle.kind)
    if solution is None:
        return fmod.format_puzzle(puzzle, ident)
    return fmod.format_solution(puzzle, solution, ident)


def _json(puzzle, solution=None, ident=None) -> str:
    text = kinds.formats(puzzle.kind).format_puzzle(puzzle)
    return json.dumps({"kind": puzzle.kind, "id": ident, "puzzle": text,
                       "solution": solution.to_json() if solution is not None else None})
