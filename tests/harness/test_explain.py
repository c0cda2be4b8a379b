"""gridsolve explain: the count and the backbone (fixed / differs) against the listing of every
solution by the default backends, on a real non-unique puzzle, on unique fixtures, on random
puzzles of every kind, and from partial states (API and command line)."""

from __future__ import annotations

import json
import random

import pytest
from gridsolve.cli.main import run as cli
from gridsolve.harness.explain import elements
from gridsolve.puzzles.formats import read

import gridsolve
from benchmarks.explain import MAKERS, compare, members

from ..helpers import FIXTURES, shared

KINDS = ("slitherlink", "nurikabe", "hamiltonian", "edgematching")


def listed(puzzle, limit: int = 1000) -> list[frozenset]:
    """Every solution's elements, listed by the kind's default backend (exhausted)."""
    r = gridsolve.solve(puzzle, limit=limit)
    assert r.exhausted
    return [members(s) for s in r.solutions]


@pytest.fixture(scope="module")
def random_15x15():
    entries = {e.id: e for e in read(str(shared("slitherlink", "janko-puzzlekit.json")))}
    return entries["random_15x15"].puzzle


@pytest.mark.parametrize("limit", [100, 2])
def test_random_15x15_backbone_is_the_intersection_of_its_28_solutions(random_15x15, limit):
    sets = listed(random_15x15)
    inter, union = frozenset.intersection(*sets), frozenset.union(*sets)
    x = gridsolve.explain(random_15x15, limit=limit)
    assert x.complete and x.fixed == inter and x.differs == union - inter
    assert x.unused == frozenset(elements(random_15x15)) - union
    assert len(x.solutions) == 2 and x.solutions[0] != x.solutions[1]
    if limit == 100:
        assert (x.count, x.exhausted, x.unique) == (len(sets), True, False) == (28, True, False)
    else:  # limit 2: the backbone came from the assumption tests, not from a listing
        assert (x.count, x.exhausted) == (2, False) and x.stats["tests"] > 0


def test_cli_explain_random_15x15_marks_the_differing_edges(random_15x15, capsys, tmp_path):
    path = tmp_path / "p.txt"
    path.write_text(gridsolve.render(random_15x15, format="canonical"))
    svg = tmp_path / "m.svg"
    assert cli(["explain", str(path), "--format", "json", "--svg", str(svg)]) == 0
    out = json.loads(capsys.readouterr().out)
    sets = listed(random_15x15)
    inter, union = frozenset.intersection(*sets), frozenset.union(*sets)
    assert (out["count"], out["exhausted"], out["unique"]) == (28, True, False)
    as_edges = {tuple(map(tuple, e)) for e in out["fixed"]["edges"]}
    assert as_edges == inter and {tuple(map(tuple, e)) for e in out["differs"]["edges"]} == union - inter
    assert svg.read_text().count("stroke-dasharray") == len(union - inter)
    assert cli(["explain", str(path)]) == 0
    text = capsys.readouterr().out
    assert "exactly 28 solutions" in text and "45 differ" in text and "solution 2:" in text
    drawing = text.split("\n\n")[0]
    assert sum(line.count("?") for line in drawing.splitlines()[1:]) == len(union - inter)


def fixtures(kind: str):
    for path in sorted((FIXTURES / kind).glob("*.txt")):
        for e in read(str(path)):
            if e.ok:
                yield e


@pytest.mark.parametrize("kind", KINDS)
def test_unique_fixtures_fix_their_solution(kind):
    seen = 0
    for e in fixtures(kind):
        r = gridsolve.solve(e.puzzle, limit=2)  # the default backend, listing (not a count-only mode)
        if not (r.exhausted and len(r.solutions) == 1):
            continue
        seen += 1
        x = gridsolve.explain(e.puzzle)
        assert x.unique and x.fixed == members(r.solutions[0]) and not x.differs, e.id
        assert x.unused == frozenset(elements(e.puzzle)) - x.fixed
    assert seen


@pytest.mark.parametrize("kind", KINDS)
def test_random_puzzles_fixed_is_the_intersection_and_differs_the_rest(kind):
    """Puzzles made non-unique (MAKERS): explain agrees with the listing of every solution."""
    rng = random.Random(f"tests-{kind}")
    rows = [compare(MAKERS[kind](rng), 30, listing=200) for _ in range(24)]
    assert all(r["agree"] is not False for r in rows), [r for r in rows if r["agree"] is False]
    decided = [r for r in rows if r["agree"]]
    assert len(decided) >= 18 and sum(r["count"] > 1 for r in decided) >= 4


# ------------------------------------------------------------------ partial states


def several(kind: str):
    """A random puzzle of the kind with several solutions, and two of them."""
    rng = random.Random(f"given-{kind}")
    while True:
        p = MAKERS[kind](rng)
        r = gridsolve.solve(p, limit=50)
        if r.exhausted and 3 <= len(r.solutions):
            return p, r.solutions


@pytest.mark.parametrize("kind", KINDS)
def test_given_state_consistent_is_kept_and_completed(kind):
    p, sols = several(kind)
    first = sorted(members(sols[0]))
    given = {e: True for e in first[: max(1, len(first) // 3)]}
    x = gridsolve.explain(p, given=given)
    fitting = [members(s) for s in sols if all(e in members(s) for e in given)]
    assert x.exhausted and x.count == len(fitting)
    assert set(given) <= x.fixed == frozenset.intersection(*fitting)
    assert x.differs == frozenset.union(*fitting) - x.fixed


@pytest.mark.parametrize("kind", KINDS)
def test_given_state_that_no_solution_completes_is_a_contradiction(kind):
    p, sols = several(kind)
    sets = [members(s) for s in sols]
    # two elements each used by some solution, never together
    pair = next((a, b) for a in frozenset.union(*sets) for b in frozenset.union(*sets)
                if not any(a in s and b in s for s in sets))
    x = gridsolve.explain(p, given=dict.fromkeys(pair, True))
    assert x.contradiction and x.count == 0 and not x.solutions


def test_cli_given_nurikabe(tmp_path, capsys):
    puzzle = FIXTURES / "nurikabe" / "count-8-3x3.txt"  # an 8 in a corner: 8 solutions
    consistent = tmp_path / "ok.txt"
    consistent.write_text("nurikabe 3x3\n8 X _\n_ _ _\n_ _ _\n")
    assert cli(["explain", str(puzzle), "--given", str(consistent), "-f", "json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["unique"] and out["completable"] and [0, 1] in out["fixed"]["black"]
    wrong = tmp_path / "wrong.txt"
    wrong.write_text("nurikabe 3x3\n8 X X\n_ _ _\n_ _ _\n")  # two walls: the 8 has no room
    assert cli(["explain", str(puzzle), "--given", str(wrong)]) == 1
    assert "contradicts every solution" in capsys.readouterr().out


def test_cli_given_slitherlink_pzprv3_with_crosses(random_15x15, tmp_path, capsys):
    """A puzz.link pzprv3 state: its lines are used, its crosses (-1) unused."""
    from gridsolve.puzzles.formats.slitherlink import to_pzprv3
    from gridsolve.puzzles.slitherlink import SlitherlinkSolution

    x = gridsolve.explain(random_15x15)
    line, cross = sorted(x.differs)[:2]
    text = to_pzprv3(random_15x15, SlitherlinkSolution(15, 15, frozenset([line])))
    a, b = cross
    head, tail = text.splitlines()[: 4 + 15], text.splitlines()[4 + 15:]
    row = a[0] if a[1] == b[1] else 15 + a[0]  # a vertical edge's line, else a horizontal one's
    values = tail[row].split()
    values[a[1]] = "-1"
    tail[row] = " ".join(values)
    state = tmp_path / "state.pzprv3"
    state.write_text("\n".join(head + tail) + "\n")
    puzzle = tmp_path / "p.txt"
    puzzle.write_text(gridsolve.render(random_15x15, format="canonical"))
    assert cli(["explain", str(puzzle), "--given", str(state), "-f", "json"]) in (0, 1)
    out = json.loads(capsys.readouterr().out)
    sets = [members(s) for s in gridsolve.solve(random_15x15, limit=100).solutions]
    fitting = [s for s in sets if line in s and cross not in s]
    assert out["count"] == len(fitting)
    if fitting:
        assert [list(line[0]), list(line[1])] in out["fixed"]["edges"]
        assert [list(cross[0]), list(cross[1])] in out["unused"]["edges"]


def test_cli_given_bad_state_is_a_usage_error(tmp_path, capsys):
    puzzle = FIXTURES / "edgematching" / "e2-3x5-rot.txt"
    bad = tmp_path / "bad.txt"
    bad.write_text(". . .\n")
    assert cli(["explain", str(puzzle), "--given", str(bad)]) == 2
    assert "expected 15 squares" in capsys.readouterr().err


def test_edgematching_partial_grid_reads_empty_squares():
    p = read(str(FIXTURES / "edgematching" / "e2-3x5-rot.txt"))[0].puzzle
    sol = gridsolve.solve(p).solutions[0]
    tokens = [f"{piece}/{k}" if i == 0 else "." for i, (piece, k) in enumerate(sol.placements)]
    grid_text = "\n".join(" ".join(tokens[r * 5:(r + 1) * 5]) for r in range(3))
    x = gridsolve.explain(p, given=grid_text)
    assert x.unique and x.fixed == members(sol)


def test_slitherlink_sat_backbone_alone_without_the_engine(random_15x15):
    """explain hands the deduction engine's edges to the SAT model as facts; the model's own
    backbone (assumption tests only) gives the same sets."""
    from gridsolve.puzzles.solving import Limit
    from gridsolve.satmodels.slitherlink import backbone

    sets = listed(random_15x15)
    inter, union = frozenset.intersection(*sets), frozenset.union(*sets)
    b = backbone(random_15x15, Limit(solutions=2))
    assert b.complete and b.fixed == inter and b.differs == union - inter and b.stats["tests"] > 100


@pytest.mark.parametrize("seconds", [0.001, 0.02, 0.2])
def test_a_time_limit_leaves_the_sets_exact_but_incomplete(random_15x15, seconds):
    sets = listed(random_15x15)
    inter, union = frozenset.intersection(*sets), frozenset.union(*sets)
    x = gridsolve.explain(random_15x15, limit=2, timeout=seconds)
    assert x.fixed <= inter and x.differs <= union - inter
    assert x.unused <= frozenset(elements(random_15x15)) - union
    assert not x.complete or (x.fixed, x.differs) == (inter, union - inter)


@pytest.mark.parametrize("kind", KINDS)
def test_marked_drawings_show_the_differing_elements(kind):
    """Text marks the elements (or squares) where solutions differ with ?, SVG in orange."""
    from gridsolve.puzzles import kinds

    p, _ = several(kind)
    x = gridsolve.explain(p)
    render = kinds.render(kind)
    text, picture = render.marked(p, x.fixed, x.unknown), render.marked_svg(p, x.fixed, x.unknown)
    mark = "_" if kind == "nurikabe" else "?"
    assert x.differs and mark in text and "#f08000" in picture and picture.rstrip().endswith("</svg>")
    if kind == "slitherlink":
        assert sum(line.count("?") for line in text.splitlines()[::2]) + sum(
            line.count("?") for line in text.splitlines()[1::2]) == len(x.differs)
    if kind == "nurikabe":  # the canonical partial state: read back, it is what every solution shares
        assert text.split().count("_") == len(x.differs)
        back = gridsolve.explain(p, given=f"nurikabe {p.rows}x{p.cols}\n{text}\n")
        assert (back.fixed, back.differs, back.count) == (x.fixed, x.differs, x.count)
    if kind == "edgematching":
        squares = {sq for sq, _, _ in x.differs}
        assert text.split().count("?") == len(squares) == picture.count('class="differs"')
