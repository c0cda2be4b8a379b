"""The experiments of van Dam (2008), Chapter 9, on the port: create puzzles of p x p cells
(3 <= p <= 10 by default) in each mode, count the numbers left, and time solving them.

    python -m benchmarks slitherlink-chapter9 [--sizes 3-10] [--count 100] [--modes normal,hard,sat]
        [--solve-count 20] [--seed-timeout 10] [--timeout 60] [--seed 0] [--resume]

1. Creation (9.1, Graph 1): ``--count`` puzzles per size and mode (puzzle i from seed ``seed + i``,
   the same seeds in every mode), timed; each is proved unique by ``cpsat`` and compared with the
   generator's loop. The hard mode backtracks with the strong pruning (``--hard-pruning seed``:
   the seed's own; the puzzles are the same, only the time differs).
2. Numbers left (9.2, Graphs 2 and 3), next to the seed's 44 % (normal) and 41 % (hard). ``hard``
   and ``sat`` are both exact uniqueness tests, so they make the same puzzles from the same seed
   (checked here); ``sat`` only changes how long creation takes.
3. Solving (9.3, Graph 4): the first ``--solve-count`` normal and hard puzzles of every size with
   the seed's ``rules+backtrack`` and ``backtrack`` (``--seed-timeout``; ``backtrack`` is not run
   beyond the first size where it timed out on all of them), the strong variants beside the
   port, ``cpsat`` and ``sat`` (``--timeout``), one after the other per puzzle.

Writes ``benchmarks/results/slitherlink_chapter9.md``, ``..._create.csv``, ``..._solve.csv``,
``..._puzzles.jsonl`` (every generated puzzle, written as soon as it is made, with its creation
row under ``"created"``) and the plots ``slitherlink_ch9_graph{1,2,3,4}.png``.

``--resume`` keeps the puzzles already in ``..._puzzles.jsonl`` (same seed, mode and size: the
generator is deterministic, so they are the puzzles the run would make again; their creation times
are the ones measured when they were made) and creates only the missing ones -- a run of 100 per
size takes hours, and an interrupted one loses nothing.

``--create-timeout`` (default 600 s): a seed whose puzzle is not made in that time is given up
(``generate(seconds=...)``; the hard mode's exact test backtracks, and on a few 10x10 seeds a
single test runs for more than half an hour) and replaced by the next seed; the report lists the
seeds given up (``..._skipped.jsonl``, kept by ``--resume``).
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from dataclasses import dataclass

from gridsolve.harness import registry
from gridsolve.harness.run import run
from gridsolve.harness.timing import summarize
from gridsolve.native_rules.slitherlink.backends import grade
from gridsolve.native_rules.slitherlink.generate import GenerationTimeout, generate
from gridsolve.puzzles.formats import parse_text
from gridsolve.puzzles.formats.slitherlink import format_puzzle
from gridsolve.puzzles.solving import Limit, Status

from .common import RESULTS, markdown_table, stamp, write_csv

NAME = "slitherlink_chapter9"
PAPER = {"normal": 0.44, "hard": 0.41}
SOLVERS = ["rules+backtrack", "backtrack", "rules+backtrack-strong", "backtrack-strong", "cpsat", "sat"]
SEED_PORTS = {"rules+backtrack", "backtrack"}


def parse_sizes(text: str) -> list[int]:
    if "-" in text:
        a, b = text.split("-")
        return list(range(int(a), int(b) + 1))
    return [int(x) for x in text.split(",")]


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(prog="python -m benchmarks slitherlink-chapter9")
    ap.add_argument("--sizes", default="3-10", help="p for p x p puzzles: 3-10 or 4,6,8")
    ap.add_argument("--count", type=int, default=100, help="puzzles per size and mode")
    ap.add_argument("--modes", default="normal,hard,sat")
    ap.add_argument("--solve-count", type=int, default=20, help="puzzles per size and mode solved")
    ap.add_argument("--seed-timeout", type=float, default=10.0)
    ap.add_argument("--timeout", type=float, default=60.0)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--hard-pruning", default="strong", choices=["strong", "seed"],
                    help="backtracking inside the hard mode's uniqueness test (same puzzles)")
    ap.add_argument("--create-timeout", type=float, default=600.0,
                    help="give up a seed whose puzzle is not made within this many seconds (next seed)")
    ap.add_argument("--resume", action="store_true",
                    help="keep the puzzles already in the puzzles JSONL, create only the missing ones")
    args = ap.parse_args(argv)
    sizes, modes = parse_sizes(args.sizes), [m.strip() for m in args.modes.split(",")]
    cpsat = registry.get("slitherlink", "cpsat")
    counter = None
    if "sat" in modes:
        from gridsolve.harness.slitherlink import uniqueness_counter

        counter = uniqueness_counter("sat")
    path = RESULTS / f"{NAME}_puzzles.jsonl"
    skipped_path = RESULTS / f"{NAME}_skipped.jsonl"
    done = load_made(path) if args.resume else {}
    skipped = [json.loads(x) for x in skipped_path.read_text().splitlines()] \
        if args.resume and skipped_path.exists() else []
    given_up = {(r["mode"], r["p"], r["seed"]) for r in skipped}
    created: list[dict] = []
    made: dict = {}
    t0 = time.perf_counter()
    with path.open("w") as jl, skipped_path.open("w") as sk:
        for r in skipped:
            sk.write(json.dumps(r) + "\n")
        for mode in modes:
            for p in sizes:
                seed, i = args.seed, 0
                while i < args.count:  # a seed given up is replaced by the next one
                    if (mode, p, seed) in given_up:
                        seed += 1
                        continue
                    if (mode, p, seed) in done:
                        g, row, line = done[mode, p, seed]
                    else:
                        try:
                            g = generate(p, p, mode=mode, seed=seed, counter=counter,
                                         pruning=args.hard_pruning, seconds=args.create_timeout)
                        except GenerationTimeout:
                            r = {"mode": mode, "p": p, "seed": seed, "seconds": args.create_timeout}
                            skipped.append(r)
                            sk.write(json.dumps(r) + "\n")
                            sk.flush()
                            seed += 1
                            continue
                        proof = run(cpsat, g.puzzle, Limit(seconds=args.timeout, solutions=2))
                        row, line = created_row(g, mode, p, seed, proof)
                    made[mode, p, i] = g
                    created.append(row)
                    jl.write(line + "\n")
                    jl.flush()
                    seed, i = seed + 1, i + 1
                print(f"  created {mode} {p}x{p}: {args.count} puzzles, "
                      f"{time.perf_counter() - t0:.0f} s", flush=True)
    write_csv(RESULTS / f"{NAME}_create.csv", created)
    solved = solve_phase(made, modes, sizes, args)
    write_csv(RESULTS / f"{NAME}_solve.csv", solved)
    same = None
    if {"hard", "sat"} <= set(modes):
        by_seed = {(m, p, g.seed): g.puzzle for (m, p, _), g in made.items()}
        pairs = [(by_seed["hard", p, s], by_seed["sat", p, s]) for (m, p, s) in by_seed
                 if m == "hard" and ("sat", p, s) in by_seed]
        same = (sum(a == b for a, b in pairs), len(pairs))
    plots(created, solved, modes, sizes, args)
    report = render(created, solved, modes, sizes, same, skipped, args, argv)
    (RESULTS / f"{NAME}.md").write_text(report)
    print(report)
    bad = [r for r in created if not (r["cpsat_unique"] and r["cpsat_matches"])]
    return 1 if bad else 0


def created_row(g, mode: str, p: int, seed: int, proof) -> tuple[dict, str]:
    """The creation row of a new puzzle (checked by cpsat's ``proof``) and its JSONL line."""
    row = {
        "mode": mode, "p": p, "cells": p * p, "seed": seed,
        "seconds": round(g.stats["seconds"], 4), "remaining": g.stats["remaining"],
        "ratio": round(g.stats["remaining_ratio"], 4), "restarts": g.stats["restarts"],
        "checks": g.stats["checks"], "grade": grade(g.puzzle),
        "cpsat_unique": proof.unique is True,
        "cpsat_matches": proof.count >= 1 and proof.solutions[0] == g.solution,
    }
    line = json.dumps({"kind": "slitherlink", "id": f"gen-{p}x{p}-{mode}-s{seed}",
                       "puzzle": format_puzzle(g.puzzle), "solution": g.solution.to_json(), "created": row})
    return row, line


@dataclass
class Made:
    """A puzzle read back from the puzzles JSONL (what the solve phase needs of a ``Generated``)."""

    puzzle: object
    solution: object
    seed: int


def load_made(path) -> dict:
    """(mode, p, seed) -> (Made, creation row, JSON line) for every line of an earlier run that has
    its creation row (lines of older runs without one are made again)."""
    done = {}
    if not path.exists():
        return done
    for line in path.read_text().splitlines():
        item = json.loads(line)
        row = item.get("created")
        if row is None:
            continue
        entry = parse_text(line, str(path))[0]
        g = Made(entry.puzzle, entry.solution, row["seed"])
        done[row["mode"], row["p"], row["seed"]] = (g, row, line)
    return done


def solve_phase(made, modes, sizes, args) -> list[dict]:
    rows: list[dict] = []
    backends = [registry.get("slitherlink", n) for n in SOLVERS]
    t0 = time.perf_counter()
    for mode in [m for m in ("normal", "hard") if m in modes]:
        cut = False
        for p in sizes:
            timeouts = runs = 0
            for i in range(min(args.solve_count, args.count)):
                g = made[mode, p, i]
                for b in backends:
                    if b.name == "backtrack" and cut:
                        continue
                    seconds = args.seed_timeout if b.name in SEED_PORTS else args.timeout
                    r = run(b, g.puzzle, Limit(seconds=seconds, solutions=2))
                    ok = r.unique is True and r.solutions[0] == g.solution
                    if r.status not in (Status.TIMEOUT,) and not ok:
                        raise SystemExit(f"{b.name} on {mode} {p}x{p} seed {g.seed}: {r.status} "
                                         f"{r.error or ''}")
                    if b.name == "backtrack":
                        runs += 1
                        timeouts += r.status == Status.TIMEOUT
                    rows.append({"mode": mode, "p": p, "cells": p * p, "seed": g.seed, "backend": b.name,
                                 "status": str(r.status), "seconds": round(r.seconds, 5),
                                 "nodes": r.stats.get("nodes", "")})
            cut = cut or (runs > 0 and timeouts == runs)
            print(f"  solved {mode} {p}x{p}, {time.perf_counter() - t0:.0f} s", flush=True)
    return rows


def _mean(xs):
    return statistics.fmean(xs) if xs else float("nan")


def render(created, solved, modes, sizes, same, skipped, args, argv) -> str:
    cmd = "python -m benchmarks slitherlink-chapter9" + (" " + " ".join(argv) if argv else "")
    out = ["# Slitherlink: van Dam (2008) Chapter 9 on the port\n", stamp(cmd)]
    bad = [r for r in created if not (r["cpsat_unique"] and r["cpsat_matches"])]
    out.append(f"\n{args.count} puzzles per size and mode (seeds from {args.seed}), "
               f"{len(created)} in all; **proved unique by cpsat (and equal to the generator's loop): "
               f"{len(created) - len(bad)}/{len(created)}**.")
    if same is not None:
        out.append(f" hard and sat made the same puzzle from the same seed {same[0]}/{same[1]} "
                   "times (both are exact uniqueness tests).")
    if skipped:
        out.append(f" Given up after {args.create_timeout:g} s (`--create-timeout`) and replaced by the next "
                   "seed: " + ", ".join(f"{r['mode']} {r['p']}x{r['p']} seed {r['seed']}" for r in skipped)
                   + ".")
    else:
        out.append(f" No seed was given up (`--create-timeout {args.create_timeout:g}`).")
    out.append("\n\n## Creation and numbers left (9.1, 9.2)\n\n")
    table = []
    for p in sizes:
        row = [f"{p}x{p}"]
        for mode in modes:
            mine = [r for r in created if r["mode"] == mode and r["p"] == p]
            s = summarize([r["seconds"] for r in mine])
            row += [f"{s['median']:.3f}", f"{s['mean']:.3f}", f"{s['max']:.2f}",
                    f"{_mean([r['remaining'] for r in mine]):.1f}",
                    f"{_mean([r['ratio'] for r in mine]):.1%}"]
        table.append(row)
    columns = ("median s", "mean s", "max s", "numbers", "share")
    header = ["size"] + [f"{m} {c}" for m in modes for c in columns]
    out.append(markdown_table(header, table))
    out.append("\nNumbers left / cells over all sizes 5x5..10x10 (the seed: about 44 % normal, 41 % hard): "
               + ", ".join(f"{m} {_mean([r['ratio'] for r in created if r['mode'] == m and r['p'] >= 5]):.1%}"
                           + (f" (paper {PAPER[m]:.0%})" if m in PAPER else "") for m in modes) + ".\n")
    grades = {m: [r["grade"] for r in created if r["mode"] == m] for m in modes}
    out.append("\nGrades of the created puzzles: " + "; ".join(
        f"{m}: " + ", ".join(f"{g} {gs.count(g)}" for g in sorted(set(gs))) for m, gs in grades.items())
        + ".\n")
    out.append("\n## Solving (9.3): median seconds (timeouts)\n\n")
    table = []
    for mode in ("normal", "hard"):
        for p in sizes:
            mine = [r for r in solved if r["mode"] == mode and r["p"] == p]
            if not mine:
                continue
            row = [mode, f"{p}x{p}"]
            for name in SOLVERS:
                runs = [r for r in mine if r["backend"] == name]
                if not runs:
                    row.append("not run")
                    continue
                t = sum(r["status"] == "timeout" for r in runs)
                row.append(f"{statistics.median(r['seconds'] for r in runs):.4f}" + (f" ({t})" if t else ""))
            table.append(row)
    out.append(markdown_table(["mode", "size"] + SOLVERS, table))
    out.append(f"\nTime limits: {args.seed_timeout:g} s for the seed's rules+backtrack and backtrack "
               f"(`backtrack` stops after the first size where all timed out), {args.timeout:g} s for the "
               "others.\n\n![Graph 1](slitherlink_ch9_graph1.png) ![Graph 2](slitherlink_ch9_graph2.png)\n"
               "![Graph 3](slitherlink_ch9_graph3.png) ![Graph 4](slitherlink_ch9_graph4.png)\n")
    return "".join(out)


def plots(created, solved, modes, sizes, args) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    xs = [p * p for p in sizes]
    style = {"normal": "o-", "hard": "s-", "sat": "^--"}

    def per_size(mode, key, f=_mean):
        return [f([r[key] for r in created if r["mode"] == mode and r["p"] == p]) for p in sizes]

    for n, (key, ylabel, title, log) in enumerate([
            ("seconds", "mean seconds to create", "Graph 1: time to create puzzles", True),
            ("remaining", "numbers left", "Graph 2: average remaining numbers", False),
            ("ratio", "numbers left / cells", "Graph 3: remaining numbers relative to size", False)], 1):
        fig, ax = plt.subplots(figsize=(6, 4))
        for mode in modes:
            ax.plot(xs, per_size(mode, key), style.get(mode, "o-"), label=mode)
        if key == "ratio":
            for mode, v in PAPER.items():
                ax.axhline(v, ls=":", color="grey")
                ax.annotate(f"paper {mode} {v:.0%}", (xs[-1], v), fontsize=8, ha="right",
                            va="bottom" if mode == "normal" else "top")
            ax.set_ylim(0, 1)
        if log:
            ax.set_yscale("log")
        ax.set(xlabel="size (cells)", ylabel=ylabel, title=title)
        ax.legend()
        fig.tight_layout()
        fig.savefig(RESULTS / f"slitherlink_ch9_graph{n}.png", dpi=120)
        plt.close(fig)
    fig, axes = plt.subplots(1, 2, figsize=(11, 4), sharey=True)
    for ax, mode in zip(axes, ("normal", "hard"), strict=True):
        for name in SOLVERS:
            pts = [(p * p, statistics.median(r["seconds"] for r in rs))
                   for p in sizes if (rs := [r for r in solved if r["mode"] == mode and r["p"] == p
                                             and r["backend"] == name])]
            if pts:
                ax.plot(*zip(*pts, strict=True), "o-" if name in SEED_PORTS else ".--", label=name)
        ax.axhline(args.seed_timeout, ls=":", color="grey")
        ax.set(xlabel="size (cells)", title=f"Graph 4: time to solve {mode} puzzles", yscale="log")
    axes[0].set_ylabel("median seconds (dotted: seed time limit)")
    axes[1].legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(RESULTS / "slitherlink_ch9_graph4.png", dpi=120)
    plt.close(fig)


if __name__ == "__main__":
    import sys

    sys.exit(main(sys.argv[1:]))
