"""Slitherlink seed ports (van Dam 2008) cross-validated against CP-SAT and SAT: every janko.at
puzzle up to 10x10 and the 81 CSP-Rules puzzles.

    python -m benchmarks slitherlink-native [--sets janko,csp-rules] [--timeout 60]
        [--seed-timeout 10] [--sample N]

Per puzzle, one after the other (so ratios come from the same conditions): ``rules`` (Appendix A
rules + loop avoidance: its grade), ``rules+backtrack`` and ``backtrack`` (the seed's algorithms,
``--seed-timeout`` seconds each), the strong variants beside the port, ``cpsat`` and ``sat``
(``--timeout``); every solution is checked and the results are compared as ``gridsolve crossval``
does (harness.crossval.compare, with the given solution). Puzzles are taken smallest first;
``backtrack`` stops at the first size where every puzzle timed out (the larger ones are reported
as not run). Writes ``benchmarks/results/slitherlink_native.{csv,md}``.
"""

from __future__ import annotations

import argparse
import random
import time
from collections import Counter, defaultdict

from gridsolve.harness import registry
from gridsolve.harness.crossval import compare
from gridsolve.harness.run import run
from gridsolve.harness.timing import summarize
from gridsolve.puzzles.formats import read
from gridsolve.puzzles.solving import Limit, Status

from .common import command, data, markdown_table, publish, stamp

NAME = "slitherlink_native"
BACKENDS = ["rules", "rules+backtrack", "backtrack", "rules+backtrack-strong", "backtrack-strong",
            "cpsat", "sat"]
SEED_PORTS = {"rules+backtrack", "backtrack"}
CUT_OFF = {"backtrack"}  # not run beyond the first size at which it timed out on everything
GRADES = ("rules", "rules+loop-avoidance", "backtracking", "no solution")


def puzzles(sets: list[str], sample: int, seed: int) -> list[tuple[str, object]]:
    out = []
    if "janko" in sets:
        for e in read(str(data("slitherlink", "janko-puzzlekit.json"))):
            if e.ok and e.puzzle.rows <= 10 and e.puzzle.cols <= 10:
                out.append(("janko", e))
    if "csp-rules" in sets:
        out += [("csp-rules", e) for e in read(str(data("slitherlink", "csp-rules"))) if e.ok]
    if sample:
        out = random.Random(seed).sample(out, min(sample, len(out)))
    return sorted(out, key=lambda se: (se[1].puzzle.rows * se[1].puzzle.cols, se[0], se[1].id))


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(prog="python -m benchmarks slitherlink-native")
    ap.add_argument("--sets", default="janko,csp-rules")
    ap.add_argument("--timeout", type=float, default=60.0, help="seconds for the fast backends")
    ap.add_argument("--seed-timeout", type=float, default=10.0,
                    help="seconds for rules+backtrack and backtrack (the seed's algorithms)")
    ap.add_argument("--sample", type=int, default=0, help="only N random puzzles (0 = all)")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    sets = [s.strip() for s in args.sets.split(",") if s.strip()]
    items = puzzles(sets, args.sample, args.seed)
    backends = [registry.get("slitherlink", n) for n in BACKENDS]
    rows: list[dict] = []
    problems: list[str] = []
    cut: dict[str, int] = {}  # backend -> size (cells) from which it is not run
    timed: dict = defaultdict(lambda: [0, 0])  # (backend, cells) -> [timeouts, runs]
    t0 = time.perf_counter()
    for k, (source, e) in enumerate(items, 1):
        cells = e.puzzle.rows * e.puzzle.cols
        results = []
        for b in backends:
            if b.name in cut and cells > cut[b.name]:
                rows.append(_row(source, e, b.name, None))
                continue
            seconds = args.seed_timeout if b.name in SEED_PORTS else args.timeout
            r = run(b, e.puzzle, Limit(seconds=seconds, solutions=2))
            results.append(r)
            rows.append(_row(source, e, b.name, r))
            timed[b.name, cells][0] += r.status == Status.TIMEOUT
            timed[b.name, cells][1] += 1
        for p in compare(results, e.solution, "slitherlink", e.puzzle):
            problems.append(f"{source} {e.id}: {p}")
        nxt = items[k][1].puzzle if k < len(items) else None
        if nxt is None or nxt.rows * nxt.cols > cells:  # a size is complete: cut off?
            for name in CUT_OFF:
                t, n = timed[name, cells]
                if name not in cut and n and t == n:
                    cut[name] = cells
        if k % 50 == 0 or k == len(items):
            print(f"  {k}/{len(items)} puzzles, {time.perf_counter() - t0:.0f} s", flush=True)
    publish(NAME, render(rows, problems, cut, args, argv, sets), rows)
    return 1 if problems else 0


def _row(source, e, backend, r) -> dict:
    return {
        "set": source, "id": e.id, "size": e.puzzle.size, "cells": e.puzzle.rows * e.puzzle.cols,
        "backend": backend, "status": "not run" if r is None else str(r.status),
        "count": "" if r is None else r.count, "unique": "" if r is None else r.unique,
        "matches_given": "" if r is None or e.solution is None else (
            r.count >= 1 and r.solutions[0] == e.solution),
        "seconds": "" if r is None else round(r.seconds, 5),
        "grade": "" if r is None else r.stats.get("grade", ""),
        "nodes": "" if r is None else r.stats.get("nodes", ""),
        "error": "" if r is None else r.error or "",
    }


def render(rows, problems, cut, args, argv, sets) -> str:
    cmd = command("slitherlink-native", argv)
    out = ["# Slitherlink: the seed ports (van Dam 2008) against CP-SAT and SAT\n", stamp(cmd)]
    out.append(
        f"\nTime limits: {args.seed_timeout:g} s for the seed's rules+backtrack and backtrack, "
        f"{args.timeout:g} s for the others, per puzzle (solve + uniqueness, `Limit(solutions=2)`); "
        "every solution checked; results compared as `gridsolve crossval` does. "
        f"**Disagreements: {len(problems)}.**\n")
    for p in problems[:20]:
        out.append(f"- {p}\n")
    for source in sets:
        mine = [r for r in rows if r["set"] == source]
        if not mine:
            continue
        count = sum(r["backend"] == BACKENDS[0] for r in mine)  # ids may repeat across folders
        out.append(f"\n## {source}: {count} puzzles\n\n")
        grades = Counter(r["grade"] for r in mine if r["backend"] == "rules")
        n = sum(grades.values())
        out.append("Grades (the `rules` backend: Appendix A rules, then loop avoidance): " + ", ".join(
            f"{g} {grades[g]} ({grades[g] / n:.1%})" for g in GRADES if grades[g]) + ".\n")
        solved_rules = grades["rules"] + grades["rules+loop-avoidance"]
        out.append(f"Solved without backtracking: by the rules alone {grades['rules'] / n:.1%}, "
                   f"by rules + loop avoidance {solved_rules / n:.1%}.\n\n")
        out.append(_backend_table(mine))
        out.append("\nSolved and proved unique within the limit, by size:\n\n")
        out.append(_size_table(mine, cut))
    return "".join(out)


def _backend_table(mine) -> str:
    table, medians = [], {}
    for name in BACKENDS:
        runs = [r for r in mine if r["backend"] == name and r["status"] != "not run"]
        if not runs:
            continue
        ok = [r for r in runs if r["unique"] is True]
        s = summarize([r["seconds"] for r in runs])
        medians[name] = s["median"]
        table.append([name, len(runs), len(ok), sum(r["status"] == "timeout" for r in runs),
                      sum(r["status"] == "stuck" for r in runs), sum(r["status"] == "error" for r in runs),
                      f"{s['median']:.4f}", f"{s['max']:.3f}"])
    ref = medians.get("cpsat")
    for row in table:
        row.append(f"{medians[row[0]] / ref:.2f}x" if ref else "")
    return markdown_table(["backend", "run", "solved + unique", "timeouts", "stuck", "errors",
                           "median s", "max s", "median / cpsat"], table)


def _size_table(mine, cut) -> str:
    sizes = sorted({(r["cells"], r["size"]) for r in mine})
    header = ["size", "puzzles"] + BACKENDS
    table = []
    for _cells, size in sizes:
        here = [r for r in mine if r["size"] == size]
        row = [size, sum(r["backend"] == BACKENDS[0] for r in here)]
        for name in BACKENDS:
            runs = [r for r in here if r["backend"] == name]
            done = [r for r in runs if r["status"] != "not run"]
            if not done:
                row.append("not run")
                continue
            row.append(f"{sum(r['unique'] is True for r in done)}/{len(runs)}")
        table.append(row)
    note = "".join(f"\n`{n}` was not run beyond {c} cells: it timed out on every puzzle of that size.\n"
                   for n, c in cut.items())
    return markdown_table(header, table) + note


if __name__ == "__main__":
    import sys

    sys.exit(main(sys.argv[1:]))
