"""Replay of the labyrinth author's saved board states (``../shared/data/hamiltonian/
fodor-states``) through the ported universal rules: at every recorded step, the moves the port
allows against the options the author's program recorded, and -- where they differ -- the exact
oracle's verdict on each disputed move (frontier DP up to 9x9, incremental SAT beyond).

    python -m benchmarks labyrinth-replay [--sizes all | 5,7,9] [--oracle-max 11] [--no-oracle]
                                          [--rules control]

Writes ``benchmarks/results/labyrinth_replay.{csv,md}``. All 476 files in a few seconds with the
default ``--oracle-max 11``: disputed moves are judged on boards up to that size (DP to 9x9,
incremental SAT beyond), larger boards are compared without verdicts; ``--oracle-max 25`` judges
every file (proving moves dead by SAT on the 21x21 / 25x25 boards: tens of minutes).
"""

from __future__ import annotations

import argparse
from collections import Counter

from gridsolve.harness import labyrinth as lab

from .common import RESULTS, data, markdown_table, stamp, write_csv

REASONS = {
    ("author stricter", False): "the author's program forbade a dead move the universal rules allow "
                                "(its size-specific / later rules)",
    ("author stricter", True): "the author's program forbade a move that can be completed (a rule "
                               "version of the day that was wrong)",
    ("port stricter", False): "the port forbids a dead move the author's program allowed (a rule "
                              "that did not exist yet, or worked differently, in that version)",
    ("port stricter", True): "the port forbids a move that can be completed (must never happen)",
    ("author stricter", None): "not decided within the SAT time limit",
    ("port stricter", None): "not decided within the SAT time limit",
}


def classify(d) -> list[tuple[str, bool]]:
    """(side that forbade it, completable?) per disputed move of a differing step."""
    out = []
    for move, ok in d.verdict.items():
        side = "port stricter" if move in d.recorded else "author stricter"
        out.append((side, ok))
    return out


def _order(item):
    (n, side, ok), _ = item
    return n, side, str(ok)


def version(name: str) -> str:
    """Which program version saved a state: the year of a dated file (YYYY_MMDD...), the
    walkthrough-numbered 7x7 / 9x9 states, or the rest (book figures, rule examples)."""
    stem = name.replace("\\", "/").split("/")[-1]
    if stem[:4].isdigit() and stem[4:5] == "_":
        return stem[:4]
    if stem[:2] in ("7_", "9_"):
        return stem[:2] + "<N>"
    return "other"


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(prog="python -m benchmarks labyrinth-replay")
    ap.add_argument("--sizes", default="all", help="board sizes (5,7,9), or 'all'")
    ap.add_argument("--no-oracle", action="store_true")
    ap.add_argument("--oracle-max", type=int, default=11,
                    help="judge disputed moves on boards up to this size (SAT beyond 9x9)")
    ap.add_argument("--sat-seconds", type=float, default=60.0, help="SAT time per disputed move")
    ap.add_argument("--rules", default=lab.DEFAULT_RULES,
                    help="the port's rule set (control,large, control, universal, ...)")
    args = ap.parse_args(argv)
    folder = data("hamiltonian", "fodor-states")
    sizes = None if args.sizes == "all" else {int(s) for s in args.sizes.split(",")}
    reps = lab.replay_paths([str(folder)], sizes, lab.parse_rules(args.rules), use_oracle=not args.no_oracle,
                            oracle_max=args.oracle_max, sat_seconds=args.sat_seconds)
    rows, reasons = [], Counter()
    by_size: dict[int, list] = {}
    for r in reps:
        by_size.setdefault(r.size, []).append(r)
        for d in r.diffs:
            for key in classify(d):
                reasons[(r.size, *key)] += 1
    for n in sorted(by_size):
        rs = [r for r in by_size[n] if not r.error]
        c = Counter()
        for r in rs:
            c.update(r.counts)
        rows.append({"size": n, "files": len(by_size[n]), "files_agreeing": sum(r.agree for r in rs),
                     "steps_with_rules": sum(r.steps for r in rs), "agree": c["agree"],
                     "author_stricter": c["author stricter"], "port_stricter": c["port stricter"],
                     "different": c["different"], "moves_off_own_options": sum(r.off_options for r in rs),
                     "errors": sum(bool(r.error) for r in by_size[n])})
        print(rows[-1], flush=True)
    versions: dict[str, Counter] = {}
    for r in reps:
        v = versions.setdefault(version(r.name), Counter())
        v["files"] += 1
        v["agreeing"] += r.agree
        v["steps"] += r.steps
        v.update(r.counts)
    write_csv(RESULTS / "labyrinth_replay.csv", rows)
    cmd = ("python -m benchmarks labyrinth-replay " + " ".join(argv)).strip()
    head = ["size", "files", "files agreeing at every step", "steps with rules", "steps agreeing",
            "author stricter", "port stricter", "both differ", "recorded moves outside own options"]
    out = ["# Labyrinth rules: replay of the author's saved states\n", stamp(cmd),
           f"\nRules: `{args.rules}`. At every recorded step with two or more candidates (the rules "
           "run), the set of moves the port allows is compared with the options the author's "
           "program recorded.\n\n",
           markdown_table(head, [[r["size"], r["files"], r["files_agreeing"], r["steps_with_rules"],
                                  r["agree"], r["author_stricter"], r["port_stricter"], r["different"],
                                  r["moves_off_own_options"]] for r in rows])]
    out.append("\n## By program version (the year in the file name)\n\n" + markdown_table(
        ["saved by", "files", "files agreeing", "steps with rules", "agreeing", "author stricter",
         "port stricter", "both differ"],
        [[k, v["files"], v["agreeing"], v["steps"], v["agree"], v["author stricter"],
          v["port stricter"], v["different"]] for k, v in sorted(versions.items())]))
    if not args.no_oracle:
        out.append("\n## Why they differ (disputed moves, judged by the exact oracle)\n\n")
        out.append(markdown_table(
            ["size", "forbidden by", "move can be completed", "moves", "reading"],
            [[n, side.split()[0], "?" if ok is None else "yes" if ok else "no", k, REASONS[(side, ok)]]
             for (n, side, ok), k in sorted(reasons.items(), key=_order)]))
        bad = [(r.name, d.step) for r in reps for d in r.diffs
               for side, ok in classify(d) if side == "port stricter" and ok]
        out.append(f"\nThe port forbade a completable move at {len(bad)} recorded steps.\n")
        diffs = [(r.name, d) for r in reps for d in r.diffs]
        if diffs:
            out.append("\n## Differing steps\n\n" + markdown_table(
                ["state", "step", "recorded", "port", "disputed move: completable?"],
                [[name, d.step, ",".join(map(str, d.recorded)), ",".join(map(str, d.ours)),
                  ", ".join(f"{'DRUL'[k]}: {'?' if v is None else 'yes' if v else 'no'}"
                            for k, v in sorted(d.verdict.items()))]
                 for name, d in diffs]))
    (RESULTS / "labyrinth_replay.md").write_text("".join(out))
    print("".join(out[:5]))
    port_errors = sum(k for (n, side, ok), k in reasons.items() if side == "port stricter" and ok)
    return 1 if port_errors else 0
