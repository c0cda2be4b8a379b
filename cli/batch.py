"""``gridsolve batch`` (many puzzles x backends, parallel, resumable, cross-validated, locally or on a
Dask cluster) and ``gridsolve report`` (summary tables and time distributions of a results file,
as text or a self-contained HTML page). The work is done by ``harness.batch``; this module parses,
shows progress and prints the summary.

Exit codes: 0 = every instance solved by some backend, none with two or more solutions, no run
ended in error or timeout, no disagreement; 1 = otherwise; 2 = bad input or usage (also when some
items of the input were malformed: they are recorded as errors and the others run); 130 =
interrupted (finished results are kept: re-run with --resume).
"""

from __future__ import annotations

import signal
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING

import typer

from ..harness import batch as engine
from ..puzzles import kinds
from ..puzzles.errors import printable
from ..puzzles.solving import Limit
from .common import Usage, at_least_one, check_options, error, parse_options, positive_seconds, warning
from .declare import KindOpt, OptionOpt

if TYPE_CHECKING:
    from ..harness.summary import Summary

LIVE_LINES = 20  # errors / disagreements printed as they happen; the rest only in the summary


def register(app: typer.Typer, generate_app: typer.Typer) -> None:
    app.command("batch")(batch)
    app.command("report")(report)


def batch(
    inputs: list[str] = typer.Argument(..., metavar="INPUT...", help=(
        "a directory of puzzle files, a JSON Lines file ({kind, id, puzzle} per line), a file of "
        "puzz.link URLs / puzzle IDs, or a corpus file (puzzlekit JSON, piece-set folder)")),
    kind: str | None = KindOpt,
    backends: str | None = typer.Option(
        None, "--backends", "-B", help="comma-separated names or 'all' (default: the kind's default "
        "backend; with --crossval every backend)"),
    timeout: float = typer.Option(60.0, "--timeout", "-t", help="seconds per instance and backend"),
    limit: int = typer.Option(2, "--limit", "-n", help="solutions to look for (2 = uniqueness)"),
    jobs: int = typer.Option(0, "--jobs", "-j", help="parallel worker processes (default: every core)"),
    crossval: bool = typer.Option(False, "--crossval", help="run every backend, compare, flag disagreements"),
    out: Path = typer.Option(Path("results.jsonl"), "--out", "-o", help="the JSON Lines results file"),
    resume: bool = typer.Option(False, "--resume", help="continue --out: skip what it already holds"),
    overwrite: bool = typer.Option(False, "--overwrite", help="replace an existing --out"),
    memory: int = typer.Option(
        engine.DEFAULT_MEMORY_MIB, "--memory", help="MiB of address space per worker process (0 = no limit)"),
    grace: float = typer.Option(
        engine.DEFAULT_GRACE, "--grace", help="seconds past --timeout before a worker is killed"),
    cluster: str | None = typer.Option(
        None, "--cluster", help="run on a Dask scheduler, e.g. tcp://HOST:8786"),
    all_sizes: bool = typer.Option(
        False, "--all-sizes", help="also run backends on puzzles larger than their max_cells"),
    option: list[str] | None = OptionOpt,
    progress: bool | None = typer.Option(
        None, "--progress/--no-progress", help="progress bar (default: when stderr is a terminal)"),
) -> None:
    """Solve many puzzles in parallel worker processes; every result is appended to --out at once."""
    from ..harness.summary import Summary, summarize_records

    positive_seconds("--timeout", timeout)
    positive_seconds("--grace", grace)
    at_least_one("--limit", limit)
    if jobs < 0 or memory < 0:
        raise Usage("--jobs and --memory must be >= 0")
    if resume and overwrite:
        raise Usage("--resume and --overwrite exclude each other")
    if kind is not None:
        kind = kinds.normalize(kind)
    options = parse_options(option)
    entries = engine.load(inputs, kind)
    if not any(e.ok for e in entries):  # nothing to run: refused before any output is written
        for e in entries[:-1]:
            error(e.error or "")
        raise Usage(entries[-1].error if entries else "the input holds no puzzle")
    try:
        chosen = engine.choose_backends(entries, backends, crossval)
    except engine.BatchError as exc:
        raise Usage(str(exc)) from None
    for bs in chosen.values():
        for b in bs:
            check_options(b, options)
    for e in entries:
        if e.warning:
            warning(e.warning)
    opts = engine.Options(backends=backends, limit=Limit(timeout, limit), jobs=jobs, crossval=crossval,
                          resume=resume, overwrite=overwrite, memory_mib=memory, grace=grace,
                          cluster=cluster, options=options, all_sizes=all_sizes)
    show = sys.stderr.isatty() if progress is None else progress
    listener = RichListener(out) if show else PlainListener(out)

    def terminate(signum, frame):  # kill / a closed terminal: stop as cleanly as on Ctrl-C
        raise KeyboardInterrupt

    old = {sig: signal.signal(sig, terminate) for sig in (signal.SIGTERM, signal.SIGHUP)}
    try:
        results = engine.run_batch(entries, out, opts, listener, chosen)
    except engine.BatchError as exc:
        listener.stop()
        raise Usage(str(exc)) from None
    except KeyboardInterrupt:
        listener.stop()
        s = summarize_records(engine.read_records(out)) if out.exists() else Summary()
        print_summary(s)
        print(f"gridsolve: interrupted; finished results are in {out}: run again with --resume "
              "to do the rest", file=sys.stderr)
        raise typer.Exit(130) from None
    finally:
        for sig, handler in old.items():
            signal.signal(sig, handler)
    listener.stop()
    s = summarize_records(list(results.records.values()))
    print_summary(s)
    print(f"results: {out} ({listener.done} new, {listener.skipped} kept from before)", file=sys.stderr)
    raise typer.Exit(2 if s.input_errors else 1 if s.failures else 0)


def report(
    results: list[Path] = typer.Argument(..., metavar="RESULTS...", help="results files of gridsolve batch"),
    html: Path | None = typer.Option(None, "--html", help="write a self-contained HTML report here"),
    title: str | None = typer.Option(None, "--title", help="title of the HTML page"),
) -> None:
    """Summary tables (and with --html plots of the time distributions) of batch results."""
    from ..harness.summary import summarize_records

    records: list[dict] = []
    for path in results:
        if not path.is_file():
            raise Usage(f"{path}: no such file")
        found = engine.read_records(path)
        if not found:
            raise Usage(f"{path}: holds no batch result")
        records.extend(found)
    s = summarize_records(records)
    print_summary(s)
    if html is not None:
        from ..harness.report import html_report

        name = title or ", ".join(p.name for p in results)
        html.write_text(html_report(records, title=f"gridsolve batch report: {name}"), encoding="utf-8")
        print(f"wrote {html}", file=sys.stderr)


# ------------------------------------------------------------------ printing


def print_summary(s: Summary) -> None:
    from rich.console import Console
    from rich.table import Table

    from ..harness.summary import COLUMNS, table_rows

    console = Console(highlight=False)
    if not console.is_terminal or console.width < 120:
        console = Console(highlight=False, width=140)
    table = Table(show_edge=False, header_style="bold", title="per backend", title_justify="left")
    for col in COLUMNS:
        table.add_column(col, justify="left" if col in ("kind", "backend") else "right")
    for row in table_rows(s):
        table.add_row(*row)
    if s.rows:
        console.print(table)
    for kind, verdicts in sorted(s.verdicts.items()):
        parts = ", ".join(f"{n} {v}" for v, n in sorted(verdicts.items(), key=lambda x: -x[1]))
        console.print(f"{kind} verdicts: {parts}", markup=False)
    if s.disagreements:
        console.print(f"disagreements ({len(s.disagreements)}):", markup=False)
        for rec in s.disagreements:
            console.print(f"  {rec['id']}: " + "; ".join(rec["problems"]), markup=False)
    if s.errors:
        console.print(f"errors ({len(s.errors)}):", markup=False)
        for rec in s.errors[:LIVE_LINES]:
            console.print(f"  {rec['id']} {rec['backend']}: {rec['error']}", markup=False)
        if len(s.errors) > LIVE_LINES:
            console.print(f"  ... and {len(s.errors) - LIVE_LINES} more (see the results file)",
                          markup=False)
    if s.input_errors:
        console.print(f"malformed input items ({len(s.input_errors)}):", markup=False)
        for rec in s.input_errors[:LIVE_LINES]:
            console.print(f"  {rec['error']}", markup=False)
    for what, ids in (("unsolved", s.unsolved), ("not unique", s.not_unique)):
        if ids:
            more = f" and {len(ids) - LIVE_LINES} more" if len(ids) > LIVE_LINES else ""
            console.print(f"{what} ({len(ids)}): " + ", ".join(ids[:LIVE_LINES]) + more, markup=False)
    console.print(f"{s.instances} instance(s), {sum(r['runs'] for r in s.rows)} result(s), "
                  f"{len(s.unsolved)} unsolved, {len(s.not_unique)} not unique, "
                  f"{len(s.disagreements)} disagreement(s), {len(s.errors)} error(s), "
                  f"{sum(r['timeouts'] for r in s.rows)} timeout(s), {len(s.input_errors)} malformed "
                  "input item(s)", markup=False)


class _Counting(engine.Listener):
    def __init__(self, out: Path) -> None:
        self.out, self.total, self.skipped, self.done = out, 0, 0, 0
        self.errors = self.disagreements = 0
        self.t0 = time.perf_counter()

    def start(self, total: int, skipped: int) -> None:
        self.total, self.skipped, self.t0 = total, skipped, time.perf_counter()

    def result(self, rec: dict) -> None:
        self.done += 1
        if rec["status"] == "error":
            self.errors += 1
            if self.errors <= LIVE_LINES:
                self.say(f"{rec['id']} {rec['backend']}: error: {rec['error']}")

    def verdict(self, rec: dict) -> None:
        if not rec["agree"]:
            self.disagreements += 1
            if self.disagreements <= LIVE_LINES:
                self.say(f"{rec['id']}: DISAGREE: " + "; ".join(rec["problems"]))

    def note(self, line: str) -> None:
        self.say(f"gridsolve: {line}")

    def say(self, line: str) -> None:
        print(printable(line), file=sys.stderr, flush=True)

    def stop(self) -> None: ...

    def status(self) -> str:
        return f"{self.errors} errors, {self.disagreements} disagreements"


class PlainListener(_Counting):
    """Not a terminal: a line at start, at every 5 % (or 30 s), and at the end."""

    def start(self, total: int, skipped: int) -> None:
        super().start(total, skipped)
        kept = f" ({skipped} already in {self.out})" if skipped else ""
        self.say(f"batch: {total} solves to run{kept}")
        self.step, self.last = max(1, total // 20), time.perf_counter()

    def result(self, rec: dict) -> None:
        super().result(rec)
        now = time.perf_counter()
        if self.done % self.step == 0 or self.done == self.total or now - self.last > 30:
            self.last = now
            rate = self.done / max(now - self.t0, 1e-9)
            eta = (self.total - self.done) / rate if rate else 0
            self.say(f"batch: {self.done}/{self.total} ({100 * self.done // max(self.total, 1)}%), "
                     f"{rate:.1f}/s, elapsed {_clock(now - self.t0)}, ETA {_clock(eta)}, {self.status()}")


class RichListener(_Counting):
    """A terminal: a live rich progress bar (count, rate, elapsed, ETA, errors) on stderr."""

    def __init__(self, out: Path) -> None:
        super().__init__(out)
        from rich.console import Console
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            TaskProgressColumn,
            TextColumn,
            TimeElapsedColumn,
            TimeRemainingColumn,
        )

        self.console = Console(stderr=True, highlight=False)
        self.progress = Progress(
            TextColumn("batch"), BarColumn(), MofNCompleteColumn(), TaskProgressColumn(),
            TextColumn("{task.fields[rate]}"), TimeElapsedColumn(), TextColumn("ETA"),
            TimeRemainingColumn(), TextColumn("{task.fields[status]}"), console=self.console,
        )
        self.task = None

    def say(self, line: str) -> None:
        self.console.print(printable(line), markup=False)

    def start(self, total: int, skipped: int) -> None:
        super().start(total, skipped)
        if skipped:
            self.say(f"resuming: {skipped} results already in {self.out}")
        self.task = self.progress.add_task("batch", total=total, rate="", status=self.status())
        self.progress.start()

    def result(self, rec: dict) -> None:
        super().result(rec)
        rate = self.done / max(time.perf_counter() - self.t0, 1e-9)
        assert self.task is not None  # start() came first
        self.progress.update(self.task, advance=1, rate=f"{rate:.1f}/s", status=self.status())

    def verdict(self, rec: dict) -> None:
        super().verdict(rec)
        if self.task is not None:
            self.progress.update(self.task, status=self.status())

    def stop(self) -> None:
        self.progress.stop()


def _clock(seconds: float) -> str:
    s = int(seconds)
    return f"{s // 3600}:{s % 3600 // 60:02d}:{s % 60:02d}"
