"""The visual program: ``gridsolve serve`` answers a browser page on localhost (``create_app``
in ``web.app``; the API in docs/serve.md). The page plays, generates, shows the rules at work,
solves and explains every kind through the same public API, harness and renderers as the command
line; this package imports no backend."""

from __future__ import annotations

__all__ = ["create_app"]


def create_app(*args, **kwargs):
    """``web.app.create_app`` (FastAPI is imported on first use)."""
    from .app import create_app as make

    return make(*args, **kwargs)
