"""The exact scan (``scan.scan_exact``) compiled ahead of time: a small extension module, built
by numba.pycc once per install and kept beside numba's cache of the same file (``kernels.cache_folder``).

Loading it takes a millisecond and imports no numba -- only numpy, whose arrays it takes -- where
numba's own cached code costs its import and the load (~0.3 s): so a search of a few hundred
thousand placements (Owen's 6x6 board) runs compiled instead of interpreted. The module's name
carries a digest of ``scan_exact``'s code, so an edited scan is never run from an old module.

It is built by ``build`` in this process (the warm-ups do), or by ``build_in_background``: a
detached, niced process that a search starts the first time it wants the module and finds none;
that search goes on interpreted, the next process loads it. ``GRIDSOLVE_AHEAD=0`` turns the
module off (never loaded, never built). A failed build (no C compiler, a cache folder that cannot
be written) leaves things as before: the interpreted and numba routes.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path
from typing import Any

from ..kernels import cache_folder
from . import scan

ENVIRONMENT = "GRIDSOLVE_AHEAD"  # "0": no ahead-of-time module
PREFIX = "gridsolve_scan_exact_"
ARRAY = "i8[::1]"
# scan_exact(base, up, left, tpiece, tbotc, trgt, lo, exact, used, split, chosen, bre, bot, rgt,
# state, budget) -> code: the int64 / bool arrays of ``tables.Search`` (C-contiguous)
SIGNATURE = f"i8({', '.join([ARRAY] * 8 + ['b1[::1]'] + [ARRAY] * 6)}, i8)"
STALE_LOCK = 600.0  # seconds after which a build's lock is taken for an abandoned one

_UNSET = object()


class State:
    """This process's view: the loaded function (``_UNSET`` before the first ``load``), and
    whether a background build was asked for."""

    loaded: Any = _UNSET
    requested = False


def enabled() -> bool:
    return os.environ.get(ENVIRONMENT, "1") != "0"


def module_name() -> str:
    """The extension's module name: ``PREFIX`` + a digest of ``scan_exact``'s code object (its
    bytecode, constants and names) and of the signature."""
    import hashlib
    import marshal

    code = scan.scan_exact.py_func.__code__
    return PREFIX + hashlib.sha1(marshal.dumps(code) + SIGNATURE.encode()).hexdigest()[:16]


def module_path() -> Path:
    """Where the extension is (or would be) kept: numba's cache folder of ``scan.py``."""
    import sysconfig

    return cache_folder(scan.__file__) / (module_name() + sysconfig.get_config_var("EXT_SUFFIX"))


def load() -> Any:
    """``scan_exact`` compiled ahead of time, or None (off, not built, or it does not load);
    looked for once per process."""
    if State.loaded is _UNSET:
        State.loaded = _import() if enabled() else None
    return State.loaded


def _import():
    path = module_path()
    if not path.is_file():
        return None
    try:
        import importlib.machinery
        import importlib.util

        import numpy  # noqa: F401 -- the module's initialisation takes numpy's C API

        loader = importlib.machinery.ExtensionFileLoader(path.name.split(".")[0], str(path))
        spec = importlib.util.spec_from_loader(loader.name, loader, origin=str(path))
        assert spec is not None
        module = importlib.util.module_from_spec(spec)
        loader.exec_module(module)
        return module.scan_exact
    except (ImportError, OSError, AttributeError):  # built for another numpy / Python: unusable here
        return None


def build() -> Path:
    """Compile ``scan_exact`` ahead of time for this machine's CPU into ``module_path()`` (seconds:
    numba's import, its compile and a C compiler's link). Written under a temporary name and
    moved into place, so a process that looks meanwhile finds the old state or the whole module."""
    import tempfile
    import warnings

    path = module_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    name = module_name()
    with tempfile.TemporaryDirectory(dir=path.parent, prefix=".ahead-") as tmp, warnings.catch_warnings():
        warnings.simplefilter("ignore")  # pycc's pending-deprecation notice: the module is ours
        from numba.pycc.cc import CC

        cc = CC(name)
        cc.output_dir = tmp
        cc.target_cpu = "host"  # built where it runs, as numba's own JIT code is
        cc.verbose = False
        cc.export("scan_exact", SIGNATURE)(scan.scan_exact.py_func)
        cc.compile()
        built = next(Path(tmp).glob(name + "*"))
        os.replace(built, path)
    return path


def _lock_path() -> Path:
    return module_path().with_name(module_name() + ".building")


def _take_lock() -> Path | None:
    """The build's lock (one builder per module), taken; None when another process holds a fresh
    one. A lock older than ``STALE_LOCK`` is an abandoned build's and is taken over."""
    lock = _lock_path()
    lock.parent.mkdir(parents=True, exist_ok=True)
    if lock.exists() and time.time() - lock.stat().st_mtime >= STALE_LOCK:
        lock.unlink(missing_ok=True)
    try:
        os.close(os.open(lock, os.O_CREAT | os.O_EXCL | os.O_WRONLY))
    except FileExistsError:
        return None
    return lock


def build_in_background() -> None:
    """Start a detached, niced process that builds the module, unless it is on disk, being built
    (a fresh lock), off, asked for already by this process, or its folder cannot be written. The
    lock is taken here, before the process starts, and dropped by it when it is done: a lock on
    disk means a build under way."""
    if State.requested or not enabled():
        return
    State.requested = True
    path = module_path()
    folder = path.parent
    if path.exists() or not os.access(folder if folder.exists() else folder.parent, os.W_OK):
        return
    lock = _take_lock()
    if lock is None:
        return
    import subprocess

    try:
        quiet = subprocess.DEVNULL
        subprocess.Popen([sys.executable, "-m", __name__], stdin=quiet, stdout=quiet, stderr=quiet,
                         start_new_session=True, close_fds=True)
    except OSError:
        lock.unlink(missing_ok=True)


def build_once() -> Path | None:
    """``build`` under the lock, here: the module's path, or None when another process holds a
    fresh lock (its build under way)."""
    if module_path().exists():
        return module_path()
    lock = _take_lock()
    if lock is None:
        return None
    try:
        return build()
    finally:
        lock.unlink(missing_ok=True)


def main() -> None:
    """The background build (``build_in_background`` holds the lock for it): niced, so the search
    that asked keeps its core."""
    os.nice(10)
    try:
        if not module_path().exists():
            build()
    finally:
        _lock_path().unlink(missing_ok=True)


if __name__ == "__main__":
    main()


__all__ = ["ENVIRONMENT", "build", "build_in_background", "build_once", "load", "module_path"]
