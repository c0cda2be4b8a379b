"""What every format module shares: the error type (``puzzles.errors``), the parsed-entry
record, the canonical block header, and small token helpers."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ..errors import FormatError, printable  # the one error type lives beside kinds


def is_number(token: str) -> bool:
    """A whole number written in ASCII digits, short enough for any count of a puzzle
    (``str.isdigit`` also accepts '①' and '²', which ``int`` refuses)."""
    return 0 < len(token) <= MAX_DIGITS and token.isascii() and token.isdigit()


MAX_DIGITS = 18
NUMBER = "[0-9]{1,18}"  # the same, in regular expressions


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

    def __post_init__(self) -> None:  # ids come from the input and are echoed: printable only
        object.__setattr__(self, "id", printable(self.id))

    @property
    def ok(self) -> bool:
        return self.error is None


Writer = Callable[..., str]  # (puzzle, solution=None) -> text


@dataclass(frozen=True)
class Capabilities:
    """The formats a kind has beyond the canonical text every kind reads and writes (declared by
    each ``puzzles.formats.<kind>`` as ``CAPABILITIES``; None / empty = the kind lacks it).

    ``writers``: extra output formats, name -> ``writer(puzzle, solution=None) -> str``.
    ``url_types``, ``from_url``: puzz.link puzzle types and their reader.
    ``looks_like_id``, ``from_id``: puzzle IDs written on the command line (Tatham's Loopy).
    ``sniff``, ``parse_document``: kind-specific documents recognised by their content.
    ``parse_plain``: a bare grid or piece list, read when the kind is given.
    ``from_size``: the kind's standard puzzle of a size (``"9"``, ``"5x7"``).
    ``adjust``: puzzle settings given by the user (``adjust(puzzle, **settings)``).
    """

    writers: Mapping[str, Writer] = field(default_factory=dict)
    url_types: tuple[str, ...] = ()
    from_url: Callable[[str], Any] | None = None
    looks_like_id: Callable[[str], bool] | None = None
    from_id: Callable[[str], Any] | None = None
    sniff: Callable[[str], bool] | None = None
    parse_document: Callable[[str, str, str], list[Entry]] | None = None
    parse_plain: Callable[[str, str, str], list[Entry]] | None = None
    from_size: Callable[[str], Any] | None = None
    adjust: Callable[..., Any] | None = None


def url_board(url: str, types: tuple[str, ...], max_side: int, flag_hint: str = "") -> tuple[int, int, str]:
    """(rows, cols, body) of a puzz.link URL ``...?TYPE/COLS/ROWS/BODY`` whose type is one of
    ``types``; ``flag_hint`` explains the flags puzz.link may put before COLS (none is read)."""
    query = url.split("?", 1)[1] if "?" in url else url
    parts = query.strip().split("/")
    name = types[0]
    if parts[0].lower() not in types:
        raise FormatError(f"not a {name} URL: {url}")
    parts = parts[1:]
    if flag_hint and parts and parts[0] and not is_number(parts[0]):
        raise FormatError(f"puzz.link flag {parts[0]!r} ({flag_hint}) is not supported", url)
    if len(parts) < 2 or not is_number(parts[0]) or not is_number(parts[1]):
        raise FormatError(f"a {name} URL needs COLS/ROWS after the type", url)
    cols, rows = int(parts[0]), int(parts[1])
    try:
        check_dimensions(rows, cols, max_side)
    except FormatError as exc:
        raise exc.at(url) from None
    if any(p for p in parts[3:]):
        raise FormatError(f"unexpected data after the body: {'/'.join(parts[3:])!r}", url)
    return rows, cols, parts[2] if len(parts) > 2 else ""


HEADER_RE = re.compile(rf"^(?P<kind>[a-z]+)\s+(?P<rows>{NUMBER})\s*x\s*(?P<cols>{NUMBER})"
                       r"(?:\s+(?P<rest>.*))?$")


def split_row(line: str, cols: int) -> list[str]:
    """A grid row's cell tokens: space-separated, or one compact word of ``cols`` characters
    ("2..1.")."""
    tokens = line.split()
    if len(tokens) == 1 and len(tokens[0]) == cols and cols > 1:
        return list(tokens[0])
    return tokens


def read_cell_row(line: str, cols: int, line_no: int | None, tokens: Mapping[str, Any], noun: str,
                  usage: str) -> list:
    """A grid row of ``cols`` cells whose tokens are the keys of ``tokens``, read as their
    values; one clear error naming the line for a wrong count or an unknown token."""
    cells = split_row(line, cols)
    if len(cells) != cols:
        raise FormatError(f"expected {cols} {noun} tokens, got {len(cells)}", line=line_no)
    for t in cells:
        if t not in tokens:
            raise FormatError(f"bad {noun} token {t!r} (use {usage})", line=line_no)
    return [tokens[t] for t in cells]


def parse_size(text: str, what: str = "size") -> tuple[int, int]:
    """``RxC`` (rows x columns) -> (rows, cols)."""
    m = re.fullmatch(rf"\s*({NUMBER})\s*[xX]\s*({NUMBER})\s*", text)
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


def pzprv3_lines(text: str) -> list[str]:
    """The stripped lines of a pzprv3 file; its one-line form (URLs, tests) separates them by /."""
    s = text.strip()
    lines = s.split("/") if "\n" not in s and "/" in s else s.splitlines()
    lines = [ln.strip() for ln in lines]
    while lines and not lines[-1]:
        lines.pop()
    return lines


def pzprv3_segments(lines: list[str], base: int, blocks: tuple[tuple[int, int, tuple[int, int]], ...],
                    noun: str) -> set:
    """The segments a pzprv3 file marks 1 (drawn) in its line blocks. Each block is (line count,
    values per line, step): value ``c`` of the block's line ``r`` is the segment from (r, c) to
    (r, c) + step. ``base`` is the file line number of ``lines[0]``, for errors."""
    segments: set = set()
    offset = 0
    for count, width, (dr, dc) in blocks:
        for r in range(count):
            no = base + offset + r
            tokens = lines[offset + r].split()
            if len(tokens) != width or any(t not in ("1", "0", "-1") for t in tokens):
                raise FormatError(f"expected {width} {noun} values (1, 0 or -1)", line=no)
            segments |= {((r, c), (r + dr, c + dc)) for c, t in enumerate(tokens) if t == "1"}
        offset += count
    return segments


def pzprv3_size(lines: list[str], types: tuple[str, ...], genre: str, max_side: int) -> tuple[int, int]:
    """Rows and cols from a pzprv3 header (``pzprv3[.1]`` / genre / ROWS / COLS), checked."""
    if len(lines) < 4 or not lines[0].startswith("pzprv3") or lines[1] not in types:
        raise FormatError(f"not a pzprv3 {genre} file")
    if not (is_number(lines[2]) and is_number(lines[3])):
        raise FormatError("pzprv3 rows / cols are not numbers", line=3)
    rows, cols = int(lines[2]), int(lines[3])
    check_dimensions(rows, cols, max_side)
    return rows, cols


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
            raise FormatError(f"the JSON result holds no solution (status {obj.get('status', '?')})")
        obj = obj["solutions"][0]
    elif isinstance(obj, dict) and "solution" in obj:  # `render --format json`
        if obj["solution"] is None:
            raise FormatError("the JSON record holds no solution")
        obj = obj["solution"]
    try:
        return from_json(obj)
    except ValueError as exc:
        raise FormatError(str(exc)) from None


def leading_solution_forms(text: str, from_json, from_pzprv3, unmarked: str) -> tuple[str, Any, Any]:
    """What the puzz.link kinds' ``parse_solution`` read first: (the stripped text, the puzzle a
    pzprv3 file writes or None, the solution if the text is JSON or pzprv3 else None). Empty text and
    a pzprv3 file without a solution (``unmarked`` says so) are errors."""
    s = text.strip()
    if not s:
        raise FormatError("empty solution")
    if s.startswith("{"):
        return s, None, solution_from_json(s, from_json)
    if s.startswith("pzprv3"):
        written, sol = from_pzprv3(s)
        if sol is None:
            raise FormatError(unmarked)
        return s, written, sol
    return s, None, None


# ---------------------------------------------------------------- puzzlekit (janko) corpora

SECTION_RE = re.compile(r"^\s*\[(?P<name>[^\]]*)\]\s*$")


@dataclass(frozen=True)
class PuzzlekitGrid:
    """A puzzlekit text: its header's ``rows`` and ``cols``, the grid ``lines`` (the lines up to
    the first section marker such as ``[moves]`` or ``[solution]``: janko's solution texts go on
    after the grid with the solving moves or the grid again), how many lines follow the header
    in all (``total``, the sections included) and the first section's name."""

    rows: int
    cols: int
    lines: list[str]
    total: int
    section: str | None


def puzzlekit_grid(text: str, what: str, max_side: int) -> PuzzlekitGrid:
    lines = [ln for ln in text.strip().splitlines() if ln.strip()]
    if not lines:
        raise FormatError(f"empty {what}")
    head = lines[0].split()
    if len(head) != 2 or not all(is_number(t) for t in head):
        raise FormatError(f"{what} header {lines[0]!r} is not 'ROWS COLS'")
    rows, cols = int(head[0]), int(head[1])
    check_dimensions(rows, cols, max_side)
    body = lines[1:]
    cut = next((i for i, ln in enumerate(body) if SECTION_RE.match(ln)), len(body))
    m = SECTION_RE.match(body[cut]) if cut < len(body) else None
    section = m.group("name") if m else None
    return PuzzlekitGrid(rows, cols, body[:cut], len(body), section)


def _rows_mismatch(g: PuzzlekitGrid, what: str) -> FormatError:
    width = len(g.lines[0].split()) if g.lines else 0
    return FormatError(f"{what} header says {g.rows} rows x {g.cols} columns, but {len(g.lines)} rows "
                       f"of {width} are given")


def puzzlekit_texts(problem: str, solution: str | None, max_side: int
                    ) -> tuple[PuzzlekitGrid, PuzzlekitGrid | None, str | None]:
    """The problem's and the solution's grids of one corpus entry, their sizes checked, and a note
    when the size was read from the grids instead of the headers. Raises ``FormatError`` for the
    problem; a solution that does not fit is returned as None with the reason as the note (the
    puzzle itself is fine).

    Decided for janko's Nurikabe set (20 of its 1130 entries, #1086, #1092-#1100 and
    #1131-#1140): both headers give as row count the number of lines of the whole solution text
    -- its grid and its ``[moves]`` (or ``[solution]``) section -- e.g. ``18 10`` for a 10x10
    puzzle followed by 8 lines of moves. Such an entry is read at the size of its grids, with
    the note saying so, only when all of this holds: the two headers agree, the header's row
    count is exactly the number of lines after the solution's header, the solution has a
    section, and the problem and the solution's grid have the same number of rows. Any other
    disagreement is an error (never guessed)."""
    p = puzzlekit_grid(problem, "problem", max_side)
    s, note = None, None
    if solution:
        try:
            s = puzzlekit_grid(solution, "solution", max_side)
        except FormatError as exc:
            note = f"given solution ignored: {exc.message}"
    if len(p.lines) != p.rows:
        counted = (s is not None and (s.rows, s.cols) == (p.rows, p.cols) and s.total == p.rows
                   and s.section is not None and len(s.lines) == len(p.lines))
        if s is None or not counted:  # (no s: not counted)
            raise _rows_mismatch(p, "problem")
        note = (f"the headers say {p.rows}x{p.cols}, counting the lines of the solution's "
                f"[{s.section}] section; read as {len(p.lines)}x{p.cols}, the size of both grids")
        p = PuzzlekitGrid(len(p.lines), p.cols, p.lines, p.total, p.section)
        s = PuzzlekitGrid(len(s.lines), s.cols, s.lines, s.total, s.section)
    if s is not None and (s.rows, s.cols) != (p.rows, p.cols):
        return p, None, f"given solution ignored: solution is {s.rows}x{s.cols}, puzzle is {p.rows}x{p.cols}"
    if s is not None and len(s.lines) != s.rows:
        return p, None, f"given solution ignored: {_rows_mismatch(s, 'solution').message}"
    return p, s, note


def solution_grid_lines(text: str, rows: int, cols: int, max_side: int) -> list[str]:
    """The grid lines of a janko-style solution text for a rows x cols puzzle: an optional
    'ROWS COLS' header (then checked against the puzzle), the grid, maybe a section after it."""
    lines = [ln for ln in text.strip().splitlines() if ln.strip()]
    if lines and re.fullmatch(rf"\s*{NUMBER}\s+{NUMBER}\s*", lines[0]):
        g = puzzlekit_grid(text, "solution", max_side)
        if (g.rows, g.cols) != (rows, cols):
            raise FormatError(f"solution is {g.rows}x{g.cols}, puzzle is {rows}x{cols}")
        if len(g.lines) != g.rows:
            raise _rows_mismatch(g, "solution")
        lines = g.lines
    if len(lines) != rows:
        raise FormatError(f"solution has {len(lines)} rows, puzzle has {rows}")
    return lines


def puzzlekit_entry(problem: str, solution: str | None, max_side: int, make_puzzle, solution_cells):
    """One corpus entry: (puzzle, given solution or None, note or None). The sizes are checked by
    ``puzzlekit_texts`` (which says when and why an entry is read at the size of its grids rather
    than its headers); ``make_puzzle(grid)`` reads the problem's ``PuzzlekitGrid``,
    ``solution_cells(puzzle, lines)`` the solution's grid lines; a given solution that cannot be
    read is dropped with the reason as the note."""
    p, s, note = puzzlekit_texts(problem, solution, max_side)
    puzzle = make_puzzle(p)
    sol = None
    if s is not None:
        try:
            sol = solution_cells(puzzle, s.lines)
        except FormatError as exc:
            note = "; ".join(filter(None, [note, f"given solution ignored: {exc.message}"]))
    return puzzle, sol, note
