"""The labyrinth author's rule-guided walk (port of the seed's program, ``native_rules.hamiltonian``):

    gridsolve walk --size 9 [--seed S] [--rules control,large] [--audit] [--walks K] [--svg out.svg]
    gridsolve walk-stats --sizes 9,11,...,21 --attempts 1000 [--seed S] [--state FILE]
    gridsolve enumerate --size 7 --rules universal [--half] [--limit N] [--state FILE] [--dead-ends DIR]
    gridsolve replay ../shared/data/hamiltonian/fodor-states --sizes 5,7,9

``--rules`` is ``control,large`` (the default: the fullest set the oracle audits find sound),
``control`` (the author's 9 x 9-complete control set = ``universal`` + ``9x9``), ``universal`` or
``book`` (the book's universal rules), ``9x9`` (the 9 x 9 groups alone), ``large`` (the ported large-board
rules alone), ``none`` (plain backtracking), or a comma list of rule groups (c-shape, near-field, near-border,
area-near-border, straight, area-up, area-up-big, corner-big; double-area, sequence, down-stair,
next-step, area-tables, side-table), ``-GROUP`` removing one (``control,-sequence``).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import typer

from .common import Usage, at_least_one, error, exit_code, one_of, positive_seconds
from .progress import status

# the strongest set the oracle audits find sound (engine.DEFAULT_RULES); literal here so --help
# stays instant (no numba import)
DEFAULT_RULES = "control,large"
RulesOpt = typer.Option(DEFAULT_RULES, "--rules", "-r",
                        help="rule set: control,large (default: the fullest sound set); control (the "
                             "author's 9x9 set), universal or book (the book's), 9x9, large, none, or "
                             "GROUP,...")
FormatOpt = typer.Option("text", "--format", "-f", help="text or json")


def _groups(rules: str) -> int:
    from ..harness import labyrinth as lab

    try:
        return lab.parse_rules(rules)
    except ValueError as exc:
        raise Usage(f"--rules: {exc}") from None


def _size(n: int) -> int:
    if not 2 <= n <= 199:
        raise Usage(f"--size must be between 2 and 199, got {n}")
    return n


def parse_sizes(text: str) -> list[int]:
    """``9,11,13`` or ``9,11,...,21`` (an arithmetic progression from the first two terms)."""
    parts = [p.strip() for p in text.split(",") if p.strip()]
    out: list[int] = []
    try:
        if "..." in parts:
            i = parts.index("...")
            if i < 2 or i != len(parts) - 2:
                raise ValueError
            head = [int(p) for p in parts[:i]]
            step, last = head[-1] - head[-2], int(parts[-1])
            if step <= 0:
                raise ValueError
            out = head + list(range(head[-1] + step, last + 1, step))
        else:
            out = [int(p) for p in parts]
    except ValueError:
        raise Usage(f"--sizes {text!r}: expected N,N,... or A,B,...,Z") from None
    if not out:
        raise Usage("--sizes: no size given")
    for n in out:
        _size(n)
    return out


def walk(
    size: int = typer.Option(..., "--size", "-s", help="the n x n labyrinth"),
    seed: int | None = typer.Option(None, "--seed", help="random seed (default: a random one, printed)"),
    rules: str = RulesOpt,
    audit: bool = typer.Option(False, "--audit", help="check every step against the exact oracle"),
    walks: int = typer.Option(1, "--walks", "-n", help="how many walks (summary instead of drawings)"),
    svg: Path | None = typer.Option(None, "--svg", help="draw the (first) walk as SVG here"),
    state: Path | None = typer.Option(None, "--save-state",
                                      help="save the (first) walk in the author's format"),
    out_format: str = FormatOpt,
) -> None:
    """Random walks with the ported rules (the author's statistics mode: uniform among the
    possible moves until the end or "no option to move"); --audit compares each step's possible
    moves with the moves that can still be completed (unsound = a completable move forbidden)."""
    from ..harness import labyrinth as lab
    from ..puzzles import render

    n = _size(size)
    groups = _groups(rules)
    at_least_one("--walks", walks)
    one_of("--format", out_format, ("text", "json"))
    if seed is None:
        import random

        seed = random.randrange(1 << 31)
    done: list = []
    with status(f"{walks} walk(s) {n}x{n}{' checked against the exact oracle' if audit else ''} ..."):
        if audit:
            rep = lab.audit(n, walks, seed, groups, walks_out=done)
        else:
            rep, done = lab.walks(n, walks, seed, groups)
    first = done[0]
    if svg is not None:
        svg.write_text(render.svg(*_drawable(first)))
    if state is not None:
        state.write_text(first.state() + "\n")
    if out_format == "json":
        print(json.dumps({"size": n, "seed": seed, "rules": rules, "walks": rep.walks,
                          "completed": rep.completed, "errors": dict(rep.errors),
                          "audit": _audit_json(rep) if audit else None,
                          "first": {"outcome": first.outcome, "state": first.state()}}))
    else:
        if walks == 1:
            print(f"walk {n}x{n} seed {seed} rules {rules}: {first.outcome} "
                  f"({len(first.cells)} of {n * n} cells)", file=sys.stderr, flush=True)
            print(render.text(*_drawable(first)))
        else:
            print(f"{walks} walks {n}x{n} seed {seed} rules {rules}: {rep.completed} complete, "
                  f"errors {dict(rep.errors) or 0}")
        if audit:
            print("audit: " + rep.line())
            for f in rep.findings:
                if f.kind == "unsound" or walks == 1:
                    print(f"  walk {f.walk + 1} step {f.step}: {f.kind}: {', '.join(f.moves)}")
                    print(f"    {f.state}")
    # the audit's verdict is the soundness of the rules: walks that run out of moves are its data
    failures = rep.unsound if audit else rep.walks - rep.completed
    raise typer.Exit(exit_code(0, failures))


def _drawable(w):
    """(puzzle, solution) to draw: the labyrinth and its path, or the partial walk."""
    from ..puzzles.hamiltonian import HamiltonianPuzzle, HamiltonianSolution

    puzzle = w.puzzle()
    if w.outcome == "complete":
        return HamiltonianPuzzle.square(w.n), HamiltonianSolution(tuple(puzzle.walked()))
    return puzzle, None


def _audit_json(rep) -> dict:
    return {"checked": rep.checked, "unsound": rep.unsound, "unsound_by_rule": dict(rep.unsound_by_rule),
            "dead_allowed": rep.dead_allowed, "went_dead": rep.went_dead, "exact": rep.exact,
            "findings": [{"walk": f.walk + 1, "step": f.step, "kind": f.kind, "moves": f.moves,
                          "state": f.state} for f in rep.findings]}


def walk_stats(
    sizes: str = typer.Option("9,11,...,21", "--sizes", help="board sizes, e.g. 9,11,...,21"),
    attempts: int = typer.Option(1000, "--attempts", "-a", help="attempts per size"),
    seed: int = typer.Option(0, "--seed"),
    rules: str = RulesOpt,
    max_walks: int = typer.Option(10_000, "--max-walks",
                                  help="walks per attempt at most (a complete rule set never errs)"),
    state: Path | None = typer.Option(None, "--state", help="resume from / save progress to this file"),
    progress: bool = typer.Option(True, "--progress/--no-progress", help="a progress line on stderr"),
    out_format: str = FormatOpt,
) -> None:
    """The seed's statistics: walkthroughs completed before the first error (no option to move,
    or the end reached too early), averaged over the attempts, per size -- next to the seed's;
    and walkthroughs per error over all attempts (right also when attempts hit --max-walks)
    next to the book's final figures (11x11: no error in 1 M, 13x13: 4000, 21x21: 9).
    Attempts run in chunks of fixed seeds; with ``--state`` finished chunks are kept there, so an
    interrupted run resumes where it stopped and gives the same figures."""
    from ..harness import labyrinth as lab

    ns = parse_sizes(sizes)
    groups = _groups(rules)
    at_least_one("--attempts", attempts)
    one_of("--format", out_format, ("text", "json"))
    if out_format == "text":
        print(f"{'size':>4} {'attempts':>8} {'walkthroughs':>12} {'seed doc':>8} {'per error':>10} "
              f"{'book':>8}  errors")
    for n in ns:
        bar = _bar(f"{n}x{n}", attempts) if progress else None
        s = lab.stats(n, attempts, seed, groups, max_walks=max_walks, state=state, progress=bar)
        if bar:
            print(file=sys.stderr)
        if out_format == "json":
            per = s.per_error
            print(json.dumps({"size": n, "attempts": attempts, "seed": seed, "rules": rules,
                              "mean": s.mean, "seed_document": lab.SEED_STATS.get(n),
                              "per_error": None if per == float("inf") else per,
                              "book_per_error": lab.BOOK_PER_ERROR.get(n), "errors": s.errors,
                              "capped": s.capped, "walkthroughs": sum(s.results),
                              "seconds": round(s.seconds, 3)}))
        else:
            ref = lab.SEED_STATS.get(n)
            per = "no error" if s.per_error == float("inf") else f"{s.per_error:.1f}"
            book = lab.BOOK_PER_ERROR.get(n)
            book = "" if book is None else "no error" if book == float("inf") else f"{book:g}"
            print(f"{n:>4} {attempts:>8} {s.mean:>12.2f} {'' if ref is None else ref:>8} {per:>10} "
                  f"{book:>8}  "
                  f"{s.errors}{f', {s.capped} capped at {max_walks}' if s.capped else ''}  "
                  f"({s.seconds:.1f} s)", flush=True)


class _StatusLine:
    """One status line on stderr, redrawn in place at most every ``every`` seconds and not before
    ``after`` seconds (a short run prints nothing); ``final`` draws it regardless."""

    def __init__(self, every: float, after: float = 0.0) -> None:
        import time

        self.clock = time.perf_counter
        self.t0 = self.last = self.clock()
        self.every, self.after = every, after
        self.shown = False

    def elapsed(self) -> float:
        return self.clock() - self.t0

    def show(self, text: str, final: bool = False) -> None:
        now = self.clock()
        if not final and (now - self.last < self.every or now - self.t0 < self.after):
            return
        self.last = now
        print(f"\r{text}  ", end="", file=sys.stderr, flush=True)
        self.shown = True


def _bar(label: str, total: int):
    """A one-line progress bar on stderr: called with (attempts done, walkthroughs so far); drawn
    at most every 0.2 s and at the end."""
    line = _StatusLine(0.2)
    first: list = []  # (walkthroughs, time) at the first call: the rate leaves out resumed chunks

    def show(done: int, walks: int) -> None:
        now = line.elapsed()
        if not first:
            first.extend((walks, now))
        filled = 30 * done // max(1, total)
        span = now - first[1]
        rate = (walks - first[0]) / span if span > 0 else 0.0
        line.show(f"{label} [{'#' * filled}{'.' * (30 - filled)}] {done}/{total} attempts, "
                  f"{walks} walkthroughs, {rate:,.0f}/s, {now:.0f} s", final=done >= total)
    return show


KEEP_DEAD_ENDS = 100  # enumerate --dead-ends: boards saved at most


def enumerate_(
    size: int = typer.Option(..., "--size", "-s"),
    rules: str = RulesOpt,
    half: bool = typer.Option(False, "--half", "--left-half",
                              help="stop after the first half (first step right: the author's left half)"),
    limit: int | None = typer.Option(None, "--limit", "--walkthroughs", "-l",
                                     help="stop after this many walkthroughs (in keep-left order)"),
    timeout: float | None = typer.Option(None, "--timeout", "-t", help="seconds"),
    state: Path | None = typer.Option(None, "--state",
                                      help="resume from / save the search position to this file"),
    dead_ends: Path | None = typer.Option(None, "--dead-ends",
                                          help="save the dead ends here in the author's format "
                                          "(the first 100)"),
    progress: bool = typer.Option(True, "--progress/--no-progress", help="a progress line on stderr"),
    out_format: str = FormatOpt,
) -> None:
    """Count the walkthroughs with the rule-pruned keep-left depth-first search (numbered as the
    author's) and its dead ends, compared with the exact count of the frontier DP when it runs to
    the end; exit 1 if they differ, or if a partial run (--limit, --half, --timeout) met a dead
    end. With --state an interrupted run resumes where it stopped (same size and rules)."""
    from ..harness import labyrinth as lab

    n = _size(size)
    groups = _groups(rules)
    if limit is not None:
        at_least_one("--limit", limit)
    if timeout is not None:
        positive_seconds("--timeout", timeout)
    one_of("--format", out_format, ("text", "json"))
    if state is not None and state.exists():
        try:
            json.loads(state.read_text())
        except (OSError, ValueError) as exc:
            raise Usage(f"--state {state}: not a saved enumeration ({exc})") from None
    saved: list[dict] = []

    def keep(cells, kind, before):
        if len(saved) >= KEEP_DEAD_ENDS or dead_ends is None:  # (only passed when given)
            return
        dead_ends.mkdir(parents=True, exist_ok=True)
        name = dead_ends / f"{n}_keep_left_{len(saved)}.txt"
        name.write_text(lab.failure_state(n, groups, cells, kind) + "\n")
        saved.append({"file": str(name), "kind": kind, "after_walkthrough": before})

    bar = _enum_bar(n, limit, half) if progress else None
    try:
        r = lab.enumerate_walkthroughs(n, groups, half_only=half, max_walks=limit, seconds=timeout,
                                       state=state, progress=bar,
                                       dead_end=keep if dead_ends is not None else None)
    except ValueError as exc:
        raise Usage(str(exc)) from None
    if bar is not None and bar.shown:
        print(file=sys.stderr)
    exact = lab.exact_count(n) if r.exhausted else None
    dead = r.no_option + r.stuck + r.corner_early
    rate = r.walkthroughs / r.seconds if r.seconds > 0 else 0.0
    if out_format == "json":
        print(json.dumps({"size": n, "rules": rules, "walkthroughs": r.walkthroughs,
                          "first_half": r.first_half, "exhausted": r.exhausted, "exact": exact,
                          "no_option": r.no_option, "stuck": r.stuck, "corner_early": r.corner_early,
                          "nodes": r.nodes, "seconds": round(r.seconds, 3),
                          "cpu_seconds": round(r.cpu_seconds, 3), "walkthroughs_per_second": round(rate),
                          "dead_ends_saved": saved,
                          **r.diagnostics}))
    else:
        scope = "all" if r.exhausted else ("first half" if half and r.first_half is not None
                                           else "stopped early")
        print(f"{n}x{n} rules {rules}: {r.walkthroughs} walkthroughs ({scope}); first half "
              f"{r.first_half}; dead ends: {r.no_option} no option to move, {r.stuck} stuck, "
              f"{r.corner_early} end reached early; {r.nodes} nodes, {r.seconds:.2f} s "
              f"(CPU {r.cpu_seconds:.2f} s), {rate:,.0f} walkthroughs/s")
        for f in saved:
            print(f"dead end after walkthrough {f['after_walkthrough']} ({f['kind']}): {f['file']}")
        if exact is not None:
            verdict = "equal: no walkthrough lost" if exact == r.walkthroughs else \
                "DIFFERENT: a rule forbade a move that can be completed"
            print(f"exact count (frontier DP): {exact} -- {verdict}")
    # a run to the end is judged by the exact count; a partial one by its dead ends (the book: none)
    bad = exact != r.walkthroughs if exact is not None else dead > 0
    raise typer.Exit(1 if bad else 0)


class _enum_bar(_StatusLine):
    """The enumeration's progress line on stderr (at most every 0.5 s, from the first second)."""

    def __init__(self, n: int, limit: int | None, half: bool) -> None:
        super().__init__(0.5, after=1.0)
        self.n, self.limit, self.half = n, limit, half

    def __call__(self, r) -> None:
        rate = r.walkthroughs / r.seconds if r.seconds > 0 else 0.0
        head = f"{self.n}x{self.n}{' left half' if self.half else ''}"
        if self.limit:
            filled = min(30, 30 * r.walkthroughs // self.limit)
            left = (self.limit - r.walkthroughs) / rate if rate else 0
            head += f" [{'#' * filled}{'.' * (30 - filled)}] {r.walkthroughs}/{self.limit}"
            tail = f", {left:.0f} s left"
        else:
            head += f" {r.walkthroughs}"
            tail = ""
        dead = r.no_option + r.stuck + r.corner_early
        self.show(f"{head} walkthroughs, {dead} dead ends, {r.nodes / 1e6:.1f} M nodes, "
                  f"{rate:,.0f}/s, {r.seconds:.0f} s{tail}")


def replay_cmd(
    paths: list[str] = typer.Argument(..., metavar="STATE...", help="saved states: files or folders"),
    sizes: str | None = typer.Option(None, "--sizes", help="only these board sizes, e.g. 5,7,9"),
    rules: str = RulesOpt,
    oracle: bool = typer.Option(True, "--oracle/--no-oracle", help="judge the disputed moves exactly"),
    oracle_max: int = typer.Option(9, "--oracle-max", help="... on boards up to this size (SAT beyond 9)"),
    verbose: bool = typer.Option(False, "--verbose", "-v", help="every differing step"),
    out_format: str = FormatOpt,
) -> None:
    """Replay the author's saved states: at every recorded step, the moves the ported rules allow
    against the options the author's program recorded."""
    from ..harness import labyrinth as lab

    ns = set(parse_sizes(sizes)) if sizes else None
    groups = _groups(rules)
    for p in paths:
        if not Path(p).exists():
            raise Usage(f"{p}: no such file or folder")
    judged = " (the exact oracle judges the differences)" if oracle else ""
    with status(f"replaying the saved states{judged} ..."):
        reps = lab.replay_paths(paths, ns, groups, oracle, oracle_max)
    bad = 0
    for r in reps:
        if r.error:
            bad += 1
            error(f"{r.name}: {r.error}")
            continue
        if out_format == "json":
            diffs = [{"step": d.step, "recorded": d.recorded, "ours": d.ours, "kind": d.kind,
                      "completable": {str(k): v for k, v in d.verdict.items()}} for d in r.diffs]
            print(json.dumps({"name": r.name, "size": r.size, "steps": r.steps, "agree": r.agree,
                              "counts": dict(r.counts), "off_options": r.off_options,
                              "diffs": diffs}))
            continue
        head = "agree" if r.agree else ", ".join(f"{v} {k}" for k, v in sorted(r.counts.items()))
        print(f"{r.name} ({r.size}x{r.size}): {r.steps} steps with rules: {head}")
        if verbose:
            for d in r.diffs:
                verdict = ", ".join(f"{'DRUL'[k]}: {'completable' if v else 'dead'}"
                                    for k, v in sorted(d.verdict.items()))
                print(f"  step {d.step}: recorded {d.recorded} port {d.ours} ({d.kind}) {verdict}")
    raise typer.Exit(exit_code(bad, 0))


def register(app: typer.Typer, generate_app: typer.Typer) -> None:
    app.command("walk")(walk)
    app.command("walk-stats")(walk_stats)
    app.command("enumerate")(enumerate_)
    app.command("replay")(replay_cmd)
    _ = generate_app  # no generator here
