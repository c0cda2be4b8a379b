"""The batch harness at work: every backend on a corpus with cross-validation, as a user runs
``gridsolve batch INPUT --backends all --crossval``, and what the worker-process machinery costs.

    python -m benchmarks batch [--input PATH ...] [--backends all] [--timeout 60]
                               [--jobs N] [--sample N] [--speedup-sample 150]

1. The full batch (default input: the janko.at Slitherlink corpus, every backend, uniqueness
   proof, solutions compared) with ``--jobs`` workers (default: every core): wall time,
   throughput, the per-backend summary (solved, unique, timeouts, errors, median / p95 / max s),
   the disagreements, and the per-backend time distributions (``batch_times.png``).
2. Scaling, on a random sample of the input: the same batch with 1 worker and with ``--jobs``
   workers. Reported: wall time, solves per second, speedup, and the overhead per solve of the
   isolation (wall time of the 1-worker batch minus the sum of the solve times, per solve).

Writes ``benchmarks/results/batch.md``, ``batch.csv`` (per backend), ``batch_scaling.csv`` and
``batch_times.png``; the raw results files go to a temporary folder (``--keep DIR`` keeps them).
"""

from __future__ import annotations

import argparse
import random
import tempfile
import time
from pathlib import Path

from gridsolve.harness import batch as engine
from gridsolve.harness import plots
from gridsolve.harness.batch import Options
from gridsolve.harness.summary import COLUMNS, summarize_records, table_rows
from gridsolve.puzzles.solving import Limit

from .common import RESULTS, data, markdown_table, stamp, write_csv

NAME = "batch"


def timed_batch(entries, out: Path, args, jobs: int) -> tuple[float, list[dict]]:
    opts = Options(backends=args.backends, limit=Limit(args.timeout, 2), jobs=jobs, crossval=True,
                   overwrite=True)
    t0 = time.perf_counter()
    rf = engine.run_batch(entries, out, opts)
    return time.perf_counter() - t0, list(rf.records.values())


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(prog="python -m benchmarks batch")
    ap.add_argument("--input", action="append", help="batch input (repeatable; default: janko Slitherlink)")
    ap.add_argument("--backends", default="all")
    ap.add_argument("--timeout", type=float, default=60.0)
    ap.add_argument("--jobs", type=int, default=0, help="workers of the full batch (0 = every core)")
    ap.add_argument("--sample", type=int, default=0, help="full batch on N random instances (0 = all)")
    ap.add_argument("--speedup-sample", type=int, default=150, help="instances of the scaling run (0 = skip)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--keep", type=Path, help="keep the raw results files in this folder")
    args = ap.parse_args(argv)

    inputs = args.input or [str(data("slitherlink", "janko-puzzlekit.json"))]
    entries = [e for e in engine.load(inputs) if e.ok]
    rng = random.Random(args.seed)
    full = rng.sample(entries, args.sample) if args.sample and args.sample < len(entries) else entries
    jobs = args.jobs or engine.default_jobs()
    tmp = tempfile.TemporaryDirectory(prefix="gridsolve-bench-")
    folder = args.keep or Path(tmp.name)
    folder.mkdir(parents=True, exist_ok=True)

    print(f"batch: {len(full)} instances, backends {args.backends}, {jobs} workers", flush=True)
    wall, records = timed_batch(full, folder / "full.jsonl", args, jobs)
    s = summarize_records(records)
    runs = sum(r["runs"] for r in s.rows)
    print(f"  {runs} solves in {wall:.1f} s", flush=True)

    scaling = []
    if args.speedup_sample and jobs > 1:
        part = rng.sample(entries, min(args.speedup_sample, len(entries)))
        for j in (1, jobs):
            w, recs = timed_batch(part, folder / f"scaling-{j}.jsonl", args, j)
            solves = [r for r in recs if r.get("record") == "result"]
            busy = sum(float(r["seconds"]) for r in solves)
            scaling.append({"workers": j, "instances": len(part), "solves": len(solves),
                            "wall_s": round(w, 2), "solves_per_s": round(len(solves) / w, 2),
                            "sum_solve_s": round(busy, 2),
                            "overhead_ms_per_solve": round(1000 * (w * j - busy) / len(solves), 1)})
            print(f"  scaling: {j} worker(s): {len(solves)} solves in {w:.1f} s", flush=True)
        base = scaling[0]["wall_s"]
        for row in scaling:
            row["speedup"] = round(base / row["wall_s"], 2)

    RESULTS.mkdir(parents=True, exist_ok=True)
    write_csv(RESULTS / f"{NAME}.csv", [{c: r[c] for c in COLUMNS} for r in s.rows])
    if scaling:
        write_csv(RESULTS / f"{NAME}_scaling.csv", scaling)
    for kind in sorted({r["kind"] for r in s.rows}):
        secs = {b: v for (k, b), v in s.finished.items() if k == kind}
        totals = {r["backend"]: r["runs"] for r in s.rows if r["kind"] == kind}
        fig = plots.time_distribution(secs, f"{kind}: runs finished within t (batch, {jobs} workers)",
                                      args.timeout, totals)
        suffix = "" if kind == "slitherlink" else f"_{kind}"
        plots.save(fig, RESULTS / f"{NAME}_times{suffix}.png")
    report = render(s, wall, runs, jobs, full, inputs, scaling, args, argv)
    (RESULTS / f"{NAME}.md").write_text(report)
    print(report)
    tmp.cleanup()
    return 0


def render(s, wall, runs, jobs, full, inputs, scaling, args, argv) -> str:
    cmd = "python -m benchmarks batch" + (" " + " ".join(argv) if argv else "")
    out = ["# Batch: every backend with cross-validation, in isolated worker processes\n\n", stamp(cmd)]
    names = ", ".join(Path(i).name for i in inputs)
    out.append(
        f"\nInput: {names} ({len(full)} instances); backends: {args.backends}; time limit "
        f"{args.timeout:g} s per run; solution limit 2 (uniqueness proof); every solution checked and "
        f"the solution sets compared. {jobs} worker processes: {runs} solves in {wall:.1f} s wall "
        f"({runs / wall:.1f} solves/s). Verdicts: "
        + "; ".join(f"{k}: " + ", ".join(f"{n} {v}" for v, n in sorted(vs.items(), key=lambda x: -x[1]))
                    for k, vs in sorted(s.verdicts.items()))
        + f". **{len(s.disagreements)} disagreements, {len(s.errors)} errors.**\n\n"
    )
    out.append(markdown_table(list(COLUMNS), table_rows(s)))
    out.append("\nSeconds per run (wall clock in the worker: model building, solving, uniqueness "
               "proof, checking); timings exclude runs that ended in error. Time distributions: "
               "`batch_times.png`.\n")
    if s.disagreements:
        out.append("\nDisagreements:\n\n" + "".join(
            f"- {r['id']}: {'; '.join(r['problems'])}\n" for r in s.disagreements))
    if scaling:
        out.append(f"\nScaling on {scaling[0]['instances']} random instances of the same input "
                   "(all backends, crossval), run one after the other in this process:\n\n")
        cols = list(scaling[0])
        out.append(markdown_table(cols, [[r[c] for c in cols] for r in scaling]))
        out.append("\n`overhead_ms_per_solve` = (wall time x workers - sum of solve times) / solves: "
                   "what the worker processes, pipes, result records and the JSONL file cost per solve "
                   "(with several workers it also counts idle time at the end).\n")
    return "".join(out)


if __name__ == "__main__":
    import sys

    sys.exit(main(sys.argv[1:]))
