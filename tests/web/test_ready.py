"""`gridsolve serve` warms up in the background and says when it is ready: requests before that
are answered all the same, ``GET /api/ready`` turns true once the warmer and every worker ran
the warm-up, and ``on_ready`` hears it once. The browser's first solve click after ready, on a
fresh server with an empty numba cache, is measured in tests/web/test_ready_browser.py."""

from __future__ import annotations

import threading
import time

import pytest
from fastapi.testclient import TestClient
from gridsolve.web import create_app
from gridsolve.web.tools import warm_up

WARM_LIMIT = 900  # seconds: a cold numba cache compiles every kernel the page runs (loaded machine)


def sample_request(client, name: str) -> dict:
    doc = client.post("/api/open", json={"source": name}).json()
    return {"kind": doc["kind"], "puzzle": doc["puzzle"], "state": doc["state"]}


def test_a_server_warms_up_in_the_background_and_answers_meanwhile(tmp_path):
    heard: list[float] = []
    done = threading.Event()

    def on_ready(seconds: float) -> None:
        heard.append(seconds)
        done.set()

    app = create_app(tmp_path, warm=True, no_token=True, workers=1, on_ready=on_ready)
    with TestClient(app, base_url="http://127.0.0.1") as client:
        first = client.get("/api/ready").json()
        assert first["warming"] is True and first["workers"] == 2
        assert first["ready"] is False, "ready before any worker warmed"
        # a request before ready is answered (by a cold worker), never refused
        solved = client.post("/api/solve", json=sample_request(client, "sample:slitherlink/pzprjs-5x5"))
        assert solved.status_code == 200 and solved.json()["status"] == "solved"
        assert done.wait(WARM_LIMIT), f"not ready after {WARM_LIMIT} s: {client.get('/api/ready').json()}"
        ready = client.get("/api/ready").json()
        assert ready["ready"] is True and ready["warm"] == ready["workers"] == 2, ready
        assert ready["error"] == "" and ready["warmer"]["failed"] == [], ready
        assert set(ready["warmer"]["kinds"]) == {k["kind"] for k in client.get("/api/kinds").json()["kinds"]}
        assert heard == [pytest.approx(ready["seconds"], abs=0.01)], "on_ready: called once, with the seconds"
        again = client.post("/api/solve", json=sample_request(client, "sample:slitherlink/tatham-10x10"))
        assert again.status_code == 200 and again.json()["status"] == "solved"


def test_a_server_started_without_warming_is_ready_at_once(tmp_path):
    with TestClient(create_app(tmp_path, no_token=True), base_url="http://127.0.0.1") as client:
        ready = client.get("/api/ready").json()
    assert ready["ready"] is True and ready["warming"] is False


def test_the_warm_up_runs_every_first_request_without_a_failure():
    failed: list[str] = []
    t0 = time.perf_counter()
    seconds = warm_up(failed=failed)
    assert failed == []
    assert set(seconds) >= {"slitherlink", "nurikabe", "hamiltonian", "edgematching", "masyu"}
    assert sum(seconds.values()) <= time.perf_counter() - t0 + 0.01
