"""Where the page's puzzles come from and go to: a puzz.link URL, a Loopy ID, the text of a file
in any format the project reads, a shipped sample (``sample:KIND/NAME``) or a file under the
server's root (``file:REL/PATH``, ``#ID`` picking one puzzle of a corpus file); saving writes
only under the root.

Every path is confined to the root: absolute paths and ``..`` are refused, and the resolved
path (symlinks followed) must lie inside the resolved root -- ``Forbidden`` (403) otherwise.
"""

from __future__ import annotations

from functools import lru_cache
from importlib import resources
from pathlib import Path, PurePosixPath
from typing import Any

from ..puzzles import formats, kinds
from ..puzzles.formats import Entry, FormatError
from .states import BadInput

MAX_FILE = 8 << 20  # bytes: a corpus file larger than this is not opened from the page
MAX_ENTRIES_LISTED = 500


class Forbidden(PermissionError):
    """A path outside the server's root folder: answered 403 with this message."""


def confined(root: Path, rel: str) -> Path:
    """``rel`` resolved inside ``root``; ``Forbidden`` for an absolute path, a ``..`` part, or a
    path whose resolution (symlinks followed) leaves the root."""
    if not isinstance(rel, str) or not rel.strip():
        raise BadInput("path: give a file name relative to the server's folder")
    if "\x00" in rel:
        raise BadInput("path: holds a NUL character")
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
        entries = formats.parse_text(source, "<text>", kind)
    else:
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
    return entry, ids


def read_puzzle(text: Any, kind: str | None = None):
    """The puzzle of a request's ``puzzle`` field (its canonical text, as ``doc`` gives it)."""
    if not isinstance(text, str) or not text.strip():
        raise BadInput("puzzle: give the puzzle's canonical text (doc.puzzle)")
    entries = formats.parse_text(text, "<puzzle>", kinds.normalize(kind) if kind else None)
    if len(entries) != 1:
        raise BadInput(f"puzzle: expected one puzzle, got {len(entries)}")
    if entries[0].error is not None:  # (not ok)
        raise FormatError(entries[0].error)
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


def write_file(root: Path, rel: str, text: str) -> str:
    """Write ``text`` to ``rel`` under the root (folders made as needed); the relative path."""
    path = confined(root, rel)
    if path.is_dir():
        raise BadInput(f"path {rel!r} is a folder")
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.is_symlink():
        raise Forbidden(f"path {rel!r} is a symbolic link")
    path.write_text(text + "\n", encoding="utf-8")
    return path.relative_to(root.resolve()).as_posix()
