"""Edge matching cross-validation on generated boards: the port of the seed's programs against the
CP-SAT and SAT models, every solution enumerated and checked, solution sets compared.

    python -m benchmarks edgematching-crossval [--sizes 3,4,5,6] [--boards 3] [--timeout 120]

Boards: the seed's generator (colours n - 1 and n, rotation and none) and the E2-style one
(default colours, rotation and none), seeds 0..N-1. For each board every backend of the registry
runs with a solution cap of ``--max-solutions``; a board passes when no backend errs and every
backend that exhausted its search has the same solution set (``harness.crossval``). Reports the
raw counts and the counts up to board rotation (the seed's "divide by 4"). Writes
``benchmarks/results/edgematching_crossval.{md,csv}``.
"""

from __future__ import annotations

import argparse
import time

from gridsolve.harness.crossval import crossval
from gridsolve.native_rules.edgematching.backtrack import seed_style
from gridsolve.puzzles.generators.edgematching import e2_style
from gridsolve.puzzles.solving import Limit

from .common import RESULTS, markdown_table, stamp, write_csv

NAME = "edgematching_crossval"


def boards(sizes, n_boards):
    for n in sizes:
        for seed in range(n_boards):
            for rotation in (False, True):
                for k in (n - 1, n):
                    tag = f"c{k}-{'rot' if rotation else 'norot'}-s{seed}"
                    yield f"seed-{n}x{n}-{tag}", seed_style(n, n, k, seed, rotation)
                tag = f"{'rot' if rotation else 'norot'}-s{seed}"
                yield f"e2-{n}x{n}-{tag}", e2_style(n, n, seed=seed, rotation=rotation)


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(prog="python -m benchmarks edgematching-crossval")
    ap.add_argument("--sizes", default="3,4,5,6")
    ap.add_argument("--boards", type=int, default=3)
    ap.add_argument("--timeout", type=float, default=120.0)
    ap.add_argument("--max-solutions", type=int, default=20000)
    args = ap.parse_args(argv)
    sizes = [int(x) for x in args.sizes.split(",")]
    rows = []
    t0 = time.perf_counter()
    for ident, (puzzle, planted) in boards(sizes, args.boards):
        rep = crossval(puzzle, ident=ident, limit=Limit(args.timeout, args.max_solutions), given=planted)
        for r in rep.results:
            rows.append({"board": ident, "backend": r.backend, "status": str(r.status), "count": r.count,
                         "exhausted": r.exhausted,
                         "up_to_rotation": r.stats.get("count_up_to_rotation", ""),
                         "seconds": round(r.seconds, 3), "agree": rep.agree,
                         "problems": "; ".join(rep.problems)})
        print(f"  {ident}: {rep.verdict} ({time.perf_counter() - t0:.0f} s)", flush=True)
    write_csv(RESULTS / f"{NAME}.csv", rows)
    cmd = "python -m benchmarks edgematching-crossval" + (" " + " ".join(argv) if argv else "")
    out = ["# Edge matching: the seed's port against the models on generated boards\n\n", stamp(cmd),
           f"\nEvery backend enumerates every solution (cap {args.max_solutions}, {args.timeout:g} s); every "
           "solution checked; a board agrees when the solution sets of all backends that exhausted the "
           "search are equal and the planted solution is among them. `backtrack` (no rotation) is "
           "stuck by design on boards that allow rotation.\n\n"]
    names = list(dict.fromkeys(r["backend"] for r in rows))
    body = []
    for ident in dict.fromkeys(r["board"] for r in rows):
        mine = {r["backend"]: r for r in rows if r["board"] == ident}
        first = next(iter(mine.values()))
        counts = {r["count"] for r in mine.values() if r["exhausted"]}
        cells = [f"{r['seconds']}" if r["exhausted"] else r["status"] for r in (mine[b] for b in names)]
        ups = {r["up_to_rotation"] for r in mine.values() if r["exhausted"] and r["up_to_rotation"] != ""}
        body.append([ident, "/".join(map(str, sorted(counts))) or "?", "/".join(map(str, sorted(ups))),
                     "yes" if first["agree"] else "NO: " + first["problems"], *cells])
    out.append(markdown_table(["board", "solutions", "up to rotation", "agree", *names], body))
    n_bad = sum(1 for b in body if b[3] != "yes")
    out.append(f"\n{len(body)} boards, {n_bad} disagreement(s).\n")
    (RESULTS / f"{NAME}.md").write_text("".join(out))
    print("".join(out))
    return 1 if n_bad else 0


if __name__ == "__main__":
    import sys

    sys.exit(main(sys.argv[1:]))
