"""Renderers, one module per kind, each exposing ``text(puzzle, solution=None) -> str`` and
``svg(puzzle, solution=None) -> str``, and ``marked(puzzle, fixed, unknown)`` /
``marked_svg``: the elements every solution shares and those where they differ (explain)."""

from __future__ import annotations

from .. import kinds


def text(puzzle, solution=None) -> str:
    return kinds.render(puzzle.kind).text(puzzle, solution)


def svg(puzzle, solution=None) -> str:
    return kinds.render(puzzle.kind).svg(puzzle, solution)
