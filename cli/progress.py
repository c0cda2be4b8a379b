"""The progress bar of ``gridsolve generate --count N``: rich, on stderr (the puzzles go to stdout
or --out as each is made), only when there is more than one puzzle."""

from __future__ import annotations


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
        return lambda: self.bar.advance(task)

    def __exit__(self, *exc) -> None:
        if self.bar is not None:
            self.bar.__exit__(*exc)
