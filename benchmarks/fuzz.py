"""Hostile input through every reader and the command line, as a user might give it.

    python -m benchmarks fuzz [--inputs 20000] [--seed 1] [--timeout 2]

The corpus (``fuzz_inputs``) is built from the shipped samples (``puzzles/samples``): each sample
in every format its kind writes and reads back (canonical text, puzz.link URL, Loopy ID, pzprv3,
the essay's matrices, the seed's layout, ...), the test fixtures as they are, JSON Lines, puzzlekit
JSON, URL lists, and solutions for ``check``. Each input
is a seed with one to three mutations (byte flips, truncation, duplicated / dropped / blank lines,
huge, negative, NaN and fullwidth numbers, unicode and control characters, binary, wrong headers,
broken URLs and JSON), run in-process through ``gridsolve`` (``cli.main.run``: solve, count,
check, render, from a file, the command line or stdin) or the batch reader
(``harness.batch.load``). The properties, for every input:

* the exit code is 0, 1 or 2, never an internal error (3) or a traceback;
* a refusal (exit 2) says why, and a broken item is one error line: at most one for a one-item
  input (plus one per line a mutation added: a line may be an item of its own), at most one per
  line for JSON Lines and lists;
* nothing that is not printable reaches stdout or stderr;
* no input takes longer than the hang limit.

Solving is the deadline suite's business, not this one's: a puzzle over ``SOLVE_CELLS`` cells is
rendered instead of solved. Writes ``benchmarks/results/fuzz.md`` (+ csv: inputs per format group
and outcome); exits 1 on any violation, listing the first ones with their reproducer.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import random
import signal
import sys
import tempfile
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path

from .common import command, markdown_table, publish, stamp
from .fuzz_inputs import LINE_ADDING, SOLVE_CELLS, Seed, mutate, seeds_cached

NAME = "fuzz"
HANG_SECONDS = 60.0
ERROR = "gridsolve: error: "


@dataclass
class Case:
    """A mutated seed run as ``argv`` (``{in}`` stands for the input file, ``{sol}`` for the
    solution file) with ``stdin``; ``multi`` = several items, one error line each allowed."""

    seed: Seed
    data: bytes
    mutations: list[str]
    argv: list[str]
    stdin: bytes = b""
    multi: bool = False
    solution: bytes | None = None


@dataclass
class Outcome:
    code: int
    stdout: str
    stderr: str
    seconds: float
    violations: list[str] = field(default_factory=list)


# ------------------------------------------------------------------ cases and properties


def make_case(seed: Seed, rng: random.Random, timeout: float) -> Case:
    """A mutated seed and a command to run it with."""
    data, names = mutate(seed.text, rng)
    kind = ["--kind", seed.kind] if seed.kind else []
    limits = ["--timeout", str(timeout)]
    multi = seed.group in ("jsonl", "url-list", "puzzlekit")
    if seed.solution is not None:
        if rng.random() < 0.5:
            sol, sol_names = mutate(seed.solution, rng)
            return Case(seed, seed.text.encode(), ["solution:" + n for n in sol_names],
                        ["check", "{in}", "{sol}"], solution=sol)
        return Case(seed, data, names, ["check", "{in}", "{sol}"], solution=seed.solution.encode())
    if seed.group == "jsonl" and rng.random() < 0.5:
        return Case(seed, data, names, ["<batch-load>", "{in}"], multi=True)
    cmd = rng.choice([["solve", *limits], ["count", *limits, "--limit", "2"],
                      ["render", "--format", "canonical"]])
    if seed.inline and b"\x00" not in data:
        arg = data.decode("utf-8", "surrogateescape")
        return Case(seed, data, names, [cmd[0], arg, *cmd[1:], *kind])
    if rng.random() < 0.2 and cmd[0] != "render":
        return Case(seed, data, names, [cmd[0], "-", *cmd[1:], *kind], stdin=data, multi=multi)
    return Case(seed, data, names, [cmd[0], "{in}", *cmd[1:], *kind], multi=multi)


def _too_big(argv: list[str], kind: str | None) -> bool:
    """Would the command solve a puzzle over SOLVE_CELLS cells? (Read errors: no, run it.)"""
    from gridsolve.puzzles.formats import read

    try:
        return any(e.ok and e.puzzle.rows * e.puzzle.cols > SOLVE_CELLS for e in read(argv[1], kind))
    except Exception:  # noqa: BLE001 - the run itself shows what reading does
        return False


def _exists(arg: str) -> bool:
    try:
        return Path(arg).exists()
    except (OSError, ValueError):
        return False


class Hang(BaseException):
    pass


def _alarm(signum, frame):
    raise Hang


def run_cli(argv: list[str], stdin: bytes = b"", hang: float = HANG_SECONDS) -> Outcome:
    """``gridsolve ARGV`` in this process (``cli.main.run``) with ``stdin``: its exit code and
    output. A run past ``hang`` seconds is stopped and reported as exit -1."""
    from gridsolve.cli.main import run

    out, err = io.TextIOWrapper(io.BytesIO(), "utf-8"), io.TextIOWrapper(io.BytesIO(), "utf-8")
    old_in = sys.stdin
    sys.stdin = io.TextIOWrapper(io.BytesIO(stdin), "utf-8")
    t0 = time.perf_counter()
    old = signal.signal(signal.SIGALRM, _alarm)
    signal.setitimer(signal.ITIMER_REAL, hang)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                code = run(argv)
            except Hang:
                code = -1
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)
        sys.stdin = old_in
    seconds = time.perf_counter() - t0
    texts = []
    for f in (out, err):
        f.flush()
        texts.append(f.buffer.getvalue().decode("utf-8", "replace"))
    return Outcome(code, texts[0], texts[1], seconds)


def batch_load(path: str) -> Outcome:
    """The batch's reader (``harness.batch.load``) on a file: exit 0 with one error line per
    malformed item, 2 with one line when the file as a whole is refused, -2 if it raised anything
    else (a reader bug)."""
    from gridsolve.harness.batch import load
    from gridsolve.puzzles.formats import FormatError

    t0 = time.perf_counter()
    try:
        entries = load([path])
    except FormatError as exc:
        return Outcome(2, "", ERROR + str(exc) + "\n", time.perf_counter() - t0)
    except Exception as exc:  # noqa: BLE001 - this is what the fuzz looks for
        return Outcome(-2, "", f"{ERROR}internal error: {type(exc).__name__}: {exc}\n",
                       time.perf_counter() - t0)
    err = "".join(f"{ERROR}{e.error}\n" for e in entries if not e.ok)
    return Outcome(0, "", err, time.perf_counter() - t0)


def check(case: Case, o: Outcome) -> list[str]:
    """The properties a run must have (empty = all hold)."""
    bad = []
    if o.code == -1:
        bad.append("hang")
    elif o.code not in (0, 1, 2):
        bad.append(f"exit {o.code}")
    if "Traceback" in o.stderr or "Traceback" in o.stdout:
        bad.append("traceback")
    if "internal error" in o.stderr:
        bad.append("internal error")
    errors = [ln for ln in o.stderr.splitlines() if ln.startswith(ERROR)]
    if o.code == 2 and not errors:
        bad.append("refused without an error line")
    added = sum(m.endswith(LINE_ADDING) for m in case.mutations)  # each may be an item of its own
    several = case.multi or _json_lines(case.data)  # JSON Lines: every line is an item
    allowed = len(case.data.splitlines()) + 1 if several else case.seed.items + added
    if len(errors) > allowed:
        bad.append(f"{len(errors)} error lines for {allowed} item(s)")
    if not all(ln.isprintable() for ln in (o.stdout + o.stderr).splitlines()):
        bad.append("unprintable output")
    return bad


def _json_lines(data: bytes) -> bool:
    """Did the mutations make the input JSON Lines (read one record a line, each its own item)?"""
    from gridsolve.puzzles.formats.jsonl import is_json_lines

    return is_json_lines(data.decode("utf-8", "replace"))


def run_case(case: Case, tmp: Path, hang: float = HANG_SECONDS) -> Outcome:
    """Write the case's files into ``tmp`` and run it; ``violations`` filled in."""
    src, sol = tmp / "input.txt", tmp / "solution.txt"
    src.write_bytes(case.data)
    if case.solution is not None:
        sol.write_bytes(case.solution)
    argv = [str(src) if a == "{in}" else str(sol) if a == "{sol}" else a for a in case.argv]
    if argv[0] == "<batch-load>":
        o = batch_load(argv[1])
    else:
        if argv[0] in ("solve", "count") and argv[1] != "-" and _too_big(argv, case.seed.kind):
            kind = ["--kind", case.seed.kind] if case.seed.kind else []
            argv = ["render", argv[1], "--format", "canonical", *kind]
        empty = tmp / "cwd"  # a mutated URL may have become a path (".", ".."): a folder, read whole
        empty.mkdir(exist_ok=True)
        with contextlib.chdir(empty):
            case.multi = case.multi or (case.seed.inline and _exists(argv[1]))
            o = run_cli(argv, case.stdin, hang)
    o.violations = check(case, o)
    return o


def reproducer(case: Case) -> str:
    """A one-line description of a case: command, mutations and the input (shortened)."""
    data = case.data.decode("utf-8", "backslashreplace")
    shown = data if len(data) <= 300 else data[:300] + "..."
    return f"{' '.join(case.argv)} [{case.seed.group}; {', '.join(case.mutations)}] input={shown!r}"


def fuzz(n: int, seed: int, timeout: float, hang: float = HANG_SECONDS, progress: bool = False):
    """Run ``n`` cases from ``seed``: (outcome counts per group, violating (case, outcome) pairs)."""
    rng = random.Random(seed)
    groups = defaultdict(list)
    for s in seeds_cached():
        groups[s.group].append(s)
    names = sorted(groups)
    counts: dict[str, Counter] = defaultdict(Counter)
    found = []
    t0 = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="gridsolve-fuzz-") as tmp:
        for i in range(n):
            s = rng.choice(groups[rng.choice(names)])  # every group as often
            case = make_case(s, random.Random(rng.getrandbits(64)), timeout)
            o = run_case(case, Path(tmp), hang)
            counts[s.group][f"exit {o.code}"] += 1
            for v in o.violations:
                counts[s.group][v] += 1
            if o.violations:
                found.append((case, o))
            if progress and (i + 1) % 500 == 0:
                print(f"fuzz: {i + 1}/{n}, {len(found)} violation(s), {time.perf_counter() - t0:.0f} s",
                      file=sys.stderr, flush=True)
    return counts, found


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(prog="python -m benchmarks fuzz", description=__doc__.split("\n")[0])
    ap.add_argument("--inputs", type=int, default=20000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--timeout", type=float, default=2.0, help="--timeout of each solve / count")
    args = ap.parse_args(argv)
    t0, load0 = time.perf_counter(), os.getloadavg()[0]
    counts, found = fuzz(args.inputs, args.seed, args.timeout, progress=True)
    minutes, load1 = (time.perf_counter() - t0) / 60, os.getloadavg()[0]
    outcomes = sorted({k for c in counts.values() for k in c})
    rows = [{"group": g, "inputs": sum(v for k, v in c.items() if k.startswith("exit")),
             **{k: c.get(k, 0) for k in outcomes}} for g, c in sorted(counts.items())]
    total = Counter()
    for c in counts.values():
        total.update(c)
    rows.append({"group": "all", "inputs": args.inputs, **{k: total.get(k, 0) for k in outcomes}})
    lines = [f"# Fuzz: {args.inputs} mutated inputs, seed {args.seed}", "",
             stamp(command(NAME, argv)),
             f"{minutes:.1f} min in one process (load average {load0:.1f} before, {load1:.1f} after).", "",
             "Outcomes per format group (exit codes; any other column is a violation):", "",
             markdown_table(["group", "inputs", *outcomes], [[r[k] for k in ("group", "inputs", *outcomes)]
                                                            for r in rows]),
             f"Violations: {len(found)}.", ""]
    for case, o in found[:30]:
        lines.append(f"- {', '.join(o.violations)}: `{reproducer(case)}` -> exit {o.code}, "
                     f"stderr {o.stderr.strip()[:300]!r}")
    publish(NAME, "\n".join(lines) + "\n", rows)
    return 1 if found else 0
