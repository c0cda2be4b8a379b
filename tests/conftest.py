"""pytest hooks shared by the test modules; the shared helpers -- where the fixtures and the
corpora are, running the command line -- are in helpers.py."""

from __future__ import annotations

import resource
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
# in this order when it is free, so no long module starts last while the other worker idles.
SLOW_FIRST = (
    "project/test_readme.py", "backends/test_first_use.py", "edgematching/test_engine.py",
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
        path = Path(item.fspath)
        return rank.get(path.relative_to(tests).as_posix(), len(SLOW_FIRST)) \
            if path.is_relative_to(tests) else len(SLOW_FIRST)

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
    """``--warm-kernels``: the warm-up, once, in the process that starts the xdist workers (before
    it starts them), never in a worker, nor when only collecting. ``--cpu-times``: the report, in
    that process too."""
    shown = config.getoption("--cpu-times")
    if shown is not None and not hasattr(config, "workerinput"):
        config.pluginmanager.register(CpuTimes(shown), "cpu-times")
    if config.getoption("--warm-kernels") and not hasattr(config, "workerinput") \
            and not config.getoption("collectonly"):
        from .support import warm_kernels

        config.stash[WARMED] = warm_kernels.warm()


WARMED = pytest.StashKey[str]()


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


def pytest_terminal_summary(terminalreporter, config):
    if WARMED in config.stash:
        terminalreporter.write_line(config.stash[WARMED])
