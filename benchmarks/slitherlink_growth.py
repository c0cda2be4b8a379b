"""The loops of van Dam's generator (Chapter 7.1) for the seed's three ratio settings and both
readings of the missing Figure 8 (native_rules/slitherlink/generate.py), against what the seed
says of them: 33/33/34 "relatively small corridors [...] span the entire grid", 33/67/0
"extremely tight corridors, spanning the entire grid", 33/7/60 "very broad loops, using a small
portion of the grid".

    python -m benchmarks slitherlink-growth [--size 10] [--loops 100] [--puzzles 20]

Per reading and ratio: the inside area and the bounding box of the loop as shares of the grid,
loop length per inside cell (2 = one-cell-wide corridors, lower = broader), the smallest loop
seen; then the numbers left in ``--puzzles`` normal and hard puzzles per reading (default
ratios; the hard puzzles are made in the ``sat`` mode, which gives the same puzzles, faster).
Writes ``benchmarks/results/slitherlink_growth.md`` and ``slitherlink_growth.png`` (Figure 10
redrawn: one loop per ratio and reading).
"""

from __future__ import annotations

import argparse
import random
import statistics

from gridsolve.native_rules.slitherlink.generate import GROWTHS, _loop_edges, generate, grow_loop

from .common import RESULTS, command, markdown_table, publish, stamp

NAME = "slitherlink_growth"
RATIOS = [(33, 33, 34), (33, 67, 0), (33, 7, 60)]


def shape(inside: set, n: int) -> tuple[float, float, float]:
    rows = [r for r, _ in inside]
    cols = [c for _, c in inside]
    box = (max(rows) - min(rows) + 1) * (max(cols) - min(cols) + 1)
    length = sum(sum(_loop_edges(inside, r, c)) for r, c in inside)
    return len(inside) / (n * n), box / (n * n), length / len(inside)


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(prog="python -m benchmarks slitherlink-growth")
    ap.add_argument("--size", type=int, default=10)
    ap.add_argument("--loops", type=int, default=100, help="loops per reading and ratio")
    ap.add_argument("--puzzles", type=int, default=20, help="puzzles per reading and mode")
    args = ap.parse_args(argv)
    n = args.size
    table, examples = [], {}
    for growth in GROWTHS:
        for ratios in RATIOS:
            loops = [grow_loop(n, n, random.Random(s), ratios, growth=growth) for s in range(args.loops)]
            examples[growth, ratios] = loops[0]
            stats = [shape(x, n) for x in loops]
            table.append([growth, "/".join(map(str, ratios)),
                          f"{statistics.fmean(s[0] for s in stats):.0%}",
                          f"{min(len(x) for x in loops)}",
                          f"{statistics.fmean(s[1] for s in stats):.0%}",
                          f"{statistics.fmean(s[2] for s in stats):.2f}"])
    out = [f"# Slitherlink generator: loop growth on {n}x{n} (Chapter 7.1, Figure 8 missing)\n",
           stamp(command("slitherlink-growth", argv)),
           f"\n{args.loops} loops per reading and ratio (seeds 0..{args.loops - 1}), n*m*10 steps each.\n\n",
           markdown_table(["reading", "ratios", "inside area", "smallest (cells)", "bounding box",
                           "loop length / inside cell"], table)]
    from gridsolve.harness.slitherlink import uniqueness_counter

    counter = uniqueness_counter("sat")
    rows = []
    for growth in GROWTHS:
        # a loop around a few cells makes a sparse puzzle whose uniqueness takes any exact test
        # minutes: such seeds are left out of the hard column (and counted)
        tiny = [s for s in range(args.puzzles)
                if len(grow_loop(n, n, random.Random(s), growth=growth)) < n * n // 10]
        row = [growth]
        for mode in ("normal", "sat"):  # sat makes the hard mode's puzzles, faster (tested)
            shares = [generate(n, n, mode=mode, seed=s, growth=growth, counter=counter)
                      .stats["remaining_ratio"]
                      for s in range(args.puzzles) if mode == "normal" or s not in tiny]
            row.append(f"{statistics.fmean(shares):.1%}" if shares else "-")
        rows.append(row + [len(tiny)])
    out.append(f"\nNumbers left in {args.puzzles} puzzles of {n}x{n} per reading (33/33/34; the seed: "
               "44 % normal, 41 % hard):\n\n")
    out.append(markdown_table(["reading", "normal", "hard", "seeds with a loop < 10% of the grid "
                               "(not in hard)"], rows))
    out.append("\n![loops](slitherlink_growth.png)\n")
    draw(examples, n)
    publish(NAME, "".join(out))
    return 0


def draw(examples: dict, n: int) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(len(GROWTHS), len(RATIOS), figsize=(3 * len(RATIOS), 3 * len(GROWTHS)))
    for a, growth in enumerate(GROWTHS):
        for b, ratios in enumerate(RATIOS):
            ax = axes[a][b]
            inside = examples[growth, ratios]
            for r, c in inside:
                ax.add_patch(plt.Rectangle((c, n - 1 - r), 1, 1, color="#cfe3f7"))
                for (dr, dc), edge in zip(((-1, 0), (0, 1), (1, 0), (0, -1)),
                                          (((0, 1), (1, 1)), ((1, 1), (1, 0)), ((0, 0), (1, 0)),
                                           ((0, 0), (0, 1))), strict=True):
                    if (r + dr, c + dc) not in inside:
                        (x0, y0), (x1, y1) = edge
                        ax.plot([c + x0, c + x1], [n - 1 - r + y0, n - 1 - r + y1], "k-", lw=2)
            ax.set(xlim=(0, n), ylim=(0, n), aspect="equal", xticks=[], yticks=[],
                   title=f"{growth}, {'/'.join(map(str, ratios))}")
    fig.tight_layout()
    fig.savefig(RESULTS / f"{NAME}.png", dpi=100)
    plt.close(fig)


if __name__ == "__main__":
    import sys

    sys.exit(main(sys.argv[1:]))
