"""The server of ``gridsolve serve``: a FastAPI app answering the page's JSON requests
(docs/serve.md has the API) and serving the page itself (``web/static``).

Only its own page drives it (``web.security``: Host allow-list, Origin, per-launch token, JSON
content type). Requests that only read, draw or save (``LIGHT``) run in the server's threads on
puzzles within the page's limits (``harness.limits``); every request that runs a solver, the rules
or a generator is checked here (size, options) and then queued as a job of ``web.pool``, whose
worker processes do the work, so the server never solves and answers at once under any load. A
job is cancelled when its client goes away or asks (``POST /api/jobs/{job}/cancel``).

Every answer is JSON. Bad input is a 4xx with ``{"error": one line}`` (``web.errors``); a 500
only for a bug; nothing raised inside a request stops the server.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, Response
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException

from ..harness.limits import TooLarge, is_small
from . import api, jobs, tools
from .analysis import ANALYZE_SECONDS
from .document import kind_of, number, puzzle_of
from .errors import one_line, status_of
from .kinds import web_kind
from .options import DEFAULT_SECONDS, MAX_SECONDS
from .pool import Busy, Pool
from .security import Guard, allowed_hosts, new_token
from .states import BadInput

MAX_BODY = 4 << 20  # bytes of one request
MAX_DEPTH = 16  # nesting of a request's JSON (the deepest state is 4)
STATIC = Path(__file__).resolve().parent / "static"
JOB_HEADER = "x-gridsolve-job"  # the page names its jobs, to poll their place and cancel them
LIGHT = ("open", "state", "save", "diff", "numbers", "edit")  # answered by the server's threads
# the work endpoints: (the payload's time limit field, its default, seconds the job may add to
# it to make its answer); the job's budget is limit + extra (``web.pool``)
WORK = {
    "solve": ("timeout", DEFAULT_SECONDS, 0.3),
    "hint": ("timeout", DEFAULT_SECONDS, 5.0),
    "rules": ("timeout", DEFAULT_SECONDS, 5.0),
    "moves": (None, MAX_SECONDS, 0.0),
    "explain": ("timeout", 20.0, 10.0),
    "grade": (None, MAX_SECONDS, 0.0),
    "minimize": ("seconds", 20.0, MAX_SECONDS),
    "generate": (None, 30.0, 30.0),
    "analyze": ("timeout", ANALYZE_SECONDS, 10.0),  # the author's live analysis (web.analysis)
    "suggest": ("timeout", ANALYZE_SECONDS, 10.0),
    "check-drawing": ("timeout", DEFAULT_SECONDS, 5.0),
}
BIG_ONLY = ("minimize", "grade")  # never in the fast lane: many solver calls in one job (a grade
# after each edit would hold the live analysis up)


FALLBACK_PAGE = """<!doctype html><meta charset="utf-8"><title>gridsolve</title>
<p>gridsolve serve: the page (web/static/index.html) is not installed; the API answers at /api/kinds.</p>
"""


def _depth(obj: Any) -> int:
    """The nesting depth of a JSON value (iteratively: no recursion on hostile input)."""
    deepest, stack = 0, [(obj, 1)]
    while stack:
        node, d = stack.pop()
        if isinstance(node, dict | list):
            deepest = max(deepest, d)
            if d > MAX_DEPTH:
                return d
            stack.extend((v, d + 1) for v in (node.values() if isinstance(node, dict) else node))
    return deepest


async def _payload(request: Request) -> dict:
    """The request's JSON object; BadInput for anything else, TooLarge past ``MAX_BODY``."""
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > MAX_BODY:
        raise TooLarge(f"the request is larger than {MAX_BODY >> 20} MiB")
    body = b""
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_BODY:
            raise TooLarge(f"the request is larger than {MAX_BODY >> 20} MiB")
    try:
        obj = json.loads(body or b"{}")
    except RecursionError:
        raise BadInput(f"the request's JSON is nested deeper than {MAX_DEPTH} levels") from None
    except (ValueError, UnicodeDecodeError):
        raise BadInput("the request body is not JSON") from None
    if not isinstance(obj, dict):
        raise BadInput("the request body must be a JSON object")
    if _depth(obj) > MAX_DEPTH:
        raise BadInput(f"the request's JSON is nested deeper than {MAX_DEPTH} levels")
    return obj


def _error(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


def plan(name: str, payload: dict) -> tuple[str, float, float]:
    """(lane, time limit, budget) of a work request, checked before it is queued: the puzzle read
    and held to the page's limits, the options the server can judge without solving."""
    field, default, extra = WORK[name]
    if name == "generate":
        kind, options, spec, rows, cols = tools.generate_request(payload)
        limit = number(options, "timeout", default, 1, MAX_SECONDS) if "timeout" in spec else default
        small = is_small(kind, rows, cols)
    else:
        puzzle = puzzle_of({"kind": tools.MOVES_KIND, **payload} if name == "moves" else payload)
        check_request = getattr(web_kind(puzzle.kind), "check_request", None)
        if check_request is not None:  # options the kind's server side can judge (labyrinth rule groups)
            check_request(name, payload)
        limit = number(payload, field, default, 0.01, MAX_SECONDS) if field else default
        small = is_small(puzzle.kind, puzzle.rows, puzzle.cols) and name not in BIG_ONLY
    return ("small" if small else "heavy"), limit, limit + extra


def create_app(root: Path | str = ".", *, warm: bool = False, port: int | None = None,
               allow_hosts: tuple[str, ...] | list[str] = (), token: str | None = None,
               no_token: bool = False, workers: int | None = None,
               on_ready: Callable[[float], None] | None = None) -> FastAPI:
    """The app serving the page and its API over the folder ``root`` (every file it reads or
    writes lies inside it). ``port``: the one it is served on (the allowed Hosts carry it; None:
    any port, as a test client has); ``allow_hosts``: more Host names; ``token``: the per-launch
    token (a new one unless given; ``no_token``: none asked); ``workers``: the heavy lane's size
    (default: one per core); ``warm``: at start, in the background, the server and its workers
    run what the page's first requests run (``web.pool``: warming; ``GET /api/ready`` tells when
    they are done, and ``on_ready(seconds)`` is called then)."""
    root = Path(root).resolve()
    if not root.is_dir():
        raise ValueError(f"root {root} is not a folder")
    server_warm = threading.Event()  # the server's own first requests (``api.warm_up``) are paid
    if not warm:
        server_warm.set()

    def workers_ready(seconds: float) -> None:  # called by the pool, on a thread of its own
        server_warm.wait()
        if on_ready is not None:
            on_ready(seconds)

    pool = Pool(root, workers, warm, workers_ready)

    def warm_server() -> None:
        try:
            api.warm_up()
        except Exception:  # noqa: BLE001 - a sample that does not open is the tests' to find, not the start's
            pass
        server_warm.set()

    kinds_job: list = []  # the one job that lists the kinds (run by a worker: it imports every backend)

    def kinds_answer():
        with pool.lock:
            if not kinds_job or (kinds_job[0].future.done() and kinds_job[0].future.result().status != 200):
                kinds_job[:] = [pool.submit("kinds", {}, "small", MAX_SECONDS, MAX_SECONDS)]
            return kinds_job[0]

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI):
        if warm:
            pool.start()  # the workers import and warm before the first job
            kinds_answer()
            threading.Thread(target=warm_server, daemon=True, name="gridsolve-warm-server").start()
        yield
        pool.close()

    app = FastAPI(title="gridsolve", docs_url=None, redoc_url=None, openapi_url=None, lifespan=lifespan)
    app.state.root = root
    app.state.token = None if no_token else (token or new_token())
    app.state.pool = pool
    app.add_middleware(Guard, hosts=allowed_hosts(port, allow_hosts), token=app.state.token)
    totals: dict[str, int] = {}  # experiment job -> its number of runs

    @app.exception_handler(Exception)
    async def _any(request: Request, exc: Exception) -> JSONResponse:
        return _error(*status_of(exc))

    @app.exception_handler(HTTPException)
    async def _http(request: Request, exc: HTTPException) -> JSONResponse:
        return _error(exc.status_code, str(exc.detail))

    def light_route(path: str, work: Callable[[Path, dict], Any]) -> None:
        async def endpoint(request: Request) -> JSONResponse:
            try:
                payload = await _payload(request)
                out = await run_in_threadpool(work, root, payload)
            except Exception as exc:  # 4xx for the request's fault, 500 naming a bug; the server goes on
                return _error(*status_of(exc))
            return JSONResponse(out)

        app.add_api_route(path, endpoint, methods=["POST"])

    @app.get("/api/ready")
    async def ready() -> JSONResponse:
        out = pool.readiness()
        out["ready"] = out["ready"] and server_warm.is_set()
        return JSONResponse(out)

    @app.get("/api/kinds")
    async def kinds() -> Response:
        outcome = await asyncio.wrap_future(kinds_answer().future)
        return Response(outcome.body, status_code=outcome.status, media_type="application/json")

    for name in LIGHT:
        light_route(f"/api/{name}", api.ENDPOINTS[name])

    async def wait(request: Request, job) -> Response:
        """The job's answer; the job cancelled if the client goes away first."""
        done = asyncio.wrap_future(job.future)
        while not done.done():
            await asyncio.wait({done}, timeout=0.2)
            if not done.done() and await request.is_disconnected():
                pool.cancel(job.id)
                return _error(409, "cancelled: the client went away")
        outcome = done.result()
        return Response(outcome.body, status_code=outcome.status, media_type="application/json")

    def job_route(name: str) -> None:
        async def endpoint(request: Request) -> Response:
            try:
                payload = await _payload(request)
                lane, limit, budget = await run_in_threadpool(plan, name, payload)
                job = pool.submit(name, payload, lane, limit, budget, request.headers.get(JOB_HEADER))
            except Busy as exc:
                return _error(503, one_line(exc))
            except Exception as exc:
                return _error(*status_of(exc))
            return await wait(request, job)

        app.add_api_route(f"/api/{name}", endpoint, methods=["POST"])

    for name in WORK:
        job_route(name)

    @app.post("/api/experiment")
    async def experiment(request: Request) -> Response:
        try:
            payload = await _payload(request)
            p = await run_in_threadpool(jobs.plan, root, payload)
            running = [j for j in list(pool.jobs.values()) if j.state in ("queued", "running")]
            if any(j.name == "experiment" for j in running):
                raise BadInput("an experiment is running already; wait for it to finish or cancel it")
            budget = p["total"] * (p["timeout"] + 10.0) + 60.0
            job = pool.submit("experiment", payload, "heavy", budget, budget, request.headers.get(JOB_HEADER))
            totals[job.id] = p["total"]
        except Busy as exc:
            return _error(503, one_line(exc))
        except Exception as exc:
            return _error(*status_of(exc))
        return JSONResponse({"job": job.id, "total": p["total"], "kind": p["kind"]})

    @app.get("/api/experiment/{job}")
    async def experiment_status(job: str) -> Response:
        found = pool.get(job)
        if found is None or found.name != "experiment":
            return _error(404, f"no experiment {job!r}")
        s = pool.status(job)
        if s is None:  # forgotten between the two calls
            return _error(404, f"no experiment {job!r}")
        out = {"job": job, "kind": kind_of(found.payload), "done": len(s["progress"]), "rows": s["progress"],
               "finished": s["state"] in ("done", "cancelled"), "state": s["state"],
               "position": s["position"], "total": totals.get(job), "plots": [], "summary": [], "error": ""}
        if found.future.done():
            outcome = found.future.result()
            answer = json.loads(outcome.body)
            if outcome.status == 200:
                out.update(total=answer["total"], plots=answer["plots"], summary=answer["summary"])
            else:
                out["error"] = answer.get("error", f"HTTP {outcome.status}")
        return JSONResponse(out)

    @app.get("/api/jobs/{job}")
    async def job_status(job: str) -> Response:
        s = pool.status(job)
        return _error(404, f"no job {job!r}") if s is None else JSONResponse(s)

    @app.post("/api/jobs/{job}/cancel")
    async def job_cancel(job: str) -> Response:
        if pool.get(job) is None:
            return _error(404, f"no job {job!r}")
        return JSONResponse({"job": job, "cancelled": pool.cancel(job)})

    @app.get("/")
    async def index():
        page = STATIC / "index.html"
        return FileResponse(page) if page.is_file() else HTMLResponse(FALLBACK_PAGE)

    @app.get("/static/{name:path}")
    async def static(name: str):
        try:
            path = _static_file(name)
        except Exception as exc:
            return _error(*status_of(exc))
        if path is None:
            return _error(404, f"no file {name!r}")
        return FileResponse(path)

    return app


def _static_file(name: str) -> Path | None:
    from .sources import confined

    if not STATIC.is_dir():
        return None
    path = confined(STATIC, name)
    return path if path.is_file() else None

