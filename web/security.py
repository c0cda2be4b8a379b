"""Only the server's own page may drive it (docs/serve.md, "Security"), checked by one ASGI
middleware before any route runs:

* ``Host`` must be one of the allowed hosts (the bound address as ``127.0.0.1:PORT``,
  ``localhost:PORT``, ``[::1]:PORT``, and ``--allow-host`` names): anything else, as a page
  using DNS rebinding sends, is a 403 on every route;
* a path holding a control character (NUL included, however encoded) is a 400;
* every request other than GET / HEAD (each one writes or starts work) must carry the page's
  own ``Origin`` (``http://`` + the Host it was sent to), the per-launch token in the
  ``X-Gridsolve-Token`` header (unless the server was started with ``--no-token``), and a JSON
  ``Content-Type``: a missing or foreign Origin or token is a 403, another content type a 415.
  A custom header and a JSON body are what a cross-origin page cannot send without a CORS
  preflight, which this server never grants.

Refusals are ``{"error": one line}``; nothing behind them runs.
"""

from __future__ import annotations

import json
import secrets

from starlette.datastructures import Headers
from starlette.types import ASGIApp, Receive, Scope, Send

TOKEN_HEADER = "x-gridsolve-token"
LOOPBACK = ("127.0.0.1", "localhost", "[::1]")
SAFE_METHODS = ("GET", "HEAD")


def new_token() -> str:
    return secrets.token_urlsafe(24)


def allowed_hosts(port: int | None, extra: tuple[str, ...] | list[str] = ()) -> frozenset[str]:
    """The Host values the server answers: the loopback names with ``port`` (without it when
    ``port`` is None), and each ``extra`` name as given and, without a port, with ``port``."""
    hosts = {h if port is None else f"{h}:{port}" for h in LOOPBACK}
    for h in extra:
        h = h.strip().lower()
        if h:
            hosts.add(h)
            if port is not None and not h.endswith("]") and ":" not in h:
                hosts.add(f"{h}:{port}")
    return frozenset(hosts)


def _control(text: str) -> bool:
    return any(ord(ch) < 32 or ord(ch) == 127 for ch in text)


class Guard:
    """The middleware: ``hosts`` the allowed Host values, ``token`` the per-launch token (None:
    ``--no-token``, where a request without Origin is let through but a foreign one is not)."""

    def __init__(self, app: ASGIApp, hosts: frozenset[str], token: str | None) -> None:
        self.app, self.hosts, self.token = app, hosts, token

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        refusal = self.refusal(scope)
        if refusal is None:
            await self.app(scope, receive, send)
            return
        status, message = refusal
        body = json.dumps({"error": message}).encode()
        await send({"type": "http.response.start", "status": status,
                    "headers": [(b"content-type", b"application/json"),
                                (b"content-length", str(len(body)).encode())]})
        await send({"type": "http.response.body", "body": body})

    def refusal(self, scope: Scope) -> tuple[int, str] | None:
        headers = Headers(scope=scope)
        host = headers.get("host", "").lower()
        if host not in self.hosts:
            allowed = ", ".join(sorted(self.hosts))
            return 403, (f"Host {host!r} is not this server's address (allowed: {allowed}; "
                         "gridsolve serve --allow-host NAME adds one)")
        raw = scope.get("raw_path") or b""
        if _control(scope["path"]) or b"%00" in raw.lower() or _control(raw.decode("latin-1")):
            return 400, "the path holds a control character"
        if scope["method"] in SAFE_METHODS:
            return None
        origin = headers.get("origin")
        if origin is None:
            if self.token is not None:
                return 403, ("no Origin header: only the server's own page may send this request "
                             "(scripts: start the server with --no-token)")
        elif origin.lower() != f"http://{host}":
            return 403, f"Origin {origin!r} is not this server's page (http://{host})"
        if self.token is not None and not secrets.compare_digest(
                headers.get(TOKEN_HEADER, "").encode(), self.token.encode()):
            return 403, ("missing or wrong token: open the address gridsolve serve printed "
                         "(it carries ?token=...)")
        ctype = headers.get("content-type", "").split(";")[0].strip().lower()
        if ctype != "application/json":
            return 415, f"Content-Type {ctype or 'none'!r}: send application/json"
        return None
