"""Slitherlink commands: ``gridsolve generate slitherlink`` (van Dam 2008, Chapter 7), and what
``gridsolve grade`` / ``hint`` (``cli.workbench``) print for a Slitherlink puzzle: the deduction
engine's weakest completing tier (default) or, ``--by seed``, how the seed's rules solve it
(rules alone, + loop avoidance, backtracking; Chapters 5-6); the next deduction by the engine or
the Appendix A rules, the edge named by the cells it separates.

The solvers themselves are backends (``gridsolve solve --backend rules|rules+backtrack|backtrack``,
``--trace`` lists every rule application).
"""

from __future__ import annotations

import dataclasses
import json
import sys
from pathlib import Path

import typer

from .common import Usage, check_generate_options, one_of
from .declare import count_option, out_option, seed_option
from .progress import generate_each, skipped

PAPER_RATIO = {"normal": 0.44, "hard": 0.41}  # Chapter 9.2: remaining numbers / cells
FORMATS = ("canonical", "url", "loopy", "jsonl")


def parse_size(size: str) -> tuple[int, int]:
    """``WxH`` (columns x rows, as Loopy writes it) or ``N`` -> (rows, cols)."""
    from ..harness.limits import LIMITS
    from ..puzzles.formats.common import is_number

    text = size.strip().lower()
    try:
        if is_number(text):
            rows = cols = int(text)
        else:
            w, h = text.split("x")
            cols, rows = int(w), int(h)
    except ValueError:
        raise Usage(f"--size {size!r}: expected WxH (e.g. 7x7) or N") from None
    side = LIMITS["slitherlink"].cli_side
    if not (1 <= rows <= side and 1 <= cols <= side):
        raise Usage(f"--size {size}: each side must be 1..{side}")
    return rows, cols


def generate(
    size: str = typer.Option("7x7", "--size", "-s", help="WxH (columns x rows) or N"),
    mode: str = typer.Option("normal", "--mode", "-m",
                             help="normal (rules + loop avoidance), hard (+ backtracking), sat"),
    counter: str = typer.Option("sat", "--counter", help="--mode sat: the declarative backend"),
    ratios: str = typer.Option("33/33/34", "--ratios", help="growth rules #1/#2/#3, summing to 100"),
    seed: int = seed_option(),
    count: int = count_option(),
    out: Path | None = out_option(),
    solution: bool = typer.Option(False, "--solution", help="write the solved drawing (canonical)"),
    fmt: str = typer.Option("canonical", "--format", "-f", help="canonical, url, loopy or jsonl"),
    growth: str = typer.Option("notch", "--growth",
                               help="reading of the missing Figure 8: notch or reference"),
    pruning: str = typer.Option("strong", "--pruning",
                                help="--mode hard: backtracking pruning, strong or seed (same puzzles)"),
    timeout: float | None = typer.Option(None, "--timeout", "-t",
                                         help="seconds per puzzle; a seed not made in time is skipped"),
    target: str | None = typer.Option(None, "--grade", "-g",
                                      help="only puzzles of this engine tier (counting .. search); puzzle "
                                           "i tries seeds seed + i, seed + i + count, ..."),
) -> None:
    """Generate Slitherlink puzzles with van Dam's method (Chapter 7), seeded and reproducible;
    --grade keeps the puzzles of one engine tier (docs/grading.md)."""
    from ..harness import slitherlink as gen

    rows, cols = parse_size(size)
    one_of("--mode", mode, gen.MODES)
    one_of("--growth", growth, gen.GROWTHS)
    if pruning not in ("strong", "seed"):
        raise Usage(f"--pruning {pruning!r}: choose strong or seed")
    check_generate_options(fmt, FORMATS, count, target, gen.TIERS, timeout)
    try:
        ratio = gen.parse_ratios(ratios)
    except ValueError as exc:
        raise Usage(f"--ratios: {exc}") from None
    try:
        unique = gen.uniqueness_counter(counter) if mode == "sat" else None
    except ValueError as exc:
        raise Usage(str(exc)) from None
    options = {"mode": mode, "ratios": ratio, "counter": unique, "growth": growth, "pruning": pruning}

    def make(i: int):
        if target is None:
            return gen.generate(rows, cols, seed=seed + i, seconds=timeout, **options)
        return gen.generate_graded(rows, cols, target, seed + i, count, timeout, **options)

    def write(g) -> str:
        return _write(g, f"gen-{cols}x{rows}-{mode}-s{g.seed}", fmt, solution)

    made = generate_each(count, make, write, out, gen.GenerationTimeout)
    if made:
        import statistics

        secs = [g.stats["seconds"] for g in made]
        share = statistics.mean(g.stats["remaining_ratio"] for g in made)
        paper = f" (paper: {PAPER_RATIO[mode]:.0%})" if mode in PAPER_RATIO else ""
        print(f"generated {len(made)} {cols}x{rows} {mode} puzzle(s): "
              f"median {statistics.median(secs):.2f} s, max {max(secs):.2f} s; "
              f"numbers left {share:.1%} of the cells{paper}", file=sys.stderr)
    skipped(count, made, timeout)


def _write(g, ident: str, fmt: str, solution: bool) -> str:
    from ..puzzles.formats import slitherlink as fmt_sl
    from ..puzzles.slitherlink import KIND

    if fmt == "url":
        return fmt_sl.to_url(g.puzzle) + "\n"
    if fmt == "loopy":
        return fmt_sl.to_id(g.puzzle) + "\n"
    if fmt == "jsonl":
        obj = {"kind": KIND, "id": ident, "puzzle": fmt_sl.format_puzzle(g.puzzle),
               "seed": g.seed, "mode": g.mode,
               "stats": {k: round(v, 4) if isinstance(v, float) else v for k, v in g.stats.items()}}
        if solution:
            obj["solution"] = g.solution.to_json()
        return json.dumps(obj) + "\n"
    text = (fmt_sl.format_solution(g.puzzle, g.solution, ident) if solution
            else fmt_sl.format_puzzle(g.puzzle, ident))
    return text + "\n"


def hint_command(e, by: str | None, seed: int, show: bool) -> int:
    """``gridsolve hint`` on a Slitherlink puzzle: the engine's next deduction (or ``--by seed``)."""
    return print_hint(e, by or "engine")


def grader(by: str, rules, next_step: bool, seconds: float):
    """``gridsolve grade`` on Slitherlink: ``describer`` (``seconds`` is Nurikabe's)."""
    return describer(by, rules, next_step)


def describer(by: str, rules, next_step: bool):
    """The Slitherlink line maker of ``grade`` (the hint, the engine's tier or the seed's grade)
    and the order of its grades."""
    from ..harness import slitherlink as sl

    if next_step:
        return _hint, ()
    if by == "engine":
        return _engine_tier, (*sl.TIERS, "no solution")
    return (lambda puzzle: _seed_grade(puzzle, rules)), sl.GRADES


def _seed_grade(puzzle, rules) -> tuple[str, dict, str]:
    """(grade, its figures, the line) by the seed's rules."""
    from ..harness import slitherlink as sl

    stats = sl.grade(puzzle, rules)
    return stats["grade"], stats, (f"{stats['grade']} ({stats['rule_applications']} rule applications, "
                                   f"{stats['loop_avoidance_crosses']} loop-avoidance crosses, "
                                   f"{stats['unknown_edges']} edges left unknown)")


def _engine_tier(puzzle) -> tuple[str, dict, str]:
    """(tier, its figures, the line) by the deduction engine (``--by engine``)."""
    from ..harness import slitherlink as sl

    obj = sl.engine_grade(puzzle)
    rules = ", ".join(f"{k} {v}" for k, v in obj.items() if k not in ("tier", "unknown_edges"))
    return obj["tier"], {"grade": obj["tier"], **obj}, (f"{obj['tier']} ({obj['unknown_edges']} edges "
                                                        f"left unknown; {rules})")


def print_hint(e, by: str = "engine") -> int:
    """``gridsolve hint`` for a Slitherlink entry (a given solution's lines count as drawn): the
    engine's next deduction, or ``by`` "seed" the Appendix A rules'; the exit code (1: none)."""
    on = e.solution.edges if e.solution is not None else ()
    _, obj, text = _hint(e.puzzle, on) if by == "engine" else _seed_hint(e.puzzle, on)
    print(f"{e.id}: {text}")
    return 0 if obj["edge"] else 1


def _hint(puzzle, on=()) -> tuple[str, dict, str]:
    """("", the hint, the line): the engine's next deduction (``--hint``)."""
    from ..harness import slitherlink as sl

    h = sl.hint(puzzle, on)
    name = sl.edge_name(puzzle.rows, puzzle.cols, h.edge) if h.edge else ""
    text = (f"{name} is {'on' if h.on else 'off'} the loop ({h.rule}; tier {h.tier})"
            if h.edge else f"no hint ({h.contradiction or 'the engine deduces nothing: search'})")
    return "", {**dataclasses.asdict(h), "edge_name": name}, text


def _seed_hint(puzzle, on=()) -> tuple[str, dict, str]:
    """("", the hint, the line): the Appendix A rules' next application (``hint --by seed``)."""
    from ..harness import slitherlink as sl

    h = sl.seed_hint(puzzle, on)
    if not h.edges:
        why = h.contradiction or "the rules and loop avoidance deduce nothing"
        return "", {"edge": None}, f"no hint ({why})"
    names = [f"{sl.edge_name(puzzle.rows, puzzle.cols, e)} is {'on' if v else 'off'} the loop"
             for e, v in zip(h.edges, h.on, strict=True)]
    return "", {"edge": h.edges[0], **dataclasses.asdict(h)}, f"{'; '.join(names)} ({h.rule})"


def register(app: typer.Typer, generate_app: typer.Typer) -> None:
    generate_app.command("slitherlink")(generate)
