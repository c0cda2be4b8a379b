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
