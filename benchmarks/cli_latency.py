"""How long ``gridsolve`` takes as a process: per kind, ``gridsolve solve SMALL`` with the kind's
default backend, next to ``python -c pass`` and ``gridsolve --help``, and the first
``solve --backend rules+sat`` and ``walk`` (the numba-compiled rules).

    python -m benchmarks cli-latency [--runs 5]

Each command runs once against a fresh numba cache (``NUMBA_CACHE_DIR`` a new empty folder: what
the first use after ``pip install`` pays) -- "cold" -- and then ``--runs`` times against the cache
that run filled -- "warm", the median. Python's own bytecode cache stays warm. Wall clock of the
whole process, measured from here. Writes ``benchmarks/results/cli_latency.md`` (+ csv), with the
load average before and after (the figures depend on how busy the machine is).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from .common import ROOT, command, markdown_table, publish, stamp

NAME = "cli_latency"
SLITHERLINK = "https://puzz.link/p?slither/5/5/cbcbcddad"
NURIKABE = "https://puzz.link/p?nurikabe/5/5/g5k2o1k3g"
EDGEMATCHING = str(ROOT / "puzzles" / "samples" / "edgematching" / "seed-4x4-c4-rot.txt")
SOLVE_TARGET = 0.5  # seconds, warm, a quiet machine
HELP_TARGET = 0.3
FIRST_USE_TARGET = 5.0  # seconds, cold: the first use after install

# (what, kind, arguments of gridsolve or None for `python -c pass`, warm target, cold target)
CASES = (
    ("python -c pass", "", None, None, None),
    ("gridsolve --help", "", ["--help"], HELP_TARGET, None),
    ("solve 5x5 URL", "slitherlink", ["solve", SLITHERLINK], SOLVE_TARGET, None),
    ("solve 5x5 URL", "nurikabe", ["solve", NURIKABE], SOLVE_TARGET, None),
    ("solve hamiltonian --size 5", "hamiltonian", ["solve", "hamiltonian", "--size", "5"], SOLVE_TARGET,
     None),
    ("solve seed-4x4-c4-rot.txt", "edgematching", ["solve", EDGEMATCHING], SOLVE_TARGET, None),
    ("solve 5x5 URL --backend rules+sat", "nurikabe", ["solve", NURIKABE, "--backend", "rules+sat"], None,
     FIRST_USE_TARGET),
    ("walk --size 9 --walks 5", "hamiltonian", ["walk", "--size", "9", "--walks", "5", "--seed", "1"], None,
     FIRST_USE_TARGET),
)


def gridsolve_argv() -> list[str]:
    """The installed console script beside this interpreter, else the module."""
    script = Path(sys.executable).with_name("gridsolve")
    return [str(script)] if script.exists() else [sys.executable, "-m", "gridsolve.cli.main"]


def wall(argv: list[str], cache: str) -> tuple[float, int]:
    """Seconds of one run of ``argv`` (output discarded) with ``cache`` as numba's cache, and its
    exit code."""
    env = {**os.environ, "NUMBA_CACHE_DIR": cache}
    t0 = time.perf_counter()
    p = subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, cwd=ROOT)
    return time.perf_counter() - t0, p.returncode


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(prog="python -m benchmarks cli-latency")
    ap.add_argument("--runs", type=int, default=5, help="warm runs per command (the median is kept)")
    args = ap.parse_args(argv)
    base = gridsolve_argv()
    load_before = os.getloadavg()
    rows = []
    for what, kind, gs_args, warm_target, cold_target in CASES:
        cmd = [sys.executable, "-c", "pass"] if gs_args is None else base + gs_args
        with tempfile.TemporaryDirectory(prefix="numba-cache-") as cache:
            cold, code = wall(cmd, cache)
            warm = [wall(cmd, cache)[0] for _ in range(args.runs)]
        row = {"command": what, "kind": kind, "cold_s": round(cold, 3),
               "warm_median_s": round(statistics.median(warm), 3), "warm_min_s": round(min(warm), 3),
               "warm_target_s": warm_target or "", "cold_target_s": cold_target or "", "exit": code}
        rows.append(row)
        print(f"  {what:38s} {kind:13s} cold {cold:7.2f} s  warm median {row['warm_median_s']:6.3f} s "
              f"(exit {code})", flush=True)
    publish(NAME, render(rows, args, argv, load_before, os.getloadavg()), rows)
    return 0


def render(rows: list[dict], args, argv: list[str], load_before, load_after) -> str:
    table = [[r["command"], r["kind"], f"{r['cold_s']:.2f}", f"{r['warm_median_s']:.3f}",
              f"{r['warm_min_s']:.3f}", verdict(r), r["exit"]] for r in rows]
    return "".join([
        "# Command-line latency: gridsolve as a process\n\n", stamp(command("cli-latency", argv)),
        f"Load average (1, 5, 15 min) before: {', '.join(f'{x:.2f}' for x in load_before)}; after: "
        f"{', '.join(f'{x:.2f}' for x in load_after)} on {os.cpu_count()} cores.\n\n",
        f"Wall clock of the whole process. cold = the first run with an empty numba cache "
        f"(`NUMBA_CACHE_DIR` a new folder: the first use after `pip install`); warm = the next "
        f"{args.runs} runs with the cache that run filled (median, min). Targets: `--help` <= "
        f"{HELP_TARGET} s and a small solve <= {SOLVE_TARGET} s warm on a quiet machine; the first "
        f"`rules+sat` solve and the first `walk` <= {FIRST_USE_TARGET:g} s cold.\n\n",
        markdown_table(["command", "kind", "cold s", "warm median s", "warm min s", "target", "exit"],
                       table),
    ])


def verdict(row: dict) -> str:
    """Whether the row meets its target (warm for the small solves, cold for the first uses)."""
    for when, seconds, target in (("warm", row["warm_median_s"], row["warm_target_s"]),
                                  ("cold", row["cold_s"], row["cold_target_s"])):
        if target:
            return f"{when} <= {target:g} s: {'met' if seconds <= target else 'missed'}"
    return ""
