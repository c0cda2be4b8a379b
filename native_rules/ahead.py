"""Kernels compiled ahead of time: a small extension module per kernel, built by numba.pycc once
per install and kept beside numba's cache of the kernel's file (``kernels.cache_folder``).

Loading one takes a millisecond and imports no numba -- only numpy, whose arrays it takes --
where numba's own cached code costs its import and the load (~0.3 s): so a job of a fraction of
a second runs compiled instead of interpreted. A module's name carries a digest of the kernel's
code and signature, so an edited kernel is never run from an old module (a kernel declared here
calls no other kernel: their code is not in the digest). pycc compiles for one signature and
takes no ``None`` argument: a kernel declared here takes arrays and numbers only.

A module is built by ``Ahead.build`` in this process (the warm-ups do), by ``python -m
gridsolve.native_rules.ahead MODULE ATTRIBUTE`` (``make`` after the install), or by
``build_in_background``: a detached, niced process that a job starts the first time it wants the
module and finds none; that job goes on without it, the next process loads it (a build that
fails leaves its error beside, and none is tried again in the background for a day).
``GRIDSOLVE_AHEAD=0`` turns them off (never loaded, never built). A failed build (no C compiler,
a cache folder that cannot be written) leaves things as they were: the interpreted and numba
routes. The first user: the exact scan of edge matching (``edgematching.scan``).
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path
from typing import Any

from .kernels import Kernel, cache_folder

ENVIRONMENT = "GRIDSOLVE_AHEAD"  # "0": no module compiled ahead of time
STALE_LOCK = 600.0  # seconds after which a build's lock is taken for an abandoned one
RETRY_FAILED = 86400.0  # seconds before a background build is tried again after one failed
LOCK_SUFFIX = ".building"  # beside a module while its build is under way
BUILD = "pycc, generic CPU model"  # how a module is built: part of its name, like its code
_UNSET = object()


def enabled() -> bool:
    return os.environ.get(ENVIRONMENT, "1") != "0"


class Ahead:
    """``kernel`` compiled ahead of time for ``signature`` (numba's notation), exported as
    ``kernel.__name__``; ``where`` = (module, attribute) by which a build process finds this
    object. ``loaded``: the function once looked for (None: off, not built, or it does not load);
    ``requested``: a background build was asked for by this process."""

    def __init__(self, kernel: Kernel, signature: str, where: tuple[str, str]) -> None:
        self.kernel = kernel
        self.signature = signature
        self.where = where
        self.loaded: Any = _UNSET
        self.requested = False

    def module_name(self) -> str:
        """``gridsolve_<kernel>_`` + a digest of what the compiled code depends on: the kernel's
        bytecode, constants, names and the values of the module constants it reads (numba
        compiles them in), the signature and ``BUILD`` -- not its line numbers, so an edit elsewhere in
        its file keeps the module."""
        import hashlib
        import marshal

        code = self.kernel.py_func.__code__
        names = self.kernel.py_func.__globals__
        constants = [(n, names[n]) for n in code.co_names if isinstance(names.get(n), int | float | str)]
        what = (code.co_code, code.co_consts, code.co_names, code.co_varnames, code.co_argcount,
                repr(constants), self.signature, BUILD)
        return f"gridsolve_{self.kernel.__name__}_{hashlib.sha1(marshal.dumps(what)).hexdigest()[:16]}"

    def module_path(self) -> Path:
        """Where the extension is (or would be) kept: numba's cache folder of the kernel's file."""
        from importlib.machinery import EXTENSION_SUFFIXES  # this Python's own first: ".cpython-311-..."

        source = self.kernel.py_func.__code__.co_filename
        return cache_folder(source) / (self.module_name() + EXTENSION_SUFFIXES[0])

    def load(self) -> Any:
        """The compiled function, or None; looked for once per process."""
        if self.loaded is _UNSET:
            self.loaded = self._import() if enabled() else None
        return self.loaded

    def _import(self) -> Any:
        path = self.module_path()
        if not path.is_file():
            return None
        try:
            import importlib.machinery
            import importlib.util

            import numpy  # noqa: F401 -- the module's initialisation takes numpy's C API

            loader = importlib.machinery.ExtensionFileLoader(self.module_name(), str(path))
            spec = importlib.util.spec_from_loader(loader.name, loader, origin=str(path))
            assert spec is not None
            module = importlib.util.module_from_spec(spec)
            loader.exec_module(module)
            return getattr(module, self.kernel.__name__)
        except (ImportError, OSError, AttributeError):  # built for another numpy / Python: unusable here
            return None

    def build(self) -> Path:
        """Compile the kernel ahead of time into ``module_path()``
        (seconds: numba's import, its compile and a C compiler's link). Written under a
        temporary name and moved into place, so a process that looks meanwhile finds nothing or
        the whole module; the modules of the kernel's earlier versions are removed."""
        import tempfile
        import warnings

        path = self.module_path()
        path.parent.mkdir(parents=True, exist_ok=True)
        name = self.module_name()
        with tempfile.TemporaryDirectory(dir=path.parent, prefix=".ahead-") as tmp, warnings.catch_warnings():
            warnings.simplefilter("ignore")  # pycc's pending-deprecation notice: the module is ours
            from numba.pycc.cc import CC

            cc = CC(name)
            cc.output_dir = tmp
            # the architecture's generic CPU model (pycc's default), not this host's: a cache folder
            # shared between machines (a network home, an image) never hands one a module with
            # another's instructions; on Owen's 8x7 it ran as fast as one built for the host
            cc.verbose = False
            cc.export(self.kernel.__name__, self.signature)(self.kernel.py_func)
            cc.compile()
            built = next(Path(tmp).glob(name + "*"))
            os.replace(built, path)
        import re

        mine = re.compile(rf"gridsolve_{self.kernel.__name__}_[0-9a-f]{{16}}")  # this kernel's, any version
        for old in path.parent.glob(f"gridsolve_{self.kernel.__name__}_*"):  # earlier versions' modules
            stem = old.name.split(".")[0]
            if mine.fullmatch(stem) and stem != name:
                try:
                    old.unlink()
                except OSError:  # in use where that is refused: left for a later build
                    pass
        return path

    def lock_path(self) -> Path:
        return self.module_path().with_name(self.module_name() + LOCK_SUFFIX)

    def failed_path(self) -> Path:
        """Where a failed background build leaves its error (no C compiler, ...): no process
        starts another for ``RETRY_FAILED`` seconds."""
        return self.module_path().with_name(self.module_name() + ".failed")

    def _take_lock(self) -> Path | None:
        """The build's lock (one builder per module), taken; None when another process holds a
        fresh one. A lock older than ``STALE_LOCK`` is an abandoned build's and is taken over."""
        lock = self.lock_path()
        lock.parent.mkdir(parents=True, exist_ok=True)
        if lock.exists() and time.time() - lock.stat().st_mtime >= STALE_LOCK:
            lock.unlink(missing_ok=True)
        try:
            os.close(os.open(lock, os.O_CREAT | os.O_EXCL | os.O_WRONLY))
        except FileExistsError:
            return None
        return lock

    def build_in_background(self) -> None:
        """Start a detached, niced process that builds the module, unless it is on disk, being
        built (a fresh lock), off, asked for already by this process, or its folder cannot be
        written. The lock is taken here, before the process starts, and dropped by it when it is
        done: a lock on disk means a build under way."""
        if self.requested or not enabled():
            return
        self.requested = True
        path = self.module_path()
        folder = path.parent
        if path.exists() or not os.access(folder if folder.exists() else folder.parent, os.W_OK):
            return
        failed = self.failed_path()
        if failed.exists() and time.time() - failed.stat().st_mtime < RETRY_FAILED:
            return
        lock = self._take_lock()
        if lock is None:
            return
        import subprocess

        quiet = subprocess.DEVNULL
        try:
            subprocess.Popen([sys.executable, "-m", __name__, *self.where, "--locked"], stdin=quiet,
                             stdout=quiet, stderr=quiet, start_new_session=True, close_fds=True)
        except OSError:
            lock.unlink(missing_ok=True)

    def build_once(self) -> Path | None:
        """``build`` under the lock, here: the module's path, or None when another process
        holds a fresh lock (its build under way)."""
        if self.module_path().exists():
            return self.module_path()
        if self._take_lock() is None:
            return None
        return self._build_holding_lock(note_failure=False)

    def _build_holding_lock(self, note_failure: bool) -> Path | None:
        """``build`` (unless on disk) while this process holds the lock, which it then drops. With
        ``note_failure`` an error is written to ``failed_path`` (None returned), not raised."""
        try:
            if not self.module_path().exists():
                self.build()
            self.failed_path().unlink(missing_ok=True)
            return self.module_path()
        except Exception as exc:  # noqa: BLE001 - whatever stops a noted build, the jobs go on without it
            if not note_failure:
                raise
            self.failed_path().write_text(f"{type(exc).__name__}: {exc}\n")
            return None
        finally:
            self.lock_path().unlink(missing_ok=True)


def main(module: str, attribute: str, *flags: str) -> None:
    """Build ``module.attribute`` (an ``Ahead``) here: ``python -m gridsolve.native_rules.ahead
    MODULE ATTRIBUTE`` (``make`` after the install) takes the lock itself; ``--locked``, the
    background build, has it from ``build_in_background`` and runs niced, so that the job that
    asked keeps its core. A build that fails leaves its error in ``failed_path`` and exits 0:
    the jobs go on without the module."""
    import importlib

    if not module.startswith("gridsolve."):
        raise SystemExit(f"not a gridsolve module: {module}")
    ahead = getattr(importlib.import_module(module), attribute)
    if "--locked" in flags:
        os.nice(10)
    elif ahead._take_lock() is None:
        return  # another process is building it
    ahead._build_holding_lock(note_failure=True)


if __name__ == "__main__":
    main(*sys.argv[1:])


__all__ = ["ENVIRONMENT", "LOCK_SUFFIX", "Ahead", "enabled", "main"]
