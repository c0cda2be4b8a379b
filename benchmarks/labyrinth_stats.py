"""The labyrinth statistics at the book's scale, rule group by rule group: random walks (uniform
among the moves the rules allow) per board size, counted by outcome, for the universal rules and
then for each 9 x 9 group added in the cascade's order up to the full control set, then each ported
large-board rule (``large``) added up to ``control,large`` -- beside the
book's figures (the seed's 7x7-era table and the final ones: 9x9 complete, 11x11 no error in 1 M
random walkthroughs, 13x13 one error per 4000, 21x21 9 walkthroughs per error).

    python -m benchmarks labyrinth-stats [--sizes 9,11,...,21] [--walks 9:10000,11:10000,13:10000]
                                         [--default-walks 1000] [--ablation-walks 1000]

Writes ``benchmarks/results/labyrinth_stats.{csv,md,png}`` and the failed walks of the full set
(``control,large``) in the author's saved-state format under ``benchmarks/results/labyrinth_failures/``.
The two full sets (``control`` and ``control,large``) get the full walks, the rows between them
``--ablation-walks``.
"""

from __future__ import annotations

import argparse
import math
import sys

from gridsolve.harness import labyrinth as lab
from gridsolve.native_rules.hamiltonian.cascade.engine import CONTROL, GROUPS, LARGE, UNIVERSAL

from .common import RESULTS, markdown_table, stamp, write_csv

# the 9 x 9 groups in the order the cascade runs them
STEPS = ("side-table", "area-tables", "double-area", "sequence", "down-stair", "next-step")
# the ported large-board rules in the order the cascade runs them (after the 9 x 9 groups)
LARGE_STEPS = ("straight-later-down", "straight-now-newer", "straight-start-obstacle", "area-up-back",
               "next-step-double-area", "start-in-2", "start-in-3", "start-straight-3", "start-straight-4",
               "start-straight-5", "start-out", "convex-in-2", "convex-in-3", "convex-in-4",
               "convex-straight-3", "convex-straight-4", "convex-out", "concave-in", "concave-in-5",
               "concave-straight-3", "concave-straight-4", "concave-straight-5", "concave-straight-6",
               "concave-out-3", "concave-out-5", "double-stair", "double-stair-reversed", "stair-3x3",
               "remote-mid-across", "stair-sequence")
FULL = ("control", "control,large")
# the book's final figures: walkthroughs per error (inf = none seen)
BOOK = lab.BOOK_PER_ERROR


def _sizes(text: str) -> list[int]:
    parts = [p.strip() for p in text.split(",") if p.strip()]
    if "..." in parts:
        a, b, last = int(parts[0]), int(parts[1]), int(parts[-1])
        return list(range(a, last + 1, b - a))
    return [int(p) for p in parts]


def _fmt(v: float) -> str:
    return "no error" if v == math.inf else f"{v:.4g}"


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(prog="python -m benchmarks labyrinth-stats")
    ap.add_argument("--sizes", default="9,11,...,21")
    ap.add_argument("--walks", default="9:10000,11:10000,13:10000", help="walks of the full set per size")
    ap.add_argument("--default-walks", type=int, default=1000, help="... for the other sizes")
    ap.add_argument("--ablation-walks", type=int, default=1000, help="walks per size of each partial set")
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args(argv)
    walks = {int(k): int(v) for k, v in (p.split(":") for p in args.walks.split(",") if p)}
    sets = [("universal", UNIVERSAL)]
    acc = UNIVERSAL
    for name in STEPS:
        acc |= GROUPS[name]
        sets.append((f"+ {name}", acc))
    assert acc == CONTROL
    sets[-1] = ("control", CONTROL)
    for name in LARGE_STEPS:
        acc |= GROUPS[name]
        sets.append((f"+ {name}", acc))
    assert acc == CONTROL | LARGE
    sets[-1] = ("control,large", acc)
    rows = []
    fails = RESULTS / "labyrinth_failures"
    fails.mkdir(parents=True, exist_ok=True)
    for n in _sizes(args.sizes):
        for label, groups in sets:
            full = label in FULL
            w = walks.get(n, args.default_walks) if full else args.ablation_walks

            def bar(done, bad, n=n, label=label, w=w):
                print(f"\r{n}x{n} {label}: {done}/{w} walks, {bad} errors", end="", file=sys.stderr,
                      flush=True)

            r = lab.errors(n, w, args.seed, groups, progress=bar)
            print(file=sys.stderr)
            bad = sum(r.errors.values())
            rows.append({"size": n, "rules": label, "walks": w, "errors": bad,
                         "no_option": r.errors["no option to move"], "corner_early": r.errors["corner early"],
                         "per_error": r.per_error, "book": BOOK.get(n),
                         "seed_document": lab.SEED_STATS.get(n),
                         "seconds": round(r.seconds, 2)})
            if label == FULL[-1]:
                for old in fails.glob(f"{n}_*.txt"):  # an earlier run's failures of this size
                    old.unlink()
                for k, (cells, outcome) in enumerate(r.failures):
                    (fails / f"{n}_{k}.txt").write_text(lab.failure_state(n, groups, cells, outcome))
    write_csv(RESULTS / "labyrinth_stats.csv", rows)
    cmd = ("python -m benchmarks labyrinth-stats " + " ".join(argv)).strip()
    ns = sorted({r["size"] for r in rows})
    labels = [r["rules"] for r in rows if r["size"] == ns[0]]
    head = ["rules"] + [f"{n}x{n}" for n in ns]
    body = []
    for lb in labels:
        cells = []
        for n in ns:
            r = next(x for x in rows if x["size"] == n and x["rules"] == lb)
            cells.append(f"{_fmt(r['per_error'])} ({r['errors']}/{r['walks']})")
        body.append([lb] + cells)
    body.append(["the book, final rules"] + [_fmt(BOOK[n]) if n in BOOK else "" for n in ns])
    body.append(["seed document (7x7-era rules)"] + [str(lab.SEED_STATS.get(n, "")) for n in ns])
    out = ["# Labyrinth rules: random walkthroughs per error, rule group by rule group\n", stamp(cmd),
           "\nRandom walks (uniform among the moves the rules allow); an error is a walk that ends "
           "with no option to move or on the end cell before the board is full. Each cell: "
           "walkthroughs completed per error (errors / walks). Each row adds one rule group to the "
           "row above, in the cascade's order: the 9 x 9 groups up to the control set (`--rules "
           "control`), then the ported large-board rules up to `--rules control,large`. Failed "
           "walks of `control,large`: `labyrinth_failures/` (the author's format).\n\n",
           markdown_table(head, body),
           "\n![walkthroughs per error](labyrinth_stats.png)\n"]
    (RESULTS / "labyrinth_stats.md").write_text("".join(out))
    plot(rows, ns, labels)
    print("".join(out))
    return 0


def plot(rows, ns, labels) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 4.5))
    colours = plt.get_cmap("tab20")
    for i, lb in enumerate(labels):
        pts = [(r["size"], r["per_error"]) for r in rows if r["rules"] == lb]
        xs = [p[0] for p in pts]
        ys = [p[1] if p[1] != math.inf else float("nan") for p in pts]
        full = lb in FULL or lb == "universal"
        ax.plot(xs, ys, marker="o", label=lb, color=colours(i % 20), linewidth=2.5 if full else 1,
                markersize=5 if full else 3)
    book = [(n, v) for n, v in BOOK.items() if v != math.inf and n in ns]
    ax.plot(*zip(*book, strict=True), marker="s", linestyle="--", color="k", label="the book, final rules")
    seed = [(n, lab.SEED_STATS[n]) for n in ns if n in lab.SEED_STATS]
    ax.plot(*zip(*seed, strict=True), marker="^", linestyle=":", color="gray", label="seed document")
    ax.set_yscale("log")
    ax.set_xlabel("board size n (n x n)")
    ax.set_ylabel("walkthroughs per error (no error: not drawn)")
    ax.set_xticks(ns)
    ax.grid(True, which="both", alpha=0.3)
    ax.legend(fontsize=7)
    fig.tight_layout()
    fig.savefig(RESULTS / "labyrinth_stats.png", dpi=120)
    plt.close(fig)
