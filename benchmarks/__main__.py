"""``python -m benchmarks NAME [options]``; ``python -m benchmarks all`` runs every benchmark
with its default options. Names map to modules in this package exposing ``main(argv)``."""

from __future__ import annotations

import importlib
import sys

BENCHMARKS = {
    "slitherlink-janko": "benchmarks.slitherlink_janko",
}


def main(argv: list[str]) -> int:
    if not argv or argv[0] in ("-h", "--help"):
        print(__doc__)
        print("benchmarks:", ", ".join(BENCHMARKS))
        return 0
    name, rest = argv[0], argv[1:]
    if name == "all":
        for module in BENCHMARKS.values():
            importlib.import_module(module).main(rest)
        return 0
    if name not in BENCHMARKS:
        print(f"unknown benchmark {name!r}; known: {', '.join(BENCHMARKS)}", file=sys.stderr)
        return 2
    return importlib.import_module(BENCHMARKS[name]).main(rest) or 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
