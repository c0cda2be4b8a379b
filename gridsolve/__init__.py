"""gridsolve: grid logic puzzles solved three ways that must agree.

The public API (docs/api.md)::

    p = gridsolve.read("https://puzz.link/p?slither/5/5/cbcbcddad")
    r = gridsolve.count(p)               # r.exhausted and r.count == 1: unique
    gridsolve.check(p, r.solutions[0])   # [] = valid
    print(gridsolve.render(p, r.solutions[0]))
    e = gridsolve.explain(p)             # e.fixed: what every solution shares (docs/explain.md)

Importing gridsolve is cheap: the domain layer loads on first use, a backend's solver library
when the backend first runs. Bad input raises ``ValueError``: ``FormatError`` for input that does
not read, ``UnknownKind``, ``UnknownBackend``, ``UnknownOption``.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # never run: relative to this folder, so a type checker finds the layers on disk
    from ..harness.registry import Backend, UnknownBackend, UnknownOption
    from ..puzzles.check import Violation
    from ..puzzles.formats import FormatError
    from ..puzzles.kinds import UnknownKind
    from ..puzzles.solving import Limit, SolveResult, Status
    from .explanations import explain

__all__ = [
    "read", "solve", "count", "check", "render", "explain", "backends", "kinds",
    "Status", "Limit", "SolveResult", "Backend", "Violation",
    "FormatError", "UnknownKind", "UnknownBackend", "UnknownOption",
]

# name -> module holding it, imported on first access
_LAZY = {
    "Status": "gridsolve.puzzles.solving", "Limit": "gridsolve.puzzles.solving",
    "SolveResult": "gridsolve.puzzles.solving", "Violation": "gridsolve.puzzles.check",
    "FormatError": "gridsolve.puzzles.formats", "UnknownKind": "gridsolve.puzzles.kinds",
    "Backend": "gridsolve.harness.registry", "UnknownBackend": "gridsolve.harness.registry",
    "UnknownOption": "gridsolve.harness.registry", "explain": "gridsolve.explanations",
}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        import importlib

        value = getattr(importlib.import_module(_LAZY[name]), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'gridsolve' has no attribute {name!r}")


def _layer(module: str) -> Any:
    """``gridsolve.<module>`` (a layer's module), imported on first use. By name: the layers install
    inside gridsolve but sit beside gridsolve/ on disk, so ``from .harness import ...`` would not
    resolve for a type checker (docs/architecture.md, "How imports resolve")."""
    import importlib

    return importlib.import_module(f"gridsolve.{module}")


def kinds() -> tuple[str, ...]:
    """The puzzle kinds gridsolve knows."""
    return _layer("puzzles.kinds").KINDS


def read(source: str | os.PathLike, kind: str | None = None, *, size: str | int | None = None,
         **settings: Any) -> Any:
    """The puzzle a source holds: a file path, the text itself, a puzz.link URL or a Loopy ID;
    a list of puzzles when the source holds several. ``read(KIND, size=N)`` is the kind's standard
    puzzle of that size (``"7"`` or ``"5x7"``). ``settings``: puzzle settings of kinds that have them
    (edge matching: ``rotation``, ``hints``). Raises FormatError naming the problem."""
    formats = _layer("puzzles.formats")
    domain = _layer("puzzles.kinds")

    if size is not None:
        puzzles = [formats.from_size(str(source), str(size))]
    else:
        text = os.fspath(source)
        if "\n" in text.strip():
            entries = formats.parse_text(text, "<text>", kind)
        else:
            entries = formats.read(text, kind)
        bad = [e for e in entries if not e.ok]
        if bad:
            raise formats.FormatError(bad[0].error)
        puzzles = [e.puzzle for e in entries]
    if kind is not None:
        wanted = domain.normalize(kind)
        for p in puzzles:
            if p.kind != wanted:
                raise formats.FormatError(f"input is {p.kind}, not {wanted}")
    puzzles = [formats.adjust(p, **settings) for p in puzzles]
    return puzzles[0] if len(puzzles) == 1 else puzzles


def solve(puzzle: Any, backend: str | None = None, *, timeout: float | None = None, limit: int = 1,
          **options: Any) -> SolveResult:
    """Solve with a backend (default: the kind's default), stopping after ``timeout`` seconds or
    at ``limit`` solutions (2 settles uniqueness). ``options``: those the backend declares
    (``backends()``). Every returned solution has passed the independent checker; a backend that
    fails gives status ``error`` with ``error`` set, it does not raise."""
    run = _layer("harness.run").run

    b, lim = _prepare(puzzle, backend, timeout, limit, options)
    return run(b, puzzle, lim, **options)


def count(puzzle: Any, *, limit: int = 2, backend: str | None = None,
          timeout: float | None = None) -> SolveResult:
    """Count solutions. ``r.count`` is the number found -- the exact count when ``r.exhausted``;
    ``r.solutions`` lists up to ``limit`` of them. A backend with a count-only mode (the
    Hamiltonian DP) counts every solution whatever the limit and lists none (``r.total``)."""
    count_solutions = _layer("harness.run").count

    b, lim = _prepare(puzzle, backend, timeout, limit, {})
    return count_solutions(b, puzzle, lim)


def check(puzzle: Any, solution: Any) -> list[Violation]:
    """The rules ``solution`` breaks (empty = valid), by the independent checker. ``solution`` is a
    solution object or text in any form ``gridsolve solve`` writes (drawing, JSON, canonical...)."""
    formats = _layer("puzzles.formats")
    referee = _layer("puzzles.check").check

    _kind_of(puzzle)
    if isinstance(solution, str):
        solution = formats.read_solution(puzzle, solution)
    elif getattr(solution, "kind", None) != puzzle.kind:
        raise TypeError(f"check: expected a {puzzle.kind} solution, got {type(solution).__name__}")
    return referee(puzzle.kind, puzzle, solution)


def render(puzzle: Any, solution: Any = None, format: str = "text") -> str:
    """The puzzle (and a solution) as text in an output format: text, canonical, json, svg, or one
    the kind has (``url``, ``pzprv3``, ...); FormatError names the formats for one it lacks."""
    formats = _layer("puzzles.formats")

    _kind_of(puzzle)
    return formats.write(format, puzzle, solution)


def backends(kind: str | None = None) -> list[Backend]:
    """The registry's entries (every kind, or one): name, description, declared options
    (``takes``), whether complete, ``available()`` here."""
    registry = _layer("harness.registry")

    return registry.for_kind(kind) if kind is not None else list(registry.rows())


def _kind_of(puzzle: Any) -> str:
    Puzzle = _layer("puzzles.contracts").Puzzle
    KINDS = _layer("puzzles.kinds").KINDS

    if not isinstance(puzzle, Puzzle) or puzzle.kind not in KINDS:
        raise TypeError(f"expected a puzzle (gridsolve.read gives one), got {type(puzzle).__name__}")
    return puzzle.kind


def _prepare(puzzle: Any, backend: str | None, timeout: float | None, limit: int,
             options: dict[str, Any]) -> tuple[Backend, Limit]:
    """The registry entry and the limit of a solve / count call; bad arguments raise ValueError."""
    registry = _layer("harness.registry")
    Limit = _layer("puzzles.solving").Limit

    b = registry.get(_kind_of(puzzle), backend)
    b.check_options(options)
    return b, Limit(seconds=timeout, solutions=limit)
