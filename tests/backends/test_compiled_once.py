"""Compiled code is cached per signature on disk, so a second process never compiles again: the
kernels every page request runs compiled (the server workers' warm-up, ``web.tools.warm_up`` under
``harness.warm.run_compiled``) and those of every registry backend on each kind's first sample,
run in one process and then in a second one over the same numba cache. numba's own compile events
count (``harness.warm.compile_events``): a load from the on-disk cache is none; no timing."""

from __future__ import annotations

import json
import subprocess
import sys

# run the server's warm-up and every backend on each kind's first sample, all compiled; print what
# numba compiled
WORKLOAD = """
import json
from pathlib import Path
import gridsolve
from gridsolve.harness.warm import compile_events, run_compiled
from gridsolve.harness import registry
from gridsolve.web.sources import read_source, sample_names
from gridsolve.web.kinds import playable
from gridsolve.web.tools import warm_up

run_compiled()
compiled = compile_events()
failed = []
warm_up(failed=failed)
for kind in playable():
    puzzle = read_source(Path("."), f"sample:{kind}/{sample_names(kind)[0]}")[0].puzzle
    for backend in registry.for_kind(kind):
        if backend.available()[0]:
            gridsolve.solve(puzzle, backend.name, timeout=20)
print(json.dumps({"compiled": compiled(), "failed": failed}))
"""


def run_workload() -> dict:
    p = subprocess.run([sys.executable, "-c", WORKLOAD], capture_output=True, text=True, timeout=1800)
    assert p.returncode == 0, p.stderr[-2000:]
    return json.loads(p.stdout.strip().splitlines()[-1])


def test_a_second_process_compiles_nothing():
    first = run_workload()  # compiles whatever the on-disk cache lacked (nothing, once it was filled)
    assert first["failed"] == []
    second = run_workload()
    assert second["compiled"] == [], f"compiled again in a second process: {sorted(set(second['compiled']))}"
