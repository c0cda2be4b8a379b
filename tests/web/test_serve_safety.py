"""`gridsolve serve` on a real desktop (docs/serve.md, "Security"): only its own page drives it
(Host allow-list, Origin, per-launch token, JSON content type), saving never replaces a file
unasked, the size limits refuse at once before any work, every job can be cancelled (its process
ends), a client that goes away cancels its job, and bad requests are 4xx with one line."""

from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import sys
import threading
import time
import warnings
from pathlib import Path

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from gridsolve.harness.limits import LIMITS
from gridsolve.web import create_app
from gridsolve.web.kinds import features

from ..helpers import shared

TOKEN = "the-token"
PAGE = {"Origin": "http://testserver", "X-Gridsolve-Token": TOKEN}
SAMPLE = "sample:slitherlink/pzprjs-5x5"


def served(root: Path, **options) -> TestClient:
    return TestClient(create_app(root, allow_hosts=["testserver"], token=TOKEN, **options), headers=PAGE)


@pytest.fixture(scope="module")
def root(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("safety")


@pytest.fixture(scope="module")
def client(root):
    with served(root) as c:
        yield c


def routes(app) -> list[tuple[str, str]]:
    """(method, path) of every route, path parameters filled in."""
    out = []
    for r in app.routes:
        for method in sorted(getattr(r, "methods", ()) - {"HEAD"}):
            out.append((method, re.sub(r"\{[^}]*\}", "x", r.path)))
    assert len(out) > 15
    return out


def nothing_started(app) -> bool:
    pool = app.state.pool
    return not pool.jobs and not pool.threads


def doc(client) -> dict:
    r = client.post("/api/open", json={"source": SAMPLE})
    assert r.status_code == 200, r.text
    return r.json()


# ------------------------------------------------------------------ Host, Origin, token, content type


def test_a_foreign_host_is_refused_on_every_route(tmp_path):
    app = create_app(tmp_path, port=8123, token=TOKEN)
    for base in ("http://evil.example", "http://127.0.0.1:9999", "http://evil.example:8123"):
        client = TestClient(app, base_url=base)
        for method, path in routes(app):
            r = client.request(method, path, json={}, headers={"Origin": base, "X-Gridsolve-Token": TOKEN})
            assert r.status_code == 403, (base, method, path, r.text)
            assert "not this server's address" in r.json()["error"]
    assert nothing_started(app)
    for host in ("127.0.0.1:8123", "localhost:8123", "[::1]:8123"):
        assert TestClient(app, base_url=f"http://{host}").get("/api/kinds").status_code == 200, host
    allowed = create_app(tmp_path, port=8123, allow_hosts=["box.lan"], token=TOKEN)
    assert TestClient(allowed, base_url="http://box.lan:8123").get("/api/kinds").status_code == 200


@pytest.mark.parametrize("headers", [
    {"X-Gridsolve-Token": TOKEN},  # no Origin
    {"Origin": "http://evil.example", "X-Gridsolve-Token": TOKEN},
    {"Origin": "null", "X-Gridsolve-Token": TOKEN},
    {"Origin": "http://testserver"},  # no token
    {"Origin": "http://testserver", "X-Gridsolve-Token": "guessed"},
])
def test_every_post_without_the_pages_origin_and_token_is_refused_and_does_nothing(root, headers):
    app = create_app(root, allow_hosts=["testserver"], token=TOKEN)
    client = TestClient(app)
    body = {**doc(served(root)), "format": "canonical", "path": "written-by-a-stranger.txt",
            "source": SAMPLE, "options": {"size": "5"}}
    posts = [path for method, path in routes(app) if method == "POST"]
    assert {"/api/save", "/api/solve", "/api/generate", "/api/experiment"} <= set(posts)
    for path in posts:
        r = client.post(path, json=body, headers=headers)
        assert r.status_code == 403, (path, r.text)
        assert "\n" not in r.json()["error"]
    assert not (root / "written-by-a-stranger.txt").exists()
    assert nothing_started(app)


def test_a_simple_cross_site_post_cannot_write(root):
    """The attack of the report: text/plain from a foreign page."""
    app = create_app(root, allow_hosts=["testserver"], token=TOKEN)
    target = root / "notes.txt"
    target.write_text("mine\n")
    body = json.dumps({**doc(served(root)), "format": "canonical", "path": "notes.txt", "overwrite": True})
    r = TestClient(app).post("/api/save", content=body, headers={"Origin": "http://evil.example",
                                                                  "Content-Type": "text/plain"})
    assert r.status_code == 403 and target.read_text() == "mine\n"


@pytest.mark.parametrize("ctype", ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data",
                                   None])
def test_a_post_that_is_not_json_is_a_4xx_on_every_route(root, ctype):
    app = create_app(root, allow_hosts=["testserver"], token=TOKEN)
    client = TestClient(app, headers=PAGE)
    body = json.dumps({**doc(served(root)), "format": "canonical", "path": "plain.txt"})
    for method, path in routes(app):
        if method != "POST":
            continue
        headers = {"Content-Type": ctype} if ctype else {}
        r = client.post(path, content=body.encode(), headers=headers)
        assert r.status_code == 415, (path, r.text)
    assert not (root / "plain.txt").exists()
    assert nothing_started(app)


def test_no_token_lets_scripts_post_but_not_foreign_pages(tmp_path):
    app = create_app(tmp_path, allow_hosts=["testserver"], no_token=True)
    script = TestClient(app)
    assert script.post("/api/open", json={"source": SAMPLE}).status_code == 200
    r = script.post("/api/open", json={"source": SAMPLE}, headers={"Origin": "http://evil.example"})
    assert r.status_code == 403
    assert script.post("/api/open", content=b"{}", headers={"Content-Type": "text/plain"}).status_code == 415


def test_each_launch_has_its_own_token(tmp_path):
    a, b = create_app(tmp_path), create_app(tmp_path)
    assert a.state.token and b.state.token and a.state.token != b.state.token
    assert len(a.state.token) >= 24


# ------------------------------------------------------------------ saving


def test_saving_over_an_existing_file_needs_the_flag(client, root):
    d = doc(client)
    body = {"kind": d["kind"], "puzzle": d["puzzle"], "state": d["state"], "format": "canonical"}
    target = root / "keep.txt"
    target.write_text("my notes\n")
    r = client.post("/api/save", json={**body, "path": "keep.txt"})
    assert r.status_code == 409 and "exists" in r.json()["error"]
    assert target.read_text() == "my notes\n"
    r = client.post("/api/save", json={**body, "path": "keep.txt", "overwrite": True})
    assert r.status_code == 200 and target.read_text() == r.json()["text"] + "\n"
    assert [p.name for p in root.iterdir() if p.name.startswith(".keep.txt")] == []  # no temp file left
    assert client.post("/api/save", json={**body, "path": "keep.txt", "overwrite": "yes"}).status_code == 400


@pytest.mark.parametrize("path", [".bashrc", "notes.md", "script.py", "game.txt.sh", "dir/"])
def test_save_writes_only_the_projects_own_files(client, root, path):
    d = doc(client)
    r = client.post("/api/save", json={"kind": d["kind"], "puzzle": d["puzzle"], "state": d["state"],
                                       "format": "canonical", "path": path, "overwrite": True})
    assert r.status_code == 400 and ".txt" in r.json()["error"]
    assert not (root / path).exists()


def test_a_failed_write_leaves_the_old_file_whole(client, root, monkeypatch):
    d = doc(client)
    target = root / "whole.txt"
    target.write_text("the old game\n")

    def crash(*args, **kwargs):
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", crash)
    r = client.post("/api/save", json={"kind": d["kind"], "puzzle": d["puzzle"], "state": d["state"],
                                       "format": "canonical", "path": "whole.txt", "overwrite": True})
    assert r.status_code == 500
    assert target.read_text() == "the old game\n"
    assert [p.name for p in root.iterdir() if p.name.startswith(".whole.txt")] == []


# ------------------------------------------------------------------ limits


def slitherlink(rows: int, cols: int) -> str:
    return f"slitherlink {rows}x{cols}\n" + "\n".join(" ".join("2" * cols) for _ in range(rows)) + "\n"


def edgematching(side: int) -> str:
    return f"edgematching {side}x{side}\n" + "\n".join("1 1 1 1" for _ in range(side * side)) + "\n"


HUGE = slitherlink(1000, 1000)
OVER = {  # just past each kind's page limit
    "slitherlink": slitherlink(65, 64),
    "nurikabe": "nurikabe 65x64\n" + "\n".join(" ".join("." * 64) for _ in range(65)) + "\n",
    "edgematching": edgematching(21),
    "hamiltonian": "hamiltonian 33x32\n",
}


@pytest.mark.parametrize("endpoint", ["solve", "explain", "hint", "rules", "moves", "grade", "minimize",
                                      "state", "save", "diff", "numbers"])
def test_a_1000x1000_slitherlink_is_refused_at_once_everywhere(client, endpoint):
    t0 = time.perf_counter()
    r = client.post(f"/api/{endpoint}", json={"kind": "slitherlink", "puzzle": HUGE, "format": "canonical"})
    assert time.perf_counter() - t0 < 1.0
    assert r.status_code == 413, r.text
    error = r.json()["error"]
    assert "1000000 cells" in error and "4096" in error and "gridsolve solve" in error
    assert not client.app.state.pool.jobs


def test_open_refuses_a_huge_puzzle_in_any_form_at_once(client):
    for source in (HUGE, "https://puzz.link/p?slither/1000/1000/" + "z" * 40000, "1000x1000:" + "a" * 1000):
        t0 = time.perf_counter()
        r = client.post("/api/open", json={"source": source})
        assert time.perf_counter() - t0 < 1.0
        assert r.status_code == 413, r.text[:300]
        assert "command line" in r.json()["error"]


@pytest.mark.parametrize("kind", sorted(OVER))
def test_each_kinds_limit_is_refused_at_once(client, kind):
    lim = LIMITS[kind]
    t0 = time.perf_counter()
    for endpoint in ("solve", "explain", "hint", "open"):
        body = {"source": OVER[kind]} if endpoint == "open" else {"kind": kind, "puzzle": OVER[kind]}
        r = client.post(f"/api/{endpoint}", json=body)
        assert r.status_code == 413, (endpoint, r.text[:300])
        assert f"at most {lim.page}" in r.json()["error"] and lim.unit in r.json()["error"]
    assert time.perf_counter() - t0 < 4 * 1.0
    assert not client.app.state.pool.jobs


@pytest.mark.parametrize("kind", sorted(LIMITS))
def test_generate_and_experiments_are_bounded_before_any_work(client, kind):
    side = LIMITS[kind].page_side + 1
    t0 = time.perf_counter()
    r = client.post("/api/generate", json={"kind": kind, "options": {"size": f"{side}x{side}"}})
    # refused for the size, or for a kind without a generator (Masyu) by its name
    expected = str(LIMITS[kind].page_side) if "generate" in features(kind) else f"not {kind}"
    assert r.status_code == 400 and expected in r.json()["error"]
    for bad in ({"n": 51}, {"timeout": 61}, {"backends": ["nope"]}, {"source": "elsewhere"}):
        r = client.post("/api/experiment", json={"kind": kind, **bad})
        assert r.status_code == 400, (bad, r.text)
    assert time.perf_counter() - t0 < 1.0
    assert not client.app.state.pool.jobs


@pytest.mark.parametrize("corpus", ["slitherlink/janko-puzzlekit.json", "nurikabe/janko-puzzlekit.json",
                                    "edgematching/brendan-owen/pieces_20x20.txt", "hamiltonian/fodor-states"])
def test_the_page_opens_the_largest_puzzle_of_each_corpus(client, corpus):
    """The limits admit what the page is for: the largest puzzle of each shared corpus opens."""
    from gridsolve.puzzles import formats

    path = shared(*corpus.split("/"))
    from gridsolve.puzzles.errors import FormatError

    def puzzles(f: Path):
        try:
            entries = formats.parse_text(formats.decode(f.read_bytes(), f.name), f.name)
        except FormatError:  # notes beside the puzzle files
            return []
        return [e.puzzle for e in entries if e.ok]

    files = sorted(path.rglob("*.txt")) if path.is_dir() else [path]
    largest = max((p for f in files for p in puzzles(f)), key=lambda p: p.rows * p.cols)
    r = client.post("/api/open", json={"source": formats.format_puzzle(largest)})
    assert r.status_code == 200, r.text[:300]
    assert (r.json()["rows"], r.json()["cols"]) == (largest.rows, largest.cols)


def test_a_60x60_slitherlink_opens(client):
    r = client.post("/api/open", json={"source": slitherlink(60, 60)})
    assert r.status_code == 200 and r.json()["rows"] == 60


# ------------------------------------------------------------------ jobs: cancel, place in the queue


def heavy_puzzle() -> str:
    from gridsolve.web import tools

    return tools.generate(None, {"kind": "edgematching", "options": {"size": "10x10", "seed": 1}})["puzzle"]


def gone(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().split()[2] == "Z"
    except FileNotFoundError:
        return True


def wait_state(client, job: str, state: str, seconds: float = 60.0) -> dict:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        r = client.get(f"/api/jobs/{job}")
        if r.status_code == 200 and r.json()["state"] == state:
            return r.json()
        time.sleep(0.05)
    raise AssertionError(f"job {job} not {state} in {seconds} s: {r.text}")


def test_cancel_ends_the_solver_process_within_a_second(tmp_path):
    with served(tmp_path, workers=1) as client:
        puzzle = heavy_puzzle()
        answers = {}

        def send(job):
            answers[job] = client.post("/api/solve", json={"kind": "edgematching", "puzzle": puzzle,
                                                           "timeout": 30}, headers={"X-Gridsolve-Job": job})

        threads = [threading.Thread(target=send, args=(job,)) for job in ("first", "second")]
        threads[0].start()
        running = wait_state(client, "first", "running")
        threads[1].start()
        queued = wait_state(client, "second", "queued")
        assert running["lane"] == "heavy" and running["pid"] and queued["position"] == 1
        pid = running["pid"]
        assert not gone(pid)
        t0 = time.monotonic()
        assert client.post("/api/jobs/first/cancel", json={}).json()["cancelled"] is True
        while not gone(pid) and time.monotonic() - t0 < 1.0:
            time.sleep(0.02)
        assert gone(pid), "the cancelled job's process still runs after 1 s"
        threads[0].join(5)
        assert answers["first"].status_code == 409 and "cancelled" in answers["first"].json()["error"]
        assert client.post("/api/jobs/second/cancel", json={}).json()["cancelled"] is True  # from the queue
        threads[1].join(5)
        assert answers["second"].status_code == 409
        assert client.get("/api/jobs/second").json()["state"] == "cancelled"
        assert client.post("/api/jobs/second/cancel", json={}).json()["cancelled"] is False
        assert client.post("/api/jobs/nosuch/cancel", json={}).status_code == 404


def test_a_small_solve_takes_the_fast_lane_past_a_busy_heavy_lane(tmp_path):
    with served(tmp_path, workers=1) as client:
        puzzle = heavy_puzzle()
        d = doc(client)
        t = threading.Thread(target=client.post, args=("/api/solve",), kwargs={
            "json": {"kind": "edgematching", "puzzle": puzzle, "timeout": 20},
            "headers": {"X-Gridsolve-Job": "big"}})
        t.start()
        wait_state(client, "big", "running")
        r = client.post("/api/solve", json={"kind": "slitherlink", "puzzle": d["puzzle"]},
                        headers={"X-Gridsolve-Job": "small"})
        assert r.status_code == 200 and r.json()["status"] == "solved"
        assert client.get("/api/jobs/small").json()["lane"] == "small"
        assert client.get("/api/jobs/big").json()["state"] == "running"
        client.post("/api/jobs/big/cancel", json={})
        t.join(5)


def children(pid: int) -> list[int]:
    out = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            out.append(int(stat.parent.name))
    return out


def test_a_cancelled_experiment_stops_with_its_solver(tmp_path):
    with served(tmp_path, workers=1) as client:
        r = client.post("/api/experiment", json={"kind": "edgematching", "source": "generate", "n": 50,
                                                 "backends": ["backtrack-table", "sat"], "timeout": 30})
        assert r.status_code == 200, r.text
        job = r.json()["job"]
        pid = wait_state(client, job, "running")["pid"]
        assert client.post("/api/experiment", json={"kind": "nurikabe"}).status_code == 400  # one at a time
        deadline = time.monotonic() + 60
        while not children(pid) and time.monotonic() < deadline:  # the batch runner's solver process
            time.sleep(0.05)
        solvers = children(pid)
        assert solvers
        assert client.post(f"/api/jobs/{job}/cancel", json={}).json()["cancelled"]
        t0 = time.monotonic()
        while not all(gone(p) for p in (pid, *solvers)) and time.monotonic() - t0 < 1.0:
            time.sleep(0.02)
        assert gone(pid) and all(gone(p) for p in solvers)
        s = client.get(f"/api/experiment/{job}").json()
        assert s["finished"] and s["state"] == "cancelled"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_a_client_that_goes_away_cancels_its_job(tmp_path):
    """A real server: the solve's connection is closed while it runs; its process ends."""
    port = _free_port()
    exe = Path(sys.executable).with_name("gridsolve")
    proc = subprocess.Popen([str(exe), "serve", "--port", str(port), "--no-open", "--root", str(tmp_path)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        line = proc.stderr.readline()
        token = re.search(r"token=(\S+)", line).group(1)
        import httpx

        base = f"http://127.0.0.1:{port}"
        for _ in range(200):
            try:
                httpx.get(base + "/api/kinds", timeout=30)
                break
            except httpx.TransportError:
                time.sleep(0.2)
        body = json.dumps({"kind": "edgematching", "puzzle": heavy_puzzle(), "timeout": 30}).encode()
        head = (f"POST /api/solve HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nOrigin: {base}\r\n"
                f"X-Gridsolve-Token: {token}\r\nX-Gridsolve-Job: gone\r\nContent-Type: application/json\r\n"
                f"Content-Length: {len(body)}\r\n\r\n").encode()
        sock = socket.create_connection(("127.0.0.1", port))
        sock.sendall(head + body)
        deadline = time.monotonic() + 60
        while True:
            s = httpx.get(base + "/api/jobs/gone", timeout=10)
            if s.status_code == 200 and s.json()["state"] == "running":
                break
            assert time.monotonic() < deadline, s.text
            time.sleep(0.1)
        pid = s.json()["pid"]
        sock.close()
        t0 = time.monotonic()
        while not gone(pid) and time.monotonic() - t0 < 2.0:
            time.sleep(0.05)
        assert gone(pid), "the job of a client that went away still runs"
        assert httpx.get(base + "/api/jobs/gone", timeout=10).json()["state"] == "cancelled"
    finally:
        proc.terminate()
        proc.wait(timeout=20)


# ------------------------------------------------------------------ bad requests: 4xx, one line


def test_deeply_nested_json_is_a_400(client):
    for depth in (20, 100_000):
        body = b'{"source": ' + b"[" * depth + b"]" * depth + b"}"
        r = client.post("/api/open", content=body, headers={"Content-Type": "application/json"})
        assert r.status_code == 400 and "nested" in r.json()["error"], depth


@pytest.mark.parametrize("path", ["/static/style.css%00.js", "/static/style.css%0a", "/api/jobs/a%00b",
                                  "/static/%01"])
def test_control_bytes_in_a_path_are_a_400(client, path):
    r = client.get(path)
    assert r.status_code == 400 and "control character" in r.json()["error"]


def test_traversal_stays_refused(client):
    for path in ("/static/../app.py", "/static/%2e%2e/app.py", "/static/..%2fapp.py"):
        assert client.get(path).status_code in (403, 404), path
    d = doc(client)
    for target in ("../out.txt", "/tmp/out.txt", "a/%2e%2e/../out.txt"):
        r = client.post("/api/save", json={"kind": d["kind"], "puzzle": d["puzzle"], "state": d["state"],
                                           "format": "canonical", "path": target})
        assert r.status_code in (400, 403), target


@pytest.mark.parametrize("endpoint", ["moves", "hint"])
def test_an_unknown_labyrinth_group_is_a_400(client, endpoint):
    d = client.post("/api/open", json={"source": "sample:hamiltonian/square-5"}).json()
    r = client.post(f"/api/{endpoint}", json={"kind": "hamiltonian", "puzzle": d["puzzle"],
                                              "state": d["state"], "group": "nosuch"})
    assert r.status_code == 400 and "nosuch" in r.json()["error"]
    assert all(j.name != endpoint for j in client.app.state.pool.jobs.values())  # refused before queueing


def test_unknown_jobs_are_404(client):
    assert client.get("/api/jobs/nosuch").status_code == 404
    assert client.get("/api/experiment/nosuch").status_code == 404
    r = client.post("/api/solve", json={"kind": "slitherlink", "puzzle": doc(client)["puzzle"]},
                    headers={"X-Gridsolve-Job": "bad id!"})
    assert r.status_code == 400 and "job id" in r.json()["error"]


def test_a_worker_that_cannot_start_fails_the_job_instead_of_hanging(tmp_path, monkeypatch):
    with served(tmp_path) as client:
        d = doc(client)
        monkeypatch.setattr(sys, "executable", "/bin/false")
        t0 = time.monotonic()
        r = client.post("/api/solve", json={"kind": "slitherlink", "puzzle": d["puzzle"]})
        assert r.status_code == 500 and "does not start" in r.json()["error"]
        assert time.monotonic() - t0 < 10


def test_an_answer_over_the_cap_is_refused_not_sent(tmp_path, monkeypatch):
    """The worker measures its answer before sending it (``web.worker.run``)."""
    from gridsolve.harness import limits
    from gridsolve.web import worker

    d = doc(served(tmp_path))
    body = {"kind": "slitherlink", "puzzle": d["puzzle"]}
    status, answer = worker.run("solve", str(tmp_path), body, print)
    assert status == 200 and len(answer) > 1000
    monkeypatch.setattr(limits, "PAGE_ANSWER_BYTES", 1000)
    status, answer = worker.run("solve", str(tmp_path), body, print)
    assert status == 413 and "command line" in json.loads(answer)["error"]
