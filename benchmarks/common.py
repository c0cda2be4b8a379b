"""Shared benchmark plumbing: data discovery, machine description, result files."""

from __future__ import annotations

import csv
import datetime as _dt
import json
import os
import platform
import sys
from importlib import metadata
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "benchmarks" / "results"
DATA = Path(os.environ.get("GRIDSOLVE_DATA", ROOT.parent / "shared" / "data"))


def data(*parts: str) -> Path:
    path = DATA.joinpath(*parts)
    if not path.exists():
        sys.exit(f"benchmark data not found: {path} (set GRIDSOLVE_DATA to the shared data folder)")
    return path


def machine() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    mem = ""
    try:
        kb = int(Path("/proc/meminfo").read_text().split()[1])
        mem = f", {kb / 2**20:.0f} GiB RAM"
    except (OSError, ValueError, IndexError):
        pass
    versions = []
    for dist in ("ortools", "python-sat", "numpy", "numba"):
        try:
            versions.append(f"{dist} {metadata.version(dist)}")
        except metadata.PackageNotFoundError:
            pass
    return (
        f"{cpu}, {os.cpu_count()} cores{mem}; Python {platform.python_version()} on "
        f"{platform.system()} {platform.release()}; " + ", ".join(versions)
    )


def stamp(command: str) -> str:
    now = _dt.datetime.now().strftime("%Y-%m-%d %H:%M")
    return f"Measured {now} with `{command}`.\nMachine: {machine()}.\n"


def write_csv(path: Path, rows: list[dict]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", newline="") as f:
        if not rows:
            return
        w = csv.DictWriter(f, fieldnames=list(rows[0]))
        w.writeheader()
        w.writerows(rows)


def record(jsonl, rows: list[dict], row: dict) -> None:
    """Keep ``row``: in ``rows``, as one flushed line of the open ``jsonl`` file (a stopped run
    keeps what it finished) and on stdout."""
    rows.append(row)
    jsonl.write(json.dumps(row) + "\n")
    jsonl.flush()
    print(json.dumps(row), flush=True)


def markdown_table(header: list[str], rows: list[list]) -> str:
    out = ["| " + " | ".join(header) + " |", "|" + "|".join("---" for _ in header) + "|"]
    out += ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]
    return "\n".join(out) + "\n"


def command(name: str, argv: list[str]) -> str:
    """The command line that reproduces a benchmark run, for its report."""
    return " ".join(["python -m benchmarks", name, *argv])


def publish(name: str, report: str, rows: list[dict] | None = None) -> None:
    """A benchmark's report in ``results/NAME.md`` (its rows, if given, in ``NAME.csv``), printed."""
    if rows is not None:
        write_csv(RESULTS / f"{name}.csv", rows)
    (RESULTS / f"{name}.md").write_text(report)
    print(report)
