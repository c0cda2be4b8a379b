"""The requests that run the project's engines: hint, rules, moves, solve, explain, diff,
minimize, numbers, grade, generate (docs/serve.md). Each reads the puzzle and the state, calls
the public API or the harness -- the same calls the command line makes -- and answers the new
state with its picture and verdict.
"""

from __future__ import annotations

import random
import time
from pathlib import Path

import gridsolve

from ..harness.limits import limits
from ..puzzles import formats, kinds
from .document import answer, document, kind_of, number, puzzle_of, state_of
from .drawing import picture
from .kinds import feature, features, playable, web_kind
from .options import MAX_SECONDS, seconds
from .sources import read_source, sample_names
from .states import BadInput, Drawn, element_marks, from_solution, given, read_state, write_state

MAX_STEPS = 5000  # rule firings / cascade steps logged by one request


def save_formats(kind: str) -> list[str]:
    have = formats.writers(kind)
    return [f for f in ("pzprv3", "canonical", "url") if f in have]


# ------------------------------------------------------------------ reading a request


# ------------------------------------------------------------------ hint and rules


def hint(root: Path, payload: dict) -> dict:
    """The next logical step from the state, applied, with the rule behind it."""
    puzzle, d = state_of(payload)
    module = web_kind(puzzle.kind)
    by = _by(puzzle.kind, payload, module.HINT_BY[0], "hints")
    step = module.hint(puzzle, d, by, payload)
    marks = {"cells": step["cells"], "edges": step["edges"]}
    return answer(puzzle, d, marks, **step)


def _by(kind: str, payload: dict, default: str, what: str) -> str:
    """The way of hinting a request asks (``by``), one of the kind's ``HINT_BY``."""
    ways = web_kind(kind).HINT_BY
    by = payload.get("by") or default
    if by not in ways:
        raise BadInput(f"by {by!r}: {kind} {what} {'are' if what == 'hints' else 'run'} by {', '.join(ways)}")
    return by


def rules(root: Path, payload: dict) -> dict:
    """The rules run to their end from the state, every firing logged: the kind's own run where
    it has one (``run_rules``: Slitherlink's seed rules), else its hints repeated while each is a
    forced step."""
    puzzle, d = state_of(payload)
    module = web_kind(puzzle.kind)
    t0 = time.perf_counter()
    deadline = t0 + seconds(payload)
    by = _by(puzzle.kind, payload, module.RULES_BY, "rules")
    run_rules = getattr(module, "run_rules", None)
    log = run_rules(puzzle, d, by, payload, MAX_STEPS) if run_rules is not None else None
    if log is None:
        log = []
        while len(log) < MAX_STEPS and time.perf_counter() < deadline:
            found = module.hint(puzzle, d, by, payload)
            if found["rule"] in ("", "choice", "dead end", "a solution"):  # no forced step left
                break
            log.append(found)
            if found["rule"] == "contradiction":
                break
    marks = {"cells": [c for e in log for c in e["cells"]], "edges": [x for e in log for x in e["edges"]]}
    return answer(puzzle, d, marks, log=log, seconds=round(time.perf_counter() - t0, 4),
                  finished=time.perf_counter() < deadline and len(log) < MAX_STEPS)


MOVES_KIND = "hamiltonian"  # /api/moves names no kind (docs/serve.md): the labyrinth's request


def moves(root: Path, payload: dict) -> dict:
    """The next moves the author's rules allow beside those the exact oracle says can be
    completed (the kind's ``moves``)."""
    puzzle, d = state_of({"kind": MOVES_KIND, **payload})
    return feature(puzzle.kind, "moves", "moves")(puzzle, d, payload)


# ------------------------------------------------------------------ solving and explaining


def solve(root: Path, payload: dict) -> dict:
    """Solve with a backend (default: the kind's) within the time limit."""
    puzzle = puzzle_of(payload)
    backend = payload.get("backend") or None
    if backend is not None and not isinstance(backend, str):
        raise BadInput("backend: a backend's name")
    budget = seconds(payload)
    t0 = time.perf_counter()
    r = gridsolve.solve(puzzle, backend, timeout=budget)
    out = {"status": str(r.status), "seconds": round(r.seconds, 4), "backend": r.backend,
           "message": r.error or r.note or ""}
    if r.solutions:  # a solution is not "the" solution: is it the only one? (count to two, briefly)
        out.update(_uniqueness(puzzle, min(UNIQUE_SECONDS, max(0.1, budget - (time.perf_counter() - t0)))))
    sol = r.solutions[0] if r.solutions else r.best
    d = from_solution(puzzle, sol) if sol is not None else read_state(puzzle, None)
    return answer(puzzle, d, **out)


UNIQUE_SECONDS = 5.0  # the count to two after a solve: a hard puzzle's answer says "not settled"


def _uniqueness(puzzle, budget: float) -> dict:
    """``unique``: the puzzle has exactly one solution (True / False; None when the count to two
    ran out of time), and ``count``: the solutions found by it (2 = "at least 2")."""
    c = gridsolve.count(puzzle, limit=2, timeout=budget)
    return {"unique": c.unique, "count": c.count, "exhausted": c.exhausted}


def explain(root: Path, payload: dict) -> dict:
    """Count, backbone, solutions as states, and where they differ."""
    puzzle = puzzle_of(payload)
    d = read_state(puzzle, payload.get("state")) if payload.get("state") is not None else None
    limit = int(number(payload, "limit", 10, 1, 200))
    budget = seconds(payload, default=20.0)
    t0 = time.perf_counter()
    e = gridsolve.explain(puzzle, given=given(puzzle, d) if d is not None else None, limit=max(limit, 2),
                          timeout=budget)
    sols = list(e.solutions)
    if len(sols) < min(e.count, limit) and d is None:  # explain keeps two; list up to ``limit``
        left = max(0.5, budget - (time.perf_counter() - t0))
        more = gridsolve.solve(puzzle, timeout=left, limit=limit)
        sols = list(dict.fromkeys(sols + list(more.solutions)))[:limit]
    differs = dict(zip(("cells", "edges"), element_marks(puzzle.kind, e.differs), strict=True))
    states = [from_solution(puzzle, s) for s in sols]
    return {"count": e.count, "exhausted": e.exhausted, "unique": e.unique, "complete": e.complete,
            "contradiction": e.contradiction, "seconds": round(e.seconds, 4),
            "solutions": [write_state(puzzle, s) for s in states],
            "solution_svgs": [picture(puzzle, s, differs=differs) for s in states],
            "backbone_svg": kinds.render(puzzle.kind).marked_svg(puzzle, e.fixed, e.unknown),
            "fixed": len(e.fixed), "differs": differs}


def differing(puzzle, a: Drawn, b: Drawn) -> dict:
    """The elements two states disagree on, as {"cells", "edges"}."""
    return web_kind(puzzle.kind).differing(puzzle, a, b)


def diff(root: Path, payload: dict) -> dict:
    puzzle = puzzle_of(payload)
    a, b = read_state(puzzle, payload.get("a")), read_state(puzzle, payload.get("b"))
    marks = differing(puzzle, a, b)
    return {"svg": picture(puzzle, a, differs=marks), "differs": marks,
            "count": len(marks["cells"]) + len(marks["edges"])}


# ------------------------------------------------------------------ the author's tools


def minimize(root: Path, payload: dict) -> dict:
    """The seed's "delete as many numbers as possible keeping the solution unique": numbers taken
    out one by one (in a seeded random order), each kept when the puzzle would lose its unique
    solution, by the generators' count to two (``harness.run.solution_counter``). A Nurikabe
    island needs its number, so there a number is hidden (``?``) instead."""
    import dataclasses

    from ..harness.run import solution_counter

    puzzle = puzzle_of(payload)
    blank = feature(puzzle.kind, "minimize_blank", "minimize")  # what a number taken out leaves
    deadline = time.perf_counter() + seconds(payload, "seconds", 20.0)
    count = solution_counter(puzzle.kind, "sat", seconds=MAX_SECONDS)
    found = count(puzzle)
    if found is None or len(found) != 1:
        raise BadInput("the puzzle has no unique solution to keep" if found is not None
                       else "the uniqueness test ran out of time")
    clues = [list(row) for row in puzzle.clues]
    cells = [(r, c) for r, row in enumerate(clues) for c, v in enumerate(row) if v not in (None, blank)]
    random.Random(int(number(payload, "seed", 0, 0, 2**31))).shuffle(cells)
    removed, tried = 0, 0
    for r, c in cells:
        if time.perf_counter() > deadline:
            break
        tried += 1
        kept, clues[r][c] = clues[r][c], blank
        left = count(dataclasses.replace(puzzle, clues=tuple(tuple(row) for row in clues)))
        if left is not None and left == found:
            removed += 1
        else:
            clues[r][c] = kept
    smaller = dataclasses.replace(puzzle, clues=tuple(tuple(row) for row in clues))
    doc = document(smaller, "minimized")
    return {"puzzle": doc["puzzle"], "removed": removed, "kept": len(cells) - removed,
            "complete": tried == len(cells), "doc": doc}


NUMBERS_KIND = "slitherlink"  # /api/numbers names no kind (docs/serve.md): Slitherlink's request


def numbers(root: Path, payload: dict) -> dict:
    """The puzzle whose numbers are those of the drawn loop (the kind's ``numbers``)."""
    puzzle, d = state_of({"kind": NUMBERS_KIND, **payload})
    return feature(puzzle.kind, "numbers", "numbers")(puzzle, d)


def grade(root: Path, payload: dict) -> dict:
    puzzle = puzzle_of(payload)
    return feature(puzzle.kind, "grade", "grade")(puzzle, payload)


def _size(options: dict, kind: str, default: str) -> tuple[int, int]:
    text = str(options.get("size", default)).lower().strip()
    try:
        rows, _, cols = text.partition("x")
        r, c = int(rows), int(cols or rows)
    except ValueError:
        raise BadInput(f"size {text!r}: expected N or ROWSxCOLS") from None
    low, high = limits(kind).min_side, limits(kind).page_side
    if not (low <= r <= high and low <= c <= high):
        raise BadInput(f"size {text}: each side {low}..{high} for {kind} in the page")
    return r, c


def generate_request(payload: dict) -> tuple[str, dict, dict, int, int]:
    """(kind, options, the kind's option table, rows, cols) of a generate request, checked: the
    server plans the job by it before queueing, the worker runs it."""
    kind = kind_of(payload)
    if kind is None:
        raise BadInput("kind: which kind to generate")
    options = payload.get("options") or {}
    if not isinstance(options, dict):
        raise BadInput("options: a JSON object")
    feature(kind, "generate", "generate")  # a kind without a generator: refused before queueing
    spec = web_kind(kind).GENERATE_OPTIONS
    unknown = set(options) - set(spec)
    if unknown:
        raise BadInput(f"options {', '.join(sorted(unknown))}: {kind} takes {', '.join(spec)}")
    rows, cols = _size(options, kind, spec["size"]["default"])
    return kind, options, spec, rows, cols


def generate(root: Path, payload: dict) -> dict:
    """A new puzzle from the kind's generator (Slitherlink adds the loop growth step by step)."""
    kind, options, _, rows, cols = generate_request(payload)
    seed = int(number(options, "seed", 0, 0, 2**31))
    try:
        return feature(kind, "generate", "generate")(rows, cols, seed, options)
    except TimeoutError as exc:
        raise BadInput(str(exc)) from None


ENDPOINTS = {"hint": hint, "rules": rules, "moves": moves, "solve": solve, "explain": explain, "diff": diff,
             "minimize": minimize, "numbers": numbers, "grade": grade, "generate": generate}


def warm_up(root: Path | None = None, failed: list[str] | None = None) -> dict[str, float]:
    """Run what the page's first clicks run, on every shipped sample of each kind: solve with the
    default backend, a hint each way the kind hints, and the kind's moves where it has them --
    so that imports, compiled kernels (run compiled: ``harness.warm.run_compiled`` in the
    server's workers) and first-use tiers are paid before the first click. The seconds each kind
    took. A request that fails is passed over -- warming never stops a worker -- and named in
    ``failed`` when given."""
    here = Path(".")
    out = {}
    for kind in playable():
        t0 = time.perf_counter()
        module = web_kind(kind)
        for name in sample_names(kind):
            found, _ = read_source(here, f"sample:{kind}/{name}")
            request = {**document(found.puzzle), "kind": kind, "timeout": MAX_SECONDS}
            what = f"sample:{kind}/{name}"
            _passing(failed, f"solve {what}", solve, request)
            for by in module.HINT_BY:
                _passing(failed, f"hint by {by} {what}", hint, {**request, "by": by})
            if "moves" in features(kind):
                _passing(failed, f"moves {what}", moves, request)
        out[kind] = round(time.perf_counter() - t0, 3)
    return out


def _passing(failed: list[str] | None, what: str, request, payload: dict) -> None:
    """Run one warm-up request; a failure is noted in ``failed``, and no reason to stop warming."""
    try:
        request(Path("."), payload)
    except Exception as exc:  # noqa: BLE001 - whatever a request raises, the next one still warms
        if failed is not None:
            failed.append(f"{what}: {type(exc).__name__}: {exc}"[:300])
