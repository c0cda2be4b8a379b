"""The table engine (``backtrack-table``) beside the seed's port, ``sat`` and ``cpsat``: Brendan
Owen's boards (first solution, a time cap per board and backend; the engine with several
candidate orders, its median and placements per second), generated boards at and away from the
hardness peak, and max-joins on the official 16x16 (matched joins against seconds, a plot).

    python -m benchmarks edgematching-engine [--sizes 5,6,7,8,9,10] [--timeout 60]
        [--engine-timeout 300] [--orders 3] [--first-order 0] [--workers 1]
        [--others sat,cpsat,backtrack-rot-locked]
        [--generated 6,7] [--maxjoins-timeout 600] [--maxjoins-backends backtrack-table,cpsat]
        [--maxjoins-runs 3] [--name edgematching_engine]

Times are wall clock beside the CPU seconds of all the engine's processes (the machine is
shared: the load average is recorded per run).

Writes ``benchmarks/results/edgematching_engine.md`` (+ ``.csv``, ``.jsonl`` as it goes) and
``edgematching_engine_maxjoins.png`` (``--name``: another file name, so that a run of a few boards
keeps the full report).
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import statistics

from gridsolve.harness import registry
from gridsolve.harness.edgematching import generate
from gridsolve.harness.plots import save
from gridsolve.harness.run import run
from gridsolve.native_rules.edgematching.engine import WORKERS
from gridsolve.puzzles.check.edgematching import check
from gridsolve.puzzles.formats import read
from gridsolve.puzzles.solving import Limit, Status

from .common import RESULTS, command, data, markdown_table, publish, record, stamp

NAME = "edgematching_engine"
ENGINE = "backtrack-table"


def cpu_seconds() -> float:
    """CPU seconds of this process and its finished children (the engine's processes)."""
    me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def attempt(jsonl, rows, board, puzzle, backend, seconds, **options) -> dict:
    cpu = cpu_seconds()
    r = run(registry.get("edgematching", backend), puzzle, Limit(seconds, 1), **options)
    cpu = cpu_seconds() - cpu
    valid = bool(r.solutions) and check(puzzle, r.solutions[0]) == []
    row = {"board": board, "backend": backend, "order": options.get("order", ""),
           "status": str(r.status), "valid": valid, "seconds": round(r.seconds, 3),
           "cpu_seconds": round(cpu, 3), "load": round(os.getloadavg()[0], 1),
           "nodes": r.stats.get("nodes", ""), "nodes_per_second": r.stats.get("nodes_per_second", ""),
           "nodes_per_cpu_second": round(r.stats["nodes"] / cpu) if r.stats.get("nodes") and cpu > 0 else ""}
    record(jsonl, rows, row)
    return row


def cell(rows: list[dict]) -> str:
    """Median wall time (median CPU time over the processes), solved runs / runs."""
    solved = [r["seconds"] for r in rows if r["status"] == "solved" and r["valid"]]
    if not solved:
        return f"timeout ({rows[0]['seconds']:.0f} s)" if rows else ""
    med = statistics.median(r["seconds"] if r["status"] == "solved" else float("inf") for r in rows)
    cpu = statistics.median(r["cpu_seconds"] if r["status"] == "solved" else float("inf") for r in rows)
    text = f"{med:.2f} s" if med != float("inf") else "median > cap"
    if cpu != float("inf"):
        text += f" (CPU {cpu:.2f} s)"
    return text + (f" ({len(solved)}/{len(rows)})" if len(rows) > 1 else "")


def owen(n: int):
    return data("edgematching", "brendan-owen", f"pieces_{n:02d}x{n:02d}.txt")


def boards(args, jsonl, rows) -> str:
    others = [b for b in args.others.split(",") if b]
    header = ["board", f"{ENGINE} (median of {args.orders} orders)", "placements per CPU s", "load", *others]
    table = []
    sizes = [int(x) for x in args.sizes.split(",") if x]
    named = [(f"owen {n}x{n}", read(str(owen(n)))[0].puzzle) for n in sizes]
    for n in (int(x) for x in args.generated.split(",") if x):
        for colours in (n - 2, n + 2):  # fewer inner colours: many solutions; more: near unique
            puzzle, _, ident = generate("e2", n, n, colours, None, 1, True)
            named.append((ident, puzzle))
    from gridsolve.native_rules.kernels import compile_at_once

    compile_at_once()  # the compiled scan's times, never a process's first interpreted placements
    warm, _, _ = generate("e2", 4, 4, 3, None, 1, True)  # compile (or load) the kernel first
    run(registry.get("edgematching", ENGINE), warm, Limit(60, 1))
    for board, puzzle in named:
        orders = range(args.first_order, args.first_order + args.orders)
        mine = [attempt(jsonl, rows, board, puzzle, ENGINE, args.engine_timeout, order=o,
                        workers=args.workers) for o in orders]
        rates = [r["nodes_per_cpu_second"] for r in mine if r["nodes_per_cpu_second"] != ""]
        line = [board, cell(mine), f"{statistics.median(rates) / 1e6:.1f} M" if rates else "",
                "-".join(f"{x:g}" for x in sorted({min(r["load"] for r in mine),
                                                   max(r["load"] for r in mine)}))]
        for b in others:
            line.append(cell([attempt(jsonl, rows, board, puzzle, b, args.timeout)]))
        table.append(line)
    return markdown_table(header, table)


def cpsat_curve() -> list[tuple[float, int]]:
    """CP-SAT's progress from the ``edgematching-maxjoins`` benchmark's last report (600 s, 2
    workers), for the plot when CP-SAT is not rerun here."""
    path = RESULTS / "edgematching_maxjoins.md"
    if not path.exists():
        return []
    found = re.findall(r"^\s*([0-9.]+) s\s+(\d+)/480 joins", path.read_text(), re.M)
    return [(float(t), int(j)) for t, j in found]


def maxjoins(args, jsonl, rows) -> str:
    puzzle = read(str(data("edgematching", "eternity2", "e2pieces.txt")))[0].puzzle
    curves, lines = {}, []
    for b in (x for x in args.maxjoins_backends.split(",") if x):
        for i in range(args.maxjoins_runs if b == ENGINE else 1):
            r = run(registry.get("edgematching", b), puzzle, Limit(args.maxjoins_timeout, 1),
                    maximize_joins=True, workers=2, trace=True)
            # trace lines of both: "  12.3 s  260/480 joins ..."
            curve = [(float(t.split()[0]), int(t.split()[2].split("/")[0])) for t in r.stats.get("trace", [])]
            hard = [v for v in check(puzzle, r.best) if v.code != "edge-mismatch"] if r.best else []
            mismatches = len(check(puzzle, r.best)) if r.best else ""
            score = r.stats.get("objective", "")
            at120 = max((s for t, s in curve if t <= 120), default="")
            record(jsonl, rows, {"board": "e2pieces max-joins", "backend": b, "run": i,
                                 "status": str(r.status),
                                 "score": score, "score_at_120s": at120, "seconds": round(r.seconds, 1),
                                 "checker_mismatches": mismatches, "valid": not hard,
                                 "load": round(os.getloadavg()[0], 1)})
            curves[f"{b} run {i + 1}" if b == ENGINE else b] = curve
            lines.append([b, i + 1, score, at120, f"{r.seconds:.0f} s",
                          f"yes ({mismatches})" if r.best and not hard else "no",
                          f"{os.getloadavg()[0]:.1f}"])
    if "cpsat" not in curves and cpsat_curve():
        curves["cpsat (edgematching-maxjoins, 2026-11-22)"] = cpsat_curve()
    _plot(curves, args.maxjoins_timeout, args.name)
    return markdown_table(["backend", "run", "best of 480", "at 120 s", "time",
                           "checker: only mismatches (count)", "load"], lines)


def _plot(curves: dict, seconds: float, name: str = NAME) -> None:
    from matplotlib.figure import Figure

    fig = Figure(figsize=(7, 4))
    ax = fig.subplots()
    for name, curve in curves.items():
        if curve:
            xs = [t for t, _ in curve] + [seconds]
            ys = [s for _, s in curve] + [curve[-1][1]]
            ax.step(xs, ys, where="post", label=name)
    ax.axhline(470, color="grey", linestyle=":", label="best known (470)")
    ax.set_xlim(0, seconds)
    ax.set_xlabel("seconds")
    ax.set_ylabel("matched joins (of 480)")
    ax.set_title("Eternity II 16x16 + starter piece: max-joins")
    ax.legend(loc="lower right")
    save(fig, RESULTS / f"{name}_maxjoins.png")


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(prog="python -m benchmarks edgematching-engine")
    ap.add_argument("--sizes", default="5,6,7,8,9,10")
    ap.add_argument("--timeout", type=float, default=60.0, help="cap per board for the other backends")
    ap.add_argument("--engine-timeout", type=float, default=300.0, help="cap per board and order")
    ap.add_argument("--orders", type=int, default=3, help="candidate orders per board (engine)")
    ap.add_argument("--first-order", type=int, default=0, help="the first of them")
    ap.add_argument("--workers", type=int, default=WORKERS, help="engine processes per board")
    ap.add_argument("--others", default="sat,cpsat,backtrack-rot-locked")
    ap.add_argument("--generated", default="6,7", help="sizes of generated e2 boards ('' = none)")
    ap.add_argument("--maxjoins-timeout", type=float, default=600.0)
    ap.add_argument("--maxjoins-backends", default=f"{ENGINE},cpsat", help="'' = skip max-joins")
    ap.add_argument("--maxjoins-runs", type=int, default=3, help="runs of the engine (new seeds each)")
    ap.add_argument("--name", default=NAME, help="results file name (benchmarks/results/NAME.md)")
    args = ap.parse_args(argv)
    rows: list[dict] = []
    out = ["# Edge matching: the table engine beside the other backends\n\n",
           stamp(command("edgematching-engine", argv)), "\n"]
    with (RESULTS / f"{args.name}.jsonl").open("w") as jsonl:
        if args.sizes or args.generated:
            out += ["## First solution (Brendan Owen's boards, generated e2 boards)\n\n",
                    f"Engine: cap {args.engine_timeout:g} s per order, {args.workers} process(es); "
                    f"others: cap {args.timeout:g} s. A cell: median time (solved runs / runs).\n\n",
                    boards(args, jsonl, rows), "\n"]
        if args.maxjoins_backends:
            out += ["## Max-joins, official 16x16 with the starter piece (2 processes / workers)\n\n",
                    maxjoins(args, jsonl, rows), f"\n![joins vs seconds]({args.name}_maxjoins.png)\n"]
    keys = list(dict.fromkeys(k for r in rows for k in r))
    publish(args.name, "".join(out), [{k: r.get(k, "") for k in keys} for r in rows])
    return 0 if all(r.get("status") != str(Status.ERROR) for r in rows) else 1
