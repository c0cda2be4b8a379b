"""Misbehaving backends for the batch tests, registered only in the test: the tests set
``GRIDSOLVE_EXTRA_BACKENDS=tests.support.batch_doubles:BACKENDS`` (see harness/registry.py), which the
batch's worker processes inherit. Each is a Slitherlink backend."""

from __future__ import annotations

import ctypes
import os
import time

from gridsolve.harness import registry
from gridsolve.harness.registry import Backend

SPEC = "tests.support.batch_doubles:BACKENDS"


def crash(puzzle, limit):
    """The interpreter ends at once (as a fatal error in a C extension would)."""
    os._exit(3)


def segfault(puzzle, limit):
    """A real segmentation fault: reads address 0."""
    return ctypes.string_at(0)


def hang(puzzle, limit):
    """Ignores its time limit."""
    while True:
        time.sleep(0.05)


def hog(puzzle, limit):
    """Allocates without bound (256 MiB at a time, untouched, so it is quick) until the worker's
    memory limit stops it."""
    import numpy

    blocks = []
    while True:
        blocks.append(numpy.empty(256 << 20, dtype=numpy.uint8))


def slow(puzzle, limit):
    """The real default backend, 0.1 s slower: paces a batch so that a test can interrupt it."""
    time.sleep(0.1)
    return registry.get("slitherlink", "sat").function(puzzle, limit)


def _row(name: str) -> Backend:
    return Backend("slitherlink", name, f"tests.support.batch_doubles:{name}", f"test double: {name}",
                   family="test")


BACKENDS = tuple(_row(n) for n in ("crash", "segfault", "hang", "hog", "slow"))
