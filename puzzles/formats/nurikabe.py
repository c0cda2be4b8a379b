"""Nurikabe formats.

* **canonical text**: header ``nurikabe ROWSxCOLS [id] [solution]``, then ROWS lines of COLS
  tokens: ``.`` (or ``-``) blank, a number, ``?`` a number unknown. A solved (or partial) grid
  writes ``X`` wall (``x`` and ``#`` are read too, but a line starting with ``#`` is a comment),
  ``.`` island, ``_`` undecided; a block is read as solved when it holds a wall or ``_`` or its
  header says ``solution`` (needed only for a grid without walls).
* **the J essay's matrices**: rows of integers, ``0`` blank, ``k`` a number; a state also uses
  ``_1`` black, ``_2`` free (then ``0`` is white), J's ``_`` or ``-`` for the minus sign. Files
  of J definitions ``n1=: ".;._2 (0 : 0)`` ... ``)`` (the essay's Puzzles section) are
  recognised; a bare matrix needs ``--kind nurikabe``.
* **puzz.link / pzv.jp URLs** ``...?nurikabe/COLS/ROWS/BODY`` (decode, and pzprjs's encoder, so
  decode + encode round-trips byte for byte; see ``url_body``).
* **puzzlekit JSON corpus** (janko.at): ``problem`` (``-`` blank, numbers, ``?``) and
  ``solution`` (``x`` wall, ``-`` island, then maybe a ``[moves]`` section); a header whose row
  count differs from the rows given is an error, except for the one scraper slip
  ``common.puzzlekit_texts`` recognises (both headers counting the solution's moves), read at the
  size of the grids with a warning.
* **pzprv3** files: ``pzprv3/nurikabe/ROWS/COLS/`` then cell tokens (a number, ``-`` unknown
  number, ``#`` wall, ``+`` dot, ``.`` undecided -- counted as island, as the engine's checker
  does), read and written.
* solutions: canonical grid, ``{"black": ...}`` JSON or a gridsolve JSON result, pzprv3,
  janko's ``x``/``-`` grid, or an essay state matrix.
"""

from __future__ import annotations

import re

from ..nurikabe import MAX_SIDE, QUESTION, NurikabePuzzle, NurikabeSolution
from ..render.nurikabe import ISLAND, UNDECIDED, WALL, aligned, cell_tokens, column_widths, see, tokens
from .common import (
    NUMBER,
    Capabilities,
    Entry,
    FormatError,
    PuzzlekitGrid,
    check_dimensions,
    is_number,
    leading_solution_forms,
    puzzlekit_entry,
    pzprv3_lines,
    pzprv3_size,
    solution_grid_lines,
    split_row,
    url_board,
)

KIND = "nurikabe"
URL_TYPES = ("nurikabe",)
URL_PREFIX = "https://puzz.link/p?nurikabe"
WALLS = (WALL, "x", "#")


def _make(rows: int, cols: int, clue_rows) -> NurikabePuzzle:
    check_dimensions(rows, cols, MAX_SIDE)
    try:
        return NurikabePuzzle(rows, cols, tuple(tuple(r) for r in clue_rows))
    except ValueError as exc:
        raise FormatError(str(exc)) from None


def _number(t: str, line_no: int | None) -> int:
    v = int(t)
    if v < 1:
        raise FormatError(f"clue {v} is impossible (numbers start at 1)", line=line_no)
    return v


# ---------------------------------------------------------------- canonical text


def format_puzzle(puzzle: NurikabePuzzle, ident: str | None = None) -> str:
    head = f"{KIND} {puzzle.rows}x{puzzle.cols}" + (f" {ident}" if ident else "")
    return head + "\n" + aligned(tokens(puzzle)) + "\n"


def format_solution(puzzle: NurikabePuzzle, solution: NurikabeSolution, ident: str | None = None) -> str:
    head = f"{KIND} {puzzle.rows}x{puzzle.cols}" + (f" {ident}" if ident else "")
    if not solution.black and not solution.undecided:
        head += " solution"
    return head + "\n" + aligned(tokens(puzzle, solution)) + "\n"


def parse_block(rows: int, cols: int, rest: list[str], lines: list[str], first_line: int):
    check_dimensions(rows, cols, MAX_SIDE)
    if len(lines) != rows:
        raise FormatError(f"expected {rows} rows, got {len(lines)}", line=first_line)
    grid_rows = []
    for i, ln in enumerate(lines):
        toks = split_row(ln, cols)
        if len(toks) != cols:
            raise FormatError(f"expected {cols} tokens, got {len(toks)}", line=first_line + i)
        grid_rows.append(toks)
    solved = "solution" in rest or any(t in WALLS or t == UNDECIDED for row in grid_rows for t in row)
    return _read_grid(grid_rows, solved, first_line)


def _read_grid(grid_rows: list[list[str]], solved: bool, first_line: int = 1):
    rows, cols = len(grid_rows), len(grid_rows[0])
    clues: list[list[int | None]] = []
    black, undecided = [], []
    for r, toks in enumerate(grid_rows):
        row: list[int | None] = []
        for c, t in enumerate(toks):
            if is_number(t):
                row.append(_number(t, first_line + r))
            elif t == "?":
                row.append(QUESTION)
            elif t == "." or (t == "-" and not solved):
                row.append(None)
            elif solved and t in WALLS:
                row.append(None)
                black.append((r, c))
            elif solved and t == UNDECIDED:
                row.append(None)
                undecided.append((r, c))
            else:
                allowed = ". X _ ? or a number" if solved else ". - ? or a number"
                raise FormatError(f"bad token {t!r} (use {allowed})", line=first_line + r)
        clues.append(row)
    puzzle = _make(rows, cols, clues)
    sol = NurikabeSolution.from_cells(rows, cols, black, undecided) if solved else None
    return puzzle, sol


# ---------------------------------------------------------------- the essay's matrices

J_DEF_RE = re.compile(r'^\s*(?P<name>[A-Za-z]\w*)\s*=:\s*"\.;\._2\s*\(\s*0\s*:\s*0\s*\)')
_J_INT = re.compile(rf"^[_-]?{NUMBER}$")


def _j_int(t: str, line_no: int) -> int:
    if not _J_INT.match(t):
        raise FormatError(f"{t!r} is not an integer (J writes _1 for -1)", line=line_no)
    return -int(t[1:]) if t[0] in "_-" else int(t)


def from_matrix(lines: list[str], first_line: int = 1):
    """An essay matrix: a puzzle (0 blank, k numbered) or, when it holds ``_1`` / ``_2``, a state
    (``_1`` black, ``0`` white, ``_2`` free) -> (puzzle, state or None)."""
    rows = [[_j_int(t, first_line + i) for t in ln.split()] for i, ln in enumerate(lines)]
    if not rows or not rows[0]:
        raise FormatError("empty matrix", line=first_line)
    cols = len(rows[0])
    for i, row in enumerate(rows):
        if len(row) != cols:
            raise FormatError(f"row has {len(row)} numbers, the first row {cols}", line=first_line + i)
        for v in row:
            if v < -2:
                raise FormatError(f"{v} is not a cell value (_2 free, _1 black, 0, or a number)",
                                  line=first_line + i)
    state = any(v < 0 for row in rows for v in row)
    puzzle = _make(len(rows), cols, [[v if v > 0 else None for v in row] for row in rows])
    if not state:
        return puzzle, None
    black = [(r, c) for r, row in enumerate(rows) for c, v in enumerate(row) if v == -1]
    free = [(r, c) for r, row in enumerate(rows) for c, v in enumerate(row) if v == -2]
    return puzzle, NurikabeSolution.from_cells(len(rows), cols, black, free)


def format_matrix(puzzle: NurikabePuzzle, solution: NurikabeSolution | None = None) -> str:
    """The essay's matrix, as J displays it (columns right-aligned, ``_`` for minus): the puzzle
    (0 = blank), or with a solution the state (``_1`` black, ``0`` white, ``_2`` undecided)."""
    if puzzle.has_unknown_clues():
        raise FormatError("the essay's matrices cannot hold an unknown number '?'")
    cells = cell_tokens(puzzle, solution, wall="_1", white="0", free="_2", blank="0", clue=str)
    widths = column_widths(cells)
    return "\n".join(" ".join(t.rjust(w) for t, w in zip(row, widths, strict=True)) for row in cells)


def parse_j_definitions(text: str, source: str) -> list[Entry]:
    """Every ``name=: ".;._2 (0 : 0)`` ... ``)`` definition of a J script (an entry each)."""
    out: list[Entry] = []
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        m = J_DEF_RE.match(lines[i])
        if not m:
            i += 1
            continue
        name, start = m.group("name"), i + 2
        body = []
        i += 1
        while i < len(lines) and lines[i].strip() != ")":
            body.append(lines[i].split("NB.")[0])
            i += 1
        try:
            if i == len(lines):
                raise FormatError(f"definition of {name} has no closing ')'", line=start - 1)
            body = [b for b in body if b.strip()]
            puzzle, state = from_matrix(body, start)
            out.append(Entry(name, KIND, puzzle, state, source=source))
        except FormatError as exc:
            out.append(Entry(name, KIND, error=str(exc.at(source)), source=source))
        i += 1
    return out


def parse_plain(text: str, source: str, stem: str) -> list[Entry]:
    """A bare essay matrix (with ``--kind nurikabe``)."""
    lines = [ln for ln in text.splitlines() if ln.strip() and not ln.lstrip().startswith(("#", "NB."))]
    try:
        puzzle, state = from_matrix(lines)
    except FormatError as exc:
        raise exc.at(source) from None
    return [Entry(stem, KIND, puzzle, state, source=source)]


# ---------------------------------------------------------------- puzz.link

_B36 = "0123456789abcdefghijklmnopqrstuvwxyz"
_WIDE = {"-": (2, 0), "+": (3, 0), "=": (3, 4096), "%": (3, 8192), "*": (4, 12240), "$": (5, 77776)}


def from_url(url: str) -> NurikabePuzzle:
    """Decode ``http(s)://{puzz.link/p|pzv.jp/p.html|...}?nurikabe/COLS/ROWS/BODY``."""
    rows, cols, body = url_board(url, URL_TYPES, MAX_SIDE)
    n = rows * cols
    clues: list[int | None] = [None] * n
    c = i = 0
    while i < len(body):
        ch = body[i]
        if c >= n:
            raise FormatError(f"body longer than the {cols}x{rows} board (at {body[i:]!r})", url)
        if ch in "0123456789abcdef":
            v, i = int(ch, 16), i + 1
        elif ch in _WIDE:
            width, base = _WIDE[ch]
            digits = body[i + 1 : i + 1 + width]
            if len(digits) != width or any(d not in "0123456789abcdef" for d in digits):
                raise FormatError(f"{ch!r} must be followed by {width} hex digits (at {body[i:]!r})", url)
            v, i = int(digits, 16) + base, i + 1 + width
        elif ch == ".":
            v, i = QUESTION, i + 1
        elif "g" <= ch <= "z":
            c += int(ch, 36) - 15
            i += 1
            if c > n:
                raise FormatError(f"body skips past the end of the {cols}x{rows} board", url)
            continue
        else:
            raise FormatError(f"bad character {ch!r} in nurikabe body", url)
        if v == 0:
            raise FormatError("clue 0 is impossible (numbers start at 1)", url)
        clues[c] = v
        c += 1
    try:
        return _make(rows, cols, [clues[r * cols : (r + 1) * cols] for r in range(rows)])
    except FormatError as exc:
        raise exc.at(url) from None


def write_number16(v: int | None) -> str:
    """pzprjs ``writeNumber16``: ``.`` unknown, 1 hex digit below 16, ``-xx`` below 256,
    ``+xxx`` below 4096, then ``=xxx`` (4096 + xxx), ``%xxx`` (8192 +), ``*xxxx`` (12240 +),
    ``$xxxxx`` (77776 +); blank -> ''. Above 4095 pzprjs writes the offset without leading
    zeros although its reader takes a fixed number of digits (so it misreads e.g. 4096 = "=0");
    here the offset is zero-padded to the width the reader takes (numbers above 4095 need a
    board of at least 64x64)."""
    if v is None:
        return ""
    if v == QUESTION:
        return "."
    if v < 16:
        return format(v, "x")
    if v < 256:
        return "-" + format(v, "x")
    if v < 4096:
        return "+" + format(v, "x")
    for mark, top in (("=", 8192), ("%", 12240), ("*", 77776), ("$", 77776 + 16**5)):
        width, base = _WIDE[mark]
        if v < top:
            return mark + format(v - base, "x").zfill(width)
    raise FormatError(f"number {v} is too large for a puzz.link URL")


def url_body(puzzle: NurikabePuzzle) -> str:
    """pzprjs ``genericEncodeNumber16``: numbers as ``write_number16``; runs of blank cells as
    ``g``..``z`` (1..20), written before the next number or when a run reaches 20."""
    out = []
    count = 0
    for v in (v for row in puzzle.clues for v in row):
        pstr = write_number16(v)
        if not pstr:
            count += 1
        if count == 0:
            out.append(pstr)
        elif pstr or count == 20:
            out.append(_B36[15 + count] + pstr)
            count = 0
    if count:
        out.append(_B36[15 + count])
    return "".join(out)


def to_url(puzzle: NurikabePuzzle) -> str:
    return f"{URL_PREFIX}/{puzzle.cols}/{puzzle.rows}/{url_body(puzzle)}"


# ---------------------------------------------------------------- puzzlekit (janko) corpus


def from_puzzlekit(problem: str, solution: str | None = None):
    """One corpus entry: (puzzle, given solution or None, note or None): ``common.puzzlekit_entry``."""
    return puzzlekit_entry(problem, solution, MAX_SIDE, _puzzlekit_puzzle, _solution_cells)


def _puzzlekit_puzzle(grid: PuzzlekitGrid) -> NurikabePuzzle:
    rows = []
    for i, ln in enumerate(grid.lines):
        toks = ln.split()
        if len(toks) != grid.cols:
            raise FormatError(f"problem row {i + 1} has {len(toks)} cells, expected {grid.cols}")
        rows.append(toks)
    return _read_grid(rows, False, 2)[0]


def parse_cells(puzzle: NurikabePuzzle, text: str) -> NurikabeSolution:
    """janko's solution grid: optional 'ROWS COLS' header, then ``x`` (wall) / ``-`` cells (a
    numbered cell may also show its number); a ``[moves]`` or other section after it is skipped."""
    return _solution_cells(puzzle, solution_grid_lines(text, puzzle.rows, puzzle.cols, MAX_SIDE))


def _solution_cells(puzzle: NurikabePuzzle, lines: list[str]) -> NurikabeSolution:
    """The cells of a solution grid of ``puzzle.rows`` lines."""
    black = []
    for r, ln in enumerate(lines):
        toks = split_row(ln, puzzle.cols)
        if len(toks) != puzzle.cols:
            raise FormatError(f"solution row {r + 1} has {len(toks)} cells, expected {puzzle.cols}")
        for c, t in enumerate(toks):
            if t in ("x", "X", "#"):
                black.append((r, c))
            elif t not in ("-", ".", "+", "?") and not is_number(t):
                raise FormatError(f"bad solution cell {t!r} (use x or -)")
    return NurikabeSolution.from_cells(puzzle.rows, puzzle.cols, black)


# ---------------------------------------------------------------- pzprv3


def from_pzprv3(text: str) -> tuple[NurikabePuzzle, NurikabeSolution | None]:
    lines = pzprv3_lines(text)
    rows, cols = pzprv3_size(lines, URL_TYPES, "nurikabe", MAX_SIDE)
    body = lines[4 : 4 + rows]
    if len(body) != rows:
        raise FormatError(f"pzprv3 file has fewer than {rows} cell rows")
    clues, black, marked = [], [], False
    for r, ln in enumerate(body):
        toks = ln.split()
        if len(toks) != cols:
            raise FormatError(f"expected {cols} cell tokens, got {len(toks)}", line=5 + r)
        row: list[int | None] = []
        for c, t in enumerate(toks):
            if is_number(t):
                row.append(_number(t, 5 + r))
            elif t == "-":
                row.append(QUESTION)
            elif t in ("#", "+", "."):
                row.append(None)
                marked |= t != "."
                if t == "#":
                    black.append((r, c))
            else:
                raise FormatError(f"bad pzprv3 cell {t!r} (number, -, #, + or .)", line=5 + r)
        clues.append(row)
    puzzle = _make(rows, cols, clues)
    return puzzle, (NurikabeSolution.from_cells(rows, cols, black) if marked else None)


def to_pzprv3(puzzle: NurikabePuzzle, solution: NurikabeSolution | None = None) -> str:
    out = ["pzprv3", KIND, str(puzzle.rows), str(puzzle.cols)]
    cells = cell_tokens(puzzle, solution, wall="#", white="+", free=".", blank=".",
                        clue=lambda v: "-" if v == QUESTION else str(v))
    out.extend(" ".join(toks) + " " for toks in cells)
    return "\n".join(out) + "\n"


# ---------------------------------------------------------------- documents and solutions

def sniff(text: str) -> bool:
    s = text.lstrip()
    if s.startswith("pzprv3"):
        return bool(re.match(rf"pzprv3(\.{NUMBER})?\s*[/\n]\s*nurikabe\b", s))
    return any(J_DEF_RE.match(ln) for ln in text.splitlines())


def parse_document(text: str, source: str, stem: str) -> list[Entry]:
    if text.lstrip().startswith("pzprv3"):
        try:
            puzzle, sol = from_pzprv3(text)
        except FormatError as exc:
            raise exc.at(source) from None
        return [Entry(stem, KIND, puzzle, sol, source=source)]
    out = parse_j_definitions(text, source)
    if not out:
        raise FormatError("no J matrix definition found", source)
    return out


def parse_solution(puzzle: NurikabePuzzle, text: str) -> NurikabeSolution:
    """A solution in any supported form: the canonical grid (with or without its header),
    ``{"black": ...}`` JSON or a gridsolve JSON result, pzprv3, janko's ``x``/``-`` grid, or an
    essay state matrix (``_1`` black, ``0`` white, ``_2`` free)."""
    s, written, sol = leading_solution_forms(
        text, lambda obj: NurikabeSolution.from_json(puzzle, obj), from_pzprv3,
        "the pzprv3 file marks no cell")
    if sol is not None:
        return sol if written is None else _same(puzzle, written, sol)
    if s.startswith("┌"):
        p2, sol = _read_grid(_see_rows(s), True)
        assert sol is not None  # solved=True: a solution is read
        return _same(puzzle, p2, sol)
    lines = [ln for ln in s.splitlines() if ln.strip() and not ln.lstrip().startswith("#")]
    if lines and lines[0].split()[0] == KIND:
        lines = lines[1:]
    if lines and all(_J_INT.match(t) for ln in lines for t in ln.split()) and any(
        t.startswith(("_", "-")) for ln in lines for t in ln.split()
    ):
        p2, sol = from_matrix(lines)
        if sol is None:
            raise FormatError("the matrix holds no black or free cell")
        return _same(puzzle, p2, sol)
    toks = [split_row(ln, puzzle.cols) for ln in lines]
    if len(toks) != puzzle.rows or any(len(t) != puzzle.cols for t in toks):
        raise FormatError(f"expected {puzzle.rows} rows of {puzzle.cols} cells")
    if any(t == "-" for row in toks for t in row):
        return parse_cells(puzzle, "\n".join(lines))
    p2, sol = _read_grid(toks, True)
    assert sol is not None  # solved=True: a solution is read
    return _same(puzzle, p2, sol)


def _see_rows(text: str) -> list[list[str]]:
    """The boxed ``see`` display as canonical tokens (blank = white, ``X`` wall, ``?`` free)."""
    rows = []
    for ln in text.splitlines():
        ln = ln.strip()
        if ln.startswith("│"):
            cells = (t.strip() for t in ln.strip("│").split("│"))
            rows.append([{"": ISLAND, "?": UNDECIDED}.get(t, t) for t in cells])
    return rows


def _same(puzzle: NurikabePuzzle, other: NurikabePuzzle, sol: NurikabeSolution) -> NurikabeSolution:
    """A solution that writes the numbers must write the puzzle's numbers."""
    if (puzzle.rows, puzzle.cols) != (other.rows, other.cols):
        raise FormatError(f"solution is {other.size}, puzzle is {puzzle.size}")
    for r, (mine, theirs) in enumerate(zip(puzzle.clues, other.clues, strict=True)):
        for c, (a, b) in enumerate(zip(mine, theirs, strict=True)):
            if a != b:
                shown = "no number" if b is None else f"number {b}"
                raise FormatError(f"the solution shows {shown} at {(r, c)}, the puzzle "
                                  f"{'no number' if a is None else f'number {a}'}")
    return sol


CAPABILITIES = Capabilities(
    writers={"url": lambda puzzle, solution=None: to_url(puzzle), "pzprv3": to_pzprv3,
             "see": see, "essay": format_matrix},
    url_types=URL_TYPES, from_url=from_url, sniff=sniff, parse_document=parse_document,
    parse_plain=parse_plain,
)
