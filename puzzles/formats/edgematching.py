"""Edge matching formats.

* **canonical text**: header ``edgematching ROWSxCOLS [id]``, then optionally ``rotation yes|no``
  (default yes), zero or more ``hint piece=P row=R col=C rotation=K`` lines (row and column
  1-based, as Eternity II names squares), then one piece per line ``TOP RIGHT BOTTOM LEFT`` (piece
  1 first); a solved puzzle adds a line ``solution`` and ROWS lines of COLS ``piece/rotation``
  tokens (``piece`` alone = rotation 0).
* **plain piece lists** (the data folder: Eternity II's ``e2pieces.txt`` and clue puzzles, Brendan
  Owen's sets): one piece per line, 4 integers, 0 = border, optional first line ``ROWS COLS``.
  Without it the board size follows from the piece counts (4 corners, e border pieces:
  rows + cols = e / 2 + 4, rows * cols = pieces; rows <= cols). Recognised without ``--kind`` only
  when the file can be nothing else (pieces with at most two adjacent zeros, exactly four corners,
  counts that fit a board); ``--kind edgematching`` reads any piece list and says what is wrong.
  Rotation is allowed (Eternity II rules) unless ``--no-rotation`` says otherwise.
* **the official Eternity II set** (``e2pieces.txt``, recognised by its 256 pieces in published
  order) is read with its mandatory starter piece fixed (piece 139 on I8, turned twice);
  ``--hints`` adds the four clue-puzzle hint pieces, ``--no-hints`` drops every fixed piece.
* **the seed's boxed layout** (``+----+``, ``| 05 |``, ``|00 0012 03|``, ``<deb>`` markers; see
  ``puzzles.render.edgematching``): read back (each board: its pieces by tile id, and the board as
  a solution when it is one) and written by ``solve --format seed``.
* **JSON**: solutions ``{"placements": [[piece, rotation], ...]}`` (or a gridsolve JSON result);
  puzzles travel in JSON Lines records ``{"kind": "edgematching", "puzzle": "<canonical text>"}``.
"""

from __future__ import annotations

import hashlib
import re

from ..edgematching import KIND, MAX_SIDE, EdgeMatchingPuzzle, EdgeMatchingSolution
from ..render.edgematching import seed_layout
from . import common
from .common import Capabilities, Entry, FormatError, check_dimensions, parse_size, solution_from_json

_INT_RE = re.compile(rf"^\s*{common.NUMBER}(\s+{common.NUMBER})*\s*$")
_HINT_RE = re.compile(
    rf"^hint\s+piece=({common.NUMBER})\s+row=({common.NUMBER})\s+col=({common.NUMBER})\s+rotation=({common.NUMBER})\s*$")

# The official Eternity II set: sha256 of its pieces -> (mandatory fixed pieces, clue hints);
# (row, col, piece, rotation), 0-based squares (reference notes: I8 = row 9, column 8).
OFFICIAL = {
    "d9c28e3d09735a2a": ("Eternity II", ((8, 7, 139, 2),),
                         ((13, 2, 181, 3), (2, 13, 255, 3), (13, 13, 249, 0), (2, 2, 208, 3))),
}


def signature(tiles) -> str:
    s = ";".join(",".join(map(str, t)) for t in tiles)
    return hashlib.sha256(s.encode()).hexdigest()[:16]


def _make(rows, cols, tiles, rotation=True, hints=()) -> EdgeMatchingPuzzle:
    check_dimensions(rows, cols, MAX_SIDE)
    if rows < 2 or cols < 2:
        raise FormatError(f"impossible size {rows}x{cols} (each side must be at least 2)")
    try:
        return EdgeMatchingPuzzle(rows, cols, tuple(tiles), rotation, tuple(sorted(hints)))
    except ValueError as exc:
        raise FormatError(str(exc)) from None


def _piece(line: str, no: int | None) -> tuple[int, int, int, int]:
    toks = line.split()
    if len(toks) != 4 or not all(common.is_number(t) for t in toks):
        raise FormatError(f"expected a piece 'TOP RIGHT BOTTOM LEFT' (4 numbers), got {line.strip()!r}",
                          line=no)
    return tuple(int(t) for t in toks)  # type: ignore[return-value]


# ---------------------------------------------------------------- canonical text


def format_puzzle(puzzle: EdgeMatchingPuzzle, ident: str | None = None) -> str:
    head = f"{KIND} {puzzle.rows}x{puzzle.cols}" + (f" {ident}" if ident else "")
    lines = [head, f"rotation {'yes' if puzzle.rotation else 'no'}"]
    lines += [f"hint piece={p} row={r + 1} col={c + 1} rotation={k}" for r, c, p, k in puzzle.hints]
    lines += [" ".join(map(str, t)) for t in puzzle.tiles]
    return "\n".join(lines) + "\n"


def format_solution(puzzle: EdgeMatchingPuzzle, solution: EdgeMatchingSolution,
                    ident: str | None = None) -> str:
    body = [" ".join(_token(*solution.at(r, c)) for c in range(puzzle.cols)) for r in range(puzzle.rows)]
    return format_puzzle(puzzle, ident) + "solution\n" + "\n".join(body) + "\n"


def _token(p: int, k: int) -> str:
    return f"{p}/{k}" if k else str(p)


def parse_block(rows: int, cols: int, rest: list[str], lines: list[str], first_line: int):
    check_dimensions(rows, cols, MAX_SIDE)
    rotation, hints, tiles = True, [], []
    sol_lines: list[tuple[int, str]] | None = None
    for i, raw in enumerate(lines):
        no, s = first_line + i, raw.strip()
        if sol_lines is not None:
            sol_lines.append((no, s))
        elif s.startswith("rotation"):
            val = s.split()[1:] or [""]
            if tiles or hints or val[0] not in ("yes", "no"):
                raise FormatError("expected 'rotation yes' or 'rotation no' before the pieces", line=no)
            rotation = val[0] == "yes"
        elif s.startswith("hint"):
            m = _HINT_RE.match(s)
            if not m or tiles:
                raise FormatError("expected 'hint piece=P row=R col=C rotation=K' before the pieces", line=no)
            p, r, c, k = map(int, m.groups())
            hints.append((r - 1, c - 1, p, k))
        elif s == "solution":
            sol_lines = []
        else:
            tiles.append(_piece(s, no))
    if len(tiles) != rows * cols:
        raise FormatError(f"a {rows}x{cols} board needs {rows * cols} pieces, got {len(tiles)}",
                          line=first_line)
    puzzle = _make(rows, cols, tiles, rotation, hints)
    if sol_lines is None:
        return puzzle, None
    return puzzle, _parse_grid(puzzle, sol_lines)


def _parse_grid(puzzle: EdgeMatchingPuzzle, lines: list[tuple[int, str]]) -> EdgeMatchingSolution:
    if len(lines) != puzzle.rows:
        raise FormatError(f"the solution needs {puzzle.rows} rows, got {len(lines)}",
                          line=lines[0][0] if lines else None)
    pairs = []
    for no, s in lines:
        toks = s.split()
        if len(toks) != puzzle.cols:
            raise FormatError(f"expected {puzzle.cols} 'piece/rotation' tokens, got {len(toks)}", line=no)
        for t in toks:
            m = re.fullmatch(rf"({common.NUMBER})(?:/([0-9]))?", t)
            if not m or not 1 <= int(m.group(1)) <= puzzle.n or int(m.group(2) or 0) > 3:
                raise FormatError(f"bad placement {t!r} (piece 1..{puzzle.n}, rotation 0..3)", line=no)
            pairs.append((int(m.group(1)), int(m.group(2) or 0)))
    return EdgeMatchingSolution.make(puzzle, pairs)


# ---------------------------------------------------------------- plain piece lists


def _content(text: str) -> list[tuple[int, str]]:
    return [(no, ln) for no, ln in enumerate(text.splitlines(), 1)
            if ln.strip() and not ln.lstrip().startswith("#")]


def infer_size(tiles) -> tuple[int, int]:
    """Board size from the counts of corner (two zeros) and border (one zero) pieces."""
    zeros = [sum(v == 0 for v in t) for t in tiles]
    n, e = len(tiles), zeros.count(1)
    if zeros.count(2) != 4 or e % 2:
        raise FormatError(f"cannot tell the board size ({zeros.count(2)} corner and {e} border pieces); "
                          "add a first line 'ROWS COLS'")
    s = e // 2 + 4  # rows + cols
    d = s * s - 4 * n
    root = int(d**0.5 + 0.5) if d >= 0 else -1
    if root < 0 or root * root != d or (s - root) % 2:
        raise FormatError(f"{n} pieces with {e} border pieces fit no rectangular board; "
                          "add a first line 'ROWS COLS'")
    return (s - root) // 2, (s + root) // 2


def _plain(text: str) -> tuple[int, int, list]:
    lines = _content(text)
    if not lines:
        raise FormatError("no pieces")
    rows = cols = None
    first = lines[0][1].split()
    if len(first) == 2 and all(common.is_number(t) for t in first):
        rows, cols = int(first[0]), int(first[1])
        lines = lines[1:]
    tiles = [_piece(ln, no) for no, ln in lines]
    if rows is None or cols is None:  # (both or neither)
        rows, cols = infer_size(tiles)
    elif len(tiles) != rows * cols:
        raise FormatError(f"the first line says {rows}x{cols} ({rows * cols} pieces), {len(tiles)} given",
                          line=1)
    return rows, cols, tiles


def _plausible(tiles) -> bool:
    for t in tiles:
        z = [v == 0 for v in t]
        if sum(z) > 2 or (sum(z) == 2 and (z[0] == z[2])):
            return False
    return True


def sniff(text: str) -> bool:
    lines = _content(text)
    if not lines:
        return False
    if "<deb>" in text or (re.match(r"^\s*\+(-{4}\+)+\s*$", lines[0][1]) and _SEED_MID.search(text)):
        return True
    body = lines[1:] if len(lines[0][1].split()) == 2 else lines
    if len(body) < 4 or not all(_INT_RE.match(ln) and len(ln.split()) == 4 for _, ln in body):
        return False
    if not all(_INT_RE.match(ln) for _, ln in lines):
        return False
    try:
        rows, cols, tiles = _plain(text)
    except FormatError:
        return False
    return len(body) != len(lines) or _plausible(tiles)


def parse_document(text: str, source: str, stem: str) -> list[Entry]:
    if "<deb>" in text or _SEED_MID.search(text):
        return parse_seed_layout(text, source, stem)
    return parse_plain(text, source, stem)


def parse_plain(text: str, source: str, stem: str) -> list[Entry]:
    try:
        rows, cols, tiles = _plain(text)
        official = OFFICIAL.get(signature(tiles))
        hints = official[1] if official and (rows, cols) == (16, 16) else ()
        puzzle = _make(rows, cols, tiles, True, hints)
    except FormatError as exc:
        raise exc.at(source) from None
    return [Entry(stem, KIND, puzzle, source=source)]


def adjust(puzzle: EdgeMatchingPuzzle, *, rotation: bool | None = None, hints: bool | None = None):
    """The puzzle under the command line's ``--rotation/--no-rotation`` and ``--hints/--no-hints``:
    rotation forced on or off; no fixed pieces at all, or the known hint pieces added (for the
    official Eternity II set, the four clue-puzzle hints)."""
    new_hints = puzzle.hints
    if hints is False:
        new_hints = ()
    elif hints is True:
        official = OFFICIAL.get(signature(puzzle.tiles))
        if official and (puzzle.rows, puzzle.cols) == (16, 16):
            new_hints = tuple(sorted(set(puzzle.hints) | set(official[1]) | set(official[2])))
    try:
        return puzzle.with_changes(rotation=rotation, hints=new_hints)
    except ValueError as exc:
        raise FormatError(str(exc)) from None


def from_size(size: str) -> EdgeMatchingPuzzle:
    """``RxC`` (or ``N``): the Eternity-II-style board of that size with default colours, seed 0."""
    from ..generators.edgematching import e2_style

    s = size.strip()
    rows, cols = (int(s), int(s)) if common.is_number(s) else parse_size(s)
    check_dimensions(rows, cols, MAX_SIDE)
    try:
        return e2_style(rows, cols, seed=0)[0]
    except ValueError as exc:
        raise FormatError(str(exc)) from None


# ---------------------------------------------------------------- the seed's boxed layout

_SEED_MID = re.compile(rf"^\s*\|\s*{common.NUMBER} [0-9]{{4}} {common.NUMBER}\s*\|", re.M)
_DRAWN_PIECE = re.compile(rf"{common.NUMBER}/[0-9]")
_SEP = re.compile(r"^\s*\+(-{4}\+)+\s*$")


def parse_seed_boards(text: str) -> list[tuple[int, list[list[tuple[int, tuple[int, int, int, int]]]], int]]:
    """Boards of the seed's layout: (first line, rows of (tile id, displayed tile), columns). Boards
    are apart by ``<deb>`` markers (by blank lines in a text without markers)."""
    boards, cur, start = [], [], 0
    lines = text.splitlines()
    marked = any(ln.lstrip().startswith("<") for ln in lines)  # then markers alone part boards

    def close():
        if cur:
            boards.append((start, cur[:]))
            cur.clear()

    i = 0
    after_row = True  # the last non-blank line closed a board row (or nothing came yet)
    while i < len(lines):
        if _SEP.match(lines[i]) and i + 3 < len(lines) and _SEED_MID.match(lines[i + 2]):
            if not cur:
                start = i + 1
            top = [int(x) for x in re.findall(common.NUMBER, lines[i + 1])]
            mid = [int(x) for x in re.findall(common.NUMBER, lines[i + 2])]
            bot = [int(x) for x in re.findall(common.NUMBER, lines[i + 3])]
            cols = len(top)
            if len(mid) != 3 * cols or len(bot) != cols:
                raise FormatError("a board row of the seed's layout has mismatched lines", line=i + 1)
            cur.append([(mid[3 * c + 1], (top[c], mid[3 * c + 2], bot[c], mid[3 * c])) for c in range(cols)])
            i += 4
            after_row = True
            continue
        blank = not lines[i].strip()
        if lines[i].lstrip().startswith("<") or (blank and not marked and after_row):
            close()  # a blank line inside a damaged row stays in its board: one item, one error
        if not blank:
            after_row = bool(_SEP.match(lines[i]))
        i += 1
    close()
    return [(s, b, len(b[0])) for s, b in boards]


def parse_seed_layout(text: str, source: str, stem: str) -> list[Entry]:
    from ..check.edgematching import check

    out = []
    try:
        boards = parse_seed_boards(text)
    except FormatError as exc:
        raise exc.at(source) from None
    if not boards:
        raise FormatError("no board in the seed's layout found", source)
    for n, (line, grid, cols) in enumerate(boards, 1):
        ident = stem if len(boards) == 1 else f"{stem}#{n}"
        try:
            if any(len(row) != cols for row in grid):
                raise FormatError("board rows of different widths", line=line)
            cells = [x for row in grid for x in row]
            ids = sorted(i for i, _ in cells)
            if ids != list(range(len(cells))):
                raise FormatError("tile ids must be 0..n-1, each once", line=line)
            tiles = [t for _, t in sorted(cells)]
            puzzle = _make(len(grid), cols, tiles, True)
            sol = EdgeMatchingSolution.make(puzzle, [(i + 1, 0) for i, _ in cells])
            out.append(Entry(ident, KIND, puzzle, None if check(puzzle, sol) else sol, source=source))
        except FormatError as exc:
            out.append(Entry(ident, KIND, error=str(exc.at(source, line)), source=source))
    return out


# ---------------------------------------------------------------- solutions


def parse_solution(puzzle: EdgeMatchingPuzzle, text: str) -> EdgeMatchingSolution:
    """``{"placements": ...}`` JSON or a gridsolve JSON result, canonical text (with or without
    its header and pieces), a bare grid of ``piece/rotation`` tokens, the text drawing, or the
    seed's layout."""
    s = text.strip()
    if not s:
        raise FormatError("empty solution")
    if s.startswith("{"):
        return solution_from_json(s, lambda obj: EdgeMatchingSolution.from_json(puzzle, obj))
    if _SEED_MID.search(s):
        boards = parse_seed_boards(s)
        _, grid, cols = boards[-1]
        if (len(grid), cols) != (puzzle.rows, puzzle.cols):
            raise FormatError(f"the board is {len(grid)}x{cols}, the puzzle {puzzle.size}")
        return _match_displayed(puzzle, [x for row in grid for x in row])
    if s.startswith("+-"):  # the text drawing: each row's middle line holds its piece/rotation tokens
        rows = [(no, " ".join(_DRAWN_PIECE.findall(ln)))
                for no, ln in enumerate(s.splitlines(), 1) if "/" in ln]
        return _parse_grid(puzzle, rows)
    lines = _content(s)
    if any(ln.strip() == "solution" for _, ln in lines):
        idx = next(i for i, (_, ln) in enumerate(lines) if ln.strip() == "solution")
        lines = lines[idx + 1:]
    return _parse_grid(puzzle, [(no, ln.strip()) for no, ln in lines])


def _match_displayed(puzzle, cells) -> EdgeMatchingSolution:
    """Seed-layout cells (id, displayed tile) -> placements: piece id + 1, the rotation that shows
    the listed piece as displayed."""
    pairs = []
    for i, shown in cells:
        p = i + 1
        if not 1 <= p <= puzzle.n:
            raise FormatError(f"tile id {i} is not a piece of the puzzle")
        k = next((k for k in range(4) if puzzle.tile(p, k) == shown), None)
        if k is None:
            raise FormatError(f"tile {i:04d} is shown as {shown}, which no rotation of piece {p} gives")
        pairs.append((p, k))
    return EdgeMatchingSolution.make(puzzle, pairs)


CAPABILITIES = Capabilities(writers={"seed": seed_layout}, sniff=sniff, parse_document=parse_document,
                            parse_plain=parse_plain, from_size=from_size, adjust=adjust)
