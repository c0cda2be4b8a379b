"""Edge matching on real piece sets: the four Eternity II clue puzzles and Brendan Owen's
Eternity-II-style boards (3x3 up, colour counts at the hardness peak), rotation allowed, first
solution within the time limit, every solution checked by the independent checker.

    python -m benchmarks edgematching-real [--timeout 60] [--backends sat,sat-rot,cpsat,backtrack-rot]
        [--max-side 20] [--give-up 2] [--square-only]

Boards run in order of area (then rows); a backend stops after ``--give-up`` consecutive
timeouts on Brendan Owen boards (larger ones are out of reach), the clue puzzles always run.
Reports the largest board solved per backend (and the largest square one), per-board times, and
writes ``benchmarks/results/edgematching_real.{md,csv}``.
"""

from __future__ import annotations

import argparse
import re
import time

from gridsolve.harness import registry
from gridsolve.harness.run import run
from gridsolve.puzzles.formats import read
from gridsolve.puzzles.solving import Limit, Status

from .common import command, data, markdown_table, publish, stamp

NAME = "edgematching_real"


def instances(max_side: int, square_only: bool):
    clues = [(f"clue{i}", data("edgematching", "eternity2", f"clue{i}.txt")) for i in range(1, 5)]
    owen = []
    for path in data("edgematching", "brendan-owen").glob("pieces_*.txt"):
        m = re.fullmatch(r"pieces_(\d+)x(\d+)\.txt", path.name)
        if m:
            r, c = int(m.group(1)), int(m.group(2))
            if max(r, c) <= max_side and (r == c or not square_only):
                owen.append((r * c, r, f"owen-{r}x{c}", path))
    return clues, [(name, path) for _, _, name, path in sorted(owen)]


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(prog="python -m benchmarks edgematching-real")
    ap.add_argument("--timeout", type=float, default=60.0)
    ap.add_argument("--backends", default="sat,sat-rot,cpsat,backtrack-rot")
    ap.add_argument("--max-side", type=int, default=20)
    ap.add_argument("--give-up", type=int, default=2, help="consecutive timeouts before a backend stops")
    ap.add_argument("--square-only", action="store_true")
    args = ap.parse_args(argv)
    backends = [registry.get("edgematching", b) for b in args.backends.split(",") if b]
    clues, owen = instances(args.max_side, args.square_only)
    limit = Limit(args.timeout, 1)
    rows = []
    misses = {b.name: 0 for b in backends}
    t0 = time.perf_counter()
    for group, items in (("clue", clues), ("owen", owen)):
        for ident, path in items:
            [e] = read(str(path))
            for b in backends:
                if group == "owen" and misses[b.name] >= args.give_up:
                    continue
                r = run(b, e.puzzle, limit)
                if group == "owen":
                    misses[b.name] = misses[b.name] + 1 if r.status == Status.TIMEOUT else 0
                rows.append({"set": group, "id": ident, "rows": e.puzzle.rows, "cols": e.puzzle.cols,
                             "pieces": e.puzzle.n, "colours": len(e.puzzle.colours()), "backend": b.name,
                             "status": str(r.status), "seconds": round(r.seconds, 3),
                             "error": r.error or r.note})
            done = ", ".join(f"{x['backend']} {x['status']} {x['seconds']:.1f}s"
                             for x in rows if x["id"] == ident)
            print(f"  {ident}: {done} ({time.perf_counter() - t0:.0f} s)", flush=True)
            if group == "owen" and all(misses[b.name] >= args.give_up for b in backends):
                break
    publish(NAME, render(rows, backends, args, argv), rows)
    return 0


def render(rows, backends, args, argv) -> str:
    cmd = command("edgematching-real", argv)
    out = ["# Edge matching: Eternity II clue puzzles and Brendan Owen's boards\n\n", stamp(cmd),
           f"\nFirst solution, rotation allowed, time limit {args.timeout:g} s per board and backend, every "
           f"solution checked. Brendan Owen boards run by area; a backend stops after {args.give_up} "
           "consecutive timeouts.\n\n## Largest board solved per backend\n\n"]
    table = []
    for b in backends:
        solved = [r for r in rows
                  if r["backend"] == b.name and r["set"] == "owen" and r["status"] == "solved"]
        best = max(solved, key=lambda r: (r["pieces"], r["rows"]), default=None)
        square = max((r for r in solved if r["rows"] == r["cols"]), key=lambda r: r["pieces"], default=None)
        clue = [r for r in rows if r["backend"] == b.name and r["set"] == "clue"]
        table.append([b.name, f"{best['id']} ({best['seconds']} s)" if best else "-",
                      f"{square['id']} ({square['seconds']} s)" if square else "-",
                      len(solved), f"{sum(r['status'] == 'solved' for r in clue)}/{len(clue)}"])
    out.append(markdown_table(["backend", "largest solved", "largest square solved",
                               "Owen boards solved", "clue puzzles solved"], table))
    ids = []
    for r in rows:
        if r["id"] not in ids:
            ids.append(r["id"])
    out.append("\n## Per board (seconds; `-` not run)\n\n")
    body = []
    for ident in ids:
        mine = {r["backend"]: r for r in rows if r["id"] == ident}
        first = next(iter(mine.values()))
        cells = []
        for b in backends:
            r = mine.get(b.name)
            cells.append("-" if r is None else f"{r['seconds']}" if r["status"] == "solved"
                         else f"{r['status']}" + (f" {r['seconds']}" if r["status"] == "timeout" else ""))
        body.append([ident, f"{first['rows']}x{first['cols']}", first["colours"], *cells])
    out.append(markdown_table(["board", "size", "colours", *[b.name for b in backends]], body))
    bad = [r for r in rows if r["status"] == "error"]
    if bad:
        out.append("\nErrors: " + "; ".join(f"{r['id']} {r['backend']}: {r['error']}" for r in bad) + "\n")
    return "".join(out)


if __name__ == "__main__":
    import sys

    sys.exit(main(sys.argv[1:]))
