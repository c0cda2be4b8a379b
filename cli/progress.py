"""The loop of ``gridsolve generate --count N`` for every kind: a rich progress bar on stderr
(only when there is more than one puzzle), each puzzle written to stdout or --out as soon as it
is made, seeds that run out of time skipped and counted."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .common import error


def on_terminal() -> bool:
    """Whether progress and notices are shown: stderr is a terminal (scripted output stays as it
    is), or GRIDSOLVE_PROGRESS=1 asks for them anyway."""
    return os.environ.get("GRIDSOLVE_PROGRESS") == "1" or sys.stderr.isatty()


def console():
    """rich's console on stderr; drawn as on a terminal when GRIDSOLVE_PROGRESS=1 asks for it."""
    from rich.console import Console

    return Console(stderr=True, force_terminal=True if os.environ.get("GRIDSOLVE_PROGRESS") == "1" else None)


def show_notices() -> None:
    """On a terminal, print the package's notices of a long wait ("compiling ... once") on
    stderr as they come (the logger ``gridsolve.notices``)."""
    if not on_terminal():  # before importing logging: a scripted run has no use for it
        return
    import logging

    log = logging.getLogger("gridsolve.notices")
    if log.handlers:
        return
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("gridsolve: %(message)s"))
    log.addHandler(handler)
    log.setLevel(logging.INFO)
    log.propagate = False


class status:
    """``with status("counting ..."):`` -- a spinner with the elapsed time on stderr while a long
    step runs, on a terminal only (nothing otherwise)."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.live = None

    def __enter__(self):
        if on_terminal():
            self.live = console().status(self.text)
            self.live.__enter__()
        return self

    def __exit__(self, *exc) -> None:
        if self.live is not None:
            self.live.__exit__(*exc)


class progress:
    """``with progress(total) as advance:`` -- call ``advance()`` after each puzzle. ``terminal``:
    drawn on a terminal only (``on_terminal``), for commands whose scripted output must not change."""

    def __init__(self, total: int, label: str = "generating", terminal: bool = False) -> None:
        self.total = total if not terminal or on_terminal() else 0
        self.label = label
        self.bar = None

    def __enter__(self):
        if self.total <= 1:
            return lambda: None
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn

        self.bar = Progress(self.label, BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                            console=console(), transient=True)
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
        import typer  # the generators run under typer

        raise typer.Exit(1)
