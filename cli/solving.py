"""The bodies of ``solve`` and ``count``, and the handling of what escapes a command: typer-free,
so that the typer commands of ``cli.main`` and the small parser of ``cli.fast`` run the very same
code. Each body takes the options of its table in ``cli.options`` as keyword arguments and
returns the exit code (``cli.main``'s docstring lists them)."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from ..puzzles.errors import FormatError
from .common import (
    Usage,
    check_options,
    error,
    exit_code,
    from_start,
    output_formats,
    prepare,
    safe_name,
    summary_line,
)
from .options import TableFormat

if TYPE_CHECKING:
    from ..puzzles.solving import SolveResult


def solve(*, limit: int, fmt: str, out: Path | None, trace: bool, maximize_joins: bool, quiet: bool,
          **shared) -> int:
    """Solve the puzzles, print their solutions (stdout) and a status line per puzzle (stderr)."""
    from ..harness.run import run
    from ..puzzles import render as renderers
    from ..puzzles.formats import write
    from ..puzzles.solving import Status

    extra = {"trace": True} if trace else {}
    if maximize_joins:
        from .edgematching import MAXIMIZE_BACKEND

        extra["maximize_joins"] = True
        shared["backend"] = shared["backend"] or MAXIMIZE_BACKEND
    job = prepare(limit, **shared, **extra)
    inputs, lim, options, chosen = job.inputs, job.limit, job.options, job.backends
    for e in inputs.entries:
        if maximize_joins and not chosen[e.kind].accepts("maximize_joins"):
            raise Usage(f"--maximize-joins: backend {chosen[e.kind].name} of {e.kind} does not optimise")
        check_options(chosen[e.kind], options)
        if fmt != "json" and fmt not in output_formats(e.kind):
            raise Usage(f"--format {fmt!r} is not available for {e.kind} "
                        f"(choose from: {', '.join(output_formats(e.kind))}, json)")
    if fmt == "svg" and len(inputs.entries) > 1 and (out is None or not out.is_dir()):
        raise Usage("several puzzles: give --out DIR (an existing directory) for SVG output")
    failures = errors = 0
    chunks: list[str] = []
    for i, e in enumerate(inputs.entries):
        r = run(chosen[e.kind], e.puzzle, lim if i else from_start(lim), **options)
        ok = r.status == Status.SOLVED and (lim.solutions < 2 or r.unique is True)
        failures += not ok
        errors += r.status == Status.ERROR
        if trace:
            for line in r.stats.get("trace", []):
                print(line, file=sys.stderr if fmt != "text" else sys.stdout)
        if r.status == Status.ERROR:  # the backend refused or failed: an error line, always
            error(summary_line(e.id, r))
        elif not quiet and fmt != "json":
            print(summary_line(e.id, r), file=sys.stderr, flush=True)
            if maximize_joins and r.best is not None:
                from .edgematching import checked_score

                print(checked_score(e.puzzle, r.best), file=sys.stderr, flush=True)
        if fmt == "json":
            chunks.append(json_record(e.kind, e.id, r))
        elif fmt == "text":
            # an optimisation that found no solution draws its best assignment (SolveResult.best)
            sols = r.solutions or ((r.best,) if r.best is not None else ())
            chunks.extend(renderers.text(e.puzzle, s) for s in sols)
        else:
            sols = r.solutions[:1] or ((r.best,) if r.best is not None else ())
            sols = sols or ((None,) if fmt in ("svg", "url") else ())
            for sol in sols:
                picture = write(fmt, e.puzzle, sol)
                if fmt == "svg" and out is not None and out.is_dir():
                    (out / f"{safe_name(e.id)}.svg").write_text(picture + "\n")
                else:
                    chunks.append(picture)
        if out is None:
            flush(chunks)
    if out is not None and chunks:
        try:
            out.write_text("\n".join(chunks) + "\n")
        except OSError as exc:  # no such directory, not writable: bad input, not a bug
            raise Usage(f"--out {out}: {exc.strerror or exc}") from None
    return exit_code(inputs.bad, failures, errors)


def flush(chunks: list[str]) -> None:
    for c in chunks:
        print(c)
    sys.stdout.flush()
    chunks.clear()


def count(*, limit: int, fmt: TableFormat, **shared) -> int:
    """Count the solutions of the puzzles, a line each; exit 0 iff each has exactly one."""
    from ..harness.run import count as count_solutions
    from ..puzzles.solving import Status

    job = prepare(limit, **shared)
    inputs, lim, options, chosen = job.inputs, job.limit, job.options, job.backends
    for b in chosen.values():
        check_options(b, options)
    failures = errors = 0
    for i, e in enumerate(inputs.entries):
        r = count_solutions(chosen[e.kind], e.puzzle, lim if i else from_start(lim),
                            **options)  # count-only mode if any
        failures += r.unique is not True
        errors += r.status == Status.ERROR
        if r.status == Status.ERROR:  # the backend refused or failed: an error line, always
            error(f"{e.id}: {r.error or 'unknown error'} ({r.backend}, {r.seconds:.3f} s)")
        if fmt == TableFormat.json:
            print(json_record(e.kind, e.id, r, with_solutions=False), flush=True)
            continue
        if r.status == Status.ERROR:
            continue
        plural = "s" if r.count != 1 else ""
        if r.exhausted:
            what = f"exactly {r.count} solution{plural}"
        elif r.status == Status.TIMEOUT:
            what = f"at least {r.count} solution{plural} (timeout)"
        elif r.status == Status.STUCK:
            what = f"at least {r.count} solution{plural} (stuck)"
        else:
            what = f"at least {r.count} solution{plural} (limit reached)"
        note = f"; {r.note}" if r.note else ""
        print(f"{e.id}: {what} ({r.backend}, {r.seconds:.3f} s{note})", flush=True)
    return exit_code(inputs.bad, failures, errors)


def json_record(kind: str, puzzle_id: str, result: SolveResult, **how: bool) -> str:
    """The JSON line of ``--format json``: ``harness.results.record``, imported for that format
    only (the text output, the common case, does without it)."""
    import json

    from ..harness.results import record

    return json.dumps(record(kind, puzzle_id, result, **how))


def guarded(command: Callable[[], int]) -> int:
    """``command()``'s exit code, with what escapes it turned into one line on stderr: bad input
    and usage 2, an interrupt 130, anything else a bug -- "internal error" and 3 (a traceback with
    GRIDSOLVE_DEBUG=1)."""
    try:
        return command()
    except (Usage, FormatError) as exc:
        error(str(exc))
        return 2
    except KeyboardInterrupt:
        error("interrupted")
        return 130
    except Exception as exc:  # one line, no traceback, unless asked for
        if is_unknown_backend(exc):  # bad input too (the registry loads with the command that raised it)
            error(str(exc))
            return 2
        if os.environ.get("GRIDSOLVE_DEBUG"):
            raise
        error(f"internal error: {type(exc).__name__}: {exc} (set GRIDSOLVE_DEBUG=1 for a traceback)")
        return 3


def is_unknown_backend(exc: Exception) -> bool:
    """Whether ``exc`` is the registry's unknown backend name (bad input); asked only when a
    command failed, so that the registry loads with the commands that use it."""
    from ..harness.registry import UnknownBackend

    return isinstance(exc, UnknownBackend)


COMMANDS: dict[str, Callable[..., int]] = {"solve": solve, "count": count}  # name -> body
