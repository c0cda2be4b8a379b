"""``explain`` against the listing of every solution, and its time against the uniqueness proof.

    python -m benchmarks explain [--random 100] [--sample 0] [--timeout 60] [--seed 1]

1. The janko corpora (Slitherlink, Nurikabe; skipped when the data is absent): per puzzle the
   time of ``gridsolve.explain`` and of the uniqueness proof (``gridsolve.count(p, limit=2)``,
   the kind's default backend), one after the other in the same process; medians and the ratio
   of the medians (target: explain within 3x).
2. ``--random`` small random puzzles per kind made non-unique by deleting clues (Slitherlink,
   Nurikabe), with random blocked cells (Hamiltonian), or with few colours (edge matching): where
   listing every solution (``gridsolve.solve(p, limit=1000)``, the default backend) is exhausted,
   ``fixed`` must equal the intersection of the solutions' elements, ``differs`` their union
   minus it, and the count theirs. tests/harness/test_explain.py runs the same check on fewer puzzles.

Writes ``benchmarks/results/explain.md`` and ``explain.csv``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

from gridsolve.puzzles import grid
from gridsolve.puzzles.hamiltonian import HamiltonianPuzzle
from gridsolve.puzzles.nurikabe import NurikabePuzzle
from gridsolve.puzzles.slitherlink import SlitherlinkPuzzle

from .common import DATA, RESULTS, command, markdown_table, publish, stamp, write_csv

NAME = "explain"
LISTING = 1000  # solutions listed for the reference
KINDS = ("slitherlink", "nurikabe", "hamiltonian", "edgematching")


# ------------------------------------------------------------------ random puzzles


def random_slitherlink(rng: random.Random) -> SlitherlinkPuzzle:
    """A grown loop's numbers (the seed's generator, 7.1-7.2), about half of them deleted."""
    from gridsolve.native_rules.slitherlink.generate import grow_loop, numbers

    rows, cols = rng.randint(3, 5), rng.randint(3, 5)
    full = numbers(rows, cols, grow_loop(rows, cols, rng))
    keep = rng.uniform(0.3, 0.7)
    return SlitherlinkPuzzle.from_rows([[v if rng.random() < keep else None for v in row]
                                        for row in full.clues])


def random_nurikabe(rng: random.Random) -> NurikabePuzzle:
    """A random solution's numbers -- a connected wall grown cell by cell without a 2x2 block, a
    number per island -- and, on most puzzles with several islands, one number deleted (its
    island must then join the wall or another island: several solutions, or none)."""
    rows, cols = rng.randint(3, 5), rng.randint(3, 5)
    wall = {(rng.randrange(rows), rng.randrange(cols))}
    target = int(rows * cols * rng.uniform(0.4, 0.6))
    while len(wall) < target:
        grow = [c for w in wall for c in grid.neighbours(rows, cols, w)
                if c not in wall and not _closes_block(wall, c)]
        if not grow:
            break
        wall.add(rng.choice(grow))
    clues = [[None] * cols for _ in range(rows)]
    islands = _components(set(grid.cells(rows, cols)) - wall, rows, cols)
    for island in islands:
        r, c = rng.choice(sorted(island))
        clues[r][c] = len(island)
    if len(islands) > 1 and rng.random() < 0.7:
        numbered = [(r, c) for r in range(rows) for c in range(cols) if clues[r][c] is not None]
        r, c = rng.choice(numbered)
        clues[r][c] = None
    return NurikabePuzzle.from_rows(clues)


def _closes_block(wall: set, c) -> bool:
    r0, c0 = c
    return any(all((r, q) in wall or (r, q) == c for r in (a, a + 1) for q in (b, b + 1))
               for a in (r0 - 1, r0) for b in (c0 - 1, c0))


def _components(cells: set, rows: int, cols: int) -> list[set]:
    out, left = [], set(cells)
    while left:
        todo, part = [left.pop()], set()
        while todo:
            x = todo.pop()
            part.add(x)
            for n in grid.neighbours(rows, cols, x):
                if n in left:
                    left.discard(n)
                    todo.append(n)
        out.append(part)
    return out


def random_hamiltonian(rng: random.Random) -> HamiltonianPuzzle:
    """A 3..5 x 3..5 grid from one corner to the opposite one, up to two random blocked cells."""
    rows, cols = rng.randint(3, 5), rng.randint(3, 5)
    start, end = (0, 0), (rows - 1, cols - 1)
    inner = [c for c in grid.cells(rows, cols) if c not in (start, end)]
    return HamiltonianPuzzle(rows, cols, start, end, frozenset(rng.sample(inner, rng.randint(0, 2))))


def random_edgematching(rng: random.Random):
    """The seed's generator on 3x3 with two or three colours, turning allowed or not."""
    from gridsolve.harness.edgematching import generate

    puzzle, _, _ = generate("seed", 3, 3, rng.randint(2, 3), None, rng.randrange(10**6), rng.random() < 0.5)
    return puzzle


MAKERS: dict[str, Callable] = {"slitherlink": random_slitherlink, "nurikabe": random_nurikabe,
                               "hamiltonian": random_hamiltonian, "edgematching": random_edgematching}


# ------------------------------------------------------------------ the reference


def members(solution) -> frozenset:
    """A solution's elements, written from the solution types alone."""
    if solution.kind == "slitherlink":
        return frozenset(solution.edges)
    if solution.kind == "nurikabe":
        return frozenset(solution.black)
    if solution.kind == "hamiltonian":
        return frozenset(tuple(sorted(p)) for p in zip(solution.path, solution.path[1:], strict=False))
    return frozenset((divmod(i, solution.cols), p, k) for i, (p, k) in enumerate(solution.placements))


def compare(puzzle, seconds: float = 60.0, listing: int = LISTING) -> dict:
    """Explain ``puzzle`` (with ``limit=2``: the backbone by assumption tests; and with the
    listing's limit: by its own count) and list its solutions with the default backend; the row
    says whether count, ``fixed`` and ``differs`` agree (None when the listing was not exhausted)."""
    import gridsolve

    t0 = time.perf_counter()
    x = gridsolve.explain(puzzle, limit=2, timeout=seconds)  # the backbone by assumptions
    took = time.perf_counter() - t0
    whole = gridsolve.explain(puzzle, limit=listing, timeout=seconds)  # and by its own count
    r = gridsolve.solve(puzzle, limit=listing, timeout=seconds)
    row = {"kind": puzzle.kind, "size": f"{puzzle.rows}x{puzzle.cols}", "count": whole.count,
           "listed": len(r.solutions), "explain_s": round(took, 5), "agree": None}
    if r.exhausted and whole.exhausted and x.complete and whole.complete:
        sets = [members(s) for s in r.solutions]
        inter = frozenset.intersection(*sets) if sets else frozenset()
        union = frozenset.union(*sets) if sets else frozenset()
        row["agree"] = whole.count == len(sets) and all(
            e.fixed == inter and e.differs == union - inter for e in (x, whole))
    return row


# ------------------------------------------------------------------ the benchmark


def janko_times(kind: str, sample: int, seed: int, seconds: float) -> list[dict]:
    from gridsolve.puzzles.formats import read

    import gridsolve

    path = DATA / kind / "janko-puzzlekit.json"
    if not path.exists():
        print(f"skipped {kind}: {path} not present")
        return []
    entries = [e for e in read(str(path)) if e.ok]
    if sample:
        entries = random.Random(seed).sample(entries, min(sample, len(entries)))
    rows = []
    for e in entries:
        t0 = time.perf_counter()
        c = gridsolve.count(e.puzzle, limit=2, timeout=seconds)
        t1 = time.perf_counter()
        x = gridsolve.explain(e.puzzle, timeout=seconds)
        t2 = time.perf_counter()
        rows.append({"kind": kind, "id": e.id, "size": e.puzzle.size, "count_s": round(t1 - t0, 5),
                     "explain_s": round(t2 - t1, 5), "count": c.count, "explain_count": x.count,
                     "unique": x.unique, "complete": x.complete, "fixed": len(x.fixed),
                     "differs": len(x.differs)})
    return rows


def main(argv: list[str]) -> int:
    import os

    ap = argparse.ArgumentParser(prog="python -m benchmarks explain")
    ap.add_argument("--random", type=int, default=100, help="random puzzles per kind (0 = none)")
    ap.add_argument("--sample", type=int, default=0, help="only N random janko puzzles per kind (0 = all)")
    ap.add_argument("--timeout", type=float, default=60.0, help="seconds per puzzle and call")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    load = os.getloadavg()[0]
    out = ["# explain: the backbone by incremental SAT\n", stamp(command("explain", argv)),
           f"Load average at the start: {load:.1f} (the machine was shared).\n"]
    timing = []
    for kind in ("slitherlink", "nurikabe"):
        timing += janko_times(kind, args.sample, args.seed, args.timeout)
    table = []
    for kind in ("slitherlink", "nurikabe"):
        rows = [r for r in timing if r["kind"] == kind]
        if not rows:
            table.append([kind, 0, "-", "-", "-", "skipped (no data)", "-"])
            continue
        mc = statistics.median(r["count_s"] for r in rows)
        mx = statistics.median(r["explain_s"] for r in rows)
        wrong = sum(r["count"] != r["explain_count"] for r in rows if r["count"] < 2)
        table.append([kind, len(rows), f"{mc:.4f}", f"{mx:.4f}", f"{mx / mc:.2f}",
                      sum(not r["unique"] for r in rows), wrong])
    out.append("## janko corpora: explain vs the uniqueness proof (count --limit 2, default backend)\n")
    out.append(markdown_table(["kind", "puzzles", "count median s", "explain median s", "ratio",
                               "not unique", "count disagreements"], table))
    checks = []
    for kind in KINDS:
        rng = random.Random(f"{args.seed}-{kind}")
        for i in range(args.random):
            checks.append({"i": i, **compare(MAKERS[kind](rng), args.timeout)})
    rows = []
    for kind in KINDS:
        mine = [r for r in checks if r["kind"] == kind]
        if not mine:
            continue
        decided = [r for r in mine if r["agree"] is not None]
        rows.append([kind, len(mine), sum(r["count"] > 1 for r in mine), len(decided),
                     sum(r["agree"] is True for r in decided), sum(r["agree"] is False for r in decided),
                     f"{statistics.median(r['explain_s'] for r in mine):.4f}"])
    out.append(f"\n## {args.random} random puzzles per kind: fixed / differs vs every solution listed\n")
    out.append(markdown_table(["kind", "puzzles", "not unique", "listing exhausted", "agree", "disagree",
                               "explain median s"], rows))
    write_csv(RESULTS / f"{NAME}_random.csv", checks)
    publish(NAME, "\n".join(out), timing)
    return int(any(r["agree"] is False for r in checks))
