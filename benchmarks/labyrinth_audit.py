"""Audit of the ported rules (default: the default set, control,large) against the exact
completion oracle: random walks (the author's statistics mode) on 9x9 and 11x11, every step's
possible moves compared with the moves that can still be completed (frontier DP / incremental
SAT, ``harness.labyrinth.audit``).
"Unsound" = a rule forbade a completable move (must be 0); "allowed a dead move" = the rules let
the walk into a position that cannot be completed (the universal rules are not complete).

    python -m benchmarks labyrinth-audit [--sizes 9,11] [--walks 10000 | 9:10000,21:200] [--seed 0]
                                         [--rules control,large]

Writes ``benchmarks/results/labyrinth_audit.md`` (+ csv) and, for the first boards where the rules
allowed a dead move, ``labyrinth_audit_dead_<n>.txt`` (one saved state per line, the author's
format with the options our rules computed). ``--walks 200`` for a quick check. Exit 1 if any
step is unsound.
"""

from __future__ import annotations

import argparse
import time

from gridsolve.harness import labyrinth as lab

from .common import RESULTS, markdown_table, stamp, write_csv


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(prog="python -m benchmarks labyrinth-audit")
    ap.add_argument("--sizes", default="9,11")
    ap.add_argument("--walks", default="10000",
                    help="walks per size: one number, or n:count,... (other sizes 10 000)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--rules", default=lab.DEFAULT_RULES, help="rule set or groups (as gridsolve walk)")
    args = ap.parse_args(argv)
    try:
        groups = lab.parse_rules(args.rules)
    except ValueError as exc:
        ap.error(str(exc))
    per_size = ({int(k): int(v) for k, v in (p.split(":") for p in args.walks.split(",") if p)}
                if ":" in args.walks else {})
    rows, reports = [], []
    for n in [int(s) for s in args.sizes.split(",") if s.strip()]:
        walks = per_size.get(n, 10_000) if per_size else int(args.walks)
        t0, c0 = time.perf_counter(), time.process_time()

        def progress(w, rep, n=n, t0=t0, every=max(1, walks // 10)):
            if (w + 1) % every == 0:
                print(f"  {n}x{n}: {w + 1} walks, {rep.unsound} unsound, {rep.dead_allowed} dead "
                      f"moves allowed, {time.perf_counter() - t0:.0f} s", flush=True)

        rep = lab.audit(n, walks, args.seed, groups, keep=50, progress=progress)
        cpu = time.process_time() - c0
        reports.append(rep)
        rows.append({"rules": args.rules, "size": n, "walks": rep.walks, "completed": rep.completed,
                     "no_option": rep.errors.get("no option to move", 0),
                     "corner_early": rep.errors.get("corner early", 0),
                     "steps_checked": rep.checked, "unsound": rep.unsound,
                     "dead_allowed": rep.dead_allowed, "walks_went_dead": rep.went_dead,
                     "exact_steps": rep.exact, "seconds": round(rep.seconds, 1),
                     "cpu_seconds": round(cpu, 1)})
        print(rep.line(), flush=True)
        dead = [f.state for f in rep.findings if f.kind == "dead allowed"]
        (RESULTS / f"labyrinth_audit_dead_{n}.txt").write_text("\n".join(dead) + "\n")
        for f in rep.findings:
            if f.kind == "unsound":
                print(f"UNSOUND walk {f.walk} step {f.step}: {f.moves}\n  {f.state}", flush=True)
    write_csv(RESULTS / "labyrinth_audit.csv", rows)
    cmd = ("python -m benchmarks labyrinth-audit " + " ".join(argv)).strip()
    head = ["rules", "size", "walks", "completed", "no option to move", "end reached early", "steps checked",
            "unsound", "steps allowing a dead move", "walks that took one", "exact steps", "s", "CPU s"]
    fired = ["rule", *[f"{r.n}x{r.n}" for r in reports]]
    names = sorted({k for r in reports for k in r.fired}, key=lambda k: -sum(r.fired[k] for r in reports))
    out = ["# Labyrinth rules: audit against the exact oracle\n", stamp(cmd),
           "\nEvery step of each random walk (uniform among the moves the rules allow) is compared "
           "with the moves that can still be completed, while the walk itself can still be "
           "completed and has two or more candidates.\n\n",
           markdown_table(head, [list(r.values()) for r in rows]),
           "\nForbidden candidates per rule (all steps):\n\n",
           markdown_table(fired, [[k, *[r.fired.get(k, 0) for r in reports]] for k in names])]
    unsound = [f for r in reports for f in r.findings if f.kind == "unsound"]
    if unsound:
        out.append("\n## Unsound steps\n\n" + "\n".join(
            f"- walk {f.walk} step {f.step}: {', '.join(f.moves)} `{f.state}`" for f in unsound) + "\n")
    (RESULTS / "labyrinth_audit.md").write_text("".join(out))
    print("".join(out))
    return 1 if any(r.unsound for r in reports) else 0
