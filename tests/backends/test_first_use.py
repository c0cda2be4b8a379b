"""The first use after install: small jobs of the numba-compiled rules run their code interpreted
instead of waiting seconds for the compiler (``native_rules._numba``: ``interpreted``, ``Tiered``),
so nothing is compiled -- compiling would fill the (here empty) numba cache."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

NURIKABE = "https://puzz.link/p?nurikabe/5/5/g5k2o1k3g"


def first_run(tmp_path, *args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, NUMBA_CACHE_DIR=str(tmp_path))  # what a fresh install has: no cache
    return subprocess.run([sys.executable, "-m", "gridsolve.cli.main", *args], capture_output=True,
                          text=True, env=env, timeout=300)


@pytest.mark.parametrize("args, out", [
    (("walk", "--size", "9", "--walks", "5", "--seed", "1"), "5 walks 9x9 seed 1"),
    (("solve", NURIKABE, "--backend", "rules+sat"), ". 5 X X X"),
])
def test_a_small_first_job_compiles_nothing(tmp_path, args, out):
    p = first_run(tmp_path, *args)
    assert p.returncode == 0, p.stderr
    assert p.stdout.startswith(out)
    assert not list(tmp_path.rglob("*.nbi"))  # nothing compiled


def test_a_long_first_job_compiles(tmp_path):
    # the control set: compiling the default set's larger cascade takes minutes on a loaded machine
    p = first_run(tmp_path, "walk", "--size", "21", "--walks", "60", "--seed", "1", "--rules", "control")
    assert p.returncode in (0, 1), p.stderr
    assert list(tmp_path.rglob("engine.next_step-*.nbi"))
