"""Solving in a separate worker process with a hard time and memory limit.

A batch must outlive any one solver: a backend may crash the interpreter (a segfault in a C
extension, ``os._exit``), ignore its time limit, or allocate without bound. So each solve runs in a
child process (``python -m gridsolve.harness.worker MEMORY_MIB``, with the parent's import path),
started with ``subprocess`` (so it works inside daemonic processes such as Dask workers too) and
reused task after task:

* the child caps its own address space with ``resource.setrlimit(RLIMIT_AS)``; a Python
  ``MemoryError`` becomes an ``error`` result ("out of memory") and the child lives on;
* the parent waits ``timeout + grace`` seconds for an answer, then kills the child (SIGKILL) and
  records a hard-limit ``error``; a child that dies is recorded with its signal / exit code and the
  first line it wrote to stderr; either way the next task gets a fresh child;
* the child ignores SIGINT (the parent decides how to stop) and, on Linux, asks to be killed when
  its parent dies (``PR_SET_PDEATHSIG``), so a SIGKILLed batch leaves no solver behind.

Messages are pickles over the child's stdin / a private copy of its stdout (fd 1 is pointed at
stderr, so stray prints of a solver cannot corrupt the channel).
"""

from __future__ import annotations

import dataclasses
import os
import signal
import subprocess
import sys
import tempfile
import threading
import time
from multiprocessing.connection import Connection

MEMORY_MIB = 0  # the memory limit of this process, when it is a worker child


# ------------------------------------------------------------------ the task, run in the child


def solve_task(task: dict) -> dict:
    """Run one backend on one puzzle (``harness.run``: timed, checked, never raises) and return
    the batch record: ``harness.results.record`` plus the first solution in canonical text."""
    from ..puzzles.solving import Limit, SolveResult, Status
    from . import registry
    from .results import batch_record
    from .run import run

    try:
        backend = registry.get(task["kind"], task["backend"])
        limit = Limit(seconds=task["seconds"], solutions=task["solutions"])
        result = run(backend, task["puzzle"], limit, **task.get("options", {}))
    except Exception as exc:  # registry lookup, bad options: still one result, not a crash
        result = SolveResult(task["backend"], Status.ERROR, error=f"{type(exc).__name__}: {exc}")
    if result.error == "out of memory" and MEMORY_MIB:
        result = dataclasses.replace(result, error=f"out of memory (worker memory limit {MEMORY_MIB} MiB)")
    return batch_record(task, result)


def _die_with_parent() -> None:
    """Linux: SIGKILL this process when the parent dies (best effort elsewhere)."""
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


def child_main(argv: list[str]) -> None:
    global MEMORY_MIB
    memory_mib = MEMORY_MIB = int(argv[0]) if argv else 0
    parent = os.getppid()
    _die_with_parent()
    if os.getppid() != parent:  # the parent died before prctl took effect
        os._exit(1)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    import faulthandler

    faulthandler.enable()  # a segfault leaves "Fatal Python error: ..." on stderr for the record
    out = Connection(os.dup(1), readable=False)
    os.dup2(2, 1)  # stray prints go to stderr, never into the channel
    inp = Connection(os.dup(0), writable=False)
    if memory_mib > 0:
        import resource

        cap = memory_mib << 20
        resource.setrlimit(resource.RLIMIT_AS, (cap, cap))
    while True:
        try:
            task = inp.recv()
        except (EOFError, OSError):
            return
        out.send(solve_task(task))


# ------------------------------------------------------------------ the parent side


class SolverProcess:
    """One child process, restarted when it dies or is killed. Not thread-safe: one per thread."""

    def __init__(self, memory_mib: int = 0) -> None:
        self.memory_mib = memory_mib
        self.proc: subprocess.Popen | None = None
        self._send: Connection | None = None
        self._recv: Connection | None = None
        self._stderr = None
        self.closed = threading.Event()

    def _start(self) -> None:
        self._stderr = tempfile.TemporaryFile()
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "gridsolve.harness.worker", str(self.memory_mib)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self._stderr, env=child_env(),
            start_new_session=True,  # a terminal's Ctrl-C reaches the batch only, which then stops us
        )
        stdin, stdout = self.proc.stdin, self.proc.stdout
        assert stdin is not None and stdout is not None  # both are pipes
        self._send = Connection(os.dup(stdin.fileno()), readable=False)
        self._recv = Connection(os.dup(stdout.fileno()), writable=False)
        stdin.close()
        stdout.close()

    def run(self, task: dict, hard_seconds: float | None) -> dict:
        """The child's record for ``task``, or an error record if it died or overran."""
        if self.closed.is_set():
            raise RuntimeError("solver process closed")
        if self.proc is None or self.proc.poll() is not None:
            self._reset()
            self._start()
        assert self._stderr is not None and self._send is not None and self._recv is not None  # started
        self._stderr.seek(0)
        self._stderr.truncate()
        t0 = time.perf_counter()
        try:
            self._send.send(task)
            if self._recv.poll(hard_seconds):
                return self._recv.recv()
            self.kill()
            return failure(task, time.perf_counter() - t0,
                           f"hard time limit: no result {hard_seconds:g} s after the start "
                           f"(timeout {task['seconds']} s + grace); worker killed")
        except (EOFError, OSError):
            if self.closed.is_set():
                raise RuntimeError("solver process closed") from None
            return failure(task, time.perf_counter() - t0, self._death())

    def _death(self) -> str:
        proc, stderr = self.proc, self._stderr
        assert proc is not None and stderr is not None  # run() started them
        try:
            code = proc.wait(timeout=5)
        except subprocess.TimeoutExpired:  # killed here, not by kill(): its reset closes stderr
            proc.kill()
            code = proc.wait()
        if code is not None and code < 0:
            try:
                how = f"killed by {signal.Signals(-code).name}"
            except ValueError:
                how = f"killed by signal {-code}"
        else:
            how = f"exited with code {code}"
        msg = f"worker process died ({how}; memory limit {self.memory_mib} MiB)" if self.memory_mib \
            else f"worker process died ({how})"
        stderr.seek(0)
        lines = [ln.strip() for ln in stderr.read()[-4000:].decode(errors="replace").splitlines()]
        first = next((ln for ln in lines if ln), "")
        self._reset()
        return msg + (f": {first[:200]}" if first else "")

    def kill(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
        self._reset()

    def _reset(self) -> None:
        for c in (self._send, self._recv, self._stderr):
            if c is not None:
                c.close()
        self._send = self._recv = self._stderr = None
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
        self.proc = None

    def close(self) -> None:
        """Stop for good. From another thread this only kills the child, which interrupts a
        ``run`` in progress (it then raises); the owning thread cleans up."""
        self.closed.set()
        proc = self.proc
        if proc is not None and proc.poll() is None:
            proc.kill()


def child_env() -> dict[str, str]:
    """The environment of a worker child: this process's, with its import path (``sys.path``) as
    ``PYTHONPATH``, so that the child imports what the parent does -- gridsolve however it is
    installed, and the modules ``$GRIDSOLVE_EXTRA_BACKENDS`` names wherever the parent found them."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p or os.getcwd() for p in sys.path)
    return env


def failure(task: dict, seconds: float, message: str) -> dict:
    """The record of a task whose worker died or overran."""
    from ..puzzles.solving import SolveResult, Status
    from .results import batch_record

    return batch_record(task, SolveResult(task["backend"], Status.ERROR, seconds=seconds,
                                          error=message))


# ------------------------------------------------------------------ inside Dask workers

_local = threading.local()


def remote_solve(task: dict, hard_seconds: float | None, memory_mib: int) -> dict:
    """The Dask task: the same isolation as a local batch, one reused child per worker thread."""
    proc = getattr(_local, "proc", None)
    if proc is None or proc.memory_mib != memory_mib:
        proc = _local.proc = SolverProcess(memory_mib)
    return proc.run(task, hard_seconds)


if __name__ == "__main__":
    child_main(sys.argv[1:])
