"""How big is the exact search tree of ``backtrack-table`` on Brendan Owen's boards? Knuth's
random-probe estimate (``native_rules.edgematching_estimate``) per board, checked against a
complete count where one is affordable, beside the placement rate measured on that count.

    python -m benchmarks edgematching-tree [--sizes 5,6,7,8,9,10] [--probes 2000000]
        [--count-up-to 6]

Writes ``benchmarks/results/edgematching_tree.md`` (+ ``.csv``).
"""

from __future__ import annotations

import argparse
import time

from gridsolve.native_rules import edgematching_scan as scan_mod
from gridsolve.native_rules.edgematching_estimate import tree_estimate
from gridsolve.native_rules.edgematching_table import Search, build
from gridsolve.puzzles.formats import read

from .common import command, data, markdown_table, publish, stamp

NAME = "edgematching_tree"


def complete_count(puzzle) -> tuple[int, int, float]:
    """(placements, boards up to rotation, CPU seconds) of one complete scan."""
    s = Search(build(puzzle))
    boards, cpu = 0, time.process_time()
    while (code := s.step()) != scan_mod.EXHAUSTED:
        boards += code == scan_mod.FOUND
    return s.nodes, boards, time.process_time() - cpu


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(prog="python -m benchmarks edgematching-tree")
    ap.add_argument("--sizes", default="5,6,7,8,9,10")
    ap.add_argument("--probes", type=int, default=2_000_000)
    ap.add_argument("--count-up-to", type=int, default=6, help="complete counts up to this size")
    args = ap.parse_args(argv)
    rows, table = [], []
    for n in (int(x) for x in args.sizes.split(",") if x):
        puzzle = read(str(data("edgematching", "brendan-owen", f"pieces_{n:02d}x{n:02d}.txt")))[0].puzzle
        cpu = time.process_time()
        est = tree_estimate(puzzle, args.probes)
        cpu = time.process_time() - cpu
        row = {"board": f"owen {n}x{n}", "estimated_nodes": float(est[1:].sum()),
               "widest_depth": int(est.argmax()), "estimated_widest": float(est.max()),
               "estimate_cpu_seconds": round(cpu, 1)}
        if n <= args.count_up_to:
            nodes, boards, secs = complete_count(puzzle)
            row.update(counted_nodes=nodes, boards_up_to_rotation=boards, count_cpu_seconds=round(secs, 2),
                       placements_per_cpu_second=round(nodes / secs) if secs else "")
        rows.append(row)
        table.append([row["board"], f"{row['estimated_nodes']:.2g}",
                      f"{row['widest_depth']} ({row['estimated_widest']:.2g})",
                      f"{row['counted_nodes']:,}" if "counted_nodes" in row else "",
                      row.get("boards_up_to_rotation", ""),
                      f"{row['placements_per_cpu_second'] / 1e6:.0f} M"
                      if row.get("placements_per_cpu_second") else ""])
        print(row, flush=True)
    report = ["# Edge matching: the size of the engine's exact search tree\n\n",
              stamp(command("edgematching-tree", argv)), "\n",
              f"Knuth's estimate, {args.probes:,} random probes per board (same tables, scan order and "
              "symmetry reduction as the search); complete counts where affordable.\n\n",
              markdown_table(["board", "estimated nodes", "widest depth (nodes)", "counted nodes",
                              "boards up to rotation", "placements per CPU s"], table)]
    publish(NAME, "".join(report), rows)
    return 0
