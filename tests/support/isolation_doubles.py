"""Backends for the batch-isolation tests, registered only in the test through
``GRIDSOLVE_EXTRA_BACKENDS=tests.support.isolation_doubles:BACKENDS`` (harness/registry.py), which the
batch's worker processes inherit.

* ``grab`` (slitherlink): really allocates ``GRAB_MIB`` MiB, every page written, then solves with
  the real default backend -- past a worker's ``--memory`` limit the allocation fails, so the
  out-of-memory path is what a test sees; without a limit it solves.
* ``paced`` (every kind): the kind's default backend, 0.2 s slower, so that a test can kill a
  batch of many quick puzzles in the middle.
"""

from __future__ import annotations

import time

from gridsolve.harness import registry
from gridsolve.harness.registry import Backend
from gridsolve.puzzles import kinds

SPEC = "tests.support.isolation_doubles:BACKENDS"
GRAB_MIB = 640


def grab(puzzle, limit):
    blocks = [bytearray(64 << 20) for _ in range(GRAB_MIB // 64)]  # zero-filled: every page touched
    result = registry.get(puzzle.kind).function(puzzle, limit)
    del blocks
    return result


def paced(puzzle, limit):
    time.sleep(0.2)
    return registry.get(puzzle.kind).function(puzzle, limit)


BACKENDS = (Backend("slitherlink", "grab", "tests.support.isolation_doubles:grab", "test double: allocates",
                    family="test"),
            *(Backend(k, "paced", "tests.support.isolation_doubles:paced", "test double: default, slower",
                      family="test") for k in kinds.KINDS))
