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

from ..harness.limits import LIMITS
from ..puzzles import formats, kinds
from .document import answer, document, entry, kind_of, number, puzzle_of, state_of
from .drawing import picture
from .sources import read_source, sample_names
from .states import BadInput, Drawn, edge_ref, element_marks, from_solution, given, read_state, write_state

DEFAULT_SECONDS, MAX_SECONDS = 10.0, 60.0
MAX_STEPS = 5000  # rule firings / cascade steps logged by one request
GROWTH_FRAMES = 40  # pictures of the loop growth sent with a generated Slitherlink puzzle
MAX_SIDE = {kind: lim.page_side for kind, lim in LIMITS.items()}  # the page's generators
HINT_BY = {"slitherlink": ["engine", "seed"], "nurikabe": ["engine", "seed"], "hamiltonian": ["author"],
           "edgematching": ["backbone"]}


def _option(default, help: str, choices=None, low=None, high=None) -> dict:
    out = {"default": default, "help": help}
    if choices is not None:
        out["choices"] = choices
    if low is not None:
        out["min"], out["max"] = low, high
    return out


SIZE_HELP = "N or ROWSxCOLS"
SEED_HELP = "the same seed makes the same puzzle"
GENERATE_OPTIONS = {  # per kind: option -> {"default", "help", "choices" | "min" and "max"}
    "slitherlink": {
        "size": _option("7x7", f"{SIZE_HELP}, sides up to {MAX_SIDE['slitherlink']}"),
        "mode": _option("normal", "normal: the seed's rules solve it; hard: backtracking needed; sat: "
                        "unique by SAT (fastest)", ["normal", "hard", "sat"]),
        "ratios": _option("33/33/34", "how often each of the three loop growth rules is picked, "
                          "summing to 100 (33/67/0: tight corridors, 33/7/60: broad loops)"),
        "growth": _option("notch", "reading of the seed's missing Figure 8", ["notch", "reference"]),
        "seed": _option(0, SEED_HELP, low=0, high=2**31),
        "timeout": _option(30, "seconds before giving up", low=1, high=MAX_SECONDS),
    },
    "nurikabe": {
        "size": _option("7x7", f"{SIZE_HELP}, sides up to {MAX_SIDE['nurikabe']}"),
        "density": _option(0.2, "numbers per cell", low=0.01, high=0.5),
        "grade": _option(None, "only puzzles of this grade (none: any)",
                         [None, "basic", "area", "probing-basic", "probing-1", "probing-2", "search"]),
        "seed": _option(0, SEED_HELP, low=0, high=2**31),
        "timeout": _option(30, "seconds before giving up", low=1, high=MAX_SECONDS),
    },
    "edgematching": {
        "size": _option("4x4", f"{SIZE_HELP}, sides 2 to {MAX_SIDE['edgematching']}"),
        "style": _option("e2", "e2: Eternity II style, frame and inner colours apart; seed: the "
                         "report's generator, one colour set", ["e2", "seed"]),
        "colours": _option(None, "colours (e2: inside the frame); none: the size's default", low=1, high=99),
        "frame_colours": _option(None, "e2: colours on the frame; none: the size's default", low=1, high=99),
        "rotation": _option(True, "may pieces be turned?", [True, False]),
        "seed": _option(0, SEED_HELP, low=0, high=2**31),
    },
    "hamiltonian": {
        "size": _option("7", f"{SIZE_HELP}, sides up to {MAX_SIDE['hamiltonian']}"),
        "mode": _option("auto", "how the planted path is drawn: uniform among all paths, a random "
                        "walk, or auto", ["auto", "uniform", "walk"]),
        "seed": _option(0, SEED_HELP, low=0, high=2**31),
    },
}


def save_formats(kind: str) -> list[str]:
    have = formats.writers(kind)
    return [f for f in ("pzprv3", "canonical", "url") if f in have]


# ------------------------------------------------------------------ reading a request


def _seconds(payload: dict, key: str = "timeout", default: float = DEFAULT_SECONDS) -> float:
    return number(payload, key, default, 0.01, MAX_SECONDS)


def _only(puzzle, allowed: tuple, what: str) -> None:
    if puzzle.kind not in allowed:
        raise BadInput(f"{what} is for {' and '.join(allowed)} puzzles, not {puzzle.kind}")


def _unknown(puzzle, d: Drawn) -> set:
    from ..puzzles import grid

    clues = {c for c, _ in puzzle.clue_cells()}
    return set(grid.cells(puzzle.rows, puzzle.cols)) - d.walls - d.dots - clues


def _partial(puzzle, d: Drawn):
    """A Nurikabe state as the harness's partial solution (unknown cells undecided)."""
    from ..puzzles.nurikabe import NurikabeSolution

    return NurikabeSolution.from_cells(puzzle.rows, puzzle.cols, d.walls, _unknown(puzzle, d))


def _cell_name(cell) -> str:
    return f"r{cell[0] + 1}c{cell[1] + 1}"


# ------------------------------------------------------------------ hint and rules


def hint(root: Path, payload: dict) -> dict:
    """The next logical step from the state, applied, with the rule behind it."""
    puzzle, d = state_of(payload)
    by = payload.get("by") or HINT_BY[puzzle.kind][0]
    if by not in HINT_BY[puzzle.kind]:
        raise BadInput(f"by {by!r}: {puzzle.kind} hints are by {', '.join(HINT_BY[puzzle.kind])}")
    step = {"slitherlink": _slitherlink_step, "nurikabe": _nurikabe_step, "hamiltonian": _labyrinth_step,
            "edgematching": _backbone_step}[puzzle.kind](puzzle, d, by, payload)
    marks = {"cells": step["cells"], "edges": step["edges"]}
    return answer(puzzle, d, marks, **step)


def _slitherlink_step(puzzle, d: Drawn, by: str, payload: dict) -> dict:
    from ..harness import play
    from ..harness import slitherlink as sl

    if by == "seed":
        run = play.run_rules(puzzle, d.lines, d.crosses, _rule_file(payload), max_firings=1)
        if not run.firings:
            why = run.contradiction or "the rules and loop avoidance deduce nothing"
            return entry("", f"no hint ({why})")
        f = run.firings[0]
        d.lines.update(f.on)
        d.crosses.update(f.off)
        return entry(f.rule, f.text, (), f.on + f.off)
    h = sl.hint(puzzle, tuple(d.lines), tuple(d.crosses))
    if h.edge is None:
        return entry("", f"no hint ({h.contradiction or 'the engine deduces nothing: search'})")
    (d.lines if h.on else d.crosses).add(h.edge)
    name = sl.edge_name(puzzle.rows, puzzle.cols, h.edge)
    return entry(h.rule, f"{name} is {'on' if h.on else 'off'} the loop ({h.rule}; tier {h.tier})",
                  (), [h.edge])


def _rule_file(payload: dict):
    text = payload.get("rules")
    if text is None:
        return None
    if not isinstance(text, str):
        raise BadInput("rules: give the text of a rule file")
    from ..harness import play

    return play.parse_rules(text)


def _nurikabe_step(puzzle, d: Drawn, by: str, payload: dict) -> dict:
    from ..harness import nurikabe as nk

    if by == "seed":
        h = nk.hint(puzzle, _partial(puzzle, d), int(number(payload, "seed", 0, 0, 2**31)))
        if h.cell is None:
            return entry("", "no hint (the essay's heuristics deduce nothing more)")
        (d.walls if h.colour == "black" else d.dots).add(h.cell)
        return entry(h.heuristic, f"{_cell_name(h.cell)} is {h.colour} ({h.heuristic})", [h.cell])
    try:
        s = nk.cascade_hint(puzzle, _partial(puzzle, d))
    except nk.Contradiction as exc:
        return entry("contradiction", f"no solution from here: {exc}")
    if s.cell is None:
        left = "probing finds nothing more: search" if s.level == "search" else "every cell is decided"
        return entry("", f"no hint ({left})")
    (d.walls if s.colour == "wall" else d.dots).add(s.cell)
    return entry(s.rule, f"{_cell_name(s.cell)} is {s.colour} ({s.rule}: {s.reason}; level {s.level})",
                  [s.cell])


def _groups(payload: dict) -> int:
    from ..harness import labyrinth

    group = payload.get("group")
    if group is None:
        return labyrinth.DEFAULT
    if not isinstance(group, str):
        raise BadInput("group: a rule set (universal, 9x9, control, large, none) or a comma list of groups")
    return labyrinth.parse_rules(group)


def _labyrinth_step(puzzle, d: Drawn, by: str, payload: dict) -> dict:
    """The author's rules at the live end: the move they force, or the moves they allow. On a
    board his rules are not for (not square corner to corner, or blocked cells) the exact oracle
    answers instead (rule "oracle")."""
    from ..harness.hamiltonian import next_moves
    from ..harness.labyrinth_hint import labyrinth_hint

    groups = _groups(payload)  # an unknown group is a 400, not an answer
    if d.path[-1] == puzzle.end:
        return entry("", "no hint (the walk is at the end)")
    walk = puzzle.with_prefix(d.path)
    try:
        h = labyrinth_hint(walk, groups)
    except ValueError as exc:
        ok = next_moves(walk).moves
        if len(ok) == 1:
            d.path.append(ok[0])
            return entry("oracle", f"only {_cell_name(ok[0])} can be completed ({exc}: the exact oracle "
                         "answers)", [ok[0]])
        if not ok:
            return entry("dead end", "no move from here can be completed (the exact oracle)")
        return entry("choice", f"{len(ok)} moves can be completed: {', '.join(map(_cell_name, ok))} "
                     "(the exact oracle)", ok)
    forbidden = "; ".join(f"{m.direction} {_cell_name(m.cell)} forbidden by {m.forbidden_by}"
                          for m in h.moves if m.forbidden_by)
    allowed = h.allowed
    if len(allowed) == 1:
        d.path.append(allowed[0].cell)
        why = forbidden or "the only move"
        return entry("forced", f"{allowed[0].direction} to {_cell_name(allowed[0].cell)} ({why})",
                     [allowed[0].cell])
    if not allowed:
        return entry("dead end", "the rules allow no move from here"
                     + (f" ({forbidden})" if forbidden else ""))
    names = ", ".join(f"{m.direction} {_cell_name(m.cell)}" for m in allowed)
    return entry("choice", f"the rules allow {len(allowed)} moves: {names}" +
                 (f"; {forbidden}" if forbidden else ""), [m.cell for m in allowed])


def _backbone_step(puzzle, d: Drawn, by: str, payload: dict) -> dict:
    """Edge matching: a placement every solution completing the board shares (the backbone);
    on a board whose solutions share none (a symmetric one), a placement of one of them."""
    e = gridsolve.explain(puzzle, given=given(puzzle, d), limit=2, timeout=_seconds(payload))
    if e.contradiction:
        return entry("contradiction", "no solution completes this board")
    for sq, p, k in sorted(e.fixed):
        if sq not in d.placed:
            d.placed[sq] = (p, k)
            return entry("backbone", f"every solution from here has piece {p} (turned {k}) at "
                         f"{_cell_name(sq)}", [sq])
    open_squares = [(r, c) for r in range(puzzle.rows) for c in range(puzzle.cols) if (r, c) not in d.placed]
    if e.solutions and open_squares:
        sq = open_squares[0]
        d.placed[sq] = p, k = e.solutions[0].at(*sq)
        return entry("a solution", f"piece {p} (turned {k}) at {_cell_name(sq)} completes to a solution "
                     "(the solutions share no placement here)", [sq])
    return entry("", "no hint (the board is full, or the time ran out)")


def rules(root: Path, payload: dict) -> dict:
    """The rules run to their end from the state, every firing logged."""
    puzzle, d = state_of(payload)
    t0 = time.perf_counter()
    deadline = t0 + _seconds(payload)
    log: list[dict] = []
    by = payload.get("by") or ("seed" if puzzle.kind == "slitherlink" else HINT_BY[puzzle.kind][0])
    if by not in HINT_BY[puzzle.kind]:
        raise BadInput(f"by {by!r}: {puzzle.kind} rules run by {', '.join(HINT_BY[puzzle.kind])}")
    if puzzle.kind == "slitherlink" and by == "seed":
        from ..harness import play

        run = play.run_rules(puzzle, d.lines, d.crosses, _rule_file(payload), MAX_STEPS)
        log = [entry(f.rule, f.text, (), f.on + f.off) for f in run.firings]
        if run.contradiction:
            log.append(entry("contradiction", run.contradiction))
        d.lines, d.crosses = set(run.lines), set(run.crosses)
    else:
        step = {"slitherlink": _slitherlink_step, "nurikabe": _nurikabe_step,
                "hamiltonian": _labyrinth_step, "edgematching": _backbone_step}[puzzle.kind]
        while len(log) < MAX_STEPS and time.perf_counter() < deadline:
            found = step(puzzle, d, by, payload)
            if found["rule"] in ("", "choice", "dead end", "a solution"):  # no forced step left
                break
            log.append(found)
            if found["rule"] == "contradiction":
                break
    marks = {"cells": [c for e in log for c in e["cells"]], "edges": [x for e in log for x in e["edges"]]}
    return answer(puzzle, d, marks, log=log, seconds=round(time.perf_counter() - t0, 4),
                   finished=time.perf_counter() < deadline and len(log) < MAX_STEPS)


def moves(root: Path, payload: dict) -> dict:
    """Labyrinth: the next moves the author's rules allow beside those the exact oracle says can
    be completed."""
    from ..harness.hamiltonian import next_moves
    from ..harness.labyrinth_hint import labyrinth_hint

    payload = {"kind": "hamiltonian", **payload}
    puzzle, d = state_of(payload)
    _only(puzzle, ("hamiltonian",), "moves")
    walk = puzzle.with_prefix(d.path)
    groups = _groups(payload)  # an unknown group is a 400, not an answer
    if d.path[-1] == puzzle.end:
        return {"rules": [], "oracle": [], "forbidden": [], "method": "", "svg": picture(puzzle, d)}
    try:
        h = labyrinth_hint(walk, groups)
        allowed = [list(m.cell) for m in h.allowed]
        forbidden = [{"cell": list(m.cell), "rule": m.forbidden_by} for m in h.moves if m.forbidden_by]
    except ValueError as exc:  # not the author's board: his rules do not apply
        allowed, forbidden = None, [{"cell": None, "rule": str(exc)}]
    exact = next_moves(walk)
    oracle = [list(c) for c in exact.moves]
    svg = picture(puzzle, d, highlight={"cells": oracle},
                  differs={"cells": [c for c in allowed or () if c not in oracle]})
    return {"rules": allowed, "oracle": oracle, "forbidden": forbidden, "method": exact.method,
            "counts": {f"{r},{c}": n for (r, c), n in (exact.counts or {}).items()}, "svg": svg}


# ------------------------------------------------------------------ solving and explaining


def solve(root: Path, payload: dict) -> dict:
    """Solve with a backend (default: the kind's) within the time limit."""
    puzzle = puzzle_of(payload)
    backend = payload.get("backend") or None
    if backend is not None and not isinstance(backend, str):
        raise BadInput("backend: a backend's name")
    r = gridsolve.solve(puzzle, backend, timeout=_seconds(payload))
    out = {"status": str(r.status), "seconds": round(r.seconds, 4), "backend": r.backend,
           "message": r.error or r.note or ""}
    sol = r.solutions[0] if r.solutions else r.best
    d = from_solution(puzzle, sol) if sol is not None else read_state(puzzle, None)
    return answer(puzzle, d, **out)


def explain(root: Path, payload: dict) -> dict:
    """Count, backbone, solutions as states, and where they differ."""
    puzzle = puzzle_of(payload)
    d = read_state(puzzle, payload.get("state")) if payload.get("state") is not None else None
    limit = int(number(payload, "limit", 10, 1, 200))
    seconds = _seconds(payload, default=20.0)
    t0 = time.perf_counter()
    e = gridsolve.explain(puzzle, given=given(puzzle, d) if d is not None else None, limit=max(limit, 2),
                          timeout=seconds)
    sols = list(e.solutions)
    if len(sols) < min(e.count, limit) and d is None:  # explain keeps two; list up to ``limit``
        left = max(0.5, seconds - (time.perf_counter() - t0))
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
    if puzzle.kind == "slitherlink":
        return {"cells": [], "edges": sorted(edge_ref(e) for e in a.lines ^ b.lines)}
    if puzzle.kind == "nurikabe":
        cells = a.walls ^ b.walls
    elif puzzle.kind == "edgematching":
        cells = {sq for sq in a.placed.keys() | b.placed.keys() if a.placed.get(sq) != b.placed.get(sq)}
    else:
        def steps(path):
            return {tuple(sorted(p)) for p in zip(path, path[1:], strict=False)}

        cells = {c for step in steps(a.path) ^ steps(b.path) for c in step}
    return {"cells": [list(c) for c in sorted(cells)], "edges": []}


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
    _only(puzzle, ("slitherlink", "nurikabe"), "minimize")
    deadline = time.perf_counter() + _seconds(payload, "seconds", 20.0)
    count = solution_counter(puzzle.kind, "sat", seconds=MAX_SECONDS)
    found = count(puzzle)
    if found is None or len(found) != 1:
        raise BadInput("the puzzle has no unique solution to keep" if found is not None
                       else "the uniqueness test ran out of time")
    blank = None if puzzle.kind == "slitherlink" else -1  # Nurikabe: "?" (puzzles.nurikabe.QUESTION)
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


def numbers(root: Path, payload: dict) -> dict:
    """Slitherlink: the puzzle whose numbers are those of the drawn loop (every cell numbered)."""
    from ..puzzles import grid
    from ..puzzles.slitherlink import SlitherlinkPuzzle, SlitherlinkSolution

    puzzle, d = state_of({"kind": "slitherlink", **payload})
    loop = SlitherlinkSolution(puzzle.rows, puzzle.cols, frozenset(d.lines))
    bad = gridsolve.check(SlitherlinkPuzzle.empty(puzzle.rows, puzzle.cols), loop)
    if bad:
        raise BadInput(f"the lines are not one loop: {bad[0].message}")
    full = SlitherlinkPuzzle.from_rows([[sum(e in d.lines for e in grid.cell_edges((r, c)))
                                         for c in range(puzzle.cols)] for r in range(puzzle.rows)])
    return document(full, "numbers", from_solution(full, loop))


def grade(root: Path, payload: dict) -> dict:
    puzzle = puzzle_of(payload)
    _only(puzzle, ("slitherlink", "nurikabe"), "grade")
    if puzzle.kind == "slitherlink":
        from ..harness import slitherlink as sl

        details = sl.engine_grade(puzzle)
        seed = sl.grade(puzzle)
        return {"grade": details["tier"], "details": {**details, "seed_grade": seed.get("grade")}}
    from ..harness import nurikabe as nk

    details = nk.grade(puzzle, _seconds(payload))
    return {"grade": details["grade"], "details": details}


def _size(options: dict, kind: str, default: str) -> tuple[int, int]:
    text = str(options.get("size", default)).lower().strip()
    try:
        rows, _, cols = text.partition("x")
        r, c = int(rows), int(cols or rows)
    except ValueError:
        raise BadInput(f"size {text!r}: expected N or ROWSxCOLS") from None
    low = LIMITS[kind].min_side
    if not (low <= r <= MAX_SIDE[kind] and low <= c <= MAX_SIDE[kind]):
        raise BadInput(f"size {text}: each side {low}..{MAX_SIDE[kind]} for {kind} in the page")
    return r, c


def _choice(options: dict, kind: str, key: str):
    spec = GENERATE_OPTIONS[kind][key]
    choices = spec["choices"]
    v = options.get(key, spec["default"])
    if v not in choices:
        raise BadInput(f"{key} {v!r}: choose from {', '.join(map(str, choices))}")
    return v


def generate_request(payload: dict) -> tuple[str, dict, dict, int, int]:
    """(kind, options, the kind's option table, rows, cols) of a generate request, checked: the
    server plans the job by it before queueing, the worker runs it."""
    kind = kind_of(payload)
    if kind is None:
        raise BadInput("kind: which kind to generate")
    options = payload.get("options") or {}
    if not isinstance(options, dict):
        raise BadInput("options: a JSON object")
    spec = GENERATE_OPTIONS[kind]
    unknown = set(options) - set(spec)
    if unknown:
        raise BadInput(f"options {', '.join(sorted(unknown))}: {kind} takes {', '.join(spec)}")
    rows, cols = _size(options, kind, spec["size"]["default"])
    return kind, options, spec, rows, cols


def generate(root: Path, payload: dict) -> dict:
    """A new puzzle from the kind's generator; Slitherlink adds the loop growth step by step."""
    kind, options, _, rows, cols = generate_request(payload)
    seed = int(number(options, "seed", 0, 0, 2**31))
    try:
        return {"slitherlink": _generate_slitherlink, "nurikabe": _generate_nurikabe,
                "edgematching": _generate_edgematching, "hamiltonian": _generate_labyrinth}[kind](
            rows, cols, seed, options)
    except TimeoutError as exc:
        raise BadInput(str(exc)) from None


def _generate_slitherlink(rows, cols, seed, options) -> dict:
    from ..harness import play
    from ..harness import slitherlink as sl
    from ..puzzles.slitherlink import SlitherlinkPuzzle, SlitherlinkSolution

    mode = _choice(options, "slitherlink", "mode")
    growth = _choice(options, "slitherlink", "growth")
    ratios = sl.parse_ratios(str(options.get("ratios", "33/33/34")))
    g = sl.generate(rows, cols, seed=seed, mode=mode, ratios=ratios, growth=growth,
                    counter=sl.uniqueness_counter("sat") if mode == "sat" else None,
                    seconds=_seconds(options, default=30.0))
    inside, history = play.growth_steps(rows, cols, seed, ratios, growth, g.stats["restarts"])
    frames, rules = [set(inside)], []
    for rule, cell in history:
        inside ^= {cell}
        frames.append(set(inside))
        rules.append(rule)
    if frames[-1] != set(g.solution.inside()):
        raise RuntimeError("the replayed loop growth does not end at the generated loop")
    picks = sorted({round(i * (len(frames) - 1) / (GROWTH_FRAMES - 1)) for i in range(GROWTH_FRAMES)})
    empty = SlitherlinkPuzzle.empty(rows, cols)
    steps = [gridsolve.render(empty, SlitherlinkSolution.from_inside(rows, cols, frames[i]), "svg")
             for i in picks]
    doc = document(g.puzzle, f"gen-{rows}x{cols}-{mode}-s{seed}", None, from_solution(g.puzzle, g.solution))
    return {**doc, "steps": steps, "step_numbers": picks, "growth_rules": rules,
            "stats": _plain(g.stats)}


def _generate_nurikabe(rows, cols, seed, options) -> dict:
    from ..harness import nurikabe as nk

    density = number(options, "density", 0.2, 0.01, 0.5)
    target = _choice(options, "nurikabe", "grade")
    g = nk.generate(rows, cols, density, seed, target, _seconds(options, default=30.0))
    doc = document(g.puzzle, f"gen-{rows}x{cols}-d{density:g}-s{seed}", None,
                   from_solution(g.puzzle, g.solution))
    return {**doc, "steps": [], "grade": g.grade, "stats": _plain(g.stats)}


def _generate_edgematching(rows, cols, seed, options) -> dict:
    from ..harness import edgematching as em

    style = _choice(options, "edgematching", "style")
    colours = int(number(options, "colours", em.default_colours(rows, cols)[1], 1, 99))
    frame = options.get("frame_colours")
    frame = None if frame is None else int(number(options, "frame_colours", 0, 1, 99))
    rotation = options.get("rotation", True)
    if not isinstance(rotation, bool):
        raise BadInput("rotation: true or false")
    puzzle, sol, ident = em.generate(style, rows, cols, colours, frame, seed, rotation)
    return {**document(puzzle, ident, None, from_solution(puzzle, sol)), "steps": []}


def _generate_labyrinth(rows, cols, seed, options) -> dict:
    from ..harness import hamiltonian as ham
    from ..puzzles.hamiltonian import HamiltonianPuzzle

    mode = _choice(options, "hamiltonian", "mode")
    puzzle = HamiltonianPuzzle.rect(rows, cols)
    s = ham.sample(puzzle, 1, seed, mode)
    if not s.paths:
        raise BadInput(f"a {rows}x{cols} board has no path from corner to corner")
    return {**document(puzzle, f"{s.mode}-{rows}x{cols}-seed{seed}", None,
                       from_solution(puzzle, s.paths[0])), "steps": []}


def _plain(stats: dict) -> dict:
    return {k: round(v, 4) if isinstance(v, float) else v for k, v in stats.items()
            if isinstance(v, int | float | str | bool)}


ENDPOINTS = {"hint": hint, "rules": rules, "moves": moves, "solve": solve, "explain": explain, "diff": diff,
             "minimize": minimize, "numbers": numbers, "grade": grade, "generate": generate}


def warm_up(root: Path | None = None) -> dict[str, float]:
    """Open each kind's first sample and solve it with the default backend (imports, compiled
    kernels and first-use tiers loaded); the seconds each took."""
    out = {}
    for kind in gridsolve.kinds():
        t0 = time.perf_counter()
        found, _ = read_source(Path("."), f"sample:{kind}/{sample_names(kind)[0]}")
        solve(Path("."), {"puzzle": formats.format_puzzle(found.puzzle), "kind": kind, "timeout": 60})
        out[kind] = round(time.perf_counter() - t0, 3)
    return out

