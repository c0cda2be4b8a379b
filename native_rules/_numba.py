"""``njit`` for the compiled loops of the ports: numba's, or -- where numba is missing -- a
decorator that leaves the function as plain Python (same results, slowly).

Two choices keep the first-use compile time low:

* numba compiles one version of a function per tuple of argument types, and types a constant
  written in the caller (``forbid(fb, f, 0, 1, 3)``) as its own literal type, so a small helper
  called with many constants would compile many times; ``Kernel`` types each argument by its
  plain type (``int64``), so a helper compiles once (a literal is kept where typing needs it);
* a function called from Python needs a wrapper that unboxes its arguments, costly to build for
  tuples of arrays; called from compiled code it needs none. Each function is therefore two
  dispatchers over the same code: the one Python calls (with the wrapper) and the one compiled
  code calls (without), each cached on disk under its own name.
"""

from __future__ import annotations

import types as pytypes

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

    class Entry(Kernel):
        """The dispatcher Python calls; compiled code that names it calls ``compiled_only``, a
        twin without the Python wrapper."""

        def __init__(self, py_func, cache: bool) -> None:
            super().__init__(py_func=py_func, locals={}, targetoptions=_OPTIONS)
            twin = pytypes.FunctionType(py_func.__code__, py_func.__globals__, py_func.__name__,
                                        py_func.__defaults__, py_func.__closure__)
            twin.__qualname__ = py_func.__qualname__ + "_compiled_only"
            twin.__module__ = py_func.__module__
            self.compiled_only = Kernel(py_func=twin, locals={},
                                        targetoptions={**_OPTIONS, "no_cpython_wrapper": True,
                                                       "no_cfunc_wrapper": True})
            if cache:
                self.enable_caching()
                self.compiled_only.enable_caching()

        @property
        def _numba_type_(self):
            return types.Dispatcher(self.compiled_only)

    _OPTIONS = {"nopython": True, "boundscheck": None}

    def njit(func=None, *, cache: bool = False):
        """Compile ``func`` lazily in nopython mode (on its first call), cached on disk when
        ``cache``."""
        def wrap(f):
            return Entry(f, cache)

        return wrap(func) if func is not None else wrap
else:  # pragma: no cover
    def njit(func=None, *, cache: bool = False):
        return func if func is not None else (lambda f: f)

__all__ = ["njit"]
