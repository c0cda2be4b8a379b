"""The command line, run as a user runs it (a subprocess): output, exit codes, bad input."""

from __future__ import annotations

import json

import pytest
from gridsolve.puzzles.formats import read

from ..helpers import FIXTURES, ROOT, assert_one_line_error, gridsolve

URL = "https://puzz.link/p?slither/5/5/cbcbcddad"
LOOPY = "10x10t0de:b3e3a31020a3d2c1a23b22a2c2301a2a1b2b211e3a11a2b1c20c1b21a2b3a2a3b1b323a3"
PZPRJS = str(FIXTURES / "slitherlink" / "pzprjs-5x5.txt")
SAMPLES = str(ROOT / "puzzles" / "samples" / "slitherlink")


def test_solve_url_prints_the_solved_grid():
    p = gridsolve("solve", URL)
    assert p.returncode == 0, p.stderr
    [e] = read(PZPRJS)
    assert p.stdout.splitlines() == [ln.rstrip() for ln in PZPRJS_DRAWING()]  # the grid only
    assert p.stderr.startswith("slither/5/5/cbcbcddad: rules+sat solved, 1 solution")  # the status line
    assert e.solution is not None


def PZPRJS_DRAWING() -> list[str]:
    return [ln for ln in open(PZPRJS).read().splitlines() if ln.startswith(("+", "|", " "))]


def test_count_reports_exactly_one():
    p = gridsolve("count", URL)
    assert p.returncode == 0
    assert "exactly 1 solution" in p.stdout


def test_loopy_id_solves_the_same_way():
    p = gridsolve("solve", LOOPY, "--limit", "2")
    assert p.returncode == 0
    assert "unique" in p.stderr.splitlines()[0]
    assert len(p.stdout.splitlines()) == 21


@pytest.mark.parametrize("backend", ["sat", "cpsat", "cpsat-lazy", "sat-glucose"])
def test_json_output_follows_the_schema(backend):
    p = gridsolve("solve", URL, "--backend", backend, "--limit", "2", "--format", "json")
    assert p.returncode == 0, p.stderr
    obj = json.loads(p.stdout)
    assert set(obj) >= {
        "kind",
        "id",
        "backend",
        "status",
        "exhausted",
        "count",
        "unique",
        "seconds",
        "solutions",
        "stats",
    }
    assert (obj["kind"], obj["backend"], obj["status"], obj["count"], obj["unique"]) == (
        "slitherlink",
        backend,
        "solved",
        1,
        True,
    )
    [e] = read(PZPRJS)
    assert sorted(map(tuple, map(lambda ed: tuple(map(tuple, ed)), obj["solutions"][0]["edges"]))) == sorted(
        e.solution.edges
    )


def test_stdin_and_multi_puzzle_files():
    text = open(PZPRJS).read() + "\n" + "slitherlink 1x1 lonely-3\n3\n"
    p = gridsolve("solve", "-", stdin=text)
    assert p.returncode == 1  # the second puzzle has no solution
    assert "pzprjs-5x5: rules+sat solved" in p.stderr and "lonely-3: rules+sat unsat" in p.stderr


def test_directory_input_and_crossval_table():
    p = gridsolve("crossval", SAMPLES)
    assert p.returncode == 0, p.stderr
    for col in ("instance", "backend", "status", "unique", "seconds"):
        assert col in p.stdout
    assert "3 instance(s), 0 disagreement(s)" in p.stdout


def test_not_unique_exits_1():
    p = gridsolve("solve", "slitherlink 2x2 x\n. .\n. .\n", "--limit", "2", stdin=None)
    assert p.returncode == 2  # a multi-line string is not a file name
    p = gridsolve("count", "-", "--limit", "20", stdin="slitherlink 2x2 empty\n. .\n. .\n")
    assert p.returncode == 1 and "exactly 13 solutions" in p.stdout


def test_check_valid_and_invalid(tmp_path):
    p = gridsolve("check", URL, PZPRJS)
    assert p.returncode == 0 and "valid" in p.stdout
    bad = FIXTURES / "slitherlink" / "violations" / "multiple-loops.pzprv3"
    p = gridsolve("check", str(bad), str(bad))
    assert p.returncode == 1 and "multiple-loops" in p.stdout
    sol = tmp_path / "s.json"
    sol.write_text(json.dumps({"edges": [[[0, 0], [0, 1]]]}))
    p = gridsolve("check", URL, str(sol))
    assert p.returncode == 1 and "clue-count" in p.stdout


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["solve", "https://puzz.link/p?slither/5/5/cbcb!cddad"], "bad character"),
        (["solve", "https://puzz.link/p?slither/0/0/"], "impossible size"),
        (["solve", "/nonexistent/puzzle.txt"], "no such file"),
        (["solve", URL, "--backend", "quantum"], "unknown backend 'quantum'"),
        (["solve", URL, "--kind", "sudoku"], "unknown kind 'sudoku'"),
        (["solve", URL, "--timeout", "-1"], "--timeout must be positive"),
        (["check", URL, "/nonexistent/solution.txt"], "No such file"),
        (["solve", "10x10t0de#1234"], "no puzzle description"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(args, fragment):
    assert_one_line_error(gridsolve(*args), 2, fragment)


def test_bad_block_does_not_lose_the_others(tmp_path):
    f = tmp_path / "two.txt"
    f.write_text("slitherlink 1x1 bad\n7\n\n" + open(PZPRJS).read())
    p = gridsolve("solve", str(f))
    assert p.returncode == 2
    assert "pzprjs-5x5: rules+sat solved" in p.stderr and p.stdout.startswith("+---")
    assert "'7'" in p.stderr and "Traceback" not in p.stderr


def test_render_formats():
    p = gridsolve("render", LOOPY, "--format", "url")
    assert (
        p.stdout.strip()
        == "https://puzz.link/p?slither/10/10/hdi831025dhcg62d27cg23067bc21bi816cbg2agb26c87db328d"
    )
    p = gridsolve("render", URL, "--format", "loopy")
    assert p.stdout.strip() == "5x5t0:2b1b2b1b2b3b3b0b3"
    p = gridsolve("render", PZPRJS, "--format", "svg")
    [e] = read(PZPRJS)
    assert p.stdout.startswith("<svg") and p.stdout.count("<line") == len(e.solution.edges)
    p = gridsolve("render", PZPRJS, "--format", "pzprv3")
    assert p.stdout.startswith("pzprv3\nslither\n5\n5\n")


def test_solve_svg_and_pzprv3(tmp_path):
    out = tmp_path / "s.svg"
    p = gridsolve("solve", URL, "--format", "svg", "--out", str(out))
    assert p.returncode == 0 and out.read_text().startswith("<svg")
    p = gridsolve("solve", URL, "--format", "pzprv3")
    assert p.returncode == 0 and p.stdout.startswith("pzprv3")


def test_backends_lists_the_registry():
    p = gridsolve("backends", "--format", "json")
    rows = [json.loads(line) for line in p.stdout.splitlines()]
    assert {(r["kind"], r["backend"]) for r in rows} >= {
        ("slitherlink", "sat"),
        ("slitherlink", "cpsat"),
        ("slitherlink", "cpsat-lazy"),
    }
    assert all(r["available"] for r in rows)
