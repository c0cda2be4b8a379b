"""The suite's own options (tests/conftest.py): ``--cpu-times N`` lists what the tests cost in CPU
-- on a machine others load, their wall-clock durations say little; and the slowest modules run
first (``SLOW_FIRST``), so that under xdist no long module starts last."""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest

from ..helpers import ROOT

QUICK = "tests/project/test_readme.py::test_commands_are_parsed_as_a_user_reads_them"


@pytest.mark.parametrize("workers, name", [((), "main"), (("-n", "1"), "gw0")], ids=["alone", "xdist"])
def test_cpu_times_lists_each_test_and_each_worker(tmp_path, workers, name):
    junit = tmp_path / "junit.xml"
    p = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *workers,
                        "--cpu-times=5", f"--junitxml={junit}", QUICK],
                       cwd=ROOT, capture_output=True, text=True, timeout=300, stdin=subprocess.DEVNULL)
    assert p.returncode == 0, p.stdout + p.stderr
    assert re.search(rf"^\d+\.\d\ds {re.escape(QUICK)}$", p.stdout, re.M), p.stdout
    assert re.search(rf"^CPU per worker: {name} \d+ s; all tests \d+ s$", p.stdout, re.M), p.stdout
    assert re.search(r'<property name="cpu_seconds" value="\d+\.\d+"', junit.read_text()), junit.read_text()


def test_the_slowest_modules_are_collected_first_and_keep_their_tests_in_order():
    p = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--collect-only",
                        "tests/api/test_api.py", "tests/backends/test_first_use.py"],
                       cwd=ROOT, capture_output=True, text=True, timeout=300, stdin=subprocess.DEVNULL)
    assert p.returncode == 0, p.stdout + p.stderr
    ids = [line for line in p.stdout.splitlines() if "::" in line]
    modules = [i.split("::")[0] for i in ids]
    # named last, collected first: test_first_use.py (a cold compile) is among the slowest
    assert modules[0] == "tests/backends/test_first_use.py" and modules[-1] == "tests/api/test_api.py"
    assert modules == sorted(modules, key=modules.index)  # each module's tests together
    first_use = [i for i in ids if "test_first_use" in i]
    assert first_use[0].endswith("::test_a_small_first_job_compiles_nothing[args0-5 walks 9x9 seed 1]")


def test_under_the_warm_up_only_the_listed_modules_start_before_it_ends(tmp_path):
    """``--warm-kernels`` runs the warm-up beside the tests: a test waits until the file named by
    ``GRIDSOLVE_TESTS_WARM_DONE`` exists (the warm-up's end), unless its module needs no warm
    numba cache (``WITHOUT_THE_WARM_CACHE``: test_first_use.py, whose processes have caches of
    their own)."""
    done = tmp_path / "done"
    env = dict(os.environ, GRIDSOLVE_TESTS_WARM_DONE=str(done))
    pytest_run = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"]
    listed = "tests/backends/test_first_use.py::test_a_small_job_imports_no_library_it_does_not_run[--help-]"
    p = subprocess.run([*pytest_run, listed], cwd=ROOT, env=env, capture_output=True, text=True,
                       timeout=300, stdin=subprocess.DEVNULL)
    assert p.returncode == 0 and "1 passed" in p.stdout, p.stdout + p.stderr  # did not wait
    waiting = subprocess.Popen([*pytest_run, QUICK], cwd=ROOT, env=env, stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT, text=True, stdin=subprocess.DEVNULL)
    try:
        with pytest.raises(subprocess.TimeoutExpired):
            waiting.wait(timeout=10)  # the quick test waits for the warm-up's end ...
        done.write_text("warm kernels: done")
        out, _ = waiting.communicate(timeout=120)  # ... and runs once it has ended
    finally:
        waiting.kill()
    assert waiting.returncode == 0 and "1 passed" in out, out
