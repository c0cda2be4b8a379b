"""The public Python API (gridsolve/__init__.py): the examples of docs/api.md run as written, the
calls work from outside the repository, importing stays light, and ``check`` reads every form
``solve`` writes."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest
from gridsolve.puzzles import formats

import gridsolve

from ..helpers import ROOT

DOC = ROOT / "docs" / "api.md"
README_API = (ROOT / "README.md").read_text().split("## Python API", 1)[1].split("\n## ", 1)[0]
EXAMPLES = re.findall(r"```python\n(.*?)```", DOC.read_text() + README_API, re.S)
SLITHER = "https://puzz.link/p?slither/5/5/cbcbcddad"
NURIKABE = "https://puzz.link/p?nurikabe/5/5/g5k2o1k3g"
PIECES = ROOT / "puzzles" / "samples" / "edgematching" / "seed-5x5-c4-norot.txt"


def test_the_page_has_examples():
    assert len(EXAMPLES) >= 7


@pytest.mark.parametrize("code", EXAMPLES, ids=[f"example{i + 1}" for i in range(len(EXAMPLES))])
def test_docs_example_runs(code, monkeypatch):
    monkeypatch.chdir(ROOT)
    exec(compile(code, str(DOC), "exec"), {"__name__": "api_example"})


def run_python(code: str, cwd) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=cwd, timeout=300)


def test_import_loads_no_solver_library(tmp_path):
    p = run_python("import sys, gridsolve; gridsolve.Status; gridsolve.SolveResult; "
                   "print(sorted(m for m in ('numpy', 'ortools', 'pysat', 'numba') if m in sys.modules))",
                   tmp_path)
    assert p.returncode == 0 and p.stdout.strip() == "[]", p.stderr


def test_read_count_check_from_outside_the_repository(tmp_path):
    code = f"""
import gridsolve
for source in ({SLITHER!r}, {NURIKABE!r}, {str(PIECES)!r}):
    p = gridsolve.read(source)
    r = gridsolve.count(p)
    assert r.exhausted and len(r.solutions) == 1 and not gridsolve.check(p, r.solutions[0]), source
p = gridsolve.read("hamiltonian", size=7)
r = gridsolve.count(p)
assert r.exhausted and r.count == r.total == 111712 and r.backend == "dp"
print("ok")
"""
    p = run_python(code, tmp_path)
    assert p.returncode == 0 and p.stdout.strip() == "ok", p.stderr


def test_results_are_typed():
    p = gridsolve.read(SLITHER)
    r = gridsolve.solve(p, "cpsat", limit=2)
    assert isinstance(r, gridsolve.SolveResult) and r.status is gridsolve.Status.SOLVED
    assert r.error is None and r.best is None and r.exhausted and r.unique
    assert all(isinstance(v, (int, float, str, bool, list, dict, type(None))) for v in r.stats.values())
    assert not {"error", "note", "partial"} & set(r.stats)


def test_a_multi_puzzle_source_gives_a_list():
    text = "\n\n".join(formats.format_puzzle(gridsolve.read(u)) for u in (SLITHER, SLITHER))
    assert [q.kind for q in gridsolve.read(text)] == ["slitherlink", "slitherlink"]


@pytest.mark.parametrize("call", [
    lambda: gridsolve.read("no-such-file.txt"),
    lambda: gridsolve.read("slitherlink", size=5),
    lambda: gridsolve.read(SLITHER, kind="nurikabe"),
    lambda: gridsolve.read(SLITHER, rotation=False),
    lambda: gridsolve.solve(gridsolve.read(SLITHER), "nosuch"),
    lambda: gridsolve.solve(gridsolve.read(SLITHER), limit=0),
    lambda: gridsolve.render(gridsolve.read(PIECES), format="pzprv3"),
    lambda: gridsolve.check(gridsolve.read(SLITHER), "not a drawing"),
], ids=["missing-file", "no-sized-puzzle", "wrong-kind", "no-setting", "backend", "limit", "format",
        "solution"])
def test_bad_input_raises_a_value_error_naming_the_problem(call):
    with pytest.raises(ValueError) as info:
        call()
    assert str(info.value) and "Traceback" not in str(info.value)


def puzzle_of(kind: str):
    return {"slitherlink": lambda: gridsolve.read(SLITHER), "nurikabe": lambda: gridsolve.read(NURIKABE),
            "hamiltonian": lambda: gridsolve.read("hamiltonian", size=5),
            "edgematching": lambda: gridsolve.read(PIECES)}[kind]()


UNREADABLE = {"svg", "url", "loopy"}  # pictures and puzzle IDs hold no solution


@pytest.mark.parametrize("kind", ["slitherlink", "nurikabe", "hamiltonian", "edgematching"])
def test_check_reads_every_form_solve_writes(kind, tmp_path):
    """solve -> file -> check, in every output format the kind has (the CLI in-process)."""
    from gridsolve.cli.main import app
    from typer.testing import CliRunner

    runner = CliRunner()
    p = puzzle_of(kind)
    puzzle_file = tmp_path / "puzzle.txt"
    puzzle_file.write_text(formats.format_puzzle(p))
    names = ["json", *(f for f in formats.writers(kind) if f != "json")]
    checked = []
    for fmt in names:
        out = runner.invoke(app, ["solve", str(puzzle_file), "--format", fmt])
        assert out.exit_code == 0, (fmt, out.output)
        solution_file = tmp_path / f"solution.{fmt}"
        solution_file.write_text(out.stdout)
        if fmt in UNREADABLE:
            with pytest.raises(formats.FormatError, match="write the solution as text, json or canonical"):
                formats.read_solution(p, out.stdout)
            continue
        res = runner.invoke(app, ["check", str(puzzle_file), str(solution_file)])
        assert res.exit_code == 0 and res.stdout.strip().endswith(": valid"), (fmt, out.stdout, res.output)
        checked.append(fmt)
    assert {"text", "json", "canonical"} <= set(checked)


def test_text_with_a_status_line_and_a_broken_solution():
    p = gridsolve.read(NURIKABE)
    sol = gridsolve.solve(p).solutions[0]
    drawing = gridsolve.render(p, sol)
    assert gridsolve.check(p, f"puzzle: sat solved, 1 solution, 0.010 s\n{drawing}") == []
    broken = drawing.replace("X", ".", 1)
    assert gridsolve.check(p, broken)
