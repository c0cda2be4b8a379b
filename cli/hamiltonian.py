"""Hamiltonian (one-way labyrinth) commands: ``sample``, ``oracle`` and ``generate hamiltonian``.

    gridsolve sample hamiltonian --size 21 --seed 7 [--count N] [--mode auto|uniform|walk] [--svg out.svg]
    gridsolve sample walk.txt --seed 1          # random completions of a partial walk
    gridsolve oracle walk.txt                   # which next moves can still be completed
    gridsolve oracle hamiltonian --size 9       # ... from the start of the empty 9x9
    gridsolve generate hamiltonian --size 9 --seed 3 > labyrinth.txt

Counting and solving use the core commands (``gridsolve count hamiltonian --size 9``,
``gridsolve solve walk.txt --limit 5``).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import typer

from .common import Inputs, Usage, at_least_one, error, exit_code, one_of
from .declare import KindOpt, PuzzleArgs, SizeOpt
from .progress import progress


def _entries(puzzles: list[str], kind: str | None, size: str | None):
    inputs = Inputs(puzzles, kind or ("hamiltonian" if size else None), size)
    for e in inputs.entries:
        if e.kind != "hamiltonian":
            raise Usage(f"{e.id}: is a {e.kind} puzzle; this command is for hamiltonian")
    return inputs


def sample(
    puzzles: list[str] = PuzzleArgs,
    kind: str | None = KindOpt,
    size: str | None = SizeOpt,
    seed: int | None = typer.Option(None, "--seed", help="random seed (same seed, same labyrinths)"),
    count: int = typer.Option(1, "--count", "-n", help="how many paths per puzzle"),
    mode: str = typer.Option("auto", "--mode", "-m",
                             help="uniform (exact, frontier DP), walk (the seed's walk mode: uniform "
                                  "among completable moves), auto (uniform up to 13 wide, else walk)"),
    svg: Path | None = typer.Option(None, "--svg", help="also draw the (first) path as SVG here"),
    out_format: str = typer.Option("text", "--format", "-f", help="text (drawing), numbers, json"),
) -> None:
    """Draw random labyrinths (Hamiltonian paths), or random completions of a partial walk."""
    from ..harness import hamiltonian as ham
    from ..puzzles import render
    from ..puzzles.formats import hamiltonian as fmt_ham

    at_least_one("--count", count)
    one_of("--mode", mode, ham.MODES)
    one_of("--format", out_format, ("text", "numbers", "json"))
    inputs = _entries(puzzles, kind, size)
    failures = drawn = 0
    pictures = []
    for e in inputs.entries:
        try:
            s = ham.sample(e.puzzle, count, seed, mode)
        except ValueError as exc:  # no path at all
            error(f"{e.id}: {exc}")
            failures += 1
            continue
        except ham.TooLarge as exc:
            raise Usage(f"{e.id}: {exc}; use --mode walk") from None
        for i, sol in enumerate(s.paths):
            if out_format == "json":
                print(json.dumps({"kind": "hamiltonian", "id": e.id, "mode": s.mode, "seed": seed,
                                  "index": i, **sol.to_json()}))
            else:
                print(f"{e.id}: {s.mode} sample {i + 1}/{count} (seed {seed})", file=sys.stderr, flush=True)
                picture = (render.text(e.puzzle, sol) if out_format == "text"
                           else fmt_ham.numbers(e.puzzle, sol))
                print(("\n" if drawn else "") + picture)  # drawings apart, as blocks of a text file are
                drawn += 1
        if s.paths:
            pictures.append(render.svg(e.puzzle, s.paths[0]))
    if svg is not None and pictures:
        svg.write_text(pictures[0])
    raise typer.Exit(exit_code(inputs.bad, failures))


def oracle(
    puzzle: str = typer.Argument(..., help="a partial walk (canonical text, drawing, saved state) or -"),
    kind: str | None = KindOpt,
    size: str | None = SizeOpt,
    out_format: str = typer.Option("text", "--format", "-f", help="text or json"),
) -> None:
    """Which next moves of a partial walk can still be completed (exact; with completion counts
    from the frontier DP when it fits, else feasibility from SAT). Exit 1 if none can."""
    from ..harness import hamiltonian as ham

    inputs = _entries([puzzle], kind, size)
    if inputs.bad:
        raise typer.Exit(2)
    failures = 0
    for e in inputs.entries:
        m = ham.next_moves(e.puzzle)
        failures += not m.moves and e.puzzle.live_end != e.puzzle.end
        if out_format == "json":
            print(json.dumps({
                "id": e.id, "live_end": list(e.puzzle.live_end), "method": m.method,
                "moves": [list(c) for c in m.moves],
                "candidates": [{"cell": list(c), "direction": direction(e.puzzle.live_end, c),
                                "completable": c in m.moves,
                                "completions": None if m.counts is None else m.counts.get(c, 0)}
                               for c in m.candidates]}))
            continue
        print(f"{e.id}: live end {ham.cell_name(e.puzzle.live_end)}, {len(m.moves)} of {len(m.candidates)} "
              f"moves can be completed ({m.method})")
        for c in m.candidates:
            extra = "" if m.counts is None else f"  {m.counts.get(c, 0)} completions"
            verdict = "yes" if c in m.moves else "no "
            print(f"  {direction(e.puzzle.live_end, c):5} {ham.cell_name(c)}: {verdict}{extra}")
    raise typer.Exit(exit_code(0, failures))


def direction(a, b) -> str:
    return {(-1, 0): "up", (0, 1): "right", (1, 0): "down", (0, -1): "left"}[(b[0] - a[0], b[1] - a[1])]


def generate(
    size: str = typer.Option("9", "--size", "-s", help="N or ROWSxCOLS"),
    seed: int | None = typer.Option(None, "--seed"),
    mode: str = typer.Option("auto", "--mode", "-m", help="uniform, walk or auto (see `sample`)"),
    count: int = typer.Option(1, "--count", "-n"),
) -> None:
    """Random labyrinths as canonical text (solved puzzles: the numbered path)."""
    from ..harness import hamiltonian as ham
    from ..puzzles.formats import hamiltonian as fmt_ham

    at_least_one("--count", count)
    one_of("--mode", mode, ham.MODES)
    try:
        puzzle = fmt_ham.from_size(size)
    except fmt_ham.FormatError as exc:
        raise Usage(f"--size: {exc.message}") from None
    with progress(count) as advance:
        s = ham.sample(puzzle, count, seed, mode)  # one frontier DP (or oracle) for every path
        for i, sol in enumerate(s.paths):
            ident = f"{s.mode}-{puzzle.size}-seed{seed}-{i + 1}"
            print(fmt_ham.format_solution(puzzle, sol, ident), end="\n" if i + 1 < count else "", flush=True)
            advance()


def hint_command(e, by: str | None, seed: int, show: bool) -> int:
    """``gridsolve hint`` on a labyrinth walk: which next moves the author's rules forbid."""
    from ..harness.labyrinth_hint import cell_name as name
    from ..harness.labyrinth_hint import labyrinth_hint

    try:
        h = labyrinth_hint(e.puzzle)
    except ValueError as exc:
        raise Usage(f"{e.id}: {exc}") from None
    allowed = len(h.allowed)
    verdict = (f"the rules allow {allowed} of {len(h.moves)} moves" if h.ruled
               else f"{len(h.moves)} move(s) only: the rules do not run")
    print(f"{e.id}: live end {name(h.live_end)}; {verdict}")
    for m in h.moves:
        print(f"  {m.direction:5} {name(m.cell)}: " + (f"forbidden ({m.forbidden_by})" if m.forbidden_by
                                                       else "allowed"))
    return 0 if allowed else 1


def register(app: typer.Typer, generate_app: typer.Typer) -> None:
    from . import labyrinth

    app.command("sample")(sample)
    app.command("oracle")(oracle)
    generate_app.command("hamiltonian")(generate)
    labyrinth.register(app, generate_app)  # the labyrinth author's tools: walk, enumerate, replay
