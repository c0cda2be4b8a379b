"""What registering Masyu takes, tried without editing a shared module: for the length of each
test the kind is added in memory exactly as the registry lines would add it --

* ``puzzles/kinds.py``: ``"masyu"`` in ``KINDS``;
* ``puzzles/formats/jsonl.py``: ``"masyu": "masyu"`` in ``PUZZLEKIT_NAMES`` (the corpus's name);
* ``harness/registry.py``: the two rows of ``MASYU_BACKENDS`` below in ``BACKENDS`` and
  ``"masyu": "sat"`` in ``DEFAULTS`` (here the rows come in through ``GRIDSOLVE_EXTRA_BACKENDS``)

-- and the public API and the command line then read, solve, count, check, render and
cross-validate Masyu with no other change. (Batch workers are other processes, which an
in-memory registration does not reach; ``explain`` still needs its per-kind forms.)"""

from __future__ import annotations

import json

import pytest
from gridsolve.harness import registry
from gridsolve.harness.registry import CP, SAT, Backend
from gridsolve.puzzles import kinds
from gridsolve.puzzles.formats import jsonl

from ..helpers import shared

MASYU_BACKENDS = (
    Backend("masyu", "sat", SAT + "masyu:solve",
            "CNF (CaDiCaL 1.9.5): cell degree 0 or 2, the pearl rules as clauses, lazy subtour cuts "
            "on one incremental solver", takes=("solver",), family="sat"),
    Backend("masyu", "cpsat", CP + "masyu:solve",
            "CP-SAT add_circuit over the cells (a self-loop per skipped cell), the pearl rules as "
            "implications, one orientation per loop", takes=("workers", "enumerate_all"), family="cpsat"),
)
URL = "https://puzz.link/p?masyu/6/6/00016f769000"


@pytest.fixture
def registered(monkeypatch):
    monkeypatch.setattr(kinds, "KINDS", (*kinds.KINDS, "masyu"))
    monkeypatch.setitem(jsonl.PUZZLEKIT_NAMES, "masyu", "masyu")
    monkeypatch.setitem(registry.DEFAULTS, "masyu", "sat")
    monkeypatch.setenv(registry.EXTRA_ENV, f"{__name__}:MASYU_BACKENDS")


def test_the_api_reads_counts_checks_and_renders_masyu(registered):
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


def test_the_command_line_solves_counts_and_cross_validates_masyu(registered, capsys):
    from gridsolve.cli.main import run

    assert run(["solve", URL]) == 0
    assert "b - + - w - b" in capsys.readouterr().out
    assert run(["count", URL, "--backend", "cpsat"]) == 0
    assert "exactly 1 solution" in capsys.readouterr().out
    assert run(["crossval", URL]) == 0
    assert "0 disagreement" in capsys.readouterr().out


def test_the_puzzlekit_corpus_reads_as_masyu(registered):
    from gridsolve.puzzles.formats import read

    path = shared("masyu", "janko-puzzlekit.json").parent
    entries = read(str(path / "janko-puzzlekit.json"))
    assert len(entries) == 830 and all(e.ok and e.kind == "masyu" for e in entries)
    assert sum(e.solution is not None for e in entries) == 828
    doc = json.loads((path / "janko-puzzlekit.json").read_text())
    assert {e.id for e in entries} == set(doc["data"])
