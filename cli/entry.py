"""``gridsolve``, the console script. ``gridsolve --help`` (and a bare ``gridsolve``, click's usage
error that shows the same text) is answered from the command table's text kept here, without
importing typer, click or a command module: they cost three times what starting the interpreter
does, for a page of text. The plain forms of ``solve`` and ``count`` are parsed by ``cli.fast``
(no typer either); every other command line goes to ``cli.main``, which parses it with typer.
tests/cli/test_entry.py checks that ``HELP`` is what typer prints, so a new command or a changed
summary line fails that test (it prints the text to paste here), not the user's help.
"""

from __future__ import annotations

import os
import sys

# click wraps help at min(terminal columns, 80) - 2: HELP is the text for a terminal at least this wide
HELP_COLUMNS = 80

HELP = """\
Usage: gridsolve [OPTIONS] COMMAND [ARGS]...

  Grid logic puzzles solved three ways (CP-SAT, SAT, hand-rule ports), cross-
  validated.

Options:
  --help  Show this message and exit.

Commands:
  solve       Solve puzzles and print their solutions (stdout); a status...
  count       Count solutions (exact when the search is exhausted).
  check       Check a solution with the independent checker.
  crossval    Run every backend, check every solution, compare verdicts...
  render      Convert or draw a puzzle (and a solution) in any format the...
  backends    The registry: kind, backend, family, available here?,...
  batch       Solve many puzzles in parallel worker processes; every...
  report      Summary tables (and with --html plots of the time...
  sample      Draw random labyrinths (Hamiltonian paths), or random...
  oracle      Which next moves of a partial walk can still be completed...
  walk        Random walks with the ported rules (the author's statistics...
  walk-stats  The seed's statistics: walkthroughs completed before the...
  enumerate   Count the walkthroughs with the rule-pruned keep-left...
  replay      Replay the author's saved states: at every recorded step,...
  explain     Count the solutions and show the backbone: every element...
  hint        The next logical step and the rule behind it: Nurikabe (the...
  grade       How hard each puzzle is: the weakest deductions that solve...
  serve       Serve the visual program on localhost: play, generate,...
  generate    Generate puzzles (seeded, reproducible).
"""


def main() -> None:
    """The console script's entry: ``run`` on the process's arguments, with OpenBLAS held to one
    thread (``one_blas_thread``)."""
    one_blas_thread()
    sys.exit(run(sys.argv[1:]))


def one_blas_thread() -> None:
    """Hold numpy's OpenBLAS to one thread unless the environment says otherwise: no command does
    linear algebra, and with its default (a thread per core) importing numpy starts the threads
    and their buffers, about 25 ms of CPU per process on this 2-core host (benchmarks/results/
    count_11_imports.md). Set before numpy loads; child processes (batch workers) inherit it."""
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")


def run(args: list[str]) -> int:
    """The command line ``args``; returns the exit code. The help from ``HELP`` where it is what
    typer would print, a plain small job by ``cli.fast``, everything else by typer (``cli.main``)."""
    if args in ([], ["--help"]) and terminal_columns() >= HELP_COLUMNS:
        # a bare ``gridsolve`` is a usage error: the help on stderr, exit code 2
        (sys.stdout if args else sys.stderr).write(HELP)
        return 0 if args else 2
    from .fast import run as run_plain

    code = run_plain(args)
    if code is not None:
        return code
    from .main import run as run_with_typer

    return run_with_typer(args)


def terminal_columns() -> int:
    """The terminal's width as click reads it (``shutil.get_terminal_size``, whose import pulls in
    the compression modules): ``COLUMNS`` if set, else the terminal of stdout, else 80."""
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):
            columns = 0
    return columns or 80


if __name__ == "__main__":
    main()
