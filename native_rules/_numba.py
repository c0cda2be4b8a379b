"""``njit`` for the compiled loops of the ports: numba's, or -- where numba is missing -- a
decorator that leaves the function as plain Python (same results, slowly).

Numba compiles one machine-code version of a function per tuple of argument types, and a
constant written in the caller (``forbid(fb, f, 0, 1, 3)``) is typed as its own literal type,
so a small helper called with many different constants compiles many times over. ``Kernel``
types every argument by its plain type instead (``int64``, not ``Literal[int](3)``): one
version per helper, which is what keeps the first-use compile time low. A function whose typing
truly needs a literal argument still gets one: the plain typing is tried first.
"""

from __future__ import annotations

try:
    from numba.core import types
    from numba.core.errors import TypingError
    from numba.core.registry import CPUDispatcher
except ImportError:  # pragma: no cover - numba is a dependency; keep working without it
    CPUDispatcher = None

if CPUDispatcher is not None:
    class Kernel(CPUDispatcher):
        """A numba dispatcher that compiles for the plain types of its arguments."""

        def get_call_template(self, args, kws):
            plain = tuple(types.unliteral(a) for a in args)
            plain_kws = {k: types.unliteral(v) for k, v in kws.items()}
            if plain == tuple(args) and plain_kws == kws:
                return super().get_call_template(args, kws)
            try:
                return super().get_call_template(plain, plain_kws)
            except TypingError:
                return super().get_call_template(args, kws)

    def njit(func=None, *, cache: bool = False):
        """Compile ``func`` lazily in nopython mode (on its first call), cached on disk when
        ``cache``."""
        def wrap(f):
            kernel = Kernel(py_func=f, locals={}, targetoptions={"nopython": True, "boundscheck": None})
            if cache:
                kernel.enable_caching()
            return kernel

        return wrap(func) if func is not None else wrap
else:  # pragma: no cover
    def njit(func=None, *, cache: bool = False):
        return func if func is not None else (lambda f: f)

__all__ = ["njit"]
