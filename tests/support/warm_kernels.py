"""Compiles the numba kernels the suite runs, once, before its tests (``pytest --warm-kernels``,
which ``make test`` passes): each group of steps below -- small commands, and a few direct calls of
kernels that tests call directly -- runs in its own process with everything compiled at once
(``kernels.compile_at_once``), as many side by side as there are cores, so the code lands in
numba's on-disk cache beside the sources before any test starts. Every later process of the suite
-- the pytest workers, the CLI and server subprocesses, the documents' commands -- then loads it
instead of compiling, and two workers never compile the same kernel at the same time. What a group
misses (or a step that fails) is compiled by the first test that needs it, as without the warm-up.
A last group, on the core the shorter one frees, writes pytest's rewritten test modules.
"""

from __future__ import annotations

import contextlib
import os
import resource
import subprocess
import sys
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# per group, the steps whose compiled code the suite's tests and documents load: a command line
# (run as ``gridsolve ...`` in this process) or a function below, for kernels that tests call
# directly and no small command compiles. Each labyrinth entry takes the whole rule cascade into
# its own code (``compiler.LinkOnlyLibrary``), about 80-100 s of CPU in a process that has
# compiled none yet; a later entry in the same process re-uses the typed callees and pays about a
# fifth of that. So all of them -- ``next_step`` (walk, enumerate's first step), ``dfs_kernel``
# (enumerate, rules-dfs), ``walks_kernel`` (walk-stats, ``lab.errors``, ``random_walk``) -- are
# compiled in ONE process, while the other core compiles everything else (the grid kinds' engines,
# and what the tests of the frontier DP and edge matching's estimates and climbs would otherwise
# compile one by one in the workers). The longest first.
def _frontier_dp() -> None:
    """The compiled frontier DP (``count`` runs the numpy DP below 16 columns on a cold cache):
    a square, a rectangle, a start cell and a prefix; and the ``dp`` backend's first cells of
    an 18x18 (three primes), which the deadline tests stop after 0.2 s -- a compile there would
    be counted against their bound."""
    from gridsolve.native_rules.hamiltonian.frontier import compiled
    from gridsolve.puzzles.hamiltonian import HamiltonianPuzzle

    import gridsolve

    for puzzle in (HamiltonianPuzzle.square(4), HamiltonianPuzzle.rect(3, 5),
                   HamiltonianPuzzle.square(5).with_prefix([(0, 0), (0, 1)])):
        compiled.count(puzzle)
    gridsolve.count(HamiltonianPuzzle(18, 18, (0, 0), (17, 17)), backend="dp", timeout=0.5)


def _edge_matching_probes() -> None:
    """Edge matching's tree and order estimates (with forward checks) and both climbs of the
    max-joins search, on a small generated board."""
    from gridsolve.harness.edgematching import generate
    from gridsolve.native_rules.edgematching import forward_checks as checks
    from gridsolve.native_rules.edgematching import order_estimate as orders
    from gridsolve.native_rules.edgematching.maxjoins import CLIMBS
    from gridsolve.native_rules.edgematching.tree_estimate import tree_estimate
    from gridsolve.puzzles.edgematching import symmetry_anchor
    from gridsolve.puzzles.solving import Deadline

    puzzle, _, _ = generate("e2", 4, 4, 4, None, 2, True)
    tree_estimate(puzzle, 1000)
    anchor = (symmetry_anchor(puzzle)[0], (0, 0))
    cells = [(r, c) for r in range(4) for c in range(4)]
    orders.order_estimate(puzzle, cells, anchor, probes=1000)
    orders.order_estimate(puzzle, cells, anchor, checks.ROWS | checks.BAND, probes=1000)
    climbing, _, _ = generate("e2", 5, 5, 5, None, 5, True)
    for climb in CLIMBS.values():
        climb(climbing, Deadline(1), 7, lambda: 41, lambda board, breaks: None)


def _edge_matching_ahead() -> None:
    """The exact scan compiled ahead of time (``native_rules.ahead``): built once here, so that no
    search of the suite starts a background build of its own."""
    from gridsolve.native_rules.edgematching.scan import EXACT_AHEAD

    EXACT_AHEAD.build_once()


def _rewritten_test_modules() -> None:
    """pytest's assert-rewritten test modules, written to their ``__pycache__`` (``*-pytest-*.pyc``)
    by a collection run, so that each worker reads them instead of rewriting every module again
    (collecting takes 8-10 s of CPU per process that way, 4 s with them). pytest writes them only
    where Python may write bytecode: PYTHONDONTWRITEBYTECODE, set in CI, is cleared for this run."""
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE="")
    collect = [sys.executable, "-m", "pytest", "-q", "--collect-only", "-p", "no:cacheprovider", "tests"]
    subprocess.run(collect, cwd=ROOT, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                   check=True)


GROUPS: dict[str, list[list[str] | Callable[[], object]]] = {
    "labyrinth": [["walk", "--size", "9", "--walks", "2", "--seed", "1"],
                  ["enumerate", "--size", "5"],
                  ["count", "hamiltonian", "--size", "5", "--backend", "rules-dfs"],
                  ["walk-stats", "--sizes", "9", "--attempts", "1", "--max-walks", "5", "--no-progress"]],
    "grids": [
        ["crossval", "puzzles/samples/slitherlink"],
        ["crossval", "puzzles/samples/nurikabe"],
        ["crossval", "puzzles/samples/edgematching", "--limit", "100"],
        ["count", "hamiltonian", "--size", "13"],
        _frontier_dp,
        _edge_matching_probes,
        _edge_matching_ahead,
    ],
    # not a kernel: it runs when the shorter group above is done, while the labyrinth's still compiles
    "test modules": [_rewritten_test_modules],
}


def run_group(name: str) -> int:
    """Runs one group's steps in this process, compiled at once, their output discarded; each
    step is run even when one before it failed (its kernels are then left to the tests). The
    number of steps that failed."""
    import traceback

    from gridsolve.cli.main import run
    from gridsolve.native_rules.kernels import compile_at_once

    compile_at_once()
    failed = 0
    for step in GROUPS[name]:
        try:
            with open(os.devnull, "w") as devnull, contextlib.redirect_stdout(devnull):
                if isinstance(step, list):
                    code = run(step)
                    if code > 1:  # 1: a count that is not unique, as the command says
                        raise RuntimeError(f"gridsolve {' '.join(step)}: exit {code}")
                else:
                    step()
        except Exception:  # noqa: BLE001 - a failed step only leaves its kernels to the tests
            failed += 1
            print(f"warm-up step {getattr(step, '__name__', step)} failed:", file=sys.stderr)
            traceback.print_exc()
    return failed


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
    return (f"warm kernels: {len(codes)} groups done in {time.monotonic() - start:.0f} s "
            f"({_children_cpu() - cpu:.0f} s CPU){said}")


def _children_cpu() -> float:
    """CPU time, user and system, of the subprocesses this process has waited for."""
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


if __name__ == "__main__":
    sys.exit(1 if run_group(sys.argv[1]) else 0)
