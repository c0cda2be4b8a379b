"""What every format module shares: the error type, the parsed-entry record, the canonical block
header, and small token helpers."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any


class FormatError(ValueError):
    """Bad input. ``str(err)`` is the one line shown to the user: ``source:line: message``."""

    def __init__(self, message: str, source: str | None = None, line: int | None = None):
        self.message = message
        self.source = source
        self.line = line
        super().__init__(str(self))

    def __str__(self) -> str:
        where = ""
        if self.source:
            where = f"{self.source}:{self.line}: " if self.line else f"{self.source}: "
        elif self.line:
            where = f"line {self.line}: "
        return where + self.message

    def at(self, source: str | None = None, line: int | None = None) -> FormatError:
        """The same error placed in a file (keeps a more precise place already known)."""
        return FormatError(self.message, self.source or source, self.line or line)


@dataclass(frozen=True)
class Entry:
    """One puzzle read from an input. ``error`` is set (and ``puzzle`` None) when this item was
    malformed: a multi-puzzle input reports it and goes on with the others."""

    id: str
    kind: str
    puzzle: Any = None
    solution: Any = None  # a solution given with the puzzle (corpus files, solved drawings)
    error: str | None = None
    source: str = ""
    warning: str | None = None  # e.g. a malformed given solution: the puzzle itself is fine

    @property
    def ok(self) -> bool:
        return self.error is None


HEADER_RE = re.compile(r"^(?P<kind>[a-z]+)\s+(?P<rows>\d+)\s*x\s*(?P<cols>\d+)(?:\s+(?P<rest>.*))?$")


def parse_size(text: str, what: str = "size") -> tuple[int, int]:
    """``RxC`` (rows x columns) -> (rows, cols)."""
    m = re.fullmatch(r"\s*(\d+)\s*[xX]\s*(\d+)\s*", text)
    if not m:
        raise FormatError(f"{what} {text!r} is not ROWSxCOLS")
    return int(m.group(1)), int(m.group(2))


def split_blocks(text: str) -> list[tuple[int, list[str]]]:
    """Split text into blocks of non-blank lines separated by blank lines; ``#`` comment lines are
    dropped. Returns (first line number, lines) per block."""
    blocks: list[tuple[int, list[str]]] = []
    cur: list[str] = []
    start = 0
    for no, raw in enumerate(text.splitlines(), 1):
        line = raw.rstrip()
        if line.lstrip().startswith("#"):
            continue
        if not line.strip():
            if cur:
                blocks.append((start, cur))
                cur = []
            continue
        if not cur:
            start = no
        cur.append(line)
    if cur:
        blocks.append((start, cur))
    return blocks


def check_dimensions(rows: int, cols: int, max_side: int) -> None:
    if not (1 <= rows <= max_side and 1 <= cols <= max_side):
        raise FormatError(f"impossible size {rows}x{cols} (each side must be 1..{max_side})")


def solution_from_json(text: str, from_json):
    """A solution written as JSON -- the kind's own object or a gridsolve JSON result (its first
    solution) -- built by ``from_json(obj)``; every problem is a ``FormatError``. ``text`` starts
    with ``{``; a result may be followed by more lines (``--format json`` prints one per line)."""
    try:
        obj = json.loads(text.splitlines()[0] if "\n" in text and not text.endswith("}") else text)
    except json.JSONDecodeError as exc:
        raise FormatError(f"invalid JSON solution ({exc.msg})") from None
    if isinstance(obj, dict) and "solutions" in obj:
        if not obj["solutions"]:
            raise FormatError("the JSON result holds no solution")
        obj = obj["solutions"][0]
    try:
        return from_json(obj)
    except ValueError as exc:
        raise FormatError(str(exc)) from None
