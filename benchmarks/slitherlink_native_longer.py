"""How far the seed's ``rules+backtrack`` gets with more time: a seeded sample of the janko
(<= 10x10) and CSP-Rules puzzles it did not finish within the limit of the last
``slitherlink-native`` run (``benchmarks/results/slitherlink_native.csv``), each run again with
``--seconds`` per puzzle and compared with ``cpsat``.

    python -m benchmarks slitherlink-native-longer [--count 16] [--seconds 60] [--seed 7]

Writes ``benchmarks/results/slitherlink_native_longer.{jsonl,md}``.
"""

from __future__ import annotations

import argparse
import csv
import random

from gridsolve.harness import registry
from gridsolve.harness.crossval import compare
from gridsolve.harness.run import run
from gridsolve.puzzles.formats import read
from gridsolve.puzzles.solving import Limit, Status

from .common import RESULTS, command, data, markdown_table, publish, record, stamp

NAME = "slitherlink_native_longer"


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(prog="python -m benchmarks slitherlink-native-longer")
    ap.add_argument("--count", type=int, default=16, help="puzzles in the sample")
    ap.add_argument("--seconds", type=float, default=60.0, help="limit per puzzle for rules+backtrack")
    ap.add_argument("--seed", type=int, default=7)
    args = ap.parse_args(argv)
    rows = [r for r in csv.DictReader((RESULTS / "slitherlink_native.csv").open())
            if r["backend"] == "rules+backtrack" and r["status"] == "timeout"]
    random.Random(args.seed).shuffle(rows)
    entries = {("janko", e.id): e for e in read(str(data("slitherlink", "janko-puzzlekit.json")))}
    entries.update({("csp-rules", e.id): e for e in read(str(data("slitherlink", "csp-rules")))})
    seed_port, cpsat = registry.get("slitherlink", "rules+backtrack"), registry.get("slitherlink", "cpsat")
    out = []
    with (RESULTS / f"{NAME}.jsonl").open("w") as jl:
        for r in rows[:args.count]:
            e = entries[r["set"], r["id"]]
            res = run(seed_port, e.puzzle, Limit(seconds=args.seconds, solutions=2))
            ref = run(cpsat, e.puzzle, Limit(seconds=args.seconds, solutions=2))
            # as `gridsolve crossval` compares them; a timeout abstains
            agrees = None if res.status == Status.TIMEOUT else not compare([res, ref], e.solution,
                                                                           "slitherlink", e.puzzle)
            row = {"set": r["set"], "id": r["id"], "size": r["size"], "status": str(res.status),
                   "seconds": round(res.seconds, 2), "nodes": res.stats.get("nodes"),
                   "agrees_with_cpsat": agrees}
            record(jl, out, row)
    publish(NAME, render(out, args.seconds, argv))
    return 0 if all(r["agrees_with_cpsat"] is not False for r in out) else 1


def render(out: list[dict], seconds: float, argv: list[str]) -> str:
    done = [r for r in out if r["status"] != "timeout"]
    return "".join([
        "# The seed's rules+backtrack with more time\n",
        stamp(command("slitherlink-native-longer", argv)),
        f"\n{len(out)} puzzles it did not finish in the last `slitherlink-native` run, "
        f"{seconds:g} s each: **{len(done)} finished** (all agree with cpsat: "
        f"{all(r['agrees_with_cpsat'] for r in done)}), {len(out) - len(done)} timed out.\n\n",
        markdown_table(["set", "puzzle", "size", "status", "seconds", "nodes", "agrees with cpsat"],
                       [[r["set"], r["id"], r["size"], r["status"], r["seconds"], r["nodes"],
                         "-" if r["agrees_with_cpsat"] is None else r["agrees_with_cpsat"]] for r in out]),
    ])

if __name__ == "__main__":
    import sys

    sys.exit(main(sys.argv[1:]))
