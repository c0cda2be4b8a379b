"""Slitherlink on the janko.at / puzzlekit corpus: every backend solves every puzzle and proves
uniqueness (``Limit(solutions=2)``); each solution is checked and compared with the given one.

    python -m benchmarks slitherlink-janko [--backends sat,cpsat,...] [--timeout 60] [--sample N]

``all`` runs the complete backends; a rule solver that may stop stuck (``deduce``, ``rules``) runs
when named, its stuck puzzles counted in their own column.

All backends run on a puzzle one after the other before the next puzzle, so their timings (and
the ratios between them) come from the same conditions. Writes
``benchmarks/results/slitherlink_janko.csv`` (one row per puzzle and backend) and
``slitherlink_janko.md`` (median / p95 / max seconds per backend, ratios, failures).
"""

from __future__ import annotations

import argparse
import random
import time

from gridsolve.harness import registry
from gridsolve.harness.run import run
from gridsolve.harness.timing import summarize
from gridsolve.puzzles.formats import read
from gridsolve.puzzles.solving import Limit, Status

from .common import command, data, markdown_table, publish, stamp

NAME = "slitherlink_janko"


def main(argv: list[str]) -> int:
    from gridsolve.native_rules.kernels import compile_at_once

    compile_at_once()  # in-process times are the compiled code's, never a first interpreted use
    ap = argparse.ArgumentParser(prog="python -m benchmarks slitherlink-janko")
    ap.add_argument("--backends", default="all")
    ap.add_argument("--timeout", type=float, default=60.0)
    ap.add_argument("--sample", type=int, default=0, help="only N random puzzles (0 = all)")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)

    named = args.backends != "all"
    backends = [b for b in registry.select("slitherlink", args.backends) if b.complete or named]
    entries = read(str(data("slitherlink", "janko-puzzlekit.json")))
    if args.sample:
        entries = random.Random(args.seed).sample(entries, args.sample)
    limit = Limit(seconds=args.timeout, solutions=2)
    for b in backends:  # one untimed solve each: loading compiled code is not charged to a puzzle
        run(b, entries[0].puzzle, limit)
    rows = []
    t_start = time.perf_counter()
    for i, e in enumerate(entries, 1):
        for b in backends:
            if b.max_cells and e.puzzle.rows * e.puzzle.cols > b.max_cells:
                continue  # an exponential seed port (see benchmarks/slitherlink_native.py)
            r = run(b, e.puzzle, limit)
            matches = "" if e.solution is None else (r.count >= 1 and r.solutions[0] == e.solution)
            rows.append(
                {
                    "id": e.id,
                    "size": e.puzzle.size,
                    "cells": e.puzzle.rows * e.puzzle.cols,
                    "given": "yes" if e.solution is not None else ("malformed" if e.warning else "no"),
                    "backend": b.name,
                    "status": str(r.status),
                    "count": r.count,
                    "unique": r.unique,
                    "matches_given": matches,
                    "seconds": round(r.seconds, 5),
                    "solver_calls": r.stats.get("solver_calls", ""),
                    "error": r.error or "",
                }
            )
        if i % 100 == 0 or i == len(entries):
            print(f"  {i}/{len(entries)} puzzles, {time.perf_counter() - t_start:.0f} s", flush=True)
    publish(NAME, render(rows, backends, args, argv), rows)
    return 0


def render(rows, backends, args, argv) -> str:
    cmd = command("slitherlink-janko", argv)
    out = ["# Slitherlink: janko.at corpus, solve + uniqueness proof per backend\n", stamp(cmd)]
    with_sol = [r for r in rows if r["given"] == "yes"]
    n_puzzles = len({r["id"] for r in rows})
    out.append(
        f"\n{n_puzzles} puzzles ({len({r['id'] for r in with_sol})} with a usable given solution); "
        f"time limit {args.timeout:g} s per puzzle and backend; seconds = wall clock of build + solve + "
        "uniqueness proof (`Limit(solutions=2)`), every solution checked by the independent checker; each "
        "backend solved the first puzzle once, untimed, before the run (loading compiled code).\n\n"
    )
    table = []
    medians = {}
    for b in backends:
        mine = [r for r in rows if r["backend"] == b.name]
        given = [r for r in mine if r["given"] == "yes"]
        s = summarize([r["seconds"] for r in given])
        medians[b.name] = s["median"]
        table.append(
            [
                b.name,
                len(given),
                sum(r["matches_given"] is True for r in given),
                sum(r["unique"] is True for r in given),
                sum(r["status"] == str(Status.TIMEOUT) for r in mine),
                sum(r["status"] == str(Status.STUCK) for r in mine),
                sum(r["status"] == str(Status.ERROR) for r in mine),
                f"{s['median']:.4f}",
                f"{s['p95']:.3f}",
                f"{s['max']:.3f}",
            ]
        )
    # the seed ports run on the small puzzles only (``max_cells``): each backend's median is
    # compared with the fastest backend that ran every puzzle, on the same puzzles
    coverage = {b.name: {r["id"] for r in with_sol if r["backend"] == b.name} for b in backends}
    complete = {b.name for b in backends if b.complete} or set(coverage)
    widest = max(len(coverage[n]) for n in complete)
    ref = min((n for n in complete if len(coverage[n]) == widest), key=medians.__getitem__)
    for row in table:
        ids = coverage[row[0]]
        base = summarize([r["seconds"] for r in with_sol if r["backend"] == ref and r["id"] in ids])["median"]
        row.append(f"{medians[row[0]] / base:.2f}x" if base else "")
    out.append(
        markdown_table(
            [
                "backend",
                "puzzles",
                "= given",
                "unique proved",
                "timeouts",
                "stuck",
                "errors",
                "median s",
                "p95 s",
                "max s",
                "median / fastest (same puzzles)",
            ],
            table,
        )
    )
    slowest = sorted(with_sol, key=lambda r: -r["seconds"])[:5]
    out.append(
        "\nSlowest (puzzle, backend, seconds): "
        + ", ".join(f"{r['id']} {r['backend']} {r['seconds']:.2f}" for r in slowest)
        + "\n"
    )
    others = sorted({r["id"] for r in rows if r["given"] != "yes"})
    if others:
        out.append("\nPuzzles without a usable given solution (verdict per backend):\n\n")
        vt = []
        for pid in others:
            mine = [r for r in rows if r["id"] == pid]
            verdicts = {
                r["backend"]: (f"{r['status']}, count {r['count']}" + (", unique" if r["unique"] else ""))
                for r in mine
            }
            vt.append([pid, mine[0]["size"], mine[0]["given"]] + [verdicts.get(b.name, "") for b in backends])
        out.append(markdown_table(["puzzle", "size", "given"] + [b.name for b in backends], vt))
    bad = [r for r in with_sol if (r["matches_given"] is not True or r["unique"] is not True)
           and r["status"] != str(Status.STUCK)]
    if bad:
        out.append("\nNot matching / not proved unique:\n\n")
        out.append(
            markdown_table(
                ["puzzle", "backend", "status", "count", "unique", "error"],
                [[r["id"], r["backend"], r["status"], r["count"], r["unique"], r["error"]] for r in bad],
            )
        )
    return "".join(out)


if __name__ == "__main__":
    import sys

    sys.exit(main(sys.argv[1:]))
