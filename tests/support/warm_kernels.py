"""Compiles the numba kernels the suite runs, once, before its tests (``pytest --warm-kernels``,
which ``make test`` passes): each group of small commands below runs in its own process with
everything compiled at once (``kernels.compile_at_once``), the groups side by side, so the code
lands in numba's on-disk cache beside the sources before any test starts. Every later process of
the suite -- the pytest workers, the CLI and server subprocesses, the documents' commands --
then loads it instead of compiling, and two workers never compile the same kernel at the same
time. What a group misses is compiled by the first test that needs it, as without the warm-up.
"""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# per group, the commands whose compiled code the suite's tests and documents load; the groups
# are about equally long to compile (the labyrinth's rule cascade alone is as long as the rest)
GROUPS: dict[str, list[list[str]]] = {
    "labyrinth": [
        ["walk", "--size", "9", "--walks", "2", "--seed", "1"],
        ["walk-stats", "--sizes", "9", "--attempts", "1", "--max-walks", "5", "--no-progress"],
        ["enumerate", "--size", "5"],
        ["count", "hamiltonian", "--size", "5", "--backend", "rules-dfs"],
    ],
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


def warm() -> str:
    """Runs every group in its own process, side by side; a line saying how long it took (a
    group that fails only leaves its kernels to the tests)."""
    start = time.monotonic()
    procs = {name: subprocess.Popen([sys.executable, "-m", "tests.support.warm_kernels", name], cwd=ROOT,
                                    stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                    stderr=subprocess.DEVNULL)
             for name in GROUPS}
    failed = [name for name, p in procs.items() if p.wait() != 0]
    said = (f"; failed: {', '.join(failed)} (python -m tests.support.warm_kernels NAME says why)"
            if failed else "")
    return f"warm kernels: {len(procs)} groups compiled in {time.monotonic() - start:.0f} s{said}"


if __name__ == "__main__":
    run_group(sys.argv[1])
