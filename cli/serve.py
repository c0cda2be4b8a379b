"""``gridsolve serve``: the visual program -- a page on localhost that opens, plays, generates,
hints, runs the rules, solves and explains every kind (docs/serve.md). Binds 127.0.0.1 unless
told otherwise; every file it reads or writes lies in the folder it was started in (``--root``).
Only its own page drives it: the address it prints and opens carries a per-launch token once
(docs/serve.md, "Security"). It warms up in the background -- the page works meanwhile -- and
prints ``ready in X s`` when the first click waits for nothing.

    gridsolve serve                   # http://127.0.0.1:8000/?token=...
    gridsolve serve --port 8080 --root ~/puzzles --no-open
    gridsolve serve --no-token        # scripts may POST without the token (any local program can)
"""

from __future__ import annotations

import sys
from pathlib import Path

import typer

from .common import Usage


def serve(
    port: int = typer.Option(8000, "--port", "-p", help="TCP port"),
    host: str = typer.Option("127.0.0.1", "--host", help="address to bind (default: this machine only)"),
    root: Path = typer.Option(Path("."), "--root", help="the folder files are opened from and saved to"),
    open_page: bool = typer.Option(True, "--open/--no-open", help="open the page in a browser"),
    allow_host: list[str] = typer.Option(
        [], "--allow-host", help="another Host name the server answers (e.g. a LAN name with --host); "
        "repeatable"),
    no_token: bool = typer.Option(
        False, "--no-token", help="accept work and writes without the per-launch token (for scripts; any "
        "program on this machine can then drive the server)"),
) -> None:
    """Serve the visual program on localhost: play, generate, watch the rules, solve, explain."""
    if not 0 < port < 65536:
        raise Usage(f"--port {port}: choose 1..65535")
    if not root.is_dir():
        raise Usage(f"--root {root}: not a folder")
    try:
        import uvicorn

        from ..web import create_app
    except ImportError as exc:
        raise Usage(f"serve needs fastapi and uvicorn (pip install gridsolve): {exc}") from None
    if host not in ("127.0.0.1", "localhost", "::1"):
        print(f"warning: --host {host} lets other machines reach the server", file=sys.stderr)
    name = "127.0.0.1" if host in ("0.0.0.0", "::") else "[::1]" if host == "::1" else host
    hosts = [*allow_host] + ([] if name in ("127.0.0.1", "localhost", "[::1]") else [name])
    app = create_app(root, warm=True, port=port, allow_hosts=hosts, no_token=no_token, on_ready=_say_ready)
    url = f"http://{name}:{port}/" + ("" if no_token else f"?token={app.state.token}")
    print(f"gridsolve serve: {url} (folder {root.resolve()}; Ctrl-C stops)", file=sys.stderr, flush=True)
    if no_token:
        print("warning: --no-token: any program on this machine can start work and write files in the folder",
              file=sys.stderr)
    if open_page:
        import threading
        import webbrowser

        threading.Timer(1.0, webbrowser.open, (url,)).start()
    uvicorn.run(app, host=host, port=port, log_level="warning")


def _say_ready(seconds: float) -> None:
    """The line saying the server warmed up: the first click from now on waits for no import or
    compile (the page's header says it too, from ``GET /api/ready``)."""
    print(f"gridsolve serve: ready in {seconds:.1f} s", file=sys.stderr, flush=True)


def register(app: typer.Typer, generate_app: typer.Typer) -> None:
    app.command("serve")(serve)
