"""Where the page's puzzles come from and go to: a puzz.link URL, a Loopy ID, the text of a file
in any format the project reads, a shipped sample (``sample:KIND/NAME``) or a file under the
server's root (``file:REL/PATH``, ``#ID`` picking one puzzle of a corpus file); saving writes
only under the root.

Every path is confined to the root: absolute paths and ``..`` are refused, and the resolved
path (symlinks followed) must lie inside the resolved root -- ``Forbidden`` (403) otherwise.
Every puzzle is held to the page's size limits (``harness.limits``) before it is read when its
header or URL states its size, and after; saving never replaces a file unasked (``Exists``).
"""

from __future__ import annotations

import os
import re
import tempfile
from functools import lru_cache
from importlib import resources
from pathlib import Path, PurePosixPath
from typing import Any

from ..harness.limits import LIMITS, TooLarge, check_page
from ..puzzles import formats, kinds
from ..puzzles.formats import Entry, FormatError
from .states import BadInput

MAX_FILE = 8 << 20  # bytes: a corpus file larger than this is not opened from the page
MAX_TEXT = 256 << 10  # bytes: a puzzle's text (or a pasted source) larger than this is not read
MAX_ENTRIES_LISTED = 500
SAVE_SUFFIXES = (".txt", ".pzprv3")  # the project's own puzzle files
# the size a text states before its grid: "KIND RxC" (canonical), "p?GENRE/COLS/ROWS" (puzz.link),
# "WxH" (Loopy); read before parsing, so a huge puzzle is refused at once
_HEADER = re.compile(r"^\s*([a-z_-]+)\s+(\d+)\s*x\s*(\d+)", re.I)
_DIMENSIONS = re.compile(r"(?:\?[a-z]+/(\d+)/(\d+))|(?:^\s*(\d+)x(\d+)[a-z:])", re.I)


class Exists(FileExistsError):
    """Saving over an existing file without ``overwrite``: answered 409."""


def check_size(text: str, kind: str | None = None) -> None:
    """``TooLarge`` for a puzzle text over the page's limits, from what its first line states
    (the parsed puzzle is checked again: ``check_puzzle``) or its length."""
    head = text.lstrip()[:300]
    m = _HEADER.match(head)
    if m:
        try:
            stated = kinds.normalize(m.group(1))
        except FormatError:
            stated = None
        if stated is not None and stated in LIMITS:
            check_page(stated, int(m.group(2)), int(m.group(3)))
    else:
        m = _DIMENSIONS.search(head.splitlines()[0] if head else "")
        if m:
            cols, rows = (int(g) for g in (m.group(1, 2) if m.group(1) else m.group(3, 4)))
            most = max(lim.page for k, lim in LIMITS.items() if kind in (None, k))
            if rows * cols > most:
                raise TooLarge(f"a {rows}x{cols} puzzle has {rows * cols} cells; the page takes at most "
                               f"{most} (harness.limits); solve it from the command line instead: "
                               "gridsolve solve PUZZLE")
    if len(text) > MAX_TEXT:
        raise TooLarge(f"the puzzle text is {len(text) >> 10} KiB; the page reads at most {MAX_TEXT >> 10} "
                       f"KiB; solve it from the command line instead: gridsolve solve FILE")


def check_puzzle(puzzle) -> None:
    check_page(puzzle.kind, puzzle.rows, puzzle.cols)


class Forbidden(PermissionError):
    """A path outside the server's root folder: answered 403 with this message."""


def confined(root: Path, rel: str) -> Path:
    """``rel`` resolved inside ``root``; ``Forbidden`` for an absolute path, a ``..`` part, or a
    path whose resolution (symlinks followed) leaves the root."""
    if not isinstance(rel, str) or not rel.strip():
        raise BadInput("path: give a file name relative to the server's folder")
    if any(ord(ch) < 32 or ord(ch) == 127 for ch in rel):
        raise BadInput("path: holds a control character")
    pure = PurePosixPath(rel.replace("\\", "/"))
    if pure.is_absolute() or rel.startswith("~") or (len(rel) > 1 and rel[1] == ":"):
        raise Forbidden(f"path {rel!r}: absolute paths are refused; give a path inside the server's folder")
    if ".." in pure.parts:
        raise Forbidden(f"path {rel!r}: '..' is refused; give a path inside the server's folder")
    base = root.resolve()
    target = (base / pure).resolve()
    if not target.is_relative_to(base):
        raise Forbidden(f"path {rel!r} leads outside the server's folder")
    return target


def sample_names(kind: str) -> list[str]:
    """The shipped samples of a kind, as ``sample:`` names take them (file stems)."""
    folder = resources.files("gridsolve.puzzles") / "samples" / kind
    return sorted(p.name.removesuffix(".txt") for p in folder.iterdir() if p.name.endswith(".txt"))


def _sample_text(name: str) -> tuple[str, str]:
    kind, _, stem = name.partition("/")
    try:
        kind = kinds.normalize(kind)
    except FormatError as exc:
        raise BadInput(f"sample {name!r}: {exc}") from None
    stem = stem.removesuffix(".txt")
    if stem not in sample_names(kind):
        raise BadInput(f"no sample {name!r} (samples of {kind}: {', '.join(sample_names(kind))})")
    path = resources.files("gridsolve.puzzles") / "samples" / kind / f"{stem}.txt"
    return path.read_text(encoding="utf-8"), f"{kind}/{stem}.txt"


@lru_cache(maxsize=8)
def _parsed_file(path: str, mtime: float, size: int) -> tuple[Entry, ...]:
    """The entries of a file (cached while it is unchanged: corpus files take a second to read)."""
    data = Path(path).read_bytes()
    return tuple(formats.parse_text(formats.decode(data, Path(path).name), Path(path).name))


def _file_entries(root: Path, rel: str) -> tuple[list[Entry], str | None]:
    rel, _, want = rel.partition("#")
    path = confined(root, rel)
    if not path.is_file():
        raise BadInput(f"no file {rel!r} in the server's folder")
    st = path.stat()
    if st.st_size > MAX_FILE:
        raise BadInput(f"file {rel!r} is larger than {MAX_FILE >> 20} MiB")
    entries = list(_parsed_file(str(path), st.st_mtime, st.st_size))
    return entries, want or None


def read_source(root: Path, source: Any, kind: str | None = None) -> tuple[Entry, list[str]]:
    """(the entry a source names, the ids of every puzzle the source holds). BadInput /
    FormatError for what does not read, Forbidden for a path outside the root."""
    if not isinstance(source, str) or not source.strip():
        raise BadInput("source: give a puzz.link URL, a Loopy ID, a file's text, sample:KIND/NAME or "
                       "file:PATH")
    if kind is not None:
        kind = kinds.normalize(kind)
    want = None
    text = source.strip()
    if text.startswith("sample:"):
        body, name = _sample_text(text.removeprefix("sample:"))
        entries = formats.parse_text(body, name, kind)
    elif text.startswith("file:"):
        entries, want = _file_entries(root, text.removeprefix("file:"))
    elif "\n" in text:
        check_size(text, kind)
        entries = formats.parse_text(source, "<text>", kind)
    else:
        check_size(text, kind)
        entry = formats.parse_inline(text, kind)
        if entry is None:
            raise BadInput("not a puzz.link URL or puzzle ID; paste the file's text, or give "
                           "sample:KIND/NAME or file:PATH")
        entries = [entry]
    ids = [e.id for e in entries][:MAX_ENTRIES_LISTED]
    if want is not None:
        entries = [e for e in entries if e.id == want]
        if not entries:
            raise BadInput(f"no puzzle with id {want!r} in that file")
    entry = next((e for e in entries if e.ok), None)
    if entry is None:
        error = entries[0].error if entries else None
        raise FormatError(error or "no puzzle in that input")
    if kind is not None and entry.kind != kind:
        raise BadInput(f"the input is a {entry.kind} puzzle, not {kind}")
    check_puzzle(entry.puzzle)
    return entry, ids


def read_puzzle(text: Any, kind: str | None = None):
    """The puzzle of a request's ``puzzle`` field (its canonical text, as ``doc`` gives it)."""
    if not isinstance(text, str) or not text.strip():
        raise BadInput("puzzle: give the puzzle's canonical text (doc.puzzle)")
    kind = kinds.normalize(kind) if kind else None
    check_size(text, kind)
    entries = formats.parse_text(text, "<puzzle>", kind)
    if len(entries) != 1:
        raise BadInput(f"puzzle: expected one puzzle, got {len(entries)}")
    if entries[0].error is not None:  # (not ok)
        raise FormatError(entries[0].error)
    check_puzzle(entries[0].puzzle)
    return entries[0].puzzle


SAVE_FORMATS = ("pzprv3", "canonical", "url")


def save_text(puzzle, solution, fmt: str) -> str:
    """The puzzle (and the state as a solution, where the format holds one) in ``fmt``."""
    if fmt not in SAVE_FORMATS:
        raise BadInput(f"format {fmt!r}: choose {', '.join(SAVE_FORMATS)}")
    have = formats.writers(puzzle.kind)
    if fmt not in have:
        raise BadInput(f"{puzzle.kind} puzzles are not written as {fmt} (they are as: "
                       f"{', '.join(f for f in SAVE_FORMATS if f in have)})")
    return formats.write(fmt, puzzle, None if fmt == "url" else solution)


def write_file(root: Path, rel: str, text: str, overwrite: bool = False) -> str:
    """Write ``text`` to ``rel`` under the root (folders made as needed); the relative path. Only
    the project's own file names (``SAVE_SUFFIXES``); an existing file is replaced only with
    ``overwrite`` (``Exists`` otherwise), and then whole: the text goes to a temporary file in
    the same folder, renamed over the old one, so a crash leaves either file complete."""
    if not isinstance(rel, str) or not rel.lower().endswith(SAVE_SUFFIXES):
        raise BadInput(f"path {rel!r}: save to a file named *{' or *'.join(SAVE_SUFFIXES)}")
    path = confined(root, rel)
    if path.is_dir():
        raise BadInput(f"path {rel!r} is a folder")
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.is_symlink():
        raise Forbidden(f"path {rel!r} is a symbolic link")
    if path.exists() and not overwrite:
        raise Exists(f"file {rel!r} exists; send overwrite: true to replace it")
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text + "\n")
        os.replace(tmp, path)
    except BaseException:
        os.unlink(tmp)
        raise
    return path.relative_to(root.resolve()).as_posix()
