"""Hamiltonian paths: exact counting of the n x n corner-to-corner labyrinths (OEIS A001184) by
the compiled frontier DP (``compiled``: counts modulo primes) and the numpy one
(``frontier``: exact limbs), compared in the same run with Graphillion's ZDD
(``GraphSet.paths(1, n*n, is_hamilton=True).len()``), plus CP-SAT / SAT enumeration of 7x7 and
the 9x9 "left half"; then the peak states and time of the compiled DP projected to 21x21 and
23x23 from the measured growth, for one machine and for N Dask workers.

    python -m benchmarks hamiltonian-counting [--sizes 9,11,...,17] [--graphillion-max 13]
                                              [--enum 7] [--enum-timeout 900] [--repeat 3]
    python -m benchmarks hamiltonian-counting --sizes 19 --methods compiled --out hamiltonian_counting_19
    python -m benchmarks hamiltonian-counting --sizes 15,17 --methods compiled --threads 2 \
        --project-from hamiltonian_counting_19,hamiltonian_counting_21 --out hamiltonian_counting_2t

``--threads`` gives the compiled DP that many threads (``frontier_count.Run.threads``);
``--project-from`` adds the compiled rows of earlier results (their CSV files) to the projection
only, so that it starts from the largest sizes ever measured (19x19 and the 21x21 run).

Every measurement runs in a fresh subprocess (so peak memory is that run's own: ``ru_maxrss``),
one method after the other on the same size. Graphillion is not a gridsolve dependency: install
it for the benchmark with ``.venv/bin/pip install graphillion`` (it is skipped, and said so, when
missing). Writes ``benchmarks/results/<out>.csv``, ``<out>.md`` and ``<out>.png``.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time

from .common import RESULTS, markdown_table, stamp, write_csv

A001184 = {1: 1, 3: 2, 5: 104, 7: 111712, 9: 2688307514, 11: 1445778936756068,
           13: 17337631013706758184626, 15: 4628650743368437273677525554148,
           17: 27478778338807945303765092195103685118924}
LEFT_HALF_9 = 1344153757

CHILD = r"""
import json, resource, sys, time
what, n, threads = sys.argv[1], int(sys.argv[2]), int(sys.argv[4])
if what.startswith("compiled"):
    from gridsolve.native_rules.hamiltonian.frontier import compiled as frontier_count
    from gridsolve.puzzles.hamiltonian import HamiltonianPuzzle
    frontier_count.count(HamiltonianPuzzle.square(3))  # loads the compiled code (cached on disk)
elif what in ("dp", "dp-left"):
    from gridsolve.native_rules.hamiltonian.frontier import build
    from gridsolve.puzzles.hamiltonian import HamiltonianPuzzle
elif what == "graphillion":
    from graphillion import GraphSet
else:
    from gridsolve.harness import registry
    from gridsolve.harness.run import run
    from gridsolve.puzzles.hamiltonian import HamiltonianPuzzle
    from gridsolve.puzzles.solving import Limit
t0, c0 = time.perf_counter(), time.process_time()  # imports excluded
if what.startswith("compiled"):
    primes = frontier_count.SECOND_PRIMES if what == "compiled-second" else frontier_count.PRIMES
    count, got = frontier_count.count(HamiltonianPuzzle.square(n), primes=primes,
                                      run=frontier_count.Run(threads=threads,
                                                             prune=what != "compiled-unpruned"))
    extra = {"peak_states": got.peak_states, "successors": got.successors, "written": got.written}
elif what == "dp":
    table = build(HamiltonianPuzzle.square(n))
    count, extra = table.total, {"peak_states": table.peak_states}
elif what == "dp-left":
    table = build(HamiltonianPuzzle.square(n).with_prefix([(0, 0), (0, 1)]))
    count, extra = table.total, {"peak_states": table.peak_states}
elif what == "graphillion":
    edges = []
    for r in range(n):
        for c in range(n):
            v = r * n + c + 1
            if c + 1 < n:
                edges.append((v, v + 1))
            if r + 1 < n:
                edges.append((v, v + n))
    if n > 1:
        GraphSet.set_universe(edges)
    count, extra = (GraphSet.paths(1, n * n, is_hamilton=True).len() if n > 1 else 1), {}
else:
    r = run(registry.get("hamiltonian", what), HamiltonianPuzzle.square(n),
            Limit(seconds=float(sys.argv[3]), solutions=10**9))
    count = r.count if r.exhausted else None
    extra = {"status": str(r.status), "listed": r.count}
secs, cpu = time.perf_counter() - t0, time.process_time() - c0
print(json.dumps({"count": count, "seconds": secs, "cpu": cpu,
                  "rss_mib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, **extra}))
"""


def child(what: str, n: int, timeout: float, threads: int = 1) -> dict:
    try:
        p = subprocess.run([sys.executable, "-c", CHILD, what, str(n), str(timeout), str(threads)],
                           capture_output=True,
                           text=True, timeout=timeout + 60)
    except subprocess.TimeoutExpired:
        return {"error": f"no answer within {timeout + 60:.0f} s"}
    if p.returncode != 0:
        last = (p.stderr.strip().splitlines() or ["failed"])[-1]
        return {"error": last}
    return json.loads(p.stdout.strip().splitlines()[-1])


def have_graphillion() -> bool:
    p = subprocess.run([sys.executable, "-c", "import graphillion"], capture_output=True)
    return p.returncode == 0


METHODS = ("compiled", "dp", "graphillion")


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(prog="python -m benchmarks hamiltonian-counting")
    ap.add_argument("--sizes", default="9,11,13,15,17")
    ap.add_argument("--methods", default=",".join(METHODS),
                    help="of compiled, compiled-second (a disjoint prime set), compiled-unpruned "
                         "(no state dropped early), dp (numpy), graphillion")
    ap.add_argument("--graphillion-max", type=int, default=13, help="largest n given to Graphillion")
    ap.add_argument("--enum", default="7", help="sizes enumerated by cpsat and sat (0 = none)")
    ap.add_argument("--enum-timeout", type=float, default=900.0)
    ap.add_argument("--repeat", type=int, default=3, help="runs per size below 15x15 (median)")
    ap.add_argument("--out", default="hamiltonian_counting")
    ap.add_argument("--threads", type=int, default=0, help="threads of the compiled DP (0 = all)")
    ap.add_argument("--project-from", default="",
                    help="earlier results (names of CSV files in benchmarks/results) for the projection")
    args = ap.parse_args(argv)
    sizes = [int(s) for s in args.sizes.split(",") if s.strip()]
    methods = [m for m in args.methods.split(",") if m.strip()]
    enum_sizes = [int(s) for s in args.enum.split(",") if s.strip() and int(s) > 0]
    gl = "graphillion" in methods and have_graphillion()
    if "graphillion" in methods and not gl:
        print("graphillion is not installed: `.venv/bin/pip install graphillion` to compare", flush=True)
    rows = []

    def measure(method: str, n: int, repeat: int, timeout: float = 7200.0) -> None:
        runs = [child(method, n, timeout, args.threads) for _ in range(repeat)]
        ok = [r for r in runs if "error" not in r]
        if not ok:
            rows.append({"n": n, "method": method, "count": "", "correct": False, "median_s": "",
                         "cpu_s": "", "rss_mib": "", "peak_states": "", "written": "",
                         "note": runs[0]["error"]})
            print(f"  n={n} {method}: {runs[0]['error']}", flush=True)
            return
        want = LEFT_HALF_9 if method == "dp-left" else A001184.get(n)
        if want is None:  # a new term: the other routes of this run are the check
            want = next((r["count"] for r in rows if r["n"] == n and r["count"] not in ("", None)),
                        ok[0]["count"])
        secs = [r["seconds"] for r in ok]
        row = {"n": n, "method": method, "count": ok[0]["count"], "correct": ok[0]["count"] == want,
               "median_s": round(statistics.median(secs), 4),
               "cpu_s": round(statistics.median(r["cpu"] for r in ok), 4),
               "rss_mib": round(max(r["rss_mib"] for r in ok), 1),
               "peak_states": ok[0].get("peak_states", ""), "written": ok[0].get("written", ""),
               "note": ok[0].get("status", "")}
        rows.append(row)
        print(f"  n={n} {method}: {row['count']} ({'correct' if row['correct'] else 'WRONG'}) "
              f"median {row['median_s']} s ({row['cpu_s']} s CPU), {row['rss_mib']} MiB", flush=True)

    t0 = time.perf_counter()
    for n in sizes:
        for method in methods:
            if method == "graphillion" and (not gl or n > args.graphillion_max):
                continue
            measure(method, n, args.repeat if n < 15 else 1)
    if 9 in sizes and "dp" in methods:
        measure("dp-left", 9, args.repeat)
    for n in enum_sizes:
        for method in ("cpsat", "sat"):
            measure(method, n, 1, args.enum_timeout)
    write_csv(RESULTS / f"{args.out}.csv", rows)
    earlier = [r for name in args.project_from.split(",") if name.strip()
               for r in read_rows(RESULTS / f"{name.strip()}.csv")]
    report = render(rows, argv, time.perf_counter() - t0, earlier)
    (RESULTS / f"{args.out}.md").write_text(report)
    plot(rows, RESULTS / f"{args.out}.png")
    print(report)
    return 0 if all(r["correct"] for r in rows if r["count"] != "" and r["count"] is not None) else 1


def read_rows(path) -> list[dict]:
    """The rows of an earlier result's CSV (numbers as numbers), for the projection."""
    import csv

    out = []
    with open(path, newline="") as f:
        for r in csv.DictReader(f):
            for key in ("n", "peak_states"):
                r[key] = int(r[key]) if r.get(key) else ""
            r["cpu_s"] = float(r["cpu_s"]) if r.get("cpu_s") else ""
            out.append(r)
    return out


def projection(rows: list[dict], workers: tuple[int, ...] = (1, 4, 16)) -> str:
    """The next sizes up to 23x23 projected from the compiled DP's two largest measured sizes
    (one method per size: ``compiled``, else ``compiled-second``): peak states
    grow by the measured ratio per two columns, time by that ratio times the cells' ratio,
    memory as the successor rows of the peak (``frontier_count.predicted_bytes``); N workers
    divide time and memory ideally (a lower bound: every cell also ships the successors)."""
    best: dict[int, dict] = {}
    for r in rows:
        if r["method"] in ("compiled", "compiled-second") and r["peak_states"] and r["cpu_s"]:
            if r["n"] not in best or r["method"] == "compiled":
                best[r["n"]] = r
    got = sorted(best.items())
    if len(got) < 2:
        return ""
    (n0, a), (n1, b) = got[-2], got[-1]
    if n1 - n0 != 2:
        return ""
    from gridsolve.native_rules.hamiltonian.frontier import compiled as frontier_count
    from gridsolve.puzzles.hamiltonian import HamiltonianPuzzle

    ratio = b["peak_states"] / a["peak_states"]
    t_ratio = b["cpu_s"] / max(a["cpu_s"], 1e-9)
    table = []
    peak, cpu = b["peak_states"], b["cpu_s"]
    for n in range(n1 + 2, 25, 2):
        peak, cpu = peak * ratio, cpu * t_ratio * (n * n) / ((n - 2) ** 2) / ((n1 * n1) / (n0 * n0))
        k = frontier_count.primes_for(HamiltonianPuzzle.square(n))
        mem = frontier_count.SUCCESSORS_PER_STATE * peak * 8 * (k + 2) / 2**30
        for w in workers if n >= 19 else ():
            table.append([n, w, f"{peak:.3g}", k, f"{mem / w:.1f}", f"{cpu / w / 3600:.2f}"])
    head = ["n", "workers", "peak states", "primes", "GiB per worker", "CPU hours per worker"]
    return (f"\n## Projection (compiled DP, from {n0}x{n0} and {n1}x{n1})\n\nPeak states x{ratio:.2f} "
            f"and CPU time x{t_ratio:.2f} per two columns as measured, the time also scaled by the "
            "growth of the cell count; workers divide the work ideally (each cell also ships its "
            "successors between them, not counted).\n\n" + markdown_table(head, table))


def render(rows: list[dict], argv: list[str], total: float, earlier: list[dict] = ()) -> str:
    cmd = "python -m benchmarks hamiltonian-counting" + (" " + " ".join(argv) if argv else "")
    out = ["# Hamiltonian paths: exact counts of the n x n labyrinth (A001184)\n", stamp(cmd),
           f"\nEach figure is a fresh process (imports and loading the compiled code excluded from "
           f"seconds, included in peak RSS); median of the repeats; CPU = the process's CPU time "
           f"(the honest figure on a loaded machine). Whole run: {total:.0f} s.\n\n"]
    table = []
    by = {(r["n"], r["method"]): r for r in rows}
    for r in rows:
        ratio = ""
        d, c = by.get((r["n"], "dp")), by.get((r["n"], "compiled"))
        if r["method"] == "compiled" and d and d.get("cpu_s") and r["cpu_s"]:
            ratio = f"numpy / compiled {d['cpu_s'] / max(r['cpu_s'], 1e-9):.1f}x"
        if r["method"] == "compiled-unpruned" and c and c.get("cpu_s") and r["cpu_s"]:
            ratio = f"unpruned / compiled {r['cpu_s'] / max(c['cpu_s'], 1e-9):.2f}x"
        table.append([r["n"], r["method"], r["count"] if r["count"] not in ("", None) else "-",
                      "yes" if r["correct"] else "NO", r["median_s"], r["cpu_s"], r["rss_mib"],
                      r["peak_states"], r.get("written", ""), ratio, r["note"]])
    out.append(markdown_table(["n", "method", "count", "correct", "median s", "CPU s", "peak RSS MiB",
                               "peak frontier states", "rows written", "CPU ratio",
                               "note"], table))
    out.append("\n`compiled` = `frontier_count` (counts modulo primes below 2^62, CRT); "
               "`compiled-second` = the same on a disjoint prime set (an independent check of new "
               "terms); `compiled-unpruned` = the same without dropping the states that cannot be "
               "completed (`Run(prune=False)`; rows written = successor rows over the whole count); "
               "`dp` = the numpy DP (exact limbs). `dp-left` = 9x9 paths whose first step "
               "goes right (the author's 45-hour \"left side\", 1 344 153 757). `cpsat` / `sat` "
               "enumerate every path (one solution at a time) within the enumeration timeout. "
               "Correct = the A001184 term, or for a new term the first route's count.\n")
    out.append(projection(list(earlier) + rows))
    return "".join(out)


def plot(rows: list[dict], path) -> None:
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return
    fig, ax = plt.subplots(figsize=(6, 4))
    for method, style in (("compiled", "^-"), ("dp", "o-"), ("graphillion", "s--")):
        pts = [(r["n"], float(r["cpu_s"])) for r in rows
               if r["method"] == method and r["cpu_s"] not in ("", None) and float(r["cpu_s"]) > 0]
        if pts:
            ax.semilogy(*zip(*pts, strict=True), style, label=method)
    ax.set_xlabel("n (n x n grid, corner to corner)")
    ax.set_ylabel("CPU seconds (median)")
    ax.set_title("Counting Hamiltonian paths exactly")
    ax.grid(True, which="both", alpha=0.3)
    ax.legend()
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)
