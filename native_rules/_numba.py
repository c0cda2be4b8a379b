"""``njit`` for the compiled loops of the ports: numba's, or -- where numba is missing -- a
decorator that leaves the function as plain Python (same results, slowly)."""

from __future__ import annotations

try:
    from numba import njit
except ImportError:  # pragma: no cover - numba is a dependency; keep working without it
    def njit(*args, **kwargs):
        if args and callable(args[0]):
            return args[0]
        return lambda f: f

__all__ = ["njit"]
