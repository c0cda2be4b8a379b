"""Fixtures of the browser tests: a real `gridsolve serve` (a subprocess on a free port over a tmp
folder) and Debian's headless Chromium driven by Playwright.

Chromium comes from the system (``make browser`` installs Debian's package); Playwright's own
browser download is never used. Without a browser the tests fail with a message saying how to get
one, unless ``GRIDSOLVE_NO_BROWSER=1`` asks to skip them.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import pytest

CHROMIUM = Path(os.environ.get("GRIDSOLVE_CHROMIUM", "/usr/bin/chromium"))
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
SERVER_START_SECONDS = 120  # the first start imports the solvers and compiles the rule kernels
VIEWPORT = {"width": 1400, "height": 1000}


def no_browser(why: str) -> None:
    """Skip when the user asked for it (GRIDSOLVE_NO_BROWSER=1), fail loudly otherwise."""
    if os.environ.get("GRIDSOLVE_NO_BROWSER") == "1":
        pytest.skip(f"browser tests skipped (GRIDSOLVE_NO_BROWSER=1): {why}")
    pytest.fail(f"{why}; run `make browser` (installs Debian's chromium with apt-get) and "
                "`pip install -e '.[dev]'`, or set GRIDSOLVE_NO_BROWSER=1 to skip the browser tests",
                pytrace=False)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def gridsolve_command() -> list[str]:
    script = Path(sys.executable).with_name("gridsolve")
    return [str(script)] if script.exists() else [sys.executable, "-m", "gridsolve.cli.main"]


class Server:
    """`gridsolve serve` over ``root`` (``env``: its environment, default this process's); ``url``
    once it answers, and ``page_url``: the address it printed, carrying its per-launch token (the
    one a user's browser opens)."""

    def __init__(self, root: Path, env: dict[str, str] | None = None):
        self.root = root
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.page_url = ""
        self.log = tempfile.TemporaryFile()
        self.process = subprocess.Popen(
            [*gridsolve_command(), "serve", "--port", str(self.port), "--no-open"],
            cwd=root, stdout=self.log, stderr=subprocess.STDOUT, env=env)

    def wait(self) -> None:
        deadline = time.monotonic() + SERVER_START_SECONDS
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"gridsolve serve exited ({self.process.returncode}):\n{self.output()}")
            try:
                with urllib.request.urlopen(self.url + "/api/kinds", timeout=5) as answer:
                    json.load(answer)
                printed = re.search(r"gridsolve serve: (http://\S+)", self.output())
                if printed:
                    self.page_url = printed.group(1)
                    return
            except OSError:
                pass
            time.sleep(0.3)
        raise RuntimeError(f"gridsolve serve did not answer in {SERVER_START_SECONDS} s:\n{self.output()}")

    def alive(self) -> bool:
        with urllib.request.urlopen(self.url + "/api/kinds", timeout=10) as answer:
            return answer.status == 200

    def output(self) -> str:
        self.log.seek(0)
        return self.log.read().decode(errors="replace")[-4000:]

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.log.close()


@pytest.fixture(scope="module", name="server")
def server_fixture(tmp_path_factory):
    root = tmp_path_factory.mktemp("serve-root")
    srv = Server(root)
    try:
        srv.wait()
        yield srv
    finally:
        srv.stop()


@pytest.fixture(scope="module", name="browser")
def browser_fixture():
    if not CHROMIUM.exists():
        no_browser(f"no Chromium at {CHROMIUM}")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        no_browser("the Python package playwright is not installed")
    profile = tempfile.mkdtemp(prefix="gridsolve-chromium-")
    with sync_playwright() as p:
        context = p.chromium.launch_persistent_context(
            profile, executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS, viewport=VIEWPORT)
        try:
            yield context
        finally:
            context.close()
            shutil.rmtree(profile, ignore_errors=True)


@pytest.fixture(name="page")
def page_fixture(browser, server):
    """The page, loaded and wired (``body[data-ready]``); JS errors fail the test."""
    pg = browser.new_page()
    errors = []
    pg.on("pageerror", lambda exc: errors.append(str(exc)))
    pg.goto(server.page_url)
    pg.wait_for_selector("body[data-ready='1']", timeout=20_000)
    yield pg
    pg.close()
    assert not errors, f"errors in the page: {errors}"


# ------------------------------------------------------------------ the page's actions (every browser test)

TIMEOUT = 30_000  # ms for one server answer seen in the page (loaded machine)
SHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"


def wait_for(pg, condition: str) -> None:
    pg.wait_for_function(condition, timeout=TIMEOUT)


def revision(pg) -> int:
    return int(pg.get_attribute("#board", "data-revision") or 0)


def after_repaint(pg, action) -> None:
    """Run ``action`` and wait until the board was painted again."""
    before = revision(pg)
    action()
    wait_for(pg, f"Number(document.getElementById('board').dataset.revision) > {before}")


def open_sample(pg, kind: str, name: str) -> None:
    """Open a shipped sample through the Open panel."""
    value = f"sample:{kind}/{name}"
    assert pg.locator(f"#samples option[value='{value}']").count() == 1, f"no shipped sample {value}"
    pg.select_option("#samples", value)
    after_repaint(pg, lambda: pg.click("#open-sample"))
    assert kind in pg.inner_text("#puzzle-name")


def grid_point(pg, gx: float, gy: float) -> tuple[float, float]:
    """The page coordinates of grid point (gx, gy) of the board: cell (r, c) spans [c, c+1) x [r, r+1)."""
    return pg.evaluate("""([gx, gy]) => {
        const board = document.getElementById('board');
        const g = JSON.parse(board.dataset.geometry);
        const svg = board.querySelector('svg');
        const p = svg.createSVGPoint();
        p.x = g.margin + gx * g.cell; p.y = g.margin + gy * g.cell;
        const s = p.matrixTransform(svg.getScreenCTM());
        return [s.x, s.y];
    }""", [gx, gy])


def click_grid(pg, gx: float, gy: float, button: str = "left") -> None:
    """Click the board at grid point (gx, gy) and wait for the repaint."""
    x, y = grid_point(pg, gx, gy)
    after_repaint(pg, lambda: pg.mouse.click(x, y, button=button))


def shot(pg, name: str) -> None:
    """A screenshot of the whole page, NAME.png: into docs/screenshots/ (the README shows them)
    when GRIDSOLVE_SCREENSHOTS=1 (``make screenshots``), else into a temporary folder -- a test
    run leaves the checkout as it found it (each run's pixels differ a little)."""
    for_docs = os.environ.get("GRIDSOLVE_SCREENSHOTS") == "1"
    folder = SHOTS if for_docs else Path(tempfile.gettempdir()) / "gridsolve-shots"
    folder.mkdir(parents=True, exist_ok=True)
    pg.screenshot(path=str(folder / f"{name}.png"), full_page=True)


# the page's own API client, called inside the page (token and job headers as the page sends them)
GENERATE = """async (body) => { const a = await import('/static/api.js');
    return await a.api('/api/generate', body); }"""
