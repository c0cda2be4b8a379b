"""Eternity II, the official 16x16 with its mandatory starter piece (139 on I8): maximise the
matched inner joins with CP-SAT (``gridsolve solve e2pieces.txt --maximize-joins``) for a fixed
time, and report the best score, the bound and the progress. The best known result is 470 of 480.

    python -m benchmarks edgematching-maxjoins [--timeout 600] [--workers 2] [--hints]

``--hints`` adds the four clue-puzzle hint pieces. Writes
``benchmarks/results/edgematching_maxjoins.md`` (score, bound, progress, the best board in the
seed's layout) and ``edgematching_maxjoins.json`` (the board as placements).
"""

from __future__ import annotations

import argparse
import json

from gridsolve.harness import registry
from gridsolve.harness.run import run
from gridsolve.puzzles.check.edgematching import check
from gridsolve.puzzles.formats import edgematching as fm
from gridsolve.puzzles.formats import read
from gridsolve.puzzles.render.edgematching import seed_layout
from gridsolve.puzzles.solving import Limit

from .common import RESULTS, data, stamp

NAME = "edgematching_maxjoins"


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(prog="python -m benchmarks edgematching-maxjoins")
    ap.add_argument("--timeout", type=float, default=600.0)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--hints", action="store_true", help="add the four clue-puzzle hints")
    args = ap.parse_args(argv)
    [e] = read(str(data("edgematching", "eternity2", "e2pieces.txt")))
    puzzle = fm.adjust(e.puzzle, hints=True) if args.hints else e.puzzle
    r = run(registry.get("edgematching", "cpsat"), puzzle, Limit(args.timeout, 1),
            maximize_joins=True, workers=args.workers, trace=True)
    s = r.stats
    cmd = "python -m benchmarks edgematching-maxjoins" + (" " + " ".join(argv) if argv else "")
    out = ["# Eternity II: most matched joins in a fixed time (CP-SAT)\n\n", stamp(cmd), "\n"]
    fixed = ", ".join(f"piece {p} at row {r_ + 1} col {c + 1} rot {k}" for r_, c, p, k in puzzle.hints)
    out.append(f"Official 16x16 set, {len(puzzle.hints)} fixed piece(s): {fixed}. Border rule and fixed "
               f"pieces are hard constraints; the {s.get('total_joins')} inner joins are soft. "
               f"{args.workers} CP-SAT worker(s), {args.timeout:g} s.\n\n")
    if "objective" in s:
        best = r.best
        hard = [v for v in check(puzzle, best) if v.code != "edge-mismatch"]
        out.append(f"**Best: {s['objective']} of {s['total_joins']} joins matched** (bound {s['bound']}; "
                   f"best known 470), status {r.status}, {r.seconds:.0f} s. Checker: "
                   f"{'only mismatched joins' if not hard else '; '.join(map(str, hard[:3]))}.\n\n")
        (RESULTS / f"{NAME}.json").write_text(json.dumps({"objective": s["objective"], "bound": s["bound"],
                                                          **best.to_json()}) + "\n")
    else:
        out.append(f"No board found: status {r.status}, {r.seconds:.0f} s, {r.error or ''}\n\n")
    progress = "\n".join(s.get("trace", []))
    out.append("Progress (wall time, matched joins, bound):\n\n```\n" + progress + "\n```\n")
    if "objective" in s:
        out.append("\nBest board (seed layout; tile ids are piece numbers - 1):\n\n```\n"
                   + seed_layout(puzzle, best) + "```\n")
    (RESULTS / f"{NAME}.md").write_text("".join(out))
    print("".join(out))
    return 0


if __name__ == "__main__":
    import sys

    sys.exit(main(sys.argv[1:]))
