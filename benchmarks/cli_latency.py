"""How long ``gridsolve`` takes as a process: per kind, the small case with the kind's default
backend, next to ``python -c pass``, ``gridsolve --help`` and the peers a user compares with.

    python -m benchmarks cli-latency [--runs 5] [--loopy PATH] [--ggcount PATH] [--e2go PATH]
                                     [--lavavej PATH] [--PEER-args ARGS]

Each command runs once against a fresh numba cache (``NUMBA_CACHE_DIR`` a new empty folder: what
the first use after ``pip install`` pays) -- "cold" -- and then ``--runs`` times against the cache
that run filled -- "warm", the median. Python's own bytecode cache stays warm. Wall clock of the
whole process, measured from here. Writes ``benchmarks/results/cli_latency.md`` (+ csv), with the
load average before and after (the figures depend on how busy the machine is).

Peers (each skipped, with a line saying so, unless its path is given), built here when the path
is a source and run on the same small case where their input allows:

* ``--loopy``: Simon Tatham's ``loopysolver`` (an executable), or the puzzles source folder, built
  with ``benchmarks.peers.loopy``; it solves the Slitherlink 5x5 as a Loopy game ID.
* ``--ggcount``: a Hamiltonian path counter; ``--ggcount-args`` (default ``{size}``) is its
  command line, ``{size}`` the side of the count hamiltonian case.
* ``--e2go``: Bill Traill's e2_go (an executable, or a Go source file / folder, built with
  ``go build``); ``--e2go-args`` (default ``{file}``): Owen's 6x6 board file.
* ``--lavavej``: microsoft/nurikabe (an executable, or its ``nurikabe.cpp``, built with ``c++ -O2``);
  ``--lavavej-args`` (default none: the program solves the puzzles written into it).
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from .common import DATA, ROOT, command, markdown_table, publish, stamp

NAME = "cli_latency"
SLITHERLINK = "https://puzz.link/p?slither/5/5/cbcbcddad"
NURIKABE = "https://puzz.link/p?nurikabe/5/5/g5k2o1k3g"
MASYU = "https://puzz.link/p?masyu/6/6/00016f769000"
COUNT_SIZE = "11"
SMALL_TARGET = 0.25  # seconds, warm, a quiet machine (the small case of each kind)
HELP_TARGET = 0.12
FIRST_COUNT_TARGET = 2.0  # seconds, cold: count hamiltonian --size 13 after a fresh install
FIRST_USE_TARGET = 5.0  # seconds, cold: the first use after install


def owen_6x6() -> Path:
    """Brendan Owen's 6x6 board in the shared corpora (the case is left out without them)."""
    return DATA / "edgematching" / "brendan-owen" / "pieces_06x06.txt"


def cases() -> list[tuple[str, str, list[str] | None, float | None, float | None]]:
    """(what, kind, arguments of gridsolve or None for `python -c pass`, warm target, cold
    target); Masyu once it is a registered kind, Owen's board where the corpora are."""
    from gridsolve.puzzles.kinds import KINDS

    out: list[tuple[str, str, list[str] | None, float | None, float | None]] = [
        ("python -c pass", "", None, None, None),
        ("gridsolve --help", "", ["--help"], HELP_TARGET, None),
        ("solve 5x5 URL", "slitherlink", ["solve", SLITHERLINK], SMALL_TARGET, None),
        ("solve 5x5 URL", "nurikabe", ["solve", NURIKABE], SMALL_TARGET, None),
        (f"count hamiltonian --size {COUNT_SIZE}", "hamiltonian",
         ["count", "hamiltonian", "--size", COUNT_SIZE], SMALL_TARGET, None),
        ("count hamiltonian --size 13", "hamiltonian", ["count", "hamiltonian", "--size", "13"], None,
         FIRST_COUNT_TARGET),
    ]
    if owen_6x6().exists():
        out.append(("solve Owen's 6x6", "edgematching", ["solve", str(owen_6x6())], SMALL_TARGET, None))
    if "masyu" in KINDS:
        out.append(("solve 6x6 URL", "masyu", ["solve", MASYU], SMALL_TARGET, None))
    out += [
        ("solve 5x5 URL --backend rules+sat", "nurikabe", ["solve", NURIKABE, "--backend", "rules+sat"],
         None, FIRST_USE_TARGET),
        ("walk --size 9 --walks 5", "hamiltonian", ["walk", "--size", "9", "--walks", "5", "--seed", "1"],
         None, FIRST_USE_TARGET),
    ]
    return out


def gridsolve_argv() -> list[str]:
    """The installed console script beside this interpreter, else the module."""
    script = Path(sys.executable).with_name("gridsolve")
    return [str(script)] if script.exists() else [sys.executable, "-m", "gridsolve.cli.main"]


def wall(argv: list[str], cache: str) -> tuple[float, int]:
    """Seconds of one run of ``argv`` (output discarded) with ``cache`` as numba's cache, and its
    exit code."""
    env = {**os.environ, "NUMBA_CACHE_DIR": cache}
    # what a user runs: Python's bytecode cache on (an environment that turns it off makes every
    # run compile gridsolve's sources again, which is no cost of gridsolve's)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    t0 = time.perf_counter()
    p = subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, cwd=ROOT)
    return time.perf_counter() - t0, p.returncode


class PeerSkipped(RuntimeError):
    """A peer that cannot be built or run here (the reason is the message)."""


def _build(argv: list[str], what: str) -> None:
    p = subprocess.run(argv, capture_output=True, text=True)
    if p.returncode:
        raise PeerSkipped(f"building {what} failed: {p.stderr.strip()[-300:]}")


def peer_program(name: str, path: Path, build_dir: Path) -> Path:
    """The executable of peer ``name`` from the ``path`` the user gave: the program itself, or
    its source, built into ``build_dir``."""
    path = path.expanduser().resolve()
    if not path.exists():
        raise PeerSkipped(f"{path} does not exist")
    if path.is_file() and os.access(path, os.X_OK) and path.suffix not in (".go", ".cpp", ".cc", ".c"):
        return path
    build_dir.mkdir(parents=True, exist_ok=True)
    out = build_dir / name
    if name == "loopy":
        from .peers import loopy

        try:
            solver = loopy.build(path, build_dir).solver
        except loopy.PeerError as exc:
            raise PeerSkipped(str(exc)) from exc
        assert solver is not None
        return solver
    if name == "e2go" or path.suffix == ".go" or (path.is_dir() and list(path.glob("*.go"))):
        go = shutil.which("go")
        if not go:
            raise PeerSkipped("no go toolchain to build it")
        _build([go, "build", "-o", str(out), str(path)] if path.is_file()
               else [go, "-C", str(path), "build", "-o", str(out), "."], name)
        return out
    sources = [path] if path.is_file() else sorted([*path.glob("*.cpp"), *path.glob("*.cc")])
    cxx = os.environ.get("CXX") or shutil.which("c++") or shutil.which("g++")
    if not sources or not cxx:
        raise PeerSkipped(f"no C++ source in {path} or no C++ compiler")
    _build([cxx, "-O2", "-std=c++17", "-o", str(out), *map(str, sources)], name)
    return out


def peer_cases(args) -> tuple[list[tuple[str, str, list[str]]], list[str]]:
    """(what, kind, argv) of each peer given, and a line per peer skipped."""
    from gridsolve.puzzles.formats import read
    from gridsolve.puzzles.formats.slitherlink import to_id

    build_dir = Path(tempfile.gettempdir()) / "gridsolve-peers"
    fields = {"size": COUNT_SIZE, "file": str(owen_6x6())}
    table = (("loopy", "slitherlink", "loopysolver, the 5x5 as a game ID"),
             ("ggcount", "hamiltonian", f"GGCount, size {COUNT_SIZE}"),
             ("e2go", "edgematching", "e2_go, Owen's 6x6"),
             ("lavavej", "nurikabe", "Lavavej's microsoft/nurikabe"))
    out, skipped = [], []
    for name, kind, what in table:
        path = getattr(args, name)
        if path is None:
            skipped.append(f"{what}: skipped (no --{name} PATH)")
            continue
        try:
            program = peer_program(name, Path(path), build_dir)
        except PeerSkipped as exc:
            skipped.append(f"{what}: skipped ({exc})")
            continue
        if name == "loopy":
            extra = [to_id(read(SLITHERLINK)[0].puzzle)]  # pyright: ignore[reportArgumentType]
        else:
            extra = [a.format(**fields) for a in (getattr(args, f"{name}_args") or "").split()]
        out.append((what, kind, [str(program), *extra]))
    return out, skipped


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(prog="python -m benchmarks cli-latency")
    ap.add_argument("--runs", type=int, default=5, help="warm runs per command (the median is kept)")
    for name, default in (("loopy", None), ("ggcount", "{size}"), ("e2go", "{file}"), ("lavavej", "")):
        ap.add_argument(f"--{name}", metavar="PATH", help=f"the {name} peer: its program or source")
        if name != "loopy":
            ap.add_argument(f"--{name}-args", default=default, help=f"its arguments (default {default!r})")
    args = ap.parse_args(argv)
    base = gridsolve_argv()
    load_before = os.getloadavg()
    peers, skipped = peer_cases(args)
    rows = []
    runs: list[tuple[str, str, list[str], float | None, float | None]] = [
        (what, kind, [sys.executable, "-c", "pass"] if gs is None else base + gs, warm, cold)
        for what, kind, gs, warm, cold in cases()]
    runs += [(f"peer: {what}", kind, cmd, None, None) for what, kind, cmd in peers]
    for what, kind, cmd, warm_target, cold_target in runs:
        with tempfile.TemporaryDirectory(prefix="numba-cache-") as cache:
            cold, code = wall(cmd, cache)
            warm = [wall(cmd, cache)[0] for _ in range(args.runs)]
        row = {"command": what, "kind": kind, "cold_s": round(cold, 3),
               "warm_median_s": round(statistics.median(warm), 3), "warm_min_s": round(min(warm), 3),
               "warm_target_s": warm_target or "", "cold_target_s": cold_target or "", "exit": code}
        rows.append(row)
        print(f"  {what:38s} {kind:13s} cold {cold:7.2f} s  warm median {row['warm_median_s']:6.3f} s "
              f"(exit {code})", flush=True)
    for line in skipped:
        print("  " + line)
    publish(NAME, render(rows, skipped, args, argv, load_before, os.getloadavg()), rows)
    return 0


def render(rows: list[dict], skipped: list[str], args, argv: list[str], load_before, load_after) -> str:
    table = [[r["command"], r["kind"], f"{r['cold_s']:.2f}", f"{r['warm_median_s']:.3f}",
              f"{r['warm_min_s']:.3f}", verdict(r), r["exit"]] for r in rows]
    return "".join([
        "# Command-line latency: gridsolve as a process\n\n", stamp(command("cli-latency", argv)),
        f"Load average (1, 5, 15 min) before: {', '.join(f'{x:.2f}' for x in load_before)}; after: "
        f"{', '.join(f'{x:.2f}' for x in load_after)} on {os.cpu_count()} cores.\n\n",
        f"Wall clock of the whole process. cold = the first run with an empty numba cache "
        f"(`NUMBA_CACHE_DIR` a new folder: the first use after `pip install`); warm = the next "
        f"{args.runs} runs with the cache that run filled (median, min). Targets (a quiet machine): "
        f"`--help` <= {HELP_TARGET} s and each kind's small case <= {SMALL_TARGET} s warm; the first "
        f"`count hamiltonian --size 13` <= {FIRST_COUNT_TARGET:g} s cold; the first `rules+sat` solve "
        f"and the first `walk` <= {FIRST_USE_TARGET:g} s cold. Peers run as given (their cold = warm: "
        f"no numba cache).\n\n",
        markdown_table(["command", "kind", "cold s", "warm median s", "warm min s", "target", "exit"],
                       table),
        "".join(f"\n- {line}" for line in skipped) + ("\n" if skipped else ""),
    ])


def verdict(row: dict) -> str:
    """Whether the row meets its target (warm for the small solves, cold for the first uses)."""
    for when, seconds, target in (("warm", row["warm_median_s"], row["warm_target_s"]),
                                  ("cold", row["cold_s"], row["cold_target_s"])):
        if target:
            return f"{when} <= {target:g} s: {'met' if seconds <= target else 'missed'}"
    return ""
