"""Is ``--timeout`` honoured on instances too large to solve? Every declarative backend of every
kind runs, through the real CLI as a subprocess, on oversized seeded instances:

* edge matching: ``gridsolve generate edgematching --size 30x30 --style e2 --seed 1``;
* Nurikabe 1000x1000 with 2 % clues (1-9, seeded; it need not be solvable);
* Slitherlink 200x200: the clues of a random simply connected region's boundary (seeded), half shown;
* Hamiltonian 29x29 (the widest grid the frontier DP packs) and 200x200 (dp refuses: too wide).

    python -m benchmarks deadlines [--timeout 20] [--only KIND]

Each run is ``gridsolve solve FILE --backend B --timeout T --format json``; the whole process's
wall clock (and the backend call's own seconds, from the JSON record) and peak RSS (``os.wait4``
of a fresh child per run) are measured here.
Verdict: ``ok`` when the process ended within 10 % + 1 s of T, ``refused`` when the backend
refused the size up front with a reason (``error`` naming the estimate), else ``OVER``. Writes
``benchmarks/results/deadlines.md`` (+ csv).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from .common import command, markdown_table, publish, stamp

NAME = "deadlines"
GRIDSOLVE = str(Path(sys.executable).with_name("gridsolve"))

# kind -> (instance, declarative backends)
INSTANCES = (("edgematching", "e2-30x30"), ("nurikabe", "nurikabe-1000"), ("slitherlink", "slitherlink-200"),
             ("hamiltonian", "hamiltonian-29"), ("hamiltonian", "hamiltonian-200"))


def declarative(kind: str) -> tuple[str, ...]:
    """The kind's declarative backends (and the exact DP), as registered."""
    from gridsolve.harness import registry

    return tuple(b.name for b in registry.for_kind(kind) if b.family in ("sat", "cpsat") or b.name == "dp")


def nurikabe_text(size: int, density: float, seed: int) -> str:
    """A size x size Nurikabe with ``density`` of its cells numbered 1-9 (seeded)."""
    rng = random.Random(seed)
    rows = [["."] * size for _ in range(size)]
    for cell in rng.sample(range(size * size), int(density * size * size)):
        rows[cell // size][cell % size] = str(rng.randint(1, 9))
    return f"nurikabe {size}x{size} random-{seed}\n" + "\n".join(" ".join(r) for r in rows) + "\n"


def _simple(inside: set, r: int, c: int) -> bool:
    """Adding (r, c) keeps the region simply connected: its inside neighbours around the ring of
    eight form one run that holds a side neighbour, and no two inside cells meet only at a corner."""
    ring = [(-1, -1), (-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1)]
    bits = [(r + dr, c + dc) in inside for dr, dc in ring]
    runs = sum(1 for i in range(8) if bits[i] and not bits[i - 1])
    side = any(bits[i] for i in (1, 3, 5, 7))
    corner_only = any(bits[i] and not bits[i - 1] and not bits[(i + 1) % 8] for i in (0, 2, 4, 6))
    return runs == 1 and side and not corner_only


def slitherlink_text(size: int, seed: int, shown: float = 0.5) -> str:
    """A size x size Slitherlink: a random simply connected region grown from the centre (away
    from the border) over about half the cells; each cell's clue is how many of its sides are on
    the region's boundary, ``shown`` of them shown (seeded)."""
    rng = random.Random(seed)
    inside = {(size // 2, size // 2)}
    frontier = [(size // 2 + dr, size // 2 + dc) for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))]
    target = size * size // 2
    while frontier and len(inside) < target:
        r, c = frontier.pop(rng.randrange(len(frontier)))
        if (r, c) in inside or not (1 <= r < size - 1 and 1 <= c < size - 1) or not _simple(inside, r, c):
            continue
        inside.add((r, c))
        frontier.extend((r + dr, c + dc) for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0)))
    lines = []
    for r in range(size):
        row = []
        for c in range(size):
            n = sum(((r, c) in inside) != ((r + dr, c + dc) in inside)
                    for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0)))
            row.append(str(n) if rng.random() < shown else ".")
        lines.append(" ".join(row))
    return f"slitherlink {size}x{size} random-{seed}\n" + "\n".join(lines) + "\n"


def write_instances(folder: Path) -> dict[str, Path]:
    """The oversized instances as files in ``folder``, by name."""
    out = {}
    em = out["e2-30x30"] = folder / "e2-30x30.txt"
    em.write_text(subprocess.run([GRIDSOLVE, "generate", "edgematching", "--size", "30x30", "--style", "e2",
                                  "--seed", "1"], check=True, capture_output=True, text=True).stdout)
    out["nurikabe-1000"] = folder / "nurikabe-1000.txt"
    out["nurikabe-1000"].write_text(nurikabe_text(1000, 0.02, 1))
    out["slitherlink-200"] = folder / "slitherlink-200.txt"
    out["slitherlink-200"].write_text(slitherlink_text(200, 1))
    for n in (29, 200):
        path = folder / f"hamiltonian-{n}.txt"
        path.write_text(f"hamiltonian {n}x{n}\n" + "\n".join(
            " ".join("S" if (r, c) == (0, 0) else "E" if (r, c) == (n - 1, n - 1) else "." for c in range(n))
            for r in range(n)) + "\n")
        out[f"hamiltonian-{n}"] = path
    return out


def run_one(path: Path, kind: str, backend: str, timeout: float) -> dict:
    """``gridsolve solve`` in a fresh child: wall seconds, its own peak RSS (``os.wait4``), exit
    code, status and reason (the JSON record, else the last stderr line)."""
    with tempfile.TemporaryFile("w+") as out, tempfile.TemporaryFile("w+") as err:
        t0 = time.perf_counter()
        proc = subprocess.Popen([GRIDSOLVE, "solve", str(path), "--kind", kind, "--backend", backend,
                                 "--timeout", str(timeout), "--format", "json"], stdout=out, stderr=err)
        _, code, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - t0
        proc.returncode = os.waitstatus_to_exitcode(code)
        out.seek(0)
        err.seek(0)
        stdout, stderr = out.read(), err.read()
    status, reason, inside = "?", "", ""
    if stdout.strip():
        rec = json.loads(stdout.strip().splitlines()[-1])
        status, reason, inside = rec.get("status", "?"), rec.get("error") or "", rec.get("seconds", "")
    elif stderr.strip():
        reason = stderr.strip().splitlines()[-1]
    bound = 1.1 * timeout + 1
    refused = status == "error" and "needs about" in reason
    verdict = "refused" if refused and wall <= bound else "ok" if wall <= bound and status != "?" else "OVER"
    return {"kind": kind, "instance": path.stem, "backend": backend, "status": status,
            "exit": proc.returncode, "wall_s": round(wall, 2), "backend_s": inside,
            "peak_rss_mb": round(usage.ru_maxrss / 1024),
            "verdict": verdict, "reason": reason[:200]}


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(prog="python -m benchmarks deadlines")
    ap.add_argument("--timeout", type=float, default=20.0)
    ap.add_argument("--only", help="one kind")
    args = ap.parse_args(argv)
    load_before = os.getloadavg()
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        files = write_instances(Path(tmp))
        for kind, instance in INSTANCES:
            if args.only and kind != args.only:
                continue
            for backend in declarative(kind):
                row = run_one(files[instance], kind, backend, args.timeout)
                rows.append(row)
                print(row, flush=True)
    load_after = os.getloadavg()
    bound = 1.1 * args.timeout + 1
    over = [r for r in rows if r["verdict"] == "OVER"]
    header = ["kind", "instance", "backend", "status", "exit", "wall s", "backend s", "peak RSS MB",
              "verdict", "reason"]
    keys = ["kind", "instance", "backend", "status", "exit", "wall_s", "backend_s", "peak_rss_mb",
            "verdict", "reason"]
    table = markdown_table(header, [[r[k] for k in keys] for r in rows])
    overs = f"; over: {', '.join(r['kind'] + ' ' + r['backend'] for r in over)}" if over else ""
    report = (f"# Deadlines on oversized instances\n\n{stamp(command(NAME, argv))}"
              f"Load average before {load_before[0]:.2f}, after {load_after[0]:.2f} "
              "(the machine is shared).\n\n"
              f"Bound: 10 % + 1 s of --timeout {args.timeout:g} = {bound:.1f} s of whole-process wall clock "
              "(start-up, reading the puzzle and writing the result included); *backend s* is the "
              "solve call alone, as the JSON record reports it.\n\n"
              f"{table}\n**Verdict: {len(rows) - len(over)} of {len(rows)} within the bound or refused "
              f"up front{overs}.**\n")
    publish(NAME, report, rows)
    return 1 if over else 0
