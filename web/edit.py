"""The author's edits: ``POST /api/edit {kind, puzzle, state?, edit}`` -> the doc of the edited
puzzle (docs/serve.md has the ops).

Each kind applies an op in its own module (``web/kinds/<kind>.py``: ``edit(puzzle, d, op)``,
asked through ``web.kinds.feature``), building the new puzzle with the domain's constructors, so
an edited puzzle is a puzzle of the domain (its validators refuse what is not, one 400) and its
canonical text reads back as the same puzzle. The state drawn so far is kept where it still fits
the new puzzle. This module reads the request and gives the kinds' modules the checks they share:
an op's name, a size held to the page's limits (``harness.limits``), a cell of the grid, a grid
cropped or padded to a new size.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..harness.limits import check_page, limits
from ..puzzles import formats
from .document import document, kind_of
from .kinds import feature
from .sources import read_puzzle
from .states import BadInput, read_state


def edit_request(root: Path, payload: dict) -> dict:
    """The doc of the puzzle after the request's edit (``new`` needs no ``puzzle``)."""
    kind = kind_of(payload)
    if kind is None:
        raise BadInput("kind: name the kind of the puzzle to edit")
    op = payload.get("edit")
    if not isinstance(op, dict) or not isinstance(op.get("op"), str):
        raise BadInput('edit: expected an object {"op": ..., ...} (docs/serve.md lists the ops)')
    apply = feature(kind, "edit", "editing")
    if op["op"] == "new":
        puzzle, d, name = None, None, "new"
    else:
        text = payload.get("puzzle")
        puzzle = read_puzzle(text, kind)
        d = read_state(puzzle, payload.get("state"))
        name = _name(text)
    edited, kept = apply(puzzle, d, op)
    check_page(kind, edited.rows, edited.cols, "the editor")
    _reads_back(edited, name)
    return document(edited, name, kept)


def _reads_back(puzzle, name: str) -> None:
    """BadInput unless the puzzle's canonical text reads back as the same puzzle: the page sends
    that text with its next edit, so a text that reads otherwise would change the puzzle."""
    text = formats.format_puzzle(puzzle, name or None)
    entries = formats.parse_text(text, "<puzzle>", puzzle.kind) if text.strip() else []
    if len(entries) != 1 or entries[0].error is not None or entries[0].puzzle != puzzle:
        why = entries[0].error if len(entries) == 1 and entries[0].error else "it reads as another puzzle"
        raise BadInput(f"edit refused: the puzzle's canonical text would not read back ({why})")


def _name(text: Any) -> str:
    """The name the puzzle's canonical text gives in its header (kept through edits)."""
    entries = formats.parse_text(text, "<puzzle>")
    ident = entries[0].id if entries else ""
    return "" if ident.startswith("puzzle") else ident


def op_name(op: dict, kind: str, names: tuple[str, ...]) -> str:
    """The op's name, one the kind takes; BadInput naming those it takes otherwise."""
    name = op["op"]
    if name not in names:
        raise BadInput(f"edit op {name!r}: {kind} puzzles take {', '.join(names)}")
    return name


def integer(op: dict, key: str, low: int, high: int) -> int:
    """``op[key]``, an integer in [low, high]; BadInput otherwise."""
    v = op.get(key)
    if isinstance(v, bool) or not isinstance(v, int) or not low <= v <= high:
        raise BadInput(f"edit {key}: expected a whole number from {low} to {high}, got {v!r}")
    return v


def size(op: dict, kind: str) -> tuple[int, int]:
    """The op's ``rows`` x ``cols``, each at least the kind's smallest side, the whole within
    the page's limits (``TooLarge``, 413, naming the limit)."""
    low = limits(kind).min_side
    rows, cols = integer(op, "rows", low, 1000), integer(op, "cols", low, 1000)
    check_page(kind, rows, cols, "the editor")
    return rows, cols


def cell(op: dict, rows: int, cols: int, key: str = "cell") -> tuple[int, int]:
    """The op's ``[row, col]`` (0-based), a cell of the rows x cols grid; BadInput otherwise."""
    v = op.get(key)
    if (not isinstance(v, list) or len(v) != 2 or not all(type(x) is int for x in v)
            or v[0] not in range(rows) or v[1] not in range(cols)):
        raise BadInput(f"edit {key}: expected [row, col] of the {rows}x{cols} grid (0-based), got {v!r}")
    return v[0], v[1]


def resized(values, rows: int, cols: int, fill=None) -> tuple[tuple, ...]:
    """A grid of values cropped or padded (with ``fill``) to rows x cols, keeping what fits."""
    old_rows, old_cols = len(values), len(values[0]) if values else 0
    return tuple(tuple(values[r][c] if r < old_rows and c < old_cols else fill for c in range(cols))
                 for r in range(rows))


def set_cell(values, at: tuple[int, int], value) -> tuple[tuple, ...]:
    """The grid with ``value`` at the cell ``at``."""
    return tuple(tuple(value if (r, c) == at else v for c, v in enumerate(row))
                 for r, row in enumerate(values))


def domain(build, *args, **kwargs):
    """The domain's constructor called on an edit; its refusal (``ValueError``) as a BadInput
    saying the edit would make no valid puzzle."""
    try:
        return build(*args, **kwargs)
    except ValueError as exc:
        raise BadInput(f"edit refused: {exc}") from None


def clue_grid(puzzle, op: dict, kind: str, build, clues_of, read_value):
    """``new`` / ``resize`` / ``clue`` on a puzzle that is a grid of clues (Slitherlink's and
    Nurikabe's numbers, Masyu's pearls): the edited puzzle. ``build(rows, cols, grid)`` is the
    domain's constructor, ``clues_of(puzzle)`` its grid, ``read_value(value, puzzle)`` a clue's
    value checked (BadInput) and turned into the domain's."""
    what = op_name(op, kind, ("new", "resize", "clue"))
    if what in ("new", "resize"):
        rows, cols = size(op, kind)
        return domain(build, rows, cols, resized(clues_of(puzzle) if what == "resize" else (), rows, cols))
    value = read_value(op.get("value"), puzzle)
    at = cell(op, puzzle.rows, puzzle.cols)
    return domain(build, puzzle.rows, puzzle.cols, set_cell(clues_of(puzzle), at, value))
