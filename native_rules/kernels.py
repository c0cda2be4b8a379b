"""The package's compiled loops ("kernels"), declared as plain Python functions and compiled
by numba only when compiling pays.

``@njit`` / ``@njit(cache=True)`` wraps a function in a ``Kernel``: calling it runs the machine
code, built (or loaded from numba's on-disk cache) on the first such call, which is when numba
is first imported (``compiler.py`` holds numba's side: plain argument types, wrapper-less
twins, one optimisation per entry, cache keys that carry the sources' digest). Until then a
kernel is a plain function: ``interpreted`` runs the same code by the Python interpreter, its
kernel callees interpreted too, and ``Tiered`` / ``for_grid`` pick that route for small jobs,
which then import no numba at all. ``cached`` and ``on_disk`` tell whether a first compiled call
would compile or load, also without importing numba. Without numba installed, kernels run as
plain Python (same results, slowly).
"""

from __future__ import annotations

import os
import sys
import time
import types as pytypes
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any


def sources_digest(root: Path) -> str:
    """SHA-256 over the paths and contents of the ``.py`` files below ``root``."""
    import hashlib  # here, not at the top: a small job that compiles nothing never hashes

    h = hashlib.sha256()
    for path in sorted(root.rglob("*.py")):
        h.update(str(path.relative_to(root)).encode() + b"\0" + path.read_bytes() + b"\0")
    return h.hexdigest()


# what a first use waits for (a compile), for the command line to show on a terminal: the package
# never prints, the CLI attaches a handler to this logger (``cli.progress.show_notices``); the
# logger is looked up when a notice is sent, so a job that compiles nothing never imports logging
NOTICES_LOGGER = "gridsolve.notices"

# beside numba's index of a kernel's cached code: the sources digests it holds code for, one a line
SOURCES_MARK = ".sources"


@cache
def sources() -> str:
    """The digest of this package's sources, part of every cache key of its compiled code."""
    return sources_digest(Path(__file__).parent)


class Kernel:
    """A function compiled in nopython mode on its first compiled call (cached on disk when
    ``cache``); until then, and wherever numba is missing, nothing but the function. Compiled
    code that calls a kernel calls its compiled twin (``_numba_type_``)."""

    def __init__(self, py_func: Callable[..., Any], cache: bool) -> None:
        self.py_func = py_func
        self.cache = cache
        self._compiled: Any = None
        for name in ("__name__", "__qualname__", "__module__", "__doc__"):
            setattr(self, name, getattr(py_func, name))

    @property
    def compiled(self) -> Any:
        """numba's dispatcher of this kernel (``compiler.Entry``), made on first use; the plain
        function without numba."""
        if self._compiled is None:
            try:
                from . import compiler
            except ImportError:  # pragma: no cover - numba is a dependency; keep working without it
                self._compiled = self.py_func
            else:
                self._compiled = compiler.Entry(self.py_func, self.cache, lambda: sources(), SOURCES_MARK)
        return self._compiled

    def __call__(self, *args: Any) -> Any:
        compiled = self._compiled
        return (compiled if compiled is not None else self.compiled)(*args)

    @property
    def _numba_type_(self) -> Any:
        return self.compiled._numba_type_

    def __getattr__(self, name: str) -> Any:
        """numba's dispatcher's attributes (``signatures``, ``overloads``, ``compiled_only``)."""
        if name.startswith("__") or name in ("py_func", "cache", "_compiled"):
            raise AttributeError(name)
        return getattr(self.compiled, name)

    def __repr__(self) -> str:
        return f"<kernel {self.__module__}.{self.__qualname__}>"


def njit(func: Any = None, *, cache: bool = False) -> Any:
    """``func`` as a ``Kernel`` (compiled lazily, on its first compiled call; cached on disk
    when ``cache``)."""
    def wrap(f: Callable[..., Any]) -> Kernel:
        return Kernel(f, cache)

    return wrap(func) if func is not None else wrap


def cache_folder(source: str) -> Path:
    """Where numba caches the compiled code of the functions of the file ``source`` when its cache
    is ``NUMBA_CACHE_DIR`` or the ``__pycache__`` beside the source (numba's locators, read
    without importing numba; its last resort, a per-user folder when neither is writable, is
    not looked for)."""
    source = os.path.abspath(source)
    root = os.environ.get("NUMBA_CACHE_DIR")
    if root:
        import hashlib

        folder = os.path.dirname(source)
        return Path(root) / f"{os.path.basename(folder)}_{hashlib.sha1(folder.encode()).hexdigest()}"
    return Path(source).parent / "__pycache__"


def _index_name(source: str, qualname: str, line: int | str) -> str:
    """The file name of numba's index of a function's cached code (``line``: its first line)."""
    module = os.path.splitext(os.path.basename(source))[0]
    name = f"{module}.{qualname}".replace("<", "").replace(">", "")
    return f"{name}-{line}.py{sys.version_info[0]}{sys.version_info[1]}{getattr(sys, 'abiflags', '')}.nbi"


def cache_index(py_func: Callable[..., Any]) -> Path:
    """Where numba keeps the index of ``py_func``'s cached machine code (``cache_folder``)."""
    source = py_func.__code__.co_filename
    return cache_folder(source) / _index_name(source, py_func.__qualname__, py_func.__code__.co_firstlineno)


def module_on_disk(source: Path, names: tuple[str, ...]) -> bool:
    """Whether plain numba kernels (``numba.njit(cache=True)``) of the file ``source``, named
    ``names``, have cached code newer than the source, found without importing the file or numba."""
    folder = cache_folder(str(source))
    try:
        changed = source.stat().st_mtime
        return all(any(index.stat().st_mtime >= changed for index in folder.glob(_index_name(
            str(source), name, "*"))) for name in names)
    except OSError:
        return False


def on_disk(func: Any) -> bool:
    """Whether compiled code of ``func`` is cached on disk for these sources, read without
    importing numba: for a ``Kernel``, its index's ``SOURCES_MARK`` names the sources digest;
    for a plain numba dispatcher, its index is newer than its source file."""
    py_func = getattr(func, "py_func", None)
    if py_func is None:
        return False
    index = cache_index(py_func)
    if isinstance(func, Kernel):
        if not func.cache:
            return False
        try:
            marks = Path(str(index) + SOURCES_MARK).read_text(encoding="ascii").split()
        except OSError:
            return False
        return index.exists() and sources() in marks
    try:
        return index.stat().st_mtime >= os.stat(py_func.__code__.co_filename).st_mtime
    except OSError:
        return False


def cached(func: Any) -> bool:
    """Whether machine code of ``func`` (a kernel) for this source is loaded or on disk, so that
    its first compiled call does not compile (plain functions: True). Imports no numba unless
    the kernel already ran compiled."""
    if not isinstance(func, Kernel):
        return True
    if func._compiled is None:
        return on_disk(func)
    if func._compiled is func.py_func:  # pragma: no cover - without numba
        return True
    return func._compiled.cached()


def interpreted(func: Callable[..., Any]) -> Callable[..., Any]:
    """The same code run by the Python interpreter: a copy of ``func`` (a kernel or a plain
    function) whose calls to kernels call their interpreted copies. Used where a short job
    would wait longer for the compiler than it runs interpreted."""
    done = _INTERPRETED.get(func)
    if done is not None:
        return done
    f = func.py_func if isinstance(func, Kernel) else func
    names: dict = {}
    done = pytypes.FunctionType(f.__code__, names, f.__name__, f.__defaults__, f.__closure__)
    done.__kwdefaults__ = f.__kwdefaults__
    _INTERPRETED[func] = done
    names.update(f.__globals__)
    for name, value in f.__globals__.items():
        if isinstance(value, Kernel):
            names[name] = interpreted(value)
        elif isinstance(value, pytypes.ModuleType) and value.__name__.startswith("gridsolve."):
            names[name] = _interpreted_module(value)  # ``from . import module`` as ``module.f``
    return done


def _interpreted_module(module):
    """A stand-in for ``module`` whose kernels are their interpreted copies."""
    done = _INTERPRETED.get(module)
    if done is None:
        done = _INTERPRETED[module] = pytypes.SimpleNamespace(**vars(module))
        for name, value in vars(module).items():
            if isinstance(value, Kernel):
                setattr(done, name, interpreted(value))
    return done


_INTERPRETED: dict = {}


def announce_compile(what: str, *dispatchers) -> None:
    """Before the first call of plain numba dispatchers (``numba.njit(cache=True)``): a notice
    (logger ``NOTICES_LOGGER``) when one of them has no machine code loaded or cached on disk for
    this source, so its first call compiles."""
    for d in dispatchers:
        file = getattr(getattr(d, "_cache", None), "_cache_file", None)
        if not d.signatures and (file is None or not file._load_index()):
            import logging

            logging.getLogger(NOTICES_LOGGER).info(
                "compiling %s once (a first run: up to a minute; cached on disk after) ...", what)
            return


class Tiered:
    """``func`` run interpreted until its interpreted calls in this process have taken a budget
    of seconds in all, then compiled: ``seconds`` while its compiled code is not cached (compiling
    takes seconds), ``warm_seconds`` when it is (loading it takes a few tenths). A short job does
    not wait for the compiler, a long one pays it once. The same code either way, so the same
    results."""

    left: dict = {}  # per function: the interpreted seconds left in this process
    # per function whose budget is not settled yet: (seconds, warm_seconds). Which one applies
    # (is the compiled code cached?) is asked only when the smaller one runs out: asking digests
    # every source file of the package, tens of milliseconds a small job does not need to pay
    unsettled: dict = {}
    off = False  # True: everything runs compiled at once (``compile_at_once``)

    def __init__(self, func, seconds: float, warm_seconds: float = 0.0) -> None:
        self.compiled = func
        if func not in self.left:
            self.left[func] = min(seconds, warm_seconds)
            self.unsettled[func] = (seconds, warm_seconds)
            self.settle_if_spent()
        self.now = func if self.off or self.left[func] <= 0 else interpreted(func)

    @property
    def runs_compiled(self) -> bool:
        """Whether the next call runs the compiled code, which takes only what numba compiled it
        for (arrays), where the interpreted code may be handed plain lists: a caller that keeps
        its data in lists for the interpreted route converts it when this turns True."""
        return self.now is self.compiled

    def settle_if_spent(self) -> None:
        """Once the smaller budget is spent: the one that applies (``warm_seconds`` if the compiled
        code is cached, else ``seconds``), less what was spent."""
        func = self.compiled
        if self.left[func] <= 0 and func in self.unsettled:
            seconds, warm_seconds = self.unsettled.pop(func)
            self.left[func] += (warm_seconds if cached(func) else seconds) - min(seconds, warm_seconds)

    def __call__(self, *args):
        if self.now is self.compiled:
            return self.compiled(*args)
        t0 = time.perf_counter()
        out = self.now(*args)
        self.left[self.compiled] -= time.perf_counter() - t0
        self.settle_if_spent()
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


__all__ = ["NOTICES_LOGGER", "Kernel", "Tiered", "announce_compile", "cached", "compile_at_once", "for_grid",
           "interpreted", "module_on_disk", "njit", "on_disk"]
