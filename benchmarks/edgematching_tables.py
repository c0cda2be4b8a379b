"""The seed report's two timing tables (Figure 1.1 "Temps sans rotation" and the table "avec
rotation"), re-measured: the seed's generator builds boards of size n x n with k colours
(``init_board`` + ``shuffle_board``, seeded), and on the SAME boards, in the same run, the port
of the seed's programs, the table engine (``backtrack-table``) and the CP-SAT and SAT models
enumerate every solution -- the seed's programs print all solutions, so its times are full
enumerations.

    python -m benchmarks edgematching-tables [--sizes 4,6,8,10,11,12] [--boards 3] [--timeout 30]
        [--colors-norot 4,8,10] [--colors-rot 4,8,10,15,20] [--tables norot,rot] [--max-solutions N]

A cell shows ``min~max`` seconds over its boards, ``>T`` when a board hit the time limit (the
seed's "+2m"), and ``/`` when the backend timed out on every board of a smaller size of the row
(not run -- the seed's "/"). Solution counts of backends that exhausted the search are compared
per board (``agree`` column of the CSV; ``engine_vs_others`` sets the engine's count against
the others'; the run exits 1 when they differ anywhere). Writes
``benchmarks/results/edgematching_tables.{md,csv}`` and ``edgematching_tables_norot.png`` /
``_rot.png`` (median seconds per size, one line per colour count, one panel per backend).
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter

from gridsolve.harness import registry
from gridsolve.harness.run import run
from gridsolve.native_rules.edgematching.backtrack import seed_style
from gridsolve.puzzles.solving import Limit, Status

from .common import RESULTS, markdown_table, stamp, write_csv

NAME = "edgematching_tables"
SEED_TABLES = {
    "norot": ("Figure 1.1 (OCaml, no rotation)", [4, 6, 8, 10, 11, 12], {
        4: ["0,050~0,054", "00,050~0,074", "3,2~45s", "+2m", "/", "/"],
        8: ["0,050~0,054", "0,058~0,062", "0,060~0,065", "0,060~0,065", "1~5s", "+2m"],
        10: ["0,050~0,054", "0,050~0,054", "0,050~0,054", "0,052~0,055", "0,053~0,066", "0,057~0,087"]}),
    "rot": ("the rotation table (OCaml)", [4, 6, 8, 10, 11, 12], {
        4: ["0,063~0,090", "++6m", "/", "/", "/", "/"],
        8: ["0,062~0,075", "0,070~0,090", "++2m", "/", "/", "/"],
        10: ["0,062~0,075", "0,070~0,090", "0,3-1s", "++2m", "/", "/"],
        15: ["0,062~0,075", "0,070~0,090", "0,07~0,130", "5-10s", "++2m", "/"],
        20: ["0,062~0,075", "0,070~0,090", "0,070~0,095", "0,2~0,8s", "0,4~1s", "1m4"]}),
}
NATIVE = {"norot": "backtrack", "rot": "backtrack-rot"}
ENGINE = "backtrack-table"


def ints(s: str) -> list[int]:
    return [int(x) for x in s.split(",") if x.strip()]


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(prog="python -m benchmarks edgematching-tables")
    ap.add_argument("--sizes", default="4,6,8,10,11,12")
    ap.add_argument("--colors-norot", default="4,8,10")
    ap.add_argument("--colors-rot", default="4,8,10,15,20")
    ap.add_argument("--tables", default="norot,rot")
    ap.add_argument("--boards", type=int, default=3, help="boards per cell (seeds 0..N-1)")
    ap.add_argument("--timeout", type=float, default=30.0, help="seconds per board and backend")
    ap.add_argument("--backends", default="", help="other backends (default backtrack-table,cpsat,sat)")
    ap.add_argument("--max-solutions", type=int, default=10000,
                    help="stop enumerating there (the cell then reads '>=N sol')")
    args = ap.parse_args(argv)
    models = [b for b in (args.backends or f"{ENGINE},cpsat,sat").split(",") if b]
    rows: list[dict] = []
    from gridsolve.native_rules.kernels import compile_at_once

    compile_at_once()  # the compiled scan's times, never a process's first interpreted placements
    warm, _ = seed_style(3, 3, 3, 0, True)  # load the numba-compiled search before timing
    for name in ("backtrack-rot", *models):
        run(registry.get("edgematching", name), warm, Limit(60, 1))
    t0 = time.perf_counter()
    for table in args.tables.split(","):
        rotation = table == "rot"
        names = [NATIVE[table], *models]
        colours = ints(args.colors_rot if rotation else args.colors_norot)
        for k in colours:
            given_up: set[str] = set()
            for n in ints(args.sizes):
                for seed in range(args.boards):
                    puzzle, _ = seed_style(n, n, k, seed, rotation)
                    results = {}
                    for name in names:
                        if name in given_up:
                            results[name] = None
                            continue
                        results[name] = run(registry.get("edgematching", name), puzzle,
                                            Limit(args.timeout, args.max_solutions))
                    counts = {r.count for r in results.values() if r is not None and r.exhausted}
                    engine = results.get(ENGINE)
                    others = {r.count for name, r in results.items()
                              if name != ENGINE and r is not None and r.exhausted}
                    for name, r in results.items():
                        rows.append({
                            "table": table, "size": n, "colours": k, "seed": seed, "backend": name,
                            "status": "skipped" if r is None else str(r.status),
                            "seconds": "" if r is None else round(r.seconds, 4),
                            "count": "" if r is None else r.count,
                            "exhausted": "" if r is None else r.exhausted,
                            "agree": len(counts) <= 1,
                            "engine_vs_others": engine_verdict(engine, others),
                            "error": "" if r is None else r.error or "",
                        })
                for name in names:
                    cell = [r for r in rows if (r["table"], r["size"], r["colours"], r["backend"])
                            == (table, n, k, name)]
                    if cell and all(r["status"] in (str(Status.TIMEOUT), "skipped") for r in cell):
                        given_up.add(name)
                print(f"  {table} k={k} n={n} done, {time.perf_counter() - t0:.0f} s", flush=True)
    write_csv(RESULTS / f"{NAME}.csv", rows)
    report = render(rows, args, argv)
    (RESULTS / f"{NAME}.md").write_text(report)
    plot(rows, args)
    print(report)
    return 1 if any(r["engine_vs_others"] == "DIFFERENT" for r in rows) else 0


def engine_verdict(engine, others: set[int]) -> str:
    """The engine's count against those of the other backends that finished: ``same`` or
    ``DIFFERENT``, else who did not finish (``engine unfinished`` only when others did)."""
    finished = engine is not None and engine.exhausted
    if not finished:
        return "engine unfinished" if others else "none finished"
    if not others:
        return "only the engine finished"
    return "same" if others == {engine.count} else "DIFFERENT"


def cell_text(cell: list[dict], timeout: float, cap: int) -> str:
    if not cell or all(r["status"] == "skipped" for r in cell):
        return "/"
    done = [r for r in cell if r["status"] in ("solved", "unsat") and r["exhausted"] is True]
    secs = [r["seconds"] for r in done]
    text = f"{min(secs):.3f}~{max(secs):.3f}" if secs else ""
    capped = [r for r in cell if r["status"] == "solved" and r["exhausted"] is not True]
    if capped:
        text += f" >={cap} sol"
    slow = sum(r["status"] == str(Status.TIMEOUT) for r in cell)
    if slow:
        share = f" ({slow}/{len(cell)})" if slow < len(cell) else ""
        text = (text + " " if text else "") + f">{timeout:g}s" + share
    if any(r["status"] == str(Status.ERROR) for r in cell):
        text += " ERROR"
    return text.strip()


def render(rows, args, argv) -> str:
    cmd = "python -m benchmarks edgematching-tables" + (" " + " ".join(argv) if argv else "")
    out = ["# Edge matching: the seed's timing tables, re-measured\n\n", stamp(cmd),
           f"\nBoards: the seed's generator (one colour set 1..k, uniform, duplicates allowed), "
           f"{args.boards} per cell (seeds 0..{args.boards - 1}), the same boards for every backend. "
           f"Each backend enumerates every solution (as the seed's programs do; capped at "
           f"{args.max_solutions}), time limit {args.timeout:g} s per board; every solution checked. "
           "Cells: min~max seconds; `>T` = time limit hit; `/` = not run (the row already timed out on "
           "a smaller board). The compiled search of the port is loaded before timing. OCaml figures: "
           "the report's tables (its own machine, printing included).\n"]
    for table in args.tables.split(","):
        title, seed_sizes, seed_rows = SEED_TABLES[table]
        sizes = ints(args.sizes)
        colours = ints(args.colors_rot if table == "rot" else args.colors_norot)
        names = sorted({r["backend"] for r in rows if r["table"] == table},
                       key=lambda b: (not b.startswith("backtrack"), b))
        out.append(f"\n## {'With' if table == 'rot' else 'Without'} rotation\n\n")
        body = []
        for k in colours:
            for name in names:
                cells = [cell_text([r for r in rows if (r["table"], r["size"], r["colours"], r["backend"])
                                    == (table, n, k, name)], args.timeout, args.max_solutions) for n in sizes]
                body.append([k, name, *cells])
            if k in seed_rows:
                body.append([k, "seed (OCaml)", *[seed_rows[k][seed_sizes.index(n)] if n in seed_sizes else ""
                                                  for n in sizes]])
        out.append(markdown_table(["colours", "backend", *[f"{n}x{n}" for n in sizes]], body))
        agree = [r for r in rows if r["table"] == table]
        bad = {(r["size"], r["colours"], r["seed"]) for r in agree if not r["agree"]}
        out.append(f"\nSolution counts of the backends that finished agree on "
                   f"{len({(r['size'], r['colours'], r['seed']) for r in agree}) - len(bad)} of "
                   f"{len({(r['size'], r['colours'], r['seed']) for r in agree})} boards"
                   + (f"; DISAGREE on {sorted(bad)}" if bad else "") + ".\n")
        verdicts = Counter(r["engine_vs_others"] for r in agree if r["backend"] == ENGINE)
        if verdicts:
            out.append(f"\n`{ENGINE}` against the others that finished, per board: "
                       + ", ".join(f"{v} {n}" for v, n in sorted(verdicts.items())) + ".\n")
        out.append(f"\n![{table}]({NAME}_{table}.png)\n")
    return "".join(out)


def plot(rows, args) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    for table in args.tables.split(","):
        mine = [r for r in rows if r["table"] == table]
        names = sorted({r["backend"] for r in mine}, key=lambda b: (not b.startswith("backtrack"), b))
        colours = sorted({r["colours"] for r in mine})
        fig, axes = plt.subplots(1, len(names), figsize=(4.2 * len(names), 3.6), sharey=True, squeeze=False)
        for ax, name in zip(axes[0], names, strict=True):
            for k in colours:
                xs, ys, out_x = [], [], []
                for n in sorted({r["size"] for r in mine}):
                    cell = [r for r in mine if (r["backend"], r["colours"], r["size"]) == (name, k, n)]
                    secs = [r["seconds"] if r["status"] != str(Status.TIMEOUT) else args.timeout
                            for r in cell if r["status"] != "skipped"]
                    if not secs:
                        continue
                    xs.append(n)
                    ys.append(statistics.median(secs))
                    if any(r["status"] == str(Status.TIMEOUT) for r in cell):
                        out_x.append((n, statistics.median(secs)))
                line, = ax.plot(xs, ys, marker="o", label=f"{k} colours")
                if out_x:
                    ax.scatter(*zip(*out_x, strict=True), marker="x", s=80, color=line.get_color())
            ax.set_xticks(sorted({r["size"] for r in mine}))
            ax.set_yscale("log")
            ax.axhline(args.timeout, color="grey", linestyle=":", linewidth=1)
            ax.set_title(name)
            ax.set_xlabel("board size n (n x n)")
            ax.grid(True, alpha=0.3)
        axes[0][0].set_ylabel("median seconds (x = time limit hit)")
        axes[0][-1].legend(fontsize=8)
        fig.suptitle(f"Edge matching, seed generator, {'with' if table == 'rot' else 'without'} rotation: "
                     "enumerate all solutions")
        fig.tight_layout()
        fig.savefig(RESULTS / f"{NAME}_{table}.png", dpi=110)
        plt.close(fig)


if __name__ == "__main__":
    import sys

    sys.exit(main(sys.argv[1:]))
