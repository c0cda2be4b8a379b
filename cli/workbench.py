"""The puzzle author's commands over every kind with rules: ``gridsolve hint`` (the next logical
step and the rule behind it) and ``gridsolve grade`` (the weakest deductions that solve a
puzzle; docs/grading.md). What each kind prints lives with the kind (``cli.nurikabe``,
``cli.slitherlink``); cells are named as people read them (``r3c4``: row and column from 1).

    gridsolve hint 'https://puzz.link/p?nurikabe/5/5/g5k2o1k3g'   # the essay's heuristics
    gridsolve hint puzzle.txt --by engine   # Nurikabe: the rule cascade (probing included)
    gridsolve hint partial.txt --see        # from a partial state, shown after (essay)
    gridsolve hint 'https://puzz.link/p?slither/5/5/cbcbcddad' [--by seed]  # engine / Appendix A
    gridsolve hint walk.txt                 # labyrinth: the moves the author's rules forbid
    gridsolve grade PUZZLE... [--format json]
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import typer

from ..puzzles import kinds
from . import nurikabe as nk
from .common import Inputs, Usage, error, exit_code, one_of, positive_seconds, single_entry
from .declare import KindOpt, PuzzleArgs
from .progress import status


def hint(
    puzzle: str = typer.Argument(..., help="a puzzle or a partial state (file, URL, or -)"),
    kind: str | None = KindOpt,
    by: str | None = typer.Option(None, "--by", help="seed (the essay's heuristics / Appendix A) or engine "
                                                    "(the rule cascade / deduction engine); default: "
                                                    "seed for Nurikabe, engine for Slitherlink"),
    seed: int = typer.Option(0, "--seed", help="seed for picking among the cells a heuristic colours"),
    show: bool = typer.Option(False, "--see", help="also print the state with the hint applied (see)"),
) -> None:
    """The next logical step and the rule behind it: Nurikabe (the essay's heuristics, or --by
    engine the rule cascade), Slitherlink (the deduction engine, or --by seed the Appendix A
    rules), the labyrinth (which next moves the author's rules forbid). Exit 0 if there is one,
    1 if not."""
    if by is not None and by not in ("seed", "engine"):
        raise Usage(f"--by {by!r}: choose seed or engine")
    e = single_entry(puzzle, kind or nk.kind_of(puzzle))
    raise typer.Exit(kind_command(e.kind, "hint_command", "hint")(e, by, seed, show))


def kind_command(kind: str, name: str, command: str):
    """The kind's part of a command (``cli/<kind>.py``: ``hint_command``, ``grader``); a kind
    without it is refused with one line naming the kinds that have it."""
    found = getattr(kinds.module_for("gridsolve.cli", kind), name, None)
    if found is None:
        having = [k for k in kinds.KINDS if hasattr(kinds.module_for("gridsolve.cli", k), name)]
        raise Usage(f"{command} is for {', '.join(having[:-1])} and {having[-1]} puzzles, not {kind}")
    return found


def grade(
    puzzles: list[str] = PuzzleArgs,
    kind: str | None = KindOpt,
    rules: Path | None = typer.Option(None, "--rules", help="Slitherlink --by seed: a rule file (Chapter 5)"),
    fmt: str = typer.Option("text", "--format", "-f", help="text or json"),
    by: str = typer.Option("engine", "--by",
                           help="Slitherlink: engine (its tiers) or seed (the rules of Chapters 5-6)"),
    seconds: float = typer.Option(10.0, "--timeout", "-t", help="Nurikabe: seconds of probing per puzzle"),
    next_step: bool = typer.Option(False, "--hint", help="print the next deduction instead (the Slitherlink "
                                                         "engine's, the Nurikabe cascade's)"),
) -> None:
    """How hard each puzzle is: the weakest deductions that solve it (Slitherlink: the engine's
    tiers, or --by seed the rules / + loop avoidance / backtracking of Chapters 5-6; Nurikabe:
    the rule cascade's levels; docs/grading.md); --hint: the engine's next deduction."""
    if fmt not in ("text", "json"):
        raise Usage(f"--format {fmt!r}: choose text or json")
    one_of("--by", by, ("seed", "engine"))
    positive_seconds("--timeout", seconds)
    if rules is not None:
        from ..harness.slitherlink import load_rules

        load_rules(rules)  # a bad file: FormatError, one line, exit 2
    inputs = Inputs(puzzles, kind)
    describe: dict = {}
    tallies: dict[str, Counter] = {}
    bad = inputs.bad
    for e in inputs.entries:
        try:
            if e.kind not in describe:
                try:
                    describe[e.kind] = kind_command(e.kind, "grader", "grade")(by, rules, next_step, seconds)
                except Usage as exc:
                    raise ValueError(str(exc)) from None
            with status(f"grading {e.id} ..."):
                key, obj, text = describe[e.kind][0](e.puzzle)
        except (ValueError, RuntimeError) as exc:  # the item's row says so; the batch goes on
            error(f"{e.id}: {exc}")
            bad += 1
            key, obj, text = "error", {"grade": None, "error": str(exc)}, f"error: {exc}"
        if key != "error":
            tallies.setdefault(e.kind, Counter())[key] += 1
        line = json.dumps({"kind": e.kind, "id": e.id, **obj}) if fmt == "json" else f"{e.id}: {text}"
        print(line, flush=True)
    for k, tally in tallies.items():
        total = sum(tally.values())
        if fmt == "text" and total > 1 and not next_step:
            print(f"{total} puzzles: " + ", ".join(f"{g} {tally[g]} ({tally[g] / total:.0%})"
                                                    for g in describe[k][1] if tally[g]))
    raise typer.Exit(exit_code(bad, 0))


def register(app: typer.Typer, generate_app: typer.Typer) -> None:
    app.command("hint")(hint)
    app.command("grade")(grade)
