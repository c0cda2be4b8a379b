"""The seed's statistics with the ported universal rules: random walkthroughs (uniform among the
possible moves) completed before the first error, averaged over the attempts, per board size --
next to the seed's table (7x7-specific + universal rules of the time: 9: 19.5, 11: 5.7, 13: 2.6,
15: 1.2, 17: 0.7, 19: 0.4, 21: 0.2).

    python -m benchmarks labyrinth-stats [--sizes 9,11,13,15,17,19,21] [--attempts 1000] [--seed 0]

Writes ``benchmarks/results/labyrinth_stats.{csv,md,png}``. The mean is the average of a
geometric count, so its standard error is printed too. ``--attempts 50`` for a quick check.
"""

from __future__ import annotations

import argparse
import math
import time

from gridsolve.harness import labyrinth as lab

from .common import RESULTS, markdown_table, stamp, write_csv

EARLY = "c-shape,near-field,near-border,area-near-border"


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(prog="python -m benchmarks labyrinth-stats")
    ap.add_argument("--sizes", default="9,11,13,15,17,19,21")
    ap.add_argument("--attempts", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--compare", default=EARLY,
                    help="a second rule set for context ('' = none); default: without the "
                         "area-imbalance rules")
    args = ap.parse_args(argv)
    rows = []
    early = {}
    for n in [int(s) for s in args.sizes.split(",") if s.strip()]:
        if args.compare:
            early[n] = lab.stats(n, args.attempts, args.seed, lab.parse_rules(args.compare)).mean
        c0 = time.process_time()
        s = lab.stats(n, args.attempts, args.seed)
        sd = math.sqrt(sum((x - s.mean) ** 2 for x in s.results) / max(1, len(s.results) - 1))
        walks = sum(s.results) + args.attempts
        rows.append({"size": n, "attempts": args.attempts, "walkthroughs_before_error": round(s.mean, 2),
                     "std_error": round(sd / math.sqrt(len(s.results)), 2),
                     "seed_document": lab.SEED_STATS.get(n), "compare": round(early.get(n, math.nan), 2),
                     "p_complete": round(sum(s.results) / walks, 4),
                     "no_option": s.errors["no option to move"], "corner_early": s.errors["corner early"],
                     "walks": walks, "seconds": round(s.seconds, 2),
                     "cpu_seconds": round(time.process_time() - c0, 2)})
        print(rows[-1], flush=True)
    write_csv(RESULTS / "labyrinth_stats.csv", rows)
    cmd = ("python -m benchmarks labyrinth-stats " + " ".join(argv)).strip()
    head = ["size", "attempts", "walkthroughs before the first error (port)", "std. error",
            "seed document", f"port, rules {args.compare or '-'}", "walks completed",
            "errors: no option / end early", "walks run", "s"]
    table = markdown_table(head, [[r["size"], r["attempts"], r["walkthroughs_before_error"], r["std_error"],
                                   r["seed_document"], r["compare"], f"{100 * r['p_complete']:.1f} %",
                                   f"{r['no_option']} / {r['corner_early']}", r["walks"], r["seconds"]]
                                  for r in rows])
    out = ["# Labyrinth rules: random walkthroughs before the first error\n", stamp(cmd),
           "\nPer attempt: random walks (uniform among the moves the rules allow) until one ends in "
           "an error (no option to move, or the end cell reached before the board is full); the "
           "walkthroughs completed before it, averaged. The seed document's figures were measured "
           "with its 7x7-specific rules plus the universal rules of that time; the 'compare' column "
           "is the port without its area-imbalance rules (the book's later universal rules).\n\n",
           table,
           "\n![walkthroughs before the first error](labyrinth_stats.png)\n"]
    (RESULTS / "labyrinth_stats.md").write_text("".join(out))
    plot(rows)
    print("".join(out))
    return 0


def plot(rows) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(6, 4))
    xs = [r["size"] for r in rows]
    ax.errorbar(xs, [max(r["walkthroughs_before_error"], 1e-3) for r in rows],
                yerr=[r["std_error"] for r in rows], marker="o", label="port: universal rules")
    comp = [(r["size"], r["compare"]) for r in rows if r["compare"] == r["compare"] and r["compare"] > 0]
    if comp:
        ax.plot(*zip(*comp, strict=True), marker="^", linestyle=":",
                label="port without the area-imbalance rules")
    seed = [(r["size"], r["seed_document"]) for r in rows if r["seed_document"]]
    if seed:
        ax.plot(*zip(*seed, strict=True), marker="s", linestyle="--",
                label="seed document (7x7 + universal rules)")
    ax.set_yscale("log")
    ax.set_xlabel("board size n (n x n)")
    ax.set_ylabel("walkthroughs before the first error")
    ax.set_xticks(xs)
    ax.grid(True, which="both", alpha=0.3)
    ax.legend()
    fig.tight_layout()
    fig.savefig(RESULTS / "labyrinth_stats.png", dpi=120)
    plt.close(fig)
