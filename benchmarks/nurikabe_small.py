"""Small Nurikabe puzzles in one warm process: what each puzzle costs through the public API once
the process has warmed up, so that the fixed cost around the work shows.

    python -m benchmarks nurikabe-small [--backends rules+sat,default] [--repeat 3] [--per-class 13]
                                        [--seed 45] [--budget-ms 2]

The sample (65 puzzles by default): the janko.at / puzzlekit corpus
(``../shared/data/nurikabe/janko-puzzlekit.json``) split into five classes by the longer side of
the grid (3-6, 7, 8-10, 11-15, 16 and more), ``--per-class`` puzzles drawn from each class by
``random.Random(seed)`` from the class sorted by corpus id; "7x7 or smaller" is the first two
classes. Warm-up, as a long-running process (``gridsolve serve``'s workers) has done it:
``harness.warm.run_compiled()`` (compiled kernels from the first call), then every timed backend
solves and counts one puzzle of each class from outside the sample. Then each sample puzzle is
timed through ``gridsolve.solve`` (the default solve, ``limit=1``) and with the uniqueness proof
(``limit=2``), ``--repeat`` times each, the medians kept: wall clock and this thread's CPU time
(which the machine's load leaves out) around the API call, so registry lookup, model, solver, the
independent checker and the result record are all in it.

Prints and writes ``benchmarks/results/nurikabe_small.csv`` (one row per puzzle, backend and
mode) and ``nurikabe_small_run.md`` (per class median / max, the puzzles over the budget).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time

from gridsolve.harness import registry
from gridsolve.harness.warm import run_compiled
from gridsolve.puzzles.formats import read

import gridsolve

from .common import RESULTS, data, markdown_table, stamp, write_csv

NAME = "nurikabe_small"
# the classes by the grid's longer side: (label, smallest, largest)
CLASSES = (("3x3-6x6", 3, 6), ("7x7", 7, 7), ("8-10", 8, 10), ("11-15", 11, 15), ("16+", 16, 10**6))
SMALL = ("3x3-6x6", "7x7")  # "7x7 or smaller"
MODES = (("solve", 1), ("solve+unique", 2))


def size_class(puzzle) -> str:
    side = max(puzzle.rows, puzzle.cols)
    return next(label for label, lo, hi in CLASSES if lo <= side <= hi)


def sample(entries, per_class: int, seed: int) -> tuple[list, list]:
    """The sample (``per_class`` puzzles of each class, drawn reproducibly) and one warm-up puzzle
    per class from outside it."""
    rng = random.Random(seed)
    chosen, warm = [], []
    for label, _, _ in CLASSES:
        members = sorted((e for e in entries if size_class(e.puzzle) == label), key=lambda e: e.id)
        picked = rng.sample(members, min(per_class, len(members)))
        chosen += picked
        rest = [e for e in members if e not in picked]
        if rest:
            warm.append(rng.choice(rest))
    return chosen, warm


def timed(puzzle, backend: str | None, limit: int, repeat: int) -> tuple[float, float, object]:
    """The median wall and CPU seconds (this thread's: what the machine's load leaves out) of
    ``repeat`` calls of ``gridsolve.solve``, and the last result."""
    wall, cpu, result = [], [], None
    for _ in range(repeat):
        t0, c0 = time.perf_counter(), time.thread_time()
        result = gridsolve.solve(puzzle, backend, limit=limit)
        cpu.append(time.thread_time() - c0)
        wall.append(time.perf_counter() - t0)
    return statistics.median(wall), statistics.median(cpu), result


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(prog="python -m benchmarks nurikabe-small")
    # rules+sat: the engine the warm-process line is about (the Lavavej race); default: what a
    # plain ``gridsolve.solve`` runs (``rules+sat`` too now: name ``sat`` to compare with the model alone)
    ap.add_argument("--backends", default="rules+sat,default",
                    help="comma-separated; 'default' = the kind's default (default: rules+sat,default)")
    ap.add_argument("--repeat", type=int, default=3, help="timings per puzzle and mode (median kept)")
    ap.add_argument("--per-class", type=int, default=13, help="puzzles per size class (5 classes)")
    ap.add_argument("--seed", type=int, default=45)
    ap.add_argument("--budget-ms", type=float, default=2.0, help="the per-puzzle budget reported on")
    args = ap.parse_args(argv)

    default = registry.DEFAULTS["nurikabe"]
    names = list(dict.fromkeys(default if b == "default" else b for b in args.backends.split(",")))
    entries = [e for e in read(str(data("nurikabe", "janko-puzzlekit.json"))) if e.ok]
    chosen, warm = sample(entries, args.per_class, args.seed)

    t0 = time.perf_counter()
    run_compiled()
    for e in warm:
        for name in names:
            for _, limit in MODES:
                gridsolve.solve(e.puzzle, name, limit=limit)
    warm_seconds = time.perf_counter() - t0
    print(f"warm-up: {warm_seconds:.1f} s ({len(warm)} puzzles x {len(names)} backends x 2 modes)",
          flush=True)

    rows = []
    for e in chosen:
        for name in names:
            for mode, limit in MODES:
                seconds, cpu, r = timed(e.puzzle, name, limit, args.repeat)
                ok = str(r.status) == "solved" and r.solutions[0] == e.solution and (limit == 1 or r.unique)
                rows.append({"id": e.id, "size": e.puzzle.size, "class": size_class(e.puzzle),
                             "backend": name, "mode": mode, "ms": round(seconds * 1e3, 3),
                             "cpu_ms": round(cpu * 1e3, 3),
                             "status": str(r.status), "ok": ok})
    write_csv(RESULTS / f"{NAME}.csv", rows)
    report = render(rows, names, default, chosen, warm, warm_seconds, args, argv)
    (RESULTS / f"{NAME}_run.md").write_text(report)
    print(report)
    return 0


def render(rows, names, default, chosen, warm, warm_seconds, args, argv) -> str:
    cmd = "python -m benchmarks nurikabe-small" + (" " + " ".join(argv) if argv else "")
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    out = ["# Nurikabe: small puzzles in one warm process\n", stamp(cmd),
           f"Load average at the end (1, 5, 15 min): {load}.\n\n",
           f"Sample: {len(chosen)} janko puzzles, {args.per_class} per class by the grid's longer side "
           f"(seed {args.seed}); warm-up {warm_seconds:.1f} s: compiled kernels "
           f"(`harness.warm.run_compiled`), then every backend on {', '.join(e.id for e in warm)} "
           f"(outside the sample). Each figure: median of {args.repeat} calls of `gridsolve.solve` "
           f"(default backend: `{default}`), milliseconds: wall clock and this thread's CPU time "
           "(`time.thread_time`, which the machine's load leaves out).\n\n"]
    table = []
    for name in names:
        for mode, _ in MODES:
            for label, _, _ in CLASSES:
                mine = [r for r in rows if r["backend"] == name and r["mode"] == mode and r["class"] == label]
                if mine:
                    wall, cpu = [r["ms"] for r in mine], [r["cpu_ms"] for r in mine]
                    table.append([name, mode, label, len(mine), f"{statistics.median(wall):.2f}",
                                  f"{max(wall):.2f}", sum(m > args.budget_ms for m in wall),
                                  f"{statistics.median(cpu):.2f}", f"{max(cpu):.2f}",
                                  sum(m > args.budget_ms for m in cpu)])
    budget = f"over {args.budget_ms:g} ms"
    out.append(markdown_table(["backend", "mode", "class", "puzzles", "median ms", "max ms", budget,
                               "median CPU ms", "max CPU ms", f"CPU {budget}"], table))
    over = [r for r in rows if r["class"] in SMALL and r["ms"] > args.budget_ms]
    out.append(f"\nPuzzles of 7x7 or smaller over {args.budget_ms:g} ms (wall; CPU): "
               + (", ".join(f"{r['id']} {r['backend']} {r['mode']} {r['ms']:.2f}; {r['cpu_ms']:.2f}"
                            for r in over) or "none") + ".\n")
    bad = [r for r in rows if not r["ok"]]
    out.append("\nEvery result solved, equal to the given solution and (solve+unique) proved unique.\n"
               if not bad else "\nNot solved / not the given solution / not proved unique: "
               + ", ".join(f"{r['id']} {r['backend']} {r['mode']} {r['status']}" for r in bad) + "\n")
    return "".join(out)


if __name__ == "__main__":
    import sys

    sys.exit(main(sys.argv[1:]))
