"""The first use after install: small jobs of the numba-compiled rules run their code interpreted
instead of waiting seconds for the compiler (``native_rules.kernels``: ``interpreted``, ``Tiered``),
so nothing is compiled -- compiling would fill the (here empty) numba cache -- while a long job turns
compiled."""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest

from ..helpers import ROOT

NURIKABE = "https://puzz.link/p?nurikabe/5/5/g5k2o1k3g"
SLITHERLINK = "https://puzz.link/p?slither/5/5/cbcbcddad"
MASYU = "https://puzz.link/p?masyu/6/6/00016f769000"
EDGEMATCHING = "puzzles/samples/edgematching/seed-4x4-c4-rot.txt"
HEAVY = ("numba", "ortools", "numpy", "pysat")
# run a command in this process and print which of HEAVY it imported
IMPORTED = f"""
import sys
from gridsolve.cli.main import main
sys.argv = ["gridsolve", *sys.argv[1:]]
try:
    main()
except SystemExit:
    pass
print(*[m for m in {HEAVY!r} if m in sys.modules], sep=",", file=sys.stderr)
"""


def first_run(tmp_path, *args: str, timeout: float = 300) -> subprocess.CompletedProcess:
    env = dict(os.environ, NUMBA_CACHE_DIR=str(tmp_path))  # what a fresh install has: no cache
    return subprocess.run([sys.executable, "-m", "gridsolve.cli.main", *args], capture_output=True,
                          text=True, env=env, timeout=timeout)


@pytest.mark.parametrize("args, out", [
    (("walk", "--size", "9", "--walks", "5", "--seed", "1"), "5 walks 9x9 seed 1"),
    (("solve", NURIKABE, "--backend", "rules+sat"), ". 5 X X X"),
])
def test_a_small_first_job_compiles_nothing(tmp_path, args, out):
    p = first_run(tmp_path, *args)
    assert p.returncode == 0, p.stderr
    assert p.stdout.startswith(out)
    assert not list(tmp_path.rglob("*.nbi"))  # nothing compiled


# the command run by IMPORTED, deciding as on a fresh install (``compile_pays`` sees no cached
# code), whatever the on-disk cache holds
AS_IF_FRESH = """
from gridsolve.native_rules.hamiltonian.tools import audit
audit.cached = lambda function: False
""" + IMPORTED


def test_a_long_first_job_runs_compiled():
    """A walk long enough to pay for compiling runs the step kernel compiled, decided as on a fresh
    install. Its code then comes from the suite's on-disk cache, which ``make test``'s warm-up
    filled (numba prints the load), so the test does not pay the cascade's compile again -- about
    90 s of CPU without that cache: the timeout only guards against a hang."""
    env = dict(os.environ, NUMBA_DEBUG_CACHE="1")  # numba prints each cache load and save
    walk = ["walk", "--size", "21", "--walks", "60", "--seed", "1", "--rules", "control"]
    p = subprocess.run([sys.executable, "-c", AS_IF_FRESH, *walk], capture_output=True, text=True, env=env,
                       timeout=900, cwd=ROOT, stdin=subprocess.DEVNULL)
    assert p.returncode in (0, 1), p.stderr
    assert "60 walks 21x21 seed 1 rules control" in p.stdout
    loaded_or_saved = r"\[cache\] data (loaded from|saved to) \S*engine\.next_step-"
    assert re.search(loaded_or_saved, p.stdout), p.stdout[-2000:]


@pytest.mark.parametrize("args, absent", [
    (("--help",), HEAVY),
    (("solve", SLITHERLINK), HEAVY),  # its engine runs interpreted, on lists, and needs no SAT call
    (("solve", NURIKABE), HEAVY),  # rules+sat: the rules complete it interpreted, on lists: no SAT call
    (("solve", NURIKABE, "--backend", "sat"), ("numba", "ortools", "numpy")),
    (("count", "hamiltonian", "--size", "7"), ("numba", "ortools", "pysat")),
    (("count", "hamiltonian", "--size", "11"), ("numba", "ortools", "pysat")),  # the numpy DP
    (("count", "hamiltonian", "--size", "13"), ("numba", "ortools", "pysat")),  # ... still, cold
    (("solve", MASYU), ("numba", "ortools", "numpy")),
    (("walk", "--size", "9", "--walks", "5", "--seed", "1"), ("numba", "ortools", "pysat")),
    (("solve", EDGEMATCHING), ("numba", "ortools", "pysat")),  # its scan runs interpreted
], ids=lambda a: " ".join(a)[:40] if isinstance(a, tuple) and a[0] in ("--help", "solve", "count", "walk")
   else "")
def test_a_small_job_imports_no_library_it_does_not_run(tmp_path, args, absent):
    """numba only for code that runs compiled, ortools only for a CP-SAT backend, numpy and pysat
    only where used."""
    env = dict(os.environ, NUMBA_CACHE_DIR=str(tmp_path))
    p = subprocess.run([sys.executable, "-c", IMPORTED, *args], capture_output=True, text=True, env=env,
                       timeout=600, cwd=ROOT, stdin=subprocess.DEVNULL)
    assert p.returncode in (0, 1), p.stderr
    imported = set(p.stderr.strip().splitlines()[-1].split(",")) if p.stderr.strip() else set()
    assert not imported & set(absent), (args, imported)
