"""A long-lived process's first use of the compiled kernels, paid up front.

A short command runs small jobs interpreted until compiling pays (``native_rules.kernels``:
``Tiered``, the labyrinth's ``compile_pays``, the frontier DP's width rule), because it would
wait longer for the compiler than it runs. A process that serves request after request -- the
workers of ``gridsolve serve`` -- is better off compiled from its first request on: it loads
(or compiles, once, into numba's on-disk cache) every kernel ahead of the requests, in the
background, and never switches tier in the middle of a click. ``run_compiled`` says so;
``compile_events`` counts the compilations a process really did (a load from the on-disk cache
is none), which is how a test shows that a second process compiles nothing.
"""

from __future__ import annotations

from collections.abc import Callable

__all__ = ["compile_events", "run_compiled"]


def run_compiled() -> None:
    """From now on, in this process, every kernel runs compiled from its first call (compiled
    once and cached on disk, or loaded from that cache); no interpreted first use."""
    from ..native_rules.kernels import compile_at_once

    compile_at_once()


def compile_events() -> Callable[[], list[str]]:
    """Start counting numba's compilations in this process; the function returned lists the
    functions compiled since (``module.name``), loads from the on-disk cache not included.
    Imports numba."""
    from numba.core import event

    seen: list[str] = []

    class Listener(event.Listener):
        def on_start(self, ev) -> None:
            func = getattr(ev.data.get("dispatcher"), "py_func", None)
            seen.append(f"{getattr(func, '__module__', '?')}.{getattr(func, '__qualname__', '?')}")

        def on_end(self, ev) -> None:
            pass

    event.register("numba:compile", Listener())
    return lambda: list(seen)
