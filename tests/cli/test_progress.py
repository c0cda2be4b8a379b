"""No silent waits: on a terminal (forced here with GRIDSOLVE_PROGRESS=1) the long commands show a
progress bar or say what they are doing on stderr -- a first compile is announced before it
starts -- and scripted runs (stderr not a terminal) print exactly what they printed before."""

from __future__ import annotations

import logging
import os
import re
import subprocess
import sys

import numba
import pytest
from gridsolve.native_rules import kernels

from ..helpers import FIXTURES, ROOT


def run(*args: str, progress: bool) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k != "GRIDSOLVE_PROGRESS"}
    if progress:
        env["GRIDSOLVE_PROGRESS"] = "1"
    return subprocess.run([sys.executable, "-m", "gridsolve.cli.main", *args], capture_output=True,
                          text=True, cwd=ROOT, env=env, timeout=300)


@pytest.mark.parametrize(("args", "shown"), [
    (("crossval", "puzzles/samples/nurikabe"), ["cross-validating", "2/2"]),
    (("explain", str(FIXTURES / "nurikabe" / "nikoli-6.txt")), ["nikoli-6: counting up to 100 solutions"]),
    (("grade", str(FIXTURES / "nurikabe" / "nikoli-6.txt")), ["grading nikoli-6 ..."]),
    (("walk", "--size", "7", "--walks", "3", "--seed", "1"), ["3 walk(s) 7x7 ..."]),
])
def test_progress_on_a_terminal_only(args, shown):
    quiet, loud = run(*args, progress=False), run(*args, progress=True)
    assert quiet.returncode == loud.returncode == 0, (quiet.stderr, loud.stderr)
    # the output itself is the same (up to the times a table shows)
    assert re.sub(r"\d+\.\d+", "#", quiet.stdout) == re.sub(r"\d+\.\d+", "#", loud.stdout)
    for text in shown:
        assert text in loud.stderr and text not in quiet.stderr, loud.stderr


@pytest.fixture
def notices(caplog):
    caplog.set_level(logging.INFO, logger="gridsolve.notices")
    return caplog


def test_a_first_compile_is_announced_and_a_loaded_one_is_not(notices):
    @kernels.njit
    def add_one(x):
        return x + 1

    assert add_one(1) == 2
    assert [r.getMessage() for r in notices.records][0].startswith(
        "compiling tests.cli.test_progress.add_one once (a first run: up to a minute")
    assert "compiled tests.cli.test_progress.add_one in" in notices.records[1].getMessage()
    notices.clear()
    assert add_one(2) == 3 and not notices.records


def test_plain_numba_kernels_are_announced_before_their_first_call(notices):
    @numba.njit
    def twice(x):
        return 2 * x

    kernels.announce_compile("the test kernel", twice)
    assert [r.getMessage() for r in notices.records] == [
        "compiling the test kernel once (a first run: up to a minute; cached on disk after) ..."]
    twice(1)
    notices.clear()
    kernels.announce_compile("the test kernel", twice)
    assert not notices.records


def test_notices_reach_stderr_on_a_terminal_only(monkeypatch, capsys):
    from gridsolve.cli.progress import show_notices

    log = logging.getLogger("gridsolve.notices")
    monkeypatch.setattr(log, "handlers", [])
    monkeypatch.setattr(log, "propagate", False)
    monkeypatch.delenv("GRIDSOLVE_PROGRESS", raising=False)
    show_notices()  # stderr is not a terminal here
    log.info("compiling x once")
    assert capsys.readouterr().err == ""
    monkeypatch.setenv("GRIDSOLVE_PROGRESS", "1")
    show_notices()
    log.info("compiling y once")
    assert capsys.readouterr().err == "gridsolve: compiling y once\n"
