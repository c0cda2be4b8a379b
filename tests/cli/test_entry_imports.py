"""The command line's entry imports only what the command runs: ``gridsolve --help`` the command
table (typer and the cli modules), a small job its kind's modules and its backend's library --
never pydantic (typer's value conversion, replaced by ``cli.params``), rich (tables and progress
bars only), the web server, plotting, dask, or what ``xml.sax.saxutils`` drags in (urllib, http,
email). Read from ``sys.modules`` after the command ran in a fresh interpreter: ``-X importtime``
does not see the modules the registry loads through ``importlib.import_module``. Timings belong to
``python -m benchmarks cli-latency``, not here."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from ..helpers import ROOT

NEVER = ("pydantic", "rich", "fastapi", "starlette", "uvicorn", "matplotlib", "dask", "distributed",
         "ortools", "xml.sax", "email", "http", "urllib.request", "multiprocessing")
# run the command in this process, then print the modules it loaded (JSON on the last stderr line)
LOADED = """
import json, sys
from gridsolve.cli.main import run
code = run(sys.argv[1:])
print(json.dumps({"code": code, "modules": sorted(sys.modules)}), file=sys.stderr)
"""


def loaded(tmp_path, *args: str) -> set[str]:
    env = dict(os.environ, NUMBA_CACHE_DIR=str(tmp_path))
    p = subprocess.run([sys.executable, "-c", LOADED, *args], capture_output=True, text=True, env=env,
                       timeout=600, cwd=ROOT, stdin=subprocess.DEVNULL)
    report = json.loads(p.stderr.strip().splitlines()[-1])
    assert report["code"] in (0, 1), p.stderr
    return set(report["modules"])


def present(modules: set[str], names) -> list[str]:
    return [n for n in names if any(m == n or m.startswith(n + ".") for m in modules)]


def test_help_loads_the_command_table_only(tmp_path):
    modules = loaded(tmp_path, "--help")
    assert not present(modules, NEVER + ("numpy", "numba", "pysat"))
    # no command was converted or run: no formats, no registry, no renderer, no solver
    assert not present(modules, ("gridsolve.puzzles.formats", "gridsolve.harness.registry",
                                 "gridsolve.puzzles.render", "gridsolve.harness.run"))


@pytest.mark.parametrize("args, also_absent", [
    (("solve", "https://puzz.link/p?slither/5/5/cbcbcddad"), ("numba",)),
    (("solve", "https://puzz.link/p?nurikabe/5/5/g5k2o1k3g"), ("numba", "numpy")),
    (("solve", "https://puzz.link/p?masyu/6/6/00016f769000"), ("numba", "numpy")),
    (("count", "hamiltonian", "--size", "11"), ("numba", "pysat")),
    (("check", "https://puzz.link/p?nurikabe/5/5/g5k2o1k3g", '{"black": [[0, 0]]}'),
     ("numba", "numpy", "pysat")),
], ids=lambda a: " ".join(a)[:40] if isinstance(a, tuple) and a[0] in ("solve", "count", "check") else "")
def test_a_small_job_loads_no_library_it_does_not_use(tmp_path, args, also_absent):
    modules = loaded(tmp_path, *args)
    assert "gridsolve.harness.registry" in modules or args[0] == "check"  # it did run
    assert not present(modules, NEVER + also_absent)
