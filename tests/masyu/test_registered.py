"""Masyu is registered like every kind: ``"masyu"`` in ``puzzles.kinds.KINDS`` (alias ``mashu``),
the corpus name in ``puzzles.formats.jsonl.PUZZLEKIT_NAMES``, its two rows in
``harness.registry.BACKENDS`` with ``"sat"`` its default, its size limits and its samples -- and the
public API and the command line then read, solve, count, check, render and cross-validate it."""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path

from gridsolve.harness import registry
from gridsolve.harness.limits import limits
from gridsolve.puzzles import kinds

from ..helpers import shared

URL = "https://puzz.link/p?masyu/6/6/00016f769000"


def test_masyu_is_a_registered_kind_with_a_sat_and_a_cpsat_backend():
    assert "masyu" in kinds.KINDS and kinds.normalize("Mashu") == "masyu"
    assert {b.name for b in registry.for_kind("masyu")} == {"sat", "cpsat"}
    assert registry.get("masyu").name == "sat"
    assert not registry.extra_backends()  # the rows are the table's own, not the environment's
    assert limits("masyu").page >= 20 * 36  # the largest janko Masyu opens on the page


def test_the_shipped_masyu_samples_are_unique_for_both_backends(capsys):
    from gridsolve.cli.main import run

    folder = Path(resources.files("gridsolve.puzzles") / "samples" / "masyu")  # type: ignore[arg-type]
    assert len(list(folder.glob("*.txt"))) >= 3
    assert run(["crossval", str(folder)]) == 0
    out = capsys.readouterr().out
    assert "0 disagreement" in out and out.count(": unique") >= 3


def test_the_api_reads_counts_checks_and_renders_masyu():
    from gridsolve.puzzles.formats import read_solution

    import gridsolve

    p = gridsolve.read(URL)
    assert p.kind == "masyu"
    for name in ("sat", "cpsat"):
        r = gridsolve.count(p, backend=name)
        assert r.exhausted and r.count == 1 and gridsolve.check(p, r.solutions[0]) == []
    solution = r.solutions[0]
    assert gridsolve.render(p, format="url") == URL
    for form in ("text", "canonical", "json", "pzprv3"):
        assert read_solution(p, gridsolve.render(p, solution, form)) == solution
    assert gridsolve.render(p, solution, "svg").startswith("<svg")


def test_the_command_line_solves_counts_and_cross_validates_masyu(capsys):
    from gridsolve.cli.main import run

    assert run(["solve", URL]) == 0
    assert "b - + - w - b" in capsys.readouterr().out
    assert run(["count", URL, "--backend", "cpsat"]) == 0
    assert "exactly 1 solution" in capsys.readouterr().out
    assert run(["crossval", URL]) == 0
    assert "0 disagreement" in capsys.readouterr().out


def test_the_puzzlekit_corpus_reads_as_masyu():
    from gridsolve.puzzles.formats import read

    path = shared("masyu", "janko-puzzlekit.json").parent
    entries = read(str(path / "janko-puzzlekit.json"))
    assert len(entries) == 830 and all(e.ok and e.kind == "masyu" for e in entries)
    assert sum(e.solution is not None for e in entries) == 828
    doc = json.loads((path / "janko-puzzlekit.json").read_text())
    assert {e.id for e in entries} == set(doc["data"])


def test_explain_finds_the_backbone_of_masyu_through_its_cnf_model(capsys):
    from gridsolve.cli.main import run

    import gridsolve

    empty = gridsolve.read("masyu 3x3\n. . .\n. . .\n. . .\n")
    x = gridsolve.explain(empty)
    # the loops of an empty 3x3: the four 2x2 squares, the two 2x3 and two 3x2 rectangles, the
    # outer ring, the four rings missing a corner cell: 13; no link is on every one or on none
    assert x.exhausted and x.count == 13 and not x.fixed and not x.unused and len(x.differs) == 12
    assert x.to_json()["differs"]["edges"][0] == [[0, 0], [0, 1]]
    unique = gridsolve.explain(gridsolve.read(URL))
    assert unique.unique and len(unique.fixed) == len(unique.solutions[0].links)
    assert run(["explain", URL]) == 0
    assert "exactly 1 solution (unique)" in capsys.readouterr().out
    assert run(["hint", URL]) == 2 and "hint is for" in capsys.readouterr().err
