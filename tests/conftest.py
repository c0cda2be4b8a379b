"""pytest hooks shared by the test modules; the shared helpers -- where the fixtures and the
corpora are, running the command line -- are in helpers.py."""

from __future__ import annotations

import os
import resource
import threading
import time
from pathlib import Path

import pytest

from . import helpers


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """Every skip for want of the corpora reported at one place, so the summary has one line for
    them: pytest reports a skip raised in a fixture at the test's own line instead."""
    outcome = yield
    report = outcome.get_result()
    if call.when == "teardown" and CPU_START in item.stash:
        report.user_properties.append(("cpu_seconds", round(cpu_seconds() - item.stash[CPU_START], 3)))
    longrepr = report.longrepr
    if report.skipped and isinstance(longrepr, tuple) and longrepr[2].endswith(helpers.NO_DATA):
        report.longrepr = (helpers.__file__, helpers.NO_DATA_LINE, longrepr[2])


# The modules that cost the most CPU, the longest first (CI's ``--cpu-times`` at c31af7d: the
# documents' commands, the deliberate cold compile, edge matching's and the labyrinth's engines,
# the brute-force comparisons, the browser modules with their server). The suite runs them first:
# under ``make test`` (``--dist loadfile --no-loadscope-reorder``) each worker takes the next file
# in this order when it is free, so no long module starts last while the other worker idles. The
# cold compile leads: it needs no warm cache (``WITHOUT_THE_WARM_CACHE``), so under
# ``--warm-kernels`` its worker starts it beside the warm-up while the other waits for it.
SLOW_FIRST = (
    "backends/test_first_use.py", "project/test_readme.py", "edgematching/test_engine.py",
    "hamiltonian/test_frontier_kernel.py", "nurikabe/test_cuts.py", "hamiltonian/test_labyrinth.py",
    "web/test_edit_browser.py", "web/test_browser.py", "slitherlink/test_cuts.py",
    "slitherlink/test_engine.py", "web/test_ready_browser.py", "harness/test_batch.py",
    "web/test_page_share.py", "web/test_analysis_browser.py", "web/test_analysis.py",
    "nurikabe/test_rules.py", "nurikabe/test_grade.py",
)


def pytest_collection_modifyitems(items):
    """The modules of ``SLOW_FIRST`` first, in its order; the others after them as collected (a
    module's tests stay together and in their order)."""
    tests = Path(__file__).parent
    missing = [name for name in SLOW_FIRST if not (tests / name).is_file()]
    if missing:  # a module moved or renamed would silently lose its place: say so
        raise pytest.UsageError(f"tests/conftest.py SLOW_FIRST names no such file: {', '.join(missing)}")
    rank = {name: i for i, name in enumerate(SLOW_FIRST)}

    def place(item) -> int:
        return rank.get(_module_name(item), len(SLOW_FIRST))

    items.sort(key=place)


def pytest_addoption(parser):
    parser.addoption("--warm-kernels", action="store_true",
                     help="compile the numba kernels the suite runs before its tests, in parallel "
                          "processes, so that no test or worker compiles them again (make test)")
    parser.addoption("--cpu-times", type=int, default=None, metavar="N",
                     help="at the end, each worker's CPU time and the N tests that took the most "
                          "(on a loaded machine the wall-clock durations say little)")


def cpu_seconds() -> float:
    """CPU time, user and system, of this process and of the subprocesses it has waited for."""
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


CPU_START = pytest.StashKey[float]()


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item):
    """A test's CPU time runs from its setup to its teardown (a module fixture's start-up counts
    for the first test that uses it); the teardown report carries it (``cpu_seconds`` in its
    ``user_properties``, also in ``--junitxml``), which xdist sends from the worker."""
    item.stash[CPU_START] = cpu_seconds()


def pytest_configure(config):
    """``--warm-kernels``: the warm-up, once, in the process that starts the xdist workers, never
    in a worker, nor when only collecting. It runs in a thread beside the tests: the workers start
    at once on the modules of ``WITHOUT_THE_WARM_CACHE``, every other test waits for the warm-up's
    end (``pytest_runtest_protocol``), so the cores the warm-up leaves idle run tests and no test
    compiles what the warm-up is compiling. ``--cpu-times``: the report, in that process too."""
    shown = config.getoption("--cpu-times")
    if shown is not None and not hasattr(config, "workerinput"):
        config.pluginmanager.register(CpuTimes(shown), "cpu-times")
    if config.getoption("--warm-kernels") and not hasattr(config, "workerinput") \
            and not config.getoption("collectonly"):
        import tempfile

        from .support import warm_kernels

        # the workers inherit the environment; the marker file is written when the warm-up ends
        done = Path(tempfile.mkdtemp(prefix="warm-kernels-")) / "done"
        os.environ[WARM_DONE] = str(done)

        def warm() -> None:
            try:
                config.stash[WARMED] = warm_kernels.warm()
            finally:
                done.write_text(config.stash.get(WARMED, "warm kernels: the warm-up failed"))

        config.stash[WARMING] = threading.Thread(target=warm, name="warm-kernels", daemon=True)
        config.stash[WARMING].start()


WARMED = pytest.StashKey[str]()
WARMING = pytest.StashKey[threading.Thread]()
WARM_DONE = "GRIDSOLVE_TESTS_WARM_DONE"  # the file whose presence says the warm-up has ended

# The modules that take nothing from the shared numba cache, so they run while the warm-up is
# still compiling into it: test_first_use.py gives each of its processes a cache of its own (its
# long job compiles the labyrinth's walk there on purpose, 80 s of CPU that then overlaps the
# warm-up instead of following it). Every other module waits for the warm-up; one that is listed
# here wrongly would only compile a kernel the warm-up compiles too (CPU twice, results the same).
WITHOUT_THE_WARM_CACHE = ("backends/test_first_use.py",)


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_protocol(item, nextitem):
    """Under ``--warm-kernels``, a test outside ``WITHOUT_THE_WARM_CACHE`` starts when the warm-up
    has ended (before its setup, so that the wait counts in no test's duration nor CPU time)."""
    done = os.environ.get(WARM_DONE)
    if not done or _module_name(item) in WITHOUT_THE_WARM_CACHE:
        return
    while not os.path.exists(done):
        time.sleep(0.2)


def _module_name(item) -> str:
    """The test's file relative to tests/ (``backends/test_first_use.py``), or its path."""
    path, tests = Path(item.fspath), Path(__file__).parent
    return path.relative_to(tests).as_posix() if path.is_relative_to(tests) else path.as_posix()


class CpuTimes:
    """``--cpu-times N``: collects each test's CPU time where the summary is written (with xdist,
    the controller: the reports come from the workers) and lists each worker's total and the N
    largest."""

    def __init__(self, shown: int) -> None:
        self.shown = shown
        self.times: dict[str, tuple[str, float]] = {}  # per test: (worker, CPU seconds)

    def pytest_runtest_logreport(self, report):
        cpu = dict(report.user_properties).get("cpu_seconds") if report.when == "teardown" else None
        if cpu is not None:
            node = getattr(report, "node", None)  # xdist: the worker that ran it
            self.times[report.nodeid] = (node.gateway.id if node is not None else "main", cpu)

    def pytest_terminal_summary(self, terminalreporter):
        if not self.times:
            return
        per_worker: dict[str, float] = {}
        for worker, cpu in self.times.values():
            per_worker[worker] = per_worker.get(worker, 0.0) + cpu
        terminalreporter.write_sep("=", f"largest {self.shown} CPU times (user + system, with subprocesses)")
        for nodeid, (_, cpu) in sorted(self.times.items(), key=lambda kv: -kv[1][1])[:self.shown]:
            terminalreporter.write_line(f"{cpu:.2f}s {nodeid}")
        terminalreporter.write_line(
            "CPU per worker: " + ", ".join(f"{w} {s:.0f} s" for w, s in sorted(per_worker.items()))
            + f"; all tests {sum(per_worker.values()):.0f} s")


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    if WARMING in config.stash:
        if exitstatus == pytest.ExitCode.INTERRUPTED:  # Ctrl-C: no need to finish the warm-up
            from .support import warm_kernels

            warm_kernels.stop()
        config.stash[WARMING].join()  # a run that ended first (-x, few tests) waits for it here
    if WARMED in config.stash:
        terminalreporter.write_line(config.stash[WARMED])
