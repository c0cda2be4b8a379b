"""The loop of ``gridsolve generate --count N`` for every kind: a rich progress bar on stderr
(only when there is more than one puzzle), each puzzle written to stdout or --out as soon as it
is made, seeds that run out of time skipped and counted."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import typer

from .common import error


class progress:
    """``with progress(total) as advance:`` -- call ``advance()`` after each puzzle."""

    def __init__(self, total: int) -> None:
        self.total = total
        self.bar = None

    def __enter__(self):
        if self.total <= 1:
            return lambda: None
        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn

        self.bar = Progress("generating", BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                            console=Console(stderr=True), transient=True)
        self.bar.__enter__()
        task = self.bar.add_task("", total=self.total)
        bar = self.bar
        return lambda: bar.advance(task)

    def __exit__(self, *exc) -> None:
        if self.bar is not None:
            self.bar.__exit__(*exc)


def generate_each(count: int, make: Callable[[int], Any], write: Callable[[Any], str], out: Path | None,
                  skip: type[Exception]) -> list:
    """``make(i)`` for i in 0..count-1 under the progress bar, each puzzle written (``write``) to
    ``out`` or stdout as soon as it is made; a puzzle whose ``make`` raises ``skip`` (a time
    limit) is reported and left out. Returns the puzzles made; exits 1 after the summary the
    caller prints when one was skipped (``skipped``)."""
    sink = out.open("w") if out is not None else sys.stdout
    made: list = []
    try:
        with progress(count) as advance:
            for i in range(count):
                try:
                    made.append(make(i))
                except skip as exc:
                    error(f"{exc} (skipped)")
                else:
                    sink.write(write(made[-1]))
                    sink.flush()
                advance()
    finally:
        if out is not None:
            sink.close()
    return made


def skipped(count: int, made: list, timeout: float | None) -> None:
    """Exit 1, saying so, when fewer than ``count`` puzzles were made."""
    if len(made) < count:
        print(f"{count - len(made)} seed(s) skipped: no puzzle within --timeout {timeout:g} s",
              file=sys.stderr)
        raise typer.Exit(1)
