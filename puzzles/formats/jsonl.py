"""JSON inputs: JSON Lines (``{"kind", "id", "puzzle", "solution"}`` per line, the puzzle in any
supported format), a puzzlekit corpus (``{"name", "data": {key: {"problem", "solution"}}}``), and
one JSON Lines record written over several lines. A broken JSON document is one error (with its
line and column); a broken line of JSON Lines is that line's error, the other lines still read."""

from __future__ import annotations

import json
from pathlib import Path

from .. import formats, kinds
from .common import Entry, FormatError

PUZZLEKIT_NAMES = {"slitherlink": "slitherlink", "nurikabe": "nurikabe", "masyu": "masyu"}


def is_json_lines(text: str) -> bool:
    """Does the text read as JSON Lines (its first line an object, half its lines or more)?"""
    lines = [ln.strip() for ln in text.splitlines() if ln.strip() and not ln.lstrip().startswith("#")]
    return bool(lines) and lines[0].startswith("{") and _looks_like_jsonl(lines)


def _looks_like_jsonl(lines: list[str]) -> bool:
    """Several JSON objects, one a line (at least half of the lines): else the text is one JSON
    document, read as a whole."""
    def whole(line: str) -> bool:
        try:
            return isinstance(json.loads(line), dict)
        except (ValueError, RecursionError):
            return False
    return len(lines) > 1 and 2 * sum(map(whole, lines)) >= len(lines)


def parse_json(text: str, lines: list[str], source: str, kind: str | None) -> list[Entry]:
    """A puzzlekit corpus, JSON Lines, or one JSON Lines record written over several lines."""
    try:
        doc = json.loads(text)
    except (ValueError, RecursionError) as exc:  # RecursionError: nested past the parser's depth
        if _looks_like_jsonl(lines):
            return _parse_jsonl(text, source, kind)
        where = (exc.lineno, exc.colno) if isinstance(exc, json.JSONDecodeError) else (None, None)
        raise FormatError(f"invalid JSON ({getattr(exc, 'msg', exc)})", source, *where) from None
    if isinstance(doc, dict) and isinstance(doc.get("data"), dict):
        return _parse_puzzlekit(doc, source, kind)
    if _looks_like_jsonl(lines):
        return _parse_jsonl(text, source, kind)
    return [_jsonl_entry(doc, source, 1, f"{Path(source).stem}:1", kind)]


def _parse_jsonl(text: str, source: str, kind: str | None) -> list[Entry]:
    out: list[Entry] = []
    for no, line in enumerate(text.splitlines(), 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        ident = f"{Path(source).stem}:{no}"
        undecoded = next((c for c in line if "\udc80" <= c <= "\udcff"), None)  # surrogateescape
        if undecoded is not None:
            err = FormatError(f"not UTF-8 text (byte 0x{ord(undecoded) - 0xdc00:02x})", source, no)
            out.append(Entry(ident, kind or "?", error=str(err), source=source))
            continue
        try:
            obj = json.loads(line)
        except (ValueError, RecursionError) as exc:
            err = FormatError(f"invalid JSON ({getattr(exc, 'msg', exc)})", source, no)
            out.append(Entry(ident, kind or "?", error=str(err), source=source))
            continue
        out.append(_jsonl_entry(obj, source, no, ident, kind))
    return out


def _jsonl_entry(obj, source: str, no: int, ident: str, kind: str | None) -> Entry:
    """One JSON Lines record ``{"kind", "id", "puzzle", "solution"}`` (line ``no`` of ``source``):
    its puzzle, or an entry carrying the one error, placed at that line."""
    if isinstance(obj, dict) and "id" in obj:
        ident = str(obj["id"])
    want = obj.get("kind", kind) if isinstance(obj, dict) else kind
    try:
        if not isinstance(obj, dict) or not isinstance(obj.get("puzzle"), str):
            raise FormatError('expected an object with a "puzzle" string')
        if want is not None:
            want = kinds.normalize(want)
        inner = formats.parse_inline(obj["puzzle"], want)
        entries = [inner] if inner else formats.parse_text(obj["puzzle"], "", want)
        if len(entries) != 1:
            raise FormatError(f"a JSON Lines entry must hold exactly one puzzle, not {len(entries)}")
        e = entries[0]
        if e.error:
            raise FormatError(f"puzzle {e.error}")
    except FormatError as exc:
        err = exc.inside(source, no) if not exc.source else FormatError(exc.message, source, no)
        known = want if isinstance(want, str) and want in kinds.KINDS else kind
        return Entry(ident, known or "?", error=str(err), source=source)
    solution, warning = e.solution, None
    if obj.get("solution") is not None:  # a given solution (the kind's JSON or text form)
        given = obj["solution"]
        try:
            solution = kinds.formats(e.kind).parse_solution(
                e.puzzle, given if isinstance(given, str) else json.dumps(given))
        except ValueError as exc:  # FormatError, or a solution type refusing what it was given
            solution = None
            why = exc.message if isinstance(exc, FormatError) else str(exc)
            warning = str(FormatError(f"malformed given solution ignored ({why})", source, no))
    return Entry(ident, e.kind, e.puzzle, solution, source=source, warning=warning)


def _parse_puzzlekit(doc: dict, source: str, kind: str | None) -> list[Entry]:
    name = str(doc.get("name", "")).lower()
    k = PUZZLEKIT_NAMES.get(name)
    if k is None or k not in kinds.KINDS:
        raise FormatError(f"puzzlekit corpus of unsupported kind {doc.get('name')!r}", source)
    formats.check_kind(k, kind, source)
    mod = kinds.formats(k)
    out: list[Entry] = []
    for key, item in doc["data"].items():
        try:
            if not isinstance(item, dict) or not isinstance(item.get("problem"), str):
                raise FormatError('entry has no "problem" string')
            given = item.get("solution")
            usable = isinstance(given, str) and bool(given.strip())
            # the kinds PUZZLEKIT_NAMES names have from_puzzlekit; KindFormats cannot say so (a
            # Protocol has no optional members)
            puzzle, solution, note = mod.from_puzzlekit(  # pyright: ignore[reportAttributeAccessIssue]
                item["problem"], given if usable else None)
            if given is not None and not isinstance(given, str):
                note = f'given solution ignored: "solution" is a {type(given).__name__}, not a grid text'
            warning = f"{source}: entry {key}: {note}" if note else None
            out.append(Entry(str(key), k, puzzle, solution, source=source, warning=warning))
        except FormatError as exc:
            out.append(Entry(str(key), k, error=f"{source}: entry {key}: {exc.message}", source=source))
    return out
