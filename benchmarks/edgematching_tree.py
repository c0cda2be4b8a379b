"""How big is the exact search tree of ``backtrack-table`` on Brendan Owen's boards? Knuth's
random-probe estimate (``native_rules.edgematching.tree_estimate``) per board, checked against a
complete count where one is affordable, beside the placement rate measured on that count and
Owen's model of the number of solutions (so: nodes per solution).

    python -m benchmarks edgematching-tree [--sizes 5,6,7,8,9,10] [--probes 2000000]
        [--count-up-to 6] [--variants 8 --variant-probes 1000000]

``--variants N``: on the N x N board, the trees of the candidate improvements
(``native_rules.edgematching.order_estimate``): cell orders, the anchor piece and square, forward checks.

Writes ``benchmarks/results/edgematching_tree.md`` (+ ``.csv``; ``edgematching_tree_variants``).
"""

from __future__ import annotations

import argparse
import time
from collections import Counter
from math import factorial, prod

from gridsolve.native_rules.edgematching import scan as scan_mod
from gridsolve.native_rules.edgematching.forward_checks import (
    BAND,
    BELOW,
    MATCH,
    NEXT,
    OPEN_FIT,
    ROW_END,
    ROWS,
    SUPPLY,
)
from gridsolve.native_rules.edgematching.order_estimate import order_estimate
from gridsolve.native_rules.edgematching.tables import Search, build, scan_order
from gridsolve.native_rules.edgematching.tree_estimate import tree_estimate
from gridsolve.puzzles.formats import read

from .common import command, data, markdown_table, publish, stamp

NAME = "edgematching_tree"


def owen_solutions(puzzle) -> float:
    """Brendan Owen's estimate of the number of solutions up to board rotation (as written up
    in jwortmann's Eternity2Puzzles.jl, docs/src/theory.md): the arrangements of the pieces
    with the border outside, times the chance that all frame joins and all inner joins match
    when each colour's sides are finite. Assumes a square board with frame colours apart from
    inner colours, as Owen's boards have."""
    frame_colours = {v for t in puzzle.tiles for i, v in enumerate(t)
                     if v and 0 in (t[(i - 1) % 4], t[(i + 1) % 4])}
    sides = Counter(v for t in puzzle.tiles for v in t if v)
    kinds = Counter(sum(v == 0 for v in t) for t in puzzle.tiles)

    def all_match(colours):  # every join of these colours matches: V(M, T) / P(2T, 2T)
        n = [sides[c] // 2 for c in colours]
        return prod(factorial(x) for x in n) / factorial(sum(n))

    inner = [sides[c] // 2 for c in sides if c not in frame_colours]
    p_inner = (factorial(sum(inner)) * prod(factorial(2 * x) for x in inner)
               / (prod(factorial(x) for x in inner) * factorial(2 * sum(inner))))
    arrangements = (factorial(kinds[2]) * factorial(kinds[1]) * factorial(kinds[0]) * 4 ** kinds[0])
    return arrangements * all_match(frame_colours) * p_inner / 4


def owen_board(n: int):
    return read(str(data("edgematching", "brendan-owen", f"pieces_{n:02d}x{n:02d}.txt")))[0].puzzle


def variants(n: int, probes: int, kinds: str = "") -> tuple[list[dict], list[list]]:
    """The trees of the candidate improvements on the n x n board, two seeds each (only the
    ``kinds`` given, comma separated, if any: order, anchor, check)."""
    puzzle = owen_board(n)
    corners = [p for p in range(1, puzzle.n + 1) if puzzle.tiles[p - 1].count(0) == 2]
    rows_first = scan_order(n, n)
    cols_first = [(r, c) for c in range(n) for r in range(n)]

    def band(h):
        return [(r, c) for b in range(0, n, h) for c in range(n) for r in range(b, min(n, b + h))]

    start = (corners[0], (0, 0))
    cases = [("order", "row scan (the engine)", rows_first, start, 0),
             ("order", "column scan", cols_first, start, 0),
             ("order", "row scan, last 2 rows across", scan_order(n, n, 2), start, 0),
             ("order", "row scan, last 3 rows across", scan_order(n, n, 3), start, 0),
             ("order", "bands of 2 rows, column by column", band(2), start, 0),
             ("order", "bands of 3 rows", band(3), start, 0),
             ("order", "diagonals", sorted(rows_first, key=lambda q: (q[0] + q[1], q[0])), start, 0),
             ("order", "left column first, then rows", [(r, 0) for r in range(n)]
              + [(r, c) for r in range(n) for c in range(1, n)], start, 0),
             ("order", "top row and left column first", [(0, c) for c in range(n)]
              + [(r, 0) for r in range(1, n)] + [(r, c) for r in range(1, n) for c in range(1, n)], start, 0),
             ("anchor", "no anchor (any corner piece at the start: the size of the engine's tree before, "
              "whose other corner pieces there die at the last corner)", rows_first, None, 0)]
    cases += [("anchor", f"corner piece {p} at the start, {name}", o, (p, (0, 0)), 0)
              for p in corners for name, o in (("row scan", rows_first), ("column scan", cols_first))]
    cases += [("anchor", f"corner piece {corners[0]} at the far corner, row scan", rows_first,
               (corners[0], (n - 1, n - 1)), 0),
              ("check", "the next square alone still fits (this removes only the plain tree's leaves, "
               "which cost the same test one square later)", rows_first, start, NEXT),
              ("check", "open squares next to placed ones still fit", rows_first, start, OPEN_FIT),
              ("check", "colour supply >= frontier demand", rows_first, start, SUPPLY),
              ("check", "per (class, side, colour): open squares with one placed neighbour <= unused "
               "pieces that fit them (the counter the kernel could keep)", rows_first, start, BELOW),
              ("check", "open squares next to placed ones take distinct fitting pieces (Hall, a "
               "matching)", rows_first, start, MATCH),
              ("check", "both counts and open squares fit", rows_first, start, BELOW | OPEN_FIT),
              ("check", "the rest of the row and the next row under placed squares can be chained "
               "(pieces may repeat)", rows_first, start, ROWS),
              ("check", "... and the rest of the row with the next row under it as a two-row band",
               rows_first, start, ROWS | BAND),
              ("check", "the row sweep only when a row is complete", rows_first, start, ROWS | ROW_END)]
    if kinds:
        cases = [case for case in cases if case[0] in kinds.split(",")
                 or case[1] == "row scan (the engine)"]
    out, table = [], []
    for what, name, order, anchor, checks in cases:
        cpu = time.process_time()
        ests = [float(order_estimate(puzzle, order, anchor, checks, probes, seed)[1:].sum())
                for seed in (1, 2)]
        cpu = (time.process_time() - cpu) / 2
        out.append({"board": f"owen {n}x{n}", "kind": what, "variant": name, "estimate_seed1": ests[0],
                    "estimate_seed2": ests[1], "cpu_seconds_per_estimate": round(cpu, 1)})
        table.append([what, name, f"{ests[0]:.2g}", f"{ests[1]:.2g}", f"{cpu:.1f} s"])
        print(out[-1], flush=True)
    return out, table


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
    ap.add_argument("--variants", type=int, default=0, help="compare the candidate trees on this board")
    ap.add_argument("--variant-probes", type=int, default=1_000_000)
    ap.add_argument("--variant-kinds", default="", help="only these kinds (order,anchor,check), "
                    "and the engine's row scan")
    args = ap.parse_args(argv)
    if args.variants:
        n = args.variants
        out, table = variants(n, args.variant_probes, args.variant_kinds)
        publish(f"{NAME}_variants{'_' + args.variant_kinds.replace(',', '_') if args.variant_kinds else ''}",
                "".join([
            f"# Edge matching: tree sizes of candidate improvements, Owen {n}x{n}\n\n",
            stamp(command("edgematching-tree", argv)), "\n",
            f"Knuth's estimate of the exact search ({args.variant_probes:,} probes, two seeds; "
            "``native_rules.edgematching.order_estimate``). Anchor: one corner piece alone on its square, "
            "the other squares without it. Checks filter the candidates of every square.\n\n",
            markdown_table(["what", "variant", "nodes (seed 1)", "nodes (seed 2)", "CPU per estimate"],
                           table)]),
            out)
        return 0
    rows, table = [], []
    for n in (int(x) for x in args.sizes.split(",") if x):
        puzzle = owen_board(n)
        cpu = time.process_time()
        est = tree_estimate(puzzle, args.probes)
        cpu = time.process_time() - cpu
        row = {"board": f"owen {n}x{n}", "estimated_nodes": float(est[1:].sum()),
               "widest_depth": int(est.argmax()), "estimated_widest": float(est.max()),
               "estimate_cpu_seconds": round(cpu, 1), "owen_model_solutions": owen_solutions(puzzle)}
        row["nodes_per_solution"] = row["estimated_nodes"] / max(1.0, row["owen_model_solutions"])
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
                      if row.get("placements_per_cpu_second") else "",
                      f"{row['owen_model_solutions']:.2g}", f"{row['nodes_per_solution']:.2g}"])
        print(row, flush=True)
    report = ["# Edge matching: the size of the engine's exact search tree\n\n",
              stamp(command("edgematching-tree", argv)), "\n",
              f"Knuth's estimate, {args.probes:,} random probes per board (same tables, scan order and "
              "symmetry reduction as the search); complete counts where affordable.\n\n",
              markdown_table(["board", "estimated nodes", "widest depth (nodes)", "counted nodes",
                              "boards up to rotation", "placements per CPU s",
                              "Owen's model: boards", "nodes per board (model)"], table)]
    publish(NAME, "".join(report), rows)
    return 0
