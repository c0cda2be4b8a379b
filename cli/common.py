"""What every command module shares: errors, input loading, limits, summary lines, options."""

from __future__ import annotations

import re
import sys
from enum import Enum

import typer

from harness import registry
from puzzles import kinds
from puzzles.formats import Entry, FormatError, read
from puzzles.solving import Limit, SolveResult, Status


class Usage(Exception):
    """Bad input or usage: one line on stderr, exit 2."""


class SolveFormat(str, Enum):
    text = "text"
    json = "json"
    url = "url"
    svg = "svg"
    pzprv3 = "pzprv3"


class RenderFormat(str, Enum):
    text = "text"
    canonical = "canonical"
    json = "json"
    url = "url"
    loopy = "loopy"
    svg = "svg"
    pzprv3 = "pzprv3"


class TableFormat(str, Enum):
    text = "text"
    json = "json"


def error(msg: str) -> None:
    print(f"gridsolve: error: {msg}", file=sys.stderr)


# ------------------------------------------------------------------ shared argument handling

PuzzleArgs = typer.Argument(..., metavar="PUZZLE...", help="files, puzz.link URLs, Loopy IDs, or - for stdin")
KindOpt = typer.Option(None, "--kind", "-k", help="puzzle kind when the input does not say")
BackendOpt = typer.Option(None, "--backend", "-b", help="backend name (see `gridsolve backends`)")
TimeoutOpt = typer.Option(None, "--timeout", "-t", help="seconds per puzzle (default: none)")


class Inputs:
    """Entries of every argument; malformed ones are reported at once and remembered."""

    def __init__(self, args: list[str], kind: str | None) -> None:
        self.bad = 0
        self.entries: list[Entry] = []
        if kind is not None:
            kinds.normalize(kind)
        for arg in args:
            try:
                found = read(arg, kind)
            except FormatError as exc:
                error(str(exc))
                self.bad += 1
                continue
            for e in found:
                if e.warning:
                    print(f"gridsolve: warning: {e.warning}", file=sys.stderr)
                if e.ok:
                    self.entries.append(e)
                else:
                    error(e.error)
                    self.bad += 1


def make_limit(timeout: float | None, limit: int) -> Limit:
    if timeout is not None and timeout <= 0:
        raise Usage(f"--timeout must be positive, got {timeout}")
    if limit < 1:
        raise Usage(f"--limit must be at least 1, got {limit}")
    return Limit(seconds=timeout, solutions=limit)


def backends_for(entries: list[Entry], name: str | None) -> dict[str, registry.Backend]:
    out = {}
    for e in entries:
        if e.kind not in out:
            b = registry.get(e.kind, name)
            ok, why = b.available()
            if not ok:
                raise Usage(f"backend {b.name} is not available here: {why}")
            out[e.kind] = b
    return out


def exit_code(bad_inputs: int, failures: int) -> int:
    return 2 if bad_inputs else 1 if failures else 0


def summary_line(ident: str, r: SolveResult) -> str:
    parts = [f"{ident}: {r.backend} {r.status}"]
    if r.count or r.status == Status.SOLVED:
        parts.append(f"{r.count} solution{'s' if r.count != 1 else ''}")
    if r.unique is True:
        parts.append("unique")
    elif r.unique is False and r.count >= 2:
        parts.append("not unique")
    parts.append(f"{r.seconds:.3f} s")
    if r.status == Status.ERROR:
        parts.append(str(r.stats.get("error", "")))
    return ", ".join(parts)


def safe_name(ident: str) -> str:
    return re.sub(r"[^\w.-]+", "_", ident).strip("_") or "puzzle"
