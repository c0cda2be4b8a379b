"""Compiles the numba kernels the suite runs, once, before its tests (``pytest --warm-kernels``,
which ``make test`` passes): each group of small commands below runs in its own process with
everything compiled at once (``kernels.compile_at_once``), as many side by side as there are
cores, so the code lands in numba's on-disk cache beside the sources before any test starts.
Every later process of the suite -- the pytest workers, the CLI and server subprocesses, the
documents' commands -- then loads it instead of compiling, and two workers never compile the same
kernel at the same time. What a group misses is compiled by the first test that needs it, as
without the warm-up.
"""

from __future__ import annotations

import contextlib
import os
import resource
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# per group, the commands whose compiled code the suite's tests and documents load. Each
# labyrinth entry takes the whole rule cascade into its own code (``compiler.LinkOnlyLibrary``),
# about 100 s of CPU each: ``walk`` runs ``next_step``, ``enumerate`` ``next_step`` (its first
# step) and ``dfs_kernel``, so they share a group; the random walks (``walk-stats``,
# ``lab.errors``, ``random_walk``) run ``walks_kernel``, in a group of its own. The longest first.
GROUPS: dict[str, list[list[str]]] = {
    "walk-enumerate": [["walk", "--size", "9", "--walks", "2", "--seed", "1"],
                       ["enumerate", "--size", "5"],
                       ["count", "hamiltonian", "--size", "5", "--backend", "rules-dfs"]],
    "walk-stats": [["walk-stats", "--sizes", "9", "--attempts", "1", "--max-walks", "5", "--no-progress"]],
    "grids": [
        ["crossval", "puzzles/samples/slitherlink"],
        ["crossval", "puzzles/samples/nurikabe"],
        ["crossval", "puzzles/samples/edgematching", "--limit", "100"],
        ["count", "hamiltonian", "--size", "13"],
    ],
}


def run_group(name: str) -> None:
    """Runs one group's commands in this process, compiled at once, their output discarded."""
    from gridsolve.cli.main import run
    from gridsolve.native_rules.kernels import compile_at_once

    compile_at_once()
    with open(os.devnull, "w") as devnull, contextlib.redirect_stdout(devnull):
        for argv in GROUPS[name]:
            run(argv)


def _run_process(name: str) -> int:
    return subprocess.run([sys.executable, "-m", "tests.support.warm_kernels", name], cwd=ROOT,
                          stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                          stderr=subprocess.DEVNULL).returncode


def warm() -> str:
    """Runs every group in its own process, as many at once as there are cores; a line saying
    how long it took (a group that fails only leaves its kernels to the tests)."""
    start, cpu = time.monotonic(), _children_cpu()
    with ThreadPoolExecutor(os.cpu_count() or 1) as pool:
        codes = dict(zip(GROUPS, pool.map(_run_process, GROUPS), strict=True))
    failed = [name for name, code in codes.items() if code != 0]
    said = (f"; failed: {', '.join(failed)} (python -m tests.support.warm_kernels NAME says why)"
            if failed else "")
    return (f"warm kernels: {len(codes)} groups compiled in {time.monotonic() - start:.0f} s "
            f"({_children_cpu() - cpu:.0f} s CPU){said}")


def _children_cpu() -> float:
    """CPU time, user and system, of the subprocesses this process has waited for."""
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


if __name__ == "__main__":
    run_group(sys.argv[1])
