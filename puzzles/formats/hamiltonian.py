"""Hamiltonian path (one-way labyrinth) formats.

* **canonical text**: header ``hamiltonian ROWSxCOLS [id]``, then ROWS lines of COLS
  whitespace-separated tokens: ``.`` a free cell, ``X`` a blocked cell (``#`` is read too, but
  a line starting with ``#`` is a comment, so gridsolve writes ``X``), ``S`` the start, ``E``
  the end, and ``1 2 3 ...`` the pre-drawn prefix in walking order (``1`` is the start; ``S`` and
  ``1`` mean the same). When the numbers cover every free cell (the end being the last number,
  or an ``E`` next to it) the block is a solved puzzle: the puzzle without prefix, and the path.
  Rows without spaces (``S..X.``) are accepted when every token is one character.
* **text drawing** (what ``gridsolve solve`` prints, ``puzzles.render.hamiltonian``): cells
  ``S E X . o @`` (``#`` read as ``X``) joined by ``---`` and ``|``; read back the same way (a
  partial line from ``S`` is a prefix, a complete one a solution).
* **saved board states** of the labyrinth author's program (``../shared/data/hamiltonian/
  fodor-states``): ``n|1-1,1;<dirs>-x,y;...;<dirs>`` -- the size, then ``;``-separated tokens,
  each the list of directions the program allowed at the previous cell, ``-``, and the cell the
  line moved to (1-based, x = column, y = row); directions 0 = down, 1 = right, 2 = up, 3 = left;
  a last token without ``-`` lists the options at the live end. See ``FodorState``: the recorded
  options are kept for replaying the author's rules (``parse_fodor_state``).
* ``from_size("9")`` / ``from_size("9x9")`` / ``from_size("5x7")``: the empty grid, corner to
  corner (``gridsolve count hamiltonian --size 9``).
* solutions: ``{"path": [[r, c], ...]}`` (or a gridsolve JSON result), a canonical block or bare
  numbered grid, or a drawing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..hamiltonian import MAX_SIDE, HamiltonianPuzzle, HamiltonianSolution, path_from_edges
from ..render.hamiltonian import GLYPHS, drawing
from .common import (
    HEADER_RE,
    NUMBER,
    Capabilities,
    Entry,
    FormatError,
    check_dimensions,
    is_number,
    parse_size,
    solution_from_json,
    split_blocks,
)

KIND = "hamiltonian"
BLOCKED = "X"  # written for a blocked cell; "#" is read too (a line starting with "#" is a comment)

# ---------------------------------------------------------------- canonical text


def _grid_tokens(puzzle: HamiltonianPuzzle, path: tuple = ()) -> list[list[str]]:
    numbers = {cell: i + 1 for i, cell in enumerate(path)} if len(path) > 1 else {}
    rows = []
    for r in range(puzzle.rows):
        row = []
        for c in range(puzzle.cols):
            cell = (r, c)
            if cell in numbers:
                row.append(str(numbers[cell]))
            elif cell == puzzle.start:
                row.append("S")
            elif cell == puzzle.end:
                row.append("E")
            else:
                row.append(BLOCKED if cell in puzzle.blocked else ".")
        rows.append(row)
    return rows


def _grid_text(rows: list[list[str]]) -> str:
    width = max(len(t) for row in rows for t in row)
    return "\n".join(" ".join(t.rjust(width) for t in row) for row in rows)


def _head(puzzle: HamiltonianPuzzle, ident: str | None) -> str:
    return f"{KIND} {puzzle.rows}x{puzzle.cols}" + (f" {ident}" if ident else "")


def format_puzzle(puzzle: HamiltonianPuzzle, ident: str | None = None) -> str:
    return _head(puzzle, ident) + "\n" + _grid_text(_grid_tokens(puzzle, puzzle.prefix)) + "\n"


def format_solution(puzzle: HamiltonianPuzzle, solution: HamiltonianSolution,
                    ident: str | None = None) -> str:
    """The numbered grid of the whole path (every free cell numbered in walking order)."""
    return _head(puzzle, ident) + "\n" + _grid_text(_grid_tokens(puzzle, solution.path)) + "\n"


def numbers(puzzle: HamiltonianPuzzle, solution: HamiltonianSolution | None) -> str:
    """``solve --format numbers``: the numbered grid without header."""
    path = solution.path if solution is not None else puzzle.prefix
    return _grid_text(_grid_tokens(puzzle, path))




_GLYPH_LINKS = {g: set(k) for k, g in GLYPHS.items()}
_DRAW_CHARS = set("SE#X.@─") | set(_GLYPH_LINKS)


def _is_drawing(lines: list[str], rows: int) -> bool:
    return any(ch in _DRAW_CHARS - set("SE#X.") for ln in lines for ch in ln)


def parse_block(rows: int, cols: int, rest: list[str], lines: list[str], first_line: int):
    check_dimensions(rows, cols, MAX_SIDE)
    if _is_drawing(lines, rows):
        return parse_drawing(lines, rows, cols, first_line)
    return parse_numbered(lines, rows, cols, first_line)


def _row_tokens(line: str, cols: int, line_no: int) -> list[str]:
    toks = line.split()
    if len(toks) == 1 and len(toks[0]) == cols and cols > 1 and not is_number(toks[0]):
        toks = list(toks[0])
    if len(toks) != cols:
        raise FormatError(f"expected {cols} cell tokens, got {len(toks)}", line=line_no)
    for t in toks:
        if t not in (".", "#", BLOCKED, "S", "E") and not (is_number(t) and int(t) >= 1):
            raise FormatError(f"bad cell token {t!r} (use . X S E or a step number 1, 2, ...)", line=line_no)
    return toks


def parse_numbered(lines: list[str], rows: int, cols: int, first_line: int = 1):
    if len(lines) != rows:
        raise FormatError(f"expected {rows} rows of cells, got {len(lines)}", line=first_line)
    start = end = None
    blocked = set()
    numbered: dict[int, tuple[int, int]] = {}
    for r, line in enumerate(lines):
        no = first_line + r
        for c, t in enumerate(_row_tokens(line, cols, no)):
            cell = (r, c)
            if t in ("#", BLOCKED):
                blocked.add(cell)
            elif t in ("S", "E"):
                if (start if t == "S" else end) is not None:
                    raise FormatError(f"a second {t} cell at {cell}", line=no)
                if t == "S":
                    start = cell
                else:
                    end = cell
            elif is_number(t):
                k = int(t)
                if k in numbered:
                    raise FormatError(f"step number {k} appears twice", line=no)
                numbered[k] = cell
    if numbered:
        if sorted(numbered) != list(range(1, len(numbered) + 1)):
            missing = min(set(range(1, len(numbered) + 1)) - set(numbered))
            raise FormatError(f"step numbers must run 1, 2, ... without gaps (no {missing})", line=first_line)
        if start is not None:
            raise FormatError("both S and step number 1 given (they mean the same cell)", line=first_line)
        start = numbered[1]
    if start is None:
        raise FormatError("no start cell (S or 1)", line=first_line)
    path = tuple(numbered[k] for k in sorted(numbered))
    free = rows * cols - len(blocked)
    if end is None:
        if len(path) == free and path:
            end = path[-1]
        else:
            raise FormatError("no end cell (E)", line=first_line)
    try:
        if len(path) == free - 1 and end not in path:
            path = path + (end,)
        if len(path) == free and path and path[-1] == end:
            puzzle = HamiltonianPuzzle(rows, cols, start, end, frozenset(blocked))
            return puzzle, HamiltonianSolution(path)
        puzzle = HamiltonianPuzzle(rows, cols, start, end, frozenset(blocked), path if len(path) > 1 else ())
    except ValueError as exc:
        raise FormatError(str(exc), line=first_line) from None
    return puzzle, None


def parse_drawing(lines: list[str], rows: int, cols: int, first_line: int = 1):
    """Read a text drawing back (see ``puzzles.render.hamiltonian``): two characters per cell,
    the cell and its link to the right; vertical links come from the cells' glyphs."""
    if len(lines) != rows:
        raise FormatError(f"a {rows}x{cols} drawing has {rows} lines, got {len(lines)}", line=first_line)
    width = 2 * cols - 1
    start = end = None
    blocked: set = set()
    claims: dict = {}
    edges = set()
    for r, raw in enumerate(lines):
        no = first_line + r
        ln = raw.rstrip().ljust(width)
        if len(ln) > width:
            raise FormatError(f"drawing line longer than {width} characters", line=no)
        for c in range(cols):
            ch = ln[2 * c]
            if ch not in _DRAW_CHARS:
                raise FormatError(f"bad cell character {ch!r}", line=no)
            if ch in "SE":
                if (start if ch == "S" else end) is not None:
                    raise FormatError(f"a second {ch}", line=no)
                start, end = ((r, c), end) if ch == "S" else (start, (r, c))
            elif ch in ("#", BLOCKED):
                blocked.add((r, c))
            elif ch in _GLYPH_LINKS:
                claims[(r, c)] = _GLYPH_LINKS[ch]
                if "D" in claims[(r, c)]:
                    edges.add(((r, c), (r + 1, c)))
                if "U" in claims[(r, c)]:
                    edges.add(((r - 1, c), (r, c)))
            if c + 1 < cols:
                link = ln[2 * c + 1]
                if link == "─":
                    edges.add(((r, c), (r, c + 1)))
                elif link != " ":
                    raise FormatError(f"bad link {link!r} between cells", line=no)
    if start is None or end is None:
        raise FormatError("a drawing needs an S and an E cell", line=first_line)
    for a, b in edges:
        if not (0 <= a[0] and b[0] < rows) or a in blocked or b in blocked:
            raise FormatError(f"a link leaves the grid or enters a blocked cell at {a}", line=first_line)
    for cell, want in claims.items():
        have = {d for d, n in zip("URDL", ((-1, 0), (0, 1), (1, 0), (0, -1)), strict=True)
                if tuple(sorted((cell, (cell[0] + n[0], cell[1] + n[1])))) in edges}
        if have != want:
            raise FormatError(f"cell {cell}: its glyph does not match its links", line=first_line + cell[0])
    try:
        path = path_from_edges(start, edges) if edges else (start,)
    except ValueError as exc:
        raise FormatError(str(exc), line=first_line) from None
    if len(path) - 1 != len(edges):
        raise FormatError("the drawn lines are not one path from S", line=first_line)
    try:
        free = rows * cols - len(blocked)
        if len(path) == free and path[-1] == end:
            return HamiltonianPuzzle(rows, cols, start, end, frozenset(blocked)), HamiltonianSolution(path)
        prefix = path if len(path) > 1 else ()
        return HamiltonianPuzzle(rows, cols, start, end, frozenset(blocked), prefix), None
    except ValueError as exc:
        raise FormatError(str(exc), line=first_line) from None


def text_drawing(puzzle: HamiltonianPuzzle, solution: HamiltonianSolution | None) -> str:
    return drawing(puzzle, solution.path if solution else puzzle.prefix)


# ---------------------------------------------------------------- sizes


def from_size(size: str) -> HamiltonianPuzzle:
    """``"9"`` -> the 9x9 labyrinth; ``"RxC"`` -> an R x C grid; corner to corner."""
    s = size.strip()
    if is_number(s):
        rows = cols = int(s)
    else:
        rows, cols = parse_size(s)
    check_dimensions(rows, cols, MAX_SIDE)
    return HamiltonianPuzzle.rect(rows, cols)


# ---------------------------------------------------------------- the author's saved states

DIRECTIONS = {0: (1, 0), 1: (0, 1), 2: (-1, 0), 3: (0, -1)}  # code -> (drow, dcol)
_FODOR_RE = re.compile(rf"^\s*({NUMBER})\|")


@dataclass(frozen=True)
class FodorState:
    """A saved board of the labyrinth author's program.

    ``path``: the walk, 0-based (row, col), start first. ``options[i]`` (i >= 1): the direction
    codes the program allowed at ``path[i - 1]``, recorded when it moved to ``path[i]``;
    ``options[0]`` is the value written before the start cell (always ``(1,)`` in the data; its
    meaning is not documented, kept as recorded). ``current``: the options at the live end, or
    None when the file ends with a move. ``extra``: text after a ``:`` at the end (a few files
    carry undocumented area records there), kept verbatim. Recorded options come from the
    author's rule versions of the day and may disagree with the final rules; they are recorded,
    not checked (a few moves even lie outside their recorded options)."""

    size: int
    path: tuple[tuple[int, int], ...]
    options: tuple[tuple[int, ...], ...]
    current: tuple[int, ...] | None
    extra: str = ""

    def puzzle(self) -> HamiltonianPuzzle:
        n = self.size
        return HamiltonianPuzzle(n, n, (0, 0), (n - 1, n - 1), prefix=self.path if len(self.path) > 1 else ())

    @staticmethod
    def direction(a: tuple[int, int], b: tuple[int, int]) -> int:
        """The author's direction code of the step a -> b."""
        d = (b[0] - a[0], b[1] - a[1])
        for code, step in DIRECTIONS.items():
            if step == d:
                return code
        raise ValueError(f"{a} -> {b} is not a step")


def sniff(text: str) -> bool:
    return bool(_FODOR_RE.match(text))


def _dirs(text: str, where: str) -> tuple[int, ...]:
    if not text:
        return ()
    try:
        out = tuple(int(d) for d in text.split(","))
    except ValueError:
        raise FormatError(f"{where}: bad direction list {text!r}") from None
    if any(d not in DIRECTIONS for d in out):
        raise FormatError(f"{where}: direction codes are 0-3, got {text!r}")
    return out


def parse_fodor_state(text: str) -> FodorState:
    m = _FODOR_RE.match(text)
    if not m:
        raise FormatError("not a saved board state (expected 'n|1-1,1;...')")
    n = int(m.group(1))
    check_dimensions(n, n, MAX_SIDE)
    body = text.strip()[len(m.group(0).strip()):]
    extra = ""
    if ":" in body:
        body, extra = body.split(":", 1)
    tokens = body.split(";")
    path: list[tuple[int, int]] = []
    options: list[tuple[int, ...]] = []
    current = None
    for i, tok in enumerate(tokens, 1):
        where = f"token {i}"
        tok = tok.strip()
        if "-" not in tok:
            if i != len(tokens):
                raise FormatError(f"{where}: {tok!r} has no '-x,y' cell (only the last token may)")
            current = _dirs(tok, where)
            continue
        opts, cell = tok.split("-", 1)
        cm = re.fullmatch(rf"({NUMBER}),({NUMBER})", cell)
        if not cm:
            raise FormatError(f"{where}: bad cell {cell!r} (expected x,y)")
        x, y = int(cm.group(1)), int(cm.group(2))
        if not (1 <= x <= n and 1 <= y <= n):
            raise FormatError(f"{where}: cell {x},{y} is outside the {n}x{n} board")
        here = (y - 1, x - 1)
        if path:
            try:
                FodorState.direction(path[-1], here)
            except ValueError:
                raise FormatError(f"{where}: {cell} is not next to the previous cell") from None
            if here in path:
                raise FormatError(f"{where}: cell {cell} is visited twice")
        elif here != (0, 0):
            raise FormatError(f"{where}: the walk must begin at 1,1, not {cell}")
        path.append(here)
        options.append(_dirs(opts, where))
    if not path:
        raise FormatError("no cells in the saved state")
    return FodorState(n, tuple(path), tuple(options), current, extra.strip())


def parse_document(text: str, source: str, stem: str) -> list[Entry]:
    try:
        state = parse_fodor_state(text)
        puzzle = state.puzzle()
    except FormatError as exc:
        raise exc.at(source) from None
    except ValueError as exc:
        raise FormatError(str(exc), source) from None
    return [Entry(stem, KIND, puzzle, source=source)]


def read_fodor_state(path) -> FodorState:
    """A saved state file (for replaying the author's recorded options)."""
    from pathlib import Path

    p = Path(path)
    try:
        return parse_fodor_state(p.read_text(encoding="utf-8-sig"))
    except FormatError as exc:
        raise exc.at(str(p)) from None


def to_fodor_state(puzzle: HamiltonianPuzzle, options=None) -> str:
    """Write a square corner-to-corner walk in the author's format. ``options`` (per step, as in
    ``FodorState.options`` plus optionally the live end's) default to the one move made."""
    n = puzzle.rows
    if puzzle.cols != n or puzzle.start != (0, 0) or puzzle.end != (n - 1, n - 1) or puzzle.blocked:
        raise ValueError("the author's format holds square corner-to-corner boards only")
    path = puzzle.walked()
    toks = ["1-1,1"]
    for i in range(1, len(path)):
        opts = options[i] if options else (FodorState.direction(path[i - 1], path[i]),)
        toks.append(",".join(map(str, opts)) + f"-{path[i][1] + 1},{path[i][0] + 1}")
    if options and len(options) > len(path):
        toks.append(",".join(map(str, options[len(path)])))
    return f"{n}|" + ";".join(toks)


# ---------------------------------------------------------------- solutions


def parse_solution(puzzle: HamiltonianPuzzle, text: str) -> HamiltonianSolution:
    s = text.strip()
    if not s:
        raise FormatError("empty solution")
    if s.startswith("{"):
        return solution_from_json(s, lambda obj: HamiltonianSolution.from_json(puzzle, obj))
    if sniff(s):
        state = parse_fodor_state(s)
        return HamiltonianSolution(state.path)
    blocks = split_blocks(s)
    if not blocks:
        raise FormatError("empty solution")
    line_no, lines = blocks[0]
    m = HEADER_RE.match(lines[0].strip())
    rows, cols = puzzle.rows, puzzle.cols
    if m:
        rows, cols = int(m.group("rows")), int(m.group("cols"))
        lines, line_no = lines[1:], line_no + 1
    if (rows, cols) != (puzzle.rows, puzzle.cols):
        raise FormatError(f"the solution is {rows}x{cols}, the puzzle {puzzle.size}")
    drawn, solution = parse_block(rows, cols, [], lines, line_no)
    # an incomplete line is still returned as a path, for the checker to say what is wrong
    return solution if solution is not None else HamiltonianSolution(drawn.walked())


CAPABILITIES = Capabilities(writers={"numbers": numbers}, sniff=sniff, parse_document=parse_document,
                            from_size=from_size)
