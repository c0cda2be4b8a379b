"""A worker process of ``gridsolve serve`` (``web.pool``): ``python -m gridsolve.web.worker NICE``.
It lowers its priority by NICE, imports the requests' code, says ``("ready",)``, then answers one
job after another (the pool's first, when it warms the server: ``warm-up``, which loads -- or
compiles once into numba's on-disk cache -- what the page's first clicks run, see ``warm``):
``(endpoint, root, payload, limit)`` in, ``("answer", status, JSON bytes, recycle)`` out, with
``("progress", row)`` messages before it for experiments. ``recycle``: the job used its whole
time limit, or the answer was refused; the pool replaces this process then.

Messages are pickles over stdin and a private copy of stdout (fd 1 points at stderr, so a stray
print cannot corrupt the channel), as in the batch runner's worker (``harness.worker``)."""

from __future__ import annotations

import json
import os
import signal
import sys
import time
from multiprocessing.connection import Connection
from pathlib import Path

WARM_UP = "warm-up"  # the pool's job that warms a worker (no endpoint of the page)


def warm() -> dict:
    """Warm this worker: compiled kernels from the first call on (a worker lives long enough for
    compiling to pay), and the page's first requests run once on the shipped samples
    (``tools.warm_up``). The seconds per kind, the functions numba really compiled (none when
    another process filled the on-disk cache before), and the requests that failed."""
    from ..harness.warm import compile_events, run_compiled
    from . import tools

    run_compiled()
    compiled = compile_events()
    t0 = time.monotonic()
    failed: list[str] = []
    kinds = tools.warm_up(failed=failed)
    return {"seconds": round(time.monotonic() - t0, 3), "kinds": kinds, "compiled": compiled(),
            "failed": failed}


def run(name: str, root: str, payload: dict, progress) -> tuple[int, bytes]:
    """(status, JSON body) of one request."""
    from ..harness.limits import PAGE_ANSWER_BYTES
    from . import api, jobs
    from .errors import status_of

    try:
        if name == "experiment":
            out = jobs.run(Path(root), payload, progress)
        elif name == WARM_UP:
            out = warm()
        elif name == "kinds":  # imports every backend to see which can run: kept out of the server
            out = api.kinds_info()
        else:
            out = api.ENDPOINTS[name](Path(root), payload)
        body = json.dumps(out).encode()
    except Exception as exc:  # the answer's status says what went wrong; the worker goes on
        status, message = status_of(exc)
        return status, json.dumps({"error": message}).encode()
    if len(body) > PAGE_ANSWER_BYTES:
        return 413, json.dumps({"error": f"the answer would be {len(body) >> 20} MiB, over the page's "
                                f"{PAGE_ANSWER_BYTES >> 20} MiB (harness.limits.PAGE_ANSWER_BYTES); "
                                "run it from the command line instead"}).encode()
    return 200, body


def main(argv: list[str]) -> None:
    from ..harness.worker import _die_with_parent

    parent = os.getppid()
    _die_with_parent()
    if os.getppid() != parent:
        os._exit(1)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if argv and int(argv[0]):
        os.nice(int(argv[0]))
    out = Connection(os.dup(1), readable=False)
    os.dup2(2, 1)
    inp = Connection(os.dup(0), writable=False)
    from . import api, jobs, tools  # noqa: F401  (imported once, before the first job)

    out.send(("ready",))
    while True:
        try:
            name, root, payload, limit = inp.recv()
        except (EOFError, OSError):
            return
        t0 = time.monotonic()
        status, body = run(name, root, payload, lambda row: out.send(("progress", row)))
        used_up = time.monotonic() - t0 >= 0.9 * limit
        out.send(("answer", status, body, used_up or status == 413))


if __name__ == "__main__":
    main(sys.argv[1:])
