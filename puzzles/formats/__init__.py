"""Reading puzzles from whatever the user gives: a file in any supported format, a puzz.link URL
or a puzzle ID written on the command line, ``-`` for standard input, or a directory of files.

The generic containers are handled here: canonical text blocks (``<kind> <ROWS>x<COLS> [id]``
headers, blocks separated by blank lines; a block without a header belongs to the puzzle before
it) and text files of URLs / IDs, one per line; JSON inputs (JSON Lines, puzzlekit corpora) in
``jsonl``. Kind-specific formats (CSP-Rules files, pzprv3, ...) are recognised through what each
kind's ``puzzles.formats.<kind>`` module declares in its ``CAPABILITIES`` (``common.Capabilities``).

Writing goes through ``writers(kind)`` / ``write(...)`` (``writing``); ``read_solution`` reads a
solution back from any form they write.

A parser validates everything up front: whatever it returns is safe to solve; whatever it refuses
is a ``FormatError`` (the one error type, ``puzzles.errors``). A malformed item of a multi-puzzle
input becomes an ``Entry`` with ``error`` set, so the other items still run.
"""

from __future__ import annotations

import json
import os
import re
import sys
from pathlib import Path

from .. import kinds
from .common import HEADER_RE, Entry, FormatError, split_blocks
from .jsonl import is_json_lines, parse_json
from .writing import capabilities, write, writers

__all__ = ["Entry", "FormatError", "read", "read_text", "parse_text", "parse_inline", "format_puzzle",
           "capabilities", "writers", "write", "read_solution", "from_size", "adjust"]

MAX_FILES = 100_000
SKIPPED_SUFFIXES = {".md", ".rst", ".png", ".svg", ".pdf", ".html"}  # notes beside puzzle files
# the line `gridsolve solve` writes before a solution: "ID: BACKEND STATUS, ..."
STATUS_LINE_RE = re.compile(r"^\S.*: \S+ (solved|unsat|timeout|stuck|error)(,|$)")
URL_RE = re.compile(r"^(?:https?://\S*|[\w./-]*)\?(?P<query>[^\s?]+)$")


def _short_id(s: str) -> str:
    s = s.split("?", 1)[-1]
    return s if len(s) <= 40 else s[:37] + "..."


def _url_kind(query: str) -> str:
    """The kind reading a puzz.link URL of this query, found by the registry: a puzz.link type is
    its kind's name or one of its ``kinds.ALIASES`` (tests/project/test_contracts.py keeps every
    kind's ``url_types`` so), so only that kind's formats module is loaded."""
    ptype = query.split("/", 1)[0].lower()
    try:
        k = kinds.normalize(ptype)
    except kinds.UnknownKind:
        k = None
    if k is None or ptype not in capabilities(k).url_types:
        raise FormatError(f"unsupported puzz.link puzzle type {ptype!r}")
    return k


def parse_inline(s: str, kind: str | None = None) -> Entry | None:
    """A puzz.link URL or a puzzle ID (e.g. Simon Tatham's) given as a string; None if ``s`` is
    neither. Raises FormatError if it is one but malformed."""
    s = s.strip()
    if not s or "\n" in s:
        return None
    m = URL_RE.match(s)
    if m:
        k = _url_kind(m.group("query"))
        check_kind(k, kind, s)
        from_url = capabilities(k).from_url
        assert from_url is not None  # the kind whose url_types name the query reads it
        puzzle = from_url(s)
        return Entry(id=_short_id(s), kind=k, puzzle=puzzle, source=s)
    for k in kinds.KINDS:
        caps = capabilities(k)
        if caps.looks_like_id is not None and caps.from_id is not None and caps.looks_like_id(s):
            check_kind(k, kind, s)
            return Entry(id=_short_id(s), kind=k, puzzle=caps.from_id(s), source=s)
    return None


def check_kind(found: str, wanted: str | None, source: str) -> None:
    if wanted is not None and kinds.normalize(wanted) != found:
        raise FormatError(f"input is {found}, not {kinds.normalize(wanted)}", source)


def read(arg: str, kind: str | None = None) -> list[Entry]:
    """Every puzzle an argument names. ``path#ID`` selects one entry of a multi-puzzle file."""
    if arg == "-":
        return parse_text(*read_text(arg), kind)
    if not arg.strip():
        raise FormatError("empty argument: give a file, a puzz.link URL, a puzzle ID or - for stdin")
    path = Path(arg)
    if _exists(path, Path.is_file):
        return parse_text(_read_file(path), str(path), kind)
    if _exists(path, Path.is_dir):
        files = _puzzle_files(path)
        if not files:
            raise FormatError("directory holds no files", str(path))
        out: list[Entry] = []
        for p in files:
            try:
                out.extend(parse_text(_read_file(p), str(p), kind))
            except FormatError as exc:
                out.append(Entry(id=p.name, kind=kind or "?", error=str(exc), source=str(p)))
        return out
    if "#" in arg and _exists(Path(arg.rsplit("#", 1)[0]), Path.is_file):
        base, want = arg.rsplit("#", 1)
        entries = [e for e in read(base, kind) if e.id == want]
        if not entries:
            raise FormatError(f"no entry with id {want!r}", base)
        return entries
    entry = parse_inline(arg, kind)
    if entry is not None:
        return [entry]
    raise FormatError("no such file, and not a puzz.link URL or puzzle ID", arg)


def _puzzle_files(folder: Path) -> list[Path]:
    """The files of a folder and its subfolders (hidden ones and notes left out; folders that
    cannot be read skipped); FormatError past ``MAX_FILES``, which no puzzle collection needs."""
    found = []
    for top, dirs, names in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        for name in names:
            p = Path(top, name)
            if not name.startswith(".") and p.suffix not in SKIPPED_SUFFIXES and _exists(p, Path.is_file):
                found.append(p)
                if len(found) > MAX_FILES:
                    raise FormatError(f"more than {MAX_FILES} files: give a folder of puzzles", str(folder))
    return sorted(found)


def _exists(path: Path, test) -> bool:
    """``test(path)`` (is_file, is_dir); False for a name no file can have (too long, ...)."""
    try:
        return test(path)
    except (OSError, ValueError):
        return False


def read_text(arg: str) -> tuple[str, str]:
    """(text, source) of a file argument or ``-`` (standard input); FormatError if it cannot be
    read or is not UTF-8 text."""
    if arg == "-":
        stdin = getattr(sys.stdin, "buffer", None)
        return (decode(stdin.read(), "<stdin>") if stdin is not None else sys.stdin.read()), "<stdin>"
    return _read_file(Path(arg)), arg


def decode(data: bytes, source: str) -> str:
    """UTF-8 text (a byte order mark dropped); FormatError naming the first bad byte otherwise --
    but JSON Lines keep their bad bytes (as surrogates): each such line is its own error."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        text = data.decode("utf-8-sig", "surrogateescape")
        if is_json_lines(text):
            return text
        raise FormatError(f"not a UTF-8 text file (byte {exc.start + 1} is 0x{data[exc.start]:02x})",
                          source) from None


def _read_file(path: Path) -> str:
    try:
        return decode(path.read_bytes(), str(path))
    except OSError as exc:
        raise FormatError(exc.strerror or "cannot read", str(path)) from None


def parse_text(text: str, source: str = "<text>", kind: str | None = None) -> list[Entry]:
    """Every puzzle in a text, whatever its (supported) format. A text that is one item (one
    puzzle, one JSON document) is one error when it is broken, however many lines it has."""
    if not text.strip():
        raise FormatError("empty input", source)
    lines = [ln.strip() for ln in text.splitlines() if ln.strip() and not ln.lstrip().startswith("#")]
    if not lines:
        raise FormatError("no puzzle: the input holds only comments", source)
    stem = Path(source).stem if not source.startswith("<") else source.strip("<>")

    if lines[0].startswith("{"):
        return parse_json(text, lines, source, kind)

    blocks = split_blocks(text)
    m = HEADER_RE.match(blocks[0][1][0].strip())
    if m and (m.group("kind") in kinds.KINDS or m.group("kind") in kinds.ALIASES):
        return _parse_canonical(blocks, source, stem, kind)

    for k in kinds.KINDS if kind is None else (kinds.normalize(kind),):
        caps = capabilities(k)
        if caps.sniff is not None and caps.parse_document is not None and caps.sniff(text):
            return caps.parse_document(text, source, stem)

    try:
        first_inline = parse_inline(lines[0], kind)
    except FormatError:
        first_inline = None
    if first_inline is not None:
        return _parse_inline_lines(text, source, kind)
    if kind is not None and (parse_plain := capabilities(kind).parse_plain) is not None:
        return parse_plain(text, source, stem)
    raise FormatError(
        "unrecognised puzzle format (expected e.g. a '<kind> ROWSxCOLS' header, a puzz.link URL, "
        "JSON Lines or a puzzlekit JSON file)",
        source,
    )


def _items(blocks: list[tuple[int, list[str]]]) -> list[list[tuple[int, list[str]]]]:
    """Blocks grouped into items: a block that starts with a header starts an item, a block
    without one belongs to the item before it (a puzzle broken by a blank line stays one item)."""
    items: list[list[tuple[int, list[str]]]] = []
    for block in blocks:
        if not items or HEADER_RE.match(block[1][0].strip()):
            items.append([block])
        else:
            items[-1].append(block)
    return items


def _parse_canonical(blocks, source: str, stem: str, kind: str | None) -> list[Entry]:
    out: list[Entry] = []
    items = _items(blocks)
    for n, ((line_no, lines), *stray) in enumerate(items, 1):
        default_id = stem if len(items) == 1 else f"{stem}#{n}"
        m = HEADER_RE.match(lines[0].strip())
        try:
            if not m:
                raise FormatError(f"expected a header '<kind> ROWSxCOLS', got {lines[0]!r}")
            k = kinds.normalize(m.group("kind"))
            check_kind(k, kind, source)
            rest = (m.group("rest") or "").split()
            rows, cols = int(m.group("rows")), int(m.group("cols"))
            puzzle, solution = kinds.formats(k).parse_block(rows, cols, rest, lines[1:], line_no + 1)
            if stray:
                raise FormatError(f"a blank line inside the puzzle, then {stray[0][1][0]!r} "
                                  "(a new puzzle starts with a '<kind> ROWSxCOLS' header)", line=stray[0][0])
            ident = next((t for t in rest if t != "solution"), default_id)
            out.append(Entry(ident, k, puzzle, solution, source=source))
        except FormatError as exc:
            out.append(Entry(default_id, kind or "?", error=str(exc.at(source, line_no)), source=source))
    return out


def _parse_inline_lines(text: str, source: str, kind: str | None) -> list[Entry]:
    out: list[Entry] = []
    for no, line in enumerate(text.splitlines(), 1):
        s = line.strip()
        if not s or s.startswith("#"):
            continue
        try:
            e = parse_inline(s, kind)
            if e is None:
                raise FormatError("not a puzz.link URL or puzzle ID")
            out.append(Entry(e.id, e.kind, e.puzzle, source=source))
        except FormatError as exc:
            out.append(
                Entry(f"{Path(source).stem}:{no}", kind or "?",
                      error=f"{source}:{no}: {exc.message}", source=source)
            )
    return out


def format_puzzle(puzzle, ident: str | None = None) -> str:
    """The canonical text of a puzzle (header line, then the grid)."""
    return kinds.formats(puzzle.kind).format_puzzle(puzzle, ident)


def from_size(kind: str, size: str):
    """The kind's standard puzzle of a size (``"7"``, ``"5x7"``)."""
    make = capabilities(kind).from_size
    if make is None:
        have = [k for k in kinds.KINDS if capabilities(k).from_size is not None]
        raise FormatError(f"{kinds.normalize(kind)} has no standard puzzle by size "
                          f"(kinds that have: {', '.join(have)}); give a puzzle")
    return make(str(size))


def adjust(puzzle, **settings):
    """The puzzle with user settings applied (None values = not given); FormatError for a kind
    without settings."""
    given = {k: v for k, v in settings.items() if v is not None}
    if not given:
        return puzzle
    change = capabilities(puzzle.kind).adjust
    if change is None:
        raise FormatError(f"{', '.join(given)}: not a setting of {puzzle.kind} puzzles")
    return change(puzzle, **given)


def read_solution(puzzle, text: str):
    """A solution of ``puzzle`` in any form ``gridsolve solve`` writes: the text drawing (after a
    status line or not), the JSON record (its first solution), canonical text, pzprv3 and the kind's
    own forms. A URL or an SVG picture holds no readable solution: FormatError saying so."""
    lines = text.strip().splitlines()
    while lines and STATUS_LINE_RE.match(lines[0]):
        lines = lines[1:]
    s = "\n".join(lines).strip()
    if not s:
        raise FormatError("empty solution")
    if s.startswith("{"):
        try:
            kind = json.loads(lines[0]).get("kind")
        except (json.JSONDecodeError, AttributeError):
            kind = None
        if kind is not None and kind != puzzle.kind:
            raise FormatError(f"the JSON record is a {kind} result, the puzzle is {puzzle.kind}")
    elif s.startswith("<") and "<svg" in s[:300]:
        raise FormatError("an SVG picture cannot be read back; write the solution as text, json or canonical")
    elif "\n" not in s and _is_inline_puzzle(s):
        raise FormatError("a puzzle URL or ID holds no solution; write the solution as text, json or "
                          "canonical")
    return kinds.formats(puzzle.kind).parse_solution(puzzle, s)


def _is_inline_puzzle(s: str) -> bool:
    try:
        return parse_inline(s) is not None
    except FormatError:
        return URL_RE.match(s) is not None
