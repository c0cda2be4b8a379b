"""How long ``gridsolve`` takes as a process: per kind, the small case with the kind's default
backend, next to ``python -c pass``, ``gridsolve --help`` and the peers a user compares with.

    python -m benchmarks cli-latency [--runs 5] [--loopy PATH] [--ggcount PATH] [--e2go PATH]
                                     [--lavavej PATH] [--PEER-args ARGS]

Each command runs against a fresh numba cache (``NUMBA_CACHE_DIR`` a new empty folder: what the
first use after ``pip install`` pays) -- "cold" -- and then ``--runs`` times against the cache that
run filled -- "warm", the median. A command whose target is a first use (the first ``count
hamiltonian --size 13``, ...) runs cold ``--runs`` times, each on a new cache, the median kept, and
by default in a new venv holding a plain install of this checkout (``pip install --no-deps .``, its
dependencies this environment's through a ``.pth`` file: gridsolve byte-compiled by pip, as after
``pip install``; ``--no-fresh-venv`` runs them from this environment, whose bytecode is warm). Wall
clock and CPU time (user + system of the process, which a busy machine changes less) of the whole
process, measured from here (the warm runs wait for what a cold run builds in the background:
``settle``). Writes ``benchmarks/results/cli_latency.md`` (+ csv), with the load
average before and after (the figures depend on how busy the machine is).

Peers (each skipped, with a line saying so, unless its path is given), built here when the path
is a source and run on the same small case where their input allows:

* ``--loopy``: Simon Tatham's ``loopysolver`` (an executable), or the puzzles source folder, built
  with ``benchmarks.peers.loopy``; it solves the Slitherlink 5x5 as a Loopy game ID.
* ``--ggcount``: a Hamiltonian path counter; ``--ggcount-args`` (default ``{size}``) is its
  command line, ``{size}`` the side of the count hamiltonian case.
* ``--e2go``: Bill Traill's e2_go (an executable, or a Go source file / folder, built with
  ``go build`` there); ``--e2go-args`` (default ``{file}``): Owen's 6x6 board file. Its source
  imports github.com/davidminor/uint128 and has no go.mod: add one (``module
  github.com/billtraill/e2_go``, ``require github.com/davidminor/uint128 v0.0.0``) and, where Go's
  module proxy is out of reach, ``replace github.com/davidminor/uint128 => ../uint128`` with a
  checkout there holding a one-line go.mod of its own -- how it was built for the results.
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
import sysconfig
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
    return [str(script)] if script.exists() else [sys.executable, "-m", "gridsolve.cli.entry"]


def wall(argv: list[str], cache: str, cwd: Path = ROOT) -> tuple[float, float, int]:
    """Wall and CPU seconds (user + system) of one run of ``argv`` (output discarded) in ``cwd``
    with ``cache`` as numba's cache, and its exit code."""
    env = {**os.environ, "NUMBA_CACHE_DIR": cache}
    # what a user runs: Python's bytecode cache on (an environment that turns it off makes every
    # run compile gridsolve's sources again, which is no cost of gridsolve's)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    t0 = time.perf_counter()
    p = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, cwd=cwd)
    _, status, usage = os.wait4(p.pid, 0)
    seconds = time.perf_counter() - t0
    return seconds, usage.ru_utime + usage.ru_stime, os.waitstatus_to_exitcode(status)


def fresh_venv(where: Path) -> tuple[list[str] | None, str]:
    """A new venv at ``where`` with a plain install of this checkout (``pip install --no-deps``:
    gridsolve byte-compiled by pip, no numba cache), its dependencies this environment's through a
    ``.pth`` file: (the argv of its ``gridsolve``, what it is), or (None, why not)."""
    import venv

    venv.EnvBuilder(with_pip=False).create(where)
    python = where / "bin" / "python"
    site = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                          capture_output=True, text=True, check=True).stdout.strip()
    Path(site, "gridsolve-deps.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    p = subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "--quiet",
                        "--no-deps", str(ROOT)], capture_output=True, text=True)
    if p.returncode:
        return None, f"the plain install into a new venv failed: {p.stderr.strip()[-300:]}"
    return [str(where / "bin" / "gridsolve")], "a plain install into a new venv"


class PeerSkipped(RuntimeError):
    """A peer that cannot be built or run here (the reason is the message)."""


def _build(argv: list[str], what: str, cwd: Path | None = None) -> None:
    p = subprocess.run(argv, capture_output=True, text=True, cwd=cwd)
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
        # in the source's folder (``go -C`` needs Go 1.20; Debian 12 has 1.19), by its go.mod
        _build([go, "build", "-o", str(out), path.name if path.is_file() else "."], name,
               cwd=path.parent if path.is_file() else path)
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
    ap.add_argument("--runs", type=int, default=5, help="warm runs per command (the median is kept); "
                    "also the cold runs of a first-use target")
    ap.add_argument("--no-fresh-venv", action="store_true",
                    help="run the first-use targets from this environment, not a new plain install")
    for name, default in (("loopy", None), ("ggcount", "{size}"), ("e2go", "{file}"), ("lavavej", "")):
        ap.add_argument(f"--{name}", metavar="PATH", help=f"the {name} peer: its program or source")
        if name != "loopy":
            ap.add_argument(f"--{name}-args", default=default, help=f"its arguments (default {default!r})")
    args = ap.parse_args(argv)
    base = gridsolve_argv()
    load_before = os.getloadavg()
    peers, skipped = peer_cases(args)
    with tempfile.TemporaryDirectory(prefix="gridsolve-venv-") as where:
        first_use, installed = base, "this environment"
        if not args.no_fresh_venv:
            print("  installing this checkout into a new venv for the first-use targets ...", flush=True)
            fresh, installed = fresh_venv(Path(where))
            if fresh is None:
                skipped.append(f"first uses run from this environment: {installed}")
                first_use, installed = base, "this environment"
            else:
                first_use = fresh
        rows = measure(args, base, first_use, peers)
    for line in skipped:
        print("  " + line)
    report = render(rows, skipped, args, argv, load_before, os.getloadavg(), installed)
    publish(NAME, report, rows)
    return 0


def settle(cache: str, limit: float = 120.0) -> None:
    """Wait for the builds a cold run left running in the background (the edge-matching scan
    compiled ahead of time, ``native_rules.ahead``: a ``*.building`` lock in the cache while one
    is under way), so that the warm runs find the cache as the next use after them would."""
    from gridsolve.native_rules.ahead import LOCK_SUFFIX

    until = time.monotonic() + limit
    while any(Path(cache).rglob("*" + LOCK_SUFFIX)) and time.monotonic() < until:
        time.sleep(0.1)


def measure(args, base: list[str], first_use: list[str], peers) -> list[dict]:
    """A row per command: cold (the first run on a new numba cache; the median of ``args.runs``
    such runs, each on a new cache, from ``first_use``'s install for a first-use target) and warm
    (the median of ``args.runs`` runs on the cache the cold run filled)."""
    runs: list[tuple[str, str, list[str] | None, float | None, float | None]] = [
        *cases(), *[(f"peer: {what}", kind, cmd, None, None) for what, kind, cmd in peers]]
    rows = []
    # peers run in a folder of their own: Lavavej's program writes an HTML page per puzzle there
    scratch = Path(tempfile.mkdtemp(prefix="gridsolve-peer-cwd-"))
    for what, kind, gs, warm_target, cold_target in runs:
        cwd = scratch if what.startswith("peer: ") else ROOT
        if gs is None:
            cmd = cold_cmd = [sys.executable, "-c", "pass"]
        elif what.startswith("peer: "):
            cmd = cold_cmd = gs
        else:
            cmd, cold_cmd = base + gs, (first_use if cold_target else base) + gs
        colds = []
        for _ in range(args.runs if cold_target else 0):
            with tempfile.TemporaryDirectory(prefix="numba-cache-") as cache:
                colds.append(wall(cold_cmd, cache, cwd))
        with tempfile.TemporaryDirectory(prefix="numba-cache-") as cache:
            filled = wall(cmd, cache, cwd)  # the cache filled by a cold run (of this install)
            settle(cache)
            if not cold_target:
                colds = [filled]
            warm = [wall(cmd, cache, cwd) for _ in range(args.runs)]
        code = colds[0][2]
        row = {"command": what, "kind": kind, "cold_runs": len(colds),
               "cold_s": round(statistics.median(c[0] for c in colds), 3),
               "cold_cpu_s": round(statistics.median(c[1] for c in colds), 3),
               "warm_median_s": round(statistics.median(w[0] for w in warm), 3),
               "warm_min_s": round(min(w[0] for w in warm), 3),
               "warm_cpu_s": round(statistics.median(w[1] for w in warm), 3),
               "warm_target_s": warm_target or "", "cold_target_s": cold_target or "", "exit": code}
        rows.append(row)
        print(f"  {what:38s} {kind:13s} cold {row['cold_s']:7.2f} s (CPU {row['cold_cpu_s']:.2f})  "
              f"warm median {row['warm_median_s']:6.3f} s (CPU {row['warm_cpu_s']:.3f}) (exit {code})",
              flush=True)
    shutil.rmtree(scratch, ignore_errors=True)
    return rows


def render(rows: list[dict], skipped: list[str], args, argv: list[str], load_before, load_after,
           installed: str) -> str:
    table = [[r["command"], r["kind"], f"{r['cold_s']:.2f}", f"{r['cold_cpu_s']:.2f}", r["cold_runs"],
              f"{r['warm_median_s']:.3f}", f"{r['warm_min_s']:.3f}", f"{r['warm_cpu_s']:.3f}", verdict(r),
              r["exit"]] for r in rows]
    return "".join([
        "# Command-line latency: gridsolve as a process\n\n", stamp(command("cli-latency", argv)),
        f"Load average (1, 5, 15 min) before: {', '.join(f'{x:.2f}' for x in load_before)}; after: "
        f"{', '.join(f'{x:.2f}' for x in load_after)} on {os.cpu_count()} cores.\n\n",
        f"Whole process, wall clock and CPU (user + system). cold = a run with an empty numba cache "
        f"(`NUMBA_CACHE_DIR` a new folder: the first use after `pip install`), the median of the "
        f"cold runs counted (each on a new cache; the first-use targets from {installed}); warm = "
        f"the next {args.runs} runs with a filled cache (median, min). Targets (a quiet machine): "
        f"`--help` <= {HELP_TARGET} s and each kind's small case <= {SMALL_TARGET} s warm; the first "
        f"`count hamiltonian --size 13` <= {FIRST_COUNT_TARGET:g} s cold; the first `rules+sat` solve "
        f"and the first `walk` <= {FIRST_USE_TARGET:g} s cold. Peers run as given (their cold = warm: "
        f"no numba cache).\n\n",
        markdown_table(["command", "kind", "cold s", "cold CPU s", "cold runs", "warm median s",
                        "warm min s", "warm CPU s", "target", "exit"], table),
        "".join(f"\n- {line}" for line in skipped) + ("\n" if skipped else ""),
    ])


def verdict(row: dict) -> str:
    """Whether the row meets its target (warm for the small solves, cold for the first uses)."""
    for when, seconds, target in (("warm", row["warm_median_s"], row["warm_target_s"]),
                                  ("cold", row["cold_s"], row["cold_target_s"])):
        if target:
            return f"{when} <= {target:g} s: {'met' if seconds <= target else 'missed'}"
    return ""
