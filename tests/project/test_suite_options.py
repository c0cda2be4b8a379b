"""The suite's own options (tests/conftest.py): ``--cpu-times N`` lists what the tests cost in CPU
-- on a machine others load, their wall-clock durations say little; and the slowest modules run
first (``SLOW_FIRST``), so that under xdist no long module starts last."""

from __future__ import annotations

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
