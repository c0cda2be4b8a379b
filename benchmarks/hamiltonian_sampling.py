"""Random labyrinths: exact uniform sampling (frontier DP, stored layers) and the seed's walk mode
with an exact completion oracle (witness, splicing, 2-connectivity and colour refutations,
incremental SAT), timed per labyrinth.

    python -m benchmarks hamiltonian-sampling [--uniform 5,9,11,13] [--walk 9,15,21] [--seeds 10]

Wall-clock and CPU seconds per path (CPU = this process: on a busy machine it is the better
guide to quiet-machine wall time). Writes ``benchmarks/results/hamiltonian_sampling.{csv,md}``
and an example 21x21 walk-mode labyrinth ``hamiltonian_walk_21.svg``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from gridsolve.harness.hamiltonian import make_oracle
from gridsolve.native_rules.hamiltonian import frontier
from gridsolve.native_rules.hamiltonian.tools import sampling
from gridsolve.puzzles.check.hamiltonian import check
from gridsolve.puzzles.hamiltonian import HamiltonianPuzzle
from gridsolve.puzzles.render.hamiltonian import svg

from .common import RESULTS, markdown_table, stamp, write_csv


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(prog="python -m benchmarks hamiltonian-sampling")
    ap.add_argument("--uniform", default="5,9,11,13")
    ap.add_argument("--walk", default="9,15,21")
    ap.add_argument("--seeds", type=int, default=10, help="paths per size and mode")
    args = ap.parse_args(argv)
    rows = []
    for n in [int(s) for s in args.uniform.split(",") if s]:
        p = HamiltonianPuzzle.square(n)
        t0, c0 = time.perf_counter(), time.process_time()
        table = frontier.build(p, store=True)
        build_wall, build_cpu = time.perf_counter() - t0, time.process_time() - c0
        rng = random.Random(n)
        walls, cpus = [], []
        for _ in range(args.seeds):
            t0, c0 = time.perf_counter(), time.process_time()
            path = table.unrank(rng.randrange(table.total))
            walls.append(time.perf_counter() - t0)
            cpus.append(time.process_time() - c0)
            assert len(path) == n * n
        rows.append(row("uniform", n, walls, cpus, f"table {build_wall:.3f} s wall / {build_cpu:.3f} s CPU, "
                        f"{table.peak_states} peak states; per path excludes the table"))
        print(rows[-1], flush=True)
    example = None
    for n in [int(s) for s in args.walk.split(",") if s]:
        p = HamiltonianPuzzle.square(n)
        walls, cpus, calls, fresh = [], [], {}, 0
        for seed in range(args.seeds):
            orc = make_oracle()
            t0, c0 = time.perf_counter(), time.process_time()
            path = sampling.walk(p, random.Random(seed), orc)
            walls.append(time.perf_counter() - t0)
            cpus.append(time.process_time() - c0)
            assert not check(p, path)
            for k, v in orc.calls.items():
                calls[k] = calls.get(k, 0) + v
            solver = getattr(orc.finder, "solver", None)
            fresh += getattr(solver, "fresh", 0)
            if n == 21 and example is None:
                example = svg(p, path)
        note = ", ".join(f"{k} {v / args.seeds:.0f}" for k, v in calls.items()) + \
            f" per path; fresh SAT models {fresh} in all"
        rows.append(row("walk", n, walls, cpus, note))
        print(rows[-1], flush=True)
    write_csv(RESULTS / "hamiltonian_sampling.csv", rows)
    if example:
        (RESULTS / "hamiltonian_walk_21.svg").write_text(example)
    cmd = "python -m benchmarks hamiltonian-sampling" + (" " + " ".join(argv) if argv else "")
    report = "".join([
        "# Hamiltonian paths: random labyrinths\n\n", stamp(cmd),
        f"\n{args.seeds} paths per size and mode; every path checked. Seconds per path.\n\n",
        markdown_table(["mode", "n", "median wall s", "max wall s", "median CPU s", "max CPU s", "note"],
                       [[r["mode"], r["n"], r["median_wall_s"], r["max_wall_s"], r["median_cpu_s"],
                         r["max_cpu_s"], r["note"]] for r in rows]),
        "\n`uniform`: exactly uniform over all paths (one random rank, read back through the DP "
        "layers). `walk`: the seed's walk mode, uniform among the moves that can still be "
        "completed at each step (never stuck, not uniform over paths). Calls: how the oracle "
        "settled each candidate move (witness path, spliced witness, refuted by the quick "
        "necessary tests, SAT).\n",
    ])
    (RESULTS / "hamiltonian_sampling.md").write_text(report)
    print(report)
    return 0


def row(mode: str, n: int, walls: list[float], cpus: list[float], note: str) -> dict:
    return {"mode": mode, "n": n, "median_wall_s": round(statistics.median(walls), 4),
            "max_wall_s": round(max(walls), 4), "median_cpu_s": round(statistics.median(cpus), 4),
            "max_cpu_s": round(max(cpus), 4), "note": note}
