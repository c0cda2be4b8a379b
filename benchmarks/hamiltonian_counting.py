"""Hamiltonian paths: exact counting of the n x n corner-to-corner labyrinths (OEIS A001184) by
the frontier DP, compared in the same run with Graphillion's ZDD
(``GraphSet.paths(1, n*n, is_hamilton=True).len()``), plus CP-SAT / SAT enumeration of 7x7 and
the 9x9 "left half".

    python -m benchmarks hamiltonian-counting [--sizes 1,3,...,13] [--graphillion-max 13]
                                              [--enum 7] [--enum-timeout 900] [--repeat 3]
    python -m benchmarks hamiltonian-counting --sizes 15 --enum 0 --out hamiltonian_counting_15

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
what, n = sys.argv[1], int(sys.argv[2])
if what in ("dp", "dp-left"):
    from gridsolve.native_rules.hamiltonian.frontier import build
    from gridsolve.puzzles.hamiltonian import HamiltonianPuzzle
elif what == "graphillion":
    from graphillion import GraphSet
else:
    from gridsolve.harness import registry
    from gridsolve.harness.run import run
    from gridsolve.puzzles.hamiltonian import HamiltonianPuzzle
    from gridsolve.puzzles.solving import Limit
t0 = time.perf_counter()  # imports excluded
if what == "dp":
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
secs = time.perf_counter() - t0
print(json.dumps({"count": count, "seconds": secs,
                  "rss_mib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, **extra}))
"""


def child(what: str, n: int, timeout: float) -> dict:
    try:
        p = subprocess.run([sys.executable, "-c", CHILD, what, str(n), str(timeout)], capture_output=True,
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


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(prog="python -m benchmarks hamiltonian-counting")
    ap.add_argument("--sizes", default="1,3,5,7,9,11,13")
    ap.add_argument("--graphillion-max", type=int, default=13, help="largest n given to Graphillion")
    ap.add_argument("--enum", default="7", help="sizes enumerated by cpsat and sat (0 = none)")
    ap.add_argument("--enum-timeout", type=float, default=900.0)
    ap.add_argument("--repeat", type=int, default=3, help="DP / Graphillion runs per size (median)")
    ap.add_argument("--out", default="hamiltonian_counting")
    args = ap.parse_args(argv)
    sizes = [int(s) for s in args.sizes.split(",") if s.strip()]
    enum_sizes = [int(s) for s in args.enum.split(",") if s.strip() and int(s) > 0]
    gl = have_graphillion()
    if not gl:
        print("graphillion is not installed: `.venv/bin/pip install graphillion` to compare", flush=True)
    rows = []

    def measure(method: str, n: int, repeat: int, timeout: float = 1800.0) -> None:
        runs = [child(method, n, timeout) for _ in range(repeat)]
        ok = [r for r in runs if "error" not in r]
        if not ok:
            rows.append({"n": n, "method": method, "count": "", "correct": False, "median_s": "",
                         "max_s": "", "rss_mib": "", "peak_states": "", "note": runs[0]["error"]})
            print(f"  n={n} {method}: {runs[0]['error']}", flush=True)
            return
        want = LEFT_HALF_9 if method == "dp-left" else A001184.get(n)
        secs = [r["seconds"] for r in ok]
        row = {"n": n, "method": method, "count": ok[0]["count"], "correct": ok[0]["count"] == want,
               "median_s": round(statistics.median(secs), 4), "max_s": round(max(secs), 4),
               "rss_mib": round(max(r["rss_mib"] for r in ok), 1),
               "peak_states": ok[0].get("peak_states", ""), "note": ok[0].get("status", "")}
        rows.append(row)
        print(f"  n={n} {method}: {row['count']} ({'correct' if row['correct'] else 'WRONG'}) "
              f"median {row['median_s']} s, {row['rss_mib']} MiB", flush=True)

    t0 = time.perf_counter()
    for n in sizes:
        measure("dp", n, args.repeat)
        if gl and n <= args.graphillion_max:
            measure("graphillion", n, args.repeat if n <= 11 else 1)
    if 9 in sizes:
        measure("dp-left", 9, args.repeat)
    for n in enum_sizes:
        for method in ("cpsat", "sat"):
            measure(method, n, 1, args.enum_timeout)
    write_csv(RESULTS / f"{args.out}.csv", rows)
    report = render(rows, argv, time.perf_counter() - t0)
    (RESULTS / f"{args.out}.md").write_text(report)
    plot(rows, RESULTS / f"{args.out}.png")
    print(report)
    return 0 if all(r["correct"] for r in rows if r["count"] != "" and r["count"] is not None) else 1


def render(rows: list[dict], argv: list[str], total: float) -> str:
    cmd = "python -m benchmarks hamiltonian-counting" + (" " + " ".join(argv) if argv else "")
    out = ["# Hamiltonian paths: exact counts of the n x n labyrinth (A001184)\n", stamp(cmd),
           f"\nEach figure is a fresh process (model building and imports excluded from seconds, "
           f"included in peak RSS); median of the repeats. Whole run: {total:.0f} s.\n\n"]
    table = []
    by = {(r["n"], r["method"]): r for r in rows}
    for r in rows:
        ratio = ""
        g = by.get((r["n"], "graphillion"))
        if r["method"] == "dp" and g and g.get("median_s") and r["median_s"]:
            ratio = f"{g['median_s'] / max(r['median_s'], 1e-9):.1f}x"
        table.append([r["n"], r["method"], r["count"] if r["count"] not in ("", None) else "-",
                      "yes" if r["correct"] else "NO", r["median_s"], r["max_s"], r["rss_mib"],
                      r["peak_states"], ratio, r["note"]])
    out.append(markdown_table(["n", "method", "count", "correct", "median s", "max s", "peak RSS MiB",
                               "peak frontier states", "Graphillion / DP", "note"], table))
    out.append("\n`dp-left` = 9x9 paths whose first step goes right (the author's 45-hour \"left "
               "side\", 1 344 153 757). `cpsat` / `sat` enumerate every path (one solution at a "
               "time) within the enumeration timeout.\n")
    return "".join(out)


def plot(rows: list[dict], path) -> None:
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return
    fig, ax = plt.subplots(figsize=(6, 4))
    for method, style in (("dp", "o-"), ("graphillion", "s--")):
        pts = [(r["n"], float(r["median_s"])) for r in rows
               if r["method"] == method and r["median_s"] not in ("", None) and float(r["median_s"]) > 0]
        if pts:
            ax.semilogy(*zip(*pts, strict=True), style, label=method)
    ax.set_xlabel("n (n x n grid, corner to corner)")
    ax.set_ylabel("seconds (median)")
    ax.set_title("Counting Hamiltonian paths exactly")
    ax.grid(True, which="both", alpha=0.3)
    ax.legend()
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)
