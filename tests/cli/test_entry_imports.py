"""The command line's entry imports only what the command runs: ``gridsolve --help`` the command
table (typer and the cli modules), a small job its kind's modules and its backend's library (its
plain form no typer, click or command table either: ``cli.fast`` parses it) --
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
from gridsolve.puzzles.kinds import KINDS

from ..helpers import ROOT

NEVER = ("pydantic", "rich", "fastapi", "starlette", "uvicorn", "matplotlib", "dask", "distributed",
         "ortools", "xml.sax", "email", "http", "urllib.request", "multiprocessing")
# run the command in this process through the console script's entry (or typer's parser alone),
# then print the modules it loaded (JSON on the last stderr line)
LOADED = """
import json, sys
from gridsolve.cli.{module} import run
code = run(sys.argv[1:])
print(json.dumps({{"code": code, "modules": sorted(sys.modules)}}), file=sys.stderr)
"""
# what the small jobs' plain forms do without: the parser, the command table, what only other
# commands or modes run (the backbone search of explain / hint, the batch's worker pool)
NOT_FOR_A_SMALL_JOB = ("typer", "click", "gridsolve.cli.main", "gridsolve.cli.commands",
                       "gridsolve.cli.declare", "gridsolve.satmodels.backbone_search",
                       "gridsolve.harness.batch")


def loaded(tmp_path, *args: str, module: str = "entry") -> set[str]:
    env = dict(os.environ, NUMBA_CACHE_DIR=str(tmp_path), COLUMNS="80")
    script = LOADED.format(module=module)
    p = subprocess.run([sys.executable, "-c", script, *args], capture_output=True, text=True, env=env,
                       timeout=600, cwd=ROOT, stdin=subprocess.DEVNULL)
    report = json.loads(p.stderr.strip().splitlines()[-1])
    assert report["code"] in (0, 1), p.stderr
    return set(report["modules"])


def present(modules: set[str], names) -> list[str]:
    return [n for n in names if any(m == n or m.startswith(n + ".") for m in modules)]


def test_help_loads_the_command_table_only(tmp_path):
    modules = loaded(tmp_path, "--help", module="main")  # typer's rendering of the command table
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


@pytest.mark.parametrize("args", [
    ("solve", "https://puzz.link/p?slither/5/5/cbcbcddad"),
    ("solve", "https://puzz.link/p?nurikabe/5/5/g5k2o1k3g"),
    ("solve", "-q", "--backend", "sat", "https://puzz.link/p?masyu/6/6/00016f769000"),
    ("count", "hamiltonian", "--size", "11"),
    ("count", "https://puzz.link/p?nurikabe/5/5/g5k2o1k3g"),
], ids=" ".join)
def test_a_plain_small_job_loads_no_parser_library(tmp_path, args):
    """The plain forms of solve and count are parsed by ``cli.fast``: no typer, no click, no
    command table -- and nothing that only other commands run."""
    modules = loaded(tmp_path, *args)
    assert "gridsolve.harness.registry" in modules  # it did run
    assert not present(modules, NOT_FOR_A_SMALL_JOB)


# every layer's module of a kind, but the command line's (each cli/<kind>.py registers its commands)
DOMAIN_LAYERS = ("puzzles", "puzzles.formats", "puzzles.check", "puzzles.render", "encoding",
                 "cpmodels", "satmodels", "native_rules", "combined", "harness.kinds")


@pytest.mark.parametrize("kind, args", [
    ("slitherlink", ("solve", "https://puzz.link/p?slither/5/5/cbcbcddad")),
    ("nurikabe", ("solve", "https://puzz.link/p?nurikabe/5/5/g5k2o1k3g")),
    ("masyu", ("solve", "https://puzz.link/p?masyu/6/6/00016f769000")),
    ("masyu", ("render", "https://puzz.link/p?mashu/6/6/00016f769000")),
    ("hamiltonian", ("count", "hamiltonian", "--size", "11")),
], ids=lambda a: " ".join(a)[:40] if isinstance(a, tuple) else a)
def test_a_small_job_loads_only_its_kinds_modules(tmp_path, kind, args):
    """The URL is dispatched by the registry (``kinds.normalize`` of its puzz.link type), not by
    loading every kind's formats module to ask which reads it."""
    modules = loaded(tmp_path, *args)
    others = [f"gridsolve.{layer}.{k}" for k in KINDS if k != kind for layer in DOMAIN_LAYERS]
    assert not present(modules, others)
    assert f"gridsolve.puzzles.formats.{kind}" in modules


def test_a_numpy_count_reads_no_kernel_cache(tmp_path):
    """Below the compiled DP's width the count does not look at numba's cache (nor import the
    kernels' module, its logging and hashing)."""
    modules = loaded(tmp_path, "count", "hamiltonian", "--size", "11")
    assert not present(modules, ("gridsolve.native_rules.kernels", "logging", "hashlib"))


@pytest.mark.parametrize("args", [
    ("count", "hamiltonian", "--size", "11"),
    ("solve", "https://puzz.link/p?nurikabe/5/5/g5k2o1k3g"),
], ids=" ".join)
def test_a_text_output_loads_no_json_records(tmp_path, args):
    """``harness.results`` (the records of ``--format json``) loads with that format only."""
    modules = loaded(tmp_path, *args)
    assert "gridsolve.harness.registry" in modules  # it did run
    assert "gridsolve.harness.results" not in modules
    assert "gridsolve.harness.results" in loaded(tmp_path, *args, "--format", "json")


THREADS_AT_EXIT = """
import atexit, os, sys
atexit.register(lambda: print("threads", len(os.listdir("/proc/self/task")), file=sys.stderr))
sys.argv = ["gridsolve", *sys.argv[1:]]
from gridsolve.cli.entry import main
main()
"""


@pytest.mark.skipif(not os.path.isdir("/proc/self/task") or (os.cpu_count() or 1) < 2,
                    reason="needs Linux's /proc and at least 2 cores (OpenBLAS starts no thread on one)")
def test_the_console_script_starts_no_blas_threads(tmp_path):
    """numpy's OpenBLAS would start a thread per further core when numpy loads (no command does
    linear algebra): the console script holds it to one, so the count that imports numpy ends
    with the one thread it started with."""
    env = {k: v for k, v in os.environ.items() if k != "OPENBLAS_NUM_THREADS"}
    env.update(NUMBA_CACHE_DIR=str(tmp_path))
    p = subprocess.run([sys.executable, "-c", THREADS_AT_EXIT, "count", "hamiltonian", "--size", "11"],
                       capture_output=True, text=True, env=env, timeout=600, cwd=ROOT,
                       stdin=subprocess.DEVNULL)
    assert "1445778936756068" in p.stdout, p.stderr
    assert p.stderr.strip().splitlines()[-1] == "threads 1"
