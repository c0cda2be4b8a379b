"""The fuzz suite's inputs (``benchmarks.fuzz`` runs them): seeds -- the shipped samples in every
format their kind writes and reads back, the test fixtures as they are, JSON Lines, puzzlekit
JSON, URL lists, and solutions for ``check`` -- and the mutations that make them hostile."""

from __future__ import annotations

import functools
import json
import random
import re
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass

from .common import ROOT

SAMPLES = ROOT / "puzzles" / "samples"
EXTRA_SAMPLES = SAMPLES / "labyrinth-states"  # a walk in progress: the labyrinth's saved-state format
SOLVE_CELLS = 400  # bigger puzzles are rendered, not solved (and get no solution for check)
UNREADABLE = {"svg", "text", "json"}  # writers whose output is not a puzzle input (json: jsonl group)
INLINE = {"url", "loopy"}


@dataclass(frozen=True)
class Seed:
    """One valid input: its format group, text, whether it is written on the command line, the
    ``--kind`` it needs, and for ``check`` a solution of it."""

    group: str
    text: str
    inline: bool = False
    kind: str | None = None
    solution: str | None = None
    items: int = 1  # puzzles in it: a broken one is one error line each


# ------------------------------------------------------------------ the corpus


FIXTURES = ROOT / "tests" / "data"  # more formats (CSP-Rules, Fodor, the essay's files, listings)


def _entries():
    """Each kind's samples (``kinds.samples``: a kind without any is refused loudly), each with a
    solution (its own, else one the default backend finds)."""
    import dataclasses

    from gridsolve.puzzles import kinds
    from gridsolve.puzzles.formats import read

    import gridsolve

    extra = sorted(EXTRA_SAMPLES.glob("*.txt"))
    for path in [*(path for kind in kinds.KINDS for path in kinds.samples(kind)), *extra]:
        for e in read(str(path)):
            if e.ok and e.solution is None and e.puzzle.rows * e.puzzle.cols <= SOLVE_CELLS:
                found = gridsolve.solve(e.puzzle, timeout=30).solutions
                e = dataclasses.replace(e, solution=found[0] if found else None)
            if e.ok:
                yield e


def _files() -> list[Seed]:
    """Every readable fixture file as it is, grouped by kind ("KIND-file")."""
    from gridsolve.puzzles.formats import parse_text

    out = []
    for path in sorted(p for p in FIXTURES.rglob("*") if p.is_file() and p.suffix != ".md"):
        text = path.read_text(encoding="utf-8", errors="replace")
        kind = path.relative_to(FIXTURES).parts[0]
        for given in (None, kind):
            try:
                found = parse_text(text, "<seed>", given)
                if all(e.ok for e in found):
                    out.append(Seed(f"{kind}-file", text, kind=given, items=len(found)))
                    break
            except Exception:  # noqa: BLE001 - not a puzzle file (a violations list, notes)
                continue
    return out


def seeds() -> list[Seed]:
    """Every sample in every format that reads back as the same puzzle, plus the multi-item
    groups (JSON Lines, puzzlekit, URL lists) and the solutions for ``check``."""
    from gridsolve.puzzles.formats import parse_inline, parse_text, write, writers
    from gridsolve.puzzles.formats.jsonl import PUZZLEKIT_NAMES

    titles = {kind: name.capitalize() for name, kind in PUZZLEKIT_NAMES.items()}

    out: list[Seed] = []
    records, urls, kit = [], [], defaultdict(dict)
    for e in _entries():
        for fmt in writers(e.kind):
            if fmt in UNREADABLE:
                continue
            text = write(fmt, e.puzzle, None, e.id)
            for kind in (None, e.kind):
                try:
                    back = [parse_inline(text, kind)] if fmt in INLINE else parse_text(text, "<seed>", kind)
                except Exception:  # noqa: BLE001 - a format that does not read back is no seed
                    continue
                if len(back) == 1 and back[0] is not None and back[0].ok and back[0].puzzle == e.puzzle:
                    out.append(Seed(f"{e.kind}-{fmt}", text, fmt in INLINE, kind))
                    break
        if e.solution is not None:
            sol = write("canonical", e.puzzle, e.solution, e.id)
            out.append(Seed(f"{e.kind}-check", write("canonical", e.puzzle, None, e.id), solution=sol))
        records.append(json.dumps({"kind": e.kind, "id": e.id, "puzzle": write("canonical", e.puzzle)}))
        if "url" in writers(e.kind):
            urls.append(write("url", e.puzzle))
            head, *grid = write("canonical", e.puzzle).splitlines()
            name = titles.get(e.kind)
            if name:
                problem = f"{e.puzzle.rows} {e.puzzle.cols}\n" + "\n".join(g.replace(".", "-") for g in grid)
                kit[name][e.id] = {"problem": problem}
    out += _files()
    out.append(Seed("jsonl", "\n".join(records) + "\n"))
    out.append(Seed("url-list", "# puzzles\n" + "\n".join(urls) + "\n"))
    for name, data in kit.items():
        out.append(Seed("puzzlekit", json.dumps({"name": name, "data": data}, indent=1)))
    return out


@functools.cache
def seeds_cached() -> tuple[Seed, ...]:
    """``seeds()`` built once per process (they solve the samples without a solution)."""
    return tuple(seeds())


# ------------------------------------------------------------------ mutations

NUMBERS = ["9" * 25, "9" * 5000, "99999999", "1000001", "-3", "-0", "+1", "NaN", "nan", "inf", "1e9",
           "0x1f", "1.5", "0", "\uff15", "\u2460", "\u00b2", "\u0663", "\U0001d7d9", ""]
NOISE = ["\u200b", "\u00e9", "\u4e2d", "\U0001f600", "\x1b[31m", "\x00", "\r", "\t", "\ufeff", "\u202e",
         "\x7f", "\udcff", "#", "{", "}", "\"", "/", "?", "x", " ", "\\", "\n\n"]
HEADERS = ["slitherlink", "nurikabe", "hamiltonian", "edgematching", "loopy", "eternity2", "sudoku",
           "SLITHERLINK", "", "slitherlink 0x0", "nurikabe 1000x1000", "hamiltonian 5x5x5",
           "edgematching 64x64"]
JSON_BREAKS = ['{"kind": 1, "id": "a", "puzzle": "x"}', '{"kind": null, "puzzle": 5}', '[1, 2]', 'null',
               '{"kind": "nurikabe", "id": "\\u001b[2J", "puzzle": "# only a comment"}',
               '{"puzzle": "' + "[" * 50 + '"}', "[" * 100000, '{"kind": "slitherlink", "puzzle": ""}',
               '{"kind": ["x"], "puzzle": "slitherlink 1x1\\n."}', '{"solution": {"edges": 5}}',
               '{"kind": "slitherlink", "puzzle": "slitherlink 1x1\\n.", "solution": {"edges": [[1]]}}',
               '{"kind": "nurikabe", "id": {}, "puzzle": "nurikabe 1x1\\n1", "solution": "\\u2460"}']


def _lines(text: str) -> list[str]:
    return text.split("\n")


def flip(text: str, rng: random.Random) -> bytes:
    data = bytearray(text.encode("utf-8", "surrogatepass"))
    for _ in range(rng.randint(1, 3)):
        if data:
            data[rng.randrange(len(data))] ^= 1 << rng.randrange(8)
    return bytes(data)


def binary(text: str, rng: random.Random) -> bytes:
    data = text.encode("utf-8", "surrogatepass")
    at = rng.randint(0, len(data))
    return data[:at] + bytes(rng.randrange(256) for _ in range(rng.randint(1, 16))) + data[at:]


def truncate(text: str, rng: random.Random) -> str:
    return text[: rng.randint(0, max(0, len(text) - 1))]


def duplicate_line(text: str, rng: random.Random) -> str:
    ls = _lines(text)
    i = rng.randrange(len(ls))
    return "\n".join(ls[: i + 1] + [ls[i]] + ls[i + 1:])


def drop_line(text: str, rng: random.Random) -> str:
    ls = _lines(text)
    del ls[rng.randrange(len(ls))]
    return "\n".join(ls)


def blank_line(text: str, rng: random.Random) -> str:
    ls = _lines(text)
    ls.insert(rng.randint(0, len(ls)), "")
    return "\n".join(ls)


def number(text: str, rng: random.Random) -> str:
    found = list(re.finditer(r"[0-9]+", text))
    if not found:
        return text + rng.choice(NUMBERS)
    m = rng.choice(found)
    return text[: m.start()] + rng.choice(NUMBERS) + text[m.end():]


def noise(text: str, rng: random.Random) -> str:
    at = rng.randint(0, len(text))
    return text[:at] + rng.choice(NOISE) + text[at:]


def header(text: str, rng: random.Random) -> str:
    ls = _lines(text)
    i = next((k for k, ln in enumerate(ls) if ln.strip() and not ln.startswith("#")), 0)
    words = ls[i].split(" ")
    if rng.random() < 0.5 or len(words) < 2:
        words[0] = rng.choice(HEADERS)
    else:
        words[1] = f"{rng.choice([0, 1, 3, 5, 7, 64, 200, 1000, 1001])}x{rng.choice([0, 1, 5, 9, 1000])}"
    ls[i] = " ".join(words)
    return "\n".join(ls)


def url(text: str, rng: random.Random) -> str:
    parts = text.split("/")
    how = rng.randrange(4)
    if how == 0 and len(parts) > 2:
        i, j = rng.sample(range(len(parts)), 2)
        parts[i], parts[j] = parts[j], parts[i]
    elif how == 1:
        parts = parts[: rng.randint(1, len(parts))]
    elif how == 2:
        parts.append(rng.choice(["", "x", "99", "5/5/abc"]))
    else:
        return text.replace("?", rng.choice(["", "??", "?/", "?slither/"]), 1)
    return "/".join(parts)


def json_break(text: str, rng: random.Random) -> str:
    ls = _lines(text)
    i = rng.randrange(len(ls))
    how = rng.randrange(3)
    if how == 0:
        ls[i] = rng.choice(JSON_BREAKS)
    elif how == 1:
        ls.insert(i, rng.choice(JSON_BREAKS))
    else:
        ls[i] = ls[i].replace(rng.choice(['"', "{", "}", ":", ","]), "", 1)
    return "\n".join(ls)


MUTATIONS: dict[str, Callable] = {
    "flip": flip, "binary": binary, "truncate": truncate, "duplicate": duplicate_line, "drop": drop_line,
    "blank": blank_line, "number": number, "noise": noise, "header": header, "url": url, "json": json_break,
}
BYTE_LEVEL = {"flip", "binary"}  # these end in bytes: the input may not be UTF-8 any more
LINE_ADDING = ("duplicate", "json")  # these may add a line that is an item of its own


def mutate(text: str, rng: random.Random) -> tuple[bytes, list[str]]:
    """The text with one to three mutations (a byte-level one, if drawn, comes last)."""
    names = rng.choices(list(MUTATIONS), k=rng.randint(1, 3))
    names.sort(key=lambda n: n in BYTE_LEVEL)
    data: str | bytes = text
    for n in names:
        data = MUTATIONS[n](data if isinstance(data, str) else data.decode("utf-8", "surrogateescape"), rng)
    return (data if isinstance(data, bytes) else data.encode("utf-8", "surrogateescape")), names
