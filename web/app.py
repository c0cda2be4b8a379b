"""The server of ``gridsolve serve``: a FastAPI app answering the page's JSON requests
(docs/serve.md has the API) and serving the page itself (``web/static``).

Every answer is JSON. Bad input is a 400 with ``{"error": one line}``, a path outside the root a
403, an unknown job a 404, a body over ``MAX_BODY`` a 413, a bug a 500 naming it; nothing raised
inside a request stops the server. The work runs in worker threads, so a long solve never blocks
the other requests.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException

from ..puzzles.errors import FormatError
from . import api, jobs
from .sources import Forbidden
from .states import BadInput

MAX_BODY = 4 << 20  # bytes of one request
STATIC = Path(__file__).resolve().parent / "static"


class TooLarge(ValueError):
    pass


class NotFound(LookupError):
    pass


FALLBACK_PAGE = """<!doctype html><meta charset="utf-8"><title>gridsolve</title>
<p>gridsolve serve: the page (web/static/index.html) is not installed; the API answers at /api/kinds.</p>
"""


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
    except (ValueError, UnicodeDecodeError):
        raise BadInput("the request body is not JSON") from None
    if not isinstance(obj, dict):
        raise BadInput("the request body must be a JSON object")
    return obj


def _one_line(exc: BaseException) -> str:
    text = str(exc).strip() or type(exc).__name__
    return " ".join(text.split())[:500]


def _error(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


def create_app(root: Path | str = ".", *, warm: bool = False) -> FastAPI:
    """The app serving the page and its API over the folder ``root`` (every file it reads or
    writes lies inside it). ``warm``: load the default backends in the background at start."""
    root = Path(root).resolve()
    if not root.is_dir():
        raise ValueError(f"root {root} is not a folder")
    app = FastAPI(title="gridsolve", docs_url=None, redoc_url=None, openapi_url=None)
    app.state.root = root
    app.state.jobs = jobs.Jobs(root)

    @app.exception_handler(Exception)
    async def _any(request: Request, exc: Exception) -> JSONResponse:
        return _error(500, f"internal error: {type(exc).__name__}: {_one_line(exc)}")

    @app.exception_handler(HTTPException)
    async def _http(request: Request, exc: HTTPException) -> JSONResponse:
        return _error(exc.status_code, str(exc.detail))

    def route(path: str, work: Callable[[Path, dict], Any], method: str = "POST") -> None:
        async def endpoint(request: Request) -> JSONResponse:
            try:
                payload = await _payload(request) if method == "POST" else dict(request.path_params)
                out = await run_in_threadpool(work, root, payload)
            except Forbidden as exc:
                return _error(403, _one_line(exc))
            except NotFound as exc:
                return _error(404, _one_line(exc))
            except TooLarge as exc:
                return _error(413, _one_line(exc))
            except (BadInput, FormatError, ValueError, TypeError) as exc:
                return _error(400, _one_line(exc))
            except Exception as exc:  # a bug: said in one line; the server goes on
                return _error(500, f"internal error: {type(exc).__name__}: {_one_line(exc)}")
            return JSONResponse(out)

        app.add_api_route(path, endpoint, methods=[method])

    route("/api/kinds", lambda r, p: api.kinds_info(), "GET")
    for name, work in api.ENDPOINTS.items():
        route(f"/api/{name}", work)
    route("/api/experiment", app.state.jobs.start)

    def job_status(r: Path, p: dict) -> dict:
        found = app.state.jobs.status(p["job"])
        if found is None:
            raise NotFound(f"no job {p['job']!r}")
        return found

    route("/api/experiment/{job}", job_status, "GET")

    @app.get("/")
    async def index():
        page = STATIC / "index.html"
        return FileResponse(page) if page.is_file() else HTMLResponse(FALLBACK_PAGE)

    @app.get("/static/{name:path}")
    async def static(name: str):
        try:
            path = _static_file(name)
        except Forbidden as exc:
            return _error(403, _one_line(exc))
        if path is None:
            return _error(404, f"no file {name!r}")
        return FileResponse(path)

    if warm:
        threading.Thread(target=api.warm_up, name="gridsolve-warm-up", daemon=True).start()
    return app


def _static_file(name: str) -> Path | None:
    from .sources import confined

    if not STATIC.is_dir():
        return None
    path = confined(STATIC, name)
    return path if path.is_file() else None
