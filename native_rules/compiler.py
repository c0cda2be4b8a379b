"""numba as the package's kernels use it (``kernels.Kernel`` builds an ``Entry`` here the first
time a kernel runs compiled; nothing imports this module, or numba, before that).

Three choices keep the first-use compile time low:

* numba compiles one version of a function per tuple of argument types, and types a constant
  written in the caller (``forbid(fb, f, 0, 1, 3)``) as its own literal type, so a small helper
  called with many constants would compile many times; ``PlainTypes`` types each argument by its
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

import logging
import time
import types as pytypes
from collections.abc import Callable

from numba.core import types
from numba.core.caching import FunctionCache
from numba.core.codegen import JITCodeLibrary
from numba.core.compiler import Compiler
from numba.core.compiler_lock import require_global_compiler_lock
from numba.core.errors import TypingError
from numba.core.registry import CPUDispatcher

# the logger ``kernels.NOTICES_LOGGER`` names (this module is imported by ``kernels``, never the other way)
NOTICES = logging.getLogger("gridsolve.notices")


class PlainTypes(CPUDispatcher):
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
    cascade still running the old one); these keys also carry the package's sources digest
    (``digest()``). Each save also notes the digest in a file beside the index (its name + ``mark``),
    where ``kernels.on_disk`` reads it without importing numba."""

    def __init__(self, py_func, digest: Callable[[], str], mark: str) -> None:
        super().__init__(py_func)
        self.digest = digest
        self.mark = mark

    def _index_key(self, sig, codegen):
        return (*super()._index_key(sig, codegen), self.digest())

    def save_overload(self, sig, data):
        super().save_overload(sig, data)
        index = self._cache_file._index_path
        try:
            with open(index + self.mark, "a", encoding="ascii") as mark:
                mark.write(self.digest() + "\n")
        except OSError:  # the mark only spares a first use its interpreted budget
            pass


_OPTIONS = {"nopython": True, "boundscheck": None}


class Entry(PlainTypes):
    """The dispatcher Python calls; compiled code that names it calls ``compiled_only``, a
    twin without the Python wrapper. ``digest`` and ``mark``: ``SourcesCache``'s."""

    def __init__(self, py_func, cache: bool, digest: Callable[[], str], mark: str) -> None:
        self.digest = digest
        self.mark = mark
        super().__init__(py_func=py_func, locals={}, targetoptions=_OPTIONS)
        twin = pytypes.FunctionType(py_func.__code__, py_func.__globals__, py_func.__name__,
                                    py_func.__defaults__, py_func.__closure__)
        twin.__qualname__ = py_func.__qualname__ + "_compiled_only"
        twin.__module__ = py_func.__module__
        self.compiled_only = PlainTypes(py_func=twin, locals={},
                                        targetoptions={**_OPTIONS, "no_cpython_wrapper": True,
                                                       "no_cfunc_wrapper": True},
                                        pipeline_class=LinkOnlyCompiler)
        if cache:
            self.enable_caching()

    def enable_caching(self) -> None:
        self._cache = SourcesCache(self.py_func, self.digest, self.mark)

    def compile(self, sig):
        """numba's compile, announced (``NOTICES``) when it is a real compile -- not a load
        from the on-disk cache: a first use waits seconds for it."""
        if self.cached():
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

    def cached(self) -> bool:
        """Whether machine code for this source is loaded or on disk, so that the first call
        does not compile."""
        file = getattr(getattr(self, "_cache", None), "_cache_file", None)
        return bool(self.signatures) or (
            file is not None and any(key[-1] == self.digest() for key in file._load_index()))

