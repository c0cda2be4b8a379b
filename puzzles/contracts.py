"""The contracts between the layers, as ``typing.Protocol``s (DESIGN.md, "The contract every
backend keeps"). tests/project/test_contracts.py checks every kind's modules and every registry entry
against them.

A kind is four domain modules: ``puzzles.<kind>`` (the frozen puzzle and solution types),
``puzzles.formats.<kind>`` (``KindFormats``), ``puzzles.check.<kind>`` (``KindChecker``) and
``puzzles.render.<kind>`` (``KindRenderer``). A backend is a ``BackendFunction``; a count-only mode
has the same shape and sets ``SolveResult.total``.
"""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

from .solving import Limit, SolveResult


@runtime_checkable
class Puzzle(Protocol):
    """A frozen puzzle: its kind and size; ``rows * cols`` cells."""

    kind: str
    rows: int
    cols: int


@runtime_checkable
class Solution(Protocol):
    """A frozen, hashable, canonical solution; ``to_json`` gives the JSON form of DESIGN.md."""

    def to_json(self) -> dict[str, Any]: ...


@runtime_checkable
class KindFormats(Protocol):
    """``puzzles.formats.<kind>``: the canonical text both ways, solutions in every form the
    kind's output formats write, and the optional formats it declares (``CAPABILITIES``)."""

    KIND: str
    CAPABILITIES: Any  # puzzles.formats.common.Capabilities

    def parse_block(self, rows: int, cols: int, rest: list[str], lines: list[str],
                    first_line: int) -> tuple[Any, Any]: ...

    def format_puzzle(self, puzzle: Any, ident: str | None = None) -> str: ...

    def format_solution(self, puzzle: Any, solution: Any, ident: str | None = None) -> str: ...

    def parse_solution(self, puzzle: Any, text: str) -> Any: ...


@runtime_checkable
class KindChecker(Protocol):
    """``puzzles.check.<kind>``: the independent referee (empty list = valid)."""

    def check(self, puzzle: Any, solution: Any) -> list: ...


@runtime_checkable
class KindRenderer(Protocol):
    """``puzzles.render.<kind>``: a text drawing and a standalone SVG picture; ``marked`` /
    ``marked_svg``: the elements every solution uses (``fixed``) and those they disagree on."""

    def text(self, puzzle: Any, solution: Any = None) -> str: ...

    def svg(self, puzzle: Any, solution: Any = None) -> str: ...

    def marked(self, puzzle: Any, fixed: Any, unknown: Any) -> str: ...

    def marked_svg(self, puzzle: Any, fixed: Any, unknown: Any) -> str: ...


class BackendFunction(Protocol):
    """``solve(puzzle, limit, **options) -> SolveResult``: never prints; the options are the
    ones its registry entry declares."""

    def __call__(self, puzzle: Any, limit: Limit, /, **options: Any) -> SolveResult: ...


class OptionCheck(Protocol):
    """Checks a backend's option values before any solving; raises ValueError (FormatError for
    an unreadable file)."""

    def __call__(self, options: dict[str, Any], /) -> None: ...
