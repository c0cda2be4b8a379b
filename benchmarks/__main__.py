"""``python -m benchmarks NAME [options]``; ``python -m benchmarks all`` runs every benchmark
with its default options. Names map to modules in this package exposing ``main(argv)``."""

from __future__ import annotations

import importlib
import sys

BENCHMARKS = {
    "batch": "benchmarks.batch",
    "batch-overhead": "benchmarks.batch_overhead",
    "cli-latency": "benchmarks.cli_latency",
    "slitherlink-janko": "benchmarks.slitherlink_janko",
    "slitherlink-native": "benchmarks.slitherlink_native",
    "slitherlink-native-longer": "benchmarks.slitherlink_native_longer",
    "slitherlink-chapter9": "benchmarks.slitherlink_chapter9",
    "slitherlink-growth": "benchmarks.slitherlink_growth",
    "slitherlink-peers": "benchmarks.slitherlink_peers",
    "nurikabe-janko": "benchmarks.nurikabe_janko",
    "masyu-janko": "benchmarks.masyu_janko",
    "nurikabe-janko-longer": "benchmarks.nurikabe_janko_longer",
    "nurikabe-small": "benchmarks.nurikabe_small",
    "hamiltonian-counting": "benchmarks.hamiltonian_counting",
    "hamiltonian-sampling": "benchmarks.hamiltonian_sampling",
    "labyrinth-enumerate": "benchmarks.labyrinth_enumerate",
    "labyrinth-audit": "benchmarks.labyrinth_audit",
    "labyrinth-stats": "benchmarks.labyrinth_stats",
    "labyrinth-replay": "benchmarks.labyrinth_replay",
    "edgematching-crossval": "benchmarks.edgematching_crossval",
    "edgematching-tables": "benchmarks.edgematching_tables",
    "edgematching-real": "benchmarks.edgematching_real",
    "edgematching-maxjoins": "benchmarks.edgematching_maxjoins",
    "deadlines": "benchmarks.deadlines",
    "fuzz": "benchmarks.fuzz",
    "edgematching-engine": "benchmarks.edgematching_engine",
    "edgematching-tree": "benchmarks.edgematching_tree",
    "explain": "benchmarks.explain",
    "grades": "benchmarks.grades",
    "serve-load": "benchmarks.serve_load",
}


def main(argv: list[str]) -> int:
    if not argv or argv[0] in ("-h", "--help"):
        print(__doc__)
        print("benchmarks:", ", ".join(BENCHMARKS))
        return 0
    name, rest = argv[0], argv[1:]
    if name == "all":
        return run_all(rest)
    if name not in BENCHMARKS:
        print(f"unknown benchmark {name!r}; known: {', '.join(BENCHMARKS)}", file=sys.stderr)
        return 2
    return importlib.import_module(BENCHMARKS[name]).main(rest) or 0


def run_all(rest: list[str]) -> int:
    """Every benchmark with its default options, one after the other: a failing one is reported
    and the others still run; a summary (status, minutes) at the end; exit 1 if any failed."""
    import time
    import traceback

    outcome = []
    for name, module in BENCHMARKS.items():
        print(f"=== {name}", flush=True)
        t0 = time.perf_counter()
        try:
            code = importlib.import_module(module).main(rest) or 0
            status = "ok" if code == 0 else f"exit {code}"
        except KeyboardInterrupt:
            raise
        except SystemExit as exc:  # e.g. common.data(): the corpus is missing
            status = f"failed: {exc.code}" if exc.code not in (0, None) else "ok"
        except BaseException as exc:  # noqa: BLE001 - one failing benchmark must not stop the rest
            traceback.print_exc()
            status = f"failed: {type(exc).__name__}: {exc}"
        outcome.append((name, status, (time.perf_counter() - t0) / 60))
    print("\n=== summary")
    for name, status, minutes in outcome:
        print(f"{name:32s} {status:50s} {minutes:6.1f} min")
    return 0 if all(s == "ok" for _, s, _ in outcome) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
