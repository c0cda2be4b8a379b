"""The first solve in a freshly started `gridsolve serve` (an empty numba cache, as after a fresh
install), in a real browser: the header says "warming up..." until the server is warm, then
"ready"; the first solve click after that is timed, click to painted board, and printed (the
figure of docs/serve.md, "Speed", and benchmarks/results/serve_first_solve.md). Only loose bounds
are asserted: timing targets live in the benchmarks."""

from __future__ import annotations

import json
import os
import urllib.request

import pytest

from tests.support.browser import Server, browser_fixture, page_fixture  # noqa: F401  (fixtures)

WARM_LIMIT_MS = 900_000  # a cold cache compiles every kernel the page runs (minutes on a loaded machine)
TIMEOUT = 30_000


@pytest.fixture(scope="module", name="server")
def fresh_server(tmp_path_factory):
    """`gridsolve serve` started with a numba cache of its own, empty."""
    cache = tmp_path_factory.mktemp("numba-cache")
    srv = Server(tmp_path_factory.mktemp("serve-root"), env=dict(os.environ, NUMBA_CACHE_DIR=str(cache)))
    try:
        srv.wait()
        yield srv
    finally:
        srv.stop()


def test_the_first_solve_after_ready_in_a_fresh_server(page, server, capsys):
    badge = page.locator("#ready")
    assert badge.inner_text() in ("warming up...", "ready")
    page.wait_for_selector("#ready[data-state='ready']", timeout=WARM_LIMIT_MS)
    assert badge.inner_text() == "ready"
    with urllib.request.urlopen(server.url + "/api/ready", timeout=10) as answer:
        ready = json.load(answer)
    assert ready["ready"] and ready["warm"] == ready["workers"] and ready["warmer"]["failed"] == []
    assert f"ready in {ready['seconds']:.1f} s" in server.output()

    page.select_option("#samples", "sample:slitherlink/tatham-10x10")
    before = int(page.get_attribute("#board", "data-revision") or 0)
    page.click("#open-sample")
    page.wait_for_function(f"Number(document.getElementById('board').dataset.revision) > {before}",
                           timeout=TIMEOUT)
    page.click("#solve")
    page.wait_for_selector("#solve-result[data-ms]", timeout=TIMEOUT)
    first = float(page.get_attribute("#solve-result", "data-ms"))
    with capsys.disabled():  # the figure shows in every run's output
        print(f"\nfresh server (empty numba cache): ready in {ready['seconds']:.1f} s, compiled "
              f"{len(ready['warmer']['compiled'])} functions once; the first 10x10 Slitherlink solve "
              f"after ready, click to painted board: {first:.0f} ms")
    assert page.get_attribute("#verdict", "data-status") == "solved"
    assert first < TIMEOUT
