"""Masyu on the janko.at / puzzlekit corpus: both declarative backends (``cpsat``, ``sat``) solve
every puzzle and prove uniqueness (``Limit(solutions=2)``); every returned solution is run
through the independent checker and compared with the given one, and the two backends' solution
sets are compared with each other.

    python -m benchmarks masyu-janko [--timeout 60] [--sample N] [--seed 1]

Masyu is not registered as a kind yet, so this calls the two backend functions directly. Both
backends run on a puzzle one after the other before the next puzzle (same conditions for both).
Writes ``benchmarks/results/masyu_janko.csv`` (one row per puzzle and backend) and
``masyu_janko.md`` (verdicts, disagreements, median / p95 / max seconds per backend), with the
machine load (``uptime``) before and after the run.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import time

from gridsolve.cpmodels import masyu as cpsat_model
from gridsolve.harness.timing import summarize
from gridsolve.puzzles.check.masyu import check
from gridsolve.puzzles.formats.masyu import from_puzzlekit
from gridsolve.puzzles.solving import Limit, Status
from gridsolve.satmodels import masyu as sat_model

from .common import data, markdown_table, publish, stamp

NAME = "masyu_janko"
BACKENDS = {"cpsat": cpsat_model.solve, "sat": sat_model.solve}


def uptime() -> str:
    try:
        return subprocess.run(["uptime"], capture_output=True, text=True, check=False).stdout.strip()
    except OSError:
        return "(uptime unavailable)"


def corpus() -> list[tuple[str, object, object]]:
    """(key, puzzle, given solution or None) of every corpus entry."""
    doc = json.loads(data("masyu", "janko-puzzlekit.json").read_text())
    out = []
    for key, item in doc["data"].items():
        puzzle, given, _ = from_puzzlekit(item["problem"], item.get("solution") or None)
        out.append((key, puzzle, given))
    return out


def measure(key, puzzle, given, limit: Limit) -> list[dict]:
    rows = []
    for name, solve in BACKENDS.items():
        r = solve(puzzle, limit)
        rejected = [v.code for s in r.solutions for v in check(puzzle, s)]
        rows.append({
            "id": key, "size": puzzle.size, "cells": puzzle.rows * puzzle.cols,
            "given": "yes" if given is not None else "no", "backend": name, "status": str(r.status),
            "count": r.count, "unique": r.unique,
            "matches_given": "" if given is None else given in r.solutions,
            "checker_rejects": " ".join(rejected), "seconds": round(r.seconds, 5),
            "solver_calls": r.stats.get("solver_calls", ""), "cuts": r.stats.get("cuts", ""),
            "solutions": frozenset(r.solutions), "finished": r.status != Status.TIMEOUT,
        })
    return rows


def disagreements(rows: list[dict]) -> list[str]:
    """Puzzles where both backends finished but found different solution sets or counts."""
    out = []
    for key in dict.fromkeys(r["id"] for r in rows):
        mine = [r for r in rows if r["id"] == key]
        if all(r["finished"] for r in mine) and len({(r["solutions"], r["count"]) for r in mine}) > 1:
            out.append(key)
    return out


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(prog="python -m benchmarks.masyu_janko")
    ap.add_argument("--timeout", type=float, default=60.0)
    ap.add_argument("--sample", type=int, default=0, help="only N random puzzles (0 = all)")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    entries = corpus()
    if args.sample:
        entries = random.Random(args.seed).sample(entries, args.sample)
    limit = Limit(seconds=args.timeout, solutions=2)
    load_before = uptime()
    measure(*entries[0], limit)  # untimed warm-up: imports and first-use costs
    rows: list[dict] = []
    t0 = time.perf_counter()
    for i, entry in enumerate(entries, 1):
        rows += measure(*entry, limit)
        if i % 50 == 0 or i == len(entries):
            print(f"  {i}/{len(entries)} puzzles, {time.perf_counter() - t0:.0f} s", flush=True)
    command = " ".join(["python -m benchmarks.masyu_janko", *argv])
    report = render(rows, args, command, load_before, uptime())
    publish(NAME, report, [{k: v for k, v in r.items() if k not in ("solutions", "finished")} for r in rows])
    return 0


def render(rows: list[dict], args, command: str, load_before: str, load_after: str) -> str:
    out = ["# Masyu: janko.at corpus, solve + uniqueness proof per backend\n\n", stamp(command),
           f"Load before: `{load_before}`.\nLoad after: `{load_after}`.\n",
           f"\n{len({r['id'] for r in rows})} puzzles ({len({r['id'] for r in rows if r['given'] == 'yes'})} "
           f"with a given solution); time limit {args.timeout:g} s per puzzle and backend; one CP-SAT "
           "worker; seconds = wall clock of build + solve + uniqueness proof (`Limit(solutions=2)`); every "
           "returned solution run through the independent checker (`puzzles/check/masyu.py`).\n\n"]
    table = []
    for name in BACKENDS:
        mine = [r for r in rows if r["backend"] == name]
        given = [r for r in mine if r["given"] == "yes"]
        s = summarize([r["seconds"] for r in given])
        table.append([name, len(given), sum(r["matches_given"] is True for r in given),
                      sum(r["unique"] is True for r in given), sum(r["status"] == "timeout" for r in mine),
                      sum(r["status"] == "error" for r in mine),
                      sum(bool(r["checker_rejects"]) for r in mine),
                      f"{s['median']:.4f}", f"{s['p95']:.3f}", f"{s['max']:.3f}"])
    out.append(markdown_table(["backend", "puzzles with given", "= given", "unique proved", "timeouts",
                               "errors", "checker rejections", "median s", "p95 s", "max s"], table))
    bad = disagreements(rows)
    out.append(f"\nDisagreements between the backends (both finished, different solution sets): {len(bad)}"
               + (f" -- {', '.join(bad)}" if bad else "") + "\n")
    others = [r for r in rows if r["given"] != "yes"]
    if others:
        out.append("\nPuzzles without a given solution:\n\n")
        out.append(markdown_table(["puzzle", "size", "backend", "status", "count", "unique", "seconds"],
                                  [[r["id"], r["size"], r["backend"], r["status"], r["count"], r["unique"],
                                    f"{r['seconds']:.2f}"] for r in others]))
    odd = [r for r in rows
           if r["given"] == "yes" and (r["matches_given"] is not True or r["unique"] is not True)]
    if odd:
        out.append("\nNot matching the given solution / not proved unique:\n\n")
        out.append(markdown_table(["puzzle", "backend", "status", "count", "unique", "checker"],
                                  [[r["id"], r["backend"], r["status"], r["count"], r["unique"],
                                    r["checker_rejects"]] for r in odd]))
    slowest = sorted(rows, key=lambda r: -r["seconds"])[:5]
    out.append("\nSlowest (puzzle, backend, seconds): "
               + ", ".join(f"{r['id']} {r['backend']} {r['seconds']:.2f}" for r in slowest) + "\n")
    return "".join(out)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
