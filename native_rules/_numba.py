"""``njit`` for the compiled loops of the ports: numba's, or -- where numba is missing -- a
decorator that leaves the function as plain Python (same results, slowly).

Three choices keep the first-use compile time low:

* numba compiles one version of a function per tuple of argument types, and types a constant
  written in the caller (``forbid(fb, f, 0, 1, 3)``) as its own literal type, so a small helper
  called with many constants would compile many times; ``Kernel`` types each argument by its
  plain type (``int64``), so a helper compiles once (a literal is kept where typing needs it);
* a function called from Python needs a wrapper that unboxes its arguments, costly to build for
  tuples of arrays; called from compiled code it needs none. Each function is therefore two
  dispatchers over the same code: the one Python calls (with the wrapper, cached on disk) and
  the one compiled code calls (without);
* numba optimises a function's code together with everything it calls, at every call level, so
  deep call chains are optimised over and over; the compiled-only twins leave their code to
  the entry that calls them (``LinkOnlyLibrary``), which optimises all of it once.
"""

from __future__ import annotations

import hashlib
import logging
import time
import types as pytypes
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any


def sources_digest(root: Path) -> str:
    """SHA-256 over the paths and contents of the ``.py`` files below ``root``."""
    h = hashlib.sha256()
    for path in sorted(root.rglob("*.py")):
        h.update(str(path.relative_to(root)).encode() + b"\0" + path.read_bytes() + b"\0")
    return h.hexdigest()


# what a first use waits for (a compile), for the command line to show on a terminal: the package
# never prints, the CLI attaches a handler to this logger (``cli.progress.show_notices``)
NOTICES = logging.getLogger("gridsolve.notices")


@cache
def sources() -> str:
    """The digest of this package's sources, part of every cache key of its compiled code."""
    return sources_digest(Path(__file__).parent)


try:
    from numba.core import types
    from numba.core.caching import FunctionCache
    from numba.core.codegen import JITCodeLibrary
    from numba.core.compiler import Compiler
    from numba.core.compiler_lock import require_global_compiler_lock
    from numba.core.errors import TypingError
    from numba.core.registry import CPUDispatcher
except ImportError:  # pragma: no cover - numba is a dependency; keep working without it
    CPUDispatcher = None

if CPUDispatcher is not None:
    class Kernel(CPUDispatcher):
        """A numba dispatcher that compiles for the plain types of its arguments."""

        def get_call_template(self, args, kws: dict):
            plain = tuple(types.unliteral(a) for a in args)
            plain_kws = {k: types.unliteral(v) for k, v in kws.items()}
            if plain == tuple(args) and plain_kws == kws:
                return super().get_call_template(args, kws)
            try:
                return super().get_call_template(plain, plain_kws)
            except TypingError:
                return super().get_call_template(args, kws)

    SMALL_MODULE = 8  # functions defined, a helper with its own callees

    class LinkOnlyLibrary(JITCodeLibrary):
        """The code of a function only compiled code calls: its callers link it in, so it is not
        turned into machine code here, and -- unless it is small -- not optimised either: the
        entry Python calls optimises it once with its own code, where numba would optimise it
        again at every call level. Small helpers are optimised alone, so that their callers see
        them small and inline them (else the run time rises by half)."""

        def finalize(self):
            require_global_compiler_lock()
            self._raise_if_finalized()
            seen = set()
            for library in self._linking_libraries:
                if library not in seen:
                    seen.add(library)
                    self._reload_init.update(library._reload_init)
                    self._final_module.link_in(library._get_module_for_linking(), preserve=True)
            defined = sum(1 for fn in self._final_module.functions if not fn.is_declaration)
            if defined <= SMALL_MODULE:
                self._optimize_final_module()
            self._finalize_dynamic_globals()
            self._finalized = True

        def get_pointer_to_function(self, name):
            self._ensure_finalized()
            return 0

        @property
        def codegen(self):
            return _UnloadedCodegen(self._codegen)

    class _UnloadedCodegen:
        """The codegen as a ``LinkOnlyLibrary`` shows it: its code is not in the engine, so there
        is no environment pointer to set (its callers' copies read their own)."""

        def __init__(self, codegen) -> None:
            self._codegen = codegen

        def set_env(self, env_name, env) -> None:
            pass

        def __getattr__(self, name):
            return getattr(self._codegen, name)

    class LinkOnlyCompiler(Compiler):
        """numba's pipeline, lowering into a ``LinkOnlyLibrary``."""

        def compile_extra(self, func):
            if self.state.library is None:
                self.state.library = LinkOnlyLibrary(self.state.targetctx.codegen(),
                                                     func.__qualname__)
            return super().compile_extra(func)

    class SourcesCache(FunctionCache):
        """numba keys cached machine code by the function's own file and bytecode, so an entry
        that took in a function of another module outlived a change there (a rule edited, the
        cascade still running the old one); these keys also carry the package's sources digest."""

        def _index_key(self, sig, codegen):
            return (*super()._index_key(sig, codegen), sources())

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
                                                       "no_cfunc_wrapper": True},
                                        pipeline_class=LinkOnlyCompiler)
            if cache:
                self.enable_caching()

        def enable_caching(self) -> None:
            self._cache = SourcesCache(self.py_func)

        def compile(self, sig):
            """numba's compile, announced (``NOTICES``) when it is a real compile -- not a load
            from the on-disk cache: a first use waits seconds for it."""
            if cached(self):
                return super().compile(sig)
            name = f"{self.py_func.__module__.removeprefix('gridsolve.')}.{self.py_func.__name__}"
            NOTICES.info("compiling %s once (a first run: up to a minute; cached on disk after) ...", name)
            t0 = time.perf_counter()
            try:
                return super().compile(sig)
            finally:
                NOTICES.info("compiled %s in %.0f s", name, time.perf_counter() - t0)

        @property
        def _numba_type_(self):
            return types.Dispatcher(self.compiled_only)

    _OPTIONS = {"nopython": True, "boundscheck": None}

    def cached(func) -> bool:
        """Whether machine code of ``func`` (an ``njit(cache=True)`` function) for this source is
        loaded or on disk, so that its first call does not compile (plain functions: True)."""
        if not isinstance(func, Entry):
            return True
        cache = getattr(func, "_cache", None)
        file = getattr(cache, "_cache_file", None)
        return bool(func.signatures) or (
            file is not None and any(key[-1] == sources() for key in file._load_index()))

    def interpreted(func: Callable[..., Any]) -> Callable[..., Any]:
        """The same code run by the Python interpreter: a copy of ``func`` (compiled or plain)
        whose calls to compiled functions call their interpreted copies. Used where a short job
        would wait longer for the compiler than it runs interpreted."""
        done = _INTERPRETED.get(func)
        if done is not None:
            return done
        f = func.py_func if isinstance(func, Entry) else func
        names: dict = {}
        done = pytypes.FunctionType(f.__code__, names, f.__name__, f.__defaults__, f.__closure__)
        done.__kwdefaults__ = f.__kwdefaults__
        _INTERPRETED[func] = done
        names.update(f.__globals__)
        for name, value in f.__globals__.items():
            if isinstance(value, Entry):
                names[name] = interpreted(value)
            elif isinstance(value, pytypes.ModuleType) and value.__name__.startswith("gridsolve."):
                names[name] = _interpreted_module(value)  # ``from . import module`` as ``module.f``
        return done

    def _interpreted_module(module):
        """A stand-in for ``module`` whose compiled functions are their interpreted copies."""
        done = _INTERPRETED.get(module)
        if done is None:
            done = _INTERPRETED[module] = pytypes.SimpleNamespace(**vars(module))
            for name, value in vars(module).items():
                if isinstance(value, Entry):
                    setattr(done, name, interpreted(value))
        return done

    _INTERPRETED: dict = {}

    # one of two definitions (numba there or not); a checker reads the second, which keeps each
    # function's own signature for its callers
    def njit(func=None, *, cache: bool = False):  # pyright: ignore[reportRedeclaration]
        """Compile ``func`` lazily in nopython mode (on its first call), cached on disk when
        ``cache``."""
        def wrap(f):
            return Entry(f, cache)

        return wrap(func) if func is not None else wrap
else:  # pragma: no cover
    def njit(func=None, *, cache: bool = False):
        return func if func is not None else (lambda f: f)

    def cached(func) -> bool:
        return True

    def interpreted(func: Callable[..., Any]) -> Callable[..., Any]:
        return func


def announce_compile(what: str, *dispatchers) -> None:
    """Before the first call of plain numba dispatchers (``numba.njit(cache=True)``): a notice
    (``NOTICES``) when one of them has no machine code loaded or cached on disk for this source,
    so its first call compiles."""
    for d in dispatchers:
        file = getattr(getattr(d, "_cache", None), "_cache_file", None)
        if not d.signatures and (file is None or not file._load_index()):
            NOTICES.info("compiling %s once (a first run: up to a minute; cached on disk after) ...", what)
            return


class Tiered:
    """``func`` run interpreted until its interpreted calls in this process have taken a budget
    of seconds in all, then compiled: ``seconds`` while its compiled code is not cached (compiling
    takes seconds), ``warm_seconds`` when it is (loading it takes a few tenths). A short job does
    not wait for the compiler, a long one pays it once. The same code either way, so the same
    results."""

    left: dict = {}  # per function: the interpreted seconds left in this process
    off = False  # True: everything runs compiled at once (``compile_at_once``)

    def __init__(self, func, seconds: float, warm_seconds: float = 0.0) -> None:
        self.compiled = func
        if func not in self.left:
            self.left[func] = warm_seconds if cached(func) else seconds
        self.now = func if self.off or self.left[func] <= 0 else interpreted(func)

    def __call__(self, *args):
        if self.now is self.compiled:
            return self.compiled(*args)
        t0 = time.perf_counter()
        out = self.now(*args)
        self.left[self.compiled] -= time.perf_counter() - t0
        if self.left[self.compiled] <= 0:
            self.now = self.compiled
        return out


# a grid rule engine runs interpreted first on grids up to this many cells, for up to these many
# seconds in all per process before its code is compiled / loaded from the cache (interpreted, the
# Nurikabe and Slitherlink engines take 40-140 times longer: a janko 10x10 in 0.03-0.5 s)
SMALL_GRID, FIRST_SECONDS, WARM_SECONDS = 400, 1.0, 0.2


def for_grid(func, cells: int) -> Tiered:
    """``func``, a grid rule engine's entry, as it should run on a grid of ``cells`` cells: small
    grids interpreted first (``Tiered``), large ones compiled at once."""
    small = cells <= SMALL_GRID
    return Tiered(func, FIRST_SECONDS if small else 0.0, WARM_SECONDS if small else 0.0)


def compile_at_once() -> None:
    """No interpreted first use in this process from now on: benchmarks that time the compiled
    code's steady state call it before their warm-up."""
    Tiered.off = True


__all__ = ["NOTICES", "Tiered", "announce_compile", "cached", "compile_at_once", "for_grid", "interpreted",
           "njit"]
