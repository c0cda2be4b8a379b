"""The labyrinth author's keep-left enumeration with the ported universal rules: soundness (the
walkthrough count must equal the exact number of paths -- 104 on 5x5, 111 712 on 7x7; fewer means
a rule forbade a move that can be completed), how much each rule group prunes (ablation on 7x7),
and where the 9x9 keep-left run with the universal rules first meets "no option to move" (the
seed: walkthrough 13 826 with its 7x7 rules); the control set on 3-7 beside them.

    python -m benchmarks labyrinth-enumerate [--sizes 3,5,7] [--ablation 7] [--first-error 9,11]

Writes ``benchmarks/results/labyrinth_enumerate.{csv,md}``. About a minute (numba compilation
included).
"""

from __future__ import annotations

import argparse

from gridsolve.harness import labyrinth as lab
from gridsolve.native_rules.hamiltonian.drivers import enumerate_keep_left
from gridsolve.native_rules.hamiltonian.engine import CONTROL, GROUPS, UNIVERSAL

from .common import RESULTS, markdown_table, stamp, write_csv

UNIVERSAL_GROUPS = {k: v for k, v in GROUPS.items() if v & UNIVERSAL}


def _sizes(text: str) -> list[int]:
    return [int(s) for s in text.split(",") if s.strip()]


def run(n: int, rules: str, groups: int) -> dict:
    r = enumerate_keep_left(n, groups)
    exact = lab.exact_count(n)
    return {"size": n, "rules": rules, "walkthroughs": r.walkthroughs, "exact": exact,
            "sound": r.walkthroughs == exact, "first_half": r.first_half,
            "no_option": r.no_option, "stuck": r.stuck, "corner_early": r.corner_early,
            "nodes": r.nodes, "seconds": round(r.seconds, 3)}


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
                                    "`" + _state(f["size"], f["path"]) + "`"] for f in firsts]))
    (RESULTS / "labyrinth_enumerate.md").write_text("".join(out))
    print("".join(out))
    sound = all(r["sound"] for r in rows if r["rules"] == "universal")
    return 0 if sound else 1


def _state(n: int, cells) -> str:
    """The board in the author's format, with the options the port computes at every step."""
    from gridsolve.native_rules.hamiltonian.audit import Stepper, Walk

    st = Stepper(n)
    options = [(1,)]
    for cell in list(cells[1:]) + [None]:
        _, allowed, _ = st.step()
        options.append(tuple(allowed))
        if cell is not None:
            st.move(next(d for d in range(4) if st.neighbour(d) == cell))
    return Walk(n, "", list(cells), options).state()
