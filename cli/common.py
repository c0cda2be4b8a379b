"""What every command module shares: errors, input loading, limits, summary lines, the solving
commands' preparation.

Every command module imports this one, and so does the typer-free parser of the small jobs
(``cli.fast``), so it imports neither typer nor click (their declarations of the shared options
are ``cli.declare``'s), only the light domain modules (kinds, errors) at the top; the formats, the
registry and the solving types load inside the functions that use them."""

from __future__ import annotations

import math
import re
import sys
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..puzzles import kinds
from ..puzzles.errors import FormatError, printable

if TYPE_CHECKING:
    from ..harness import registry
    from ..puzzles.formats import Entry
    from ..puzzles.solving import Limit, SolveResult


class Usage(Exception):
    """Bad input or usage: one line on stderr, exit 2."""


def error(msg: str) -> None:
    """One line on stderr; what it echoes from the input is escaped to printable text."""
    print(f"gridsolve: error: {printable(' '.join(msg.splitlines()))}", file=sys.stderr)


def warning(msg: str) -> None:
    print(f"gridsolve: warning: {printable(' '.join(msg.splitlines()))}", file=sys.stderr)


# ------------------------------------------------------------------ shared argument handling


class Inputs:
    """Entries of every argument; malformed ones are reported at once and remembered.

    With ``size``, an argument that is a bare kind name (``hamiltonian``) stands for that kind's
    standard puzzle of the size (``puzzles.formats.<kind>.from_size``)."""

    def __init__(self, args: list[str], kind: str | None, size: str | None = None) -> None:
        from ..puzzles.formats import read

        self.bad = 0
        self.entries: list[Entry] = []
        if kind is not None:
            kinds.normalize(kind)
        for arg in args:
            try:
                if size is not None and arg.lower() in (*kinds.KINDS, *kinds.ALIASES):
                    found = [sized_entry(arg, size)]
                else:
                    found = read(arg, kind)
            except FormatError as exc:
                error(str(exc))
                self.bad += 1
                continue
            for e in found:
                if e.warning:
                    warning(e.warning)
                if e.error is None:  # ok
                    self.entries.append(e)
                else:
                    error(e.error)
                    self.bad += 1


def single_entry(arg: str, kind: str | None) -> Entry:
    """The one puzzle an argument names (exit 2 after the error line when it is malformed)."""
    inputs = Inputs([arg], kind)
    if inputs.bad:
        import typer  # the commands that read one puzzle run under typer

        raise typer.Exit(2)
    if len(inputs.entries) != 1:
        raise Usage(f"{arg}: holds {len(inputs.entries)} puzzles; give one (FILE#ID selects one)")
    return inputs.entries[0]


def sized_entry(kind_name: str, size: str) -> Entry:
    from ..puzzles import formats
    from ..puzzles.formats import Entry

    k = kinds.normalize(kind_name)
    return Entry(f"{k}-{size}", k, formats.from_size(k, size))


def parse_options(items: list[str] | None, trace: bool = False) -> dict:
    """``KEY=VALUE`` backend options; values are read as JSON when they parse (numbers, true,
    false), else kept as strings."""
    import json

    out: dict = {}
    for item in items or []:
        if "=" not in item:
            raise Usage(f"--option {item!r} is not KEY=VALUE")
        key, value = item.split("=", 1)
        try:
            out[key.strip()] = json.loads(value)
        except ValueError:
            out[key.strip()] = value
    if trace:
        out["trace"] = True
    return out


def check_options(backend: registry.Backend, options: dict) -> None:
    """Options the backend does not declare, or values its validator refuses (e.g. a rules file):
    one line with exit 2 before any solving instead of a per-puzzle error."""
    from ..harness import registry

    try:
        backend.check_options(options)
    except FormatError:
        raise
    except registry.UnknownOption as exc:
        raise Usage(str(exc)) from None
    except (ValueError, OSError) as exc:
        raise Usage(f"backend {backend.name}: {exc}") from None


def output_formats(kind: str) -> list[str]:
    """What ``solve --format`` offers for a kind besides json (the result record): the kind's
    writers (``puzzles.formats.writers``)."""
    from ..puzzles import formats

    return [name for name in formats.writers(kind) if name != "json"]


def at_least_one(option: str, value: int) -> int:
    """``value`` of a count option such as ``--count``; a usage error below 1."""
    if value < 1:
        raise Usage(f"{option} must be at least 1, got {value}")
    return value


def one_of(option: str, value: str, choices) -> str:
    """``value`` of an option with a fixed set of values; a usage error naming them otherwise."""
    if value not in choices:
        raise Usage(f"{option} {value!r}: choose from {', '.join(choices)}")
    return value


def positive_seconds(option: str, value: float) -> float:
    """``value`` of a seconds option; a usage error unless it is a positive finite number."""
    if not 0 < value < math.inf:  # also refuses nan
        raise Usage(f"{option} must be positive and finite (seconds), got {value}")
    return value


def check_generate_options(fmt: str, formats, count: int, target: str | None, grades,
                           timeout: float | None) -> None:
    """The options the generators share: ``--format`` among ``formats``, ``--count`` at least 1,
    ``--grade`` (if given) among ``grades``, ``--timeout`` (if given) positive seconds."""
    one_of("--format", fmt, formats)
    at_least_one("--count", count)
    if target is not None:
        one_of("--grade", target, grades)
    if timeout is not None:
        positive_seconds("--timeout", timeout)


def grid_size(size: str, most: int) -> tuple[int, int]:
    """``--size`` of a generator as (rows, cols): ``ROWSxCOLS`` or ``N`` for a square; a usage
    error unless each side is 2..``most``."""
    from ..puzzles.formats.common import is_number, parse_size

    try:
        rows, cols = (int(size), int(size)) if is_number(size.strip()) else parse_size(size)
    except FormatError as exc:
        raise Usage(f"--size: {exc.message}") from None
    if not (2 <= rows <= most and 2 <= cols <= most):
        raise Usage(f"--size {size}: each side must be 2..{most}")
    return rows, cols


STARTED = time.perf_counter()  # about when the process started: the command line loads first


def from_start(lim: Limit) -> Limit:
    """The first puzzle's limit: ``--timeout`` counts from the start of the process, so that
    loading the program and reading the input are part of what the user waits for."""
    import dataclasses

    if lim.seconds is None:
        return lim
    return dataclasses.replace(lim, seconds=max(1e-3, lim.seconds - (time.perf_counter() - STARTED)))


def make_limit(timeout: float | None, limit: int) -> Limit:
    from ..puzzles.solving import Limit

    if timeout is not None:
        positive_seconds("--timeout", timeout)
    at_least_one("--limit", limit)
    return Limit(seconds=timeout, solutions=limit)


def backends_for(entries: list[Entry], name: str | None) -> dict[str, registry.Backend]:
    from ..harness import registry

    out = {}
    for e in entries:
        if e.kind not in out:
            b = registry.get(e.kind, name)
            ok, why = b.available()
            if not ok:
                raise Usage(f"backend {b.name} is not available here: {why}")
            out[e.kind] = b
    return out


# ------------------------------------------------------------------ the solving commands' shared part

@dataclass
class Job:
    """A solving command's puzzles, limit, backend options and backend per kind."""

    inputs: Inputs
    limit: Limit
    options: dict
    backends: dict[str, registry.Backend]


def prepare(solutions: int, *, puzzles, kind, size, backend, timeout, option, rotation, hints,
            **extra) -> Job:
    """Read the puzzles (settings applied), the limit and the backend options (``extra`` added to
    ``-O`` ones), and choose the backends; their options are checked by the caller."""
    limit = make_limit(timeout, solutions)
    options = {**parse_options(option), **extra}
    inputs = Inputs(puzzles, kind, size)
    apply_settings(inputs, rotation=rotation, hints=hints)
    return Job(inputs, limit, options, backends_for(inputs.entries, backend))


def exit_code(bad_inputs: int, failures: int, errors: int = 0) -> int:
    """2 if some input was bad or a backend refused / failed on one (``errors``: status error),
    else 1 if some answer was no (no solution, not unique, timeout, ...), else 0."""
    return 2 if bad_inputs or errors else 1 if failures else 0


def summary_line(ident: str, r: SolveResult) -> str:
    from ..puzzles.solving import Status

    parts = [f"{ident}: {r.backend} {r.status}"]
    if r.count or r.status == Status.SOLVED:
        parts.append(f"{r.count} solution{'s' if r.count != 1 else ''}")
    if r.unique is True:
        parts.append("unique")
    elif r.unique is False and r.count >= 2:
        parts.append("not unique")
    parts.append(f"{r.seconds:.3f} s")
    if r.status == Status.ERROR:
        parts.append(r.error or "")
    elif r.note:  # e.g. why a backend is stuck, a count up to symmetry, a best score
        parts.append(r.note)
    return ", ".join(parts)


def apply_settings(inputs: Inputs, **settings) -> None:
    """Puzzle settings given on the command line for kinds that have them (edge matching's
    ``--rotation/--no-rotation`` and ``--hints/--no-hints``): each puzzle goes through its kind's
    ``formats.adjust(puzzle, **settings)``; None = not given."""
    import dataclasses

    given = {k: v for k, v in settings.items() if v is not None}
    if not given:
        return
    from ..puzzles import formats

    flags = ", ".join("--" + ("" if v else "no-") + k.replace("_", "-") for k, v in given.items())
    out = []
    for e in inputs.entries:
        if formats.capabilities(e.kind).adjust is None:
            raise Usage(f"{flags}: not a setting of {e.kind} puzzles")
        try:
            out.append(dataclasses.replace(e, puzzle=formats.adjust(e.puzzle, **given)))
        except FormatError as exc:
            raise Usage(f"{e.id}: {flags}: {exc.message}") from None
    inputs.entries = out


def safe_name(ident: str) -> str:
    return re.sub(r"[^\w.-]+", "_", ident).strip("_") or "puzzle"
