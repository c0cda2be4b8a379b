"""The labyrinth author's keep-left enumeration with the ported universal rules: soundness (the
walkthrough count must equal the exact number of paths -- 104 on 5x5, 111 712 on 7x7; fewer means
a rule forbade a move that can be completed), how much each rule group prunes (ablation on 7x7),
and where the 9x9 keep-left run with the universal rules first meets "no option to move" (the
seed: walkthrough 13 826 with its 7x7 rules); the control set on 3-7 beside them. With
``--left-half 9`` also the book's 9x9 run: the first ``--walkthroughs`` of the left half (first
step right) in keep-left order with the control set, its dead ends (the book: none in all
1 344 153 757) and its speed beside the book's (45 h, ~8 300 walkthroughs/s); dead ends are
saved in the author's format under ``results/labyrinth_failures/keep_left/``; ``--profile E``
times the rule groups on the first E expansions of that search.

    python -m benchmarks labyrinth-enumerate [--sizes 3,5,7] [--ablation 7] [--first-error 9,11]
        [--left-half 9 --walkthroughs 10000000 [--rules control] [--state FILE] [--profile 4000000]]

Writes ``benchmarks/results/labyrinth_enumerate.{csv,md}``. About a minute (numba compilation
included), plus about 2-5 minutes per 10^7 walkthroughs of the left half (loaded machine).
"""

from __future__ import annotations

import argparse
import os
import sys

from gridsolve.harness import labyrinth as lab
from gridsolve.native_rules.hamiltonian.cascade.engine import CONTROL, GROUPS, UNIVERSAL, parse_rules
from gridsolve.native_rules.hamiltonian.tools import drivers
from gridsolve.native_rules.hamiltonian.tools.drivers import enumerate_keep_left

from .common import RESULTS, markdown_table, stamp, write_csv

UNIVERSAL_GROUPS = {k: v for k, v in GROUPS.items() if v & UNIVERSAL}
BOOK_LEFT_HALF = 1_344_153_757  # 9x9 walkthroughs with the first step right: 45 h in the book
BOOK_RATE = BOOK_LEFT_HALF / (45 * 3600)  # ~8 300 walkthroughs/s
DEAD_ENDS = RESULTS / "labyrinth_failures" / "keep_left"


def _sizes(text: str) -> list[int]:
    return [int(s) for s in text.split(",") if s.strip()]


def run(n: int, rules: str, groups: int) -> dict:
    r = enumerate_keep_left(n, groups)
    exact = lab.exact_count(n)
    return {"size": n, "rules": rules, "walkthroughs": r.walkthroughs, "exact": exact,
            "sound": r.walkthroughs == exact, "first_half": r.first_half,
            "no_option": r.no_option, "stuck": r.stuck, "corner_early": r.corner_early,
            "nodes": r.nodes, "seconds": round(r.seconds, 3)}


def left_half(n: int, walkthroughs: int, rules: str, state=None) -> dict:
    """The first ``walkthroughs`` of the left half in keep-left order; dead ends saved."""
    groups = parse_rules(rules)
    saved: list[str] = []

    def keep(cells, kind, before):
        if len(saved) < 100:
            DEAD_ENDS.mkdir(parents=True, exist_ok=True)
            path = DEAD_ENDS / f"{n}_{rules}_after_{before}_{len(saved)}.txt"
            path.write_text(lab.failure_state(n, groups, cells, kind) + "\n")
            saved.append(f"{path.relative_to(RESULTS)} ({kind}, after walkthrough {before})")

    shown = [0.0]

    def bar(r):
        if r.seconds - shown[0] < 5:
            return
        shown[0] = r.seconds
        print(f"\r{n}x{n} left half: {r.walkthroughs}/{walkthroughs} walkthroughs, "
              f"{r.no_option + r.stuck + r.corner_early} dead ends, {r.seconds:.0f} s",
              end="", file=sys.stderr, flush=True)

    load_before = os.getloadavg()
    r = enumerate_keep_left(n, groups, half_only=True, max_walks=walkthroughs, state=state,
                            progress=bar, dead_end=keep)
    print(file=sys.stderr)
    load_after = os.getloadavg()
    return {"size": n, "rules": rules, "walkthroughs": r.walkthroughs, "asked": walkthroughs,
            "no_option": r.no_option, "stuck": r.stuck, "corner_early": r.corner_early,
            "nodes": r.nodes, "seconds": round(r.seconds, 1), "cpu_seconds": round(r.cpu_seconds, 1),
            "per_second": round(r.walkthroughs / r.seconds), "per_cpu_second":
            round(r.walkthroughs / r.cpu_seconds), "book_per_second": round(BOOK_RATE),
            "load_before": " ".join(f"{x:.2f}" for x in load_before),
            "load_after": " ".join(f"{x:.2f}" for x in load_after), "dead_end_files": saved}


# the cascade's order (engine.apply_rules_control); groups added later go last
CASCADE = ("c-shape", "near-field", "side-table", "near-border", "area-near-border", "straight",
           "area-up", "area-up-big", "corner-big", "area-tables", "double-area", "sequence",
           "down-stair", "next-step")


def profile(n: int, expansions: int, rules: str, repeats: int = 3) -> list[dict]:
    """Where the keep-left search's time goes: CPU seconds of the search alone, of next_step
    without rules, and of each rule group added in cascade order (best of ``repeats``)."""
    import time

    groups = parse_rules(rules)

    def cpu(shadow: int) -> float:
        best = float("inf")
        for _ in range(repeats):
            kl = drivers.KeepLeft(n, groups)
            t = time.process_time()
            kl.run(budget=expansions, shadow=shadow)
            best = min(best, time.process_time() - t)
        return best

    drivers.KeepLeft(3, groups).run(shadow=0)  # compiles: not timed
    base = cpu(-1)
    bare = cpu(0)
    rows = [{"part": f"the search with `{rules}` ({expansions:,} expansions)", "cpu_seconds": base},
            {"part": "next_step without rules (candidates, frame)", "cpu_seconds": bare - base}]
    order = [g for g in CASCADE if GROUPS[g] & groups] + \
        [g for g in GROUPS if g not in CASCADE and GROUPS[g] & groups]
    acc, prev = 0, bare
    for g in order:
        acc |= GROUPS[g]
        t = cpu(acc)
        rows.append({"part": f"+ {g}", "cpu_seconds": t - prev})
        prev = t
    rows.append({"part": "all rules (the cascade)", "cpu_seconds": prev - bare})
    return rows


def first_error(n: int) -> dict:
    """Keep left until the first walkthrough attempt ends in "no option to move"."""
    d = lab.drivers
    kl = d.KeepLeft(n, UNIVERSAL)
    while True:
        r = kl.run(budget=1 << 20, stop_at_error=True)
        if r in (d.DEAD_END, d.EXHAUSTED):
            break
    c = kl.counters
    return {"size": n, "walkthroughs_before": int(c[d.C_WALKS]),
            "error": "no option to move" if c[d.C_NO_OPTION] else "end reached early",
            "path": kl.path()}


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(prog="python -m benchmarks labyrinth-enumerate")
    ap.add_argument("--sizes", default="3,5,7", help="full enumerations with the universal rules")
    ap.add_argument("--plain", default="3,5", help="sizes also enumerated without rules (7x7 takes hours)")
    ap.add_argument("--ablation", type=int, default=7, help="board size of the per-group table (0: none)")
    ap.add_argument("--first-error", default="9,11", help="keep-left runs to the first error")
    ap.add_argument("--left-half", type=int, default=0,
                    help="board size of the book's left-half run (0: none; the book: 9)")
    ap.add_argument("--walkthroughs", type=int, default=10_000_000,
                    help="... its first walkthroughs in keep-left order")
    ap.add_argument("--rules", default="control", help="... with this rule set")
    ap.add_argument("--state", default=None, help="... resumable from / saved to this file")
    ap.add_argument("--profile", type=int, default=0,
                    help="expansions of the left-half search to profile by rule group (0: none)")
    args = ap.parse_args(argv)
    rows = []
    plain = set(_sizes(args.plain))
    for n in _sizes(args.sizes):
        for name, bits in (("none", 0), ("universal", UNIVERSAL), ("control", CONTROL)):
            if bits == 0 and n not in plain:
                continue
            rows.append(run(n, name, bits))
            print(rows[-1], flush=True)
    ablation = []
    if args.ablation:
        n = args.ablation
        # a group alone prunes too little for 7x7 (plain backtracking there takes hours), so the
        # ablation adds the groups in cascade order and removes each one from the whole set
        acc = 0
        for name, bits in UNIVERSAL_GROUPS.items():
            acc |= bits
            if acc == UNIVERSAL:
                break
            ablation.append(run(n, "up to " + name, acc))
            print(ablation[-1], flush=True)
        for name, bits in UNIVERSAL_GROUPS.items():
            ablation.append(run(n, f"universal without {name}", UNIVERSAL & ~bits))
            print(ablation[-1], flush=True)
    firsts = []
    for n in _sizes(args.first_error):
        firsts.append(first_error(n))
        print({k: v for k, v in firsts[-1].items() if k != "path"}, flush=True)
    half = None
    if args.left_half:
        half = left_half(args.left_half, args.walkthroughs, args.rules, args.state)
        print({k: v for k, v in half.items() if k != "dead_end_files"}, flush=True)
    prof = []
    if args.left_half and args.profile:
        load_before = os.getloadavg()
        prof = profile(args.left_half, args.profile, args.rules)
        prof_load = (load_before, os.getloadavg())
        for p in prof:
            print(p, flush=True)
    write_csv(RESULTS / "labyrinth_enumerate.csv", rows + ablation)
    cmd = "python -m benchmarks labyrinth-enumerate " + " ".join(argv)
    head = ["size", "rules", "walkthroughs", "exact (frontier DP)", "sound", "first half",
            "no option to move", "end reached early", "nodes", "seconds"]

    def table(rs):
        return markdown_table(head, [[r["size"], r["rules"], r["walkthroughs"], r["exact"],
                                      "yes" if r["sound"] else "NO", r["first_half"], r["no_option"],
                                      r["corner_early"], r["nodes"], r["seconds"]] for r in rs])

    out = ["# Labyrinth rules: keep-left enumeration\n", stamp(cmd.strip()),
           "\nThe rule-pruned keep-left depth-first search counts every walkthrough when no rule "
           "forbids a move that can be completed; 'exact' is the frontier-DP count.\n\n", table(rows)]
    if ablation:
        out += [f"\n## Rule groups on {args.ablation}x{args.ablation}\n\n", table(ablation)]
    if firsts:
        out.append("\n## Keep-left until the first error\n\nThe seed: with its 7x7 rules the 9x9 "
                   "keep-left run completes 13 826 walkthroughs before the first situation it "
                   "cannot handle.\n\n")
        out.append(markdown_table(["size", "walkthroughs before", "error", "board (author's format)"],
                                  [[f["size"], f["walkthroughs_before"], f["error"],
                                    "`" + lab.failure_state(f["size"], UNIVERSAL, f["path"],
                                                            f["error"]) + "`"] for f in firsts]))
    if half is not None:
        h = half
        dead = h["no_option"] + h["stuck"] + h["corner_early"]
        out.append(f"\n## Keep-left {h['size']}x{h['size']}: the left half\n\nThe book's run: keep "
                   "left from the start with the first step right (the author's left half, 1 344 "
                   "153 757 walkthroughs in 45 h: ~8 300/s, no dead end with his final rules). "
                   f"Here the first {h['asked']:,} walkthroughs in the same order with the "
                   f"`{h['rules']}` rules, one process, niced; load average (1, 5, 15 min) "
                   f"{h['load_before']} before and {h['load_after']} after on 2 cores, so the "
                   "CPU-time rate is the machine's own speed and the wall-clock rate what the "
                   "shared machine gave.\n\n")
        out.append(markdown_table(
            ["size", "rules", "walkthroughs", "dead ends", "no option to move", "stuck",
             "end reached early", "nodes", "wall s", "CPU s", "walkthroughs/s (wall)",
             "walkthroughs/s (CPU)", "book walkthroughs/s"],
            [[h["size"], h["rules"], h["walkthroughs"], dead, h["no_option"], h["stuck"],
              h["corner_early"], h["nodes"], h["seconds"], h["cpu_seconds"], h["per_second"],
              h["per_cpu_second"], h["book_per_second"]]]))
        if prof:
            total = prof[0]["cpu_seconds"]
            out.append(f"\n### Where the time goes\n\nThe same search for "
                       f"{args.profile:,} expansions from the start, evaluating the rules once more "
                       "at every node with a growing set of groups (cascade order): the added CPU "
                       "time is each group's cost on exactly the nodes the search visits. Best of "
                       "3; load " + " / ".join(" ".join(f"{x:.2f}" for x in ld) for ld in prof_load)
                       + " (before / after): differences of a few hundredths of a second are "
                       "noise.\n\n")
            out.append(markdown_table(["part", "CPU seconds", "share of the search"],
                                      [[p["part"], f"{p['cpu_seconds']:.2f}",
                                        f"{100 * p['cpu_seconds'] / total:.0f} %"] for p in prof]))
        if h["dead_end_files"]:
            out.append("\nDead ends (the author's format):\n\n" + "".join(
                f"- `{f}`\n" for f in h["dead_end_files"]))
    (RESULTS / "labyrinth_enumerate.md").write_text("".join(out))
    print("".join(out))
    sound = all(r["sound"] for r in rows if r["rules"] in ("universal", "control"))
    clean = half is None or half["no_option"] + half["stuck"] + half["corner_early"] == 0
    return 0 if sound and clean else 1

