"""``gridsolve``: the command line. Parses arguments, calls the harness and the domain layer,
prints. No solving logic lives here, and nothing heavy is imported before a command needs it
(solvers, numba, numpy: inside the commands; the per-kind command modules import theirs lazily
too), so ``gridsolve --help`` answers at once.

Results go to stdout, status lines (and warnings, errors) to stderr, so output composes:
``gridsolve solve P > s; gridsolve check P s``. Exit codes: 0 = solved (and, for count /
--limit >= 2, exactly one solution); 1 = no solution, not unique, timeout or disagreement;
2 = bad input or usage, or a backend that refused the input (too large for it) or failed on it
(status error); 3 = a bug in gridsolve ("internal error"). Errors are one line on stderr each.
"""

from __future__ import annotations

import importlib
import json
import sys
from typing import TYPE_CHECKING

import typer

from ..puzzles import kinds
from ..puzzles.errors import FormatError

if TYPE_CHECKING:
    from ..puzzles.formats import Entry

try:  # the argument parser's errors: newer typer vendors click, older typer runs on click itself
    from typer._click import exceptions as parser_errors
except ImportError:  # pragma: no cover - depends on the typer installed
    from click import exceptions as parser_errors

from . import solving
from .commands import LazyCommands
from .common import Inputs, error, exit_code, make_limit, single_entry
from .declare import KindOpt, PuzzleArgs, solving_command
from .options import COUNT, SOLVE, TableFormat
from .progress import progress, show_notices, status
from .solving import guarded

app = typer.Typer(
    add_completion=False,
    pretty_exceptions_enable=False,
    no_args_is_help=True,
    rich_markup_mode=None,
    help="Grid logic puzzles solved three ways (CP-SAT, SAT, hand-rule ports), cross-validated.",
)


# ------------------------------------------------------------------ commands


@app.command()
@solving_command(SOLVE)
def solve(**options) -> None:
    """Solve puzzles and print their solutions (stdout); a status line per puzzle on stderr."""
    # guarded here too: typer would turn a Ctrl-C into a silent exit 130, the plain parser's run
    # says "interrupted" -- the same job answers the same way through either parser
    raise typer.Exit(guarded(lambda: solving.solve(**options)))


@app.command()
@solving_command(COUNT)
def count(**options) -> None:
    """Count solutions (exact when the search is exhausted). Exit 0 iff exactly one."""
    raise typer.Exit(guarded(lambda: solving.count(**options)))


@app.command()
def check(
    puzzle: str = typer.Argument(..., help="the puzzle (file, URL, ID, or -)"),
    solution: str = typer.Argument(..., help="the solution: a file (drawing, JSON, pzprv3, cell grid), or -"),
    kind: str | None = KindOpt,
) -> None:
    """Check a solution with the independent checker. Exit 0 iff valid."""
    import gridsolve

    e = single_entry(puzzle, kind)
    violations = gridsolve.check(e.puzzle, read_solution_arg(e, solution))
    if not violations:
        print(f"{e.id}: valid")
        raise typer.Exit(0)
    print(f"{e.id}: invalid ({len(violations)} violation{'s' if len(violations) != 1 else ''})")
    for v in violations:
        print(f"  {v}")
    raise typer.Exit(1)


def read_solution_arg(e: Entry, solution: str):
    """The solution an argument gives (a file, inline JSON, or - for stdin) in any form solve writes."""
    from ..puzzles.formats import read_solution, read_text

    text, source = (solution, "<argument>") if solution.lstrip().startswith("{") else read_text(solution)
    try:
        return read_solution(e.puzzle, text)
    except FormatError as exc:
        raise exc.at(source) from None


@app.command()
def crossval(
    puzzles: list[str] = PuzzleArgs,
    kind: str | None = KindOpt,
    backends: str = typer.Option("all", "--backends", "-B", help="comma-separated names, or all"),
    timeout: float = typer.Option(60.0, "--timeout", "-t", help="seconds per puzzle and backend"),
    limit: int = typer.Option(2, "--limit", "-n", help="solutions to look for (2 = uniqueness)"),
    fmt: TableFormat = typer.Option(TableFormat.text, "--format", "-f"),
    all_sizes: bool = typer.Option(
        False, "--all-sizes", help="also run backends on puzzles larger than their max_cells"),
) -> None:
    """Run every backend, check every solution, compare verdicts and solution sets."""
    from contextlib import nullcontext

    from ..harness import registry
    from ..harness.batch import too_big
    from ..harness.crossval import crossval as run_crossval
    from ..harness.results import record

    lim = make_limit(timeout, limit)
    inputs = Inputs(puzzles, kind)
    selected = {}
    for e in inputs.entries:
        if e.kind not in selected:
            selected[e.kind] = [b for b in registry.select(e.kind, backends) if b.available()[0]]
    reports = []
    skipped: dict[str, int] = {}
    with progress(len(inputs.entries), "cross-validating", terminal=True) as advance:
        for e in inputs.entries:
            chosen = []
            for b in selected[e.kind]:
                if too_big(b, e.puzzle) and not all_sizes:  # an exponential seed port
                    skipped[b.name] = skipped.get(b.name, 0) + 1
                else:
                    chosen.append(b)
            with status(f"cross-validating {e.id} ...") if len(inputs.entries) == 1 else nullcontext():
                rep = run_crossval(e.puzzle, ident=e.id, backends=chosen, limit=lim, given=e.solution)
            reports.append(rep)
            if fmt == TableFormat.json:
                print(json.dumps({
                    "kind": rep.kind, "id": rep.id, "verdict": rep.verdict, "agree": rep.agree,
                    "problems": rep.problems,
                    "results": [record(rep.kind, rep.id, r, with_solutions=False) for r in rep.results],
                }), flush=True)
            advance()
    if fmt == TableFormat.text:
        print_crossval_table(reports)
    if skipped:
        print("not run on puzzles larger than their max_cells (--all-sizes runs them): "
              + ", ".join(f"{n} {k} puzzle(s)" for n, k in skipped.items()), file=sys.stderr)
    failures = sum(not r.agree for r in reports)
    raise typer.Exit(exit_code(inputs.bad, failures))


def print_crossval_table(reports) -> None:
    from rich.console import Console, JustifyMethod
    from rich.table import Table

    table = Table(show_edge=False, header_style="bold")
    columns: tuple[tuple[str, JustifyMethod], ...] = (
        ("instance", "left"), ("backend", "left"), ("status", "left"),
        ("count", "right"), ("unique", "left"), ("seconds", "right"))
    for col, just in columns:
        table.add_column(col, justify=just)
    for rep in reports:
        for i, r in enumerate(rep.results):
            uniq = {True: "yes", False: "no", None: "?"}[r.unique]
            table.add_row(rep.id if i == 0 else "", r.backend, str(r.status), str(r.count), uniq,
                          f"{r.seconds:.3f}", end_section=i == len(rep.results) - 1)
    console = Console(width=max(100, Console().width))
    console.print(table)
    for rep in reports:
        console.print(f"{rep.id}: {rep.verdict}" + ("" if rep.agree else " -- " + "; ".join(rep.problems)),
                      highlight=False, markup=False)
    bad = sum(not r.agree for r in reports)
    console.print(f"{len(reports)} instance(s), {bad} disagreement(s)", highlight=False)


@app.command()
def render(
    puzzle: str = typer.Argument(..., help="the puzzle (file, URL, ID, or -)"),
    solution: str | None = typer.Argument(None, help="optional solution file"),
    kind: str | None = KindOpt,
    fmt: str = typer.Option("text", "--format", "-f",
                            help="text, canonical, json, svg, or one the kind has (url, loopy, pzprv3, ...)"),
) -> None:
    """Convert or draw a puzzle (and a solution) in any format the kind writes."""
    from ..puzzles.formats import write

    e = single_entry(puzzle, kind)
    sol = e.solution
    if solution is not None:
        sol = read_solution_arg(e, solution)
    print(write(fmt, e.puzzle, sol, e.id))


@app.command("backends")
def list_backends(
    kind: str | None = typer.Option(None, "--kind", "-k"),
    fmt: TableFormat = typer.Option(TableFormat.text, "--format", "-f"),
) -> None:
    """The registry: kind, backend, family, available here?, description."""
    from ..harness import registry

    rows = registry.for_kind(kind) if kind else list(registry.BACKENDS)
    if fmt == TableFormat.json:
        for b in rows:
            ok, why = b.available()
            print(json.dumps({"kind": b.kind, "backend": b.name, "family": b.family,
                              "default": registry.DEFAULTS.get(b.kind) == b.name,
                              "available": ok, "why": why, "description": b.description}))
        return
    from rich.console import Console
    from rich.table import Table

    table = Table(show_edge=False, header_style="bold")
    for col in ("kind", "backend", "family", "available", "description"):
        table.add_column(col, overflow="fold")
    for b in rows:
        ok, why = b.available()
        name = b.name + (" *" if registry.DEFAULTS.get(b.kind) == b.name else "")
        table.add_row(b.kind, name, b.family, "yes" if ok else f"no ({why})", b.description)
    Console(width=max(120, Console().width)).print(table)
    print("* = default backend of the kind")


# ------------------------------------------------------------------ per-kind commands

generate_app = typer.Typer(no_args_is_help=True, help="Generate puzzles (seeded, reproducible).")

# Each module here defines ``register(app, generate_app)`` and adds its own commands: the commands
# over every kind, and each kind's own module (``cli/<kind>.py``, found through the kind lookup:
# its extras such as ``sample`` or ``walk``, its ``generate <kind>`` subcommand, what ``hint`` and
# ``grade`` print for it).
COMMAND_MODULES: tuple[str, ...] = ("gridsolve.cli.batch",)
SHARED_COMMAND_MODULES: tuple[str, ...] = ("gridsolve.cli.explain", "gridsolve.cli.workbench",
                                           "gridsolve.cli.serve")

for _module in COMMAND_MODULES:
    importlib.import_module(_module).register(app, generate_app)
for _kind in kinds.KINDS:
    kinds.module_for("gridsolve.cli", _kind).register(app, generate_app)
for _module in SHARED_COMMAND_MODULES:
    importlib.import_module(_module).register(app, generate_app)
if generate_app.registered_commands:
    app.add_typer(generate_app, name="generate")


NO_ARGS = getattr(parser_errors, "NoArgsIsHelpError", ())  # the help for a bare command (newer click)


def main() -> None:
    sys.exit(run())


def run(argv: list[str] | None = None) -> int:
    """The command line on ``argv`` (default: the process's arguments), parsed by typer; returns
    the exit code. A parser error (no such option, not a number) is one error line and 2; what
    escapes the command, ``solving.guarded``'s line and code."""
    show_notices()

    def parse_and_run() -> int:
        try:
            code = LazyCommands(app, "").main(args=argv, prog_name="gridsolve", standalone_mode=False)
            return code if isinstance(code, int) else 0
        except NO_ARGS as exc:
            exc.show()  # the help text
            return exc.exit_code
        except parser_errors.ClickException as exc:  # no such option, not a number, ...
            ctx = getattr(exc, "ctx", None)
            error(exc.format_message() + (f" (see '{ctx.command_path} --help')" if ctx is not None else ""))
            return exc.exit_code

    return guarded(parse_and_run)


if __name__ == "__main__":
    main()
