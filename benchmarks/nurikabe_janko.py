"""Nurikabe on the janko.at / puzzlekit corpus (1130 entries; 20 of them read at the size of their
grids, as their headers count the solution's moves, listed with the loader's warning; malformed
ones would be listed and skipped): every complete backend solves every puzzle and proves uniqueness
(``Limit(solutions=2)``); each solution is checked and compared with the given one. The essay's
ports run too, with a short per-puzzle limit: how many puzzles the heuristics alone complete,
how many ``bfh`` finishes, and whether every backend agrees (``harness.crossval.compare``); so do
the stronger ``rules`` beside the port (how many grids they complete by themselves).

    python -m benchmarks nurikabe-janko [--backends sat,cpsat,...] [--timeout 60]
                                        [--native-timeout 10] [--sample N] [--seed 1]

All backends run on a puzzle one after the other before the next puzzle, so their timings (and
the ratios between them) come from the same conditions. Writes
``benchmarks/results/nurikabe_janko.csv`` (one row per puzzle and backend),
``nurikabe_janko.md`` (median / p95 / max seconds per backend, ratios, failures, the ports'
figures, cross-validation) and ``nurikabe_janko.png`` (time distributions).
"""

from __future__ import annotations

import argparse
import random
import time

from gridsolve.harness import plots, registry
from gridsolve.harness.crossval import compare
from gridsolve.harness.run import run
from gridsolve.harness.timing import summarize
from gridsolve.puzzles.formats import read
from gridsolve.puzzles.nurikabe import NurikabePuzzle
from gridsolve.puzzles.solving import Limit, Status

from .common import RESULTS, data, markdown_table, stamp, write_csv

NAME = "nurikabe_janko"
NATIVE = ("heuristics", "heuristics+bruteforce", "bruteforce", "rules")


def main(argv: list[str]) -> int:
    from gridsolve.native_rules.kernels import compile_at_once

    compile_at_once()  # in-process times are the compiled code's, never a first interpreted use
    ap = argparse.ArgumentParser(prog="python -m benchmarks nurikabe-janko")
    ap.add_argument("--backends", default="all", help="comma-separated complete backends (default all)")
    ap.add_argument("--timeout", type=float, default=60.0, help="seconds per puzzle, complete backends")
    ap.add_argument("--native-timeout", type=float, default=10.0, help="seconds per puzzle, the ports")
    ap.add_argument("--no-native", action="store_true", help="skip the essay's ports")
    ap.add_argument("--sample", type=int, default=0, help="only N random puzzles (0 = all)")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)

    complete = [b for b in registry.select("nurikabe", args.backends) if b.complete]
    native = [] if args.no_native else [registry.get("nurikabe", n) for n in NATIVE]
    entries = read(str(data("nurikabe", "janko-puzzlekit.json")))
    malformed = [e for e in entries if not e.ok]
    entries = [e for e in entries if e.ok]
    warned = [e for e in entries if e.warning]
    if args.sample:
        entries = random.Random(args.seed).sample(entries, args.sample)
    rows, problems = [], {}
    if any(b.name.startswith("rules") for b in complete + native):
        warm = NurikabePuzzle.from_rows([[2, None], [None, None]])
        run(registry.get("nurikabe", "rules"), warm, Limit(60, 2))  # load the numba-compiled rules first
    t_start = time.perf_counter()
    for i, e in enumerate(entries, 1):
        results = []
        for b, seconds in [(b, args.timeout) for b in complete] + [(b, args.native_timeout) for b in native]:
            r = run(b, e.puzzle, Limit(seconds=seconds, solutions=2))
            results.append(r)
            rows.append({
                "id": e.id, "size": e.puzzle.size, "cells": e.puzzle.rows * e.puzzle.cols,
                "backend": b.name, "status": str(r.status), "count": r.count, "unique": r.unique,
                "matches_given": r.count >= 1 and r.solutions[0] == e.solution,
                "seconds": round(r.seconds, 5), "rounds": r.stats.get("rounds", ""),
                "note": r.error or r.note,
            })
        found = compare(results, e.solution, "nurikabe", e.puzzle)
        if found:
            problems[e.id] = found
        if i % 100 == 0 or i == len(entries):
            print(f"  {i}/{len(entries)} puzzles, {time.perf_counter() - t_start:.0f} s", flush=True)
    write_csv(RESULTS / f"{NAME}.csv", rows)
    report = render(rows, complete, native, malformed, warned, problems, args, argv)
    (RESULTS / f"{NAME}.md").write_text(report)
    finished = {b.name: [r["seconds"] for r in rows if r["backend"] == b.name and r["unique"] is True]
                for b in complete}
    totals = {b.name: sum(r["backend"] == b.name for r in rows) for b in complete}
    title = f"Nurikabe, janko corpus: solve + uniqueness proof ({len(entries)} puzzles)"
    fig = plots.time_distribution(finished, title, args.timeout, totals)
    plots.save(fig, RESULTS / f"{NAME}.png")
    print(report)
    return 0


def render(rows, complete, native, malformed, warned, problems, args, argv) -> str:
    cmd = "python -m benchmarks nurikabe-janko" + (" " + " ".join(argv) if argv else "")
    ids = sorted({r["id"] for r in rows})
    out = ["# Nurikabe: janko.at corpus, solve + uniqueness proof per backend\n", stamp(cmd)]
    out.append(
        f"\n{len(ids)} puzzles ({len(warned)} read with a warning and {len(malformed)} malformed corpus "
        "entries skipped, listed below); "
        f"time limit {args.timeout:g} s per puzzle for the complete backends, {args.native_timeout:g} s "
        "for the essay's ports; seconds = wall clock of build + solve + uniqueness proof "
        "(`Limit(solutions=2)`), every solution checked by the independent checker.\n\n"
    )
    table, medians = [], {}
    for b in complete:
        mine = [r for r in rows if r["backend"] == b.name]
        s = summarize([r["seconds"] for r in mine])
        medians[b.name] = s["median"]
        table.append([b.name, len(mine), sum(r["matches_given"] is True for r in mine),
                      sum(r["unique"] is True for r in mine),
                      sum(r["status"] == str(Status.TIMEOUT) for r in mine),
                      sum(r["status"] == str(Status.ERROR) for r in mine),
                      f"{s['median']:.4f}", f"{s['p95']:.3f}", f"{s['max']:.3f}"])
    best = min(medians.values()) if medians else 1
    for row in table:
        row.append(f"{medians[row[0]] / best:.2f}x" if best else "")
    out.append(markdown_table(["backend", "puzzles", "= given", "unique proved", "timeouts", "errors",
                               "median s", "p95 s", "max s", "median / fastest"], table))
    out.append(f"\n![time distributions]({NAME}.png)\n")
    within = [(b.name, sum(r["unique"] is True and r["seconds"] <= 2 for r in rows if r["backend"] == b.name))
              for b in complete]
    out.append("\nProved unique within 2 s: " + ", ".join(f"{n} {k}/{len(ids)}" for n, k in within) + ".\n")
    slowest = sorted((r for r in rows if r["backend"] in medians), key=lambda r: -r["seconds"])[:8]
    out.append("\nSlowest (puzzle, backend, seconds): "
               + ", ".join(f"{r['id']} {r['backend']} {r['seconds']:.2f}" for r in slowest) + "\n")
    if native:
        out.append("\n## The J essay's ports (and the stronger rules beside them)\n\n")
        nt = []
        for b in native:
            mine = [r for r in rows if r["backend"] == b.name]
            solved = [r for r in mine if r["status"] == str(Status.SOLVED)]
            s = summarize([r["seconds"] for r in solved])
            nt.append([b.name, len(mine), len(solved), sum(r["unique"] is True for r in solved),
                       sum(r["status"] == str(Status.STUCK) for r in mine),
                       sum(r["status"] == str(Status.TIMEOUT) for r in mine),
                       f"{s['median']:.4f}" if solved else "", f"{s['max']:.3f}" if solved else ""])
        out.append(markdown_table(["port", "puzzles", "solved", "unique proved", "stuck", "timeouts",
                                   "median s (solved)", "max s (solved)"], nt))
        heur = next((r for r in nt if r[0] == "heuristics"), None)
        if heur:
            out.append(f"\nThe essay's heuristics alone complete {heur[2]} of {heur[1]} puzzles.\n")
        rules = next((r for r in nt if r[0] == "rules"), None)
        if rules:
            out.append(f"\nThe stronger rules with probing (beside the port) complete {rules[2]} of "
                       f"{rules[1]}.\n")
    out.append("\n## Cross-validation\n\n")
    if problems:
        out.append(f"{len(problems)} puzzle(s) with disagreements:\n\n")
        listed = [[k, "; ".join(v)] for k, v in sorted(problems.items())]
        out.append(markdown_table(["puzzle", "problems"], listed))
    else:
        out.append(f"Every backend agrees on all {len(ids)} puzzles (solutions equal, counts equal where "
                   "exhausted, the given solution found; ports that got stuck or timed out abstain).\n")
    bad = [r for r in rows
           if r["backend"] in medians and (r["matches_given"] is not True or r["unique"] is not True)]
    if bad:
        out.append("\nNot matching the given solution / not proved unique:\n\n")
        out.append(markdown_table(["puzzle", "backend", "status", "count", "unique", "seconds", "note"],
                                  [[r["id"], r["backend"], r["status"], r["count"], r["unique"], r["seconds"],
                                    r["note"]] for r in bad]))
    if warned:
        out.append("\nEntries read with a warning (`puzzles.formats.common.puzzlekit_texts`):\n\n")
        out.append("".join(f"- {e.warning}\n" for e in warned))
    if malformed:
        out.append("\nMalformed corpus entries (reported by the loader, not guessed):\n\n")
        out.append("".join(f"- {e.error}\n" for e in malformed))
    return "".join(out)


if __name__ == "__main__":
    import sys

    sys.exit(main(sys.argv[1:]))
