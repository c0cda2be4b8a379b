"""The per-puzzle overhead of a batch, per kind: what a small puzzle costs around its solve.

    python -m benchmarks batch-overhead [--repeat 20] [--copies 10] [--kinds K,...]

For each kind, on its shipped samples (``puzzles/samples/<kind>/*.txt``, the kind's default
backend, ``Limit(solutions=2)`` as ``gridsolve batch`` runs it), in one warm process
(``harness.warm.run_compiled()``, then every sample solved once), the median CPU microseconds
of each step a batch takes per (puzzle, backend):

* parse: ``puzzles.formats.parse_text`` of the sample's text;
* lookup: ``harness.registry.get(kind, None)``;
* solve: the backend's own function (model, solver, solutions);
* check: the independent checker on every solution returned;
* run: ``harness.run.run`` (solve + check + the result), its extra over solve + check;
* record: ``harness.results.batch_record`` + its JSON line;
* channel: the task and the record pickled and unpickled (the worker process's pipe).

Then ``gridsolve batch`` itself (``harness.batch.run_batch``, one worker) on ``--copies`` and on
3 x ``--copies`` copies of the samples: the wall milliseconds of each extra task against the solve
seconds its records give, so the rest is the batch's own overhead per task (the worker's start-up
cancels out).
Prints and writes ``benchmarks/results/batch_overhead.md``.
"""

from __future__ import annotations

import argparse
import json
import os
import pickle
import statistics
import tempfile
import time
from pathlib import Path

from gridsolve.harness import batch as engine
from gridsolve.harness import registry
from gridsolve.harness.results import batch_record
from gridsolve.harness.run import run
from gridsolve.harness.warm import run_compiled
from gridsolve.puzzles import kinds
from gridsolve.puzzles.check import check
from gridsolve.puzzles.formats import Entry, parse_text
from gridsolve.puzzles.solving import Limit

from .common import RESULTS, markdown_table, stamp

NAME = "batch_overhead"
LIMIT = Limit(seconds=60.0, solutions=2)
STEPS = ("parse", "lookup", "solve", "check", "run extra", "record", "channel")


def micro(f, repeat: int) -> float:
    """The median CPU microseconds (this thread's: the machine's load does not count) of
    ``repeat`` calls of ``f``."""
    times = []
    for _ in range(repeat):
        t0 = time.thread_time()
        f()
        times.append(time.thread_time() - t0)
    return statistics.median(times) * 1e6


def steps(kind: str, text: str, source: str, repeat: int) -> dict[str, float]:
    """Each step's median microseconds on one sample (``STEPS``)."""
    entry = parse_text(text, source, kind)[0]
    puzzle = entry.puzzle
    backend = registry.get(kind, None)
    result = run(backend, puzzle, LIMIT)
    task = {"id": entry.id, "kind": kind, "backend": backend.name, "puzzle": puzzle,
            "seconds": LIMIT.seconds, "solutions": LIMIT.solutions, "options": {}}
    out = {
        "parse": micro(lambda: parse_text(text, source, kind), repeat),
        "lookup": micro(lambda: registry.get(kind, None), repeat),
        "solve": micro(lambda: backend.function(puzzle, LIMIT), repeat),
        "check": micro(lambda: [check(kind, puzzle, s) for s in result.solutions], repeat),
        "run": micro(lambda: run(backend, puzzle, LIMIT), repeat),
        "record": micro(lambda: json.dumps(batch_record(task, result), separators=(",", ":")), repeat),
        "channel": micro(lambda: pickle.loads(pickle.dumps(pickle.loads(pickle.dumps(task)))) and
                         pickle.loads(pickle.dumps(batch_record(task, result))), repeat),
    }
    out["run extra"] = max(0.0, out.pop("run") - out["solve"] - out["check"])
    out["cells"] = getattr(puzzle, "rows", 0) * getattr(puzzle, "cols", 0)
    return out


def batch_wall(entries: list[Entry], copies: int) -> tuple[float, list[float]]:
    """``gridsolve batch`` (one worker) on ``copies`` copies of ``entries``: wall seconds and the
    solve seconds of its records."""
    many = [Entry(f"{e.id}-{i}", e.kind, e.puzzle, e.solution, source=e.source)
            for i in range(copies) for e in entries]
    with tempfile.TemporaryDirectory() as folder:
        opts = engine.Options(limit=LIMIT, jobs=1, overwrite=True)
        t0 = time.perf_counter()
        rf = engine.run_batch(many, Path(folder) / "out.jsonl", opts)
        wall = time.perf_counter() - t0
    return wall, [float(r["seconds"]) for r in rf.records.values() if r.get("record") == "result"]


def whole_batch(entries: list[Entry], copies: int) -> tuple[float, float]:
    """The marginal wall ms of one more task in ``gridsolve batch`` (a batch of ``copies`` copies
    of ``entries`` against one of 3 x ``copies``: the worker's start-up cancels out) and the
    marginal mean solve ms of its records, taken the same way."""
    small_wall, small_solves = batch_wall(entries, copies)
    big_wall, big_solves = batch_wall(entries, 3 * copies)
    extra = len(big_solves) - len(small_solves)
    return ((big_wall - small_wall) / extra * 1e3,
            (sum(big_solves) - sum(small_solves)) / extra * 1e3)


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(prog="python -m benchmarks batch-overhead")
    ap.add_argument("--repeat", type=int, default=20, help="timings per step and sample (median kept)")
    ap.add_argument("--copies", type=int, default=10, help="copies of the samples in the smaller batch")
    ap.add_argument("--kinds", default=",".join(kinds.KINDS))
    args = ap.parse_args(argv)

    run_compiled()
    table, whole = [], []
    for kind in args.kinds.split(","):
        files = kinds.samples(kind)
        texts = [(f.read_text(), f.name) for f in files]
        entries = [parse_text(t, s, kind)[0] for t, s in texts]
        for e in entries:  # warm-up: every sample once (kernels loaded, solver libraries imported)
            run(registry.get(kind, None), e.puzzle, LIMIT)
        backend = registry.get(kind, None).name
        for text, source in texts:
            s = steps(kind, text, source, args.repeat)
            overhead = sum(s[k] for k in STEPS if k != "solve")
            table.append([kind, backend, source, s["cells"], *(f"{s[k]:.0f}" for k in STEPS),
                          f"{overhead:.0f}", f"{overhead / (overhead + s['solve']):.0%}"])
            print(" ".join(str(c) for c in table[-1]), flush=True)
        per_task, solve_ms = whole_batch(entries, args.copies)
        whole.append([kind, backend, len(entries) * args.copies * 2, f"{per_task:.2f}", f"{solve_ms:.2f}",
                      f"{per_task - solve_ms:.2f}"])
        print(" ".join(str(c) for c in whole[-1]), flush=True)
    cmd = "python -m benchmarks batch-overhead" + (" " + " ".join(argv) if argv else "")
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    report = "".join([
        "# Batch: per-puzzle overhead per kind\n", stamp(cmd),
        f"Load average at the end (1, 5, 15 min): {load}.\n\n",
        f"In one warm process, median CPU microseconds (`time.thread_time`) of {args.repeat} calls per "
        "step and sample "
        "(the kind's default backend, `Limit(solutions=2)`); overhead = every step but solve.\n\n",
        markdown_table(["kind", "backend", "sample", "cells", *(f"{k} us" for k in STEPS), "overhead us",
                        "overhead share"], table),
        f"\n`gridsolve batch` (`harness.batch.run_batch`, 1 worker), wall clock: a batch of {args.copies} "
        f"copies of each kind's samples against one of {3 * args.copies} copies, so the worker's "
        "start-up cancels out: per extra task, the wall, the solve time its records give (`seconds`: "
        "build + solve, the checker excluded) and the rest (checker, record, pipe, results file).\n\n",
        markdown_table(["kind", "backend", "extra tasks", "wall ms / task", "solve ms / task",
                        "rest ms / task"],
                       whole),
    ])
    (RESULTS / f"{NAME}_run.md").write_text(report)
    print(report)
    return 0


if __name__ == "__main__":
    import sys

    sys.exit(main(sys.argv[1:]))
