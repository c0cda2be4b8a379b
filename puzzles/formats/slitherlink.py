"""Slitherlink formats.

* **canonical text**: header ``slitherlink ROWSxCOLS [id]``, then ROWS lines of COLS tokens
  (``.`` or ``-`` no clue, ``0``-``4`` a clue, ``?`` a clue whose number is unknown); or, for a
  solved puzzle, the text drawing of ``puzzles.render.slitherlink`` (clues and loop).
* **puzz.link / pzv.jp URLs** ``...?slither/COLS/ROWS/BODY`` (decode, and a canonical encoding
  that round-trips byte for byte; see ``to_url``).
* **Simon Tatham's Loopy game IDs** for square grids, ``WxHt0[dD]:DESC``.
* **puzzlekit JSON corpus** (janko.at): ``problem`` / ``solution`` strings.
* **CSP-Rules** ``.clp`` files: ``(solve H W rows...)`` and ``(solve-tatham H W "desc")``.
* **pzprv3** files (the puzz.link save format), read and written, with the loop's edges.
* solutions: the text drawing, ``{"edges": ...}`` JSON (or a gridsolve JSON result), pzprv3,
  or janko's inside/outside cell grid (``x`` inside, ``-`` outside).
"""

from __future__ import annotations

import re

from ..render.slitherlink import drawing
from ..slitherlink import MAX_SIDE, QUESTION, SlitherlinkPuzzle, SlitherlinkSolution
from . import common
from .common import Entry, FormatError, check_dimensions, is_number, pzprv3_segments, read_cell_row

KIND = "slitherlink"
URL_TYPES = ("slither", "slitherlink")
URL_PREFIX = "https://puzz.link/p?slither"

_TOKENS = {".": None, "-": None, "?": QUESTION, "0": 0, "1": 1, "2": 2, "3": 3, "4": 4}


def _make(rows: int, cols: int, clue_rows) -> SlitherlinkPuzzle:
    check_dimensions(rows, cols, MAX_SIDE)
    return SlitherlinkPuzzle(rows, cols, tuple(tuple(r) for r in clue_rows))


def _clue_row(line: str, cols: int, line_no: int | None, tokens=_TOKENS) -> list[int | None]:
    return read_cell_row(line, cols, line_no, tokens, "clue", ". - ? or 0-4")


# ---------------------------------------------------------------- canonical text


def format_puzzle(puzzle: SlitherlinkPuzzle, ident: str | None = None) -> str:
    head = f"{KIND} {puzzle.rows}x{puzzle.cols}" + (f" {ident}" if ident else "")
    body = [
        " ".join("." if v is None else "?" if v == QUESTION else str(v) for v in row)
        for row in puzzle.clues
    ]
    return "\n".join([head, *body]) + "\n"


def format_solution(
    puzzle: SlitherlinkPuzzle, solution: SlitherlinkSolution, ident: str | None = None
) -> str:
    """Canonical text of a solved puzzle: the header, then the drawing (clues and loop)."""
    head = f"{KIND} {puzzle.rows}x{puzzle.cols}" + (f" {ident}" if ident else "")
    return head + "\n" + drawing(puzzle, solution.edges) + "\n"


def parse_block(rows: int, cols: int, rest: list[str], lines: list[str], first_line: int):
    """The body of a canonical block: clue rows, or a drawing (a solved puzzle)."""
    check_dimensions(rows, cols, MAX_SIDE)
    if lines and lines[0].lstrip().startswith("+"):
        return parse_drawing(lines, rows, cols, first_line)
    if len(lines) != rows:
        raise FormatError(f"expected {rows} clue rows, got {len(lines)}", line=first_line)
    clue_rows = [_clue_row(ln, cols, first_line + i) for i, ln in enumerate(lines)]
    return _make(rows, cols, clue_rows), None


def parse_drawing(lines: list[str], rows: int | None = None, cols: int | None = None,
                  first_line: int = 1) -> tuple[SlitherlinkPuzzle, SlitherlinkSolution]:
    """Read a text drawing back: the clues and the drawn lines (crosses are ignored)."""
    lines = [ln.rstrip() for ln in lines if ln.strip()]
    if rows is None:
        rows = (len(lines) - 1) // 2
    if cols is None:
        cols = (len(lines[0].strip()) - 1) // 4 if lines else 0
    check_dimensions(rows, cols, MAX_SIDE)
    if len(lines) != 2 * rows + 1:
        raise FormatError(f"a {rows}x{cols} drawing has {2 * rows + 1} lines, got {len(lines)}",
                          line=first_line)
    indent = len(lines[0]) - len(lines[0].lstrip())
    width = 4 * cols + 1
    edges: set = set()
    clue_rows = []
    for i, raw in enumerate(lines):
        no = first_line + i
        ln = raw[indent:].ljust(width)
        if len(ln) > width:
            raise FormatError(f"drawing line longer than {width} characters", line=no)
        r = i // 2
        if i % 2 == 0:
            for c in range(cols + 1):
                if ln[4 * c] != "+":
                    raise FormatError(f"expected '+' at column {4 * c + 1}", line=no)
            for c in range(cols):
                seg = ln[4 * c + 1 : 4 * c + 4]
                if seg == "---":
                    edges.add(((r, c), (r, c + 1)))
                elif seg not in ("   ", " x ", " X "):
                    raise FormatError(f"bad horizontal edge {seg!r}", line=no)
        else:
            row = []
            for c in range(cols + 1):
                ch = ln[4 * c]
                if ch == "|":
                    edges.add(((r, c), (r + 1, c)))
                elif ch not in " xX":
                    raise FormatError(f"bad vertical edge {ch!r}", line=no)
                if c < cols:
                    t = ln[4 * c + 1 : 4 * c + 4].strip() or "."
                    if t not in _TOKENS:
                        raise FormatError(f"bad clue {t!r}", line=no)
                    row.append(_TOKENS[t])
            clue_rows.append(row)
    puzzle = _make(rows, cols, clue_rows)
    return puzzle, SlitherlinkSolution.from_pairs(rows, cols, edges)


# ---------------------------------------------------------------- puzz.link


def from_url(url: str) -> SlitherlinkPuzzle:
    """Decode ``http(s)://{puzz.link/p|pzv.jp/p.html|...}?slither/[FLAG/]COLS/ROWS/BODY``."""
    rows, cols, body = common.url_board(url, URL_TYPES, MAX_SIDE, "e.g. 'f': every dot must be visited")
    n = rows * cols
    clues: list[int | None] = [None] * n
    c = 0
    for i, ch in enumerate(body):
        if c >= n:
            raise FormatError(f"body longer than the {cols}x{rows} board (at {body[i:]!r})", url)
        if "0" <= ch <= "4":
            clues[c] = int(ch)
            c += 1
        elif "5" <= ch <= "9":
            clues[c] = int(ch) - 5
            c += 2
        elif "a" <= ch <= "e":
            clues[c] = int(ch, 36) - 10
            c += 3
        elif "g" <= ch <= "z":
            c += int(ch, 36) - 15
        elif ch == ".":
            clues[c] = QUESTION
            c += 1
        else:
            raise FormatError(f"bad character {ch!r} in slither body", url)
    return _make(rows, cols, [clues[r * cols : (r + 1) * cols] for r in range(rows)])


def url_body(puzzle: SlitherlinkPuzzle) -> str:
    """The canonical BODY (puzz.link's encoder): a clue v at cell c is written as the digit v if
    cell c+1 holds a clue; else as ``5+v`` (skipping one blank) if cell c+2 holds a clue; else as
    ``a+v`` (skipping two cells, even past the end). Blank runs are written as ``g``..``z``
    (1..20), flushed at the next clue or when the run reaches 20."""
    flat = [v for row in puzzle.clues for v in row]
    n = len(flat)
    out = []
    run = 0
    c = 0
    while c < n:
        v = flat[c]
        if v is None:
            run += 1
            if run == 20:
                out.append("z")
                run = 0
            c += 1
            continue
        if run:
            out.append(_b36(run + 15))
            run = 0
        if v == QUESTION:
            out.append(".")
            c += 1
        elif c + 1 < n and flat[c + 1] is not None:
            out.append(str(v))
            c += 1
        elif c + 2 < n and flat[c + 2] is not None:
            out.append(str(5 + v))
            c += 2
        else:
            out.append("abcde"[v])
            c += 3
    if run:
        out.append(_b36(run + 15))
    return "".join(out)


def _b36(k: int) -> str:
    return "0123456789abcdefghijklmnopqrstuvwxyz"[k]


def to_url(puzzle: SlitherlinkPuzzle) -> str:
    return f"{URL_PREFIX}/{puzzle.cols}/{puzzle.rows}/{url_body(puzzle)}"


# ---------------------------------------------------------------- Simon Tatham's Loopy

_N = common.NUMBER
ID_RE = re.compile(rf"^(?P<w>{_N})(?:x(?P<h>{_N}))?(?:t(?P<t>{_N}))?(?:d(?P<d>[a-z]))?"
                   r"(?P<sep>[:#])(?P<desc>.*)$")


def looks_like_id(s: str) -> bool:
    return bool(ID_RE.match(s.strip()))


def from_id(game_id: str) -> SlitherlinkPuzzle:
    """Decode a Loopy game ID ``PARAMS:DESC`` (square grids only)."""
    s = game_id.strip()
    m = ID_RE.match(s)
    if not m:
        raise FormatError(f"not a Loopy game ID: {s!r}")
    if m.group("sep") == "#":
        raise FormatError("a Loopy 'PARAMS#SEED' ID has no puzzle description; use the PARAMS:DESC form", s)
    cols = int(m.group("w"))
    rows = int(m.group("h") or cols)
    if m.group("t") not in (None, "0"):
        raise FormatError(f"Loopy grid type t{m.group('t')} is not supported (only t0, squares)", s)
    try:
        check_dimensions(rows, cols, MAX_SIDE)
    except FormatError as exc:
        raise exc.at(s) from None
    flat: list[int | None] = []
    for ch in m.group("desc"):
        if is_number(ch):
            if int(ch) > 4:
                raise FormatError(f"clue {ch} is impossible on a square grid", s)
            flat.append(int(ch))
        elif "a" <= ch <= "z":
            flat.extend([None] * (ord(ch) - ord("a") + 1))
        elif "A" <= ch <= "Z":
            raise FormatError(f"clue {ord(ch) - ord('A') + 10} is impossible on a square grid", s)
        else:
            raise FormatError(f"bad character {ch!r} in Loopy description", s)
    if len(flat) != rows * cols:
        raise FormatError(
            f"description covers {len(flat)} faces, the {cols}x{rows} grid has {rows * cols}", s
        )
    return _make(rows, cols, [flat[r * cols : (r + 1) * cols] for r in range(rows)])


def to_id(puzzle: SlitherlinkPuzzle) -> str:
    """Loopy game ID ``WxHt0:DESC`` (empty-face runs of up to 26 as ``a``..``z``)."""
    if any(v == QUESTION for row in puzzle.clues for v in row):
        raise FormatError("a Loopy ID cannot hold '?' clues")
    out = []
    run = 0
    for v in (v for row in puzzle.clues for v in row):
        if v is None:
            run += 1
            if run == 26:
                out.append("z")
                run = 0
            continue
        if run:
            out.append(chr(ord("a") + run - 1))
            run = 0
        out.append(str(v))
    if run:
        out.append(chr(ord("a") + run - 1))
    return f"{puzzle.cols}x{puzzle.rows}t0:{''.join(out)}"


# ---------------------------------------------------------------- puzzlekit (janko) corpus


def from_puzzlekit(problem: str, solution: str | None = None):
    """One corpus entry: (puzzle, given solution or None, note or None)."""
    return common.puzzlekit_entry(problem, solution, MAX_SIDE, _puzzlekit_puzzle, _solution_cells)


def _puzzlekit_puzzle(grid: common.PuzzlekitGrid) -> SlitherlinkPuzzle:
    return _make(grid.rows, grid.cols, [_clue_row(ln, grid.cols, i + 2) for i, ln in enumerate(grid.lines)])


def parse_cells(puzzle: SlitherlinkPuzzle, text: str) -> SlitherlinkSolution:
    """janko's solution grid: optional 'ROWS COLS' header, then ``x`` (inside) / ``-`` cells; a
    ``[solution]`` or other section after it is skipped."""
    return _solution_cells(puzzle, common.solution_grid_lines(text, puzzle.rows, puzzle.cols, MAX_SIDE))


def _solution_cells(puzzle: SlitherlinkPuzzle, lines: list[str]) -> SlitherlinkSolution:
    """The cells of a solution grid of ``puzzle.rows`` lines."""
    inside = set()
    for r, ln in enumerate(lines):
        toks = ln.split()
        if len(toks) == 1 and len(toks[0]) == puzzle.cols:
            toks = list(toks[0])
        if len(toks) != puzzle.cols:
            raise FormatError(f"solution row {r + 1} has {len(toks)} cells, expected {puzzle.cols}")
        for c, t in enumerate(toks):
            if t in ("x", "X", "#"):
                inside.add((r, c))
            elif t not in ("-", "."):
                raise FormatError(f"bad solution cell {t!r} (use x or -)")
    return SlitherlinkSolution.from_inside(puzzle.rows, puzzle.cols, inside)


# ---------------------------------------------------------------- CSP-Rules .clp

CLP_RE = re.compile(r"\(\s*(solve-tatham|solve)\b(?P<body>[^)]*)\)", re.S)


def from_clp(text: str) -> SlitherlinkPuzzle:
    m = CLP_RE.search(text)
    if not m:
        raise FormatError("no (solve ...) or (solve-tatham ...) form")
    toks = m.group("body").split()  # str.split() also splits on U+00A0
    if len(toks) < 2 or not is_number(toks[0]) or not is_number(toks[1]):
        raise FormatError("(solve H W ...) needs the height and width first")
    rows, cols = int(toks[0]), int(toks[1])
    check_dimensions(rows, cols, MAX_SIDE)
    if m.group(1) == "solve-tatham":
        desc = " ".join(toks[2:]).strip('"')
        p = from_id(f"{cols}x{rows}t0:{desc}")
        return p
    cells = toks[2:]
    if len(cells) != rows * cols:
        raise FormatError(f"(solve {rows} {cols} ...) has {len(cells)} cells, expected {rows * cols}")
    flat = []
    for t in cells:
        if t not in _TOKENS:
            raise FormatError(f"bad clue token {t!r}")
        flat.append(_TOKENS[t])
    return _make(rows, cols, [flat[r * cols : (r + 1) * cols] for r in range(rows)])


# ---------------------------------------------------------------- pzprv3


def from_pzprv3(text: str) -> tuple[SlitherlinkPuzzle, SlitherlinkSolution | None]:
    """``pzprv3[.1]`` / ``slither`` / ROWS / COLS, ROWS clue lines (``.`` none, ``-`` ?, digit),
    [pzprv3.1: ROWS lines of cell marks], ROWS lines of COLS+1 vertical edges, ROWS+1 lines of
    COLS horizontal edges (1 line, -1 cross, 0 unknown). The edges become the solution if any
    line is drawn."""
    lines = common.pzprv3_lines(text)
    rows, cols = common.pzprv3_size(lines, URL_TYPES, "slither", MAX_SIDE)
    rest = lines[4:]
    start = 5
    if rest and rest[0] and not re.fullmatch(r"[-.0-9 ]+", rest[0]):
        raise FormatError(f"pzprv3 flag {rest[0]!r} (every dot visited) is not supported", line=5)
    tokens = {".": None, "-": QUESTION, **{str(i): i for i in range(5)}}
    clue_rows = [_clue_row(rest[i], cols, start + i, tokens) for i in range(min(rows, len(rest)))]
    if len(clue_rows) != rows:
        raise FormatError(f"pzprv3 file has fewer than {rows} clue rows")
    puzzle = _make(rows, cols, clue_rows)
    edge_part = rest[rows:]
    base = start + rows
    if not any(edge_part):
        return puzzle, None
    if len(edge_part) >= 3 * rows + 1:  # pzprv3.1: a block of cell marks comes first
        edge_part = edge_part[rows:]
        base += rows
    if len(edge_part) < 2 * rows + 1:
        raise FormatError("pzprv3 edge section is incomplete", line=base)
    edges = pzprv3_segments(edge_part, base, ((rows, cols + 1, (1, 0)), (rows + 1, cols, (0, 1))), "edge")
    return puzzle, (SlitherlinkSolution.from_pairs(rows, cols, edges) if edges else None)


def to_pzprv3(puzzle: SlitherlinkPuzzle, solution: SlitherlinkSolution | None = None) -> str:
    lines = solution.edges if solution else frozenset()
    out = ["pzprv3", "slither", str(puzzle.rows), str(puzzle.cols)]
    for row in puzzle.clues:
        out.append(" ".join("." if v is None else "-" if v == QUESTION else str(v) for v in row) + " ")
    for r in range(puzzle.rows):
        vertical = (((r, c), (r + 1, c)) in lines for c in range(puzzle.cols + 1))
        out.append(" ".join("1" if v else "0" for v in vertical) + " ")
    for r in range(puzzle.rows + 1):
        horizontal = (((r, c), (r, c + 1)) in lines for c in range(puzzle.cols))
        out.append(" ".join("1" if h else "0" for h in horizontal) + " ")
    return "\n".join(out) + "\n"


# ---------------------------------------------------------------- documents and solutions


def sniff(text: str) -> bool:
    s = text.lstrip()
    return bool(CLP_RE.search(text)) or (s.startswith("pzprv3") and "slither" in s[:20])


def parse_document(text: str, source: str, stem: str) -> list[Entry]:
    try:
        if text.lstrip().startswith("pzprv3"):
            puzzle, sol = from_pzprv3(text)
        else:
            puzzle, sol = from_clp(text), None
    except FormatError as exc:
        raise exc.at(source) from None
    return [Entry(stem, KIND, puzzle, sol, source=source)]


def parse_solution(puzzle: SlitherlinkPuzzle, text: str) -> SlitherlinkSolution:
    """A solution in any supported form: drawing (with or without header), ``{"edges": ...}``
    JSON or a gridsolve JSON result, pzprv3, or janko's x/- cell grid."""
    s, written, sol = common.leading_solution_forms(
        text, lambda obj: SlitherlinkSolution.from_json(puzzle, obj), from_pzprv3,
        "the pzprv3 file draws no line")
    if sol is not None:
        if written is not None:
            _same_size(puzzle, written)
        return sol
    lines = [ln for ln in s.splitlines() if ln.strip() and not ln.lstrip().startswith("#")]
    if lines and lines[0].split()[0] in (KIND, *URL_TYPES):
        lines = lines[1:]
    if lines and lines[0].lstrip().startswith("+"):
        p2, sol = parse_drawing(lines)
        _same_size(puzzle, p2)
        return sol
    return parse_cells(puzzle, "\n".join(lines))


def _same_size(a: SlitherlinkPuzzle, b: SlitherlinkPuzzle) -> None:
    if (a.rows, a.cols) != (b.rows, b.cols):
        raise FormatError(f"solution is {b.size}, puzzle is {a.size}")


CAPABILITIES = common.Capabilities(
    writers={"url": lambda puzzle, solution=None: to_url(puzzle),
             "loopy": lambda puzzle, solution=None: to_id(puzzle),
             "pzprv3": to_pzprv3},
    url_types=URL_TYPES, from_url=from_url, looks_like_id=looks_like_id, from_id=from_id,
    sniff=sniff, parse_document=parse_document,
)
