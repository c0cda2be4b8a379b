"""Slitherlink against its peer, Simon Tatham's Loopy: gridsolve backends and Loopy's logic
solver race on the janko corpus, the CSP-Rules set and puzzles from Loopy's own generator at each
of its difficulty tiers (Easy, Normal, Tricky, Hard).

    python -m benchmarks slitherlink-peers --puzzles-src DIR | --loopy-solver PATH
        [--backends deduce,rules+sat,sat] [--limit N] [--rounds 2] [--timeout 60]
        [--process-limit 10] [--generated 20] [--loopy-size 10x10] [--build-dir DIR]

Per puzzle, one solver after the other (so the ratios come from the same conditions):

* in-process: each gridsolve backend from the game ID: its parse (``from_id``) then
  ``harness.run`` (build + solve + uniqueness proof, ``Limit(solutions=2)``; every solution
  checked by the independent checker, untimed, and compared with the given one), against Loopy
  through our driver ``benchmarks/peers/loopy_timer.c`` (one process for the whole corpus; a
  solve is what ``loopysolver -g`` does after validating the ID: build the game from its
  description -- the grid, the clues decoded -- and run the tiers Easy..Hard in turn until one
  completes). Median of ``--rounds``.
* whole-process, on ``--process-limit`` puzzles of each corpus: one ``gridsolve solve -b B -n 2
  ID`` process against one ``loopysolver ID`` process, wall clock, median of ``--rounds``.

The per-puzzle ratio gridsolve / Loopy is taken over the puzzles Loopy solves fully (its logic
gives up on the others: harder than Hard, or not unique). Backends that are not registered are
skipped with a note. Without the peer (neither option, nor ``$GRIDSOLVE_PUZZLES_SRC`` /
``$GRIDSOLVE_LOOPY_SOLVER``) the benchmark says how to get it and exits 0. Writes
``benchmarks/results/slitherlink_peers.md`` (+ csv, one row per puzzle and solver).
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import statistics
import subprocess
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from gridsolve.harness import registry
from gridsolve.harness.run import run
from gridsolve.puzzles.formats import FormatError, read, write
from gridsolve.puzzles.formats.slitherlink import from_id
from gridsolve.puzzles.solving import Limit, Status

from .cli_latency import gridsolve_argv
from .common import command, data, markdown_table, publish, stamp
from .peers import loopy

NAME = "slitherlink_peers"
LOOPY = "loopy"
DEFAULT_BACKENDS = "deduce,rules+sat,sat"
SOLVED = "solved"
SEED = "gridsolve-peers"


@dataclass(frozen=True)
class Item:
    corpus: str
    id: str
    puzzle: object
    given: object  # the given solution, or None
    game_id: str  # the puzzle as a Loopy game ID


def spread(items: list[Item], n: int) -> list[Item]:
    """``n`` items evenly spaced over ``items`` ordered by size (all of them for n <= 0)."""
    items = sorted(items, key=lambda it: (it.puzzle.rows * it.puzzle.cols, it.id))
    if n <= 0 or n >= len(items):
        return items
    return [items[round(k * (len(items) - 1) / max(n - 1, 1))] for k in range(n)]


def as_items(corpus: str, entries) -> tuple[list[Item], list[str]]:
    """Corpus entries with a Loopy game ID each; the ones Loopy cannot hold (``?`` clues,
    unreadable) are named in the second list. An id two files share gets its folder's name in
    front (the CSP-Rules set has the same puzzle names under N10x10/ and H10x10/)."""
    items, skipped = [], []
    seen = Counter(e.id for e in entries)
    for e in entries:
        ident = e.id if seen[e.id] == 1 else f"{Path(e.source).parent.name}/{e.id}"
        if not e.ok:
            skipped.append(f"{ident} ({e.error})")
            continue
        try:
            items.append(Item(corpus, ident, e.puzzle, e.solution, write("loopy", e.puzzle)))
        except FormatError as exc:
            skipped.append(f"{ident} ({exc})")
    return items, skipped


def generated(timer: Path, size: str, count: int) -> tuple[dict[str, list[Item]], dict[str, list[float]]]:
    """``count`` puzzles from Loopy's generator per tier (seeded): items per corpus
    ``loopy-TIER``, and the generator's in-process seconds per tier."""
    cols, rows = (int(x) for x in size.lower().split("x"))
    items, seconds = {}, {}
    for tier in loopy.TIERS:
        made = loopy.generate(timer, loopy.params(rows, cols, tier), count, f"{SEED}-{tier}")
        corpus = f"loopy-{tier.lower()}"
        items[corpus] = [Item(corpus, f"{tier}-{i}", from_id(gid), None, gid)
                         for i, (gid, _) in enumerate(made)]
        seconds[corpus] = [s for _, s in made]
    return items, seconds


def gridsolve_verdict(result, given) -> str:
    """``solved`` when the backend found a checked solution (equal to the given one, if any) and
    no second one; else what went wrong."""
    if result.status == Status.ERROR:
        return "error"
    if result.count >= 2:
        return "not unique"
    if result.count == 0:
        return str(result.status)
    if given is not None and result.solutions[0] != given:
        return "differs from given"
    return SOLVED


def race_in_process(item: Item, backends, timer: loopy.Timer | None, rounds: int,
                    timeout: float) -> list[dict]:
    """One row per solver for ``item``: verdict and the median in-process seconds of ``rounds``."""
    rows = []
    for b in backends:
        results = [solve_id(b, item.game_id, timeout) for _ in range(rounds)]
        r = results[-1]
        rows.append(_row(item, b.name, gridsolve_verdict(r, item.given), "",
                         statistics.median(x.seconds for x in results), r.unique, r.error or r.note))
    if timer is not None:
        s = timer.solve(item.game_id)
        rows.append(_row(item, LOOPY, s.verdict, s.tier, statistics.median(s.seconds) if s.seconds else None,
                         True if s.verdict == loopy.SOLVED else None, ""))
    return rows


def solve_id(backend, game_id: str, timeout: float):
    """``harness.run`` on the puzzle of a Loopy game ID, its ``seconds`` counting the parse too
    (Loopy's in-process time decodes the description as well)."""
    t0 = time.perf_counter()
    puzzle = from_id(game_id)
    parsed = time.perf_counter() - t0
    r = run(backend, puzzle, Limit(seconds=timeout, solutions=2))
    return dataclasses.replace(r, seconds=r.seconds + parsed)


def _row(item: Item, solver: str, verdict: str, tier: str, seconds, unique, note: str) -> dict:
    return {"corpus": item.corpus, "id": item.id, "size": item.puzzle.size, "solver": solver,
            "verdict": verdict, "loopy_tier": tier, "unique": unique,
            "seconds": None if seconds is None else round(seconds, 7), "process_seconds": None,
            "process_verdict": "", "note": note}


def race_whole_process(item: Item, rows: list[dict], backends, solver: Path | None, rounds: int,
                       timeout: float) -> None:
    """Fill ``process_seconds`` of ``item``'s ``rows``: the median wall clock of ``rounds`` whole
    processes per solver. Without the driver, Loopy's row is added here, its verdict the
    process's."""
    mine = {r["solver"]: r for r in rows}
    for b in backends:
        runs = [gridsolve_process(b.name, item.game_id, timeout) for _ in range(rounds)]
        mine[b.name]["process_seconds"] = round(statistics.median(s for s, _ in runs), 5)
        mine[b.name]["process_verdict"] = runs[-1][1]
    if solver is None:
        return
    runs = [loopy.whole_process(solver, item.game_id) for _ in range(rounds)]
    if LOOPY not in mine:
        verdict = runs[-1][1]
        rows.append(_row(item, LOOPY, verdict, "", None, True if verdict == loopy.SOLVED else None, ""))
        mine[LOOPY] = rows[-1]
    mine[LOOPY]["process_seconds"] = round(statistics.median(s for s, _ in runs), 5)
    mine[LOOPY]["process_verdict"] = runs[-1][1]


def gridsolve_process(backend: str, game_id: str, timeout: float) -> tuple[float, str]:
    """Wall-clock seconds of one ``gridsolve solve -b BACKEND -n 2 GAME_ID`` process and its exit
    status (``exit N``; ``killed`` when it outlived its time limit by two minutes)."""
    argv = gridsolve_argv() + ["solve", "-q", "-b", backend, "-n", "2", "-t", f"{timeout:g}", game_id]
    t0 = time.perf_counter()
    try:
        p = subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=timeout + 120)
    except subprocess.TimeoutExpired:
        return time.perf_counter() - t0, "killed"
    return time.perf_counter() - t0, f"exit {p.returncode}"


# ---------------------------------------------------------------- the report


def _median_max(values: list[float]) -> tuple[str, str]:
    if not values:
        return "", ""
    return f"{statistics.median(values):.4f}", f"{max(values):.4f}"


def _ratio(pairs: list[tuple[float, float]]) -> str:
    """Median and range of the per-puzzle ratios a / b, with how many puzzles."""
    ratios = sorted(a / b for a, b in pairs if a is not None and b)
    if not ratios:
        return ""
    return f"{statistics.median(ratios):.2f} [{ratios[0]:.2f}-{ratios[-1]:.2f}] ({len(ratios)})"


def corpus_table(rows: list[dict], solvers: list[str]) -> list[list]:
    """The table of one corpus: per solver, puzzles, solved, unique proved, in-process and
    whole-process median / max seconds, the per-puzzle ratios to Loopy on the puzzles Loopy solves
    (median [min-max] (n)), and how many of the puzzles Loopy gives up on it solves."""
    by = {(r["solver"], r["id"]): r for r in rows}
    ids = sorted({r["id"] for r in rows})
    loopy_solved = [i for i in ids if by.get((LOOPY, i), {}).get("verdict") == SOLVED]
    loopy_gave_up = [i for i in ids if (LOOPY, i) in by and by[LOOPY, i]["verdict"] != SOLVED]
    table = []
    for s in solvers:
        mine = [by[s, i] for i in ids if (s, i) in by]
        if not mine:
            continue
        solved = [r for r in mine if r["verdict"] == SOLVED]
        inproc = _median_max([r["seconds"] for r in solved if r["seconds"] is not None])
        whole = _median_max([r["process_seconds"] for r in mine if r["process_seconds"] is not None])
        if s == LOOPY:
            ratio_in = ratio_whole = rescued = ""
        else:
            both = [i for i in loopy_solved if by.get((s, i), {}).get("verdict") == SOLVED]
            ratio_in = _ratio([(by[s, i]["seconds"], by[LOOPY, i]["seconds"]) for i in both])
            ratio_whole = _ratio([(by[s, i]["process_seconds"], by[LOOPY, i]["process_seconds"])
                                  for i in both])
            rescued = sum(by.get((s, i), {}).get("verdict") == SOLVED for i in loopy_gave_up)
            rescued = f"{rescued}/{len(loopy_gave_up)}"
        table.append([s, len(mine), len(solved), sum(r["unique"] is True for r in mine), *inproc, *whole,
                      ratio_in, ratio_whole, rescued])
    return table


TABLE_HEADER = ["solver", "puzzles", "solved", "unique proved", "in-process median s", "in-process max s",
                "whole-process median s", "whole-process max s",
                "in-process ratio to Loopy: median [range] (n)", "whole-process ratio to Loopy",
                "solved of Loopy's give-ups"]


def same_puzzles(rows: list[dict], solvers: list[str]) -> str:
    """Each solver's in-process median over the puzzles Loopy solves that it solves too."""
    by = {(r["solver"], r["id"]): r for r in rows}
    done = [r["id"] for r in rows if r["solver"] == LOOPY and r["verdict"] == SOLVED and r["seconds"]]
    parts = []
    for s in solvers:
        secs = [by[s, i]["seconds"] for i in done if by.get((s, i), {}).get("verdict") == SOLVED]
        if secs:
            parts.append(f"{s} {statistics.median(secs):.5f} s ({len(secs)})")
    if not parts:
        return ""
    return f"\nIn-process median on the {len(done)} puzzles Loopy solves (those each solver solves): " \
        + ", ".join(parts) + ".\n"


def tier_counts(rows: list[dict]) -> str:
    """How Loopy grades a corpus: puzzles per weakest completing tier, and its give-ups."""
    mine = [r for r in rows if r["solver"] == LOOPY]
    parts = [f"{t} {sum(r['loopy_tier'] == t for r in mine)}" for t in loopy.TIERS]
    parts.append(f"gave up {sum(r['verdict'] != SOLVED for r in mine)}")
    return ", ".join(parts)


def disagreements(rows: list[dict], complete: set[str]) -> list[str]:
    """Puzzles where the solvers contradict each other or the given solution: a gridsolve
    solution differing from the given one, or Loopy solving a puzzle a complete backend finds
    not unique / unsolvable, or a complete backend returning an error."""
    out = []
    loopy_solved = {(r["corpus"], r["id"]) for r in rows if r["solver"] == LOOPY and r["verdict"] == SOLVED}
    for r in rows:
        key = (r["corpus"], r["id"])
        if r["verdict"] in ("differs from given", "error") or (
            r["solver"] in complete and key in loopy_solved and r["verdict"] in ("not unique", "unsat")
        ):
            out.append(f"{r['corpus']} {r['id']} {r['solver']}: {r['verdict']} {r['note']}".strip())
    return out


def render(rows: list[dict], solvers: list[str], notes: list[str], generation: dict[str, list[float]],
           args, argv: list[str]) -> str:
    out = ["# Slitherlink against Tatham's Loopy\n\n", stamp(command("slitherlink-peers", argv)),
           f"Load average (1, 5, 15 min) at the end: {', '.join(f'{x:.2f}' for x in os.getloadavg())} on "
           f"{os.cpu_count()} cores.\n\n",
           "in-process = inside the solver's own process: gridsolve's parse of the game ID + `harness.run` "
           "(build + solve + uniqueness proof) against our driver around Loopy's solver (build the game "
           "from the ID's description, tiers Easy..Hard until one completes); "
           f"median of {args.rounds} rounds, over the puzzles the solver solved. "
           "whole-process = wall clock of one `gridsolve solve -b B -n 2 ID` against one `loopysolver ID`, "
           f"on {args.process_limit} puzzles per corpus. Ratios are per puzzle, gridsolve / Loopy, over the "
           f"puzzles both solve; time limit {args.timeout:g} s per gridsolve solve.\n"]
    out += [f"\n{n}\n" for n in notes]
    for corpus in dict.fromkeys(r["corpus"] for r in rows):
        mine = [r for r in rows if r["corpus"] == corpus]
        out.append(f"\n## {corpus}\n\n{len({r['id'] for r in mine})} puzzles. Loopy's grades: "
                   f"{tier_counts(mine)}.")
        if corpus in generation:
            g = generation[corpus]
            out.append(f" Loopy generated them in {statistics.median(g):.4f} s at the median (max "
                       f"{max(g):.4f} s, in-process).")
        out.append("\n\n" + markdown_table(TABLE_HEADER, corpus_table(mine, solvers)))
        out.append(same_puzzles(mine, solvers))
        gave_up = sorted({r["id"] for r in mine if r["solver"] == LOOPY and r["verdict"] != SOLVED})
        if gave_up:
            by = {(r["solver"], r["id"]): r["verdict"] for r in mine}
            shown = [f"{i} ({', '.join(s for s in solvers if by.get((s, i)) == SOLVED) or 'none'})"
                     for i in gave_up[:20]]
            more = f", ... {len(gave_up) - 20} more" if len(gave_up) > 20 else ""
            out.append(f"\nLoopy gave up on (solved by): {', '.join(shown)}{more}.\n")
    return "".join(out)


# ---------------------------------------------------------------- the run


def peer_tools(args) -> tuple[loopy.Tools | None, str]:
    """The Loopy programs the options give (building them from --puzzles-src), or None and why."""
    tools = loopy.Tools(solver=Path(args.loopy_solver) if args.loopy_solver else None, timer=None)
    if tools.solver is not None and not tools.solver.exists():
        return None, f"--loopy-solver {tools.solver}: no such file"
    if args.puzzles_src:
        built = loopy.build(Path(args.puzzles_src), Path(args.build_dir))
        tools = loopy.Tools(solver=tools.solver or built.solver, timer=built.timer)
    if tools.solver is None and tools.timer is None:
        return None, "no peer given: pass --puzzles-src DIR or --loopy-solver PATH"
    return tools, ""


def choose_backends(names: str) -> tuple[list, list[str]]:
    """The registered backends among ``names``, and a note for each one that is not."""
    found, notes = [], []
    for name in (n.strip() for n in names.split(",") if n.strip()):
        try:
            found.append(registry.get("slitherlink", name))
        except registry.UnknownBackend:
            notes.append(f"Backend `{name}` is not registered here: skipped.")
    return found, notes


def main(argv: list[str]) -> int:
    from gridsolve.native_rules.kernels import compile_at_once

    compile_at_once()  # in-process times are the compiled code's, never a first interpreted use
    ap = argparse.ArgumentParser(prog="python -m benchmarks slitherlink-peers", description=__doc__,
                                 epilog=loopy.HOW_TO_BUILD,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--loopy-solver", default=os.environ.get("GRIDSOLVE_LOOPY_SOLVER"),
                    help="the built standalone loopysolver (default $GRIDSOLVE_LOOPY_SOLVER)")
    ap.add_argument("--puzzles-src", default=os.environ.get("GRIDSOLVE_PUZZLES_SRC"),
                    help="the puzzles source: builds loopysolver and our driver "
                         "(default $GRIDSOLVE_PUZZLES_SRC)")
    ap.add_argument("--build-dir", default=str(loopy.default_build_dir()), help="where the builds are cached")
    ap.add_argument("--backends", default=DEFAULT_BACKENDS)
    ap.add_argument("--corpora", default="janko,csp-rules,loopy", help="janko, csp-rules, loopy (generated)")
    ap.add_argument("--limit", type=int, default=0,
                    help="N puzzles per corpus, spread over the sizes (0 = all)")
    ap.add_argument("--generated", type=int, default=20, help="Loopy-generated puzzles per tier")
    ap.add_argument("--loopy-size", default="10x10", help="WxH of the generated puzzles")
    ap.add_argument("--rounds", type=int, default=2, help="timed rounds per puzzle (the median is kept)")
    ap.add_argument("--timeout", type=float, default=60.0, help="seconds per gridsolve solve")
    ap.add_argument("--process-limit", type=int, default=10,
                    help="puzzles per corpus timed as whole processes")
    args = ap.parse_args(argv)

    try:
        tools, why = peer_tools(args)
    except loopy.PeerError as exc:
        tools, why = None, str(exc)
    if tools is None:
        print(f"slitherlink-peers skipped: {why}.\n\n{loopy.HOW_TO_BUILD}")
        return 0
    backends, notes = choose_backends(args.backends)
    corpora, generation = load_corpora(args, tools, notes)
    rows = race(corpora, backends, tools, args, notes)
    solvers = [b.name for b in backends] + [LOOPY]
    complete = {b.name for b in backends if b.complete}
    bad = disagreements(rows, complete)
    if bad:
        notes.append("Disagreements:\n\n" + "\n".join(f"- {b}" for b in bad))
    report = render(rows, solvers, notes, generation, args, argv) + tier_tables(rows, engine_tiers(corpora))
    publish(NAME, report, rows)
    return 1 if bad else 0


def engine_tiers(corpora: dict[str, list[Item]]) -> dict[tuple[str, str], str]:
    """The deduction engine's tier (``gridsolve grade --by engine``) of every puzzle."""
    from gridsolve.harness.slitherlink import engine_grade

    return {(corpus, it.id): engine_grade(it.puzzle)["tier"] for corpus, items in corpora.items()
            for it in items}


def tier_tables(rows: list[dict], tiers: dict[tuple[str, str], str]) -> str:
    """Per corpus, how the engine's tiers spread over Loopy's grades (a puzzle per cell count)."""
    from gridsolve.harness.slitherlink import TIERS

    out = ["\n## The engine's tier against Loopy's grade\n\nRows: Loopy's weakest completing tier "
           "(or gave up); columns: the engine's weakest completing tier (`grade --by engine`).\n"]
    for corpus in dict.fromkeys(r["corpus"] for r in rows):
        loopy_grade = {r["id"]: r["loopy_tier"] if r["verdict"] == SOLVED else "gave up"
                       for r in rows if r["corpus"] == corpus and r["solver"] == LOOPY}
        seen = {v for (c, _), v in tiers.items() if c == corpus}
        cols = [t for t in (*TIERS, "no solution") if t in seen]
        counts = Counter((g, tiers[corpus, i]) for i, g in loopy_grade.items())
        body = [[g, *[counts[g, t] for t in cols]] for g in (*loopy.TIERS, "gave up")
                if any(counts[g, t] for t in cols)]
        out.append(f"\n### {corpus}\n\n" + markdown_table(["Loopy", *cols], body))
    return "".join(out)


def load_corpora(args, tools: loopy.Tools, notes: list[str]) -> tuple[dict[str, list[Item]], dict]:
    """The corpora asked for, each cut to ``--limit`` puzzles spread over the sizes."""
    wanted = [c.strip() for c in args.corpora.split(",") if c.strip()]
    corpora: dict[str, list[Item]] = {}
    generation: dict[str, list[float]] = {}
    for corpus, path in (("janko", "janko-puzzlekit.json"), ("csp-rules", "csp-rules")):
        if corpus in wanted:
            items, skipped = as_items(corpus, read(str(data("slitherlink", path))))
            corpora[corpus] = spread(items, args.limit)
            if skipped:
                notes.append(f"{corpus}: {len(skipped)} puzzles Loopy cannot read, left out: "
                             + ", ".join(skipped[:5]) + (" ..." if len(skipped) > 5 else ""))
    if "loopy" in wanted:
        if tools.timer is None:
            notes.append("Loopy-generated corpora skipped: generating needs our driver (--puzzles-src).")
        else:
            count = min(args.limit, args.generated) if args.limit else args.generated
            made, generation = generated(tools.timer, args.loopy_size, count)
            corpora.update(made)
    return corpora, generation


def race(corpora: dict[str, list[Item]], backends, tools: loopy.Tools, args, notes: list[str]) -> list[dict]:
    """Every corpus through every solver: in-process on every puzzle, whole-process on
    ``--process-limit`` of them. The first puzzle is solved once untimed by each backend (imports,
    compiled code loaded) so no timing includes a first use."""
    if tools.timer is None:
        notes.append("Loopy in-process times need our driver (--puzzles-src); whole-process times only.")
    first = next((items[0] for items in corpora.values() if items), None)
    if first is not None:
        for b in backends:
            run(b, first.puzzle, Limit(seconds=args.timeout, solutions=2))
            if args.process_limit:
                gridsolve_process(b.name, first.game_id, args.timeout)
    rows: list[dict] = []
    t0 = time.perf_counter()
    timer = loopy.Timer(tools.timer, args.rounds) if tools.timer else None
    try:
        for corpus, items in corpora.items():
            as_process = {it.id for it in spread(items, args.process_limit)} if args.process_limit else set()
            for k, item in enumerate(items, 1):
                mine = race_in_process(item, backends, timer, args.rounds, args.timeout)
                if item.id in as_process:
                    race_whole_process(item, mine, backends, tools.solver, args.rounds, args.timeout)
                rows += mine
                if k % 50 == 0 or k == len(items):
                    print(f"  {corpus}: {k}/{len(items)} puzzles, {time.perf_counter() - t0:.0f} s",
                          flush=True)
    finally:
        if timer is not None:
            timer.close()
    return rows


if __name__ == "__main__":
    import sys

    sys.exit(main(sys.argv[1:]))
