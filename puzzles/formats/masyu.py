"""Masyu formats.

* **canonical text**: header ``masyu ROWSxCOLS [id]``, then ROWS lines of COLS tokens: ``.`` (or
  ``-``) no pearl, ``w`` white pearl, ``b`` black pearl (also read: ``W``/``o`` white, ``B``/``x``
  black; a row may be written without spaces); or, for a solved puzzle, the text drawing of
  ``puzzles.render.masyu`` (2 x ROWS - 1 lines: pearls, visited cells ``+`` and the links).
* **puzz.link / pzv.jp URLs** ``...?masyu/COLS/ROWS/BODY`` (also ``mashu``): the cells row-major
  in groups of three, each group one base-27 digit ``9*a + 3*b + c`` (0 none, 1 white, 2 black);
  the canonical encoding is puzz.link's own (``to_url``), so URLs round-trip byte for byte.
* **puzzlekit JSON corpus** (janko.at): ``problem`` (``-`` none, ``w``/``1`` white, ``b``/``2``
  black) and ``solution``, a grid naming the directions the loop leaves each cell (``ns``, ``ew``,
  ``ne``, ... or ``-``).
* **pzprv3** files (puzz.link's save format, genre ``mashu``), read and written: ROWS lines of
  cells (``.`` none, ``1`` white, ``2`` black), then the lines drawn between cells -- ROWS lines of
  COLS-1 values (links to the right), ROWS-1 lines of COLS values (links downwards); ``1`` line,
  ``0`` none, ``-1`` cross.
* solutions: the drawing (with or without header), ``{"edges": ...}`` JSON (or a gridsolve JSON
  result), pzprv3, or the puzzlekit direction grid.
"""

from __future__ import annotations

from ..masyu import BLACK, MAX_SIDE, WHITE, MasyuPuzzle, MasyuSolution
from ..render.masyu import PEARL_CHARS, drawing
from . import common
from .common import Entry, FormatError, check_dimensions, pzprv3_segments, read_cell_row

KIND = "masyu"
URL_TYPES = ("masyu", "mashu")
URL_PREFIX = "https://puzz.link/p?masyu"

TOKENS = {".": None, "-": None, "w": WHITE, "W": WHITE, "o": WHITE, "b": BLACK, "B": BLACK, "x": BLACK}
PUZZLEKIT_TOKENS = {"-": None, ".": None, "w": WHITE, "1": WHITE, "b": BLACK, "2": BLACK}
DRAWING_CELLS = {".": None, "+": None, "w": WHITE, "b": BLACK}
URL_DIGITS = {None: 0, WHITE: 1, BLACK: 2}
BASE27 = "0123456789abcdefghijklmnopq"


def _make(rows: int, cols: int, pearl_rows) -> MasyuPuzzle:
    check_dimensions(rows, cols, MAX_SIDE)
    return MasyuPuzzle(rows, cols, tuple(tuple(r) for r in pearl_rows))


def _pearl_row(line: str, cols: int, line_no: int | None, tokens=TOKENS) -> list[str | None]:
    return read_cell_row(line, cols, line_no, tokens, "cell", " ".join(tokens))


def _header(puzzle: MasyuPuzzle, ident: str | None) -> str:
    return f"{KIND} {puzzle.rows}x{puzzle.cols}" + (f" {ident}" if ident else "")


# ---------------------------------------------------------------- canonical text


def format_puzzle(puzzle: MasyuPuzzle, ident: str | None = None) -> str:
    body = [" ".join("." if p is None else PEARL_CHARS[p] for p in row) for row in puzzle.pearls]
    return "\n".join([_header(puzzle, ident), *body]) + "\n"


def format_solution(puzzle: MasyuPuzzle, solution: MasyuSolution, ident: str | None = None) -> str:
    """Canonical text of a solved puzzle: the header, then the drawing (pearls and loop)."""
    return _header(puzzle, ident) + "\n" + drawing(puzzle, solution.links) + "\n"


def parse_block(rows: int, cols: int, rest: list[str], lines: list[str], first_line: int):
    """The body of a canonical block: pearl rows, or a drawing (a solved puzzle)."""
    check_dimensions(rows, cols, MAX_SIDE)
    if rows > 1 and len(lines) == 2 * rows - 1:
        return parse_drawing(lines, rows, cols, first_line)
    if len(lines) != rows:
        raise FormatError(f"expected {rows} rows of cells (or a drawing of {2 * rows - 1} lines), "
                          f"got {len(lines)} lines", line=first_line)
    return _make(rows, cols, [_pearl_row(ln, cols, first_line + i) for i, ln in enumerate(lines)]), None


def parse_drawing(lines: list[str], rows: int, cols: int,
                  first_line: int = 1) -> tuple[MasyuPuzzle, MasyuSolution]:
    """Read a text drawing back: the pearls and the links (``+`` / ``.`` both read as no pearl)."""
    lines = [ln.rstrip() for ln in lines]
    if len(lines) != 2 * rows - 1:
        raise FormatError(f"a {rows}x{cols} drawing has {2 * rows - 1} lines, got {len(lines)}",
                          line=first_line)
    indent = len(lines[0]) - len(lines[0].lstrip())
    width = 4 * cols - 3
    links = set()
    pearl_rows = []
    for i, raw in enumerate(lines):
        no, r = first_line + i, i // 2
        ln = raw[indent:]
        if len(ln) > width:
            raise FormatError(f"drawing line longer than {width} characters", line=no)
        ln = ln.ljust(width)
        if i % 2 == 0:
            row = []
            for c in range(cols):
                ch = ln[4 * c]
                if ch not in DRAWING_CELLS:
                    raise FormatError(f"bad cell {ch!r} at column {4 * c + 1} (use . + w b)", line=no)
                row.append(DRAWING_CELLS[ch])
                if c + 1 < cols:
                    seg = ln[4 * c + 1: 4 * c + 4]
                    if seg == " - ":
                        links.add(((r, c), (r, c + 1)))
                    elif seg != "   ":
                        raise FormatError(f"bad link {seg!r} after column {4 * c + 1} (' - ' or blank)",
                                          line=no)
            pearl_rows.append(row)
        else:
            for k, ch in enumerate(ln):
                if k % 4 == 0 and ch == "|":
                    links.add(((r, k // 4), (r + 1, k // 4)))
                elif (k % 4 != 0 or ch != ".") and ch != " ":
                    raise FormatError(f"bad character {ch!r} at column {k + 1} ('|' or '.' under a cell)",
                                      line=no)
    return _make(rows, cols, pearl_rows), MasyuSolution.from_pairs(rows, cols, links)


# ---------------------------------------------------------------- puzz.link


def from_url(url: str) -> MasyuPuzzle:
    """Decode ``http(s)://{puzz.link/p|pzv.jp/p.html|...}?masyu/COLS/ROWS/BODY``."""
    rows, cols, body = common.url_board(url, URL_TYPES, MAX_SIDE)
    n = rows * cols
    want = (n + 2) // 3
    if len(body) != want:
        raise FormatError(f"a {cols}x{rows} masyu body has {want} characters (3 cells each), "
                          f"got {len(body)}", url)
    flat: list[str | None] = []
    for i, ch in enumerate(body):
        if ch not in BASE27:
            raise FormatError(f"bad character {ch!r} in masyu body (base 27: 0-9, a-q)", url)
        value = BASE27.index(ch)
        for k, weight in enumerate((9, 3, 1)):
            digit = value // weight % 3
            if 3 * i + k < n:
                flat.append((None, WHITE, BLACK)[digit])
            elif digit:
                raise FormatError(f"the body's last character {ch!r} puts a pearl past the last cell", url)
    return _make(rows, cols, [flat[r * cols:(r + 1) * cols] for r in range(rows)])


def url_body(puzzle: MasyuPuzzle) -> str:
    """puzz.link's encoding: three cells per base-27 digit, the first cell the most significant."""
    flat = [URL_DIGITS[p] for row in puzzle.pearls for p in row]
    flat += [0] * (-len(flat) % 3)
    return "".join(BASE27[9 * flat[i] + 3 * flat[i + 1] + flat[i + 2]] for i in range(0, len(flat), 3))


def to_url(puzzle: MasyuPuzzle) -> str:
    return f"{URL_PREFIX}/{puzzle.cols}/{puzzle.rows}/{url_body(puzzle)}"


# ---------------------------------------------------------------- puzzlekit (janko) corpus

OPPOSITE = {"n": "s", "s": "n", "e": "w", "w": "e"}
STEP = {"n": (-1, 0), "e": (0, 1), "s": (1, 0), "w": (0, -1)}


def from_puzzlekit(problem: str, solution: str | None = None):
    """One corpus entry: (puzzle, given solution or None, note or None)."""
    return common.puzzlekit_entry(problem, solution, MAX_SIDE, _puzzlekit_puzzle, _direction_cells)


def _puzzlekit_puzzle(grid: common.PuzzlekitGrid) -> MasyuPuzzle:
    pearl_rows = [_pearl_row(ln, grid.cols, i + 2, PUZZLEKIT_TOKENS) for i, ln in enumerate(grid.lines)]
    return _make(grid.rows, grid.cols, pearl_rows)


def parse_directions(puzzle: MasyuPuzzle, text: str) -> MasyuSolution:
    """The puzzlekit solution grid: optional 'ROWS COLS' header, then per cell the directions the
    loop leaves it (letters of ``nesw``) or ``-``."""
    return _direction_cells(puzzle, common.solution_grid_lines(text, puzzle.rows, puzzle.cols, MAX_SIDE))


def _direction_cells(puzzle: MasyuPuzzle, lines: list[str]) -> MasyuSolution:
    grid = []
    for r, ln in enumerate(lines):
        toks = ln.split()
        if len(toks) != puzzle.cols:
            raise FormatError(f"solution row {r + 1} has {len(toks)} cells, expected {puzzle.cols}")
        for c, t in enumerate(toks):
            if t != "-" and (not set(t) <= set(STEP) or len(set(t)) != len(t)):
                raise FormatError(f"bad solution cell {t!r} at {(r, c)} (letters of nesw, or -)")
        grid.append(["" if t == "-" else t for t in toks])
    links = set()
    for r, row in enumerate(grid):
        for c, dirs in enumerate(row):
            for d in dirs:
                r2, c2 = r + STEP[d][0], c + STEP[d][1]
                if not (0 <= r2 < puzzle.rows and 0 <= c2 < puzzle.cols):
                    raise FormatError(f"solution cell {(r, c)} leaves the grid ({d!r})")
                if OPPOSITE[d] not in grid[r2][c2]:
                    raise FormatError(f"solution cell {(r, c)} leaves {d!r} but {(r2, c2)} has no "
                                      f"{OPPOSITE[d]!r} back")
                links.add(((r, c), (r2, c2)))
    return MasyuSolution.from_pairs(puzzle.rows, puzzle.cols, links)


# ---------------------------------------------------------------- pzprv3

PZPRV3_CELLS = {".": None, "1": WHITE, "2": BLACK}


def from_pzprv3(text: str) -> tuple[MasyuPuzzle, MasyuSolution | None]:
    """A pzprv3 ``mashu`` file (layout in the module docstring); the lines drawn become the
    solution if any is drawn."""
    lines = common.pzprv3_lines(text)
    rows, cols = common.pzprv3_size(lines, URL_TYPES, "mashu", MAX_SIDE)
    rest = lines[4:]
    if len(rest) < rows:
        raise FormatError(f"pzprv3 file has fewer than {rows} cell rows")
    for i in range(rows):
        if "-" in rest[i].split():
            raise FormatError("a pearl of unknown colour ('-') is not supported", line=5 + i)
    puzzle = _make(rows, cols, [_pearl_row(rest[i], cols, 5 + i, PZPRV3_CELLS) for i in range(rows)])
    line_part = rest[rows:rows + 2 * rows - 1]
    base = 5 + rows
    if not any(line_part):
        return puzzle, None
    if len(line_part) < 2 * rows - 1:
        raise FormatError("pzprv3 line section is incomplete", line=base + len(line_part))
    links = pzprv3_segments(line_part, base, ((rows, cols - 1, (0, 1)), (rows - 1, cols, (1, 0))), "line")
    return puzzle, (MasyuSolution.from_pairs(rows, cols, links) if links else None)


def to_pzprv3(puzzle: MasyuPuzzle, solution: MasyuSolution | None = None) -> str:
    links = solution.links if solution else frozenset()
    code = {None: ".", WHITE: "1", BLACK: "2"}
    out = ["pzprv3", "mashu", str(puzzle.rows), str(puzzle.cols)]
    out += ["".join(code[p] + " " for p in row) for row in puzzle.pearls]
    for r in range(puzzle.rows):
        out.append("".join("1 " if ((r, c), (r, c + 1)) in links else "0 " for c in range(puzzle.cols - 1)))
    for r in range(puzzle.rows - 1):
        out.append("".join("1 " if ((r, c), (r + 1, c)) in links else "0 " for c in range(puzzle.cols)))
    return "\n".join(out) + "\n"


# ---------------------------------------------------------------- documents and solutions


def sniff(text: str) -> bool:
    s = text.lstrip()
    return s.startswith("pzprv3") and s[:40].split()[1:2] == ["mashu"]


def parse_document(text: str, source: str, stem: str) -> list[Entry]:
    try:
        puzzle, sol = from_pzprv3(text)
    except FormatError as exc:
        raise exc.at(source) from None
    return [Entry(stem, KIND, puzzle, sol, source=source)]


def parse_solution(puzzle: MasyuPuzzle, text: str) -> MasyuSolution:
    """A solution in any supported form: the drawing (with or without header), ``{"edges": ...}``
    JSON or a gridsolve JSON result, pzprv3, or the puzzlekit direction grid."""
    s, written, sol = common.leading_solution_forms(
        text, lambda obj: MasyuSolution.from_json(puzzle, obj), from_pzprv3, "the pzprv3 file draws no line")
    if written is not None and (written.rows, written.cols) != (puzzle.rows, puzzle.cols):
        raise FormatError(f"solution is {written.size}, puzzle is {puzzle.size}")
    if sol is not None:
        return sol
    lines = [ln for ln in s.splitlines() if ln.strip() and not ln.lstrip().startswith("#")]
    if lines and lines[0].split()[0] in (KIND, *URL_TYPES):
        size = lines[0].split()[1] if len(lines[0].split()) > 1 else ""
        if common.parse_size(size, "header size") != (puzzle.rows, puzzle.cols):
            raise FormatError(f"solution is {size}, puzzle is {puzzle.size}")
        lines = lines[1:]
    if lines and lines[0].lstrip()[:1] in DRAWING_CELLS:
        return parse_drawing(lines, puzzle.rows, puzzle.cols)[1]
    return parse_directions(puzzle, "\n".join(lines))


CAPABILITIES = common.Capabilities(
    writers={"url": lambda puzzle, solution=None: to_url(puzzle), "pzprv3": to_pzprv3},
    url_types=URL_TYPES, from_url=from_url, sniff=sniff, parse_document=parse_document,
)
