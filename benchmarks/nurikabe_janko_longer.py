"""The janko Nurikabe puzzles a complete backend did not prove unique within the limit of the last
``nurikabe-janko`` run (``benchmarks/results/nurikabe_janko.csv``), each run again by that backend
with ``--seconds`` per puzzle: does it get there with more time, and how long does it take?

    python -m benchmarks nurikabe-janko-longer [--seconds 180] [--backends sat,cpsat,...]

Every solution is checked and compared with the given one, as in ``nurikabe-janko``. Writes
``benchmarks/results/nurikabe_janko_longer.{jsonl,md}`` (the jsonl row by row, so a stopped run
keeps what it finished).
"""

from __future__ import annotations

import argparse
import csv

from gridsolve.harness import registry
from gridsolve.harness.run import run
from gridsolve.puzzles.formats import read
from gridsolve.puzzles.solving import Limit

from .common import RESULTS, command, data, markdown_table, publish, record, stamp

NAME = "nurikabe_janko_longer"


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(prog="python -m benchmarks nurikabe-janko-longer")
    ap.add_argument("--seconds", type=float, default=180.0, help="limit per puzzle and backend")
    ap.add_argument("--backends", default="all", help="comma-separated complete backends (default all)")
    args = ap.parse_args(argv)
    source = RESULTS / "nurikabe_janko.csv"
    if not source.exists():
        raise SystemExit(f"error: {source} is missing: run `python -m benchmarks nurikabe-janko` first")
    backends = {b.name: b for b in registry.select("nurikabe", args.backends) if b.complete}
    todo = [r for r in csv.DictReader(source.open())
            if r["backend"] in backends and r["unique"] != "True"]
    entries = {e.id: e for e in read(str(data("nurikabe", "janko-puzzlekit.json"))) if e.ok}
    out = []
    with (RESULTS / f"{NAME}.jsonl").open("w") as jl:
        for r in todo:
            e = entries[r["id"]]
            res = run(backends[r["backend"]], e.puzzle, Limit(seconds=args.seconds, solutions=2))
            row = {"id": r["id"], "size": r["size"], "backend": r["backend"],
                   "before": f"{r['status']} {float(r['seconds']):.1f} s",
                   "status": str(res.status), "count": res.count, "unique": res.unique,
                   "matches_given": res.count >= 1 and res.solutions[0] == e.solution,
                   "seconds": round(res.seconds, 2), "rounds": res.stats.get("rounds", "")}
            record(jl, out, row)
    publish(NAME, render(out, args.seconds, argv))
    return 0


def render(rows, seconds, argv) -> str:
    cmd = command("nurikabe-janko-longer", argv)
    out = ["# Nurikabe: the janko puzzles not proved within the corpus run's limit, with more time\n",
           stamp(cmd),
           f"\n{len(rows)} (puzzle, backend) pairs that did not prove uniqueness in "
           f"`nurikabe_janko.csv`, each run again with {seconds:g} s (solve + uniqueness proof, every "
           "solution checked).\n\n"]
    proved = [r for r in rows if r["unique"] is True and r["matches_given"]]
    out.append(markdown_table(
        ["puzzle", "size", "backend", "before", "now", "count", "unique", "= given", "seconds", "rounds"],
        [[r["id"], r["size"], r["backend"], r["before"], r["status"], r["count"], r["unique"],
          r["matches_given"], r["seconds"], r["rounds"]] for r in rows]))
    out.append(f"\nProved unique (given solution) with {seconds:g} s: {len(proved)} of {len(rows)}.\n")
    return "".join(out)


if __name__ == "__main__":
    import sys

    sys.exit(main(sys.argv[1:]))
