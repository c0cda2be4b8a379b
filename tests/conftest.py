"""pytest hooks shared by the test modules; the shared helpers -- where the fixtures and the
corpora are, running the command line -- are in helpers.py."""

from __future__ import annotations

import pytest

from . import helpers


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """Every skip for want of the corpora reported at one place, so the summary has one line for
    them: pytest reports a skip raised in a fixture at the test's own line instead."""
    outcome = yield
    report = outcome.get_result()
    longrepr = report.longrepr
    if report.skipped and isinstance(longrepr, tuple) and longrepr[2].endswith(helpers.NO_DATA):
        report.longrepr = (helpers.__file__, helpers.NO_DATA_LINE, longrepr[2])


def pytest_addoption(parser):
    parser.addoption("--warm-kernels", action="store_true",
                     help="compile the numba kernels the suite runs before its tests, in parallel "
                          "processes, so that no test or worker compiles them again (make test)")


def pytest_configure(config):
    """``--warm-kernels``: the warm-up, once, in the process that starts the xdist workers (before
    it starts them), never in a worker, nor when only collecting."""
    if config.getoption("--warm-kernels") and not hasattr(config, "workerinput") \
            and not config.getoption("collectonly"):
        from .support import warm_kernels

        config.stash[WARMED] = warm_kernels.warm()


WARMED = pytest.StashKey[str]()


def pytest_terminal_summary(terminalreporter, config):
    if WARMED in config.stash:
        terminalreporter.write_line(config.stash[WARMED])
